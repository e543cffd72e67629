// Shards: one benchmark run split over several jobs (a matrix of load generators), each file marked
// `shard: "i/n"` in its metadata (or written by `perf-triage digest --shard i/n`). The shards of one
// run become that run again: requests concatenated and put back in arrival order. The tools' own
// summaries of a shard describe only the shard, so they are dropped (the report says so), and
// shards sampled at different rates (digests of unequal size) are thinned to the sparsest rate so
// every row stands for the same number of requests.

import { permuteNumbers, permuteText, type TextColumn } from './columns';
import type { NumericField, TextField } from './fields';
import { pooledTable } from './pool';
import { err, ok, type Result } from './result';
import type { RequestTable, Run } from './run';

export interface Shard {
  index: number;
  count: number;
}

/** "2/4" as a shard, or what is wrong with the text. */
export function parseShard(text: string): Shard | string {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!match) return 'is not of the form "2/4"';
  const index = Number(match[1]);
  const count = Number(match[2]);
  return index >= 1 && index <= count ? { index, count } : `the shard number must be between 1 and ${count}`;
}

export function shardOf(run: Run): Shard | undefined {
  const shard = parseShard(run.meta.extra.shard ?? '');
  return typeof shard === 'string' ? undefined : shard;
}

/** The runs marked as this shard of their benchmark, as a digest records it. */
export function markShard(runs: readonly Run[], shard: Shard | undefined): Run[] {
  if (!shard) return [...runs];
  return runs.map((r) => ({
    ...r,
    meta: { ...r.meta, extra: { ...r.meta.extra, shard: `${shard.index}/${shard.count}` } },
  }));
}

/** The runs with each benchmark's shards merged back into one run; or what is wrong with the shards. */
export function mergeShards(runs: Run[]): Result<Run[]> {
  const groups = new Map<string, Run[]>();
  const out: Run[] = [];
  for (const run of runs) {
    const shard = shardOf(run);
    if (!shard) {
      if (run.meta.extra.shard !== undefined)
        return err(
          `${run.sources[0]?.file ?? 'a file'}: shard "${run.meta.extra.shard}" ${parseShard(run.meta.extra.shard) as string}`,
        );
      out.push(run);
      continue;
    }
    const key = `${run.meta.benchmark ?? ''}\u0000${run.repeat ?? ''}\u0000${shard.count}`;
    groups.set(key, [...(groups.get(key) ?? []), run]);
  }
  for (const group of groups.values()) {
    const merged = mergeGroup(group);
    if (!merged.ok) return merged;
    out.push(merged.value);
  }
  return ok(out);
}

function mergeGroup(group: Run[]): Result<Run> {
  const count = shardOf(group[0])!.count;
  const name = group[0].meta.benchmark ?? 'benchmark';
  const indexes = group.map((r) => shardOf(r)!.index).sort((a, b) => a - b);
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !indexes.includes(i));
  const repeated = indexes.filter((v, i) => indexes[i - 1] === v);
  if (missing.length || repeated.length) {
    return err(
      `"${name}" is split in ${count} shards, but ${missing.length ? `shard ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing` : ''}${missing.length && repeated.length ? ' and ' : ''}${repeated.length ? `shard ${[...new Set(repeated)].join(', ')} came more than once` : ''}`,
    );
  }
  if (group.some((r) => !r.requests))
    return err(
      `"${name}": shards must carry per-request records to be merged (${group
        .filter((r) => !r.requests)
        .map((r) => r.sources[0]?.file)
        .join(', ')} has none)`,
    );
  const ordered = [...group].sort((a, b) => shardOf(a)!.index - shardOf(b)!.index);
  const weight = Math.max(...ordered.map((r) => r.requests!.rowWeight ?? 1));
  const thinned = ordered.map((r) => ({ ...r, requests: thin(r.requests!, weight) }));
  const pooled = pooledTable({ label: 'head', runs: thinned })!;
  const table = byArrival(pooled, weight);
  const notes = [
    `merged from ${count} shards (${ordered.map((r) => r.sources[0]?.file ?? '?').join(', ')}); the tools' summaries of each shard are not combined`,
  ];
  if (ordered.some((r) => (r.requests!.rowWeight ?? 1) !== weight))
    notes.push(`shards sampled at different rates were thinned to one row per ${weight.toFixed(2)} requests`);
  const first = ordered[0];
  const { shard: _shard, ...extra } = first.meta.extra;
  return ok({
    meta: { ...first.meta, extra },
    requests: table,
    summaries: [],
    sources: ordered.flatMap((r, i) =>
      r.sources.map((s) => (i === 0 ? { ...s, warnings: [...s.warnings, ...notes] } : s)),
    ),
    role: 'requests',
    ...(first.repeat !== undefined ? { repeat: first.repeat } : {}),
  });
}

/** Keeps an even sample of the rows so each stands for `weight` requests (the table's own weight or more). */
function thin(table: RequestTable, weight: number): RequestTable {
  const own = table.rowWeight ?? 1;
  if (own >= weight) return table;
  const keep = Math.max(1, Math.round((table.length * own) / weight));
  const order = Uint32Array.from({ length: keep }, (_, k) =>
    keep === 1 ? 0 : Math.round((k * (table.length - 1)) / (keep - 1)),
  );
  return permute(table, order, weight);
}

function byArrival(table: RequestTable, weight: number): RequestTable {
  const arrival = table.numbers.arrival_ts;
  if (!arrival) return { ...table, ...(weight > 1 ? { rowWeight: weight } : {}) };
  const order = Uint32Array.from({ length: table.length }, (_, i) => i).sort((a, b) => {
    const x = arrival[a];
    const y = arrival[b];
    // Rows without an arrival time go last, in their order.
    if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) ? (Number.isNaN(y) ? a - b : 1) : -1;
    return x - y || a - b;
  });
  return { ...permute(table, order, weight), orderedByArrival: true };
}

function permute(table: RequestTable, order: Uint32Array, weight: number): RequestTable {
  const numbers: Partial<Record<NumericField, Float64Array>> = {};
  for (const [field, values] of Object.entries(table.numbers) as [NumericField, Float64Array][])
    numbers[field] = permuteNumbers(values, order);
  const text: Partial<Record<TextField, TextColumn>> = {};
  for (const [field, column] of Object.entries(table.text) as [TextField, TextColumn][])
    text[field] = permuteText(column, order);
  const extraNumbers = new Map([...table.extraNumbers].map(([k, v]) => [k, permuteNumbers(v, order)] as const));
  const extraText = new Map([...table.extraText].map(([k, v]) => [k, permuteText(v, order)] as const));
  const sourceLine = Uint32Array.from(order, (i) => table.sourceLine[i]);
  let tokenGaps: RequestTable['tokenGaps'];
  if (table.tokenGaps) {
    const { offsets, values } = table.tokenGaps;
    const newOffsets = new Uint32Array(order.length + 1);
    for (let k = 0; k < order.length; k++)
      newOffsets[k + 1] = newOffsets[k] + (offsets[order[k] + 1] - offsets[order[k]]);
    const newValues = new Float64Array(newOffsets[order.length]);
    for (let k = 0; k < order.length; k++)
      newValues.set(values.subarray(offsets[order[k]], offsets[order[k] + 1]), newOffsets[k]);
    tokenGaps = { offsets: newOffsets, values: newValues };
  }
  return {
    length: order.length,
    numbers,
    text,
    extraNumbers,
    extraText,
    sourceLine,
    orderedByArrival: table.orderedByArrival,
    ...(tokenGaps ? { tokenGaps } : {}),
    ...(weight > 1 ? { rowWeight: weight } : {}),
  };
}
