// arrival_ts in seconds, ms, µs, ns since the epoch, or ISO 8601, lands as the same seconds value;
// and the value parsers behind every numeric field.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isError, parseNonNegative, parseTimestamp } from '../../../src/ingest/native/values';
import { ingestText, toCsv, toJsonl, view } from './helpers';

// 1_760_000_000 s is 2025-10-09T08:53:20Z.
const FORMS: Array<[string, unknown]> = [
  ['seconds', 1760000000.5],
  ['seconds as a string', '1760000000.5'],
  ['milliseconds', 1760000000500],
  ['milliseconds as a string', '1760000000500'],
  ['microseconds', 1760000000500000],
  ['nanoseconds', 1760000000500000000],
  ['nanoseconds as a string', '1760000000500000000'],
  ['ISO 8601 with Z', '2025-10-09T08:53:20.5Z'],
  ['ISO 8601 with ms and an offset', '2025-10-09T10:53:20.500+02:00'],
  ['ISO 8601 with µs', '2025-10-09T08:53:20.500000Z'],
  ['ISO 8601 with ns', '2025-10-09T08:53:20.500000000Z'],
  ['ISO 8601 with a space', '2025-10-09 08:53:20.5Z'],
];

describe('parseTimestamp', () => {
  for (const [what, value] of FORMS) {
    it(`${what}: ${String(value)} → 1760000000.5 s`, () => {
      expect(parseTimestamp(value)).toBe(1760000000.5);
    });
  }

  it('whole seconds in ISO form', () => {
    expect(parseTimestamp('2025-10-09T08:53:20Z')).toBe(1760000000);
    expect(parseTimestamp('2023-11-14T22:13:20+00:00')).toBe(1700000000);
  });

  it('sub-millisecond ISO fractions give exactly the double of the decimal seconds', () => {
    expect(parseTimestamp('2025-10-09T08:53:20.123456Z')).toBe(1760000000.123456);
    expect(parseTimestamp('2025-10-09T08:53:20.000001Z')).toBe(1760000000.000001);
    expect(parseTimestamp('2025-10-09T08:53:20.999999Z')).toBe(1760000000.999999);
    expect(parseTimestamp('1969-12-31T23:59:59.250Z')).toBe(-0.75);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 86_399 }), fc.integer({ min: 0, max: 999_999 }), (sec, micros) => {
        const whole = 1_760_000_000 - 32_000 + sec; // within 2025-10-09 (UTC)
        const frac = String(micros).padStart(6, '0');
        const iso = `${new Date(whole * 1000).toISOString().slice(0, 19)}.${frac}Z`;
        const asSeconds = Number(`${whole}.${frac}`);
        expect(parseTimestamp(iso)).toBe(asSeconds);
        expect(parseTimestamp(Number(`${whole}${frac}`))).toBe(asSeconds); // µs since the epoch
        expect(parseTimestamp(`${whole}${frac}`)).toBe(asSeconds);
      }),
      { numRuns: 300 },
    );
  });

  it('small values are seconds since any origin; negative values are allowed', () => {
    expect(parseTimestamp(0)).toBe(0);
    expect(parseTimestamp(12.25)).toBe(12.25);
    expect(parseTimestamp(1e11)).toBe(1e11);
    expect(parseTimestamp(-5)).toBe(-5);
    expect(parseTimestamp('1.5e3')).toBe(1500);
  });

  it('missing values and errors', () => {
    expect(parseTimestamp(undefined)).toBeUndefined();
    expect(parseTimestamp(null)).toBeUndefined();
    expect(parseTimestamp('  ')).toBeUndefined();
    expect(parseTimestamp('noon')).toEqual({
      error: 'expected a timestamp (seconds since the epoch or ISO 8601), got "noon"',
    });
    // A date without a time looks like number syntax (digits and '-') and is rejected as one.
    expect(parseTimestamp('2025-10-09')).toEqual({ error: 'expected a timestamp (a number), got "2025-10-09"' });
    expect(parseTimestamp('2025-02-30Tjunk')).toEqual({
      error: 'expected an ISO 8601 timestamp, got "2025-02-30Tjunk"',
    });
    expect(parseTimestamp(Infinity)).toEqual({ error: 'expected a finite timestamp, got Infinity' });
    expect(parseTimestamp('1e999')).toEqual({ error: 'expected a finite timestamp, got "1e999"' });
    expect(parseTimestamp('1-2')).toEqual({ error: 'expected a timestamp (a number), got "1-2"' });
    expect(parseTimestamp(true)).toEqual({ error: 'expected a timestamp (a number), got true' });
  });

  it('every form lands on the same value through ingestion (JSONL and CSV)', async () => {
    const records = FORMS.map(([what, value], i) => ({
      model_version: what,
      arrival_ts: value,
      first_token_ms: i,
      total_ms: i,
    }));
    for (const [name, text] of [
      ['t.jsonl', toJsonl(records)],
      ['t.csv', toCsv(records).text],
    ]) {
      const t = view((await ingestText(name, text)).requests!);
      expect(t.numbers.arrival_ts).toEqual(FORMS.map(() => 1760000000.5));
      // All tie, so file order is kept.
      expect(t.text.model_version).toEqual(FORMS.map(([what]) => what));
      expect(t.orderedByArrival).toBe(true);
    }
  });
});

describe('parseNonNegative', () => {
  it('numbers and numeric strings ≥ 0', () => {
    expect(parseNonNegative(0, 'count')).toBe(0);
    expect(parseNonNegative(12.5, 'duration in ms')).toBe(12.5);
    expect(parseNonNegative('  7 ', 'count')).toBe(7);
    expect(parseNonNegative('.5', 'count')).toBe(0.5);
    expect(parseNonNegative('5.', 'count')).toBe(5);
    expect(parseNonNegative('+3', 'count')).toBe(3);
    expect(parseNonNegative('2E-3', 'count')).toBe(0.002);
    expect(parseNonNegative(Number.MAX_VALUE, 'count')).toBe(Number.MAX_VALUE);
  });

  it('missing', () => {
    for (const v of [undefined, null, '', '   ']) expect(parseNonNegative(v, 'count')).toBeUndefined();
  });

  it('errors say what was expected and what came', () => {
    expect(parseNonNegative(-1, 'count')).toEqual({ error: 'expected a count ≥ 0, got -1' });
    expect(parseNonNegative('-0.5', 'duration in ms')).toEqual({ error: 'expected a duration in ms ≥ 0, got -0.5' });
    expect(parseNonNegative(NaN, 'count')).toEqual({ error: 'expected a finite count, got NaN' });
    expect(parseNonNegative(-Infinity, 'count')).toEqual({ error: 'expected a finite count, got -Infinity' });
    expect(parseNonNegative('Infinity', 'count')).toEqual({ error: 'expected a finite count, got "Infinity"' });
    expect(parseNonNegative('-inf', 'count')).toEqual({ error: 'expected a finite count, got "-inf"' });
    expect(parseNonNegative('NaN', 'count')).toEqual({ error: 'expected a finite count, got "NaN"' });
    expect(parseNonNegative('1e309', 'count')).toEqual({ error: 'expected a finite count, got "1e309"' });
    expect(parseNonNegative('1,5', 'count')).toEqual({ error: 'expected a count (a number), got "1,5"' });
    expect(parseNonNegative('0b1', 'count')).toEqual({ error: 'expected a count (a number), got "0b1"' });
    expect(parseNonNegative('x'.repeat(50), 'count')).toEqual({
      error: `expected a count (a number), got "${'x'.repeat(40)}…"`,
    });
    expect(parseNonNegative(false, 'count')).toEqual({ error: 'expected a count (a number), got false' });
    expect(parseNonNegative({}, 'count')).toEqual({ error: 'expected a count (a number), got an object' });
    expect(parseNonNegative([], 'count')).toEqual({ error: 'expected a count (a number), got a list' });
  });

  it('any finite double ≥ 0 round-trips through its decimal text', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: 0 }), (x) => {
        const parsed = parseNonNegative(String(x), 'count');
        expect(isError(parsed)).toBe(false);
        expect(parsed).toBe(x + 0);
      }),
    );
  });
});
