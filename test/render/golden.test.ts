// Golden files for the rendered reports: a rendering change shows up as a diff in test/golden/.
// Regenerate with UPDATE_GOLDEN=1 npx vitest run test/render/golden.test.ts, then read the diff.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildConfig } from '../../src/config/config';
import { triage } from '../../src/report/build';
import { renderJson } from '../../src/render/json';
import { renderMarkdown } from '../../src/render/markdown';
import { renderText } from '../../src/render/text';
import { runDemo } from '../../src/cli/demo';
import { baseScenario } from '../../src/sim';
import { readProfile } from '../../src/profile/read';
import { textSource } from '../../src/ingest/source';
import { injectedPair, sideFromRecords, simulatedSide } from '../helpers/tables';
import { ingestRuns } from '../../src/ingest/ingest';
import type { Side } from '../../src/model/run';

/** A side read from real fixture files, as the CLI reads them. */
async function fileSide(label: Side['label'], ...files: string[]): Promise<Side> {
  const runs = [];
  for (const file of files) runs.push(...(await ingestRuns(textSource(file, readFileSync(file, 'utf8')), { maxBadLineRatio: 0.05 })));
  return { label, runs };
}

const update = process.env.UPDATE_GOLDEN === '1';

function golden(name: string, actual: string): void {
  const path = `test/golden/${name}`;
  if (update || !existsSync(path)) writeFileSync(path, actual);
  expect(actual).toBe(readFileSync(path, 'utf8'));
}

describe('golden reports', () => {
  it('demo: a capacity regression that breaches the SLO', async () => {
    const report = await runDemo({});
    golden('demo.md', renderMarkdown(report));
    golden('demo.txt', renderText(report));
    golden('demo.json', renderJson(report));
  });

  it('A/A: nothing changed', async () => {
    const report = triage(await simulatedSide('base', baseScenario(1001)), await simulatedSide('head', baseScenario(5001)), buildConfig({ slos: ['ttft p95 < 800ms', 'itl p99 < 200ms'] }));
    // One run per side cannot show a p50 within 5% (the run-to-run allowance alone is wider): nothing
    // regressed, nothing contradicts its interval, and the headline says what was not ruled out.
    expect(report.verdict).toBe('inconclusive');
    expect(report.benchmarks[0].metrics.filter((m) => m.verdict === 'regressed' || m.verdict === 'improved')).toEqual([]);
    expect(report.outcome.fail).toBe(false);
    golden('aa.md', renderMarkdown(report));
  });

  it('longer prompts: the workload, not the code', async () => {
    const { base, head } = injectedPair('longer-prompts');
    const report = triage(await simulatedSide('base', base), await simulatedSide('head', head), buildConfig({ slos: ['ttft p95 < 800ms'] }));
    golden('workload-drift.md', renderMarkdown(report));
    golden('workload-drift.txt', renderText(report));
  });

  it('a slower decode kernel', async () => {
    const { base, head } = injectedPair('decode-kernel-slower');
    const report = triage(await simulatedSide('base', base), await simulatedSide('head', head), buildConfig({ slos: ['itl p50 < 17ms'] }));
    golden('decode-kernel.md', renderMarkdown(report));
  });

  it('a slower decode kernel, with the decode floor and the profiles of both sides', async () => {
    const { base, head } = injectedPair('decode-kernel-slower');
    const config = buildConfig({ slos: ['itl p50 < 17ms'], decodeFloor: ['gpu=H100 SXM', 'model=Llama-3.1-8B']});
    const profile = (file: string) => readProfile(textSource(file, readFileSync(`test/fixtures/profile/${file}`, 'utf8')));
    const profiles = {
      base: [await profile('key_averages_base.synthetic.json'), await profile('ncu_decode_base.synthetic.csv')],
      head: [await profile('key_averages_head.synthetic.csv'), await profile('ncu_decode_head.synthetic.csv')],
    };
    const report = triage(await simulatedSide('base', base), await simulatedSide('head', head), config, { profiles });
    const b = report.benchmarks[0];
    expect(b.floor?.ok).toBe(true);
    const decode = b.findings.find((f) => f.hint === 'decode-overhead')!;
    expect(decode.evidence.map((e) => e.text).join('\n')).toMatch(/decode bandwidth floor .* efficiency floor\/measured/);
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
    const report = triage(await sideFromRecords('base', rows(1)), await sideFromRecords('head', rows(1.4)), buildConfig({ slos: ['ttft p99 < 500ms'] }));
    expect(report.verdict).toBe('inconclusive');
    golden('inconclusive.md', renderMarkdown(report));
  });

  // Issue 11: not like-for-like is said first, in every renderer, on real files.
  it('a load change (AIPerf concurrency 2 → 16): a different operating point, and the batching trade-off', async () => {
    const report = triage(
      await fileSide('base', 'test/fixtures/aiperf/aiperf_0.10.0_concurrency2_profile_export_aiperf.json'),
      await fileSide('head', 'test/fixtures/aiperf/aiperf_0.10.0_concurrency16_profile_export_aiperf.json'),
      buildConfig({ metrics: ['ttft p50', 'itl p50', 'tpot p50', 'e2e p50', 'throughput'], runNoise: ['ttft p50=5%', 'itl p50=5%', 'tpot p50=5%', 'e2e p50=5%', 'throughput=5%'] }),
    );
    expect(report.benchmarks[0].metrics.every((m) => m.verdict === 'inconclusive')).toBe(true);
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
    golden('streaming-changed.md', renderMarkdown(report));
    golden('streaming-changed.txt', renderText(report));
  });

  it('an engine change (vLLM result vs an SGLang run of the same workload)', async () => {
    const report = triage(
      await fileSide('base', 'test/fixtures/vllm/synthetic_llama_3_3_70b_rate8_vs_sglang.json'),
      await fileSide('head', 'test/fixtures/sglang/h200_llama_3_3_70b_online_rate8_line4.jsonl'),
      buildConfig({}),
    );
    golden('engine-changed.md', renderMarkdown(report));
  });

  it('an SGLang file against its earlier run: like with like, and the new datasets listed', async () => {
    const report = triage(
      await fileSide('base', 'test/fixtures/sglang/h200_llama_3_3_70b_online_output_EARLIER_RUN_65b698b.jsonl'),
      await fileSide('head', 'test/fixtures/sglang/h200_llama_3_3_70b_online_output.jsonl'),
      buildConfig({ runNoise: ['e2e p50=3%'] }),
    );
    golden('sglang-missing.md', renderMarkdown(report, { detail: 'compact' }));
  });
});
