// Decode concurrency at its edges, by hand: requests without an arrival time (as a merge of shards
// leaves them, last), and decodes too short to move the clock at their time.
import { describe, expect, it } from 'vitest';
import { decodeConcurrency, decodeConcurrencyByEvents } from '../../../src/diagnose/measures/concurrency';
import type { RequestTable } from '../../../src/model/run';
import { table } from '../branches/build';

const T0 = 1_760_000_000;
const both = [
  ['merge', (x: RequestTable) => decodeConcurrency(x)],
  ['events', decodeConcurrencyByEvents],
] as const;

describe('decode concurrency at its edges', () => {
  for (const [name, measure] of both) {
    it(`${name}: a request without an arrival time is unknown and not counted for the others`, () => {
      // src/model/shards.ts merges shards in arrival order with the rows that have no arrival_ts
      // last, and the table still counts as ordered. r0 [0, 100], r1 [60, 260], r2 [120, 140],
      // r3 [300, 310] ms: N = 1, 2, 1, 2, 1 on [0, 60, 100, 120, 140, 260); r0 (60 + 80) / 100,
      // r1 (40 · 2 + 20 + 40 + 120) / 200, r2 2, r3 alone.
      const t = table({
        arrival_ts: [T0, T0, T0, T0, NaN, NaN, NaN],
        first_token_ms: [0, 60, 120, 300, 0, 0, 0],
        decode_ms: [100, 200, 20, 10, 100, 100, 100],
      });
      expect(t.orderedByArrival).toBe(true);
      expect(Array.from(measure(t)!)).toEqual([1.4, 1.3, 2, 1, NaN, NaN, NaN]);
    });

    it(`${name}: a decode too short to move the clock at its time is NaN and spoils no other`, () => {
      // At 1e9 ms a double's step is 1.2e-7 ms: 1e9 + 1e-9 is 1e9, so r0 and r3 end as they start
      // (their end event sorts first, then their start). r1 [1e9, 1e9 + 100] and r2
      // [1e9 + 50, 1e9 + 150] overlap half of each: 1.5 each.
      const t = table({
        arrival_ts: [T0, T0, T0, T0],
        first_token_ms: [1e9, 1e9, 1e9 + 50, 1e9 + 200],
        decode_ms: [1e-9, 100, 100, 1e-9],
      });
      expect(Array.from(measure(t)!)).toEqual([NaN, 1.5, 1.5, NaN]);
    });
  }
});
