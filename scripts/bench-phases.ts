// `node scripts/run-ts.mjs scripts/bench-phases.ts BASE HEAD`: where the time and the memory of one
// `perf-triage compare BASE HEAD` go, phase by phase, in one process: load base, load head,
// statistics (load analysis and the comparison of every metric), diagnosis (attribution, the tree,
// fixes, caveats, the report model), render (JSON). Prints wall time, RSS, V8 heap and ArrayBuffer
// memory after each phase and the peak RSS (--live, under node --expose-gc: after a full GC, i.e.
// what is still referenced). --json: one JSON line instead, { seconds: { read, statistics,
// diagnosis, render }, peakMb: { …at the end of each } }, for scripts/bench.ts. Asserts nothing.

import { loadSide } from '../src/io/load-side';
import { buildConfig } from '../src/config/config';
import { triage } from '../src/report/triage';
import { renderJson } from '../src/render/json';

export async function runPhases(argv: readonly string[]): Promise<void> {
  const [base, head] = argv.filter((a) => !a.startsWith('--'));
  if (!base || !head) {
    console.error('usage: node scripts/run-ts.mjs scripts/bench-phases.ts BASE HEAD [--live] [--json]');
    process.exit(2);
  }
  const asJson = argv.includes('--json');
  const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0).padStart(5);
  /** With --expose-gc (--live): the memory still referenced after each phase, garbage collected first. */
  const collect = argv.includes('--live') ? (globalThis as { gc?: () => void }).gc : undefined;
  const seconds: Record<string, number> = {};
  const peakMb: Record<string, number> = {};
  let last = performance.now();
  function phase(name: string, total = name): void {
    const now = performance.now();
    seconds[total] = (seconds[total] ?? 0) + (now - last) / 1000;
    peakMb[total] = process.resourceUsage().maxRSS / 1024;
    collect?.();
    const m = process.memoryUsage();
    if (!asJson)
      console.log(
        `${name.padEnd(14)} ${((now - last) / 1000).toFixed(2).padStart(6)} s   rss ${mb(m.rss)}  heap ${mb(m.heapUsed)}  arrayBuffers ${mb(m.arrayBuffers)}  peak rss ${mb(peakMb[total] * 2 ** 20)} MB`,
      );
    last = performance.now();
  }
  phase('start');
  const config = buildConfig({ failOn: 'never' });
  const options = { maxBadLineRatio: config.maxBadLineRatio, cwd: process.cwd() };
  const baseSide = await loadSide('base', [base], options);
  phase('load base', 'read');
  const headSide = await loadSide('head', [head], options);
  phase('load head', 'read');
  // Several benchmarks: their statistics and diagnoses add up.
  const report = triage(baseSide, headSide, config, { phases: (finished) => phase(finished) });
  // What follows the last benchmark's diagnosis (the report model) is diagnosis too.
  phase('diagnosis');
  const json = renderJson(report);
  phase('render');
  if (asJson)
    process.stdout.write(
      `${JSON.stringify({ seconds: { read: seconds.read, statistics: seconds.statistics, diagnosis: seconds.diagnosis, render: seconds.render }, peakMb, chars: json.length })}\n`,
    );
  else console.log(`report ${json.length} chars`);
}

// Run directly (scripts/run-ts.mjs), not when bench.ts bundles it and calls runPhases.
if (process.argv[1]?.endsWith('bench-phases.ts')) await runPhases(process.argv.slice(2));
