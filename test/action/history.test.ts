// The journal's history feeds the verdict: its noise band decides a comparison of one summary a side
// that could not be decided without it, a drifted baseline is said in the report, and a trend chart
// goes into the PR comment where it matters.
import { describe, expect, it } from 'vitest';
import { buildConfig } from '../../src/config/config';
import { historyOf, withHistory } from '../../src/action/history';
import { loadSide } from '../../src/io/load-side';
import { JOURNAL_SCHEMA, type JournalEntry } from '../../src/journal/schema';
import { emptyMeta, type Side } from '../../src/model/run';
import { triage } from '../../src/report/triage';
import { renderMarkdown } from '../../src/render/markdown';

function entry(i: number, values: Record<string, number>, benchmark = 'llama-8b-serving'): JournalEntry {
  const day = new Date(Date.UTC(2026, 8, 1 + i)).toISOString();
  return {
    schema: JOURNAL_SCHEMA,
    id: `run-${i}:${benchmark}`,
    kind: 'recorded',
    benchmark,
    recordedAt: day,
    date: day.slice(0, 10),
    symptom: '—',
    workload: '—',
    baseline: '—',
    diagnosis: '—',
    change: '—',
    result: '—',
    quality: 'not measured',
    effort: '—',
    verdict: 'unchanged',
    metrics: Object.entries(values).map(([key, value]) => ({
      key,
      unit: key === 'throughput' ? 'tok/s' : 'ms',
      value,
    })),
    hints: [],
  };
}

/** A deterministic ±1% wiggle: the history's run-to-run noise. */
const wiggle = (i: number) => 1 + 0.01 * Math.sin(i * 2.3);

function summarySide(label: Side['label'], ttftP95: number): Side {
  return {
    label,
    runs: [
      {
        meta: { ...emptyMeta(), benchmark: 'llama-8b-serving' },
        summaries: [{ metric: 'ttft', stat: 'p95', value: ttftP95, field: 'p95_ttft_ms' }],
        sources: [],
      },
    ],
  };
}

describe('history from the journal', () => {
  it('its noise band decides a one-summary-a-side comparison that is inconclusive without it', () => {
    const entries = Array.from({ length: 12 }, (_, i) => entry(i, { 'ttft.p95': 500 * wiggle(i) }));
    const history = historyOf(entries);
    const sigma = history.bands.get('ttft.p95')!;
    expect(sigma).toBeGreaterThan(0.004);
    expect(sigma).toBeLessThan(0.03);
    const config = buildConfig({ metrics: ['ttft p95'] });
    const [base, slower, same] = [summarySide('base', 500), summarySide('head', 600), summarySide('head', 501)];
    expect(triage(base, slower, config).benchmarks[0].metrics[0].verdict).toBe('inconclusive');
    const withBand = withHistory(config, history);
    expect(withBand.statistics.runNoise['ttft.p95']).toBe(sigma);
    expect(triage(base, slower, withBand).benchmarks[0].metrics[0].verdict).toBe('regressed');
    expect(triage(base, same, withBand).benchmarks[0].metrics[0].verdict).toBe('unchanged');
  });

  it("a band the team set wins over the journal's", () => {
    const history = historyOf(Array.from({ length: 12 }, (_, i) => entry(i, { 'ttft.p95': 500 * wiggle(i) })));
    expect(withHistory(buildConfig({ runNoise: ['ttft p95=7%'] }), history).statistics.runNoise['ttft.p95']).toBe(0.07);
  });

  it('says when the baseline itself has drifted, and charts the trend in the report', async () => {
    // Twelve entries at ~500 ms, then ten at ~580 ms: a step no single pull request showed.
    const entries = Array.from({ length: 22 }, (_, i) =>
      entry(i, { 'ttft.p95': (i < 12 ? 500 : 580) * wiggle(i), throughput: 3000 * wiggle(i + 1) }),
    );
    const base = await loadSide('base', ['examples/demo/base.jsonl'], { maxBadLineRatio: 0.05 });
    const head = await loadSide('head', ['examples/demo/head.jsonl'], { maxBadLineRatio: 0.05 });
    const history = historyOf(entries);
    const report = history.annotate(triage(base, head, buildConfig({ slos: ['ttft p95 < 800ms'] })));
    const b = report.benchmarks[0];
    const drift = b.caveats.find((c) => c.kind === 'baseline-drift');
    expect(drift?.message).toMatch(
      /the baseline itself has drifted: TTFT p95 rose 1\d% over the last 10 entries \(change at entry of 2026-09-13/,
    );
    expect(b.caveats.filter((c) => c.kind === 'baseline-drift')).toHaveLength(1);
    expect(b.trends).toHaveLength(1);
    expect(b.trends![0]).toMatch(/^```mermaid\n%%\{init.*\nxychart-beta\n {4}title "llama-8b-serving: TTFT p95"\n/);
    expect(b.trends![0]).toContain('"this PR"');
    const markdown = renderMarkdown(report);
    expect(markdown).toContain('<details><summary>History from the performance journal</summary>');
    expect(markdown).toContain('the baseline itself has drifted');
  });

  it('a steady history adds no caveat and, for an unchanged result, no chart', async () => {
    const entries = Array.from({ length: 15 }, (_, i) => entry(i, { 'ttft.p95': 500 * wiggle(i) }));
    const base = await loadSide('base', ['examples/demo/base.jsonl'], { maxBadLineRatio: 0.05 });
    const report = historyOf(entries).annotate(triage(base, { ...base, label: 'head' }, buildConfig({})));
    expect(report.benchmarks[0].caveats.some((c) => c.kind === 'baseline-drift')).toBe(false);
    expect(report.benchmarks[0].trends).toBeUndefined();
  });
});
