// SGLang bench_serving JSONL: exact mapping of the real Dec 2024 outputs (online sweep by request
// rate, offline with bare Infinity) and of a synthetic late-2025 --output-details file with a
// failed request and a line where every request failed (bare NaN latencies).

import { describe, expect, it } from 'vitest';
import { readSglangResults, sglangAdapter } from '../../../src/ingest/formats/sglang';
import { textSource } from '../../../src/ingest/source';
import { parseJsonLenient } from '../../../src/ingest/text/lenient-json';
import { inputError, rowsOf } from '../native/helpers';
import { OPTIONS, expectUsableNumbers, fixtureSource, fixtureText, summary, value } from './vllm-test-helpers';

const read = (path: string, chunk?: number) => sglangAdapter.read(fixtureSource(path, chunk), OPTIONS);

describe('SGLang: real bench_serving --output-file (Dec 2024)', () => {
  it('one run per line, with the statistics that version writes', async () => {
    const runs = await read('sglang/h200_llama_3_3_70b_online_output.jsonl', 333);
    expect(runs).toHaveLength(7);
    runs.forEach(expectUsableNumbers);
    const [run] = runs;
    expect(run.role).toBe('summary');
    expect(run.summaries).toEqual([
      { metric: 'e2e', stat: 'mean', value: 7840.616212638561, field: 'mean_e2e_latency_ms', count: 300 },
      { metric: 'e2e', stat: 'p50', value: 7819.046192569658, field: 'median_e2e_latency_ms', count: 300 },
      { metric: 'ttft', stat: 'p50', value: 85.74514742940664, field: 'median_ttft_ms', count: 300 },
      { metric: 'itl', stat: 'p50', value: 13.638956006616354, field: 'median_itl_ms' },
      { metric: 'throughput', stat: 'mean', value: 537.4142851849319, field: 'output_throughput' },
    ]);
    // The workload key: dataset random with its length settings, the backend (sglang) as the engine.
    expect(run.workload).toEqual({
      requests: 300,
      requestRate: 1,
      durationSeconds: 298.3675805060193,
      inputTokensMean: 152612 / 300,
      outputTokensMean: 160347 / 300,
      dataset: 'random',
      inputLength: 1024,
      outputLength: 1024,
      engine: 'sglang',
    });
    expect(run.meta.config).toEqual({
      backend: 'sglang',
      dataset_name: 'random',
      request_rate: 1,
      random_input_len: 1024,
      random_output_len: 1024,
      random_range_ratio: 0,
    });
    expect(run.meta.extra).toEqual({ result_in_file: 'line 1', total_output_tokens_retokenized: '160192' });
    expect(run.meta.workload).toBe('dataset random, request rate 1/s, 300 requests');
    expect(run.meta.benchmark).toBeUndefined();
    expect(run.sources).toEqual([
      {
        file: 'sglang/h200_llama_3_3_70b_online_output.jsonl',
        format: 'sglang',
        recordsRead: 1,
        recordsKept: 1,
        skipped: 0,
        issues: [],
        warnings: [],
      },
    ]);
    expect(runs.map((r) => r.workload?.requestRate)).toEqual([1, 2, 4, 8, 16, 4, 8]);
    expect(runs.map((r) => r.meta.config.dataset_name)).toEqual([
      'random',
      'random',
      'random',
      'random',
      'random',
      'sharegpt',
      'sharegpt',
    ]);
    expect(value(runs[6], 'ttft', 'p50')).toBe(83.16566958092153);
  });

  it('bare Infinity (offline, --request-rate inf) is an infinite request rate', async () => {
    const runs = await read('sglang/h200_llama_3_3_70b_offline_output.jsonl');
    expect(runs).toHaveLength(7);
    for (const run of runs) {
      expectUsableNumbers(run);
      expect(run.workload?.requestRate).toBe(Infinity);
      expect(run.meta.config.request_rate).toBe('inf');
    }
    expect(value(runs[0], 'e2e', 'mean')).toBe(224918.79882259612);
    expect(value(runs[0], 'throughput', 'mean')).toBe(4520.698730654741);
    expect(runs[0].workload?.requests).toBe(3000);
  });

  it('the earlier run of the same script reads the same way', async () => {
    const runs = await read('sglang/h200_llama_3_3_70b_online_output_EARLIER_RUN_65b698b.jsonl');
    expect(runs.map((r) => value(r, 'ttft', 'p50'))).toEqual([
      82.87082647439092, 84.7704210318625, 103.338644024916, 194.49735060334206, 1292.0442644972354,
    ]);
  });
});

describe('SGLang: --output-details (synthetic, bench_serving.py late 2025)', () => {
  it('per-request rows with gaps; totals are the time of the last token; server settings in config', async () => {
    const runs = await read('sglang/synthetic_output_details_2025.jsonl', 64);
    expect(runs).toHaveLength(2);
    const [run] = runs;
    expectUsableNumbers(run);
    expect(run.role).toBe('requests');
    const rows = rowsOf(run.requests!);
    expect(rows).toHaveLength(3);
    expect(rows[0].first_token_ms as number).toBeCloseTo(100, 9);
    expect(rows[0].total_ms as number).toBeCloseTo(145, 9);
    expect(rows[0].decode_ms as number).toBeCloseTo(45, 9);
    expect(rows[0]).toMatchObject({ prompt_tokens: 128, output_tokens: 4 });
    expect(rows[1]).toEqual({ prompt_tokens: 130, error: 'Internal Server Error' });
    expect(rows[2].total_ms as number).toBeCloseTo(148, 9);
    expect(Array.from(run.requests!.tokenGaps!.offsets)).toEqual([0, 3, 3, 5]);
    expect(run.requests!.orderedByArrival).toBe(false);
    expect(run.sources[0]).toMatchObject({ format: 'sglang', recordsRead: 3, recordsKept: 3, skipped: 0 });
    expect(run.sources[0].warnings.join('\n')).toMatch(/ttft \+ the sum of the token gaps/);

    expect(value(run, 'e2e', 'mean')).toBe(149);
    expect(value(run, 'e2e', 'p90')).toBeCloseTo(149.8, 9);
    expect(value(run, 'ttft', 'mean')).toBeCloseTo(105, 9);
    expect(value(run, 'itl', 'max')).toBe(20);
    expect(value(run, 'itl', 'p95')).toBeDefined();
    expect(value(run, 'request_throughput', 'mean')).toBe(4);
    expect(summary(run, 'total_token_throughput', 'mean')).toMatchObject({
      value: 522,
      unit: 'tok/s',
      field: 'total_throughput',
    });
    expect(summary(run, 'input_throughput', 'mean')).toMatchObject({ value: 508, direction: 'higher-is-better' });
    expect(summary(run, 'max_output_tokens_per_s', 'max')?.value).toBe(9);
    expect(run.summaries.some((s) => s.metric === 'spec_decode_acceptance_length')).toBe(false);
    expect(run.workload).toEqual({
      requests: 3,
      failed: 1,
      failedFrom: 'rows',
      concurrency: 64,
      requestRate: Infinity,
      durationSeconds: 0.5,
      inputTokensMean: 127,
      outputTokensMean: 3.5,
      dataset: 'random',
      inputLength: 128,
      outputLength: 4,
      engine: 'sglang',
      engineVersion: '0.5.4',
    });
    expect(run.meta).toMatchObject({
      benchmark: 'pr-1234',
      model: 'meta-llama/Llama-3.1-8B-Instruct',
      config: {
        backend: 'sglang',
        max_concurrency: 64,
        request_rate: 'inf',
        max_running_requests: 256,
        chunked_prefill_size: 8192,
        tp_size: 1,
        schedule_policy: 'fcfs',
        disable_radix_cache: false,
        mem_fraction_static: 0.88,
      },
      extra: { sglang_version: '0.5.4', tag: 'pr-1234', total_input_vision_tokens: '0' },
    });
    // Neither the generated texts nor the rest of server_info are kept.
    expect(JSON.stringify({ ...run, requests: undefined })).not.toMatch(/x y z|internal_states|last_gen_throughput/);
  });

  it('every request failed: NaN latencies left out, the run still there', async () => {
    const [, run] = await read('sglang/synthetic_output_details_2025.jsonl');
    expectUsableNumbers(run);
    expect(run.summaries.filter((s) => ['ttft', 'tpot', 'itl', 'e2e'].includes(s.metric))).toEqual([]);
    expect(value(run, 'throughput', 'mean')).toBe(0);
    expect(run.sources[0].warnings).toEqual([
      'every request failed (completed 0): the latency statistics, which the tool writes as 0 or NaN, were left out',
    ]);
    expect(run.workload).toMatchObject({ requests: 0, requestRate: Infinity, concurrency: 64 });
  });
});

describe('SGLang: the metrics-dataclass dump (python/sglang/benchmark/metrics.py)', () => {
  it('total_input / total_output and the retokenized keys read too', async () => {
    const line = {
      backend: 'sglang',
      dataset_name: 'random',
      request_rate: 8,
      max_concurrency: null,
      sharegpt_output_len: null,
      random_input_len: 512,
      random_output_len: 128,
      random_range_ratio: 0.5,
      duration: 10,
      completed: 20,
      total_input: 10240,
      total_output: 2560,
      total_output_retokenized: 2555,
      request_throughput: 2,
      input_throughput: 1024,
      output_throughput: 256,
      output_throughput_retokenized: 255.5,
      total_throughput: 1280,
      total_throughput_retokenized: 1279.5,
      mean_ttft_ms: 30,
      median_ttft_ms: 28,
      std_ttft_ms: 4,
      p99_ttft_ms: 41,
      mean_e2e_latency_ms: 900,
      median_e2e_latency_ms: 880,
      std_e2e_latency_ms: 50,
      p99_e2e_latency_ms: 1010,
      concurrency: 1.8,
      accept_length: 2.5,
    };
    const text = `${JSON.stringify(line)}\n`;
    expect(sglangAdapter.detect(text, 'r.jsonl').match).toBe(true);
    const [run] = await sglangAdapter.read(textSource('r.jsonl', text), OPTIONS);
    expectUsableNumbers(run);
    expect(run.workload).toEqual({
      requests: 20,
      requestRate: 8,
      durationSeconds: 10,
      inputTokensMean: 512,
      outputTokensMean: 128,
      dataset: 'random',
      inputLength: 512,
      outputLength: 128,
      engine: 'sglang',
    });
    expect(value(run, 'e2e', 'p99')).toBe(1010);
    expect(summary(run, 'spec_decode_acceptance_length', 'mean')).toMatchObject({
      value: 2.5,
      unit: 'tokens',
      field: 'accept_length',
    });
    expect(run.meta.extra).toMatchObject({
      output_throughput_retokenized: '255.5',
      concurrency: '1.8',
      total_output_retokenized: '2555',
    });
  });
});

describe('SGLang: bad input', () => {
  it('wrong types and unusable lines name the line and the key', async () => {
    const line = parseJsonLenient(fixtureText('sglang/synthetic_output_details_2025.jsonl').split('\n')[0]) as Record<
      string,
      unknown
    >;
    const e = await inputError(
      sglangAdapter.read(textSource('s.jsonl', `${JSON.stringify({ ...line, itls: 'x' })}\n`), OPTIONS),
    );
    expect(e.message).toBe(
      's.jsonl: field "itls": SGLang bench_serving result: key "itls": expected a list of lists of gaps (seconds), got a string',
    );
    const two = `${JSON.stringify(line)}\n${JSON.stringify({ ...line, errors: 5 })}\n`;
    const e2 = await inputError(sglangAdapter.read(textSource('s.jsonl', two), OPTIONS));
    expect(e2.line).toBe(2);
    expect(e2.message).toMatch(/\(line 2\): key "errors": expected a list of strings/);
    const e3 = await inputError(sglangAdapter.read(textSource('s.jsonl', 'NaN\n'), OPTIONS));
    expect(e3.message).toMatch(/expected a JSON object/);
  });

  it('a file larger than the cap is refused before parsing', async () => {
    const e = await inputError(
      readSglangResults(
        textSource('s.jsonl', fixtureText('sglang/h200_llama_3_3_70b_offline_output.jsonl'), 512),
        OPTIONS,
        2048,
      ),
    );
    expect(e.message).toMatch(/SGLang bench_serving result: the file is larger than/);
  });
});
