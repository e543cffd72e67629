// The phrases the branches share: a p-value to follow "p", and the strata that agree with a change.
import { describe, expect, it } from 'vitest';
import { agreeingBins, pValueText } from '../../src/diagnose/phrases';

describe('phrases', () => {
  it('writes a p-value as "= 0.041", or "< 0.001" below that', () => {
    expect(pValueText(0.041)).toBe('= 0.041');
    expect(pValueText(0.001)).toBe('= 0.001');
    expect(pValueText(0.0004)).toBe('< 0.001');
  });

  it('says slower for a change of 0 or more, faster below, with the share of requests and the strata', () => {
    expect(agreeingBins({ bins: 12, agreement: 0.92, change: 0.1 })).toBe(
      'slower in strata holding 92% of matched requests, 12 strata',
    );
    expect(agreeingBins({ bins: 3, agreement: 1, change: 0 })).toBe(
      'slower in strata holding 100% of matched requests, 3 strata',
    );
    expect(agreeingBins({ bins: 5, agreement: 0.8, change: -0.2 })).toBe(
      'faster in strata holding 80% of matched requests, 5 strata',
    );
  });
});
