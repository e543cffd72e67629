// The vLLM /metrics adapter on real vLLM 0.25.1 scrapes and a synthetic scrape with the older metric
// names: exact mapped numbers (checked by hand against the files), summing over engines, detection
// against every other artifact, errors, and diffScrapes on a real before/after pair.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/ingest/errors';
import { detectPrometheus, prometheusAdapter, readPrometheus } from '../../../src/ingest/formats/prometheus';
import { diffScrapes } from '../../../src/ingest/formats/prometheus-diff';
import { textSource } from '../../../src/ingest/source';
import type { Run } from '../../../src/model/run';
import { histogramQuantile } from '../../../src/stats/histogram';

const FIXTURES = 'test/fixtures/vllm-prometheus';
const LOADED = 'metrics_vllm_0.25.1_loaded.txt';
const IDLE = 'metrics_vllm_0.25.1_idle.txt';
const SYNTHETIC = 'metrics_vllm_v0_style_two_engines.synthetic.txt';
const options = { maxBadLineRatio: 0.05 };

const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
const read = async (name: string, text: string, ratio = 0.05): Promise<Run> => {
  const runs = await readPrometheus(textSource(name, text, 777), { maxBadLineRatio: ratio });
  expect(runs).toHaveLength(1);
  return runs[0];
};
const readFixture = (name: string) => read(name, fixture(name));

async function inputError(promise: Promise<unknown> | (() => unknown)): Promise<InputError> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('expected an InputError');
}

const hist = (run: Run, metric: string) => {
  const h = run.histograms?.find((x) => x.metric === metric);
  if (!h) throw new Error(`no ${metric} histogram`);
  return h;
};
const mean = (run: Run, metric: string) => run.summaries.find((s) => s.metric === metric && s.stat === 'mean')?.value;

describe('vLLM 0.25.1 scrape under load (real)', () => {
  it('maps every latency histogram, converted to ms', async () => {
    const run = await readFixture(LOADED);
    expect(run.role).toBe('server-metrics');
    expect(run.histograms!.map((h) => [h.metric, h.source])).toEqual([
      ['queue_wait', 'vllm:request_queue_time_seconds'],
      ['prefill', 'vllm:request_prefill_time_seconds'],
      ['decode', 'vllm:request_decode_time_seconds'],
      ['ttft', 'vllm:time_to_first_token_seconds'],
      ['itl', 'vllm:inter_token_latency_seconds'],
      ['tpot', 'vllm:request_time_per_output_token_seconds'],
      ['e2e', 'vllm:e2e_request_latency_seconds'],
    ]);
    const ttft = hist(run, 'ttft');
    // vllm:time_to_first_token_seconds_{count,sum} 664.0 / 88.24499082565308; 23 buckets up to 2560 s.
    expect(ttft.count).toBe(664);
    expect(ttft.sum).toBeCloseTo(88244.99082565308, 8);
    expect(ttft.buckets).toHaveLength(23);
    expect(ttft.buckets.slice(3, 10)).toEqual([
      { le: 20, count: 0 },
      { le: 40, count: 34 },
      { le: 60, count: 70 },
      { le: 80, count: 109 },
      { le: 100, count: 166 },
      { le: 250, count: 593 },
      { le: 500, count: 664 },
    ]);
    expect(ttft.buckets.at(-2)).toEqual({ le: 2560000, count: 664 });
    expect(ttft.buckets.at(-1)).toEqual({ le: Infinity, count: 664 });
    // e2e: (1.5, 2.0] s holds 24..591 of 600.
    const e2e = hist(run, 'e2e');
    expect(histogramQuantile(e2e, 0.5).value).toBeCloseTo(1500 + (500 * (300 - 24)) / (591 - 24), 9);
  });

  it('summarises each histogram by its exact mean (sum / count), and no percentiles', async () => {
    const run = await readFixture(LOADED);
    expect(run.summaries.every((s) => s.stat === 'mean')).toBe(true);
    expect(mean(run, 'ttft')).toBeCloseTo((88.24499082565308 * 1000) / 664, 9);
    expect(mean(run, 'queue_wait')).toBeCloseTo((18.513516283710487 * 1000) / 600, 9);
    expect(mean(run, 'prefill')).toBeCloseTo((36.60655808323645 * 1000) / 600, 9);
    expect(mean(run, 'decode')).toBeCloseTo((928.5465441379056 * 1000) / 600, 9);
    expect(mean(run, 'itl')).toBeCloseTo((998.1225105317717 * 1000) / 164629, 9);
    expect(mean(run, 'e2e')).toBeCloseTo((999.2306158542633 * 1000) / 600, 9);
    expect(run.summaries.find((s) => s.metric === 'ttft')).toMatchObject({
      count: 664,
      field: 'vllm:time_to_first_token_seconds_sum / vllm:time_to_first_token_seconds_count',
    });
  });

  it('reads server counters and gauges, the load served, and the cache config', async () => {
    const run = await readFixture(LOADED);
    expect(run.server).toEqual({
      prefixCacheHits: 2480,
      prefixCacheQueries: 339968,
      preemptions: 0,
      running: 64,
      waiting: 64,
      kvCacheUsage: 0.11223878211531546,
    });
    // request_success_total over stop/length/abort/error/repetition = 600; request_prompt_tokens 307200 / 600.
    expect(run.workload).toEqual({
      requests: 600,
      failed: 0,
      inputTokensMean: 512,
      outputTokensMean: 256,
      engine: 'vllm',
    });
    expect(run.meta).toMatchObject({ model: 'opt-125m-tp2', benchmark: 'opt-125m-tp2' });
    expect(run.meta.config).toMatchObject({
      block_size: 16,
      enable_prefix_caching: true,
      gpu_memory_utilization: 0.3,
      num_gpu_blocks: 25028,
      cache_dtype: 'auto',
    });
    expect(run.meta.config).not.toHaveProperty('num_cpu_blocks'); // "None"
    expect(run.meta.config).not.toHaveProperty('engine');
    expect(run.sources).toEqual([
      { file: LOADED, format: 'prometheus', recordsRead: 435, recordsKept: 435, skipped: 0, issues: [], warnings: [] },
    ]);
  });

  it('an idle scrape has empty histograms and no mean to report', async () => {
    const run = await readFixture(IDLE);
    expect(run.summaries).toEqual([]);
    expect(run.histograms!.every((h) => h.count === 0 && h.buckets.every((b) => b.count === 0))).toBe(true);
    expect(run.server).toEqual({
      prefixCacheHits: 0,
      prefixCacheQueries: 0,
      preemptions: 0,
      running: 0,
      waiting: 0,
      kvCacheUsage: 0,
    });
    expect(run.workload).toEqual({ requests: 0, failed: 0, engine: 'vllm' });
  });
});

describe('older metric names, two engines (synthetic, hand-computed)', () => {
  it('adds the engines up and maps the deprecated names', async () => {
    const run = await readFixture(SYNTHETIC);
    expect(run.histograms!.map((h) => [h.metric, h.source])).toEqual([
      ['ttft', 'vllm:time_to_first_token_seconds'],
      ['itl', 'vllm:time_per_output_token_seconds'],
      ['e2e', 'vllm:e2e_request_latency_seconds'],
    ]);
    // TTFT: engine 0 + engine 1 cumulative counts at 40/60/80/100 ms: 2+1, 5+3, 8+6, 10+10.
    expect(hist(run, 'ttft').buckets.slice(4, 8)).toEqual([
      { le: 40, count: 3 },
      { le: 60, count: 8 },
      { le: 80, count: 14 },
      { le: 100, count: 20 },
    ]);
    expect(hist(run, 'ttft').buckets[0]).toEqual({ le: 1, count: 0 });
    expect(mean(run, 'ttft')).toBeCloseTo(((0.65 + 0.7) * 1000) / 20, 10);
    expect(mean(run, 'itl')).toBeCloseTo(((5.32 + 5.7) * 1000) / 380, 10);
    expect(mean(run, 'e2e')).toBeCloseTo(((14.2 + 15.1) * 1000) / 20, 10);
    // gpu_prefix_cache_* (early V1 names), preemptions 1 + 2, running 3 + 4, waiting 0 + 2, usage (0.25 + 0.75) / 2.
    expect(run.server).toEqual({
      prefixCacheHits: 2100,
      prefixCacheQueries: 8200,
      preemptions: 3,
      running: 7,
      waiting: 2,
      kvCacheUsage: 0.5,
    });
    // 8+2+0 + 9+0+1 finished, 1 aborted; no per-request token histograms, so the counters over 20.
    expect(run.workload).toEqual({
      requests: 20,
      failed: 1,
      inputTokensMean: 512,
      outputTokensMean: 20,
      engine: 'vllm',
    });
    expect(run.meta.config).toEqual({
      block_size: 16,
      cache_dtype: 'auto',
      enable_prefix_caching: true,
      gpu_memory_utilization: 0.9,
      num_gpu_blocks: 12000,
    });
    expect(run.meta.extra).toMatchObject({
      engines: '0,1',
      scrape_timestamp_ms: '1710000000000',
      process_start_time_seconds: '1710000000',
    });
    expect(run.sources[0]).toMatchObject({ skipped: 0, warnings: [] });
  });

  it('warns when several models are summed', async () => {
    const text = ['a', 'b']
      .map((m, i) =>
        [
          `vllm:e2e_request_latency_seconds_bucket{le="1.0",model_name="${m}"} ${i + 1}`,
          `vllm:e2e_request_latency_seconds_bucket{le="+Inf",model_name="${m}"} ${i + 2}`,
          `vllm:e2e_request_latency_seconds_sum{model_name="${m}"} ${i + 3}`,
          `vllm:e2e_request_latency_seconds_count{model_name="${m}"} ${i + 2}`,
        ].join('\n'),
      )
      .join('\n');
    const run = await read('two-models.txt', text);
    expect(run.histograms![0]).toEqual({
      metric: 'e2e',
      buckets: [
        { le: 1000, count: 3 },
        { le: Infinity, count: 5 },
      ],
      sum: 7000,
      count: 5,
      source: 'vllm:e2e_request_latency_seconds',
    });
    expect(run.meta.model).toBeUndefined();
    expect(run.sources[0].warnings.join('\n')).toMatch(/2 models \(a, b\).*added together/);
  });

  it('keeps the bucket bounds all series share; fills a missing +Inf bucket from _count', async () => {
    const text = [
      'vllm:time_to_first_token_seconds_bucket{engine="0",le="0.1"} 1',
      'vllm:time_to_first_token_seconds_bucket{engine="0",le="0.5"} 2',
      'vllm:time_to_first_token_seconds_sum{engine="0"} 0.4',
      'vllm:time_to_first_token_seconds_count{engine="0"} 3',
      'vllm:time_to_first_token_seconds_bucket{engine="1",le="0.5"} 4',
      'vllm:time_to_first_token_seconds_bucket{engine="1",le="+Inf"} 4',
      'vllm:time_to_first_token_seconds_sum{engine="1"} 1.0',
      'vllm:time_to_first_token_seconds_count{engine="1"} 4',
    ].join('\n');
    const run = await read('mixed.txt', text);
    expect(hist(run, 'ttft').buckets).toEqual([
      { le: 500, count: 6 },
      { le: Infinity, count: 7 },
    ]);
    expect(run.sources[0].warnings.join('\n')).toMatch(/different bucket bounds/);
  });
});

describe('bad input', () => {
  it('reports unusable values with their line and leaves that metric out', async () => {
    const text = fixture(LOADED).replace(
      'vllm:num_preemptions_total{engine="0",model_name="opt-125m-tp2"} 0.0',
      'vllm:num_preemptions_total{engine="0",model_name="opt-125m-tp2"} NaN',
    );
    const run = await read('nan.txt', text);
    expect(run.server).not.toHaveProperty('preemptions');
    expect(run.server?.prefixCacheHits).toBe(2480);
    const issue = run.sources[0].issues[0];
    expect(issue.line).toBe(
      fixture(LOADED)
        .split('\n')
        .findIndex((l) => l.startsWith('vllm:num_preemptions_total{')) + 1,
    );
    expect(issue.message).toMatch(/finite number ≥ 0, got NaN/);
    expect(run.sources[0].skipped).toBe(1);
  });

  it('leaves out a histogram whose lines are broken, keeping the rest', async () => {
    const text = fixture(LOADED).replace(
      /(vllm:request_queue_time_seconds_bucket\{engine="0",le=")0\.3(")/,
      '$1soon$2',
    );
    const run = await read('le.txt', text);
    expect(run.histograms!.map((h) => h.metric)).not.toContain('queue_wait');
    expect(run.sources[0].warnings.join('\n')).toMatch(/request_queue_time_seconds: left out/);
    expect(run.sources[0].issues[0].message).toMatch(/le label "soon"/);
  });

  it('rejects files that are not vLLM scrapes, or too broken, naming the problem', async () => {
    expect((await inputError(read('other.txt', '# TYPE up gauge\nup 1\n'))).message).toMatch(/none named "vllm:…"/);
    expect((await inputError(read('empty.txt', '# just a comment\n'))).message).toMatch(/no sample lines/);
    const broken = await inputError(read('broken.txt', 'vllm:num_requests_running 1\nnope{ 1\nnope{ 2\n'));
    expect(broken.message).toMatch(/2 of 3 lines are malformed.*max-bad-lines/);
    expect(broken.line).toBe(2);
    expect((await inputError(read('unused.txt', 'vllm:some_future_metric 1\n'))).message).toMatch(
      /none perf-triage uses/,
    );
  });

  it('refuses a file larger than the cap before parsing it', async () => {
    const error = await inputError(readPrometheus(textSource('big.txt', fixture(LOADED), 1000), options, 10_000));
    expect(error.message).toMatch(/larger than .* refused before parsing/);
  });
});

describe('diffScrapes', () => {
  it('idle → loaded on one server gives the traffic in between', async () => {
    const [idle, loaded] = await Promise.all([readFixture(IDLE), readFixture(LOADED)]);
    const diff = diffScrapes(idle, loaded);
    expect(diff.histograms).toEqual(loaded.histograms);
    expect(diff.summaries).toEqual(loaded.summaries);
    expect(diff.server).toEqual(loaded.server);
    expect(diff.workload).toEqual(loaded.workload);
    expect(diff.role).toBe('server-metrics');
    expect(diff.sources.map((s) => s.file)).toEqual([IDLE, LOADED]);
    expect(diff.sources[1].warnings[0]).toMatch(/difference of two scrapes/);
  });

  it('subtracts counters and buckets, keeps gauges from the later scrape', async () => {
    const loaded = await readFixture(LOADED);
    const later = fixture(LOADED)
      .replace(
        'vllm:prefix_cache_hits_total{engine="0",model_name="opt-125m-tp2"} 2480.0',
        'vllm:prefix_cache_hits_total{engine="0",model_name="opt-125m-tp2"} 2500.0',
      )
      .replace(
        'vllm:num_requests_running{engine="0",model_name="opt-125m-tp2"} 64.0',
        'vllm:num_requests_running{engine="0",model_name="opt-125m-tp2"} 5.0',
      )
      .replace(
        'vllm:request_success_total{engine="0",finished_reason="abort",model_name="opt-125m-tp2"} 0.0',
        'vllm:request_success_total{engine="0",finished_reason="abort",model_name="opt-125m-tp2"} 2.0',
      )
      .replace(
        'vllm:e2e_request_latency_seconds_bucket{engine="0",le="+Inf",model_name="opt-125m-tp2"} 600.0',
        'vllm:e2e_request_latency_seconds_bucket{engine="0",le="+Inf",model_name="opt-125m-tp2"} 602.0',
      )
      .replace(
        'vllm:e2e_request_latency_seconds_count{engine="0",model_name="opt-125m-tp2"} 600.0',
        'vllm:e2e_request_latency_seconds_count{engine="0",model_name="opt-125m-tp2"} 602.0',
      )
      .replace(
        'vllm:e2e_request_latency_seconds_sum{engine="0",model_name="opt-125m-tp2"} 999.2306158542633',
        'vllm:e2e_request_latency_seconds_sum{engine="0",model_name="opt-125m-tp2"} 1199.2306158542633',
      );
    const diff = diffScrapes(loaded, await read('later.txt', later));
    expect(diff.server).toMatchObject({
      prefixCacheHits: 20,
      prefixCacheQueries: 0,
      preemptions: 0,
      running: 5,
      waiting: 64,
    });
    expect(diff.workload).toMatchObject({ requests: 2, failed: 2 });
    const e2e = hist(diff, 'e2e');
    expect(e2e.count).toBe(2);
    expect(e2e.buckets.at(-1)).toEqual({ le: Infinity, count: 2 });
    expect(e2e.buckets.slice(0, -1).every((b) => b.count === 0)).toBe(true);
    expect(mean(diff, 'e2e')).toBeCloseTo(100_000, 6);
    expect(diff.summaries.map((s) => s.metric)).toEqual(['e2e']);
  });

  it('refuses a counter that went down, a restart, and runs that are not scrapes', async () => {
    const [idle, loaded] = await Promise.all([readFixture(IDLE), readFixture(LOADED)]);
    const reset = await inputError(() => diffScrapes(loaded, idle));
    expect(reset.message).toMatch(/went down.*reset/);
    expect(reset.file).toBe(IDLE);
    const restarted = await read(
      'restarted.txt',
      fixture(LOADED).replace('process_start_time_seconds 1.78692899276e+09', 'process_start_time_seconds 1.79e+09'),
    );
    expect((await inputError(() => diffScrapes(idle, restarted))).message).toMatch(/restarted between the scrapes/);
    const notScrape: Run = {
      meta: { config: {}, extra: {} },
      summaries: [],
      sources: [
        { file: 'x.json', format: 'vllm', recordsRead: 1, recordsKept: 1, skipped: 0, issues: [], warnings: [] },
      ],
      role: 'summary',
    };
    expect((await inputError(() => diffScrapes(notScrape, loaded))).message).toMatch(
      /expected a run read from a Prometheus scrape/,
    );
  });

  it('takes the duration from sample timestamps when both scrapes carry them', async () => {
    const before = await readFixture(SYNTHETIC);
    const after = await read('after.txt', fixture(SYNTHETIC).replaceAll(' 1710000000000', ' 1710000060000'));
    expect(diffScrapes(before, after).workload).toEqual({
      requests: 0,
      failed: 0,
      durationSeconds: 60,
      engine: 'vllm',
    });
  });
});

describe('detection', () => {
  it('matches every scrape fixture, also from a head cut mid-line', () => {
    for (const name of [LOADED, IDLE, SYNTHETIC]) {
      const text = fixture(name);
      expect(detectPrometheus(text.slice(0, 16 * 1024))).toMatchObject({ match: true });
      expect(prometheusAdapter.detect(text.slice(0, 16 * 1024 - 7), name).match).toBe(true);
    }
    expect(detectPrometheus('vllm:num_requests_running{engine="0"} 3\n').match).toBe(true);
    expect(prometheusAdapter.id).toBe('prometheus');
  });

  it('does not match other tools’ files or native telemetry, and says why', () => {
    for (const file of otherArtifacts()) {
      const head = readFileSync(file, 'utf8').slice(0, 16 * 1024);
      const d = detectPrometheus(head);
      expect(d.match, file).toBe(false);
      expect(d.reason).toMatch(/HELP|TYPE|sample/);
    }
    const native = [
      '{"request_id":"r1","arrival_ts":1710000000.1,"first_token_ms":120,"total_ms":900}\n',
      'request_id,arrival_ts,first_token_ms,total_ms\nr1,1710000000.1,120,900\n',
      '# metadata: {"benchmark":"x"}\nrequest_id,first_token_ms,total_ms\nr1,1,2\n',
      'first_token_ms\ttotal_ms\n1\t2\n',
      '[{"first_token_ms":1,"total_ms":2}]',
      'INFO 03-14 12:00:00 engine.py:267] Added request\n',
      '',
    ];
    for (const text of native) expect(detectPrometheus(text).match, text).toBe(false);
  });
});

/** Every artifact of another tool: the shared real artifacts and the other fixture folders. */
function otherArtifacts(): string[] {
  const roots = ['/work/shared/real-artifacts', 'test/fixtures'];
  const out: string[] = [];
  for (const root of roots) {
    for (const dir of readdirSync(root)) {
      if (dir === 'vllm-prometheus') continue;
      const path = join(root, dir);
      if (!statSync(path).isDirectory()) continue;
      for (const file of readdirSync(path)) if (!file.endsWith('.md')) out.push(join(path, file));
    }
  }
  return out;
}
