// `perf-triage split PROFILE [--baseline PROFILE]`: STEP 3's three-way split of a profiled step
// (PyTorch Chrome trace or key_averages, nsys stats CSV) — GPU-bound, CPU-bound or waiting, and on
// what — and STEP 4's kernel regimes for an Nsight Compute CSV; with a baseline, what moved.

import { resolve } from 'node:path';
import { fileSource } from '../io/file-source';
import { readProfile, type ProfileReadOptions } from '../profile/read';
import { profileReport } from '../report/profiles';
import { profilesText } from '../render/text';
import { profilesSection } from '../render/deep-markdown';
import { outputFormat } from './format';
import type { CliIo } from './run';
import { parseCliArgs, UsageError } from './usage-error';

export async function runSplit(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCliArgs({ args: [...args], options: { baseline: { type: 'string', multiple: true }, 'wall-ms': { type: 'string' }, steps: { type: 'string' }, format: { type: 'string', short: 'f' } }, allowPositionals: true, strict: true }, 'split');
  const { values, positionals } = parsed;
  if (positionals.length === 0) throw new UsageError('split needs a profiler export: perf-triage split PROFILE [--baseline PROFILE]');
  const options: ProfileReadOptions = {
    ...(values['wall-ms'] ? { wallMs: positive(values['wall-ms'], '--wall-ms') } : {}),
    ...(values.steps ? { steps: positive(values.steps, '--steps') } : {}),
  };
  const read = async (file: string) => readProfile(await fileSource(resolve(io.cwd, file), file), options);
  const head = await Promise.all(positionals.map(read));
  const base = await Promise.all((values.baseline ?? []).map(read));
  const report = profileReport({ base, head });
  if (!report) throw new UsageError('no step profile or kernel export in the files given');
  const format = outputFormat(values.format, 'text');
  if (format === 'json') io.stdout(`${JSON.stringify(report, (_k, v) => (typeof v === 'number' && !Number.isFinite(v) ? null : v), 2)}\n`);
  else if (format === 'markdown') io.stdout(`${profilesSection(report)}\n`);
  else io.stdout(`${profilesText(report)}\n`);
  return 0;
}

function positive(text: string, what: string): number {
  const v = Number(text);
  if (!(v > 0) || !Number.isFinite(v)) throw new UsageError(`${what} "${text}": expected a positive number`);
  return v;
}
