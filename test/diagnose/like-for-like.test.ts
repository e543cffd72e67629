// Like-for-like costs on hand-built tables: each cost compared within strata of its covariate (the
// running batch, the uncached prompt length, the prompt or output length), so that a load or
// prompt-mix shift that moves the raw medians does not read as slower code.
import { describe, expect, it } from 'vitest';
import { likeForLike } from '../../src/diagnose/like-for-like';
import type { NumericField } from '../../src/model/fields';
import type { RequestTable } from '../../src/model/run';
import { side, table } from './branches/build';

/** `n` requests with the same value in each column given. */
const rows = (n: number, values: Partial<Record<NumericField, number>>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, new Array<number>(n).fill(v)])) as Partial<
    Record<NumericField, number[]>
  >;
/** Tables' columns one after the other (every group must give the same columns). */
function joined(...groups: Partial<Record<NumericField, number[]>>[]): RequestTable {
  const out: Partial<Record<NumericField, number[]>> = {};
  for (const g of groups) for (const [k, v] of Object.entries(g)) (out[k as NumericField] ??= []).push(...v);
  return table(out);
}
/** Decode step time: decode_ms over output_tokens − 1 (here 11 tokens, so decode_ms / 10). */
const decoded = (n: number, batch: number, stepMs: number) =>
  rows(n, { batch_size_at_admission: batch, decode_ms: stepMs * 10, output_tokens: 11 });
const ids = (costs: ReturnType<typeof likeForLike>) => costs.map((c) => c.id);

describe('decode step time at a matched running batch', () => {
  it('20% slower at each batch size is a change of exactly that, every stratum agreeing', () => {
    const base = joined(decoded(10, 4, 10), decoded(10, 8, 20));
    const head = joined(decoded(10, 4, 12), decoded(10, 8, 24));
    const [step] = likeForLike(side([base]), side([head]));
    expect(step).toMatchObject({
      id: 'decode-step',
      label: 'decode step time at matched running batch',
      metric: 'itl',
      bins: 2,
      agreement: 1,
      changed: true,
    });
    expect(step.change).toBeCloseTo(0.2, 12);
    // Unmatched: median 15 ms → 18 ms.
    expect(step.rawChange).toBeCloseTo(0.2, 12);
  });

  it('a heavier load alone moves the raw median, not the matched step', () => {
    const base = joined(decoded(30, 4, 10), decoded(10, 8, 20));
    const head = joined(decoded(10, 4, 10), decoded(30, 8, 20));
    const [step] = likeForLike(side([base]), side([head]));
    expect(step.change).toBe(0);
    expect(step.rawChange).toBeCloseTo(1, 12);
    expect(step.changed).toBe(false);
  });

  it('faster counts as a change too; below 10% or without three quarters of strata agreeing it does not', () => {
    const faster = likeForLike(side([joined(decoded(10, 4, 10))]), side([joined(decoded(10, 4, 8))]))[0];
    expect(faster.change).toBeCloseTo(-0.2, 12);
    expect(faster.changed).toBe(true);
    const small = likeForLike(side([joined(decoded(10, 4, 10))]), side([joined(decoded(10, 4, 10.9))]))[0];
    expect(small.change).toBeCloseTo(0.09, 12);
    expect(small.changed).toBe(false);
    // Four strata of ten: three 50% slower, one 10% faster. The change is (1.5³ · 0.9)^¼ − 1 ≈ +33%,
    // and three of four strata agree: 0.75 is enough.
    const base4 = joined(decoded(10, 1, 10), decoded(10, 2, 10), decoded(10, 3, 10), decoded(10, 4, 10));
    const three = joined(decoded(10, 1, 15), decoded(10, 2, 15), decoded(10, 3, 15), decoded(10, 4, 9));
    const [agree] = likeForLike(side([base4]), side([three]));
    expect(agree.bins).toBe(4);
    expect(agree.change).toBeCloseTo((1.5 ** 3 * 0.9) ** 0.25 - 1, 12);
    expect(agree.agreement).toBe(0.75);
    expect(agree.changed).toBe(true);
    // Two of four: half the strata say the opposite.
    const two = joined(decoded(10, 1, 15), decoded(10, 2, 15), decoded(10, 3, 9), decoded(10, 4, 9));
    const [split] = likeForLike(side([base4]), side([two]));
    expect(split.change).toBeCloseTo((1.5 * 0.9) ** 0.5 - 1, 12);
    expect(split.agreement).toBe(0.5);
    expect(split.changed).toBe(false);
  });

  it('the batch each request decoded in, from the timings, before the batch at admission', () => {
    // One request at a time (each arrives 1 s after the last and decodes 100 ms): every request
    // decoded alone. The batch at admission (4 against 8) would leave no stratum in common.
    const timed = (n: number, batch: number, stepMs: number) =>
      table({
        arrival_ts: Array.from({ length: n }, (_, i) => i),
        first_token_ms: new Array<number>(n).fill(10),
        ...rows(n, { batch_size_at_admission: batch, decode_ms: stepMs * 10, output_tokens: 11 }),
      });
    const [step] = likeForLike(side([timed(12, 4, 10)]), side([timed(12, 8, 13)]));
    expect(step).toMatchObject({ id: 'decode-step', bins: 1, changed: true });
    expect(step.change).toBeCloseTo(0.3, 12);
    // Pooled over two runs a side, the same.
    const [pooled] = likeForLike(
      side([timed(12, 4, 10), timed(12, 4, 10)]),
      side([timed(12, 8, 13), timed(12, 8, 13)]),
    );
    expect(pooled.change).toBeCloseTo(0.3, 12);
  });

  it("without decode_ms the step is each request's median token gap", () => {
    const gaps = (n: number, batch: number, itl: number) =>
      table(rows(n, { batch_size_at_admission: batch, itl_p50_ms: itl }));
    const [step] = likeForLike(side([gaps(10, 4, 10)]), side([gaps(10, 4, 11.5)]));
    expect(step.id).toBe('decode-step');
    expect(step.change).toBeCloseTo(0.15, 12);
    // One table of a side with decode_ms, the other without: each table its own step time.
    const [mixed] = likeForLike(side([table(decoded(10, 4, 10)), gaps(10, 4, 10)]), side([gaps(20, 4, 12)]));
    expect(mixed.change).toBeCloseTo(0.2, 12);
    expect(mixed.bins).toBe(1);
  });

  it('no cost without the covariate, the cost, or ten requests a side in a common stratum', () => {
    expect(
      likeForLike(side([table(rows(10, { decode_ms: 100, output_tokens: 11 }))]), side([table(decoded(10, 4, 10))])),
    ).toEqual([]);
    expect(
      likeForLike(side([table(rows(10, { batch_size_at_admission: 4 }))]), side([table(decoded(10, 4, 10))])),
    ).toEqual([]);
    expect(likeForLike(side([table(decoded(9, 4, 10))]), side([table(decoded(10, 4, 10))]))).toEqual([]);
    expect(likeForLike(side([table(decoded(10, 2, 10))]), side([table(decoded(10, 4, 10))]))).toEqual([]);
  });
});

describe('prefill, tokenize and detokenize costs', () => {
  it('prefill time at a matched uncached prompt length (prompt less cache hits)', () => {
    // Base: 1,000-token prompts, nothing cached, 100 ms. Head: 1,500-token prompts with 500 cached, 108 ms: 8% slower.
    const base = table(rows(10, { prompt_tokens: 1000, prefill_ms: 100 }));
    const head = table(rows(10, { prompt_tokens: 1500, prefix_cache_hit_tokens: 500, prefill_ms: 108 }));
    const costs = likeForLike(side([base]), side([head]));
    expect(ids(costs)).toEqual(['prefill-per-token']);
    expect(costs[0]).toMatchObject({
      label: 'prefill time at matched uncached prompt length',
      metric: 'ttft',
      bins: 1,
      agreement: 1,
      changed: false,
    });
    expect(costs[0].change).toBeCloseTo(0.08, 12);
    // Over two tables a side (concatenated rather than written over a spare): the same.
    const two = likeForLike(side([base, base]), side([head, head]));
    expect(two[0].change).toBeCloseTo(0.08, 12);
  });

  it('tokenize time per prompt token at matched prompt length; detokenize per output token at matched output length', () => {
    const base = table(rows(10, { prompt_tokens: 200, tokenize_ms: 2, output_tokens: 50, detokenize_ms: 5 }));
    const head = table(rows(10, { prompt_tokens: 200, tokenize_ms: 3, output_tokens: 50, detokenize_ms: 4 }));
    const costs = likeForLike(side([base]), side([head]));
    expect(ids(costs)).toEqual(['tokenize-per-token', 'detokenize-per-token']);
    expect(costs[0]).toMatchObject({
      label: 'tokenize time per prompt token, at matched prompt length',
      metric: 'ttft',
      changed: true,
    });
    expect(costs[0].change).toBeCloseTo(0.5, 12);
    expect(costs[0].rawChange).toBeCloseTo(0.5, 12);
    expect(costs[1]).toMatchObject({
      label: 'detokenize time per output token, at matched output length',
      metric: 'e2e',
      changed: true,
    });
    expect(costs[1].change).toBeCloseTo(-0.2, 12);
  });

  it('every cost the columns allow, in a fixed order, each on its own columns', () => {
    const all = (step: number, prefill: number) =>
      table({
        ...decoded(12, 4, step),
        ...rows(12, { prompt_tokens: 100, prefill_ms: prefill, tokenize_ms: 1 }),
        detokenize_ms: new Array<number>(12).fill(1.1),
      });
    const costs = likeForLike(side([all(10, 50)]), side([all(12, 40)]));
    expect(ids(costs)).toEqual(['decode-step', 'prefill-per-token', 'tokenize-per-token', 'detokenize-per-token']);
    expect(costs.map((c) => Number(c.change.toFixed(12)))).toEqual([0.2, -0.2, 0, 0]);
    // Per token: 1 ms over 100 prompt tokens, 1.1 ms over 11 output tokens, on both sides.
    expect(costs.map((c) => c.changed)).toEqual([true, true, false, false]);
  });
});
