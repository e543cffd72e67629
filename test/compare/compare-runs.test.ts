// Sides compared as a pull request would compare them (src/compare/compare-runs.ts): the load is
// analysed first, so a warm-up is left out and latencies that grow with an overloaded run are shown,
// not judged, when both sides are overloaded.

import { describe, expect, it } from 'vitest';
import { buildConfig } from '../../src/config/config';
import { compareRunSides } from '../../src/compare/compare-runs';
import { baseScenario } from '../../src/sim';
import { sideFromRecords, simulatedSide } from '../helpers/tables';

describe('compareRunSides', () => {
  it('leaves a warm-up out of the values compared', async () => {
    // 200 requests a second apart: the first 10 wait 500 ms in the queue, the rest 10 ms (+ i mod 3).
    const records = Array.from({ length: 200 }, (_, i) => {
      const wait = i < 10 ? 500 : 10 + (i % 3);
      return {
        request_id: `r${i}`,
        arrival_ts: i,
        queue_wait_ms: wait,
        first_token_ms: wait + 20,
        total_ms: wait + 120,
      };
    });
    const side = await sideFromRecords('base', records);
    const result = compareRunSides(side, { ...side, label: 'head' }, buildConfig({ metrics: ['queue_wait mean'] }));
    const wait = result.metrics.find((m) => m.spec.key === 'queue_wait.mean')!;
    // The steady rows: 190 of them, waits 10, 11, 12 in turn from row 10 (10 mod 3 = 1: 11 first).
    const steady = records.slice(10).reduce((s, r) => s + r.queue_wait_ms, 0) / 190;
    expect(wait.base!.value).toBeCloseTo(steady, 9);
    expect(wait.base!.count).toBe(190);
  });

  it('both sides overloaded: queue-bound latencies are shown, not judged; one side overloaded: judged', async () => {
    const saturated = (seed: number) => ({ ...baseScenario(seed), arrival: { ratePerSec: 10, burstiness: 0.5 } });
    const config = buildConfig({ metrics: ['ttft p50', 'itl p50'] });
    const both = compareRunSides(
      await simulatedSide('base', saturated(33)),
      await simulatedSide('head', saturated(34)),
      config,
    );
    expect(both.metrics.find((m) => m.spec.key === 'ttft.p50')!.reason.code).toBe('not-judged-overloaded');
    expect(both.metrics.find((m) => m.spec.key === 'itl.p50')!.interval).toBeDefined();
    const one = compareRunSides(
      await simulatedSide('base', baseScenario(33)),
      await simulatedSide('head', saturated(34)),
      config,
    );
    expect(one.metrics.find((m) => m.spec.key === 'ttft.p50')!.reason.code).not.toBe('not-judged-overloaded');
    expect(one.metrics.find((m) => m.spec.key === 'ttft.p50')!.interval).toBeDefined();
  });
});
