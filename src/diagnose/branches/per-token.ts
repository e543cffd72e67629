// TOKENIZE / DETOKENIZE dominates (§5): a slow tokenizer, or a per-token detokenization bug. Compare
// the cost per token, so longer prompts or outputs are not mistaken for slower code; for
// detokenization also check whether the per-token cost grows with output length (quadratic work).

import { compact, signedPercent } from '../../display/numbers';
import type { RequestTable } from '../../model/run';
import { quantile } from '../../stats/quantile';
import { concat, perUnit } from '../measures/ratios';
import { COST_CHANGE, evidence, type BranchResult, type DiagnosisContext } from '../context';
import type { Finding } from '../hints';

export function tokenizeBranch(ctx: DiagnosisContext, metrics: string[]): BranchResult {
  const cost = (tables: RequestTable[]) =>
    concat(tables.map((t) => perUnit(t, t.numbers.tokenize_ms, t.numbers.prompt_tokens)));
  const b = cost(ctx.base.tables);
  const h = cost(ctx.head.tables);
  if (!b || !h) {
    return {
      steps: [
        { question: 'Tokenization cost per prompt token?', answer: 'unknown: needs tokenize_ms and prompt_tokens' },
      ],
      findings: [
        candidate(
          'tokenizer',
          'tokenize',
          'tokenization takes longer; the data cannot tell per-token cost from longer prompts',
          metrics,
        ),
      ],
    };
  }
  const base = quantile(b, 0.5) * 1000;
  const head = quantile(h, 0.5) * 1000;
  const change = head / base - 1;
  const steps = [
    {
      question: 'Tokenization cost per prompt token?',
      answer: `median ${compact(base)} → ${compact(head)} µs/token (${signedPercent(change)})`,
    },
  ];
  if (change >= COST_CHANGE) {
    return {
      steps,
      findings: [
        {
          hint: 'tokenizer',
          phase: 'tokenize',
          title: `tokenization is ${signedPercent(change)} slower per prompt token`,
          status: 'confirmed',
          cause: 'code',
          evidence: [
            evidence(`tokenize_ms per prompt token: median ${compact(base)} → ${compact(head)} µs`, {
              baseMicros: base,
              headMicros: head,
            }),
          ],
          nextCheck:
            'is a slow (pure-Python) tokenizer in use, or is tokenization now on the request path? profile tokenization alone',
          metrics,
        },
      ],
    };
  }
  return driftOr(ctx, steps, 'tokenizer', 'tokenize', metrics);
}

export function detokenizeBranch(ctx: DiagnosisContext, metrics: string[]): BranchResult {
  const cost = (tables: RequestTable[]) =>
    concat(tables.map((t) => perUnit(t, t.numbers.detokenize_ms, t.numbers.output_tokens)));
  const b = cost(ctx.base.tables);
  const h = cost(ctx.head.tables);
  if (!b || !h) {
    return {
      steps: [
        { question: 'Detokenization cost per output token?', answer: 'unknown: needs detokenize_ms and output_tokens' },
      ],
      findings: [
        candidate(
          'detokenize-per-token',
          'detokenize',
          'detokenization takes longer; the data cannot tell per-token cost from longer outputs',
          metrics,
        ),
      ],
    };
  }
  const base = quantile(b, 0.5) * 1000;
  const head = quantile(h, 0.5) * 1000;
  const change = head / base - 1;
  const growth = lengthGrowth(ctx.head.tables);
  const baseGrowth = lengthGrowth(ctx.base.tables);
  const steps = [
    {
      question: 'Detokenization cost per output token?',
      answer: `median ${compact(base)} → ${compact(head)} µs/token (${signedPercent(change)})`,
    },
    ...(growth
      ? [
          {
            question: 'Does it grow with output length?',
            answer: `long outputs cost ${compact(growth)}× as much per token as short ones (baseline ${baseGrowth ? compact(baseGrowth) : '?'}×)`,
          },
        ]
      : []),
  ];
  if (change >= COST_CHANGE) {
    const quadratic = growth !== undefined && growth >= 1.5 && (!baseGrowth || growth >= 1.5 * baseGrowth);
    return {
      steps,
      findings: [
        {
          hint: 'detokenize-per-token',
          phase: 'detokenize',
          title: quadratic
            ? `detokenization cost per token grows with output length (${compact(growth!)}× for long outputs): per-token work over the whole text`
            : `detokenization is ${signedPercent(change)} slower per output token`,
          status: 'confirmed',
          cause: 'code',
          evidence: [
            evidence(`detokenize_ms per output token: median ${compact(base)} → ${compact(head)} µs`, {
              baseMicros: base,
              headMicros: head,
            }),
            ...(growth
              ? [
                  evidence(
                    `per-token cost, longest quarter of outputs vs shortest quarter: ${compact(growth)}× (baseline ${baseGrowth ? compact(baseGrowth) : '?'}×)`,
                  ),
                ]
              : []),
          ],
          nextCheck: quadratic
            ? 'look for detokenizing the whole sequence at every step instead of incrementally'
            : 'profile detokenization alone',
          metrics,
        },
      ],
    };
  }
  return driftOr(ctx, steps, 'detokenize-per-token', 'detokenize', metrics);
}

/** Median per-token cost in the longest quarter of outputs over that in the shortest quarter. */
function lengthGrowth(tables: RequestTable[]): number | undefined {
  const tokens = concat(tables.map((t) => t.numbers.output_tokens));
  const cost = concat(tables.map((t) => perUnit(t, t.numbers.detokenize_ms, t.numbers.output_tokens)));
  if (!tokens || !cost) return undefined;
  const low = quantile(tokens, 0.25);
  const high = quantile(tokens, 0.75);
  const short: number[] = [];
  const long: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!Number.isFinite(cost[i])) continue;
    if (tokens[i] <= low) short.push(cost[i]);
    else if (tokens[i] >= high) long.push(cost[i]);
  }
  if (short.length < 10 || long.length < 10) return undefined;
  const s = quantile(short, 0.5);
  return s > 0 ? quantile(long, 0.5) / s : undefined;
}

function driftOr(
  ctx: DiagnosisContext,
  steps: { question: string; answer: string }[],
  hint: 'tokenizer' | 'detokenize-per-token',
  phase: 'tokenize' | 'detokenize',
  metrics: string[],
): BranchResult {
  const shift = phase === 'tokenize' ? ctx.workload.prompt : ctx.workload.output;
  if (shift?.changed && shift.headMedian > shift.baseMedian) {
    return {
      steps,
      findings: [
        {
          hint: 'workload-drift',
          phase,
          title: `longer ${phase === 'tokenize' ? 'prompts' : 'outputs'}: median ${compact(shift.baseMedian)} → ${compact(shift.headMedian)} tokens at the same cost per token`,
          status: 'confirmed',
          cause: 'workload',
          evidence: [
            evidence(
              `${shift.field} median ${compact(shift.baseMedian)} → ${compact(shift.headMedian)} (KS D = ${shift.ks.toFixed(2)})`,
            ),
          ],
          nextCheck: 'rerun both sides on the same workload',
          metrics,
        },
      ],
    };
  }
  return {
    steps,
    findings: [
      candidate(hint, phase, `${phase} takes longer at a similar cost per token; look at the tail requests`, metrics),
    ],
  };
}

function candidate(hint: Finding['hint'], phase: Finding['phase'], title: string, metrics: string[]): Finding {
  return {
    hint,
    phase,
    title,
    status: 'candidate',
    cause: 'unknown',
    evidence: [],
    nextCheck: `profile ${phase} on the slowest requests`,
    metrics,
  };
}
