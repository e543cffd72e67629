// The journal's history feeds the verdict: each metric's run-to-run noise band replaces the default
// between-run allowance (and makes one-summary-a-side comparisons decidable), change-point detection
// says when the baseline itself has drifted, and a trend chart goes into the report where it matters.

import type { TriageConfig } from '../config/config';
import { detectDrift, metricHistory, noiseBand } from '../journal/history';
import { describeUnread } from '../journal/jsonl';
import { readJournal } from '../journal/store';
import type { JournalEntry } from '../journal/schema';
import { specLabel } from '../metrics/metric-spec';
import type { BenchmarkReport, Report } from '../report/model';
import { trendChart } from '../render/mermaid';
import { leadMetric } from '../report/lead';
import type { GitHubClient } from '../github/client';
import type { RepoRef } from '../github/context';
import { readRepoFile } from '../github/repo-files';
import type { JournalSettings } from './journal-settings';
import { info } from './log';

export interface History {
  entries: JournalEntry[];
  /** Relative σ per run, by metric key (the widest over the benchmarks that have one). */
  bands: Map<string, number>;
  annotate(report: Report): Report;
}

export async function readHistory(
  client: GitHubClient,
  repo: RepoRef,
  ref: string,
  journal: JournalSettings,
): Promise<History | undefined> {
  // The newest segment and the last full one: a bounded read however long the journal is.
  const view = await readJournal((path) => readRepoFile(client, repo, ref, path), journal.paths, { label: ref });
  if (!view.exists) return undefined;
  const { entries, issues } = view;
  for (const issue of issues.slice(0, 5)) info(`journal: ${describeUnread(issue)}`);
  if (issues.length > 5) info(`journal: … and ${issues.length - 5} more lines not read`);
  const history = historyOf(entries);
  info(`journal on ${ref}: ${entries.length} entries; noise bands for ${history.bands.size} metric(s)`);
  return history;
}

export function historyOf(entries: JournalEntry[]): History {
  const bands = new Map<string, number>();
  for (const benchmark of new Set(entries.map((e) => e.benchmark))) {
    for (const key of new Set(
      entries.filter((e) => e.benchmark === benchmark).flatMap((e) => e.metrics.map((m) => m.key)),
    )) {
      const band = noiseBand(metricHistory(entries, benchmark, key));
      if (band) bands.set(key, Math.max(bands.get(key) ?? 0, band.sigma));
    }
  }
  return { entries, bands, annotate: (report) => annotate(report, entries) };
}

/** The config with the journal's noise bands for the metrics the team set none for. */
export function withHistory(config: TriageConfig, history: History): TriageConfig {
  const runNoise = { ...Object.fromEntries(history.bands), ...config.statistics.runNoise };
  return { ...config, statistics: { ...config.statistics, runNoise } };
}

const WATCHED = ['ttft.p95', 'itl.p99', 'e2e.p95', 'throughput'];

function annotate(report: Report, entries: JournalEntry[]): Report {
  return { ...report, benchmarks: report.benchmarks.map((b) => annotateBenchmark(b, entries)) };
}

function annotateBenchmark(b: BenchmarkReport, entries: JournalEntry[]): BenchmarkReport {
  const lead = leadMetric(b);
  const keys = [...new Set([...(lead ? [lead.spec.key] : []), ...WATCHED])];
  const caveats = [...b.caveats];
  const trends: string[] = [];
  for (const key of keys) {
    const metric = b.metrics.find((m) => m.spec.key === key);
    if (!metric) continue;
    const points = metricHistory(entries, b.name, key);
    if (points.length < 2) continue;
    // Only a recent drift is news; an old step is the baseline's history, shown in the journal.
    const drift = detectDrift(points, { label: specLabel(metric.spec), within: 20 });
    if (drift.sentence) caveats.push({ kind: 'baseline-drift', message: drift.sentence });
    // A trend matters where this PR moved the metric or the history moved on its own.
    if ((metric === lead && b.verdict === 'regressed') || drift.sentence) {
      const chartPoints = points.map((p) => ({ label: p.recordedAt.slice(0, 10), value: p.value }));
      if (metric.head) chartPoints.push({ label: 'this PR', value: metric.head.value });
      trends.push(
        trendChart({
          title: `${b.name}: ${specLabel(metric.spec)}`,
          unit: metric.spec.metric.unit,
          points: chartPoints,
        }),
      );
    }
  }
  return { ...b, caveats, ...(trends.length ? { trends } : {}) };
}
