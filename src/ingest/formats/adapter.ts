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
  /**
   * How specific the match is, when several formats match one file (AIPerf and GenAI-Perf share
   * keys with vLLM): 3 for a mark only the tool writes (its name or version, its own layout), 2 for
   * a structure only it uses, 1 for keys other tools also write. Default 2; the highest wins.
   */
  specificity?: number;
}

export interface ArtifactAdapter {
  /** Stable id, accepted by --input-format: "vllm", "sglang", "genai-perf", … */
  id: string;
  /** Human name: "vLLM bench serve result". */
  label: string;
  /** The command or flag that writes it, for the README's table and for messages. */
  writtenBy: string;
  detect(head: string, name: string): Detection;
  /** What a usable file of this format has, for the error when a file read as it has none. */
  expects?: string;
  read(source: TextSource, options: IngestOptions): Promise<Run[]>;
}
