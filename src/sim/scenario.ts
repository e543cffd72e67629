// Types of the serving simulator: what a scenario configures and what one request's telemetry looks like
// (methodology §4). The engine knobs use simulator names; metadata maps the real ones to vLLM's names.

export interface Scenario {
  /** Benchmark name; keep it identical on base and head so the two sides are comparable. */
  name: string;
  seed: number;
  /** How many requests arrive. */
  requests: number;
  /** Poisson when burstiness is 0/undefined; >0 = gamma inter-arrivals with squared CV 1 + burstiness. */
  arrival: { ratePerSec: number; burstiness?: number };
  /**
   * Lognormal lengths (median, sigma), clipped to maxTokens. A share `longShare` of requests draws from a
   * second lognormal around `longMedianTokens` (documents, no shared prefix). A share `sharedPrefixShare`
   * of the others starts with the same `sharedPrefixTokens` system prompt followed by a lognormal user part
   * whose median keeps the overall median near `medianTokens`.
   */
  prompt: {
    medianTokens: number;
    sigma: number;
    maxTokens: number;
    longShare?: number;
    longMedianTokens?: number;
    sharedPrefixTokens: number;
    sharedPrefixShare: number;
  };
  output: { medianTokens: number; sigma: number; maxTokens: number };
  engine: EngineConfig;
  /**
   * When present, records carry network_ms (the wire) and client_first_token_ms; bufferingMs is a
   * proxy holding the first chunk, which only the client's timestamp shows.
   */
  network?: { meanMs: number; jitterMs: number; bufferingMs?: number };
  /**
   * A share of requests that fail after the server did their work (a gateway returning 503 on a
   * timed-out stream): their records carry `error`, and latency metrics leave them out.
   */
  failures?: { share: number; error: string };
  modelVersion: string;
  tenants: string[];
}

export interface EngineConfig {
  /** Running-batch limit (vLLM max_num_seqs). */
  maxNumSeqs: number;
  /** Per-step token budget (vLLM max_num_batched_tokens). */
  maxNumBatchedTokens: number;
  chunkedPrefill: boolean;
  /** With chunked prefill, the most prompt tokens one request may take in one step (vLLM long_prefill_token_threshold); 0/undefined = no cap. */
  longPrefillTokenThreshold?: number;
  prefixCaching: boolean;
  /** KV-cache capacity (vLLM num_gpu_blocks) in blocks of blockSize tokens. */
  kvBlocks: number;
  blockSize: number;
  prefillMsPerToken: number;
  prefillFixedMs: number;
  decodeStepBaseMs: number;
  decodeStepPerSeqMs: number;
  decodeStepPerKvTokenMs: number;
  /** Multiplies decode step compute (1.15 = a 15% slower decode kernel). Hidden from metadata. */
  decodeKernelFactor?: number;
  /**
   * Per-request host latency between the engine producing a token and it leaving the server: the TTFT
   * remainder. It delays the whole token stream of the request, so decode_ms and ITLs are unaffected.
   */
  sampleMs: number;
  /** If set, admission only happens once every N ms. Hidden from metadata. */
  schedulerIntervalMs?: number;
  tokenizeMsPerToken: number;
  tokenizeFixedMs: number;
  detokenizeMsPerToken: number;
  /** Per-token detokenization bug: extra cost ∝ output_tokens². Hidden from metadata. */
  detokenizeQuadratic?: number;
  /** Lognormal sigma of per-step time noise (clocks, launch jitter). */
  stepJitter?: number;
  /** Lognormal sigma of a per-run speed factor (machine-to-machine spread); same seed, same factor. */
  runSpeedSigma?: number;
}

export interface NativeRecord {
  request_id: string;
  /** Unix seconds, fractional (microsecond resolution). */
  arrival_ts: number;
  tokenize_ms: number;
  queue_wait_ms: number;
  prefill_ms: number;
  first_token_ms: number;
  decode_ms: number;
  itl_p50_ms: number;
  itl_p99_ms: number;
  detokenize_ms: number;
  total_ms: number;
  prompt_tokens: number;
  output_tokens: number;
  batch_size_at_admission: number;
  kv_blocks_used: number;
  prefix_cache_hit_tokens: number;
  model_version: string;
  tenant: string;
  client_first_token_ms?: number;
  network_ms?: number;
  /** Non-empty on a failed request. */
  error?: string;
}

export interface SimMetadata {
  benchmark: string;
  config: Record<string, string | number | boolean>;
  hardware: string;
  model: string;
  workload: string;
}

export type RegressionMetric = 'ttft' | 'ttft_client' | 'e2e' | 'itl' | 'tpot' | 'throughput' | 'failed';
export type RegressionStat = 'p50' | 'p95' | 'p99' | 'mean';
export type RegressionPhase =
  'queue_wait' | 'prefill' | 'decode' | 'tokenize' | 'detokenize' | 'network' | 'remainder' | null;

/** A known change applied to the head scenario, with what a correct diagnosis should report. */
export interface InjectedRegression {
  id: string;
  description: string;
  apply(s: Scenario): Scenario;
  expect: { metric: RegressionMetric; stat: RegressionStat; phase: RegressionPhase; hint: string };
}

/**
 * A change the report must get right without it being a regression of one metric: a change below the
 * minimum effect (never "regressed"), an improvement (never "regressed"), or a head that cannot carry
 * the load (the overload leads the verdict).
 */
export interface InjectedChange {
  id: string;
  description: string;
  /** The baseline scenario, when it is not the plain base (a saturated server). */
  base?(s: Scenario): Scenario;
  apply(s: Scenario): Scenario;
  /**
   * The metric to look at and the labels that are right for it; the benchmark's right labels; the
   * hint the diagnosis must give; metrics that must be shown but not judged.
   */
  expect: {
    metric: RegressionMetric;
    stat: RegressionStat;
    verdicts: readonly string[];
    benchmark?: readonly string[];
    hint?: string;
    notJudged?: readonly string[];
  };
}
