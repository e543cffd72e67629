// The hidden markers perf-triage leaves in its own comments: the report marker (one report comment
// per benchmark group) and the markers of its answers to /perf commands. A marker alone proves
// nothing: anyone can paste one, and artifact text inside a report can carry one. So a marker counts
// only in a comment the bot wrote (callers check the author), only as an exact full line at the end
// of the comment (where the bot appends it, after every untrusted text), and only with fields in the
// form the bot writes them.

/** Group names become [a-z0-9._-] so the marker stays one HTML comment whatever the input says. */
export function groupId(group: string): string {
  const id = group
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
  return id || 'default';
}

const clean = (text: string) => text.replace(/[^A-Za-z0-9._-]/g, '');
const cleanPath = (text: string) => text.replace(/[^A-Za-z0-9._/-]/g, '');

/**
 * The report marker line: the run that wrote it (to tell whether a lost POST went through, and which
 * run to re-run on an accept), the head commit the report was made for (an acceptance binds to it),
 * and the workflow file of that run when the runner names it.
 */
export function marker(group: string, stamp: string, sha?: string, workflow?: string): string {
  return `<!-- perf-triage:comment group=${groupId(group)} stamp=${clean(stamp)}${sha ? ` sha=${clean(sha)}` : ''}${workflow ? ` workflow=${cleanPath(workflow)}` : ''} -->`;
}

export interface ReportMarker {
  group: string;
  run: { id: number; attempt: number };
  sha?: string;
  workflow?: string;
}

const REPORT_LINE =
  /^<!-- perf-triage:comment group=([a-z0-9._-]{1,64}) stamp=(\d{1,16})\.(\d{1,6})(?: sha=([0-9a-f]{40}|[0-9a-f]{64}))?(?: workflow=([A-Za-z0-9._/-]{1,300}))? -->$/;

/**
 * The lines of perf-triage markers at the end of a body, last first: the run of lines, from the end,
 * that each are one whole `<!-- perf-triage:… -->` comment. Text above them is never read.
 */
export function trailingMarkers(body: string | null | undefined): string[] {
  if (typeof body !== 'string') return [];
  const lines = body
    .replace(/(\r?\n)+$/, '')
    .split('\n')
    .map((l) => l.replace(/\r$/, ''));
  const out: string[] = [];
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i];
    if (!/^<!-- perf-triage:[a-z]+ [^<>]*-->$/.test(line)) break;
    out.push(line);
  }
  return out;
}

/** The report marker of a comment: its last line, when that is a report marker exactly. */
export function parseMarker(body: string | null | undefined): ReportMarker | undefined {
  const last = trailingMarkers(body)[0];
  const match = last === undefined ? null : REPORT_LINE.exec(last);
  if (!match) return undefined;
  const id = Number(match[2]);
  const attempt = Number(match[3]);
  if (!Number.isSafeInteger(id) || !Number.isSafeInteger(attempt)) return undefined;
  return {
    group: match[1],
    run: { id, attempt },
    ...(match[4] ? { sha: match[4] } : {}),
    ...(match[5] ? { workflow: match[5] } : {}),
  };
}

function markerOf(body: string | null | undefined, group: string): ReportMarker | undefined {
  const found = parseMarker(body);
  return found && found.group === groupId(group) ? found : undefined;
}

/** The head commit a report comment was made for, from its marker. */
export function reportedSha(body: string | null | undefined, group: string): string | undefined {
  return markerOf(body, group)?.sha;
}

/** The workflow run (id and attempt) that wrote a report comment, from its marker's stamp. */
export function reportedRun(
  body: string | null | undefined,
  group: string,
): { id: number; attempt: number } | undefined {
  return markerOf(body, group)?.run;
}

/** The group of the report marker a comment ends with (none or one). */
export function reportGroups(body: string | null | undefined): string[] {
  const found = parseMarker(body);
  return found ? [found.group] : [];
}

export function hasMarker(body: string | null | undefined, group: string): boolean {
  return markerOf(body, group) !== undefined;
}

/** The comment was written by the run with this stamp ("<run id>.<attempt>"), exactly. */
export function hasStamp(body: string | null | undefined, group: string, stamp: string): boolean {
  const run = markerOf(body, group)?.run;
  return run !== undefined && `${run.id}.${run.attempt}` === clean(stamp);
}

/** Ends every answer to a /perf command: the comment it answered, so a replayed event is answered once. */
export function answerMarker(commentId: number): string {
  return `<!-- perf-triage:answer comment=${Math.trunc(commentId)} -->`;
}

/** The id of the comment this body answers, from its trailing markers. */
export function answeredComment(body: string | null | undefined): number | undefined {
  for (const line of trailingMarkers(body)) {
    const match = /^<!-- perf-triage:answer comment=(\d{1,16}) -->$/.exec(line);
    if (match) return Number(match[1]);
  }
  return undefined;
}
