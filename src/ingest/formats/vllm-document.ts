// The three shapes a vLLM or SGLang result file comes in, each result object handed on one at a
// time (a JSONL line is parsed, used and dropped before the next):
//   - one JSON object (--save-result; a sweep's run=N.json, pretty-printed);
//   - one object per line (vLLM --append-result, SGLang --output-file, which always appends);
//   - a list of objects (a vLLM sweep's summary.json).
// The whole text is read under the document size cap first, so a huge file is refused before any
// parsing.

import { InputError } from '../errors';
import { parseJsonLenient } from '../text/lenient-json';
import type { TextSource } from '../source';
import type { IngestOptions } from './adapter';
import { MAX_DOCUMENT_BYTES, asObject, parseDocument, readDocument } from './document';

/** Where a result object sits in its file, for messages and for InputError's line. */
export interface ResultPlace {
  /** 1-based line of a JSONL record; undefined for a whole-file object or a list element. */
  line?: number;
  /** "line 3", "element 2 of the list", or "" for the one object of a file. */
  label: string;
}

export interface ResultFileReport {
  /** Result objects handed on. */
  used: number;
  /** Lines or list elements that were not result objects, with why (kept short). */
  skipped: string[];
}

/**
 * Calls `onResult` for every result object of the file. Lines or list elements that are not
 * objects are skipped and reported; more of them than `maxBadLineRatio` allows, or none usable at
 * all, is an InputError naming the first problem.
 */
export async function forEachResultObject(
  source: TextSource,
  format: string,
  options: IngestOptions,
  onResult: (result: Record<string, unknown>, place: ResultPlace) => void,
  maxBytes = MAX_DOCUMENT_BYTES,
): Promise<ResultFileReport> {
  const raw = await readDocument(source, format, maxBytes);
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  const start = text.search(/\S/);
  if (start === -1) throw new InputError(source.name, `${format}: the file is empty`);
  const first = text[start];
  const skipped: { message: string; line?: number }[] = [];
  let total = 0;
  let used = 0;

  if (first === '[') {
    const list = parseDocument(text, source, format) as unknown[];
    list.forEach((element, index) => {
      total++;
      const object = asObject(element);
      if (!object) {
        skipped.push({
          message: `element ${index + 1} of the list: expected a result object, got ${describe(element)}`,
        });
        return;
      }
      used++;
      onResult(object, { label: `element ${index + 1} of the list` });
    });
  } else if (first !== '{') {
    throw new InputError(
      source.name,
      `${format}: expected a JSON object, one object per line, or a list of objects; the file starts with "${text.slice(start, start + 30).replace(/\s+/g, ' ')}"`,
    );
  } else if (isJsonl(text, start)) {
    let lineNo = 0;
    for (const line of text.split('\n')) {
      lineNo++;
      if (line.trim() === '') continue;
      total++;
      let value: unknown;
      try {
        value = parseJsonLenient(line);
      } catch (error) {
        skipped.push({
          line: lineNo,
          message: `line ${lineNo}: not valid JSON (${(error as Error).message.slice(0, 120)})`,
        });
        continue;
      }
      const object = asObject(value);
      if (!object) {
        skipped.push({ line: lineNo, message: `line ${lineNo}: expected a result object, got ${describe(value)}` });
        continue;
      }
      used++;
      onResult(object, { line: lineNo, label: `line ${lineNo}` });
    }
  } else {
    const object = asObject(parseDocument(text, source, format));
    total = 1;
    used = 1;
    onResult(object!, { label: '' });
  }

  const firstSkip = skipped[0];
  if (used === 0) {
    throw new InputError(
      source.name,
      `${format}: no result object in the file${firstSkip ? `; ${firstSkip.message}` : ''}`,
      firstSkip?.line,
    );
  }
  if (skipped.length / total > options.maxBadLineRatio) {
    throw new InputError(
      source.name,
      `${format}: ${skipped.length} of ${total} results are unusable, more than the ${Number((options.maxBadLineRatio * 100).toPrecision(3))}% allowed (max-bad-lines); the first: ${firstSkip!.message}`,
      firstSkip!.line,
    );
  }
  return {
    used,
    skipped: skipped
      .slice(0, 5)
      .map((s) => s.message)
      .concat(skipped.length > 5 ? [`… and ${skipped.length - 5} more`] : []),
  };
}

/**
 * One object per line: the first line alone is a complete object and more text follows. A
 * pretty-printed document's first line is just "{", so it never qualifies.
 */
function isJsonl(text: string, start: number): boolean {
  const end = text.indexOf('\n', start);
  if (end === -1 || text.slice(end + 1).trim() === '') return false;
  const firstLine = text.slice(start, end).trim();
  if (!firstLine.endsWith('}')) return false;
  try {
    return asObject(parseJsonLenient(firstLine)) !== undefined;
  } catch {
    return false;
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'string' ? 'a string' : `a ${typeof value}`;
}
