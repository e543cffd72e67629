// A baseline digest stands in for the raw baseline: the comparison against it agrees with the
// comparison against the raw file within the reported intervals (identical verdicts, values equal to
// the digits kept), and a sampled digest of a larger run stays inside them.
import { describe, expect, it } from 'vitest';
import { buildConfig } from '../../src/config/config';
import { digestSide, sideFromDigest, DIGEST_MAX_ROWS } from '../../src/ingest/digest/digest';
import { parseDigest } from '../../src/ingest/digest/digest-parse';
import { triage } from '../../src/report/triage';
import { InputError } from '../../src/ingest/errors';
import { injectedPair, simulatedSide } from '../helpers/tables';

const config = buildConfig({ slos: ['ttft p95 < 800ms'] });

async function viaDigest(side: Awaited<ReturnType<typeof simulatedSide>>) {
  const text = JSON.stringify(digestSide(side, 'llama', '2026-11-29T00:00:00Z'));
  return { text, side: sideFromDigest(parseDigest(text, 'baseline.json'), 'baseline.json') };
}

describe('baseline digest', () => {
  it('agrees with the raw baseline on every verdict and within the intervals', async () => {
    for (const id of ['capacity-cut', 'decode-kernel-slower']) {
      const { base, head } = injectedPair(id, 12);
      const raw = await simulatedSide('base', base);
      const h = await simulatedSide('head', head);
      const digested = await viaDigest(raw);
      const fromRaw = triage(raw, h, config).benchmarks[0];
      const fromDigest = triage(digested.side, h, config).benchmarks[0];
      expect(fromDigest.metrics.map((m) => m.verdict)).toEqual(fromRaw.metrics.map((m) => m.verdict));
      fromRaw.metrics.forEach((m, i) => {
        const d = fromDigest.metrics[i];
        if (!m.base || !d.base) return;
        expect(m.base.value === 0 ? Math.abs(d.base.value) : Math.abs(d.base.value / m.base.value - 1)).toBeLessThan(
          1e-5,
        );
        const shift = m.intervalKind === 'relative' ? d.change! : d.difference!;
        expect(shift).toBeGreaterThanOrEqual(m.interval![0]);
        expect(shift).toBeLessThanOrEqual(m.interval![1]);
      });
      expect(fromDigest.findings.map((f) => f.hint)).toEqual(fromRaw.findings.map((f) => f.hint));
    }
  });

  it('samples a large run evenly, keeps it inside the intervals, and says so', async () => {
    const { base, head } = injectedPair('capacity-cut', 13, 12_000);
    const raw = await simulatedSide('base', base);
    const h = await simulatedSide('head', head);
    const digested = await viaDigest(raw);
    expect(digested.side.runs[0].requests!.length).toBe(DIGEST_MAX_ROWS);
    expect(digested.side.runs[0].sources[0].warnings[0]).toMatch(/sample of 5000 of the run's 12000 requests/);
    const fromRaw = triage(raw, h, config).benchmarks[0];
    const fromDigest = triage(digested.side, h, config).benchmarks[0];
    fromRaw.metrics.forEach((m, i) => {
      const d = fromDigest.metrics[i];
      if (!m.base || !d.base || !m.interval || d.change == null) return;
      expect(d.change).toBeGreaterThanOrEqual(m.interval[0]);
      expect(d.change).toBeLessThanOrEqual(m.interval[1]);
    });
    expect(fromDigest.verdict).toBe(fromRaw.verdict);
  }, 60_000);

  it('refuses a damaged or newer digest, naming the key', () => {
    expect(() => parseDigest('{"schema": "perf-triage/baseline@9"}', 'b.json')).toThrow(
      /schema is "perf-triage\/baseline@9".*update perf-triage/,
    );
    const good = JSON.stringify({
      schema: 'perf-triage/baseline@1',
      benchmark: 'b',
      createdAt: 'x',
      runs: [
        {
          meta: { config: {}, extra: {} },
          summaries: [],
          sources: [],
          requests: { total: 2, kept: 2, orderedByArrival: true, columns: { total_ms: [1, 'x'] }, text: {} },
        },
      ],
    });
    expect(() => parseDigest(good, 'b.json')).toThrow(InputError);
    expect(() => parseDigest(good, 'b.json')).toThrow(
      /runs\[0\]\.requests\.columns\.total_ms must be 2 finite numbers or nulls/,
    );
  });
});
