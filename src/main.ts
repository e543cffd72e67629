// The action: read inputs, compare the results with the baseline, write the JSON report, the job
// summary and the outputs, then publish on GitHub and keep the journal, and fail the step when the
// outcome says so. One run(), one setFailed.
//
// Modes, from the event that started the workflow:
// - pull_request: results and baseline from the workspace (or `baseline: journal`); one PR comment.
// - workflow_run (fork-safe): results from the triggering run's artifact; the PR found from the run's
//   head as GitHub reports it; a check run on the PR's head SHA carries the outcome.
// - issue_comment: `/perf accept` / `/perf help` on a pull request; no benchmark runs.
// - push to the default branch (record mode): the result goes into the journal, the baseline moves.

import { writeFile } from 'node:fs/promises';
import * as core from '@actions/core';
import { buildConfig, ConfigError, type TriageConfig } from './config/config';
import { InputError } from './ingest/errors';
import type { TextSource } from './ingest/source';
import { loadSide } from './io/load-side';
import { sideFromSources } from './ingest/side';
import { loadProfiles } from './io/load-profiles';
import { loadQuality, loadQualityInputs } from './io/load-quality';
import { readQuality } from './ingest/quality/read';
import type { QualityInput } from './model/quality';
import { readProfile } from './ingest/profile/read';
import type { ProfileInputs } from './report/profiles';
import type { Side } from './model/run';
import { applyAcceptance, triage } from './report/triage';
import { pairBenchmarks } from './report/groups';
import type { Report } from './report/model';
import { renderJson } from './render/json';
import { codeText } from './render/escape';
import { attributionFor, headline } from './render/summary';
import { leadMetric } from './report/lead';
import type { JournalEntry } from './journal/schema';
import type { Acceptance } from './report/model';
import { parseAlertSettings, raiseAlerts } from './action/alert-mode';
import { runCalibrate } from './action/calibrate-mode';
import { parseBisectSettings, runBisect } from './action/bisect-mode';
import { confirmIfNeeded, parseConfirmSettings } from './action/confirm';
import { readNoiseFiles, withNoise } from './action/noise';
import { readInputs, type ActionInputs } from './action/inputs';
import { fail, info, timedGroup, warning } from './action/log';
import { artifactBaseline, journalBaseline, usesArtifactBaseline, usesJournalBaseline } from './action/baseline';
import { runCommand } from './action/command-mode';
import { writeDigests } from './action/digest-out';
import { readHistory, withHistory, type History } from './action/history';
import { parseJournalSettings, type JournalSettings } from './action/journal-settings';
import { createClient, statusOf, type GitHubClient } from './github/client';
import { ContextError, onGitHub, readContext, runUrl, type GitHubContext, type RepoRef } from './github/context';
import { DEFAULT_ARTIFACT_LIMITS } from './github/artifact';
import { entryName, inArtifact, pooledArtifacts, runArtifact } from './action/artifact-side';
import { resolvePullRequest } from './github/pull-request';
import { commentAuthors } from './github/identity';
import { findAcceptance } from './github/acceptance';
import { publishComment, publishOutcomeCheck } from './github/publish';
import { fitReport, JOB_SUMMARY_LIMIT } from './github/fit';
import { needing, permissionError, PermissionError } from './github/permissions';
import { recordResults } from './github/record';
import { CommitError } from './github/git-commit';
import { parseGitHubSettings, type GitHubSettings } from './github/settings';

type OnGitHub = GitHubContext & { repository: RepoRef };

export async function run(env: Record<string, string | undefined> = process.env): Promise<void> {
  try {
    const inputs = readInputs();
    const settings = parseGitHubSettings(inputs.github);
    const journal = parseJournalSettings(inputs.journal);
    const alerts = parseAlertSettings(inputs.alerts);
    const confirm = parseConfirmSettings(inputs.confirm);
    const context = readContext(env);
    const client = settings.token && onGitHub(context) ? createClient({ token: settings.token, baseUrl: context.apiUrl, log: { debug: core.debug, info: (m) => info(m), warn: (m) => warning(m), error: (m) => warning(m) } }) : undefined;

    if (context.eventName === 'issue_comment') {
      if (!client || !onGitHub(context)) throw new ConfigError('github-token', 'required to answer /perf commands');
      const authors = await commentAuthors(client, settings.commentAuthor);
      await runCommand(client, context, { ...(settings.group ? { group: settings.group } : {}), authors, checkName: settings.checkName });
      return;
    }

    const mode = inputs.mode.trim().toLowerCase();
    if (mode === 'calibrate') {
      if (inputs.results.length === 0) throw new ConfigError('results', 'required in calibrate mode: the result files of 4 or more runs of one build');
      const config = buildConfig(inputs.raw);
      const runs = await timedGroup('perf-triage: read the runs', () => readSide('base', inputs.results, inputs, config, undefined));
      const branch = journal.branch || defaultBranch(context) || 'main';
      const commit = client && onGitHub(context) && journal.mode !== 'off' ? { client, repo: context.repository, branch, runId: context.runId } : undefined;
      await timedGroup('perf-triage: calibrate', () => runCalibrate({ runs, config, ...(inputs.runner || env.RUNNER_NAME ? { runner: inputs.runner || env.RUNNER_NAME } : {}), journal, ...(commit ? { commit } : {}) }));
      return;
    }
    if (mode === 'bisect') {
      if (!client || !onGitHub(context)) throw new ConfigError('github-token', 'required in bisect mode (actions: write to dispatch and cancel runs, actions: read for their artifacts, issues: write for the result)');
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
          artifact: { name: settings.artifactName, maxBytes: settings.artifactMaxBytes, patterns: inputs.results.length ? inputs.results : ['**'], format: inputs.inputFormat, maxBadLineRatio: config.maxBadLineRatio },
          journal,
          journalRef: journal.branch || branch,
          defaultBranch: branch,
          alertLabel: alerts.labels[0],
          authors,
        }),
      );
      return;
    }
    if (mode !== 'auto') throw new ConfigError('mode', `"${inputs.mode}" is not one of auto, calibrate, bisect`);

    if (inputs.results.length === 0) throw new ConfigError('results', 'required: one or more result files or globs');
    if (inputs.baseline.length === 0 && !inputs.digest) throw new ConfigError('baseline', 'required: the baseline result file(s), "journal" or "artifact" (or set digest to only write this run\'s digest)');
    const config = buildConfig(inputs.raw);
    const runId = settings.workflowRunId || context.workflowRun?.id || 0;
    const recording = shouldRecord(journal, context);
    const journalRef = journal.branch || defaultBranch(context) || 'main';
    // The history only adds to the report: when it cannot be read (no contents permission, say),
    // the comparison goes on without it and the log says why.
    const history =
      client && onGitHub(context) && journal.mode !== 'off'
        ? await readHistory(client, context.repository, journalRef, journal).catch((error: unknown) => {
            const missing = permissionError(error, `the journal on ${journalRef} was not read`);
            // Only an HTTP refusal is about permissions; a journal file that cannot be used says what is wrong with it.
            const status = statusOf(error);
            warning(
              missing
                ? `${missing.message}; noise bands and drift from the history are left out (or set journal: false)`
                : status !== undefined
                  ? `the journal on ${journalRef} was not read (HTTP ${status}): noise bands and drift from the history are left out (or set journal: false)`
                  : `the journal on ${journalRef} was not read: ${String((error as Error)?.message ?? error)}; noise bands and drift from the history are left out`,
            );
            return undefined;
          })
        : undefined;

    const started = Date.now();
    const artifact = runId ? await timedGroup('perf-triage: download the results artifact', () => artifactSources(client, context, settings, runId, confirm.attempts > 1)) : undefined;
    const head = await timedGroup('perf-triage: read results', () => readSide('head', inputs.results, inputs, config, artifact, true));
    if (inputs.digest) {
      const written = await writeDigests(head, inputs.digest, inputs.shard, new Date().toISOString());
      core.setOutput('digest-paths', written.join('\n'));
      info(`digest written: ${written.join(', ')}`);
      if (inputs.baseline.length === 0) return;
    }
    let firstBaseline = new Set<string>();
    const base = await timedGroup('perf-triage: read baseline', async () => {
      if (usesArtifactBaseline(inputs.baseline)) {
        const branch = await needing('the default branch was not read', async () => defaultBranch(context) ?? (client && onGitHub(context) ? (await client.rest.repos.get({ ...context.repository })).data.default_branch : 'main'));
        const found = await needing('the baseline artifact was not read', () =>
          artifactBaseline(client, context.repository, {
            workflowRunId: runId || context.runId,
            branch,
            artifactName: settings.artifactName,
            limits: { ...DEFAULT_ARTIFACT_LIMITS, maxArchiveBytes: settings.artifactMaxBytes },
            resultPatterns: inputs.results,
          }),
        );
        info(found.description);
        return sideFromSources('base', found.sources, { maxBadLineRatio: config.maxBadLineRatio, format: inputs.inputFormat });
      }
      if (!usesJournalBaseline(inputs.baseline)) return readSide('base', inputs.baseline, inputs, config, artifact);
      const found = await needing(`the baseline was not read from the journal on ${journalRef}`, () => journalBaseline(client, context.repository, journalRef, journal.paths, head));
      if (found.missing.length && !recording) {
        throw new InputError('baseline', `the journal on ${journalRef} has no baseline for ${found.missing.map((m) => `"${m}"`).join(', ')} yet: record one with a push to the default branch, or give baseline files`);
      }
      firstBaseline = new Set(found.missing);
      // A benchmark recorded for the first time is compared with itself: its entry starts the history.
      const selfRuns = head.runs.filter((r) => found.missing.includes(r.meta.benchmark ?? 'benchmark'));
      return { label: 'base' as const, runs: [...found.side.runs, ...selfRuns] };
    });
    // The runner's calibration (the noise file in the journal), refined by the history since; else the history's bands.
    const noiseFiles =
      client && onGitHub(context) && journal.mode !== 'off'
        ? await readNoiseFiles(client, context.repository, journalRef, journal.paths, head).catch((error: unknown) => {
            warning(`the noise calibration on ${journalRef} was not read (${statusOf(error) !== undefined ? `HTTP ${statusOf(error)}` : String((error as Error)?.message ?? error)}): the journal's bands or the defaults apply`);
            return [];
          })
        : [];
    const noise = noiseFiles.length ? withNoise(config, noiseFiles, history?.entries) : undefined;
    const profiles = await timedGroup('perf-triage: read profiles', () => readProfiles(inputs, artifact));
    const quality = await readQualityFiles(inputs, artifact);
    let report = await timedGroup('perf-triage: compare and diagnose', async () => {
      const judged = noise ? noise.config : history ? withHistory(config, history) : config;
      const compared = triage(base, head, judged, { ...(profiles ? { profiles } : {}), ...(quality ? { quality } : {}) });
      const r = noise?.sources.length ? { ...compared, noise: noise.sources } : compared;
      info(`compared ${r.benchmarks.reduce((s, b) => s + b.metrics.length, 0)} metric(s) in ${Date.now() - started} ms: ${r.verdict}`);
      return history ? history.annotate(r) : r;
    });

    // Reads that decide the report (which pull request, a maintainer's acceptance) come first; then
    // the report, the JSON and the job summary are written; only then is anything published, so a
    // failed publish (a permission the workflow did not grant) never costs the report.
    const onPullRequest = context.pullRequest !== undefined || runId !== 0;
    const target = client && onGitHub(context) && onPullRequest ? await timedGroup('perf-triage: find the pull request', () => findTarget(client, context, settings, report, runId)) : undefined;
    if (target?.acceptance && report.outcome.fail) {
      report = applyAcceptance(report, target.acceptance);
      info(`regression accepted by ${target.acceptance.by} for ${target.acceptance.sha.slice(0, 7)}`);
    }
    // Confirm before crying wolf: a verdict more runs could change re-runs the benchmark run first.
    if (runId && client && onGitHub(context) && confirm.attempts > 1 && !recording) {
      const pooled = new Set((artifact ?? []).map((s) => /^artifact@(\d+):/.exec(s.name)?.[1] ?? '0')).size;
      const attempt = Math.max(pooled, Number((context.payload.workflow_run as { run_attempt?: unknown } | undefined)?.run_attempt) || 1);
      report = await confirmIfNeeded({ client, repo: context.repository, runId, attempt, report, settings: confirm });
    }
    await writeFile(inputs.reportPath, renderJson(report));
    if (inputs.writeSummary) await writeJobSummary(report, inputs.reportPath);
    setOutputs(report, inputs.reportPath);
    const first = report.benchmarks[0];
    info(first ? `${first.name}: ${headline(first)}` : report.verdict);

    if (client && onGitHub(context) && target) await timedGroup('perf-triage: publish on GitHub', () => publish(client, context, settings, report, runId, target));
    if (!client && (context.pullRequest || runId)) warning('no github-token (or not on GitHub Actions): the report is in the job summary only');

    if (recording) {
      if (!client || !onGitHub(context)) throw new ConfigError('github-token', 'required to record the journal (contents: write)');
      const recorded = await timedGroup('perf-triage: record the journal', () => record(client, context, settings, journal, journalRef, report, base, head, firstBaseline));
      if (alerts.mode !== 'off') await timedGroup('perf-triage: alerts', () => raiseAlerts({ client, repo: context.repository, options: alerts, authors: recorded.authors, history: history?.entries ?? [], recorded: recorded.entries, report, config }));
    }

    // In workflow_run mode the check run carries the outcome to the PR; this run itself succeeded.
    // On the default branch the change is in: it is journaled (flagged when unaccepted), not failed.
    if (report.outcome.fail && recording) warning(`perf-triage: recorded on ${journalRef} - ${report.outcome.reasons.join('; ')}`);
    if (report.outcome.fail && !runId && !recording) fail(`perf-triage: ${report.outcome.reasons.join('; ')}`);
  } catch (error) {
    if (error instanceof InputError || error instanceof ConfigError || error instanceof ContextError || error instanceof CommitError || error instanceof PermissionError) fail(`perf-triage: ${error.message}`);
    else fail(`perf-triage failed unexpectedly: ${(error as Error)?.stack ?? String(error)}`);
  }
}

/**
 * The job summary, fitted to the runner's 1 MiB with the comment's levels of detail; a summary that
 * had to be shortened points to the JSON report, which always holds everything.
 */
async function writeJobSummary(report: Report, reportPath: string): Promise<void> {
  const fitted = fitReport(report, { limit: JOB_SUMMARY_LIMIT, unit: 'bytes', fullReport: `the JSON report \`${codeText(reportPath, 200)}\` (the \`report-path\` output; upload it to keep it)` });
  if (fitted.detail !== 'full' || fitted.truncated) info(`job summary ${fitted.truncated ? 'cut' : `at ${fitted.detail} detail`} to fit the runner's 1 MiB`);
  await core.summary.addRaw(fitted.body).write();
}

function defaultBranch(context: GitHubContext): string | undefined {
  const repository = context.payload.repository as { default_branch?: unknown } | undefined;
  return typeof repository?.default_branch === 'string' ? repository.default_branch : undefined;
}

/** Record on a push to the default branch (auto), always, or never. */
function shouldRecord(journal: JournalSettings, context: GitHubContext): boolean {
  if (journal.mode === 'off' || journal.record === 'never') return false;
  if (journal.record === 'always') return true;
  const branch = defaultBranch(context);
  return context.eventName === 'push' && branch !== undefined && context.payload.ref === `refs/heads/${branch}`;
}

/** The artifact's files as sources, named "artifact:<entry>"; with confirming re-runs, every attempt's. */
async function artifactSources(client: GitHubClient | undefined, context: GitHubContext, settings: GitHubSettings, runId: number, pooled: boolean): Promise<TextSource[]> {
  if (!client || !onGitHub(context)) throw new ConfigError('github-token', 'required in workflow_run mode, to download the results artifact');
  if (pooled) {
    const found = await needing(`the artifacts "${settings.artifactName}" of run ${runId} were not read`, () => pooledArtifacts(client, context.repository, runId, settings.artifactName, settings.artifactMaxBytes));
    info(`artifacts "${settings.artifactName}" of run ${runId}: ${found.attempts.length} attempt(s) pooled, ${found.sources.length} file(s)${found.expired.length ? `; expired: ${found.expired.join(', ')}` : ''}`);
    return found.sources;
  }
  const files = await needing(`the artifact "${settings.artifactName}" of run ${runId} was not read`, () => runArtifact(client, context.repository, runId, settings.artifactName, settings.artifactMaxBytes));
  info(`artifact "${settings.artifactName}" of run ${runId}: ${files.length} file(s)`);
  return files;
}

/**
 * A side from the artifact's files that match the patterns; results must come from the artifact in
 * workflow_run mode, a baseline may also come from the workspace (the base branch's checkout).
 */
async function readSide(label: Side['label'], patterns: string[], inputs: ActionInputs, config: TriageConfig, artifact: TextSource[] | undefined, fromArtifactOnly = false): Promise<Side> {
  const options = { maxBadLineRatio: config.maxBadLineRatio, format: inputs.inputFormat };
  let side: Side;
  if (artifact) {
    const matched = fromArtifact(artifact, patterns, fromArtifactOnly ? 'results' : undefined);
    side = matched.length ? await sideFromSources(label, matched, options) : await loadSide(label, patterns, options);
  } else {
    side = await loadSide(label, patterns, options);
  }
  for (const r of side.runs) {
    for (const s of r.sources) {
      info(`${s.file}: ${s.format}, ${s.recordsKept} of ${s.recordsRead} records kept${s.skipped ? `, ${s.skipped} skipped` : ''}`);
      for (const issue of s.issues.slice(0, 5)) info(`  line ${issue.line}${issue.field ? ` ${issue.field}` : ''}: ${issue.message}`);
      for (const w of s.warnings) info(`  ${w}`);
    }
  }
  return side;
}

/**
 * The artifact's files that match the patterns. A head-side input (results, profile, quality) must
 * match in the artifact: the workspace holds the default branch's checkout, and reading this run's
 * files from there would compare the baseline with itself.
 */
function fromArtifact(artifact: TextSource[], patterns: readonly string[], headInput: string | undefined): TextSource[] {
  const matched = inArtifact(artifact, patterns);
  if (matched.length === 0 && headInput && patterns.length) {
    throw new InputError('artifact', `no file matches ${patterns.join(', ')} (${headInput}; it holds ${artifact.map(entryName).slice(0, 10).join(', ') || 'nothing'})`);
  }
  return matched;
}

/** Profiler exports: this run's from the artifact in workflow_run mode, else from the workspace. */
async function readProfiles(inputs: ActionInputs, artifact: TextSource[] | undefined): Promise<ProfileInputs | undefined> {
  if (inputs.profiles.length === 0 && inputs.baselineProfiles.length === 0) return undefined;
  const read = async (patterns: string[], input: string, head: boolean) => {
    const matched = artifact ? fromArtifact(artifact, patterns, head ? input : undefined) : [];
    const found = matched.length ? await Promise.all(matched.map((s) => readProfile(s))) : await loadProfiles(patterns, input);
    for (const p of found) info(p.kind === 'split' ? `${p.totals.file}: ${p.totals.format}, ${p.totals.steps.length} step(s)` : `${p.ncu.file}: Nsight Compute, ${p.ncu.kernels.length} kernel(s)`);
    return found;
  };
  return { base: await read(inputs.baselineProfiles, 'baseline-profile', false), head: await read(inputs.profiles, 'profile', true) };
}

/** Quality files: this run's from the artifact in workflow_run mode, the baseline's from it when it holds them. */
async function readQualityFiles(inputs: ActionInputs, artifact: TextSource[] | undefined): Promise<{ base: QualityInput[]; head: QualityInput[] } | undefined> {
  // No artifact, or not both sides given (which loadQualityInputs refuses, or passes over when neither is).
  if (!artifact || inputs.quality.length === 0 || inputs.baselineQuality.length === 0) return loadQualityInputs(inputs.baselineQuality, inputs.quality);
  const head = fromArtifact(artifact, inputs.quality, 'quality');
  const base = fromArtifact(artifact, inputs.baselineQuality, undefined);
  return {
    base: base.length ? await Promise.all(base.map((s) => readQuality(s))) : await loadQuality(inputs.baselineQuality, 'baseline-quality'),
    head: await Promise.all(head.map((s) => readQuality(s))),
  };
}

/** Where the report goes on GitHub, and the acceptance that applies to it. */
interface Target {
  group: string;
  pullNumber?: number;
  headSha?: string;
  authors: string[];
  acceptance?: Acceptance;
}

/**
 * The pull request (from the event, or in workflow_run mode from the triggering run as GitHub reports
 * it), whose comments count as ours, and a maintainer's /perf accept for this very commit. A read the
 * token may not make (HTTP 403) is said, with the permission it needs, and the run goes on without it.
 */
async function findTarget(client: GitHubClient, context: OnGitHub, settings: GitHubSettings, report: Report, runId: number): Promise<Target> {
  const group = commentGroup(settings, report);
  let pullNumber = context.pullRequest?.number;
  let headSha = context.pullRequest?.headSha;
  if (runId) {
    const resolution = await softly(`the pull request of run ${runId} was not found`, () => resolvePullRequest(client, context.repository, runId));
    if (!resolution) {
      pullNumber = undefined;
      headSha = undefined;
    } else if ('skip' in resolution) {
      info(`no pull request to comment on: ${resolution.skip}`);
      pullNumber = undefined;
      headSha = resolution.run?.headSha;
    } else {
      pullNumber = resolution.pull.number;
      headSha = resolution.pull.headSha;
      info(`run ${runId} belongs to pull request #${pullNumber} (head ${headSha.slice(0, 7)})`);
    }
  }
  const authors = await commentAuthors(client, settings.commentAuthor);
  // A maintainer's /perf accept for this very commit turns the outcome green.
  const acceptance =
    pullNumber !== undefined && headSha && report.outcome.fail
      ? await softly(`the acceptances on #${pullNumber} were not read`, () => findAcceptance(client, { repo: context.repository, issueNumber: pullNumber, group, authors }, headSha))
      : undefined;
  return { group, authors, ...(pullNumber !== undefined ? { pullNumber } : {}), ...(headSha ? { headSha } : {}), ...(acceptance ? { acceptance } : {}) };
}

/** Runs a GitHub call whose 403 is not fatal: says which permission it needs and returns undefined. */
async function softly<T>(what: string, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    const missing = permissionError(error, what);
    if (!missing) throw error;
    warning(missing.message);
    return undefined;
  }
}

/** The check run (workflow_run mode) and the comment; each says what it needs when refused. */
async function publish(client: GitHubClient, context: OnGitHub, settings: GitHubSettings, report: Report, runId: number, target: Target): Promise<void> {
  const summaryUrl = runUrl(context);
  const stamp = `${context.runId}.${context.runAttempt}`;
  const { group, pullNumber, headSha } = target;
  if (runId && headSha) {
    const check = await softly(`the check run "${settings.checkName}" was not written`, () =>
      publishOutcomeCheck({ client, repo: context.repository, report, headSha, name: settings.checkName, detailsUrl: summaryUrl, externalId: `perf-triage:${group}:${runId}` }),
    );
    if (check) {
      core.setOutput('check-run-id', String(check.id));
      info(`check run "${settings.checkName}" on ${headSha.slice(0, 7)}: ${report.outcome.fail ? 'failure' : 'done'}`);
    }
  }
  if (pullNumber === undefined) return;
  const result = await softly(`the comment on #${pullNumber} was not written`, () =>
    publishComment({ client, context, report, pullNumber, group, authors: target.authors, mode: settings.comment, summaryUrl, stamp, ...(headSha ? { headSha } : {}), ...(context.workflowPath ? { workflow: context.workflowPath } : {}) }),
  );
  if (!result) return;
  if (result.skipped) {
    info(result.skipped);
    return;
  }
  const comment = result.comment!;
  core.setOutput('comment-id', String(comment.id));
  core.setOutput('comment-url', comment.url);
  core.setOutput('pull-request', String(pullNumber));
  info(`comment ${comment.action} on #${pullNumber}${comment.removed ? ` (${comment.removed} duplicate(s) removed)` : ''}${result.detail && result.detail !== 'full' ? ` (${result.detail} to fit)` : ''}`);
}

/** The comment group: the input, else the first benchmark's name. The acceptance is found under it too. */
function commentGroup(settings: GitHubSettings, report: Report): string {
  return settings.group || report.benchmarks[0]?.name || 'perf-triage';
}

/** Record mode: the journal entry, with the merged PR's acceptance when there was one. */
async function record(client: GitHubClient, context: OnGitHub, settings: GitHubSettings, journal: JournalSettings, branch: string, report: Report, base: Side, head: Side, firstBaseline: ReadonlySet<string>): Promise<{ entries: JournalEntry[]; authors: string[] }> {
  const heads = pairBenchmarks(base, head).pairs.map((p) => p.head);
  // Without the merged pull request the entry is recorded still, without its number or acceptance.
  const pulls = (await softly(`the pull request merged as ${context.sha.slice(0, 7)} was not read (the entry is recorded without it)`, async () => (await client.rest.repos.listPullRequestsAssociatedWithCommit({ ...context.repository, commit_sha: context.sha })).data)) ?? [];
  const merged = pulls.find((p) => p.merged_at) ?? pulls[0];
  const group = commentGroup(settings, report);
  const authors = await commentAuthors(client, settings.commentAuthor).catch(() => []);
  const acceptance = merged ? await softly(`the acceptances on #${merged.number} were not read`, () => findAcceptance(client, { repo: context.repository, issueNumber: merged.number, group, authors }, merged.head.sha)) : undefined;
  const result = await recordResults({
    client,
    repo: context.repository,
    branch,
    paths: journal.paths,
    report,
    heads,
    runId: String(context.runId),
    recordedAt: new Date().toISOString(),
    commit: context.sha,
    runUrl: runUrl(context),
    ...(merged ? { pullRequest: { number: merged.number, title: merged.title, url: merged.html_url } } : {}),
    ...(acceptance ? { acceptance } : {}),
    firstBaseline,
  });
  core.setOutput('journal-commit', result.commit ?? '');
  info(result.skipped ? `journal: ${result.skipped}` : `journal: ${result.entries.map((e) => `${e.benchmark} ${e.kind}`).join(', ')} recorded in ${result.commit?.slice(0, 7)} on ${branch}`);
  return { entries: result.entries, authors };
}

function setOutputs(report: Report, reportPath: string): void {
  const regressed = report.benchmarks.flatMap((b) => b.metrics.filter((m) => m.verdict === 'regressed').map((m) => m.spec.key));
  const first = report.benchmarks[0];
  const lead = first ? leadMetric(first) : undefined;
  const dominant = first && lead ? attributionFor(first, lead)?.dominant ?? '' : '';
  core.setOutput('verdict', report.verdict);
  core.setOutput('outcome', report.outcome.fail ? 'fail' : 'pass');
  core.setOutput('regressed-metrics', regressed.join(','));
  core.setOutput('dominant-phase', dominant);
  core.setOutput('slo-breached', String(report.benchmarks.some((b) => b.sloBreaches.length > 0)));
  core.setOutput('report-path', reportPath);
}

export type { History };
