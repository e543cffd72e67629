// Before any phase is blamed (§9 guards): when more requests fail, or the server could not carry its
// load, latency statistics describe a different population (the survivors, or a queue that grew with
// the run), so the diagnosis names that instead of a phase.

import type { MetricComparison } from '../compare/types';
import type { LoadComparison, RunLoad } from '../compare/load';
import type { Side } from '../model/run';
import { textAt } from '../model/columns';
import { compact, duration, grouped, percent, signedPoints } from '../display/numbers';
import { evidence } from './context';
import type { Evidence, Finding } from './hints';

/** Error messages shown per side, most frequent first. */
const TOP_ERRORS = 3;

/** The failed share changed: a finding that names the errors, for every metric it makes incomparable. */
export function failuresFinding(
  failed: MetricComparison | undefined,
  head: Side,
  metrics: string[],
): Finding | undefined {
  if (!failed || (failed.verdict !== 'regressed' && failed.verdict !== 'improved') || !failed.base || !failed.head)
    return undefined;
  const worse = failed.verdict === 'regressed';
  const items: Evidence[] = [
    evidence(
      `failed requests ${percent(failed.base.value)} → ${percent(failed.head.value)} (${signedPoints(failed.difference ?? 0)}) of ${grouped(failed.base.count)} and ${grouped(failed.head.count)} requests sent`,
      {
        baseShare: failed.base.value,
        headShare: failed.head.value,
      },
    ),
  ];
  const errors = topErrors(head);
  if (errors.length)
    items.push(
      evidence(
        `most frequent errors in this run: ${errors.map((e) => `"${e.message}" ×${grouped(e.count)}`).join(', ')}`,
      ),
    );
  items.push(
    evidence(
      'latency percentiles are computed over the requests that succeeded, a different population on each side: no phase is blamed for their change',
    ),
  );
  return {
    hint: 'request-failures',
    phase: null,
    title: worse
      ? `more requests failed: ${percent(failed.head.value)}, baseline ${percent(failed.base.value)}`
      : `fewer requests failed: ${percent(failed.head.value)}, baseline ${percent(failed.base.value)}`,
    status: 'confirmed',
    cause: 'unknown',
    evidence: items,
    nextCheck: worse
      ? 'the server and client logs for these errors (timeouts, 5xx, out of memory); compare latency once both runs succeed alike'
      : 'that the requests which used to fail now succeed as intended; latency now includes them',
    metrics: [failed.spec.key, ...metrics],
  };
}

function topErrors(side: Side): { message: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const run of side.runs) {
    const column = run.requests?.text.error;
    if (!column) continue;
    for (let i = 0; i < column.codes.length; i++) {
      const message = textAt(column, i);
      if (message === undefined) continue;
      counts.set(message, (counts.get(message) ?? 0) + 1);
    }
  }
  return [...counts]
    .map(([message, count]) => ({ message: message.length > 120 ? `${message.slice(0, 119)}…` : message, count }))
    .sort((a, b) => b.count - a.count || (a.message < b.message ? -1 : 1))
    .slice(0, TOP_ERRORS);
}

/** The head is overloaded and the baseline is not: the change cannot carry the baseline's load. */
export function overloadFinding(load: LoadComparison, metrics: string[]): Finding | undefined {
  if (!load.head.overloaded || load.base.overloaded) return undefined;
  const head = load.head.runs.find((r) => r.overloaded)!;
  const base = load.base.runs[0];
  const rates =
    head.offeredRate !== undefined && head.completedRate !== undefined
      ? `: ${compact(head.completedRate)} of ${compact(head.offeredRate)} req/s offered completed`
      : '';
  return {
    hint: 'overload',
    phase: 'queue_wait',
    title: `the head is overloaded${rates}, and its queue grows through the run; the baseline kept up`,
    status: 'confirmed',
    cause: 'unknown',
    evidence: [
      ...loadEvidence(head),
      ...(base?.offeredRate !== undefined && base.completedRate !== undefined
        ? [evidence(`baseline: ${compact(base.completedRate)} of ${compact(base.offeredRate)} req/s offered completed`)]
        : []),
    ],
    nextCheck:
      'what cut capacity: the running-batch limit (max_num_seqs), KV-cache memory or a slower step; or compare both at a load the head can carry (a lower request rate) to see the code change alone',
    metrics,
  };
}

/** "10.2 req/s offered, 7.2 completed; queue wait grows through the run (45 ms → 6,100 ms)". */
export function loadPhrase(r: RunLoad): string {
  const parts: string[] = [];
  if (r.offeredRate !== undefined && r.completedRate !== undefined)
    parts.push(`${compact(r.offeredRate)} req/s offered, ${compact(r.completedRate)} completed`);
  if (r.trend)
    parts.push(
      `${r.series === 'queue_wait' ? 'queue wait' : 'TTFT'} grows through the run (median ${duration(r.trend.firstMs)} in the first fifth → ${duration(r.trend.lastMs)} in the last)`,
    );
  return parts.join('; ');
}

export function loadEvidence(r: RunLoad): Evidence[] {
  const out: Evidence[] = [];
  if (r.offeredRate !== undefined && r.completedRate !== undefined) {
    out.push(
      evidence(
        `arrivals ${compact(r.offeredRate)} req/s; completions over the same time ${compact(r.completedRate)} req/s (${percent(r.completedRate / r.offeredRate)} kept up)`,
        { offered: r.offeredRate, completed: r.completedRate },
      ),
    );
  }
  if (r.trend) {
    out.push(
      evidence(
        `${r.series === 'queue_wait' ? 'queue wait' : 'TTFT'} trend across the run: Kendall τ = ${r.trend.tau.toFixed(2)} (Mann–Kendall z = ${r.trend.z.toFixed(1)}), block median ${duration(r.trend.firstMs)} → ${duration(r.trend.lastMs)}`,
        {
          tau: r.trend.tau,
          z: r.trend.z,
        },
      ),
    );
  }
  if (r.atCap)
    out.push(
      evidence(
        `${percent(r.atCap.share)} of requests were admitted with the running batch at its cap (max_num_seqs ${r.atCap.cap})`,
        { atCapShare: r.atCap.share },
      ),
    );
  if (r.unsettled)
    out.push(evidence('no steady state: the wait never settles within the first half of the run (MSER-5)'));
  return out;
}
