// The §5 decision tree: from the phase that holds a regressed metric's change to a diagnosis. Each
// regressed metric is walked once per dominant phase; metrics that share a phase share the walk.

import { signedDuration, signedPercent, percent } from '../display/numbers';
import { PHASE_LABELS, type PhaseOrRemainder } from '../metrics/catalog';
import { specLabel } from '../metrics/metric-spec';
import type { MetricComparison } from '../compare/types';
import type { Attribution } from './attribution';
import type { BranchResult, DiagnosisContext, TreeStep } from './context';
import type { Finding } from './hints';
import { queueBranch } from './branches/queue';
import { prefillBranch } from './branches/prefill';
import { decodeBranch } from './branches/decode';
import { detokenizeBranch, tokenizeBranch } from './branches/per-token';
import { networkBranch } from './branches/network';
import { gapBranch } from './branches/gap';

export interface TreeWalk {
  /** Metric keys this walk explains. */
  metrics: string[];
  /** The phase that holds the change (where the tree started). */
  phase: PhaseOrRemainder | null;
  /** The phase the diagnosis ended in: the same, or the one whose growth caused it. */
  rootPhase: PhaseOrRemainder | null;
  steps: TreeStep[];
  /** Hints found on this walk. */
  hints: Finding['hint'][];
}

export interface TreeResult {
  walks: TreeWalk[];
  findings: Finding[];
}

/** The phase the tree branches on for a metric: decode for ITL and TPOT, else the dominant phase. */
export function branchPhase(comparison: MetricComparison, attribution: Attribution | null): PhaseOrRemainder | null {
  const id = comparison.spec.metric.id;
  if (id === 'itl' || id === 'tpot' || id === 'decode') return 'decode';
  if (id === 'tokenize' || id === 'queue_wait' || id === 'prefill' || id === 'network' || id === 'detokenize')
    return id;
  return attribution?.dominant ?? null;
}

export function walkTree(
  regressed: { comparison: MetricComparison; attribution: Attribution | null }[],
  ctx: DiagnosisContext,
): TreeResult {
  const byPhase = new Map<PhaseOrRemainder, { comparison: MetricComparison; attribution: Attribution | null }[]>();
  for (const item of regressed) {
    const phase = branchPhase(item.comparison, item.attribution);
    if (!phase) continue;
    const list = byPhase.get(phase) ?? [];
    list.push(item);
    byPhase.set(phase, list);
  }

  const walks: TreeWalk[] = [];
  const findings: Finding[] = [];
  const confounded = ctx.workload.changed;
  for (const [phase, items] of byPhase) {
    const metrics = items.map((i) => i.comparison.spec.key);
    const lead = items.find((i) => i.attribution) ?? items[0];
    const first: TreeStep = {
      question: 'Where does the time go?',
      answer: whereAnswer(lead.comparison, lead.attribution, phase),
    };
    const result = branch(phase, ctx, metrics, lead.attribution);
    walks.push({
      metrics,
      phase,
      rootPhase: result.rootPhase ?? phase,
      steps: [first, ...result.steps],
      hints: [...new Set(result.findings.map((f) => f.hint))],
    });
    for (const f of result.findings) mergeFinding(findings, confounded ? downgradeCodeBlame(f) : f);
  }
  const rank = { confirmed: 0, likely: 1, candidate: 2 } as const;
  findings.sort((a, b) => rank[a.status] - rank[b.status]);
  return { walks, findings };
}

function branch(
  phase: PhaseOrRemainder,
  ctx: DiagnosisContext,
  metrics: string[],
  attribution: Attribution | null,
): BranchResult {
  switch (phase) {
    case 'queue_wait':
      return queueBranch(ctx, metrics);
    case 'prefill':
      return prefillBranch(ctx, metrics);
    case 'decode':
      return decodeBranch(ctx, metrics);
    case 'tokenize':
      return tokenizeBranch(ctx, metrics);
    case 'detokenize':
      return detokenizeBranch(ctx, metrics);
    case 'network':
      return networkBranch(ctx, metrics, attribution);
    case 'remainder':
      return gapBranch(ctx, metrics, attribution);
  }
}

function whereAnswer(comparison: MetricComparison, attribution: Attribution | null, phase: PhaseOrRemainder): string {
  const label = specLabel(comparison.spec);
  const share = attribution?.phases.find((p) => p.phase === phase);
  if (!attribution || !share) return `${PHASE_LABELS[phase]} (${label} is a ${phase} metric)`;
  return `${PHASE_LABELS[phase]}: ${signedDuration(share.delta)} in the ${attribution.tail} by ${comparison.spec.metric.label} (${percent(share.shareOfChange)} of the change in their mean, ${signedPercent(attribution.head.mean / attribution.base.mean - 1)})`;
}

/**
 * When the workload changed too, a like-for-like cost is compared across different loads and
 * prompt mixes: a finding that blames the code can only be likely, and says why.
 */
function downgradeCodeBlame(finding: Finding): Finding {
  if (finding.cause !== 'code' || finding.status !== 'confirmed') return finding;
  return {
    ...finding,
    status: 'likely',
    evidence: [
      ...finding.evidence,
      {
        text: 'the workload changed between the runs too, so this comparison is not clean: rerun on the same workload to confirm',
      },
    ],
  };
}

/** One finding per hint and phase; later metrics join the first finding's list. */
function mergeFinding(into: Finding[], finding: Finding): void {
  const same = into.find((f) => f.hint === finding.hint && f.phase === finding.phase);
  if (!same) {
    // Branches share one metrics array per walk; each finding gets its own.
    into.push({ ...finding, metrics: [...finding.metrics] });
    return;
  }
  for (const m of finding.metrics) if (!same.metrics.includes(m)) same.metrics.push(m);
}
