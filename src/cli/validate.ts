// `perf-triage validate FILE…`: what perf-triage makes of each file — the format it detected (and the
// tool version where the file says), the runs with each one's workload label, the requests, metrics and
// phases it found — and every problem. Exit 0 only when every file is usable.

import { resolve } from 'node:path';
import { InputError, formatIssue } from '../ingest/errors';
import { ADAPTERS, ingestRuns } from '../ingest/ingest';
import { keyLabel, workloadKey } from '../model/workload-key';
import { fileSource } from '../io/file-source';
import { expandPatterns } from '../io/glob';
import { METRICS, PHASES, type MetricId } from '../metrics/catalog';
import { makeSpec, MEAN, percentile } from '../metrics/metric-spec';
import { metricSeries, phaseColumn } from '../metrics/values';
import type { Run } from '../model/run';
import { plainText } from '../render/escape';
import { grouped } from '../display/numbers';
import type { CliIo } from './run';
import { parseCliArgs, UsageError } from './usage-error';

export async function runValidate(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCliArgs(
    {
      args: [...args],
      options: { 'input-format': { type: 'string' }, 'max-bad-lines': { type: 'string' } },
      allowPositionals: true,
      strict: true,
    },
    'validate',
  );
  const { values, positionals } = parsed;
  if (positionals.length === 0) throw new UsageError('validate needs one or more files: perf-triage validate FILE…');
  const maxBadLineRatio = values['max-bad-lines'] === undefined ? 0.05 : Number(values['max-bad-lines']);
  if (!(maxBadLineRatio >= 0 && maxBadLineRatio <= 1))
    throw new UsageError(`--max-bad-lines "${values['max-bad-lines']}" is not a share between 0 and 1`);
  const { files, unmatched } = expandPatterns(positionals, io.cwd);
  let usable = unmatched.length === 0;
  for (const pattern of unmatched) io.stdout(`✗ ${plainText(pattern)}: no file matches this pattern\n`);
  for (const file of files) {
    try {
      const runs = await ingestRuns(
        await fileSource(resolve(io.cwd, file), file),
        { maxBadLineRatio },
        values['input-format'],
      );
      io.stdout(describeFile(file, runs));
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      usable = false;
      io.stdout(`✗ ${plainText(error.message, 2000)}\n`);
    }
  }
  return usable ? 0 : 1;
}

function describeFile(file: string, runs: Run[]): string {
  const first = runs[0]?.sources[0];
  const format = first ? formatName(first.format) : 'unknown format';
  const version = first?.toolVersion ? `, written by ${plainText(first.toolVersion, 80)}` : '';
  const lines = [`✓ ${plainText(file)}: ${format}${version}, ${runs.length} run${runs.length === 1 ? '' : 's'}`];
  runs.forEach((run, i) => {
    const label = runs.length > 1 ? `  run ${run.repeat ?? i + 1}: ` : '  ';
    const source = run.sources[0];
    // The workload key is what makes runs repeats of one benchmark, and what the comparison matches on.
    const key = keyLabel(workloadKey(run));
    lines.push(`${label}workload: ${key ? plainText(key, 400) : 'not recorded in the file'}`);
    const parts: string[] = [];
    if (run.requests)
      parts.push(
        `${grouped(run.requests.length)} requests (${grouped(source?.recordsRead ?? 0)} read, ${grouped(source?.skipped ?? 0)} skipped)`,
      );
    if (run.summaries.length) parts.push(`${run.summaries.length} summary values`);
    if (run.histograms?.length) parts.push(`histograms: ${run.histograms.map((h) => h.metric).join(', ')}`);
    if (run.server) parts.push(`server stats: ${Object.keys(run.server).join(', ')}`);
    lines.push(`${' '.repeat(label.length)}${parts.join('; ') || 'nothing usable'}`);
    if (run.requests) {
      lines.push(`    metrics per request: ${requestMetrics(run).join(', ') || 'none'}`);
      const phases = PHASES.filter((p) => phaseColumn(run.requests!, p));
      lines.push(
        `    phases: ${phases.join(', ') || 'none (no phase decomposition possible)'}${run.requests.tokenGaps ? '; every token gap' : ''}`,
      );
    }
    if (run.summaries.length) {
      const keys = [...new Set(run.summaries.map((s) => `${s.metric} ${s.stat}`))];
      lines.push(
        `    summaries: ${plainText(keys.slice(0, 24).join(', '), 1000)}${keys.length > 24 ? `, … (${keys.length} in all)` : ''}`,
      );
    }
    for (const s of run.sources) {
      for (const issue of s.issues) lines.push(`    problem: ${plainText(formatIssue(issue), 400)}`);
      if (s.skipped > s.issues.length)
        lines.push(`    … and ${grouped(s.skipped - s.issues.length)} more skipped records`);
      for (const w of s.warnings) lines.push(`    warning: ${plainText(w, 400)}`);
    }
  });
  return lines.join('\n') + '\n';
}

function requestMetrics(run: Run): string[] {
  const out: string[] = [];
  for (const id of Object.keys(METRICS) as MetricId[]) {
    const metric = METRICS[id];
    const spec = makeSpec(metric, metric.level === 'run' ? MEAN : percentile(50));
    if (metricSeries(run.requests!, spec).ok) out.push(id);
  }
  return out;
}

/** "aiperf (NVIDIA AIPerf export)": the id a format is forced with, and its name. */
function formatName(id: string): string {
  const adapter = ADAPTERS.find((a) => a.id === id || id.startsWith(`${a.id}-`) || id.startsWith(`${a.id} `));
  return adapter ? `${id} (${adapter.label})` : id;
}
