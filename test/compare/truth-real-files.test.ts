// Verdict truth on every per-request fixture (real files with provenance in test/fixtures/*/SOURCES.md,
// and the synthetic ones beside them): a copy with every duration ×1.2 (rates ÷1.2) must regress, with
// no latency metric labelled unchanged, and the file against itself must not. Files are found by
// globbing, so a fixture added later is checked too.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildConfig } from '../../src/config/config';
import { textSource } from '../../src/ingest/source';
import { sideFromSources } from '../../src/ingest/side';
import { successMask } from '../../src/metrics/values';
import type { Side } from '../../src/model/run';
import { triage } from '../../src/report/triage';
import { scaleSide } from '../helpers/scale';

/** Enough successful requests a side for a +20% change to be beyond a 5% minimum effect at a p50. */
const DECIDABLE = 100;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(jsonl?|csv)$/.test(name) ? [path] : [];
  });
}

async function perRequestSide(path: string): Promise<Side | undefined> {
  try {
    const side = await sideFromSources('base', [textSource(path, readFileSync(path, 'utf8'))], {
      maxBadLineRatio: 0.05,
    });
    return side.runs.some((r) => r.requests && r.requests.length > 0) ? side : undefined;
  } catch {
    return undefined;
  }
}

const candidates = [
  ...files('test/fixtures').filter((f) => !f.includes('/profile/') && !f.includes('/quality/')),
  'examples/demo/base.jsonl',
];

describe('verdict truth on real per-request files', async () => {
  const sides: [string, Side][] = [];
  for (const path of candidates) {
    const side = await perRequestSide(path);
    if (side) sides.push([path, side]);
  }

  it('finds the per-request fixtures', () => {
    // LLMPerf ×2 (real), AIPerf (real), vLLM detailed ×2, SGLang details, GenAI-Perf, OTel, the demo, …
    expect(sides.length).toBeGreaterThanOrEqual(8);
  });

  for (const [path, side] of sides) {
    it(`${path}: ×1.2 regresses, no latency unchanged; itself never regresses`, () => {
      const config = buildConfig({});
      const slower = triage(side, scaleSide(side, 1.2, 'head'), config).benchmarks[0];
      const latencyUnchanged = slower.metrics
        .filter((m) => m.spec.metric.unit === 'ms' && m.verdict === 'unchanged')
        .map((m) => m.spec.key);
      expect(latencyUnchanged).toEqual([]);
      const ok = side.runs.reduce(
        (n, r) => n + (r.requests ? successMask(r.requests).reduce((a, b) => a + b, 0) : 0),
        0,
      );
      if (ok >= DECIDABLE) expect(slower.verdict).toBe('regressed');
      else expect(slower.verdict).not.toBe('unchanged');
      const self = triage(side, { ...side, label: 'head' }, config).benchmarks[0];
      expect(
        self.metrics.filter((m) => m.verdict === 'regressed' || m.verdict === 'improved').map((m) => m.spec.key),
      ).toEqual([]);
    });
  }
});

/** Summary-only fixtures (the tools' run-level numbers, no per-request rows), judged with a noise band. */
async function summarySide(path: string): Promise<Side | undefined> {
  try {
    const side = await sideFromSources('base', [textSource(path, readFileSync(path, 'utf8'))], {
      maxBadLineRatio: 0.05,
    });
    return side.runs.every((r) => !r.requests) && side.runs.some((r) => r.summaries.length > 0) ? side : undefined;
  } catch {
    return undefined;
  }
}

describe('verdict truth on summary-only files, with a noise band', async () => {
  const sides: [string, Side][] = [];
  for (const path of candidates) {
    const side = await summarySide(path);
    if (side) sides.push([path, side]);
  }

  it('finds the summary-only fixtures', () => {
    // vLLM results and sweeps, SGLang outputs, GenAI-Perf, AIPerf, LLMPerf summaries, GuideLLM reports, …
    expect(sides.length).toBeGreaterThanOrEqual(10);
  });

  for (const [path, side] of sides) {
    it(`${path}: ×1.2 regresses with a 2% noise band, no latency unchanged; itself never regresses`, () => {
      // A noise band for every metric the file reports (as a team's journal or run-noise input would give).
      const probe = triage(side, { ...side, label: 'head' }, buildConfig({}));
      const keys = probe.benchmarks.flatMap((b) => b.metrics.map((m) => m.spec.key));
      const config = buildConfig({});
      const banded = {
        ...config,
        statistics: { ...config.statistics, runNoise: Object.fromEntries(keys.map((k) => [k, 0.02])) },
      };
      const slower = triage(side, scaleSide(side, 1.2, 'head'), banded);
      for (const b of slower.benchmarks) {
        // A latency of 0 (a DNS lookup that never happened) is 0 ×1.2 too: unchanged is right there.
        expect(
          b.metrics
            .filter((m) => m.spec.metric.unit === 'ms' && m.verdict === 'unchanged' && m.base?.value !== 0)
            .map((m) => m.spec.key),
        ).toEqual([]);
        // Only a file with a latency or rate above zero can show the slowdown (not one whose every request failed).
        if (
          b.metrics.some(
            (m) => (m.spec.metric.unit === 'ms' || /\/s$/.test(m.spec.metric.unit)) && (m.base?.value ?? 0) > 0,
          )
        )
          expect(b.verdict, b.name).toBe('regressed');
      }
      const self = triage(side, { ...side, label: 'head' }, banded);
      for (const b of self.benchmarks)
        expect(
          b.metrics.filter((m) => m.verdict === 'regressed' || m.verdict === 'improved').map((m) => m.spec.key),
        ).toEqual([]);
    });
  }
});
