// `npm run eval`: the statistics and the diagnosis against ground truth from the simulator.
// A/A pairs (same configuration, different seeds) must give no regressed or improved metric;
// each injected regression must be found on its expected metric, with the expected dominant phase
// and hint. Prints the false-alarm rate, the detection rate, and the share of right phases and hints.
// Usage: npm run eval [-- --pairs 50 --seeds 5 --requests 2000]

import { parseArgs } from 'node:util';
import { buildConfig } from '../src/config/config';
import { ingest } from '../src/ingest/ingest';
import { textSource } from '../src/ingest/source';
import { triage } from '../src/report/build';
import type { Side } from '../src/model/run';
import { baseScenario, injectedRegressions, simulateToJsonl, type Scenario } from '../src/sim';
import { branchPhase } from '../src/diagnose/tree';

const { values } = parseArgs({
  options: { pairs: { type: 'string' }, seeds: { type: 'string' }, requests: { type: 'string' }, only: { type: 'string' }, verbose: { type: 'boolean' } },
});
const pairs = Number(values.pairs ?? 50);
const seedsPer = Number(values.seeds ?? 5);
const requests = Number(values.requests ?? 2000);

async function side(label: Side['label'], scenario: Scenario): Promise<Side> {
  const run = await ingest(textSource(`${label}.jsonl`, simulateToJsonl(scenario)), { maxBadLineRatio: 0.05 });
  return { label, runs: [run] };
}

const started = Date.now();
const config = buildConfig({});

// A/A pairs.
let falseAlarmPairs = 0;
let falseAlarmMetrics = 0;
let inconclusiveMetrics = 0;
let comparedMetrics = 0;
const pairVerdicts = new Map<string, number>();
const aaMoves: { key: string; change: number }[] = [];
if (!values.only) {
  for (let p = 0; p < pairs; p++) {
    const report = triage(await side('base', baseScenario(1000 + p, requests)), await side('head', baseScenario(5000 + p, requests)), config);
    const metrics = report.benchmarks[0].metrics;
    pairVerdicts.set(report.verdict, (pairVerdicts.get(report.verdict) ?? 0) + 1);
    for (const m of metrics) if (m.verdict === 'inconclusive' && values.verbose) console.log(`  A/A pair ${p}: ${m.spec.key} inconclusive: ${m.reason}`);
    comparedMetrics += metrics.length;
    const alarms = metrics.filter((m) => m.verdict === 'regressed' || m.verdict === 'improved');
    inconclusiveMetrics += metrics.filter((m) => m.verdict === 'inconclusive').length;
    if (alarms.length) {
      falseAlarmPairs++;
      falseAlarmMetrics += alarms.length;
      console.log(`  A/A pair ${p}: false alarm on ${alarms.map((m) => `${m.spec.key} ${m.verdict} ${m.reason}`).join('; ')}`);
    }
    for (const m of metrics) if (m.change != null) aaMoves.push({ key: m.spec.key, change: m.change });
  }
}

// Injected regressions.
let cases = 0;
let detected = 0;
let rightPhase = 0;
let rightHint = 0;
const rows: string[] = [];
for (const regression of injectedRegressions()) {
  if (values.only && regression.id !== values.only) continue;
  let d = 0;
  let ph = 0;
  let h = 0;
  const notes: string[] = [];
  for (let s = 0; s < seedsPer; s++) {
    const base = baseScenario(200 + s, requests);
    const head = regression.apply(base);
    const { metric, stat, phase, hint } = regression.expect;
    const key = metric === 'throughput' ? 'throughput' : `${metric}.${stat}`;
    const cfg = buildConfig({ metrics: [...config.metrics.map((m) => m.spec.key.replace('.', ' ')), key.replace('.', ' ')] });
    const report = triage(await side('base', base), await side('head', head), cfg);
    const b = report.benchmarks[0];
    const m = b.metrics.find((x) => x.spec.key === key);
    cases++;
    if (m?.verdict === 'regressed') {
      d++;
      const attribution = b.attributions.find((a) => a.spec.key === key) ?? null;
      const walk = b.walks.find((w) => w.metrics.includes(key));
      // The phase that holds the change, or the one the diagnosis traced it to.
      const got = walk?.rootPhase ?? branchPhase(m, attribution);
      const dominant = branchPhase(m, attribution);
      if (phase === null || got === phase || dominant === phase) ph++;
      else notes.push(`seed ${s}: phase ${dominant} → ${got}`);
      const hints = b.findings.filter((f) => f.metrics.includes(key)).map((f) => f.hint);
      if (hints.includes(hint as never)) h++;
      else notes.push(`seed ${s}: hints ${hints.join(',') || 'none'}`);
    } else {
      notes.push(`seed ${s}: ${key} ${m?.verdict ?? 'missing'} (${m?.reason ?? ''})`);
    }
  }
  detected += d;
  rightPhase += ph;
  rightHint += h;
  rows.push(`  ${regression.id.padEnd(22)} detected ${d}/${seedsPer}  phase ${ph}/${seedsPer}  hint ${h}/${seedsPer}${notes.length && values.verbose ? `\n      ${notes.join('\n      ')}` : notes.length ? `  (${notes[0]}${notes.length > 1 ? `; +${notes.length - 1}` : ''})` : ''}`);
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : 'n/a');
console.log(`perf-triage eval: ${requests} requests a side, ${config.statistics.resamples} resamples`);
if (!values.only) {
  console.log(`A/A pairs: ${pairs}; pairs with a false alarm: ${falseAlarmPairs} (${pct(falseAlarmPairs, pairs)}); false-alarm metrics ${falseAlarmMetrics}/${comparedMetrics} (${pct(falseAlarmMetrics, comparedMetrics)}); inconclusive ${inconclusiveMetrics}/${comparedMetrics} (${pct(inconclusiveMetrics, comparedMetrics)})`);
  console.log(`A/A pair verdicts: ${[...pairVerdicts].map(([v, n]) => `${v} ${n}`).join(', ')}`);
  const byKey = new Map<string, number[]>();
  for (const { key, change } of aaMoves) byKey.set(key, [...(byKey.get(key) ?? []), Math.abs(change)]);
  console.log(`A/A largest |change| per metric: ${[...byKey].map(([k, v]) => `${k} ${(Math.max(...v) * 100).toFixed(1)}%`).join(', ')}`);
}
console.log('Injected regressions:');
for (const row of rows) console.log(row);
console.log(`detection ${detected}/${cases} (${pct(detected, cases)}); right dominant phase ${rightPhase}/${detected}; right hint ${rightHint}/${detected}`);
console.log(`took ${((Date.now() - started) / 1000).toFixed(1)} s`);
