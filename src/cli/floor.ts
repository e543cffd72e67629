// `perf-triage floor`: §5's decode memory-bandwidth floor from first principles — parameters, bytes
// per weight, bandwidth and (when the context is not empty) the KV cache geometry — and with a
// measured step, the efficiency band. The model and GPU tables only fill in what is not given.
//   perf-triage floor --model Llama-3.1-8B --gpu "H100 SXM" --batch 32 --context 1024 [--measured-ms 12]
//   perf-triage floor --params 27 --weights int4 --bandwidth 760 --batch 1 --context 0

import { parseFloorSettings } from '../config/floor';
import { compact, duration, grouped } from '../display/numbers';
import { decodeFloor, efficiency, type DecodeFloorInput } from '../diagnose/profile/decode-floor';
import type { CliIo } from './run';
import { parseCliArgs, UsageError } from './usage-error';

export async function runFloor(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCliArgs(
    {
      args: [...args],
      options: {
        model: { type: 'string' },
        gpu: { type: 'string' },
        gpus: { type: 'string' },
        weights: { type: 'string' },
        'bytes-per-weight': { type: 'string' },
        kv: { type: 'string' },
        bandwidth: { type: 'string' },
        params: { type: 'string' },
        layers: { type: 'string' },
        'kv-heads': { type: 'string' },
        'head-dim': { type: 'string' },
        'kv-bytes-per-token': { type: 'string' },
        batch: { type: 'string' },
        context: { type: 'string' },
        'measured-ms': { type: 'string' },
      },
      strict: true,
    },
    'floor',
  );
  const { values } = parsed;
  const settings = parseFloorSettings(
    ['model', 'gpu', 'gpus', 'weights', 'kv', 'bandwidth', 'params'].flatMap((k) =>
      values[k as keyof typeof values] ? [`${k}=${values[k as keyof typeof values]}`] : [],
    ),
  );
  const batch = Number(values.batch);
  const context = Number(values.context);
  if (!(batch > 0))
    throw new UsageError('--batch: the running batch (sequences per decode step) is needed, such as --batch 32');
  if (!(context >= 0))
    throw new UsageError(
      "--context: the mean tokens in each sequence's KV cache is needed, such as --context 1024 (0 for none)",
    );
  if (values.weights && values['bytes-per-weight'])
    throw new UsageError('--weights and --bytes-per-weight say the same thing: give one');
  const bytesPerWeight = values['bytes-per-weight']
    ? number(
        values['bytes-per-weight'],
        '--bytes-per-weight',
        'bytes per weight, such as 0.5625 for 4.5 bits',
        (v) => v > 0 && v <= 8,
      )
    : undefined;
  const whole = (flag: 'layers' | 'kv-heads' | 'head-dim') =>
    values[flag]
      ? number(values[flag]!, `--${flag}`, 'a whole number ≥ 1', (v) => Number.isInteger(v) && v >= 1)
      : undefined;
  const layers = whole('layers');
  const kvHeads = whole('kv-heads');
  const headDim = whole('head-dim');
  const kvBytesPerToken = values['kv-bytes-per-token']
    ? number(
        values['kv-bytes-per-token'],
        '--kv-bytes-per-token',
        'bytes of K and V per token over all layers',
        (v) => v > 0,
      )
    : undefined;
  const input: DecodeFloorInput = {
    ...settings,
    bytesPerParam: bytesPerWeight ?? settings.bytesPerParam ?? 2,
    bytesPerElement: settings.bytesPerElement ?? 2,
    ...(layers !== undefined ? { layers } : {}),
    ...(kvHeads !== undefined ? { kvHeads } : {}),
    ...(headDim !== undefined ? { headDim } : {}),
    ...(kvBytesPerToken !== undefined ? { kvBytesPerToken } : {}),
    batchSize: batch,
    contextTokens: batch * context,
  };
  const floor = decodeFloor(input);
  if (!floor.ok)
    throw new UsageError(
      `${floor.message} (flags: --params, --weights or --bytes-per-weight, --bandwidth or --gpu, --layers --kv-heads --head-dim or --kv-bytes-per-token, or --model for the table)`,
    );
  io.stdout(
    `bytes per step ${compact(floor.bytesPerStep / 1e9)} GB (weights ${compact(floor.weightBytes / 1e9)} GB + KV ${compact(floor.kvBytes / 1e9)} GB for ${grouped(batch * context)} tokens)\n`,
  );
  io.stdout(
    `floor ${duration(floor.floorMs)} per step at ${floor.bandwidthGBs} GB/s × ${floor.gpus} GPU${floor.gpus > 1 ? 's' : ''}; ${duration(floor.floorMsPerToken)} per token\n`,
  );
  for (const a of floor.assumptions) io.stdout(`  ${a}\n`);
  if (bytesPerWeight === undefined && settings.bytesPerParam === undefined)
    io.stdout('  weights in BF16 (2 bytes) assumed: give --weights or --bytes-per-weight if they are quantized.\n');
  if (context > 0 && kvBytesPerToken === undefined && settings.bytesPerElement === undefined)
    io.stdout('  KV cache in BF16 (2 bytes) assumed: give --kv fp8 if it is.\n');
  if (values['measured-ms']) {
    const measured = Number(values['measured-ms']);
    const e = efficiency(floor.floorMs, measured);
    if (!e) throw new UsageError(`--measured-ms "${values['measured-ms']}": expected a positive step time in ms`);
    io.stdout(
      `measured ${duration(measured)}: efficiency floor/measured ${compact(e.efficiency)} (${e.band}) — ${e.advice}\n`,
    );
  }
  return 0;
}

function number(text: string, flag: string, expected: string, valid: (v: number) => boolean): number {
  const v = Number(text);
  if (!Number.isFinite(v) || !valid(v)) throw new UsageError(`${flag} "${text}": expected ${expected}`);
  return v;
}
