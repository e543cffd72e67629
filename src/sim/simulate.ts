// Entry points: run a scenario and hand out its §4 records in completion order, the order a server log
// would write them (a record is written when the response's last byte is out, after detokenization).

import { createTimeline, runEngine } from './engine';
import { MinHeap } from './heap';
import { buildMetadata } from './metadata';
import { buildRecord, completionMs } from './records';
import type { NativeRecord, Scenario, SimMetadata } from './scenario';
import { validateScenario } from './validate';
import { generateWorkload } from './workload';
import { createRng, deriveSeed } from '../stats/rng';

export function simulate(scenario: Scenario, onRecord: (r: NativeRecord) => void): SimMetadata {
  validateScenario(scenario);
  const w = generateWorkload(scenario);
  const tl = createTimeline(w);
  const pending = new MinHeap(Math.max(16, scenario.engine.maxNumSeqs * 2));
  const failed = failedRequests(scenario, w.count);
  const emit = (i: number) => {
    const record = buildRecord(scenario, w, tl, i);
    if (failed[i]) record.error = scenario.failures!.error;
    onRecord(record);
  };
  runEngine(scenario, w, tl, {
    onFinish: (i) => pending.push(i, completionMs(scenario, w, tl, i)),
    // Anything completing by now is final: later finishers produce their last token after this step.
    onStepEnd: (now) => {
      while (pending.peekKey() <= now) emit(pending.pop());
    },
  });
  while (pending.size > 0) emit(pending.pop());
  return buildMetadata(scenario);
}

/** Which requests fail, drawn by request index from the scenario's seed. */
function failedRequests(s: Scenario, n: number): Uint8Array {
  const out = new Uint8Array(n);
  if (!s.failures || !(s.failures.share > 0)) return out;
  const rng = createRng(deriveSeed(s.seed, 'failures'));
  for (let i = 0; i < n; i++) out[i] = rng.next() < s.failures.share ? 1 : 0;
  return out;
}

/** First line {"metadata": …}, then one record per line in completion order. */
export function simulateToJsonl(scenario: Scenario): string {
  const lines: string[] = [];
  const metadata = simulate(scenario, (r) => lines.push(JSON.stringify(r)));
  return `${JSON.stringify({ metadata })}\n${lines.join('\n')}${lines.length > 0 ? '\n' : ''}`;
}
