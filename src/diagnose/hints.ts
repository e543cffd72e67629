// What a diagnosis finds: a hint of the fixed vocabulary (src/config/hints.ts), the phase it is in,
// its evidence, how sure it is and who can fix it.

import type { PhaseOrRemainder } from '../metrics/catalog';
import type { HintId } from '../config/hints';

/** Who can fix it: a code change, a configuration change, or nobody (the workload). */
export type Cause = 'code' | 'config' | 'workload' | 'unknown';

export interface Evidence {
  /** A sentence with the numbers, ready to show. */
  text: string;
  /** The same numbers for machines. */
  values?: Record<string, number | string | boolean | null>;
}

export interface Finding {
  hint: HintId;
  phase: PhaseOrRemainder | null;
  /** One line: what is wrong. */
  title: string;
  /** confirmed: the evidence shows the mechanism; likely: consistent but indirect; candidate: the tree points here but the data cannot check it. */
  status: 'confirmed' | 'likely' | 'candidate';
  cause: Cause;
  evidence: Evidence[];
  nextCheck: string;
  /** Metric keys this finding explains. */
  metrics: string[];
}
