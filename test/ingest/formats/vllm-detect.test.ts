// Detection of vLLM and SGLang results from the first 16 KiB: true on every fixture of the tool,
// false with the right reason on the other tool, on other tools' files and on native telemetry;
// it works on the head of a huge --save-detailed / --output-details file, whose statistics come
// after the arrays, and it never throws on a head cut anywhere.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sglangAdapter } from '../../../src/ingest/formats/sglang';
import { vllmAdapter } from '../../../src/ingest/formats/vllm';
import { resultKeysInHead } from '../../../src/ingest/formats/vllm-keys';
import { fixtureFiles, fixtureText, otherToolFiles } from './vllm-test-helpers';

const HEAD = 16 * 1024;
const head = (text: string) => text.slice(0, HEAD);

describe('detection on the fixtures', () => {
  it('every vLLM fixture is vLLM and not SGLang', () => {
    for (const file of fixtureFiles('vllm')) {
      const text = head(fixtureText(file));
      expect(vllmAdapter.detect(text, file), file).toMatchObject({
        match: true,
        reason: expect.stringMatching(/^vLLM bench serve result \(keys .*endpoint_type|tokenizer_id/),
      });
      expect(sglangAdapter.detect(text, file), file).toMatchObject({
        match: false,
        reason: expect.stringMatching(/^vLLM bench serve keys \(.*\), not SGLang bench_serving's$/),
      });
    }
  });

  it('every SGLang fixture is SGLang and not vLLM', () => {
    for (const file of fixtureFiles('sglang')) {
      const text = head(fixtureText(file));
      expect(sglangAdapter.detect(text, file), file).toMatchObject({
        match: true,
        reason: expect.stringMatching(/^SGLang bench_serving result \(keys .*total_output_tokens_retokenized/),
      });
      expect(vllmAdapter.detect(text, file), file).toMatchObject({
        match: false,
        reason: expect.stringMatching(
          /^SGLang bench_serving keys \(.*(mean_e2e_latency_ms|total_output_tokens_retokenized).*\), not vLLM bench serve's$/,
        ),
      });
    }
  });

  it("other tools' files and native telemetry are neither, with a reason", () => {
    // The other tools' fixtures and the shared real artifacts where present, and a few shapes inline.
    const others = otherToolFiles(['vllm', 'sglang']);
    others.push(
      [
        'llmperf-like.json',
        JSON.stringify({
          version: '2023-08-31',
          name: 'x',
          results_ttft_s_quantiles_p50: 0.3,
          results_num_completed_requests: 150,
          num_concurrent_requests: 5,
        }),
      ],
      [
        'genai-perf-like.json',
        JSON.stringify({
          request_throughput: { unit: 'requests/sec', avg: 3.2 },
          time_to_first_token: { unit: 'ms', avg: 40, p99: 90 },
        }),
      ],
      ['prometheus.txt', '# HELP vllm:e2e_request_latency_seconds x\nvllm:e2e_request_latency_seconds_count 3\n'],
    );
    const native = [
      JSON.stringify({ metadata: { benchmark: 'x', config: { max_num_seqs: 64 } } }),
      ...[1, 2, 3].map((i) =>
        JSON.stringify({
          request_id: `r${i}`,
          arrival_ts: 1.7e9 + i,
          first_token_ms: 120,
          total_ms: 900,
          queue_wait_ms: 20,
          prompt_tokens: 10,
          output_tokens: 20,
        }),
      ),
    ].join('\n');
    for (const [name, text] of [...others, ['native.jsonl', native] as [string, string]]) {
      for (const adapter of [vllmAdapter, sglangAdapter]) {
        const d = adapter.detect(head(text), name);
        expect(d.match, `${adapter.id} on ${name}: ${d.reason}`).toBe(false);
        expect(d.reason.length).toBeGreaterThan(10);
      }
    }
    expect(vllmAdapter.detect(native, 'n.jsonl').reason).toMatch(
      /^no benchmark result keys \(completed, request_throughput, \*_ttft_ms\)/,
    );
    expect(vllmAdapter.detect('# HELP vllm:num_requests_running\n', 'm.txt').reason).toMatch(
      /expected a JSON object, one per line, or a list of them/,
    );
    expect(
      vllmAdapter.detect('{"completed": 3, "request_throughput": 1.5, "mean_ttft_ms": 4}', 'x.json').reason,
    ).toMatch(/^a benchmark result, but no vLLM bench serve key \(endpoint_type/);
  });
});

/** A --save-detailed result of `n` requests in vllm/benchmarks/serve.py's key order: statistics last. */
function hugeVllm(n: number, sortKeys = false): string {
  const result: Record<string, unknown> = {
    date: '20251104-101530',
    endpoint_type: 'openai',
    backend: 'openai',
    label: null,
    model_id: 'm',
    tokenizer_id: 'm',
    num_prompts: n,
    request_rate: 'inf',
    burstiness: 1.0,
    max_concurrency: 64,
    duration: 100,
    completed: n,
    failed: 0,
    total_input_tokens: 100 * n,
    total_output_tokens: 200 * n,
    request_throughput: n / 100,
    request_goodput: null,
    output_throughput: 2 * n,
    total_token_throughput: 3 * n,
    input_lens: Array.from({ length: n }, () => 100),
    output_lens: Array.from({ length: n }, () => 200),
    ttfts: Array.from({ length: n }, (_, i) => 0.05 + i * 1e-6),
    itls: Array.from({ length: n }, () => Array.from({ length: 20 }, () => 0.0123456)),
    generated_texts: Array.from({ length: n }, () =>
      '"mean_e2e_latency_ms": 5, "total_output_tokens_retokenized": 3 '.repeat(3),
    ),
    errors: Array.from({ length: n }, () => ''),
    mean_ttft_ms: 50,
    median_ttft_ms: 50,
    mean_e2el_ms: 900,
  };
  const keys = sortKeys ? Object.keys(result).sort() : Object.keys(result);
  return JSON.stringify(Object.fromEntries(keys.map((k) => [k, result[k]])));
}

/** An --output-details line of a recent SGLang with a large server_info before the statistics. */
function hugeSglang(n: number): string {
  const serverInfo = Object.fromEntries(
    Array.from({ length: 1200 }, (_, i) => [`server_arg_${i}`, i % 3 === 0 ? 'a-longish-value' : i]),
  );
  return JSON.stringify({
    tag: null,
    backend: 'sglang-oai',
    dataset_name: 'sharegpt',
    request_rate: 'trace',
    max_concurrency: null,
    sharegpt_output_len: null,
    random_input_len: 1024,
    random_output_len: 1024,
    random_range_ratio: 0,
    server_info: { ...serverInfo, endpoint_type: 'x', tokenizer_id: 'y', burstiness: 1 },
    duration: 10,
    completed: n,
    total_input_tokens: 5,
    total_output_tokens: 5,
    total_output_tokens_retokenized: 5,
    request_throughput: 1,
    input_throughput: 1,
    output_throughput: 1,
    total_throughput: 2,
    mean_e2e_latency_ms: 1,
    ttfts: Array.from({ length: n }, () => 0.1),
  });
}

describe('detection on the 16 KiB head of huge files', () => {
  it('vLLM --save-detailed: the early keys suffice, keys inside generated texts are ignored', () => {
    for (const sorted of [false, true]) {
      const text = hugeVllm(3000, sorted);
      expect(text.length).toBeGreaterThan(20 * HEAD);
      expect(text.slice(0, HEAD)).not.toMatch(/_e2el_ms/);
      expect(vllmAdapter.detect(head(text), 'big.json').match).toBe(true);
      expect(sglangAdapter.detect(head(text), 'big.json').match).toBe(false);
    }
  });

  it('SGLang with a server_info larger than the head: the settings before it suffice', () => {
    const text = hugeSglang(3000);
    expect(text.indexOf('mean_e2e_latency_ms')).toBeGreaterThan(HEAD);
    // server_info's own keys (endpoint_type, tokenizer_id, burstiness here) are nested, so they do not count.
    expect(sglangAdapter.detect(head(text), 'big.jsonl')).toMatchObject({
      match: true,
      reason: expect.stringMatching(/sharegpt_output_len|server_info/),
    });
    expect(vllmAdapter.detect(head(text), 'big.jsonl').match).toBe(false);
  });

  it('keys are read only from result objects, never from strings or nested objects', () => {
    expect([...resultKeysInHead('{"a": 1, "b": {"c": 2}, "d": "\\"e\\": 3", "f\\u0067": [{"h": 1}]}')]).toEqual([
      'a',
      'b',
      'd',
      'fg',
    ]);
    expect([...resultKeysInHead('[{"a": 1}, {"b": {"c": 1}}]\n')]).toEqual(['a', 'b']);
    expect([...resultKeysInHead('{"a": 1}\n{"b": 2}\n{"c": "cut off')]).toEqual(['a', 'b', 'c']);
    expect([...resultKeysInHead('{"a": 1}\n{"b": 2}\n{"cut off')]).toEqual(['a', 'b']);
  });

  it('never throws on a head cut anywhere, or on random text', () => {
    const texts = [...fixtureFiles('vllm'), ...fixtureFiles('sglang')].map(fixtureText);
    fc.assert(
      fc.property(fc.nat(texts.length - 1), fc.nat(), (i, cut) => {
        const text = texts[i].slice(0, cut % (texts[i].length + 1));
        for (const adapter of [vllmAdapter, sglangAdapter]) {
          const d = adapter.detect(text, 'f');
          expect(typeof d.match).toBe('boolean');
          expect(d.reason).not.toBe('');
        }
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        vllmAdapter.detect(text, 'f');
        sglangAdapter.detect(text, 'f');
      }),
      { numRuns: 300 },
    );
  });
});
