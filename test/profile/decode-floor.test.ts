// §5 DECODE: the bandwidth floor of a decode step by hand for known models and GPUs, the
// efficiency bands at their edges, mixture-of-experts weights, and refusals that say what is missing.

import { describe, expect, it } from 'vitest';
import { decodeFloor, efficiency, type DecodeFloor } from '../../src/diagnose/profile/decode-floor';
import { GPUS, lookupGpu } from '../../src/diagnose/profile/hardware';
import { lookupModel, MODELS } from '../../src/diagnose/profile/models';

function ok(r: ReturnType<typeof decodeFloor>): DecodeFloor {
  if (!r.ok) throw new Error(r.message);
  return r;
}

describe('decode floor', () => {
  it('Llama-3.1-8B, BF16, batch 32 × 1,024 tokens of context, on an H100 SXM', () => {
    const f = ok(
      decodeFloor({
        model: 'meta-llama/Llama-3.1-8B-Instruct',
        bytesPerParam: 2,
        bytesPerElement: 2,
        contextTokens: 32 * 1024,
        batchSize: 32,
        gpu: 'NVIDIA H100 80GB HBM3',
      }),
    );
    // (8.03 − 0.525 embedding) B × 2 bytes.
    expect(f.weightBytes).toBeCloseTo(15.01e9, -3);
    // 2 × 32 layers × 8 KV heads × 128 × 2 bytes.
    expect(f.kvBytesPerToken).toBe(131072);
    expect(f.kvBytes).toBe(4294967296);
    expect(f.bandwidthGBs).toBe(3350);
    // 19.304967296e9 bytes / 3.35e12 bytes/s.
    expect(f.floorMs).toBeCloseTo(5.762676805, 8);
    expect(f.floorMsPerToken).toBeCloseTo(5.762676805 / 32, 8);
    expect(f.assumptions.join(' ')).toContain('input embedding (0.525 B parameters) left out');
  });

  it('Llama-3.1-70B over 4 GPUs: each reads a quarter', () => {
    const f = ok(
      decodeFloor({
        model: 'Llama-3.1-70B',
        bytesPerParam: 2,
        bytesPerElement: 2,
        contextTokens: 16 * 2048,
        batchSize: 16,
        gpu: 'H100 SXM',
        gpus: 4,
      }),
    );
    expect(f.kvBytesPerToken).toBe(327680);
    // (69.549e9 × 2 + 327,680 × 32,768) / (4 × 3.35e12).
    expect(f.floorMs).toBeCloseTo((((70.6 - 1.051) * 2e9 + 327680 * 32768) / (4 * 3.35e12)) * 1000, 9);
    expect(f.assumptions.at(-1)).toBe(
      '4 GPUs each read 1/4 of the bytes; communication between them is not in the floor.',
    );
  });

  it('Mixtral-8x7B: batch 1 reads 2 of 8 experts; a large batch nearly all', () => {
    const one = ok(
      decodeFloor({
        model: 'Mixtral-8x7B-Instruct-v0.1',
        bytesPerParam: 2,
        bytesPerElement: 2,
        contextTokens: 0,
        batchSize: 1,
        bandwidthGBs: 1000,
      }),
    );
    // Shared 46.7 − 0.131 − 45.1 = 1.469 B, experts 45.1 × 0.25 = 11.275 B.
    expect(one.weightBytes).toBeCloseTo(12.744e9 * 2, -3);
    const many = ok(
      decodeFloor({
        model: 'Mixtral-8x7B',
        bytesPerParam: 2,
        bytesPerElement: 2,
        contextTokens: 0,
        batchSize: 64,
        bandwidthGBs: 1000,
      }),
    );
    expect(many.weightBytes).toBeCloseTo((46.7 - 0.131 - 45.1 * Math.pow(0.75, 64)) * 2e9, -3);
    expect(many.assumptions.join(' ')).toContain('Real routing is skewed');
  });

  it('takes raw numbers instead of a model', () => {
    const f = ok(
      decodeFloor({ weightBytes: 2e9, kvBytesPerToken: 1000, contextTokens: 1e6, batchSize: 8, bandwidthGBs: 1000 }),
    );
    expect(f.bytesPerStep).toBe(3e9);
    expect(f.floorMs).toBe(3);
    const g = ok(
      decodeFloor({
        paramsBillions: 7,
        bytesPerParam: 0.5,
        layers: 28,
        kvHeads: 4,
        headDim: 128,
        bytesPerElement: 1,
        contextTokens: 0,
        batchSize: 1,
        gpu: 'L4',
      }),
    );
    expect(g.weightBytes).toBe(3.5e9);
    expect(g.kvBytesPerToken).toBe(28672);
    expect(g.floorMs).toBeCloseTo((3.5e9 / 300e9) * 1000, 12);
  });

  it('says what is missing instead of guessing', () => {
    const r = decodeFloor({ model: 'Llama-3.1-8B', contextTokens: 1000, batchSize: 4, gpu: 'H100' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.missing).toEqual([
      'bytesPerParam (2 for BF16, 1 for FP8, 0.5 for INT4)',
      'bytesPerElement of the KV cache (2 for BF16, 1 for FP8)',
      'GPU "H100" is ambiguous: say which of H100 SXM, H100 PCIe, or give bandwidthGBs',
    ]);
    expect(r.message.startsWith('The decode floor needs: bytesPerParam')).toBe(true);
    const unknown = decodeFloor({
      model: 'Llama-9-1T',
      bytesPerParam: 2,
      bytesPerElement: 2,
      contextTokens: 0,
      batchSize: 1,
      gpu: 'TPU v5e',
    });
    expect(unknown.ok).toBe(false);
    if (unknown.ok) return;
    expect(unknown.missing[0]).toBe(
      'model "Llama-9-1T" is not in the table: give paramsBillions (or weightBytes) and layers, kvHeads, headDim (or kvBytesPerToken)',
    );
    expect(unknown.missing.at(-1)).toMatch(
      /^GPU "TPU v5e" is not in the table \(H100 SXM, .*\): give its memory bandwidth as bandwidthGBs$/,
    );
    const noGpu = decodeFloor({ weightBytes: 1, kvBytesPerToken: 1, contextTokens: 1, batchSize: 1, gpus: 1.5 });
    expect(noGpu.ok ? [] : noGpu.missing).toEqual([
      'gpu (a name from the table) or bandwidthGBs',
      'gpus must be a whole number ≥ 1',
    ]);
  });
});

describe('efficiency bands (§5, read as floor / measured)', () => {
  it('> 0.8 near the limit, 0.4–0.8 overhead, < 0.4 structural, > 1 inconsistent', () => {
    expect(efficiency(4, 4.9)!.band).toBe('near-limit');
    expect(efficiency(4, 5)!.band).toBe('overhead'); // exactly 0.8
    expect(efficiency(4, 10)!.band).toBe('overhead'); // exactly 0.4
    expect(efficiency(4, 10.001)!.band).toBe('structural');
    expect(efficiency(4, 4)!.band).toBe('near-limit'); // exactly 1
    expect(efficiency(4, 3.9)!.band).toBe('inconsistent');
    expect(efficiency(4, 5)!.efficiency).toBe(0.8);
    expect(efficiency(0, 5)).toBeUndefined();
    expect(efficiency(4, NaN)).toBeUndefined();
  });

  it('on the Llama-3.1-8B floor: 7.2 ms measured is near the limit, 8 ms is overhead', () => {
    const f = ok(
      decodeFloor({
        model: 'Llama-3.1-8B',
        bytesPerParam: 2,
        bytesPerElement: 2,
        contextTokens: 32768,
        batchSize: 32,
        gpu: 'H100 SXM',
      }),
    );
    expect(efficiency(f.floorMs, 7.2)!.band).toBe('near-limit');
    expect(efficiency(f.floorMs, 8)).toMatchObject({ band: 'overhead' });
    expect(efficiency(f.floorMs, 8)!.advice).toContain('profile the step');
  });
});

describe('tables', () => {
  it('holds the GPUs of the brief with their datasheet bandwidths', () => {
    expect(Object.fromEntries(GPUS.map((g) => [g.name, g.bandwidthGBs]))).toEqual({
      'H100 SXM': 3350,
      'H100 PCIe': 2000,
      H200: 4800,
      'A100 80GB SXM': 2039,
      'A100 80GB PCIe': 1935,
      'A100 40GB': 1555,
      L40S: 864,
      L4: 300,
      A10G: 600,
      'RTX 4090': 1008,
      MI300X: 5300,
      B200: 8000,
    });
    expect(GPUS.filter((g) => !g.confirmed).map((g) => g.name)).toEqual([
      'H100 PCIe',
      'A100 80GB PCIe',
      'A100 40GB',
      'B200',
    ]);
  });

  it('finds GPUs by nvidia-smi names and refuses ambiguous ones', () => {
    const name = (n: string) => {
      const r = lookupGpu(n);
      return r.ok ? r.gpu.name : r.message;
    };
    expect(name('NVIDIA H100 80GB HBM3')).toBe('H100 SXM');
    expect(name('NVIDIA A100-SXM4-80GB')).toBe('A100 80GB SXM');
    expect(name('NVIDIA A100-SXM4-40GB')).toBe('A100 40GB');
    expect(name('NVIDIA A100 80GB PCIe')).toBe('A100 80GB PCIe');
    expect(name('NVIDIA L4')).toBe('L4');
    expect(name('NVIDIA L40S')).toBe('L40S');
    expect(name('NVIDIA GeForce RTX 4090')).toBe('RTX 4090');
    expect(name('AMD Instinct MI300X')).toBe('MI300X');
    expect(name('A100')).toMatch(/ambiguous/);
  });

  it('finds models by Hugging Face ids', () => {
    expect(MODELS.map((m) => m.name)).toEqual(['Llama-3.1-8B', 'Llama-3.1-70B', 'Mixtral-8x7B', 'Qwen2.5-7B']);
    expect(lookupModel('Qwen/Qwen2.5-7B-Instruct')?.kvHeads).toBe(4);
    expect(lookupModel('mistralai/Mixtral-8x7B-Instruct-v0.1')?.moe).toEqual({
      experts: 8,
      topK: 2,
      expertParamsBillions: 45.1,
    });
    expect(lookupModel('gpt-2')).toBeUndefined();
  });
});
