// The columns the request table is built in (src/ingest/native/fast-columns.ts) hold what
// model/columns' builders hold: values by row with NaN / -1 where unset, whatever size was reserved
// (too small, exact, far too large), in row order or permuted in place; text with the same
// dictionary (first-seen order) and codes.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Float64Rows,
  Int32Rows,
  NumberRows,
  TextRows,
  ownCopy,
  textHash,
} from '../../../src/ingest/native/fast-columns';
import { NumberColumnBuilder, TextColumnBuilder, permuteNumbers, permuteText } from '../../../src/model/columns';

/** Rows set in increasing order with gaps, some of them far apart. */
const writes = fc
  .array(
    fc.tuple(fc.oneof({ weight: 12, arbitrary: fc.nat(3) }, { weight: 1, arbitrary: fc.nat(70_000) }), fc.double()),
    { maxLength: 40 },
  )
  .map((steps) => {
    let row = -1;
    return steps.map(([gap, v]) => [(row += gap + 1), v] as const);
  });

function expectSame(a: Float64Array, b: Float64Array): void {
  expect(a.length).toBe(b.length);
  for (let i = 0; i < b.length; i++) if (!Object.is(a[i], b[i])) throw new Error(`row ${i}: ${a[i]} vs ${b[i]}`);
}

function shuffled(n: number, seed: number): Uint32Array {
  const order = Uint32Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const j = seed % (i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

const reservedArb = fc.oneof(fc.constant(0), fc.nat(100), fc.nat(200_000));

describe('columns of the request table', () => {
  it('Float64Rows holds what NumberColumnBuilder holds, in row order or permuted', () => {
    fc.assert(
      fc.property(writes, fc.nat(5), fc.integer(), reservedArb, (steps, extra, seed, reserved) => {
        const chunks = new Float64Rows();
        chunks.reserve(reserved);
        const builder = new NumberColumnBuilder();
        for (const [row, v] of steps) {
          chunks.set(row, v);
          builder.set(row, v);
        }
        const rows = builder.length + extra;
        for (const [row] of steps) expect(Object.is(chunks.get(row), builder.finish(rows)[row])).toBe(true);
        const expected = builder.finish(rows);
        const order = shuffled(rows, seed);
        const again = new Float64Rows();
        again.reserve(reserved);
        for (const [row, v] of steps) again.set(row, v);
        expectSame(chunks.finish(rows), expected);
        expectSame(again.finish(rows, order, new Float64Array(rows + 3)), permuteNumbers(expected, order));
      }),
      { numRuns: 60 },
    );
  });

  it('NumberRows (narrow) holds the same numbers with gaps, before and after it widens to Float64', () => {
    // Whole numbers (Float32 exactly) with gaps, then a value that is not: the rows skipped on either
    // side of the widening read NaN, the values exactly what was set.
    const counts = fc.array(fc.tuple(fc.nat(3), fc.nat(1 << 20)), { maxLength: 30 });
    fc.assert(
      fc.property(counts, counts, fc.double(), fc.nat(4), reservedArb, (before, after, wide, extra, reserved) => {
        const column = new NumberRows(true);
        column.reserve(reserved);
        const builder = new NumberColumnBuilder();
        let row = -1;
        const write = (gap: number, v: number) => {
          row += gap + 1;
          column.set(row, v);
          builder.set(row, v);
        };
        for (const [gap, v] of before) write(gap, v);
        write(1, wide);
        for (const [gap, v] of after) write(gap, v);
        const rows = builder.length + extra;
        const out = column.finish(rows);
        expect(out instanceof Float64Array).toBe(Math.fround(wide) !== wide);
        expectSame(Float64Array.from(out), builder.finish(rows));
      }),
      { numRuns: 60 },
    );
  });

  it('NumberRows (narrow) is the narrowest array that holds every value: Uint16, Float32 or Float64', () => {
    // Counts of every kind a file can hold (-0 and 65536 just outside Uint16, 2^24 + 1 outside
    // Float32), with or without rows skipped, in row order or permuted: the numbers read back are the
    // ones set, to the bit, in a Uint16Array only when every value is 0..65535 (+0) and no row is
    // missing.
    const value = fc.oneof(
      { weight: 8, arbitrary: fc.nat(65_535) },
      { weight: 1, arbitrary: fc.constantFrom(-0, 65_536, 70_000, 2 ** 24, 2 ** 24 + 1, 0.5, 1e-300, 3.25) },
      { weight: 1, arbitrary: fc.double({ noNaN: true, min: 0 }) },
    );
    const steps = fc.array(fc.tuple(fc.oneof({ weight: 9, arbitrary: fc.constant(0) }, fc.nat(2)), value), {
      minLength: 1,
      maxLength: 40,
    });
    fc.assert(
      fc.property(steps, fc.nat(2), fc.integer(), reservedArb, fc.boolean(), (list, extra, seed, reserved, scratch) => {
        const column = new NumberRows(true);
        column.reserve(reserved);
        const builder = new NumberColumnBuilder();
        let row = -1;
        for (const [gap, v] of list) {
          row += gap + 1;
          column.set(row, v);
          builder.set(row, v);
        }
        const rows = builder.length + extra;
        const order = shuffled(rows, seed);
        const out = column.finish(rows, order, scratch ? new Float64Array(rows + 1) : undefined);
        const values = list.map(([, v]) => v);
        const missing = rows > list.length;
        const short = !missing && values.every((v) => Number.isInteger(v) && v <= 65_535 && !Object.is(v, -0));
        const single = values.every((v) => Math.fround(v) === v);
        expect(out.constructor).toBe(short ? Uint16Array : single ? Float32Array : Float64Array);
        expectSame(Float64Array.from(out), permuteNumbers(builder.finish(rows), order));
      }),
      { numRuns: 300 },
    );
  });

  it('Int32Rows fills unset rows with its missing value, in row order or permuted', () => {
    for (const reserved of [0, 3, 70_002, 1_000_000]) {
      const codes = new Int32Rows(-1);
      codes.reserve(reserved);
      codes.set(2, 7);
      codes.set(70_000, 9);
      const out = codes.finish(70_002);
      expect(out.length).toBe(70_002);
      expect([out[0], out[1], out[2], out[3], out[69_999], out[70_000], out[70_001]]).toEqual([
        -1, -1, 7, -1, -1, 9, -1,
      ]);
      const lines = new Int32Rows(0);
      lines.reserve(reserved);
      lines.set(0, 5);
      lines.set(1, 2 ** 31 - 1);
      expect([...lines.finish(3, Uint32Array.of(2, 1, 0), new Int32Array(5))]).toEqual([0, 2 ** 31 - 1, 5]);
    }
  });

  it('TextRows gives the dictionary and codes TextColumnBuilder gives, over many values and collisions', () => {
    const word = fc.oneof(
      fc.constantFrom('a', 'b', 'globex', 'umbrella', '', 'a-rather-long-value-000001'),
      fc.string({ maxLength: 4 }),
      fc.string({ unit: 'binary', maxLength: 30 }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(2), word, fc.boolean()), { maxLength: 400 }),
        fc.integer(),
        (steps, seed) => {
          const chunks = new TextRows();
          const builder = new TextColumnBuilder();
          let row = -1;
          for (const [gap, w, sliced] of steps) {
            row += gap + 1;
            const stored = chunks.set(row, w, sliced, sliced ? textHash(w) : undefined);
            expect(stored).toBe(w);
            builder.set(row, w);
          }
          const rows = row + 1;
          const expected = builder.finish(rows);
          const order = shuffled(rows, seed);
          const got = chunks.finish(rows, order);
          const want = permuteText(expected, order);
          expect([...got.codes]).toEqual([...want.codes]);
          expect(got.dictionary).toEqual(want.dictionary);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('TextRows keeps a million distinct values in first-seen order', () => {
    const chunks = new TextRows();
    const n = 300_000;
    for (let i = 0; i < n; i++) chunks.set(i, `req-${(i * 7919) % n}`);
    chunks.set(n, 'req-0');
    const { codes, dictionary } = chunks.finish(n + 1);
    expect(dictionary.length).toBe(n);
    expect(dictionary[1]).toBe(`req-${7919 % n}`);
    expect(codes[n]).toBe(0);
    expect(codes[n - 1]).toBe(n - 1);
  });

  it('ownCopy gives back any string exactly', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(ownCopy(s)).toBe(s);
      }),
    );
    expect(ownCopy('\ud800x\udfff"\\\n')).toBe('\ud800x\udfff"\\\n');
  });
});
