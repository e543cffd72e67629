// The journal's files and what a record changes in them (the layout: paths.ts). Everything works on
// a reader of the files as they are — the action's is the branch head through the API, the CLI's
// the checkout — and returns the files to write, so the action and `perf-triage journal record`
// take one code path.
//
// A record reads journal.jsonl, the index and the last full segment, and writes journal.jsonl (at
// most SEGMENT_ENTRIES lines), JOURNAL.md and the moved baselines: a bounded amount however long the
// journal is. When journal.jsonl is full, its lines move, unchanged, into full segments (written
// once, with their pages). Today's single-file layout (every entry in journal.jsonl, no index)
// reads as a journal without full segments; the first record after it moves the old lines into
// full segments once.

import { InputError } from '../ingest/errors';
import { parseJournal, appendEntries, type ParsedJournal, type UnreadLine } from './jsonl';
import { renderJournal, renderSegmentPage, type SegmentLink } from './markdown';
import { nameHash, slug, type JournalPaths } from './paths';
import type { JournalEntry } from './schema';

/** Lines of a full segment (and the most journal.jsonl holds before they move). */
export const SEGMENT_ENTRIES = 250;
export const INDEX_SCHEMA = 'perf-triage/journal-index@1';

export type FileReader = (path: string) => Promise<string | undefined>;
export interface FileChange {
  path: string;
  content: string;
}

export interface SegmentInfo {
  /** File name in the journal/ folder: "0001.jsonl". */
  file: string;
  page: string;
  lines: number;
  /** First and last entry dates (YYYY-MM-DD), when the segment has readable entries. */
  from?: string;
  to?: string;
}

export interface JournalIndex {
  schema: typeof INDEX_SCHEMA;
  segments: SegmentInfo[];
}

export interface JournalView {
  index: JournalIndex;
  /** The entries read, oldest segment first, in file order. */
  entries: JournalEntry[];
  /** Lines kept but not read, with the file they are in. */
  issues: UnreadLine[];
  /** Entry ids in the files read (from unread lines too). */
  ids: Set<string>;
  /** The newest segment's text and what it holds. */
  current: { text: string; parsed: ParsedJournal };
  /** Whether any journal file exists. */
  exists: boolean;
}

export function parseIndex(text: string | undefined, file: string): JournalIndex {
  if (text === undefined) return { schema: INDEX_SCHEMA, segments: [] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InputError(
      file,
      `the journal index is not valid JSON (${(error as Error).message}); restore it from the repository's history — it lists the full segments`,
    );
  }
  const index = value as Partial<JournalIndex>;
  if (index?.schema !== INDEX_SCHEMA || !Array.isArray(index.segments)) {
    throw new InputError(
      file,
      `expected {"schema": "${INDEX_SCHEMA}", "segments": […]}${typeof index?.schema === 'string' && index.schema.startsWith('perf-triage/journal-index@') ? ' (a newer index: update perf-triage)' : ''}`,
    );
  }
  index.segments.forEach((s, i) => {
    if (typeof s?.file !== 'string' || !/^\d{4,}\.jsonl$/.test(s.file) || typeof s.lines !== 'number')
      throw new InputError(file, `segments[${i}] must be {"file": "0001.jsonl", "lines": N, …}`);
  });
  return index as JournalIndex;
}

/**
 * Reads the journal: `all` reads every full segment (the CLI's show and render); otherwise the last
 * full segment and the newest one only (a record, and the history a pull request is judged with:
 * bounded reads).
 */
export async function readJournal(
  read: FileReader,
  paths: JournalPaths,
  options: { all?: boolean; label?: string } = {},
): Promise<JournalView> {
  const label = (path: string) => (options.label ? `${options.label}:${path}` : path);
  const [indexText, currentText] = await Promise.all([read(paths.index), read(paths.jsonl)]);
  const index = parseIndex(indexText, label(paths.index));
  const numbers = index.segments.map((_, i) => i + 1);
  const wanted = options.all ? numbers : numbers.slice(-1);
  const texts = await Promise.all(wanted.map((n) => read(paths.segment(n))));
  const view: JournalView = {
    index,
    entries: [],
    issues: [],
    ids: new Set(),
    current: { text: currentText ?? '', parsed: parseJournal('', label(paths.jsonl)) },
    exists: indexText !== undefined || currentText !== undefined,
  };
  const add = (parsed: ParsedJournal) => {
    view.entries.push(...parsed.entries);
    view.issues.push(...parsed.issues);
    for (const id of parsed.ids) view.ids.add(id);
  };
  wanted.forEach((n, i) => {
    if (texts[i] === undefined) {
      throw new InputError(
        label(paths.segment(n)),
        `listed in ${paths.index} but missing: restore it from the repository's history (a journal never loses entries)`,
      );
    }
    add(parseJournal(texts[i]!, label(paths.segment(n))));
  });
  view.current.parsed = parseJournal(view.current.text, label(paths.jsonl));
  add(view.current.parsed);
  return view;
}

export interface RecordInput {
  entries: readonly JournalEntry[];
  /** The baseline digest of each benchmark whose entry is appended (JSON text, made only when needed). */
  baselines?: ReadonlyMap<string, () => string>;
}

export interface RecordChanges {
  files: FileChange[];
  added: JournalEntry[];
  /** Where each benchmark's baseline went. */
  baselinePaths: Map<string, string>;
  /** Lines that could not be read, for the log (they stay in the files). */
  issues: UnreadLine[];
}

/**
 * The files a record writes: the entries appended (those whose id is not in the journal yet),
 * full segments moved out of journal.jsonl, the index, JOURNAL.md, and each appended benchmark's
 * baseline. No files (and nothing added) when every entry is already there (a re-run).
 */
export async function recordChanges(read: FileReader, paths: JournalPaths, input: RecordInput): Promise<RecordChanges> {
  const view = await readJournal(read, paths);
  const { text, added } = appendEntries(view.current.text, paths.jsonl, input.entries, view.ids);
  if (added.length === 0) return { files: [], added, baselinePaths: new Map(), issues: view.issues };
  const files: FileChange[] = [];
  const { index, current, moved } = rollOver(view.index, text, paths);
  for (const segment of moved)
    files.push({ path: segment.path, content: segment.text }, { path: segment.pagePath, content: segment.page });
  if (moved.length) files.push({ path: paths.index, content: `${JSON.stringify(index, null, 1)}\n` });
  files.push({ path: paths.jsonl, content: current });
  // The page shows the newest segment; the charts also reach into the last full one.
  const lastFull =
    moved.at(-1)?.text ?? (index.segments.length ? await read(paths.segment(index.segments.length)) : undefined) ?? '';
  files.push({ path: paths.markdown, content: renderMarkdownFiles(paths, index, lastFull, current) });
  const baselinePaths = new Map<string, string>();
  const taken = new Set<string>();
  for (const entry of added) {
    const digest = input.baselines?.get(entry.benchmark);
    if (!digest || baselinePaths.has(entry.benchmark)) continue;
    const path = await baselinePathFor(read, paths, entry.benchmark, taken);
    taken.add(path);
    baselinePaths.set(entry.benchmark, path);
    files.push({ path, content: digest() });
  }
  return { files, added, baselinePaths, issues: view.issues };
}

/** JOURNAL.md from the files: the newest segment's entries, charts over the last full one too. */
export function renderMarkdownFiles(
  paths: JournalPaths,
  index: JournalIndex,
  lastFullText: string,
  currentText: string,
): string {
  const current = parseJournal(currentText, paths.jsonl.slice(paths.dir.length + 1));
  const last = parseJournal(lastFullText, index.segments.length ? `journal/${index.segments.at(-1)!.file}` : '');
  const links: SegmentLink[] = index.segments.map((s) => ({
    href: `journal/${s.page}`,
    lines: s.lines,
    ...(s.from ? { from: s.from } : {}),
    ...(s.to ? { to: s.to } : {}),
  }));
  return renderJournal(current.entries, {
    history: [...last.entries, ...current.entries],
    unread: current.issues,
    segments: links,
  });
}

interface MovedSegment {
  path: string;
  pagePath: string;
  text: string;
  page: string;
}

/** Full segments moved out of the newest one when it holds more than SEGMENT_ENTRIES lines. */
function rollOver(
  index: JournalIndex,
  text: string,
  paths: JournalPaths,
): { index: JournalIndex; current: string; moved: MovedSegment[] } {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (lines.length <= SEGMENT_ENTRIES) return { index, current: text, moved: [] };
  const segments = [...index.segments];
  const moved: MovedSegment[] = [];
  let rest = lines;
  // Keep the newest lines (fewer than a full segment, at least one) in journal.jsonl.
  while (rest.length > SEGMENT_ENTRIES) {
    const chunk = rest.slice(0, SEGMENT_ENTRIES);
    rest = rest.slice(SEGMENT_ENTRIES);
    const n = segments.length + 1;
    const segmentText = `${chunk.join('\n')}\n`;
    const file = paths.segment(n).split('/').pop()!;
    const parsed = parseJournal(segmentText, `journal/${file}`);
    const dates = parsed.entries
      .map((e) => e.date)
      .filter((d) => typeof d === 'string')
      .sort();
    const info: SegmentInfo = {
      file,
      page: file.replace(/\.jsonl$/, '.md'),
      lines: chunk.length,
      ...(dates.length ? { from: dates[0], to: dates.at(-1)! } : {}),
    };
    segments.push(info);
    moved.push({
      path: paths.segment(n),
      pagePath: paths.segmentPage(n),
      text: segmentText,
      page: renderSegmentPage(parsed.entries, parsed.issues, { number: n, info }),
    });
  }
  return { index: { schema: INDEX_SCHEMA, segments }, current: `${rest.join('\n')}\n`, moved };
}

/**
 * The baseline file for a benchmark: its own file name (baselineFile), unless that file holds
 * another benchmark's digest (two names whose files collide, however unlikely) or another benchmark
 * of this record takes it: then the slug with the whole hash of the name. Deterministic.
 */
async function baselinePathFor(
  read: FileReader,
  paths: JournalPaths,
  name: string,
  taken: ReadonlySet<string>,
): Promise<string> {
  const path = paths.baseline(name);
  if (!taken.has(path)) {
    const text = await read(path);
    const owner = text === undefined ? undefined : benchmarkOf(text);
    if (owner === undefined || owner === name) return path;
  }
  return longBaselinePath(paths, name);
}

function benchmarkOf(text: string): string | undefined {
  const match = /"benchmark"\s*:\s*("(?:[^"\\]|\\.)*")/.exec(text.slice(0, 4096));
  if (!match) return undefined;
  try {
    return JSON.parse(match[1]) as string;
  } catch {
    return undefined;
  }
}

/**
 * The baseline digest a benchmark has, wherever it is kept: its own file, the long-hash file a
 * collision moved it to, or the file perf-triage before 0.2 used — each only when the digest inside
 * names this benchmark (two names that once shared a file never get each other's baseline).
 */
export async function findBaseline(
  read: FileReader,
  paths: JournalPaths,
  name: string,
): Promise<{ path: string; text: string } | undefined> {
  const candidates = [...new Set([paths.baseline(name), longBaselinePath(paths, name), paths.legacyBaseline(name)])];
  for (const path of candidates) {
    const text = await read(path);
    if (text === undefined) continue;
    const owner = benchmarkOf(text);
    if (owner === undefined || owner === name) return { path, text };
  }
  return undefined;
}

function longBaselinePath(paths: JournalPaths, name: string): string {
  return `${paths.dir}/baselines/${slug(name)}-${nameHash(name)}.json`;
}
