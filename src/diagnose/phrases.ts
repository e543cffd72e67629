// Small phrases the branches share, so the same number reads the same in every finding.

import { pValue, percent } from '../display/numbers';

/** "= 0.041" or "< 0.001", to follow "p". */
export function pValueText(p: number): string {
  const text = pValue(p);
  return text.startsWith('<') ? text : `= ${text}`;
}

/** "slower in strata holding 92% of matched requests, 12 strata". */
export function agreeingBins(m: { bins: number; agreement: number; change: number }): string {
  return `${m.change >= 0 ? 'slower' : 'faster'} in strata holding ${percent(m.agreement)} of matched requests, ${m.bins} strata`;
}
