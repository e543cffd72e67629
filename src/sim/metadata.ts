// What a real benchmark artifact would say about the run: engine knobs under vLLM's names, the declared
// workload. Simulator-only knobs (kernel factor, detokenize bug, scheduler interval, proxy buffering)
// stay out: the diagnosis must find them in the telemetry, as it would in real life.

import type { Scenario, SimMetadata } from './scenario';

export const SIM_HARDWARE = '1x NVIDIA H100 80GB HBM3 (simulated)';

export function buildMetadata(s: Scenario): SimMetadata {
  const e = s.engine;
  const config: Record<string, string | number | boolean> = {
    max_num_seqs: e.maxNumSeqs,
    max_num_batched_tokens: e.maxNumBatchedTokens,
    enable_chunked_prefill: e.chunkedPrefill,
    enable_prefix_caching: e.prefixCaching,
    num_gpu_blocks: e.kvBlocks,
    block_size: e.blockSize,
  };
  // Reported whether or not chunked prefill is on, so toggling chunking changes exactly one key.
  if (e.longPrefillTokenThreshold) config.long_prefill_token_threshold = e.longPrefillTokenThreshold;
  const burst = s.arrival.burstiness ?? 0;
  const arrivals = burst > 0 ? `gamma arrivals (burstiness ${burst})` : 'poisson arrivals';
  // Prompt/output length parameters are not declared: a dataset drifting is silent in real artifacts too.
  const workload = `synthetic chat traffic, ${arrivals} at ${s.arrival.ratePerSec} req/s, ${s.requests} requests, ${s.tenants.length} tenants`;
  return { benchmark: s.name, config, hardware: SIM_HARDWARE, model: s.modelVersion, workload };
}
