// NOTHING dominates, or the remainder does (§5): "you're measuring wrong, or the time is in gaps".
// The remainder is the part of the metric no recorded phase covers (sampling, scheduling, gaps):
// time missing inside the server. Time between the server and the client is the network/proxy
// phase (client TTFT − server TTFT) and has its own branch.

import { duration, signedDuration } from '../../display/numbers';
import { evidence, type BranchResult, type DiagnosisContext } from '../context';
import type { Attribution } from '../attribution';

export function gapBranch(_ctx: DiagnosisContext, metrics: string[], attribution: Attribution | null): BranchResult {
  const rest = attribution?.phases.find((p) => p.phase === 'remainder');
  return {
    steps: [
      {
        question: 'Which phase holds the change?',
        answer: rest
          ? `none: the unattributed remainder went ${duration(rest.baseMean)} → ${duration(rest.headMean)}`
          : 'none',
      },
    ],
    findings: [
      {
        hint: 'measurement-gap',
        phase: 'remainder',
        title: 'the time went inside the server, outside every recorded phase',
        status: 'likely',
        cause: 'unknown',
        evidence: rest
          ? [
              evidence(
                `remainder (metric minus its phases) in the ${attribution!.tail}: ${duration(rest.baseMean)} → ${duration(rest.headMean)} (${signedDuration(rest.delta)})`,
                { baseMs: rest.baseMean, headMs: rest.headMean },
              ),
            ]
          : [],
        nextCheck:
          'instrument what runs between the phases (sampling, logits processing, scheduling, host syncs), then split the step into GPU, CPU or waiting (a profile of one step)',
        metrics,
      },
    ],
  };
}
