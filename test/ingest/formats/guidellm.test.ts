// GuideLLM: detection, and each report shape (0.1, 0.2, 0.3.0, 0.4+) mapped exactly from the
// synthetic fixtures (written from GuideLLM's pydantic models, see fixtures/guidellm/SOURCES.md);
// one run per benchmark, matched by strategy; clear refusals for what is not mapped.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guidellmAdapter, readGuidellmReport } from '../../../src/ingest/formats/guidellm';
import { textSource } from '../../../src/ingest/source';
import type { Run, SummaryValue } from '../../../src/model/run';
import { inputError, rowsOf } from '../native/helpers';
import { otherToolFiles } from './llmperf-guidellm-fixtures';

const DIR = join(__dirname, '../../fixtures/guidellm');
const OPTIONS = { maxBadLineRatio: 0.05 };
const V04 = 'guidellm_0.4_sweep_synthetic.json';
const V03 = 'guidellm_0.3_poisson_synthetic.json';
const V02 = 'guidellm_0.2_concurrent_synthetic.json';
const V01 = 'guidellm_0.1_sweep_synthetic.json';

function fixture(name: string): string {
  return readFileSync(join(DIR, name), 'utf8');
}

async function read(name: string, text: string, options = OPTIONS): Promise<Run[]> {
  return guidellmAdapter.read(textSource(name, text, 4093), options);
}

function stat(run: Run, metric: string, s: string): SummaryValue | undefined {
  return run.summaries.find((v) => v.metric === metric && v.stat === s);
}

describe('GuideLLM detection', () => {
  it('recognises every report shape', () => {
    for (const name of [V04, V03, V02, V01])
      expect(guidellmAdapter.detect(fixture(name).slice(0, 16 * 1024), name), name).toEqual({
        match: true,
        reason: 'GuideLLM benchmark report',
        specificity: 3,
      });
  });

  it('recognises a report whose "args" run past the head, and the YAML report', () => {
    const args = `{"args": {"target": "http://x", "data": ["prompt_tokens=1"], "profile": "sweep", "rate": [3], "backend": "openai_http", "pad": "${'x'.repeat(20_000)}"`;
    expect(guidellmAdapter.detect(args.slice(0, 16 * 1024), 'b.json').match).toBe(true);
    expect(guidellmAdapter.detect('metadata:\n  guidellm_version: 0.4.0\n  version: 1\n', 'b.yaml').reason).toMatch(
      /YAML/,
    );
  });

  it('refuses the other tools’ files and native telemetry, saying what it looked for', () => {
    const files = otherToolFiles(['guidellm']);
    expect(files.length).toBeGreaterThan(5);
    for (const path of files) {
      const d = guidellmAdapter.detect(readFileSync(path, 'utf8').slice(0, 16 * 1024), path);
      expect(d.match, path).toBe(false);
      expect(d.reason, path).toMatch(/GuideLLM/);
    }
    const native = readFileSync(join(__dirname, '../../../examples/demo/base.jsonl'), 'utf8').slice(0, 16 * 1024);
    expect(guidellmAdapter.detect(native, 'base.jsonl')).toEqual({
      match: false,
      reason:
        'no GuideLLM marker: expected "type_": "generative_benchmark" benchmarks, "guidellm_version" metadata, or (0.1) "benchmarks" of benchmarks with a "mode"',
    });
    expect(guidellmAdapter.detect('[{"first_token_ms": 1}]', 'a.json').reason).toBe(
      'not a JSON object: a GuideLLM report is one JSON object with a "benchmarks" list',
    );
  });
});

describe('GuideLLM 0.4+ report (config.strategy, metadata version 1)', () => {
  it('gives one run per benchmark, labelled and configured by its load point', async () => {
    const runs = await read(V04, fixture(V04));
    expect(runs.map((r) => r.repeat)).toEqual(['synchronous', 'constant@4.00', 'throughput']);
    expect(runs.map((r) => r.meta.benchmark)).toEqual(['synchronous', 'constant@4.00', 'throughput']);
    expect(runs.map((r) => r.meta.config)).toEqual([
      { strategy: 'synchronous', max_concurrency: 1, profile: 'sweep' },
      { strategy: 'constant', request_rate: 4, profile: 'sweep' },
      { strategy: 'throughput', request_rate: 'inf', max_concurrency: 64, profile: 'sweep' },
    ]);
    expect(runs[2].workload).toMatchObject({ requestRate: Infinity, concurrency: 64, requests: 6, failed: 0 });
    for (const run of runs) {
      expect(run.meta.model).toBe('meta-llama/Llama-3.1-8B-Instruct');
      expect(run.meta.workload).toBe('prompt_tokens=256,output_tokens=128');
      expect(run.meta.extra).toMatchObject({
        guidellm_version: '0.4.0',
        guidellm_schema: 'benchmark.config (GuideLLM 0.4+)',
        run_id: 'run-0001',
        target: 'http://localhost:8000',
      });
      expect(run.role).toBe('requests');
      expect(run.sources[0].format).toBe('guidellm');
    }
  });

  it('maps GuideLLM’s successful distributions to ttft, e2e (ms), tpot, itl mean and the rates', async () => {
    const doc = JSON.parse(fixture(V04));
    const m = doc.benchmarks[1].metrics;
    const [, constant] = await read(V04, fixture(V04));
    expect(stat(constant, 'ttft', 'p99')).toEqual({
      metric: 'ttft',
      stat: 'p99',
      value: m.time_to_first_token_ms.successful.percentiles.p99,
      count: 6,
      field: 'metrics.time_to_first_token_ms.successful.percentiles.p99',
    });
    expect(stat(constant, 'ttft', 'p99.9')?.value).toBe(m.time_to_first_token_ms.successful.percentiles.p999);
    expect(stat(constant, 'ttft', 'p0.1')?.value).toBe(m.time_to_first_token_ms.successful.percentiles.p001);
    expect(stat(constant, 'ttft', 'p50')?.field).toBe('metrics.time_to_first_token_ms.successful.median');
    expect(stat(constant, 'ttft', 'std')?.value).toBe(m.time_to_first_token_ms.successful.std_dev);
    expect(stat(constant, 'e2e', 'p95')?.value).toBe(m.request_latency.successful.percentiles.p95 * 1000);
    expect(stat(constant, 'tpot', 'p90')?.value).toBe(m.inter_token_latency_ms.successful.percentiles.p90);
    expect(constant.summaries.filter((s) => s.metric === 'itl')).toEqual([
      {
        metric: 'itl',
        stat: 'mean',
        value: m.inter_token_latency_ms.successful.mean,
        count: 6,
        field: 'metrics.inter_token_latency_ms.successful.mean',
      },
    ]);
    expect(stat(constant, 'latency_per_output_token', 'mean')).toMatchObject({
      value: m.time_per_output_token_ms.successful.mean,
      unit: 'ms',
      direction: 'lower-is-better',
    });
    expect(stat(constant, 'request_throughput', 'mean')?.value).toBe(m.requests_per_second.successful.mean);
    expect(stat(constant, 'throughput', 'mean')?.value).toBe(m.output_tokens_per_second.successful.mean);
    expect(stat(constant, 'total_token_throughput', 'mean')).toMatchObject({
      value: m.tokens_per_second.successful.mean,
      unit: 'tok/s',
      direction: 'higher-is-better',
    });
    // Hand-check: six TTFTs of 150, 160, 155, 170, 165, 180 ms.
    expect(stat(constant, 'ttft', 'mean')?.value).toBeCloseTo(163.3333, 3);
    expect(constant.summaries.every((s) => Number.isFinite(s.value))).toBe(true);
  });

  it('keeps the measured requests as rows: client timings, errors, no warmup, no incomplete', async () => {
    const [sync, constant] = await read(V04, fixture(V04));
    const first = rowsOf(sync.requests!)[0];
    // request_id is read but not stored.
    expect(Object.keys(first).sort()).toEqual([
      'arrival_ts',
      'decode_ms',
      'first_token_ms',
      'output_tokens',
      'prompt_tokens',
      'schedule_lag_ms',
      'total_ms',
    ]);
    expect(first.arrival_ts).toBe(1750000001);
    expect(first.first_token_ms).toBeCloseTo(120, 3);
    expect(first.decode_ms).toBeCloseTo(635, 3);
    expect(first.total_ms).toBeCloseTo(756, 3);
    expect(first.schedule_lag_ms).toBeCloseTo(2, 3);
    expect([first.prompt_tokens, first.output_tokens]).toEqual([256, 128]);

    const rows = rowsOf(constant.requests!);
    expect(constant.requests!.orderedByArrival).toBe(true);
    expect(rows).toHaveLength(7);
    expect(rows[6]).toMatchObject({
      error: 'HTTP 503: Service Unavailable',
      arrival_ts: 1750000011.6,
      prompt_tokens: 256,
    });
    expect(rows[6].first_token_ms).toBeUndefined();
    expect(constant.workload).toMatchObject({
      requests: 8,
      failed: 1,
      requestRate: 4,
      inputTokensMean: 256,
      outputTokensMean: 122,
    });
    expect(constant.workload?.durationSeconds).toBeCloseTo(3.1, 5);
    expect(constant.sources[0]).toMatchObject({ recordsRead: 7, recordsKept: 7, skipped: 0 });
    expect(constant.sources[0].warnings).toEqual([
      '1 incomplete request(s) (cut off when the benchmark ended) are counted, not kept as rows',
      "1 request(s) outside the measured window (warmup, cooldown) left out, as GuideLLM's own metrics do",
    ]);
  });

  it('reads the older timing names first_iteration / last_iteration alike', async () => {
    const text = fixture(V04)
      .replaceAll('"first_token_iteration"', '"first_iteration"')
      .replaceAll('"last_token_iteration"', '"last_iteration"');
    const runs = await read(V04, text);
    const original = await read(V04, fixture(V04));
    expect(rowsOf(runs[0].requests!)).toEqual(rowsOf(original[0].requests!));
  });

  it('says when GuideLLM sampled the requests, and falls back to summaries without any', async () => {
    const doc = JSON.parse(fixture(V04));
    doc.benchmarks[0].requests.successful.splice(2);
    doc.benchmarks[2].requests = { successful: [], errored: [], incomplete: [] };
    const runs = await read('s.json', JSON.stringify(doc));
    expect(runs[0].sources[0].warnings).toContain(
      "the report keeps 2 of 5 successful requests (GuideLLM sampled them): per-request statistics rest on the sample, GuideLLM's summaries on all",
    );
    expect(runs[2].role).toBe('summary');
    expect(runs[2].requests).toBeUndefined();
    expect(runs[2].sources[0].warnings).toContain(
      "the report keeps no per-request records (sampled away): only GuideLLM's summary statistics are compared",
    );
    expect(stat(runs[2], 'ttft', 'p99')).toBeDefined();
  });

  it('labels a benchmark without a strategy by its position, and says so', async () => {
    const doc = JSON.parse(fixture(V04));
    delete doc.benchmarks[1].config.strategy;
    const runs = await read('n.json', JSON.stringify(doc));
    expect(runs[1].repeat).toBe('benchmark 2');
    expect(runs[1].meta.config).toEqual({ profile: 'sweep' });
    expect(runs[1].sources[0].warnings).toContain(
      'no strategy at config.strategy ("type_"): the run is labelled by its position, "benchmark 2"',
    );
  });

  it('keeps two benchmarks at the same load point apart', async () => {
    const doc = JSON.parse(fixture(V04));
    doc.benchmarks[2].config.strategy = { type_: 'constant', rate: 4 };
    const runs = await read('d.json', JSON.stringify(doc));
    expect(runs.map((r) => r.repeat)).toEqual(['synchronous', 'constant@4.00', 'constant@4.00 #2']);
  });
});

describe('GuideLLM 0.3.0, 0.2 and 0.1 reports', () => {
  it('0.3.0: scheduler.strategy and scheduler_info.request_timings', async () => {
    const [run] = await read(V03, fixture(V03));
    expect(run.meta).toMatchObject({
      benchmark: 'poisson@2.00',
      model: 'Qwen/Qwen2.5-7B-Instruct',
      workload: 'prompt_tokens=128,output_tokens=64',
      config: { strategy: 'poisson', request_rate: 2, profile: 'poisson' },
      extra: { guidellm_schema: 'benchmark.scheduler (GuideLLM 0.3.0)', run_id: 'run-0300' },
    });
    const rows = rowsOf(run.requests!);
    expect(rows).toHaveLength(4);
    expect(rows[0].first_token_ms).toBeCloseTo(200, 3);
    expect(rows[0].decode_ms).toBeCloseTo(500, 3);
    expect(rows[0].total_ms).toBeCloseTo(701, 3);
    expect(run.workload).toMatchObject({
      requests: 4,
      failed: 0,
      requestRate: 2,
      inputTokensMean: 128,
      outputTokensMean: 64,
    });
    expect(stat(run, 'latency_per_output_token', 'mean')).toBeDefined();
  });

  it('0.2: args.strategy, start/first/last/end times, median for p50, no 0.2 TPOT', async () => {
    const doc = JSON.parse(fixture(V02));
    const [run] = await read(V02, fixture(V02));
    expect(run.meta).toMatchObject({
      benchmark: 'concurrent@8',
      model: 'ibm-granite/granite-3.1-2b-instruct',
      workload: 'prompt_tokens=128,output_tokens=64',
      config: { strategy: 'concurrent', max_concurrency: 8, profile: 'concurrent' },
      extra: { guidellm_schema: 'benchmark.args (GuideLLM 0.2)', target: 'http://localhost:8000' },
    });
    expect(run.workload).toMatchObject({ concurrency: 8, requests: 8, failed: 1 });
    expect(stat(run, 'ttft', 'p50')).toMatchObject({
      value: doc.benchmarks[0].metrics.time_to_first_token_ms.successful.median,
      field: 'metrics.time_to_first_token_ms.successful.median',
    });
    // 0.2's time_per_output_token_ms is (last − first) / tokens: not what latency_per_output_token means.
    expect(run.summaries.some((s) => s.metric === 'latency_per_output_token')).toBe(false);
    const rows = rowsOf(run.requests!);
    expect(rows).toHaveLength(8);
    expect(rows.filter((r) => r.error)).toEqual([
      {
        arrival_ts: 1750000200.75,
        prompt_tokens: 128,
        output_tokens: 0,
        schedule_lag_ms: expect.any(Number),
        error: 'TimeoutError: request timed out',
      },
    ]);
    expect(rows[0].first_token_ms).toBeCloseTo(80, 3);
  });

  it('0.1: one run per inner benchmark by mode and rate; errors counted, rows from results', async () => {
    const runs = await read(V01, fixture(V01));
    expect(runs.map((r) => r.repeat)).toEqual(['synchronous', 'asynchronous@2.00']);
    const [sync, async_] = runs;
    expect(sync.meta).toMatchObject({
      model: 'mistralai/Mistral-7B-Instruct-v0.3',
      config: { strategy: 'synchronous', max_concurrency: 1 },
    });
    expect(async_.meta.config).toEqual({ strategy: 'asynchronous', request_rate: 2 });
    const rows = rowsOf(async_.requests!);
    expect(rows).toHaveLength(5);
    expect(rows[1].first_token_ms).toBeCloseTo(70, 3);
    expect(rows[1].decode_ms).toBeCloseTo(480, 3);
    expect(async_.requests!.orderedByArrival).toBe(true);
    expect(async_.workload).toMatchObject({ requests: 6, failed: 1, requestRate: 2 });
    expect(async_.sources[0].warnings).toEqual([
      '1 error(s): GuideLLM 0.1 records no time for them, so they are counted as failed, not kept as rows',
    ]);
    const doc = JSON.parse(fixture(V01));
    expect(stat(async_, 'throughput', 'mean')?.value).toBe(doc.benchmarks[0].benchmarks[1].output_token_throughput);
    expect(stat(async_, 'request_throughput', 'mean')?.value).toBe(
      doc.benchmarks[0].benchmarks[1].completed_request_rate,
    );
  });
});

describe('GuideLLM refusals', () => {
  async function refused(text: string, name = 'r.json'): Promise<string> {
    return (await inputError(read(name, text))).message;
  }

  it('a newer report schema, named with its GuideLLM version', async () => {
    const doc = JSON.parse(fixture(V04));
    doc.metadata = { version: 2, guidellm_version: '0.9.0' };
    expect(await refused(JSON.stringify(doc))).toBe(
      'r.json: GuideLLM report: report schema version 2 (guidellm 0.9.0): this reader knows schema version 1 (GuideLLM 0.4+) and the unversioned 0.1–0.3 reports',
    );
  });

  it('benchmarks that are not text generation; an unknown benchmark shape; no benchmarks', async () => {
    expect(await refused('{"benchmarks": [{"type_": "embeddings_benchmark", "metrics": {}}]}')).toBe(
      'r.json: GuideLLM report: benchmarks[0] is a "embeddings_benchmark": only generative (text) benchmarks are compared',
    );
    const doc = JSON.parse(fixture(V03));
    doc.benchmarks.push({ type_: 'embeddings_benchmark' });
    const runs = await read('m.json', JSON.stringify(doc));
    expect(runs).toHaveLength(1);
    expect(runs[0].sources[0].warnings).toContain(
      'benchmarks[1] is a "embeddings_benchmark": not a text-generation benchmark, left out',
    );
    expect(await refused('{"benchmarks": [{"id": 1, "rows": []}]}')).toBe(
      'r.json: GuideLLM report: benchmarks[0] has no "type_", "metrics" or "benchmarks" (keys: id, rows): not a GuideLLM benchmark shape this reader knows',
    );
    expect(await refused('{"benchmarks": []}')).toBe('r.json: GuideLLM report: the "benchmarks" list is empty');
    expect(await refused('{"metadata": {"version": 1}, "results": []}')).toBe(
      'r.json: GuideLLM report: no "benchmarks" list at the top level of the report',
    );
    expect(await refused('{"benchmarks": [{"type_": "generative_benchmark", "args": {}}]}')).toMatch(
      /benchmarks\[0\]: neither "metrics" nor "requests"/,
    );
  });

  it('YAML, a cut-off report, a benchmark that is not JSON', async () => {
    expect(await refused('metadata:\n  guidellm_version: 0.4.0\n', 'b.yaml')).toBe(
      'b.yaml: GuideLLM report: this is the YAML report; perf-triage reads the JSON one (guidellm benchmark --output-path benchmarks.json)',
    );
    const text = fixture(V04);
    expect(await refused(text.slice(0, text.length / 2))).toMatch(
      /^r\.json:1: GuideLLM report: not valid JSON at line 1: .*\(a cut-off or damaged report\)$/,
    );
    expect(await refused('{"benchmarks": [{"type_": "generative_benchmark", "metrics": {"a": tru}}]}')).toMatch(
      /^r\.json:1: GuideLLM report: benchmarks\[0\] is not valid JSON/,
    );
  });

  it('a benchmark with too many bad request records, naming it', async () => {
    const doc = JSON.parse(fixture(V03));
    for (const r of doc.benchmarks[0].requests.successful.slice(0, 2)) r.prompt_tokens = 'many';
    const message = await refused(JSON.stringify(doc));
    expect(message).toBe(
      'r.json:1: field "prompt_tokens": GuideLLM report: benchmarks[0] (poisson@2.00): expected a count (a number), got "many" — 2 of 4 request records are bad, more than the 5% allowed (max-bad-lines); this is the first (records are numbered through the file)',
    );
  });

  it('a report larger than the cap, before parsing', async () => {
    let reachedEnd = false;
    const source = {
      name: 'big.json',
      head: '{"benchmarks": [{"type_": "generative_benchmark"',
      async *chunks() {
        yield '{"benchmarks": [{"type_": "generative_benchmark", "pad": "';
        for (let i = 0; i < 100; i++) yield 'x'.repeat(1000);
        reachedEnd = true;
        yield '"}]}';
      },
    };
    const e = await inputError(readGuidellmReport(source, OPTIONS, 10_000));
    expect(e.message).toMatch(/^big\.json: GuideLLM report: the file is larger than .* refused before parsing$/);
    expect(reachedEnd).toBe(false);
  });
});
