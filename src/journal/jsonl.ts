// The journal's source of truth: one JSON entry per line, appended, never rewritten. Reading is
// lossless: a line it cannot use (hand-broken JSON, a missing field, an entry of a newer schema
// version) stays in the file untouched, is reported with its line number, and still counts for
// "already recorded" (its id, when one can be found in it), so a re-run never appends twice.

import type { IngestIssue } from '../model/run';
import { JOURNAL_SCHEMA, type JournalEntry } from './schema';

/** A line kept in the file but not read as an entry. */
export interface UnreadLine extends IngestIssue {
  line: number;
  /** The line as written (for the rendered journal, which shows it rather than drop it). */
  raw: string;
  /** The newer schema version the line was written with ("perf-triage/journal@2"), when that is why. */
  newerSchema?: string;
}

export interface ParsedJournal {
  entries: JournalEntry[];
  /** Lines not read as entries, in file order. */
  issues: UnreadLine[];
  /** Every entry id in the file, from entries and from the lines that could not be read. */
  ids: Set<string>;
  /** Non-empty lines. */
  lines: number;
}

const REQUIRED: readonly (keyof JournalEntry)[] = ['id', 'kind', 'benchmark', 'recordedAt', 'verdict', 'metrics'];
const NEWER = /^perf-triage\/journal@(\d+)$/;

export function parseJournal(text: string, file: string): ParsedJournal {
  const entries: JournalEntry[] = [];
  const issues: UnreadLine[] = [];
  const ids = new Set<string>();
  let lines = 0;
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    lines++;
    const unread = (message: string, field?: string, newerSchema?: string) => {
      issues.push({
        file,
        line: index + 1,
        message,
        raw: line,
        ...(field ? { field } : {}),
        ...(newerSchema ? { newerSchema } : {}),
      });
      const id = idIn(line);
      if (id !== undefined) ids.add(id);
    };
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      unread(`not valid JSON: ${(error as Error).message}`);
      return;
    }
    const entry = value as Partial<JournalEntry> & { schema?: unknown };
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      unread('expected a journal entry object');
      return;
    }
    if (entry.schema !== JOURNAL_SCHEMA) {
      const newer = typeof entry.schema === 'string' ? NEWER.exec(entry.schema) : null;
      if (newer && Number(newer[1]) > Number(NEWER.exec(JOURNAL_SCHEMA)![1])) {
        unread(
          `an entry of ${entry.schema}, newer than this perf-triage reads (${JOURNAL_SCHEMA}): kept in the file, not read; update perf-triage to read it`,
          'schema',
          entry.schema,
        );
        return;
      }
      unread(`expected "${JOURNAL_SCHEMA}"`, 'schema');
      return;
    }
    const missing = REQUIRED.find((k) => entry[k] === undefined);
    if (missing) {
      unread('missing', missing);
      return;
    }
    if (!Array.isArray(entry.metrics)) {
      unread('expected a list', 'metrics');
      return;
    }
    entries.push(entry as JournalEntry);
    ids.add(String(entry.id));
  });
  return { entries, issues, ids, lines };
}

/** The entry id a line holds, read from its text when the line is not valid JSON. */
function idIn(line: string): string | undefined {
  try {
    const value = JSON.parse(line) as { id?: unknown };
    if (value && typeof value === 'object' && typeof value.id === 'string') return value.id;
  } catch {
    // Hand-broken: find "id": "…" in the text.
  }
  const match = /"id"\s*:\s*("(?:[^"\\]|\\.)*")/.exec(line);
  if (!match) return undefined;
  try {
    return JSON.parse(match[1]) as string;
  } catch {
    return undefined;
  }
}

/**
 * The JSONL with the new entries appended, skipping ids already present — in this text, or in
 * `seen` (ids of older segments) — so a re-run appends nothing. Existing lines are kept byte for byte.
 */
export function appendEntries(
  text: string,
  file: string,
  add: readonly JournalEntry[],
  seen: ReadonlySet<string> = new Set(),
): { text: string; added: JournalEntry[] } {
  const existing = parseJournal(text, file).ids;
  const added: JournalEntry[] = [];
  for (const e of add) {
    if (existing.has(e.id) || seen.has(e.id)) continue;
    existing.add(e.id);
    added.push(e);
  }
  if (added.length === 0) return { text, added };
  const base = text === '' || text.endsWith('\n') ? text : `${text}\n`;
  return { text: base + added.map((e) => JSON.stringify(e)).join('\n') + '\n', added };
}

/** "journal.jsonl line 12: …" for a person. */
export function describeUnread(issue: UnreadLine): string {
  return `${issue.file} line ${issue.line}: ${issue.field && !issue.newerSchema ? `field "${issue.field}": ` : ''}${issue.message}`;
}
