// src/display/numbers.ts: how metric values and changes read in every report.
import { describe, expect, it } from 'vitest';
import {
  compact,
  duration,
  grouped,
  percent,
  pValue,
  signedDuration,
  signedPercent,
  signedWithUnit,
  withUnit,
} from '../../src/display/numbers';

const MINUS = '\u2212';

describe('grouped', () => {
  it('inserts thousands separators', () => {
    expect(grouped(0)).toBe('0');
    expect(grouped(999)).toBe('999');
    expect(grouped(1000)).toBe('1,000');
    expect(grouped(1234567)).toBe('1,234,567');
    expect(grouped(1234.5678, 2)).toBe('1,234.57');
    expect(grouped(12.5, 1)).toBe('12.5');
  });

  it('uses the Unicode minus, and none for values that round to zero', () => {
    expect(grouped(-2526)).toBe(`${MINUS}2,526`);
    expect(grouped(-2526)).toBe('−2,526');
    expect(grouped(-0.4)).toBe('0');
    expect(grouped(-0.04, 1)).toBe('0.0');
  });

  it('rounds before grouping', () => {
    expect(grouped(999.6)).toBe('1,000');
    expect(grouped(1999.996, 2)).toBe('2,000.00');
  });

  it('prints non-finite values as JavaScript does', () => {
    expect(grouped(NaN)).toBe('NaN');
    expect(grouped(Infinity)).toBe('Infinity');
  });
});

describe('compact', () => {
  it('whole numbers from 100, one decimal from 10, two from 1', () => {
    expect(compact(2526)).toBe('2,526');
    expect(compact(100)).toBe('100');
    expect(compact(99.94)).toBe('99.9');
    expect(compact(87.3)).toBe('87.3');
    expect(compact(10)).toBe('10.0');
    expect(compact(9.876)).toBe('9.88');
    expect(compact(1)).toBe('1.00');
  });

  it('two significant figures below 1, trailing zeros dropped', () => {
    expect(compact(0.5)).toBe('0.5');
    expect(compact(0.0123)).toBe('0.012');
    expect(compact(0.98765)).toBe('0.99');
    expect(compact(0.00012345)).toBe('0.00012');
    expect(compact(0)).toBe('0');
  });

  it('chooses the precision from the value as it prints, at rounding boundaries', () => {
    expect(compact(99.96)).toBe('100');
    expect(compact(-99.96)).toBe('−100');
    expect(compact(9.996)).toBe('10.0');
    expect(compact(0.996)).toBe('1.00');
    expect(compact(99.94)).toBe('99.9');
    expect(compact(9.994)).toBe('9.99');
    expect(compact(0.994)).toBe('0.99');
  });

  it('negative values', () => {
    expect(compact(-0.5)).toBe('−0.5');
    expect(compact(-12.34)).toBe('−12.3');
    expect(compact(-1500)).toBe('−1,500');
  });

  it('non-finite', () => {
    expect(compact(NaN)).toBe('NaN');
  });
});

describe('duration', () => {
  it('milliseconds below 10 s', () => {
    expect(duration(87.3)).toBe('87.3 ms');
    expect(duration(2526)).toBe('2,526 ms');
    expect(duration(9999)).toBe('9,999 ms');
    expect(duration(0.25)).toBe('0.25 ms');
    expect(duration(0)).toBe('0 ms');
  });

  it('seconds from 10 s', () => {
    expect(duration(10_000)).toBe('10.0 s');
    expect(duration(10_500)).toBe('10.5 s');
    expect(duration(125_000)).toBe('125 s');
    expect(duration(-12_000)).toBe('−12.0 s');
  });

  it('switches to seconds when the milliseconds would print as 10,000', () => {
    expect(duration(9999.4)).toBe('9,999 ms');
    expect(duration(9999.7)).toBe('10.0 s');
    expect(duration(99.96)).toBe('100 ms');
  });

  it('a dash for non-finite values', () => {
    expect(duration(NaN)).toBe('—');
    expect(duration(Infinity)).toBe('—');
  });
});

describe('withUnit', () => {
  it('durations for ms, compact numbers otherwise', () => {
    expect(withUnit(87.3, 'ms')).toBe('87.3 ms');
    expect(withUnit(12_345, 'ms')).toBe('12.3 s');
    expect(withUnit(3000, 'tok/s')).toBe('3,000 tok/s');
    expect(withUnit(4, 'req/s')).toBe('4.00 req/s');
  });
});

describe('signedPercent', () => {
  it('signs every non-zero change, with the Unicode minus', () => {
    expect(signedPercent(7.97)).toBe('+797%');
    expect(signedPercent(-0.032)).toBe('−3.2%');
    expect(signedPercent(-0.032)).toBe(`${MINUS}3.2%`);
    expect(signedPercent(0.007)).toBe('+0.7%');
    expect(signedPercent(0.5)).toBe('+50%');
    expect(signedPercent(-0.25)).toBe('−25%');
    expect(signedPercent(25)).toBe('+2,500%');
  });

  it('one decimal below 10%, none from 10%', () => {
    expect(signedPercent(0.0949)).toBe('+9.5%');
    expect(signedPercent(0.1)).toBe('+10%');
    expect(signedPercent(-0.123)).toBe('−12%');
  });

  it('drops the decimal when it would print as 10.0%', () => {
    expect(signedPercent(0.09996)).toBe('+10%');
    expect(signedPercent(-0.09996)).toBe('−10%');
    expect(signedPercent(0.0994)).toBe('+9.9%');
    expect(percent(0.09996)).toBe('10%');
  });

  it('"0%" for anything that rounds to zero', () => {
    expect(signedPercent(0)).toBe('0%');
    expect(signedPercent(0.0004)).toBe('0%');
    expect(signedPercent(-0.0004)).toBe('0%');
  });

  it('a dash for non-finite values', () => {
    expect(signedPercent(NaN)).toBe('—');
    expect(signedPercent(Infinity)).toBe('—');
  });
});

describe('percent', () => {
  it('shares', () => {
    expect(percent(0.98)).toBe('98%');
    expect(percent(0.024)).toBe('2.4%');
    expect(percent(0.05)).toBe('5.0%');
    expect(percent(0.1)).toBe('10%');
    expect(percent(0.15)).toBe('15%');
    expect(percent(12)).toBe('1,200%');
    expect(percent(0)).toBe('0%');
    expect(percent(0.0001)).toBe('0%');
    expect(percent(-0.05)).toBe('−5.0%');
    expect(percent(NaN)).toBe('—');
  });
});

describe('signedDuration', () => {
  it('signed milliseconds and seconds', () => {
    expect(signedDuration(3140)).toBe('+3,140 ms');
    expect(signedDuration(-311)).toBe('−311 ms');
    expect(signedDuration(-0.5)).toBe('−0.5 ms');
    expect(signedDuration(12_000)).toBe('+12.0 s');
    expect(signedDuration(-10_500)).toBe('−10.5 s');
  });

  it('no sign on zero; a dash for non-finite', () => {
    expect(signedDuration(0)).toBe('0 ms');
    expect(signedDuration(-0)).toBe('0 ms');
    expect(signedDuration(NaN)).toBe('—');
  });
});

describe('signedWithUnit', () => {
  it('durations for ms, signed compact numbers otherwise', () => {
    expect(signedWithUnit(3, 'ms')).toBe('+3.00 ms');
    expect(signedWithUnit(-50, 'tok/s')).toBe('−50.0 tok/s');
    expect(signedWithUnit(1234, 'tok/s')).toBe('+1,234 tok/s');
    expect(signedWithUnit(0, 'tok/s')).toBe('+0 tok/s');
    expect(signedWithUnit(-0.25, 'req/s')).toBe('−0.25 req/s');
  });
});

describe('pValue', () => {
  it('three decimals, "< 0.001" below that', () => {
    expect(pValue(0.0004)).toBe('< 0.001');
    expect(pValue(0)).toBe('< 0.001');
    expect(pValue(0.001)).toBe('0.001');
    expect(pValue(0.0456)).toBe('0.046');
    expect(pValue(0.05)).toBe('0.050');
    expect(pValue(1)).toBe('1.000');
    expect(pValue(NaN)).toBe('—');
  });
});
