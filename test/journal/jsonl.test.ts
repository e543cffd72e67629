// The journal's JSONL is read losslessly: whatever lines are mixed in (hand edits, newer schemas,
// garbage), every valid entry is read in order, every other non-empty line is reported with its
// line number, and appending keeps the file byte for byte and never repeats an id it can find.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appendEntries, parseJournal } from '../../src/journal/jsonl';
import { sparseLabels } from '../../src/journal/charts';
import { JOURNAL_SCHEMA, type JournalEntry } from '../../src/journal/schema';

function entry(id: string, day = 1): JournalEntry {
  const recordedAt = `2026-10-${String(day).padStart(2, '0')}T00:00:00.000Z`;
  return {
    schema: JOURNAL_SCHEMA,
    id,
    kind: 'manual',
    benchmark: 'b',
    recordedAt,
    date: recordedAt.slice(0, 10),
    symptom: '—',
    workload: '—',
    baseline: '—',
    diagnosis: '—',
    change: '—',
    result: '—',
    quality: '—',
    effort: '—',
    verdict: 'recorded by hand',
    metrics: [],
    hints: [],
  };
}

const idArb = fc.string({ minLength: 1, maxLength: 12 });
/** A line that is not a usable entry: broken JSON, a newer schema, another object, or text. */
const junkArb = fc.oneof(
  idArb.map((id) => `{"schema":"${JOURNAL_SCHEMA}","id":${JSON.stringify(id)},"kind": oops`),
  idArb.map((id) => JSON.stringify({ schema: 'perf-triage/journal@9', id })),
  fc.json().filter((j) => {
    const v = JSON.parse(j) as { schema?: unknown };
    return !(v && typeof v === 'object' && !Array.isArray(v) && v.schema === JOURNAL_SCHEMA);
  }),
  fc.string({ maxLength: 40 }).filter((s) => !s.includes('\n') && s.trim() !== '' && !/^\s*[[{]/.test(s)),
);

describe('parseJournal and appendEntries', () => {
  it('read every entry in order, report every other line where it is, and lose nothing on append', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            idArb.map((id) => ({ id })),
            junkArb.map((junk) => ({ junk })),
          ),
          { maxLength: 30 },
        ),
        idArb,
        (items, newId) => {
          const lines = items.map((x) => ('id' in x ? JSON.stringify(entry(x.id)) : x.junk));
          const text = lines.length ? `${lines.join('\n')}\n` : '';
          const parsed = parseJournal(text, 'j');
          expect(parsed.entries.map((e) => e.id)).toEqual(items.flatMap((x) => ('id' in x ? [x.id] : [])));
          expect(parsed.issues.map((i) => i.line)).toEqual(items.flatMap((x, i) => ('junk' in x ? [i + 1] : [])));
          expect(parsed.issues.every((i) => lines[i.line - 1].trim() === i.raw)).toBe(true);
          expect(parsed.lines).toBe(items.length);
          const appended = appendEntries(text, 'j', [entry(newId)]);
          expect(appended.text.startsWith(text)).toBe(true);
          // An id the file holds (in an entry, or found in a line it cannot read) is not appended again; a new one once.
          expect(appended.added.length === 0).toBe(parsed.ids.has(newId));
          if (items.some((x) => 'id' in x && x.id === newId)) expect(appended.added).toEqual([]);
          expect(appendEntries(appended.text, 'j', [entry(newId)]).added).toEqual([]);
        },
      ),
    );
  });

  it('a newer schema is named in its issue, and blocks nothing', () => {
    const text = `${JSON.stringify(entry('a'))}\n${JSON.stringify({ schema: 'perf-triage/journal@2', id: 'n' })}\n`;
    const parsed = parseJournal(text, 'journal.jsonl');
    expect(parsed.issues).toEqual([
      expect.objectContaining({ line: 2, newerSchema: 'perf-triage/journal@2', field: 'schema' }),
    ]);
    expect(appendEntries(text, 'journal.jsonl', [entry('b'), entry('n')]).added.map((e) => e.id)).toEqual(['b']);
  });
});

describe('sparseLabels', () => {
  it('writes at most five dates, first and last among them, and keeps every label distinct', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('2026-01-01', '2026-01-02', '2026-02-10', '2026-03-03'), {
          minLength: 1,
          maxLength: 80,
        }),
        (dates) => {
          const labels = sparseLabels(dates);
          expect(new Set(labels).size).toBe(labels.length);
          const visible = labels.filter((l) => l.replace(/\u200b/g, '') !== '');
          expect(visible.length).toBe(Math.min(5, dates.length));
          expect(labels[0].startsWith(dates[0])).toBe(true);
          expect(labels.at(-1)!.startsWith(dates.at(-1)!)).toBe(true);
        },
      ),
    );
  });
});
