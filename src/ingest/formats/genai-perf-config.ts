// The "input_config" both NVIDIA tools store next to their stats: the command's settings. GenAI-Perf
// writes its argparse namespace flat ({"model": ["m"], "concurrency": 100, "request_rate": null,
// "streaming": true, "extra_inputs": {...}}); AIPerf 0.1.x writes its UserConfig nested
// ({"endpoint": {"model_names": [...], "streaming": true}, "loadgen": {"concurrency": 100,
// "request_rate": ...}}), later versions a BenchmarkConfig whose layout we could not confirm. So the
// load settings are looked up by their last key segment wherever they sit, nearest to the root first.

import type { ConfigValue, RunMeta, WorkloadInfo } from '../../model/run';
import { finiteNumber } from './values';

export interface LoadConfig {
  model?: string;
  concurrency?: number;
  /** Requests per second asked for; Infinity for "inf". */
  requestRate?: number;
  streaming?: boolean;
  endpointType?: string;
  /** The prompts' source: "synthetic", an input file, a named dataset. */
  dataset?: string;
  /** Prompt and output length settings (tokens). */
  inputLength?: number;
  outputLength?: number;
  /** The engine behind the endpoint, as the tool names it (GenAI-Perf's --backend: tensorrtllm, vllm). */
  engine?: string;
  /** Requests the profiling phase was asked to send (--request-count), 0 or absent when it ran for a time. */
  requestCount?: number;
}

const MAX_ENTRIES = 400;
const MAX_DEPTH = 5;
const MAX_TEXT = 300;
const MAX_EXTRA = 60;
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** Keys whose values may carry credentials (HTTP headers, API keys) are never copied into a report. */
const SECRET_KEY = /(^|[._-])(headers?|api_?key|authorization|auth|password|secret|access_?token|bearer)($|[._-])/i;

/** input_config flattened to dotted paths, breadth first, bounded in depth and size. */
export function flattenConfig(value: unknown): Map<string, unknown> {
  const out = new Map<string, unknown>();
  let level: [string, unknown][] = [['', value]];
  for (let depth = 0; depth < MAX_DEPTH && level.length > 0 && out.size < MAX_ENTRIES; depth++) {
    const next: [string, unknown][] = [];
    for (const [prefix, node] of level) {
      if (node === null || typeof node !== 'object' || Array.isArray(node)) continue;
      for (const key of Object.keys(node)) {
        if (out.size >= MAX_ENTRIES) break;
        const path = prefix ? `${prefix}.${key}` : key;
        if (SECRET_KEY.test(key) || UNSAFE_KEYS.has(key)) continue;
        const child = (node as Record<string, unknown>)[key];
        if (child !== null && typeof child === 'object' && !Array.isArray(child)) next.push([path, child]);
        else out.set(path, child);
      }
    }
    level = next;
  }
  return out;
}

/** The first value (nearest the root) whose last path segment is one of `names`, skipping warmup settings. */
function lookup(flat: Map<string, unknown>, names: readonly string[]): unknown {
  for (const [path, value] of flat) {
    if (/(^|\.)warmup/.test(path)) continue;
    const last = path.slice(path.lastIndexOf('.') + 1);
    if (names.includes(last) && value !== null && value !== undefined) return value;
  }
  return undefined;
}

export function readLoadConfig(flat: Map<string, unknown>): LoadConfig {
  const out: LoadConfig = {};
  const model = lookup(flat, ['model', 'model_names', 'formatted_model_name']);
  const first = Array.isArray(model) ? model.find((m) => typeof m === 'string' && m.trim() !== '') : model;
  if (typeof first === 'string' && first.trim() !== '') out.model = clip(first.trim());
  const concurrency = finiteNumber(lookup(flat, ['concurrency']));
  if (concurrency !== undefined && concurrency > 0) out.concurrency = concurrency;
  const rate = lookup(flat, ['request_rate']);
  if (typeof rate === 'string' && /^\s*\+?inf(inity)?\s*$/i.test(rate)) out.requestRate = Infinity;
  else {
    const n = finiteNumber(rate);
    if (n !== undefined && n > 0) out.requestRate = n;
  }
  const streaming = lookup(flat, ['streaming']);
  if (typeof streaming === 'boolean') out.streaming = streaming;
  const endpointType = lookup(flat, ['endpoint_type']) ?? flat.get('endpoint.type');
  if (typeof endpointType === 'string') out.endpointType = clip(endpointType);
  const input = positive(
    lookup(flat, ['synthetic_input_tokens_mean', 'isl']) ?? flat.get('input.prompt.input_tokens.mean'),
  );
  if (input !== undefined) out.inputLength = input;
  const output = positive(lookup(flat, ['output_tokens_mean', 'osl']) ?? flat.get('input.prompt.output_tokens.mean'));
  if (output !== undefined) out.outputLength = output;
  const file = lookup(flat, ['input_file', 'synthetic_input_files', 'file']);
  const source = lookup(flat, ['prompt_source', 'public_dataset', 'custom_dataset_type']);
  const dataset =
    typeof file === 'string' && file.trim()
      ? file
      : Array.isArray(file) && typeof file[0] === 'string'
        ? file[0]
        : source;
  if (typeof dataset === 'string' && dataset.trim()) out.dataset = clip(dataset.trim());
  // GenAI-Perf's --backend names the engine behind Triton (tensorrtllm, vllm); only with service_kind triton.
  const backend = lookup(flat, ['backend']);
  if (typeof backend === 'string' && backend.trim() && lookup(flat, ['service_kind']) === 'triton')
    out.engine = clip(backend.trim().toLowerCase());
  const count = positive(lookup(flat, ['request_count']));
  if (count !== undefined) out.requestCount = count;
  return out;
}

function positive(value: unknown): number | undefined {
  const n = finiteNumber(value);
  return n !== undefined && !Number.isNaN(n) && n > 0 ? n : undefined;
}

/**
 * AIPerf 0.8+ writes a BenchmarkConfig: the model under models.items[].name, the load per phase in
 * phases[] (the "profiling" phase, not the warm-up), the prompts in datasets[]. Fills what
 * readLoadConfig could not find; the recorded command line (run_info.cli_command, or
 * input_config's own) fills what is still missing.
 */
export function readBenchmarkConfig(inputConfig: unknown, runInfo: unknown, into: LoadConfig): LoadConfig {
  const config = asRecord(inputConfig);
  const items = asRecord(config?.models)?.items;
  if (into.model === undefined && Array.isArray(items)) {
    const name = items.map((i) => asRecord(i)?.name).find((n) => typeof n === 'string' && n.trim() !== '');
    if (typeof name === 'string') into.model = clip(name.trim());
  }
  const phases = Array.isArray(config?.phases) ? config.phases.map(asRecord).filter((p) => p !== undefined) : [];
  const profiling =
    phases.find((p) => p.name === 'profiling') ??
    phases.find((p) => p.exclude_from_results !== true && !/warm/i.test(String(p.name ?? '')));
  if (profiling) {
    into.concurrency ??= positive(profiling.concurrency);
    const rate = profiling.request_rate ?? profiling.rate;
    into.requestRate ??= typeof rate === 'string' && /^\s*\+?inf/i.test(rate) ? Infinity : positive(rate);
    into.requestCount ??= positive(profiling.requests ?? profiling.request_count);
  }
  const datasets = Array.isArray(config?.datasets) ? config.datasets.map(asRecord).filter((d) => d !== undefined) : [];
  const main = datasets.find((d) => d.name === 'main') ?? datasets[0];
  if (main) {
    const label = [main.path, main.type === 'synthetic' ? 'synthetic' : undefined, main.name].find(
      (v) => typeof v === 'string' && v.trim() !== '',
    );
    if (into.dataset === undefined && typeof label === 'string') into.dataset = clip(label.trim());
    const prompts = asRecord(main.prompts);
    into.inputLength ??= positive(asRecord(prompts?.isl)?.mean);
    into.outputLength ??= positive(asRecord(prompts?.osl)?.mean);
  }
  const command = [asRecord(runInfo)?.cli_command, config?.cli_command, asRecord(config?.artifacts)?.cli_command].find(
    (c) => typeof c === 'string',
  );
  if (typeof command === 'string') fromCommand(command, into);
  return into;
}

/** Settings read from the recorded `aiperf profile …` / `genai-perf profile …` command line. */
function fromCommand(command: string, into: LoadConfig): void {
  const flag = (names: string[]): string | undefined => {
    for (const name of names) {
      const m = new RegExp(`(?:^|\\s)${name}(?:=|\\s+)('[^']*'|"[^"]*"|\\S+)`).exec(command);
      if (m) return m[1].replace(/^['"]|['"]$/g, '');
    }
    return undefined;
  };
  into.concurrency ??= positive(flag(['--concurrency']));
  const rate = flag(['--request-rate']);
  into.requestRate ??= rate !== undefined && /^\+?inf/i.test(rate) ? Infinity : positive(rate);
  if (into.streaming === undefined && /(^|\s)--streaming(\s|$)/.test(command)) into.streaming = true;
  into.inputLength ??= positive(flag(['--synthetic-input-tokens-mean', '--isl']));
  into.outputLength ??= positive(flag(['--output-tokens-mean', '--osl']));
  const model = flag(['--model', '-m']);
  if (into.model === undefined && model) into.model = clip(model);
  const file = flag(['--input-file']);
  if (into.dataset === undefined && file) into.dataset = clip(file);
  into.requestCount ??= positive(flag(['--request-count', '--num-requests']));
}

/** The load settings and workload key fields of the config, onto the run's workload. */
export function applyLoad(workload: WorkloadInfo, load: LoadConfig): void {
  if (load.concurrency !== undefined) workload.concurrency = load.concurrency;
  if (load.requestRate !== undefined) workload.requestRate = load.requestRate;
  if (load.streaming !== undefined) workload.streaming = load.streaming;
  if (load.dataset !== undefined) workload.dataset = load.dataset;
  if (load.inputLength !== undefined) workload.inputLength = load.inputLength;
  if (load.outputLength !== undefined) workload.outputLength = load.outputLength;
  if (load.engine !== undefined) workload.engine = load.engine;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/**
 * Fills meta from input_config: the load settings and the request parameters that change what the
 * server does (GenAI-Perf's --extra-inputs such as max_tokens or ignore_eos) go to config, every
 * other scalar to extra as text.
 */
export function fillMeta(meta: RunMeta, flat: Map<string, unknown>, load: LoadConfig): void {
  if (load.model) {
    meta.model = load.model;
    meta.benchmark ??= load.model;
  }
  const config: Record<string, ConfigValue> = {};
  if (load.concurrency !== undefined) config.concurrency = load.concurrency;
  if (load.requestRate !== undefined)
    config.request_rate = Number.isFinite(load.requestRate) ? load.requestRate : 'inf';
  if (load.streaming !== undefined) config.streaming = load.streaming;
  if (load.endpointType !== undefined) config.endpoint_type = load.endpointType;
  let extras = 0;
  for (const [path, value] of flat) {
    const scalar = scalarOf(value);
    if (scalar === undefined || extras >= MAX_EXTRA) continue;
    if (path.startsWith('extra_inputs.')) {
      config[path] = scalar;
      extras++;
    } else if (!Object.hasOwn(meta.extra, path)) {
      meta.extra[path] =
        path.endsWith('cli_command') && typeof scalar === 'string' ? redactCommand(scalar) : String(scalar);
      extras++;
    }
  }
  Object.assign(meta.config, config);
  const parts = [
    load.concurrency !== undefined ? `concurrency ${load.concurrency}` : '',
    load.requestRate !== undefined ? `${config.request_rate} req/s` : '',
  ].filter(Boolean);
  if (parts.length > 0) meta.workload ??= parts.join(', ');
}

function scalarOf(value: unknown): ConfigValue | undefined {
  if (typeof value === 'string') return clip(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'boolean') return value;
  if (
    Array.isArray(value) &&
    value.length > 0 &&
    value.length <= 20 &&
    value.every((v) => typeof v === 'string' || typeof v === 'number')
  ) {
    return clip(value.join(','));
  }
  return undefined;
}

/** Values after flags that carry credentials are hidden (older AIPerf versions did not redact). */
export function redactCommand(command: string): string {
  return clip(command.replace(/(--api-key|--header|-H)(\s+|=)("[^"]*"|'[^']*'|\S+)/g, '$1$2***'));
}

function clip(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}
