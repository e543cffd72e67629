// §5 DECODE: the memory-bandwidth floor of a decode step against the measured step, per side. The
// measured step is the median inter-token latency (one token per sequence per step); the batch is the
// mean running batch (batch_size_at_admission, else the decode concurrency each request saw); the KV
// read per step is the batch × the mean context a sequence has mid-decode (prompt + half its output).
// GPU and model come from the decode-floor input, else the run's metadata. Nothing is guessed: what
// is missing is said.

import type { FloorSettings } from '../config/floor';
import { compact, duration } from '../display/numbers';
import { decodeFloor, efficiency, type DecodeFloor, type Efficiency } from './profile/decode-floor';
import { meanFinite, quantile } from '../stats/quantile';
import { requestColumn } from '../metrics/values';
import type { SideData } from './context';
import { batchProfile } from './measures/batch';
import { decodeConcurrency } from './measures/concurrency';
import { concatPresent } from './measures/ratios';

export interface FloorSide {
  batch: number;
  batchSource: 'batch_size_at_admission' | 'decode concurrency';
  contextTokens: number;
  measuredMs: number;
  measuredFrom: string;
  floor: DecodeFloor;
  efficiency?: Efficiency;
}

export type FloorCheck =
  { ok: true; base?: FloorSide; head: FloorSide; sentence: string } | { ok: false; message: string };

export function decodeFloorCheck(
  settings: FloorSettings,
  base: SideData | undefined,
  head: SideData | undefined,
): FloorCheck | undefined {
  const asked = Object.keys(settings).length > 0;
  if (!head)
    return asked ? { ok: false, message: 'the decode floor needs per-request data on the head side' } : undefined;
  const gpu = settings.gpu ?? head.meta.hardware;
  const model = settings.model ?? head.meta.model;
  // Without being asked and without both names in the metadata, say nothing: the floor is optional.
  if (!asked && (!gpu || !model)) return undefined;
  const headSide = floorSide(settings, head, gpu, model);
  // Unasked, a floor the metadata cannot support is left out rather than complained about.
  if ('message' in headSide) return asked ? { ok: false, message: headSide.message } : undefined;
  const baseSide = base
    ? floorSide(settings, base, settings.gpu ?? base.meta.hardware, settings.model ?? base.meta.model)
    : undefined;
  const usableBase = baseSide && !('message' in baseSide) ? baseSide : undefined;
  return {
    ok: true,
    ...(usableBase ? { base: usableBase } : {}),
    head: headSide,
    sentence: sentence(usableBase, headSide),
  };
}

function floorSide(
  settings: FloorSettings,
  data: SideData,
  gpu: string | undefined,
  model: string | undefined,
): FloorSide | { message: string } {
  const tables = data.tables;
  const measured = measuredStep(data);
  if (!measured)
    return {
      message: 'the decode floor needs the measured step: itl_p50_ms, or decode_ms and output_tokens per request',
    };
  const batch = runningBatch(tables);
  if (!batch)
    return {
      message:
        'the decode floor needs the running batch: batch_size_at_admission, or arrival_ts, first_token_ms and decode_ms per request',
    };
  const prompt = meanFinite(concatPresent(tables.map((t) => t.numbers.prompt_tokens)) ?? new Float64Array());
  const output = meanFinite(concatPresent(tables.map((t) => t.numbers.output_tokens)) ?? new Float64Array());
  if (!Number.isFinite(prompt) || !Number.isFinite(output))
    return {
      message: 'the decode floor needs prompt_tokens and output_tokens per request (the KV cache each step reads)',
    };
  const contextTokens = batch.value * (prompt + output / 2);
  const floor = decodeFloor({
    ...(model ? { model } : {}),
    ...(gpu ? { gpu } : {}),
    bytesPerParam: settings.bytesPerParam ?? 2,
    bytesPerElement: settings.bytesPerElement ?? 2,
    ...(settings.paramsBillions ? { paramsBillions: settings.paramsBillions } : {}),
    ...(settings.bandwidthGBs ? { bandwidthGBs: settings.bandwidthGBs } : {}),
    gpus: settings.gpus ?? 1,
    batchSize: batch.value,
    contextTokens,
  });
  if (!floor.ok) return { message: floor.message };
  if (settings.bytesPerParam === undefined)
    floor.assumptions.push('weights in BF16 (2 bytes): set weights=fp8 or int4 in decode-floor if they are quantized.');
  if (settings.bytesPerElement === undefined)
    floor.assumptions.push('KV cache in BF16 (2 bytes): set kv=fp8 if it is.');
  const eff = efficiency(floor.floorMs, measured.ms);
  return {
    batch: batch.value,
    batchSource: batch.source,
    contextTokens,
    measuredMs: measured.ms,
    measuredFrom: measured.from,
    floor,
    ...(eff ? { efficiency: eff } : {}),
  };
}

/** The step as the ITL p50 and TPOT metrics measure it: median ITL, else median TPOT. */
function measuredStep(data: SideData): { ms: number; from: string } | undefined {
  const sources = [
    { metric: 'itl' as const, from: 'median ITL' },
    { metric: 'tpot' as const, from: 'median decode_ms per output token' },
  ];
  for (const { metric, from } of sources) {
    const values = concatPresent(data.tables.map((t) => requestColumn(t, metric, 0.5) ?? undefined));
    const ms = values ? quantile(values, 0.5) : NaN;
    if (ms > 0) return { ms, from };
  }
  return undefined;
}

function runningBatch(tables: SideData['tables']): { value: number; source: FloorSide['batchSource'] } | undefined {
  const admitted = batchProfile(tables);
  if (admitted && admitted.mean > 0) return { value: admitted.mean, source: 'batch_size_at_admission' };
  const concurrency = tables.map((t) => decodeConcurrency(t)).filter((c): c is Float64Array => c !== undefined);
  const mean = concurrency.length ? meanFinite(concatPresent(concurrency) ?? new Float64Array()) : NaN;
  return mean > 0 ? { value: mean, source: 'decode concurrency' } : undefined;
}

function sentence(base: FloorSide | undefined, head: FloorSide): string {
  const eff = (s: FloorSide) => (s.efficiency ? compact(s.efficiency.efficiency) : '?');
  const floorText = base
    ? `${duration(base.floor.floorMs)} → ${duration(head.floor.floorMs)}`
    : duration(head.floor.floorMs);
  const measured = base ? `${duration(base.measuredMs)} → ${duration(head.measuredMs)}` : duration(head.measuredMs);
  const efficiencyText = base ? `${eff(base)} → ${eff(head)}` : eff(head);
  const band = head.efficiency ? `: ${head.efficiency.band.replace('-', ' ')} — ${head.efficiency.advice}` : '';
  return `decode bandwidth floor ${floorText} per step (running batch ${compact(head.batch)}, ${compact(head.floor.bytesPerStep / 1e9)} GB read); measured step (${head.measuredFrom}) ${measured}; efficiency floor/measured ${efficiencyText}${band}`;
}
