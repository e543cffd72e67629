// The §5 tree on simulated regressions whose cause is known: each diagnosis must name the mechanism
// with the numbers that show it, and say when the workload, not the code, is the cause.
import { describe, expect, it } from 'vitest';
import { buildConfig } from '../../src/config/config';
import { triage } from '../../src/report/triage';
import { baseScenario } from '../../src/sim';
import { injectedPair, simulatedSide } from '../helpers/tables';
import { gapBranch } from '../../src/diagnose/branches/gap';
import type { Attribution } from '../../src/diagnose/attribution';
import type { DiagnosisContext } from '../../src/diagnose/context';

async function diagnose(id: string, metrics?: string[]) {
  const { base, head } = injectedPair(id);
  const report = triage(await simulatedSide('base', base), await simulatedSide('head', head), buildConfig({ metrics }));
  return report.benchmarks[0];
}

describe('§5 decision tree on known causes', () => {
  it('capacity cut: confirmed, blamed on the config change, with the batch numbers', async () => {
    const b = await diagnose('capacity-cut', ['ttft p95']);
    const f = b.findings[0];
    expect(f.hint).toBe('capacity');
    expect(f.status).toBe('confirmed');
    expect(f.cause).toBe('config');
    expect(f.evidence[1].values).toMatchObject({ key: 'max_num_seqs', base: 64, head: 24 });
    expect(f.evidence[0].values?.headMax).toBe(24);
    expect(b.walks[0].steps[0].answer).toMatch(/^queue wait: \+/);
    expect(b.fixes[0]).toMatchObject({ phase: 'queue_wait', hint: 'capacity' });
  });

  it('prefix cache off: the hit rate and the cached tokens per request both fall', async () => {
    const b = await diagnose('prefix-cache-off', ['ttft p95']);
    const f = b.findings.find((x) => x.hint === 'prefix-cache')!;
    expect(f.status).toBe('confirmed');
    expect(f.cause).toBe('config');
    expect(f.evidence[0].values?.headHitRate).toBe(0);
    expect(Number(f.evidence[0].values?.baseHitTokens)).toBeGreaterThan(500);
    expect(b.findings.some((x) => x.hint === 'prefill-compute' && x.status === 'confirmed')).toBe(false);
  });

  it('longer prompts: the workload is the cause, and no per-token cost is blamed', async () => {
    const b = await diagnose('longer-prompts', ['ttft p95']);
    expect(b.findings[0]).toMatchObject({ hint: 'workload-drift', status: 'confirmed', cause: 'workload' });
    expect(b.findings.filter((f) => f.cause === 'code').every((f) => f.status !== 'confirmed')).toBe(true);
    expect(b.caveats.map((c) => c.kind)).toContain('workload-drift');
    expect(b.findings.some((f) => f.hint === 'prefix-cache')).toBe(false);
    // Prefill is slower at the same uncached length only because each prefill shares its steps with
    // the longer prompts' extra work: evidence for the drift, not a per-token cost of its own.
    expect(b.findings.map((f) => f.hint)).toEqual(['workload-drift']);
    const contention = b.findings[0].evidence.find((e) => e.values?.workGrowth !== undefined)!;
    expect(Number(contention.values!.workGrowth)).toBeGreaterThan(1);
    expect(Number(contention.values!.change)).toBeGreaterThan(0.1);
    expect(b.walks.map((w) => w.rootPhase)).toEqual(['prefill']);
  });

  it('fewer cached tokens with prefix caching on: the advice is not to turn on what is on', async () => {
    // The head's prompts mostly lose the shared system prompt: hits fall from about half the prompt
    // tokens to a few per cent while enable_prefix_caching stays true.
    const base = baseScenario(200);
    const head = { ...base, prompt: { ...base.prompt, sharedPrefixShare: 0.1 } };
    const report = triage(
      await simulatedSide('base', base),
      await simulatedSide('head', head),
      buildConfig({ metrics: ['ttft p50'] }),
    );
    const f = report.benchmarks[0].findings.find((x) => x.hint === 'prefix-cache')!;
    expect(f).toMatchObject({ status: 'confirmed', cause: 'unknown' });
    expect(f.evidence.map((e) => e.text)).toContain('enable_prefix_caching is true in this run');
    expect(f.nextCheck).toMatch(/^prefix caching is on: check that the shared prompt prefix is byte-identical/);
  });

  it('capacity cut with chunked prefill on: long prefills that overlap the longest waits are not blamed', async () => {
    // Seed 200: 59% of the slowest waits overlap a long prefill (vs 24% in the baseline) — the busy
    // periods both fall in. With chunked prefill on no prompt holds a step whole.
    const b = await diagnose('capacity-cut', ['ttft p95']);
    expect(b.findings.map((f) => f.hint)).toEqual(['capacity']);
    const step = b.walks[0].steps.find((x) => x.question === 'Are long prefills blocking?')!;
    expect(step.answer).toMatch(
      /^no: chunked prefill is on, so no prompt prefills in one piece; 59% of the longest waits .*: busy periods they share, not one blocking the other$/,
    );
  });

  it('slower prefill with chunked prefill on: ITL p99 stalls are a candidate, and enabling chunked prefill is not the advice', async () => {
    const b = await diagnose('prefill-slower', ['itl p99']);
    const f = b.findings.find((x) => x.hint === 'long-prefill-blocking')!;
    expect(f).toMatchObject({ status: 'candidate', cause: 'unknown', phase: 'decode' });
    expect(f.evidence.map((e) => e.text)).toContain('chunked prefill setting in this run: true');
    expect(f.nextCheck).toMatch(/^chunked prefill is already on: /);
    expect(f.nextCheck).not.toMatch(/enable chunked prefill/i);
  });

  it('more traffic: decode slows at a fuller batch, and the traffic is named first', async () => {
    const b = await diagnose('traffic-increase', ['itl p50']);
    expect(b.findings[0]).toMatchObject({ hint: 'traffic-increase', cause: 'workload' });
    expect(b.findings.some((f) => f.hint === 'decode-overhead' && f.status === 'confirmed')).toBe(false);
    expect(b.workload.arrivalRate?.change).toBeGreaterThan(0.4);
  });

  it('a slower decode kernel: slower at the same batch, blamed on the code', async () => {
    const b = await diagnose('decode-kernel-slower', ['itl p50']);
    const f = b.findings[0];
    expect(f).toMatchObject({ hint: 'decode-overhead', status: 'confirmed', cause: 'code' });
    expect(Number(f.evidence[0].values?.change)).toBeGreaterThan(0.1);
    expect(b.likeForLike.find((c) => c.id === 'decode-step')?.changed).toBe(true);
  });

  it('chunked prefill off: stalls show as ITL p99 over p50 within requests', async () => {
    const b = await diagnose('chunked-prefill-off', ['itl p99']);
    const f = b.findings.find((x) => x.hint === 'long-prefill-blocking')!;
    expect(f.status).toBe('confirmed');
    expect(f.cause).toBe('config');
    expect(Number(f.evidence[0].values?.head)).toBeGreaterThan(Number(f.evidence[0].values?.base) * 1.25);
  });

  it('a buffering proxy: client TTFT grows while server TTFT does not', async () => {
    const b = await diagnose('buffering-proxy', ['ttft_client p95', 'ttft p95']);
    // Server TTFT does not move: never regressed, its point within a few per cent (one run per side
    // cannot show a p95 unchanged within 10%: its interval carries the run-to-run allowance).
    const server = b.metrics.find((m) => m.spec.key === 'ttft.p95')!;
    expect(server.verdict).not.toBe('regressed');
    expect(Math.abs(server.change!)).toBeLessThan(0.05);
    expect(b.findings[0].hint).toBe('buffering-proxy');
    expect(b.walks[0].phase).toBe('network');
    // The simulator's proxy, as a real one, shows only in the client's timestamps: network_ms stays
    // flat, the gap client − server grows by the 300 ms hold, and the server's part does not move.
    expect(b.findings.map((f) => f.hint)).not.toContain('measurement-gap');
    expect(b.findings[0]).toMatchObject({
      status: 'confirmed',
      cause: 'config',
      title: expect.stringMatching(/a proxy or load balancer holding the response$/),
    });
    expect(b.findings[0].evidence.map((e) => e.text).join('\n')).toMatch(
      /wire time \(network_ms\) (1\d\.\d) ms → \1 ms \(mean\): not where the time went/,
    );
    expect(b.findings[0].nextCheck).toMatch(/^compare a run with the proxy bypassed/);
    const gap = b.attributions
      .find((a) => a.spec.key === 'ttft_client.p95')!
      .phases.find((p) => p.phase === 'network')!;
    expect(gap.delta).toBeCloseTo(300, 0);
  });

  it('time outside every phase: a measurement gap', async () => {
    const b = await diagnose('sampling-overhead', ['ttft p50']);
    expect(b.findings[0]).toMatchObject({ hint: 'measurement-gap', phase: 'remainder' });
  });

  it('a slower code path hidden by a lighter load is flagged even though ITL did not regress', async () => {
    const base = baseScenario(210);
    const slower = injectedPair('decode-kernel-slower', 210).head;
    const lighter = { ...slower, arrival: { ...slower.arrival, ratePerSec: slower.arrival.ratePerSec * 0.45 } };
    const report = triage(
      await simulatedSide('base', base),
      await simulatedSide('head', lighter),
      buildConfig({ metrics: ['itl p50'] }),
    );
    const b = report.benchmarks[0];
    const cost = b.likeForLike.find((c) => c.id === 'decode-step')!;
    expect(cost.change).toBeGreaterThan(0.1);
    if (b.metrics[0].verdict !== 'regressed') expect(b.caveats.map((c) => c.kind)).toContain('hidden-slowdown');
  });
});

describe('the gap branch (nothing recorded holds the change)', () => {
  const remainder = { phase: 'remainder' as const, baseMean: 12, headMean: 45, delta: 33 };
  const attribution = {
    tail: 'slowest 5% of requests',
    phases: [{ phase: 'prefill', baseMean: 100, headMean: 101, delta: 1 }, remainder],
  } as unknown as Attribution;

  it('blames the time outside every recorded phase, with the remainder of the tail as evidence', () => {
    const { steps, findings } = gapBranch({} as DiagnosisContext, ['ttft p95'], attribution);
    expect(steps).toEqual([
      { question: 'Which phase holds the change?', answer: 'none: the unattributed remainder went 12.0 ms → 45.0 ms' },
    ]);
    expect(findings).toHaveLength(1);
    const f = findings[0];
    expect(f).toMatchObject({
      hint: 'measurement-gap',
      phase: 'remainder',
      status: 'likely',
      cause: 'unknown',
      metrics: ['ttft p95'],
    });
    expect(f.title).toBe('the time went inside the server, outside every recorded phase');
    expect(f.evidence).toEqual([
      {
        text: 'remainder (metric minus its phases) in the slowest 5% of requests: 12.0 ms → 45.0 ms (+33.0 ms)',
        values: { baseMs: 12, headMs: 45 },
      },
    ]);
    // The next check is to instrument between the phases and then profile a step.
    expect(f.nextCheck).toMatch(/^instrument what runs between the phases .*a profile of one step\)$/);
  });

  it('without a decomposition it says so, and shows no evidence it does not have', () => {
    const { steps, findings } = gapBranch({} as DiagnosisContext, ['ttft p95'], null);
    expect(steps[0].answer).toBe('none');
    expect(findings[0].evidence).toEqual([]);
    expect(findings[0].hint).toBe('measurement-gap');
  });
});
