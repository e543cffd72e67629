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

/** The marker line, with the run that wrote it (to tell whether a lost POST went through). */
export function marker(group: string, stamp: string): string {
  return `${markerPrefix(group)}stamp=${stamp.replace(/[^A-Za-z0-9._-]/g, '')} -->`;
}

export function hasMarker(body: string | null | undefined, group: string): boolean {
  return typeof body === 'string' && body.includes(markerPrefix(group));
}

export function hasStamp(body: string | null | undefined, group: string, stamp: string): boolean {
  return typeof body === 'string' && body.includes(marker(group, stamp));
}
