import { describe, expect, it } from 'vitest';
import { detectDrift, journalNoise, metricHistory, noiseBand, type HistoryPoint } from '../../src/journal/history';
import { JOURNAL_SCHEMA, type EntryKind, type JournalEntry, type MetricRecord } from '../../src/journal/schema';
import { createRng } from '../../src/stats/rng';

const DAY = 86_400_000;
const START = Date.parse('2026-09-01T12:00:00Z');

function entry(over: Partial<JournalEntry> & { metrics: MetricRecord[] }): JournalEntry {
  return {
    schema: JOURNAL_SCHEMA,
    id: 'run-1',
    kind: 'recorded',
    benchmark: 'chat-8b',
    recordedAt: '2026-09-01T12:00:00Z',
    date: '2026-09-01',
    symptom: '—',
    workload: '—',
    baseline: '—',
    diagnosis: '—',
    change: '—',
    result: '—',
    quality: '—',
    effort: '—',
    verdict: 'unchanged',
    hints: [],
    ...over,
  };
}

/** Points of a history, one a day from 2026-09-01, as metricHistory would give them. */
function points(values: readonly number[], over: (i: number) => Partial<HistoryPoint> = () => ({})): HistoryPoint[] {
  return values.map((value, i) => ({
    id: `run-${i}`,
    recordedAt: new Date(START + i * DAY).toISOString(),
    value,
    unit: 'ms',
    kind: 'recorded' as EntryKind,
    verdict: 'unchanged',
    commit: `c${String(i).padStart(6, '0')}`,
    ...over(i),
  }));
}

/** Multiplicative noise with the given relative σ around `level`. */
function lognormal(seed: number, n: number, level: number, sigma: number): number[] {
  const rng = createRng(seed);
  return Array.from({ length: n }, () => level * Math.exp(sigma * rng.normal()));
}

describe('metricHistory', () => {
  const entries: JournalEntry[] = [
    entry({
      id: 'c',
      recordedAt: '2026-09-03T09:00:00Z',
      commit: 'ccc',
      metrics: [{ key: 'ttft.p95', unit: 'ms', value: 830, verdict: 'unchanged' }],
    }),
    entry({
      id: 'a',
      recordedAt: '2026-09-01T09:00:00Z',
      commit: 'aaa',
      metrics: [{ key: 'ttft.p95', unit: 'ms', value: 800 }],
    }),
    entry({
      id: 'b',
      recordedAt: '2026-09-02T09:00:00+02:00',
      kind: 'accepted',
      verdict: 'regressed',
      metrics: [{ key: 'ttft.p95', unit: 'ms', value: 900, verdict: 'regressed' }],
    }),
    entry({
      id: 'other',
      benchmark: 'rag-70b',
      recordedAt: '2026-09-02T10:00:00Z',
      metrics: [{ key: 'ttft.p95', unit: 'ms', value: 5 }],
    }),
    entry({ id: 'nokey', recordedAt: '2026-09-02T11:00:00Z', metrics: [{ key: 'itl.p99', unit: 'ms', value: 40 }] }),
    entry({ id: 'baddate', recordedAt: 'yesterday', metrics: [{ key: 'ttft.p95', unit: 'ms', value: 1 }] }),
    entry({ id: 'a', recordedAt: '2026-09-05T09:00:00Z', metrics: [{ key: 'ttft.p95', unit: 'ms', value: 2 }] }),
    entry({ id: 'nan', recordedAt: '2026-09-06T09:00:00Z', metrics: [{ key: 'ttft.p95', unit: 'ms', value: NaN }] }),
  ];

  it('gives the benchmark’s values of the key, oldest first, with kind, verdicts and commit', () => {
    expect(metricHistory(entries, 'chat-8b', 'ttft.p95')).toEqual([
      {
        id: 'a',
        recordedAt: '2026-09-01T09:00:00Z',
        value: 800,
        unit: 'ms',
        kind: 'recorded',
        verdict: 'unchanged',
        commit: 'aaa',
      },
      {
        id: 'b',
        recordedAt: '2026-09-02T09:00:00+02:00',
        value: 900,
        unit: 'ms',
        kind: 'accepted',
        verdict: 'regressed',
        metricVerdict: 'regressed',
      },
      {
        id: 'c',
        recordedAt: '2026-09-03T09:00:00Z',
        value: 830,
        unit: 'ms',
        kind: 'recorded',
        verdict: 'unchanged',
        metricVerdict: 'unchanged',
        commit: 'ccc',
      },
    ]);
  });

  it('orders by time, not by text (time zones), and keeps journal order on ties', () => {
    const list = [
      entry({ id: 'late', recordedAt: '2026-09-01T10:00:00Z', metrics: [{ key: 'k', unit: 'ms', value: 2 }] }),
      entry({ id: 'early', recordedAt: '2026-09-01T11:00:00+02:00', metrics: [{ key: 'k', unit: 'ms', value: 1 }] }),
      entry({ id: 'tie', recordedAt: '2026-09-01T10:00:00Z', metrics: [{ key: 'k', unit: 'ms', value: 3 }] }),
    ];
    expect(metricHistory(list, 'chat-8b', 'k').map((p) => p.id)).toEqual(['early', 'late', 'tie']);
  });

  it('keeps only the points in the latest unit', () => {
    const list = [
      entry({ id: '1', recordedAt: '2026-09-01T00:00:00Z', metrics: [{ key: 'k', unit: 's', value: 0.8 }] }),
      entry({ id: '2', recordedAt: '2026-09-02T00:00:00Z', metrics: [{ key: 'k', unit: 'ms', value: 810 }] }),
      entry({ id: '3', recordedAt: '2026-09-03T00:00:00Z', metrics: [{ key: 'k', unit: 'ms', value: 790 }] }),
    ];
    expect(metricHistory(list, 'chat-8b', 'k').map((p) => p.id)).toEqual(['2', '3']);
  });

  it('is empty for an unknown benchmark or key', () => {
    expect(metricHistory(entries, 'nope', 'ttft.p95')).toEqual([]);
    expect(metricHistory(entries, 'chat-8b', 'nope')).toEqual([]);
  });
});

describe('noiseBand', () => {
  it('estimates the relative σ of one run from consecutive log ratios, by hand', () => {
    // Log ratios: ln 1.02, ln(1/1.02), ln 1.02, … alternate ±d with d = ln 1.02. Median step 0 (ten
    // +d and ten −d: the median is (−d + d)/2 = 0), every deviation d, MAD = d.
    // σ = 1.4826 · d · 1 (20 pairs: factor 1.005) / √2.
    const values = Array.from({ length: 21 }, (_, i) => (i % 2 ? 102 : 100));
    const band = noiseBand(points(values), { changePoints: [] })!;
    const d = Math.log(1.02);
    expect(band.pairs).toBe(20);
    expect(band.medianStep).toBeCloseTo(0, 12);
    expect(band.sigma).toBeCloseTo((1.4826 * d * 1.005) / Math.SQRT2, 12);
    expect(band.method).toBe('mad');
  });

  it('recovers the σ of multiplicative noise, on average, even from few entries', () => {
    for (const entries of [6, 11, 41]) {
      let sum = 0;
      const histories = 600;
      for (let s = 0; s < histories; s++)
        sum += noiseBand(points(lognormal(s, entries, 800, 0.03)), { changePoints: [] })!.sigma;
      expect(sum / histories).toBeGreaterThan(0.03 * 0.95);
      expect(sum / histories).toBeLessThan(0.03 * 1.05);
    }
  });

  it('leaves out the pair across a change point, so a step of the baseline is not noise', () => {
    const values = [...lognormal(1, 20, 800, 0.02), ...lognormal(2, 20, 1000, 0.02)];
    const band = noiseBand(points(values))!;
    expect(band.excluded.changePoint).toBe(1);
    expect(band.pairs).toBe(38);
    expect(band.sigma).toBeGreaterThan(0.012);
    expect(band.sigma).toBeLessThan(0.03);
  });

  it('leaves out steps into entries that were changes: regressed or improved verdicts, accepted or unaccepted regressions', () => {
    const values = Array.from({ length: 12 }, (_, i) => (i % 2 ? 101 : 100));
    const over = (i: number): Partial<HistoryPoint> =>
      i === 3
        ? { verdict: 'regressed', kind: 'unaccepted-regression' }
        : i === 5
          ? { verdict: 'improved' }
          : i === 7
            ? { metricVerdict: 'Regressed' }
            : i === 9
              ? { kind: 'accepted' }
              : {};
    const band = noiseBand(points(values, over), { changePoints: [] })!;
    expect(band.excluded).toEqual({ changePoint: 0, shift: 4, invalid: 0 });
    expect(band.pairs).toBe(7);
  });

  it('leaves out pairs with a non-positive value', () => {
    const band = noiseBand(points([100, 101, 0, 100, 101, 100, 101, 100, 101]), { changePoints: [] })!;
    expect(band.excluded.invalid).toBe(2);
    expect(band.pairs).toBe(6);
  });

  it('is undefined with fewer than five usable pairs', () => {
    expect(noiseBand(points([100, 101, 100, 101, 100]), { changePoints: [] })).toBeUndefined();
    expect(noiseBand(points([100, 101, 100, 101, 100, 101]), { changePoints: [] })?.pairs).toBe(5);
    expect(noiseBand(points([100, 101, 100, 101, 100, 101]), { changePoints: [], minPairs: 6 })).toBeUndefined();
  });

  it('uses the mean deviation when more than half the steps are identical', () => {
    const band = noiseBand(points([100, 100, 100, 100, 100, 100, 100, 102]), { changePoints: [] })!;
    expect(band.method).toBe('mean-deviation');
    // Steps: six 0 and one ln 1.02; median 0; mean deviation ln(1.02)/7.
    expect(band.sigma).toBeCloseTo(((Math.log(1.02) / 7) * Math.sqrt(Math.PI / 2)) / Math.SQRT2, 12);
    // Every step 0: copied or rounded values, no evidence of the noise.
    expect(noiseBand(points(Array(8).fill(100)), { changePoints: [] })).toBeUndefined();
  });

  it('reads straight from journal entries', () => {
    const values = lognormal(6, 12, 800, 0.03);
    const entries = values.map((value, i) =>
      entry({
        id: `r${i}`,
        recordedAt: new Date(START + i * DAY).toISOString(),
        metrics: [{ key: 'ttft.p95', unit: 'ms', value }],
      }),
    );
    expect(journalNoise(entries, 'chat-8b', 'ttft.p95')).toEqual(noiseBand(points(values)));
    expect(journalNoise(entries, 'chat-8b', 'itl.p99')).toBeUndefined();
  });

  it('can rest on the most recent pairs only', () => {
    const values = [...lognormal(4, 30, 100, 0.1), ...lognormal(5, 11, 100, 0.01)];
    const recent = noiseBand(points(values), { changePoints: [], recentPairs: 10 })!;
    expect(recent.pairs).toBe(10);
    expect(recent.sigma).toBeLessThan(0.03);
  });
});

describe('detectDrift', () => {
  const wobble = [1, 0.995, 1.005];
  const before = Array.from({ length: 11 }, (_, i) => 100 * wobble[i % 3]);
  const after = Array.from({ length: 9 }, (_, i) => 114 * wobble[i % 3]);

  it('finds the step and writes the sentence for the report', () => {
    const history = points([...before, ...after]);
    const drift = detectDrift(history, { label: 'TTFT p95' });
    expect(drift.changePoints).toHaveLength(1);
    expect(drift.recent).toEqual({
      index: 11,
      recordedAt: history[11].recordedAt,
      commit: 'c000011',
      pValue: 0.005,
      before: { count: 11, median: 100 },
      after: { count: 9, median: 114 },
      shift: expect.closeTo(0.14, 12),
    });
    expect(history[11].recordedAt.slice(0, 10)).toBe('2026-09-12');
    expect(drift.sentence).toBe(
      'the baseline itself has drifted: TTFT p95 rose 14% over the last 9 entries (change at entry of 2026-09-12, p = 0.005)',
    );
  });

  it('says "fell" for a drop, and writes the date as the journal did', () => {
    const history = points([...after, ...before], (i) => (i === 9 ? { recordedAt: '2026-10-03T23:30:00-05:00' } : {}));
    const drift = detectDrift(history, { label: 'throughput' });
    expect(drift.recent?.index).toBe(9);
    expect(drift.sentence).toBe(
      'the baseline itself has drifted: throughput fell 12% over the last 11 entries (change at entry of 2026-10-03, p = 0.005)',
    );
  });

  it('describes a change of spread with the same median', () => {
    const calm = Array.from({ length: 15 }, (_, i) => (i % 2 ? 100.1 : 99.9));
    const wild = Array.from({ length: 15 }, (_, i) => [80, 125, 100][i % 3]);
    const drift = detectDrift(points([...calm, ...wild]), { label: 'ITL p99' });
    expect(drift.recent?.index).toBe(15);
    expect(drift.sentence).toMatch(
      /^the baseline itself has changed: ITL p99 kept its median but not its spread over the last 15 entries \(change at entry of 2026-09-16, p = 0\.0\d\d\)$/,
    );
  });

  it('keeps quiet about a change older than `within` entries', () => {
    const history = points([...before, ...after]);
    expect(detectDrift(history, { within: 8 })).toEqual({
      changePoints: detectDrift(history).changePoints,
      recent: detectDrift(history).recent,
    });
    expect(detectDrift(history, { within: 9 }).sentence).toBeDefined();
  });

  it('writes no sentence for a stable history', () => {
    const drift = detectDrift(points(lognormal(8, 40, 800, 0.03)));
    expect(drift).toEqual({ changePoints: [] });
  });

  it('speaks of the most recent change when there are several', () => {
    const values = [...Array(12).fill(100), ...Array(12).fill(130), ...Array(10).fill(117)].map(
      (v, i) => v * wobble[i % 3],
    );
    const drift = detectDrift(points(values), { label: 'E2E p95' });
    expect(drift.changePoints.map((c) => c.index)).toEqual([12, 24]);
    expect(drift.recent?.index).toBe(24);
    expect(drift.recent?.before.median).toBeCloseTo(130, 12);
    expect(drift.sentence).toMatch(/^the baseline itself has drifted: E2E p95 fell 10% over the last 10 entries/);
  });

  it('skips non-positive values but reports indices into the points', () => {
    const values = [...before, ...after];
    values.splice(3, 0, 0);
    const drift = detectDrift(points(values));
    expect(drift.recent?.index).toBe(12);
    expect(drift.sentence).toContain('the metric rose 14%');
  });

  it('is deterministic by seed, and short histories have no change', () => {
    const history = points([...before, ...after]);
    expect(detectDrift(history, { seed: 3 })).toEqual(detectDrift(history, { seed: 3 }));
    expect(detectDrift(points([100, 200, 300]))).toEqual({ changePoints: [] });
  });
});
