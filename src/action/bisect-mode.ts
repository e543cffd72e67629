// Bisect mode (`mode: bisect`): a step between two commits (an alert's range) narrowed to the commit
// that made it. The ends come from the journal (the artifact of the run that recorded each), else
// are measured; each midpoint is measured by dispatching the team's benchmark workflow with the
// commit as its `ref` input, and judged against both ends with the same statistics and the runner's
// calibrated noise (src/compare/bisect.ts). An unclear point is measured again, runs pooled, within a
// budget of runs and minutes; a run of another workload stops the bisect; every run it started and
// that has not finished is cancelled when it ends. The result goes on the alert issue.

import * as core from '@actions/core';
import { buildConfig, ConfigError, type TriageConfig } from '../config/config';
import { numericDefault, type ActionInputName } from '../config/action-inputs';
import { BisectSearch, judgePoint, stepBetween, workloadMismatch, type PointJudgement } from '../compare/bisect';
import { InputError } from '../ingest/errors';
import type { TextSource } from '../ingest/source';
import { sideFromSources } from '../ingest/side';
import type { NoiseFile } from '../compare/noise-file';
import { readJournal } from '../journal/store';
import type { JournalEntry } from '../journal/schema';
import { parseMetricSpec } from '../metrics/metric-spec';
import { workloadKey, type WorkloadKey } from '../model/workload-key';
import type { Side } from '../model/run';
import { triage } from '../report/triage';
import { bisectMarkdown, type BisectCommit, type BisectOutcome, type BisectRow } from '../render/bisect';
import { keyLabel } from '../model/workload-key';
import type { GitHubClient } from '../github/client';
import { defaultBranch, onGitHub, type GitHubContext, type RepoRef } from '../github/context';
import { commentAuthors } from '../github/identity';
import { mergedPullsOf, parseAlertMarker } from '../github/alerts';
import { cancelRun, dispatchRun, realSleep, waitForRun, type Sleep } from '../github/dispatch';
import { needing } from '../github/permissions';
import { readRepoFile } from '../github/repo-files';
import type { JournalSettings } from './journal-settings';
import { readNoiseFiles, withNoise } from './noise';
import { inArtifact, runArtifact } from './artifact-side';
import type { ActionRun } from './action-run';
import { info, timedGroup, warning } from './log';

export interface RawBisectSettings {
  workflow: string;
  good: string;
  bad: string;
  ref: string;
  issue: string;
  metric: string;
  maxRuns: string;
  repeats: string;
  timeoutMinutes: string;
  pollSeconds: string;
}

export interface BisectSettings {
  workflow: string;
  good: string;
  bad: string;
  ref?: string;
  issue?: number;
  metric?: string;
  maxRuns: number;
  repeats: number;
  timeoutMinutes: number;
  pollSeconds: number;
}

export function parseBisectSettings(raw: RawBisectSettings): BisectSettings {
  const workflow = raw.workflow.trim();
  if (!workflow || !/^[A-Za-z0-9._-]+\.ya?ml$|^\d+$/.test(workflow))
    throw new ConfigError(
      'bisect-workflow',
      `"${raw.workflow}" must be the benchmark workflow's file name (such as perf-bisect-bench.yml), which bisect dispatches`,
    );
  const sha = (name: string, value: string) => {
    const v = value.trim().toLowerCase();
    if (!/^[0-9a-f]{7,40}$/.test(v)) throw new ConfigError(name, `"${value}" is not a commit SHA`);
    return v;
  };
  const whole = (name: ActionInputName, value: string, fallback: number, min: number, max: number) => {
    if (value.trim() === '') return fallback;
    const n = Number(value);
    if (!Number.isFinite(n) || n < min || n > max)
      throw new ConfigError(name, `"${value}" is not a number from ${min} to ${max}`);
    return n;
  };
  const metric = raw.metric.trim();
  if (metric) {
    const spec = parseMetricSpec(metric);
    if (typeof spec === 'string') throw new ConfigError('bisect-metric', `"${metric}": ${spec}`);
  }
  const issue = raw.issue.trim() ? whole('bisect-issue', raw.issue, 0, 1, 1e9) : undefined;
  const ref = raw.ref.trim();
  if (ref && !/^[A-Za-z0-9._/-]+$/.test(ref)) throw new ConfigError('bisect-ref', `"${raw.ref}" is not a branch name`);
  return {
    workflow,
    good: sha('bisect-good', raw.good),
    bad: sha('bisect-bad', raw.bad),
    ...(ref ? { ref } : {}),
    ...(issue ? { issue: Math.round(issue) } : {}),
    ...(metric ? { metric: (parseMetricSpec(metric) as { key: string }).key } : {}),
    maxRuns: Math.round(whole('bisect-max-runs', raw.maxRuns, numericDefault('bisect-max-runs'), 1, 50)),
    repeats: Math.round(whole('bisect-repeats', raw.repeats, numericDefault('bisect-repeats'), 1, 5)),
    timeoutMinutes: whole(
      'bisect-timeout-minutes',
      raw.timeoutMinutes,
      numericDefault('bisect-timeout-minutes'),
      0.01,
      24 * 60,
    ),
    pollSeconds: whole('bisect-poll-seconds', raw.pollSeconds, numericDefault('bisect-poll-seconds'), 0.01, 600),
  };
}

export interface BisectRun {
  client: GitHubClient;
  context: GitHubContext & { repository: RepoRef };
  settings: BisectSettings;
  config: TriageConfig;
  /** What to read from each run's artifact. */
  artifact: { name: string; maxBytes: number; patterns: string[]; format: string; maxBadLineRatio: number };
  journal: JournalSettings;
  journalRef: string;
  defaultBranch: string;
  /** Labels of alert issues, to find the one the range belongs to. */
  alertLabel: string;
  authors: readonly string[];
  sleep?: Sleep;
  /** The clock the budget of minutes is kept with (ms since the epoch). */
  now?: () => number;
}

/** Stops the search with a result other than a culprit. */
class Stop extends Error {
  constructor(
    readonly result: BisectOutcome['result'],
    message: string,
  ) {
    super(message);
  }
}

interface Point {
  index: number;
  sha: string;
  side: Side;
  runUrls: string[];
  judgement?: PointJudgement;
}

export async function runBisect(run: BisectRun): Promise<BisectOutcome> {
  const { client, settings } = run;
  const repo = run.context.repository;
  const sleep = run.sleep ?? realSleep;
  const now = run.now ?? Date.now;
  const started = now();
  const deadline = started + settings.timeoutMinutes * 60_000;
  const pollMs = settings.pollSeconds * 1000;

  const { data: range } = await needing('the commits between the ends were not read', () =>
    client.rest.repos.compareCommitsWithBasehead({
      ...repo,
      basehead: `${settings.good}...${settings.bad}`,
      per_page: 250,
    }),
  );
  if (range.commits.length === 0)
    throw new InputError('bisect-bad', `${settings.bad} is not after ${settings.good}: nothing between them to bisect`);
  if (range.total_commits > range.commits.length)
    throw new InputError(
      'bisect-good',
      `${range.total_commits} commits between the ends: bisect a range of at most ${range.commits.length}`,
    );
  const shas = [range.base_commit.sha, ...range.commits.map((c) => c.sha)];
  const messages = new Map([
    [range.base_commit.sha, range.base_commit.commit.message.split('\n')[0]],
    ...range.commits.map((c): [string, string] => [c.sha, c.commit.message.split('\n')[0]]),
  ]);
  info(`bisect: ${range.commits.length} commit(s) after ${shas[0].slice(0, 7)} up to ${shas.at(-1)!.slice(0, 7)}`);

  const view = await readJournal((path) => readRepoFile(client, repo, run.journalRef, path), run.journal.paths, {
    label: run.journalRef,
  });
  const entries = view.entries;
  const started_: number[] = [];
  const finished = new Set<number>();
  let dispatches = 0;
  let expected: WorkloadKey | undefined;

  const readRun = async (runId: number): Promise<Side> => {
    const sources: TextSource[] = await runArtifact(client, repo, runId, run.artifact.name, run.artifact.maxBytes);
    const matched = inArtifact(sources, run.artifact.patterns);
    if (matched.length === 0)
      throw new InputError(
        `artifact "${run.artifact.name}" of run ${runId}`,
        `no file matches ${run.artifact.patterns.join(', ')}`,
      );
    return sideFromSources('head', matched, {
      maxBadLineRatio: run.artifact.maxBadLineRatio,
      format: run.artifact.format,
    });
  };

  const checkWorkload = (side: Side, sha: string) => {
    expected ??= workloadKey(side.runs[0]);
    const mismatch = workloadMismatch(expected, side);
    if (mismatch.length) {
      const fields = [...new Map(mismatch.map((m) => [m.field, m])).values()].map(
        (m) => `${m.field} ${String(m.expected ?? 'unrecorded')} → ${String(m.found ?? 'unrecorded')}`,
      );
      throw new Stop(
        'refused',
        `the run of ${sha.slice(0, 7)} measured another workload than the good end (${keyLabel(expected) || 'no workload recorded'}): ${fields.join(', ')}. A bisect compares one configuration only; make the benchmark workflow run the same one`,
      );
    }
  };

  /** One run of the benchmark workflow at `sha`, dispatched and waited for. */
  const dispatchAt = async (sha: string): Promise<{ side: Side; url: string }> => {
    if (dispatches >= settings.maxRuns) throw new Stop('budget', `the budget of ${settings.maxRuns} runs is spent`);
    if (now() >= deadline) throw new Stop('timeout', `the ${settings.timeoutMinutes}-minute limit passed`);
    dispatches++;
    const token = `${run.context.runId}-${dispatches}`;
    const dispatched = await needing(`the benchmark workflow ${settings.workflow} was not dispatched`, () =>
      dispatchRun(
        client,
        repo,
        { workflow: settings.workflow, ref: settings.ref ?? run.defaultBranch, inputs: { ref: sha, token }, token },
        { sleep, pollMs },
      ),
    );
    started_.push(dispatched.id);
    info(`bisect: run ${dispatched.id} dispatched for ${sha.slice(0, 7)} (${dispatches} of ${settings.maxRuns})`);
    const outcome = await waitForRun(client, repo, dispatched.id, { sleep, pollMs, deadline, now });
    if (outcome.timedOut)
      throw new Stop(
        'timeout',
        `run ${dispatched.id} for ${sha.slice(0, 7)} had not finished when the ${settings.timeoutMinutes}-minute limit passed`,
      );
    finished.add(dispatched.id);
    if (outcome.conclusion !== 'success')
      throw new Stop(
        'failed',
        `run ${dispatched.id} for ${sha.slice(0, 7)} ended ${outcome.conclusion ?? 'without a conclusion'}: the commit could not be measured`,
      );
    return { side: await readRun(dispatched.id), url: dispatched.url };
  };

  /** An end: the artifact of the run that recorded it in the journal, else a run dispatched for it. */
  const endAt = async (sha: string): Promise<Point> => {
    const entry = [...entries].reverse().find((e) => e.commit === sha && e.runUrl);
    const recorded = entry ? runIdOf(entry) : undefined;
    if (recorded) {
      try {
        const side = await readRun(recorded);
        checkWorkload(side, sha);
        info(`bisect: ${sha.slice(0, 7)} from run ${recorded}, which recorded it in the journal`);
        return { index: shas.indexOf(sha), sha, side, runUrls: [entry!.runUrl!] };
      } catch (error) {
        if (error instanceof Stop) throw error;
        warning(
          `bisect: the journal's run ${recorded} of ${sha.slice(0, 7)} could not be read (${(error as Error).message}); measuring it again`,
        );
      }
    }
    const measured = await dispatchAt(sha);
    checkWorkload(measured.side, sha);
    return { index: shas.indexOf(sha), sha, side: measured.side, runUrls: [measured.url] };
  };

  const rows: BisectRow[] = [];
  const points = new Map<number, Point>();
  let outcome: Omit<BisectOutcome, 'rows' | 'dispatches' | 'maxRuns' | 'minutes'> = {
    result: 'failed',
    good: shas[0],
    bad: shas.at(-1)!,
    candidates: shas.length - 1,
  };
  try {
    const good = await endAt(shas[0]);
    const bad = await endAt(shas.at(-1)!);
    points.set(good.index, good);
    points.set(bad.index, bad);
    const noise = await noiseFor(run, good.side, entries);
    const config = noise.config;
    const step = stepBetween(good.side, bad.side, config, settings.metric);
    const key = step.key;
    const detectable = key ? noise.files.find((f) => f.metrics[key])?.metrics[key].detectable : undefined;
    outcome = {
      ...outcome,
      ...(key ? { key, unit: step.comparison?.spec.metric.unit } : {}),
      ...(step.comparison ? { step: step.comparison } : {}),
      ...(detectable !== undefined ? { detectable } : {}),
    };
    if (step.tooClose || !key) {
      throw new Stop(
        'too-close-to-call',
        key && step.comparison
          ? `The ends differ by less than this setup can tell apart on it (${step.comparison.verdict}): nothing to bisect.`
          : 'No metric regressed between the ends: nothing to bisect.',
      );
    }
    const search = new BisectSearch(shas.length - 1);
    for (let index = search.next(); index !== undefined; index = search.next()) {
      const sha = shas[index];
      const measured = await dispatchAt(sha);
      checkWorkload(measured.side, sha);
      const point: Point = { index, sha, side: measured.side, runUrls: [measured.url] };
      points.set(index, point);
      point.judgement = judgePoint(good.side, point.side, bad.side, config, key);
      for (let again = 1; point.judgement.verdict === 'unclear' && again < settings.repeats; again++) {
        info(
          `bisect: ${sha.slice(0, 7)} is unclear (${point.judgement.vsGood?.verdict} against the good end, ${point.judgement.vsBad?.verdict} against the bad one): measuring it again`,
        );
        const more = await dispatchAt(sha);
        checkWorkload(more.side, sha);
        point.side = { label: 'head', runs: [...point.side.runs, ...more.side.runs] };
        point.runUrls.push(more.url);
        point.judgement = judgePoint(good.side, point.side, bad.side, config, key);
      }
      info(`bisect: ${sha.slice(0, 7)} is ${point.judgement.verdict}`);
      if (point.judgement.verdict === 'unclear') {
        const open = search.range;
        throw new Stop(
          'too-close-to-call',
          `${sha.slice(0, 7)} is neither like the good end nor like the bad one after ${point.side.runs.length} run(s) (${point.judgement.vsGood?.verdict ?? '—'} against the good end, ${point.judgement.vsBad?.verdict ?? '—'} against the bad one): the step may be spread over several commits, or too small for this runner. Open range: ${open.bad - open.good} commit(s).`,
        );
      }
      search.record(index, point.judgement.verdict);
    }
    const culprit = search.culprit!;
    const before = points.get(search.range.good)!;
    const after = points.get(culprit) ?? bad;
    const diagnosis = triage(relabel(before.side, 'base'), relabel(after.side, 'head'), config).benchmarks[0];
    outcome = {
      ...outcome,
      result: 'found',
      culprit: { ...(await commitInfo(client, repo, shas[culprit], messages)), diagnosis },
    };
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    outcome = { ...outcome, result: error.result, reason: error.message };
    const known = [...points.values()].sort((a, b) => a.index - b.index);
    const lastGood = known.filter((p) => p.index === 0 || p.judgement?.verdict === 'good').at(-1);
    const firstBad = known.find((p) => p.index === shas.length - 1 || p.judgement?.verdict === 'bad');
    if (lastGood && firstBad && (lastGood.index > 0 || firstBad.index < shas.length - 1))
      outcome.open = { good: lastGood.sha, bad: firstBad.sha, commits: firstBad.index - lastGood.index };
  } finally {
    // Runs this bisect started and that are still going are not needed any more.
    for (const id of started_) {
      if (finished.has(id)) continue;
      const cancelled = await cancelRun(client, repo, id).catch((error: unknown) => {
        warning(`bisect: run ${id} was not cancelled (${(error as Error).message})`);
        return false;
      });
      if (cancelled) info(`bisect: run ${id} cancelled`);
    }
  }
  for (const p of [...points.values()].sort((a, b) => a.index - b.index)) {
    const role = p.index === 0 ? 'good end' : p.index === shas.length - 1 ? 'bad end' : 'measured';
    const value =
      role === 'good end'
        ? outcome.step?.base?.value
        : role === 'bad end'
          ? outcome.step?.head?.value
          : p.judgement?.vsGood?.head?.value;
    rows.push({
      ...(await commitInfo(client, repo, p.sha, messages)),
      role,
      runs: p.side.runs.length,
      ...(value !== undefined ? { value } : {}),
      ...(p.judgement?.vsGood ? { vsGood: p.judgement.vsGood } : {}),
      ...(p.judgement?.vsBad ? { vsBad: p.judgement.vsBad } : {}),
      verdict: role === 'good end' ? 'good' : role === 'bad end' ? 'bad' : (p.judgement?.verdict ?? 'not measured'),
      runUrls: p.runUrls,
    });
  }
  const done: BisectOutcome = {
    ...outcome,
    rows,
    dispatches,
    maxRuns: settings.maxRuns,
    minutes: (now() - started) / 60_000,
  };
  await report(run, done);
  return done;
}

/** Where the result goes: the issue named, else the alert issue of this range, and the job summary and outputs. */
async function report(run: BisectRun, outcome: BisectOutcome): Promise<void> {
  const body = bisectMarkdown(outcome);
  core.setOutput('bisect-result', outcome.result);
  core.setOutput('bisect-runs', String(outcome.dispatches));
  core.setOutput('culprit', outcome.culprit?.sha ?? '');
  await core.summary.addRaw(body).write();
  info(
    `bisect: ${outcome.result}${outcome.culprit ? ` — ${outcome.culprit.sha.slice(0, 7)}` : ''} after ${outcome.dispatches} run(s)`,
  );
  const repo = run.context.repository;
  const issue = run.settings.issue ?? (await alertIssueOf(run, outcome));
  if (!issue) {
    info('bisect: no alert issue for this range (set bisect-issue to post there): the result is in the job summary');
    return;
  }
  try {
    await run.client.rest.issues.createComment({ ...repo, issue_number: issue, body });
    info(`bisect: result posted on #${issue}`);
  } catch (error) {
    warning(
      `bisect: the result was not posted on #${issue} (HTTP ${(error as { status?: number }).status ?? 'error'}; it needs issues: write): it is in the job summary`,
    );
  }
}

/** The bot's alert issue whose step lies between the ends. */
async function alertIssueOf(run: BisectRun, outcome: BisectOutcome): Promise<number | undefined> {
  const repo = run.context.repository;
  const issues = await run.client.rest.issues
    .listForRepo({ ...repo, labels: run.alertLabel, state: 'all', per_page: 50 })
    .catch(() => undefined);
  for (const i of issues?.data ?? []) {
    if (!i.user || !run.authors.includes(i.user.login)) continue;
    const state = parseAlertMarker(i.body);
    if (state && state.range.includes(outcome.good.slice(0, 7)) && state.range.includes(outcome.bad.slice(0, 7)))
      return i.number;
  }
  return undefined;
}

/** The calibrated noise of the benchmark (refined by the journal), the journal's bands for the rest. */
async function noiseFor(
  run: BisectRun,
  side: Side,
  entries: readonly JournalEntry[],
): Promise<{ config: TriageConfig; files: NoiseFile[] }> {
  const files = await readNoiseFiles(run.client, run.context.repository, run.journalRef, run.journal.paths, side);
  return { config: withNoise(run.config, files, entries).config, files };
}

async function commitInfo(
  client: GitHubClient,
  repo: RepoRef,
  sha: string,
  messages: ReadonlyMap<string, string>,
): Promise<BisectCommit> {
  const pulls = await client.rest.repos
    .listPullRequestsAssociatedWithCommit({ ...repo, commit_sha: sha, per_page: 5 })
    .then(({ data }) => mergedPullsOf(data))
    .catch(() => []);
  return { sha, ...(messages.get(sha) ? { message: messages.get(sha)! } : {}), ...(pulls.length ? { pulls } : {}) };
}

function runIdOf(entry: JournalEntry): number | undefined {
  const match = /\/actions\/runs\/(\d+)/.exec(entry.runUrl ?? '');
  return match ? Number(match[1]) : undefined;
}

function relabel(side: Side, label: Side['label']): Side {
  return { ...side, label };
}

/** bisect mode: dispatch the benchmark workflow on commits between good and bad until one step is left. */
export async function bisectMode({ inputs, settings, journal, alerts, context, client }: ActionRun): Promise<void> {
  if (!client || !onGitHub(context))
    throw new ConfigError(
      'github-token',
      'required in bisect mode (actions: write to dispatch and cancel runs, actions: read for their artifacts, issues: write for the result)',
    );
  const bisect = parseBisectSettings(inputs.bisect);
  const branch = defaultBranch(context) ?? (await client.rest.repos.get({ ...context.repository })).data.default_branch;
  const config = buildConfig(inputs.raw);
  const authors = await commentAuthors(client, settings.commentAuthor);
  await timedGroup('perf-triage: bisect', () =>
    runBisect({
      client,
      context,
      settings: bisect,
      config,
      artifact: {
        name: settings.artifactName,
        maxBytes: settings.artifactMaxBytes,
        patterns: inputs.results.length ? inputs.results : ['**'],
        format: inputs.inputFormat,
        maxBadLineRatio: config.maxBadLineRatio,
      },
      journal,
      journalRef: journal.branch || branch,
      defaultBranch: branch,
      alertLabel: alerts.labels[0],
      authors,
    }),
  );
}
