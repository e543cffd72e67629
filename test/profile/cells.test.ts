// Numbers and units as profiler CSVs print them: thousands separators accepted, a decimal comma
// refused (not guessed), "n/a" and blanks are "no value", and time units converted to ms.

import { describe, expect, it } from 'vitest';
import { msPerUnit, numberCell, numberValue, splitUnit } from '../../src/ingest/profile/cells';

describe('numberCell', () => {
  it('reads plain and grouped numbers', () => {
    expect(numberCell('406240')).toBe(406240);
    expect(numberCell(' 1,234.5 ')).toBe(1234.5);
    expect(numberCell('5,850,000')).toBe(5850000);
    expect(numberCell('-2.5e3')).toBe(-2500);
  });

  it('gives null for no value and NaN for anything else', () => {
    for (const t of ['', 'n/a', 'N/A', '-', '--']) expect(numberCell(t)).toBeNull();
    for (const t of ['9,00', '1,23,456', '12abc', 'Infinity', '1e400', '0x10']) expect(numberCell(t)).toBeNaN();
  });

  it('reads JSON values', () => {
    expect(numberValue(3)).toBe(3);
    expect(numberValue('3')).toBe(3);
    expect(numberValue(undefined)).toBeNull();
    expect(numberValue(Infinity)).toBeNaN();
    expect(numberValue(true)).toBeNaN();
    expect(numberValue({})).toBeNaN();
  });
});

describe('time units', () => {
  it('converts ncu and nsys units to ms', () => {
    expect(msPerUnit('nsecond')).toBe(1e-6);
    expect(msPerUnit('ns')).toBe(1e-6);
    expect(msPerUnit('usecond')).toBe(1e-3);
    expect(msPerUnit('µs')).toBe(1e-3);
    expect(msPerUnit('msecond')).toBe(1);
    expect(msPerUnit('seconds')).toBe(1000);
    expect(msPerUnit('%')).toBeUndefined();
    expect(msPerUnit('constructor')).toBeUndefined();
  });

  it('splits a header into name and unit', () => {
    expect(splitUnit('Total Time (ns)')).toEqual({ base: 'Total Time', unit: 'ns' });
    expect(splitUnit('Time(%)')).toEqual({ base: 'Time', unit: '%' });
    expect(splitUnit('Name')).toEqual({ base: 'Name', unit: '' });
  });
});
