// Entry points: run a scenario and hand out its §4 records in completion order, the order a server log
// would write them (a record is written when the response's last byte is out, after detokenization).

import { createTimeline, runEngine } from './engine';
import { MinHeap } from './heap';
import { buildMetadata } from './metadata';
import { buildRecord, completionMs } from './records';
import type { NativeRecord, Scenario, SimMetadata } from './scenario';
import { validateScenario } from './validate';
import { generateWorkload } from './workload';

export function simulate(scenario: Scenario, onRecord: (r: NativeRecord) => void): SimMetadata {
  validateScenario(scenario);
  const w = generateWorkload(scenario);
  const tl = createTimeline(w);
  const pending = new MinHeap(Math.max(16, scenario.engine.maxNumSeqs * 2));
  runEngine(scenario, w, tl, {
    onFinish: (i) => pending.push(i, completionMs(scenario, w, tl, i)),
    // Anything completing by now is final: later finishers produce their last token after this step.
    onStepEnd: (now) => {
      while (pending.peekKey() <= now) onRecord(buildRecord(scenario, w, tl, pending.pop()));
    },
  });
  while (pending.size > 0) onRecord(buildRecord(scenario, w, tl, pending.pop()));
  return buildMetadata(scenario);
}

/** First line {"metadata": …}, then one record per line in completion order. */
export function simulateToJsonl(scenario: Scenario): string {
  const lines: string[] = [];
  const metadata = simulate(scenario, (r) => lines.push(JSON.stringify(r)));
  return `${JSON.stringify({ metadata })}\n${lines.join('\n')}${lines.length > 0 ? '\n' : ''}`;
}
