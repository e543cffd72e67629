// Decode concurrency by hand: the time-weighted mean number of requests decoding while each one
// decodes, on a few requests placed by hand (both the merge and the event-object reference).
import { describe, expect, it } from 'vitest';
import { decodeConcurrency, decodeConcurrencyByEvents } from '../../../src/diagnose/measures/concurrency';
import type { RequestTable } from '../../../src/model/run';
import { table } from '../branches/build';

const T0 = 1_760_000_000;

/** Requests by arrival (s after T0), first token and decode time (ms); `failed` rows failed. */
function decodes(rows: [arrival: number, first: number, decode: number][], failed: number[] = [], rowWeight?: number) {
  const t = table(
    {
      arrival_ts: rows.map((r) => T0 + r[0]),
      first_token_ms: rows.map((r) => r[1]),
      decode_ms: rows.map((r) => r[2]),
    },
    failed,
  );
  return rowWeight ? { ...t, rowWeight } : t;
}

const both = [
  ['merge', (x: RequestTable) => decodeConcurrency(x)],
  ['events', decodeConcurrencyByEvents],
] as const;

// r0 decodes over [10, 110] ms, r1 over [60, 260], r2 over [120, 140]:
// N(t) = 1 on [10, 60), 2 on [60, 110), 1 on [110, 120), 2 on [120, 140), 1 on [140, 260).
// r0: (50 · 1 + 50 · 2) / 100 = 1.5; r1: (50 · 2 + 10 · 1 + 20 · 2 + 120 · 1) / 200 = 1.35; r2: 2.
const three: [number, number, number][] = [
  [0, 10, 100],
  [0, 60, 200],
  [0, 120, 20],
];

describe('decode concurrency by hand', () => {
  for (const [name, measure] of both) {
    it(`${name}: overlapping decodes, each request counted while it decodes`, () => {
      expect(Array.from(measure(decodes(three))!)).toEqual([1.5, 1.35, 2]);
    });

    it(`${name}: a request alone sees 1; one ending as another starts does not overlap it`, () => {
      expect(Array.from(measure(decodes([[0, 0, 100]]))!)).toEqual([1]);
      expect(
        Array.from(
          measure(
            decodes([
              [0, 0, 100],
              [0, 100, 100],
              [0, 200, 50],
            ]),
          )!,
        ),
      ).toEqual([1, 1, 1]);
      // Two at once over the same interval, and one starting as both end.
      expect(
        Array.from(
          measure(
            decodes([
              [0, 5, 10],
              [0, 5, 10],
              [0, 15, 10],
            ]),
          )!,
        ),
      ).toEqual([2, 2, 1]);
    });

    it(`${name}: failed, undecoded and unknown requests get NaN and do not count for the others`, () => {
      // Rows 1–4 would overlap row 0 throughout; only row 5 does, over half of it.
      const t = decodes(
        [
          [0, 0, 100],
          [0, 0, 100],
          [0, 0, 0],
          [0, NaN, 100],
          [0, 0, NaN],
          [0, 50, 100],
        ],
        [1],
      );
      const got = Array.from(measure(t)!);
      expect(got.slice(1, 5).every(Number.isNaN)).toBe(true);
      // Row 0: (50 · 1 + 50 · 2) / 100; row 5: (50 · 2 + 50 · 1) / 100.
      expect([got[0], got[5]]).toEqual([1.5, 1.5]);
    });

    it(`${name}: in a sampled table every other request decoding alongside stands for rowWeight of them`, () => {
      // 1 + 3 · (seen − 1): r0 1 + 3 · 0.5, r1 1 + 3 · 0.35, r2 1 + 3 · 1.
      const got = measure(decodes(three, [], 3))!;
      expect(got[0]).toBe(2.5);
      expect(got[1]).toBeCloseTo(2.05, 12);
      expect(got[2]).toBe(4);
    });

    it(`${name}: nothing without the three columns, arrival order or a request that decoded`, () => {
      const t = decodes(three);
      for (const column of ['arrival_ts', 'first_token_ms', 'decode_ms'] as const)
        expect(measure({ ...t, numbers: { ...t.numbers, [column]: undefined } })).toBeUndefined();
      expect(measure({ ...t, orderedByArrival: false })).toBeUndefined();
      expect(
        measure(
          decodes([
            [0, 0, 0],
            [1, NaN, 10],
          ]),
        ),
      ).toBeUndefined();
      expect(measure(decodes([[0, 0, 10]], [0]))).toBeUndefined();
    });
  }

  it('starts the clock at the first arrival, whatever the first request did', () => {
    // Row 0 failed; row 1 arrives 0.5 s later and decodes over [500, 600] ms, row 2 over [550, 650].
    const t = decodes(
      [
        [0, 0, 10],
        [0.5, 0, 100],
        [0.5, 50, 100],
      ],
      [0],
    );
    expect(Array.from(decodeConcurrency(t)!).slice(1)).toEqual([1.5, 1.5]);
    expect(Array.from(decodeConcurrencyByEvents(t)!).slice(1)).toEqual([1.5, 1.5]);
  });

  it('orders starts and ends that arrive out of order (a short decode ending before a long one)', () => {
    // r0 [0, 1000], r1 [100, 200], r2 [150, 600], r3 [300, 400]: ends 200, 400, 600, 1000.
    // N: 1 on [0, 100), 2 on [100, 150), 3 on [150, 200), 2 on [200, 300), 3 on [300, 400),
    // 2 on [400, 600), 1 on [600, 1000).
    const t = decodes([
      [0, 0, 1000],
      [0, 100, 100],
      [0, 150, 450],
      [0, 300, 100],
    ]);
    const r0 = (100 * 1 + 50 * 2 + 50 * 3 + 100 * 2 + 100 * 3 + 200 * 2 + 400 * 1) / 1000;
    const r2 = (50 * 3 + 100 * 2 + 100 * 3 + 200 * 2) / 450;
    const expected = [r0, (50 * 2 + 50 * 3) / 100, r2, 3];
    const merge = Array.from(decodeConcurrency(t)!);
    const events = Array.from(decodeConcurrencyByEvents(t)!);
    for (let i = 0; i < 4; i++) {
      expect(merge[i]).toBeCloseTo(expected[i], 12);
      expect(events[i]).toBeCloseTo(expected[i], 12);
    }
  });

  it('lays its sort orders in an array the caller lends when it is long enough, and is not misled by its contents', () => {
    const lent = new Float64Array(3).fill(7);
    expect(Array.from(decodeConcurrency(decodes(three), lent)!)).toEqual([1.5, 1.35, 2]);
    expect(Array.from(decodeConcurrency(decodes(three), new Float64Array(1))!)).toEqual([1.5, 1.35, 2]);
    // Only the decoding rows are sorted: a lent array of their count is enough.
    const withFailure = decodes([...three, [0, 200, 10]], [3]);
    expect(Array.from(decodeConcurrency(withFailure, new Float64Array(3).fill(-1))!).slice(0, 3)).toEqual([
      1.5, 1.35, 2,
    ]);
  });

  it('a time past the largest double goes to the reference definition', () => {
    // r1's end overflows to Infinity: the merge hands the table to the event objects.
    const t = decodes([
      [0, 0, 100],
      [0, 1e300, Number.MAX_VALUE],
    ]);
    expect(Array.from(decodeConcurrency(t)!)).toEqual(Array.from(decodeConcurrencyByEvents(t)!));
    expect(decodeConcurrency(t)![0]).toBe(1);
  });
});
