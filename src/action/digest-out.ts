// The `digest` input: write this run's digest (one file per benchmark) for a matrix job to upload
// instead of its raw results; with no `baseline`, that is all the step does. The report job reads
// the digests as results (docs/github.md, "Many benchmarks").

import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ConfigError } from '../config/config';
import { digestSide } from '../ingest/digest/digest';
import { baselineFile } from '../journal/paths';
import type { Side } from '../model/run';
import { markShard, parseShard } from '../model/shards';
import { pairBenchmarks } from '../report/groups';

export async function writeDigests(
  head: Side,
  target: string,
  shardText: string,
  createdAt: string,
): Promise<string[]> {
  const shard = shardText ? parseShard(shardText) : undefined;
  if (typeof shard === 'string') throw new ConfigError('shard', `"${shardText}" ${shard}`);
  const pairs = pairBenchmarks(head, head).pairs;
  const many = pairs.length > 1 || target.endsWith('/');
  const written: string[] = [];
  for (const pair of pairs) {
    const runs = markShard(pair.head.runs, shard);
    const file = many
      ? join(
          target,
          `${baselineFile(pair.name).replace(/\.json$/, '')}${shard ? `.shard-${shard.index}-of-${shard.count}` : ''}.json`,
        )
      : target;
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, `${JSON.stringify(digestSide({ ...pair.head, runs }, pair.name, createdAt))}\n`);
    written.push(file);
  }
  return written;
}
