// One entry point for every artifact format. Each adapter says whether it recognises a file from
// its first KiB, and why; the first that does reads it. An input can force one. A new format is one
// adapter added to ADAPTERS.

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
    return typeof layout === 'string' ? { match: true, reason: `native ${layout}` } : { match: false, reason: layout.error };
  },
  read: async (source, options) => [await ingestNative(source, options)],
};

/** In detection order: specific formats first, the native format (which takes any §4 field) last. */
export const ADAPTERS: readonly ArtifactAdapter[] = [
  vllmAdapter,
  sglangAdapter,
  genaiPerfAdapter,
  aiperfAdapter,
  llmperfAdapter,
  guidellmAdapter,
  prometheusAdapter,
  otelAdapter,
  githubActionBenchmarkAdapter,
  baselineDigestAdapter,
  native,
];

export const FORMAT_IDS: readonly string[] = ADAPTERS.map((a) => a.id);

/** Every run the file holds (one for most formats; several for files that append repeats). */
/** github-action-benchmark's tool names say the direction its file does not carry. */
const ALIASES: Readonly<Record<string, { id: string; direction: Direction }>> = {
  customSmallerIsBetter: { id: 'github-action-benchmark', direction: 'lower-is-better' },
  customBiggerIsBetter: { id: 'github-action-benchmark', direction: 'higher-is-better' },
};

export async function ingestRuns(source: TextSource, options: IngestOptions, formatId?: string): Promise<Run[]> {
  if (formatId && Object.hasOwn(ALIASES, formatId)) {
    const alias = ALIASES[formatId];
    return (await githubActionBenchmarkAdapter.read(source, options)).map((r) => withDirection(r, alias.direction));
  }
  if (formatId && formatId !== 'auto') {
    const adapter = ADAPTERS.find((a) => a.id === formatId);
    if (!adapter) throw new InputError(source.name, `unknown format "${formatId}": expected auto or one of ${[...FORMAT_IDS, ...Object.keys(ALIASES)].join(', ')}`);
    return adapter.read(source, options);
  }
  for (const adapter of ADAPTERS) {
    const detection = adapter.detect(source.head, source.name);
    if (detection.match) return adapter.read(source, options);
  }
  if (source.head.replace(/^\ufeff/, '').trim() === '') throw new InputError(source.name, 'the file is empty');
  throw new InputError(source.name, unreadableMessage(source.head, FORMAT_IDS));
}

/** The one run a file holds; an error when it holds several (use ingestRuns). */
export async function ingest(source: TextSource, options: IngestOptions, formatId?: string): Promise<Run> {
  const runs = await ingestRuns(source, options, formatId);
  if (runs.length !== 1) throw new InputError(source.name, `holds ${runs.length} runs where one was expected`);
  return runs[0];
}

export type { IngestOptions };
