// One entry point for every artifact format. Each format says whether it recognises a file from
// its first KiB; the first that does reads it. New adapters (vLLM, SGLang, GenAI-Perf, …) are
// added to FORMATS and need nothing else.

import type { Run } from '../model/run';
import { InputError } from './errors';
import { detectNativeLayout, ingestNative, type IngestOptions } from './native/native';
import type { TextSource } from './source';

export interface ArtifactFormat {
  id: string;
  /** True when the file's beginning looks like this format. */
  detect(head: string, name: string): boolean;
  read(source: TextSource, options: IngestOptions): Promise<Run>;
}

const native: ArtifactFormat = {
  id: 'native',
  detect: (head) => typeof detectNativeLayout(head) === 'string',
  read: (source, options) => ingestNative(source, options),
};

export const FORMATS: readonly ArtifactFormat[] = [native];

export async function ingest(source: TextSource, options: IngestOptions, formatId?: string): Promise<Run> {
  if (formatId && formatId !== 'auto') {
    const format = FORMATS.find((f) => f.id === formatId);
    if (!format) throw new InputError(source.name, `unknown format "${formatId}": expected auto or one of ${FORMATS.map((f) => f.id).join(', ')}`);
    return format.read(source, options);
  }
  const format = FORMATS.find((f) => f.detect(source.head, source.name));
  if (!format) {
    const native = detectNativeLayout(source.head);
    throw new InputError(source.name, typeof native === 'object' ? native.error : 'unrecognised format');
  }
  return format.read(source, options);
}

export type { IngestOptions };
