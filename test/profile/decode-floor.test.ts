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

describe('decode floor: where each number comes from, and every input it refuses', () => {
  const base = { weightBytes: 1e9, kvBytesPerToken: 1000, contextTokens: 1000, batchSize: 4, bandwidthGBs: 1000 };
  const missing = (input: Parameters<typeof decodeFloor>[0]) => {
    const r = decodeFloor(input);
    return r.ok ? [] : r.missing;
  };

  it('states the model, the embedding left out, the weights, the KV cache and the bandwidth with their numbers', () => {
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
    expect(f.gpus).toBe(1);
    expect(f.assumptions).toEqual([
      'Llama-3.1-8B: meta-llama/Llama-3.1-8B config.json: 32 layers, 32 heads, 8 KV heads, hidden 4096, vocab 128256.',
      "input embedding (0.525 B parameters) left out: a step reads only the batch's rows.",
      'weights 15.01 GB per step (7.50 B parameters × 2 bytes).',
      'KV cache 131.1 kB per token = 2 (K, V) × 32 layers × 8 KV heads × 128 × 2 bytes.',
      'bandwidth 3350 GB/s per GPU: NVIDIA H100 datasheet: H100 SXM 80 GB HBM3, 3.35 TB/s.',
    ]);
  });

  it('Mixtral, batch 4, FP8 KV cache, on 2 B200: 1 − 0.75⁴ of the expert weights, an unconfirmed bandwidth', () => {
    const f = ok(
      decodeFloor({
        model: 'Mixtral-8x7B',
        bytesPerParam: 2,
        bytesPerElement: 1,
        contextTokens: 4000,
        batchSize: 4,
        gpu: 'B200',
        gpus: 2,
      }),
    );
    // Shared 46.7 − 0.131 − 45.1 = 1.469 B, experts 45.1 × (1 − 0.31640625) = 30.830078125 B.
    expect(f.weightBytes).toBeCloseTo(32.299078125 * 2e9, -2);
    expect(f.kvBytesPerToken).toBe(65536);
    expect(f.kvBytes).toBe(262144000);
    expect(f.bytesPerStep).toBeCloseTo(64860300250, -2);
    expect(f.floorMs).toBeCloseTo((64860300250 / (2 * 8000e9)) * 1000, 9);
    expect(f.floorMsPerToken).toBeCloseTo(f.floorMs / 4, 12);
    expect(f.assumptions.slice(2)).toEqual([
      'mixture of experts: 2 of 8 experts per token; with uniform routing a batch of 4 touches 68.4% of the expert weights. Real routing is skewed: fewer are touched, the true floor is lower and this efficiency optimistic.',
      'weights 64.60 GB per step (32.30 B parameters × 2 bytes).',
      'KV cache 65.5 kB per token = 2 (K, V) × 32 layers × 8 KV heads × 128 × 1 bytes.',
      'bandwidth 8000 GB/s per GPU: NVIDIA DGX B200: 64 TB/s HBM3e over 8 GPUs (≈ 8 TB/s each); not confirmed against a per-GPU datasheet (not confirmed).',
      '2 GPUs each read 1/2 of the bytes; communication between them is not in the floor.',
    ]);
  });

  it('given parameters replace the model’s and keep their embedding; a given expert shape replaces the model’s', () => {
    const f = ok(
      decodeFloor({
        model: 'Mixtral-8x7B',
        paramsBillions: 10,
        bytesPerParam: 1,
        moe: { experts: 4, topK: 1, expertParamsBillions: 8 },
        kvBytesPerToken: 100,
        contextTokens: 10,
        batchSize: 2,
        bandwidthGBs: 100,
      }),
    );
    // 10 − 8 shared + 8 × (1 − 0.75²) = 5.5 B, no embedding subtracted.
    expect(f.weightBytes).toBeCloseTo(5.5e9, -1);
    expect(f.kvBytesPerToken).toBe(100);
    expect(f.assumptions.slice(1)).toEqual([
      'mixture of experts: 1 of 4 experts per token; with uniform routing a batch of 2 touches 43.8% of the expert weights. Real routing is skewed: fewer are touched, the true floor is lower and this efficiency optimistic.',
      'weights 5.50 GB per step (5.50 B parameters × 1 bytes).',
      'bandwidth 100 GB/s per GPU as given.',
    ]);
    // Given KV bytes per token win over the model's geometry, and need no line.
    const g = ok(decodeFloor({ ...base, model: 'Llama-3.1-8B', bytesPerElement: 2 }));
    expect(g.kvBytesPerToken).toBe(1000);
    expect(g.assumptions.filter((a) => a.startsWith('KV cache'))).toEqual([]);
  });

  it('weights and bandwidth as given, with the bytes in the unit that reads best', () => {
    const line = (weightBytes: number) => ok(decodeFloor({ ...base, weightBytes })).assumptions[0];
    expect(line(1e9)).toBe('weights 1.00 GB per step as given.');
    expect(line(1e6)).toBe('weights 1.00 MB per step as given.');
    expect(line(1e3)).toBe('weights 1.0 kB per step as given.');
    expect(line(999)).toBe('weights 999 B per step as given.');
    expect(ok(decodeFloor(base)).assumptions).toEqual([
      'weights 1.00 GB per step as given.',
      'bandwidth 1000 GB/s per GPU as given.',
    ]);
    // A given bandwidth wins over the table.
    expect(ok(decodeFloor({ ...base, gpu: 'H100 SXM' })).bandwidthGBs).toBe(1000);
    expect(ok(decodeFloor({ ...base, bandwidthGBs: 0, gpu: 'H100 SXM' })).bandwidthGBs).toBe(3350);
  });

  it('context 0 reads no KV cache and needs no geometry; with the geometry it reads 0 bytes of it', () => {
    const none = ok(decodeFloor({ weightBytes: 1e9, contextTokens: 0, batchSize: 1, bandwidthGBs: 1000 }));
    expect([none.kvBytesPerToken, none.kvBytes, none.floorMs]).toEqual([0, 0, 1]);
    expect(none.assumptions[1]).toBe('no KV cache read (context 0 tokens): the floor is the weights alone.');
    const geometry = ok(
      decodeFloor({
        model: 'Qwen2.5-7B',
        weightBytes: 1e9,
        bytesPerElement: 2,
        contextTokens: 0,
        batchSize: 1,
        bandwidthGBs: 1000,
      }),
    );
    // 2 × 28 layers × 4 KV heads × 128 × 2 bytes.
    expect([geometry.kvBytesPerToken, geometry.kvBytes]).toEqual([57344, 0]);
  });

  it('refuses weights, precisions and KV inputs that are not positive numbers', () => {
    const weights = [
      'paramsBillions (or weightBytes, or a known model)',
      'bytesPerParam (2 for BF16, 1 for FP8, 0.5 for INT4)',
    ];
    for (const weightBytes of [0, -1, NaN, Infinity]) expect(missing({ ...base, weightBytes })).toEqual(weights);
    expect(missing({ ...base, weightBytes: undefined, paramsBillions: 7, bytesPerParam: 0 })).toEqual([weights[1]]);
    expect(missing({ ...base, weightBytes: undefined, paramsBillions: Infinity, bytesPerParam: 2 })).toEqual([
      weights[0],
    ]);
    const kv = [
      'kvBytesPerToken, or layers, kvHeads and headDim (or a known model)',
      'bytesPerElement of the KV cache (2 for BF16, 1 for FP8)',
    ];
    expect(missing({ ...base, kvBytesPerToken: undefined, layers: 32, kvHeads: 8 })).toEqual(kv);
    expect(missing({ ...base, kvBytesPerToken: 0, layers: 32, kvHeads: 8, headDim: 128 })).toEqual([kv[1]]);
    expect(
      missing({ ...base, kvBytesPerToken: undefined, layers: 32, kvHeads: 0, headDim: 128, bytesPerElement: 2 }),
    ).toEqual([kv[0]]);
  });

  it('refuses a context, a batch or a GPU count it cannot use, and asks for the batch once', () => {
    const context = 'contextTokens (mean KV tokens read per step, summed over the batch)';
    for (const contextTokens of [undefined, -1, NaN, Infinity])
      expect(missing({ ...base, contextTokens })).toEqual([context]);
    for (const batchSize of [undefined, 0, -4, Infinity])
      expect(missing({ ...base, batchSize })).toEqual(['batchSize (sequences per decode step)']);
    // A mixture of experts needs the batch for its weights: said once, in its own words.
    expect(
      missing({ model: 'Mixtral-8x7B', bytesPerParam: 2, bytesPerElement: 2, contextTokens: 100, bandwidthGBs: 100 }),
    ).toEqual(['batchSize (a mixture of experts reads the experts the batch is routed to)']);
    expect(
      missing({
        model: 'Mixtral-8x7B',
        bytesPerParam: 2,
        bytesPerElement: 2,
        contextTokens: 100,
        bandwidthGBs: 100,
        batchSize: 0,
      }),
    ).toEqual(['batchSize (sequences per decode step)']);
    // Asked once also when something else is missing before it.
    const moeNoBatch = { model: 'Mixtral-8x7B', bytesPerParam: 2, bytesPerElement: 2, bandwidthGBs: 100 };
    expect(missing(moeNoBatch)).toEqual([
      'batchSize (a mixture of experts reads the experts the batch is routed to)',
      context,
    ]);
    expect(missing({ ...base, contextTokens: undefined, batchSize: undefined })).toEqual([
      context,
      'batchSize (sequences per decode step)',
    ]);
    for (const gpus of [0, -1, 1.5, NaN])
      expect(missing({ ...base, gpus })).toEqual(['gpus must be a whole number ≥ 1']);
    const r = decodeFloor({ ...base, contextTokens: -1, gpus: 0 });
    expect(r.ok ? '' : r.message).toBe(`The decode floor needs: ${context}; gpus must be a whole number ≥ 1.`);
  });
});

describe('efficiency: what each band tells the reader', () => {
  it('the advice of each band, and no band for a floor or a step that is not a positive number', () => {
    expect(efficiency(4, 3.2)).toEqual({
      efficiency: 1.25,
      band: 'inconsistent',
      advice:
        'faster than the bandwidth floor: the bytes are overcounted (quantized weights? an FP8 KV cache? fewer experts touched?) or the bandwidth is wrong',
    });
    expect(efficiency(9, 10)).toEqual({
      efficiency: 0.9,
      band: 'near-limit',
      advice: 'near the physical limit: only fewer bytes help (quantize weights or KV cache)',
    });
    expect(efficiency(5, 10)).toEqual({
      efficiency: 0.5,
      band: 'overhead',
      advice: 'kernel or launch overhead: profile the step (three-way split, then the top kernels)',
    });
    expect(efficiency(1, 10)).toEqual({
      efficiency: 0.1,
      band: 'structural',
      advice:
        'something is structurally wrong (not batching, recomputation, syncs, the wrong kernels): find it before tuning',
    });
    for (const [floor, step] of [
      [Infinity, 5],
      [4, Infinity],
      [4, 0],
      [-1, 5],
      [4, -5],
      [NaN, 5],
    ])
      expect(efficiency(floor, step)).toBeUndefined();
  });
});
