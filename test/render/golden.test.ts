// Golden files for the rendered reports: a rendering change shows up as a diff in test/golden/.
// Regenerate with UPDATE_GOLDEN=1 npx vitest run test/render/golden.test.ts, then read the diff; a
// missing golden fails. A golden only locks in what it shows, so each case also asserts what its
// report means: the verdicts, where the time went, the hints, and that no label contradicts its
// interval and no diagnosis its own evidence.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildConfig } from '../../src/config/config';
import { triage } from '../../src/report/triage';
import { renderJson } from '../../src/render/json';
import { renderMarkdown } from '../../src/render/markdown';
import { renderText } from '../../src/render/text';
import { runDemo } from '../../src/cli/demo';
import { baseScenario } from '../../src/sim';
import { readProfile } from '../../src/ingest/profile/read';
import { textSource } from '../../src/ingest/source';
import { injectedPair, sideFromRecords, simulatedSide } from '../helpers/tables';
import { ingestRuns } from '../../src/ingest/ingest';
import type { Side } from '../../src/model/run';
import type { Report } from '../../src/report/model';
import { concludedPhase, contradictions, diagnosisContradictions } from '../../src/eval/evaluate';

/** A side read from real fixture files, as the CLI reads them. */
async function fileSide(label: Side['label'], ...files: string[]): Promise<Side> {
  const runs = [];
  for (const file of files)
    runs.push(...(await ingestRuns(textSource(file, readFileSync(file, 'utf8')), { maxBadLineRatio: 0.05 })));
  return { label, runs };
}

const update = process.env.UPDATE_GOLDEN === '1';

function golden(name: string, actual: string): void {
  const path = `test/golden/${name}`;
  if (update) writeFileSync(path, actual);
  expect(
    existsSync(path),
    `${path} is missing: UPDATE_GOLDEN=1 npx vitest run test/render/golden.test.ts writes it (then read it)`,
  ).toBe(true);
  expect(actual).toBe(readFileSync(path, 'utf8'));
}

/** Every metric's label of a benchmark, by key. */
function verdicts(report: Report, benchmark = 0): Record<string, string> {
  return Object.fromEntries(report.benchmarks[benchmark].metrics.map((m) => [m.spec.key, m.verdict]));
}

/** The labels agree with their intervals and the diagnosis with its evidence (src/eval/evaluate.ts). */
function selfConsistent(report: Report, where: string): void {
  expect(contradictions(report, where)).toEqual([]);
  expect(diagnosisContradictions(report, where)).toEqual([]);
}

/** Nothing diagnosed: no walk, no finding, no fix. */
function noDiagnosis(report: Report): void {
  for (const b of report.benchmarks) {
    expect(b.walks).toEqual([]);
    expect(b.findings).toEqual([]);
    expect(b.fixes).toEqual([]);
  }
}

const UNDECIDED = {
  'ttft.p50': 'inconclusive',
  'ttft.p95': 'inconclusive',
  'ttft_client.p95': 'inconclusive',
  'e2e.p50': 'inconclusive',
  'e2e.p95': 'inconclusive',
  'itl.p50': 'inconclusive',
  'itl.p99': 'inconclusive',
  throughput: 'inconclusive',
  failed: 'unchanged',
};

describe('golden reports', () => {
  it('demo: a capacity regression that breaches the SLO', async () => {
    const report = await runDemo({});
    selfConsistent(report, 'demo');
    // The capacity cut: TTFT p95 (server and client) regressed and breaches its SLO; the queue holds
    // the change and the diagnosis stays there, blamed on max_num_seqs.
    expect(verdicts(report)).toEqual({ ...UNDECIDED, 'ttft.p95': 'regressed', 'ttft_client.p95': 'regressed' });
    expect(report.verdict).toBe('regressed');
    expect(report.outcome.fail).toBe(true);
    const b = report.benchmarks[0];
    expect(b.sloBreaches).toEqual(['ttft p95 < 800 ms']);
    expect(b.attributions.map((a) => [a.spec.key, a.dominant])).toEqual([
      ['ttft.p95', 'queue_wait'],
      ['ttft_client.p95', 'queue_wait'],
    ]);
    expect(b.walks.map((w) => [w.metrics, w.phase, w.rootPhase])).toEqual([
      [['ttft.p95', 'ttft_client.p95'], 'queue_wait', 'queue_wait'],
    ]);
    expect(b.findings.map((f) => [f.hint, f.status, f.cause])).toEqual([['capacity', 'confirmed', 'config']]);
    expect(b.fixes[0]).toMatchObject({ hint: 'capacity', phase: 'queue_wait' });
    golden('demo.md', renderMarkdown(report));
    golden('demo.txt', renderText(report));
    golden('demo.json', renderJson(report));
  });

  it('A/A: nothing changed', async () => {
    const report = triage(
      await simulatedSide('base', baseScenario(1001)),
      await simulatedSide('head', baseScenario(5001)),
      buildConfig({ slos: ['ttft p95 < 800ms', 'itl p99 < 200ms'] }),
    );
    // One run per side cannot show a p50 within 5% (the run-to-run allowance alone is wider): nothing
    // regressed, nothing contradicts its interval, and the headline says what was not ruled out.
    expect(report.verdict).toBe('inconclusive');
    expect(report.benchmarks[0].metrics.filter((m) => m.verdict === 'regressed' || m.verdict === 'improved')).toEqual(
      [],
    );
    expect(report.outcome.fail).toBe(false);
    expect(verdicts(report)).toEqual(UNDECIDED);
    expect(report.benchmarks[0].sloBreaches).toEqual([]);
    noDiagnosis(report);
    selfConsistent(report, 'A/A');
    golden('aa.md', renderMarkdown(report));
  });

  it('longer prompts: the workload, not the code', async () => {
    const { base, head } = injectedPair('longer-prompts');
    const report = triage(
      await simulatedSide('base', base),
      await simulatedSide('head', head),
      buildConfig({ slos: ['ttft p95 < 800ms'] }),
    );
    selfConsistent(report, 'longer prompts');
    // Every latency regressed; the tail's time sits in the queue (TTFT) and decode (E2E), and both
    // walks end in prefill: longer prompts, the only finding — no code is blamed, and no next check
    // asks for chunked prefill, which is on.
    expect(verdicts(report)).toEqual({
      ...UNDECIDED,
      'ttft.p50': 'regressed',
      'ttft.p95': 'regressed',
      'ttft_client.p95': 'regressed',
      'e2e.p50': 'regressed',
      'e2e.p95': 'regressed',
      'itl.p50': 'regressed',
      'itl.p99': 'regressed',
    });
    const b = report.benchmarks[0];
    expect(b.attributions.find((a) => a.spec.key === 'ttft.p95')?.dominant).toBe('queue_wait');
    expect(b.attributions.find((a) => a.spec.key === 'e2e.p95')?.dominant).toBe('decode');
    expect(b.walks.map((w) => [w.phase, w.rootPhase])).toEqual([
      ['queue_wait', 'prefill'],
      ['decode', 'prefill'],
    ]);
    expect(concludedPhase(b, 'ttft.p95')).toBe('prefill');
    expect(concludedPhase(b, 'itl.p50')).toBe('prefill');
    expect(b.findings.map((f) => [f.hint, f.status, f.cause])).toEqual([['workload-drift', 'confirmed', 'workload']]);
    expect(b.fixes.every((f) => f.hint === 'workload-drift')).toBe(true);
    expect(b.caveats.map((c) => c.kind)).toContain('workload-drift');
    golden('workload-drift.md', renderMarkdown(report));
    golden('workload-drift.txt', renderText(report));
  });

  it('a slower decode kernel', async () => {
    const { base, head } = injectedPair('decode-kernel-slower');
    const report = triage(
      await simulatedSide('base', base),
      await simulatedSide('head', head),
      buildConfig({ slos: ['itl p50 < 17ms'] }),
    );
    selfConsistent(report, 'decode kernel');
    // ITL p50 alone regressed (E2E p50 leans worse but its interval reaches inside the minimum
    // effect): each step slower at the same running batch, blamed on the code.
    expect(verdicts(report)).toEqual({ ...UNDECIDED, 'itl.p50': 'regressed' });
    expect(report.benchmarks[0].metrics.find((m) => m.spec.key === 'e2e.p50')?.reason).toMatchObject({
      code: 'direction-known',
      direction: 'worse',
    });
    decodeOverheadFound(report);
    golden('decode-kernel.md', renderMarkdown(report));
  });

  it('a slower decode kernel, with the decode floor and the profiles of both sides', async () => {
    const { base, head } = injectedPair('decode-kernel-slower');
    const config = buildConfig({ slos: ['itl p50 < 17ms'], decodeFloor: ['gpu=H100 SXM', 'model=Llama-3.1-8B'] });
    const profile = (file: string) =>
      readProfile(textSource(file, readFileSync(`test/fixtures/profile/${file}`, 'utf8')));
    const profiles = {
      base: [await profile('key_averages_base.synthetic.json'), await profile('ncu_decode_base.synthetic.csv')],
      head: [await profile('key_averages_head.synthetic.csv'), await profile('ncu_decode_head.synthetic.csv')],
    };
    const report = triage(await simulatedSide('base', base), await simulatedSide('head', head), config, { profiles });
    selfConsistent(report, 'deep decode');
    // The profiles and the floor are evidence, not verdicts: the same labels and diagnosis as without them.
    expect(verdicts(report)).toEqual({ ...UNDECIDED, 'itl.p50': 'regressed' });
    decodeOverheadFound(report);
    const b = report.benchmarks[0];
    expect(b.floor?.ok).toBe(true);
    const decode = b.findings.find((f) => f.hint === 'decode-overhead')!;
    expect(decode.evidence.map((e) => e.text).join('\n')).toMatch(
      /decode bandwidth floor .* efficiency floor\/measured/,
    );
    expect(decode.evidence.map((e) => e.text).join('\n')).toContain('profiled step: wall +18%');
    golden('deep-decode.md', renderMarkdown(report));
    golden('deep-decode.txt', renderText(report));
  });

  it('too little data: inconclusive, with what would decide', async () => {
    const rows = (scale: number) =>
      Array.from({ length: 60 }, (_, i) => ({
        request_id: `r${i}`,
        arrival_ts: 1_760_000_000 + i * 0.25,
        queue_wait_ms: (i % 7) * scale,
        prefill_ms: 40 + (i % 5) * 3,
        first_token_ms: 41 + (i % 7) * scale + 40 + (i % 5) * 3,
        total_ms: 2000 + (i % 11) * 50 * scale,
        itl_p50_ms: 15 + (i % 3),
        itl_p99_ms: 40 + (i % 9) * scale,
        output_tokens: 120,
        decode_ms: 1900,
      }));
    const report = triage(
      await sideFromRecords('base', rows(1)),
      await sideFromRecords('head', rows(1.4)),
      buildConfig({ slos: ['ttft p99 < 500ms'] }),
    );
    expect(report.verdict).toBe('inconclusive');
    // 60 requests a side: nothing is decided either way, so nothing is diagnosed.
    expect(Object.values(verdicts(report)).every((v) => v === 'inconclusive')).toBe(true);
    noDiagnosis(report);
    selfConsistent(report, 'too little data');
    golden('inconclusive.md', renderMarkdown(report));
  });

  // Issue 11: not like-for-like is said first, in every renderer, on real files.
  it('a load change (AIPerf concurrency 2 → 16): a different operating point, and the batching trade-off', async () => {
    const report = triage(
      await fileSide('base', 'test/fixtures/aiperf/aiperf_0.10.0_concurrency2_profile_export_aiperf.json'),
      await fileSide('head', 'test/fixtures/aiperf/aiperf_0.10.0_concurrency16_profile_export_aiperf.json'),
      buildConfig({
        metrics: ['ttft p50', 'itl p50', 'tpot p50', 'e2e p50', 'throughput'],
        runNoise: ['ttft p50=5%', 'itl p50=5%', 'tpot p50=5%', 'e2e p50=5%', 'throughput=5%'],
      }),
    );
    expect(report.benchmarks[0].metrics.every((m) => m.verdict === 'inconclusive')).toBe(true);
    expect(report.benchmarks[0].metrics.every((m) => m.reason.code === 'operating-point')).toBe(true);
    expect(report.benchmarks[0].notLikeForLike.map((d) => d.kind)).toEqual(['load-changed']);
    expect(report.benchmarks[0].caveats.map((c) => c.kind)).toContain('batching-tradeoff');
    noDiagnosis(report);
    selfConsistent(report, 'load changed');
    golden('load-changed.md', renderMarkdown(report));
    golden('load-changed.txt', renderText(report));
    golden('load-changed.json', renderJson(report));
  });

  it('streaming vs non-streaming (GenAI-Perf, perf_analyzer issue #298): no token timing judged', async () => {
    const report = triage(
      await fileSide('base', 'test/fixtures/genai-perf/issue298_streaming_profile_export_genai_perf.json'),
      await fileSide('head', 'test/fixtures/genai-perf/issue298_nonstreaming_profile_export_genai_perf.json'),
      buildConfig({ runNoise: ['ttft p50=5%', 'ttft p95=5%', 'e2e p50=5%', 'e2e p95=5%'] }),
    );
    // Token timing is listed, not judged, across streaming modes; whole-request latency is judged.
    const b = report.benchmarks[0];
    expect(b.notLikeForLike.map((d) => d.kind)).toEqual(['streaming-changed']);
    expect(b.notJudged.length).toBeGreaterThan(0);
    expect(b.metrics.some((m) => m.spec.metric.id === 'ttft' || m.spec.metric.id === 'itl')).toBe(false);
    expect(verdicts(report)['e2e.p50']).toBe('improved');
    expect(Object.values(verdicts(report)).filter((v) => v === 'regressed')).toEqual([]);
    noDiagnosis(report);
    selfConsistent(report, 'streaming changed');
    golden('streaming-changed.md', renderMarkdown(report));
    golden('streaming-changed.txt', renderText(report));
  });

  it('an engine change (vLLM result vs an SGLang run of the same workload)', async () => {
    const report = triage(
      await fileSide('base', 'test/fixtures/vllm/synthetic_llama_3_3_70b_rate8_vs_sglang.json'),
      await fileSide('head', 'test/fixtures/sglang/h200_llama_3_3_70b_online_rate8_line4.jsonl'),
      buildConfig({}),
    );
    // Summaries only on one side: nothing can be decided, and the engine change is said first.
    expect(report.benchmarks[0].notLikeForLike.map((d) => d.kind)).toEqual(['engine-changed']);
    expect(
      report.benchmarks[0].metrics.every((m) => m.verdict === 'inconclusive' && m.reason.code === 'summary-only'),
    ).toBe(true);
    noDiagnosis(report);
    selfConsistent(report, 'engine changed');
    golden('engine-changed.md', renderMarkdown(report));
  });

  it('an SGLang file against its earlier run: like with like, and the new datasets listed', async () => {
    const report = triage(
      await fileSide('base', 'test/fixtures/sglang/h200_llama_3_3_70b_online_output_EARLIER_RUN_65b698b.jsonl'),
      await fileSide('head', 'test/fixtures/sglang/h200_llama_3_3_70b_online_output.jsonl'),
      buildConfig({ runNoise: ['e2e p50=3%'] }),
    );
    // Five rates paired by their workload key, none regressed; the datasets only one side ran are
    // listed first, not compared.
    expect(report.benchmarks).toHaveLength(5);
    for (let i = 0; i < 5; i++)
      expect(verdicts(report, i)).toEqual({
        'ttft.p50': 'inconclusive',
        'e2e.p50': 'inconclusive',
        'itl.p50': 'inconclusive',
        throughput: 'inconclusive',
      });
    expect(report.benchmarks[0].caveats.filter((c) => c.kind === 'benchmark-missing')).toHaveLength(2);
    noDiagnosis(report);
    selfConsistent(report, 'sglang');
    golden('sglang-missing.md', renderMarkdown(report, { detail: 'compact' }));
  });
});

/** The decode-kernel cases: one walk, from decode by the tree's evidence, to one confirmed code finding. */
function decodeOverheadFound(report: Report): void {
  const b = report.benchmarks[0];
  expect(b.sloBreaches).toEqual(['itl p50 < 17 ms']);
  expect(b.walks.map((w) => [w.metrics, w.phase, w.rootPhase])).toEqual([[['itl.p50'], 'decode', 'decode']]);
  expect(concludedPhase(b, 'itl.p50')).toBe('decode');
  expect(b.findings.map((f) => [f.hint, f.status, f.cause])).toEqual([['decode-overhead', 'confirmed', 'code']]);
  expect(b.likeForLike.find((c) => c.id === 'decode-step')).toMatchObject({ changed: true });
}
