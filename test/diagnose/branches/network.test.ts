// The network branch (§5: client TTFT ≫ server TTFT → buffering proxy). The time between the
// server's first token and the client's grew: held by a proxy when the server's own part stayed flat
// and the wire time (network_ms) did not carry the growth; the network itself when it did.
import { describe, expect, it } from 'vitest';
import { networkBranch } from '../../../src/diagnose/branches/network';
import { attributionOf, context, share, side, table } from './build';

const metrics = ['ttft_client p95'];
const TAIL = 'slowest 5% of requests';

/** The gap client − server grew by `gap` ms in the tail; the server's phases moved by `server` ms. */
function attribution(gap: number, server: [number, number], q = 0.95) {
  return attributionOf(TAIL, q, [
    share('network', 20, 20 + gap, { shareOfHead: 0.64, basePercentile: 25, headPercentile: 330 }),
    share('queue_wait', 100, 100 + server[0]),
    share('prefill', 200, 200 + server[1]),
  ]);
}

/** Sides whose successful requests waited `base` and `head` ms on the wire (network_ms). */
function wireSides(base: number[], head: number[], headFailed: number[] = []) {
  const client = (n: number) => new Array<number>(n).fill(500);
  return context(
    side([table({ network_ms: base, client_first_token_ms: client(base.length) })]),
    side([table({ network_ms: head, client_first_token_ms: client(head.length) }, headFailed)]),
  );
}

describe('the network branch', () => {
  it('a proxy holding the response: the gap grew, the server and the wire did not', () => {
    // Gap +300 ms; server +10 − 4 = +6 ms, under 20% of 300; wire 12 → 13 ms (the failed request's
    // 900 ms is left out), far under half of 300.
    const ctx = wireSides([10, 12, 14], [11, 13, 900, 15], [2]);
    expect(networkBranch(ctx, metrics, attribution(300, [10, -4]))).toEqual({
      steps: [
        {
          question: 'Client TTFT vs server TTFT?',
          answer: `network/proxy (client TTFT − server TTFT) in the ${TAIL}: 20.0 ms → 320 ms (+300 ms); its own p95 25.0 ms → 330 ms`,
        },
        { question: 'Did the server change?', answer: `no: the server's part of the ${TAIL} moved +6.00 ms` },
        { question: 'Is it the wire?', answer: 'no: network_ms 12.0 ms → 13.0 ms (mean)' },
      ],
      findings: [
        {
          hint: 'buffering-proxy',
          phase: 'network',
          title:
            'the time between server and client grew, not the server: a proxy or load balancer holding the response',
          status: 'confirmed',
          cause: 'config',
          evidence: [
            {
              text: `client TTFT − server TTFT in the ${TAIL}: 20.0 ms → 320 ms (+300 ms), 64% of client TTFT now`,
              values: { baseMs: 20, headMs: 320 },
            },
            {
              text: "the server's own part (tokenize, queue wait, prefill and the rest of server TTFT) moved +6.00 ms: flat",
            },
            {
              text: 'wire time (network_ms) 12.0 ms → 13.0 ms (mean): not where the time went',
              values: { baseMs: 12, headMs: 13 },
            },
          ],
          nextCheck:
            'compare a run with the proxy bypassed (client straight to the server), and timestamps at the load balancer for where the first chunk waits; then check response buffering (nginx proxy_buffering for event streams, HTTP/1.0 upstreams, compression of text/event-stream)',
          metrics,
        },
      ],
    });
  });

  it('the wire carries the growth: the network got slower, not the server', () => {
    // Wire 12 → 162 ms: +150 ms, exactly half of the +300 ms gap (enough). The server moved +60 ms,
    // exactly 20% of it: not flat, so only likely.
    const result = networkBranch(wireSides([10, 12, 14], [160, 162, 164]), metrics, attribution(300, [70, -10]));
    expect(result.steps.slice(1)).toEqual([
      { question: 'Did the server change?', answer: `yes: the server's part of the ${TAIL} moved +60.0 ms` },
      { question: 'Is it the wire?', answer: 'yes: network_ms 12.0 ms → 162 ms (mean)' },
    ]);
    const f = result.findings[0];
    expect(f).toMatchObject({
      hint: 'buffering-proxy',
      title: 'the network between server and client got slower, not the server',
      status: 'likely',
      cause: 'unknown',
      nextCheck:
        'compare a run from a client next to the server (or with the proxy bypassed), and look at the path between them (retransmits, a new hop, TLS)',
    });
    expect(f.evidence.map((e) => e.text).slice(1)).toEqual([
      "the server's own part (tokenize, queue wait, prefill and the rest of server TTFT) moved +60.0 ms",
      'wire time (network_ms) 12.0 ms → 162 ms (mean): it carries the growth',
    ]);
  });

  it('a wire that grew by just under half the gap does not carry it', () => {
    const result = networkBranch(wireSides([12], [161.9]), metrics, attribution(300, [0, 0]));
    expect(result.steps[2].answer).toBe('no: network_ms 12.0 ms → 162 ms (mean)');
    expect(result.findings[0]).toMatchObject({ status: 'confirmed', cause: 'config' });
  });

  it('the server counts as flat by the size of its move, either way, against the gap', () => {
    const status = (server: [number, number]) =>
      networkBranch(wireSides([12], [12]), metrics, attribution(300, server)).findings[0].status;
    expect(status([59.9, 0])).toBe('confirmed');
    expect(status([-59.9, 0])).toBe('confirmed');
    expect(status([-60, 0])).toBe('likely');
    expect(status([-200, 0])).toBe('likely');
  });

  it('a gap that did not grow is never held by the proxy, nor carried by the wire', () => {
    // The gap shrank by 50 ms: the server did not move, yet nothing is flat against a negative gap;
    // the wire fell 1 ms, and a fall does not carry a fall.
    const shrank = networkBranch(wireSides([12], [11]), metrics, attribution(-50, [0, 0]));
    expect(shrank.steps.slice(1).map((s) => s.answer)).toEqual([
      `yes: the server's part of the ${TAIL} moved 0 ms`,
      'no: network_ms 12.0 ms → 11.0 ms (mean)',
    ]);
    expect(shrank.findings[0]).toMatchObject({ status: 'likely', cause: 'config' });
    // A gap exactly unchanged: a wire 5 ms slower does not carry a growth of 0.
    const flat = networkBranch(wireSides([12], [17]), metrics, attribution(0, [0, 0]));
    expect(flat.steps[2].answer).toBe('no: network_ms 12.0 ms → 17.0 ms (mean)');
  });

  it('without a decomposition it says only that network time grew, and claims no wire growth', () => {
    // The wire grew by 150 ms, but with no gap to compare it with nothing is carried or flat.
    const result = networkBranch(wireSides([12], [162]), metrics, null);
    expect(result.steps).toEqual([
      { question: 'Client TTFT vs server TTFT?', answer: 'network time grew' },
      { question: 'Is it the wire?', answer: 'no: network_ms 12.0 ms → 162 ms (mean)' },
    ]);
    expect(result.findings[0]).toMatchObject({ status: 'likely', cause: 'config' });
    expect(result.findings[0].evidence.map((e) => e.text)).toEqual([
      'wire time (network_ms) 12.0 ms → 162 ms (mean): not where the time went',
    ]);
    // A decomposition without the network phase is the same.
    const noNetwork = attributionOf(TAIL, 0.95, [attribution(300, [0, 0]).phases[1]]);
    expect(networkBranch(wireSides([12], [162]), metrics, noNetwork)).toEqual(result);
  });

  it('no wire time on either side: no wire step, and the title says the network cannot be told apart', () => {
    const client = [500, 500];
    const cases = [
      // No network_ms on the head.
      context(
        side([table({ network_ms: [12, 12], client_first_token_ms: client })]),
        side([table({ client_first_token_ms: client })]),
      ),
      // network_ms but no client timestamps: the wire is not measured alongside client TTFT.
      context(
        side([table({ network_ms: [12, 12], client_first_token_ms: client })]),
        side([table({ network_ms: [12, 12] })]),
      ),
      // One of the base's runs lacks network_ms.
      context(
        side([
          table({ network_ms: [12, 12], client_first_token_ms: client }),
          table({ client_first_token_ms: client }),
        ]),
        side([table({ network_ms: [12, 12], client_first_token_ms: client })]),
      ),
      // Every head request failed: no mean to compare.
      context(
        side([table({ network_ms: [12, 12], client_first_token_ms: client })]),
        side([table({ network_ms: [12, 12], client_first_token_ms: client }, [0, 1])]),
      ),
    ];
    for (const ctx of cases) {
      const result = networkBranch(ctx, metrics, attribution(300, [0, 0]));
      expect(result.steps.map((s) => s.question)).toEqual(['Client TTFT vs server TTFT?', 'Did the server change?']);
      expect(result.findings[0].title).toBe(
        'the time between server and client grew, not the server: a proxy or load balancer holding the response, or the network (no wire time recorded to tell them apart)',
      );
      expect(result.findings[0].evidence).toHaveLength(2);
    }
  });

  it('the wire is the mean over every run of a side, successful requests only', () => {
    const client = (n: number) => new Array<number>(n).fill(500);
    const ctx = context(
      side([
        table({ network_ms: [10, 20], client_first_token_ms: client(2) }),
        table({ network_ms: [30, 1000], client_first_token_ms: client(2) }, [1]),
      ]),
      side([table({ network_ms: [20], client_first_token_ms: client(1) })]),
    );
    expect(networkBranch(ctx, metrics, null).steps[1].answer).toBe('no: network_ms 20.0 ms → 20.0 ms (mean)');
  });

  it("names the gap's own statistic: the mean, or the percentile of the metric", () => {
    const label = (q: number) =>
      networkBranch(wireSides([12], [12]), metrics, attribution(300, [0, 0], q)).steps[0].answer.split('; its own ')[1];
    expect(label(0)).toBe('mean 25.0 ms → 330 ms');
    expect(label(0.5)).toBe('p50 25.0 ms → 330 ms');
    expect(label(0.999)).toBe('p99.9 25.0 ms → 330 ms');
  });
});
