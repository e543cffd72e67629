// The message for a file no format recognises: the line that helps first (what the file looks like
// and what perf-triage wanted from a file of that shape), then, short, which formats were tried.
// Each format's own reason is one `perf-triage validate FILE --input-format ID` away.

import { closest } from '../display/suggest';
import { NUMERIC_FIELDS, TEXT_FIELDS } from '../model/fields';
import { sniffDelimiter } from './text/csv';

const FIELDS: readonly string[] = [...NUMERIC_FIELDS, ...TEXT_FIELDS];
const MAX_CELLS = 6;

export function unreadableMessage(head: string, formatIds: readonly string[]): string {
  const text = head.replace(/^\ufeff/, '');
  const header =
    text
      .split('\n')
      .find((line) => line.trim() !== '' && !line.startsWith('#'))
      ?.replace(/\r$/, '') ?? '';
  const cells = header.split(sniffDelimiter(header)).map((c) => c.trim().replace(/^"|"$/g, ''));
  const tried = `\n  (tried ${formatIds.length} formats: ${formatIds.join(', ')}; perf-triage validate FILE --input-format ID says why one does not fit)`;
  if (cells.length >= 2 && !/^[[{]/.test(text.trimStart())) {
    const shown =
      cells
        .slice(0, MAX_CELLS)
        .map((c) => `"${preview(c, 30)}"`)
        .join(', ') + (cells.length > MAX_CELLS ? `, … (${cells.length} columns)` : '');
    const guesses = cells.flatMap((c) => {
      const guess = closest(c, FIELDS);
      return guess && guess !== c ? [`${guess} for "${preview(c, 30)}"`] : [];
    });
    return (
      `a CSV whose header names none of the fields perf-triage reads (${shown}): a per-request CSV needs §4 columns ` +
      `such as first_token_ms and total_ms (docs/native-format.md)${guesses.length ? `; did you mean ${guesses.slice(0, 3).join(', ')}?` : ''}${tried}`
    );
  }
  return `not a format perf-triage reads: neither JSON nor a CSV with a header row; the file starts with "${preview(text.trimStart(), 40)}"${tried}`;
}

function preview(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').replace(/["\\]/g, '');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
