// Every tool number an adapter reads either names a catalog metric (the tables are typed with the
// catalog's ids, src/metrics/catalog.ts SummaryMetricId) or says how to read it (unit and direction),
// on every real fixture the adapters read.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingestRuns } from '../../src/ingest/ingest';
import { SummaryCollector } from '../../src/ingest/formats/values';
import { fileSource } from '../../src/io/file-source';
import { METRICS } from '../../src/metrics/catalog';

const FIXTURES = join(__dirname, '..', 'fixtures');
const TOOLS = ['vllm', 'sglang', 'aiperf', 'genai-perf', 'guidellm', 'llmperf', 'vllm-prometheus'];
const files = TOOLS.flatMap((tool) =>
  readdirSync(join(FIXTURES, tool))
    .filter((f) => /\.(json|jsonl|csv|txt|prom)$/.test(f))
    .map((f) => join(tool, f)),
);

describe('summary metric ids', () => {
  it('reads the fixtures', () => expect(files.length).toBeGreaterThan(10));

  it('every summary of a real file names a catalog metric, or carries its unit and direction', async () => {
    let catalog = 0;
    let named = 0;
    let unread = 0;
    for (const file of files) {
      let runs;
      try {
        runs = await ingestRuns(await fileSource(join(FIXTURES, file), file), { maxBadLineRatio: 1 });
      } catch {
        unread++; // fixtures meant to be rejected have their own tests
        continue;
      }
      for (const s of runs.flatMap((r) => r.summaries)) {
        if (s.unit === undefined && s.direction === undefined) {
          expect(Object.hasOwn(METRICS, s.metric) && s.metric !== 'failed', `${file}: ${s.metric}`).toBe(true);
          catalog++;
        } else {
          expect(
            [s.unit, s.direction].every((v) => v !== undefined),
            `${file}: ${s.metric}`,
          ).toBe(true);
          named++;
        }
      }
    }
    expect(catalog).toBeGreaterThan(0);
    expect(named).toBeGreaterThan(0);
    expect(unread).toBeLessThan(files.length / 4);
  });

  it('a misspelt catalog id does not compile (npm test type-checks this file)', () => {
    const collector = new SummaryCollector();
    // @ts-expect-error 'ttfft' is no catalog id, and a named metric must say its unit and direction
    collector.add('ttfft', 'p50', 1, 'ms', 'p50_ttfft_ms');
    collector.add('request_goodput', 'mean', 2, 'req/s', 'request_goodput', {
      unit: 'req/s',
      direction: 'higher-is-better',
    });
    expect(collector.values.map((v) => v.metric)).toEqual(['ttfft', 'request_goodput']);
  });
});
