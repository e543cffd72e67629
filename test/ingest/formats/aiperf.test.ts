// AIPerf: the real run1 artifacts of ai-dynamo/aiperf (0.1.x "records" summary, per-request JSONL)
// and synthetic files in the later layouts (schema 1.5 summary, records with HTTP trace metrics).

import { describe, expect, it } from 'vitest';
import { aiperfAdapter, readAiperf } from '../../../src/ingest/formats/aiperf';
import { textSource } from '../../../src/ingest/source';
import { expectAllFinite, fixture, gapsOf, OPTIONS, summary, summaryValue, textColumn } from './genai-perf-helpers';

const CANCELLED = '499 RequestCancellationError: Request was cancelled after 0.000 seconds';

describe('AIPerf summary (real, 0.1.x "records" layout)', () => {
  it('maps tagged blocks to catalog metrics and fills the workload', async () => {
    const runs = await aiperfAdapter.read(fixture('aiperf', 'profile_export_aiperf.json'), OPTIONS);
    expect(runs).toHaveLength(1);
    const run = runs[0];
    expectAllFinite(runs);
    expect(run.role).toBe('summary');
    // "ttft" is the 0.1.x tag of time_to_first_token.
    expect(summary(run, 'ttft', 'mean')).toMatchObject({
      value: 2343.219436988764,
      count: 89,
      field: 'time_to_first_token.avg',
    });
    expect(summaryValue(run, 'ttft', 'p50')).toBe(2369.317693);
    expect(summaryValue(run, 'ttft', 'p1')).toBe(581.1957117999999);
    expect(summaryValue(run, 'e2e', 'mean')).toBe(9059.654633033708);
    expect(summaryValue(run, 'e2e', 'p99')).toBe(9297.609933759999);
    expect(summaryValue(run, 'tpot', 'mean')).toBe(27.763065454471807);
    // inter_chunk_latency summarises every gap between chunks (21537 of them): ITL.
    expect(summary(run, 'itl', 'p99')).toMatchObject({ value: 140.53429476, count: 21537 });
    expect(run.summaries.filter((s) => s.metric === 'throughput')).toEqual([
      { metric: 'throughput', stat: 'mean', value: 2320.7222350404572, field: 'output_token_throughput.avg' },
    ]);
    expect(summaryValue(run, 'request_throughput', 'mean')).toBe(9.551622221540914);
    expect(summary(run, 'time_to_second_token', 'mean')).toMatchObject({
      value: 120.16625153932584,
      unit: 'ms',
      direction: 'lower-is-better',
    });
    expect(summary(run, 'output_token_throughput_per_user', 'p50')).toMatchObject({
      value: 36.21203256049328,
      unit: 'tokens/sec/user',
      direction: 'higher-is-better',
    });
    // Timestamps, counts and lengths are not performance metrics.
    const names = new Set(run.summaries.map((s) => s.metric));
    for (const absent of [
      'min_request_timestamp',
      'max_response_timestamp',
      'benchmark_duration',
      'request_count',
      'total_osl',
      'output_sequence_length',
    ])
      expect(names.has(absent)).toBe(false);
    // --osl 250 and --streaming from input_config are workload key fields.
    expect(run.workload).toEqual({
      requests: 100,
      failed: 11,
      failedFrom: 'tool',
      durationSeconds: 9.317788951,
      inputTokensMean: 550,
      outputTokensMean: 242.96629213483146,
      concurrency: 100,
      streaming: true,
      outputLength: 250,
    });
    expect(run.meta.model).toBe('openai/gpt-oss-20b');
    expect(run.meta.config).toMatchObject({ concurrency: 100, streaming: true, endpoint_type: 'chat' });
    expect(run.meta.extra['loadgen.request_rate_mode']).toBe('concurrency_burst');
    expect(run.meta.extra.start_time).toBe('2025-10-03T13:13:39.146443');
    expect(run.sources[0].warnings).toContain('11 failed request(s): 499 RequestCancellationError (11)');
    expect(run.repeat).toBeUndefined();
  });
});

describe('AIPerf summary (synthetic, schema 1.5 layout)', () => {
  it('reads top-level blocks, counts, the HTTP network phase and the trial', async () => {
    const [run] = await aiperfAdapter.read(
      fixture('aiperf', 'synthetic_schema_1.5_profile_export_aiperf.json'),
      OPTIONS,
    );
    expect(summary(run, 'ttft', 'mean')).toMatchObject({ value: 50.25, count: 2 });
    expect(summaryValue(run, 'e2e', 'p50')).toBe(135);
    expect(summaryValue(run, 'tpot', 'mean')).toBe(24.9375);
    expect(summary(run, 'itl', 'mean')).toMatchObject({ value: 24.5, count: 7 });
    // Connection overhead (2.0) + sending (0.375).
    expect(summary(run, 'network', 'mean')).toMatchObject({ value: 2.375 });
    expect(summary(run, 'http_req_waiting', 'mean')).toMatchObject({
      value: 49,
      unit: 'ms',
      direction: 'lower-is-better',
    });
    expect(summary(run, 'goodput', 'mean')).toMatchObject({
      value: 3.75,
      unit: 'req/s',
      direction: 'higher-is-better',
    });
    expect(run.summaries.some((s) => s.metric === 'http_req_data_sent')).toBe(false);
    expect(run.workload).toEqual({
      requests: 3,
      failed: 1,
      failedFrom: 'tool',
      durationSeconds: 0.16,
      inputTokensMean: 129,
      outputTokensMean: 4.5,
      concurrency: 4,
      requestRate: 10,
      streaming: true,
      inputLength: 128,
      outputLength: 5,
    });
    expect(run.repeat).toBe('trial=1');
    expect(run.meta.extra).toMatchObject({ schema_version: '1.5', aiperf_version: '0.7.0' });
    expect(run.meta.model).toBe('Qwen/Qwen3-0.6B');
  });

  it('sums the connection phases when the overhead block is missing, and redacts API keys', async () => {
    const doc = {
      schema_version: '1.0',
      request_latency: { unit: 'ms', avg: 10 },
      http_req_blocked: { unit: 'ms', avg: 1 },
      http_req_connecting: { unit: 'sec', avg: 0.002 },
      http_req_sending: { unit: 'ms', avg: 0.5 },
      input_config: { cli_command: 'aiperf profile -m m --api-key sk-123 --url x' },
    };
    const [run] = await readAiperf(textSource('s.json', JSON.stringify(doc)), OPTIONS);
    expect(summaryValue(run, 'network', 'mean')).toBe(3.5);
    expect(run.meta.extra.cli_command).toBe('aiperf profile -m m --api-key *** --url x');
  });
});

describe('AIPerf per-request records (real, 0.1.x)', () => {
  it('maps each record to a row: client TTFT, latency, decode, chunk gaps, tokens, errors', async () => {
    const runs = await aiperfAdapter.read(fixture('aiperf', 'profile_export.jsonl'), OPTIONS);
    expectAllFinite(runs);
    const [run] = runs;
    const t = run.requests!;
    expect(run.role).toBe('requests');
    expect(t.length).toBe(13);
    expect(t.orderedByArrival).toBe(true);
    // Line 12 is the first successful request; by arrival it is row 10.
    const i = Array.from(t.sourceLine).indexOf(12);
    expect(i).toBe(10);
    // x_request_id maps to request_id, which is read but not stored.
    expect(textColumn(run, 'request_id', i)).toBeUndefined();
    // The file says 1759522419.159192408; this is the same double, written without digits it cannot hold.
    expect(t.numbers.arrival_ts![i]).toBeCloseTo(1759522419.1591923, 6);
    expect(t.numbers.first_token_ms![i]).toBe(1680.543782);
    expect(t.numbers.total_ms![i]).toBe(7936.968269);
    expect(t.numbers.decode_ms![i]).toBeCloseTo(6256.424487, 9);
    expect(t.numbers.prompt_tokens![i]).toBe(550);
    expect(t.numbers.output_tokens![i]).toBe(193);
    const gaps = gapsOf(run, i);
    expect(gaps).toHaveLength(192);
    expect(gaps[0]).toBe(134.440792);
    expect(gaps.reduce((a, b) => a + b, 0)).toBeCloseTo(6256.424487, 6);
    expect(t.extraNumbers.get('time_to_second_token_ms')![i]).toBe(134.440792);
    expect(t.extraNumbers.get('inter_token_latency_ms')![i]).toBe(32.585544203124996);
    expect(t.extraNumbers.get('reasoning_token_count')![i]).toBe(132);
    expect(t.extraNumbers.has('request_count')).toBe(false);
    expect(t.numbers.network_ms).toBeUndefined();
    const failed = Array.from({ length: t.length }, (_, r) => textColumn(run, 'error', r)).filter(Boolean);
    expect(failed).toHaveLength(11);
    expect(new Set(failed)).toEqual(new Set([CANCELLED]));
    expect(run.workload).toMatchObject({ requests: 13, failed: 11, inputTokensMean: 550, outputTokensMean: 193 });
    expect(run.sources[0]).toMatchObject({ format: 'aiperf', recordsRead: 13, recordsKept: 13, skipped: 0 });
  });
});

describe('AIPerf per-request records (synthetic, later layout)', () => {
  it('reads request_start_ns, the HTTP network phase and cancelled requests', async () => {
    const [run] = await aiperfAdapter.read(fixture('aiperf', 'synthetic_later_profile_export.jsonl'), OPTIONS);
    const n = run.requests!.numbers;
    expect(Array.from(n.arrival_ts!)).toEqual([1767607200, 1767607200.01, 1767607200.02]);
    expect([n.first_token_ms![0], n.total_ms![0], n.decode_ms![0]]).toEqual([40.5, 120, 79.5]);
    expect(n.network_ms![0]).toBe(0.25);
    expect(n.client_first_token_ms![0]).toBe(40.5);
    expect(n.network_ms![1]).toBe(4.5);
    expect(gapsOf(run, 0)).toEqual([20, 19.5, 20, 20]);
    expect(run.requests!.extraNumbers.get('http_req_waiting_ms')![1]).toBe(58.1);
    expect(textColumn(run, 'error', 2)).toBe('499 RequestCancellationError: Request was cancelled after 0.001 seconds');
    expect(n.prompt_tokens![2]).toBe(128);
    expect(run.workload).toMatchObject({ requests: 3, failed: 1, inputTokensMean: 129, outputTokensMean: 4.5 });
    expect(run.workload!.durationSeconds).toBeCloseTo(0.16, 6);
  });

  it('treats a record without TTFT as non-streaming, converts units and leaves warmup out', async () => {
    const lines = [
      {
        metadata: { x_request_id: 'w', request_start_ns: 1e18, benchmark_phase: 'warmup' },
        metrics: { request_latency: { value: 1, unit: 'ms' } },
        error: null,
      },
      {
        metadata: { x_request_id: 'a', request_start_ns: 2e18, benchmark_phase: 'profiling' },
        metrics: {
          request_latency: { value: 0.25, unit: 'sec' },
          output_sequence_length: { value: 9, unit: 'tokens' },
        },
        error: null,
      },
      {
        metadata: { x_request_id: 'b', request_start_ns: 3e18, benchmark_phase: 'profiling' },
        metrics: { time_to_first_token: { value: 40000, unit: 'us' }, request_latency: { value: 90e6, unit: 'ns' } },
        error: null,
      },
    ];
    const [run] = await readAiperf(textSource('r.jsonl', lines.map((l) => JSON.stringify(l)).join('\n')), OPTIONS);
    const n = run.requests!.numbers;
    expect(run.requests!.length).toBe(2);
    expect([n.first_token_ms![0], n.total_ms![0]]).toEqual([250, 250]);
    expect(Number.isNaN(n.decode_ms![0])).toBe(true);
    expect([n.first_token_ms![1], n.total_ms![1], n.decode_ms![1]]).toEqual([40, 90, 50]);
    expect(run.sources[0].warnings).toEqual(
      expect.arrayContaining([
        '1 warmup record(s) left out',
        expect.stringMatching(/1 request\(s\) without time_to_first_token/),
      ]),
    );
  });

  it('skips broken lines with their line numbers and rejects a file of mostly bad lines', async () => {
    const good = (i: number) =>
      JSON.stringify({
        metadata: { x_request_id: `r${i}`, request_start_ns: 1e18 + i * 1e6 },
        metrics: { time_to_first_token: { value: 10, unit: 'ms' }, request_latency: { value: 20, unit: 'ms' } },
        error: null,
      });
    const text = [
      good(0),
      '{"metadata": {"x_request_id": "x"}, "metrics": {"request_latency": {"value": "soon", "unit": "ms"}}}',
      ...Array.from({ length: 30 }, (_, i) => good(i + 1)),
    ].join('\n');
    const [run] = await readAiperf(textSource('r.jsonl', text), OPTIONS);
    expect(run.requests!.length).toBe(31);
    expect(run.sources[0].issues[0]).toMatchObject({
      line: 2,
      message: expect.stringMatching(/metrics\.request_latency: value: expected a finite number/),
    });
    const bad = [
      good(0),
      '{"metadata": {"x_request_id": "y"}, "metrics": {}}',
      '{"metadata": {"x_request_id": "z"}, "metrics": {}}',
    ].join('\n');
    await expect(readAiperf(textSource('r.jsonl', bad), OPTIONS)).rejects.toThrow(/2 of 3 records are bad/);
  });
});
