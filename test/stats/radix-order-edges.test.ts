// nearlySortedOrder's budget, by hand: at most budget × n entries moved in all stay an insertion sort
// written into the array given; one more move and the order is the radix sort's, a new array.

import { describe, expect, it } from 'vitest';
import { nearlySortedOrder } from '../../src/stats/radix-order';

describe('nearlySortedOrder budget', () => {
  it('counts each insertion as the entries it moves, within budget × n', () => {
    // 2, 1, 4, 3, 5: 1 moves past 2 and 3 past 4, two moves in all, under 1 × 5.
    const into = new Uint32Array(6).fill(9);
    const order = nearlySortedOrder(Float64Array.of(2, 1, 4, 3, 5), 1, into);
    expect(Array.from(order)).toEqual([1, 0, 3, 2, 4]);
    expect(order.buffer).toBe(into.buffer);
    expect(Array.from(into)).toEqual([1, 0, 3, 2, 4, 9]);
  });

  it('exactly budget × n moves is still within it; one more is not', () => {
    // 4, 2, 3, 1, 5 has 5 inversions (4>2, 4>3, 4>1, 2>1, 3>1): moves 1, 1, 3, 0 = 5 = 1 × 5.
    const into = new Uint32Array(5);
    const order = nearlySortedOrder(Float64Array.of(4, 2, 3, 1, 5), 1, into);
    expect(Array.from(order)).toEqual([3, 1, 2, 0, 4]);
    expect(order.buffer).toBe(into.buffer);
    // 4, 3, 2, 1, 5 has 6: over the budget at the fourth value, so the order is a new array.
    const over = new Uint32Array(5);
    const radix = nearlySortedOrder(Float64Array.of(4, 3, 2, 1, 5), 1, over);
    expect(Array.from(radix)).toEqual([3, 2, 1, 0, 4]);
    expect(radix.buffer).not.toBe(over.buffer);
  });
});
