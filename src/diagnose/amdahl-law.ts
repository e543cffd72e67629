// Amdahl's law (§7): a part taking share p of the time, made s× faster, speeds the whole up by
// 1 / ((1 − p) + p / s). Alone in its file so the estimators (effort.ts, the CLI) need nothing else.

export function amdahl(p: number, s: number): number {
  if (s === Infinity) return 1 / (1 - p);
  return 1 / (1 - p + p / s);
}
