// One entry point for every artifact format. Each adapter says whether it recognises a file from
// its first KiB, and why; the first that does reads it. An input can force one. A new format is one
// adapter added to ADAPTERS.

import type { Run } from '../model/run';
import { InputError } from './errors';
import type { ArtifactAdapter, IngestOptions } from './formats/adapter';
import { detectNativeLayout, ingestNative } from './native/native';
import type { TextSource } from './source';
import { vllmAdapter } from './formats/vllm';
import { sglangAdapter } from './formats/sglang';
import { llmperfAdapter } from './formats/llmperf';
import { guidellmAdapter } from './formats/guidellm';
import { genaiPerfAdapter } from './formats/genai-perf';
import { aiperfAdapter } from './formats/aiperf';

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
export const ADAPTERS: readonly ArtifactAdapter[] = [vllmAdapter, sglangAdapter, genaiPerfAdapter, aiperfAdapter, llmperfAdapter, guidellmAdapter, native];

export const FORMAT_IDS: readonly string[] = ADAPTERS.map((a) => a.id);

/** Every run the file holds (one for most formats; several for files that append repeats). */
export async function ingestRuns(source: TextSource, options: IngestOptions, formatId?: string): Promise<Run[]> {
  if (formatId && formatId !== 'auto') {
    const adapter = ADAPTERS.find((a) => a.id === formatId);
    if (!adapter) throw new InputError(source.name, `unknown format "${formatId}": expected auto or one of ${FORMAT_IDS.join(', ')}`);
    return adapter.read(source, options);
  }
  const tried: string[] = [];
  for (const adapter of ADAPTERS) {
    const detection = adapter.detect(source.head, source.name);
    if (detection.match) return adapter.read(source, options);
    tried.push(`${adapter.id}: ${detection.reason}`);
  }
  if (source.head.replace(/^\ufeff/, '').trim() === '') throw new InputError(source.name, 'the file is empty');
  throw new InputError(source.name, ADAPTERS.length === 1 ? tried[0].replace(/^native: /, '') : `not a format perf-triage reads; tried ${tried.join('; ')}`);
}

/** The one run a file holds; an error when it holds several (use ingestRuns). */
export async function ingest(source: TextSource, options: IngestOptions, formatId?: string): Promise<Run> {
  const runs = await ingestRuns(source, options, formatId);
  if (runs.length !== 1) throw new InputError(source.name, `holds ${runs.length} runs where one was expected`);
  return runs[0];
}

export type { IngestOptions };
