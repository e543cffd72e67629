// The decode floor from the data: batch, context and measured step taken from the requests, the
// rest from the decode-floor input or the metadata; hand-computed.
import { describe, expect, it } from 'vitest';
import { decodeFloorCheck } from '../../src/diagnose/decode-floor-check';
import { pooledTable, sideTables } from '../../src/model/pool';
import type { Side } from '../../src/model/run';
import { sideFromRecords } from '../helpers/tables';
import { emptyMeta, type RunMeta } from '../../src/model/run';
import type { SideData } from '../../src/diagnose/context';
import { side, table } from './branches/build';

function data(side: Side) {
  return { tables: sideTables(side), pooled: pooledTable(side)!, meta: side.runs[0].meta };
}

// 4 requests: batch at admission 30, 34, 30, 34 (mean 32); prompts 900/1100 (mean 1000), outputs 48 (mean 48)
// → context per sequence mid-decode 1000 + 24 = 1024, × 32 = 32,768 KV tokens; ITL p50 12 ms for all.
const records = [0, 1, 2, 3].map((i) => ({
  request_id: `r${i}`,
  arrival_ts: 1_760_000_000 + i,
  queue_wait_ms: 1,
  prefill_ms: 50,
  first_token_ms: 52,
  decode_ms: 47 * 12,
  total_ms: 52 + 47 * 12,
  itl_p50_ms: 12,
  prompt_tokens: i % 2 ? 1100 : 900,
  output_tokens: 48,
  batch_size_at_admission: i % 2 ? 34 : 30,
}));

describe('decode floor from the data', () => {
  it('matches the hand computation: Llama-3.1-8B BF16, H100 SXM, 32 × 1,024 tokens, 12 ms measured', async () => {
    const head = data(
      await sideFromRecords('head', records, {
        model: 'meta-llama/Llama-3.1-8B-Instruct',
        hardware: 'NVIDIA H100 80GB HBM3',
      }),
    );
    const check = decodeFloorCheck({}, undefined, head);
    expect(check?.ok).toBe(true);
    if (!check?.ok) return;
    expect(check.head.batch).toBe(32);
    expect(check.head.contextTokens).toBe(32 * 1024);
    // (8.03 − 0.525) × 1e9 × 2 + 131,072 × 32,768 = 15.01e9 + 4.295e9 bytes; / 3.35e12 B/s.
    expect(check.head.floor.bytesPerStep).toBeCloseTo(15.01e9 + 131072 * 32768, -6);
    expect(check.head.floor.floorMs).toBeCloseTo(5.763, 2);
    expect(check.head.measuredMs).toBe(12);
    expect(check.head.efficiency).toMatchObject({ band: 'overhead' });
    expect(check.head.efficiency!.efficiency).toBeCloseTo(5.763 / 12, 3);
    expect(check.sentence).toMatch(
      /^decode bandwidth floor 5\.76 ms per step \(running batch 32\.0, 19\.3 GB read\); measured step \(median ITL\) 12\.0 ms; efficiency floor\/measured 0\.48: overhead/,
    );
  });

  it('the input overrides the metadata; FP8 weights halve the weight bytes', async () => {
    const head = data(await sideFromRecords('head', records, { model: 'unknown', hardware: 'unknown' }));
    const check = decodeFloorCheck({ gpu: 'H100 SXM', model: 'Llama-3.1-8B', bytesPerParam: 1 }, undefined, head);
    expect(check?.ok && check.head.floor.weightBytes).toBeCloseTo(7.505e9, -6);
  });

  it('says nothing when not asked and the metadata cannot support it; says what is missing when asked', async () => {
    const head = data(await sideFromRecords('head', records, { model: 'my-model', hardware: 'H100' }));
    expect(decodeFloorCheck({}, undefined, head)).toBeUndefined();
    const asked = decodeFloorCheck({ gpu: 'H100' }, undefined, head);
    expect(asked).toMatchObject({ ok: false, message: expect.stringMatching(/GPU "H100" is ambiguous/) });
    const noItl = data(
      await sideFromRecords(
        'head',
        records.map(({ itl_p50_ms, decode_ms, ...r }) => r),
      ),
    );
    expect(decodeFloorCheck({ gpu: 'H100 SXM', model: 'Llama-3.1-8B' }, undefined, noItl)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/needs the measured step/),
    });
  });
});

// Hand-built sides (no ingestion): a known model for the KV geometry (Llama-3.1-8B: 2 × 32 layers ×
// 8 KV heads × 128 × 2 bytes = 131,072 bytes a token), 1 B parameters and 1,000 GB/s given, so the
// floor is (2e9 + 131,072 × context) bytes / 1e12 B/s.
describe('decode floor: each input and its fallback', () => {
  const given = { model: 'Llama-3.1-8B', paramsBillions: 1, bandwidthGBs: 1000 };
  const sideOf = (columns: Parameters<typeof table>[0], meta: Partial<RunMeta> = {}): SideData => ({
    ...side([table(columns)]),
    meta: { ...emptyMeta(), ...meta },
  });
  // Batch 4 at admission; context per sequence 100 + 10 / 2 = 105, × 4 = 420 tokens; ITL median 4 ms.
  const columns = {
    itl_p50_ms: [4, 4, 6, 3],
    prompt_tokens: [100, 100, 100, 100],
    output_tokens: [10, 10, 10, 10],
    batch_size_at_admission: [4, 4, 4, 4],
  };
  const floorMs = (2e9 + 131072 * 420) / 1e9;

  it('computes the floor from the batch, context and step of the requests', () => {
    const check = decodeFloorCheck(given, undefined, sideOf(columns));
    if (!check?.ok) throw new Error('expected a floor');
    expect('base' in check).toBe(false);
    expect(check.head).toMatchObject({
      batch: 4,
      batchSource: 'batch_size_at_admission',
      contextTokens: 420,
      measuredMs: 4,
      measuredFrom: 'median ITL',
    });
    expect(check.head.floor).toMatchObject({ weightBytes: 2e9, kvBytesPerToken: 131072, gpus: 1 });
    expect(check.head.floor.floorMs).toBeCloseTo(floorMs, 12);
    expect(check.head.efficiency?.efficiency).toBeCloseTo(floorMs / 4, 12);
    // Data types not given: both BF16, and the report says so.
    expect(check.head.floor.assumptions).toEqual(
      expect.arrayContaining([
        'weights in BF16 (2 bytes): set weights=fp8 or int4 in decode-floor if they are quantized.',
        'KV cache in BF16 (2 bytes): set kv=fp8 if it is.',
      ]),
    );
    expect(check.sentence).toBe(
      `decode bandwidth floor 2.06 ms per step (running batch 4.00, 2.06 GB read); measured step (median ITL) 4.00 ms; efficiency floor/measured 0.51: overhead — ${check.head.efficiency!.advice}`,
    );
  });

  it('names the band in words: a step within 80% of the floor is near the limit', () => {
    // 2.055 ms floor over a 2.5 ms step: 0.82.
    const check = decodeFloorCheck(given, undefined, sideOf({ ...columns, itl_p50_ms: [2.5, 2.5, 2.5, 2.5] }));
    if (!check?.ok) throw new Error('expected a floor');
    expect(check.head.efficiency?.band).toBe('near-limit');
    expect(check.sentence).toContain(`efficiency floor/measured 0.82: near limit — ${check.head.efficiency!.advice}`);
  });

  it('takes the data types, GPU count and parameters given, and says no BF16 then', () => {
    const check = decodeFloorCheck(
      { ...given, bytesPerParam: 1, bytesPerElement: 1, gpus: 2 },
      undefined,
      sideOf(columns),
    );
    if (!check?.ok) throw new Error('expected a floor');
    expect(check.head.floor).toMatchObject({ weightBytes: 1e9, kvBytesPerToken: 65536, gpus: 2 });
    expect(check.head.floor.floorMs).toBeCloseTo((1e9 + 65536 * 420) / 2e9, 12);
    expect(check.head.floor.assumptions.some((a) => a.includes('BF16'))).toBe(false);
    // Without paramsBillions the model's own count (less the embedding) is read.
    const own = decodeFloorCheck({ model: 'Llama-3.1-8B', bandwidthGBs: 1000 }, undefined, sideOf(columns));
    expect(own?.ok && own.head.floor.weightBytes).toBeCloseTo((8.03 - 0.525) * 2e9, -3);
    // The GPU and model from the metadata when the input does not name them.
    const fromMeta = decodeFloorCheck(
      { paramsBillions: 1 },
      undefined,
      sideOf(columns, { model: 'Llama-3.1-8B', hardware: 'H100 SXM' }),
    );
    expect(fromMeta?.ok && fromMeta.head.floor.bandwidthGBs).toBe(3350);
  });

  it('compares with the base side when it has the data, and leaves it out when not', () => {
    // Base: batch 2 (context 210), ITL 3 ms.
    const base = sideOf({ ...columns, itl_p50_ms: [3, 3, 3, 3], batch_size_at_admission: [2, 2, 2, 2] });
    const check = decodeFloorCheck(given, base, sideOf(columns));
    if (!check?.ok) throw new Error('expected a floor');
    expect(check.base).toMatchObject({ batch: 2, contextTokens: 210, measuredMs: 3 });
    expect(check.base!.floor.floorMs).toBeCloseTo((2e9 + 131072 * 210) / 1e9, 12);
    expect(check.sentence).toMatch(
      /^decode bandwidth floor 2\.03 ms → 2\.06 ms per step \(running batch 4\.00, 2\.06 GB read\); measured step \(median ITL\) 3\.00 ms → 4\.00 ms; efficiency floor\/measured 0\.68 → 0\.51: overhead — /,
    );
    const noStep = sideOf({ ...columns, itl_p50_ms: [NaN, NaN, NaN, NaN] });
    const alone = decodeFloorCheck(given, noStep, sideOf(columns));
    expect(alone?.ok && 'base' in alone).toBe(false);
    expect(alone?.ok && alone.sentence).toMatch(/^decode bandwidth floor 2\.06 ms per step .* 4\.00 ms; efficiency/);
  });

  it('reads the step as the median decode_ms per output token when there is no ITL above 0', () => {
    // TPOT: 90 / 9 = 10, 45 / 9 = 5, 45 / 9, 90 / 9: median 7.5 ms.
    const tpot = { ...columns, itl_p50_ms: [0, 0, 0, 0], decode_ms: [90, 45, 45, 90] };
    const check = decodeFloorCheck(given, undefined, sideOf(tpot));
    expect(check).toMatchObject({
      ok: true,
      head: { measuredMs: 7.5, measuredFrom: 'median decode_ms per output token' },
    });
    const { itl_p50_ms, ...noItl } = columns;
    expect(decodeFloorCheck(given, undefined, sideOf(noItl))).toEqual({
      ok: false,
      message: 'the decode floor needs the measured step: itl_p50_ms, or decode_ms and output_tokens per request',
    });
  });

  it('estimates the batch from decode concurrency when none was recorded at admission (or it was 0)', () => {
    // Two requests arrive together and decode over the same 100 ms: two decoding at a time.
    const timed = {
      itl_p50_ms: [4, 4],
      prompt_tokens: [100, 100],
      output_tokens: [10, 10],
      arrival_ts: [1_760_000_000, 1_760_000_000],
      first_token_ms: [20, 20],
      decode_ms: [100, 100],
    };
    const check = decodeFloorCheck(given, undefined, sideOf(timed));
    expect(check).toMatchObject({
      ok: true,
      head: { batch: 2, batchSource: 'decode concurrency', contextTokens: 210 },
    });
    const zero = decodeFloorCheck(given, undefined, sideOf({ ...timed, batch_size_at_admission: [0, 0] }));
    expect(zero).toMatchObject({ ok: true, head: { batch: 2, batchSource: 'decode concurrency' } });
    const { arrival_ts, ...untimed } = timed;
    expect(decodeFloorCheck(given, undefined, sideOf(untimed))).toEqual({
      ok: false,
      message:
        'the decode floor needs the running batch: batch_size_at_admission, or arrival_ts, first_token_ms and decode_ms per request',
    });
  });

  it('names what is missing when asked, and says nothing when not', () => {
    const { prompt_tokens, ...noPrompt } = columns;
    expect(decodeFloorCheck(given, undefined, sideOf(noPrompt))).toEqual({
      ok: false,
      message: 'the decode floor needs prompt_tokens and output_tokens per request (the KV cache each step reads)',
    });
    const { output_tokens, ...noOutput } = columns;
    expect(decodeFloorCheck(given, undefined, sideOf({ ...noOutput, itl_p50_ms: [4, 4, 4, 4] }))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/needs prompt_tokens and output_tokens/),
    });
    expect(decodeFloorCheck(given, sideOf(columns), undefined)).toEqual({
      ok: false,
      message: 'the decode floor needs per-request data on the head side',
    });
    expect(decodeFloorCheck({}, sideOf(columns), undefined)).toBeUndefined();
    // The floor's own complaint (a model not in the table) when asked; nothing when only the metadata named it.
    expect(decodeFloorCheck({ model: 'my-model', bandwidthGBs: 1000 }, undefined, sideOf(columns))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^The decode floor needs: model "my-model" is not in the table/),
    });
    expect(
      decodeFloorCheck({}, undefined, sideOf(columns, { model: 'my-model', hardware: 'H100 SXM' })),
    ).toBeUndefined();
    expect(decodeFloorCheck({}, undefined, sideOf(columns, { model: 'Llama-3.1-8B' }))).toBeUndefined();
    expect(decodeFloorCheck({}, undefined, sideOf(columns, { hardware: 'H100 SXM' }))).toBeUndefined();
    const { itl_p50_ms, ...noStep } = columns;
    expect(
      decodeFloorCheck({}, undefined, sideOf(noStep, { model: 'Llama-3.1-8B', hardware: 'H100 SXM' })),
    ).toBeUndefined();
  });
});
