// The journal's source of truth: one JSON entry per line, appended, never rewritten. Reading skips
// (and reports) lines it cannot use; a newer schema version is refused, not misread.

import { InputError } from '../ingest/errors';
import type { IngestIssue } from '../model/run';
import { JOURNAL_SCHEMA, type JournalEntry } from './schema';

export interface ParsedJournal {
  entries: JournalEntry[];
  issues: IngestIssue[];
}

const REQUIRED: readonly (keyof JournalEntry)[] = ['id', 'kind', 'benchmark', 'recordedAt', 'verdict', 'metrics'];

export function parseJournal(text: string, file: string): ParsedJournal {
  const entries: JournalEntry[] = [];
  const issues: IngestIssue[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      issues.push({ file, line: index + 1, message: `not valid JSON: ${(error as Error).message}` });
      return;
    }
    const entry = value as Partial<JournalEntry> & { schema?: unknown };
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      issues.push({ file, line: index + 1, message: 'expected a journal entry object' });
      return;
    }
    if (entry.schema !== JOURNAL_SCHEMA) {
      if (typeof entry.schema === 'string' && /^perf-triage\/journal@\d+$/.test(entry.schema)) {
        throw new InputError(file, `entry schema ${entry.schema} is newer than this perf-triage reads (${JOURNAL_SCHEMA}); update perf-triage`, index + 1, 'schema');
      }
      issues.push({ file, line: index + 1, field: 'schema', message: `expected "${JOURNAL_SCHEMA}"` });
      return;
    }
    const missing = REQUIRED.find((k) => entry[k] === undefined);
    if (missing) {
      issues.push({ file, line: index + 1, field: missing, message: 'missing' });
      return;
    }
    if (!Array.isArray(entry.metrics)) {
      issues.push({ file, line: index + 1, field: 'metrics', message: 'expected a list' });
      return;
    }
    entries.push(entry as JournalEntry);
  });
  return { entries, issues };
}

/** The JSONL with the new entries appended, skipping ids already present (a re-run appends nothing). */
export function appendEntries(text: string, file: string, add: readonly JournalEntry[]): { text: string; added: JournalEntry[] } {
  const existing = new Set(parseJournal(text, file).entries.map((e) => e.id));
  const added = add.filter((e) => !existing.has(e.id));
  if (added.length === 0) return { text, added };
  const base = text === '' || text.endsWith('\n') ? text : `${text}\n`;
  return { text: base + added.map((e) => JSON.stringify(e)).join('\n') + '\n', added };
}
