// `node scripts/run-ts.mjs scripts/bench-phases.ts BASE HEAD`: where the time and the memory of one
// `perf-triage compare BASE HEAD` go, phase by phase, in one process: load base, load head, triage
// (compare + diagnosis), render. Prints wall time, RSS, V8 heap and ArrayBuffer memory after each
// phase and the peak RSS (--live, under node --expose-gc: after a full GC, i.e. what is still
// referenced). A tool for finding what to optimise; asserts nothing.

import { loadSide } from '../src/io/load-side';
import { buildConfig } from '../src/config/config';
import { triage } from '../src/report/build';
import { renderJson } from '../src/render/json';

const [base, head] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (!base || !head) {
  console.error('usage: node scripts/run-ts.mjs scripts/bench-phases.ts BASE HEAD');
  process.exit(2);
}
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0).padStart(5);
let last = performance.now();
/** With --expose-gc (--live): the memory still referenced after each phase, garbage collected first. */
const collect = process.argv.includes('--live') ? (globalThis as { gc?: () => void }).gc : undefined;
function phase(name: string): void {
  const now = performance.now();
  collect?.();
  const m = process.memoryUsage();
  const peak = process.resourceUsage().maxRSS * 1024;
  console.log(`${name.padEnd(14)} ${((now - last) / 1000).toFixed(2).padStart(6)} s   rss ${mb(m.rss)}  heap ${mb(m.heapUsed)}  arrayBuffers ${mb(m.arrayBuffers)}  peak rss ${mb(peak)} MB`);
  last = performance.now();
}
phase('start');
const config = buildConfig({ failOn: 'never' });
const options = { maxBadLineRatio: config.maxBadLineRatio, cwd: process.cwd() };
const baseSide = await loadSide('base', [base], options);
phase('load base');
const headSide = await loadSide('head', [head], options);
phase('load head');
const report = triage(baseSide, headSide, config);
phase('triage');
const json = renderJson(report);
phase('render');
console.log(`report ${json.length} chars`);
