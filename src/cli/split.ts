// `perf-triage split PROFILE… [--baseline PROFILE…]`: STEP 3's three-way split of a profiled step
// (PyTorch Chrome trace, .json.gz included, or key_averages; nsys stats CSVs, one file per report
// combined) — GPU-bound, CPU-bound or waiting, and on what — and STEP 4's kernel regimes from
// Nsight Compute CSVs; with a baseline, what moved, kernel by kernel. The step's wall clock and
// count are per side: summaries without NVTX step ranges carry none.

import { resolve } from 'node:path';
import { fileSource } from '../io/file-source';
import { readProfile, type ProfileReadOptions } from '../ingest/profile/read';
import { profileReport } from '../report/profiles';
import { profilesText } from '../render/text';
import { profilesSection } from '../render/deep-markdown';
import { outputFormat } from './format';
import type { CliIo } from './run';
import { parseCliArgs, UsageError } from './usage-error';

export async function runSplit(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCliArgs(
    {
      args: [...args],
      options: {
        baseline: { type: 'string', multiple: true },
        'wall-ms': { type: 'string' },
        'baseline-wall-ms': { type: 'string' },
        steps: { type: 'string' },
        'baseline-steps': { type: 'string' },
        'step-range': { type: 'string' },
        format: { type: 'string', short: 'f' },
      },
      allowPositionals: true,
      strict: true,
    },
    'split',
  );
  const { values, positionals } = parsed;
  if (positionals.length === 0)
    throw new UsageError('split needs a profiler export: perf-triage split PROFILE… [--baseline PROFILE…]');
  const baselines = values.baseline ?? [];
  if (baselines.length === 0 && (values['baseline-wall-ms'] || values['baseline-steps']))
    throw new UsageError('--baseline-wall-ms and --baseline-steps need --baseline');
  const side = (wall: string | undefined, steps: string | undefined, prefix: string): ProfileReadOptions => ({
    ...(wall ? { wallMs: positive(wall, `--${prefix}wall-ms`) } : {}),
    ...(steps ? { steps: whole(steps, `--${prefix}steps`) } : {}),
    ...(values['step-range'] ? { stepRange: values['step-range'] } : {}),
  });
  const headOptions = side(values['wall-ms'], values.steps, '');
  const baseOptions = side(values['baseline-wall-ms'], values['baseline-steps'], 'baseline-');
  const read = async (file: string, options: ProfileReadOptions) =>
    readProfile(await fileSource(resolve(io.cwd, file), file), options);
  const head = await Promise.all(positionals.map((f) => read(f, headOptions)));
  const base = await Promise.all(baselines.map((f) => read(f, baseOptions)));
  const report = profileReport({ base, head });
  if (!report) throw new UsageError('no step profile or kernel export in the files given');
  const format = outputFormat(values.format, 'text');
  if (format === 'json')
    io.stdout(`${JSON.stringify(report, (_k, v) => (typeof v === 'number' && !Number.isFinite(v) ? null : v), 2)}\n`);
  else if (format === 'markdown') io.stdout(`${profilesSection(report)}\n`);
  else io.stdout(`${profilesText(report)}\n`);
  return 0;
}

function positive(text: string, what: string): number {
  const v = Number(text);
  if (!(v > 0) || !Number.isFinite(v)) throw new UsageError(`${what} "${text}": expected a positive number`);
  return v;
}

function whole(text: string, what: string): number {
  const v = Number(text);
  if (!Number.isInteger(v) || v < 1) throw new UsageError(`${what} "${text}": expected a whole number of steps ≥ 1`);
  return v;
}
