// How a side's runs are cut into blocks of consecutive requests, and per-block aggregates.

import type { RunSeries } from './block-bootstrap';

export interface BlockLayout {
  blockCount: number;
  firstBlock: Int32Array;
  blocksInRun: Int32Array;
  /** Elements of all runs. */
  elements: number;
  blockSize: Float64Array;
}

/**
 * Blocks of each run; element i of a run of n elements with `blocks` blocks is in block
 * firstBlock + ⌊i·blocks/n⌋, so the remainder n mod blocks is spread over the
 * blocks and sizes differ by at most one.
 */
export function layoutBlocks(runs: readonly RunSeries[], blockLengths: readonly number[]): BlockLayout {
  const firstBlock = new Int32Array(runs.length);
  const blocksInRun = new Int32Array(runs.length);
  let blockCount = 0;
  let elements = 0;
  runs.forEach((run, r) => {
    const n = run.values.length;
    const blocks = Math.max(1, Math.floor(n / blockLengths[r]));
    firstBlock[r] = blockCount;
    blocksInRun[r] = blocks;
    blockCount += blocks;
    elements += n;
  });
  const blockSize = new Float64Array(blockCount);
  runs.forEach((run, r) => {
    const n = run.values.length;
    const blocks = blocksInRun[r];
    for (let i = 0; i < n; i++) blockSize[firstBlock[r] + Math.floor((i * blocks) / n)]++;
  });
  return { blockCount, firstBlock, blocksInRun, elements, blockSize };
}

/** Global block id of each element, elements of all runs concatenated: 2 bytes each when they fit. */
export function blockIds(runs: readonly RunSeries[], layout: BlockLayout): Uint16Array | Int32Array {
  const out = layout.blockCount <= 0xffff ? new Uint16Array(layout.elements) : new Int32Array(layout.elements);
  let offset = 0;
  runs.forEach((run, r) => {
    const n = run.values.length;
    const blocks = layout.blocksInRun[r];
    const first = layout.firstBlock[r];
    for (let i = 0; i < n; i++) out[offset + i] = first + Math.floor((i * blocks) / n);
    offset += n;
  });
  return out;
}

export function blockSums(
  runs: readonly RunSeries[],
  layout: BlockLayout,
  pick: (r: RunSeries) => Float64Array,
): Float64Array {
  const sums = new Float64Array(layout.blockCount);
  runs.forEach((run, r) => {
    const values = pick(run);
    const n = values.length;
    const blocks = layout.blocksInRun[r];
    const first = layout.firstBlock[r];
    for (let i = 0; i < n; i++) sums[first + Math.floor((i * blocks) / n)] += values[i];
  });
  return sums;
}
