// Telling vLLM's and SGLang's benchmark results apart from the first 16 KiB of a file. SGLang's
// bench_serving was adapted from vLLM's benchmark_serving.py, so both write mean_ttft_ms,
// completed, request_throughput…; each also writes keys the other never does. Only keys of the
// result objects themselves count (members of the top-level object, of each JSONL line, or of the
// objects in a top-level list), so a key inside a generated text or inside SGLang's nested
// server_info cannot mislead.
//
// Key order (checked against vllm/benchmarks/serve.py and sglang/bench_serving.py): vLLM writes
// date, endpoint_type, backend, label, model_id, tokenizer_id, num_prompts, request_rate,
// burstiness, max_concurrency, duration, completed, failed, …, total_token_throughput, then the
// --save-detailed arrays, and its *_ms statistics LAST; so on a detailed file the head holds only
// the early keys, and the markers below include several of them. SGLang writes its summary keys
// first and the --output-details arrays last.

import type { Detection } from './adapter';

export type ServingTool = 'vllm' | 'sglang';

const VLLM_STRONG = [
  'endpoint_type',
  'tokenizer_id',
  'burstiness',
  'request_goodput',
  'request_goodput:',
  'total_token_throughput',
  'run_number',
];
const VLLM_STRONG_SUFFIX = '_e2el_ms';
const VLLM_WEAK = ['model_id', 'num_prompts', 'date', 'failed'];

const SGLANG_STRONG = [
  'total_output_tokens_retokenized',
  'total_output_retokenized',
  'output_throughput_retokenized',
  'input_throughput',
  'total_throughput',
  'server_info',
  'accept_length',
  'sharegpt_output_len',
];
const SGLANG_STRONG_SUFFIX = '_e2e_latency_ms';
const SGLANG_WEAK = [
  'dataset_name',
  'concurrency',
  'random_input_len',
  'random_output_len',
  'random_range_ratio',
  'tag',
];

/** Keys every serving result of either tool has early on (or, for *_ttft_ms, at all). */
const ANCHORS = ['completed', 'request_throughput', 'output_throughput', 'duration', 'ttfts', 'total_input_tokens'];

export interface ServingMarkers {
  /** The file starts like JSON (an object or a list); false for anything else. */
  json: boolean;
  keys: ReadonlySet<string>;
  /** A key that shows this is a serving benchmark result at all. */
  anchor: string | undefined;
  vllm: string[];
  sglang: string[];
  /** Which tool the keys point to, when they point to one. */
  tool: ServingTool | undefined;
}

const MAX_KEYS = 4000;

/**
 * Keys of the result objects in `head`: members of a top-level object (each JSONL line is one) or
 * of an object directly inside a top-level list. Strings are skipped whole; the head may end
 * anywhere, and scanning simply stops there.
 */
export function resultKeysInHead(head: string): Set<string> {
  const keys = new Set<string>();
  // Open containers: '{' or '['.
  const stack: string[] = [];
  const n = head.length;
  for (let i = 0; i < n && keys.size < MAX_KEYS; i++) {
    const c = head[i];
    if (c === '"') {
      const start = i + 1;
      let escaped = false;
      for (i++; i < n; i++) {
        const d = head[i];
        if (d === '\\') {
          escaped = true;
          i++;
        } else if (d === '"') break;
      }
      if (i >= n) break;
      if (isResultObject(stack) && followedByColon(head, i + 1)) keys.add(decodeKey(head.slice(start, i), escaped));
    } else if (c === '{' || c === '[') stack.push(c);
    else if (c === '}' || c === ']') stack.pop();
  }
  return keys;
}

function isResultObject(stack: readonly string[]): boolean {
  const depth = stack.length;
  if (stack[depth - 1] !== '{') return false;
  return depth === 1 || (depth === 2 && stack[0] === '[');
}

function followedByColon(text: string, i: number): boolean {
  for (; i < text.length; i++) {
    const c = text[i];
    if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r') return c === ':';
  }
  return false;
}

function decodeKey(raw: string, escaped: boolean): string {
  if (!escaped) return raw;
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

export function servingMarkers(head: string): ServingMarkers {
  const text = head.replace(/^\ufeff/, '').trimStart();
  const json = text.startsWith('{') || text.startsWith('[');
  const keys = json ? resultKeysInHead(text) : new Set<string>();
  const all = [...keys];
  const anchor =
    ANCHORS.find((k) => keys.has(k)) ??
    all.find((k) => k.endsWith('_ttft_ms')) ??
    // Recent SGLang writes its arguments, then server_info (which can outgrow the head), then results.
    (keys.has('backend') && keys.has('request_rate') && keys.has('dataset_name') ? 'request_rate' : undefined);
  const vllm = [
    ...VLLM_STRONG.filter((k) => keys.has(k)),
    ...all.filter((k) => k.endsWith(VLLM_STRONG_SUFFIX)).slice(0, 2),
  ];
  const sglang = [
    ...SGLANG_STRONG.filter((k) => keys.has(k)),
    ...all.filter((k) => k.endsWith(SGLANG_STRONG_SUFFIX)).slice(0, 2),
  ];
  // Weak markers only break ties: a sweep may add random_input_len to a vLLM result, and a user's
  // --metadata may add anything.
  const vllmScore = 2 * vllm.length + VLLM_WEAK.filter((k) => keys.has(k)).length;
  const sglangScore = 2 * sglang.length + SGLANG_WEAK.filter((k) => keys.has(k)).length;
  let tool: ServingTool | undefined;
  if (anchor && vllm.length > 0 && vllmScore > sglangScore) tool = 'vllm';
  else if (anchor && sglang.length > 0 && sglangScore > vllmScore) tool = 'sglang';
  return { json, keys, anchor, vllm, sglang, tool };
}

/** A result key whose value is an object: a stats block, as the NVIDIA tools write them. */
const STAT_BLOCK =
  /"(request_throughput|output_throughput|total_token_throughput|request_latency|output_token_throughput)"\s*:\s*\{/;

const TOOL_NAMES: Record<ServingTool, string> = { vllm: 'vLLM bench serve', sglang: 'SGLang bench_serving' };
const TOOL_HINTS: Record<ServingTool, string> = {
  vllm: 'endpoint_type, tokenizer_id, burstiness, request_goodput, total_token_throughput or *_e2el_ms',
  sglang: 'mean_e2e_latency_ms, total_output_tokens_retokenized, input_throughput or server_info',
};

/** The adapter's answer for `want`, with a reason precise enough to show a user. */
export function detectServingResult(head: string, want: ServingTool): Detection {
  try {
    const m = servingMarkers(head);
    const found = (keys: string[]) => keys.slice(0, 4).join(', ');
    if (!m.json)
      return {
        match: false,
        reason: `not a ${TOOL_NAMES[want]} result: expected a JSON object, one per line, or a list of them`,
      };
    // Both tools write their statistics as numbers; {"unit", "avg"} blocks are GenAI-Perf's and AIPerf's.
    if (STAT_BLOCK.test(head))
      return {
        match: false,
        reason: `statistics written as blocks {"unit", "avg", …} (GenAI-Perf or AIPerf), not ${TOOL_NAMES[want]}'s numbers`,
      };
    if (m.tool === want) {
      const strong = want === 'vllm' ? m.vllm : m.sglang;
      // Keys only this tool writes; one of them alone (total_token_throughput) other tools write too.
      return {
        match: true,
        reason: `${TOOL_NAMES[want]} result (keys ${found(strong)})`,
        specificity: Math.min(3, strong.length),
      };
    }
    if (!m.anchor)
      return {
        match: false,
        reason: `no benchmark result keys (completed, request_throughput, *_ttft_ms) at the top level of the first ${Math.round(head.length / 1024)} KiB`,
      };
    const other: ServingTool = want === 'vllm' ? 'sglang' : 'vllm';
    if (m.tool === other)
      return {
        match: false,
        reason: `${TOOL_NAMES[other]} keys (${found(other === 'vllm' ? m.vllm : m.sglang)}), not ${TOOL_NAMES[want]}'s`,
      };
    return { match: false, reason: `a benchmark result, but no ${TOOL_NAMES[want]} key (${TOOL_HINTS[want]})` };
  } catch (error) {
    return { match: false, reason: `could not scan the head: ${(error as Error).message}` };
  }
}
