// Commands in PR comments, parsed strictly from the comment body (never interpolated into a shell):
//   /perf accept [reason…] [effort: …]
//   /perf help
// The command must be the first non-empty line; anything else is not a command.

export type Command =
  { name: 'accept'; reason: string; effort?: string } | { name: 'help' } | { name: 'unknown'; text: string };

const MAX_REASON = 500;

export function parseCommand(body: string): Command | undefined {
  const first = body
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '');
  if (!first) return undefined;
  const match = /^\/perf(?:\s+(\S+))?(?:\s+([\s\S]*))?$/i.exec(first);
  if (!match) return undefined;
  const verb = (match[1] ?? '').toLowerCase();
  const rest = (match[2] ?? '').trim();
  if (verb === 'help' || verb === '') return { name: 'help' };
  if (verb !== 'accept') return { name: 'unknown', text: first.slice(0, 80) };
  const effortMatch = /(?:^|\s)effort:\s*(.+)$/i.exec(rest);
  const reason = (effortMatch ? rest.slice(0, effortMatch.index) : rest).trim().slice(0, MAX_REASON);
  const effort = effortMatch?.[1].trim().slice(0, 80);
  return { name: 'accept', reason: reason || '(no reason given)', ...(effort ? { effort } : {}) };
}

export const HELP = [
  '**perf-triage commands** (write them as the first line of a comment):',
  '',
  '- `/perf accept <reason> [effort: <how long the change took>]` — accept the regression this comment',
  '  reports, for the commit it was measured on. Needs write, maintain or admin permission. The',
  '  acceptance goes into the performance journal when the pull request merges.',
  '- `/perf help` — this list.',
  '',
  'A push after the report makes an acceptance stale: accept the new report.',
].join('\n');
