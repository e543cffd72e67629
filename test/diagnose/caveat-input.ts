// Hand-built inputs for collectCaveats, shared by caveats.test.ts and caveats-edges.test.ts: three
// empty runs a side, nothing compared, the workload unchanged; a test adds what its caveat reads.
import type { Caveat, CaveatInput } from '../../src/diagnose/caveats';
import { emptyMeta, type Run, type Side } from '../../src/model/run';
import { workload } from './branches/build';

export const run = (extra: Partial<Run> = {}): Run => ({ meta: emptyMeta(), summaries: [], sources: [], ...extra });
export const sideOf = (label: Side['label'], runs: Run[]): Side => ({ label, runs });
export const three = (label: Side['label']) => sideOf(label, [run(), run(), run()]);

export function input(extra: Partial<CaveatInput> = {}): CaveatInput {
  return {
    base: three('base'),
    head: three('head'),
    metrics: [],
    attributions: [],
    workload: workload(),
    configChanges: [],
    likeForLike: [],
    ...extra,
  };
}
export const kinds = (caveats: Caveat[]) => caveats.map((c) => c.kind);
