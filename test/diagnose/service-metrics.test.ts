// Service metrics on hand-built tables whose answers are worked out by hand: goodput against
// per-request SLO thresholds, cost per million tokens, capacity headroom.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseSlo } from '../../src/config/slo';
import { emptyMeta, type RequestTable, type Run } from '../../src/model/run';
import {
  compareCost,
  compareGoodput,
  effectiveCount,
  formatCostSpec,
  goodputVerdict,
  measuredRates,
  newcombeInterval,
  parseCostSpec,
  goodputCriteria,
  requestValues,
  serviceMetrics,
  sideCost,
  sideGoodput,
  sideHeadroom,
  wilsonInterval,
  zForLevel,
  type CostSpec,
  type GoodputComparison,
} from '../../src/diagnose/service-metrics';
import { runFromRecords, sideFromRecords } from '../helpers/tables';
import { err, ok as success, type Result } from '../../src/model/result';

/** Request i arrives at second i, takes 1 s in all, and produced 100 tokens. */
function request(i: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    request_id: `r${i}`,
    arrival_ts: 1_700_000_000 + i,
    first_token_ms: 100,
    decode_ms: 800,
    total_ms: 1000,
    output_tokens: 100,
    ...extra,
  };
}

/** Batch at admission summing to 182 over 10 requests: mean 18.2, max 24. */
const batches = [24, 24, 20, 18, 18, 16, 16, 16, 15, 15];

/** TTFT 100, 200, …, 1000 ms: seven of ten are under 800 ms. */
const tenTtfts = Array.from({ length: 10 }, (_, i) => request(i, { first_token_ms: 100 * (i + 1) }));

async function table(records: Record<string, unknown>[], metadata?: Record<string, unknown>): Promise<RequestTable> {
  return (await runFromRecords(records, metadata)).requests!;
}

function ok(result: ReturnType<typeof compareGoodput>): GoodputComparison {
  if (!result.ok) throw new Error(result.reason);
  return result;
}

/** The message of a failed parse ('' when it parsed). */
const errorOf = (r: Result<unknown>): string => (r.ok ? '' : r.error);

describe('goodput', () => {
  it('counts requests under every per-request threshold: 7 of 10 TTFTs under 800 ms is 0.7, and 0.7 good/s over 10 s', async () => {
    const t = await table(tenTtfts);
    const g = ok(compareGoodput([t], [t], [parseSlo('ttft p95 < 800ms'), parseSlo('throughput > 3000 tok/s')]));
    expect(g.base.share).toBe(0.7);
    expect(g.base).toMatchObject({ requests: 10, good: 7, failed: 0, unmeasured: 0, rows: 10 });
    // First arrival at 0 s, last completion at 9 + 1 = 10 s.
    expect(g.base.durationSeconds).toBe(10);
    expect(g.base.goodPerSecond).toBe(0.7);
    expect(g.base.criteria).toEqual([
      { slo: 'ttft p95 < 800 ms', basis: "the request's own ttft", share: 0.7, target: 0.95 },
    ]);
    expect(g.criteria).toEqual(['ttft p95 < 800 ms']);
    expect(g.excluded).toEqual([
      { slo: 'throughput > 3000 tok/s', reason: 'throughput is one rate over the whole run, not a per-request target' },
    ]);
    expect(g.difference).toBe(0);
    expect(g.rateChange).toBe(0);
  });

  it('counts failed requests as sent and not good', async () => {
    const records = tenTtfts.map((r, i) =>
      i < 2 ? { request_id: r.request_id, arrival_ts: r.arrival_ts, error: 'HTTP 503' } : r,
    );
    const g = ok(compareGoodput([await table(records)], [await table(tenTtfts)], [parseSlo('ttft p95 < 800ms')]));
    // Rows 0 and 1 (TTFT 100 and 200, both good) failed: 5 of 10 remain good.
    expect(g.base).toMatchObject({ requests: 10, failed: 2, good: 5, share: 0.5 });
    expect(g.difference).toBeCloseTo(0.2, 12);
  });

  it('needs every target: ITL from the column of the percentile asked, TPOT with one-token answers met', async () => {
    const records = [
      request(0, { itl_p50_ms: 20, itl_p99_ms: 40 }), // good
      request(1, { itl_p50_ms: 20, itl_p99_ms: 60 }), // misses itl p99
      request(2, { itl_p50_ms: 30, itl_p99_ms: 45 }), // misses itl p50 < 25
      request(3, { itl_p50_ms: 20, itl_p99_ms: 40, first_token_ms: 900 }), // misses ttft
      request(4, { output_tokens: 1, decode_ms: 0 }), // no gaps: met by every ITL/TPOT target
      request(5, { itl_p50_ms: 20 }), // itl_p99_ms missing: not good, unmeasured
    ];
    const slos = ['ttft p95 < 800ms', 'itl p99 < 50ms', 'itl p50 < 25ms', 'tpot p90 < 10ms'].map(parseSlo);
    const g = ok(compareGoodput([await table(records)], [await table(records)], slos));
    expect(g.base).toMatchObject({ requests: 6, good: 2, unmeasured: 1 });
    expect(g.base.criteria.map((c) => c.basis)).toEqual([
      "the request's own ttft",
      "the request's own itl_p99_ms",
      "the request's own itl_p50_ms",
      "the request's own tpot",
    ]);
    // tpot = decode 800 / 99 gaps = 8.08 ms for rows with 100 tokens: all met.
    expect(g.base.criteria[3].share).toBe(1);
  });

  it('with every token gap, judges each request on the percentile of its own gaps; the mean ITL without them is decode / (tokens − 1)', async () => {
    const t = await table([0, 1, 2].map((i) => request(i, { output_tokens: 5, decode_ms: 4 * [10, 20, 30][i] })));
    // Four gaps each: request 0 [10, 10, 10, 50] (p95 = 44, type 7), request 1 [20, 20, 20, 20], request 2 [30, 30, 30, 30].
    const gaps = {
      offsets: Uint32Array.from([0, 4, 8, 12]),
      values: Float64Array.from([10, 10, 10, 50, 20, 20, 20, 20, 30, 30, 30, 30]),
    };
    const withGaps: RequestTable = { ...t, tokenGaps: gaps };
    const g = ok(compareGoodput([withGaps], [withGaps], [parseSlo('itl p95 < 25ms')]));
    expect(g.base.good).toBe(1); // request 1 only: 44 and 30 miss
    expect(g.base.criteria[0].basis).toBe("the p95 of the request's own token gaps");
    // Without gaps on a side, p95 cannot be judged there.
    expect(compareGoodput([withGaps], [t], [parseSlo('itl p95 < 25ms')]).ok).toBe(false);
    const mean = ok(compareGoodput([t], [t], [parseSlo('itl mean < 25ms')]));
    expect(mean.base.good).toBe(2); // mean gaps 10, 20, 30 ms
    expect(mean.criteria).toEqual(['itl mean < 25 ms']);
    expect(mean.base.criteria[0]).toEqual({
      slo: 'itl mean < 25 ms',
      basis: "the request's mean gap, decode_ms / (output_tokens − 1)",
      share: 2 / 3,
    });
  });

  it('leaves out a target a side cannot judge, and says which side lacks what', async () => {
    const withItl = tenTtfts.map((r) => ({ ...r, itl_p99_ms: 30 }));
    const g = ok(
      compareGoodput(
        [await table(withItl)],
        [await table(tenTtfts)],
        ['ttft p95 < 800ms', 'itl p99 < 50ms', 'itl p95 < 50ms'].map(parseSlo),
      ),
    );
    expect(g.criteria).toEqual(['ttft p95 < 800 ms']);
    expect(g.excluded).toEqual([
      { slo: 'itl p99 < 50 ms', reason: 'the head has no itl_p99_ms' },
      {
        slo: 'itl p95 < 50 ms',
        reason: 'the base has itl_p50_ms and itl_p99_ms per request only; ITL p95 needs every token gap',
      },
    ]);
  });

  it('returns no goodput, with a reason, when no target judges single requests', async () => {
    const t = await table(tenTtfts);
    const none = compareGoodput([t], [t], []);
    expect(none).toEqual({ ok: false, reason: 'no SLO targets were given', excluded: [] });
    const runLevel = compareGoodput([t], [t], [parseSlo('throughput > 3000 tok/s')]);
    expect(runLevel.ok).toBe(false);
    expect(!runLevel.ok && runLevel.reason).toBe(
      'no per-request SLO target to judge requests by (throughput > 3000 tok/s: throughput is one rate over the whole run, not a per-request target)',
    );
  });

  it('weights sampled rows: counts and rates scale by rowWeight, the share does not', async () => {
    const t = await table(tenTtfts);
    const sampled: RequestTable = { ...t, rowWeight: 4 };
    const g = ok(compareGoodput([t], [sampled], [parseSlo('ttft p95 < 800ms')]));
    expect(g.head).toMatchObject({ requests: 40, good: 28, share: 0.7, rows: 10, goodPerSecond: 2.8 });
    expect(g.rateChange).toBeCloseTo(3, 12);
    // The interval rests on the rows seen, not on the requests they stand for.
    expect(g.interval).toEqual(newcombeInterval(7, 10, 7, 10, zForLevel(0.95)));
  });

  it('regresses when the whole interval is below −2 pp: 950/1000 → 850/1000', async () => {
    // Misses spread evenly (one wherever ⌊(i+1)·f⌋ steps up), so they do not cluster: the plain Newcombe interval applies.
    const spread = (good: number) => {
      const f = 1 - good / 1000;
      return Array.from({ length: 1000 }, (_, i) =>
        request(i, { first_token_ms: Math.floor((i + 1) * f) > Math.floor(i * f) ? 900 : 100 }),
      );
    };
    const g = ok(
      compareGoodput([await table(spread(950))], [await table(spread(850))], [parseSlo('ttft p95 < 800ms')]),
    );
    expect(g.base.share).toBe(0.95);
    expect(g.head.share).toBe(0.85);
    expect(g.verdict).toBe('regressed');
    expect(g.interval[1]).toBeLessThan(-0.02);
    expect(g.reason).toMatch(
      /^goodput −10 pp \(−13 pp … −7\.\d pp\): a drop beyond the 2 pp minimum effect with confidence$/,
    );
  });

  it('widens the interval when misses cluster in time (a queue makes a run of late requests)', async () => {
    const clustered = Array.from({ length: 200 }, (_, i) => request(i, { first_token_ms: i < 40 ? 900 : 100 }));
    const interleaved = Array.from({ length: 200 }, (_, i) => request(i, { first_token_ms: i % 5 === 0 ? 900 : 100 }));
    const slo = [parseSlo('ttft p95 < 800ms')];
    const a = ok(compareGoodput([await table(interleaved)], [await table(clustered)], slo));
    const b = ok(compareGoodput([await table(interleaved)], [await table(interleaved)], slo));
    expect(a.head.share).toBe(0.8);
    expect(a.head.effectiveRows).toBeLessThan(20);
    expect(b.head.effectiveRows).toBe(200); // negative lag-1 autocorrelation never narrows
    expect(a.interval[1] - a.interval[0]).toBeGreaterThan(2 * (b.interval[1] - b.interval[0]));
    expect(a.notes.some((n) => n.includes('requests that miss a target come in bursts'))).toBe(true);
  });

  it('says inconclusive when the interval straddles the minimum effect: 7/10 vs 7/10', async () => {
    const t = await table(tenTtfts);
    const g = ok(compareGoodput([t], [t], [parseSlo('ttft p95 < 800ms')]));
    expect(g.verdict).toBe('inconclusive');
    expect(g.reason).toMatch(/reaches past the 2 pp minimum effect; more requests or repeated runs would decide$/);
  });

  it('notes when several targets judge the same per-request value', async () => {
    const t = await table(tenTtfts);
    const g = ok(compareGoodput([t], [t], ['ttft p50 < 300ms', 'ttft p95 < 800ms'].map(parseSlo)));
    expect(g.base.good).toBe(2);
    expect(g.notes).toContain(
      "ttft p50 < 300 ms, ttft p95 < 800 ms all judge the request's own ttft: per request the strictest threshold decides",
    );
  });
});

describe('goodput verdict', () => {
  it('follows the interval against ±2 pp', () => {
    expect(goodputVerdict(-0.05, [-0.08, -0.021], 0.02).verdict).toBe('regressed');
    expect(goodputVerdict(0.05, [0.021, 0.08], 0.02).verdict).toBe('improved');
    expect(goodputVerdict(0.001, [-0.015, 0.019], 0.02).verdict).toBe('unchanged');
    expect(goodputVerdict(-0.03, [-0.05, -0.01], 0.02).verdict).toBe('inconclusive');
    expect(goodputVerdict(0, [-0.03, 0.03], 0.02).verdict).toBe('inconclusive');
  });
});

describe('score intervals', () => {
  it('Newcombe hybrid, worked by hand for 9/10 − 3/10 at z = 1.96', () => {
    // Wilson: centre = (p + z²/2n) / (1 + z²/n), half = z/(1 + z²/n) · √(p(1−p)/n + z²/4n²); z² = 3.8416, 1 + z²/n = 1.38416.
    //  9/10: centre 1.09208 / 1.38416 = 0.788983; half 1.416021 · √(0.009 + 0.009604) = 0.193142 → [0.595841, 0.982125]
    //  3/10: centre 0.49208 / 1.38416 = 0.355508; half 1.416021 · √(0.021 + 0.009604) = 0.247719 → [0.107789, 0.603227]
    // L = 0.6 − √((0.9 − 0.595841)² + (0.603227 − 0.3)²) = 0.6 − √(0.092513 + 0.091947) = 0.170511
    // U = 0.6 + √((0.982125 − 0.9)² + (0.3 − 0.107789)²) = 0.6 + √(0.006745 + 0.036945) = 0.809019
    const [lo9, hi9] = wilsonInterval(9, 10, 1.96);
    expect(lo9).toBeCloseTo(0.595841, 5);
    expect(hi9).toBeCloseTo(0.982125, 5);
    const [lo, hi] = newcombeInterval(9, 10, 3, 10, 1.96);
    expect(lo).toBeCloseTo(0.170511, 5);
    expect(hi).toBeCloseTo(0.809019, 5);
  });

  it('matches Newcombe (1998) Table II, method 10, at 95%', () => {
    const z = zForLevel(0.95);
    expect(z).toBeCloseTo(1.959964, 6);
    const round = (i: [number, number]) => i.map((v) => Number(v.toFixed(4)));
    expect(round(newcombeInterval(56, 70, 48, 80, z))).toEqual([0.0524, 0.3339]);
    expect(round(newcombeInterval(5, 56, 0, 29, z))).toEqual([-0.0381, 0.1926]);
    expect(round(newcombeInterval(10, 10, 0, 10, z))).toEqual([0.6075, 1]);
  });

  it('stays inside [0, 1] and keeps a width at p = 1, where Wald would be [1, 1]', () => {
    const [lo, hi] = wilsonInterval(50, 50, zForLevel(0.95));
    expect(hi).toBe(1);
    expect(lo).toBeCloseTo(0.9287, 4);
  });

  it('effective count: n for short or independent series, smaller for runs of misses', () => {
    expect(effectiveCount([1, 0, 1])).toBe(3);
    expect(effectiveCount(Array.from({ length: 100 }, (_, i) => (i % 2 ? 1 : 0)))).toBe(100);
    // 50 misses then 50 goods: ρ = 0.98 (1 − 1/50 · …), n·(1−ρ)/(1+ρ) ≈ 1.
    expect(effectiveCount(Array.from({ length: 100 }, (_, i) => (i < 50 ? 0 : 1)))).toBeLessThan(2);
  });
});

describe('cost', () => {
  const spec: CostSpec = { pricePerGpuHour: 2.5, gpus: 8, currency: '$' };

  it('$2.50 × 8 GPUs at 3,000 tok/s is $1.85 per million output tokens', () => {
    // $20/h over 3,000 × 3,600 = 10.8 M tokens/h → 20 / 10.8 = $1.851851… per million.
    const c = compareCost(
      spec,
      { outputTokensPerSecond: 3000, requestsPerSecond: 10 },
      { outputTokensPerSecond: 2400, requestsPerSecond: 8 },
    );
    if (!c.ok) throw new Error(c.reason);
    expect(c.base.perHour).toBe(20);
    expect(c.base.perMillionOutputTokens).toBeCloseTo(1.851852, 6);
    // $20/h over 36,000 requests/h → $0.5556 per 1k requests.
    expect(c.base.perThousandRequests).toBeCloseTo(0.555556, 6);
    expect(c.head.perMillionOutputTokens).toBeCloseTo(2.314815, 6);
    expect(c.tokenCostRatio).toBeCloseTo(1.25, 12);
    expect(c.requestCostRatio).toBeCloseTo(1.25, 12);
    expect(c.summary).toBe('$1.85 → $2.31 per million output tokens (×1.25); $0.56 → $0.69 per 1k requests (×1.25)');
    expect(c.missing).toEqual([]);
  });

  it('prices each side on its own hardware when the head changed it', () => {
    const c = compareCost(
      { base: spec, head: { ...spec, gpus: 4 } },
      { outputTokensPerSecond: 3000 },
      { outputTokensPerSecond: 2000 },
    );
    if (!c.ok) throw new Error(c.reason);
    // Half the GPUs at two thirds of the throughput: 0.5 / (2/3) = 0.75 of the cost per token.
    expect(c.tokenCostRatio).toBeCloseTo(0.75, 12);
    expect(c.missing).toEqual(['per 1k requests: no request throughput on the base or head']);
  });

  it('says what is missing instead of inventing a throughput', () => {
    const c = compareCost(spec, {}, { outputTokensPerSecond: 3000 });
    expect(c).toEqual({
      ok: false,
      reason:
        'no throughput to spread the cost over (per million output tokens: no output-token throughput on the base; per 1k requests: no request throughput on the base or head)',
    });
  });

  it('measures throughput the way the comparison does: 1,000 tokens over 10 s', async () => {
    expect(measuredRates([await table(tenTtfts)])).toEqual({ outputTokensPerSecond: 100, requestsPerSecond: 1 });
  });
});

describe('parseCostSpec', () => {
  it('reads the ways teams write it', () => {
    expect(parseCostSpec('$2.50/gpu-hour x 8')).toEqual(success({ pricePerGpuHour: 2.5, gpus: 8, currency: '$' }));
    expect(parseCostSpec('2.5 per GPU-hour, 8 GPUs')).toEqual(success({ pricePerGpuHour: 2.5, gpus: 8 }));
    expect(parseCostSpec('€3.1/h*4')).toEqual(success({ pricePerGpuHour: 3.1, gpus: 4, currency: '€' }));
    expect(parseCostSpec('8 GPUs at usd 2.5/hr')).toEqual(success({ pricePerGpuHour: 2.5, gpus: 8, currency: 'USD' }));
    expect(parseCostSpec('2.5 EUR per gpu hour × 0.5')).toEqual(
      success({ pricePerGpuHour: 2.5, gpus: 0.5, currency: 'EUR' }),
    );
  });

  it('names what was expected', () => {
    expect(parseCostSpec('')).toEqual(
      err(
        'empty cost: expected a price per GPU-hour and a GPU count, as in "$2.50/gpu-hour x 8" or "2.5 per GPU-hour, 8 GPUs"',
      ),
    );
    expect(errorOf(parseCostSpec('$2.50/gpu-hour'))).toMatch(
      /^cost "\$2\.50\/gpu-hour": expected the number of GPUs after the price/,
    );
    expect(errorOf(parseCostSpec('2.5 x 8'))).toMatch(/expected the price to be per GPU-hour/);
    expect(errorOf(parseCostSpec('eight GPUs'))).toMatch(/expected a price per GPU-hour and a GPU count/);
    expect(errorOf(parseCostSpec('$2.5/h x 0'))).toMatch(/expected a positive number of GPUs, got 0/);
    expect(errorOf(parseCostSpec('$2.5 EUR/h x 2'))).toMatch(/two currencies/);
  });

  it('never throws, and anything it accepts is positive and finite', () => {
    const pieces = fc.constantFrom(
      '$',
      '€',
      'usd',
      ' ',
      '2.5',
      '8',
      '.5',
      '1e3',
      '/',
      'gpu',
      '-',
      'hour',
      'h',
      'per',
      'x',
      '*',
      ',',
      'GPUs',
      'at',
      'e',
      '0',
    );
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.array(pieces, { maxLength: 12 }).map((p) => p.join('')),
    );
    fc.assert(
      fc.property(text, (input) => {
        const result = parseCostSpec(input);
        if (!result.ok) return result.error.includes('expected') || result.error.includes('two currencies');
        const spec = result.value;
        return (
          spec.pricePerGpuHour > 0 &&
          Number.isFinite(spec.pricePerGpuHour) &&
          spec.gpus > 0 &&
          Number.isFinite(spec.gpus)
        );
      }),
      { numRuns: 2000, seed: 4242 },
    );
  });

  const specs = fc.record(
    {
      pricePerGpuHour: fc.double({ min: 1e-9, max: 1e9, noNaN: true }),
      gpus: fc.oneof(fc.integer({ min: 1, max: 4096 }), fc.double({ min: 0.01, max: 64, noNaN: true })),
      currency: fc.constantFrom('$', '€', '£', 'USD', 'EUR', 'CHF'),
    },
    { requiredKeys: ['pricePerGpuHour', 'gpus'] },
  );

  it('round-trips what formatCostSpec writes', () => {
    fc.assert(
      fc.property(specs, (spec) => {
        expect(parseCostSpec(formatCostSpec(spec))).toEqual(success(spec));
      }),
      { numRuns: 1000, seed: 4243 },
    );
  });

  it('reads the same spec however it is spaced, cased and separated', () => {
    const unit = fc.constantFrom(
      '/gpu-hour',
      '/GPU-hour',
      ' per GPU-hour',
      ' per gpu hour',
      '/gpu/h',
      '/h',
      '/hr',
      ' per hour',
    );
    const separator = fc.constantFrom(' x ', 'x', ' × ', '*', ', ', ' with ', ' ');
    const suffix = fc.constantFrom('', ' GPUs', ' gpu', 'gpus');
    fc.assert(
      fc.property(specs, unit, separator, suffix, (spec, u, sep, gpuWord) => {
        const price = String(spec.pricePerGpuHour);
        const amount =
          spec.currency === undefined
            ? price
            : spec.currency.length === 1
              ? `${spec.currency}${price}`
              : `${spec.currency.toLowerCase()} ${price}`;
        expect(parseCostSpec(`${amount}${u}${sep}${spec.gpus}${gpuWord}`)).toEqual(success(spec));
      }),
      { numRuns: 1000, seed: 4244 },
    );
  });
});

describe('capacity headroom', () => {
  it('running batch vs max_num_seqs, and KV-cache use from the scrape', async () => {
    const run = await runFromRecords(
      batches.map((b, i) => request(i, { batch_size_at_admission: b })),
      { config: { max_num_seqs: 24 } },
    );
    const h = sideHeadroom([{ ...run, server: { kvCacheUsage: 0.91 } }]);
    expect(h.batch).toEqual({ mean: 18.2, max: 24, source: 'batch_size_at_admission', count: 10 });
    expect(h.limit).toEqual({ key: 'max_num_seqs', value: 24 });
    expect(h.batchHeadroom).toBeCloseTo(1 - 18.2 / 24, 12); // 0.2417
    expect(h.kvCacheUsage).toBe(0.91);
    expect(h.kvHeadroom).toBeCloseTo(0.09, 12);
    expect(h.sentence).toBe(
      'running batch 18.2 mean (max 24) of max_num_seqs 24: 24% headroom (batch at admission); KV cache 91% used',
    );
    expect(h.missing).toEqual([]);
  });

  it('names each missing input and gives no headroom it cannot measure', async () => {
    const run = await runFromRecords(
      batches.map((b, i) => ({ first_token_ms: 100, total_ms: 1000, batch_size_at_admission: b, request_id: `r${i}` })),
    );
    const h = sideHeadroom([run]);
    expect(h.batchHeadroom).toBeUndefined();
    expect(h.kvCacheUsage).toBeUndefined();
    expect(h.sentence).toBe(
      'running batch 18.2 mean (max 24): headroom unknown (no max_num_seqs, max-num-seqs, max_running_requests, max_batch_size in the engine config) (batch at admission); KV cache use unknown',
    );
    expect(h.missing).toEqual([
      'batch limit (no max_num_seqs, max-num-seqs, max_running_requests, max_batch_size in the engine config)',
      'KV-cache usage (no server metrics scrape with it)',
    ]);
  });

  it('estimates the batch from request timings without batch_size_at_admission', async () => {
    // Three requests decoding over the same second: each decoded in a batch of 3.
    const run = await runFromRecords(
      [0, 1, 2].map((i) => ({ ...request(0), request_id: `r${i}` })),
      { config: { max_num_seqs: 4 } },
    );
    const h = sideHeadroom([run]);
    expect(h.batch).toEqual({ mean: 3, max: 3, source: 'decode-concurrency', count: 3 });
    expect(h.batchHeadroom).toBeCloseTo(0.25, 12);
    // A table sampled 1 in 2 sees half of each request's neighbours: each of the 2 seen stands for 2,
    // plus the request itself: 1 + 2 × 2 = 5.
    expect(sideHeadroom([{ ...run, requests: { ...run.requests!, rowWeight: 2 } }]).batch?.mean).toBe(5);
  });

  it('falls back to the server gauge, and refuses a limit repeats disagree on', () => {
    const scraped = (running: number, maxNumSeqs: number): Run => ({
      meta: { ...emptyMeta(), config: { max_num_seqs: maxNumSeqs } },
      summaries: [],
      sources: [],
      server: { running, kvCacheUsage: 0.5 },
    });
    const same = sideHeadroom([scraped(12, 32), scraped(20, 32)]);
    expect(same.batch).toEqual({ mean: 16, max: 20, source: 'server-gauge', count: 2 });
    expect(same.batchHeadroom).toBe(0.5);
    const differ = sideHeadroom([scraped(12, 32), scraped(20, 64)]);
    expect(differ.batchHeadroom).toBeUndefined();
    expect(differ.missing).toContain('batch limit (repeats disagree: max_num_seqs 32, 64)');
  });
});

describe('serviceMetrics', () => {
  it('puts goodput, cost and headroom of both sides together as plain data', async () => {
    const base = await sideFromRecords(
      'base',
      tenTtfts.map((r, i) => ({ ...r, batch_size_at_admission: batches[i] })),
      { config: { max_num_seqs: 24 } },
    );
    const head = await sideFromRecords(
      'head',
      tenTtfts.map((r) => ({ ...r, first_token_ms: (r.first_token_ms as number) + 100 })),
      { config: { max_num_seqs: 24 } },
    );
    const parsed = parseCostSpec('$2.50/gpu-hour x 8');
    if (!parsed.ok) throw new Error(parsed.error);
    const cost = parsed.value;
    const s = serviceMetrics(base, head, { slos: [parseSlo('ttft p95 < 800ms')], cost });
    expect(s.goodput.ok && [s.goodput.base.share, s.goodput.head.share]).toEqual([0.7, 0.6]);
    // 100 tok/s at $20/h: 20 / 0.36 = $55.56 per million tokens.
    expect(s.cost.ok && s.cost.base.perMillionOutputTokens).toBeCloseTo(55.5556, 4);
    expect(s.headroom.base.batchHeadroom).toBeCloseTo(1 - 18.2 / 24, 12);
    // No batch at admission on the head: estimated from timings, one request decoding at a time.
    expect(s.headroom.head.batch).toMatchObject({ mean: 1, max: 1, source: 'decode-concurrency' });
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });

  it('has no cost without a price; takes the rates the comparison measured, and a price per side', async () => {
    const base = await sideFromRecords('base', tenTtfts);
    const head = await sideFromRecords('head', tenTtfts);
    const slos = [parseSlo('ttft p95 < 800ms')];
    expect(serviceMetrics(base, head, { slos }).cost).toEqual({
      ok: false,
      reason: 'no hardware price given (e.g. "$2.50/gpu-hour x 8")',
    });
    const price = (text: string) => {
      const parsed = parseCostSpec(text);
      if (!parsed.ok) throw new Error(parsed.error);
      return parsed.value;
    };
    // $20/h over 1,000 tok/s is 20 / 3.6 per million tokens; $40/h over 2,000 tok/s the same; the
    // tables' own 100 tok/s is not used for a side the comparison measured.
    const s = serviceMetrics(base, head, {
      slos,
      cost: { base: price('$2.50/gpu-hour x 8'), head: price('$5/gpu-hour x 8') },
      rates: { base: { outputTokensPerSecond: 1000 }, head: { outputTokensPerSecond: 2000 } },
    });
    if (!s.cost.ok) throw new Error(s.cost.reason);
    expect(s.cost.base.perMillionOutputTokens).toBeCloseTo(20 / 3.6, 9);
    expect(s.cost.head.perMillionOutputTokens).toBeCloseTo(20 / 3.6, 9);
    // The request rate was not given: read from the tables, the same on both sides.
    expect(s.cost.base.perThousandRequests).toBeCloseTo(s.cost.head.perThousandRequests! / 2, 9);
  });
});

/** The table without one of its columns (as a file that never had it). */
function without(t: RequestTable, column: string): RequestTable {
  return { ...t, numbers: { ...t.numbers, [column]: undefined } };
}

/** Each request's own values for an SLO, as plain numbers (NaN kept), or the error. */
function valuesOf(t: RequestTable, slo: string): number[] | string {
  const r = requestValues(t, parseSlo(slo));
  return r.ok ? [...r.value.values] : r.error;
}

describe('goodput: the edges of each input', () => {
  it('names the side with no per-request data, and the side whose tables hold no request', async () => {
    const t = await table(tenTtfts);
    const slo = [parseSlo('ttft p95 < 800ms')];
    expect(compareGoodput([], [t], slo)).toEqual({
      ok: false,
      reason: 'the base has no per-request data',
      excluded: [],
    });
    expect(compareGoodput([t], [], slo)).toEqual({
      ok: false,
      reason: 'the head has no per-request data',
      excluded: [],
    });
    // A table of no rows still has its columns: the target applies, but there is nobody to count.
    const empty: RequestTable = { ...t, length: 0 };
    expect(compareGoodput([empty], [t], slo)).toEqual({ ok: false, reason: 'the base has no requests', excluded: [] });
    expect(compareGoodput([t], [empty], slo)).toEqual({ ok: false, reason: 'the head has no requests', excluded: [] });
  });

  it('lists every target left out when none judges single requests', async () => {
    const t = await table(tenTtfts);
    const g = compareGoodput([t], [t], ['throughput > 3000 tok/s', 'request_throughput > 5 req/s'].map(parseSlo));
    expect(!g.ok && g.reason).toBe(
      'no per-request SLO target to judge requests by (throughput > 3000 tok/s: throughput is one rate over the whole run, not a per-request target; request_throughput > 5 req/s: request_throughput is one rate over the whole run, not a per-request target)',
    );
  });

  it('with no table to read, a target has no requests to judge', () => {
    expect(goodputCriteria([parseSlo('ttft p95 < 800ms')], [])).toEqual({
      criteria: [],
      excluded: [{ slo: 'ttft p95 < 800 ms', reason: 'no requests to judge' }],
    });
  });

  it('names both readings when the sides read the same target two ways', async () => {
    const t = await table([0, 1, 2].map((i) => request(i, { output_tokens: 5, itl_p99_ms: 20 })));
    const gaps = { offsets: Uint32Array.from([0, 4, 8, 12]), values: new Float64Array(12).fill(20) };
    const g = ok(compareGoodput([{ ...t, tokenGaps: gaps }], [t], [parseSlo('itl p99 < 50ms')]));
    expect(g.base.criteria[0].basis).toBe("the p99 of the request's own token gaps / the request's own itl_p99_ms");
  });

  it('notes bursts of misses on the baseline side too', async () => {
    const clustered = Array.from({ length: 200 }, (_, i) => request(i, { first_token_ms: i < 40 ? 900 : 100 }));
    const interleaved = Array.from({ length: 200 }, (_, i) => request(i, { first_token_ms: i % 5 === 0 ? 900 : 100 }));
    const g = ok(compareGoodput([await table(clustered)], [await table(interleaved)], [parseSlo('ttft p95 < 800ms')]));
    expect(g.base.effectiveRows).toBeLessThan(20);
    expect(g.head.effectiveRows).toBe(200);
    expect(g.notes.some((n) => n.includes('requests that miss a target come in bursts'))).toBe(true);
  });

  it('gives a rate only when the run has a span: arrival times, completion times, arrival order, a duration above 0', async () => {
    const slo = [parseSlo('ttft p95 < 800ms')];
    const [criterion] = goodputCriteria(slo, []).criteria.concat({ slo: slo[0], basis: "the request's own ttft" });
    const timed = await table(tenTtfts);
    const noArrival = await table(tenTtfts.map(({ arrival_ts: _, ...r }) => r));
    const noTotal = without(timed, 'total_ms');
    const unordered: RequestTable = { ...timed, orderedByArrival: false };
    for (const untimed of [noArrival, noTotal, unordered]) {
      const side = sideGoodput([untimed], [criterion]);
      expect(side.good).toBe(7);
      expect('goodPerSecond' in side || 'durationSeconds' in side).toBe(false);
      // One untimed run among timed ones: the pooled rate would leave its requests out of the time.
      expect('goodPerSecond' in sideGoodput([timed, untimed], [criterion])).toBe(false);
      // No rate on the head: no change of rate.
      const g = ok(compareGoodput([timed], [untimed], slo));
      expect('rateChange' in g).toBe(false);
    }
    // One request answered in 0 ms: a span of 0 s is no rate (not Infinity).
    const instant = await table([request(0, { first_token_ms: 0, decode_ms: 0, total_ms: 0 })]);
    expect('goodPerSecond' in sideGoodput([instant], [criterion])).toBe(false);
    expect(sideGoodput([timed, timed], [criterion])).toMatchObject({ goodPerSecond: 0.7, durationSeconds: 20 });
  });

  it('gives no change of rate when the baseline had no good request per second', async () => {
    const allLate = await table(tenTtfts.map((r) => ({ ...r, first_token_ms: 900 })));
    const g = ok(compareGoodput([allLate], [await table(tenTtfts)], [parseSlo('ttft p95 < 800ms')]));
    expect(g.base.goodPerSecond).toBe(0);
    expect(g.head.goodPerSecond).toBe(0.7);
    expect('rateChange' in g).toBe(false);
  });

  it('a mean target has no target share; a percentile target has its own', async () => {
    const t = await table(tenTtfts);
    const g = ok(compareGoodput([t], [t], ['ttft mean < 800ms', 'ttft p90 < 800ms'].map(parseSlo)));
    expect(g.base.criteria).toStrictEqual([
      { slo: 'ttft mean < 800 ms', basis: "the request's own ttft", share: 0.7 },
      { slo: 'ttft p90 < 800 ms', basis: "the request's own ttft", share: 0.7, target: 0.9 },
    ]);
  });
});

describe('requestValues: each request its own value', () => {
  it('refuses run-level metrics, and names the column a table lacks', async () => {
    const t = await table(tenTtfts);
    expect(valuesOf(t, 'throughput > 3000 tok/s')).toBe('has no per-request throughput');
    expect(valuesOf(without(t, 'first_token_ms'), 'ttft p95 < 800ms')).toBe('has no first_token_ms');
    const noDecode = await table([{ request_id: 'r0', first_token_ms: 100, total_ms: 1000 }]);
    expect(valuesOf(noDecode, 'itl mean < 50ms')).toBe(
      "has neither token gaps nor decode_ms and output_tokens for each request's mean ITL",
    );
  });

  it('a one-token answer meets ITL and TPOT targets, but a missing TTFT stays missing', async () => {
    // Row 0: one token, its TTFT lost (NaN); row 1: one token with its own itl_p99_ms; row 2: failed, one token.
    const read = await table([
      { request_id: 'r0', first_token_ms: 50, total_ms: 50, output_tokens: 1 },
      { request_id: 'r1', first_token_ms: 50, total_ms: 50, output_tokens: 1, itl_p99_ms: 70 },
      { request_id: 'r2', error: 'HTTP 503', output_tokens: 1 },
    ]);
    const ttft = Float64Array.from(read.numbers.first_token_ms!);
    ttft[0] = NaN;
    const t: RequestTable = { ...read, numbers: { ...read.numbers, first_token_ms: ttft } };
    expect(valuesOf(t, 'ttft p95 < 800ms')).toEqual([NaN, 50, NaN]);
    // A measured value is kept even on a one-token answer; only a missing one is met.
    expect(valuesOf(t, 'itl p99 < 50ms')).toEqual([0, 70, NaN]);
  });

  it('without output_tokens, the ITL column is read as it is', async () => {
    const t = await table([
      { request_id: 'r0', first_token_ms: 100, total_ms: 900, itl_p99_ms: 30 },
      { request_id: 'r1', first_token_ms: 100, total_ms: 900 },
    ]);
    expect(valuesOf(t, 'itl p99 < 50ms')).toEqual([30, NaN]);
  });

  it('from token gaps: the percentile or the mean of its own gaps, 0 with no gap, NaN when failed', async () => {
    const t = await table([
      request(0, { output_tokens: 5 }),
      request(1, { output_tokens: 1 }),
      { request_id: 'r2', arrival_ts: 1_700_000_002, error: 'HTTP 503' },
    ]);
    // Request 0: gaps [10, 10, 10, 50] (mean 20, p95 44); request 1: no gap; request 2 failed (its
    // slot holds gaps no answer produced, so they must not be read).
    const gaps = { offsets: Uint32Array.from([0, 4, 4, 6]), values: Float64Array.from([10, 10, 10, 50, 5, 5]) };
    const withGaps: RequestTable = { ...t, tokenGaps: gaps };
    expect(valuesOf(withGaps, 'itl mean < 25ms')).toEqual([20, 0, NaN]);
    const p95 = valuesOf(withGaps, 'itl p95 < 25ms') as number[];
    expect(p95[0]).toBeCloseTo(44, 12);
    expect(p95.slice(1)).toEqual([0, NaN]);
    const g = ok(compareGoodput([withGaps], [withGaps], [parseSlo('itl mean < 25ms')]));
    expect(g.base).toMatchObject({ requests: 3, failed: 1, good: 2 });
    expect(g.base.criteria[0].basis).toBe("the mean of the request's own token gaps");
  });
});

describe('goodput verdict at its bounds', () => {
  it('an interval ending exactly at −2 pp or starting at +2 pp is not beyond it; one touching ±2 pp from inside is within', () => {
    expect(goodputVerdict(-0.03, [-0.05, -0.02], 0.02).verdict).toBe('inconclusive');
    expect(goodputVerdict(0.03, [0.02, 0.05], 0.02).verdict).toBe('inconclusive');
    expect(goodputVerdict(0, [-0.02, 0.01], 0.02).verdict).toBe('unchanged');
    expect(goodputVerdict(0, [-0.01, 0.02], 0.02).verdict).toBe('unchanged');
    expect(goodputVerdict(0.01, [-0.01, 0.03], 0.02).verdict).toBe('inconclusive');
  });

  it('says what it saw', () => {
    expect(goodputVerdict(0.05, [0.03, 0.08], 0.02).reason).toBe(
      'goodput +5 pp (+3 pp … +8 pp): a rise beyond the 2 pp minimum effect with confidence',
    );
    expect(goodputVerdict(0, [-0.015, 0.015], 0.02).reason).toBe(
      'goodput 0 pp (−1.5 pp … +1.5 pp): within the 2 pp minimum effect',
    );
  });
});

describe('cost: the edges', () => {
  const spec: CostSpec = { pricePerGpuHour: 2.5, gpus: 8, currency: '$' };

  it('keeps exactly the rates it was given, and costs only over a rate above 0', () => {
    expect(sideCost(spec, {})).toStrictEqual({ perHour: 20, gpus: 8 });
    expect(sideCost(spec, { outputTokensPerSecond: 0, requestsPerSecond: 0 })).toStrictEqual({
      perHour: 20,
      gpus: 8,
      outputTokensPerSecond: 0,
      requestsPerSecond: 0,
    });
    // $20/h over 1,000 tok/s = 3.6 M tokens/h: $5.555… per million; over 2 req/s = 7,200 per hour: $2.777… per 1k.
    const both = sideCost(spec, { outputTokensPerSecond: 1000, requestsPerSecond: 2 });
    expect(Object.keys(both).sort()).toEqual(
      [
        'gpus',
        'outputTokensPerSecond',
        'perHour',
        'perMillionOutputTokens',
        'perThousandRequests',
        'requestsPerSecond',
      ].sort(),
    );
    expect(both.perMillionOutputTokens).toBeCloseTo(50 / 9, 12);
    expect(both.perThousandRequests).toBeCloseTo(25 / 9, 12);
  });

  it('refuses two currencies, takes the one side that names it, and names the side that lacks a rate', () => {
    expect(compareCost({ base: spec, head: { ...spec, currency: '€' } }, { outputTokensPerSecond: 1 }, {})).toEqual({
      ok: false,
      reason: 'the sides are priced in different currencies ($, €)',
    });
    const { currency: _, ...plain } = spec;
    const c = compareCost(
      { base: plain, head: { ...plain, currency: '€' } },
      { outputTokensPerSecond: 1000, requestsPerSecond: 2 },
      { outputTokensPerSecond: 1000 },
    );
    if (!c.ok) throw new Error(c.reason);
    expect(c.currency).toBe('€');
    expect(c.missing).toEqual(['per 1k requests: no request throughput on the head']);
    expect('requestCostRatio' in c).toBe(false);
    expect(c.tokenCostRatio).toBe(1);
    const requestsOnly = compareCost(spec, { requestsPerSecond: 2 }, { requestsPerSecond: 1 });
    if (!requestsOnly.ok) throw new Error(requestsOnly.reason);
    expect(requestsOnly.currency).toBe('$');
    expect('tokenCostRatio' in requestsOnly).toBe(false);
    expect(requestsOnly.requestCostRatio).toBe(2);
    const unpriced = compareCost(plain, { requestsPerSecond: 2 }, { requestsPerSecond: 1 });
    expect(unpriced.ok && 'currency' in unpriced).toBe(false);
  });

  it('reads no rate it cannot measure: no tables, or no output tokens', async () => {
    expect(measuredRates([])).toStrictEqual({});
    const noTokens = await table(tenTtfts.map(({ output_tokens: _, ...r }) => r));
    // Ten requests over 10 s: 1 request/s; no token count, so no token rate.
    expect(measuredRates([noTokens])).toStrictEqual({ requestsPerSecond: 1 });
    // What the comparison measured is taken as it is.
    expect(measuredRates([noTokens], { outputTokensPerSecond: 7 })).toStrictEqual({
      outputTokensPerSecond: 7,
      requestsPerSecond: 1,
    });
  });
});

describe('capacity headroom: the edges', () => {
  const scraped = (server: { running?: number; kvCacheUsage?: number }, config?: Record<string, number>): Run => ({
    meta: { ...emptyMeta(), ...(config ? { config } : {}) },
    summaries: [],
    sources: [],
    server,
  });

  it('averages KV-cache use over the runs that report a number, and says how many did', () => {
    const h = sideHeadroom([
      scraped({ kvCacheUsage: 0.5 }),
      scraped({ kvCacheUsage: 0.7 }),
      scraped({ kvCacheUsage: NaN }),
    ]);
    expect(h.kvCacheUsage).toBeCloseTo(0.6, 12);
    expect(h.sentence).toBe('running batch unknown; KV cache 60% used (2 of 3 runs scraped)');
  });

  it('reads the gauge where it is a number, and names the cap when the batch is unknown', () => {
    const gauge = sideHeadroom([
      scraped({ running: 12 }, { max_num_seqs: 32 }),
      scraped({ running: NaN }, { max_num_seqs: 32 }),
    ]);
    expect(gauge.batch).toEqual({ mean: 12, max: 12, source: 'server-gauge', count: 1 });
    const unknown = sideHeadroom([scraped({}, { max_num_seqs: 24 })]);
    expect(unknown.sentence).toBe('running batch unknown (max_num_seqs 24); KV cache use unknown');
    expect('batchHeadroom' in unknown).toBe(false);
  });

  it('needs every run to name its cap, and a run to read it from', () => {
    const limitMissing =
      'batch limit (no max_num_seqs, max-num-seqs, max_running_requests, max_batch_size in the engine config)';
    expect(sideHeadroom([]).missing).toContain(limitMissing);
    const mixed = sideHeadroom([scraped({ running: 8 }, { max_num_seqs: 32 }), scraped({ running: 8 })]);
    expect(mixed.missing).toContain(limitMissing);
    expect('limit' in mixed).toBe(false);
  });

  it('estimates the batch from the requests that decoded, past a table it cannot time and a failed request', async () => {
    // Three requests decoding over the same second, and a fourth that failed: a batch of 3.
    const timed = await runFromRecords([
      ...[0, 1, 2].map((i) => ({ ...request(0), request_id: `r${i}` })),
      { request_id: 'r3', arrival_ts: 1_700_000_000, error: 'HTTP 503' },
    ]);
    // No arrival times: no estimate from this run.
    const untimed = await runFromRecords([{ request_id: 'u0', first_token_ms: 100, decode_ms: 800, total_ms: 1000 }]);
    expect(sideHeadroom([untimed, timed]).batch).toEqual({ mean: 3, max: 3, source: 'decode-concurrency', count: 3 });
    // With no estimate at all, the server's gauge.
    expect(sideHeadroom([{ ...untimed, server: { running: 5 } }]).batch).toEqual({
      mean: 5,
      max: 5,
      source: 'server-gauge',
      count: 1,
    });
  });
});
