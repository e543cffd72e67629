// The failed-requests caveat stands aside only for the failed share's own verdict: another compared
// metric, with its baseline value, does not say how many requests failed.
import { describe, expect, it } from 'vitest';
import type { MetricComparison } from '../../src/compare/types';
import { collectCaveats } from '../../src/diagnose/caveats';
import { METRICS } from '../../src/metrics/catalog';
import { makeSpec, percentile } from '../../src/metrics/metric-spec';
import { emptyMeta, type Run, type Side } from '../../src/model/run';
import { table, workload } from './branches/build';

const run = (failed: number[]): Run => ({
  meta: emptyMeta(),
  summaries: [],
  sources: [],
  requests: table({ total_ms: [1, 1, 1, 1] }, failed),
});
const sideOf = (label: Side['label'], failed: number[]): Side => ({ label, runs: [run(failed)] });

describe('failed requests next to other compared metrics', () => {
  it('a TTFT compared on both sides does not stand for the failed share', () => {
    const ttft = {
      spec: makeSpec(METRICS.ttft, percentile(50)),
      origin: 'default',
      verdict: 'unchanged',
      reason: { code: 'within-min-effect' },
      minEffect: 0.05,
      slos: [],
      base: { value: 10, interval: [9, 11], count: 4, perRun: [], blockLengths: [2] },
      head: { value: 10, interval: [9, 11], count: 3, perRun: [], blockLengths: [2] },
    } as unknown as MetricComparison;
    const caveats = collectCaveats({
      base: sideOf('base', []),
      head: sideOf('head', [3]),
      metrics: [ttft],
      attributions: [],
      workload: workload(),
      configChanges: [],
      likeForLike: [],
    });
    expect(caveats.find((c) => c.kind === 'error-rate')?.message).toBe(
      '1 requests failed in this run (25%, baseline 0%); failed requests are left out of latency metrics, which can hide a problem',
    );
  });
});
