// The idempotency trailer of a journal commit ("Perf-Triage-Run: 12345.1"): a git trailer in the
// last paragraph of the message, so `git log --format=%(trailers)` and `git interpret-trailers`
// read it too.

export const RUN_TRAILER = 'Perf-Triage-Run';

const TRAILER_LINE = /^([A-Za-z0-9][A-Za-z0-9-]*):[ \t]*(\S.*?)[ \t]*$/;

interface Trailer {
  key: string;
  value: string;
}

function parse(line: string): Trailer | undefined {
  const m = TRAILER_LINE.exec(line);
  return m ? { key: m[1], value: m[2] } : undefined;
}

/**
 * The trailer line for an idempotency key: a full trailer ("Perf-Triage-Run: 12345.1") is kept as
 * it is; a bare value ("12345.1") becomes "Perf-Triage-Run: 12345.1".
 */
export function idempotencyTrailer(key: string): string {
  const k = key.trim();
  if (k === '' || /[\r\n]/.test(k))
    throw new Error(`idempotency key must be one non-empty line, got ${JSON.stringify(key)}`);
  const t = parse(k);
  return t ? `${t.key}: ${t.value}` : `${RUN_TRAILER}: ${k}`;
}

function paragraphs(message: string): string[] {
  return message
    .replace(/\r\n/g, '\n')
    .replace(/\s+$/, '')
    .split(/\n[ \t]*\n/);
}

/** The trailers of a commit message: the last paragraph, when every line of it is one. */
function trailersOf(message: string): Trailer[] {
  const parts = paragraphs(message);
  if (parts.length < 2) return [];
  const lines = parts[parts.length - 1].split('\n');
  const parsed = lines.map(parse);
  return parsed.every((t) => t !== undefined) ? (parsed as Trailer[]) : [];
}

/** Whether the message carries this trailer (keys compare case-insensitively, as git's do). */
export function hasTrailer(message: string, trailer: string): boolean {
  const wanted = parse(trailer);
  if (!wanted) return false;
  return trailersOf(message).some((t) => t.key.toLowerCase() === wanted.key.toLowerCase() && t.value === wanted.value);
}

/** The message with the trailer added to its trailer block (or as a new last paragraph). */
export function withTrailer(message: string, trailer: string): string {
  const body = message.replace(/\r\n/g, '\n').replace(/\s+$/, '');
  if (hasTrailer(body, trailer)) return body;
  return trailersOf(body).length > 0 ? `${body}\n${trailer}` : `${body}\n\n${trailer}`;
}
