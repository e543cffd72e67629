// `npm run eval`: the statistics and the diagnosis against ground truth from the simulator (see
// src/eval/evaluate.ts). Prints the false-alarm rate on A/A pairs, the detection rate of injected
// regressions, and the share with the right phase and hint.
// Usage: npm run eval [-- --pairs 50 --seeds 3 --requests 2000 --only ID --verbose]

import { parseArgs } from 'node:util';
import { evaluate } from '../src/eval/evaluate';

const { values } = parseArgs({
  options: { pairs: { type: 'string' }, seeds: { type: 'string' }, requests: { type: 'string' }, only: { type: 'string' }, verbose: { type: 'boolean' } },
});
const result = await evaluate({
  pairs: Number(values.pairs ?? 50),
  seedsPerRegression: Number(values.seeds ?? 3),
  requests: Number(values.requests ?? 2000),
  only: values.only,
  onProgress: values.verbose ? (line) => console.log(`  ${line}`) : undefined,
});

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : 'n/a');
const { aa, cases } = result;
console.log(`perf-triage eval: ${values.requests ?? 2000} requests a side`);
if (aa.length) {
  const metrics = aa.reduce((s, p) => s + p.changes.length, 0);
  const alarmPairs = aa.filter((p) => p.alarms.length);
  const alarms = aa.reduce((s, p) => s + p.alarms.length, 0);
  const inconclusive = aa.reduce((s, p) => s + p.inconclusive.length, 0);
  console.log(`A/A pairs: ${aa.length}; with a false alarm: ${alarmPairs.length} (${pct(alarmPairs.length, aa.length)}); false-alarm metrics ${alarms}/${metrics} (${pct(alarms, metrics)}); inconclusive metrics ${inconclusive}/${metrics}`);
  const verdicts = new Map<string, number>();
  for (const p of aa) verdicts.set(p.verdict, (verdicts.get(p.verdict) ?? 0) + 1);
  console.log(`A/A verdicts: ${[...verdicts].map(([v, n]) => `${v} ${n}`).join(', ')}`);
  const largest = new Map<string, number>();
  for (const p of aa) for (const c of p.changes) largest.set(c.key, Math.max(largest.get(c.key) ?? 0, Math.abs(c.change)));
  console.log(`A/A largest |change| (all came out unchanged unless listed below): ${[...largest].map(([k, v]) => `${k} ${(v * 100).toFixed(1)}%`).join(', ')}`);
  for (const p of alarmPairs) console.log(`  pair ${p.pair}: ${p.alarms.map((a) => `${a.key} ${a.verdict}: ${a.reason}`).join('; ')}`);
  for (const p of aa) for (const i of p.inconclusive) console.log(`  pair ${p.pair}: ${i.key} inconclusive: ${i.reason}`);
}
if (cases.length) {
  console.log('Injected regressions (expected metric: detected / right phase / right hint):');
  const ids = [...new Set(cases.map((c) => c.regression))];
  for (const id of ids) {
    const mine = cases.filter((c) => c.regression === id);
    const detected = mine.filter((c) => c.verdict === 'regressed').length;
    const misses = mine.filter((c) => !c.phaseOk || !c.hintOk);
    console.log(
      `  ${id.padEnd(22)} ${mine[0].key.padEnd(16)} ${detected}/${mine.length}  ${mine.filter((c) => c.phaseOk).length}/${mine.length}  ${mine.filter((c) => c.hintOk).length}/${mine.length}` +
        misses.map((c) => `\n      seed ${c.seed}: ${c.verdict}, phase ${c.dominantPhase} → ${c.rootPhase}, hints ${c.hints.join(',') || 'none'} (${c.reason})`).join(''),
    );
  }
  const detected = cases.filter((c) => c.verdict === 'regressed').length;
  console.log(`detection ${detected}/${cases.length} (${pct(detected, cases.length)}); right phase ${cases.filter((c) => c.phaseOk).length}/${cases.length}; right hint ${cases.filter((c) => c.hintOk).length}/${cases.length}`);
}
console.log(`took ${result.seconds.toFixed(1)} s`);
