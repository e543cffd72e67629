// Small phrases the branches share, so the same number reads the same in every finding.

import { pValue } from '../../format/numbers';

/** "= 0.041" or "< 0.001", to follow "p". */
export function pValueText(p: number): string {
  const text = pValue(p);
  return text.startsWith('<') ? text : `= ${text}`;
}

/** "4 of 5 bins slower". */
export function agreeingBins(m: { bins: number; agreement: number; change: number }): string {
  return `${Math.round(m.agreement * m.bins)} of ${m.bins} bins ${m.change >= 0 ? 'slower' : 'faster'}`;
}
