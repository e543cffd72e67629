// The §9 guards that come before any phase is blamed, on hand-built inputs: more (or fewer) failed
// requests, and a head that cannot carry the baseline's load.
import { describe, expect, it } from 'vitest';
import type { MetricComparison, SideEstimate, Verdict } from '../../src/compare/types';
import type { LoadComparison, RunLoad } from '../../src/compare/load';
import { failuresFinding, loadEvidence, loadPhrase, overloadFinding } from '../../src/diagnose/survivors';
import { makeSpec, MEAN } from '../../src/metrics/metric-spec';
import { METRICS } from '../../src/metrics/catalog';
import { emptyMeta, type Run, type Side } from '../../src/model/run';
import { table } from './branches/build';

/** The failed share compared: `base` and `head` are shares of the requests sent. */
function failed(
  verdict: Verdict,
  base: number,
  head: number,
  counts: [number, number] = [200, 1500],
): MetricComparison {
  const estimate = (value: number, count: number): SideEstimate => ({
    value,
    interval: [value, value],
    count,
    perRun: [],
    blockLengths: [],
  });
  return {
    spec: makeSpec(METRICS.failed, MEAN),
    origin: 'default',
    verdict,
    reason: { code: 'beyond-min-effect', direction: verdict === 'improved' ? 'better' : 'worse' },
    base: estimate(base, counts[0]),
    head: estimate(head, counts[1]),
    difference: head - base,
    minEffect: 0.01,
    slos: [],
  } as MetricComparison;
}

/** A side of runs whose requests failed with the given messages (undefined: succeeded). */
function sideWithErrors(...runs: (string | undefined)[][]): Side {
  return {
    label: 'head',
    runs: runs.map((messages): Run => {
      const t = table({ total_ms: messages.map(() => 100) });
      const dictionary: string[] = [];
      const codes = Int32Array.from(messages, (m) => {
        if (m === undefined) return -1;
        if (!dictionary.includes(m)) dictionary.push(m);
        return dictionary.indexOf(m);
      });
      return {
        meta: emptyMeta(),
        summaries: [],
        sources: [],
        requests: { ...t, text: { error: { codes, dictionary } } },
      };
    }),
  };
}
const noErrors: Side = { label: 'head', runs: [{ meta: emptyMeta(), summaries: [], sources: [] }] };

describe('failuresFinding', () => {
  it('more failures: confirmed, no phase blamed, the shares and the errors in the evidence', () => {
    const head = sideWithErrors(['timeout', undefined, 'OOM', 'timeout'], ['timeout', '500', 'OOM', 'bad', undefined]);
    const f = failuresFinding(failed('regressed', 0.01, 0.05), head, ['ttft.p95', 'e2e.p95'])!;
    expect(f).toMatchObject({
      hint: 'request-failures',
      phase: null,
      status: 'confirmed',
      cause: 'unknown',
      title: 'more requests failed: 5.0%, baseline 1.0%',
      metrics: ['failed', 'ttft.p95', 'e2e.p95'],
    });
    expect(f.nextCheck).toMatch(/^the server and client logs for these errors/);
    expect(f.evidence).toEqual([
      {
        text: 'failed requests 1.0% → 5.0% (+4.0 pp) of 200 and 1,500 requests sent',
        values: { baseShare: 0.01, headShare: 0.05 },
      },
      // Counted over every run of the side, most frequent first, ties by message, three at most.
      { text: 'most frequent errors in this run: "timeout" ×3, "OOM" ×2, "500" ×1' },
      {
        text: 'latency percentiles are computed over the requests that succeeded, a different population on each side: no phase is blamed for their change',
      },
    ]);
  });

  it('fewer failures: the title and next check say so; no error column, no error evidence', () => {
    const f = failuresFinding(failed('improved', 0.08, 0.02), noErrors, [])!;
    expect(f.title).toBe('fewer requests failed: 2.0%, baseline 8.0%');
    expect(f.nextCheck).toMatch(/^that the requests which used to fail now succeed as intended/);
    expect(f.metrics).toEqual(['failed']);
    expect(f.evidence.map((e) => e.text)).toEqual([
      'failed requests 8.0% → 2.0% (−6.0 pp) of 200 and 1,500 requests sent',
      'latency percentiles are computed over the requests that succeeded, a different population on each side: no phase is blamed for their change',
    ]);
  });

  it('a message longer than 120 characters is cut to 119 and an ellipsis', () => {
    const long = 'x'.repeat(121);
    const exact = 'y'.repeat(120);
    const f = failuresFinding(failed('regressed', 0, 0.5), sideWithErrors([long, exact, exact]), [])!;
    expect(f.evidence[1].text).toBe(`most frequent errors in this run: "${exact}" ×2, "${'x'.repeat(119)}…" ×1`);
  });

  it('errors as frequent as each other are listed by message, the first three', () => {
    const f = failuresFinding(failed('regressed', 0, 0.5), sideWithErrors(['delta', 'bravo', 'charlie', 'alpha']), [])!;
    expect(f.evidence[1].text).toBe('most frequent errors in this run: "alpha" ×1, "bravo" ×1, "charlie" ×1');
  });

  it('an error column with no failed request adds no error evidence', () => {
    const f = failuresFinding(failed('regressed', 0, 0.5), sideWithErrors([undefined, undefined]), [])!;
    expect(f.evidence).toHaveLength(2);
  });

  it('no finding when the share is unchanged, undecided, or missing a side', () => {
    const head = sideWithErrors(['timeout']);
    expect(failuresFinding(undefined, head, [])).toBeUndefined();
    expect(failuresFinding(failed('unchanged', 0.01, 0.011), head, [])).toBeUndefined();
    expect(failuresFinding(failed('inconclusive', 0.01, 0.05), head, [])).toBeUndefined();
    expect(failuresFinding({ ...failed('regressed', 0.01, 0.05), base: undefined }, head, [])).toBeUndefined();
    expect(failuresFinding({ ...failed('regressed', 0.01, 0.05), head: undefined }, head, [])).toBeUndefined();
  });

  it('no difference given reads as 0 points', () => {
    const f = failuresFinding({ ...failed('regressed', 0.01, 0.05), difference: undefined }, noErrors, [])!;
    expect(f.evidence[0].text).toBe('failed requests 1.0% → 5.0% (0 pp) of 200 and 1,500 requests sent');
  });
});

const calm: RunLoad = { requests: 500, warmup: { rows: 0 }, unsettled: false, overloaded: false };
const swamped: RunLoad = {
  requests: 500,
  offeredRate: 10.2,
  completedRate: 7.2,
  series: 'queue_wait',
  trend: { tau: 0.634, z: 12.345, firstMs: 45, lastMs: 6100 },
  atCap: { share: 0.8, cap: 64 },
  warmup: { rows: 0 },
  unsettled: true,
  overloaded: true,
};
const loadOf = (base: RunLoad[], head: RunLoad[]): LoadComparison => ({
  base: { runs: base, overloaded: base.some((r) => r.overloaded) },
  head: { runs: head, overloaded: head.some((r) => r.overloaded) },
});

describe('overloadFinding', () => {
  it("the head overloaded, the baseline not: confirmed, in the queue, with both sides' rates", () => {
    const base: RunLoad = { ...calm, offeredRate: 10.1, completedRate: 10 };
    const f = overloadFinding(loadOf([base], [calm, swamped]), ['ttft.p95'])!;
    expect(f).toMatchObject({
      hint: 'overload',
      phase: 'queue_wait',
      status: 'confirmed',
      cause: 'unknown',
      metrics: ['ttft.p95'],
      title:
        'the head is overloaded: 7.20 of 10.2 req/s offered completed, and its queue grows through the run; the baseline kept up',
    });
    expect(f.nextCheck).toMatch(/max_num_seqs/);
    expect(f.evidence.map((e) => e.text)).toEqual([
      ...loadEvidence(swamped).map((e) => e.text),
      'baseline: 10.0 of 10.1 req/s offered completed',
    ]);
  });

  it('without rates the title and the baseline line leave them out', () => {
    const head: RunLoad = { ...swamped, offeredRate: undefined };
    const f = overloadFinding(loadOf([{ ...calm, offeredRate: 5 }], [head]), [])!;
    expect(f.title).toBe('the head is overloaded, and its queue grows through the run; the baseline kept up');
    expect(f.evidence.map((e) => e.text)).toEqual(loadEvidence(head).map((e) => e.text));
    const noCompleted: RunLoad = { ...swamped, completedRate: undefined };
    expect(overloadFinding(loadOf([{ ...calm, completedRate: 5 }], [noCompleted]), [])!.title).toBe(
      'the head is overloaded, and its queue grows through the run; the baseline kept up',
    );
    // A baseline with no run with per-request data.
    expect(overloadFinding(loadOf([], [swamped]), [])!.evidence.map((e) => e.text)).toEqual(
      loadEvidence(swamped).map((e) => e.text),
    );
  });

  it('none when the head keeps up, or when both sides are overloaded', () => {
    expect(overloadFinding(loadOf([calm], [calm]), [])).toBeUndefined();
    expect(overloadFinding(loadOf([swamped], [swamped]), [])).toBeUndefined();
    expect(overloadFinding(loadOf([swamped], [calm]), [])).toBeUndefined();
  });
});

describe('loadPhrase and loadEvidence', () => {
  it('say the rates, the trend of the series, the batch at its cap and an unsettled run', () => {
    expect(loadPhrase(swamped)).toBe(
      '10.2 req/s offered, 7.20 completed; queue wait grows through the run (median 45.0 ms in the first fifth → 6,100 ms in the last)',
    );
    expect(loadEvidence(swamped)).toEqual([
      {
        text: 'arrivals 10.2 req/s; completions over the same time 7.20 req/s (71% kept up)',
        values: { offered: 10.2, completed: 7.2 },
      },
      {
        text: 'queue wait trend across the run: Kendall τ = 0.63 (Mann–Kendall z = 12.3), block median 45.0 ms → 6,100 ms',
        values: { tau: 0.634, z: 12.345 },
      },
      {
        text: '80% of requests were admitted with the running batch at its cap (max_num_seqs 64)',
        values: { atCapShare: 0.8 },
      },
      { text: 'no steady state: the wait never settles within the first half of the run (MSER-5)' },
    ]);
  });

  it('a TTFT series is named TTFT; what a run lacks is left out', () => {
    const ttft: RunLoad = { ...calm, series: 'ttft', trend: { tau: 0.5, z: 3, firstMs: 20, lastMs: 90 } };
    expect(loadPhrase(ttft)).toBe(
      'TTFT grows through the run (median 20.0 ms in the first fifth → 90.0 ms in the last)',
    );
    expect(loadEvidence(ttft).map((e) => e.text)).toEqual([
      'TTFT trend across the run: Kendall τ = 0.50 (Mann–Kendall z = 3.0), block median 20.0 ms → 90.0 ms',
    ]);
    expect(loadPhrase(calm)).toBe('');
    expect(loadEvidence(calm)).toEqual([]);
    // Both rates or neither.
    expect(loadPhrase({ ...calm, offeredRate: 3 })).toBe('');
    expect(loadPhrase({ ...calm, completedRate: 3 })).toBe('');
    expect(loadEvidence({ ...calm, offeredRate: 3 })).toEqual([]);
    expect(loadEvidence({ ...calm, completedRate: 3 })).toEqual([]);
  });
});
