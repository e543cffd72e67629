// The contract every artifact format implements. A format recognises a file from its first bytes
// and says why (or why not); reading returns one run per repeat the file holds (a vLLM
// --append-result file or a sweep summary holds several).

import type { Run } from '../../model/run';
import type { TextSource } from '../source';

export interface IngestOptions {
  /** Share of bad records above which a file is rejected rather than partly used. */
  maxBadLineRatio: number;
}

export interface Detection {
  match: boolean;
  /** Why it matched or not, shown when no format matches: "no key ending in _ttft_ms". */
  reason: string;
}

export interface ArtifactAdapter {
  /** Stable id, accepted by --input-format: "vllm", "sglang", "genai-perf", … */
  id: string;
  /** Human name: "vLLM bench serve result". */
  label: string;
  /** The command or flag that writes it, for the README's table and for messages. */
  writtenBy: string;
  detect(head: string, name: string): Detection;
  read(source: TextSource, options: IngestOptions): Promise<Run[]>;
}
