// `npm run eval`: the statistics and the diagnosis against ground truth from the simulator (see
// src/eval/evaluate.ts). Prints the false-alarm rate on A/A pairs and their labels, the detection
// rate of injected regressions, the share with the right phase, hint recall and precision, and the
// reports whose labels or diagnoses contradict themselves.
// Usage: npm run eval [-- --pairs 50 --aa-seed 1000 --seeds 3 --requests 2000 --only ID --verbose]

import { parseArgs } from 'node:util';
import { evaluate } from '../src/eval/evaluate';

const { values } = parseArgs({
  options: {
    pairs: { type: 'string' },
    'aa-seed': { type: 'string' },
    seeds: { type: 'string' },
    requests: { type: 'string' },
    only: { type: 'string' },
    verbose: { type: 'boolean' },
  },
});
const result = await evaluate({
  pairs: Number(values.pairs ?? 50),
  aaSeed: Number(values['aa-seed'] ?? 1000),
  seedsPerRegression: Number(values.seeds ?? 3),
  requests: Number(values.requests ?? 2000),
  only: values.only,
  onProgress: values.verbose ? (line) => console.log(`  ${line}`) : undefined,
});

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : 'n/a');
const { aa, cases } = result;
console.log(`perf-triage eval: ${values.requests ?? 2000} requests a side`);
if (aa.length) {
  const metrics = aa.reduce((s, p) => s + p.labels.length, 0);
  const alarmPairs = aa.filter((p) => p.alarms.length);
  const alarms = aa.reduce((s, p) => s + p.alarms.length, 0);
  console.log(
    `A/A pairs: ${aa.length} (seeds from ${values['aa-seed'] ?? 1000}); with a false alarm: ${alarmPairs.length} (${pct(alarmPairs.length, aa.length)}); false-alarm metrics ${alarms}/${metrics} (${pct(alarms, metrics)})`,
  );
  const verdicts = new Map<string, number>();
  for (const p of aa) verdicts.set(p.verdict, (verdicts.get(p.verdict) ?? 0) + 1);
  console.log(`A/A benchmark verdicts: ${[...verdicts].map(([v, n]) => `${v} ${n}`).join(', ')}`);
  // The price of honest labels: how many A/A metrics could be shown unchanged, per metric.
  const byKey = new Map<string, Map<string, number>>();
  for (const p of aa)
    for (const l of p.labels) {
      const m = byKey.get(l.key) ?? new Map<string, number>();
      m.set(l.verdict, (m.get(l.verdict) ?? 0) + 1);
      byKey.set(l.key, m);
    }
  const label = (m: Map<string, number>, v: string) => m.get(v) ?? 0;
  console.log('A/A labels per metric (unchanged / inconclusive / regressed / improved):');
  for (const [key, m] of byKey)
    console.log(
      `  ${key.padEnd(16)} ${label(m, 'unchanged')} / ${label(m, 'inconclusive')} / ${label(m, 'regressed')} / ${label(m, 'improved')}`,
    );
  const all = [...byKey.values()];
  const total = (v: string) => all.reduce((s, m) => s + label(m, v), 0);
  console.log(
    `  all metrics      ${total('unchanged')} / ${total('inconclusive')} / ${total('regressed')} / ${total('improved')}  (unchanged ${pct(total('unchanged'), metrics)}, inconclusive ${pct(total('inconclusive'), metrics)})`,
  );
  const largest = new Map<string, number>();
  for (const p of aa)
    for (const c of p.changes) largest.set(c.key, Math.max(largest.get(c.key) ?? 0, Math.abs(c.change)));
  console.log(`A/A largest |change|: ${[...largest].map(([k, v]) => `${k} ${(v * 100).toFixed(1)}%`).join(', ')}`);
  for (const p of alarmPairs)
    console.log(`  pair ${p.pair}: ${p.alarms.map((a) => `${a.key} ${a.verdict}: ${a.reason}`).join('; ')}`);
  if (values.verbose)
    for (const p of aa)
      for (const i of p.inconclusive) console.log(`  pair ${p.pair}: ${i.key} inconclusive: ${i.reason}`);
}
if (cases.length) {
  // Phase: from the attribution or the tree's evidence, never from the metric's name. Hint: found
  // (recall), and found alone (a wrong extra hint on the metric is a miss); precision counts hints.
  console.log('Injected regressions (expected metric: detected / right phase / hint found / hint alone):');
  const ids = [...new Set(cases.map((c) => c.regression))];
  for (const id of ids) {
    const mine = cases.filter((c) => c.regression === id);
    const detected = mine.filter((c) => c.verdict === 'regressed').length;
    const misses = mine.filter((c) => !c.phaseOk || !c.hintOk);
    const n = `/${mine.length}`;
    console.log(
      `  ${id.padEnd(22)} ${mine[0].key.padEnd(16)} ${detected}${n}  ${mine.filter((c) => c.phaseOk).length}${n}  ${mine.filter((c) => c.hintFound).length}${n}  ${mine.filter((c) => c.hintOk).length}${n}` +
        misses
          .map(
            (c) =>
              `\n      seed ${c.seed}: ${c.verdict}, phase ${c.dominantPhase ?? 'none (no phase model)'} → ${c.rootPhase ?? 'no conclusion'}, hints ${c.hints.join(',') || 'none'} (${c.reason})`,
          )
          .join(''),
    );
  }
  const detected = cases.filter((c) => c.verdict === 'regressed').length;
  const given = cases.reduce((s, c) => s + c.hints.length, 0);
  const right = cases.reduce((s, c) => s + c.hints.filter((h) => h === c.expectedHint).length, 0);
  console.log(
    `detection ${detected}/${cases.length} (${pct(detected, cases.length)}); right phase ${cases.filter((c) => c.phaseOk).length}/${cases.length}; ` +
      `hint recall ${cases.filter((c) => c.hintFound).length}/${cases.length}; hint precision ${right}/${given} (${pct(right, given)}); right hint and no other ${cases.filter((c) => c.hintOk).length}/${cases.length}`,
  );
}
if (result.changes.length) {
  console.log("Changes that are not one metric's regression (metric: right labels):");
  const ids = [...new Set(result.changes.map((c) => c.change))];
  for (const id of ids) {
    const mine = result.changes.filter((c) => c.change === id);
    console.log(
      `  ${id.padEnd(24)} ${mine[0].key.padEnd(10)} ${mine.filter((c) => c.ok).length}/${mine.length} right  (${mine.map((c) => `${c.verdict}, benchmark ${c.benchmarkVerdict}`).join('; ')})` +
        mine
          .filter((c) => !c.ok)
          .map((c) => `\n      seed ${c.seed}: ${c.problems.join('; ')} (${c.reason})`)
          .join(''),
    );
  }
}
console.log(
  `labels that contradict their interval: ${result.contradictions.length}${result.contradictions.length ? `\n  ${result.contradictions.slice(0, 10).join('\n  ')}` : ''}`,
);
console.log(
  `diagnoses that contradict their own evidence: ${result.diagnosisContradictions.length}${result.diagnosisContradictions.length ? `\n  ${result.diagnosisContradictions.slice(0, 10).join('\n  ')}` : ''}`,
);
console.log(`took ${result.seconds.toFixed(1)} s`);
