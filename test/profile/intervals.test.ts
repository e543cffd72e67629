// The interval union behind every "GPU busy" and "host busy" number: hand cases, then properties —
// the union never exceeds the span, equals the sum when the intervals are disjoint, and does not
// depend on order; subtraction and intersection agree with each other.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clip,
  clipMerged,
  covers,
  differenceLength,
  intersectionLength,
  merge,
  subtract,
  totalLength,
  unionLength,
  type Interval,
} from '../../src/ingest/profile/intervals';

describe('interval union', () => {
  it('counts overlapping kernels on two streams once', () => {
    // [0,10) on stream 7, [5,15) on stream 20: busy 15, not 20.
    expect(
      unionLength([
        [0, 10],
        [5, 15],
      ]),
    ).toBe(15);
    expect(
      merge([
        [5, 15],
        [0, 10],
        [20, 30],
      ]),
    ).toEqual([
      [0, 15],
      [20, 30],
    ]);
  });

  it('joins touching intervals and drops empty or inverted ones', () => {
    expect(
      merge([
        [0, 1],
        [1, 2],
      ]),
    ).toEqual([[0, 2]]);
    expect(
      unionLength([
        [3, 3],
        [5, 4],
      ]),
    ).toBe(0);
  });

  it('clips to a window, by list or by binary search', () => {
    const m = merge([
      [0, 10],
      [20, 30],
      [40, 50],
    ]);
    expect(clip(m, 5, 45)).toEqual([
      [5, 10],
      [20, 30],
      [40, 45],
    ]);
    expect(clipMerged(m, 5, 45)).toEqual([
      [5, 10],
      [20, 30],
      [40, 45],
    ]);
    expect(clipMerged(m, 10, 20)).toEqual([]);
  });

  it('subtracts and intersects', () => {
    const a = merge([[0, 100]]);
    const b = merge([
      [10, 20],
      [50, 60],
      [90, 120],
    ]);
    expect(intersectionLength(a, b)).toBe(30);
    expect(differenceLength(a, b)).toBe(70);
    expect(subtract(a, b)).toEqual([
      [0, 10],
      [20, 50],
      [60, 90],
    ]);
  });

  it('answers whether a point is covered', () => {
    const m = merge([
      [0, 10],
      [20, 30],
    ]);
    expect([covers(m, 0), covers(m, 9.9), covers(m, 10), covers(m, 25), covers(m, 31)]).toEqual([
      true,
      true,
      false,
      true,
      false,
    ]);
  });
});

const intervalArb: fc.Arbitrary<Interval> = fc
  .tuple(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: 0, max: 300 }))
  .map(([s, d]) => [s, s + d] as const);
const listArb = fc.array(intervalArb, { maxLength: 30 });

describe('interval union: properties', () => {
  it('never exceeds the span and is at least the longest interval', () => {
    fc.assert(
      fc.property(listArb, (list) => {
        const u = unionLength(list);
        if (list.length === 0) return u === 0;
        const span = Math.max(...list.map((i) => i[1])) - Math.min(...list.map((i) => i[0]));
        const longest = Math.max(...list.map((i) => i[1] - i[0]));
        return u <= span && u >= longest && u <= list.reduce((s, i) => s + i[1] - i[0], 0);
      }),
    );
  });

  it('equals the sum of durations when the intervals are disjoint', () => {
    const disjointArb = fc
      .array(fc.tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 50 })), { maxLength: 30 })
      .map((pairs) => {
        let t = 0;
        return pairs.map(([gap, d]) => {
          const s = t + gap;
          t = s + d;
          return [s, t] as Interval;
        });
      });
    fc.assert(
      fc.property(disjointArb, fc.integer(), (list, seed) => {
        const shuffled = [...list].sort((a, b) => ((a[0] * 31 + seed) % 7) - ((b[0] * 31 + seed) % 7));
        return unionLength(shuffled) === list.reduce((s, i) => s + i[1] - i[0], 0);
      }),
    );
  });

  it('does not depend on order, and merged output is sorted and disjoint', () => {
    fc.assert(
      fc.property(listArb, (list) => {
        const m = merge(list);
        for (let i = 1; i < m.length; i++) if (!(m[i][0] > m[i - 1][1])) return false;
        return totalLength(m) === unionLength([...list].reverse());
      }),
    );
  });

  it('subtract, intersection and difference agree; clipping stays inside the window', () => {
    fc.assert(
      fc.property(
        listArb,
        listArb,
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: 0, max: 2000 }),
        (la, lb, from, width) => {
          const a = merge(la);
          const b = merge(lb);
          const d = totalLength(subtract(a, b));
          expect(d).toBe(differenceLength(a, b));
          expect(intersectionLength(a, b)).toBe(intersectionLength(b, a));
          expect(intersectionLength(a, b)).toBeLessThanOrEqual(Math.min(totalLength(a), totalLength(b)));
          expect(unionLength([...a, ...b])).toBe(totalLength(a) + totalLength(b) - intersectionLength(a, b));
          const c = clipMerged(a, from, from + width);
          expect(totalLength(c)).toBe(unionLength(clip(a, from, from + width)));
          expect(totalLength(c)).toBeLessThanOrEqual(width);
        },
      ),
    );
  });
});
