// One entry point for every artifact format. Each adapter says whether it recognises a file from
// its first KiB, why, and how specifically (tools share keys: AIPerf's and GenAI-Perf's summaries
// carry request_throughput and total_token_throughput as vLLM's does); the most specific match reads
// it. An input can force one. A file read as a format that yields nothing to compare is an error
// naming the format and what was missing, never an empty run. A new format is one adapter added to
// ADAPTERS.

import type { Run } from '../model/run';
import { InputError } from './errors';
import { unreadableMessage } from './unreadable';
import type { ArtifactAdapter, IngestOptions } from './formats/adapter';
import { detectNativeLayout, ingestNative } from './native/native';
import type { TextSource } from './source';
import { vllmAdapter } from './formats/vllm';
import { sglangAdapter } from './formats/sglang';
import { llmperfAdapter } from './formats/llmperf';
import { guidellmAdapter } from './formats/guidellm';
import { genaiPerfAdapter } from './formats/genai-perf';
import { aiperfAdapter } from './formats/aiperf';
import { prometheusAdapter } from './formats/prometheus';
import { otelAdapter } from './formats/otel';
import { githubActionBenchmarkAdapter, withDirection } from './formats/github-action-benchmark';
import { baselineDigestAdapter } from './formats/baseline-digest';
import type { Direction } from '../metrics/catalog';

const native: ArtifactAdapter = {
  id: 'native',
  label: 'per-request phase telemetry (§4)',
  writtenBy: 'your server or API layer: one record per request (docs/native-format.md)',
  detect: (head) => {
    const layout = detectNativeLayout(head);
    // Any §4 field will do: the least specific match, taken only when no tool's format matches.
    return layout.ok
      ? { match: true, reason: `native ${layout.value}`, specificity: 0 }
      : { match: false, reason: layout.error };
  },
  expects: 'per-request records with first_token_ms and total_ms (docs/native-format.md)',
  read: async (source, options) => [await ingestNative(source, options)],
};

/**
 * In detection order, which breaks ties of specificity: the NVIDIA tools (whose summaries share
 * keys with vLLM's) before vLLM's and SGLang's looser keys, the native format (any §4 field) last.
 */
export const ADAPTERS: readonly ArtifactAdapter[] = [
  aiperfAdapter,
  genaiPerfAdapter,
  vllmAdapter,
  sglangAdapter,
  llmperfAdapter,
  guidellmAdapter,
  prometheusAdapter,
  otelAdapter,
  githubActionBenchmarkAdapter,
  baselineDigestAdapter,
  native,
];

export const FORMAT_IDS: readonly string[] = ADAPTERS.map((a) => a.id);

/** github-action-benchmark's tool names say the direction its file does not carry. */
const ALIASES: Readonly<Record<string, { id: string; direction: Direction }>> = {
  customSmallerIsBetter: { id: 'github-action-benchmark', direction: 'lower-is-better' },
  customBiggerIsBetter: { id: 'github-action-benchmark', direction: 'higher-is-better' },
};

/**
 * Every run the file holds (one for most formats; several for files that append repeats), read as
 * `formatId` (an id, an alias, or auto-detected when absent or "auto").
 */
export async function ingestRuns(source: TextSource, options: IngestOptions, formatId?: string): Promise<Run[]> {
  if (formatId && Object.hasOwn(ALIASES, formatId)) {
    const alias = ALIASES[formatId];
    return (await githubActionBenchmarkAdapter.read(source, options)).map((r) => withDirection(r, alias.direction));
  }
  if (formatId && formatId !== 'auto') {
    const adapter = ADAPTERS.find((a) => a.id === formatId);
    if (!adapter)
      throw new InputError(
        source.name,
        `unknown format "${formatId}": expected auto or one of ${[...FORMAT_IDS, ...Object.keys(ALIASES)].join(', ')}`,
      );
    return usable(adapter, await adapter.read(source, options), source.name);
  }
  const adapter = detectFormat(source);
  return usable(adapter, await adapter.read(source, options), source.name);
}

/** The adapter whose match is the most specific (ties: the first in ADAPTERS), or an error listing why none matched. */
export function detectFormat(source: TextSource): ArtifactAdapter {
  let best: { adapter: ArtifactAdapter; specificity: number } | undefined;
  for (const adapter of ADAPTERS) {
    const detection = adapter.detect(source.head, source.name);
    if (detection.match) {
      const specificity = detection.specificity ?? 2;
      if (!best || specificity > best.specificity) best = { adapter, specificity };
    }
  }
  if (best) return best.adapter;
  if (source.head.replace(/^\ufeff/, '').trim() === '') throw new InputError(source.name, 'the file is empty');
  throw new InputError(source.name, unreadableMessage(source.head, FORMAT_IDS));
}

/**
 * Runs with something to compare: per-request rows, a tool's statistic, a server histogram or
 * counters. A file read as a format that yields none is an error naming the format and what it
 * lacked (with the first things the reader left out), never an empty run that compares as "OK".
 */
function usable(adapter: ArtifactAdapter, runs: Run[], file: string): Run[] {
  const empty = (r: Run) => !r.requests?.length && r.summaries.length === 0 && !r.histograms?.length && !r.server;
  if (runs.length > 0 && !runs.every(empty)) {
    for (const run of runs.filter(empty))
      run.sources[0]?.warnings.push(
        'this run has no metric perf-triage can compare (no per-request rows, statistics or histograms)',
      );
    return runs;
  }
  const leftOut = runs.flatMap((r) => r.sources.flatMap((s) => s.warnings)).slice(0, 3);
  const expected = adapter.expects ? `; a ${adapter.label} has ${adapter.expects}` : '';
  throw new InputError(
    file,
    `read as ${adapter.label} (${adapter.id}), but it has no usable metric${expected}${leftOut.length ? `; left out: ${leftOut.join('; ')}` : ''}`,
  );
}

/** The one run a file holds; an error when it holds several (use ingestRuns). */
export async function ingest(source: TextSource, options: IngestOptions, formatId?: string): Promise<Run> {
  const runs = await ingestRuns(source, options, formatId);
  if (runs.length !== 1) throw new InputError(source.name, `holds ${runs.length} runs where one was expected`);
  return runs[0];
}

export type { IngestOptions };
