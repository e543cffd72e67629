// The decode floor from the data: batch, context and measured step taken from the requests, the
// rest from the decode-floor input or the metadata; hand-computed.
import { describe, expect, it } from 'vitest';
import { decodeFloorCheck } from '../../src/diagnose/decode-floor-check';
import { pooledTable, sideTables } from '../../src/model/pool';
import type { Side } from '../../src/model/run';
import { sideFromRecords } from '../helpers/tables';

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
