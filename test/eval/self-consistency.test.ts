// The eval's checks of a report against itself, on hand-built report fragments: each rule must fire
// on the contradiction it names and stay quiet on its neighbours.
import { describe, expect, it } from 'vitest';
import { concludedPhase, diagnosisContradictions } from '../../src/eval/evaluate';
import { emptyMeta } from '../../src/model/run';
import type { Finding } from '../../src/diagnose/hints';
import type { BenchmarkReport, Report } from '../../src/report/model';

function finding(over: Partial<Finding>): Finding {
  return {
    hint: 'capacity',
    phase: 'queue_wait',
    title: 't',
    status: 'likely',
    cause: 'unknown',
    evidence: [],
    nextCheck: 'look',
    metrics: ['ttft.p95'],
    ...over,
  };
}

function bench(over: Record<string, unknown>): BenchmarkReport {
  const config = (over.config as Record<string, string | number | boolean>) ?? {};
  return {
    head: { meta: { ...emptyMeta(), config } },
    workload: { changed: false },
    likeForLike: [],
    findings: [],
    walks: [],
    attributions: [],
    ...over,
  } as unknown as BenchmarkReport;
}

const report = (b: BenchmarkReport) => ({ benchmarks: [b] }) as unknown as Report;
const check = (b: BenchmarkReport) => diagnosisContradictions(report(b), 'case');

describe('a diagnosis against its own evidence', () => {
  const enable = finding({
    hint: 'long-prefill-blocking',
    nextCheck: 'enable chunked prefill (--enable-chunked-prefill, a max_num_batched_tokens budget)',
  });

  it('a next check that asks for a setting the head already has on', () => {
    expect(check(bench({ config: { enable_chunked_prefill: true }, findings: [enable] }))).toHaveLength(1);
    expect(check(bench({ config: { chunked_prefill_size: 8192 }, findings: [enable] }))).toHaveLength(1);
    expect(check(bench({ config: { enable_chunked_prefill: false }, findings: [enable] }))).toEqual([]);
    expect(check(bench({ config: {}, findings: [enable] }))).toEqual([]);
    const prefix = finding({
      hint: 'prefix-cache',
      nextCheck: 'check that prefix caching is on and the shared prompt prefix is byte-identical',
    });
    expect(check(bench({ config: { enable_prefix_caching: true }, findings: [prefix] }))[0]).toMatch(
      /prefix-cache asks to enable prefix caching, which is on/,
    );
    expect(check(bench({ config: { enable_prefix_caching: false }, findings: [prefix] }))).toEqual([]);
  });

  it('the code confirmed as the cause while the workload changed', () => {
    const code = finding({ hint: 'tokenizer', status: 'confirmed', cause: 'code' });
    const cost = [{ id: 'tokenize-per-token', change: 2, changed: true }];
    expect(check(bench({ workload: { changed: true }, findings: [code], likeForLike: cost }))).toEqual([
      "case: tokenizer confirmed as the code's although the workload changed",
    ]);
    expect(
      check(bench({ workload: { changed: true }, findings: [{ ...code, status: 'likely' }], likeForLike: cost })),
    ).toEqual([]);
    expect(check(bench({ workload: { changed: false }, findings: [code], likeForLike: cost }))).toEqual([]);
  });

  it('a per-token cost blamed that its like-for-like comparison did not show slower', () => {
    const slower = finding({ hint: 'prefill-compute', phase: 'prefill', status: 'likely' });
    const cost = (change: number, changed: boolean) => [{ id: 'prefill-per-token', change, changed }];
    expect(check(bench({ findings: [slower], likeForLike: cost(0.04, false) }))).toHaveLength(1);
    expect(check(bench({ findings: [slower], likeForLike: cost(-0.2, true) }))).toHaveLength(1);
    expect(check(bench({ findings: [slower], likeForLike: cost(0.3, true) }))).toEqual([]);
    expect(check(bench({ findings: [{ ...slower, status: 'candidate' }], likeForLike: cost(0.04, false) }))).toEqual(
      [],
    );
    // Without the comparison in the report there is nothing to contradict.
    expect(check(bench({ findings: [slower] }))).toEqual([]);
  });
});

describe('the phase a report concluded', () => {
  const walk = (metrics: string[], phase: string, rootPhase: string) => ({
    metrics,
    phase,
    rootPhase,
    steps: [],
    hints: [],
  });

  it('a metric with an attribution: where its walk ended', () => {
    const b = bench({
      attributions: [{ spec: { key: 'ttft.p95' }, dominant: 'queue_wait' }],
      walks: [walk(['ttft.p95'], 'queue_wait', 'prefill')],
    });
    expect(concludedPhase(b, 'ttft.p95')).toBe('prefill');
    expect(concludedPhase(b, 'e2e.p95')).toBeNull();
  });

  it('ITL, started in decode by name: a root the walk moved to, or a finding the data supports — never the name', () => {
    const decode = walk(['itl.p50'], 'decode', 'decode');
    expect(
      concludedPhase(
        bench({
          walks: [decode],
          findings: [finding({ hint: 'decode-overhead', phase: 'decode', status: 'candidate', metrics: ['itl.p50'] })],
        }),
        'itl.p50',
      ),
    ).toBeNull();
    expect(
      concludedPhase(
        bench({
          walks: [decode],
          findings: [finding({ hint: 'decode-overhead', phase: 'decode', status: 'confirmed', metrics: ['itl.p50'] })],
        }),
        'itl.p50',
      ),
    ).toBe('decode');
    expect(
      concludedPhase(
        bench({
          walks: [decode],
          findings: [finding({ hint: 'capacity', phase: 'queue_wait', status: 'confirmed', metrics: ['ttft.p95'] })],
        }),
        'itl.p50',
      ),
    ).toBeNull();
    expect(concludedPhase(bench({ walks: [walk(['itl.p50'], 'decode', 'prefill')] }), 'itl.p50')).toBe('prefill');
  });
});
