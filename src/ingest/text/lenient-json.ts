// JSON.parse that also accepts the bare NaN, Infinity and -Infinity that Python's json module
// and several benchmark tools write, and whose errors say line:column instead of a raw offset.
//
// The strict parse runs first, so valid JSON pays nothing extra. Only on failure is the text
// rewritten, outside strings, and parsed again with a reviver:
//   - every bare token becomes a one-letter string marker: NaN -> "n", Infinity -> "i",
//     -Infinity -> "j";
//   - every string *value* the user wrote gets an "s" put after its opening quote.
// After the rewrite a string value is therefore either a marker (one letter, never "s") or "s"
// followed by the user's string, so the two cannot collide whatever the user's strings contain:
// the reviver turns markers into numbers and strips the "s" from everything else. Keys are left
// alone (a reviver cannot rename them), which is safe because markers only replace values; a
// token followed by ':' is not replaced, so the rewrite cannot turn `{NaN: 1}` into valid JSON.

import { jsonErrorOffset, lineColumn } from './json-error-position';

const MARKERS: Record<string, number> = { n: NaN, i: Infinity, j: -Infinity };

interface Edit {
  at: number;
  /** Characters of the original text replaced (0 for an insertion). */
  remove: number;
  insert: string;
  /** Same-length stand-in for the token, used only to locate a remaining error. */
  pad: string;
}

export function parseJsonLenient(text: string): unknown {
  let strictError: unknown;
  try {
    return JSON.parse(text);
  } catch (err) {
    strictError = err;
  }
  const edits = findEdits(text);
  if (!edits.some((e) => e.remove > 0)) throw located(strictError, text);
  try {
    return JSON.parse(applyEdits(text, edits, false), revive);
  } catch {
    // The non-finite tokens were not the only problem. The strict error would blame the first
    // token; instead parse a copy where each token is swapped for a number of the same length,
    // so the error names the real problem at an offset that is also right for `text`.
  }
  const padded = applyEdits(text, edits, true);
  try {
    JSON.parse(padded);
  } catch (err) {
    throw located(err, padded, true);
  }
  throw located(strictError, text);
}

function revive(_key: string, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return Object.hasOwn(MARKERS, value) ? MARKERS[value] : value.slice(1);
}

/** The rewrites described at the top: token replacements and string-value prefixes, in order. */
function findEdits(text: string): Edit[] {
  const edits: Edit[] = [];
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const close = stringEnd(text, i);
      if (!isKey(text, close)) edits.push({ at: i + 1, remove: 0, insert: 's', pad: '' });
      i = close - 1;
      continue;
    }
    const token = c === 0x4e ? 'NaN' : c === 0x49 ? 'Infinity' : c === 0x2d ? '-Infinity' : '';
    if (token === '' || !text.startsWith(token, i)) continue;
    const after = i + token.length;
    // A bare token in a value position: not part of a longer word, and not a (malformed) key.
    if (isWordChar(text.charCodeAt(i - 1)) || isWordChar(text.charCodeAt(after)) || isKey(text, after)) continue;
    const marker = token === 'NaN' ? 'n' : token === 'Infinity' ? 'i' : 'j';
    const pad = (token === '-Infinity' ? '-0' : '0').padEnd(token.length, ' ');
    edits.push({ at: i, remove: token.length, insert: `"${marker}"`, pad });
    i = after - 1;
  }
  return edits;
}

function applyEdits(text: string, edits: readonly Edit[], padOnly: boolean): string {
  const parts: string[] = [];
  let from = 0;
  for (const e of edits) {
    if (padOnly && e.remove === 0) continue;
    parts.push(text.slice(from, e.at), padOnly ? e.pad : e.insert);
    from = e.at + e.remove;
  }
  parts.push(text.slice(from));
  return parts.join('');
}

/** Index just past the string opening at i (text.length if it never closes). */
function stringEnd(text: string, i: number): number {
  const n = text.length;
  for (i++; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (c === 0x22) return i + 1;
  }
  return n;
}

/** Whether the next non-whitespace character from i is ':', i.e. what precedes i is a key. */
function isKey(text: string, i: number): boolean {
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return c === 0x3a;
    i++;
  }
  return false;
}

function isWordChar(c: number): boolean {
  // NaN (out of range) is false for every comparison, so text edges count as boundaries.
  return (
    (c >= 0x30 && c <= 0x39) ||
    (c >= 0x41 && c <= 0x5a) ||
    (c >= 0x61 && c <= 0x7a) ||
    c === 0x5f ||
    c === 0x24 ||
    c === 0x2e ||
    c === 0x2b ||
    c === 0x2d
  );
}

/**
 * The parse error with its line:column in `text` appended. `fromPadded` drops V8's quoted excerpt
 * of the input, which would show the stand-ins rather than what the user wrote.
 */
function located(err: unknown, text: string, fromPadded = false): SyntaxError {
  let message = err instanceof Error ? err.message : String(err);
  if (fromPadded)
    message = message
      .replace(/^(Unexpected token '.*?'), .*$/s, '$1 in JSON')
      .replace(/^".*" is not valid JSON$/s, 'Invalid JSON');
  const reported = /at position (\d+)/.exec(message);
  const offset = reported ? Number(reported[1]) : jsonErrorOffset(text);
  if (offset < 0) return new SyntaxError(message, { cause: err });
  const { line, column } = lineColumn(text, offset);
  return new SyntaxError(`${message} (line ${line}, column ${column})`, { cause: err });
}
