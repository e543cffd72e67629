// Like-for-like costs, computed on every comparison whatever the verdicts: decode step time at a
// matched running batch, prefill time at a matched uncached prompt length, tokenize and detokenize
// cost per token. A shift in load or prompt mix moves the raw metrics; these do not move with it,
// so they catch slower code that a lighter load hides (and clear code that a heavier load blames).

import { requestColumn } from '../metrics/values';
import type { NumberColumn } from '../model/columns';
import type { RequestTable } from '../model/run';
import {
  concat,
  matchedRatio,
  perUnit,
  timePerOutputToken,
  uncachedTokens,
  type MatchScratch,
} from './measures/ratios';
import { decodeConcurrency } from './measures/concurrency';
import { BIN_AGREEMENT, COST_CHANGE, type SideData } from './context';

// Note: context.ts imports this module's type only; the constants live there.

export interface LikeForLike {
  id: 'decode-step' | 'prefill-per-token' | 'tokenize-per-token' | 'detokenize-per-token';
  label: string;
  /** Matched change head/base − 1. */
  change: number;
  /** The same cost compared without matching. */
  rawChange: number;
  /** Share of bins agreeing with the direction of `change`. */
  agreement: number;
  bins: number;
  /** Changed beyond COST_CHANGE with agreement across bins. */
  changed: boolean;
  /** The metric whose raw change this cost explains (for the hidden-slowdown guard). */
  metric: 'itl' | 'ttft' | 'e2e';
}

/** A column of a table, written over `into` when it is derived (a cost per token) and `into` is given. */
type Column = (t: RequestTable, into?: Float64Array) => NumberColumn | undefined;

export function likeForLike(base: SideData, head: SideData): LikeForLike[] {
  const out: LikeForLike[] = [];
  // The four costs compare the same sides: their grouped values share one array per side.
  const scratch: MatchScratch = {};
  // And a side of one table writes its derived columns over the last cost's (done with by then):
  // a million-row side then leaves no garbage of that size per cost, which is what sets the peak memory.
  const spare = new Map<string, Float64Array>();
  const read = (side: SideData, key: string, column: Column, derived: boolean) => {
    if (!derived || side.tables.length !== 1) return concat(side.tables.map((t) => column(t)));
    const values = column(side.tables[0], spare.get(key));
    if (values instanceof Float64Array) spare.set(key, values);
    return values;
  };
  const add = (
    id: LikeForLike['id'],
    label: string,
    metric: LikeForLike['metric'],
    x: Column,
    y: Column,
    derivedX = false,
    derivedY = false,
  ) => {
    // One spare per side serves the one derived column of a cost; a cost with two uses two.
    const both = derivedX && derivedY;
    const bx = read(base, both ? 'base x' : 'base', x, derivedX);
    const by = read(base, both ? 'base y' : 'base', y, derivedY);
    const hx = read(head, both ? 'head x' : 'head', x, derivedX);
    const hy = read(head, both ? 'head y' : 'head', y, derivedY);
    if (!bx || !by || !hx || !hy) return;
    const m = matchedRatio(bx, by, hx, hy, scratch);
    if (!m) return;
    out.push({
      id,
      label,
      change: m.change,
      rawChange: m.rawChange,
      agreement: m.agreement,
      bins: m.bins.length,
      changed: Math.abs(m.change) >= COST_CHANGE && m.agreement >= BIN_AGREEMENT,
      metric,
    });
  };
  // Time per output token; a table without it falls back to its requests' median ITL, a column of
  // the table's own (when no request failed) that must not become a spare to write over.
  const stepTime = (t: RequestTable) => timePerOutputToken(t) ?? requestColumn(t, 'itl', 0.5) ?? undefined;
  const allTpot = [base, head].every((side) =>
    side.tables.every((t) => t.numbers.decode_ms && t.numbers.output_tokens),
  );
  // The batch a request decoded in, from the timings; the batch at admission when they are absent.
  // A side of one table lends it the array its time per output token is written in next, for the
  // sort orders of the starts and ends: two million-row Uint32Arrays less at the peak memory.
  const ordersIn = (t: RequestTable) => {
    const side = [base, head].findIndex((s) => s.tables.length === 1 && s.tables[0] === t);
    if (!allTpot || side < 0) return undefined;
    const key = side === 0 ? 'base' : 'head';
    let array = spare.get(key);
    if (!array || array.length < t.length) spare.set(key, (array = new Float64Array(t.length)));
    return array;
  };
  const decodeBatch = (t: RequestTable) => decodeConcurrency(t, ordersIn(t)) ?? t.numbers.batch_size_at_admission;
  if (allTpot)
    add(
      'decode-step',
      'decode step time at matched running batch',
      'itl',
      decodeBatch,
      timePerOutputToken,
      false,
      true,
    );
  else add('decode-step', 'decode step time at matched running batch', 'itl', decodeBatch, stepTime);
  add(
    'prefill-per-token',
    'prefill time at matched uncached prompt length',
    'ttft',
    uncachedTokens,
    (t) => t.numbers.prefill_ms,
    true,
  );
  add(
    'tokenize-per-token',
    'tokenize time per prompt token, at matched prompt length',
    'ttft',
    (t) => t.numbers.prompt_tokens,
    (t, into) => perUnit(t, t.numbers.tokenize_ms, t.numbers.prompt_tokens, into),
    false,
    true,
  );
  add(
    'detokenize-per-token',
    'detokenize time per output token, at matched output length',
    'e2e',
    (t) => t.numbers.output_tokens,
    (t, into) => perUnit(t, t.numbers.detokenize_ms, t.numbers.output_tokens, into),
    false,
    true,
  );
  return out;
}
