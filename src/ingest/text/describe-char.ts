// Renders one offending character for an error message, so a stray control character or a
// '\r' shows up visibly instead of vanishing into (or breaking) the message.

const NAMED: Record<number, string> = { 0x09: '\\t', 0x0a: '\\n', 0x0d: '\\r' };

export function describeChar(code: number): string {
  if (code === 0x27) return `"'"`;
  const invisible = code < 0x20 || code === 0x7f || (code >= 0xd800 && code <= 0xdfff) || code === 0xfeff;
  if (!invisible) return `'${String.fromCharCode(code)}'`;
  return `'${NAMED[code] ?? `\\u${code.toString(16).padStart(4, '0')}`}'`;
}
