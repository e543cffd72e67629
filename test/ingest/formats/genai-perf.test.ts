// GenAI-Perf: the real summaries from perf_analyzer issue #298 (streaming and not) and the synthetic
// per-request profile_export.json, read into exact numbers; older unit spellings honoured.

import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/ingest/errors';
import { genaiPerfAdapter, readGenaiPerf } from '../../../src/ingest/formats/genai-perf';
import { openAiResponseHasContent } from '../../../src/ingest/formats/genai-perf-responses';
import { textSource } from '../../../src/ingest/source';
import { expectAllFinite, fixture, gapsOf, OPTIONS, summary, summaryValue, textColumn } from './genai-perf-helpers';

const STREAMING = 'issue298_streaming_profile_export_genai_perf.json';
const NON_STREAMING = 'issue298_nonstreaming_profile_export_genai_perf.json';
const RAW = 'synthetic_profile_export.json';

describe('GenAI-Perf summary (real, streaming)', () => {
  it('maps each stats block to catalog metrics in ms, tok/s and req/s', async () => {
    const runs = await genaiPerfAdapter.read(fixture('genai-perf', STREAMING), OPTIONS);
    expect(runs).toHaveLength(1);
    const run = runs[0];
    expect(run.role).toBe('summary');
    expect(summaryValue(run, 'e2e', 'mean')).toBe(5767.434807386666);
    expect(summaryValue(run, 'e2e', 'p50')).toBe(5778.654798);
    expect(summaryValue(run, 'e2e', 'p99')).toBe(5910.154859249999);
    expect(summaryValue(run, 'e2e', 'min')).toBe(5573.489708);
    expect(summaryValue(run, 'e2e', 'std')).toBe(94.06435995440489);
    expect(summaryValue(run, 'ttft', 'mean')).toBe(184.63779366666665);
    expect(summaryValue(run, 'ttft', 'p90')).toBe(302.80112349999996);
    expect(summaryValue(run, 'ttft', 'p25')).toBe(124.51677875);
    // GenAI-Perf's inter_token_latency is (latency − TTFT) / (tokens − 1) per request: TPOT.
    expect(summaryValue(run, 'tpot', 'mean')).toBe(2.1767344516666665);
    expect(summaryValue(run, 'tpot', 'p95')).toBe(2.2451001999999995);
    expect(summary(run, 'itl', 'mean')).toBeUndefined();
    expect(run.summaries.filter((s) => s.metric === 'throughput')).toEqual([
      { metric: 'throughput', stat: 'mean', value: 44190.56002502682, field: 'output_token_throughput.avg' },
    ]);
    expect(summaryValue(run, 'request_throughput', 'mean')).toBe(17.222547659562533);
    expect(summary(run, 'output_token_throughput_per_request', 'mean')).toMatchObject({
      value: 445.00388376637636,
      unit: 'tok/s',
      direction: 'higher-is-better',
    });
    // Token lengths describe the workload, not performance.
    expect(run.summaries.some((s) => s.metric.includes('sequence_length'))).toBe(false);
    // The key: synthetic prompts of 200 ± 20 tokens, 500 output tokens asked for, streaming, TensorRT-LLM behind Triton.
    expect(run.workload).toEqual({
      concurrency: 100,
      inputTokensMean: 200.85,
      outputTokensMean: 2565.855,
      streaming: true,
      dataset: 'synthetic',
      inputLength: 200,
      outputLength: 500,
      engine: 'tensorrtllm',
    });
    expect(run.meta.model).toBe('ensemble');
    expect(run.meta.benchmark).toBe('ensemble');
    expect(run.meta.config).toMatchObject({ concurrency: 100, streaming: true, endpoint_type: 'kserve' });
    expect(run.meta.config.request_rate).toBeUndefined();
    expect(run.meta.extra.service_kind).toBe('triton');
    expect(run.sources[0]).toMatchObject({ file: STREAMING, format: 'genai-perf', skipped: 0, warnings: [] });
  });

  it('reads the same numbers whatever the chunking', async () => {
    const whole = await genaiPerfAdapter.read(fixture('genai-perf', STREAMING), OPTIONS);
    const bytes = await genaiPerfAdapter.read(fixture('genai-perf', STREAMING, 7), OPTIONS);
    expect(bytes[0].summaries).toEqual(whole[0].summaries);
  });
});

describe('GenAI-Perf summary (real, without --streaming)', () => {
  it('keeps TTFT equal to the request latency as written, and makes up no TPOT or decode', async () => {
    const [run] = await genaiPerfAdapter.read(fixture('genai-perf', NON_STREAMING), OPTIONS);
    expect(summaryValue(run, 'ttft', 'mean')).toBe(4610.6156361171425);
    expect(summaryValue(run, 'e2e', 'mean')).toBe(4610.6156361171425);
    expect(summaryValue(run, 'ttft', 'p99')).toBe(summaryValue(run, 'e2e', 'p99'));
    expect(run.summaries.some((s) => s.metric === 'tpot' || s.metric === 'decode' || s.metric === 'itl')).toBe(false);
    expect(summaryValue(run, 'throughput', 'mean')).toBe(12277.70340876071);
    expect(run.meta.config.streaming).toBe(false);
    expect(run.sources[0].warnings.join(' ')).toMatch(/without --streaming.*whole request latency/);
  });
});

describe('GenAI-Perf summary, other versions', () => {
  it('honours "ns" units, "tokens per sec" and numeric strings (2024 versions)', async () => {
    const text = JSON.stringify({
      request_throughput: { unit: 'requests/sec', avg: '7' },
      time_to_first_token: { unit: 'ns', avg: '20757771.22095672', p99: '29047316.52', min: '10820287' },
      output_token_throughput: { unit: 'tokens per sec', avg: '217.1010500160076' },
      num_output_token: { unit: 'tokens', avg: '17.763097949886106' },
      input_config: { model: ['gpt2_vllm'], concurrency: 1, request_rate: null },
    });
    const [run] = await readGenaiPerf(textSource('old.json', text), OPTIONS);
    expect(summaryValue(run, 'ttft', 'mean')).toBeCloseTo(20.75777122095672, 12);
    expect(summaryValue(run, 'ttft', 'p99')).toBeCloseTo(29.04731652, 12);
    expect(summaryValue(run, 'ttft', 'min')).toBeCloseTo(10.820287, 12);
    expect(summaryValue(run, 'throughput', 'mean')).toBe(217.1010500160076);
    expect(summaryValue(run, 'request_throughput', 'mean')).toBe(7);
    expect(run.workload?.outputTokensMean).toBe(17.763097949886106);
  });

  it('leaves out a catalog block whose unit does not fit, with a warning', async () => {
    const text = JSON.stringify({
      request_latency: { unit: 'tokens', avg: 5 },
      time_to_first_token: { unit: 'ms', avg: 12 },
    });
    const [run] = await readGenaiPerf(textSource('x.json', text), OPTIONS);
    expect(summary(run, 'e2e', 'mean')).toBeUndefined();
    expect(summaryValue(run, 'ttft', 'mean')).toBe(12);
    expect(run.sources[0].warnings.join(' ')).toMatch(/request_latency: unit "tokens" is not a duration unit/);
  });

  it('reads "inf" request rates and --extra-inputs into the config', async () => {
    const text = JSON.stringify({
      request_latency: { unit: 'ms', avg: 5 },
      input_config: {
        model: ['m'],
        concurrency: null,
        request_rate: 'inf',
        extra_inputs: { max_tokens: 256, ignore_eos: true },
        header: ['Authorization: Bearer sk-secret'],
      },
    });
    const [run] = await readGenaiPerf(textSource('x.json', text), OPTIONS);
    expect(run.workload?.requestRate).toBe(Infinity);
    expect(run.meta.config).toMatchObject({
      request_rate: 'inf',
      'extra_inputs.max_tokens': 256,
      'extra_inputs.ignore_eos': true,
    });
    expect(JSON.stringify(run.meta)).not.toContain('sk-secret');
  });

  it('refuses a summary without any usable metric block', async () => {
    await expect(
      readGenaiPerf(textSource('x.json', '{"request_latency": {"unit": "ms", "avg": "soon"}}'), OPTIONS),
    ).rejects.toThrow(/GenAI-Perf summary: no metric block/);
    await expect(readGenaiPerf(textSource('x.json', '[1, 2]'), OPTIONS)).rejects.toThrow(InputError);
  });
});

describe('which OpenAI responses carry content', () => {
  const chunk = (delta: object) =>
    `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`;
  it.each([
    ['role-only first chunk', chunk({ role: 'assistant', content: '' }), false],
    ['finish chunk', chunk({}), false],
    ['null content', chunk({ content: null }), false],
    ['reasoning only', chunk({ reasoning_content: 'hmm' }), false],
    ['[DONE]', 'data: [DONE]\n\n', false],
    [
      'usage only',
      'data: {"id":"c","object":"chat.completion.chunk","choices":[],"usage":{"prompt_tokens":5}}\n\n',
      false,
    ],
    ['SSE comment', ': ping\n\n', false],
    ['token', chunk({ content: 'Hi' }), true],
    ['escaped quote', chunk({ content: '"' }), true],
    ['two events, one with content', chunk({ role: 'assistant' }) + chunk({ content: 'x' }), true],
    ['completions text', 'data: {"object":"text_completion","choices":[{"text":" the"}]}\n\n', true],
    [
      'non-streaming chat',
      '{"object":"chat.completion","choices":[{"message":{"role":"assistant","content":"All of it"}}]}',
      true,
    ],
    ['not a string', 42, false],
  ])('%s', (_name, response, expected) => {
    expect(openAiResponseHasContent(response)).toBe(expected);
  });
});

describe('GenAI-Perf per-request profile export (synthetic)', () => {
  it('makes one run per experiment with per-request rows from the content responses', async () => {
    const runs = await genaiPerfAdapter.read(fixture('genai-perf', RAW), OPTIONS);
    expectAllFinite(runs);
    expect(runs).toHaveLength(2);
    const [concurrency, rate] = runs;
    expect(concurrency.role).toBe('requests');
    const t = concurrency.requests!;
    expect(t.length).toBe(3);
    expect(t.orderedByArrival).toBe(true);
    expect(t.numbers.arrival_ts![0]).toBe(1735689600);
    // Role-only first chunk, empty finish chunk and [DONE] carry no content: TTFT 20 ms, last token 42.5 ms.
    expect(t.numbers.first_token_ms![0]).toBeCloseTo(20, 3);
    expect(t.numbers.total_ms![0]).toBeCloseTo(42.5, 3);
    expect(t.numbers.decode_ms![0]).toBeCloseTo(22.5, 3);
    expect(gapsOf(concurrency, 0).map((g) => Number(g.toFixed(3)))).toEqual([10, 12.5]);
    expect(t.extraNumbers.get('response_count')![0]).toBe(3);
    // Two events received as one response count once.
    expect(t.numbers.first_token_ms![1]).toBeCloseTo(25, 3);
    expect(t.numbers.total_ms![1]).toBeCloseTo(37, 3);
    expect(gapsOf(concurrency, 1).map((g) => Number(g.toFixed(3)))).toEqual([12]);
    // No response at all: a failed request, kept as a row.
    expect(textColumn(concurrency, 'error', 2)).toBe('no response with content');
    expect(Number.isNaN(t.numbers.first_token_ms![2])).toBe(true);
    expect(concurrency.workload).toMatchObject({ requests: 3, failed: 1, concurrency: 2 });
    expect(concurrency.workload!.durationSeconds).toBeCloseTo(0.0425, 5);
    expect(concurrency.meta).toMatchObject({ model: 'meta-llama/Llama-3.1-8B-Instruct', workload: 'concurrency 2' });
    expect(concurrency.meta.config).toMatchObject({
      concurrency: 2,
      service_kind: 'openai',
      endpoint: 'v1/chat/completions',
    });
    expect(concurrency.sources[0]).toMatchObject({ format: 'genai-perf', recordsRead: 3, recordsKept: 3, skipped: 0 });

    expect(rate.workload).toMatchObject({ requests: 2, failed: 0, requestRate: 4 });
    expect(rate.meta.config.request_rate).toBe(4);
    const r = rate.requests!;
    expect([r.numbers.first_token_ms![0], r.numbers.total_ms![0]].map((v) => Number(v.toFixed(3)))).toEqual([15, 25]);
    expect([r.numbers.first_token_ms![1], r.numbers.total_ms![1]].map((v) => Number(v.toFixed(3)))).toEqual([18, 30]);
    expect(gapsOf(rate, 1).map((g) => Number(g.toFixed(3)))).toEqual([12]);
  });

  it('times every response for non-OpenAI service kinds, and a single response has no decode phase', async () => {
    const doc = {
      experiments: [
        {
          experiment: { mode: 'concurrency', value: 1 },
          requests: [
            {
              timestamp: 1_000_000_000,
              request_inputs: { text_input: 'hi' },
              response_timestamps: [1_003_000_000, 1_005_000_000],
              response_outputs: [{ text_output: '' }, { text_output: 'x' }],
            },
            {
              timestamp: 2_000_000_000,
              request_inputs: { text_input: 'hi' },
              response_timestamps: [2_050_000_000],
              response_outputs: [{ text_output: 'all' }],
            },
          ],
        },
      ],
      version: '2.41.0',
      service_kind: 'triton',
      endpoint: '',
    };
    const [run] = await readGenaiPerf(textSource('p.json', JSON.stringify(doc)), OPTIONS);
    const n = run.requests!.numbers;
    expect([n.first_token_ms![0], n.total_ms![0], n.decode_ms![0]]).toEqual([3, 5, 2]);
    expect([n.first_token_ms![1], n.total_ms![1]]).toEqual([50, 50]);
    expect(Number.isNaN(n.decode_ms![1])).toBe(true);
    expect(gapsOf(run, 1)).toEqual([]);
    expect(run.meta.extra.perf_analyzer_version).toBe('2.41.0');
  });

  it('skips a request with a broken timestamp and names it', async () => {
    const doc = {
      experiments: [
        {
          experiment: { mode: 'concurrency', value: 1 },
          requests: [
            { timestamp: 'soon', response_timestamps: [1] },
            ...Array.from({ length: 30 }, (_, i) => ({
              timestamp: 1e9 * (i + 1),
              response_timestamps: [1e9 * (i + 1) + 5e6],
            })),
          ],
        },
      ],
    };
    const [run] = await readGenaiPerf(textSource('p.json', JSON.stringify(doc)), OPTIONS);
    expect(run.requests!.length).toBe(30);
    expect(run.sources[0].skipped).toBe(1);
    expect(run.sources[0].issues[0]).toMatchObject({
      line: 1,
      message: expect.stringMatching(/request 1: "timestamp" must be nanoseconds/),
    });
    await expect(readGenaiPerf(textSource('p.json', '{"experiments": {"a": 1}}'), OPTIONS)).rejects.toThrow(
      /key "experiments": expected a list/,
    );
    await expect(readGenaiPerf(textSource('p.json', '{"experiments": []}'), OPTIONS)).rejects.toThrow(
      /"experiments" is empty/,
    );
  });
});
