// Builds small RequestTables and Sides by hand for tests: rows as plain objects in, typed columns out,
// through the real native ingestion path.
import { ingestNative } from '../../src/ingest/native/native';
import { textSource } from '../../src/ingest/source';
import type { Run, Side } from '../../src/model/run';
import { baseScenario, simulateToJsonl, injectedRegressions, type Scenario } from '../../src/sim';

export async function runFromRecords(
  records: Record<string, unknown>[],
  metadata?: Record<string, unknown>,
  name = 'test.jsonl',
): Promise<Run> {
  const lines = [...(metadata ? [JSON.stringify({ metadata })] : []), ...records.map((r) => JSON.stringify(r))];
  return ingestNative(textSource(name, lines.join('\n') + '\n'), { maxBadLineRatio: 0.05 });
}

export async function sideFromRecords(
  label: Side['label'],
  records: Record<string, unknown>[],
  metadata?: Record<string, unknown>,
): Promise<Side> {
  return { label, runs: [await runFromRecords(records, metadata, `${label}.jsonl`)] };
}

export async function simulatedSide(label: Side['label'], scenario: Scenario): Promise<Side> {
  return {
    label,
    runs: [await ingestNative(textSource(`${label}.jsonl`, simulateToJsonl(scenario)), { maxBadLineRatio: 0.05 })],
  };
}

/** A base scenario and the same scenario with one injected regression (same seed: same workload). */
export function injectedPair(id: string, seed = 200, requests = 2000): { base: Scenario; head: Scenario } {
  const regression = injectedRegressions().find((r) => r.id === id);
  if (!regression) throw new Error(`no injected regression ${id}`);
  const base = baseScenario(seed, requests);
  return { base, head: regression.apply(base) };
}
