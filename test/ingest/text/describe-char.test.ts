// How an error message shows an offending character or a rejected value: control characters as
// escapes, so nothing in an artifact can break a message across lines.

import { describe, expect, it } from 'vitest';
import { describeChar, visibleText } from '../../../src/ingest/text/describe-char';

describe('describeChar', () => {
  it('quotes a visible character and names an invisible one', () => {
    expect(describeChar(0x41)).toBe("'A'");
    expect(describeChar(0x27)).toBe(`"'"`);
    expect(describeChar(0x0a)).toBe("'\\n'");
    expect(describeChar(0x0d)).toBe("'\\r'");
    expect(describeChar(0x00)).toBe("'\\u0000'");
    expect(describeChar(0x7f)).toBe("'\\u007f'");
    expect(describeChar(0xfeff)).toBe("'\\ufeff'");
  });
});

describe('visibleText', () => {
  it('writes control characters as escapes and keeps the rest', () => {
    expect(visibleText('12 ms')).toBe('12 ms');
    expect(visibleText('1\n::error::x\r\t\u0007\u001f\u007f\ufeff')).toBe(
      '1\\n::error::x\\r\\t\\u0007\\u001f\\u007f\\ufeff',
    );
    // Latin-1 and beyond are real characters.
    expect(visibleText('é ☃ \u00a0')).toBe('é ☃ \u00a0');
  });

  it('keeps a surrogate pair (one character) and escapes a lone half', () => {
    expect(visibleText('a😀b')).toBe('a😀b');
    expect(visibleText('a\ud83d')).toBe('a\\ud83d');
    expect(visibleText('\ude00b')).toBe('\\ude00b');
    expect(visibleText('\ude00\ud83d')).toBe('\\ude00\\ud83d');
  });
});
