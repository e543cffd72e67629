// False alarms across many metrics: Benjamini–Hochberg adjusted p-values. When nothing changed
// (an A/A pair) every null is true and BH keeps the chance of any false alarm at α, like Holm; when
// something did change, BH does not let the many unaffected metrics drown the affected ones, which
// move together (TTFT p50, p95 and client TTFT share their phases). Valid under the positive
// dependence these metrics have (Benjamini & Yekutieli 2001, PRDS).

/** BH-adjusted p-values (q-values), in the input order. */
export function benjaminiHochberg(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p || a.i - b.i);
  const adjusted = new Array<number>(m);
  let running = 1;
  for (let rank = m - 1; rank >= 0; rank--) {
    const { p, i } = order[rank];
    running = Math.min(running, (m * p) / (rank + 1));
    adjusted[i] = Math.min(1, running);
  }
  return adjusted;
}
