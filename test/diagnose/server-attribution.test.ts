// Where the time went from the server's own histograms (a metrics scrape of the same run): each
// phase's mean is sum / count, so a latency's mean splits into its phases, the remainder, and, next
// to the client tool's own mean TTFT, the time between server and client.
import { describe, expect, it } from 'vitest';
import { attributeFromHistograms, serverHitRate } from '../../src/diagnose/server-attribution';
import { customMetric, METRICS } from '../../src/metrics/catalog';
import { makeSpec, MEAN, percentile } from '../../src/metrics/metric-spec';
import {
  emptyMeta,
  type Histogram,
  type Run,
  type ServerStats,
  type Side,
  type SummaryValue,
} from '../../src/model/run';

/** A histogram of `count` observations summing to `sum`; buckets only where given. */
const hist = (metric: string, sum: number, count: number, buckets: Histogram['buckets'] = []): Histogram => ({
  metric,
  sum,
  count,
  buckets,
  source: `vllm:${metric}`,
});
const run = (histograms: Histogram[], summaries: SummaryValue[] = [], server?: ServerStats): Run => ({
  meta: emptyMeta(),
  summaries,
  sources: [],
  histograms,
  ...(server ? { server } : {}),
});
const sideOf = (label: Side['label'], ...runs: Run[]): Side => ({ label, runs });
const ttftMean = makeSpec(METRICS.ttft, MEAN);

// Ten requests a side. Base: TTFT 100 ms = queue 20 + prefill 70 + 10; head: 150 = queue 60 + prefill 80 + 10.
// The queue's buckets: 2 requests within 10 ms, all 10 within 50 (base) or 100 (head).
const base = sideOf(
  'base',
  run([
    hist('ttft', 1000, 10),
    hist('queue_wait', 200, 10, [
      { le: 10, count: 2 },
      { le: 50, count: 10 },
      { le: Infinity, count: 10 },
    ]),
    hist('prefill', 700, 10),
  ]),
);
const head = sideOf(
  'head',
  run([
    hist('ttft', 1500, 10),
    hist('queue_wait', 600, 10, [
      { le: 10, count: 2 },
      { le: 100, count: 10 },
      { le: Infinity, count: 10 },
    ]),
    hist('prefill', 800, 10),
  ]),
);

describe('attributeFromHistograms', () => {
  it('splits the mean TTFT into the phases the scrape has, the remainder, and blames the queue', () => {
    const a = attributeFromHistograms(ttftMean, base, head)!;
    expect(a).toMatchObject({
      spec: ttftMean,
      tail: 'all requests, server-side means from the metrics scrape',
      q: 0,
      base: { threshold: 100, count: 10, mean: 100 },
      head: { threshold: 150, count: 10, mean: 150 },
      missingPhases: ['tokenize'],
      dominant: 'queue_wait',
      source: 'server-histograms',
    });
    expect(a.phases).toEqual([
      {
        phase: 'queue_wait',
        baseMean: 20,
        headMean: 60,
        delta: 40,
        shareOfChange: 0.8,
        shareOfHead: 0.4,
        // p95: rank 9.5 of 10, in the bucket (10, 50] holding 8: 10 + 40 · 7.5 / 8 (and 10 + 90 · 7.5 / 8).
        basePercentile: 47.5,
        headPercentile: 94.375,
      },
      {
        phase: 'prefill',
        baseMean: 70,
        headMean: 80,
        delta: 10,
        shareOfChange: 0.2,
        shareOfHead: 80 / 150,
        basePercentile: NaN,
        headPercentile: NaN,
      },
      {
        phase: 'remainder',
        baseMean: 10,
        headMean: 10,
        delta: 0,
        shareOfChange: 0,
        shareOfHead: 10 / 150,
        basePercentile: NaN,
        headPercentile: NaN,
      },
    ]);
  });

  it('an improvement is blamed on the phase that fell most; no change blames none', () => {
    const better = attributeFromHistograms(ttftMean, { ...head, label: 'base' }, { ...base, label: 'head' })!;
    expect(better.dominant).toBe('queue_wait');
    expect(better.phases[0].shareOfChange).toBeCloseTo(0.8, 12);
    const same = attributeFromHistograms(ttftMean, base, { ...base, label: 'head' })!;
    expect(same.dominant).toBeNull();
    expect(same.phases.map((p) => p.shareOfChange)).toEqual([0, 0, 0]);
  });

  it('a phase that grew against the change is not blamed for it', () => {
    // TTFT 100 → 90: the queue grew 20 → 30, prefill fell 70 → 50.
    const h = sideOf('head', run([hist('ttft', 900, 10), hist('queue_wait', 300, 10), hist('prefill', 500, 10)]));
    const a = attributeFromHistograms(ttftMean, base, h)!;
    expect(a.dominant).toBe('prefill');
    expect(a.phases.map((p) => p.shareOfChange).slice(0, 2)).toEqual([-1, 2]);
    expect(a.phases[2]).toMatchObject({ phase: 'remainder', delta: 0 });
  });

  it('a head of 0 ms has shares of 0, not 0 / 0', () => {
    const zero = sideOf('head', run([hist('ttft', 0, 10), hist('queue_wait', 0, 10), hist('prefill', 0, 10)]));
    const a = attributeFromHistograms(ttftMean, base, zero)!;
    expect(a.phases.map((p) => p.shareOfHead)).toEqual([0, 0, 0]);
    expect(a.dominant).toBe('prefill');
  });

  it('pools every run of a side: sums over counts', () => {
    const twoRuns = sideOf(
      'base',
      run([hist('itl', 4000, 500), hist('ttft', 400, 5), hist('queue_wait', 50, 5), hist('prefill', 300, 5)]),
      run([hist('itl', 4000, 500), hist('ttft', 600, 5), hist('queue_wait', 150, 5), hist('prefill', 400, 5)]),
    );
    const a = attributeFromHistograms(ttftMean, twoRuns, head)!;
    expect(a.base.mean).toBe(100);
    // The requests of both runs, from the TTFT histogram (not another one, here ITL's token gaps) (the first run's alone before this was fixed).
    expect(a.base.count).toBe(10);
    expect(a.phases.map((p) => p.baseMean)).toEqual([20, 70, 10]);
    // A phase one run lacks is missing for the side: its time sits in the remainder.
    const partial = sideOf(
      'base',
      run([hist('ttft', 400, 5), hist('queue_wait', 50, 5), hist('prefill', 300, 5)]),
      run([hist('ttft', 600, 5), hist('prefill', 400, 5)]),
    );
    const b = attributeFromHistograms(ttftMean, partial, head)!;
    expect(b.missingPhases).toEqual(['tokenize', 'queue_wait']);
    expect(b.phases.map((p) => [p.phase, p.baseMean])).toEqual([
      ['prefill', 70],
      ['remainder', 30],
    ]);
  });

  it("with the client tool's mean TTFT on both sides, the time between server and client is its own phase", () => {
    const client = (value: number, field?: string): SummaryValue => ({
      metric: 'ttft',
      stat: 'mean',
      value,
      ...(field ? { field } : {}),
    });
    const b = sideOf('base', { ...base.runs[0], summaries: [client(120, 'mean_ttft_ms')] });
    const h = sideOf(
      'head',
      { ...head.runs[0], summaries: [client(160)] },
      { ...head.runs[0], summaries: [client(200)] },
    );
    for (const spec of [ttftMean, makeSpec(METRICS.ttft_client, MEAN)]) {
      const a = attributeFromHistograms(spec, b, h)!;
      expect(a.tail).toBe("all requests, server-side means from the metrics scrape and the client tool's mean TTFT");
      // The head's two runs: client 160 and 200 ms, mean 180; the server's 150 (the same scrape twice).
      expect(a.base.mean).toBe(120);
      expect(a.head.mean).toBe(180);
      expect(a.phases.at(-1)).toMatchObject({ phase: 'network', baseMean: 20, headMean: 30, delta: 10 });
      expect(a.phases.at(-1)!.shareOfChange).toBeCloseTo(10 / 60, 12);
      expect(a.phases[0]).toMatchObject({ phase: 'queue_wait', shareOfChange: 40 / 60, shareOfHead: 60 / 180 });
    }
    // A mean the scrape itself gave (its field "…_sum / …_count") is not the client's; nor a p50.
    const scraped = sideOf('base', { ...base.runs[0], summaries: [client(120, 'ttft_sum / ttft_count')] });
    expect(attributeFromHistograms(ttftMean, scraped, h)!.tail).toBe(
      'all requests, server-side means from the metrics scrape',
    );
    const median = sideOf('base', { ...base.runs[0], summaries: [{ metric: 'ttft', stat: 'p50', value: 120 }] });
    expect(attributeFromHistograms(ttftMean, median, h)!.phases.map((p) => p.phase)).not.toContain('network');
    // Nor another metric's mean that the client tool wrote.
    const e2eOnly = sideOf('base', { ...base.runs[0], summaries: [{ metric: 'e2e', stat: 'mean', value: 900 }] });
    expect(attributeFromHistograms(ttftMean, e2eOnly, h)!.phases.map((p) => p.phase)).not.toContain('network');
    // A run of the head without it: no client mean for the side.
    const partial = sideOf('head', { ...head.runs[0], summaries: [client(160)] }, head.runs[0]);
    expect(attributeFromHistograms(ttftMean, b, partial)!.phases.map((p) => p.phase)).not.toContain('network');
    // E2E is not split against the client's TTFT.
    const e2e = (s: Side, total: number) =>
      sideOf(s.label, { ...s.runs[0], histograms: [...s.runs[0].histograms!, hist('e2e', total, 10)] });
    const split = attributeFromHistograms(makeSpec(METRICS.e2e, percentile(95)), e2e(b, 3000), e2e(h, 3500))!;
    expect(split.tail).toBe('all requests, server-side means from the metrics scrape');
    expect(split.missingPhases).toEqual(['tokenize', 'decode', 'detokenize']);
  });

  it('a run-level metric (throughput) is split as the mean E2E', () => {
    const e2e = (s: Side, total: number) => sideOf(s.label, run([...s.runs[0].histograms!, hist('e2e', total, 10)]));
    const a = attributeFromHistograms(makeSpec(METRICS.throughput, MEAN), e2e(base, 3000), e2e(head, 3500))!;
    expect(a.base.mean).toBe(300);
    expect(a.head.mean).toBe(350);
    expect(a.phases.map((p) => p.phase)).toEqual(['queue_wait', 'prefill', 'remainder']);
  });

  it("null without a phase model, the metric's histogram on both sides, or a phase on both", () => {
    // A custom metric (even one named like a catalog metric) has no phase model, though E2E's histograms are there.
    const withE2e = (s: Side, total: number) =>
      sideOf(s.label, run([...s.runs[0].histograms!, hist('e2e', total, 10)]));
    expect(
      attributeFromHistograms(
        makeSpec(customMetric('ttft', 'ms', 'lower-is-better'), MEAN),
        withE2e(base, 3000),
        withE2e(head, 3500),
      ),
    ).toBeNull();
    expect(attributeFromHistograms(makeSpec(METRICS.itl, MEAN), base, head)).toBeNull();
    expect(attributeFromHistograms(makeSpec(METRICS.e2e, MEAN), base, head)).toBeNull();
    const noTtft = sideOf('head', run([hist('queue_wait', 600, 10), hist('prefill', 800, 10)]));
    expect(attributeFromHistograms(ttftMean, base, noTtft)).toBeNull();
    expect(attributeFromHistograms(ttftMean, noTtft, head)).toBeNull();
    const noRuns = sideOf('head');
    expect(attributeFromHistograms(ttftMean, base, noRuns)).toBeNull();
    const empty = sideOf('head', run([hist('ttft', 0, 0), hist('queue_wait', 600, 10)]));
    expect(attributeFromHistograms(ttftMean, base, empty)).toBeNull();
    const noPhase = sideOf('head', run([hist('ttft', 1500, 10), hist('decode', 600, 10)]));
    expect(attributeFromHistograms(ttftMean, base, noPhase)).toBeNull();
    const runWithout = sideOf('head', run([hist('ttft', 1500, 10), hist('prefill', 800, 10)]), {
      ...run([]),
      histograms: undefined,
    });
    expect(attributeFromHistograms(ttftMean, base, runWithout)).toBeNull();
  });
});

describe('serverHitRate', () => {
  it('prefix-cache hits over queries, summed over the runs; unknown when a run lacks either or nothing was asked', () => {
    const hits = (prefixCacheHits?: number, prefixCacheQueries?: number) =>
      run([], [], {
        ...(prefixCacheHits !== undefined ? { prefixCacheHits } : {}),
        ...(prefixCacheQueries !== undefined ? { prefixCacheQueries } : {}),
      });
    expect(serverHitRate(sideOf('base', hits(30, 100), hits(10, 100)))).toBe(0.2);
    expect(serverHitRate(sideOf('base', hits(30, 100), hits(undefined, 100)))).toBeUndefined();
    expect(serverHitRate(sideOf('base', hits(30, 100), hits(10)))).toBeUndefined();
    expect(serverHitRate(sideOf('base', hits(30, 100), run([])))).toBeUndefined();
    expect(serverHitRate(sideOf('base', hits(0, 0)))).toBeUndefined();
    expect(serverHitRate(sideOf('base', hits(0, 5)))).toBe(0);
    expect(serverHitRate(sideOf('base'))).toBeUndefined();
  });
});
