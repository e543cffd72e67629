// `perf-triage digest FILE… --out F [--shard i/n]`: a compact digest of a run (the baseline digest
// format, docs/journal.md) for a matrix job to upload instead of raw files. The report job reads the
// digests like any result file: digests of different benchmarks give one report with a section
// each; digests marked --shard i/n of one benchmark are merged back into one run.

import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { digestSide } from '../ingest/digest/digest';
import { loadSide } from '../io/load-side';
import { pairBenchmarks } from '../report/groups';
import { markShard, parseShard } from '../model/shards';
import { grouped } from '../display/numbers';
import { plainText } from '../render/escape';
import type { CliIo } from './run';
import { parseCliArgs, UsageError } from './usage-error';

export async function runDigest(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCliArgs(
    {
      args: [...args],
      options: {
        out: { type: 'string', short: 'o' },
        shard: { type: 'string' },
        benchmark: { type: 'string' },
        'input-format': { type: 'string' },
      },
      allowPositionals: true,
      strict: true,
    },
    'digest',
  );
  const { values, positionals } = parsed;
  if (positionals.length === 0 || !values.out)
    throw new UsageError(
      'digest needs result files and --out: perf-triage digest FILE… --out digest.json [--shard 2/4]',
    );
  const shard = values.shard !== undefined ? parseShard(values.shard) : undefined;
  if (typeof shard === 'string') throw new UsageError(`--shard "${values.shard}" ${shard}`);
  const side = await loadSide('head', positionals, {
    maxBadLineRatio: 0.05,
    cwd: io.cwd,
    ...(values['input-format'] ? { format: values['input-format'] } : {}),
  });
  const names = pairBenchmarks(side, side).pairs.map((p) => p.name);
  if (names.length > 1 && !values.benchmark)
    throw new UsageError(
      `these files hold ${names.length} benchmarks (${names.join(', ')}): digest each on its own, or name one with --benchmark`,
    );
  const name = values.benchmark ?? names[0] ?? 'benchmark';
  const runs = markShard(side.runs, shard).map((r) => ({ ...r, meta: { ...r.meta, benchmark: name } }));
  const digest = digestSide({ ...side, runs }, name, new Date().toISOString());
  const file = resolve(io.cwd, values.out);
  await mkdir(dirname(file), { recursive: true });
  const text = `${JSON.stringify(digest)}\n`;
  await writeFile(file, text);
  const requests = digest.runs.reduce((s, r) => s + (r.requests?.total ?? 0), 0);
  const kept = digest.runs.reduce((s, r) => s + (r.requests?.kept ?? 0), 0);
  io.stdout(
    `${values.out}: ${plainText(name)}${shard ? ` shard ${shard.index}/${shard.count}` : ''}, ${digest.runs.length} run(s), ${grouped(kept)} of ${grouped(requests)} requests kept, ${grouped(Buffer.byteLength(text))} bytes\n`,
  );
  return 0;
}
