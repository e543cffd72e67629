// LLMPerf: detection on both files and against every other tool's fixtures, exact mapping of the
// real leaderboard files (values hand-checked against the JSON), failures, junk values, the size cap.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { llmperfAdapter } from '../../../src/ingest/formats/llmperf';
import { readLlmperfSummary } from '../../../src/ingest/formats/llmperf-summary';
import { textSource } from '../../../src/ingest/source';
import type { Run, SummaryValue } from '../../../src/model/run';
import { inputError, rowsOf, view } from '../native/helpers';
import { otherToolFiles } from './llmperf-guidellm-fixtures';

const DIR = join(__dirname, '../../fixtures/llmperf');
const OPTIONS = { maxBadLineRatio: 0.05 };

function fixture(name: string): string {
  return readFileSync(join(DIR, name), 'utf8');
}

async function read(name: string, text: string, options = OPTIONS): Promise<Run> {
  const runs = await llmperfAdapter.read(textSource(name, text, 997), options);
  expect(runs).toHaveLength(1);
  return runs[0];
}

function summary(run: Run, metric: string, stat: string): SummaryValue | undefined {
  return run.summaries.find((s) => s.metric === metric && s.stat === stat);
}

describe('LLMPerf detection', () => {
  it('recognises both real files of both providers', () => {
    for (const name of readdirSync(DIR).filter((n) => n.endsWith('.json'))) {
      const d = llmperfAdapter.detect(fixture(name).slice(0, 16 * 1024), name);
      expect(d.match, name).toBe(true);
      expect(d.reason).toMatch(name.includes('summary') ? /LLMPerf summary/ : /LLMPerf individual responses/);
    }
  });

  it('refuses the other tools’ files, saying what it looked for', () => {
    const files = otherToolFiles(['llmperf']);
    expect(files.length).toBeGreaterThan(5);
    for (const path of files) {
      const head = readFileSync(path, 'utf8').slice(0, 16 * 1024);
      const d = llmperfAdapter.detect(head, path);
      expect(d.match, path).toBe(false);
      expect(d.reason, path).toMatch(/LLMPerf/);
    }
  });

  it('refuses native telemetry in every layout, and text that is not JSON', () => {
    const native = readFileSync(join(__dirname, '../../../examples/demo/base.jsonl'), 'utf8').slice(0, 16 * 1024);
    expect(llmperfAdapter.detect(native, 'base.jsonl')).toEqual({
      match: false,
      reason: 'no key "results_ttft_s_*" or "results_end_to_end_latency_s_*" (LLMPerf *_summary.json)',
    });
    expect(llmperfAdapter.detect('[{"first_token_ms": 1, "total_ms": 2}]', 'a.json')).toEqual({
      match: false,
      reason:
        'a JSON list whose records have no "ttft_s" and "end_to_end_latency_s" (LLMPerf *_individual_responses.json)',
    });
    expect(llmperfAdapter.detect('request_id,first_token_ms,total_ms\n', 'a.csv').reason).toMatch(/^not JSON/);
    // A head cut in the middle of the first record still shows its keys.
    const cut = fixture('together_70b_individual_responses.json').slice(0, 200);
    expect(llmperfAdapter.detect(cut, 'x').match).toBe(true);
  });
});

describe('LLMPerf summary', () => {
  it('maps the fireworks summary exactly (client TTFT and E2E in ms, rates, workload, meta)', async () => {
    const run = await read('fireworks_70b_summary.json', fixture('fireworks_70b_summary.json'));
    expect(run.role).toBe('summary');
    expect(run.requests).toBeUndefined();
    // "results_ttft_s_quantiles_p99": 0.9514515243999448 s
    expect(summary(run, 'ttft', 'p99')).toEqual({
      metric: 'ttft',
      stat: 'p99',
      value: 0.9514515243999448 * 1000,
      field: 'results_ttft_s_quantiles_p99',
      count: 150,
    });
    expect(summary(run, 'ttft', 'p50')?.value).toBeCloseTo(516.5989695000235, 9);
    expect(summary(run, 'ttft', 'mean')?.value).toBeCloseTo(511.5081730199972, 9);
    expect(summary(run, 'ttft', 'std')?.value).toBeCloseTo(131.64385486195246, 9);
    expect(summary(run, 'ttft', 'min')?.value).toBeCloseTo(317.45951999982935, 9);
    expect(summary(run, 'e2e', 'p95')?.value).toBeCloseTo(4210.630839049929, 9);
    expect(summary(run, 'e2e', 'p25')?.value).toBeCloseTo(3592.0651887499844, 9);
    expect(summary(run, 'throughput', 'mean')).toEqual({
      metric: 'throughput',
      stat: 'mean',
      value: 162.86950633872,
      field: 'results_mean_output_throughput_token_per_s',
    });
    expect(summary(run, 'request_throughput', 'mean')?.value).toBeCloseTo(64.92561266104798 / 60, 12);
    // inter_token_latency_s includes the TTFT: own name, mean only, never itl/tpot.
    expect(summary(run, 'latency_per_output_token', 'mean')).toMatchObject({
      value: 0.024464594998188875 * 1000,
      unit: 'ms',
      direction: 'lower-is-better',
    });
    expect(run.summaries.filter((s) => s.metric === 'latency_per_output_token')).toHaveLength(1);
    expect(run.summaries.some((s) => s.metric === 'itl' || s.metric === 'tpot')).toBe(false);
    expect(summary(run, 'request_output_throughput', 'mean')).toMatchObject({
      value: 13.59708686525801,
      unit: 'tok/s',
      direction: 'higher-is-better',
    });
    expect(summary(run, 'error_rate', 'mean')).toMatchObject({ value: 0, direction: 'lower-is-better' });
    expect(run.workload).toEqual({
      requests: 150,
      failed: 0,
      failedFrom: 'tool',
      // The key: llmperf streams; --mean-input-tokens 550 and --mean-output-tokens 150 are the settings.
      streaming: true,
      inputLength: 550,
      outputLength: 150,
      concurrency: 5,
      inputTokensMean: 550,
      outputTokensMean: 150.51333333333332,
      durationSeconds: (60 * 150) / 64.92561266104798,
    });
    expect(run.meta.benchmark).toBe('accounts-fireworks-models-llama-v2-70b-chat_550_150');
    expect(run.meta.model).toBe('accounts/fireworks/models/llama-v2-70b-chat');
    expect(run.meta.config).toEqual({
      max_concurrency: 5,
      mean_input_tokens: 550,
      stddev_input_tokens: 0,
      mean_output_tokens: 150,
      stddev_output_tokens: 0,
      framework: 'fireworks',
      model_size: '70b',
      api: 'https://api.fireworks.ai/inference/v1',
    });
    expect(run.meta.extra).toEqual({ version: '2023-08-31', timestamp: '1702985131' });
    expect(run.sources).toEqual([
      {
        file: 'fireworks_70b_summary.json',
        format: 'llmperf',
        recordsRead: 1,
        recordsKept: 1,
        skipped: 0,
        issues: [],
        warnings: [],
      },
    ]);
  });

  it('every value is finite and in the catalog units; the together file maps the same way', async () => {
    const run = await read('together_70b_summary.json', fixture('together_70b_summary.json'));
    expect(run.summaries.every((s) => Number.isFinite(s.value))).toBe(true);
    expect(
      run.summaries
        .filter((s) => s.metric === 'ttft')
        .map((s) => s.stat)
        .sort(),
    ).toEqual(['max', 'mean', 'min', 'p25', 'p50', 'p75', 'p90', 'p95', 'p99', 'std']);
    expect(summary(run, 'ttft', 'max')?.value).toBeCloseTo(891.3441990000592, 9);
    expect(run.workload?.requests).toBe(150);
  });

  it('counts failures from the stringified error-code dict and keeps it', async () => {
    const doc = JSON.parse(fixture('together_70b_summary.json'));
    Object.assign(doc, {
      results_number_errors: 4,
      results_error_rate: 4 / 154,
      results_num_requests_started: 154,
      results_error_code_frequency: '{np.int64(429): 3, -1: 1}',
    });
    const run = await read('s.json', JSON.stringify(doc, null, 4));
    expect(run.workload).toMatchObject({ requests: 154, failed: 4 });
    expect(run.sources[0].warnings).toContain(
      '4 of 154 requests failed (error code 429: 3, error code -1: 1); latency statistics cover the successful ones',
    );
    expect(run.meta.extra.error_code_frequency).toBe('{np.int64(429): 3, -1: 1}');
  });

  it('leaves out NaN statistics (no request succeeded) and junk values, with warnings', async () => {
    const text =
      '{"version": "2023-08-31", "name": "m_summary", "results_ttft_s_quantiles_p50": NaN, "results_ttft_s_mean": NaN, "results_end_to_end_latency_s_quantiles_p99": "fast", "results_end_to_end_latency_s_mean": "2.5"}';
    const run = await read('nan_summary.json', text);
    expect(run.summaries).toEqual([
      { metric: 'e2e', stat: 'mean', value: 2500, field: 'results_end_to_end_latency_s_mean' },
    ]);
    expect(run.sources[0].warnings).toEqual([
      'results_end_to_end_latency_s_quantiles_p99: expected a finite number, got "fast"; left out',
      '2 statistic(s) are NaN (llmperf writes NaN when no request succeeded); left out',
    ]);
  });

  it('warns about another results version, refuses an object without results keys', async () => {
    const doc = JSON.parse(fixture('together_70b_summary.json'));
    doc.version = '2024-01-01';
    const run = await read('v.json', JSON.stringify(doc));
    expect(run.sources[0].warnings[0]).toBe(
      'results version "2024-01-01": this reader follows llmperf\'s "2023-08-31" keys; unknown keys were ignored',
    );
    const e = await inputError(llmperfAdapter.read(textSource('x.json', '{"model": "m"}'), OPTIONS));
    expect(e.message).toBe(
      'x.json: LLMPerf summary: no "results_<metric>_<stat>" key for ttft_s, end_to_end_latency_s or inter_token_latency_s, and no throughput: nothing to compare',
    );
    const nan = await inputError(
      llmperfAdapter.read(textSource('n.json', '{"results_ttft_s_mean": NaN, "results_ttft_s_max": NaN}'), OPTIONS),
    );
    expect(nan.message).toBe('n.json: LLMPerf summary: no usable statistic (every statistic is NaN)');
    const bad = await inputError(llmperfAdapter.read(textSource('y.json', '{"results_ttft_s_mean": 1,'), OPTIONS));
    expect(bad.message).toMatch(/^y\.json: LLMPerf summary: not valid JSON/);
  });

  it('refuses a summary larger than the cap before parsing it', async () => {
    let parsed = false;
    const source = {
      name: 'big_summary.json',
      head: '{"results_ttft_s_mean": 1',
      async *chunks() {
        yield '{"results_ttft_s_mean": 1, "pad": "';
        for (let i = 0; i < 100; i++) yield 'x'.repeat(1000);
        parsed = true; // never reached: the cap stops reading first
        yield '"}';
      },
    };
    const e = await inputError(readLlmperfSummary(source, 10_000));
    expect(e.message).toMatch(
      /^big_summary\.json: LLMPerf summary: the file is larger than .* refused before parsing$/,
    );
    expect(parsed).toBe(false);
  });
});

describe('LLMPerf individual responses', () => {
  it('maps every request of the fireworks file (hand-checked rows)', async () => {
    const run = await read(
      'results/fireworks_70b_individual_responses.json',
      fixture('fireworks_70b_individual_responses.json'),
    );
    expect(run.role).toBe('requests');
    expect(run.meta.benchmark).toBe('fireworks_70b');
    const table = run.requests!;
    expect(table.length).toBe(150);
    expect(table.orderedByArrival).toBe(false);
    const rows = rowsOf(table);
    // The first record of the file: ttft_s 0.8898362339998585, end_to_end_latency_s 4.478070693999825.
    expect(rows[0]).toEqual({
      first_token_ms: 0.8898362339998585 * 1000,
      total_ms: 4.478070693999825 * 1000,
      decode_ms: (4.478070693999825 - 0.8898362339998585) * 1000,
      prompt_tokens: 550,
      output_tokens: 151,
      inter_token_latency_s: 0.029149681178806765,
      request_output_throughput_token_per_s: 11.165522703112991,
    });
    expect(rows[5].output_tokens).toBe(138);
    expect(view(table).sourceLine.slice(0, 3)).toEqual([2, 13, 24]);
    expect(run.workload).toEqual({
      requests: 150,
      failed: 0,
      failedFrom: 'rows',
      streaming: true,
      inputTokensMean: 550,
      outputTokensMean: expect.any(Number),
    });
    // The summary's mean output tokens come from the same 150 requests.
    expect(run.workload?.outputTokensMean).toBeCloseTo(150.51333333333332, 9);
    expect(run.sources[0]).toMatchObject({
      file: 'results/fireworks_70b_individual_responses.json',
      format: 'llmperf',
      recordsRead: 150,
      recordsKept: 150,
      skipped: 0,
    });
    expect(run.sources[0].warnings).toEqual([
      'no arrival_ts: requests kept in file order; time blocks and rates follow the file',
    ]);
  });

  it('the per-request TTFT percentiles agree with llmperf’s own summary', async () => {
    const run = await read('together_70b_individual_responses.json', fixture('together_70b_individual_responses.json'));
    const ttft = [...run.requests!.numbers.first_token_ms!].sort((a, b) => a - b);
    const p = (q: number) => {
      const h = (ttft.length - 1) * q;
      const lo = Math.floor(h);
      return ttft[lo] + (h - lo) * (ttft[Math.min(lo + 1, ttft.length - 1)] - ttft[lo]);
    };
    const doc = JSON.parse(fixture('together_70b_summary.json'));
    expect(p(0.5)).toBeCloseTo(doc.results_ttft_s_quantiles_p50 * 1000, 6);
    expect(p(0.99)).toBeCloseTo(doc.results_ttft_s_quantiles_p99 * 1000, 6);
  });

  it('keeps failed requests as error rows, without their placeholder timings', async () => {
    const ok = {
      error_code: null,
      error_msg: '',
      inter_token_latency_s: 0.02,
      ttft_s: 0.5,
      end_to_end_latency_s: 3.5,
      request_output_throughput_token_per_s: 40,
      number_total_tokens: 700,
      number_output_tokens: 150,
      number_input_tokens: 550,
    };
    const rateLimited = {
      ...ok,
      error_code: 429,
      error_msg: 'Too Many Requests',
      ttft_s: 0,
      end_to_end_latency_s: 0,
      inter_token_latency_s: 0,
      number_output_tokens: 0,
    };
    const exception = { ...rateLimited, error_code: -1, error_msg: '' };
    const run = await read('f_individual_responses.json', JSON.stringify([ok, rateLimited, exception], null, 4));
    expect(rowsOf(run.requests!)).toEqual([
      {
        first_token_ms: 500,
        total_ms: 3500,
        decode_ms: 3000,
        prompt_tokens: 550,
        output_tokens: 150,
        inter_token_latency_s: 0.02,
        request_output_throughput_token_per_s: 40,
      },
      { error: 'error code 429: Too Many Requests', error_code: 429, prompt_tokens: 550 },
      { error: 'error code -1', error_code: -1, prompt_tokens: 550 },
    ]);
    expect(run.workload).toEqual({
      requests: 3,
      failed: 2,
      failedFrom: 'rows',
      streaming: true,
      inputTokensMean: 550,
      outputTokensMean: 150,
    });
    expect(run.sources[0].warnings).toContain('2 of 3 requests failed (error_code set); kept as failed rows');
  });

  it('skips bad records naming llmperf’s field, and rejects a file with too many', async () => {
    const ok = '{"error_code": null, "ttft_s": 0.5, "end_to_end_latency_s": 1.5, "number_output_tokens": 10}';
    const records = [
      ok,
      '{"error_code": null, "ttft_s": "soon", "end_to_end_latency_s": 1}',
      '{"error_code": null, "end_to_end_latency_s": 1}',
      '{"error_code": null, "ttft_s": -1, "end_to_end_latency_s": 1}',
      '7',
    ];
    const text = `[\n${[...records, ...Array(16).fill(ok)].join(',\n')}\n]`;
    const run = await read('b_individual_responses.json', text, { maxBadLineRatio: 0.25 });
    const s = run.sources[0];
    expect([s.recordsRead, s.recordsKept, s.skipped]).toEqual([21, 17, 4]);
    expect(s.issues.map((i) => `${i.line}: ${i.message}`)).toEqual([
      '3: field "ttft_s": expected seconds ≥ 0, got "soon"',
      '4: field "ttft_s": missing: a successful request (no error_code) needs ttft_s and end_to_end_latency_s',
      '5: field "ttft_s": expected seconds ≥ 0, got -1',
      '6: expected a JSON object for one request, got 7',
    ]);
    const e = await inputError(llmperfAdapter.read(textSource('b.json', text), OPTIONS));
    expect(e.message).toBe(
      'b.json:3: LLMPerf individual responses: field "ttft_s": expected seconds ≥ 0, got "soon" — 4 of 21 records are bad, more than the 5% allowed (max-bad-lines); this is the first',
    );
  });

  it('notes zero TTFTs and ends before the first token; refuses an empty or cut list', async () => {
    const text = JSON.stringify([
      { error_code: null, ttft_s: 0, end_to_end_latency_s: 1.2, number_output_tokens: 0 },
      { error_code: null, ttft_s: 0.9, end_to_end_latency_s: 0.5, number_output_tokens: 5 },
    ]);
    const run = await read('z_individual_responses.json', text);
    expect(rowsOf(run.requests!)).toEqual([
      { first_token_ms: 0, total_ms: 1200, decode_ms: 1200, output_tokens: 0 },
      { first_token_ms: 900, total_ms: 500, output_tokens: 5 },
    ]);
    expect(run.sources[0].warnings).toEqual(
      expect.arrayContaining([
        "1 successful request(s) have ttft_s 0: llmperf leaves 0 when no content chunk arrived; kept, as llmperf's own summary keeps them",
        '1 request(s) end before their first token (end_to_end_latency_s < ttft_s); decode left out for them',
      ]),
    );
    expect((await inputError(llmperfAdapter.read(textSource('e.json', '[]'), OPTIONS))).message).toBe(
      'e.json: LLMPerf individual responses: the list holds no requests',
    );
    const cut = fixture('fireworks_70b_individual_responses.json').slice(0, 5000);
    const partial = await read('cut.json', cut, { maxBadLineRatio: 1 });
    expect(partial.requests!.length).toBeGreaterThan(10);
    expect(partial.sources[0].warnings[0]).toMatch(/^line \d+: .*nothing after it was read$/);
  });
});
