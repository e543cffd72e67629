import { describe, expect, it } from 'vitest';
import { chunkedPrefill, configValue, cost, evidence } from '../../src/diagnose/context';
import { context, matchedCost, side, table } from './branches/build';
import { emptyMeta } from '../../src/model/run';

const meta = (config: Record<string, string | number | boolean | null>) => ({ ...emptyMeta(), config });

describe('engine settings the tree reads', () => {
  it('chunked prefill: on, off or not recorded, under vLLM and SGLang names', () => {
    expect(chunkedPrefill(meta({ enable_chunked_prefill: true }))).toEqual({ value: true, off: false, on: true });
    expect(chunkedPrefill(meta({ 'enable-chunked-prefill': 'true' }))).toEqual({ value: 'true', off: false, on: true });
    expect(chunkedPrefill(meta({ enable_chunked_prefill: false }))).toEqual({ value: false, off: true, on: false });
    expect(chunkedPrefill(meta({ enable_chunked_prefill: 'false' }))).toEqual({ value: 'false', off: true, on: false });
    // SGLang's chunked_prefill_size is a token budget; -1 turns chunking off.
    expect(chunkedPrefill(meta({ chunked_prefill_size: 8192 }))).toEqual({ value: 8192, off: false, on: true });
    expect(chunkedPrefill(meta({ chunked_prefill_size: -1 }))).toEqual({ value: -1, off: true, on: false });
    expect(chunkedPrefill(meta({ chunked_prefill_size: 0 }))).toEqual({ value: 0, off: true, on: false });
    expect(chunkedPrefill(meta({}))).toEqual({ value: undefined, off: false, on: false });
    expect(chunkedPrefill(meta({ enable_chunked_prefill: null }))).toEqual({ value: null, off: false, on: false });
  });

  it('a setting is found by the first of its names that the run recorded', () => {
    expect(configValue(meta({ b: 2, a: 1 }), ['a', 'b'])).toBe(1);
    expect(configValue(meta({ b: false }), ['a', 'b'])).toBe(false);
    expect(configValue(meta({ c: 3 }), ['a', 'b'])).toBeUndefined();
  });

  it('a token budget given as text is not read as on (only a number above 0 is)', () => {
    expect(chunkedPrefill(meta({ chunked_prefill_size: '8192' }))).toEqual({ value: '8192', off: false, on: false });
    expect(chunkedPrefill(meta({ chunked_prefill_size: 1 }))).toEqual({ value: 1, off: false, on: true });
  });
});

describe('what the branches share', () => {
  it('finds a like-for-like cost by its id', () => {
    const empty = side([table({})]);
    const ctx = context(empty, empty, {
      costs: [matchedCost('prefill-per-token', 0.3), matchedCost('decode-step', 0.2)],
    });
    expect(cost(ctx, 'decode-step')?.change).toBe(0.2);
    expect(cost(ctx, 'prefill-per-token')?.change).toBe(0.3);
    expect(cost(ctx, 'tokenize-per-token')).toBeUndefined();
  });

  it('evidence carries its values only when there are some', () => {
    expect(evidence('queue grew')).toStrictEqual({ text: 'queue grew' });
    expect(evidence('queue grew', { base: 1, head: 2 })).toStrictEqual({
      text: 'queue grew',
      values: { base: 1, head: 2 },
    });
  });
});
