// Finds where a JSON text first goes wrong. V8's JSON.parse messages give a position for most
// errors but not for "Unexpected token 'x', ... is not valid JSON", and a bare position is useless
// in a 100 MB file anyway: callers want line:column.

const OK = -1;

/**
 * The offset of the first character at which `text` stops being valid JSON (text.length if it
 * ends too early), or -1 if it is valid. Iterative, so deep nesting cannot overflow the stack.
 */
export function jsonErrorOffset(text: string): number {
  const n = text.length;
  const stack: number[] = []; // open '{' or '[' char codes
  // What may come next: a value, a value or ']' (after '['), a key or '}' (after '{'), a key
  // (after ',' in an object), ':', ',' or the closing bracket, or nothing at all.
  let expect: 'value' | 'valueOrClose' | 'keyOrClose' | 'key' | 'colon' | 'commaOrClose' | 'end' = 'value';
  let i = 0;
  for (;;) {
    while (i < n && isWs(text.charCodeAt(i))) i++;
    if (i >= n) return expect === 'end' ? OK : n;
    const c = text.charCodeAt(i);
    if (expect === 'end') return i;
    if (expect === 'colon') {
      if (c !== 0x3a) return i;
      i++;
      expect = 'value';
      continue;
    }
    if (expect === 'commaOrClose') {
      const open = stack[stack.length - 1];
      if (c === 0x2c) {
        i++;
        expect = open === 0x7b ? 'key' : 'value';
        continue;
      }
      if (c !== (open === 0x7b ? 0x7d : 0x5d)) return i;
      stack.pop();
      i++;
      expect = stack.length > 0 ? 'commaOrClose' : 'end';
      continue;
    }
    if ((expect === 'keyOrClose' && c === 0x7d) || (expect === 'valueOrClose' && c === 0x5d)) {
      stack.pop();
      i++;
      expect = stack.length > 0 ? 'commaOrClose' : 'end';
      continue;
    }
    if (expect === 'keyOrClose' || expect === 'key') {
      if (c !== 0x22) return i;
      const next = scanString(text, i);
      if (next < 0) return ~next;
      i = next;
      expect = 'colon';
      continue;
    }
    // A value.
    if (c === 0x7b || c === 0x5b) {
      stack.push(c);
      i++;
      expect = c === 0x7b ? 'keyOrClose' : 'valueOrClose';
      continue;
    }
    let next: number;
    if (c === 0x22) next = scanString(text, i);
    else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) next = scanNumber(text, i);
    else if (c === 0x74) next = scanWord(text, i, 'true');
    else if (c === 0x66) next = scanWord(text, i, 'false');
    else if (c === 0x6e) next = scanWord(text, i, 'null');
    else return i;
    if (next < 0) return ~next;
    i = next;
    expect = stack.length > 0 ? 'commaOrClose' : 'end';
  }
}

/** 1-based line and column (in UTF-16 code units) of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let nl = text.indexOf('\n'); nl !== -1 && nl < offset; nl = text.indexOf('\n', nl + 1)) {
    line++;
    lineStart = nl + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

// The scanners return the index after what they read, or ~offset of the first bad character.

function scanString(text: string, i: number): number {
  const n = text.length;
  for (i++; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) return i + 1;
    if (c < 0x20) return ~i;
    if (c !== 0x5c) continue;
    i++;
    if (i >= n) return ~n;
    const e = text.charCodeAt(i);
    if (e === 0x75) {
      for (let k = 0; k < 4; k++) {
        i++;
        if (i >= n) return ~n;
        if (!isHex(text.charCodeAt(i))) return ~i;
      }
    } else if (!'"\\/bfnrt'.includes(text[i])) {
      return ~i;
    }
  }
  return ~n;
}

function scanNumber(text: string, i: number): number {
  if (text.charCodeAt(i) === 0x2d) i++;
  if (text.charCodeAt(i) === 0x30) i++;
  else if (isDigit(text.charCodeAt(i))) i = skipDigits(text, i);
  else return ~i;
  if (text.charCodeAt(i) === 0x2e) {
    i++;
    if (!isDigit(text.charCodeAt(i))) return ~i;
    i = skipDigits(text, i);
  }
  const e = text.charCodeAt(i);
  if (e === 0x65 || e === 0x45) {
    i++;
    const sign = text.charCodeAt(i);
    if (sign === 0x2b || sign === 0x2d) i++;
    if (!isDigit(text.charCodeAt(i))) return ~i;
    i = skipDigits(text, i);
  }
  return i;
}

function scanWord(text: string, i: number, word: string): number {
  for (let k = 0; k < word.length; k++, i++) {
    if (text.charCodeAt(i) !== word.charCodeAt(k)) return ~i;
  }
  return i;
}

function skipDigits(text: string, i: number): number {
  while (isDigit(text.charCodeAt(i))) i++;
  return i;
}

// charCodeAt past the end is NaN, which every predicate below rejects.
function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

function isWs(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}
