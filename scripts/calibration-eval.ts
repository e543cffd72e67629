// `npm run eval:calibration`: noise calibration on the simulator, out of sample. For each number of
// calibration runs (repeats of one build, seeds from --cal-seed), calibrate (src/compare/calibrate.ts),
// then judge fresh A/A pairs (seeds never used to calibrate) with the default settings and with the
// calibrated noise, and print the false alarms and the share of metrics shown unchanged. `--quiet`
// simulates a quieter runner (per-run speed σ 0.5% instead of 2%).
// Usage: npm run eval:calibration [-- --runs 4,6,10,16 --pairs 50 --requests 2000 --quiet]

import { parseArgs } from 'node:util';
import { buildConfig, type TriageConfig } from '../src/config/config';
import { calibrate, withCalibration, type Calibration } from '../src/compare/calibrate';
import { simulatedSide } from '../src/eval/evaluate';
import { triage } from '../src/report/triage';
import { baseScenario, type Scenario } from '../src/sim';
import type { Run } from '../src/model/run';

const { values } = parseArgs({
  options: {
    runs: { type: 'string' },
    pairs: { type: 'string' },
    requests: { type: 'string' },
    'cal-seed': { type: 'string' },
    'aa-seed': { type: 'string' },
    quiet: { type: 'boolean' },
  },
});
const counts = (values.runs ?? '4,6,10,16').split(',').map(Number);
const pairs = Number(values.pairs ?? 50);
const requests = Number(values.requests ?? 2000);
const calSeed = Number(values['cal-seed'] ?? 9000);
const aaSeed = Number(values['aa-seed'] ?? 1000);
const scenario = (seed: number): Scenario => {
  const s = baseScenario(seed, requests);
  return values.quiet ? { ...s, engine: { ...s.engine, runSpeedSigma: 0.005 } } : s;
};
const run = async (seed: number): Promise<Run> => (await simulatedSide('base', scenario(seed))).runs[0];
const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : 'n/a');
const config = buildConfig({});

console.log(
  `calibration eval: ${requests} requests a run${values.quiet ? ', quiet runner (speed σ 0.5%)' : ''}; calibration seeds from ${calSeed}; ${pairs} fresh A/A pairs (seeds ${aaSeed}… vs ${aaSeed + 4000}…)`,
);
const calibrationRuns: Run[] = [];
for (let i = 0; i < Math.max(...counts); i++) calibrationRuns.push(await run(calSeed + i));
const aa: [Run, Run][] = [];
for (let p = 0; p < pairs; p++) aa.push([await run(aaSeed + p), await run(aaSeed + 4000 + p)]);

const settings: { name: string; config: TriageConfig }[] = [{ name: 'default noise', config }];
for (const n of counts) {
  const started = Date.now();
  const c = calibrate({ label: 'base', runs: calibrationRuns.slice(0, n) }, config, { benchmark: 'llama-8b-serving' });
  printCalibration(c, (Date.now() - started) / 1000);
  settings.push({
    name: `calibrated, ${n} runs`,
    config: withCalibration(
      config,
      c.metrics.map((m) => [m.key, m]),
      c.level,
    ),
  });
}

console.log(`\nfresh A/A pairs: false alarms and metrics shown unchanged (of ${pairs} pairs × metrics)`);
for (const s of settings) {
  let metrics = 0;
  let alarms = 0;
  let unchanged = 0;
  const byKey = new Map<string, number>();
  for (const [a, b] of aa) {
    const report = triage({ label: 'base', runs: [a] }, { label: 'head', runs: [b] }, s.config);
    for (const m of report.benchmarks[0].metrics) {
      if (!m.interval) continue;
      metrics++;
      if (m.verdict === 'regressed' || m.verdict === 'improved') alarms++;
      if (m.verdict === 'unchanged') {
        unchanged++;
        byKey.set(m.spec.key, (byKey.get(m.spec.key) ?? 0) + 1);
      }
    }
  }
  const latencies = [...byKey].filter(([k]) => k !== 'failed');
  console.log(
    `  ${s.name.padEnd(22)} false alarms ${alarms}/${metrics} (${pct(alarms, metrics)}); unchanged ${unchanged}/${metrics} (${pct(unchanged, metrics)}); unchanged beyond the failed share: ${latencies.map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}`,
  );
}

function printCalibration(c: Calibration, seconds: number): void {
  console.log(`\n${c.runs} runs (${seconds.toFixed(0)} s): level ${(c.level * 100).toFixed(2)}%`);
  console.log('  metric            σ between  σ within  t/z    allowance  scale  resolution  detectable (80%)');
  for (const m of c.metrics) {
    console.log(
      `  ${m.key.padEnd(17)} ${pc(m.sigmaBetween).padStart(8)}  ${pc(m.sigmaWithin).padStart(8)}  ${m.inflation.toFixed(2).padStart(4)}  ${pc(m.allowance).padStart(9)}  ${m.scale.toFixed(2).padStart(5)}  ${pc(m.resolution).padStart(10)}  ${pc(m.detectable).padStart(8)} (min effect ${pc(m.minEffect)})`,
    );
  }
  const t = (x: Calibration['before']) =>
    `${x.alarms} false alarms, ${x.unchanged} unchanged, ${x.inconclusive} inconclusive of ${x.comparisons}`;
  console.log(
    `  its ${c.before.pairs} A/A pairs, settings before: ${t(c.before)}; calibrated (each pair without its own runs): ${t(c.after)}`,
  );
}

function pc(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}
