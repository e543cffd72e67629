// Issue 11: each adapter fills the run's workload key (dataset, length settings, rate, concurrency,
// streaming, engine and version, model) and derives the failures a tool leaves out. Real files where
// they exist; the derived-failure cases are built from the tools' documented keys, labelled so.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectFormat, ingestRuns } from '../../../src/ingest/ingest';
import { InputError } from '../../../src/ingest/errors';
import { textSource } from '../../../src/ingest/source';
import { keyLabel, workloadKey } from '../../../src/model/workload-key';

const read = (file: string, format?: string) =>
  ingestRuns(textSource(file, readFileSync(file, 'utf8')), { maxBadLineRatio: 0.05 }, format);
const C2 = 'test/fixtures/aiperf/aiperf_0.10.0_concurrency2_profile_export_aiperf.json';
const C16 = 'test/fixtures/aiperf/aiperf_0.10.0_concurrency16_profile_export_aiperf.json';

describe('detection by specificity (real files that share keys with vLLM)', () => {
  it('AIPerf 0.10 profile_export_aiperf.json (total_token_throughput, request_throughput) is AIPerf, not vLLM', async () => {
    for (const file of [C2, C16])
      expect(detectFormat(textSource('profile_export_aiperf.json', readFileSync(file, 'utf8'))).id).toBe('aiperf');
    const [run] = await read(C2);
    expect(run.sources[0]).toMatchObject({ format: 'aiperf', toolVersion: 'aiperf 0.10.0' });
  });

  it('a file forced as vLLM that yields nothing is an InputError naming vLLM and what was missing', async () => {
    const error = await read(C2, 'vllm').catch((e) => e);
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toMatch(/read as vLLM bench serve result \(vllm\), but it has no usable metric/);
    expect(error.message).toMatch(/statistics such as mean_ttft_ms/);
    expect(error.message).toMatch(/request_throughput: expected a finite number, got \{"unit":"requests\/sec"/);
    // GenAI-Perf's summary the same way.
    const genai = await read(
      'test/fixtures/genai-perf/issue298_streaming_profile_export_genai_perf.json',
      'vllm',
    ).catch((e) => e);
    expect(genai.message).toMatch(/read as vLLM bench serve result \(vllm\), but it has no usable metric/);
  });
});

describe('workload keys from real files', () => {
  it('AIPerf 0.10: concurrency from phases[], model from models.items[], the dataset file, streaming', async () => {
    const [c2] = await read(C2);
    const [c16] = await read(C16);
    expect(workloadKey(c2)).toEqual({
      dataset: 'datasets/aiperf/nvfp4_agent.jsonl',
      concurrency: 2,
      streaming: true,
      model: 'qwen3.6-nvfp4',
    });
    expect(workloadKey(c16)).toEqual({
      dataset: 'datasets/aiperf/nvfp4_agent.jsonl',
      concurrency: 16,
      streaming: true,
      model: 'qwen3.6-nvfp4',
    });
    // The warm-up phase (requests 16) is not the profiling phase (96 requests, all completed, no errors).
    expect(c2.workload).toMatchObject({ requests: 96, concurrency: 2 });
    expect(c2.workload?.failed).toBeUndefined();
  });

  it('GenAI-Perf: streaming and non-streaming runs of one command differ only in streaming', async () => {
    const [on] = await read('test/fixtures/genai-perf/issue298_streaming_profile_export_genai_perf.json');
    const [off] = await read('test/fixtures/genai-perf/issue298_nonstreaming_profile_export_genai_perf.json');
    const { streaming: a, ...restOn } = workloadKey(on);
    const { streaming: b, ...restOff } = workloadKey(off);
    expect([a, b]).toEqual([true, false]);
    expect(restOn).toEqual(restOff);
    expect(restOn).toEqual({
      dataset: 'synthetic',
      inputLength: 200,
      outputLength: 500,
      concurrency: 100,
      engine: 'tensorrtllm',
      model: 'ensemble',
    });
  });

  it('SGLang (Dec 2024): every line keyed by dataset, length settings and rate; ShareGPT lines carry no random lengths', async () => {
    const runs = await read('test/fixtures/sglang/h200_llama_3_3_70b_online_output.jsonl');
    expect(runs.map((r) => keyLabel(workloadKey(r)))).toEqual([
      'dataset random, input 1024 tokens, output 1024 tokens, 1 req/s, engine sglang',
      'dataset random, input 1024 tokens, output 1024 tokens, 2 req/s, engine sglang',
      'dataset random, input 1024 tokens, output 1024 tokens, 4 req/s, engine sglang',
      'dataset random, input 1024 tokens, output 1024 tokens, 8 req/s, engine sglang',
      'dataset random, input 1024 tokens, output 1024 tokens, 16 req/s, engine sglang',
      'dataset sharegpt, 4 req/s, engine sglang',
      'dataset sharegpt, 8 req/s, engine sglang',
    ]);
  });

  it('vLLM 0.25.1: the backend names the engine; "openai" names none', async () => {
    const [run] = await read('test/fixtures/vllm/bench_serve_v0.25.1_opt125m_sortedkeys.json');
    expect(workloadKey(run)).toEqual({
      requestRate: Infinity,
      concurrency: 2,
      engine: 'vllm',
      model: 'facebook/opt-125m',
    });
    const [sweep] = await read('test/fixtures/vllm/sweep-opt125m-max_num_seqs4-run0.json');
    expect(workloadKey(sweep).engine).toBeUndefined();
  });

  it('vLLM OTel spans and a vLLM scrape name the engine', async () => {
    const [spans] = await read('test/fixtures/otel/vllm_otlp_export_requests_array.real.json');
    expect(workloadKey(spans).engine).toBe('vllm');
    const [scrape] = await read('test/fixtures/vllm-prometheus/metrics_vllm_0.25.1_loaded.txt');
    expect(workloadKey(scrape).engine).toBe('vllm');
  });
});

describe('failures the tool did not count are derived, and said so', () => {
  it('vLLM before mid-2025 (no "failed"): failed = num_prompts − completed (synthetic, from benchmark_serving.py keys)', async () => {
    const text = JSON.stringify({
      backend: 'vllm',
      model_id: 'm',
      num_prompts: 2000,
      request_rate: 35,
      duration: 40,
      completed: 1015,
      total_input_tokens: 1015000,
      total_output_tokens: 101500,
      request_throughput: 25.4,
      output_throughput: 2537,
      'request_goodput:': null,
      mean_ttft_ms: 100,
      median_ttft_ms: 90,
      p99_ttft_ms: 300,
      mean_e2el_ms: 900,
    });
    const [run] = await ingestRuns(textSource('early.json', text), { maxBadLineRatio: 0.05 });
    expect(run.workload).toMatchObject({ requests: 2000, failed: 985, failedFrom: 'derived' });
    expect(run.sources[0].warnings).toContain(
      'no failure count in the file: 985 failed = 2000 requested (num_prompts) − 1015 completed',
    );
  });

  it('vLLM with "failed": 0 but prompts missing: the gap is reported, not counted as failures (synthetic)', async () => {
    const text = JSON.stringify({
      date: '20250101-000000',
      endpoint_type: 'vllm',
      backend: 'vllm',
      model_id: 'm',
      tokenizer_id: 'm',
      num_prompts: 2000,
      request_rate: 35,
      burstiness: 1,
      duration: 40,
      completed: 1015,
      failed: 0,
      request_throughput: 25.4,
      output_throughput: 2537,
      total_token_throughput: 3000,
      mean_ttft_ms: 100,
      mean_e2el_ms: 900,
    });
    const [run] = await ingestRuns(textSource('gap.json', text), { maxBadLineRatio: 0.05 });
    expect(run.workload).toMatchObject({ requests: 1015, failed: 0, failedFrom: 'tool', missing: 985 });
    expect(
      run.sources[0].warnings.some((w) =>
        w.startsWith('985 of the 2000 requested prompts (num_prompts) are neither completed (1015) nor failed (0)'),
      ),
    ).toBe(true);
  });

  it('LLMPerf without results_number_errors: started − completed (synthetic, token_benchmark_ray.py keys)', async () => {
    const text = JSON.stringify({
      version: '2023-08-31',
      name: 'x',
      model: 'm',
      mean_input_tokens: 550,
      mean_output_tokens: 150,
      num_concurrent_requests: 5,
      results_ttft_s_mean: 0.5,
      results_end_to_end_latency_s_mean: 5,
      results_num_requests_started: 150,
      results_num_completed_requests: 140,
      results_num_completed_requests_per_min: 60,
    });
    const [run] = await ingestRuns(textSource('x_summary.json', text), { maxBadLineRatio: 0.05 });
    expect(run.workload).toMatchObject({ requests: 150, failed: 10, failedFrom: 'derived' });
  });

  it('GenAI-Perf with --request-count: requested − completed (the real streaming summary with request_count 0 derives nothing)', async () => {
    const [real] = await read('test/fixtures/genai-perf/issue298_streaming_profile_export_genai_perf.json');
    expect(real.workload?.failed).toBeUndefined();
    const doc = JSON.parse(
      readFileSync('test/fixtures/genai-perf/issue298_streaming_profile_export_genai_perf.json', 'utf8'),
    );
    doc.input_config.request_count = 500;
    doc.request_count = { unit: 'requests', avg: 480 };
    const [run] = await ingestRuns(textSource('profile_export_genai_perf.json', JSON.stringify(doc)), {
      maxBadLineRatio: 0.05,
    });
    expect(run.workload).toMatchObject({ requests: 500, failed: 20, failedFrom: 'derived' });
  });
});

describe('the native format declares its key in the metadata block', () => {
  it('engine, engine_version and a workload object become key fields; a text workload is only shown', async () => {
    const text = [
      JSON.stringify({
        metadata: {
          benchmark: 'chat',
          model: 'm',
          engine: 'vllm',
          engine_version: '0.11.0',
          workload: {
            dataset: 'sharegpt',
            request_rate: 'inf',
            max_concurrency: 32,
            streaming: false,
            input_len: 512,
            tenant: 'acme',
          },
        },
      }),
      JSON.stringify({ request_id: 'r1', first_token_ms: 10, total_ms: 100 }),
    ].join('\n');
    const [run] = await ingestRuns(textSource('n.jsonl', text), { maxBadLineRatio: 0 });
    expect(workloadKey(run)).toEqual({
      dataset: 'sharegpt',
      inputLength: 512,
      requestRate: Infinity,
      concurrency: 32,
      streaming: false,
      engine: 'vllm',
      engineVersion: '0.11.0',
      model: 'm',
      tenant: 'acme',
    });
    const [plain] = await ingestRuns(
      textSource(
        'p.jsonl',
        `${JSON.stringify({ metadata: { workload: 'ShareGPT, 4 req/s' } })}\n${JSON.stringify({ first_token_ms: 10, total_ms: 100 })}\n`,
      ),
      { maxBadLineRatio: 0 },
    );
    expect(workloadKey(plain)).toEqual({});
  });
});
