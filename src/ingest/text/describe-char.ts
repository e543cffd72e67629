// Renders one offending character for an error message, so a stray control character or a
// '\r' shows up visibly instead of vanishing into (or breaking) the message.

const NAMED: Record<number, string> = { 0x09: '\\t', 0x0a: '\\n', 0x0d: '\\r' };

const isInvisible = (code: number) =>
  code < 0x20 || code === 0x7f || (code >= 0xd800 && code <= 0xdfff) || code === 0xfeff;
const escaped = (code: number) => NAMED[code] ?? `\\u${code.toString(16).padStart(4, '0')}`;

export function describeChar(code: number): string {
  if (code === 0x27) return `"'"`;
  if (!isInvisible(code)) return `'${String.fromCharCode(code)}'`;
  return `'${escaped(code)}'`;
}

/** A rejected value quoted in an error message: its control characters written as escapes, so a
 * newline in a field cannot split the message or start a line of its own. Lone surrogates too (a
 * well-formed pair is a real character and stays). */
export function visibleText(text: string): string {
  return text.replace(
    /[\u0000-\u001f\u007f\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    (c) => escaped(c.charCodeAt(0)),
  );
}
