// The fixed vocabulary of diagnosis hints (documented in docs/diagnosis.md). Ids are stable: tools
// and dashboards match on them.

export const HINTS = {
  capacity: 'the engine is at its running-batch or memory limit; requests wait for a slot',
  'scheduler-limited': 'requests wait while the running batch has room: admission or scheduling holds them',
  'long-prefill-blocking': 'long prompts prefilled in one piece stall admission and decode (chunked prefill)',
  'workload-drift': 'the workload changed between the runs (prompt or output lengths)',
  'prefix-cache': 'fewer prompt tokens came from the prefix cache, so prefill did more work',
  'prefill-compute': 'prefill takes longer per uncached prompt token at the same load',
  'memory-bound-decode': 'each decode step reads more KV cache (longer contexts or more sequences)',
  'decode-overhead': 'a decode step takes longer at the same running batch: kernel or launch overhead',
  tokenizer: 'tokenization takes longer per prompt token',
  'detokenize-per-token': 'detokenization takes longer per output token, growing with output length',
  'buffering-proxy': 'time between server and client grew: a proxy holds the first chunk',
  'traffic-increase': 'more requests per second arrived; the engine ran fuller',
  'measurement-gap': 'time that no phase accounts for: measuring wrong, or time in gaps',
  'request-failures': 'more requests failed: latency is measured over the survivors, a different population',
  overload: 'the server did not keep up with its arrivals: the queue grew through the run',
} as const;

export type HintId = keyof typeof HINTS;
export const HINT_IDS = Object.keys(HINTS) as HintId[];

/** Typical effort of the fix a hint points to; used to order fixes of similar gain. */
export const HINT_EFFORT: Readonly<Record<HintId, string>> = {
  capacity: 'hours (config)',
  'scheduler-limited': 'hours (config)',
  'long-prefill-blocking': 'hours (config)',
  'workload-drift': 'n/a (workload)',
  'prefix-cache': 'hours (config)',
  'prefill-compute': 'days (kernel)',
  'memory-bound-decode': 'days (quantize or shrink KV)',
  'decode-overhead': 'days (kernel)',
  tokenizer: 'hours (code)',
  'detokenize-per-token': 'hours (code)',
  'buffering-proxy': 'hours (config)',
  'traffic-increase': 'n/a (workload)',
  'measurement-gap': 'hours (instrumentation)',
  'request-failures': 'hours (debugging)',
  overload: 'hours (config) to days (capacity)',
};
