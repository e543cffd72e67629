// NETWORK dominates: client TTFT ≫ server TTFT (§5). The network/proxy phase is everything between
// the server's first token and the client's (client TTFT − server TTFT). When the server's own part
// stayed flat and the wire time (network_ms, where recorded) did not grow with it, the time is held
// between them — typically a proxy or load balancer buffering the first chunk of a streamed
// response. measurement-gap is left for time missing inside the server.

import { duration, signedDuration } from '../../display/numbers';
import { evidence, type BranchResult, type DiagnosisContext } from '../context';
import type { Attribution } from '../attribution';
import type { RequestTable } from '../../model/run';
import { meanFinite } from '../../stats/quantile';
import { successMask } from '../../metrics/values';

/** The server's part counts as flat when it moved less than this share of the gap's growth. */
const FLAT_SHARE = 0.2;
/** The wire explains the gap when network_ms grew by at least this share of it. */
const WIRE_SHARE = 0.5;

export function networkBranch(ctx: DiagnosisContext, metrics: string[], attribution: Attribution | null): BranchResult {
  const network = attribution?.phases.find((p) => p.phase === 'network');
  const answer = network
    ? `network/proxy (client TTFT − server TTFT) in the ${attribution!.tail}: ${duration(network.baseMean)} → ${duration(network.headMean)} (${signedDuration(network.delta)}); its own ${percentileLabel(attribution!)} ${duration(network.basePercentile)} → ${duration(network.headPercentile)}`
    : 'network time grew';
  const steps = [{ question: 'Client TTFT vs server TTFT?', answer }];
  const serverDelta = network
    ? attribution!.phases.filter((p) => p.phase !== 'network').reduce((s, p) => s + p.delta, 0)
    : undefined;
  const wire = wireMeans(ctx.base.tables, ctx.head.tables);
  const gapDelta = network?.delta ?? 0;
  const serverFlat = serverDelta !== undefined && gapDelta > 0 && Math.abs(serverDelta) < FLAT_SHARE * gapDelta;
  const wireGrew = wire !== undefined && gapDelta > 0 && wire.head - wire.base >= WIRE_SHARE * gapDelta;
  if (serverDelta !== undefined)
    steps.push({
      question: 'Did the server change?',
      answer: `${serverFlat ? 'no' : 'yes'}: the server's part of the ${attribution!.tail} moved ${signedDuration(serverDelta)}`,
    });
  if (wire)
    steps.push({
      question: 'Is it the wire?',
      answer: `${wireGrew ? 'yes' : 'no'}: network_ms ${duration(wire.base)} → ${duration(wire.head)} (mean)`,
    });

  const found: BranchResult['findings'][number]['evidence'] = [];
  if (network)
    found.push(
      evidence(
        `client TTFT − server TTFT in the ${attribution!.tail}: ${duration(network.baseMean)} → ${duration(network.headMean)} (${signedDuration(network.delta)}), ${Math.round(network.shareOfHead * 100)}% of client TTFT now`,
        { baseMs: network.baseMean, headMs: network.headMean },
      ),
    );
  if (serverDelta !== undefined)
    found.push(
      evidence(
        `the server's own part (tokenize, queue wait, prefill and the rest of server TTFT) moved ${signedDuration(serverDelta)}${serverFlat ? ': flat' : ''}`,
      ),
    );
  if (wire)
    found.push(
      evidence(
        `wire time (network_ms) ${duration(wire.base)} → ${duration(wire.head)} (mean): ${wireGrew ? 'it carries the growth' : 'not where the time went'}`,
        { baseMs: wire.base, headMs: wire.head },
      ),
    );
  return {
    steps,
    findings: [
      {
        hint: 'buffering-proxy',
        phase: 'network',
        title: wireGrew
          ? 'the network between server and client got slower, not the server'
          : `the time between server and client grew, not the server: a proxy or load balancer holding the response${wire ? '' : ', or the network (no wire time recorded to tell them apart)'}`,
        status: serverFlat ? 'confirmed' : 'likely',
        cause: wireGrew ? 'unknown' : 'config',
        evidence: found,
        nextCheck: wireGrew
          ? 'compare a run from a client next to the server (or with the proxy bypassed), and look at the path between them (retransmits, a new hop, TLS)'
          : 'compare a run with the proxy bypassed (client straight to the server), and timestamps at the load balancer for where the first chunk waits; then check response buffering (nginx proxy_buffering for event streams, HTTP/1.0 upstreams, compression of text/event-stream)',
        metrics,
      },
    ],
  };
}

/** Mean wire time (network_ms) of successful requests per side, when both sides record it alongside client TTFT. */
function wireMeans(base: RequestTable[], head: RequestTable[]): { base: number; head: number } | undefined {
  const mean = (tables: RequestTable[]) => {
    const values: number[] = [];
    for (const t of tables) {
      const wire = t.numbers.network_ms;
      if (!wire || !t.numbers.client_first_token_ms) return NaN;
      const ok = successMask(t);
      for (let i = 0; i < t.length; i++) if (ok[i]) values.push(wire[i]);
    }
    return meanFinite(Float64Array.from(values));
  };
  const b = mean(base);
  const h = mean(head);
  return Number.isFinite(b) && Number.isFinite(h) ? { base: b, head: h } : undefined;
}

function percentileLabel(a: Attribution): string {
  return a.q === 0 ? 'mean' : `p${Number((a.q * 100).toPrecision(3))}`;
}
