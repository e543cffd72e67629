// Hand-built inputs for the decision tree's branches: request tables of a few columns, a side of
// them (pooled by concatenation), a context and a phase decomposition. Each branch test states its
// rows, so the numbers a branch reports can be worked out by hand.
import type { Attribution, PhaseShare } from '../../../src/diagnose/attribution';
import type { DiagnosisContext, SideData } from '../../../src/diagnose/context';
import type { LikeForLike } from '../../../src/diagnose/like-for-like';
import type { DistributionShift, RateShift, WorkloadComparison } from '../../../src/diagnose/workload';
import type { ConfigChange } from '../../../src/diagnose/config-diff';
import type { NumericField } from '../../../src/model/fields';
import { emptyMeta, type ConfigValue, type RequestTable } from '../../../src/model/run';

/** Columns by field (one value per request; NaN where missing); `failed` marks failed requests. */
export function table(columns: Partial<Record<NumericField, number[]>>, failed: number[] = []): RequestTable {
  const n = Math.max(0, ...Object.values(columns).map((c) => c.length));
  const numbers = Object.fromEntries(Object.entries(columns).map(([k, v]) => [k, Float64Array.from(v)]));
  const codes = new Int32Array(n).fill(-1);
  for (const i of failed) codes[i] = 0;
  return {
    length: n,
    numbers,
    text: failed.length ? { error: { codes, dictionary: ['timeout'] } } : {},
    extraNumbers: new Map(),
    extraText: new Map(),
    sourceLine: Uint32Array.from({ length: n }, (_, i) => i + 1),
    orderedByArrival: columns.arrival_ts !== undefined,
  };
}

/** A side of the given tables, its pooled table their rows one after another, and the engine config. */
export function side(tables: RequestTable[], config: Record<string, ConfigValue> = {}): SideData {
  return { tables, pooled: tables.length === 1 ? tables[0] : pooled(tables), meta: { ...emptyMeta(), config } };
}

function pooled(tables: RequestTable[]): RequestTable {
  const fields = [...new Set(tables.flatMap((t) => Object.keys(t.numbers)))] as NumericField[];
  const columns: Partial<Record<NumericField, number[]>> = {};
  for (const f of fields)
    columns[f] = tables.flatMap((t) => {
      const c = t.numbers[f];
      return c ? Array.from(c) : new Array<number>(t.length).fill(NaN);
    });
  const failed: number[] = [];
  let offset = 0;
  for (const t of tables) {
    const error = t.text.error;
    if (error) for (let i = 0; i < t.length; i++) if (error.codes[i] !== -1) failed.push(offset + i);
    offset += t.length;
  }
  return table(columns, failed);
}

/** A workload that did not change, unless told otherwise. */
export function workload(changes: Partial<WorkloadComparison> = {}): WorkloadComparison {
  return { baseRequests: 0, headRequests: 0, declared: [], changed: false, ...changes };
}

export function context(
  base: SideData,
  head: SideData,
  extra: { workload?: Partial<WorkloadComparison>; costs?: LikeForLike[]; configChanges?: ConfigChange[] } = {},
): DiagnosisContext {
  return {
    base,
    head,
    workload: workload(extra.workload),
    configChanges: extra.configChanges ?? [],
    costs: extra.costs ?? [],
  };
}

/** A like-for-like cost: `change` at matched levels, changed beyond noise unless told otherwise. */
export function matchedCost(id: LikeForLike['id'], change: number, rest: Partial<LikeForLike> = {}): LikeForLike {
  return {
    id,
    label: id,
    change,
    rawChange: change,
    agreement: 0.9,
    bins: 8,
    changed: true,
    metric: id === 'decode-step' ? 'itl' : 'ttft',
    ...rest,
  };
}

/** A shift of a length distribution (prompt or output tokens) between the sides. */
export function lengthShift(
  field: DistributionShift['field'],
  baseMedian: number,
  headMedian: number,
  rest: Partial<DistributionShift> = {},
): DistributionShift {
  return { field, baseMedian, headMedian, baseP95: NaN, headP95: NaN, ks: 0.452, pValue: 1e-9, changed: true, ...rest };
}

/** An arrival-rate change (req/s), significant unless told otherwise. */
export function rateShift(baseRate: number, headRate: number, changed = true): RateShift {
  return { baseRate, headRate, change: headRate / baseRate - 1, pValue: 0.0004, changed };
}

/** A phase of a decomposition: its tail means, own percentiles and share of the head's tail. */
export function share(
  phase: PhaseShare['phase'],
  baseMean: number,
  headMean: number,
  rest: Partial<PhaseShare> = {},
): PhaseShare {
  return {
    phase,
    baseMean,
    headMean,
    delta: headMean - baseMean,
    shareOfChange: NaN,
    shareOfHead: NaN,
    basePercentile: NaN,
    headPercentile: NaN,
    ...rest,
  };
}

/** A decomposition over the tail `tail` (quantile q) with the given phases; only what branches read. */
export function attributionOf(tail: string, q: number, phases: PhaseShare[]): Attribution {
  return { tail, q, phases } as Partial<Attribution> as Attribution;
}
