// histogramQuantile against hand-computed PromQL histogram_quantile results (every special case of
// prometheus/promql/quantile.go), the exact mean, subtraction of two scrapes, and properties: the
// estimate lies in its bucket, rises with q, and the bucket holds the true order statistic.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Histogram } from '../../src/model/run';
import { histogramMean, histogramQuantile, subtractHistograms } from '../../src/stats/histogram';

const INF = Infinity;

function hist(
  buckets: [number, number][],
  sum = 0,
  count = buckets.length ? buckets[buckets.length - 1][1] : 0,
): Histogram {
  return { metric: 'ttft', buckets: buckets.map(([le, c]) => ({ le, count: c })), sum, count, source: 'test' };
}

describe('histogramQuantile (PromQL histogram_quantile semantics)', () => {
  // 10 observations: 2 in (0,100], 6 in (100,250], 2 in (250,500], none above.
  const h = hist([
    [100, 2],
    [250, 8],
    [500, 10],
    [INF, 10],
  ]);

  it('interpolates linearly inside the bucket that holds rank q·count', () => {
    // p50: rank 5, bucket (100,250] holds ranks 2..8: 100 + 150·(5−2)/6 = 175.
    expect(histogramQuantile(h, 0.5)).toEqual({ value: 175, lower: 100, upper: 250 });
    // p90: rank 9, bucket (250,500] holds 8..10: 250 + 250·(9−8)/2 = 375.
    expect(histogramQuantile(h, 0.9)).toEqual({ value: 375, lower: 250, upper: 500 });
    // p80: rank 8 is reached exactly at the top of (100,250].
    expect(histogramQuantile(h, 0.8)).toEqual({ value: 250, lower: 100, upper: 250 });
    expect(histogramQuantile(h, 1)).toEqual({ value: 500, lower: 250, upper: 500 });
  });

  it('assumes a lower bound of 0 in the first bucket when its upper bound is positive', () => {
    // p10: rank 1 in (0,100] holding 2: 0 + 100·1/2.
    expect(histogramQuantile(h, 0.1)).toEqual({ value: 50, lower: 0, upper: 100 });
  });

  it('returns the first bound itself when the first bucket has le ≤ 0', () => {
    const negative = hist([
      [-1, 3],
      [5, 4],
      [INF, 4],
    ]);
    expect(histogramQuantile(negative, 0.5)).toEqual({ value: -1, lower: -Infinity, upper: -1 });
    expect(histogramQuantile(negative, 0.9)).toEqual({ value: -1 + 6 * (3.6 - 3), lower: -1, upper: 5 });
  });

  it('answers with the highest finite bound when the rank falls in the +Inf bucket', () => {
    const tail = hist([
      [100, 5],
      [200, 8],
      [INF, 10],
    ]);
    expect(histogramQuantile(tail, 0.95)).toEqual({ value: 200, lower: 200, upper: Infinity });
    expect(histogramQuantile(tail, 0.8)).toEqual({ value: 200, lower: 100, upper: 200 });
  });

  it('gives NaN, ±Inf exactly where Prometheus does', () => {
    expect(histogramQuantile(h, NaN).value).toBeNaN();
    expect(histogramQuantile(h, -0.1).value).toBe(-Infinity);
    expect(histogramQuantile(h, 1.1).value).toBe(Infinity);
    expect(histogramQuantile(hist([]), 0.5).value).toBeNaN();
    // No +Inf bucket.
    expect(
      histogramQuantile(
        hist([
          [100, 2],
          [200, 4],
        ]),
        0.5,
      ).value,
    ).toBeNaN();
    // Only the +Inf bucket.
    expect(histogramQuantile(hist([[INF, 4]]), 0.5).value).toBeNaN();
    // No observations.
    expect(
      histogramQuantile(
        hist([
          [100, 0],
          [INF, 0],
        ]),
        0.5,
      ).value,
    ).toBeNaN();
    // q = 0 with an empty first bucket: 0/0 in Prometheus too.
    expect(
      histogramQuantile(
        hist([
          [100, 0],
          [200, 3],
          [INF, 3],
        ]),
        0,
      ).value,
    ).toBeNaN();
    expect(
      histogramQuantile(
        hist([
          [100, 1],
          [200, 3],
          [INF, 3],
        ]),
        0,
      ).value,
    ).toBe(0);
  });

  it('sorts buckets, merges equal bounds and flattens decreasing counts first', () => {
    const messy = hist([
      [INF, 10],
      [250, 8],
      [100, 2],
      [500, 10],
    ]);
    expect(histogramQuantile(messy, 0.5)).toEqual(histogramQuantile(h, 0.5));
    const duplicated = hist([
      [100, 1],
      [100, 1],
      [250, 8],
      [500, 10],
      [INF, 10],
    ]);
    expect(histogramQuantile(duplicated, 0.5)).toEqual({ value: 175, lower: 100, upper: 250 });
    // 250 → 7 after 8 is flattened to 8 (the monotonic envelope).
    const torn = hist([
      [100, 2],
      [200, 8],
      [250, 7],
      [500, 10],
      [INF, 10],
    ]);
    expect(histogramQuantile(torn, 0.85)).toEqual({ value: 250 + (250 * (8.5 - 8)) / 2, lower: 250, upper: 500 });
  });

  it('reads the real vLLM 0.25.1 TTFT buckets as Grafana would', () => {
    // vllm:time_to_first_token_seconds in test/fixtures/vllm-prometheus/metrics_vllm_0.25.1_loaded.txt, in ms.
    const ttft = hist([
      [1, 0],
      [5, 0],
      [10, 0],
      [20, 0],
      [40, 34],
      [60, 70],
      [80, 109],
      [100, 166],
      [250, 593],
      [500, 664],
      [750, 664],
      [INF, 664],
    ]);
    // p50: rank 332 in (100,250] holding 166..593.
    expect(histogramQuantile(ttft, 0.5).value).toBeCloseTo(100 + (150 * (332 - 166)) / (593 - 166), 10);
    // p99: rank 657.36 in (250,500] holding 593..664.
    const p99 = histogramQuantile(ttft, 0.99);
    expect(p99.value).toBeCloseTo(250 + (250 * (657.36 - 593)) / 71, 10);
    expect([p99.lower, p99.upper]).toEqual([250, 500]);
  });
});

describe('histogramMean', () => {
  it('is sum / count exactly, NaN without observations', () => {
    expect(
      histogramMean(
        hist(
          [
            [100, 4],
            [INF, 4],
          ],
          250,
          4,
        ),
      ),
    ).toBe(62.5);
    expect(
      histogramMean(
        hist(
          [
            [100, 0],
            [INF, 0],
          ],
          0,
          0,
        ),
      ),
    ).toBeNaN();
  });
});

describe('subtractHistograms', () => {
  const before = hist(
    [
      [100, 2],
      [250, 5],
      [INF, 6],
    ],
    900,
    6,
  );
  const after = hist(
    [
      [100, 3],
      [250, 9],
      [INF, 12],
    ],
    2100,
    12,
  );

  it('subtracts bucket counts, sum and count', () => {
    expect(subtractHistograms(after, before)).toEqual(
      hist(
        [
          [100, 1],
          [250, 4],
          [INF, 6],
        ],
        1200,
        6,
      ),
    );
  });

  it('refuses counters that went down (a restart) and different bucket bounds', () => {
    expect(() => subtractHistograms(before, after)).toThrow(/went down.*reset/);
    expect(() =>
      subtractHistograms(
        after,
        hist(
          [
            [50, 1],
            [INF, 2],
          ],
          10,
          2,
        ),
      ),
    ).toThrow(/bucket bounds differ/);
    expect(() =>
      subtractHistograms(
        after,
        hist(
          [
            [100, 1],
            [300, 2],
            [INF, 2],
          ],
          10,
          2,
        ),
      ),
    ).toThrow(RangeError);
  });

  it('treats float noise in the sum as zero, not as a reset', () => {
    const a = hist(
      [
        [100, 3],
        [INF, 3],
      ],
      0.30000000000000004,
      3,
    );
    const b = hist(
      [
        [100, 3],
        [INF, 3],
      ],
      0.3000000000000001,
      3,
    );
    expect(subtractHistograms(a, b).sum).toBe(0);
  });
});

describe('edges of the histogram statistics', () => {
  it('two buckets (one finite bound and +Inf) are enough: p50 of 4 in (0, 1] is 0.5', () => {
    expect(
      histogramQuantile(
        hist([
          [1, 4],
          [INF, 4],
        ]),
        0.5,
      ),
    ).toEqual({ value: 0.5, lower: 0, upper: 1 });
  });

  it('a first bucket at le = 0 answers 0 with no lower bound, as le < 0 does', () => {
    expect(
      histogramQuantile(
        hist([
          [0, 3],
          [5, 4],
          [INF, 4],
        ]),
        0.5,
      ),
    ).toEqual({ value: 0, lower: -Infinity, upper: 0 });
  });

  it('no observations: no quantile and no bucket to bound it', () => {
    expect(
      histogramQuantile(
        hist([
          [100, 0],
          [INF, 0],
        ]),
        0.5,
      ),
    ).toEqual({ value: NaN, lower: NaN, upper: NaN });
  });

  it('float noise in the +Inf count does not push q = 1 into the +Inf bucket (counts within 1e-12 are equal)', () => {
    // The +Inf count is 10000 plus one ulp: equal to the 10000 below it, so q = 1 is the top of (1, 2].
    const noisy = 10000 + 2e-12;
    expect(noisy).toBeGreaterThan(10000);
    expect(
      histogramQuantile(
        hist([
          [1, 5000],
          [2, 10000],
          [INF, noisy],
        ]),
        1,
      ),
    ).toEqual({ value: 2, lower: 1, upper: 2 });
  });

  it('nothing observed between two scrapes: the mean is NaN, even when float noise left the sum a hair above 0', () => {
    const earlier = hist(
      [
        [100, 3],
        [INF, 3],
      ],
      0.1 + 0.2,
      3,
    );
    const later = hist(
      [
        [100, 3],
        [INF, 3],
      ],
      0.3000000000000001,
      3,
    );
    const between = subtractHistograms(later, earlier);
    expect(between.count).toBe(0);
    expect(between.sum).toBeGreaterThan(0);
    expect(histogramMean(between)).toBeNaN();
  });

  it('subtracts buckets listed in any order, and returns them by bound', () => {
    const before = hist(
      [
        [INF, 6],
        [250, 5],
        [100, 2],
      ],
      900,
      6,
    );
    const after = hist(
      [
        [250, 9],
        [INF, 12],
        [100, 3],
      ],
      2100,
      12,
    );
    expect(subtractHistograms(after, before).buckets).toEqual([
      { le: 100, count: 1 },
      { le: 250, count: 4 },
      { le: INF, count: 6 },
    ]);
  });

  it('a scrape with a bucket fewer cannot be subtracted, even when the buckets it has match', () => {
    expect(() =>
      subtractHistograms(
        hist(
          [
            [100, 3],
            [250, 9],
          ],
          10,
          9,
        ),
        hist(
          [
            [100, 1],
            [250, 2],
            [INF, 2],
          ],
          5,
          2,
        ),
      ),
    ).toThrow(/bucket bounds differ between the scrapes \(3 vs 2 buckets\)/);
  });

  it('a reset names the counter that went down and by how much', () => {
    const before = hist(
      [
        [100, 2],
        [250, 5],
        [INF, 6],
      ],
      900,
      6,
    );
    expect(() =>
      subtractHistograms(
        hist(
          [
            [100, 2],
            [250, 3],
            [INF, 6],
          ],
          900,
          6,
        ),
        before,
      ),
    ).toThrow('test: bucket le=250 went down between the scrapes (by 2)');
    expect(() =>
      subtractHistograms(
        hist(
          [
            [100, 2],
            [250, 5],
            [INF, 6],
          ],
          800,
          6,
        ),
        before,
      ),
    ).toThrow('test: sum went down between the scrapes (by 100)');
    expect(() =>
      subtractHistograms(
        hist(
          [
            [100, 2],
            [250, 5],
            [INF, 6],
          ],
          900,
          5,
        ),
        before,
      ),
    ).toThrow('test: count went down between the scrapes (by 1)');
  });

  it('float noise is relative to the counter: a sum of 1e6 ms read 1e-4 lower is noise, 0.01 lower a reset', () => {
    const at = (sum: number) =>
      hist(
        [
          [100, 2],
          [INF, 2],
        ],
        sum,
        2,
      );
    expect(subtractHistograms(at(1e6), at(1e6 + 1e-4)).sum).toBe(0);
    expect(() => subtractHistograms(at(1e6), at(1e6 + 0.01))).toThrow(/sum went down/);
  });
});

describe('properties', () => {
  const BOUNDS = [1, 5, 10, 20, 40, 60, 80, 100, 250, 500, 750, 1000, 2500];
  const sampleArb = fc.array(fc.double({ min: 0, max: 4000, noNaN: true }), { minLength: 1, maxLength: 200 });

  function fromSamples(samples: number[]): Histogram {
    const buckets = [...BOUNDS, INF].map((le) => ({ le, count: samples.filter((x) => x <= le).length }));
    return { metric: 'ttft', buckets, sum: samples.reduce((a, b) => a + b, 0), count: samples.length, source: 'p' };
  }

  it('the bucket [lower, upper] holds the true order statistic, and the value lies in it', () => {
    fc.assert(
      fc.property(sampleArb, fc.double({ min: 1e-6, max: 1, noNaN: true }), (samples, q) => {
        const h = fromSamples(samples);
        const est = histogramQuantile(h, q);
        const sorted = [...samples].sort((a, b) => a - b);
        const k = Math.max(1, Math.ceil(q * samples.length));
        const truth = sorted[k - 1];
        expect(truth).toBeGreaterThanOrEqual(est.lower);
        expect(truth).toBeLessThanOrEqual(est.upper);
        expect(est.value).toBeGreaterThanOrEqual(est.lower);
        expect(est.value).toBeLessThanOrEqual(est.upper);
      }),
    );
  });

  it('rises with q', () => {
    fc.assert(
      fc.property(
        sampleArb,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (samples, a, b) => {
          const h = fromSamples(samples);
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const x = histogramQuantile(h, lo).value;
          const y = histogramQuantile(h, hi).value;
          if (!Number.isNaN(x)) expect(y).toBeGreaterThanOrEqual(x);
        },
      ),
    );
  });

  it('subtracting a prefix of the observations gives the histogram of the rest', () => {
    fc.assert(
      fc.property(sampleArb, sampleArb, (first, rest) => {
        const diff = subtractHistograms(fromSamples([...first, ...rest]), fromSamples(first));
        const expected = fromSamples(rest);
        expect(diff.buckets).toEqual(expected.buckets);
        expect(diff.count).toBe(expected.count);
        expect(diff.sum).toBeCloseTo(expected.sum, 6);
      }),
    );
  });
});
