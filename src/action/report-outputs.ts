// The report where the workflow reads it: the JSON file, the job summary and the step's outputs.

import { writeFile } from 'node:fs/promises';
import * as core from '@actions/core';
import type { Report } from '../report/model';
import { renderJson } from '../render/json';
import { codeText } from '../render/escape';
import { attributionFor, headline } from '../render/summary';
import { leadMetric } from '../report/lead';
import { fitReport, JOB_SUMMARY_LIMIT } from '../github/fit';
import { info } from './log';

/** The JSON report, the job summary (unless job-summary: false), the outputs, and the headline in the log. */
export async function writeReportOutputs(report: Report, reportPath: string, writeSummary: boolean): Promise<void> {
  await writeFile(reportPath, renderJson(report));
  if (writeSummary) await writeJobSummary(report, reportPath);
  setOutputs(report, reportPath);
  const first = report.benchmarks[0];
  info(first ? `${first.name}: ${headline(first)}` : report.verdict);
}

/**
 * The job summary, fitted to the runner's 1 MiB with the comment's levels of detail; a summary that
 * had to be shortened points to the JSON report, which always holds everything.
 */
async function writeJobSummary(report: Report, reportPath: string): Promise<void> {
  const fitted = fitReport(report, {
    limit: JOB_SUMMARY_LIMIT,
    unit: 'bytes',
    fullReport: `the JSON report \`${codeText(reportPath, 200)}\` (the \`report-path\` output; upload it to keep it)`,
  });
  if (fitted.detail !== 'full' || fitted.truncated)
    info(`job summary ${fitted.truncated ? 'cut' : `at ${fitted.detail} detail`} to fit the runner's 1 MiB`);
  await core.summary.addRaw(fitted.body).write();
}

function setOutputs(report: Report, reportPath: string): void {
  const regressed = report.benchmarks.flatMap((b) =>
    b.metrics.filter((m) => m.verdict === 'regressed').map((m) => m.spec.key),
  );
  const first = report.benchmarks[0];
  const lead = first ? leadMetric(first) : undefined;
  const dominant = first && lead ? (attributionFor(first, lead)?.dominant ?? '') : '';
  core.setOutput('verdict', report.verdict);
  core.setOutput('outcome', report.outcome.fail ? 'fail' : 'pass');
  core.setOutput('regressed-metrics', regressed.join(','));
  core.setOutput('dominant-phase', dominant);
  core.setOutput('slo-breached', String(report.benchmarks.some((b) => b.sloBreaches.length > 0)));
  core.setOutput('report-path', reportPath);
}
