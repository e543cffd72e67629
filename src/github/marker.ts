// The hidden marker that finds perf-triage's comment on a pull request: one per benchmark group.
// A marker alone proves nothing (anyone can paste it), so comments are also matched by author.

/** Group names become [a-z0-9._-] so the marker stays one HTML comment whatever the input says. */
export function groupId(group: string): string {
  const id = group.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 64);
  return id || 'default';
}

export function markerPrefix(group: string): string {
  return `<!-- perf-triage:comment group=${groupId(group)} `;
}

const clean = (text: string) => text.replace(/[^A-Za-z0-9._-]/g, '');

/**
 * The marker line, with the run that wrote it (to tell whether a lost POST went through) and the
 * head commit the report was made for (an acceptance binds to it).
 */
export function marker(group: string, stamp: string, sha?: string): string {
  return `${markerPrefix(group)}stamp=${clean(stamp)}${sha ? ` sha=${clean(sha)}` : ''} -->`;
}

/** The head commit a report comment was made for, from its marker. */
export function reportedSha(body: string | null | undefined, group: string): string | undefined {
  if (typeof body !== 'string') return undefined;
  const at = body.indexOf(markerPrefix(group));
  if (at < 0) return undefined;
  return /^[^>]*?\bsha=([0-9a-f]{7,64})\b/.exec(body.slice(at))?.[1];
}

/** The workflow run (id and attempt) that wrote a report comment, from its marker's stamp. */
export function reportedRun(body: string | null | undefined, group: string): { id: number; attempt: number } | undefined {
  if (typeof body !== 'string') return undefined;
  const at = body.indexOf(markerPrefix(group));
  if (at < 0) return undefined;
  const match = /^[^>]*?\bstamp=(\d+)\.(\d+)\b/.exec(body.slice(at));
  return match ? { id: Number(match[1]), attempt: Number(match[2]) } : undefined;
}

/** The groups of the report markers in a comment body. */
export function reportGroups(body: string | null | undefined): string[] {
  if (typeof body !== 'string') return [];
  return [...body.matchAll(/<!-- perf-triage:comment group=([a-z0-9._-]+) /g)].map((m) => m[1]);
}

export function hasMarker(body: string | null | undefined, group: string): boolean {
  return typeof body === 'string' && body.includes(markerPrefix(group));
}

export function hasStamp(body: string | null | undefined, group: string, stamp: string): boolean {
  return typeof body === 'string' && body.includes(`${markerPrefix(group)}stamp=${clean(stamp)} `);
}
