// The continuous-batching step loop (vLLM-like): FCFS admission at step boundaries under the running-batch,
// KV-block and token-budget limits, chunked or whole-prompt prefill, one token per decoding sequence per
// step. It only computes the engine timeline; turning it into records is someone else's job.

import { createRng, deriveSeed } from '../stats/rng';
import { quantileSorted, type SortedSample } from '../stats/quantile';
import type { Scenario } from './scenario';
import type { Workload } from './workload';

/** Engine-side times (ms since the run's epoch) and counters per request. */
export interface EngineTimeline {
  readonly readyMs: Float64Array;
  readonly admitMs: Float64Array;
  /** End of the step that finished the request's prefill (its first token leaves the engine). */
  readonly firstTokenMs: Float64Array;
  readonly lastTokenMs: Float64Array;
  readonly batchAtAdmission: Int32Array;
  readonly cacheHitTokens: Int32Array;
  readonly itlP50: Float64Array;
  readonly itlP99: Float64Array;
}

export interface EngineHooks {
  /** A request produced its last token (its timeline entries are final). */
  onFinish(i: number): void;
  /** A step ended at tMs: nothing will finish before this time any more. */
  onStepEnd(tMs: number): void;
}

/** Allocates the timeline of a workload; a request is ready once it has been tokenized. */
export function createTimeline(w: Workload): EngineTimeline {
  const n = w.count;
  const readyMs = new Float64Array(n);
  for (let i = 0; i < n; i++) readyMs[i] = w.arrivalMs[i] + w.tokenizeMs[i];
  return {
    readyMs,
    admitMs: new Float64Array(n),
    firstTokenMs: new Float64Array(n),
    lastTokenMs: new Float64Array(n),
    batchAtAdmission: new Int32Array(n),
    cacheHitTokens: new Int32Array(n),
    itlP50: new Float64Array(n),
    itlP99: new Float64Array(n),
  };
}

/** Runs the engine over the whole workload, filling `tl` (from createTimeline) as requests finish. */
export function runEngine(s: Scenario, w: Workload, tl: EngineTimeline, hooks: EngineHooks): void {
  const e = s.engine;
  const n = w.count;
  const maxSeqs = e.maxNumSeqs;
  const bs = e.blockSize;
  const budgetCap = e.maxNumBatchedTokens;
  const chunkCap = e.chunkedPrefill && e.longPrefillTokenThreshold ? e.longPrefillTokenThreshold : Infinity;
  const kernel = e.decodeKernelFactor ?? 1;
  const interval = e.schedulerIntervalMs ?? 0;
  const jitterSigma = e.stepJitter ?? 0;
  const jitter = createRng(deriveSeed(s.seed, 'jitter'));
  // One speed factor per run (machine, clocks): shared by base and head of the same seed.
  const runSpeed = Math.exp((e.runSpeedSigma ?? 0) * createRng(deriveSeed(s.seed, 'machine')).normal());
  const prefixBlocks = e.prefixCaching ? Math.floor(s.prompt.sharedPrefixTokens / bs) : 0;

  const readyMs = tl.readyMs;
  // FCFS means first ready (tokenized), not first arrived.
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => readyMs[a] - readyMs[b] || a - b);

  // Running sequences live in slots; each slot owns a region of the gap buffer for its ITLs.
  const maxGaps = Math.max(1, s.output.maxTokens - 1);
  const gapBuf = new Float64Array(maxSeqs * maxGaps);
  const slotReq = new Int32Array(maxSeqs);
  const slotRemaining = new Int32Array(maxSeqs);
  const slotGen = new Int32Array(maxSeqs);
  const slotBlocks = new Int32Array(maxSeqs);
  const slotLastTok = new Float64Array(maxSeqs);
  const freeSlots = new Int32Array(maxSeqs);
  let freeCount = maxSeqs;
  for (let k = 0; k < maxSeqs; k++) freeSlots[k] = maxSeqs - 1 - k;
  const prefilling = new Int32Array(maxSeqs); // slots still prefilling, in admission order
  const chunk = new Int32Array(maxSeqs); // tokens scheduled this step, parallel to `prefilling`
  let prefillLen = 0;
  const decoding = new Int32Array(maxSeqs);
  let decodeLen = 0;
  let sumCtx = 0; // Σ (prompt + generated) over decoding sequences: the KV tokens a decode step reads

  let freeBlocks = e.kvBlocks;
  let cachePopulated = false;
  let nextTick = 0;
  let wHead = 0;
  let finished = 0;
  let t = 0;

  const finish = (slot: number): void => {
    const i = slotReq[slot];
    const gaps = slotGen[slot] - 1;
    tl.lastTokenMs[i] = slotLastTok[slot];
    if (gaps > 0) {
      const sorted = gapBuf.subarray(slot * maxGaps, slot * maxGaps + gaps).sort() as SortedSample;
      tl.itlP50[i] = quantileSorted(sorted, 0.5);
      tl.itlP99[i] = quantileSorted(sorted, 0.99);
    }
    freeBlocks += slotBlocks[slot];
    freeSlots[freeCount++] = slot;
    finished++;
    hooks.onFinish(i);
  };

  // Admits the FCFS head if it fits (and its uncached prompt is at most maxUncached); returns its slot
  // or -1. Reserves its final KV size up front so that no preemption is ever needed.
  const tryAdmit = (maxUncached: number): number => {
    if (wHead >= n || freeCount === 0) return -1;
    const i = order[wHead];
    if (readyMs[i] > t) return -1;
    const prompt = w.promptTokens[i];
    let hit = 0;
    if (cachePopulated && w.hasPrefix[i] === 1) hit = Math.min(prefixBlocks, Math.floor((prompt - 1) / bs)) * bs;
    const need = Math.ceil((prompt + w.outputTokens[i]) / bs) - hit / bs;
    if (need > freeBlocks || prompt - hit > maxUncached) return -1;
    const slot = freeSlots[--freeCount];
    freeBlocks -= need;
    slotReq[slot] = i;
    slotBlocks[slot] = need;
    slotRemaining[slot] = prompt - hit;
    slotGen[slot] = 0;
    tl.cacheHitTokens[i] = hit;
    tl.admitMs[i] = t;
    tl.batchAtAdmission[i] = decodeLen + prefillLen + 1;
    wHead++;
    return slot;
  };

  while (finished < n) {
    const admitting = interval === 0 || t >= nextTick;
    if (admitting && interval > 0) nextTick = (Math.floor(t / interval) + 1) * interval;

    let prefillTokens = 0;
    let scheduled = 0; // entries of `prefilling` that got a chunk this step
    let doDecode: boolean;
    if (e.chunkedPrefill) {
      // Decodes first (one token each), then prefill chunks FCFS, then new admissions while budget lasts.
      let budget = Math.max(0, budgetCap - decodeLen);
      for (; scheduled < prefillLen && budget > 0; scheduled++) {
        const c = Math.min(slotRemaining[prefilling[scheduled]], chunkCap, budget);
        chunk[scheduled] = c;
        budget -= c;
        prefillTokens += c;
      }
      if (admitting && scheduled === prefillLen) {
        while (budget > 0) {
          const slot = tryAdmit(Infinity);
          if (slot < 0) break;
          const c = Math.min(slotRemaining[slot], chunkCap, budget);
          prefilling[prefillLen++] = slot;
          chunk[scheduled++] = c;
          budget -= c;
          prefillTokens += c;
        }
      }
      doDecode = decodeLen > 0;
    } else {
      // Whole prompts in a prefill-only step that stalls every decode; prefill has priority.
      if (admitting) {
        for (;;) {
          // The first prompt always fits (vLLM requires the budget to cover max_model_len here).
          const slot = tryAdmit(scheduled === 0 ? Infinity : budgetCap - prefillTokens);
          if (slot < 0) break;
          prefilling[prefillLen++] = slot;
          chunk[scheduled++] = slotRemaining[slot];
          prefillTokens += slotRemaining[slot];
        }
      }
      doDecode = scheduled === 0 && decodeLen > 0;
    }

    if (!doDecode && scheduled === 0) {
      t = idleUntil(t);
      continue;
    }

    let finishing = 0;
    for (let k = 0; k < scheduled; k++) if (chunk[k] === slotRemaining[prefilling[k]]) finishing++;
    const decodeN = doDecode ? decodeLen : 0;
    const decodeCtx = doDecode ? sumCtx : 0;
    const computeMs =
      (e.decodeStepBaseMs + e.decodeStepPerSeqMs * decodeN + e.decodeStepPerKvTokenMs * decodeCtx) * kernel +
      e.prefillMsPerToken * prefillTokens +
      e.prefillFixedMs * finishing;
    const noise = jitterSigma > 0 ? Math.exp(jitterSigma * jitter.normal()) : 1;
    const tEnd = t + computeMs * runSpeed * noise;

    if (doDecode) {
      for (let d = decodeLen - 1; d >= 0; d--) {
        const slot = decoding[d];
        gapBuf[slot * maxGaps + slotGen[slot] - 1] = tEnd - slotLastTok[slot];
        slotLastTok[slot] = tEnd;
        slotGen[slot]++;
        const i = slotReq[slot];
        if (slotGen[slot] >= w.outputTokens[i]) {
          sumCtx -= w.promptTokens[i] + slotGen[slot] - 1;
          decoding[d] = decoding[--decodeLen];
          finish(slot);
        }
      }
      sumCtx += decodeLen;
    }

    // Finish prefill chunks; keep the unfinished ones in admission order.
    let kept = 0;
    for (let k = 0; k < prefillLen; k++) {
      const slot = prefilling[k];
      if (k < scheduled) slotRemaining[slot] -= chunk[k];
      if (slotRemaining[slot] > 0) {
        prefilling[kept++] = slot;
        continue;
      }
      const i = slotReq[slot];
      tl.firstTokenMs[i] = tEnd;
      slotLastTok[slot] = tEnd;
      slotGen[slot] = 1;
      if (!cachePopulated && prefixBlocks > 0 && w.hasPrefix[i] === 1 && freeBlocks >= prefixBlocks) {
        cachePopulated = true; // the cache now holds the shared prefix blocks for good
        freeBlocks -= prefixBlocks;
      }
      if (w.outputTokens[i] <= 1) {
        finish(slot);
      } else {
        decoding[decodeLen++] = slot;
        sumCtx += w.promptTokens[i] + 1;
      }
    }
    prefillLen = kept;

    t = tEnd;
    hooks.onStepEnd(t);
  }

  // Nothing to run: sleep until the next request is ready (and, with a slow scheduler, its next tick).
  function idleUntil(now: number): number {
    if (wHead >= n) throw new Error('simulator stalled with requests still running');
    let target = Math.max(now, readyMs[order[wHead]]);
    if (interval > 0) target = Math.max(nextTick, Math.ceil(target / interval) * interval);
    if (target <= now) throw new Error('simulator stalled: the next request cannot be admitted on an idle engine');
    return target;
  }
}
