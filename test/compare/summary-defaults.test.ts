// The summary metrics judged by default (src/compare/summary-defaults.ts): what both sides' tools
// reported, read as catalog metrics (percentiles p50–p99, a mean only where no percentile is given,
// rates as their mean) or as the artifact's own named numbers, never twice and never when the team
// named its metrics.

import { describe, expect, it } from 'vitest';
import { buildConfig } from '../../src/config/config';
import { summaryDefaults } from '../../src/compare/summary-defaults';
import { emptyMeta, type Side, type SummaryValue } from '../../src/model/run';

const s = (metric: string, stat: string, extra: Partial<SummaryValue> = {}): SummaryValue => ({
  metric,
  stat,
  value: 1,
  ...extra,
});
const side = (label: Side['label'], ...runs: SummaryValue[][]): Side => ({
  label,
  runs: runs.map((summaries) => ({ meta: emptyMeta(), summaries, sources: [] })),
});
const keys = (config: ReturnType<typeof buildConfig>, base: Side, head: Side) =>
  summaryDefaults(config, base, head).map((m) => `${m.spec.key} ${m.origin} ${m.spec.metric.direction}`);

describe('summaryDefaults', () => {
  const reported = [
    s('ttft', 'p99'), // added: a default percentile not already judged
    s('ttft', 'p50'), // already a default metric
    s('ttft', 'p75'), // not a default percentile
    s('ttft', 'mean'), // ttft has percentiles: no mean
    s('tpot', 'mean'), // tpot has none: its mean
    s('itl', 'mean'), // itl has p90 below: no mean
    s('itl', 'p90'),
    s('throughput', 'mean'), // already a default metric
    s('request_throughput', 'mean'), // a rate: its mean
    s('request_throughput', 'p50'), // a rate has no percentile
    s('e2el', 'p99'), // an alias, not the catalog's own id
    s('goodput', 'value', { unit: 'req/s', direction: 'higher-is-better' }), // the artifact's own number
    s('score', 'mean', { unit: 'pts' }), // a unit and no direction: lower is better
    s('x', 'p50', { unit: 'ms' }), // an own number is one value per run, not a percentile
    s('plain', 'mean'), // neither unit nor direction: nothing to judge it by
  ];

  it('adds what both sides report and the defaults do not already judge, in the order head reports them', () => {
    expect(keys(buildConfig({}), side('base', reported), side('head', reported))).toEqual([
      'ttft.p99 default lower-is-better',
      'tpot.mean default lower-is-better',
      'itl.p90 default lower-is-better',
      'request_throughput default higher-is-better',
      'goodput default higher-is-better',
      'score default lower-is-better',
    ]);
  });

  it('only what both sides report, over all their runs', () => {
    const base = side('base', [s('ttft', 'p99')], [s('tpot', 'mean'), s('itl', 'p90')]);
    const head = side('head', [s('ttft', 'p99'), s('tpot', 'mean')], [s('e2e', 'p99')]);
    expect(keys(buildConfig({}), base, head)).toEqual([
      'ttft.p99 default lower-is-better',
      'tpot.mean default lower-is-better',
    ]);
  });

  it('a metric reported in several runs, or under two stats that read as one, is added once', () => {
    const runs = [[s('ttft', 'p99')], [s('ttft', 'p99')]];
    expect(keys(buildConfig({}), side('base', ...runs), side('head', ...runs))).toEqual([
      'ttft.p99 default lower-is-better',
    ]);
    const both = [s('goodput', 'mean', { unit: 'req/s' }), s('goodput', 'value', { unit: 'req/s' })];
    expect(keys(buildConfig({}), side('base', both), side('head', both))).toEqual(['goodput default lower-is-better']);
  });

  it('a rate reported only as a percentile, or a metric only at another percentile, is not added', () => {
    const only = [s('request_throughput', 'p50'), s('tpot', 'p75')];
    expect(keys(buildConfig({}), side('base', only), side('head', only))).toEqual([]);
  });

  it("the artifact's own number with a direction and no unit", () => {
    const own = [s('tokens_per_joule', 'value', { direction: 'higher-is-better' })];
    const [m] = summaryDefaults(buildConfig({}), side('base', own), side('head', own));
    expect(m.spec.key).toBe('tokens_per_joule');
    expect(m.spec.metric).toMatchObject({ unit: '', direction: 'higher-is-better', custom: true });
  });

  it('nothing when the team named its metrics; SLO metrics alone leave the defaults on', () => {
    expect(
      summaryDefaults(
        buildConfig({ metrics: ['ttft p50'], slos: ['ttft p99 < 500ms'] }),
        side('base', reported),
        side('head', reported),
      ),
    ).toEqual([]);
    expect(
      summaryDefaults(buildConfig({ metrics: ['ttft p50'] }), side('base', reported), side('head', reported)),
    ).toEqual([]);
    expect(
      keys(buildConfig({ slos: ['ttft p99 < 500ms'] }), side('base', reported), side('head', reported)),
    ).not.toContain('ttft.p99 default lower-is-better');
    expect(keys(buildConfig({ slos: ['ttft p99 < 500ms'] }), side('base', reported), side('head', reported))).toContain(
      'tpot.mean default lower-is-better',
    );
  });
});
