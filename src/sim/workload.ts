// The workload a scenario describes, drawn up front: who arrives when, with how many prompt and output
// tokens, and the per-request host-side noise. Every quantity has its own derived RNG stream and a fixed
// number of draws per request, so a base and head with the same seed see the same requests even when an
// engine knob (or a length median) differs.

import { createRng, deriveSeed } from '../stats/rng';
import { clampRound, interArrivalMs, lognormalFromZ } from './distributions';
import type { Scenario } from './scenario';

export interface Workload {
  readonly count: number;
  /** Arrival time in ms since the run's epoch. */
  readonly arrivalMs: Float64Array;
  readonly promptTokens: Int32Array;
  readonly outputTokens: Int32Array;
  /** 1 when the prompt starts with the shared (cacheable) system prefix. */
  readonly hasPrefix: Uint8Array;
  readonly tenant: Int32Array;
  readonly tokenizeMs: Float64Array;
  readonly sampleMs: Float64Array;
  /** Time on the wire between server and client; NaN when the scenario has no network. */
  readonly networkMs: Float64Array;
  /**
   * Time a proxy holds the first chunk (buffering): seen only in the client's timestamps, as a real
   * proxy's is — the server's telemetry and the wire time (network_ms) do not show it. 0 without one.
   */
  readonly proxyMs: Float64Array;
}

// Host-side noise levels: small next to engine effects, as CPU work on an idle core is fairly steady.
const TOKENIZE_NOISE_SIGMA = 0.08;
const SAMPLE_NOISE_SIGMA = 0.1;

export function generateWorkload(s: Scenario): Workload {
  const n = s.requests;
  const arrivalMs = new Float64Array(n);
  const promptTokens = new Int32Array(n);
  const outputTokens = new Int32Array(n);
  const hasPrefix = new Uint8Array(n);
  const tenant = new Int32Array(n);
  const tokenizeMs = new Float64Array(n);
  const sampleMs = new Float64Array(n);
  const networkMs = new Float64Array(n);
  const proxyMs = new Float64Array(n);

  const arrivals = createRng(deriveSeed(s.seed, 'arrivals'));
  const prompts = createRng(deriveSeed(s.seed, 'prompts'));
  const outputs = createRng(deriveSeed(s.seed, 'outputs'));
  const tenants = createRng(deriveSeed(s.seed, 'tenants'));
  const tokenize = createRng(deriveSeed(s.seed, 'tokenize'));
  const sample = createRng(deriveSeed(s.seed, 'sample'));
  const network = createRng(deriveSeed(s.seed, 'network'));

  const p = s.prompt;
  const longShare = p.longShare ?? 0;
  const longMedian = p.longMedianTokens ?? p.medianTokens * 4;
  // The user part after the shared prefix: keeps the overall median near medianTokens.
  const userMedian = Math.max(p.medianTokens - p.sharedPrefixTokens, p.medianTokens * 0.1);
  const burstiness = s.arrival.burstiness ?? 0;
  const e = s.engine;

  let t = 0;
  for (let i = 0; i < n; i++) {
    t += interArrivalMs(arrivals, s.arrival.ratePerSec, burstiness);
    arrivalMs[i] = t;

    const uLong = prompts.next();
    const uPrefix = prompts.next();
    const z = prompts.normal();
    let len: number;
    if (uLong < longShare) {
      len = lognormalFromZ(longMedian, p.sigma, z);
    } else if (p.sharedPrefixTokens > 0 && uPrefix < p.sharedPrefixShare) {
      len = p.sharedPrefixTokens + Math.max(1, lognormalFromZ(userMedian, p.sigma, z));
      hasPrefix[i] = 1;
    } else {
      len = lognormalFromZ(p.medianTokens, p.sigma, z);
    }
    promptTokens[i] = clampRound(len, 1, p.maxTokens);
    if (promptTokens[i] <= p.sharedPrefixTokens) hasPrefix[i] = 0; // clipped below its own prefix

    outputTokens[i] = clampRound(
      lognormalFromZ(s.output.medianTokens, s.output.sigma, outputs.normal()),
      1,
      s.output.maxTokens,
    );
    tenant[i] = tenants.int(Math.max(1, s.tenants.length));

    tokenizeMs[i] =
      (e.tokenizeFixedMs + e.tokenizeMsPerToken * promptTokens[i]) * Math.exp(TOKENIZE_NOISE_SIGMA * tokenize.normal());
    sampleMs[i] = e.sampleMs * Math.exp(SAMPLE_NOISE_SIGMA * sample.normal());

    const zNet = network.normal();
    networkMs[i] = s.network ? Math.max(0, s.network.meanMs + s.network.jitterMs * zNet) : NaN;
    proxyMs[i] = s.network?.bufferingMs ?? 0;
  }

  return {
    count: n,
    arrivalMs,
    promptTokens,
    outputTokens,
    hasPrefix,
    tenant,
    tokenizeMs,
    sampleMs,
    networkMs,
    proxyMs,
  };
}
