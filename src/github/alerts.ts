// Alerts as GitHub issues: one issue per commit range, found again by a hidden marker at the end of
// an issue the bot opened (never one anybody else wrote), updated in place when the alert grows,
// never opened twice for the same step (a re-run, or the same step found one entry off as history
// accumulates), closed when the metrics recover, and closed as accepted by a maintainer's
// `/perf accept` in the issue. Labels and assignees as the team configures them.

import { entryIndex, recovery, SAME_STEP_ENTRIES } from '../journal/alerts';
import type { Alert, AlertMetric } from '../report/alert';
import type { JournalEntry } from '../journal/schema';
import {
  acceptedAlertComment,
  alertAddedComment,
  alertBody,
  alertTitle,
  recoveredComment,
  type AlertCommit,
  type AlertDetails,
} from '../render/alert';
import { statusOf, type GitHubClient } from './client';
import type { RepoRef } from './context';
import { answeredComment, answerMarker, trailingMarkers } from './marker';

export interface AlertSettings {
  /** Labels of alert issues; the first is how the bot lists them again (keep it on them). */
  labels: string[];
  /** Logins to assign, and "author" for the authors of the pull requests in the range. */
  assignees: string[];
  /** The bisect workflow's file, named in the issue. */
  bisectWorkflow?: string;
}

/** What an alert issue remembers, in its marker: enough to match a step found again and to see it recover. */
export interface AlertState {
  v: 1;
  status: 'open' | 'recovered' | 'accepted';
  range: string;
  metrics: { benchmark: string; key: string; unit: string; before: number; minEffect: number; step: string }[];
  recovered?: string[];
}

const MARKER = /^<!-- perf-triage:alert range=([A-Za-z0-9._-]{0,200}) state=([A-Za-z0-9+/=]+) -->$/;
const MAX_COMMITS = 20;
const MAX_PAGES = 3;

export function alertMarker(state: AlertState): string {
  return `<!-- perf-triage:alert range=${state.range.replace(/[^A-Za-z0-9._-]/g, '').slice(0, 200)} state=${Buffer.from(JSON.stringify(state), 'utf8').toString('base64')} -->`;
}

export function parseAlertMarker(body: string | null | undefined): AlertState | undefined {
  for (const line of trailingMarkers(body)) {
    const match = MARKER.exec(line);
    if (!match) continue;
    try {
      const state = JSON.parse(Buffer.from(match[2], 'base64').toString('utf8')) as AlertState;
      if (state?.v === 1 && Array.isArray(state.metrics) && typeof state.range === 'string') return state;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export interface AlertIssue {
  number: number;
  url: string;
  state: 'open' | 'closed';
  title: string;
  body: string;
  alert: AlertState;
}

export interface FileResult {
  opened: AlertIssue[];
  updated: number[];
  unchanged: number[];
  /** Alerts whose issue is closed already (recovered, accepted, or closed by the team): left alone. */
  closedAlready: number[];
  recovered: number[];
  /** Assignees GitHub would not take, with why. */
  notAssigned: string[];
}

/** Opens, updates and closes alert issues for a record's alerts; reads the journal for recoveries. */
export async function fileAlerts(
  client: GitHubClient,
  repo: RepoRef,
  alerts: readonly Alert[],
  context: { authors: readonly string[]; settings: AlertSettings; entries: readonly JournalEntry[] },
): Promise<FileResult> {
  const result: FileResult = {
    opened: [],
    updated: [],
    unchanged: [],
    closedAlready: [],
    recovered: [],
    notAssigned: [],
  };
  const { settings } = context;
  const existing = await listAlertIssues(client, repo, settings.labels[0], context.authors);
  for (const alert of alerts) {
    const state = stateOf(alert);
    const known = existing.find((issue) => sameAlert(issue.alert, state, context.entries));
    if (known && known.state === 'closed') {
      result.closedAlready.push(known.number);
      continue;
    }
    if (known) {
      // The issue keeps what it said; metrics found moving in the same step since are added in a comment.
      const added = alert.metrics.filter(
        (m) => !known.alert.metrics.some((k) => k.benchmark === m.benchmark && k.key === m.key),
      );
      if (added.length === 0) {
        result.unchanged.push(known.number);
        continue;
      }
      const merged: AlertState = { ...known.alert, metrics: [...known.alert.metrics, ...added.map(stateMetric)] };
      await client.rest.issues.createComment({
        ...repo,
        issue_number: known.number,
        body: alertAddedComment({ ...alert, metrics: added }),
      });
      known.body = replaceMarker(known.body, merged);
      known.alert = merged;
      await client.rest.issues.update({ ...repo, issue_number: known.number, body: known.body });
      result.updated.push(known.number);
      continue;
    }
    await ensureLabels(client, repo, settings.labels);
    const details = await rangeDetails(client, repo, alert, settings);
    const { assignees, dropped } = await assignable(client, repo, settings.assignees, details.commits);
    result.notAssigned.push(...dropped);
    const body = `${alertBody(alert, details)}\n${alertMarker(state)}`;
    const { data } = await client.rest.issues.create({
      ...repo,
      title: alertTitle(alert),
      body,
      labels: settings.labels,
      ...(assignees.length ? { assignees } : {}),
    });
    const issue: AlertIssue = {
      number: data.number,
      url: data.html_url,
      state: 'open',
      title: data.title,
      body,
      alert: state,
    };
    existing.push(issue);
    result.opened.push(issue);
  }
  // Open alerts whose metrics are back within the minimum effect of before the step close themselves.
  for (const issue of existing) {
    if (issue.state !== 'open' || issue.alert.status !== 'open' || result.opened.includes(issue)) continue;
    const back = issue.alert.metrics.map((m) => ({
      m,
      at: recovery(context.entries, {
        benchmark: m.benchmark,
        key: m.key,
        before: m.before,
        minEffect: m.minEffect,
        stepId: m.step,
      }),
    }));
    if (back.length === 0 || back.some((b) => b.at === undefined)) continue;
    const entry = (id: string) => context.entries.find((e) => e.id === id);
    const lines = back.map(({ m, at }) => {
      const e = entry(at!.id);
      return {
        benchmark: m.benchmark,
        key: m.key,
        unit: m.unit,
        before: m.before,
        value: at!.value,
        minEffect: m.minEffect,
        at: { id: at!.id, recordedAt: at!.recordedAt, ...(e?.commit ? { commit: e.commit } : {}) },
      };
    });
    await client.rest.issues.createComment({ ...repo, issue_number: issue.number, body: recoveredComment(lines) });
    const closed: AlertState = { ...issue.alert, status: 'recovered' };
    await client.rest.issues.update({
      ...repo,
      issue_number: issue.number,
      state: 'closed',
      state_reason: 'completed',
      body: replaceMarker(issue.body, closed),
    });
    issue.state = 'closed';
    result.recovered.push(issue.number);
  }
  return result;
}

/** `/perf accept <reason>` on an alert issue, by someone with write access: closes it as accepted, once. */
export async function acceptAlert(
  client: GitHubClient,
  repo: RepoRef,
  event: { issueNumber: number; commentId: number; user: string; reason: string },
  authors: readonly string[],
): Promise<{ kind: 'accepted' } | { kind: 'ignored'; why: string }> {
  const { data: issue } = await client.rest.issues.get({ ...repo, issue_number: event.issueNumber });
  const alert = issue.user && authors.includes(issue.user.login) ? parseAlertMarker(issue.body) : undefined;
  if (!alert) return { kind: 'ignored', why: 'not a perf-triage alert issue' };
  const thread = await client.paginate(client.rest.issues.listComments, {
    ...repo,
    issue_number: event.issueNumber,
    per_page: 100,
  });
  if (thread.some((c) => c.user && authors.includes(c.user.login) && answeredComment(c.body) === event.commentId))
    return { kind: 'ignored', why: `comment ${event.commentId} was answered already` };
  await client.rest.issues.createComment({
    ...repo,
    issue_number: event.issueNumber,
    body: `${acceptedAlertComment(event.user, event.reason)}\n${answerMarker(event.commentId)}`,
  });
  if (issue.state === 'open') {
    await client.rest.issues.update({
      ...repo,
      issue_number: event.issueNumber,
      state: 'closed',
      state_reason: 'not_planned',
      body: replaceMarker(issue.body ?? '', { ...alert, status: 'accepted' }),
    });
  }
  return { kind: 'accepted' };
}

export function stateOf(alert: Alert): AlertState {
  return { v: 1, status: 'open', range: alert.range, metrics: alert.metrics.map(stateMetric) };
}

function stateMetric(m: AlertMetric): AlertState['metrics'][number] {
  return {
    benchmark: m.benchmark,
    key: m.key,
    unit: m.unit,
    before: m.before,
    minEffect: m.minEffect,
    step: m.step.id,
  };
}

/** Same range, or a step of one of its benchmarks within SAME_STEP_ENTRIES entries of one the issue has (change points move as history accumulates). */
function sameAlert(known: AlertState, state: AlertState, entries: readonly JournalEntry[]): boolean {
  if (known.range === state.range) return true;
  return state.metrics.some((m) =>
    known.metrics.some((k) => {
      if (k.benchmark !== m.benchmark) return false;
      const a = entryIndex(entries, m.benchmark, k.step);
      const b = entryIndex(entries, m.benchmark, m.step);
      return a >= 0 && b >= 0 && Math.abs(a - b) <= SAME_STEP_ENTRIES;
    }),
  );
}

function replaceMarker(body: string, state: AlertState): string {
  const lines = body.replace(/\s+$/, '').split('\n');
  while (lines.length && MARKER.test(lines.at(-1)!)) lines.pop();
  return `${lines.join('\n')}\n${alertMarker(state)}`;
}

async function listAlertIssues(
  client: GitHubClient,
  repo: RepoRef,
  label: string,
  authors: readonly string[],
): Promise<AlertIssue[]> {
  let pages = 0;
  const issues = await client.paginate(
    client.rest.issues.listForRepo,
    { ...repo, labels: label, state: 'all', sort: 'created', direction: 'desc', per_page: 100 },
    (response, done) => {
      if (++pages >= MAX_PAGES) done();
      return response.data;
    },
  );
  const out: AlertIssue[] = [];
  for (const i of issues) {
    if (i.pull_request || !i.user || !authors.includes(i.user.login)) continue;
    const alert = parseAlertMarker(i.body);
    if (alert)
      out.push({
        number: i.number,
        url: i.html_url,
        state: i.state === 'closed' ? 'closed' : 'open',
        title: i.title,
        body: i.body ?? '',
        alert,
      });
  }
  // Oldest first: when two runs raced and both opened one, the oldest is the one that stays.
  return out.sort((a, b) => a.number - b.number);
}

async function ensureLabels(client: GitHubClient, repo: RepoRef, labels: readonly string[]): Promise<void> {
  for (const name of labels) {
    try {
      await client.rest.issues.getLabel({ ...repo, name });
    } catch (error) {
      if (statusOf(error) !== 404) throw error;
      try {
        await client.rest.issues.createLabel({
          ...repo,
          name,
          color: 'd73a4a',
          description: 'perf-triage: performance moved on the default branch',
        });
      } catch (created) {
        // Another run created it in between.
        if (statusOf(created) !== 422) throw created;
      }
    }
  }
}

/** The range's commits (oldest first) and the pull requests that brought them. */
async function rangeDetails(
  client: GitHubClient,
  repo: RepoRef,
  alert: Alert,
  settings: AlertSettings,
): Promise<AlertDetails> {
  const from = alert.from?.commit;
  const to = alert.to.commit;
  const details: AlertDetails = {
    commits: [],
    ...(settings.bisectWorkflow ? { bisectWorkflow: settings.bisectWorkflow } : {}),
  };
  if (!to) return details;
  let shas: { sha: string; message: string }[] = [];
  if (from) {
    try {
      const { data } = await client.rest.repos.compareCommitsWithBasehead({
        ...repo,
        basehead: `${from}...${to}`,
        per_page: 100,
      });
      shas = data.commits.map((c) => ({ sha: c.sha, message: c.commit.message.split('\n')[0] }));
      details.compareUrl = data.html_url;
      if (data.total_commits > shas.length) details.moreCommits = data.total_commits - shas.length;
    } catch (error) {
      if (statusOf(error) !== 404) throw error;
    }
  }
  if (shas.length === 0) shas = [{ sha: to, message: '' }];
  if (shas.length > MAX_COMMITS) {
    details.moreCommits = (details.moreCommits ?? 0) + shas.length - MAX_COMMITS;
    shas = shas.slice(-MAX_COMMITS);
  }
  const commits: AlertCommit[] = [];
  for (const c of shas) {
    const { data } = await client.rest.repos.listPullRequestsAssociatedWithCommit({
      ...repo,
      commit_sha: c.sha,
      per_page: 10,
    });
    commits.push({
      sha: c.sha,
      message: c.message,
      pulls: mergedPullsOf(data),
    });
  }
  details.commits = commits;
  return details;
}

/** The assignees GitHub will take ("author": the range's pull request authors); the others, with why. */
async function assignable(
  client: GitHubClient,
  repo: RepoRef,
  wanted: readonly string[],
  commits: readonly AlertCommit[],
): Promise<{ assignees: string[]; dropped: string[] }> {
  const logins = new Set<string>();
  for (const w of wanted) {
    if (w.toLowerCase() === 'author')
      for (const c of commits)
        for (const p of c.pulls) if (p.author && !p.author.endsWith('[bot]')) logins.add(p.author);
    if (w.toLowerCase() !== 'author') logins.add(w);
  }
  const assignees: string[] = [];
  const dropped: string[] = [];
  for (const login of [...logins].slice(0, 10)) {
    try {
      await client.rest.issues.checkUserCanBeAssigned({ ...repo, assignee: login });
      assignees.push(login);
    } catch (error) {
      if (statusOf(error) !== 404) throw error;
      dropped.push(`${login} cannot be assigned in this repository`);
    }
  }
  return { assignees, dropped };
}

/** The merged pull requests among those GitHub associates with a commit, as alerts and bisect name them. */
export function mergedPullsOf(
  pulls: readonly {
    number: number;
    title: string;
    html_url: string;
    merged_at?: string | null;
    user?: { login: string } | null;
  }[],
): { number: number; title: string; url: string; author?: string }[] {
  return pulls
    .filter((p) => p.merged_at)
    .map((p) => ({ number: p.number, title: p.title, url: p.html_url, ...(p.user ? { author: p.user.login } : {}) }));
}
