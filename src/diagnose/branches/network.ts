// NETWORK dominates: client TTFT ≫ server TTFT (§5) → a buffering proxy, typically, that holds the
// first chunk of a streamed response.

import { duration, signedDuration } from '../../format/numbers';
import { evidence, type BranchResult, type DiagnosisContext } from '../context';
import type { Attribution } from '../attribution';

export function networkBranch(_ctx: DiagnosisContext, metrics: string[], attribution: Attribution | null): BranchResult {
  const network = attribution?.phases.find((p) => p.phase === 'network');
  const answer = network
    ? `network in the ${attribution!.tail}: ${duration(network.baseMean)} → ${duration(network.headMean)} (${signedDuration(network.delta)}); its own ${percentileLabel(attribution!)} ${duration(network.basePercentile)} → ${duration(network.headPercentile)}`
    : 'network time grew';
  return {
    steps: [{ question: 'Client TTFT vs server TTFT?', answer }],
    findings: [
      {
        hint: 'buffering-proxy',
        phase: 'network',
        title: 'the time between server and client grew, not the server',
        status: 'likely',
        cause: 'unknown',
        evidence: network
          ? [evidence(`network share of client TTFT in the ${attribution!.tail}: ${Math.round(network.shareOfHead * 100)}% (Δ ${signedDuration(network.delta)})`, { baseMs: network.baseMean, headMs: network.headMean })]
          : [],
        nextCheck: 'check proxies and load balancers between client and server for response buffering (nginx proxy_buffering, HTTP/1.0 upstreams, compression of event streams)',
        metrics,
      },
    ],
  };
}

function percentileLabel(a: Attribution): string {
  return a.q === 0 ? 'mean' : `p${Number((a.q * 100).toPrecision(3))}`;
}
