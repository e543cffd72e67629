// Turns one request's workload draws and engine timeline into a §4 record. Phases are rounded first and
// the sums built from the rounded parts, so first_token = tokenize + queue + prefill + sample and
// total = first_token + decode + detokenize hold on the emitted numbers, not just internally.

import type { EngineTimeline } from './engine';
import type { NativeRecord, Scenario } from './scenario';
import type { Workload } from './workload';

/** Unix seconds at which every simulated run starts (a fixed date keeps outputs reproducible). */
export const SIM_EPOCH_S = 1_760_000_000;

const ms = (x: number): number => Math.round(x * 1000) / 1000;

export function detokenizeMs(s: Scenario, outputTokens: number): number {
  const e = s.engine;
  return e.detokenizeMsPerToken * outputTokens + (e.detokenizeQuadratic ?? 0) * outputTokens * outputTokens;
}

/** When the request's last byte leaves the server, in ms since the epoch (the completion-order key). */
export function completionMs(s: Scenario, w: Workload, tl: EngineTimeline, i: number): number {
  return tl.lastTokenMs[i] + w.sampleMs[i] + detokenizeMs(s, w.outputTokens[i]);
}

export function buildRecord(s: Scenario, w: Workload, tl: EngineTimeline, i: number): NativeRecord {
  const tokenize = ms(w.tokenizeMs[i]);
  const queue = ms(tl.admitMs[i] - tl.readyMs[i]);
  const prefill = ms(tl.firstTokenMs[i] - tl.admitMs[i]);
  const firstToken = ms(tokenize + queue + prefill + ms(w.sampleMs[i]));
  const decode = ms(tl.lastTokenMs[i] - tl.firstTokenMs[i]);
  const detokenize = ms(detokenizeMs(s, w.outputTokens[i]));
  const prompt = w.promptTokens[i];
  const output = w.outputTokens[i];
  const record: NativeRecord = {
    request_id: `req-${String(i).padStart(6, '0')}`,
    arrival_ts: Math.round((SIM_EPOCH_S + w.arrivalMs[i] / 1000) * 1e6) / 1e6,
    tokenize_ms: tokenize,
    queue_wait_ms: queue,
    prefill_ms: prefill,
    first_token_ms: firstToken,
    decode_ms: decode,
    itl_p50_ms: output > 1 ? ms(tl.itlP50[i]) : 0,
    itl_p99_ms: output > 1 ? ms(tl.itlP99[i]) : 0,
    detokenize_ms: detokenize,
    total_ms: ms(firstToken + decode + detokenize),
    prompt_tokens: prompt,
    output_tokens: output,
    batch_size_at_admission: tl.batchAtAdmission[i],
    kv_blocks_used: Math.ceil((prompt + output) / s.engine.blockSize),
    prefix_cache_hit_tokens: tl.cacheHitTokens[i],
    model_version: s.modelVersion,
    tenant: s.tenants[w.tenant[i]] ?? 'default',
  };
  if (s.network) {
    // The wire time is what a network trace shows; a buffering proxy's hold shows only at the client.
    const network = ms(w.networkMs[i]);
    record.client_first_token_ms = ms(firstToken + network + ms(w.proxyMs[i]));
    record.network_ms = network;
  }
  return record;
}
