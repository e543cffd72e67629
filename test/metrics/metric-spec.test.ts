import { describe, expect, it } from 'vitest';
import { lookupMetric, METRIC_NAMES } from '../../src/metrics/catalog';
import { err, ok } from '../../src/model/result';
import {
  MEAN,
  makeSpec,
  parseMetricSpec,
  parseStat,
  percentile,
  specLabel,
  type MetricSpec,
} from '../../src/metrics/metric-spec';

const ALLOWED =
  'ttft, ttft_client, e2e, itl, tpot, throughput, request_throughput, failed, tokenize, queue_wait, prefill, network, decode, detokenize';

function spec(text: string): MetricSpec {
  const parsed = parseMetricSpec(text);
  if (typeof parsed === 'string') throw new Error(`expected "${text}" to parse, got: ${parsed}`);
  return parsed;
}

function error(text: string): string {
  const parsed = parseMetricSpec(text);
  if (typeof parsed !== 'string') throw new Error(`expected "${text}" to fail, got ${parsed.key}`);
  return parsed;
}

describe('parseStat', () => {
  it('reads means, medians and percentiles', () => {
    expect(parseStat('mean')).toEqual(ok(MEAN));
    expect(parseStat('avg')).toEqual(ok(MEAN));
    expect(parseStat('Average')).toEqual(ok(MEAN));
    expect(parseStat('median')).toEqual(ok({ kind: 'percentile', q: 0.5, label: 'p50' }));
    expect(parseStat('p95')).toEqual(ok({ kind: 'percentile', q: 0.95, label: 'p95' }));
    expect(parseStat('P5')).toEqual(ok({ kind: 'percentile', q: 0.05, label: 'p5' }));
    expect(parseStat('p99.90')).toMatchObject(ok({ kind: 'percentile', label: 'p99.9' }));
    expect(parseStat('p99.99')).toMatchObject(ok({ kind: 'percentile', label: 'p99.99' }));
    expect(parseStat('p050')).toMatchObject(ok({ kind: 'percentile', q: 0.5, label: 'p50' }));
  });

  it('rejects p0 and p100 with the range message', () => {
    expect(parseStat('p0')).toEqual(err('percentile "p0" must be between p0 and p100 (exclusive)'));
    expect(parseStat('p100')).toEqual(err('percentile "p100" must be between p0 and p100 (exclusive)'));
    expect(parseStat('p0.0')).toEqual(err('percentile "p0.0" must be between p0 and p100 (exclusive)'));
    expect(parseStat('p150')).toEqual(err('percentile "p150" must be between p0 and p100 (exclusive)'));
  });

  it('rejects anything else with the list of forms', () => {
    const expected = (t: string) =>
      `"${t}" is not a statistic: expected mean, median or a percentile such as p50, p95, p99, p99.9`;
    for (const t of ['fast', 'p', 'p-5', '95', 'p99.9999', 'p9x', 'max', 'p1000'])
      expect(parseStat(t)).toEqual(err(expected(t)));
  });
});

describe('percentile / makeSpec', () => {
  it('labels percentiles without trailing zeros', () => {
    expect(percentile(50).label).toBe('p50');
    expect(percentile(99.9).label).toBe('p99.9');
    expect(percentile(99.9)).toMatchObject({ kind: 'percentile' });
    expect((percentile(99.9) as { q: number }).q).toBeCloseTo(0.999, 15);
  });

  it('keys request metrics by id and statistic, run metrics by id alone', () => {
    expect(makeSpec(lookupMetric('ttft')!, percentile(95)).key).toBe('ttft.p95');
    expect(makeSpec(lookupMetric('e2e')!, MEAN).key).toBe('e2e.mean');
    expect(makeSpec(lookupMetric('throughput')!, MEAN).key).toBe('throughput');
  });
});

describe('parseMetricSpec', () => {
  it('"ttft p95" and "ttft.p95"', () => {
    for (const text of ['ttft p95', 'ttft.p95', '  ttft   p95  ', 'TTFT P95']) {
      const s = spec(text);
      expect(s.key).toBe('ttft.p95');
      expect(s.metric.id).toBe('ttft');
      expect(s.stat).toEqual({ kind: 'percentile', q: 0.95, label: 'p95' });
    }
  });

  it('"TTFT P99.9" and "ttft.p99.9"', () => {
    for (const text of ['TTFT P99.9', 'ttft.p99.9']) {
      const s = spec(text);
      expect(s.key).toBe('ttft.p99.9');
      expect(s.stat.kind).toBe('percentile');
      expect((s.stat as { q: number }).q).toBeCloseTo(0.999, 15);
    }
  });

  it('"itl median" is p50; "e2e mean" is the mean', () => {
    expect(spec('itl median').key).toBe('itl.p50');
    expect(spec('e2e mean')).toMatchObject({ key: 'e2e.mean', stat: MEAN });
    expect(spec('tpot avg').key).toBe('tpot.mean');
  });

  it('metric ids with digits take the dotted form too: "e2e.p99"', () => {
    expect(spec('e2e.p99').key).toBe('e2e.p99');
    expect(spec('E2E.P95').key).toBe('e2e.p95');
    expect(spec('e2el.p50').key).toBe('e2e.p50');
  });

  it('"throughput" and "request_throughput" need no statistic; "mean" is accepted', () => {
    expect(spec('throughput')).toMatchObject({ key: 'throughput', stat: MEAN });
    expect(spec('throughput mean').key).toBe('throughput');
    expect(spec('Throughput AVG').key).toBe('throughput');
    expect(spec('request_throughput').key).toBe('request_throughput');
    expect(spec('request-throughput').key).toBe('request_throughput');
  });

  it('resolves aliases', () => {
    expect(spec('e2el p99').key).toBe('e2e.p99');
    expect(spec('e2e_latency p99').key).toBe('e2e.p99');
    expect(spec('latency p50').key).toBe('e2e.p50');
    expect(spec('time_to_first_token p50').key).toBe('ttft.p50');
    expect(spec('time-to-first-token p50').key).toBe('ttft.p50');
    expect(spec('first_token p90').key).toBe('ttft.p90');
    expect(spec('client_ttft p95').key).toBe('ttft_client.p95');
    expect(spec('ttft_client.p95').key).toBe('ttft_client.p95');
    expect(spec('queue p95').key).toBe('queue_wait.p95');
    expect(spec('inter_token_latency p99').key).toBe('itl.p99');
    expect(spec('time_per_output_token mean').key).toBe('tpot.mean');
    expect(spec('output_throughput').key).toBe('throughput');
    expect(spec('token_throughput').key).toBe('throughput');
  });

  it('names every allowed metric when one is unknown', () => {
    expect(METRIC_NAMES.join(', ')).toBe(ALLOWED);
    expect(error('foo p95')).toBe(`unknown metric "foo": expected one of ${ALLOWED}`);
    expect(error('garbage')).toBe(`unknown metric "garbage": expected one of ${ALLOWED}`);
    expect(error('99.9')).toBe(`unknown metric "99.9": expected one of ${ALLOWED}`);
  });

  it('does not resolve names inherited from Object.prototype', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(lookupMetric(name)).toBeUndefined();
      expect(error(`${name} p95`)).toBe(`unknown metric "${name}": expected one of ${ALLOWED}`);
    }
  });

  it('asks for the statistic of a request-level metric', () => {
    expect(error('ttft')).toBe('ttft needs a statistic: for example "ttft p95" or "ttft mean"');
    expect(error('e2el')).toBe('e2e needs a statistic: for example "e2e p95" or "e2e mean"');
  });

  it('refuses a percentile of a run-level rate', () => {
    expect(error('throughput p95')).toBe(
      'throughput is one rate over the whole run and takes no percentile (got "p95")',
    );
    expect(error('throughput.p99')).toBe(
      'throughput is one rate over the whole run and takes no percentile (got "p99")',
    );
    expect(error('request_throughput median')).toBe(
      'request_throughput is one rate over the whole run and takes no percentile (got "median")',
    );
  });

  it('rejects bad statistics, p0 and p100', () => {
    expect(error('ttft p0')).toBe('percentile "p0" must be between p0 and p100 (exclusive)');
    expect(error('ttft p100')).toBe('percentile "p100" must be between p0 and p100 (exclusive)');
    expect(error('ttft fast')).toBe(
      '"fast" is not a statistic: expected mean, median or a percentile such as p50, p95, p99, p99.9',
    );
  });

  it('rejects trailing words and empty input', () => {
    expect(error('ttft p95 please')).toBe('unexpected "please" after "ttft p95"');
    expect(error('ttft p95 p99 p50')).toBe('unexpected "p99 p50" after "ttft p95"');
    expect(error('')).toBe('empty metric: expected something like "ttft p95"');
    expect(error('   ')).toBe('empty metric: expected something like "ttft p95"');
  });
});

describe('specLabel', () => {
  it('uses the catalog label, with the statistic for request metrics', () => {
    expect(specLabel(spec('ttft p95'))).toBe('TTFT p95');
    expect(specLabel(spec('ttft_client p95'))).toBe('client TTFT p95');
    expect(specLabel(spec('e2e mean'))).toBe('E2E mean');
    expect(specLabel(spec('queue p99.9'))).toBe('queue wait p99.9');
    expect(specLabel(spec('throughput'))).toBe('throughput');
    expect(specLabel(spec('request_throughput'))).toBe('request throughput');
  });
});

describe('metrics an artifact names itself', () => {
  it('keep their name as the id and show a label with no markup, mention or control character', async () => {
    const { customMetric } = await import('../../src/metrics/catalog');
    const m = customMetric('p99 <img src=x> @octocat [x](javascript:1) \u202Eevil `code`', 'ms', 'lower-is-better');
    expect(m.id).toBe('p99 <img src=x> @octocat [x](javascript:1) \u202Eevil `code`');
    expect(m.label).toBe('p99 ·img src=x· ·octocat ·x··javascript:1· ·evil ·code·');
    expect(customMetric('total_token_throughput', 'tok/s', 'higher-is-better').label).toBe('total token throughput');
  });
});
