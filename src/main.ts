// The action: read inputs, compare the results with the baseline, write the job summary and the
// JSON report, set outputs, and fail the step when the outcome says so. One run(), one setFailed.

import { writeFile } from 'node:fs/promises';
import * as core from '@actions/core';
import { buildConfig, ConfigError } from './config/config';
import { InputError } from './ingest/errors';
import { loadSide } from './io/load-side';
import { triage } from './report/build';
import type { Report } from './report/model';
import { renderJson } from './render/json';
import { renderMarkdown } from './render/markdown';
import { headline, leadMetric, attributionFor } from './render/summary';
import { readInputs } from './action/inputs';
import { info, safeLogText } from './action/log';

export async function run(): Promise<void> {
  try {
    const inputs = readInputs();
    if (inputs.results.length === 0) throw new ConfigError('results', 'required: one or more result files or globs');
    if (inputs.baseline.length === 0) throw new ConfigError('baseline', 'required: the baseline result file(s) to compare with');
    const config = buildConfig(inputs.raw);
    const options = { maxBadLineRatio: config.maxBadLineRatio, format: inputs.inputFormat };

    const started = Date.now();
    const base = await core.group('perf-triage: read baseline', async () => {
      const side = await loadSide('base', inputs.baseline, options);
      logSide(side.runs);
      return side;
    });
    const head = await core.group('perf-triage: read results', async () => {
      const side = await loadSide('head', inputs.results, options);
      logSide(side.runs);
      return side;
    });
    const report = await core.group('perf-triage: compare and diagnose', async () => {
      const r = triage(base, head, config);
      info(`compared ${r.benchmarks.reduce((s, b) => s + b.metrics.length, 0)} metric(s) in ${Date.now() - started} ms: ${r.verdict}`);
      return r;
    });

    await writeFile(inputs.reportPath, renderJson(report));
    const markdown = renderMarkdown(report);
    if (inputs.writeSummary) await core.summary.addRaw(markdown).write();
    setOutputs(report, inputs.reportPath);

    const first = report.benchmarks[0];
    info(`${first ? safeLogText(`${first.name}: ${headline(first)}`) : report.verdict}`);
    if (report.outcome.fail) core.setFailed(`perf-triage: ${report.outcome.reasons.join('; ')}`);
  } catch (error) {
    if (error instanceof InputError || error instanceof ConfigError) core.setFailed(`perf-triage: ${error.message}`);
    else core.setFailed(`perf-triage failed unexpectedly: ${(error as Error)?.stack ?? String(error)}`);
  }
}

function logSide(runs: Awaited<ReturnType<typeof loadSide>>['runs']): void {
  for (const run of runs) {
    for (const s of run.sources) {
      info(`${s.file}: ${s.format}, ${s.recordsKept} of ${s.recordsRead} records kept${s.skipped ? `, ${s.skipped} skipped` : ''}`);
      for (const issue of s.issues.slice(0, 5)) info(`  line ${issue.line}${issue.field ? ` ${issue.field}` : ''}: ${issue.message}`);
      for (const w of s.warnings) info(`  ${w}`);
    }
  }
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
