// A copy of a run as if everything took `factor` times as long: every duration ×factor, arrival
// gaps ×factor (so measured request rates ÷factor), token gaps ×factor, summary latencies ×factor
// and summary rates ÷factor. The workload (lengths, counts, the rate or concurrency asked for,
// metadata) is unchanged: the same experiment, slower. Used by the verdict-truth tests on real files.
import { DURATION_FIELDS } from '../../src/model/fields';
import type { RequestTable, Run, Side, SummaryValue } from '../../src/model/run';

export function scaleRun(run: Run, factor: number): Run {
  const out: Run = { ...run, summaries: run.summaries.map((s) => scaleSummary(s, factor)) };
  if (run.requests) out.requests = scaleTable(run.requests, factor);
  if (run.histograms) {
    out.histograms = run.histograms.map((h) => ({
      ...h,
      sum: h.sum * factor,
      buckets: h.buckets.map((b) => ({ ...b, le: b.le * factor })),
    }));
  }
  // The request rate the tool was asked for is a setting of the experiment, not a measurement: it stays.
  if (run.workload?.durationSeconds !== undefined)
    out.workload = { ...run.workload, durationSeconds: run.workload.durationSeconds * factor };
  return out;
}

export function scaleSide(side: Side, factor: number, label: Side['label'] = side.label): Side {
  return { label, runs: side.runs.map((r) => scaleRun(r, factor)) };
}

function scaleTable(table: RequestTable, factor: number): RequestTable {
  const numbers: RequestTable['numbers'] = { ...table.numbers };
  for (const field of DURATION_FIELDS) {
    const column = table.numbers[field];
    if (column) numbers[field] = column.map((v) => v * factor);
  }
  const arrival = table.numbers.arrival_ts;
  if (arrival && arrival.length) {
    const origin = arrival[0];
    numbers.arrival_ts = arrival.map((t) => origin + (t - origin) * factor);
  }
  const extraNumbers = new Map(
    [...table.extraNumbers].map(([k, v]) => [k, /_(ms|s|ns|us)$/.test(k) ? v.map((x) => x * factor) : v]),
  );
  return {
    ...table,
    numbers,
    extraNumbers,
    ...(table.tokenGaps
      ? { tokenGaps: { offsets: table.tokenGaps.offsets, values: table.tokenGaps.values.map((v) => v * factor) } }
      : {}),
  };
}

function scaleSummary(s: SummaryValue, factor: number): SummaryValue {
  const unit = s.unit ?? '';
  const latency =
    [
      'ttft',
      'ttft_client',
      'e2e',
      'itl',
      'tpot',
      'tokenize',
      'queue_wait',
      'prefill',
      'network',
      'decode',
      'detokenize',
    ].includes(s.metric) || unit === 'ms';
  const rate = ['throughput', 'request_throughput'].includes(s.metric) || /\/s$/.test(unit);
  if (latency) return { ...s, value: s.value * factor };
  if (rate) return { ...s, value: s.value / factor };
  return s;
}
