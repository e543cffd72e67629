// The fast order statistics equal their reference definitions exactly, bit for bit (Object.is, so
// -0 and +0 are told apart): the radix argsort equals the comparator argsort, the key sort equals
// Float64Array.prototype.sort, and a quantile by selection equals the quantile of the sorted values.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { comparatorOrder, nearlySortedOrder, sortedOrder, stableOrder } from '../../src/stats/radix-order';
import { sortDecimalsInPlace } from '../../src/stats/integer-keys';
import { minOf, selectInPlace, selectQuantile, selectQuantiles } from '../../src/stats/select';
import { quantile, quantileSorted, sortedFinite, type SortedSample } from '../../src/stats/quantile';
import { sortedWithBlocks, sortWithSlots } from '../../src/stats/block-bootstrap';

/** The definition: the finite values, sorted by the typed-array sort (-0 before +0). */
function referenceSorted(values: ArrayLike<number>): SortedSample {
  return Float64Array.from(Array.from(values).filter(Number.isFinite)).sort() as SortedSample;
}

function sameBits(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

let seed = 12345;
const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;

/** Large samples of the kinds telemetry has: ms with 3 decimals, counts, zeros of both signs, raw doubles. */
function samples(): Float64Array[] {
  const n = 5000;
  const make = (f: (i: number) => number) => Float64Array.from({ length: n }, (_, i) => f(i));
  return [
    make(() => Math.round(random() * 500_000) / 1000),
    make(() => Math.floor(random() * 4000)),
    make(() => Math.floor(random() * 2 ** 30)),
    make((i) => (i % 3 === 0 ? 0 : i % 3 === 1 ? -0 : Math.round(random() * 100) / 100)),
    make((i) => (i % 5 === 0 ? -0 : Math.floor(random() * 10) - 5)),
    make(() => (random() - 0.5) * 1e6),
    make((i) =>
      i % 7 === 0 ? NaN : i % 11 === 0 ? Infinity : i % 13 === 0 ? -Infinity : Math.round(random() * 1e4) / 10,
    ),
    make(() => 1760000000 + Math.round(random() * 1e9) / 1e6),
    make(() => 7),
    make((i) => (i === 17 ? 0.1 + 0.2 : Math.round(random() * 1000) / 10)),
    make(() => Math.round(random() * 2 ** 20) * 1e-6),
    make(() => -Math.round(random() * 1e7) / 100),
  ];
}

const smallValue = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }),
  fc.constantFrom(0, -0, 1, -1, 0.5, 1e-3, 5e-324, -5e-324),
  fc.integer({ min: -3, max: 3 }),
);

describe('stableOrder (radix argsort)', () => {
  it('equals the comparator argsort on large samples, ties and signed zeros in index order', () => {
    for (const values of samples()) {
      const finite = Float64Array.from(Array.from(values).filter((v) => !Number.isNaN(v)));
      expect(sameBits(stableOrder(finite), comparatorOrder(finite))).toBe(true);
    }
  });

  it('sortedOrder: that order, and the values as the typed-array sort lays them out', () => {
    for (const values of samples()) {
      const finite = Float64Array.from(Array.from(values).filter((v) => !Number.isNaN(v)));
      const { order, sorted } = sortedOrder(finite);
      expect(sameBits(order, comparatorOrder(finite))).toBe(true);
      expect(sameBits(sorted, finite.slice().sort())).toBe(true);
    }
  });

  it('hands out orders that later sorts leave alone (the passes share scratch arrays)', () => {
    const [decimals, counts, , , , doubles] = samples();
    const kept = [stableOrder(decimals), sortedOrder(counts).order, stableOrder(doubles)];
    const longer = Float64Array.from({ length: 9000 }, () => Math.round(random() * 1e6) / 1000);
    const blocks = Uint16Array.from({ length: longer.length }, (_, i) => i % 40);
    sortedWithBlocks(longer, blocks);
    stableOrder(longer.map((v) => v * Math.PI));
    sortDecimalsInPlace(longer.slice());
    expect(sameBits(kept[0], comparatorOrder(decimals))).toBe(true);
    expect(sameBits(kept[1], comparatorOrder(counts))).toBe(true);
    expect(sameBits(kept[2], comparatorOrder(doubles))).toBe(true);
  });

  it('equals it past 2^16 values, where passes take 16 bits', () => {
    const n = 70_000;
    const kinds = [
      Float64Array.from({ length: n }, () => Math.round(random() * 5e6) / 1000),
      Float64Array.from({ length: n }, () => Math.floor(random() * 2 ** 31)),
      Float64Array.from({ length: n }, (_, i) => (i % 4 === 0 ? -0 : (random() - 0.5) * 1e4)),
    ];
    for (const values of kinds) {
      const { order, sorted } = sortedOrder(values);
      expect(sameBits(order, comparatorOrder(values))).toBe(true);
      expect(sameBits(sorted, values.slice().sort())).toBe(true);
      expect(sameBits(sortedFinite(values), values.slice().sort())).toBe(true);
    }
  });

  it('equals the comparator argsort on any values above the radix threshold', () => {
    fc.assert(
      fc.property(
        fc.array(smallValue, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 2048, max: 3000 }),
        (pool, n) => {
          const values = Float64Array.from({ length: n }, (_, i) => pool[(i * 7919) % pool.length]);
          return sameBits(stableOrder(values), comparatorOrder(values));
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('nearlySortedOrder (insertion sort with a budget)', () => {
  it('equals the comparator argsort on nearly sorted, shuffled and tied values, within and beyond its budget', () => {
    const n = 5000;
    const nearly = Float64Array.from({ length: n }, (_, i) => i + (random() < 0.3 ? random() * 20 : 0));
    const ties = Float64Array.from({ length: n }, (_, i) => Math.floor(i / 7));
    const zeros = Float64Array.from({ length: n }, (_, i) => (i % 2 ? 0 : -0));
    for (const values of [
      nearly,
      ties,
      zeros,
      ...samples().map((v) => Float64Array.from(Array.from(v).filter((x) => !Number.isNaN(x)))),
    ]) {
      const want = comparatorOrder(values);
      expect(sameBits(nearlySortedOrder(values), want)).toBe(true);
      expect(sameBits(nearlySortedOrder(values, 0.01), want)).toBe(true);
    }
  });

  it('equals it on any small sample', () => {
    fc.assert(
      fc.property(fc.array(smallValue, { maxLength: 60 }), fc.constantFrom(0, 1, 32), (list, budget) => {
        const values = Float64Array.from(list);
        const into = new Uint32Array(values.length + 2).fill(9);
        return (
          sameBits(nearlySortedOrder(values, budget), comparatorOrder(values)) &&
          sameBits(nearlySortedOrder(values, budget, into), comparatorOrder(values))
        );
      }),
      { numRuns: 500 },
    );
  });
});

describe('sortDecimalsInPlace and sortedFinite', () => {
  it('sortedFinite equals the typed-array sort of the finite values, bit for bit', () => {
    for (const values of samples()) expect(sameBits(sortedFinite(values), referenceSorted(values))).toBe(true);
  });

  it('sorts exactly like Float64Array.prototype.sort whenever it takes the key path', () => {
    fc.assert(
      fc.property(
        fc.array(smallValue, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 0, max: 4 }),
        (pool, decimals) => {
          const values = Float64Array.from(
            { length: 2500 },
            (_, i) => Math.round(pool[(i * 31) % pool.length] * 10 ** decimals) / 10 ** decimals,
          );
          const copy = values.slice();
          const took = sortDecimalsInPlace(copy);
          return took ? sameBits(copy, values.slice().sort()) : sameBits(copy, values);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('leaves values with too many decimals to the comparison sort', () => {
    const values = Float64Array.from({ length: 3000 }, () => random());
    const copy = values.slice();
    expect(sortDecimalsInPlace(copy)).toBe(false);
    expect(sameBits(copy, values)).toBe(true);
  });
});

describe('quantile by selection', () => {
  const qs = [0, 1e-9, 0.01, 0.25, 0.5, 0.9, 0.95, 0.99, 0.999, 1 - 1e-12, 1];

  it('equals quantileSorted of the sorted values on large samples', () => {
    for (const values of samples()) {
      const sorted = referenceSorted(values);
      for (const q of qs) expect(Object.is(quantile(values, q), quantileSorted(sorted, q))).toBe(true);
    }
  });

  it('equals quantileSorted on any small sample, signed zeros and ties included', () => {
    const value = fc.oneof(smallValue, fc.constantFrom(0, -0, NaN, Infinity, -Infinity));
    fc.assert(
      fc.property(
        fc.array(value, { maxLength: 80 }),
        fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(...qs)),
        (values, q) => {
          return Object.is(quantile(values, q), quantileSorted(referenceSorted(values), q));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('selectInPlace puts the sorted k-th value at k, smaller before and larger after', () => {
    fc.assert(
      fc.property(fc.array(smallValue, { minLength: 1, maxLength: 2000 }), fc.nat(), (list, at) => {
        const a = Float64Array.from(list);
        const k = at % a.length;
        const sorted = a.slice().sort();
        selectInPlace(a, k);
        if (a[k] !== sorted[k]) return false;
        for (let i = 0; i < k; i++) if (a[i] > a[k]) return false;
        for (let i = k + 1; i < a.length; i++) if (a[i] < a[k]) return false;
        return k + 1 >= a.length || minOf(a, k + 1, a.length) === sorted[k + 1];
      }),
      { numRuns: 500 },
    );
  });

  it('selectQuantiles equals quantileSorted at every q, on large and small samples', () => {
    const eighths = [1, 2, 3, 4, 5, 6, 7].map((k) => k / 8);
    for (const values of samples()) {
      const sorted = referenceSorted(values);
      const got = selectQuantiles(Float64Array.from(sorted).reverse(), [...eighths, 0.99, 1]);
      expect(
        sameBits(
          got,
          [...eighths, 0.99, 1].map((q) => quantileSorted(sorted, q)),
        ),
      ).toBe(true);
    }
    const value = fc.oneof(smallValue, fc.constantFrom(0, -0));
    fc.assert(
      fc.property(
        fc.array(value, { maxLength: 80 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 9 }),
        (list, raw) => {
          const qs = [...raw].sort((a, b) => a - b);
          const sorted = referenceSorted(list);
          return sameBits(
            selectQuantiles(Float64Array.from(list), qs),
            qs.map((q) => quantileSorted(sorted, q)),
          );
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('selectQuantile of nothing is NaN, of one value that value', () => {
    expect(selectQuantile(new Float64Array(0), 0.5)).toBeNaN();
    expect(Object.is(selectQuantile(Float64Array.of(-0), 0.5), -0)).toBe(true);
  });
});

describe('sortedWithBlocks (radix slots)', () => {
  /** The reference: sortWithSlots' values and slots, blocks scattered to the slots. */
  function reference(values: Float64Array, blockOf: Int32Array) {
    const { sorted, slot } = sortWithSlots(values);
    const blocks = new Int32Array(values.length);
    for (let i = 0; i < values.length; i++) blocks[slot[i]] = blockOf[i];
    return { sorted, blocks };
  }

  function check(values: Float64Array, blockCount: number): boolean {
    const n = values.length;
    const blockOf = Int32Array.from({ length: n }, (_, i) => Math.floor((i * blockCount) / n));
    const want = reference(values, blockOf);
    const wide = sortedWithBlocks(values, blockOf);
    const narrow = sortedWithBlocks(values, Uint16Array.from(blockOf));
    return (
      sameBits(wide.sorted, want.sorted) &&
      sameBits(wide.blocks, want.blocks) &&
      sameBits(narrow.sorted, want.sorted) &&
      sameBits(narrow.blocks, want.blocks)
    );
  }

  it('equals the sort-and-binary-search slots on large samples (ties, signed zeros, infinities, NaN)', () => {
    for (const values of samples()) for (const blocks of [1, 7, 400]) expect(check(values, blocks)).toBe(true);
  });

  it('equals them on any small sample', () => {
    const value = fc.oneof(smallValue, fc.constantFrom(0, -0, Infinity, -Infinity), fc.constantFrom(NaN));
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 60 }), fc.integer({ min: 1, max: 20 }), (list, blocks) =>
        check(Float64Array.from(list), Math.min(blocks, list.length)),
      ),
      { numRuns: 1000 },
    );
  });
});
