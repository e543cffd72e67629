// Failures and overload lead the verdict: a head whose requests fail, or that cannot carry the load
// the baseline carried, fails the step whatever the latency of the survivors says.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildConfig } from '../../src/config/config';
import { failedDifferenceAt, failedShareAt, failureCounts } from '../../src/compare/failures';
import { textSource } from '../../src/ingest/source';
import { sideFromSources } from '../../src/ingest/side';
import { triage } from '../../src/report/triage';
import { renderText } from '../../src/render/text';
import { headline } from '../../src/render/summary';
import { baseScenario } from '../../src/sim';
import { newcombeInterval, wilsonInterval, zForLevel } from '../../src/stats/proportion';
import { runFromRecords, sideFromRecords, simulatedSide } from '../helpers/tables';
import { emptyMeta, type Run } from '../../src/model/run';

const fixture = (label: 'base' | 'head', file: string) =>
  sideFromSources(label, [textSource(file, readFileSync(`test/fixtures/${file}`, 'utf8'))], { maxBadLineRatio: 0.05 });

describe('failed requests', () => {
  it('counts rows with an error, and the Newcombe interval on the difference', async () => {
    const rows = (failed: number) =>
      Array.from({ length: 100 }, (_, i) => ({
        request_id: `r${i}`,
        arrival_ts: i,
        first_token_ms: 50,
        total_ms: 100,
        ...(i % 100 < failed ? { error: 'HTTP 503' } : {}),
      }));
    const base = failureCounts(await sideFromRecords('base', rows(2)))!;
    const head = failureCounts(await sideFromRecords('head', rows(10)))!;
    expect(base).toMatchObject({ requests: 100, failed: 2, basis: 'rows' });
    // Failures in one block at the start cluster: the effective count is below 100.
    expect(head.effectiveRequests).toBeLessThan(100);
    const exact = newcombeInterval(10, 100, 2, 100, zForLevel(0.95));
    const sameCounts = failedDifferenceAt(
      { ...base, effectiveRequests: 100 },
      { ...head, effectiveRequests: 100 },
      0.95,
    );
    expect(sameCounts[0]).toBeCloseTo(exact[0], 12);
    expect(sameCounts[1]).toBeCloseTo(exact[1], 12);
  });

  it('a vLLM run whose every request failed fails the step, led by the failures (real file)', async () => {
    const base = await fixture('base', 'vllm/bench_serve_v0.25.1_opt125m_sortedkeys.json');
    const head = await fixture('head', 'vllm/bench_serve_v0.25.1_all_failed.json');
    const report = triage(base, head, buildConfig({}));
    const b = report.benchmarks[0];
    const failed = b.metrics.find((m) => m.spec.key === 'failed')!;
    expect(failed.verdict).toBe('regressed');
    expect(failed.head!.value).toBe(1);
    expect(report.outcome.fail).toBe(true);
    expect(headline(b)).toMatch(/^failed requests regressed 0% → 100%/);
  });

  it('40% of requests failing with 503: the failures are the diagnosis, no phase is blamed', async () => {
    const base = baseScenario(31);
    const head = { ...base, failures: { share: 0.4, error: 'HTTP 503 Service Unavailable' } };
    const report = triage(await simulatedSide('base', base), await simulatedSide('head', head), buildConfig({}));
    const b = report.benchmarks[0];
    expect(b.verdict).toBe('regressed');
    expect(b.findings.map((f) => f.hint)).toEqual(['request-failures']);
    expect(b.findings[0].evidence.map((e) => e.text).join(' ')).toContain('"HTTP 503 Service Unavailable"');
    expect(headline(b)).toMatch(/^failed requests regressed 0% → 4\d%/);
    expect(b.walks).toEqual([]);
  });
});

describe('failure counts by hand', () => {
  const rows = (n: number, failedAt: number[]) =>
    Array.from({ length: n }, (_, i) => ({
      request_id: `r${i}`,
      arrival_ts: i,
      first_token_ms: 50,
      total_ms: 100,
      ...(failedAt.includes(i) ? { error: 'HTTP 503' } : {}),
    }));
  const counted = (requests: number, failed?: number): Run => ({
    meta: emptyMeta(),
    summaries: [],
    sources: [],
    workload: { requests, ...(failed !== undefined ? { failed } : {}) },
  });

  it("rows with an error, times the row weight of a sampled table; each run's own share unweighted", async () => {
    const run = await runFromRecords(rows(10, [3, 7]));
    const sampled: Run = { ...run, requests: { ...run.requests!, rowWeight: 5 } };
    // 10 + 5 × 10 = 60 requests, 2 + 5 × 2 = 12 failed; under 20 rows the effective count is the count.
    expect(failureCounts({ label: 'base', runs: [run, sampled] })).toEqual({
      requests: 60,
      failed: 12,
      effectiveRequests: 60,
      perRun: [0.2, 0.2],
      basis: 'rows',
    });
  });

  it("a tool's counts are used as they are, and mark the side as counted", async () => {
    expect(failureCounts({ label: 'base', runs: [counted(200, 10)] })).toEqual({
      requests: 200,
      failed: 10,
      effectiveRequests: 200,
      perRun: [0.05],
      basis: 'counts',
    });
    const rowsToo = await runFromRecords(rows(10, [0]));
    expect(failureCounts({ label: 'base', runs: [rowsToo, counted(200, 10)] })).toEqual({
      requests: 210,
      failed: 11,
      effectiveRequests: 210,
      perRun: [0.1, 0.05],
      basis: 'counts',
    });
  });

  it('a count without failures, or of no requests, falls back to the rows; nothing to count is undefined', async () => {
    const table = (await runFromRecords(rows(10, [1]))).requests!;
    for (const workload of [{ requests: 100 }, { requests: 0, failed: 0 }]) {
      const run: Run = { ...counted(0), workload, requests: table };
      expect(failureCounts({ label: 'head', runs: [run] })).toMatchObject({ requests: 10, failed: 1, basis: 'rows' });
    }
    expect(failureCounts({ label: 'head', runs: [counted(0, 0)] })).toBeUndefined();
    // A table of no rows says nothing: it adds no run share.
    const empty: Run = { ...counted(0), workload: {}, requests: { ...table, length: 0 } };
    expect(failureCounts({ label: 'head', runs: [empty, counted(200, 10)] })).toMatchObject({
      requests: 200,
      perRun: [0.05],
    });
    expect(failureCounts({ label: 'head', runs: [empty] })).toBeUndefined();
    expect(failureCounts({ label: 'head', runs: [{ meta: emptyMeta(), summaries: [], sources: [] }] })).toBeUndefined();
    expect(failureCounts({ label: 'head', runs: [] })).toBeUndefined();
  });

  it('intervals on the shares over effective counts: Wilson for a side, Newcombe for the difference', () => {
    const z = zForLevel(0.9);
    // 10 of 100 failed, clustered down to 40 effective requests: the share 0.1 over n = 40 (4 of 40).
    const head = { requests: 100, failed: 10, effectiveRequests: 40, perRun: [0.1], basis: 'rows' as const };
    const base = { requests: 100, failed: 2, effectiveRequests: 50, perRun: [0.02], basis: 'rows' as const };
    const share = failedShareAt(head, 0.9);
    const wilson = wilsonInterval(4, 40, z);
    expect(share[0]).toBeCloseTo(wilson[0], 12);
    expect(share[1]).toBeCloseTo(wilson[1], 12);
    const difference = failedDifferenceAt(base, head, 0.9);
    const newcombe = newcombeInterval(4, 40, 1, 50, z);
    expect(difference[0]).toBeCloseTo(newcombe[0], 12);
    expect(difference[1]).toBeCloseTo(newcombe[1], 12);
  });
});

describe('overload', () => {
  it('only the head overloaded: that is the regression, said first, and the step fails', async () => {
    const base = baseScenario(32);
    const head = { ...base, arrival: { ...base.arrival }, engine: { ...base.engine, maxNumSeqs: 10 } };
    const report = triage(
      await simulatedSide('base', base),
      await simulatedSide('head', head),
      buildConfig({ metrics: ['itl p50'] }),
    );
    const b = report.benchmarks[0];
    expect(b.load.base.overloaded).toBe(false);
    expect(b.load.head.overloaded).toBe(true);
    expect(b.verdict).toBe('regressed');
    expect(headline(b)).toMatch(
      /^the head is overloaded: 4\.\d+ req\/s offered, [0-3]\.\d+ completed; queue wait grows through the run/,
    );
    expect(b.findings[0].hint).toBe('overload');
    expect(report.outcome.fail).toBe(true);
    expect(report.outcome.reasons[0]).toMatch(/the head is overloaded/);
  });

  it('both overloaded: queue-bound latencies are shown, not judged; per-token metrics decide', async () => {
    const saturated = (seed: number) => ({ ...baseScenario(seed), arrival: { ratePerSec: 10, burstiness: 0.5 } });
    const head = saturated(33);
    head.engine = { ...head.engine, decodeKernelFactor: 1.3 };
    const report = triage(
      await simulatedSide('base', saturated(33)),
      await simulatedSide('head', head),
      buildConfig({}),
    );
    const b = report.benchmarks[0];
    expect(b.load.base.overloaded && b.load.head.overloaded).toBe(true);
    for (const key of ['ttft.p50', 'ttft.p95', 'e2e.p95']) {
      const m = b.metrics.find((x) => x.spec.key === key)!;
      expect(m.reason.code, key).toBe('not-judged-overloaded');
      expect(m.interval).toBeUndefined();
    }
    expect(b.metrics.find((m) => m.spec.key === 'itl.p50')!.verdict).toBe('regressed');
    expect(headline(b)).toMatch(/^both sides overloaded, latency percentiles not judged · ITL p50 regressed/);
    expect(b.caveats.map((c) => c.kind)).toContain('overloaded');
  });

  it('an ordinary run is not overloaded', async () => {
    const report = triage(
      await simulatedSide('base', baseScenario(34)),
      await simulatedSide('head', baseScenario(35)),
      buildConfig({}),
    );
    expect(report.benchmarks[0].load.base.overloaded || report.benchmarks[0].load.head.overloaded).toBe(false);
  });
});

describe('summaries only', () => {
  it('SLOs are judged on the point value, every SLO line is kept, and the large change leads the headline (real vLLM files)', async () => {
    const base = await fixture('base', 'vllm/sweep-opt125m-max_num_seqs8-run0.json');
    const head = await fixture('head', 'vllm/sweep-opt125m-max_num_seqs4-run0.json');
    const report = triage(base, head, buildConfig({ slos: ['ttft p99 < 500ms', 'ttft p99 < 1s'] }));
    const b = report.benchmarks[0];
    const p99 = b.metrics.find((m) => m.spec.key === 'ttft.p99')!;
    expect(p99.slos.map((s) => [s.slo.text, s.headMet])).toEqual([
      ['ttft p99 < 500 ms', false],
      ['ttft p99 < 1000 ms', true],
    ]);
    expect(b.sloBreaches).toEqual(['ttft p99 < 500 ms']);
    expect(report.outcome.fail).toBe(true);
    expect(headline(b)).toMatch(/^TTFT p99 75\.0 ms → 762 ms \(\+916%\): not decidable from summaries/);
    expect(renderText(report)).toContain('"vllm bench serve --save-result --save-detailed"');
  });

  it('with a noise band, a summary-only copy ×1.2 regresses and the file against itself does not', async () => {
    const base = await fixture('base', 'vllm/sweep-opt125m-max_num_seqs8-run0.json');
    const { scaleSide } = await import('../helpers/scale');
    const config = buildConfig({ runNoise: ['ttft p50=2%', 'e2e p50=2%', 'itl p50=2%'] });
    const slower = triage(base, scaleSide(base, 1.2, 'head'), config).benchmarks[0];
    expect(slower.verdict).toBe('regressed');
    for (const key of ['ttft.p50', 'e2e.p50', 'itl.p50'])
      expect(slower.metrics.find((m) => m.spec.key === key)!.verdict, key).toBe('regressed');
    const self = triage(base, { ...base, label: 'head' }, config).benchmarks[0];
    expect(self.metrics.filter((m) => m.verdict === 'regressed')).toEqual([]);
  });
});

describe('nothing decided, nothing comparable', () => {
  it('two metrics scrapes alone compare nothing: an error naming what each side held', async () => {
    const base = await fixture('base', 'vllm-prometheus/metrics_vllm_0.25.1_idle.txt');
    const head = await fixture('head', 'vllm-prometheus/metrics_vllm_0.25.1_loaded.txt');
    expect(() => triage(base, head, buildConfig({}))).toThrow(
      /nothing could be compared: no metric is measured on both sides \(baseline: .*metrics_vllm_0\.25\.1_idle\.txt \(prometheus/,
    );
  });

  it('fail-on inconclusive fails a benchmark that decided nothing', async () => {
    const base = await fixture('base', 'vllm/sweep-opt125m-max_num_seqs8-run0.json');
    const report = triage(base, { ...base, label: 'head' }, buildConfig({ failOn: 'inconclusive' }));
    expect(report.verdict).toBe('inconclusive');
    expect(report.outcome.fail).toBe(true);
    expect(report.outcome.reasons).toContain('inconclusive: the data could not decide any metric');
  });
});
