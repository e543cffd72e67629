// §5 DECODE: "compute the memory-bandwidth floor: bytes_per_step / bandwidth". A decode step must
// read every weight once (whatever the batch) and every sequence's KV cache, so
//
//   bytes per step = weight bytes + KV bytes per token × KV tokens read (summed over the batch)
//   floor ms       = bytes per step / (bandwidth × GPUs)        (tensor parallel: each GPU reads its share)
//
// Weight bytes leave out the input embedding (a step reads only the batch's rows of it). For a
// mixture of experts, only the experts the batch routes to are read: with uniform, independent
// routing of top-k of E experts, an expert is untouched by B tokens with probability (1 − k/E)^B.
// Real routing is skewed, so fewer experts are touched and the true floor is lower — the
// efficiency this gives is then optimistic; the result says so. Communication between GPUs is not
// in the floor. Nothing is guessed: a missing input gives a result listing what is needed.

import { lookupGpu } from './hardware';
import { lookupModel, type MoeFacts } from './models';

export interface DecodeFloorInput {
  /** A model from the table (Llama-3.1-8B, Llama-3.1-70B, Mixtral-8x7B, Qwen2.5-7B) supplies the shape. */
  model?: string;
  /** Weight bytes read per step, when known (overrides params × bytesPerParam). */
  weightBytes?: number;
  paramsBillions?: number;
  /** 2 for BF16/FP16, 1 for FP8/INT8, 0.5 for INT4. */
  bytesPerParam?: number;
  /** KV cache bytes per token over all layers (K and V), when known. */
  kvBytesPerToken?: number;
  layers?: number;
  kvHeads?: number;
  headDim?: number;
  /** Bytes per KV cache element: 2 for BF16, 1 for an FP8 cache. */
  bytesPerElement?: number;
  /** Mean KV tokens read per decode step, summed over the running batch. */
  contextTokens?: number;
  /** Sequences decoded per step (tokens per step). */
  batchSize?: number;
  gpu?: string;
  /** Peak memory bandwidth of one GPU in GB/s (10^9 bytes/s); overrides the table. */
  bandwidthGBs?: number;
  /** GPUs the model is split over (tensor parallel); default 1. */
  gpus?: number;
  /** Overrides or supplies the mixture-of-experts shape. */
  moe?: MoeFacts;
}

export interface DecodeFloor {
  ok: true;
  weightBytes: number;
  kvBytesPerToken: number;
  kvBytes: number;
  bytesPerStep: number;
  bandwidthGBs: number;
  gpus: number;
  floorMs: number;
  /** floorMs / batch size: the floor per generated token. */
  floorMsPerToken: number;
  /** Where each number came from and what it assumes. */
  assumptions: string[];
}

export interface DecodeFloorMissing {
  ok: false;
  /** The inputs that are needed, one per line. */
  missing: string[];
  message: string;
}

const positive = (x: number | undefined): x is number => x !== undefined && Number.isFinite(x) && x > 0;
const nonNegative = (x: number | undefined): x is number => x !== undefined && Number.isFinite(x) && x >= 0;

export function decodeFloor(input: DecodeFloorInput): DecodeFloor | DecodeFloorMissing {
  const missing: string[] = [];
  const assumptions: string[] = [];
  const model = input.model !== undefined ? lookupModel(input.model) : undefined;
  if (input.model !== undefined && !model) {
    missing.push(
      `model "${input.model}" is not in the table: give paramsBillions (or weightBytes) and layers, kvHeads, headDim (or kvBytesPerToken)`,
    );
  } else if (model) {
    assumptions.push(`${model.name}: ${model.source}.`);
  }
  const moe = input.moe ?? model?.moe;

  // Weights.
  let weightBytes = NaN;
  if (positive(input.weightBytes)) {
    weightBytes = input.weightBytes;
    assumptions.push(`weights ${fmtBytes(weightBytes)} per step as given.`);
  } else {
    const params = input.paramsBillions ?? model?.paramsBillions;
    if (!positive(params)) missing.push('paramsBillions (or weightBytes, or a known model)');
    if (!positive(input.bytesPerParam)) missing.push('bytesPerParam (2 for BF16, 1 for FP8, 0.5 for INT4)');
    if (!nonNegative(input.batchSize) && moe)
      missing.push('batchSize (a mixture of experts reads the experts the batch is routed to)');
    if (positive(params) && positive(input.bytesPerParam)) {
      const embedding = input.paramsBillions === undefined && model ? model.embeddingParamsBillions : 0;
      let read = params - embedding;
      if (embedding > 0)
        assumptions.push(`input embedding (${embedding} B parameters) left out: a step reads only the batch's rows.`);
      if (moe && nonNegative(input.batchSize)) {
        const touched = 1 - Math.pow(1 - moe.topK / moe.experts, input.batchSize);
        read = read - moe.expertParamsBillions + moe.expertParamsBillions * touched;
        assumptions.push(
          `mixture of experts: ${moe.topK} of ${moe.experts} experts per token; with uniform routing a batch of ${input.batchSize} touches ${(touched * 100).toFixed(1)}% of the expert weights. Real routing is skewed: fewer are touched, the true floor is lower and this efficiency optimistic.`,
        );
      }
      weightBytes = read * 1e9 * input.bytesPerParam;
      assumptions.push(
        `weights ${fmtBytes(weightBytes)} per step (${read.toFixed(2)} B parameters × ${input.bytesPerParam} bytes).`,
      );
    }
  }

  // KV cache. With no token in it (a first decode step, or --context 0) nothing is read, so its
  // geometry is not needed.
  let kvBytesPerToken = NaN;
  const layers = input.layers ?? model?.layers;
  const kvHeads = input.kvHeads ?? model?.kvHeads;
  const headDim = input.headDim ?? model?.headDim;
  const geometry = positive(layers) && positive(kvHeads) && positive(headDim) && positive(input.bytesPerElement);
  if (positive(input.kvBytesPerToken)) {
    kvBytesPerToken = input.kvBytesPerToken;
  } else if (geometry) {
    kvBytesPerToken = 2 * layers! * kvHeads! * headDim! * input.bytesPerElement!;
    assumptions.push(
      `KV cache ${fmtBytes(kvBytesPerToken)} per token = 2 (K, V) × ${layers} layers × ${kvHeads} KV heads × ${headDim} × ${input.bytesPerElement} bytes.`,
    );
  } else if (input.contextTokens === 0) {
    kvBytesPerToken = 0;
    assumptions.push('no KV cache read (context 0 tokens): the floor is the weights alone.');
  } else {
    if (!positive(layers) || !positive(kvHeads) || !positive(headDim))
      missing.push('kvBytesPerToken, or layers, kvHeads and headDim (or a known model)');
    if (!positive(input.bytesPerElement)) missing.push('bytesPerElement of the KV cache (2 for BF16, 1 for FP8)');
  }
  if (!nonNegative(input.contextTokens))
    missing.push('contextTokens (mean KV tokens read per step, summed over the batch)');
  if (!positive(input.batchSize)) {
    if (!missing.some((m) => m.startsWith('batchSize'))) missing.push('batchSize (sequences per decode step)');
  }

  // Bandwidth.
  let bandwidthGBs = NaN;
  if (positive(input.bandwidthGBs)) {
    bandwidthGBs = input.bandwidthGBs;
    assumptions.push(`bandwidth ${bandwidthGBs} GB/s per GPU as given.`);
  } else if (input.gpu !== undefined) {
    const found = lookupGpu(input.gpu);
    if (found.ok) {
      bandwidthGBs = found.gpu.bandwidthGBs;
      assumptions.push(
        `bandwidth ${bandwidthGBs} GB/s per GPU: ${found.gpu.source}${found.gpu.confirmed ? '' : ' (not confirmed)'}.`,
      );
    } else missing.push(found.message);
  } else missing.push('gpu (a name from the table) or bandwidthGBs');
  const gpus = input.gpus ?? 1;
  if (!(Number.isInteger(gpus) && gpus >= 1)) missing.push('gpus must be a whole number ≥ 1');

  if (missing.length > 0) {
    return { ok: false, missing, message: `The decode floor needs: ${missing.join('; ')}.` };
  }
  const kvBytes = kvBytesPerToken * input.contextTokens!;
  const bytesPerStep = weightBytes + kvBytes;
  const floorMs = (bytesPerStep / (bandwidthGBs * 1e9 * gpus)) * 1000;
  if (gpus > 1)
    assumptions.push(`${gpus} GPUs each read 1/${gpus} of the bytes; communication between them is not in the floor.`);
  return {
    ok: true,
    weightBytes,
    kvBytesPerToken,
    kvBytes,
    bytesPerStep,
    bandwidthGBs,
    gpus,
    floorMs,
    floorMsPerToken: floorMs / input.batchSize!,
    assumptions,
  };
}

export type FloorBand = 'inconsistent' | 'near-limit' | 'overhead' | 'structural';

export interface Efficiency {
  /** floor / measured: 1 would be a step at peak bandwidth. */
  efficiency: number;
  band: FloorBand;
  advice: string;
}

/**
 * §5's bands, read as efficiency = floor / measured (the text writes "measured / floor", which is
 * always ≥ 1; the bands only make sense for its inverse): > 0.8 near the physical limit; 0.4–0.8
 * kernel or launch overhead; < 0.4 something structurally wrong. Above 1 the step beat the
 * physics: the bytes or the bandwidth are wrong.
 */
export function efficiency(floorMs: number, measuredStepMs: number): Efficiency | undefined {
  if (!(floorMs > 0) || !(measuredStepMs > 0) || !Number.isFinite(floorMs) || !Number.isFinite(measuredStepMs))
    return undefined;
  const e = floorMs / measuredStepMs;
  if (e > 1) {
    return {
      efficiency: e,
      band: 'inconsistent',
      advice:
        'faster than the bandwidth floor: the bytes are overcounted (quantized weights? an FP8 KV cache? fewer experts touched?) or the bandwidth is wrong',
    };
  }
  if (e > 0.8)
    return {
      efficiency: e,
      band: 'near-limit',
      advice: 'near the physical limit: only fewer bytes help (quantize weights or KV cache)',
    };
  if (e >= 0.4)
    return {
      efficiency: e,
      band: 'overhead',
      advice: 'kernel or launch overhead: profile the step (three-way split, then the top kernels)',
    };
  return {
    efficiency: e,
    band: 'structural',
    advice:
      'something is structurally wrong (not batching, recomputation, syncs, the wrong kernels): find it before tuning',
  };
}

function fmtBytes(b: number): string {
  if (b >= 1e9) return `${(b / 1e9).toFixed(2)} GB`;
  if (b >= 1e6) return `${(b / 1e6).toFixed(2)} MB`;
  if (b >= 1e3) return `${(b / 1e3).toFixed(1)} kB`;
  return `${b} B`;
}
