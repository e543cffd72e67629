// The metric catalog: every metric perf-triage can judge, with its unit, its direction and its phase
// model (the phases whose per-request sum, plus an unattributed remainder, is the metric).

export const PHASES = ['tokenize', 'queue_wait', 'prefill', 'network', 'decode', 'detokenize'] as const;
export type PhaseId = (typeof PHASES)[number];
/** What is left of a metric once its known phases are subtracted (sampling, scheduling, gaps). */
export type PhaseOrRemainder = PhaseId | 'remainder';

export type MetricId =
  'ttft' | 'ttft_client' | 'e2e' | 'itl' | 'tpot' | 'throughput' | 'request_throughput' | 'failed' | PhaseId;

/** `share`: a proportion 0..1, shown as a per cent, its changes in percentage points. */
export type Unit = 'ms' | 'tok/s' | 'req/s' | 'share';
export type Direction = 'lower-is-better' | 'higher-is-better';

export interface MetricDef {
  id: MetricId;
  label: string;
  unit: Unit;
  direction: Direction;
  /** `request`: one value per request (or per token gap); `run`: one rate over the whole run. */
  level: 'request' | 'run';
  /** Phases that add up (with the remainder) to the metric, per request. Empty: no phase model. */
  phases: readonly PhaseId[];
  description: string;
  custom?: false;
}

/**
 * A metric outside the catalog, named by the artifact (github-action-benchmark entries, a tool's
 * extra numbers): one value per run, in the unit and direction the artifact gives.
 */
export interface CustomMetricDef {
  id: string;
  label: string;
  unit: string;
  direction: Direction;
  level: 'run';
  phases: readonly PhaseId[];
  description: string;
  custom: true;
}

export type AnyMetricDef = MetricDef | CustomMetricDef;

export function customMetric(name: string, unit: string, direction: Direction): CustomMetricDef {
  return {
    id: name,
    label: displayName(name),
    unit: displayName(unit),
    direction,
    level: 'run',
    phases: [],
    description: `reported by the artifact (${unit || 'no unit'})`,
    custom: true,
  };
}

/**
 * An artifact's own metric name as a label the renderers can print as they print the catalog's:
 * underscores as spaces; letters, digits, spaces and . : / % + , = - kept, anything else (markup, mentions, control and
 * bidi characters) shown as ·, at most 80 characters. The id keeps the name as written (JSON, keys).
 */
function displayName(name: string): string {
  // Keys such as total_token_throughput read as words.
  const safe = name.replace(/_/g, ' ').replace(/[^\p{L}\p{N} .:/%+,=-]/gu, '·');
  return [...safe].length > 80 ? `${[...safe].slice(0, 79).join('')}…` : safe;
}

const latency = (id: MetricId, label: string, phases: readonly PhaseId[], description: string): MetricDef => ({
  id,
  label,
  unit: 'ms',
  direction: 'lower-is-better',
  level: 'request',
  phases,
  description,
});

export const METRICS: Readonly<Record<MetricId, MetricDef>> = {
  ttft: latency(
    'ttft',
    'TTFT',
    ['tokenize', 'queue_wait', 'prefill'],
    'server time to first token (first_token_ms) = tokenize + queue wait + prefill + remainder (sampling)',
  ),
  ttft_client: latency(
    'ttft_client',
    'client TTFT',
    ['tokenize', 'queue_wait', 'prefill', 'network'],
    'client time to first token = server TTFT + network (client_first_token_ms, or first_token_ms + network_ms)',
  ),
  e2e: latency(
    'e2e',
    'E2E',
    ['tokenize', 'queue_wait', 'prefill', 'decode', 'detokenize'],
    'end-to-end server latency (total_ms) = TTFT + decode + detokenize',
  ),
  itl: latency(
    'itl',
    'ITL',
    [],
    'inter-token latency: over every token gap when the artifact has them; from §4 summaries, p50/p99 = median over requests of itl_p50_ms/itl_p99_ms, mean = Σ decode_ms / Σ (output_tokens − 1)',
  ),
  tpot: latency(
    'tpot',
    'TPOT',
    [],
    'time per output token after the first: decode_ms / (output_tokens − 1), per request',
  ),
  throughput: {
    id: 'throughput',
    label: 'throughput',
    unit: 'tok/s',
    direction: 'higher-is-better',
    level: 'run',
    phases: [],
    description: 'output tokens of successful requests per second, from the first arrival to the last completion',
  },
  request_throughput: {
    id: 'request_throughput',
    label: 'request throughput',
    unit: 'req/s',
    direction: 'higher-is-better',
    level: 'run',
    phases: [],
    description: 'successful requests per second, from the first arrival to the last completion',
  },
  failed: {
    id: 'failed',
    label: 'failed requests',
    unit: 'share',
    direction: 'lower-is-better',
    level: 'run',
    phases: [],
    description:
      'share of the requests sent that failed: rows with an error, or the failed count the tool writes (requested − completed where it writes only those); judged on the difference in percentage points',
  },
  tokenize: latency('tokenize', 'tokenize', [], 'tokenize_ms'),
  queue_wait: latency('queue_wait', 'queue wait', [], 'queue_wait_ms: arrival (after tokenization) to admission'),
  prefill: latency('prefill', 'prefill', [], 'prefill_ms'),
  network: latency(
    'network',
    'network',
    [],
    'between server and client: client_first_token_ms − first_token_ms (the wire and any proxy) when both are recorded, else network_ms',
  ),
  decode: latency('decode', 'decode', [], 'decode_ms: first token to last token'),
  detokenize: latency('detokenize', 'detokenize', [], 'detokenize_ms'),
};

export const PHASE_LABELS: Readonly<Record<PhaseOrRemainder, string>> = {
  tokenize: 'tokenize',
  queue_wait: 'queue wait',
  prefill: 'prefill',
  network: 'network',
  decode: 'decode',
  detokenize: 'detokenize',
  remainder: 'remainder (unattributed)',
};

const ALIASES: Readonly<Record<string, MetricId>> = {
  ttft: 'ttft',
  time_to_first_token: 'ttft',
  first_token: 'ttft',
  ttft_client: 'ttft_client',
  client_ttft: 'ttft_client',
  e2e: 'e2e',
  e2el: 'e2e',
  e2e_latency: 'e2e',
  latency: 'e2e',
  total: 'e2e',
  itl: 'itl',
  inter_token_latency: 'itl',
  tpot: 'tpot',
  time_per_output_token: 'tpot',
  throughput: 'throughput',
  output_throughput: 'throughput',
  token_throughput: 'throughput',
  request_throughput: 'request_throughput',
  failed: 'failed',
  failures: 'failed',
  failed_requests: 'failed',
  errors: 'failed',
  error_rate: 'failed',
  tokenize: 'tokenize',
  queue_wait: 'queue_wait',
  queue: 'queue_wait',
  prefill: 'prefill',
  network: 'network',
  decode: 'decode',
  detokenize: 'detokenize',
};

export function lookupMetric(name: string): MetricDef | undefined {
  const key = name.toLowerCase().replace(/-/g, '_');
  const id = Object.hasOwn(ALIASES, key) ? ALIASES[key] : undefined;
  return id ? METRICS[id] : undefined;
}

export const METRIC_NAMES: readonly string[] = Object.keys(METRICS);

/**
 * The catalog ids a tool's run-level number can be read as (the failed share is counted from the
 * data, never read from a summary). Adapters type their tables with it, so a misspelt id fails to
 * compile instead of landing as a metric nobody judges.
 */
export type SummaryMetricId = Exclude<keyof typeof METRICS, 'failed'>;
