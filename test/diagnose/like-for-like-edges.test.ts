// Like-for-like costs at their edges, on hand-built tables: sides of several different tables (every
// table's rows count, derived columns included), a head that lacks the covariate or the cost, and a
// table with decode_ms but no output_tokens (the step then comes from the token gaps).
import { describe, expect, it } from 'vitest';
import { likeForLike } from '../../src/diagnose/like-for-like';
import type { NumericField } from '../../src/model/fields';
import { side, table } from './branches/build';

/** A table of `n` requests with the same value in each column given. */
const rows = (n: number, values: Partial<Record<NumericField, number>>) =>
  table(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, new Array<number>(n).fill(v)])));
/** Decode step time: decode_ms over output_tokens − 1 (11 tokens, so decode_ms / 10). */
const decoded = (n: number, batch: number, stepMs: number) =>
  rows(n, { batch_size_at_admission: batch, decode_ms: stepMs * 10, output_tokens: 11 });
const ids = (costs: ReturnType<typeof likeForLike>) => costs.map((c) => c.id);

describe('a side of several different tables', () => {
  it('decode step: each table its own stratum, both counted', () => {
    // Batch 4: 10 → 12 ms (+20%); batch 8: 20 → 30 ms (+50%); ten requests each, equal weights.
    const [step] = likeForLike(
      side([decoded(10, 4, 10), decoded(10, 8, 20)]),
      side([decoded(10, 4, 12), decoded(10, 8, 30)]),
    );
    expect(step.id).toBe('decode-step');
    expect(step.bins).toBe(2);
    expect(step.change).toBeCloseTo(Math.sqrt(1.2 * 1.5) - 1, 12);
  });

  it('prefill per uncached prompt length: the covariate of every table', () => {
    // 1,000 tokens: 100 → 110 ms (+10%); 4,000 tokens: 400 → 480 ms (+20%).
    const [prefill] = likeForLike(
      side([rows(10, { prompt_tokens: 1000, prefill_ms: 100 }), rows(10, { prompt_tokens: 4000, prefill_ms: 400 })]),
      side([rows(10, { prompt_tokens: 1000, prefill_ms: 110 }), rows(10, { prompt_tokens: 4000, prefill_ms: 480 })]),
    );
    expect(prefill.id).toBe('prefill-per-token');
    expect(prefill.bins).toBe(2);
    expect(prefill.change).toBeCloseTo(Math.sqrt(1.1 * 1.2) - 1, 12);
  });

  it('tokenize per prompt token: the cost of every table', () => {
    // 200 tokens: 0.01 → 0.015 ms a token (+50%); 400 tokens: 0.02 → 0.02 (0%).
    const [tokenize] = likeForLike(
      side([rows(10, { prompt_tokens: 200, tokenize_ms: 2 }), rows(10, { prompt_tokens: 400, tokenize_ms: 8 })]),
      side([rows(10, { prompt_tokens: 200, tokenize_ms: 3 }), rows(10, { prompt_tokens: 400, tokenize_ms: 8 })]),
    );
    expect(tokenize.id).toBe('tokenize-per-token');
    expect(tokenize.bins).toBe(2);
    expect(tokenize.change).toBeCloseTo(Math.sqrt(1.5) - 1, 12);
    expect(tokenize.agreement).toBe(0.5);
  });
});

describe('a head without the covariate or the cost', () => {
  it('no decode step when the head has no batch, or no step time', () => {
    expect(likeForLike(side([decoded(10, 4, 10)]), side([rows(10, { decode_ms: 100, output_tokens: 11 })]))).toEqual(
      [],
    );
    expect(likeForLike(side([decoded(10, 4, 10)]), side([rows(10, { batch_size_at_admission: 4 })]))).toEqual([]);
  });

  it('no prefill cost when the head has no prompt lengths, or no prefill time', () => {
    const base = rows(10, { prompt_tokens: 1000, prefill_ms: 100 });
    expect(likeForLike(side([base]), side([rows(10, { prefill_ms: 100 })]))).toEqual([]);
    expect(likeForLike(side([base]), side([rows(10, { prompt_tokens: 1000 })]))).toEqual([]);
  });
});

describe('decode_ms without output_tokens, or output_tokens without decode_ms', () => {
  it("the step is each request's median token gap", () => {
    const gaps = (extra: Partial<Record<NumericField, number>>, itl: number) =>
      rows(10, { batch_size_at_admission: 4, itl_p50_ms: itl, ...extra });
    const noTokens = likeForLike(side([gaps({ decode_ms: 100 }, 10)]), side([gaps({ decode_ms: 100 }, 12)]));
    expect(ids(noTokens)).toEqual(['decode-step']);
    expect(noTokens[0].change).toBeCloseTo(0.2, 12);
    const noDecode = likeForLike(side([gaps({ output_tokens: 11 }, 10)]), side([gaps({ output_tokens: 11 }, 9)]));
    expect(ids(noDecode)).toEqual(['decode-step']);
    expect(noDecode[0].change).toBeCloseTo(-0.1, 12);
  });
});
