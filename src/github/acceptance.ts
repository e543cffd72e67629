// `/perf accept` on a pull request: a maintainer accepts the regression the latest report shows, for
// the head commit that report was made for. The bot checks the commenter's permission with the
// collaborator-permission endpoint (denied when the check fails) before it says anything at all, binds
// the accept to the report the comment answered (refused when the pull request moved, or the report
// was updated after the comment was written), answers each comment once, and records the acceptance
// in its answer: a hidden marker that only counts when the bot wrote it, at the end of its comment.
// Later runs for that commit, and the journal entry at merge, read it from there.

import { parseCommand, HELP, type Command } from '../journal/commands';
import type { Acceptance } from '../report/model';
import { codeText, markdownText } from '../render/escape';
import { statusOf, type GitHubClient } from './client';
import type { RepoRef } from './context';
import { answeredComment, answerMarker, groupId, parseMarker, trailingMarkers } from './marker';

const ALLOWED = new Set(['admin', 'maintain', 'write']);

export interface CommentEvent {
  action: string;
  issueNumber: number;
  isPullRequest: boolean;
  comment: {
    id: number;
    body: string;
    user: string;
    userType: string;
    createdAt: string;
    updatedAt: string;
    url: string;
  };
}

export function acceptanceMarker(group: string, a: Acceptance): string {
  const data = Buffer.from(
    JSON.stringify({ by: a.by, reason: a.reason, effort: a.effort, commentUrl: a.commentUrl, at: a.at }),
    'utf8',
  ).toString('base64');
  return `<!-- perf-triage:accept group=${groupId(group)} sha=${a.sha.replace(/[^0-9a-f]/gi, '')} data=${data} -->`;
}

/** The acceptance for a group among the markers a body ends with. */
export function parseAcceptance(body: string | null | undefined, group: string): Acceptance | undefined {
  const pattern = new RegExp(
    `^<!-- perf-triage:accept group=${groupId(group).replace(/[.]/g, '\\.')} sha=([0-9a-f]{40}|[0-9a-f]{64}) data=([A-Za-z0-9+/=]+) -->$`,
  );
  const match = trailingMarkers(body)
    .map((line) => pattern.exec(line))
    .find((m) => m !== null);
  if (!match) return undefined;
  try {
    const data = JSON.parse(Buffer.from(match[2], 'base64').toString('utf8')) as Partial<Acceptance>;
    if (typeof data.by !== 'string' || typeof data.reason !== 'string' || typeof data.at !== 'string') return undefined;
    return {
      by: data.by,
      reason: data.reason,
      sha: match[1],
      at: data.at,
      ...(typeof data.effort === 'string' ? { effort: data.effort } : {}),
      ...(typeof data.commentUrl === 'string' ? { commentUrl: data.commentUrl } : {}),
    };
  } catch {
    return undefined;
  }
}

/** The acceptance recorded (by the bot) for this commit, if any; the latest wins. */
export async function findAcceptance(
  client: GitHubClient,
  target: { repo: RepoRef; issueNumber: number; group: string; authors: readonly string[] },
  sha: string,
): Promise<Acceptance | undefined> {
  const all = await client.paginate(client.rest.issues.listComments, {
    ...target.repo,
    issue_number: target.issueNumber,
    per_page: 100,
  });
  const found = all
    .filter((c) => c.user && target.authors.includes(c.user.login))
    .map((c) => parseAcceptance(c.body, target.group))
    .filter((a): a is Acceptance => a !== undefined && a.sha === sha);
  return found[found.length - 1];
}

/** The run that wrote a report: its id and attempt, and its workflow file when the marker names it. */
export interface ReportRun {
  id: number;
  attempt: number;
  workflow?: string;
}

/** Turns the accepted outcome green; says how, for the answer in the thread. */
export type Settle = (acceptance: Acceptance, reportRuns: ReportRun[]) => Promise<string>;

export type CommandOutcome =
  | { kind: 'ignored'; why: string }
  | { kind: 'help' }
  | { kind: 'denied'; why: string }
  | { kind: 'stale'; reported?: string; head: string }
  | { kind: 'accepted'; acceptance: Acceptance };

interface IssueComment {
  id: number;
  body?: string | null;
  user: { login: string } | null;
  updated_at: string;
}

/** Reads a comment event; decides, answers in the thread, and says what happened. */
export async function handleCommentCommand(
  client: GitHubClient,
  repo: RepoRef,
  event: CommentEvent,
  options: { group?: string; authors: readonly string[]; now: string; settle?: Settle },
): Promise<CommandOutcome> {
  if (event.action !== 'created')
    return {
      kind: 'ignored',
      why: `comment ${event.action}: only new comments carry commands (an edit could rewrite history)`,
    };
  if (!event.isPullRequest) return { kind: 'ignored', why: 'not a pull request' };
  if (event.comment.userType === 'Bot' || options.authors.includes(event.comment.user))
    return { kind: 'ignored', why: 'comment by a bot' };
  const command: Command | undefined = parseCommand(event.comment.body);
  if (!command) return { kind: 'ignored', why: 'no /perf command' };

  // Only users who may accept make the bot say anything (help included): nobody else can make it talk.
  const permission = await permissionOf(client, repo, event.comment.user);
  if (permission.readOnly) return { kind: 'ignored', why: `${event.comment.user} has ${permission.why} permission` };
  const talks = command.name === 'accept' || permission.allowed;
  if (!talks)
    return {
      kind: 'ignored',
      why: `${command.name === 'help' ? '/perf help' : 'an unknown command'} from ${event.comment.user}, not answered: ${permission.why}`,
    };

  // One answer per comment: a re-run of this job, or a replayed event, finds the first answer.
  const thread = (await client.paginate(client.rest.issues.listComments, {
    ...repo,
    issue_number: event.issueNumber,
    per_page: 100,
  })) as IssueComment[];
  const ours = thread
    .filter((c) => c.user !== null && options.authors.includes(c.user.login))
    .sort((a, b) => a.id - b.id);
  if (ours.some((c) => answeredComment(c.body) === event.comment.id))
    return { kind: 'ignored', why: `comment ${event.comment.id} was answered already` };
  const signed = (text: string) => `${text}\n${answerMarker(event.comment.id)}`;
  const reply = (text: string) =>
    client.rest.issues.createComment({ ...repo, issue_number: event.issueNumber, body: signed(text) });

  if (!permission.allowed) {
    await reply(`Not accepted: ${permission.why}. \`/perf accept\` needs write, maintain or admin permission.`);
    return { kind: 'denied', why: permission.why };
  }
  if (command.name === 'help' || command.name === 'unknown') {
    await reply(`${command.name === 'unknown' ? `Unknown command \`${codeText(command.text, 40)}\`.\n\n` : ''}${HELP}`);
    return { kind: 'help' };
  }

  const { data: pull } = await client.rest.pulls.get({ ...repo, pull_number: event.issueNumber });
  const reports = latestReports(ours, options.group);
  const forHead = [...reports].filter(([, r]) => r.sha === pull.head.sha);
  // The accept answers the report its author read: one updated after the comment was written is not it.
  const written = Date.parse(event.comment.createdAt);
  const current = forHead.filter(([, r]) => Number.isFinite(written) && Date.parse(r.updatedAt) <= written);
  if (current.length === 0) {
    const reported = forHead.length
      ? undefined
      : [...reports.values()].map((r) => r.sha).find((sha) => sha !== undefined);
    await reply(
      forHead.length
        ? `Not accepted: the report changed after this comment was written (it is now for \`${pull.head.sha.slice(0, 7)}\`). Read the new report, then accept it.`
        : reported
          ? `Not accepted: the report is for \`${reported.slice(0, 7)}\`, but the pull request is now at \`${pull.head.sha.slice(0, 7)}\`. Wait for the new report, then accept it.`
          : 'Not accepted: there is no perf-triage report on this pull request yet.',
    );
    return { kind: 'stale', ...(reported ? { reported } : {}), head: pull.head.sha };
  }

  const acceptance: Acceptance = {
    by: event.comment.user,
    reason: command.reason,
    ...(command.effort ? { effort: command.effort } : {}),
    sha: pull.head.sha,
    commentUrl: event.comment.url,
    at: options.now,
  };
  const effort = acceptance.effort ? ` (effort: ${markdownText(acceptance.effort, 80)})` : '';
  const markers = current.map(([group]) => acceptanceMarker(group, acceptance)).join('\n');
  // The acceptance is on record (the answer carries it) before anything re-runs and looks for it.
  const text = (settled: string) =>
    `✅ Regression accepted by @${acceptance.by} for \`${acceptance.sha.slice(0, 7)}\`: ${markdownText(acceptance.reason, 500)}${effort}. ${settled ? `${settled} ` : ''}It goes into the performance journal when this pull request merges; a new push needs a new acceptance.\n${markers}`;
  const { data: answer } = await reply(text(''));
  const runs = current.map(([, r]) => r.run).filter((r): r is ReportRun => r !== undefined);
  const settled = options.settle ? await options.settle(acceptance, runs) : '';
  if (settled) await client.rest.issues.updateComment({ ...repo, comment_id: answer.id, body: signed(text(settled)) });
  return { kind: 'accepted', acceptance };
}

/**
 * Our latest report per group on the pull request (one group when the workflow names it, else every
 * group we reported): the commit it was made for, the run that made it, and when it last changed.
 */
function latestReports(ours: readonly IssueComment[], group: string | undefined) {
  const wanted = group ? groupId(group) : undefined;
  const reports = new Map<string, { sha?: string; run?: ReportRun; updatedAt: string }>();
  for (const c of ours) {
    const found = parseMarker(c.body);
    if (!found || (wanted && found.group !== wanted)) continue;
    const run: ReportRun = { ...found.run, ...(found.workflow ? { workflow: found.workflow } : {}) };
    reports.set(found.group, { ...(found.sha ? { sha: found.sha } : {}), run, updatedAt: c.updated_at });
  }
  return reports;
}

export async function permissionOf(
  client: GitHubClient,
  repo: RepoRef,
  user: string,
): Promise<{ allowed: boolean; readOnly?: boolean; why: string }> {
  try {
    const { data } = await client.rest.repos.getCollaboratorPermissionLevel({ ...repo, username: user });
    const role = (data as { role_name?: string }).role_name ?? data.permission;
    if (ALLOWED.has(role) || ALLOWED.has(data.permission)) return { allowed: true, why: role };
    return { allowed: false, readOnly: true, why: role };
  } catch (error) {
    // Fail closed: a permission we cannot check is a permission we do not have.
    return { allowed: false, why: `the permission check failed (HTTP ${statusOf(error) ?? 'error'})` };
  }
}
