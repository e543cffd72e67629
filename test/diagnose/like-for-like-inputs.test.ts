// Like-for-like costs over sides that read their step time differently, and what they leave of the
// tables they read: a side whose tables lack decode_ms or output_tokens reads its requests' token
// gaps, table by table, and no cost writes over a column of a table it was given.
import { describe, expect, it } from 'vitest';
import { likeForLike } from '../../src/diagnose/like-for-like';
import type { NumericField } from '../../src/model/fields';
import type { RequestTable } from '../../src/model/run';
import { side, table } from './branches/build';

/** A table of `n` requests with the same value in each column given. */
const rows = (n: number, values: Partial<Record<NumericField, number>>) =>
  table(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, new Array<number>(n).fill(v)])));
/** Step time from the decode time: decode_ms over output_tokens − 1 (11 tokens, so decode_ms / 10). */
const decoded = (batch: number, stepMs: number) =>
  rows(10, { batch_size_at_admission: batch, decode_ms: stepMs * 10, output_tokens: 11 });
/** Step time from the token gaps only. */
const gaps = (batch: number, itl: number) => rows(10, { batch_size_at_admission: batch, itl_p50_ms: itl });

describe('a step time read two ways', () => {
  it('a baseline with decode time against a head with token gaps only: each side its own reading', () => {
    // Base: 10 ms a step from decode_ms; head: 11.5 ms token gaps, at the same batch.
    const [step] = likeForLike(side([decoded(4, 10)]), side([gaps(4, 11.5)]));
    expect(step).toMatchObject({
      id: 'decode-step',
      label: 'decode step time at matched running batch',
      metric: 'itl',
      bins: 1,
      changed: true,
    });
    expect(step.change).toBeCloseTo(0.15, 12);
  });

  it('both sides with one table of each kind: every table read its own way', () => {
    // Batch 4 from decode time (10 → 12 ms), batch 8 from token gaps (20 → 20 ms): (1.2 · 1)^½ − 1.
    const [step] = likeForLike(side([decoded(4, 10), gaps(8, 20)]), side([decoded(4, 12), gaps(8, 20)]));
    expect(step.id).toBe('decode-step');
    expect(step.bins).toBe(2);
    expect(step.change).toBeCloseTo(Math.sqrt(1.2) - 1, 12);
    expect(step.agreement).toBe(0.5);
  });
});

describe('the tables read are left as they were', () => {
  const copy = (t: RequestTable) => Object.fromEntries(Object.entries(t.numbers).map(([k, v]) => [k, Array.from(v!)]));

  it('every column of every table, whichever way the step time is read', () => {
    const tables = [
      // Token gaps, with prompt and tokenize costs: the step and the prefill read the same side.
      rows(10, { batch_size_at_admission: 4, itl_p50_ms: 10, prompt_tokens: 100, prefill_ms: 50, tokenize_ms: 1 }),
      rows(10, { batch_size_at_admission: 4, itl_p50_ms: 12, prompt_tokens: 100, prefill_ms: 40, tokenize_ms: 2 }),
      // Decode time, prompt with cache hits, detokenize cost.
      rows(10, {
        batch_size_at_admission: 4,
        decode_ms: 100,
        output_tokens: 11,
        prompt_tokens: 300,
        prefix_cache_hit_tokens: 100,
        prefill_ms: 60,
        detokenize_ms: 2,
      }),
      rows(10, {
        batch_size_at_admission: 4,
        decode_ms: 130,
        output_tokens: 11,
        prompt_tokens: 300,
        prefix_cache_hit_tokens: 100,
        prefill_ms: 66,
        detokenize_ms: 2,
      }),
    ];
    const before = tables.map(copy);
    const gapCosts = likeForLike(side([tables[0]]), side([tables[1]]));
    expect(gapCosts.map((c) => c.id)).toEqual(['decode-step', 'prefill-per-token', 'tokenize-per-token']);
    const decodeCosts = likeForLike(side([tables[2]]), side([tables[3]]));
    expect(decodeCosts.map((c) => c.id)).toEqual(['decode-step', 'prefill-per-token', 'detokenize-per-token']);
    expect(tables.map(copy)).toEqual(before);
    // And the costs read them right: +20% step, −20% and +10% prefill, +100% tokenize, +30% step.
    expect(gapCosts.map((c) => Number(c.change.toFixed(12)))).toEqual([0.2, -0.2, 1]);
    expect(decodeCosts.map((c) => Number(c.change.toFixed(12)))).toEqual([0.3, 0.1, 0]);
  });
});
