import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/stats/rng';
import { MinHeap } from '../../src/sim/heap';

describe('MinHeap', () => {
  it('pops ids in key order, ties by smaller id, growing past its capacity', () => {
    const heap = new MinHeap(4);
    const rng = createRng(3);
    const keys = Array.from({ length: 500 }, () => Math.floor(rng.next() * 50));
    keys.forEach((k, id) => heap.push(id, k));
    const popped: number[] = [];
    while (heap.size > 0) popped.push(heap.pop());
    const expected = keys
      .map((k, id) => ({ k, id }))
      .sort((a, b) => a.k - b.k || a.id - b.id)
      .map((x) => x.id);
    expect(popped).toEqual(expected);
    expect(heap.pop()).toBe(-1);
    expect(heap.peekKey()).toBe(Infinity);
  });
});
