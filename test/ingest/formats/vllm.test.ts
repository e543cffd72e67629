// vLLM result files: exact mapping of real 0.25.1 outputs (single result, sweep run=N.json and
// summary.json, every request failed) and of synthetic --save-detailed, early-2025 and
// --append-result files written from the tool's source; bad input gives InputError with where
// and what.

import { describe, expect, it } from 'vitest';
import { textSource } from '../../../src/ingest/source';
import { readVllmResults, vllmAdapter } from '../../../src/ingest/formats/vllm';
import { inputError, rowsOf } from '../native/helpers';
import { OPTIONS, expectUsableNumbers, fixtureSource, fixtureText, summary, value } from './vllm-test-helpers';

const read = (path: string, chunk?: number) => vllmAdapter.read(fixtureSource(path, chunk), OPTIONS);

describe('vLLM: real sweep run=N.json (0.25.1)', () => {
  it('maps every statistic, the workload and the sweep parameters', async () => {
    const runs = await read('vllm/sweep-opt125m-max_num_seqs4-run0.json');
    expect(runs).toHaveLength(1);
    const [run] = runs;
    expectUsableNumbers(run);
    expect(run.role).toBe('summary');
    expect(run.repeat).toBe('run=0');
    expect(run.requests).toBeUndefined();
    expect(value(run, 'ttft', 'mean')).toBe(217.27289337468392);
    expect(value(run, 'ttft', 'p50')).toBe(44.92285849846667);
    expect(value(run, 'ttft', 'std')).toBe(309.1373405846827);
    expect(value(run, 'ttft', 'p99')).toBe(762.4942294094944);
    expect(value(run, 'tpot', 'p99')).toBe(9.394318119331729);
    expect(value(run, 'itl', 'p50')).toBe(7.372754000243731);
    expect(value(run, 'e2e', 'mean')).toBe(340.3411977451469);
    expect(value(run, 'e2e', 'p99')).toBe(876.8009717071254);
    expect(summary(run, 'ttft', 'mean')).toMatchObject({ count: 8, field: 'mean_ttft_ms' });
    expect(summary(run, 'throughput', 'mean')).toMatchObject({ value: 93.74767963046673, field: 'output_throughput' });
    expect(value(run, 'request_throughput', 'mean')).toBe(5.859229976904171);
    expect(summary(run, 'total_token_throughput', 'mean')).toMatchObject({
      value: 281.2430388914002,
      unit: 'tok/s',
      direction: 'higher-is-better',
    });
    expect(summary(run, 'max_output_tokens_per_s', 'max')).toMatchObject({
      value: 75,
      unit: 'tok/s',
      direction: 'higher-is-better',
    });
    // request_goodput is null without --goodput.
    expect(run.summaries.some((s) => s.metric === 'request_goodput')).toBe(false);
    // 4 latency metrics × mean/median/std/p99 + output, request, total token and peak throughput.
    expect(run.summaries).toHaveLength(20);
    // backend "openai" names a protocol, not an engine: no engine in the key.
    expect(run.workload).toEqual({
      requests: 8,
      failed: 0,
      failedFrom: 'tool',
      concurrency: 2,
      requestRate: Infinity,
      durationSeconds: 1.3653671270003542,
      inputTokensMean: 32,
      outputTokensMean: 16,
    });
    expect(run.meta.model).toBe('facebook/opt-125m');
    expect(run.meta.benchmark).toBe('facebook/opt-125m');
    expect(run.meta.config).toEqual({
      backend: 'openai',
      max_concurrency: 2,
      request_rate: 'inf',
      burstiness: 1,
      num_prompts: 8,
      max_num_seqs: 4,
    });
    expect(run.meta.extra).toMatchObject({
      date: '20260818-021333',
      endpoint_type: 'openai',
      tokenizer_id: 'facebook/opt-125m',
      run_number: '0',
      max_concurrent_requests: '6',
    });
    expect(run.sources).toEqual([
      {
        file: 'vllm/sweep-opt125m-max_num_seqs4-run0.json',
        format: 'vllm',
        recordsRead: 1,
        recordsKept: 1,
        skipped: 0,
        issues: [],
        warnings: [],
      },
    ]);
  });

  it('the sweep summary.json (a list) gives one run per element, equal to the run=N.json files', async () => {
    for (const seqs of [4, 8]) {
      const runs = await read(`vllm/sweep-opt125m-max_num_seqs${seqs}-summary.json`);
      expect(runs.map((r) => r.repeat)).toEqual(['run=0', 'run=1']);
      for (const [i, run] of runs.entries()) {
        const [single] = await read(`vllm/sweep-opt125m-max_num_seqs${seqs}-run${i}.json`);
        expect(run.summaries).toEqual(single.summaries);
        expect(run.workload).toEqual(single.workload);
        expect(run.meta.config).toEqual(single.meta.config);
        expect(run.meta.extra).toEqual({ ...single.meta.extra, result_in_file: `element ${i + 1} of the list` });
        expect(run.meta.config.max_num_seqs).toBe(seqs);
      }
    }
  });
});

describe('vLLM: real vllm bench serve results (0.25.1)', () => {
  it('every request failed: a run with workload.failed and no latency summaries', async () => {
    const [run] = await read('vllm/bench_serve_v0.25.1_all_failed.json');
    expectUsableNumbers(run);
    expect(run.workload).toEqual({
      requests: 8,
      failed: 8,
      failedFrom: 'tool',
      requestRate: Infinity,
      durationSeconds: 0.00503263997961767,
      engine: 'vllm',
    });
    for (const metric of ['ttft', 'tpot', 'itl', 'e2e'])
      expect(run.summaries.some((s) => s.metric === metric)).toBe(false);
    expect(value(run, 'throughput', 'mean')).toBe(0);
    expect(value(run, 'request_throughput', 'mean')).toBe(0);
    expect(run.sources[0].warnings.join('\n')).toMatch(
      /every request failed \(completed 0\): the latency statistics, which the tool writes as 0 or NaN, were left out/,
    );
    expect(run.role).toBe('summary');
  });

  it('keys sorted alphabetically read the same', async () => {
    const [run] = await read('vllm/bench_serve_v0.25.1_opt125m_sortedkeys.json', 97);
    expect(value(run, 'ttft', 'mean')).toBe(215.53594200008774);
    expect(value(run, 'ttft', 'p50')).toBe(55.68139649994919);
    expect(value(run, 'itl', 'p99')).toBe(29.815922519960626);
    expect(value(run, 'throughput', 'mean')).toBe(82.89297074037474);
    expect(run.summaries.some((s) => s.metric === 'e2e')).toBe(false);
    expect(run.workload).toMatchObject({
      requests: 8,
      failed: 0,
      concurrency: 2,
      inputTokensMean: 32,
      outputTokensMean: 16,
    });
    expect(run.repeat).toBeUndefined();
    expect(run.meta.config).toEqual({
      backend: 'vllm',
      max_concurrency: 2,
      request_rate: 'inf',
      burstiness: 1,
      num_prompts: 8,
    });
  });
});

describe('vLLM: --save-detailed (synthetic, vllm/benchmarks/serve.py late 2025)', () => {
  it('per-request rows, sorted by start time, with token gaps, and the summaries too', async () => {
    const [run] = await read('vllm/synthetic_serve_detailed_2025.json', 50);
    expectUsableNumbers(run);
    expect(run.role).toBe('requests');
    const table = run.requests!;
    expect(table.orderedByArrival).toBe(true);
    const rows = rowsOf(table);
    // File order 0, 1, 2 (failed), 3; request 3 started before request 2.
    expect(rows.map((r) => r.prompt_tokens)).toEqual([32, 30, 33, 31]);
    expect(Array.from(table.sourceLine)).toEqual([1, 2, 4, 3]);
    const close = (row: Record<string, unknown>, expected: Record<string, number>) => {
      for (const [k, v] of Object.entries(expected)) expect(row[k] as number, k).toBeCloseTo(v, 9);
    };
    close(rows[0], {
      arrival_ts: 100,
      first_token_ms: 50,
      total_ms: 85,
      decode_ms: 35,
      output_tokens: 4,
      client_queue_wait_ms: 0,
    });
    close(rows[1], { arrival_ts: 100.001, first_token_ms: 60, total_ms: 92, decode_ms: 32, output_tokens: 3 });
    close(rows[2], {
      arrival_ts: 100.09,
      first_token_ms: 40,
      total_ms: 81,
      decode_ms: 41,
      output_tokens: 5,
      client_queue_wait_ms: 2,
    });
    // The failed request keeps its error, prompt size and start time, not the 0 latencies.
    expect(rows[3]).toEqual({
      arrival_ts: 100.095,
      prompt_tokens: 31,
      error: expect.stringMatching(/^Traceback[\s\S]*ServerDisconnectedError/),
    });
    const gaps = table.tokenGaps!;
    expect(Array.from(gaps.offsets)).toEqual([0, 3, 5, 9, 9]);
    Array.from(gaps.values).forEach((g, i) => expect(g).toBeCloseTo([10, 12, 11, 20, 10, 10, 10, 10, 10][i], 9));
    // Generated texts are never kept.
    expect(JSON.stringify({ ...run, requests: undefined })).not.toMatch(/cat sat/);
    expect([...table.extraText.keys(), ...table.extraNumbers.keys()]).toEqual(['client_queue_wait_ms']);

    expect(value(run, 'ttft', 'mean')).toBe(50);
    expect(value(run, 'ttft', 'p50')).toBe(50);
    expect(value(run, 'ttft', 'p90')).toBe(58);
    expect(value(run, 'ttft', 'p99.9')).toBe(59.980000000000004);
    expect(value(run, 'e2e', 'p99.9')).toBe(91.986);
    expect(value(run, 'itl', 'std')).toBe(3.095197394929804);
    expect(summary(run, 'client_queue_time', 'mean')).toMatchObject({
      value: 0.6666666666666666,
      unit: 'ms',
      direction: 'lower-is-better',
    });
    expect(summary(run, 'ttft', 'mean')?.count).toBe(3);
    expect(run.workload).toEqual({
      requests: 4,
      failed: 1,
      failedFrom: 'tool',
      concurrency: 2,
      requestRate: Infinity,
      durationSeconds: 0.2,
      inputTokensMean: 95 / 3,
      outputTokensMean: 4,
    });
    expect(run.meta).toMatchObject({
      benchmark: 'meta-llama/Llama-3.1-8B-Instruct',
      model: 'meta-llama/Llama-3.1-8B-Instruct',
      commit: 'abc1234',
      hardware: '1xH100-80GB',
      config: {
        backend: 'openai',
        max_concurrency: 2,
        request_rate: 'inf',
        burstiness: 1,
        num_prompts: 4,
        tp: '1',
        max_num_seqs: '64',
      },
    });
    expect(Object.keys(run.meta.config)).not.toContain('date');
    expect(run.sources[0]).toMatchObject({ format: 'vllm', recordsRead: 4, recordsKept: 4, skipped: 0 });
  });

  it('early 2025 benchmark_serving.py: "request_goodput:" and totals rebuilt from the gaps', async () => {
    const [run] = await read('vllm/synthetic_benchmark_serving_early2025_detailed.json');
    expectUsableNumbers(run);
    expect(summary(run, 'request_goodput', 'mean')).toMatchObject({
      value: 2 / 1.5,
      unit: 'req/s',
      field: 'request_goodput:',
    });
    expect(run.workload).toMatchObject({ requests: 3, failed: 0, requestRate: 4 });
    expect(run.workload?.concurrency).toBeUndefined();
    const rows = rowsOf(run.requests!);
    expect(rows[0].total_ms as number).toBeCloseTo(121, 9);
    expect(rows[0].decode_ms as number).toBeCloseTo(41, 9);
    expect(rows[1].total_ms as number).toBeCloseTo(181, 9);
    expect(run.requests!.orderedByArrival).toBe(false);
    expect(run.sources[0].warnings.join('\n')).toMatch(/ttft \+ the sum of the token gaps/);
  });

  it('--append-result: one run per line, p25/p50/p75 with median and p50 kept once', async () => {
    const runs = await read('vllm/synthetic_append_result.json');
    expect(runs).toHaveLength(2);
    expect(runs.map((r) => r.meta.extra.result_in_file)).toEqual(['line 1', 'line 2']);
    expect(runs.map((r) => value(r, 'ttft', 'p25'))).toEqual([37.5, 42.5]);
    expect(runs.map((r) => value(r, 'ttft', 'p50'))).toEqual([45, 50]);
    expect(runs.map((r) => value(r, 'ttft', 'p75'))).toEqual([52.5, 57.5]);
    expect(runs[0].meta.benchmark).toBe('nightly');
    expect(runs[1].workload?.durationSeconds).toBe(2.2);
  });

  it('a run=N.json without run_number takes the repeat from its name', async () => {
    const text = fixtureText('vllm/sweep-opt125m-max_num_seqs4-run1.json')
      .replace(/"run_number": 1,\n/, '')
      .replace(/,\n\s*"run_number": 1/, '');
    expect(text).not.toMatch(/run_number/);
    const [run] = await vllmAdapter.read(textSource('exp/SERVE--max_num_seqs-4/run=3.json', text), OPTIONS);
    expect(run.repeat).toBe('run=3');
  });
});

describe('vLLM: bad input', () => {
  const detailed = () => JSON.parse(fixtureText('vllm/synthetic_serve_detailed_2025.json')) as Record<string, unknown>;
  const readObject = (o: unknown, name = 'r.json', ratio = 0.05) =>
    vllmAdapter.read(textSource(name, JSON.stringify(o)), { maxBadLineRatio: ratio });

  it('a per-request key of the wrong type names the key and what was expected', async () => {
    const e = await inputError(readObject({ ...detailed(), ttfts: 'fast' }));
    expect(e.message).toBe(
      'r.json: field "ttfts": vLLM result: key "ttfts": expected a list of numbers (seconds), got a string',
    );
    const e2 = await inputError(readObject({ ...detailed(), itls: { a: 1 } }));
    expect(e2.message).toMatch(/key "itls": expected a list of lists of gaps \(seconds\), got an object/);
  });

  it('a completed count below one request gives no per-request means (found by fuzzing: 5e-324 divided to Infinity)', async () => {
    const [run] = await readObject({ ...detailed(), completed: 5e-324 });
    expect(run.workload?.inputTokensMean).toBeUndefined();
    expectUsableNumbers(run);
  });

  it('arrays of different lengths: per-request data left out, summaries kept', async () => {
    const [run] = await readObject({ ...detailed(), latencies: [0.1] });
    expect(run.requests).toBeUndefined();
    expect(run.role).toBe('summary');
    expect(value(run, 'ttft', 'mean')).toBe(50);
    expect(run.sources[0].warnings.join('\n')).toMatch(/differ in length \(ttfts 4, latencies 1\)/);
  });

  it('bad requests are skipped with their number and field; too many reject the file', async () => {
    const o = detailed();
    (o.ttfts as unknown[])[1] = -0.5;
    const [run] = await readObject(o, 'r.json', 0.5);
    expect(run.requests!.length).toBe(3);
    expect(run.sources[0]).toMatchObject({ recordsRead: 4, recordsKept: 3, skipped: 1 });
    expect(run.sources[0].issues[0]).toEqual({
      file: 'r.json',
      line: 1,
      field: 'first_token_ms',
      message: 'request 2: expected a duration in ms ≥ 0, got -500',
    });
    const e = await inputError(readObject(o));
    expect(e.message).toMatch(
      /request 2 \(first_token_ms\): expected a duration in ms ≥ 0, got -500 — 1 of 4 requests are bad/,
    );
  });

  it('broken JSON, other text, empty files', async () => {
    expect((await inputError(vllmAdapter.read(textSource('x.json', '{"completed": 3,'), OPTIONS))).message).toMatch(
      /^x\.json: vLLM result: not valid JSON: .*line 1/,
    );
    expect((await inputError(vllmAdapter.read(textSource('x.json', 'hello'), OPTIONS))).message).toMatch(
      /expected a JSON object, one object per line, or a list of objects; the file starts with "hello"/,
    );
    expect((await inputError(vllmAdapter.read(textSource('x.json', ' \n'), OPTIONS))).message).toMatch(
      /the file is empty/,
    );
    expect((await inputError(vllmAdapter.read(textSource('x.json', '[1, 2]'), OPTIONS))).message).toMatch(
      /no result object in the file; element 1 of the list: expected a result object, got a number/,
    );
  });

  it('JSONL: a cut-off line is skipped and reported, or rejects the file past max-bad-lines', async () => {
    const lines = fixtureText('vllm/synthetic_append_result.json').split('\n');
    const text = `${lines[0]}\n${lines[1].slice(0, 100)}\n${lines[1]}`;
    const runs = await vllmAdapter.read(textSource('a.json', text), { maxBadLineRatio: 0.5 });
    expect(runs).toHaveLength(2);
    expect(runs[0].sources[0].warnings.join('\n')).toMatch(/line 2: not valid JSON .*skipped/);
    const e = await inputError(vllmAdapter.read(textSource('a.json', text), OPTIONS));
    expect(e.line).toBe(2);
    expect(e.message).toMatch(/1 of 3 results are unusable/);
  });

  it('a file larger than the cap is refused before parsing', async () => {
    const text = fixtureText('vllm/synthetic_serve_detailed_2025.json');
    const e = await inputError(readVllmResults(textSource('big.json', text, 100), OPTIONS, 1000));
    expect(e.message).toMatch(/larger than .* refused before parsing/);
  });
});
