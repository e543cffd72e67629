// A realistic performance journal to look at (JOURNAL.md as GitHub renders it) and to measure the
// journal's writes with: one simulated benchmark recorded N times, each run compared with the one
// before (as record mode on the default branch does), a slower decode kernel merged two thirds of
// the way and accepted, and a capacity regression merged near the end without acceptance.
//   node scripts/run-ts.mjs scripts/sample-journal.ts [--entries 40] [--requests 400] [--dir .tmp/sample-journal]
// Each entry is recorded as record mode records it (src/journal/store.ts), with its baseline digest,
// into DIR (the journal's folder: journal.jsonl, JOURNAL.md, baselines/, journal/ when it fills up).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { buildConfig } from '../src/config/config';
import { ingest } from '../src/ingest/ingest';
import { textSource } from '../src/ingest/source';
import { asFirstBaseline, entryFromReport } from '../src/journal/entry';
import { phaseMeans } from '../src/journal/phases';
import { recordInput } from '../src/journal/record';
import { journalPaths } from '../src/journal/paths';
import { recordChanges } from '../src/journal/store';
import type { JournalEntry } from '../src/journal/schema';
import type { Side } from '../src/model/run';
import { triage } from '../src/report/triage';
import { baseScenario, injectedRegressions, simulateToJsonl } from '../src/sim';

const { values } = parseArgs({
  options: { entries: { type: 'string' }, requests: { type: 'string' }, dir: { type: 'string' } },
});
const count = Number(values.entries ?? 40);
const requests = Number(values.requests ?? 400);
const dir = values.dir ?? '.tmp/sample-journal';
const slower = injectedRegressions().find((r) => r.id === 'decode-kernel-slower')!;
const capacity = injectedRegressions().find((r) => r.id === 'capacity-cut')!;

async function side(label: Side['label'], i: number): Promise<Side> {
  let scenario = baseScenario(100 + i, requests);
  if (i >= Math.round(count * 0.66)) scenario = slower.apply(scenario);
  if (i >= count - 3) scenario = capacity.apply(scenario);
  return {
    label,
    runs: [await ingest(textSource(`run-${i}.jsonl`, simulateToJsonl(scenario)), { maxBadLineRatio: 0.05 })],
  };
}

const config = buildConfig({ slos: ['ttft p95 < 800ms', 'itl p99 < 200ms'], resamples: '400' });
const entries: JournalEntry[] = [];
const files = new Map<string, string>();
const paths = journalPaths(dir);
let previous: Side | undefined;
const start = Date.parse('2026-01-05T14:00:00Z');
for (let i = 0; i < count; i++) {
  const head = await side('head', i);
  const base = previous ? { ...previous, label: 'base' as const } : { ...head, label: 'base' as const };
  const report = triage(base, head, config);
  const recordedAt = new Date(start + i * 3.5 * 86_400_000).toISOString();
  const b = report.benchmarks[0];
  const accepted = i === Math.round(count * 0.66);
  const entry = entryFromReport(b, {
    id: `${7000 + i}:${b.name}`,
    kind: 'recorded',
    recordedAt,
    commit: (0xabc0000 + i * 7919).toString(16).padStart(7, '0').repeat(6).slice(0, 40),
    runUrl: `https://github.com/acme/llm/actions/runs/${7000 + i}`,
    pullRequest: {
      number: 100 + i,
      title: accepted ? 'Switch attention kernel' : `Change ${i}`,
      url: `https://github.com/acme/llm/pull/${100 + i}`,
    },
    ...(accepted
      ? {
          acceptance: {
            by: 'maria',
            reason: 'new kernel: 20% slower decode steps, fixed in the next release',
            effort: '2 days',
            sha: 'a'.repeat(40),
            at: recordedAt,
          },
        }
      : {}),
    phases: phaseMeans(head),
  });
  const recorded = i === 0 ? asFirstBaseline(entry) : entry;
  entries.push(recorded);
  const changes = await recordChanges(
    async (path) => files.get(path),
    paths,
    recordInput(report, [head], [recorded], recordedAt, entry.commit),
  );
  for (const f of changes.files) files.set(f.path, f.content);
  previous = head;
}
for (const [path, content] of files) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}
process.stdout.write(`${dir}: ${entries.length} entries (${[...files.keys()].join(', ')})\n`);
