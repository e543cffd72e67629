// `perf-triage demo`: the shipped example pair (examples/demo/, made by the simulator: a running-batch
// limit cut from 64 to 24) compared with the demo SLOs. The pair is regenerated in memory with the
// same seed, byte for byte the files in examples/demo/, so the demo needs no files.

import { buildConfig, type RawConfig } from '../config/config';
import { ingest } from '../ingest/ingest';
import { textSource } from '../ingest/source';
import { triage } from '../report/triage';
import type { Report } from '../report/model';
import type { Side } from '../model/run';
import { demoPair, simulateToJsonl } from '../sim';

export const DEMO_SLOS = ['ttft p95 < 800ms', 'itl p99 < 200ms'];
export const DEMO_FILES = { base: 'examples/demo/base.jsonl', head: 'examples/demo/head.jsonl' } as const;

export function demoTexts(): { base: string; head: string } {
  const pair = demoPair();
  return { base: simulateToJsonl(pair.base), head: simulateToJsonl(pair.head) };
}

export async function runDemo(raw: RawConfig): Promise<Report> {
  const config = buildConfig({ ...raw, slos: raw.slos?.length ? raw.slos : DEMO_SLOS });
  const texts = demoTexts();
  const options = { maxBadLineRatio: config.maxBadLineRatio };
  const side = async (label: Side['label']): Promise<Side> => ({
    label,
    runs: [await ingest(textSource(DEMO_FILES[label], texts[label]), options)],
  });
  return triage(await side('base'), await side('head'), config);
}
