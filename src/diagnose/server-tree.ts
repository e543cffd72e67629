// The §5 tree on server metrics alone (no per-request telemetry): the phase that holds the change of
// the mean comes from the server's histograms; the branches use what a scrape can show — the prefix
// cache counters, configuration changes, and the load the client tool declared. A scrape cannot show
// the running batch over time, so conclusions that need it are candidates, and say what would decide.

import { compact, percent, signedPercent } from '../display/numbers';
import { PHASE_LABELS } from '../metrics/catalog';
import type { MetricComparison } from '../compare/types';
import type { Side } from '../model/run';
import type { Attribution } from './attribution';
import { evidence, type TreeStep } from './context';
import type { ConfigChange } from './config-diff';
import { describeValue } from './config-diff';
import type { Finding } from './hints';
import { BATCH_LIMIT_KEYS } from './measures/batch';
import { serverHitRate } from './server-attribution';
import type { TreeResult } from './tree';
import type { WorkloadComparison } from './workload';

const HIT_RATE_DROP = 0.05;
const PREFIX_KEYS = ['enable_prefix_caching', 'enable-prefix-caching', 'prefix_caching'];
const CHUNKED_KEYS = ['enable_chunked_prefill', 'enable-chunked-prefill', 'chunked_prefill'];

export interface ServerTreeInput {
  regressed: { comparison: MetricComparison; attribution: Attribution }[];
  base: Side;
  head: Side;
  configChanges: ConfigChange[];
  workload: WorkloadComparison;
}

export function walkServerTree(input: ServerTreeInput): TreeResult {
  const walks: TreeResult['walks'] = [];
  const findings: Finding[] = [];
  const byPhase = new Map<string, typeof input.regressed>();
  for (const item of input.regressed) {
    const phase = item.attribution.dominant;
    if (!phase) continue;
    byPhase.set(phase, [...(byPhase.get(phase) ?? []), item]);
  }
  for (const [phase, items] of byPhase) {
    const metrics = items.map((i) => i.comparison.spec.key);
    const a = items[0].attribution;
    const share = a.phases.find((p) => p.phase === phase)!;
    const steps: TreeStep[] = [
      {
        question: 'Where does the time go?',
        answer: `${PHASE_LABELS[share.phase]}: mean ${compact(share.baseMean)} → ${compact(share.headMean)} ms on the server (${percent(share.shareOfChange)} of the change in the mean ${a.spec.metric.label}; from the metrics scrape, per-request phases were not recorded)`,
      },
    ];
    const found = branch(phase, input, metrics, steps, a);
    walks.push({
      metrics,
      phase: share.phase,
      rootPhase: share.phase,
      steps,
      hints: [...new Set(found.map((f) => f.hint))],
    });
    // One walk per phase, and a branch here finds in its own phase only (none follows another, as the
    // request tree's queue branch follows prefill): no finding repeats a hint and phase of another walk.
    findings.push(...found);
  }
  return { walks, findings };
}

function branch(
  phase: string,
  input: ServerTreeInput,
  metrics: string[],
  steps: TreeStep[],
  attribution: Attribution,
): Finding[] {
  const change = (keys: readonly string[]) => input.configChanges.find((c) => keys.includes(c.key));
  const declared = (key: string) => input.workload.declared.find((d) => d.key === key);
  switch (phase) {
    case 'queue_wait': {
      const limit = change(BATCH_LIMIT_KEYS);
      const rate = declared('requestRate') ?? declared('concurrency');
      if (limit) {
        steps.push({
          question: 'Did the running-batch limit change?',
          answer: `yes: ${limit.key} ${describeValue(limit.base)} → ${describeValue(limit.head)}`,
        });
        return [
          finding(
            'capacity',
            'queue_wait',
            `running-batch limit changed: ${limit.key} ${describeValue(limit.base)} → ${describeValue(limit.head)}`,
            'likely',
            'config',
            [
              evidence(
                `${limit.key} ${describeValue(limit.base)} → ${describeValue(limit.head)} in the recorded configuration`,
              ),
            ],
            'per-request telemetry (batch_size_at_admission) would show the batch at its cap',
            metrics,
          ),
        ];
      }
      if (rate && rate.head > rate.base) {
        steps.push({
          question: 'Did the load change?',
          answer: `yes: ${rate.key === 'requestRate' ? 'request rate' : 'concurrency'} ${compact(rate.base)} → ${compact(rate.head)}`,
        });
        return [
          finding(
            'traffic-increase',
            'queue_wait',
            `more load: ${rate.key === 'requestRate' ? 'request rate' : 'concurrency'} ${compact(rate.base)} → ${compact(rate.head)}`,
            'confirmed',
            'workload',
            [evidence(`the client tool declared ${rate.key} ${compact(rate.base)} → ${compact(rate.head)}`)],
            'compare at the same load',
            metrics,
          ),
        ];
      }
      steps.push({
        question: 'Running batch vs its maximum?',
        answer: 'unknown: a scrape shows the batch at one moment, not over the run',
      });
      return [
        finding(
          'capacity',
          'queue_wait',
          'requests wait longer for admission; the scrape cannot tell capacity from scheduling',
          'candidate',
          'unknown',
          [],
          'record per-request telemetry (batch_size_at_admission, queue_wait_ms) or scrape vllm:num_requests_running during the run',
          metrics,
        ),
      ];
    }
    case 'prefill': {
      const base = serverHitRate(input.base);
      const head = serverHitRate(input.head);
      const input_ = declared('inputTokensMean');
      if (base !== undefined && head !== undefined) {
        steps.push({
          question: 'Prefix cache hit rate?',
          answer: `${percent(base)} → ${percent(head)} of queried tokens (vllm:prefix_cache_hits / queries)`,
        });
        if (base - head >= HIT_RATE_DROP) {
          const c = change(PREFIX_KEYS);
          return [
            finding(
              'prefix-cache',
              'prefill',
              `prefix-cache hit rate fell from ${percent(base)} to ${percent(head)}`,
              'confirmed',
              c ? 'config' : 'unknown',
              [
                evidence(`prefix cache hits / queries: ${percent(base)} → ${percent(head)}`),
                ...(c ? [evidence(`${c.key}: ${describeValue(c.base)} → ${describeValue(c.head)}`)] : []),
              ],
              c
                ? `was turning ${c.key} to ${describeValue(c.head)} intended?`
                : 'check the shared prompt prefix is byte-identical',
              metrics,
            ),
          ];
        }
      }
      if (input_ && input_.head > input_.base) {
        steps.push({
          question: 'Did the prompts get longer?',
          answer: `yes: mean input tokens ${compact(input_.base)} → ${compact(input_.head)}`,
        });
        return [
          finding(
            'workload-drift',
            'prefill',
            `longer prompts: mean input tokens ${compact(input_.base)} → ${compact(input_.head)}`,
            'confirmed',
            'workload',
            [
              evidence(
                `mean input tokens ${compact(input_.base)} → ${compact(input_.head)} (${signedPercent(input_.head / input_.base - 1)})`,
              ),
            ],
            'rerun on the same prompts',
            metrics,
          ),
        ];
      }
      return [
        finding(
          'prefill-compute',
          'prefill',
          'prefill takes longer, with the same prompts and cache hits',
          'candidate',
          'unknown',
          [],
          'profile a prefill step; per-request telemetry would match prefill time by prompt length',
          metrics,
        ),
      ];
    }
    case 'decode': {
      const output = declared('outputTokensMean');
      if (output && output.head > output.base) {
        steps.push({
          question: 'Did the outputs get longer?',
          answer: `yes: mean output tokens ${compact(output.base)} → ${compact(output.head)}`,
        });
        return [
          finding(
            'workload-drift',
            'decode',
            `longer outputs: mean output tokens ${compact(output.base)} → ${compact(output.head)}`,
            'confirmed',
            'workload',
            [],
            'rerun with the same output lengths',
            metrics,
          ),
        ];
      }
      const chunked = change(CHUNKED_KEYS);
      if (chunked)
        steps.push({
          question: 'Did chunked prefill change?',
          answer: `${chunked.key} ${describeValue(chunked.base)} → ${describeValue(chunked.head)}`,
        });
      return [
        finding(
          'decode-overhead',
          'decode',
          'decode takes longer on the server',
          'candidate',
          'unknown',
          [],
          'per-request telemetry would match decode step time by running batch; or profile a decode step',
          metrics,
        ),
      ];
    }
    case 'network': {
      // Client mean TTFT − the scrape's server mean: the time between them (the wire, a proxy). Read
      // from this walk's decomposition (the walk's phase is network, so it has that share), not from
      // the first regressed metric's, which may have no network phase (E2E, ITL).
      const share = attribution.phases.find((p) => p.phase === 'network')!;
      const server = attribution.phases.filter((p) => p.phase !== 'network').reduce((s, p) => s + p.delta, 0);
      steps.push({
        question: 'Client TTFT vs server TTFT?',
        answer: `client − server mean ${compact(share.baseMean)} → ${compact(share.headMean)} ms; the server's own mean moved ${compact(server)} ms`,
      });
      return [
        finding(
          'buffering-proxy',
          'network',
          'the time between server and client grew, not the server: a proxy, load balancer or the network',
          'likely',
          'unknown',
          [
            evidence(
              `client mean TTFT − server mean TTFT (the scrape): ${compact(share.baseMean)} → ${compact(share.headMean)} ms`,
            ),
          ],
          'compare a run with the proxy bypassed (client straight to the server), and timestamps at the load balancer for where the first chunk waits',
          metrics,
        ),
      ];
    }
    case 'remainder':
      return [
        finding(
          'measurement-gap',
          'remainder',
          'the time went inside the server, outside the phases it records',
          'likely',
          'unknown',
          [],
          'instrument what runs between the phases',
          metrics,
        ),
      ];
    default:
      return [];
  }
}

function finding(
  hint: Finding['hint'],
  phase: Finding['phase'],
  title: string,
  status: Finding['status'],
  cause: Finding['cause'],
  evidenceList: Finding['evidence'],
  nextCheck: string,
  metrics: string[],
): Finding {
  return { hint, phase, title, status, cause, evidence: evidenceList, nextCheck, metrics: [...metrics] };
}
