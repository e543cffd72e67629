// The vLLM OpenTelemetry adapter on synthetic OTLP/JSON exports (JSON Lines and one document):
// each llm_request span becomes a per-request row with the exact values of its attributes, other
// spans are counted and left out, failed requests are kept as rows with an error, bad spans are
// reported with their line and field, and detection tells OTLP from every other artifact.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/ingest/errors';
import { ingestRuns } from '../../../src/ingest/ingest';
import { detectOtel, otelAdapter, readOtel } from '../../../src/ingest/formats/otel';
import { unixNanoToSeconds } from '../../../src/ingest/formats/otel-spans';
import { textSource } from '../../../src/ingest/source';
import type { Run } from '../../../src/model/run';
import { rowsOf } from '../native/helpers';

const FIXTURES = 'test/fixtures/otel';
const JSONL = 'vllm_llm_request_spans.synthetic.jsonl';
const DOCUMENT = 'vllm_llm_request_spans.synthetic.json';
const options = { maxBadLineRatio: 0.5 };

const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
async function read(name: string, text: string, ratio = 0.5): Promise<Run> {
  const runs = await readOtel(textSource(name, text, 101), { maxBadLineRatio: ratio });
  expect(runs).toHaveLength(1);
  return runs[0];
}
async function inputError(promise: Promise<unknown>): Promise<InputError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('expected an InputError');
}

const attr = (key: string, value: Record<string, unknown>) => ({ key, value });
const dbl = (key: string, v: unknown) => attr(key, { doubleValue: v });
function span(attributes: unknown[], extra: Record<string, unknown> = {}) {
  return { name: 'llm_request', startTimeUnixNano: '1710000000000000000', attributes, ...extra };
}
const exportLine = (spans: unknown[]) =>
  JSON.stringify({
    resourceSpans: [{ resource: { attributes: [] }, scopeSpans: [{ scope: { name: 'vllm' }, spans }] }],
  });
const okSpan = (ttft = 0.1, e2e = 0.5) =>
  span([dbl('gen_ai.latency.time_to_first_token', ttft), dbl('gen_ai.latency.e2e', e2e)]);

describe('llm_request spans → per-request rows', () => {
  it('maps every attribute of the JSONL export, sorted by arrival', async () => {
    const run = await read(JSONL, fixture(JSONL));
    expect(run.role).toBe('traces');
    const rows = rowsOf(run.requests!);
    // Rows cmpl-b, cmpl-a, cmpl-c, cmpl-d by arrival; request_id is read but not stored.
    expect(rows).toHaveLength(4);
    expect(rows[0]).toEqual({
      arrival_ts: 1710000000.05,
      first_token_ms: 300,
      total_ms: 2000,
      queue_wait_ms: 100,
      prefill_ms: 150,
      decode_ms: 1700,
      inference_ms: 1849.9999999999998, // 1.8499999999999999 s as written
      prompt_tokens: 256,
      output_tokens: 128,
      prefix_cache_hit_tokens: 128,
      max_tokens: 128,
      model_version: 'llama-8b',
      finish_reason: 'length',
    });
    expect(rows[1]).toMatchObject({
      arrival_ts: 1710000000.1,
      first_token_ms: 250,
      total_ms: 1500,
      queue_wait_ms: 50,
      prefill_ms: 180,
      decode_ms: 1200,
      prompt_tokens: 512,
      output_tokens: 64,
      finish_reason: 'stop',
    });
    // Aborted: error status with its message; no prefill/decode attributes.
    expect(rows[2]).toEqual({
      arrival_ts: 1710000000.2,
      first_token_ms: 400,
      total_ms: 900,
      queue_wait_ms: 350,
      prompt_tokens: 300,
      output_tokens: 10,
      max_tokens: 10,
      model_version: 'llama-8b',
      finish_reason: 'abort',
      error: 'request aborted by the client',
    });
    // Semconv token names and a numeric startTimeUnixNano.
    expect(rows[3]).toMatchObject({
      arrival_ts: 1710000000.3,
      first_token_ms: 125,
      total_ms: 1000,
      queue_wait_ms: 0,
      prefill_ms: 100,
      decode_ms: 875,
      prompt_tokens: 1024,
      output_tokens: 32,
    });
    expect([...run.requests!.sourceLine]).toEqual([1, 1, 2, 2]);
    expect(run.workload).toEqual({ requests: 4, failed: 1, failedFrom: 'rows', engine: 'vllm' });
    expect(run.meta).toMatchObject({ model: 'llama-8b', benchmark: 'llama-8b', extra: { service_name: 'vllm' } });
    expect(run.summaries).toEqual([]);
    expect(run.sources).toEqual([
      {
        file: JSONL,
        format: 'otel',
        recordsRead: 4,
        recordsKept: 4,
        skipped: 0,
        issues: [],
        warnings: ['other spans left out: 1 × "POST /v1/completions"'],
      },
    ]);
  });

  it('reads one pretty-printed export request the same way', async () => {
    const run = await read(DOCUMENT, fixture(DOCUMENT));
    const fromLines = rowsOf((await read(JSONL, fixture(JSONL).split('\n')[0])).requests!);
    expect(rowsOf(run.requests!)).toEqual(fromLines);
    expect([...run.requests!.sourceLine]).toEqual([3, 1]); // span numbers within the document
  });

  it('accepts pre-1.0 instrumentationLibrarySpans, snake_case keys, intValue numbers and Python string finish reasons', async () => {
    const old = JSON.stringify({
      resource_spans: [
        {
          instrumentation_library_spans: [
            {
              spans: [
                {
                  name: 'llm_request',
                  start_time_unix_nano: '1710000000500000000',
                  attributes: [
                    attr('gen_ai.latency.time_to_first_token', { int_value: 1 }),
                    attr('gen_ai.latency.e2e', { double_value: '2.5' }),
                    attr('gen_ai.usage.prompt_tokens', { intValue: 7 }),
                    attr('gen_ai.response.finish_reasons', { arrayValue: { values: [{ stringValue: 'stop' }] } }),
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    const rows = rowsOf((await read('old.jsonl', old)).requests!);
    expect(rows).toEqual([
      { arrival_ts: 1710000000.5, first_token_ms: 1000, total_ms: 2500, prompt_tokens: 7, finish_reason: 'stop' },
    ]);
  });

  it('keeps nanosecond timestamps to the microsecond', () => {
    expect(unixNanoToSeconds('1710000000123456789')).toBe(1710000000 + 0.123456789);
    expect(unixNanoToSeconds('999')).toBe(999e-9);
    expect(unixNanoToSeconds('0')).toBeUndefined();
    expect(unixNanoToSeconds('-5')).toBeUndefined();
    expect(unixNanoToSeconds('1e18')).toBeUndefined();
  });
});

describe('bad spans and bad files', () => {
  it('skips a bad span naming its line and field, and keeps the rest', async () => {
    const text = [
      exportLine([okSpan()]),
      exportLine([span([dbl('gen_ai.latency.time_to_first_token', -0.2), dbl('gen_ai.latency.e2e', 1)])]),
      '{"resourceSpans": [',
      exportLine([span([dbl('gen_ai.latency.e2e', 1)])]),
      exportLine([span([dbl('gen_ai.latency.time_to_first_token', 'NaN'), dbl('gen_ai.latency.e2e', 1)])]),
      exportLine([okSpan(0.2, 0.9)]),
    ].join('\n');
    const run = await read('bad.jsonl', text, 0.9);
    expect(run.requests!.length).toBe(2);
    expect(run.sources[0]).toMatchObject({ recordsRead: 6, recordsKept: 2, skipped: 4 });
    expect(run.sources[0].issues.map((i) => [i.line, i.field ?? null])).toEqual([
      [2, 'first_token_ms'],
      [3, null],
      [4, 'first_token_ms'],
      [5, 'first_token_ms'],
    ]);
    expect(run.sources[0].issues[0].message).toMatch(/≥ 0, got -200/);
    expect(run.sources[0].issues[1].message).toMatch(/not valid JSON/);
    expect(run.sources[0].issues[2].message).toMatch(/missing/);
    const tooMany = await inputError(readOtel(textSource('bad.jsonl', text), { maxBadLineRatio: 0.05 }));
    expect(tooMany.message).toMatch(/4 of 6 spans are bad/);
  });

  it('says so when the export holds no vLLM request span', async () => {
    const text = exportLine([
      { name: 'POST /v1/completions', attributes: [] },
      { name: 'llm_core', attributes: [] },
    ]);
    const error = await inputError(read('http.jsonl', text));
    expect(error.message).toMatch(/no "llm_request" spans.*1 × "POST \/v1\/completions", 1 × "llm_core"/);
    expect((await inputError(read('shape.json', '{"resourceSpans": 5}\n'))).message).toMatch(/no "resourceSpans" list/);
    expect((await inputError(read('shape2.json', '{\n  "resourceSpans": {}\n}\n'))).message).toMatch(
      /no "resourceSpans" list/,
    );
    expect((await inputError(read('trunc.json', '{\n  "resourceSpans": [\n'))).message).toMatch(/not valid JSON/);
  });

  it('refuses a file larger than the cap before parsing it', async () => {
    const doc = await inputError(
      readOtel(textSource(DOCUMENT, fixture(DOCUMENT), 500), options, { documentBytes: 1000 }),
    );
    expect(doc.message).toMatch(/larger than .*refused before parsing/);
    const lines = await inputError(readOtel(textSource(JSONL, fixture(JSONL), 500), options, { jsonlBytes: 1000 }));
    expect(lines.message).toMatch(/larger than .*refused/);
  });
});

describe('detection', () => {
  it('matches both export shapes', () => {
    for (const name of [JSONL, DOCUMENT])
      expect(detectOtel(fixture(name).slice(0, 16 * 1024))).toMatchObject({ match: true });
    expect(otelAdapter.detect('{ "resource_spans": [', 'x').match).toBe(true);
    // A JSON array of export requests is an OTLP export too (issue 11).
    expect(detectOtel('[{"resourceSpans":[]}]').match).toBe(true);
    expect(detectOtel('[\n  {\n    "resourceSpans": [').match).toBe(true);
    expect(otelAdapter.id).toBe('otel');
  });

  it('does not match other tools’ files or native telemetry, and says why', () => {
    for (const file of otherArtifacts()) {
      const d = detectOtel(readFileSync(file, 'utf8').slice(0, 16 * 1024));
      expect(d.match, file).toBe(false);
      expect(d.reason).toMatch(/resourceSpans/);
    }
    for (const text of [
      '{"request_id":"r","first_token_ms":1,"total_ms":2}\n',
      '{"metadata":{}}\n{"resourceSpans":[]}\n',
      '[{"request_id":"r","resourceSpans":[]}]',
      'resourceSpans',
      '',
    ]) {
      expect(detectOtel(text).match, text).toBe(false);
    }
  });
});

function otherArtifacts(): string[] {
  const out: string[] = [];
  for (const root of ['/work/shared/real-artifacts', 'test/fixtures']) {
    for (const dir of readdirSync(root)) {
      const path = join(root, dir);
      if (dir === 'otel' || !statSync(path).isDirectory()) continue;
      for (const file of readdirSync(path)) if (!file.endsWith('.md')) out.push(join(path, file));
    }
  }
  return out;
}

describe('OTLP in every shape the exporters write (real vLLM export, issue 11)', () => {
  it('the collector file exporter JSONL and the JSON array of export requests give the same requests', async () => {
    const read = async (file: string) =>
      (await ingestRuns(textSource(file, readFileSync(file, 'utf8')), { maxBadLineRatio: 0 }))[0];
    const lines = await read('test/fixtures/otel/vllm_otlp_collector_file_exporter.real.jsonl');
    const array = await read('test/fixtures/otel/vllm_otlp_export_requests_array.real.json');
    for (const run of [lines, array]) {
      expect(run.sources[0].format).toBe('otel');
      expect(run.requests!.length).toBe(2);
    }
    const cells = (r: typeof lines) =>
      Object.fromEntries(Object.entries(r.requests!.numbers).map(([k, v]) => [k, [...v!]]));
    expect(cells(array)).toEqual(cells(lines));
    // gen_ai.latency.time_to_first_token 0.08694815635681152 s, e2e 0.10815310478210449 s (the first span, by arrival).
    expect(lines.requests!.numbers.first_token_ms![0]).toBeCloseTo(86.94815635681152, 9);
    expect(lines.requests!.numbers.total_ms![0]).toBeCloseTo(108.15310478210449, 9);
  });
});
