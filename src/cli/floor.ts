// `perf-triage floor`: §5's decode memory-bandwidth floor from model and GPU facts, and with a
// measured step, the efficiency band.
//   perf-triage floor --model Llama-3.1-8B --gpu "H100 SXM" --batch 32 --context 1024 [--measured-ms 12]

import { parseFloorSettings } from '../config/floor';
import { compact, duration, grouped } from '../format/numbers';
import { decodeFloor, efficiency } from '../profile/decode-floor';
import type { CliIo } from './run';
import { parseCliArgs, UsageError } from './usage-error';

export async function runFloor(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCliArgs({
    args: [...args],
    options: { model: { type: 'string' }, gpu: { type: 'string' }, gpus: { type: 'string' }, weights: { type: 'string' }, kv: { type: 'string' }, bandwidth: { type: 'string' }, params: { type: 'string' }, batch: { type: 'string' }, context: { type: 'string' }, 'measured-ms': { type: 'string' } },
    strict: true,
  }, 'floor');
  const { values } = parsed;
  const settings = parseFloorSettings(['model', 'gpu', 'gpus', 'weights', 'kv', 'bandwidth', 'params'].flatMap((k) => (values[k as keyof typeof values] ? [`${k}=${values[k as keyof typeof values]}`] : [])));
  const batch = Number(values.batch);
  const context = Number(values.context);
  if (!(batch > 0)) throw new UsageError('--batch: the running batch (sequences per decode step) is needed, such as --batch 32');
  if (!(context >= 0)) throw new UsageError('--context: the mean tokens in each sequence\'s KV cache is needed, such as --context 1024');
  const floor = decodeFloor({ ...settings, bytesPerParam: settings.bytesPerParam ?? 2, bytesPerElement: settings.bytesPerElement ?? 2, batchSize: batch, contextTokens: batch * context });
  if (!floor.ok) throw new UsageError(floor.message);
  io.stdout(`bytes per step ${compact(floor.bytesPerStep / 1e9)} GB (weights ${compact(floor.weightBytes / 1e9)} GB + KV ${compact(floor.kvBytes / 1e9)} GB for ${grouped(batch * context)} tokens)\n`);
  io.stdout(`floor ${duration(floor.floorMs)} per step at ${floor.bandwidthGBs} GB/s × ${floor.gpus} GPU${floor.gpus > 1 ? 's' : ''}; ${duration(floor.floorMsPerToken)} per token\n`);
  for (const a of floor.assumptions) io.stdout(`  ${a}\n`);
  if (values['measured-ms']) {
    const measured = Number(values['measured-ms']);
    const e = efficiency(floor.floorMs, measured);
    if (!e) throw new UsageError(`--measured-ms "${values['measured-ms']}": expected a positive step time in ms`);
    io.stdout(`measured ${duration(measured)}: efficiency floor/measured ${compact(e.efficiency)} (${e.band}) — ${e.advice}\n`);
  }
  return 0;
}
