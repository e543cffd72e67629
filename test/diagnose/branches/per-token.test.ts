// The tokenize and detokenize branches (§5: TOKENIZE / DETOKENIZE dominates → a slow tokenizer, or
// a per-token detokenization bug). The cost per token is compared, so longer prompts or outputs are
// not read as slower code; for detokenization, a per-token cost that grows with the output's length
// is quadratic work (detokenizing the whole text at every step).
import { describe, expect, it } from 'vitest';
import { detokenizeBranch, tokenizeBranch } from '../../../src/diagnose/branches/per-token';
import { context, lengthShift, side, table } from './build';

const metrics = ['ttft p95'];

/** Requests of `tokens` prompt tokens each, tokenized in `perToken` ms a token. */
function tokenizeTable(perToken: number, tokens = [1000, 2000, 4000]) {
  return table({ prompt_tokens: tokens, tokenize_ms: tokens.map((t) => t * perToken) });
}

/**
 * Outputs of 100, 500 and 1000 tokens (`counts` of each; 10, 17, 10 by default: the lower and upper
 * quartiles of the lengths are then exactly 100 and 1000, ten requests each), detokenized at
 * `cost` ms a token for each length.
 */
function detokenizeTable(cost: [number, number, number], counts: [number, number, number] = [10, 17, 10]) {
  const tokens = [100, 500, 1000].flatMap((t, k) => new Array<number>(counts[k]).fill(t));
  const perToken = [100, 500, 1000].flatMap((_, k) => new Array<number>(counts[k]).fill(cost[k]));
  return table({ output_tokens: tokens, detokenize_ms: tokens.map((t, i) => t * perToken[i]) });
}

describe('the tokenize branch', () => {
  it('a tokenizer slower per prompt token: confirmed, blamed on the code', () => {
    // 2 µs a token → 2.5 µs a token, whatever the prompt's length.
    const ctx = context(side([tokenizeTable(0.002)]), side([tokenizeTable(0.0025)]));
    expect(tokenizeBranch(ctx, metrics)).toEqual({
      steps: [{ question: 'Tokenization cost per prompt token?', answer: 'median 2.00 → 2.50 µs/token (+25%)' }],
      findings: [
        {
          hint: 'tokenizer',
          phase: 'tokenize',
          title: 'tokenization is +25% slower per prompt token',
          status: 'confirmed',
          cause: 'code',
          evidence: [
            {
              text: 'tokenize_ms per prompt token: median 2.00 → 2.50 µs',
              values: { baseMicros: 2, headMicros: 2.5 },
            },
          ],
          nextCheck:
            'is a slow (pure-Python) tokenizer in use, or is tokenization now on the request path? profile tokenization alone',
          metrics,
        },
      ],
    });
  });

  it('the same cost per token and longer prompts: the workload, not the tokenizer', () => {
    const ctx = context(side([tokenizeTable(0.002)]), side([tokenizeTable(0.0021, [4000, 8000, 16000])]), {
      workload: { prompt: lengthShift('prompt_tokens', 2000, 8000) },
    });
    const result = tokenizeBranch(ctx, metrics);
    expect(result.steps[0].answer).toBe('median 2.00 → 2.10 µs/token (+5.0%)');
    expect(result.findings).toEqual([
      {
        hint: 'workload-drift',
        phase: 'tokenize',
        title: 'longer prompts: median 2,000 → 8,000 tokens at the same cost per token',
        status: 'confirmed',
        cause: 'workload',
        evidence: [{ text: 'prompt_tokens median 2,000 → 8,000 (KS D = 0.45)' }],
        nextCheck: 'rerun both sides on the same workload',
        metrics,
      },
    ]);
  });

  it('the same cost per token and no longer prompts: a candidate, to look at on the tail', () => {
    const candidate = {
      hint: 'tokenizer',
      phase: 'tokenize',
      title: 'tokenize takes longer at a similar cost per token; look at the tail requests',
      status: 'candidate',
      cause: 'unknown',
      evidence: [],
      nextCheck: 'profile tokenize on the slowest requests',
      metrics,
    };
    const sides = [side([tokenizeTable(0.002)]), side([tokenizeTable(0.002)])] as const;
    for (const prompt of [
      undefined,
      lengthShift('prompt_tokens', 2000, 8000, { changed: false }), // longer but within noise
      lengthShift('prompt_tokens', 8000, 2000), // shorter
      lengthShift('prompt_tokens', 2000, 2000), // changed in shape, not in median
    ])
      expect(tokenizeBranch(context(...sides, { workload: { prompt } }), metrics).findings).toEqual([candidate]);
    // Longer outputs do not explain tokenization.
    const outputs = context(...sides, { workload: { output: lengthShift('output_tokens', 100, 400) } });
    expect(tokenizeBranch(outputs, metrics).findings).toEqual([candidate]);
  });

  it('without tokenize_ms or prompt_tokens on either side it cannot tell per-token cost from longer prompts', () => {
    const unknown = {
      steps: [
        { question: 'Tokenization cost per prompt token?', answer: 'unknown: needs tokenize_ms and prompt_tokens' },
      ],
      findings: [
        {
          hint: 'tokenizer',
          phase: 'tokenize',
          title: 'tokenization takes longer; the data cannot tell per-token cost from longer prompts',
          status: 'candidate',
          cause: 'unknown',
          evidence: [],
          nextCheck: 'profile tokenize on the slowest requests',
          metrics,
        },
      ],
    };
    const full = side([tokenizeTable(0.002)]);
    const noTokenize = side([table({ prompt_tokens: [1000] })]);
    const noPrompt = side([table({ tokenize_ms: [2] })]);
    expect(tokenizeBranch(context(full, noTokenize), metrics)).toEqual(unknown);
    expect(tokenizeBranch(context(noPrompt, full), metrics)).toEqual(unknown);
    // One run of a side without the column is enough to make the side unknown.
    expect(tokenizeBranch(context(full, side([tokenizeTable(0.003), noTokenize.tables[0]])), metrics)).toEqual(unknown);
  });
});

describe('the detokenize branch', () => {
  const quadraticCheck = 'look for detokenizing the whole sequence at every step instead of incrementally';

  it('a per-token cost that grows with the output: quadratic work, confirmed', () => {
    // Head: 10, 15 and 20 µs a token at 100, 500 and 1000 tokens: median 15, long/short 2×.
    // Base: 10 µs a token at every length (1×).
    const ctx = context(side([detokenizeTable([0.01, 0.01, 0.01])]), side([detokenizeTable([0.01, 0.015, 0.02])]));
    expect(detokenizeBranch(ctx, metrics)).toEqual({
      steps: [
        { question: 'Detokenization cost per output token?', answer: 'median 10.0 → 15.0 µs/token (+50%)' },
        {
          question: 'Does it grow with output length?',
          answer: 'long outputs cost 2.00× as much per token as short ones (baseline 1.00×)',
        },
      ],
      findings: [
        {
          hint: 'detokenize-per-token',
          phase: 'detokenize',
          title:
            'detokenization cost per token grows with output length (2.00× for long outputs): per-token work over the whole text',
          status: 'confirmed',
          cause: 'code',
          evidence: [
            {
              text: 'detokenize_ms per output token: median 10.0 → 15.0 µs',
              values: { baseMicros: 10, headMicros: 15 },
            },
            { text: 'per-token cost, longest quarter of outputs vs shortest quarter: 2.00× (baseline 1.00×)' },
          ],
          nextCheck: quadraticCheck,
          metrics,
        },
      ],
    });
  });

  it('slower at every length: a per-token slowdown, not quadratic', () => {
    const ctx = context(side([detokenizeTable([0.01, 0.01, 0.01])]), side([detokenizeTable([0.012, 0.012, 0.012])]));
    const f = detokenizeBranch(ctx, metrics).findings[0];
    expect(f).toMatchObject({
      title: 'detokenization is +20% slower per output token',
      status: 'confirmed',
      cause: 'code',
      nextCheck: 'profile detokenization alone',
    });
    expect(f.evidence[1].text).toBe(
      'per-token cost, longest quarter of outputs vs shortest quarter: 1.00× (baseline 1.00×)',
    );
  });

  it('quadratic from 1.5× as much per token for long outputs, and 1.5× the baseline’s growth', () => {
    const title = (base: [number, number, number], head: [number, number, number]) =>
      detokenizeBranch(context(side([detokenizeTable(base)]), side([detokenizeTable(head)])), metrics).findings[0]
        .title;
    const flat: [number, number, number] = [0.1, 0.1, 0.1];
    // 0.375 / 0.25 = 1.5 exactly: quadratic; 0.3725 / 0.25 = 1.49: not.
    expect(title(flat, [0.25, 0.3, 0.375])).toMatch(/^detokenization cost per token grows with output length \(1\.50×/);
    expect(title(flat, [0.25, 0.3, 0.3725])).toBe('detokenization is +200% slower per output token');
    // The baseline already grows 2× (0.2 / 0.1): the head must grow 3× to count.
    const growing: [number, number, number] = [0.1, 0.15, 0.2];
    expect(title(growing, [0.25, 0.5, 0.75])).toMatch(
      /^detokenization cost per token grows with output length \(3\.00×/,
    );
    expect(title(growing, [0.25, 0.5, 0.725])).toBe('detokenization is +233% slower per output token');
  });

  it('with too few outputs in a quarter there is no growth to show, and no quadratic claim', () => {
    // Nine short and nine long outputs on the head: no growth; the base's growth alone is not shown.
    const ctx = context(
      side([detokenizeTable([0.01, 0.01, 0.01])]),
      side([detokenizeTable([0.01, 0.015, 0.04], [9, 17, 9])]),
    );
    const result = detokenizeBranch(ctx, metrics);
    expect(result.steps.map((s) => s.question)).toEqual(['Detokenization cost per output token?']);
    expect(result.findings[0]).toMatchObject({
      title: 'detokenization is +50% slower per output token',
      nextCheck: 'profile detokenization alone',
    });
    expect(result.findings[0].evidence).toHaveLength(1);
  });

  it('a baseline with too few outputs for a growth: "?", and the head’s growth alone decides', () => {
    const ctx = context(
      side([detokenizeTable([0.01, 0.01, 0.01], [3, 3, 3])]),
      side([detokenizeTable([0.01, 0.015, 0.02])]),
    );
    const result = detokenizeBranch(ctx, metrics);
    expect(result.steps[1].answer).toBe('long outputs cost 2.00× as much per token as short ones (baseline ?×)');
    expect(result.findings[0].nextCheck).toBe(quadraticCheck);
    expect(result.findings[0].evidence[1].text).toBe(
      'per-token cost, longest quarter of outputs vs shortest quarter: 2.00× (baseline ?×)',
    );
  });

  it('the quarters are the outputs at or below the lower quartile and at or above the upper one', () => {
    // Ten outputs of exactly 100 tokens (the lower quartile) and ten of exactly 1000 (the upper).
    // The long ones cost 4× the short ones; the middle ones, 2×, are in neither quarter.
    const ctx = context(side([detokenizeTable([0.01, 0.01, 0.01])]), side([detokenizeTable([0.01, 0.02, 0.04])]));
    expect(detokenizeBranch(ctx, metrics).steps[1].answer).toBe(
      'long outputs cost 4.00× as much per token as short ones (baseline 1.00×)',
    );
  });

  it('a request without a cost does not count towards its quarter', () => {
    // The head's short quarter holds ten outputs but one has no detokenize_ms: nine, too few.
    const head = detokenizeTable([0.01, 0.015, 0.02]);
    head.numbers.detokenize_ms![0] = NaN;
    const ctx = context(side([detokenizeTable([0.01, 0.01, 0.01])]), side([head]));
    expect(detokenizeBranch(ctx, metrics).steps).toHaveLength(1);
  });

  it('short outputs that cost nothing give no growth (no ratio to 0)', () => {
    const ctx = context(side([detokenizeTable([0.01, 0.01, 0.01])]), side([detokenizeTable([0, 0.015, 0.02])]));
    expect(detokenizeBranch(ctx, metrics).steps).toHaveLength(1);
  });

  it('the growth is over every run of a side', () => {
    // Two head runs, each too small for a growth alone (5 and 5 in each quarter), together ten.
    const half = (): [number, number, number] => [5, 9, 5];
    const ctx = context(
      side([detokenizeTable([0.01, 0.01, 0.01])]),
      side([detokenizeTable([0.01, 0.015, 0.02], half()), detokenizeTable([0.01, 0.015, 0.02], half())]),
    );
    expect(detokenizeBranch(ctx, metrics).steps[1].answer).toBe(
      'long outputs cost 2.00× as much per token as short ones (baseline 1.00×)',
    );
  });

  it('the same cost per token: longer outputs are the workload, and the growth is still shown', () => {
    const same = context(side([detokenizeTable([0.01, 0.01, 0.01])]), side([detokenizeTable([0.01, 0.01, 0.01])]), {
      workload: { output: lengthShift('output_tokens', 500, 900), prompt: lengthShift('prompt_tokens', 900, 500) },
    });
    const result = detokenizeBranch(same, metrics);
    expect(result.steps.map((s) => s.question)).toEqual([
      'Detokenization cost per output token?',
      'Does it grow with output length?',
    ]);
    expect(result.findings).toEqual([
      {
        hint: 'workload-drift',
        phase: 'detokenize',
        title: 'longer outputs: median 500 → 900 tokens at the same cost per token',
        status: 'confirmed',
        cause: 'workload',
        evidence: [{ text: 'output_tokens median 500 → 900 (KS D = 0.45)' }],
        nextCheck: 'rerun both sides on the same workload',
        metrics,
      },
    ]);
    // Longer prompts do not explain detokenization.
    const prompts = context(same.base, same.head, { workload: { prompt: lengthShift('prompt_tokens', 500, 900) } });
    expect(detokenizeBranch(prompts, metrics).findings).toEqual([
      {
        hint: 'detokenize-per-token',
        phase: 'detokenize',
        title: 'detokenize takes longer at a similar cost per token; look at the tail requests',
        status: 'candidate',
        cause: 'unknown',
        evidence: [],
        nextCheck: 'profile detokenize on the slowest requests',
        metrics,
      },
    ]);
  });

  it('without detokenize_ms or output_tokens it cannot tell per-token cost from longer outputs', () => {
    const full = side([detokenizeTable([0.01, 0.01, 0.01])]);
    const result = detokenizeBranch(context(full, side([table({ output_tokens: [100] })])), metrics);
    expect(result).toEqual({
      steps: [
        { question: 'Detokenization cost per output token?', answer: 'unknown: needs detokenize_ms and output_tokens' },
      ],
      findings: [
        {
          hint: 'detokenize-per-token',
          phase: 'detokenize',
          title: 'detokenization takes longer; the data cannot tell per-token cost from longer outputs',
          status: 'candidate',
          cause: 'unknown',
          evidence: [],
          nextCheck: 'profile detokenize on the slowest requests',
          metrics,
        },
      ],
    });
    expect(detokenizeBranch(context(side([table({ detokenize_ms: [1] })]), full), metrics)).toEqual(result);
  });
});
