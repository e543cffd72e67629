// sortKeys on 2^16 keys, where a radix pass takes 16 bits: two passes cover 32-bit keys, and the
// order and the sorted keys are known by construction.

import { describe, expect, it } from 'vitest';
import { sortKeys } from '../../src/stats/radix-passes';

describe('sortKeys with 16-bit digits', () => {
  it('sorts keys of all 32 bits in two passes, no more (a shift of 32 reads the low digit again)', () => {
    // key i = (65535 − i)·2^16 + i: the high half falls as i grows, the low half rises. The order is
    // 65535, …, 0; a third pass at shift 32 would re-sort by the low half (`>>> 32` is `>>> 0`)
    // and give 0, …, 65535.
    const n = 65_536;
    const keys = Uint32Array.from({ length: n }, (_, i) => (65_535 - i) * 65_536 + i);
    const order = sortKeys(keys, 32, n);
    let orderOk = true;
    let keysOk = true;
    for (let k = 0; k < n; k++) {
      if (order[k] !== n - 1 - k) orderOk = false;
      if (keys[k] !== k * 65_536 + (65_535 - k)) keysOk = false;
    }
    expect(orderOk).toBe(true);
    expect(keysOk).toBe(true);
    expect([order[0], order[n - 1], keys[0], keys[n - 1]]).toEqual([65_535, 0, 65_535, 0xffff0000]);
  });
});
