// A client tool's summary plus the server's /metrics scrape, as real setups have them: the runs merge,
// the scrape splits the mean into phases, and the tree reads the server's counters.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildConfig } from '../../src/config/config';
import { loadSide } from '../../src/io/load-side';
import { triage } from '../../src/report/triage';
import { simulate, toPrometheus, toVllmResult, type NativeRecord, type Scenario } from '../../src/sim';
import { injectedPair } from '../helpers/tables';

function records(s: Scenario): NativeRecord[] {
  const out: NativeRecord[] = [];
  simulate(s, (r) => out.push(r));
  return out;
}

function writeRun(dir: string, side: string, s: Scenario, split = false): void {
  const r = records(s);
  writeFileSync(join(dir, `${side}-vllm.json`), JSON.stringify(toVllmResult(r, s)));
  if (!split) {
    writeFileSync(join(dir, `${side}-metrics.txt`), toPrometheus(r, s));
    return;
  }
  // A long-running server: scrapes before and after the run; the first half stands for earlier traffic.
  const half = r.slice(0, Math.floor(r.length / 2));
  writeFileSync(join(dir, `${side}-metrics-before.txt`), toPrometheus(half, s));
  writeFileSync(join(dir, `${side}-metrics-after.txt`), toPrometheus([...half, ...r], s));
}

const config = buildConfig({ metrics: ['ttft p99'], runNoise: ['ttft p99=10%'] });
const opts = (dir: string) => ({ maxBadLineRatio: 0.05, cwd: dir });

describe('summary plus metrics scrape', () => {
  it('merges the client result and the scrape into one run, and finds the queue in the server histograms', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-scrape-'));
    const { base, head } = injectedPair('capacity-cut', 7);
    writeRun(dir, 'base', base);
    writeRun(dir, 'head', head);
    const b = await loadSide('base', ['base-*'], opts(dir));
    const h = await loadSide('head', ['head-*'], opts(dir));
    expect(b.runs).toHaveLength(1);
    expect(b.runs[0].sources.map((s) => s.format).sort()).toEqual(['prometheus', 'vllm']);
    const report = triage(b, h, config).benchmarks[0];
    expect(report.metrics[0]).toMatchObject({
      verdict: 'regressed',
      basis: { kind: 'summary', fields: ['p99_ttft_ms'] },
    });
    const a = report.attributions[0];
    expect(a.source).toBe('server-histograms');
    expect(a.dominant).toBe('queue_wait');
    // The scrape's means are the simulated requests' means exactly.
    const queue = records(head).reduce((s, r) => s + r.queue_wait_ms, 0) / records(head).length;
    expect(a.phases.find((p) => p.phase === 'queue_wait')!.headMean).toBeCloseTo(queue, 6);
    expect(report.findings[0].hint).toBe('capacity');
    expect(report.caveats.map((c) => c.kind)).toContain('summary-only');
  });

  it("a proxy between client and server: the client tool's mean TTFT grows, the scrape's does not", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-scrape-'));
    const { base, head } = injectedPair('buffering-proxy', 7);
    writeRun(dir, 'base', base);
    writeRun(dir, 'head', head);
    const report = triage(
      await loadSide('base', ['base-*'], opts(dir)),
      await loadSide('head', ['head-*'], opts(dir)),
      buildConfig({ metrics: ['ttft mean'], runNoise: ['ttft mean=2%'] }),
    ).benchmarks[0];
    expect(report.metrics[0].verdict).toBe('regressed');
    const a = report.attributions[0];
    expect(a.tail).toMatch(/client tool's mean TTFT/);
    expect(a.dominant).toBe('network');
    // The hold is 300 ms on every request: client mean − server mean grows by exactly that (to rounding).
    expect(a.phases.find((p) => p.phase === 'network')!.delta).toBeCloseTo(300, 0);
    expect(a.phases.filter((p) => p.phase !== 'network').every((p) => Math.abs(p.delta) < 1)).toBe(true);
    expect(report.findings.map((f) => f.hint)).toEqual(['buffering-proxy']);
  });

  it('reads the prefix-cache counters when prefill holds the change', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-scrape-'));
    const { base, head } = injectedPair('prefix-cache-off', 7);
    writeRun(dir, 'base', base);
    writeRun(dir, 'head', head);
    const report = triage(
      await loadSide('base', ['base-*'], opts(dir)),
      await loadSide('head', ['head-*'], opts(dir)),
      buildConfig({ metrics: ['ttft p50'], runNoise: ['ttft p50=2%'] }),
    ).benchmarks[0];
    expect(report.metrics[0].verdict).toBe('regressed');
    expect(report.walks[0].phase).toBe('prefill');
    expect(report.walks[0].steps[1].answer).toMatch(/^\d+% → 0% of queried tokens/);
    expect(report.findings[0]).toMatchObject({ hint: 'prefix-cache', status: 'confirmed' });
  });

  it('subtracts before/after scrapes of a long-running server', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-scrape-'));
    const { base, head } = injectedPair('capacity-cut', 7);
    writeRun(dir, 'base', base, true);
    writeRun(dir, 'head', head, true);
    const h = await loadSide('head', ['head-*'], opts(dir));
    expect(h.runs).toHaveLength(1);
    const e2e = h.runs[0].histograms!.find((x) => x.metric === 'e2e')!;
    expect(e2e.count).toBe(records(head).length);
    const report = triage(await loadSide('base', ['base-*'], opts(dir)), h, config).benchmarks[0];
    expect(report.attributions[0].dominant).toBe('queue_wait');
  });
});
