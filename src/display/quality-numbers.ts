// How quality numbers read in sentences: shares on a 0–1 scale as "0.712" and their differences as
// "−3.1 points"; other scales (an LLM judge out of 100, a perplexity) as plain numbers.

import { compact } from './numbers';

const MINUS = '−';

/** Both values on a 0–1 scale: read as shares, differences in points (hundredths). */
export function onUnitScale(...values: number[]): boolean {
  return values.every((v) => v >= 0 && v <= 1);
}

export function scoreValue(value: number, unit: boolean): string {
  if (!unit) return compact(value);
  return value.toFixed(3);
}

/** A signed difference: "+3.3 points" on the 0–1 scale, "−4.31" otherwise. */
export function scoreDiff(diff: number, unit: boolean): string {
  const sign = diff > 0 ? '+' : diff < 0 ? MINUS : '';
  if (unit) {
    const points = Math.abs(diff * 100);
    return `${sign}${points.toFixed(1)} point${points.toFixed(1) === '1.0' ? '' : 's'}`;
  }
  return `${sign}${compact(Math.abs(diff))}`;
}

/** A bound of an interval of differences, in the same units: "−4.4" (points) or "−6.50". */
export function bound(value: number, unit: boolean): string {
  const v = unit ? value * 100 : value;
  const text = unit ? Math.abs(v).toFixed(1) : compact(Math.abs(v));
  if (Number(text.replace(/,/g, '')) === 0) return '0';
  return `${v < 0 ? MINUS : '+'}${text}`;
}

/** A share with one decimal, dropping ".0": "18.5%", "75%" (the project's percent() rounds from 10% up). */
export function share(ratio: number): string {
  return `${(ratio * 100).toFixed(1).replace(/\.0$/, '')}%`;
}
