// The caveats' edges that caveats.test.ts leaves open, on hand-built inputs: the difference list for
// every key field, which series the warm-up was read from, a head without failures against an unknown
// baseline, and quality carried by one run of a side.
import { describe, expect, it } from 'vitest';
import type { LoadComparison, RunLoad } from '../../src/compare/load';
import { collectCaveats, listDifferences } from '../../src/diagnose/caveats';
import type { Side } from '../../src/model/run';
import { table } from './branches/build';
import { input, kinds, run, sideOf } from './caveat-input';

describe('listDifferences, field by field', () => {
  it('names each field once, before the base value, the head value bare', () => {
    expect(
      listDifferences([
        { field: 'engineVersion', base: '0.5.0', head: '0.6.0' },
        { field: 'engine', base: 'vllm', head: 'sglang' },
        { field: 'tenant', base: 'a', head: 'b' },
        { field: 'inputLength', base: 100, head: 200 },
        { field: 'outputLength', base: 10, head: 20 },
        { field: 'requestRate', base: 2, head: 4 },
        { field: 'concurrency', base: 8, head: 16 },
      ]),
    ).toBe(
      'engine version 0.5.0 → 0.6.0, engine vllm → sglang, tenant a → b, input 100 tokens → 200 tokens, output 10 tokens → 20 tokens, 2 req/s → 4 req/s, concurrency 8 → 16',
    );
  });
});

describe('warm-up: the series the trimmed runs were read from', () => {
  const calm: RunLoad = { requests: 100, warmup: { rows: 0 }, unsettled: false, overloaded: false };
  const trimmed = (rows: number, series: RunLoad['series']): RunLoad => ({ ...calm, series, warmup: { rows } });
  const loadOf = (base: RunLoad[], head: RunLoad[]): LoadComparison => ({
    base: { runs: base, overloaded: false },
    head: { runs: head, overloaded: false },
  });
  const message = (load: LoadComparison) => collectCaveats(input({ load })).find((c) => c.kind === 'warm-up')?.message;

  it("names the series of the runs that were trimmed, not the head's first run", () => {
    // The baseline trimmed on its queue wait; the head (TTFT only) trimmed nothing.
    expect(message(loadOf([trimmed(3, 'queue_wait')], [trimmed(0, 'ttft')]))).toBe(
      'warm-up left out of latency and rates (MSER-5 on the queue wait): the first 3 requests of the baseline and 0 of the head; failed requests are counted over the whole run',
    );
    // A head without per-request data has no runs here.
    expect(message(loadOf([trimmed(0, 'queue_wait'), trimmed(7, 'ttft')], []))).toMatch(
      /^warm-up left out of latency and rates \(MSER-5 on the TTFT\): the first 7 requests of the baseline and 0 of the head;/,
    );
  });

  it('both series, once each, when the trimmed runs read different ones', () => {
    const load = loadOf([trimmed(2, 'ttft'), trimmed(4, 'queue_wait')], [trimmed(5, 'ttft'), trimmed(1, 'queue_wait')]);
    expect(message(load)).toMatch(
      /\(MSER-5 on the TTFT and queue wait\): the first 6 requests of the baseline and 6 of the head;/,
    );
  });
});

describe('failed requests against a baseline without per-request data', () => {
  it('a head with per-request data and no failure says nothing', () => {
    const clean = sideOf('head', [run({ requests: table({ total_ms: [1, 2, 3] }) })]);
    expect(kinds(collectCaveats(input({ head: clean })))).not.toContain('error-rate');
    const failing = sideOf('head', [run({ requests: table({ total_ms: [1, 2, 3] }, [2]) })]);
    expect(kinds(collectCaveats(input({ head: failing })))).toContain('error-rate');
  });
});

describe('quality measured on one run of a side', () => {
  const quality = { metric: 'quality.accuracy', stat: 'mean', value: 0.8 } as const;
  const other = { metric: 'output_throughput', stat: 'mean', value: 900 } as const;
  const notMeasured = (base: Side, head: Side) =>
    kinds(collectCaveats(input({ base, head }))).includes('quality-not-measured');

  it('a side whose run carries a quality summary among others, or one run of several, has quality', () => {
    const mixed = (label: Side['label']) =>
      sideOf(label, [run({ summaries: [other, quality] }), run({ summaries: [other] })]);
    expect(notMeasured(mixed('base'), mixed('head'))).toBe(false);
    const none = (label: Side['label']) => sideOf(label, [run({ summaries: [other] })]);
    expect(notMeasured(mixed('base'), none('head'))).toBe(true);
  });
});
