#!/usr/bin/env node
import { createRequire as __ptCreateRequire } from 'node:module'; const require = __ptCreateRequire(import.meta.url);

// src/cli/run.ts
import { writeFile as writeFile4 } from "node:fs/promises";

// src/display/suggest.ts
function editDistance(a, b) {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d = Array.from(
    { length: rows },
    (_, i) => Array.from({ length: cols }, (_2, j) => i === 0 ? j : j === 0 ? i : 0)
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost2 = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost2);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[rows - 1][cols - 1];
}
function closest(word2, candidates) {
  const w = word2.toLowerCase();
  if (w === "") return void 0;
  const limit = Math.min(3, Math.max(1, Math.floor(w.length / 3)));
  let best;
  let bestDistance = Infinity;
  let tie = false;
  for (const c of new Set(candidates)) {
    const distance = editDistance(w, c.toLowerCase());
    if (distance < bestDistance) {
      best = c;
      bestDistance = distance;
      tie = false;
    } else if (distance === bestDistance) tie = true;
  }
  if (best !== void 0 && bestDistance <= limit && !tie) return best;
  const prefixed = candidates.filter((c) => c.toLowerCase().startsWith(w));
  return w.length >= 3 && prefixed.length === 1 ? prefixed[0] : void 0;
}
function didYouMean(word2, candidates, quote = (s) => `"${s}"`) {
  const match = closest(word2, candidates);
  return match === void 0 ? "" : `; did you mean ${quote(match)}?`;
}

// src/metrics/catalog.ts
var PHASES = ["tokenize", "queue_wait", "prefill", "network", "decode", "detokenize"];
function customMetric(name, unit, direction) {
  return {
    id: name,
    label: displayName(name),
    unit: displayName(unit),
    direction,
    level: "run",
    phases: [],
    description: `reported by the artifact (${unit || "no unit"})`,
    custom: true
  };
}
function displayName(name) {
  const safe2 = name.replace(/_/g, " ").replace(/[^\p{L}\p{N} .:/%+,=-]/gu, "·");
  return [...safe2].length > 80 ? `${[...safe2].slice(0, 79).join("")}…` : safe2;
}
var latency = (id, label, phases, description) => ({
  id,
  label,
  unit: "ms",
  direction: "lower-is-better",
  level: "request",
  phases,
  description
});
var METRICS = {
  ttft: latency(
    "ttft",
    "TTFT",
    ["tokenize", "queue_wait", "prefill"],
    "server time to first token (first_token_ms) = tokenize + queue wait + prefill + remainder (sampling)"
  ),
  ttft_client: latency(
    "ttft_client",
    "client TTFT",
    ["tokenize", "queue_wait", "prefill", "network"],
    "client time to first token = server TTFT + network (client_first_token_ms, or first_token_ms + network_ms)"
  ),
  e2e: latency(
    "e2e",
    "E2E",
    ["tokenize", "queue_wait", "prefill", "decode", "detokenize"],
    "end-to-end server latency (total_ms) = TTFT + decode + detokenize"
  ),
  itl: latency(
    "itl",
    "ITL",
    [],
    "inter-token latency: over every token gap when the artifact has them; from §4 summaries, p50/p99 = median over requests of itl_p50_ms/itl_p99_ms, mean = Σ decode_ms / Σ (output_tokens − 1)"
  ),
  tpot: latency(
    "tpot",
    "TPOT",
    [],
    "time per output token after the first: decode_ms / (output_tokens − 1), per request"
  ),
  throughput: {
    id: "throughput",
    label: "throughput",
    unit: "tok/s",
    direction: "higher-is-better",
    level: "run",
    phases: [],
    description: "output tokens of successful requests per second, from the first arrival to the last completion"
  },
  request_throughput: {
    id: "request_throughput",
    label: "request throughput",
    unit: "req/s",
    direction: "higher-is-better",
    level: "run",
    phases: [],
    description: "successful requests per second, from the first arrival to the last completion"
  },
  failed: {
    id: "failed",
    label: "failed requests",
    unit: "share",
    direction: "lower-is-better",
    level: "run",
    phases: [],
    description: "share of the requests sent that failed: rows with an error, or the failed count the tool writes (requested − completed where it writes only those); judged on the difference in percentage points"
  },
  tokenize: latency("tokenize", "tokenize", [], "tokenize_ms"),
  queue_wait: latency("queue_wait", "queue wait", [], "queue_wait_ms: arrival (after tokenization) to admission"),
  prefill: latency("prefill", "prefill", [], "prefill_ms"),
  network: latency(
    "network",
    "network",
    [],
    "between server and client: client_first_token_ms − first_token_ms (the wire and any proxy) when both are recorded, else network_ms"
  ),
  decode: latency("decode", "decode", [], "decode_ms: first token to last token"),
  detokenize: latency("detokenize", "detokenize", [], "detokenize_ms")
};
var PHASE_LABELS = {
  tokenize: "tokenize",
  queue_wait: "queue wait",
  prefill: "prefill",
  network: "network",
  decode: "decode",
  detokenize: "detokenize",
  remainder: "remainder (unattributed)"
};
var ALIASES = {
  ttft: "ttft",
  time_to_first_token: "ttft",
  first_token: "ttft",
  ttft_client: "ttft_client",
  client_ttft: "ttft_client",
  e2e: "e2e",
  e2el: "e2e",
  e2e_latency: "e2e",
  latency: "e2e",
  total: "e2e",
  itl: "itl",
  inter_token_latency: "itl",
  tpot: "tpot",
  time_per_output_token: "tpot",
  throughput: "throughput",
  output_throughput: "throughput",
  token_throughput: "throughput",
  request_throughput: "request_throughput",
  failed: "failed",
  failures: "failed",
  failed_requests: "failed",
  errors: "failed",
  error_rate: "failed",
  tokenize: "tokenize",
  queue_wait: "queue_wait",
  queue: "queue_wait",
  prefill: "prefill",
  network: "network",
  decode: "decode",
  detokenize: "detokenize"
};
function lookupMetric(name) {
  const key = name.toLowerCase().replace(/-/g, "_");
  const id = Object.hasOwn(ALIASES, key) ? ALIASES[key] : void 0;
  return id ? METRICS[id] : void 0;
}
var METRIC_NAMES = Object.keys(METRICS);

// src/model/result.ts
function ok(value4) {
  return { ok: true, value: value4 };
}
function err(error) {
  return { ok: false, error };
}

// src/metrics/metric-spec.ts
var MEAN = { kind: "mean", label: "mean" };
function parseStat(text) {
  const t = text.toLowerCase();
  if (t === "mean" || t === "avg" || t === "average") return ok(MEAN);
  if (t === "median") return ok(percentile(50));
  const match = /^p(\d{1,3}(?:\.\d{1,3})?)$/.exec(t);
  if (!match)
    return err(`"${text}" is not a statistic: expected mean, median or a percentile such as p50, p95, p99, p99.9`);
  const value4 = Number(match[1]);
  if (!(value4 > 0 && value4 < 100)) return err(`percentile "${text}" must be between p0 and p100 (exclusive)`);
  return ok(percentile(value4));
}
function percentile(value4) {
  return { kind: "percentile", q: Number((value4 / 100).toPrecision(12)), label: `p${formatPercentileNumber(value4)}` };
}
function formatPercentileNumber(value4) {
  return String(Number(value4.toFixed(3)));
}
function makeSpec(metric, stat3) {
  return { metric, stat: stat3, key: metric.level === "run" ? metric.id : `${metric.id}.${stat3.label}` };
}
function parseMetricSpec(text) {
  const words = text.trim().replace(/^([a-z][a-z0-9_-]*)\.(?=\S)/i, "$1 ").split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'empty metric: expected something like "ttft p95"';
  const twoWords = words.length >= 2 && lookupMetric(`${words[0]}_${words[1]}`) !== void 0;
  const parts2 = twoWords ? [`${words[0]}_${words[1]}`, ...words.slice(2)] : words;
  const metric = lookupMetric(parts2[0]);
  if (!metric) {
    const guess = closest(parts2[0], METRIC_NAMES);
    return `unknown metric "${parts2[0]}": ${guess ? `did you mean "${guess}"? (expected one of ${METRIC_NAMES.join(", ")})` : `expected one of ${METRIC_NAMES.join(", ")}`}`;
  }
  if (parts2.length > 2) return `unexpected "${parts2.slice(2).join(" ")}" after "${parts2[0]} ${parts2[1]}"`;
  if (metric.level === "run") {
    if (parts2.length === 2 && !/^(mean|avg|average)$/i.test(parts2[1])) {
      return `${metric.id} is one rate over the whole run and takes no percentile (got "${parts2[1]}")`;
    }
    return makeSpec(metric, MEAN);
  }
  if (parts2.length < 2) return `${metric.id} needs a statistic: for example "${metric.id} p95" or "${metric.id} mean"`;
  const stat3 = parseStat(parts2[1]);
  if (!stat3.ok) return stat3.error;
  return makeSpec(metric, stat3.value);
}
function specLabel(spec) {
  return spec.metric.level === "run" ? spec.metric.label : `${spec.metric.label} ${spec.stat.label}`;
}

// src/config/slo.ts
var UNITS = {
  ms: { ms: 1, s: 1e3, sec: 1e3, us: 1e-3, µs: 1e-3 },
  "tok/s": { "tok/s": 1, "tokens/s": 1, "tok/sec": 1, "tokens/sec": 1 },
  "req/s": { "req/s": 1, "requests/s": 1, "req/sec": 1, "requests/sec": 1 },
  share: { "%": 0.01 }
};
var SloSyntaxError = class extends Error {
  constructor(input, column, reason) {
    super(`SLO "${input}": ${reason}${column >= 0 ? ` (at column ${column + 1})` : ""}`);
    this.input = input;
    this.column = column;
    this.reason = reason;
    this.name = "SloSyntaxError";
  }
  input;
  column;
  reason;
};
function parseSlo(input) {
  const text = input.trim();
  const opMatch = /(<=|>=|<|>)/.exec(text);
  if (!opMatch) {
    throw new SloSyntaxError(text, -1, 'missing comparator: expected "<", "<=", ">" or ">=", as in "ttft p95 < 800ms"');
  }
  const comparator = opMatch[1];
  const left = text.slice(0, opMatch.index).trim();
  const rightStart = opMatch.index + comparator.length;
  const right = text.slice(rightStart).trim();
  if (!left) throw new SloSyntaxError(text, 0, 'missing metric before the comparator, as in "ttft p95 < 800ms"');
  const spec = parseMetricSpec(left);
  if (typeof spec === "string") throw new SloSyntaxError(text, 0, spec);
  const lowerIsBetter = spec.metric.direction === "lower-is-better";
  if (lowerIsBetter !== comparator.startsWith("<")) {
    const want = lowerIsBetter ? '"<" or "<="' : '">" or ">="';
    throw new SloSyntaxError(
      text,
      opMatch.index,
      `${spec.metric.id} is ${spec.metric.direction.replace(/-/g, " ")}, so its target needs ${want}`
    );
  }
  const valueMatch = /^([0-9][0-9_]*(?:\.[0-9]+)?)\s*(.*)$/.exec(right);
  const rightColumn = text.indexOf(right, rightStart);
  if (!valueMatch) {
    throw new SloSyntaxError(text, rightColumn, `expected a number after "${comparator}", got "${right || "nothing"}"`);
  }
  const value4 = Number(valueMatch[1].replace(/_/g, ""));
  const unitText = valueMatch[2].trim().toLowerCase();
  const units = UNITS[spec.metric.unit];
  const allowed = Object.keys(units).join(", ");
  if (!unitText) {
    throw new SloSyntaxError(
      text,
      rightColumn + valueMatch[1].length,
      `missing unit after ${valueMatch[1]}: expected one of ${allowed}`
    );
  }
  const factor2 = Object.hasOwn(units, unitText) ? units[unitText] : void 0;
  if (factor2 === void 0) {
    throw new SloSyntaxError(
      text,
      text.lastIndexOf(valueMatch[2].trim()),
      `unit "${valueMatch[2].trim()}" does not fit ${spec.metric.id} (${spec.metric.unit}): expected one of ${allowed}`
    );
  }
  const threshold = value4 * factor2;
  const written = spec.metric.unit === "share" ? `${formatThreshold(threshold * 100)}%` : `${formatThreshold(threshold)} ${spec.metric.unit}`;
  return { spec, comparator, threshold, text: `${spec.key.replace(".", " ")} ${comparator} ${written}` };
}
function formatThreshold(value4) {
  return String(Number(value4.toPrecision(6)));
}
function sloMet(slo2, value4) {
  switch (slo2.comparator) {
    case "<":
      return value4 < slo2.threshold;
    case "<=":
      return value4 <= slo2.threshold;
    case ">":
      return value4 > slo2.threshold;
    case ">=":
      return value4 >= slo2.threshold;
  }
}

// src/config/effort-hours.ts
var HOURS_PER_DAY = 8;
var HOURS_PER_WEEK = 40;
var BARE_UNIT_HOURS = { minutes: 0.5, hours: 4, days: 3 * HOURS_PER_DAY, weeks: 2 * HOURS_PER_WEEK };
var EFFORT_DEFAULTS = {
  config: BARE_UNIT_HOURS.hours,
  instrumentation: BARE_UNIT_HOURS.hours,
  code: HOURS_PER_DAY,
  kernel: BARE_UNIT_HOURS.days
};
var UNITS2 = [
  [/^(?:m|min|mins|minute|minutes)$/, 1 / 60, BARE_UNIT_HOURS.minutes],
  [/^(?:h|hr|hrs|hour|hours)$/, 1, BARE_UNIT_HOURS.hours],
  [/^(?:d|day|days)$/, HOURS_PER_DAY, BARE_UNIT_HOURS.days],
  [/^(?:w|wk|wks|week|weeks)$/, HOURS_PER_WEEK, BARE_UNIT_HOURS.weeks]
];
var WORDS = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  half: 0.5,
  "a few": 3,
  few: 3,
  several: 3,
  couple: 2,
  "a couple of": 2
};
function parseEffort(text) {
  const t = text.toLowerCase().replace(/\(.*?\)/g, "").replace(/[~≈]/g, "").trim();
  const m = /^(?:(\d+(?:\.\d+)?)(?:\s*[-–]\s*(\d+(?:\.\d+)?))?|(a couple of|a few|an?|one|two|three|four|five|half|few|several|couple))?\s*([a-z]+)$/.exec(
    t
  );
  if (!m) return void 0;
  const [, lo, hi, word2, unitText] = m;
  const unit = UNITS2.find(([re]) => re.test(unitText));
  if (!unit) return void 0;
  if (lo !== void 0) {
    const n = hi !== void 0 ? (Number(lo) + Number(hi)) / 2 : Number(lo);
    return n > 0 ? n * unit[1] : void 0;
  }
  if (word2 !== void 0) return WORDS[word2] * unit[1];
  const plural = unitText.endsWith("s") && unitText.length > 3;
  return plural ? unit[2] : unit[1];
}

// src/config/hints.ts
var HINTS = {
  capacity: "the engine is at its running-batch or memory limit; requests wait for a slot",
  "scheduler-limited": "requests wait while the running batch has room: admission or scheduling holds them",
  "long-prefill-blocking": "long prompts prefilled in one piece stall admission and decode (chunked prefill)",
  "workload-drift": "the workload changed between the runs (prompt or output lengths)",
  "prefix-cache": "fewer prompt tokens came from the prefix cache, so prefill did more work",
  "prefill-compute": "prefill takes longer per uncached prompt token at the same load",
  "memory-bound-decode": "each decode step reads more KV cache (longer contexts or more sequences)",
  "decode-overhead": "a decode step takes longer at the same running batch: kernel or launch overhead",
  tokenizer: "tokenization takes longer per prompt token",
  "detokenize-per-token": "detokenization takes longer per output token, growing with output length",
  "buffering-proxy": "time between server and client grew: a proxy holds the first chunk",
  "traffic-increase": "more requests per second arrived; the engine ran fuller",
  "measurement-gap": "time that no phase accounts for: measuring wrong, or time in gaps",
  "request-failures": "more requests failed: latency is measured over the survivors, a different population",
  overload: "the server did not keep up with its arrivals: the queue grew through the run"
};
var HINT_IDS = Object.keys(HINTS);
var HINT_EFFORT = {
  capacity: "hours (config)",
  "scheduler-limited": "hours (config)",
  "long-prefill-blocking": "hours (config)",
  "workload-drift": "n/a (workload)",
  "prefix-cache": "hours (config)",
  "prefill-compute": "days (kernel)",
  "memory-bound-decode": "days (quantize or shrink KV)",
  "decode-overhead": "days (kernel)",
  tokenizer: "hours (code)",
  "detokenize-per-token": "hours (code)",
  "buffering-proxy": "hours (config)",
  "traffic-increase": "n/a (workload)",
  "measurement-gap": "hours (instrumentation)",
  "request-failures": "hours (debugging)",
  overload: "hours (config) to days (capacity)"
};

// src/config/errors.ts
var ConfigError = class extends Error {
  constructor(input, message) {
    super(`input "${input}": ${message}`);
    this.input = input;
    this.name = "ConfigError";
  }
  input;
};

// src/config/effort.ts
function parseEffortOverrides(lines) {
  const out = {};
  for (const line of lines.map((l) => l.trim()).filter(Boolean)) {
    const match = /^([a-z-]+)\s*=\s*(.+)$/i.exec(line);
    if (!match) throw new ConfigError("effort", `"${line}" is not of the form "capacity=2h"`);
    const hint = match[1].toLowerCase();
    if (!HINT_IDS.includes(hint))
      throw new ConfigError("effort", `"${match[1]}" is not a hint class: use one of ${HINT_IDS.join(", ")}`);
    const text = match[2].trim();
    if (parseEffort(text) === void 0)
      throw new ConfigError(
        "effort",
        `"${text}" is not an effort: write it like "30 minutes", "2h", "3 days", "1 week"`
      );
    const kind2 = /\(([^)]*)\)/.exec(HINT_EFFORT[hint])?.[1];
    out[hint] = kind2 && !/\(/.test(text) ? `${text} (${kind2}, set)` : text;
  }
  return out;
}

// src/config/floor.ts
var DTYPE_BYTES = {
  bf16: 2,
  fp16: 2,
  float16: 2,
  bfloat16: 2,
  fp8: 1,
  int8: 1,
  fp4: 0.5,
  int4: 0.5
};
var KEYS = ["gpu", "model", "gpus", "weights", "kv", "bandwidth", "params"];
function parseFloorSettings(lines) {
  const out = {};
  for (const line of lines.map((l) => l.trim()).filter(Boolean)) {
    const match = /^([a-z-]+)\s*=\s*(.+)$/i.exec(line);
    if (!match) throw new ConfigError("decode-floor", `"${line}" is not of the form "gpu=H100 SXM"`);
    const key = match[1].toLowerCase();
    const value4 = match[2].trim();
    const number3 = (what, valid) => {
      const v = Number(value4.replace(/\s*(?:gb\/s|b)$/i, ""));
      if (!valid(v)) throw new ConfigError("decode-floor", `${key}="${value4}": expected ${what}`);
      return v;
    };
    const dtype = () => {
      const bytes = DTYPE_BYTES[value4.toLowerCase()];
      if (bytes === void 0)
        throw new ConfigError(
          "decode-floor",
          `${key}="${value4}": expected one of ${Object.keys(DTYPE_BYTES).join(", ")}`
        );
      return bytes;
    };
    switch (key) {
      case "gpu":
        out.gpu = value4;
        break;
      case "model":
        out.model = value4;
        break;
      case "gpus":
        out.gpus = number3("a whole number of GPUs ≥ 1", (v) => Number.isInteger(v) && v >= 1);
        break;
      case "weights":
        out.bytesPerParam = dtype();
        break;
      case "kv":
        out.bytesPerElement = dtype();
        break;
      case "bandwidth":
        out.bandwidthGBs = number3("GB/s per GPU, such as 3350", (v) => v > 0 && Number.isFinite(v));
        break;
      case "params":
        out.paramsBillions = number3("billions of parameters, such as 8", (v) => v > 0 && Number.isFinite(v));
        break;
      default:
        throw new ConfigError("decode-floor", `unknown key "${match[1]}": use ${KEYS.join(", ")}`);
    }
  }
  return out;
}

// src/config/cost-spec.ts
var EXAMPLE = 'as in "$2.50/gpu-hour x 8" or "2.5 per GPU-hour, 8 GPUs"';
var SYMBOLS = "$€£¥₹";
var NUMBER = String.raw`(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?`;
var CODE = String.raw`(?!(?:per|gpu|for|hrs|and)\b)[a-z]{3}\b`;
var CURRENCY = `[${SYMBOLS}]|${CODE}`;
var PRICE = `(?<pre>${CURRENCY})?\\s*(?<price>${NUMBER})\\s*(?<post>${CURRENCY})?`;
var UNIT = String.raw`(?<unit>(?:\/|\bper\b|\ba\b)\s*(?:gpu\s*(?:[-\s/·]\s*)?)?(?:hours|hour|hrs|hr|h)(?![a-wyz]))`;
var COUNT = String.raw`(?<count>${NUMBER})\s*(?:gpus?\b)?`;
var PRICE_FIRST = new RegExp(
  String.raw`^${PRICE}\s*${UNIT}\s*(?:[x×*,]|\bwith\b|\bon\b|\bfor\b|\btimes\b)?\s*${COUNT}$`,
  "iu"
);
var COUNT_FIRST = new RegExp(String.raw`^${COUNT}\s*(?:[x×*,]|\bat\b|\bfor\b)?\s*${PRICE}\s*${UNIT}$`, "iu");
function parseCostSpec(text) {
  if (typeof text !== "string") return err(`expected a text ${EXAMPLE}`);
  const input = text.trim().replace(/\s+/g, " ");
  if (!input) return err(`empty cost: expected a price per GPU-hour and a GPU count, ${EXAMPLE}`);
  const match = PRICE_FIRST.exec(input) ?? COUNT_FIRST.exec(input);
  if (!match?.groups) return err(explain(input));
  const { pre, post, price, count: count3 } = match.groups;
  if (pre && post) return err(`cost "${input}": two currencies ("${pre}" and "${post}"); write one, ${EXAMPLE}`);
  const pricePerGpuHour = Number(price);
  const gpus = Number(count3);
  if (!Number.isFinite(pricePerGpuHour) || pricePerGpuHour <= 0)
    return err(`cost "${input}": expected a positive price per GPU-hour, got ${price}`);
  if (!Number.isFinite(gpus) || gpus <= 0)
    return err(`cost "${input}": expected a positive number of GPUs, got ${count3}`);
  const currency = pre ?? post;
  return ok({ pricePerGpuHour, gpus, ...currency ? { currency: normaliseCurrency(currency) } : {} });
}
function money(value4, currency) {
  const a = Math.abs(value4);
  const digits = a === 0 || a >= 0.01 ? a.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ",") : String(Number(a.toPrecision(2)));
  const body = (value4 < 0 ? "−" : "") + digits;
  if (!currency) return body;
  return isSymbol(currency) ? `${currency}${body}` : `${body} ${currency}`;
}
function isSymbol(currency) {
  return currency.length === 1 && SYMBOLS.includes(currency);
}
function normaliseCurrency(text) {
  return isSymbol(text) ? text : text.toUpperCase();
}
function explain(input) {
  const lower = input.toLowerCase();
  const numbers = lower.match(new RegExp(NUMBER, "g")) ?? [];
  if (numbers.length === 0) return `cost "${input}": expected a price per GPU-hour and a GPU count, ${EXAMPLE}`;
  if (!new RegExp(UNIT, "iu").test(lower))
    return `cost "${input}": expected the price to be per GPU-hour ("/gpu-hour", "/h" or "per GPU-hour"), ${EXAMPLE}`;
  if (numbers.length === 1)
    return `cost "${input}": expected the number of GPUs after the price ("x 8", ", 8 GPUs"; "x 1" for one), ${EXAMPLE}`;
  return `cost "${input}": expected one price per GPU-hour and one GPU count, ${EXAMPLE}`;
}

// src/config/config.ts
var FAIL_ON_VALUES = ["regression", "slo", "inconclusive", "quality"];
var DEFAULT_METRICS = [
  makeSpec(METRICS.ttft, percentile(50)),
  makeSpec(METRICS.ttft, percentile(95)),
  makeSpec(METRICS.ttft_client, percentile(95)),
  makeSpec(METRICS.itl, percentile(50)),
  makeSpec(METRICS.itl, percentile(99)),
  makeSpec(METRICS.e2e, percentile(50)),
  makeSpec(METRICS.e2e, percentile(95)),
  makeSpec(METRICS.throughput, MEAN)
];
var DEFAULT_FAIL_ON = "regression,slo";
var DEFAULT_MAX_BAD_LINE_RATIO = 0.05;
var DEFAULT_STATISTICS = {
  level: 0.95,
  alpha: 0.05,
  resamples: 2e3,
  seed: 1,
  minEffect: {},
  runNoise: {}
};
function defaultMinEffect(spec) {
  return minEffectForStat(spec.stat, spec.metric.level);
}
function minEffectForStat(stat3, level) {
  if (level === "run" || stat3.kind === "mean") return 0.05;
  if (stat3.q <= 0.5) return 0.05;
  if (stat3.q < 0.999) return 0.1;
  return 0.2;
}
function minEffectFor(config, spec) {
  return config.statistics.minEffect[spec.key] ?? defaultMinEffect(spec);
}
function defaultRunNoise(spec) {
  if (spec.metric.level === "run" || spec.stat.kind === "mean" || spec.stat.q <= 0.5) return 0.025;
  if (spec.stat.q < 0.999) return 0.05;
  return 0.08;
}
function runNoiseFor(config, spec) {
  return config.statistics.runNoise[spec.key] ?? defaultRunNoise(spec);
}
function buildConfig(raw) {
  const slos = (raw.slos ?? []).filter((s) => s.trim()).map((text) => {
    try {
      return parseSlo(text);
    } catch (error) {
      if (error instanceof SloSyntaxError) throw new ConfigError("slo", error.message);
      throw error;
    }
  });
  const named = (raw.metrics ?? []).filter((m) => m.trim());
  const metrics = [];
  const seen = /* @__PURE__ */ new Set();
  const add3 = (spec, origin) => {
    if (seen.has(spec.key)) return;
    seen.add(spec.key);
    metrics.push({ spec, origin });
  };
  for (const slo2 of slos) add3(slo2.spec, "slo");
  for (const text of named) {
    const spec = parseMetricSpec(text);
    if (typeof spec === "string") throw new ConfigError("metrics", `"${text}": ${spec}`);
    add3(spec, "named");
  }
  if (named.length === 0) for (const spec of DEFAULT_METRICS) add3(spec, "default");
  metrics.sort((a, b) => metricOrder(a.spec) - metricOrder(b.spec));
  return {
    metrics,
    slos,
    failOn: parseFailOn(raw.failOn),
    statistics: {
      level: parseNumberInput(
        "confidence",
        raw.confidence,
        DEFAULT_STATISTICS.level,
        (v) => v > 0.5 && v < 1,
        "a number between 0.5 and 1, such as 0.95"
      ),
      alpha: DEFAULT_STATISTICS.alpha,
      resamples: Math.round(
        parseNumberInput(
          "resamples",
          raw.resamples,
          DEFAULT_STATISTICS.resamples,
          (v) => Number.isInteger(v) && v >= 200 && v <= 1e5,
          "a whole number from 200 to 100000"
        )
      ),
      seed: Math.round(
        parseNumberInput(
          "seed",
          raw.seed,
          DEFAULT_STATISTICS.seed,
          (v) => Number.isInteger(v) && v >= 0,
          "a whole number ≥ 0"
        )
      ),
      minEffect: parseShares("min-effect", raw.minEffect ?? []),
      runNoise: parseShares("run-noise", raw.runNoise ?? [])
    },
    benchmark: raw.benchmark?.trim() || void 0,
    maxBadLineRatio: parseNumberInput(
      "max-bad-line-ratio",
      raw.maxBadLineRatio,
      DEFAULT_MAX_BAD_LINE_RATIO,
      (v) => v >= 0 && v <= 1,
      "a share between 0 and 1, such as 0.05"
    ),
    effort: parseEffortOverrides(raw.effort ?? []),
    decodeFloor: parseFloorSettings(raw.decodeFloor ?? []),
    ...costOf(raw),
    compareAcrossLoad: parseBoolean("compare-across-load", raw.compareAcrossLoad)
  };
}
function parseBoolean(name, value4) {
  if (typeof value4 === "boolean") return value4;
  const text = (value4 ?? "").trim().toLowerCase();
  if (text === "" || text === "false" || text === "no" || text === "0") return false;
  if (text === "true" || text === "yes" || text === "1") return true;
  throw new ConfigError(name, `"${value4}" is not true or false`);
}
function costOf(raw) {
  const parse3 = (input, text) => {
    if (!text?.trim()) return void 0;
    const spec = parseCostSpec(text);
    if (!spec.ok) throw new ConfigError(input, spec.error);
    return spec.value;
  };
  const head = parse3("cost", raw.cost);
  const base = parse3("cost-baseline", raw.costBaseline);
  if (base && !head) throw new ConfigError("cost-baseline", "needs the cost input too (the head's price)");
  if (!head) return {};
  return { cost: base ? { base, head } : head };
}
function metricOrder(spec) {
  const index = Object.keys(METRICS).indexOf(spec.metric.id);
  const metricIndex = index < 0 ? Object.keys(METRICS).length : index;
  const statIndex = spec.stat.kind === "mean" ? 0 : spec.stat.q;
  return metricIndex * 10 + statIndex;
}
function parseFailOn(text) {
  const value4 = (text?.trim() ? text : DEFAULT_FAIL_ON).trim().toLowerCase();
  if (value4 === "never" || value4 === "none") return /* @__PURE__ */ new Set();
  const parts2 = value4.split(/[\s,]+/).filter(Boolean);
  const out = /* @__PURE__ */ new Set();
  for (const part of parts2) {
    if (!FAIL_ON_VALUES.includes(part)) {
      throw new ConfigError(
        "fail-on",
        `"${part}" is not allowed: use a comma-separated list of ${FAIL_ON_VALUES.join(", ")}, or "never"`
      );
    }
    out.add(part);
  }
  return out;
}
function parseNumberInput(name, text, fallback, valid, expected) {
  if (text === void 0 || text.trim() === "") return fallback;
  const value4 = Number(text.trim());
  if (!Number.isFinite(value4) || !valid(value4)) throw new ConfigError(name, `"${text}" is not ${expected}`);
  return value4;
}
function parseShares(input, lines) {
  const out = {};
  for (const line of lines) {
    if (!line.trim()) continue;
    const match = /^(.+?)\s*=\s*([0-9.]+)\s*(%?)$/.exec(line.trim());
    if (!match) throw new ConfigError(input, `"${line}" is not of the form "ttft p95=10%"`);
    const spec = parseMetricSpec(match[1]);
    if (typeof spec === "string") throw new ConfigError(input, `"${line}": ${spec}`);
    const value4 = Number(match[2]) / (match[3] ? 100 : 1);
    if (!(value4 >= 0 && value4 < 10)) throw new ConfigError(input, `"${line}": expected a share such as 10% or 0.1`);
    out[spec.key] = value4;
  }
  return out;
}

// src/ingest/errors.ts
var InputError = class extends Error {
  constructor(file, reason, line, field) {
    super(formatLocation(file, line, field) + reason);
    this.file = file;
    this.reason = reason;
    this.line = line;
    this.field = field;
    this.name = "InputError";
  }
  file;
  reason;
  line;
  field;
};
function formatLocation(file, line, field) {
  let out = file;
  if (line !== void 0) out += `:${line}`;
  out += ": ";
  if (field) out += `field "${field}": `;
  return out;
}
function formatIssue(issue) {
  return formatLocation(issue.file, issue.line, issue.field) + issue.message;
}
var IssueLog = class {
  constructor(limit = 20) {
    this.limit = limit;
  }
  limit;
  kept = [];
  count = 0;
  add(issue) {
    this.count++;
    if (this.kept.length < this.limit) this.kept.push(issue);
  }
};

// src/io/load-side.ts
import { resolve } from "node:path";
import { stat as stat2 } from "node:fs/promises";

// src/model/fields.ts
var DURATION_FIELDS = [
  "tokenize_ms",
  "queue_wait_ms",
  "prefill_ms",
  "first_token_ms",
  "decode_ms",
  "itl_p50_ms",
  "itl_p99_ms",
  "detokenize_ms",
  "total_ms",
  "client_first_token_ms",
  "network_ms"
];
var COUNT_FIELDS = [
  "prompt_tokens",
  "output_tokens",
  "batch_size_at_admission",
  "kv_blocks_used",
  "prefix_cache_hit_tokens"
];
var NUMERIC_FIELDS = ["arrival_ts", ...DURATION_FIELDS, ...COUNT_FIELDS];
var TEXT_FIELDS = ["request_id", "model_version", "tenant", "error"];
var REQUIRED_FIELDS = ["first_token_ms", "total_ms"];
var numericSet = new Set(NUMERIC_FIELDS);
var textSet = new Set(TEXT_FIELDS);
function isNumericField(name) {
  return numericSet.has(name);
}
function isTextField(name) {
  return textSet.has(name);
}
function isCountField(name) {
  return COUNT_FIELDS.includes(name);
}

// src/ingest/text/describe-char.ts
var NAMED = { 9: "\\t", 10: "\\n", 13: "\\r" };
var isInvisible = (code2) => code2 < 32 || code2 === 127 || code2 >= 55296 && code2 <= 57343 || code2 === 65279;
var escaped = (code2) => NAMED[code2] ?? `\\u${code2.toString(16).padStart(4, "0")}`;
function describeChar(code2) {
  if (code2 === 39) return `"'"`;
  if (!isInvisible(code2)) return `'${String.fromCharCode(code2)}'`;
  return `'${escaped(code2)}'`;
}
function visibleText(text) {
  return text.replace(
    /[\u0000-\u001f\u007f\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    (c) => escaped(c.charCodeAt(0))
  );
}

// src/ingest/text/csv.ts
var LF = 10;
var CR = 13;
var QUOTE = 34;
var BOM = 65279;
var FIELD_START = 0;
var UNQUOTED = 1;
var QUOTED = 2;
var QUOTE_IN_QUOTED = 3;
var CLOSED_CR = 4;
var SKIP = 5;
var CsvParser = class {
  delim;
  state = FIELD_START;
  /** Line of the character being scanned. */
  line = 1;
  /** Line the current row started on. */
  rowLine = 1;
  cells = [];
  /** Text of the current field copied out of earlier chunks (or before a "" escape). */
  field = "";
  /** Line of the opening quote of the current quoted field, for the unterminated-quote error. */
  quoteLine = 1;
  /**
   * Raw text of the current row after its first newline, kept only while a row spans lines. If
   * the input ends inside a quoted field, that quote swallowed everything after it; re-reading
   * this text from the row's second line recovers the rows that follow.
   */
  replay = null;
  replayLine = 0;
  started = false;
  constructor(opts = {}) {
    const d = opts.delimiter ?? ",";
    if (d.length !== 1 || d === '"' || d === "\n" || d === "\r") {
      throw new Error(`CSV delimiter must be one character other than '"', '\\n' or '\\r', got ${JSON.stringify(d)}`);
    }
    this.delim = d.charCodeAt(0);
  }
  /** Without onError, malformed rows are dropped silently. */
  push(chunk, onRow, onError) {
    if (!this.started) {
      if (chunk.length === 0) return;
      this.started = true;
      if (chunk.charCodeAt(0) === BOM) chunk = chunk.slice(1);
    }
    this.scan(chunk, onRow, onError);
  }
  /** Flushes the last row (a final newline is optional), then resets for another input. */
  end(onRow, onError) {
    for (; ; ) {
      const state = this.state;
      if (state === QUOTED) {
        const replay = this.replay;
        const resume = replay === null ? "" : `; reading resumes at line ${this.replayLine}`;
        onError?.(
          `unterminated quoted field ${this.cells.length + 1}: the input ends before its closing '"'${resume}`,
          this.quoteLine
        );
        this.dropRow();
        if (replay === null) break;
        this.line = this.replayLine;
        this.rowLine = this.line;
        this.state = FIELD_START;
        this.scan(replay.join(""), onRow, onError);
        continue;
      }
      if (state === UNQUOTED) this.finishRow(stripCr(this.field), false, onRow);
      else if (state === QUOTE_IN_QUOTED || state === CLOSED_CR) this.finishRow(this.field, true, onRow);
      else if (state === FIELD_START && this.cells.length > 0) this.finishRow("", false, onRow);
      break;
    }
    this.dropRow();
    this.state = FIELD_START;
    this.line = 1;
    this.rowLine = 1;
    this.started = false;
  }
  scan(chunk, onRow, onError) {
    const delim = this.delim;
    const n = chunk.length;
    let state = this.state;
    let line = this.line;
    let seg = 0;
    let recordFrom = 0;
    let nextLf = -2;
    for (let i = 0; i < n; i++) {
      let c = chunk.charCodeAt(i);
      switch (state) {
        case FIELD_START:
          if (c === delim) this.cells.push("");
          else if (c === QUOTE) {
            state = QUOTED;
            seg = i + 1;
            this.quoteLine = line;
          } else if (c === LF) {
            this.finishRow("", false, onRow);
            this.rowLine = ++line;
          } else {
            state = UNQUOTED;
            seg = i;
          }
          break;
        case UNQUOTED:
          while (c !== delim && c !== LF && c !== QUOTE && ++i < n) c = chunk.charCodeAt(i);
          if (i === n) break;
          if (c === delim) {
            this.cells.push(this.take(chunk, seg, i));
            state = FIELD_START;
          } else if (c === LF) {
            this.finishRow(stripCr(this.take(chunk, seg, i)), false, onRow);
            this.rowLine = ++line;
            state = FIELD_START;
          } else if (c === QUOTE) {
            this.fail(
              `unexpected '"' inside unquoted field ${this.cells.length + 1} (a field containing quotes must be quoted, with "" for each quote)`,
              line,
              onError
            );
            state = SKIP;
          }
          break;
        case QUOTED: {
          const q = chunk.indexOf('"', i);
          const stop = q < 0 ? n : q;
          if (nextLf !== -1 && nextLf < i) nextLf = chunk.indexOf("\n", i);
          while (nextLf !== -1 && nextLf < stop) {
            line++;
            if (this.replay === null) {
              this.replay = [];
              this.replayLine = line;
              recordFrom = nextLf + 1;
            }
            nextLf = chunk.indexOf("\n", nextLf + 1);
          }
          if (q < 0) {
            i = n;
            break;
          }
          i = q;
          this.field += chunk.slice(seg, i);
          state = QUOTE_IN_QUOTED;
          break;
        }
        case QUOTE_IN_QUOTED:
          if (c === QUOTE) {
            state = QUOTED;
            seg = i;
          } else if (c === delim) {
            this.cells.push(this.field);
            this.field = "";
            state = FIELD_START;
          } else if (c === LF) {
            this.finishRow(this.field, true, onRow);
            this.rowLine = ++line;
            state = FIELD_START;
          } else if (c === CR) {
            state = CLOSED_CR;
          } else {
            this.fail(
              `unexpected ${describeChar(c)} after the closing quote of field ${this.cells.length + 1} (expected the delimiter or the end of the line)`,
              line,
              onError
            );
            state = SKIP;
          }
          break;
        case CLOSED_CR:
          if (c === LF) {
            this.finishRow(this.field, true, onRow);
            this.rowLine = ++line;
            state = FIELD_START;
          } else {
            this.fail(
              `unexpected ${describeChar(c)} after '\\r' following the closing quote of field ${this.cells.length + 1}`,
              line,
              onError
            );
            state = SKIP;
          }
          break;
        default: {
          const nl = chunk.indexOf("\n", i);
          if (nl === -1) {
            i = n;
          } else {
            i = nl;
            this.rowLine = ++line;
            state = FIELD_START;
          }
        }
      }
    }
    if (state === UNQUOTED || state === QUOTED) this.field += chunk.slice(seg);
    if (this.replay !== null) this.replay.push(chunk.slice(recordFrom));
    this.state = state;
    this.line = line;
  }
  /** The current field: its earlier pieces plus chunk[from, to). */
  take(chunk, from, to) {
    const tail = chunk.slice(from, to);
    if (this.field === "") return tail;
    const value4 = this.field + tail;
    this.field = "";
    return value4;
  }
  finishRow(last, quoted, onRow) {
    const cells = this.cells;
    this.cells = [];
    this.field = "";
    this.replay = null;
    if (!quoted && cells.length === 0 && last === "") return;
    cells.push(last);
    onRow(cells, this.rowLine);
  }
  fail(message, line, onError) {
    const where = line === this.rowLine ? "" : ` (row starts at line ${this.rowLine})`;
    onError?.(`${message}${where}; row skipped`, line);
    this.dropRow();
  }
  dropRow() {
    this.cells = [];
    this.field = "";
    this.replay = null;
  }
};
function sniffDelimiter(firstLine) {
  let inQuotes = false;
  let commas = 0;
  let tabs = 0;
  let semicolons = 0;
  for (let i = 0; i < firstLine.length; i++) {
    const ch = firstLine[i];
    if (ch === '"') inQuotes = !inQuotes;
    else if (inQuotes) continue;
    else if (ch === ",") commas++;
    else if (ch === "	") tabs++;
    else if (ch === ";") semicolons++;
  }
  if (tabs > commas && tabs >= semicolons) return "	";
  if (semicolons > commas && semicolons > tabs) return ";";
  return ",";
}
function stripCr(value4) {
  return value4.length > 0 && value4.charCodeAt(value4.length - 1) === CR ? value4.slice(0, -1) : value4;
}

// src/ingest/unreadable.ts
var FIELDS = [...NUMERIC_FIELDS, ...TEXT_FIELDS];
var MAX_CELLS = 6;
function unreadableMessage(head, formatIds) {
  const text = head.replace(/^\ufeff/, "");
  const header = text.split("\n").find((line) => line.trim() !== "" && !line.startsWith("#"))?.replace(/\r$/, "") ?? "";
  const cells = header.split(sniffDelimiter(header)).map((c) => c.trim().replace(/^"|"$/g, ""));
  const tried = `
  (tried ${formatIds.length} formats: ${formatIds.join(", ")}; perf-triage validate FILE --input-format ID says why one does not fit)`;
  if (cells.length >= 2 && !/^[[{]/.test(text.trimStart())) {
    const shown2 = cells.slice(0, MAX_CELLS).map((c) => `"${preview(c, 30)}"`).join(", ") + (cells.length > MAX_CELLS ? `, … (${cells.length} columns)` : "");
    const guesses = cells.flatMap((c) => {
      const guess = closest(c, FIELDS);
      return guess && guess !== c ? [`${guess} for "${preview(c, 30)}"`] : [];
    });
    return `a CSV whose header names none of the fields perf-triage reads (${shown2}): a per-request CSV needs §4 columns such as first_token_ms and total_ms (docs/native-format.md)${guesses.length ? `; did you mean ${guesses.slice(0, 3).join(", ")}?` : ""}${tried}`;
  }
  return `not a format perf-triage reads: neither JSON nor a CSV with a header row; the file starts with "${preview(text.trimStart(), 40)}"${tried}`;
}
function preview(text, max) {
  const flat = text.replace(/\s+/g, " ").replace(/["\\]/g, "");
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

// src/model/run.ts
function emptyMeta() {
  return { config: {}, extra: {} };
}

// src/ingest/metadata.ts
var MAX_VALUE = 500;
function parseMetadata(value4, file, line, issues, into = emptyMeta(), declared = {}) {
  if (value4 === null || typeof value4 !== "object" || Array.isArray(value4)) {
    issues.add({
      file,
      line,
      field: "metadata",
      message: 'expected an object such as {"benchmark": "...", "config": {...}}'
    });
    return into;
  }
  for (const [key, raw] of Object.entries(value4)) {
    switch (key) {
      case "benchmark":
      case "name":
        if (typeof raw === "string" && raw.trim()) into.benchmark = cap(raw.trim());
        else issues.add({ file, line, field: `metadata.${key}`, message: "expected a non-empty string" });
        break;
      case "commit":
      case "hardware":
      case "model":
        if (typeof raw === "string" || typeof raw === "number") into[key] = cap(String(raw));
        else issues.add({ file, line, field: `metadata.${key}`, message: "expected a string" });
        break;
      case "workload":
        into.workload = typeof raw === "string" ? cap(raw) : cap(describeObject(raw));
        declareWorkload(raw, declared);
        break;
      case "engine":
      case "engine_version":
        if (typeof raw === "string" || typeof raw === "number")
          declared[key === "engine" ? "engine" : "engineVersion"] = cap(String(raw).trim());
        else issues.add({ file, line, field: `metadata.${key}`, message: "expected a string" });
        into.extra[key] = cap(typeof raw === "string" ? raw : JSON.stringify(raw));
        break;
      case "config":
        if (raw && typeof raw === "object" && !Array.isArray(raw))
          flattenConfig(raw, "", into.config);
        else
          issues.add({
            file,
            line,
            field: "metadata.config",
            message: 'expected an object of engine settings, e.g. {"max_num_seqs": 64}'
          });
        break;
      default:
        into.extra[key] = cap(typeof raw === "string" ? raw : JSON.stringify(raw));
    }
  }
  return into;
}
function declareWorkload(raw, declared) {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return;
  const w = raw;
  const text = (v) => typeof v === "string" && v.trim() ? cap(v.trim()) : void 0;
  const number3 = (v) => typeof v === "number" && Number.isFinite(v) && v > 0 ? v : typeof v === "string" && /^\s*\+?inf(inity)?\s*$/i.test(v) ? Infinity : void 0;
  const dataset = text(w.dataset);
  if (dataset) declared.dataset = dataset;
  const rate = number3(w.request_rate);
  if (rate !== void 0) declared.requestRate = rate;
  const concurrency2 = number3(w.concurrency ?? w.max_concurrency);
  if (concurrency2 !== void 0 && Number.isFinite(concurrency2)) declared.concurrency = concurrency2;
  if (typeof w.streaming === "boolean") declared.streaming = w.streaming;
  const input = number3(w.input_len);
  if (input !== void 0 && Number.isFinite(input)) declared.inputLength = input;
  const output = number3(w.output_len);
  if (output !== void 0 && Number.isFinite(output)) declared.outputLength = output;
  const tenant = text(w.tenant);
  if (tenant) declared.tenant = tenant;
}
function flattenConfig(source, prefix, out) {
  for (const [key, value4] of Object.entries(source)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value4 === null || typeof value4 === "string" || typeof value4 === "number" || typeof value4 === "boolean") {
      out[name] = typeof value4 === "string" ? cap(value4) : value4;
    } else if (Array.isArray(value4)) {
      out[name] = cap(JSON.stringify(value4));
    } else if (typeof value4 === "object") {
      flattenConfig(value4, name, out);
    }
  }
}
function describeObject(value4) {
  if (value4 && typeof value4 === "object" && !Array.isArray(value4)) {
    return Object.entries(value4).map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`).join(", ");
  }
  return JSON.stringify(value4);
}
function cap(text) {
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : text;
}
function isMetadataRecord(value4) {
  return value4 !== null && typeof value4 === "object" && !Array.isArray(value4) && "metadata" in value4 && Object.keys(value4).length === 1;
}

// src/ingest/text/json-stream.ts
var LF2 = 10;
var CR2 = 13;
var TAB = 9;
var SPACE = 32;
var QUOTE2 = 34;
var BACKSLASH = 92;
var COMMA = 44;
var COLON = 58;
var LBRACKET = 91;
var RBRACKET = 93;
var LBRACE = 123;
var RBRACE = 125;
var BOM2 = 65279;
var TOP = 0;
var ARR_FIRST = 1;
var ARR_NEXT = 2;
var ARR_AFTER = 3;
var OBJ_FIRST = 4;
var OBJ_NEXT = 5;
var KEY = 6;
var OBJ_COLON = 7;
var OBJ_VALUE = 8;
var OBJ_AFTER = 9;
var PIECE = 10;
var DONE = 11;
var FAILED = 12;
var SCALAR = 0;
var STRING = 1;
var NESTED = 2;
var RUNS_ON = -1;
var MISMATCH = -2;
var JsonStreamSplitter = class {
  streamKeys;
  mode = TOP;
  line = 1;
  started = false;
  /** Counts push() calls, to tell whether cached positions refer to the current chunk. */
  chunkNo = 0;
  /** Whether the array being split is the value of a streamKey member rather than the top level. */
  inner = false;
  arrayLine = 0;
  objectLine = 0;
  key = "";
  // The piece (or key) being scanned.
  kind = SCALAR;
  inString = false;
  escaped = false;
  /** Open brackets inside the piece, innermost last. */
  brackets = [];
  pieceLine = 0;
  /** Whether the piece is an array element (else a member value). */
  pieceInArray = false;
  /** The closing bracket that did not match, and the open bracket it met. */
  badClose = 0;
  badOpen = 0;
  /** Text of the current piece from earlier chunks. */
  parts = [];
  // Raw newlines inside strings are invalid JSON but must still be counted to keep later lines
  // right. The chunk's next '\n' is cached so that finding it stays linear per chunk.
  lfChunk = -1;
  lfPos = -1;
  shapeSeen;
  streamedKeySeen;
  constructor(opts = {}) {
    const k = opts.streamKey;
    this.streamKeys = new Set(k === void 0 ? [] : typeof k === "string" ? [k] : k);
  }
  /** The top-level shape once its first bracket has been read (kept after end() until the next input). */
  get shape() {
    return this.shapeSeen;
  }
  /** Which of the accepted stream keys was found (the last one, if several were). */
  get streamedKey() {
    return this.streamedKeySeen;
  }
  push(chunk, h) {
    const n = chunk.length;
    if (n === 0) return;
    this.chunkNo++;
    let i = 0;
    if (!this.started) {
      this.started = true;
      this.shapeSeen = void 0;
      this.streamedKeySeen = void 0;
      if (chunk.charCodeAt(0) === BOM2) i = 1;
    }
    let start = 0;
    while (i < n) {
      const mode = this.mode;
      if (mode === PIECE || mode === KEY) {
        const end = mode === KEY ? this.scanString(chunk, i) : this.scanPiece(chunk, i);
        if (end === MISMATCH) {
          this.fail(this.mismatchMessage(), h);
          return;
        }
        if (end === RUNS_ON) {
          this.parts.push(chunk.slice(start));
          return;
        }
        const text = this.take(chunk, start, end);
        if (mode === KEY) this.finishKey(text, h);
        else this.finishPiece(text, h);
        i = end;
        continue;
      }
      if (mode === FAILED) return;
      const c = chunk.charCodeAt(i);
      if (c === SPACE || c === LF2 || c === CR2 || c === TAB) {
        if (c === LF2) this.line++;
        i++;
      } else if (this.structural(c, h)) {
        start = i;
      } else {
        i++;
      }
    }
  }
  /** Reports truncated input, then resets for another input. */
  end(h) {
    switch (this.mode) {
      case TOP:
        h.onError(`empty input: expected '[' or '{'`, this.line);
        break;
      case DONE:
      case FAILED:
        break;
      case PIECE:
        h.onError(
          this.kind === SCALAR ? this.unclosedMessage() : `unexpected end of input inside the ${this.pieceName()}`,
          this.line
        );
        break;
      default:
        h.onError(this.unclosedMessage(), this.line);
    }
    this.mode = TOP;
    this.line = 1;
    this.started = false;
    this.inner = false;
    this.parts = [];
    this.brackets = [];
  }
  /**
   * Handles one non-whitespace character outside any piece. Returns true when c begins a piece
   * (mode is now PIECE or KEY and c must be scanned again as its first character).
   */
  structural(c, h) {
    switch (this.mode) {
      case TOP:
        if (c === LBRACKET) {
          this.shapeSeen = "array";
          this.openArray();
        } else if (c === LBRACE) {
          this.shapeSeen = "object";
          this.objectLine = this.line;
          this.mode = OBJ_FIRST;
        } else {
          this.fail(`expected '[' or '{' at the start of the input, found ${describeChar(c)}`, h);
        }
        return false;
      case ARR_FIRST:
        if (c === RBRACKET) {
          this.closeArray();
          return false;
        }
        return this.beginPiece(c, h);
      case ARR_NEXT:
        return this.beginPiece(c, h);
      case ARR_AFTER:
        if (c === COMMA) this.mode = ARR_NEXT;
        else if (c === RBRACKET) this.closeArray();
        else this.fail(`expected ',' or ']' after array element, found ${describeChar(c)}`, h);
        return false;
      case OBJ_FIRST:
      case OBJ_NEXT:
        if (c === QUOTE2) {
          this.beginKey();
          return true;
        }
        if (c === RBRACE && this.mode === OBJ_FIRST) this.mode = DONE;
        else
          this.fail(
            `expected ${this.mode === OBJ_FIRST ? `a quoted key or '}'` : `a quoted key after ','`}, found ${describeChar(c)}`,
            h
          );
        return false;
      case OBJ_COLON:
        if (c === COLON) this.mode = OBJ_VALUE;
        else this.fail(`expected ':' after key ${JSON.stringify(this.key)}, found ${describeChar(c)}`, h);
        return false;
      case OBJ_VALUE:
        if (c === LBRACKET && this.streamKeys.has(this.key)) {
          this.streamedKeySeen = this.key;
          this.inner = true;
          this.openArray();
          return false;
        }
        return this.beginPiece(c, h);
      case OBJ_AFTER:
        if (c === COMMA) this.mode = OBJ_NEXT;
        else if (c === RBRACE) this.mode = DONE;
        else
          this.fail(
            `expected ',' or '}' after the value of key ${JSON.stringify(this.key)}, found ${describeChar(c)}`,
            h
          );
        return false;
      case DONE:
        this.fail(`unexpected ${describeChar(c)} after the end of the top-level ${this.shapeSeen}`, h);
        return false;
      default:
        return false;
    }
  }
  openArray() {
    this.arrayLine = this.line;
    this.mode = ARR_FIRST;
  }
  closeArray() {
    this.mode = this.inner ? OBJ_AFTER : DONE;
    this.inner = false;
  }
  beginPiece(c, h) {
    if (c === COMMA || c === COLON || c === RBRACKET || c === RBRACE) {
      const expected = this.mode === ARR_FIRST ? `an array element or ']'` : this.mode === ARR_NEXT ? `an array element after ','` : `a value for key ${JSON.stringify(this.key)}`;
      this.fail(`expected ${expected}, found ${describeChar(c)}`, h);
      return false;
    }
    this.kind = c === QUOTE2 ? STRING : c === LBRACKET || c === LBRACE ? NESTED : SCALAR;
    this.pieceInArray = this.mode !== OBJ_VALUE;
    this.inString = false;
    this.escaped = false;
    if (this.brackets.length !== 0) this.brackets = [];
    this.pieceLine = this.line;
    this.mode = PIECE;
    return true;
  }
  beginKey() {
    this.inString = false;
    this.escaped = false;
    this.pieceLine = this.line;
    this.mode = KEY;
  }
  finishPiece(text, h) {
    if (this.pieceInArray) {
      this.mode = ARR_AFTER;
      h.onElement(text, this.pieceLine);
    } else {
      this.mode = OBJ_AFTER;
      h.onMember?.(this.key, text, this.pieceLine);
    }
  }
  finishKey(raw, h) {
    let plain = true;
    for (let i = raw.length - 2; i > 0 && plain; i--) {
      const c = raw.charCodeAt(i);
      plain = c !== BACKSLASH && c >= SPACE;
    }
    try {
      this.key = plain ? raw.slice(1, -1) : JSON.parse(raw);
      this.mode = OBJ_COLON;
    } catch {
      const shown2 = raw.length > 60 ? `${raw.slice(0, 57)}...` : raw;
      this.fail(`invalid object key ${shown2} (bad escape or raw control character)`, h);
    }
  }
  /** The current piece: its parts from earlier chunks plus chunk[start, end). */
  take(chunk, start, end) {
    if (this.parts.length === 0) return chunk.slice(start, end);
    this.parts.push(chunk.slice(start, end));
    const text = this.parts.join("");
    this.parts = [];
    return text;
  }
  fail(message, h) {
    this.mode = FAILED;
    this.parts = [];
    h.onError(message, this.line);
  }
  pieceName() {
    return this.pieceInArray ? `array element starting at line ${this.pieceLine}` : `value of key ${JSON.stringify(this.key)} starting at line ${this.pieceLine}`;
  }
  unclosedMessage() {
    const inArray = this.mode === PIECE ? this.pieceInArray : this.mode >= ARR_FIRST && this.mode <= ARR_AFTER;
    return inArray ? `unexpected end of input: the array opened at line ${this.arrayLine} is not closed` : `unexpected end of input: the object opened at line ${this.objectLine} is not closed`;
  }
  mismatchMessage() {
    const expected = this.badOpen === LBRACE ? "'}'" : "']'";
    return `mismatched ${describeChar(this.badClose)} in the ${this.pieceName()}: expected ${expected}`;
  }
  /** Scans the current piece from i. Returns the index just past its end, RUNS_ON or MISMATCH. */
  scanPiece(chunk, i) {
    if (this.kind === NESTED) return this.scanNested(chunk, i);
    if (this.kind === STRING) return this.scanString(chunk, i);
    const n = chunk.length;
    for (; i < n; i++) {
      const c = chunk.charCodeAt(i);
      if (c === COMMA || c === RBRACKET || c === RBRACE || c === SPACE || c === LF2 || c === CR2 || c === TAB || c === COLON || c === QUOTE2 || c === LBRACKET || c === LBRACE) {
        return i;
      }
    }
    return RUNS_ON;
  }
  /** Scans a string whose opening quote is at or before i. Returns the index past its closing quote, or RUNS_ON. */
  scanString(chunk, i) {
    const n = chunk.length;
    let inString = this.inString;
    let escaped2 = this.escaped;
    let line = this.line;
    let end = RUNS_ON;
    for (; i < n; i++) {
      const c = chunk.charCodeAt(i);
      if (c === LF2) line++;
      if (escaped2) escaped2 = false;
      else if (c === BACKSLASH) escaped2 = inString;
      else if (c === QUOTE2) {
        if (inString) {
          end = i + 1;
          break;
        }
        inString = true;
      }
    }
    this.inString = inString;
    this.escaped = escaped2;
    this.line = line;
    return end;
  }
  /** Scans an object or array piece. Returns the index past its matching bracket, RUNS_ON or MISMATCH. */
  scanNested(chunk, i) {
    const n = chunk.length;
    const brackets = this.brackets;
    let line = this.line;
    if (this.inString) {
      let escaped2 = this.escaped;
      for (; i < n; i++) {
        const c = chunk.charCodeAt(i);
        if (c === LF2) line++;
        if (escaped2) escaped2 = false;
        else if (c === BACKSLASH) escaped2 = true;
        else if (c === QUOTE2) break;
      }
      this.escaped = escaped2;
      this.line = line;
      if (i === n) return RUNS_ON;
      this.inString = false;
      i++;
    }
    let end = RUNS_ON;
    for (; i < n; i++) {
      const c = chunk.charCodeAt(i);
      if (c === QUOTE2) {
        const close = this.stringClose(chunk, i + 1);
        if (close < 0) {
          this.line = line;
          this.tailOfString(chunk, i + 1);
          return RUNS_ON;
        }
        if (this.lfPos < close || this.lfChunk !== this.chunkNo) line += this.countLf(chunk, i + 1, close);
        i = close;
      } else if (c === LBRACE || c === LBRACKET) {
        brackets.push(c);
      } else if (c === RBRACE || c === RBRACKET) {
        const open2 = brackets.pop() ?? 0;
        if (open2 !== (c === RBRACE ? LBRACE : LBRACKET)) {
          this.badClose = c;
          this.badOpen = open2;
          end = MISMATCH;
          break;
        }
        if (brackets.length === 0) {
          end = i + 1;
          break;
        }
      } else if (c === LF2) {
        line++;
      }
    }
    this.line = line;
    return end;
  }
  /** Index of the unescaped '"' closing a string whose text starts at i, or -1 if not in this chunk. */
  stringClose(chunk, i) {
    for (; ; ) {
      const q = chunk.indexOf('"', i);
      if (q < 0) return -1;
      let k = q - 1;
      while (k >= i && chunk.charCodeAt(k) === BACKSLASH) k--;
      if ((q - 1 - k) % 2 === 0) return q;
      i = q + 1;
    }
  }
  /** Records the state at the end of a chunk that ends inside a string starting at i. */
  tailOfString(chunk, i) {
    let escaped2 = false;
    let line = this.line;
    for (; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (c === LF2) line++;
      if (escaped2) escaped2 = false;
      else if (c === BACKSLASH) escaped2 = true;
    }
    this.inString = true;
    this.escaped = escaped2;
    this.line = line;
  }
  /** Newlines in chunk[from, to). */
  countLf(chunk, from, to) {
    if (this.lfChunk !== this.chunkNo || this.lfPos < from) {
      this.lfChunk = this.chunkNo;
      this.lfPos = chunk.indexOf("\n", from);
      if (this.lfPos < 0) this.lfPos = chunk.length;
    }
    let count3 = 0;
    while (this.lfPos < to) {
      count3++;
      const next = chunk.indexOf("\n", this.lfPos + 1);
      this.lfPos = next < 0 ? chunk.length : next;
    }
    return count3;
  }
};

// src/ingest/text/json-error-position.ts
var OK = -1;
function jsonErrorOffset(text) {
  const n = text.length;
  const stack = [];
  let expect = "value";
  let i = 0;
  for (; ; ) {
    while (i < n && isWs(text.charCodeAt(i))) i++;
    if (i >= n) return expect === "end" ? OK : n;
    const c = text.charCodeAt(i);
    if (expect === "end") return i;
    if (expect === "colon") {
      if (c !== 58) return i;
      i++;
      expect = "value";
      continue;
    }
    if (expect === "commaOrClose") {
      const open2 = stack[stack.length - 1];
      if (c === 44) {
        i++;
        expect = open2 === 123 ? "key" : "value";
        continue;
      }
      if (c !== (open2 === 123 ? 125 : 93)) return i;
      stack.pop();
      i++;
      expect = stack.length > 0 ? "commaOrClose" : "end";
      continue;
    }
    if (expect === "keyOrClose" && c === 125 || expect === "valueOrClose" && c === 93) {
      stack.pop();
      i++;
      expect = stack.length > 0 ? "commaOrClose" : "end";
      continue;
    }
    if (expect === "keyOrClose" || expect === "key") {
      if (c !== 34) return i;
      const next2 = scanString(text, i);
      if (next2 < 0) return ~next2;
      i = next2;
      expect = "colon";
      continue;
    }
    if (c === 123 || c === 91) {
      stack.push(c);
      i++;
      expect = c === 123 ? "keyOrClose" : "valueOrClose";
      continue;
    }
    let next;
    if (c === 34) next = scanString(text, i);
    else if (c === 45 || c >= 48 && c <= 57) next = scanNumber(text, i);
    else if (c === 116) next = scanWord(text, i, "true");
    else if (c === 102) next = scanWord(text, i, "false");
    else if (c === 110) next = scanWord(text, i, "null");
    else return i;
    if (next < 0) return ~next;
    i = next;
    expect = stack.length > 0 ? "commaOrClose" : "end";
  }
}
function lineColumn(text, offset) {
  let line = 1;
  let lineStart = 0;
  for (let nl = text.indexOf("\n"); nl !== -1 && nl < offset; nl = text.indexOf("\n", nl + 1)) {
    line++;
    lineStart = nl + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
function scanString(text, i) {
  const n = text.length;
  for (i++; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) return i + 1;
    if (c < 32) return ~i;
    if (c !== 92) continue;
    i++;
    if (i >= n) return ~n;
    const e = text.charCodeAt(i);
    if (e === 117) {
      for (let k = 0; k < 4; k++) {
        i++;
        if (i >= n) return ~n;
        if (!isHex(text.charCodeAt(i))) return ~i;
      }
    } else if (!'"\\/bfnrt'.includes(text[i])) {
      return ~i;
    }
  }
  return ~n;
}
function scanNumber(text, i) {
  if (text.charCodeAt(i) === 45) i++;
  if (text.charCodeAt(i) === 48) i++;
  else if (isDigit(text.charCodeAt(i))) i = skipDigits(text, i);
  else return ~i;
  if (text.charCodeAt(i) === 46) {
    i++;
    if (!isDigit(text.charCodeAt(i))) return ~i;
    i = skipDigits(text, i);
  }
  const e = text.charCodeAt(i);
  if (e === 101 || e === 69) {
    i++;
    const sign = text.charCodeAt(i);
    if (sign === 43 || sign === 45) i++;
    if (!isDigit(text.charCodeAt(i))) return ~i;
    i = skipDigits(text, i);
  }
  return i;
}
function scanWord(text, i, word2) {
  for (let k = 0; k < word2.length; k++, i++) {
    if (text.charCodeAt(i) !== word2.charCodeAt(k)) return ~i;
  }
  return i;
}
function skipDigits(text, i) {
  while (isDigit(text.charCodeAt(i))) i++;
  return i;
}
function isDigit(c) {
  return c >= 48 && c <= 57;
}
function isHex(c) {
  return c >= 48 && c <= 57 || c >= 65 && c <= 70 || c >= 97 && c <= 102;
}
function isWs(c) {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

// src/ingest/text/lenient-json.ts
var MARKERS = { n: NaN, i: Infinity, j: -Infinity };
function parseJsonLenient(text) {
  let strictError;
  try {
    return JSON.parse(text);
  } catch (err2) {
    strictError = err2;
  }
  const edits = findEdits(text);
  if (!edits.some((e) => e.remove > 0)) throw located(strictError, text);
  try {
    return JSON.parse(applyEdits(text, edits, false), revive);
  } catch {
  }
  const padded = applyEdits(text, edits, true);
  try {
    JSON.parse(padded);
  } catch (err2) {
    throw located(err2, padded, true);
  }
  throw located(strictError, text);
}
function revive(_key, value4) {
  if (typeof value4 !== "string") return value4;
  return Object.hasOwn(MARKERS, value4) ? MARKERS[value4] : value4.slice(1);
}
function findEdits(text) {
  const edits = [];
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      const close = stringEnd(text, i);
      if (!isKey(text, close)) edits.push({ at: i + 1, remove: 0, insert: "s", pad: "" });
      i = close - 1;
      continue;
    }
    const token = c === 78 ? "NaN" : c === 73 ? "Infinity" : c === 45 ? "-Infinity" : "";
    if (token === "" || !text.startsWith(token, i)) continue;
    const after = i + token.length;
    if (isWordChar(text.charCodeAt(i - 1)) || isWordChar(text.charCodeAt(after)) || isKey(text, after)) continue;
    const marker = token === "NaN" ? "n" : token === "Infinity" ? "i" : "j";
    const pad = (token === "-Infinity" ? "-0" : "0").padEnd(token.length, " ");
    edits.push({ at: i, remove: token.length, insert: `"${marker}"`, pad });
    i = after - 1;
  }
  return edits;
}
function applyEdits(text, edits, padOnly) {
  const parts2 = [];
  let from = 0;
  for (const e of edits) {
    if (padOnly && e.remove === 0) continue;
    parts2.push(text.slice(from, e.at), padOnly ? e.pad : e.insert);
    from = e.at + e.remove;
  }
  parts2.push(text.slice(from));
  return parts2.join("");
}
function stringEnd(text, i) {
  const n = text.length;
  for (i++; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 92) i++;
    else if (c === 34) return i + 1;
  }
  return n;
}
function isKey(text, i) {
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return c === 58;
    i++;
  }
  return false;
}
function isWordChar(c) {
  return c >= 48 && c <= 57 || c >= 65 && c <= 90 || c >= 97 && c <= 122 || c === 95 || c === 36 || c === 46 || c === 43 || c === 45;
}
function located(err2, text, fromPadded = false) {
  let message = err2 instanceof Error ? err2.message : String(err2);
  if (fromPadded)
    message = message.replace(/^(Unexpected token '.*?'), .*$/s, "$1 in JSON").replace(/^".*" is not valid JSON$/s, "Invalid JSON");
  const reported = /at position (\d+)/.exec(message);
  const offset = reported ? Number(reported[1]) : jsonErrorOffset(text);
  if (offset < 0) return new SyntaxError(message, { cause: err2 });
  const { line, column } = lineColumn(text, offset);
  return new SyntaxError(`${message} (line ${line}, column ${column})`, { cause: err2 });
}

// src/ingest/text/lines.ts
var BOM3 = 65279;
var CR3 = 13;
var LineSplitter = class {
  /** Text after the last '\n' seen, waiting for the rest of its line. */
  partial = "";
  /** Lines emitted so far; the next line's number is this + 1. */
  emitted = 0;
  /** The BOM may only be stripped from the very first character of the input. */
  started = false;
  push(chunk, onLine) {
    if (!this.started) {
      if (chunk.length === 0) return;
      this.started = true;
      if (chunk.charCodeAt(0) === BOM3) chunk = chunk.slice(1);
    }
    let start = 0;
    let nl = chunk.indexOf("\n");
    while (nl !== -1) {
      let line = chunk.slice(start, nl);
      if (this.partial !== "") {
        line = this.partial + line;
        this.partial = "";
      }
      onLine(stripCr2(line), ++this.emitted);
      start = nl + 1;
      nl = chunk.indexOf("\n", start);
    }
    if (start < chunk.length) this.partial += chunk.slice(start);
  }
  /**
   * Emits the final line if anything (even a lone '\r') follows the last '\n', then resets so the
   * instance can read another input.
   */
  end(onLine) {
    if (this.partial !== "") onLine(stripCr2(this.partial), ++this.emitted);
    this.partial = "";
    this.emitted = 0;
    this.started = false;
  }
};
function stripCr2(line) {
  return line.length > 0 && line.charCodeAt(line.length - 1) === CR3 ? line.slice(0, -1) : line;
}

// src/model/columns.ts
var NumberColumnBuilder = class {
  data;
  size = 0;
  constructor(initialCapacity = 1024) {
    this.data = new Float64Array(Math.max(16, initialCapacity));
  }
  get length() {
    return this.size;
  }
  /** Sets row `row` (which must be >= the current length), padding skipped rows with NaN. */
  set(row, value4) {
    this.ensure(row + 1);
    if (row > this.size) this.data.fill(NaN, this.size, row);
    this.data[row] = value4;
    this.size = row + 1;
  }
  /** A trimmed copy holding exactly `rows` values (missing trailing rows are NaN). */
  finish(rows) {
    const out = new Float64Array(rows);
    out.set(this.data.subarray(0, Math.min(this.size, rows)));
    if (this.size < rows) out.fill(NaN, this.size);
    return out;
  }
  ensure(capacity) {
    if (capacity <= this.data.length) return;
    let next = this.data.length * 2;
    while (next < capacity) next *= 2;
    const grown = new Float64Array(next);
    grown.set(this.data.subarray(0, this.size));
    this.data = grown;
  }
};
var TextColumnBuilder = class {
  codes;
  size = 0;
  index = /* @__PURE__ */ new Map();
  dictionary = [];
  constructor(initialCapacity = 1024) {
    this.codes = new Int32Array(Math.max(16, initialCapacity));
  }
  get length() {
    return this.size;
  }
  set(row, value4) {
    let code2 = this.index.get(value4);
    if (code2 === void 0) {
      code2 = this.dictionary.length;
      this.dictionary.push(value4);
      this.index.set(value4, code2);
    }
    this.ensure(row + 1);
    if (row > this.size) this.codes.fill(-1, this.size, row);
    this.codes[row] = code2;
    this.size = row + 1;
  }
  finish(rows) {
    const codes = new Int32Array(rows);
    codes.set(this.codes.subarray(0, Math.min(this.size, rows)));
    if (this.size < rows) codes.fill(-1, this.size);
    return { codes, dictionary: this.dictionary };
  }
  ensure(capacity) {
    if (capacity <= this.codes.length) return;
    let next = this.codes.length * 2;
    while (next < capacity) next *= 2;
    const grown = new Int32Array(next);
    grown.set(this.codes.subarray(0, this.size));
    this.codes = grown;
  }
};
function textAt(column, row) {
  const code2 = column.codes[row];
  return code2 < 0 ? void 0 : column.dictionary[code2];
}
function permuteNumbers(values, order) {
  const out = values instanceof Float32Array ? new Float32Array(order.length) : values instanceof Uint16Array ? new Uint16Array(order.length) : new Float64Array(order.length);
  for (let i = 0; i < order.length; i++) out[i] = values[order[i]];
  return out;
}
function permuteText(column, order) {
  const codes = column.codes instanceof Int8Array ? new Int8Array(order.length) : column.codes instanceof Int16Array ? new Int16Array(order.length) : new Int32Array(order.length);
  for (let i = 0; i < order.length; i++) codes[i] = column.codes[order[i]];
  return { codes, dictionary: column.dictionary };
}

// src/ingest/native/fast-columns.ts
var FIRST_CAPACITY = 256;
function trimmed(data, rows) {
  return data.length - rows <= data.length / 8 ? data.subarray(0, rows) : data.slice(0, rows);
}
var Float64Rows = class {
  data = new Float64Array(0);
  reserved = 0;
  /** One past the highest row set. */
  length = 0;
  /** The rows the column is expected to hold: the array is allocated at this size when first needed. */
  reserve(rows) {
    this.reserved = Math.max(this.reserved, rows);
  }
  set(row, value4) {
    if (row >= this.data.length) this.grow(row + 1);
    if (row > this.length) this.data.fill(NaN, this.length, row);
    this.data[row] = value4;
    if (row >= this.length) this.length = row + 1;
  }
  /** Grows the array to hold at least `rows` rows. */
  grow(rows) {
    const old = this.data;
    const next = new Float64Array(Math.max(rows, old.length * 2, this.reserved, FIRST_CAPACITY));
    next.set(old.subarray(0, this.length));
    this.data = next;
  }
  /** The value at `row` (NaN where none was set). */
  get(row) {
    return row < this.length ? this.data[row] : NaN;
  }
  /**
   * The first `rows` values, in the order `order` gives (out[i] = value at order[i]) or in row order;
   * the builder's last use of the column. `scratch` (at least `rows` long, any contents) is where
   * the values wait while they are permuted in place.
   */
  finish(rows, order, scratch2) {
    if (this.data.length < rows) this.grow(rows);
    if (this.length < rows) this.data.fill(NaN, this.length, rows);
    const data = this.data;
    this.data = new Float64Array(0);
    this.length = 0;
    if (order) {
      const from = scratch2 ?? new Float64Array(rows);
      from.set(data.subarray(0, rows));
      for (let r = 0; r < rows; r++) data[r] = from[order[r]];
    }
    return trimmed(data, rows);
  }
};
var NumberRows = class {
  data;
  reserved = 0;
  /** True once the column is Float64 (from the start for a column that is not narrow). */
  wide;
  /** True while the column is Uint16. */
  short;
  /** One past the highest row set. */
  length = 0;
  constructor(narrow = false) {
    this.wide = !narrow;
    this.short = narrow;
    this.data = narrow ? new Uint16Array(0) : new Float64Array(0);
  }
  reserve(rows) {
    this.reserved = Math.max(this.reserved, rows);
  }
  /**
   * The array to write the next row (row `length`, when below the array's length) into directly, a
   * value that fits it (see fits), then set `length` one higher; set() does every other case.
   */
  get values() {
    return this.data;
  }
  /** Whether the column's array holds `value` exactly (a value that is not NaN). */
  fits(value4) {
    if (this.wide) return true;
    if (this.short) return (value4 & 65535) === value4 && (value4 !== 0 || 1 / value4 > 0);
    return Math.fround(value4) === value4;
  }
  set(row, value4) {
    if (!this.fits(value4) || this.short && row > this.length)
      this.widen(Number.isNaN(value4) || Math.fround(value4) === value4);
    if (row >= this.data.length) this.grow(row + 1);
    if (row > this.length) this.data.fill(NaN, this.length, row);
    this.data[row] = value4;
    if (row >= this.length) this.length = row + 1;
  }
  grow(rows) {
    const old = this.data;
    const size = Math.max(rows, old.length * 2, this.reserved, FIRST_CAPACITY);
    const next = this.wide ? new Float64Array(size) : this.short ? new Uint16Array(size) : new Float32Array(size);
    next.set(old.subarray(0, this.length));
    this.data = next;
  }
  /** To Float32 (from Uint16, when `toFloat32`), else to Float64. */
  widen(toFloat32) {
    const old = this.data;
    const next = toFloat32 && this.short ? new Float32Array(old.length) : new Float64Array(old.length);
    next.set(old.subarray(0, this.length));
    this.data = next;
    this.wide = next instanceof Float64Array;
    this.short = false;
  }
  get(row) {
    return row < this.length ? this.data[row] : NaN;
  }
  /**
   * Like Float64Rows.finish (`scratch`, a Float64Array of at least `rows`, also serves a Float32 or
   * Uint16 column).
   */
  finish(rows, order, scratch2) {
    if (this.short && this.length < rows) this.widen(true);
    if (this.data.length < rows) this.grow(rows);
    if (this.length < rows) this.data.fill(NaN, this.length, rows);
    const data = this.data;
    this.data = this.wide ? new Float64Array(0) : this.short ? new Uint16Array(0) : new Float32Array(0);
    this.length = 0;
    if (order) {
      const from = data instanceof Float64Array ? scratch2 ?? new Float64Array(rows) : data instanceof Float32Array ? scratch2 ? new Float32Array(scratch2.buffer, scratch2.byteOffset, rows) : new Float32Array(rows) : scratch2 ? new Uint16Array(scratch2.buffer, scratch2.byteOffset, rows) : new Uint16Array(rows);
      from.set(data.subarray(0, rows));
      for (let r = 0; r < rows; r++) data[r] = from[order[r]];
    }
    return trimmed(data, rows);
  }
};
var CodeRows = class {
  data = new Int8Array(0);
  reserved = 0;
  /** The largest code the array holds. */
  limit = 127;
  length = 0;
  reserve(rows) {
    this.reserved = Math.max(this.reserved, rows);
  }
  set(row, code2) {
    if (code2 > this.limit) this.widen(code2);
    if (row >= this.data.length) this.grow(row + 1);
    if (row > this.length) this.data.fill(-1, this.length, row);
    this.data[row] = code2;
    if (row >= this.length) this.length = row + 1;
  }
  make(size) {
    return this.limit === 127 ? new Int8Array(size) : this.limit === 32767 ? new Int16Array(size) : new Int32Array(size);
  }
  grow(rows) {
    const old = this.data;
    const next = this.make(Math.max(rows, old.length * 2, this.reserved, FIRST_CAPACITY));
    next.set(old.subarray(0, this.length));
    this.data = next;
  }
  widen(code2) {
    this.limit = code2 <= 32767 ? 32767 : 2147483647;
    const old = this.data;
    const next = this.make(old.length);
    next.set(old.subarray(0, this.length));
    this.data = next;
  }
  /** Like Float64Rows.finish; `scratch` holds at least `rows` Int32 values (any narrower kind fits in it). */
  finish(rows, order, scratch2) {
    if (this.data.length < rows) this.grow(rows);
    if (this.length < rows) this.data.fill(-1, this.length, rows);
    const data = this.data;
    this.data = new Int8Array(0);
    this.length = 0;
    if (order) {
      const from = scratch2 ? codesView(data, scratch2, rows) : this.make(rows);
      from.set(data.subarray(0, rows));
      for (let r = 0; r < rows; r++) data[r] = from[order[r]];
    }
    return trimmed(data, rows);
  }
};
function codesView(like, scratch2, rows) {
  if (like instanceof Int8Array) return new Int8Array(scratch2.buffer, scratch2.byteOffset, rows);
  if (like instanceof Int16Array) return new Int16Array(scratch2.buffer, scratch2.byteOffset, rows);
  return scratch2.subarray(0, rows);
}
var Int32Rows = class {
  constructor(missing) {
    this.missing = missing;
  }
  missing;
  data = new Int32Array(0);
  reserved = 0;
  length = 0;
  reserve(rows) {
    this.reserved = Math.max(this.reserved, rows);
  }
  set(row, value4) {
    if (row >= this.data.length) this.grow(row + 1);
    if (row > this.length) this.data.fill(this.missing, this.length, row);
    this.data[row] = value4;
    if (row >= this.length) this.length = row + 1;
  }
  grow(rows) {
    const old = this.data;
    const next = new Int32Array(Math.max(rows, old.length * 2, this.reserved, FIRST_CAPACITY));
    next.set(old.subarray(0, this.length));
    this.data = next;
  }
  /** Like Float64Rows.finish; `scratch` holds at least `rows` Int32 values. */
  finish(rows, order, scratch2) {
    if (this.data.length < rows) this.grow(rows);
    if (this.length < rows) this.data.fill(this.missing, this.length, rows);
    const data = this.data;
    this.data = new Int32Array(0);
    this.length = 0;
    if (order) {
      const from = scratch2 ?? new Int32Array(rows);
      from.set(data.subarray(0, rows));
      for (let r = 0; r < rows; r++) data[r] = from[order[r]];
    }
    return trimmed(data, rows);
  }
};
var SHORTEST_VIEW = 13;
var TextRows = class {
  codes = new CodeRows();
  dictionary = [];
  /** hash of each dictionary entry, by code (kept for growing the table). */
  hashes = new Int32Array(16);
  /** code + 1 per slot, 0 for an empty one; at most half full. */
  table = new Int32Array(32);
  reserve(rows) {
    this.codes.reserve(rows);
  }
  /**
   * Sets the row's value and returns the dictionary's string for it. `sliced`: the value may be a
   * view into a larger string, so a new dictionary entry is stored as a copy of its own. `hash`:
   * textHash(value), when the caller has it already.
   */
  set(row, value4, sliced = false, hash) {
    const h = hash ?? textHash(value4);
    const table2 = this.table;
    const mask = table2.length - 1;
    let slot = h & mask;
    for (; ; ) {
      const entry = table2[slot];
      if (entry === 0) break;
      const known = this.dictionary[entry - 1];
      if (this.hashes[entry - 1] === h && known === value4) {
        this.codes.set(row, entry - 1);
        return known;
      }
      slot = slot + 1 & mask;
    }
    const code2 = this.dictionary.length;
    const own2 = sliced && value4.length >= SHORTEST_VIEW ? ownCopy(value4) : value4;
    this.dictionary.push(own2);
    if (code2 === this.hashes.length) {
      const grown = new Int32Array(code2 * 2);
      grown.set(this.hashes);
      this.hashes = grown;
    }
    this.hashes[code2] = h;
    table2[slot] = code2 + 1;
    if (2 * (code2 + 1) > table2.length) this.rehash();
    this.codes.set(row, code2);
    return own2;
  }
  rehash() {
    const table2 = new Int32Array(this.table.length * 2);
    const mask = table2.length - 1;
    for (let code2 = 0; code2 < this.dictionary.length; code2++) {
      let slot = this.hashes[code2] & mask;
      while (table2[slot] !== 0) slot = slot + 1 & mask;
      table2[slot] = code2 + 1;
    }
    this.table = table2;
  }
  /** Drops the lookup table: no value is set after this (finish calls it too). */
  seal() {
    this.table = new Int32Array(0);
    this.hashes = new Int32Array(0);
  }
  finish(rows, order, scratch2) {
    this.seal();
    return { codes: this.codes.finish(rows, order, scratch2), dictionary: this.dictionary };
  }
};
var TEXT_HASH_START = 2166136261 | 0;
function textHashStep(h, code2) {
  return Math.imul(h ^ code2, 16777619);
}
function textHashFinish(h) {
  h ^= h >>> 15;
  h = Math.imul(h, 739982445);
  return h ^ h >>> 12;
}
function textHash(text) {
  let h = TEXT_HASH_START;
  for (let i = 0; i < text.length; i++) h = textHashStep(h, text.charCodeAt(i));
  return textHashFinish(h);
}
function ownCopy(text) {
  return JSON.parse(JSON.stringify(text));
}

// src/stats/radix-passes.ts
var DIGIT_BITS = 16;
var SMALL_DIGIT_BITS = 11;
var BUCKETS = 1 << DIGIT_BITS;
function digitBits(n) {
  return n >= BUCKETS ? DIGIT_BITS : SMALL_DIGIT_BITS;
}
var RADIX_MIN = 2048;
var LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
var SCRATCH_MAX = 1 << 19;
var Scratch = { Keys: 0, NextKeys: 1, Order: 2, NextOrder: 3 };
var scratch = [new Uint32Array(0), new Uint32Array(0), new Uint32Array(0), new Uint32Array(0)];
var histogram = new Uint32Array(0);
function sortScratch(slot, n) {
  if (n > SCRATCH_MAX) return new Uint32Array(n);
  if (scratch[slot].length < n) scratch[slot] = new Uint32Array(n);
  return scratch[slot].subarray(0, n);
}
function digitCounts(n) {
  if (histogram.length === 0) histogram = new Uint32Array(BUCKETS);
  return histogram.subarray(0, 1 << digitBits(n));
}
function sortKeys(keys, bits, n) {
  let fromKeys = keys;
  let toKeys = sortScratch(Scratch.NextKeys, n);
  let order = sortScratch(Scratch.Order, n);
  let next = sortScratch(Scratch.NextOrder, n);
  const digit = digitBits(n);
  const mask = (1 << digit) - 1;
  const counts = digitCounts(n);
  for (let i = 0; i < n; i++) order[i] = i;
  for (let shift = 0; shift < bits; shift += digit) {
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[fromKeys[i] >>> shift & mask]++;
    if (!prefixSums(counts, n)) continue;
    for (let i = 0; i < n; i++) {
      const key = fromKeys[i];
      const at = counts[key >>> shift & mask]++;
      toKeys[at] = key;
      next[at] = order[i];
    }
    const swapKeys = fromKeys;
    fromKeys = toKeys;
    toKeys = swapKeys;
    const swapOrder = order;
    order = next;
    next = swapOrder;
  }
  if (fromKeys !== keys) keys.set(fromKeys);
  return order;
}
function prefixSums(counts, n) {
  let sum = 0;
  for (let d = 0; d < counts.length; d++) {
    const c = counts[d];
    if (c === n) return false;
    counts[d] = sum;
    sum += c;
  }
  return true;
}
function sortDoubles(values) {
  const n = values.length;
  const words = new Uint32Array(values.buffer, values.byteOffset, n * 2);
  const loAt = LITTLE_ENDIAN ? 0 : 1;
  const hiAt = 1 - loAt;
  const hiKeys = sortScratch(Scratch.Keys, n);
  const loKeys = sortScratch(Scratch.NextKeys, n);
  for (let i = 0; i < n; i++) {
    let hi = words[2 * i + hiAt];
    let lo = words[2 * i + loAt];
    if (values[i] === 0) hi = lo = 0;
    if (hi >= 2147483648) {
      hi = ~hi >>> 0;
      lo = ~lo >>> 0;
    } else {
      hi = (hi | 2147483648) >>> 0;
    }
    hiKeys[i] = hi;
    loKeys[i] = lo;
  }
  let order = sortScratch(Scratch.Order, n);
  let next = sortScratch(Scratch.NextOrder, n);
  const digit = digitBits(n);
  const mask = (1 << digit) - 1;
  const counts = digitCounts(n);
  for (let i = 0; i < n; i++) order[i] = i;
  for (const keys of [loKeys, hiKeys]) {
    for (let shift = 0; shift < 32; shift += digit) {
      counts.fill(0);
      for (let i = 0; i < n; i++) counts[keys[i] >>> shift & mask]++;
      if (!prefixSums(counts, n)) continue;
      for (let i = 0; i < n; i++) {
        const row = order[i];
        next[counts[keys[row] >>> shift & mask]++] = row;
      }
      const swap3 = order;
      order = next;
      next = swap3;
    }
  }
  return order;
}

// src/stats/integer-keys.ts
var MAX_DECIMALS = 6;
function integerKeys(values) {
  const n = values.length;
  let decimals = -1;
  for (let d = 0; d <= MAX_DECIMALS && decimals < 0; d++) {
    const scale2 = 10 ** d;
    let ok2 = true;
    for (let i = 0; i < Math.min(n, 64) && ok2; i++) ok2 = fits(values[i], scale2);
    if (ok2) decimals = d;
  }
  if (decimals < 0) return void 0;
  const scale = 10 ** decimals;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (!fits(v, scale)) return void 0;
    const k = Math.round(v * scale);
    if (k < min) min = k;
    if (k > max) max = k;
  }
  const span2 = max - min;
  if (!(span2 < 2 ** 32)) return void 0;
  const keys = sortScratch(Scratch.Keys, n);
  for (let i = 0; i < n; i++) keys[i] = Math.round(values[i] * scale) - min;
  return { keys, bits: 32 - Math.clz32(span2), min, scale, span: span2 };
}
function fits(v, scale) {
  const k = Math.round(v * scale);
  return k / scale === v && k <= Number.MAX_SAFE_INTEGER && k >= -Number.MAX_SAFE_INTEGER;
}
function sortDecimalsInPlace(values) {
  const n = values.length;
  if (n < RADIX_MIN) return false;
  const scaled2 = integerKeys(values);
  if (!scaled2) return false;
  const { keys, min, scale, span: span2 } = scaled2;
  let negativeZeros = 0;
  for (let i = 0; i < n; i++) if (values[i] === 0 && Object.is(values[i], -0)) negativeZeros++;
  if (span2 < Math.max(BUCKETS, n)) {
    const counts = new Uint32Array(span2 + 1);
    for (let i = 0; i < n; i++) counts[keys[i]]++;
    let at = 0;
    for (let key = 0; key <= span2; key++) {
      const c = counts[key];
      if (c === 0) continue;
      values.fill((key + min) / scale, at, at + c);
      at += c;
    }
  } else {
    let from = keys;
    let to = sortScratch(Scratch.NextKeys, n);
    const digit = digitBits(n);
    const mask = (1 << digit) - 1;
    const counts = digitCounts(n);
    for (let shift = 0; shift < scaled2.bits; shift += digit) {
      counts.fill(0);
      for (let i = 0; i < n; i++) counts[from[i] >>> shift & mask]++;
      if (!prefixSums(counts, n)) continue;
      for (let i = 0; i < n; i++) {
        const key = from[i];
        to[counts[key >>> shift & mask]++] = key;
      }
      const swap3 = from;
      from = to;
      to = swap3;
    }
    for (let i = 0; i < n; i++) values[i] = (from[i] + min) / scale;
  }
  if (negativeZeros > 0) {
    let first = 0;
    while (values[first] !== 0) first++;
    values.fill(-0, first, first + negativeZeros);
  }
  return true;
}

// src/stats/radix-order.ts
function comparatorOrder(values) {
  const order = new Uint32Array(values.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  order.sort((a, b) => values[a] - values[b] || a - b);
  return order;
}
function stableOrder(values) {
  const n = values.length;
  if (n < RADIX_MIN) return comparatorOrder(values);
  const scaled2 = integerKeys(values);
  return (scaled2 ? sortKeys(scaled2.keys, scaled2.bits, n) : sortDoubles(values)).slice();
}
function sortedOrderView(values, into) {
  const n = values.length;
  let order;
  let sorted;
  const scaled2 = n < RADIX_MIN ? void 0 : integerKeys(values);
  if (scaled2) {
    const { keys, min, scale } = scaled2;
    order = sortKeys(keys, scaled2.bits, n);
    sorted = into ?? new Float64Array(n);
    for (let k = 0; k < n; k++) sorted[k] = (keys[k] + min) / scale;
  } else {
    order = n < RADIX_MIN ? comparatorOrder(values) : sortDoubles(values);
    sorted = into ?? new Float64Array(n);
    for (let k = 0; k < n; k++) sorted[k] = values[order[k]];
  }
  signZeros(values, sorted);
  return { order, sorted };
}
function signZeros(values, sorted) {
  let negativeZeros = 0;
  for (let i = 0; i < values.length; i++) if (values[i] === 0 && Object.is(values[i], -0)) negativeZeros++;
  let first = 0;
  while (first < sorted.length && sorted[first] < 0) first++;
  let end = first;
  while (end < sorted.length && sorted[end] === 0) end++;
  sorted.fill(-0, first, first + negativeZeros);
  sorted.fill(0, first + negativeZeros, end);
}
function nearlySortedOrder(values, budget = 32, into) {
  const n = values.length;
  const order = into ? into.subarray(0, n) : new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  let moves = 0;
  const most = budget * n;
  for (let k = 1; k < n; k++) {
    const v = values[k];
    let j = k - 1;
    while (j >= 0 && values[order[j]] > v) {
      order[j + 1] = order[j];
      j--;
    }
    order[j + 1] = k;
    moves += k - 1 - j;
    if (moves > most) return stableOrder(values);
  }
  return order;
}

// src/ingest/native/fast-sort.ts
var RADIX_MIN_ROWS = 2048;
function arrivalOrder(arrival) {
  let sorted = true;
  for (let i = 1; i < arrival.length && sorted; i++) if (arrival[i] < arrival[i - 1]) sorted = false;
  if (sorted) return void 0;
  return arrival.length < RADIX_MIN_ROWS ? comparatorOrder2(arrival) : nearlySortedOrder(arrival);
}
function comparatorOrder2(arrival) {
  const order = new Uint32Array(arrival.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  order.sort((a, b) => arrival[a] - arrival[b] || a - b);
  return order;
}

// src/ingest/native/values.ts
function isError(p) {
  return typeof p === "object";
}
function parseNonNegative(value4, what) {
  const n = toNumber(value4, what);
  if (typeof n !== "number") return n;
  if (n < 0) return { error: `expected a ${what} ≥ 0, got ${n}` };
  return n;
}
function parseTimestamp(value4) {
  if (typeof value4 === "string") {
    const trimmed2 = value4.trim();
    if (trimmed2 === "") return void 0;
    if (!/^[+-]?[0-9.eE+-]+$/.test(trimmed2)) {
      if (!/^\d{4}-\d{2}-\d{2}[T ]/.test(trimmed2)) {
        return { error: `expected a timestamp (seconds since the epoch or ISO 8601), got "${shown(trimmed2)}"` };
      }
      const iso = trimmed2.replace(" ", "T");
      const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(iso) || !/T\d/.test(iso) ? iso : `${iso}Z`;
      const ms2 = Date.parse(zoned);
      if (Number.isNaN(ms2)) return { error: `expected an ISO 8601 timestamp, got "${shown(trimmed2)}"` };
      return isoSeconds(trimmed2, ms2);
    }
  }
  const n = toNumber(value4, "timestamp");
  if (typeof n !== "number") return n;
  const magnitude = Math.abs(n);
  if (magnitude > 1e17) return n / 1e9;
  if (magnitude > 1e14) return n / 1e6;
  if (magnitude > 1e11) return n / 1e3;
  return n;
}
function isoSeconds(iso, ms2) {
  const match = /:\d{2}\.(\d+)/.exec(iso);
  if (!match) return ms2 / 1e3;
  return Math.floor(ms2 / 1e3) + Number(`0.${match[1]}`);
}
function toNumber(value4, what) {
  if (value4 === null || value4 === void 0) return void 0;
  if (typeof value4 === "number") {
    if (!Number.isFinite(value4)) return { error: `expected a finite ${what}, got ${value4}` };
    return value4;
  }
  if (typeof value4 === "string") {
    const trimmed2 = value4.trim();
    if (trimmed2 === "") return void 0;
    const n = Number(trimmed2);
    if (Number.isNaN(n) || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(trimmed2)) {
      if (/^[+-]?(inf|infinity|nan)$/i.test(trimmed2)) return { error: `expected a finite ${what}, got "${trimmed2}"` };
      return { error: `expected a ${what} (a number), got "${shown(trimmed2)}"` };
    }
    if (!Number.isFinite(n)) return { error: `expected a finite ${what}, got "${shown(trimmed2)}"` };
    return n;
  }
  return { error: `expected a ${what} (a number), got ${describe(value4)}` };
}
function describe(value4) {
  if (typeof value4 === "boolean") return String(value4);
  if (Array.isArray(value4)) return "a list";
  return typeof value4 === "object" ? "an object" : `a ${typeof value4}`;
}
function shown(text) {
  return visibleText(clip(text));
}
function clip(text, max = 40) {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

// src/ingest/request-table.ts
var FIELD_INDEX = new Map(NUMERIC_FIELDS.map((f, i) => [f, i]));
var REQUIRED_INDEX = REQUIRED_FIELDS.map((f) => FIELD_INDEX.get(f));
var UNSTORED_TEXT = "request_id";
var MAX_EXTRA_FIELDS = 64;
var MAX_EXTRA_TEXT = 500;
var ExtraColumn = class {
  numbers = new NumberColumnBuilder();
  text;
  set(row, value4) {
    if (typeof value4 === "number" && this.numbers) {
      this.numbers.set(row, value4);
      return;
    }
    if (this.numbers) this.convertToText();
    this.text.set(row, String(value4));
  }
  convertToText() {
    const previous = this.numbers.finish(this.numbers.length);
    this.text = new TextColumnBuilder();
    for (let i = 0; i < previous.length; i++) if (!Number.isNaN(previous[i])) this.text.set(i, String(previous[i]));
    this.numbers = void 0;
  }
  finish(rows) {
    return this.numbers ? this.numbers.finish(rows) : this.text.finish(rows);
  }
};
var RecordText = class {
  fields = [];
  values = [];
  /** textHash of the value when the fast path computed it, else NaN. */
  hashes = new Float64Array(8);
  size = 0;
  set(field, value4, hash = NaN) {
    for (let i = 0; i < this.size; i++) {
      if (this.fields[i] === field) {
        this.values[i] = value4;
        this.hashes[i] = hash;
        return;
      }
    }
    this.fields[this.size] = field;
    this.hashes[this.size] = hash;
    this.values[this.size++] = value4;
  }
  has(field) {
    for (let i = 0; i < this.size; i++) if (this.fields[i] === field) return true;
    return false;
  }
  clear() {
    this.size = 0;
  }
};
var RequestTableBuilder = class {
  constructor(file) {
    this.file = file;
  }
  file;
  // Columns sized once for the rows expected (reserve, fast-columns.ts), permuted in place at the end.
  // Counts are kept as Uint16, then Float32, while that holds every one exactly (NumberRows).
  numbers = NUMERIC_FIELDS.map((field) => new NumberRows(isCountField(field)));
  seen = new Array(NUMERIC_FIELDS.length).fill(false);
  text = /* @__PURE__ */ new Map();
  extras = /* @__PURE__ */ new Map();
  sourceLine = new Int32Rows(0);
  reserved = 0;
  // Every token gap of every request, concatenated; gapEnds[row] is where the row's gaps end. Rows
  // before the first request with gaps end at 0: gapEnds is only written once gaps are seen.
  gapValues = new Float64Rows();
  gapEnds = new Float64Rows();
  gapCount = 0;
  gapsSeen = false;
  scratchGaps;
  ignoredExtraFields = /* @__PURE__ */ new Set();
  issues = new IssueLog();
  rows = 0;
  read = 0;
  skipped = 0;
  firstRejection;
  // Scratch space for the record being validated.
  scratch = new Float64Array(NUMERIC_FIELDS.length);
  scratchText = new RecordText();
  scratchExtra = [];
  get recordsRead() {
    return this.read;
  }
  /**
   * The number of records the source is expected to hold (the reader's estimate from its size):
   * columns are then allocated once at about that size. Only memory and speed depend on it.
   */
  reserve(rows) {
    this.reserved = Math.max(this.reserved, Math.ceil(rows));
    for (const column of this.numbers) column.reserve(this.reserved);
    for (const column of this.text.values()) column.reserve(this.reserved);
    this.sourceLine.reserve(this.reserved);
  }
  /**
   * For the JSONL fast path (byte-jsonl.ts), which parses a record of the known flat shape itself:
   * starts a record as addRecord does; the caller writes the record's values into `parsedNumbers`
   * (by NUMERIC_FIELDS index) and `parsedText` (in the record's key order), only values that
   * addRecord would accept as they are, then calls commitParsed.
   */
  beginParsed() {
    this.begin();
  }
  get parsedNumbers() {
    return this.scratch;
  }
  /**
   * A text value of the record, in key order; as addRecord, only a value it would store. `hash`:
   * its textHash (fast-columns.ts).
   */
  setParsedText(field, value4, hash) {
    this.scratchText.set(field, value4, hash);
  }
  /** Stores (or rejects, when a required field is missing) the record filled in since beginParsed. */
  commitParsed(line) {
    this.read++;
    this.commit(line);
  }
  /** A record's JSON text as a value, or undefined once it is counted and reported as not JSON. */
  parseRecordText(text, line, label = "") {
    try {
      return { value: parseJsonLenient(text) };
    } catch (error) {
      this.recordUnparsable(line, `${label ? `${label}: ` : ""}not valid JSON: ${error.message}`);
      return void 0;
    }
  }
  /** A record that could not even be parsed: counted as read, reported, skipped. */
  recordUnparsable(line, message) {
    this.read++;
    this.reject({ file: this.file, line, message });
  }
  /** Logs why the record being read is skipped, and counts it. */
  reject(issue) {
    this.skipped++;
    this.firstRejection ??= issue;
    this.issues.add(issue);
  }
  /**
   * A parsed JSON value that should be one request object; `gaps` are the request's inter-token
   * gaps in ms, when the artifact has them (adapters of tools that save every token's timing).
   */
  addRecord(record3, line, gaps) {
    this.read++;
    if (record3 === null || typeof record3 !== "object" || Array.isArray(record3)) {
      this.reject({
        file: this.file,
        line,
        message: `expected a JSON object for one request, got ${Array.isArray(record3) ? "a list" : JSON.stringify(record3)?.slice(0, 40)}`
      });
      return;
    }
    this.begin();
    for (const [name, value4] of Object.entries(record3)) {
      if (!this.accept(name, value4, line, false)) return;
    }
    if (gaps && !this.acceptGaps(gaps, line)) return;
    this.commit(line);
  }
  acceptGaps(gaps, line) {
    this.scratchGaps = [];
    for (let k = 0; k < gaps.length; k++) {
      const g2 = gaps[k];
      if (typeof g2 !== "number" || !Number.isFinite(g2) || g2 < 0) {
        this.reject({
          file: this.file,
          line,
          field: "itl",
          message: `token gap ${k + 1}: expected a duration ≥ 0, got ${JSON.stringify(g2)?.slice(0, 20)}`
        });
        return false;
      }
      this.scratchGaps.push(g2);
    }
    return true;
  }
  /** One CSV row, cells aligned with `header`. */
  addRow(header, cells, line) {
    this.read++;
    if (cells.length !== header.length) {
      this.reject({
        file: this.file,
        line,
        message: `expected ${header.length} columns as in the header, got ${cells.length}`
      });
      return;
    }
    this.begin();
    for (let i = 0; i < header.length; i++) {
      if (!this.accept(header[i], cells[i], line, true)) return;
    }
    this.commit(line);
  }
  begin() {
    this.scratchGaps = void 0;
    this.scratch.fill(NaN);
    this.scratchText.clear();
    this.scratchExtra.length = 0;
  }
  /** Validates one field into the scratch record; false (and an issue logged) when the line is bad. */
  accept(name, value4, line, fromCsv) {
    if (isNumericField(name)) {
      const parsed = name === "arrival_ts" ? parseTimestamp(value4) : parseNonNegative(value4, name.endsWith("_ms") ? "duration in ms" : "count");
      if (isError(parsed)) {
        this.reject({ file: this.file, line, field: name, message: parsed.error });
        return false;
      }
      if (parsed !== void 0) this.scratch[FIELD_INDEX.get(name)] = parsed;
      return true;
    }
    if (isTextField(name)) {
      if (value4 === null || value4 === void 0) return true;
      if (name === "error") {
        if (value4 === false || typeof value4 === "string" && value4.trim() === "") return true;
        this.scratchText.set(
          name,
          value4 === true ? "error" : typeof value4 === "string" ? value4 : JSON.stringify(value4)
        );
        return true;
      }
      const text = typeof value4 === "string" ? value4 : JSON.stringify(value4);
      if (text !== "") this.scratchText.set(name, text);
      return true;
    }
    const extra = extraValue(value4, fromCsv);
    if (extra !== void 0) this.scratchExtra.push({ name, value: extra });
    return true;
  }
  /** `sliced`: text values may be views into a larger string, see TextRows. */
  commit(line, sliced = false) {
    const failed2 = this.scratchText.has("error");
    if (!failed2) {
      for (let r = 0; r < REQUIRED_FIELDS.length; r++) {
        const field = REQUIRED_FIELDS[r];
        if (Number.isNaN(this.scratch[REQUIRED_INDEX[r]])) {
          this.reject({
            file: this.file,
            line,
            field,
            message: 'missing: every successful request needs first_token_ms and total_ms (or a non-empty "error")'
          });
          return;
        }
      }
    }
    const row = this.rows++;
    const scratch2 = this.scratch;
    for (let f = 0; f < NUMERIC_FIELDS.length; f++) {
      const v = scratch2[f];
      if (v === v) {
        const column = this.numbers[f];
        const values = column.values;
        if (row === column.length && row < values.length && column.fits(v)) {
          values[row] = v;
          column.length = row + 1;
        } else {
          column.set(row, v);
        }
        this.seen[f] = true;
      }
    }
    const recordText = this.scratchText;
    for (let t = 0; t < recordText.size; t++) {
      const field = recordText.fields[t];
      if (field === UNSTORED_TEXT) continue;
      const value4 = recordText.values[t];
      const hash = recordText.hashes[t];
      let column = this.text.get(field);
      if (!column) {
        this.text.set(field, column = new TextRows());
        column.reserve(this.reserved);
      }
      column.set(row, value4, sliced, Number.isNaN(hash) ? void 0 : hash);
    }
    for (let e = 0; e < this.scratchExtra.length; e++) {
      const { name, value: value4 } = this.scratchExtra[e];
      let column = this.extras.get(name);
      if (!column) {
        if (this.extras.size >= MAX_EXTRA_FIELDS) {
          this.ignoredExtraFields.add(name);
          continue;
        }
        this.extras.set(name, column = new ExtraColumn());
      }
      column.set(row, value4);
    }
    this.sourceLine.set(row, line);
    if (this.scratchGaps) {
      if (!this.gapsSeen) for (let r = 0; r < row; r++) this.gapEnds.set(r, 0);
      this.gapsSeen = true;
      for (const g2 of this.scratchGaps) this.gapValues.set(this.gapCount++, g2);
    }
    if (this.gapsSeen) this.gapEnds.set(row, this.gapCount);
  }
  finish() {
    const warnings = [];
    if (this.ignoredExtraFields.size > 0) {
      warnings.push(
        `${this.ignoredExtraFields.size} extra field(s) beyond the first ${MAX_EXTRA_FIELDS} were not kept: ${[
          ...this.ignoredExtraFields
        ].slice(0, 5).map((f) => clip(f, 30)).join(", ")}`
      );
    }
    const rows = this.rows;
    if (rows === 0)
      return {
        table: void 0,
        recordsRead: this.read,
        skipped: this.skipped,
        firstRejection: this.firstRejection,
        issues: this.issues,
        warnings
      };
    for (const column of this.text.values()) column.seal();
    const arrivalField = FIELD_INDEX.get("arrival_ts");
    const fileArrival = this.seen[arrivalField] ? this.numbers[arrivalField].finish(rows) : void 0;
    const missingArrival = fileArrival ? countNaN(fileArrival) : rows;
    const byArrival2 = fileArrival !== void 0 && missingArrival === 0;
    const order = byArrival2 ? arrivalOrder(fileArrival) : void 0;
    const scratch2 = order ? new Float64Array(rows) : void 0;
    const scratchCodes = scratch2 ? new Int32Array(scratch2.buffer, 0, rows) : void 0;
    if (order) {
      scratch2.set(fileArrival);
      for (let r = 0; r < rows; r++) fileArrival[r] = scratch2[order[r]];
    }
    const numbers = {};
    NUMERIC_FIELDS.forEach((field, f) => {
      if (!this.seen[f]) return;
      numbers[field] = f === arrivalField ? fileArrival : this.numbers[f].finish(rows, order, scratch2);
    });
    const text = {};
    for (const [field, column] of this.text) text[field] = column.finish(rows, order, scratchCodes);
    const extraNumbers = /* @__PURE__ */ new Map();
    const extraText = /* @__PURE__ */ new Map();
    for (const [name, column] of this.extras) {
      const done = column.finish(rows);
      if (done instanceof Float64Array) extraNumbers.set(name, order ? permuteNumbers(done, order) : done);
      else extraText.set(name, order ? permuteText(done, order) : done);
    }
    const lines = this.sourceLine.finish(rows, order, scratchCodes);
    const sourceLine = new Uint32Array(lines.buffer, lines.byteOffset, rows);
    if (fileArrival && missingArrival > 0) {
      warnings.push(
        `arrival_ts is missing on ${missingArrival} of ${rows} requests: kept file order, so time blocks follow the file`
      );
    } else if (!fileArrival) {
      warnings.push("no arrival_ts: requests kept in file order; time blocks and rates follow the file");
    }
    const fileGaps = this.gapsSeen ? gapTable(this.gapEnds.finish(rows), this.gapValues.finish(this.gapCount)) : void 0;
    const tokenGaps = fileGaps && order ? permuteGaps(fileGaps, order) : fileGaps;
    const table2 = {
      length: rows,
      numbers,
      text,
      extraNumbers,
      extraText,
      sourceLine,
      orderedByArrival: byArrival2,
      ...tokenGaps ? { tokenGaps } : {}
    };
    return {
      table: table2,
      recordsRead: this.read,
      skipped: this.skipped,
      firstRejection: this.firstRejection,
      issues: this.issues,
      warnings
    };
  }
};
function extraValue(value4, fromCsv) {
  if (value4 === null || value4 === void 0) return void 0;
  if (typeof value4 === "number") return Number.isFinite(value4) ? value4 : String(value4);
  if (typeof value4 === "string") {
    if (value4 === "") return void 0;
    if (fromCsv) {
      const trimmed2 = value4.trim();
      const n = Number(trimmed2);
      if (trimmed2 !== "" && Number.isFinite(n)) return n;
    }
    return clip(value4, MAX_EXTRA_TEXT);
  }
  if (typeof value4 === "boolean") return String(value4);
  return clip(JSON.stringify(value4), MAX_EXTRA_TEXT);
}
function countNaN(values) {
  let n = 0;
  for (let i = 0; i < values.length; i++) if (Number.isNaN(values[i])) n++;
  return n;
}
function gapTable(ends, values) {
  const offsets = new Uint32Array(ends.length + 1);
  for (let i = 0; i < ends.length; i++) offsets[i + 1] = ends[i];
  return { offsets, values };
}
function permuteGaps(gaps, order) {
  const offsets = new Uint32Array(order.length + 1);
  const values = new Float64Array(gaps.values.length);
  let at = 0;
  for (let i = 0; i < order.length; i++) {
    const from = gaps.offsets[order[i]];
    const to = gaps.offsets[order[i] + 1];
    values.set(gaps.values.subarray(from, to), at);
    at += to - from;
    offsets[i + 1] = at;
  }
  return { offsets, values };
}

// src/ingest/native/byte-jsonl.ts
var NUMERIC_COUNT = NUMERIC_FIELDS.length;
var FIELD_NAMES = [...NUMERIC_FIELDS, ...TEXT_FIELDS];
var FIELD_COUNT = FIELD_NAMES.length;
var FIELD_ID = new Map(FIELD_NAMES.map((name, id) => [name, id]));
var FIELD_BYTES = FIELD_NAMES.map((name) => Uint8Array.from(name, (c) => c.charCodeAt(0)));
var FIELD_WORDS = FIELD_BYTES.map((b) => {
  const words = new Int32Array(b.length >> 2);
  for (let w = 0; w < words.length; w++)
    words[w] = b[4 * w] | b[4 * w + 1] << 8 | b[4 * w + 2] << 16 | b[4 * w + 3] << 24;
  return words;
});
var TEXT_NAMES = TEXT_FIELDS;
var ARRIVAL = NUMERIC_FIELDS.indexOf("arrival_ts");
var ERROR = NUMERIC_COUNT + TEXT_FIELDS.indexOf("error");
var UNSTORED = NUMERIC_COUNT + TEXT_FIELDS.indexOf(UNSTORED_TEXT);
var ERROR_TRUE_HASH = textHash("error");
var RECENT = 4;
var RECENT_REVIEW = 1024;
var RESERVE_MARGIN = 1.04;
var POW10 = Array.from({ length: 23 }, (_, k) => Number(`1e${k}`));
var TWO_53 = 2 ** 53;
var QUOTE3 = 34;
var BACKSLASH2 = 92;
var COLON2 = 58;
var COMMA2 = 44;
var OPEN = 123;
var CLOSE = 125;
var NEWLINE = 10;
var CR4 = 13;
var BOM4 = [239, 187, 191];
function asBuffer(bytes) {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
var ByteJsonlReader = class {
  /** `size`: the source's length in bytes when known, to size the columns from the first chunk. */
  constructor(builder, strict, size) {
    this.builder = builder;
    this.strict = strict;
    this.size = size;
  }
  builder;
  strict;
  size;
  /** Bytes after the last '\n' seen, waiting for the rest of their line: carry[0, carryLength). */
  carry = Buffer.alloc(0);
  carryLength = 0;
  /** The first bytes, while they may still be the start of a BOM. */
  lead;
  lineNo = 0;
  started = false;
  /** The field at each key position of the last line read. */
  guess = new Int32Array(FIELD_COUNT).fill(-1);
  /** The number the last parseNumber read. */
  value = 0;
  /** Per text field: recent values, newest last. */
  recent = TEXT_FIELDS.map(() => []);
  remember = TEXT_FIELDS.map(() => true);
  lookups = new Int32Array(TEXT_FIELDS.length);
  misses = new Int32Array(TEXT_FIELDS.length);
  /** Lines read by the fast path, and handed to the strict path (blank ones too). */
  fastLines = 0;
  strictLines = 0;
  push(bytes) {
    let chunk = asBuffer(bytes);
    if (!this.started) {
      if (this.lead) {
        chunk = Buffer.concat([this.lead, chunk]);
        this.lead = void 0;
      }
      if (chunk.length === 0) return;
      if (chunk.length < BOM4.length && chunk.every((b, i) => b === BOM4[i])) {
        this.lead = chunk;
        return;
      }
      this.started = true;
      if (chunk[0] === BOM4[0] && chunk[1] === BOM4[1] && chunk[2] === BOM4[2]) chunk = chunk.subarray(3);
      this.reserve(chunk);
    }
    const last = chunk.lastIndexOf(NEWLINE);
    if (last === -1) {
      this.append(chunk);
      return;
    }
    let p = 0;
    if (this.carryLength > 0) {
      const nl = chunk.indexOf(NEWLINE);
      this.append(chunk.subarray(0, nl + 1));
      this.wholeLine();
      p = nl + 1;
    }
    const view = new DataView(chunk.buffer, chunk.byteOffset, chunk.length);
    while (p <= last) {
      const end = this.scan(chunk, view, p);
      if (end >= 0) {
        this.fastLines++;
        this.builder.commitParsed(++this.lineNo);
        p = end + 1;
        continue;
      }
      const nl = chunk.indexOf(NEWLINE, p);
      this.strictLine(chunk, p, nl);
      p = nl + 1;
    }
    if (p < chunk.length) this.append(chunk.subarray(p));
  }
  /** Reads the last line if anything (even a lone CR) follows the last '\n', then resets. */
  end() {
    if (this.lead) {
      this.append(this.lead);
      this.lead = void 0;
    }
    if (this.carryLength > 0) {
      this.append(Buffer.of(NEWLINE));
      this.wholeLine();
    }
    this.carryLength = 0;
    this.lineNo = 0;
    this.started = false;
  }
  /** Columns sized for the rows the source will hold, from the lines of its first chunk. */
  reserve(chunk) {
    if (!this.size || chunk.length === 0) return;
    let lines = 0;
    for (let nl = chunk.indexOf(NEWLINE); nl !== -1; nl = chunk.indexOf(NEWLINE, nl + 1)) lines++;
    if (lines === 0) return;
    this.builder.reserve(Math.min(this.size, lines * this.size * RESERVE_MARGIN / chunk.length + 64));
  }
  append(bytes) {
    const needed = this.carryLength + bytes.length;
    if (needed > this.carry.length) {
      const grown = Buffer.allocUnsafe(Math.max(needed, this.carry.length * 2, 4096));
      this.carry.copy(grown, 0, 0, this.carryLength);
      this.carry = grown;
    }
    bytes.copy(this.carry, this.carryLength);
    this.carryLength = needed;
  }
  /** The line in carry (ending with its '\n'), assembled across chunks or the last line. */
  wholeLine() {
    const line = this.carry;
    const nl = this.carryLength - 1;
    this.carryLength = 0;
    if (this.scan(line, new DataView(line.buffer, line.byteOffset, line.length), 0) === nl) {
      this.fastLines++;
      this.builder.commitParsed(++this.lineNo);
      return;
    }
    this.strictLine(line, 0, nl);
    if (this.carry.length > 1 << 20) this.carry = Buffer.alloc(0);
  }
  /** The line [p, nl) to the strict path, decoded, without the CR of a CRLF. */
  strictLine(s, p, nl) {
    const end = nl > p && s[nl - 1] === CR4 ? nl - 1 : nl;
    this.strictLines++;
    this.strict(s.toString("utf8", p, end), ++this.lineNo);
  }
  /**
   * Reads the record starting at `p` into the builder's record, keys in any order. Returns the index
   * of the '\n' that ends it, or -1 when the line is not one the fast path takes. Every scan below
   * stops at the '\n' that follows `p` (it fails every test but "is it the end"), so none needs a
   * bounds check and none reads past the line.
   */
  scan(s, view, p) {
    const builder = this.builder;
    builder.beginParsed();
    const numbers = builder.parsedNumbers;
    const guess = this.guess;
    if (s[p] !== OPEN) return -1;
    let c = s[++p];
    while (c === 32 || c === 9 || c === CR4) c = s[++p];
    if (c !== QUOTE3) return -1;
    let seen = 0;
    for (let k = 0; ; k++) {
      p++;
      let field = k < FIELD_COUNT ? guess[k] : -1;
      let known = false;
      if (field >= 0) {
        const name = FIELD_BYTES[field];
        const length = name.length;
        let j = 0;
        let same = true;
        if (p + length < s.length) {
          const words = FIELD_WORDS[field];
          for (; j < words.length; j++) {
            if (view.getInt32(p + 4 * j, true) !== words[j]) {
              same = false;
              break;
            }
          }
          j *= 4;
        }
        if (same) {
          while (j < length && s[p + j] === name[j]) j++;
          same = j === length && s[p + length] === QUOTE3;
        }
        if (same) {
          known = true;
          p += length + 1;
        }
      }
      if (!known) {
        let q = p;
        c = s[q];
        while (c !== QUOTE3) {
          if (c === BACKSLASH2 || c < 32 || c >= 128) return -1;
          c = s[++q];
        }
        field = FIELD_ID.get(s.toString("latin1", p, q)) ?? -1;
        if (field < 0) return -1;
        if (k < FIELD_COUNT) guess[k] = field;
        p = q + 1;
      }
      const bit = 1 << field;
      if ((seen & bit) !== 0) return -1;
      seen |= bit;
      c = s[p];
      while (c === 32 || c === 9 || c === CR4) c = s[++p];
      if (c !== COLON2) return -1;
      c = s[++p];
      while (c === 32 || c === 9 || c === CR4) c = s[++p];
      if (c === 110) {
        if (s[p + 1] !== 117 || s[p + 2] !== 108 || s[p + 3] !== 108) return -1;
        p += 4;
      } else if (field < NUMERIC_COUNT) {
        p = this.parseNumber(s, p);
        if (p < 0 || !this.storeNumber(numbers, field)) return -1;
      } else if (c === QUOTE3) {
        p = field === UNSTORED ? this.skipText(s, p + 1) : this.readText(s, p + 1, field);
        if (p < 0) return -1;
      } else if (field === ERROR && c === 116) {
        if (s[p + 1] !== 114 || s[p + 2] !== 117 || s[p + 3] !== 101) return -1;
        builder.setParsedText("error", "error", ERROR_TRUE_HASH);
        p += 4;
      } else if (field === ERROR && c === 102) {
        if (s[p + 1] !== 97 || s[p + 2] !== 108 || s[p + 3] !== 115 || s[p + 4] !== 101) return -1;
        p += 5;
      } else {
        return -1;
      }
      c = s[p];
      while (c === 32 || c === 9 || c === CR4) c = s[++p];
      if (c === COMMA2) {
        c = s[++p];
        while (c === 32 || c === 9 || c === CR4) c = s[++p];
        if (c !== QUOTE3) return -1;
        continue;
      }
      if (c !== CLOSE) return -1;
      break;
    }
    c = s[++p];
    while (c === 32 || c === 9 || c === CR4) c = s[++p];
    return c === NEWLINE ? p : -1;
  }
  /** Past a string value (from after its opening quote) that is not stored: only checked. */
  skipText(s, q) {
    let c = s[q];
    while (c !== QUOTE3) {
      if (c === BACKSLASH2 || c < 32) return -1;
      c = s[++q];
    }
    return q + 1;
  }
  /**
   * A string value of text field `field` (from after its opening quote) into the record, as
   * request-table.ts accept stores it; the index after its closing quote, or -1.
   */
  readText(s, start, field) {
    let q = start;
    let h = TEXT_HASH_START;
    let high = 0;
    let c = s[q];
    while (c !== QUOTE3) {
      if (c === BACKSLASH2 || c < 32) return -1;
      high |= c;
      h = Math.imul(h ^ c, 16777619);
      c = s[++q];
    }
    if (q === start) return q + 1;
    const t = field - NUMERIC_COUNT;
    const known = this.remembered(s, start, q, t, h);
    let value4;
    let hash;
    if (known) {
      value4 = known.value;
      hash = known.hash;
    } else if (high < 128) {
      value4 = s.toString("latin1", start, q);
      hash = textHashFinish(h);
      this.keep(s, start, q, t, h, value4, hash);
    } else {
      value4 = s.toString("utf8", start, q);
      hash = textHash(value4);
      this.keep(s, start, q, t, h, value4, hash);
    }
    if (field !== ERROR || value4.trim() !== "") this.builder.setParsedText(TEXT_NAMES[t], value4, hash);
    return q + 1;
  }
  /** The remembered value of text field `t` with the bytes s[start, end) (FNV `h`), if any. */
  remembered(s, start, end, t, h) {
    if (!this.remember[t]) return void 0;
    if (++this.lookups[t] === RECENT_REVIEW) {
      if (this.misses[t] * 2 > RECENT_REVIEW) this.remember[t] = false;
      this.lookups[t] = 0;
      this.misses[t] = 0;
    }
    const recent = this.recent[t];
    const length = end - start;
    for (let i = recent.length - 1; i >= 0; i--) {
      const r = recent[i];
      if (r.byteHash !== h || r.bytes.length !== length) continue;
      const bytes = r.bytes;
      let j = 0;
      while (j < length && s[start + j] === bytes[j]) j++;
      if (j === length) return r;
    }
    return void 0;
  }
  /** Remembers a value just read (unless the field's values are mostly new, like ids). */
  keep(s, start, end, t, byteHash, value4, hash) {
    if (!this.remember[t]) return;
    this.misses[t]++;
    const recent = this.recent[t];
    if (recent.length === RECENT) recent.shift();
    recent.push({ bytes: Uint8Array.prototype.slice.call(s, start, end), byteHash, value: value4, hash });
  }
  /** The number just parsed (this.value) as field `field` would store it, or false where it would not. */
  storeNumber(numbers, field) {
    const v = this.value;
    if (field === ARRIVAL) {
      if (v - v !== 0) return false;
      const magnitude = Math.abs(v);
      numbers[field] = magnitude > 1e17 ? v / 1e9 : magnitude > 1e14 ? v / 1e6 : magnitude > 1e11 ? v / 1e3 : v;
      return true;
    }
    if (!(v >= 0) || v === Infinity) return false;
    numbers[field] = v;
    return true;
  }
  /** A JSON number at `p` into this.value; the index after it, or -1 when it is not JSON number syntax. */
  parseNumber(s, p) {
    const start = p;
    let c = s[p];
    const negative = c === 45;
    if (negative) c = s[++p];
    let digits = 0;
    let decimals = 0;
    if (c === 48) {
      c = s[++p];
      if (c >= 48 && c <= 57) return -1;
    } else if (c >= 49 && c <= 57) {
      do {
        digits = digits * 10 + (c - 48);
        c = s[++p];
      } while (c >= 48 && c <= 57);
    } else {
      return -1;
    }
    if (c === 46) {
      c = s[++p];
      if (!(c >= 48 && c <= 57)) return -1;
      do {
        digits = digits * 10 + (c - 48);
        decimals++;
        c = s[++p];
      } while (c >= 48 && c <= 57);
    }
    if (c === 101 || c === 69) {
      c = s[++p];
      if (c === 43 || c === 45) c = s[++p];
      if (!(c >= 48 && c <= 57)) return -1;
      do
        c = s[++p];
      while (c >= 48 && c <= 57);
      this.value = Number(s.toString("latin1", start, p));
      return p;
    }
    if (digits < TWO_53 && decimals <= 22) {
      const v = decimals === 0 ? digits : digits / POW10[decimals];
      this.value = negative ? -v : v;
    } else {
      this.value = Number(s.toString("latin1", start, p));
    }
    return p;
  }
};

// src/ingest/native/native.ts
var KNOWN_FIELDS = /* @__PURE__ */ new Set([...NUMERIC_FIELDS, ...TEXT_FIELDS]);
function detectNativeLayout(head) {
  const text = head.replace(/^\ufeff/, "");
  const trimmed2 = text.trimStart();
  if (trimmed2 === "") return err("the file is empty");
  if (trimmed2[0] === "[") return ok("json");
  if (trimmed2[0] === "{") {
    const firstLine = trimmed2.split("\n", 1)[0].trim();
    try {
      const value4 = parseJsonLenient(firstLine);
      if (value4 && typeof value4 === "object" && !Array.isArray(value4))
        return ok(Array.isArray(value4.requests) ? "json" : "jsonl");
    } catch {
    }
    if (!trimmed2.includes("\n")) return ok(hasTopLevelRequests(firstLine) ? "json" : "jsonl");
    return ok("json");
  }
  const header = text.split("\n").find((line) => line.trim() !== "" && !line.startsWith("#"));
  if (header) {
    const cells = header.split(sniffDelimiter(header)).map((c) => c.trim().replace(/^"|"$/g, ""));
    if (cells.some((c) => KNOWN_FIELDS.has(c))) return ok("csv");
  }
  const preview2 = trimmed2.slice(0, 40).replace(/\s+/g, " ");
  return err(
    `not a format perf-triage reads: expected JSONL, a JSON array or object, or CSV with a header row naming §4 fields; the file starts with "${preview2}"`
  );
}
function hasTopLevelRequests(text) {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const start = i + 1;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i++;
      if (depth === 1 && text.slice(start, i) === "requests" && /^\s*:\s*\[/.test(text.slice(i + 1, i + 64)))
        return true;
    } else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") depth--;
  }
  return false;
}
async function ingestNative(source, options, layout, reading = {}) {
  let chosen = layout;
  if (!chosen) {
    const detected = detectNativeLayout(source.head);
    if (!detected.ok) throw new InputError(source.name, detected.error);
    chosen = detected.value;
  }
  let builder = new RequestTableBuilder(source.name);
  let meta = emptyMeta();
  let declared = {};
  const structural = [];
  if (chosen === "jsonl") {
    if (!await readJsonl(source, builder, meta, declared, reading.fastJsonl ?? true)) {
      builder = new RequestTableBuilder(source.name);
      meta = emptyMeta();
      declared = {};
      await readJsonl(source, builder, meta, declared, false);
    }
  } else if (chosen === "json") await readJson(source, builder, meta, declared, structural);
  else await readCsv(source, builder, meta, declared);
  const built = builder.finish();
  const skipped = built.skipped;
  const read = built.recordsRead;
  const first = built.firstRejection;
  if (!built.table) {
    if (first)
      throw new InputError(
        source.name,
        `${first.message} (no usable request: ${skipped} of ${read} record(s) rejected, this is the first)`,
        first.line,
        first.field
      );
    throw new InputError(
      source.name,
      structural[0] ?? "no requests in the file (only metadata, comments or blank lines)"
    );
  }
  if (read > 0 && skipped / read > options.maxBadLineRatio) {
    throw new InputError(
      source.name,
      `${first ? `${first.message} — ` : ""}${skipped} of ${read} records are bad, more than the ${Number((options.maxBadLineRatio * 100).toPrecision(3))}% allowed (max-bad-lines); this is the first`,
      first?.line,
      first?.field
    );
  }
  return {
    meta,
    requests: built.table,
    summaries: [],
    ...Object.keys(declared).length ? { workload: declared } : {},
    sources: [
      {
        file: source.name,
        format: `native-${chosen}`,
        recordsRead: read,
        recordsKept: built.table.length,
        skipped,
        issues: built.issues.kept,
        warnings: [...structural, ...built.warnings, ...consistencyWarnings(built.table)]
      }
    ]
  };
}
async function readJsonl(source, builder, meta, declared, fast) {
  const onLine = (line, lineNo) => {
    if (line.trim() === "") return;
    const parsed = builder.parseRecordText(line, lineNo);
    if (!parsed) return;
    const { value: value4 } = parsed;
    if (isMetadataRecord(value4)) {
      parseMetadata(value4.metadata, source.name, lineNo, builder.issues, meta, declared);
      return;
    }
    builder.addRecord(value4, lineNo);
  };
  if (fast) {
    const reader = new ByteJsonlReader(builder, onLine, source.size);
    if (source.bytes) {
      for await (const chunk of source.bytes()) reader.push(chunk);
    } else {
      for await (const bytes of utf8Bytes(source.chunks())) {
        if (!bytes) return false;
        reader.push(bytes);
      }
    }
    reader.end();
    return true;
  }
  const splitter = new LineSplitter();
  for await (const chunk of source.chunks()) splitter.push(chunk, onLine);
  splitter.end(onLine);
  return true;
}
async function* utf8Bytes(chunks) {
  let high = "";
  for await (let chunk of chunks) {
    chunk = high + chunk;
    high = "";
    const last = chunk.charCodeAt(chunk.length - 1);
    if (last >= 55296 && last <= 56319) {
      high = chunk.slice(-1);
      chunk = chunk.slice(0, -1);
    }
    if (!chunk.isWellFormed()) {
      yield void 0;
      return;
    }
    yield Buffer.from(chunk, "utf8");
  }
  if (high !== "") yield void 0;
}
async function readJson(source, builder, meta, declared, structural) {
  const splitter = new JsonStreamSplitter({ streamKey: "requests" });
  let sawRequests = false;
  const handlers = {
    onElement: (text, lineNo) => {
      sawRequests = true;
      const parsed = builder.parseRecordText(text, lineNo);
      if (!parsed) return;
      const { value: value4 } = parsed;
      if (isMetadataRecord(value4)) parseMetadata(value4.metadata, source.name, lineNo, builder.issues, meta, declared);
      else builder.addRecord(value4, lineNo);
    },
    onMember: (key, text, lineNo) => {
      let value4;
      try {
        value4 = parseJsonLenient(text);
      } catch (error) {
        builder.issues.add({
          file: source.name,
          line: lineNo,
          field: key,
          message: `not valid JSON: ${error.message}`
        });
        return;
      }
      if (key === "metadata") parseMetadata(value4, source.name, lineNo, builder.issues, meta, declared);
      else meta.extra[key] = typeof value4 === "string" ? value4 : JSON.stringify(value4).slice(0, 500);
    },
    onError: (message, lineNo) => {
      structural.push(`line ${lineNo}: ${message}; nothing after it was read`);
    }
  };
  for await (const chunk of source.chunks()) splitter.push(chunk, handlers);
  splitter.end(handlers);
  if (splitter.shape === "object" && !sawRequests && !splitter.streamedKey) {
    throw new InputError(
      source.name,
      'a JSON object needs a "requests" array of per-request records (and optionally "metadata")'
    );
  }
  if (structural.length && builder.recordsRead === 0) throw new InputError(source.name, structural[0]);
}
async function readCsv(source, builder, meta, declared) {
  const comments = [];
  let lineNo = 0;
  let pending = "";
  let headerFound = false;
  let parser;
  let header;
  let offset = 0;
  const onRow = (cells, rowLine) => {
    const line = rowLine + offset;
    if (!header) {
      header = cells.map((c) => c.trim());
      return;
    }
    builder.addRow(header, cells, line);
  };
  const onError = (message, rowLine) => builder.recordUnparsable(rowLine + offset, message);
  const startParser = (text, firstLine) => {
    headerFound = true;
    offset = lineNo;
    parser = new CsvParser({ delimiter: sniffDelimiter(firstLine) });
    parser.push(text, onRow, onError);
  };
  const peel = (final) => {
    for (; ; ) {
      const nl = pending.indexOf("\n");
      const firstLine = nl === -1 ? pending : pending.slice(0, nl);
      if (nl === -1 && !final) return;
      if (firstLine.startsWith("#") || firstLine.trim() === "") {
        if (nl === -1) return;
        lineNo++;
        if (firstLine.startsWith("#")) comments.push({ text: firstLine.slice(1).trim(), line: lineNo });
        pending = pending.slice(nl + 1);
        continue;
      }
      startParser(pending, firstLine);
      pending = "";
      return;
    }
  };
  let first = true;
  for await (const chunk of source.chunks()) {
    if (headerFound) {
      parser.push(chunk, onRow, onError);
      continue;
    }
    if (chunk === "") continue;
    pending += first ? chunk.replace(/^\ufeff/, "") : chunk;
    first = false;
    peel(false);
  }
  if (!headerFound) peel(true);
  parser?.end(onRow, onError);
  for (const comment of comments) {
    const match = /^metadata\s*:\s*(.*)$/i.exec(comment.text);
    if (!match) continue;
    try {
      parseMetadata(JSON.parse(match[1]), source.name, comment.line, builder.issues, meta, declared);
    } catch (error) {
      builder.issues.add({
        file: source.name,
        line: comment.line,
        field: "metadata",
        message: `not valid JSON: ${error.message}`
      });
    }
  }
  if (!header)
    throw new InputError(
      source.name,
      "no header row: a CSV file needs a first row naming the fields, such as request_id,arrival_ts,first_token_ms,…"
    );
  const known = header.filter((h) => KNOWN_FIELDS.has(h));
  if (known.length === 0)
    throw new InputError(
      source.name,
      `the header names no §4 field (got ${header.slice(0, 5).join(", ")}…)`,
      offset + 1
    );
}
function consistencyWarnings(table2) {
  const n = table2.numbers;
  const out = [];
  if (n.first_token_ms && (n.tokenize_ms || n.queue_wait_ms || n.prefill_ms)) {
    let over = 0;
    for (let i = 0; i < table2.length; i++) {
      const parts2 = (n.tokenize_ms?.[i] || 0) + (n.queue_wait_ms?.[i] || 0) + (n.prefill_ms?.[i] || 0);
      const ttft = n.first_token_ms[i];
      if (Number.isFinite(ttft) && parts2 > ttft * 1.01 + 0.5) over++;
    }
    if (over > 0)
      out.push(
        `on ${over} request(s) tokenize + queue wait + prefill exceed first_token_ms: phases overlap or are measured on different clocks (the remainder is negative there)`
      );
  }
  if (n.total_ms && n.first_token_ms) {
    let under = 0;
    for (let i = 0; i < table2.length; i++) if (n.total_ms[i] + 0.5 < n.first_token_ms[i]) under++;
    if (under > 0) out.push(`on ${under} request(s) total_ms is below first_token_ms`);
  }
  return out;
}

// src/ingest/formats/document.ts
var MAX_DOCUMENT_BYTES = 256 * 1024 * 1024;
async function readDocument(source, format, maxBytes = MAX_DOCUMENT_BYTES) {
  let text = "";
  for await (const chunk of source.chunks()) {
    if (text.length + chunk.length > maxBytes) {
      throw new InputError(
        source.name,
        `${format}: the file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, the most a ${format} document may be; refused before parsing`
      );
    }
    text += chunk;
  }
  return text;
}
function parseDocument(text, source, format) {
  try {
    return parseJsonLenient(text);
  } catch (error) {
    throw new InputError(source.name, `${format}: not valid JSON: ${error.message}`);
  }
}
function asObject(value4) {
  return value4 !== null && typeof value4 === "object" && !Array.isArray(value4) ? value4 : void 0;
}
function own(object3, key) {
  return object3 && Object.hasOwn(object3, key) ? object3[key] : void 0;
}

// src/ingest/formats/values.ts
var TO_MS = { s: 1e3, ms: 1, us: 1e-3, ns: 1e-6 };
function finiteNumber(value4) {
  if (value4 === null || value4 === void 0) return void 0;
  if (typeof value4 === "number") return Number.isFinite(value4) ? value4 : NaN;
  if (typeof value4 === "string") {
    const t = value4.trim();
    if (t === "") return void 0;
    if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return NaN;
    const n = Number(t);
    return Number.isFinite(n) ? n : NaN;
  }
  return NaN;
}
function toMs(value4, unit) {
  const factor2 = TO_MS[unit];
  if (factor2 === void 0) throw new Error(`not a time unit: ${unit}`);
  return value4 * factor2;
}
var SummaryCollector = class {
  values = [];
  warnings = [];
  add(metric, stat3, raw, unit, field, extra = {}) {
    const n = finiteNumber(raw);
    if (n === void 0) return;
    if (Number.isNaN(n)) {
      this.warnings.push(`${field}: expected a finite number, got ${JSON.stringify(raw)?.slice(0, 40)}; left out`);
      return;
    }
    const value4 = unit in TO_MS ? toMs(n, unit) : n;
    if (!Number.isFinite(value4)) {
      this.warnings.push(`${field}: ${n} ${unit} is out of range once converted; left out`);
      return;
    }
    this.values.push({ metric, stat: stat3, value: value4, field, ...extra });
  }
  /** A table's target: its reading (for a named metric) after the count, as the tables write them. */
  addTarget(target, stat3, raw, unit, field, counted = {}) {
    if (target.custom) this.add(target.metric, stat3, raw, unit, field, { ...counted, ...target.custom });
    else this.add(target.metric, stat3, raw, unit, field, counted);
  }
};

// src/ingest/formats/vllm-keys.ts
var VLLM_STRONG = [
  "endpoint_type",
  "tokenizer_id",
  "burstiness",
  "request_goodput",
  "request_goodput:",
  "total_token_throughput",
  "run_number"
];
var VLLM_STRONG_SUFFIX = "_e2el_ms";
var VLLM_WEAK = ["model_id", "num_prompts", "date", "failed"];
var SGLANG_STRONG = [
  "total_output_tokens_retokenized",
  "total_output_retokenized",
  "output_throughput_retokenized",
  "input_throughput",
  "total_throughput",
  "server_info",
  "accept_length",
  "sharegpt_output_len"
];
var SGLANG_STRONG_SUFFIX = "_e2e_latency_ms";
var SGLANG_WEAK = [
  "dataset_name",
  "concurrency",
  "random_input_len",
  "random_output_len",
  "random_range_ratio",
  "tag"
];
var ANCHORS = ["completed", "request_throughput", "output_throughput", "duration", "ttfts", "total_input_tokens"];
var MAX_KEYS = 4e3;
function resultKeysInHead(head) {
  const keys = /* @__PURE__ */ new Set();
  const stack = [];
  const n = head.length;
  for (let i = 0; i < n && keys.size < MAX_KEYS; i++) {
    const c = head[i];
    if (c === '"') {
      const start = i + 1;
      let escaped2 = false;
      for (i++; i < n; i++) {
        const d = head[i];
        if (d === "\\") {
          escaped2 = true;
          i++;
        } else if (d === '"') break;
      }
      if (i >= n) break;
      if (isResultObject(stack) && followedByColon(head, i + 1)) keys.add(decodeKey(head.slice(start, i), escaped2));
    } else if (c === "{" || c === "[") stack.push(c);
    else if (c === "}" || c === "]") stack.pop();
  }
  return keys;
}
function isResultObject(stack) {
  const depth = stack.length;
  if (stack[depth - 1] !== "{") return false;
  return depth === 1 || depth === 2 && stack[0] === "[";
}
function followedByColon(text, i) {
  for (; i < text.length; i++) {
    const c = text[i];
    if (c !== " " && c !== "	" && c !== "\n" && c !== "\r") return c === ":";
  }
  return false;
}
function decodeKey(raw, escaped2) {
  if (!escaped2) return raw;
  try {
    return JSON.parse(`"${raw}"`);
  } catch {
    return raw;
  }
}
function servingMarkers(head) {
  const text = head.replace(/^\ufeff/, "").trimStart();
  const json = text.startsWith("{") || text.startsWith("[");
  const keys = json ? resultKeysInHead(text) : /* @__PURE__ */ new Set();
  const all = [...keys];
  const anchor = ANCHORS.find((k) => keys.has(k)) ?? all.find((k) => k.endsWith("_ttft_ms")) ?? // Recent SGLang writes its arguments, then server_info (which can outgrow the head), then results.
  (keys.has("backend") && keys.has("request_rate") && keys.has("dataset_name") ? "request_rate" : void 0);
  const vllm = [
    ...VLLM_STRONG.filter((k) => keys.has(k)),
    ...all.filter((k) => k.endsWith(VLLM_STRONG_SUFFIX)).slice(0, 2)
  ];
  const sglang = [
    ...SGLANG_STRONG.filter((k) => keys.has(k)),
    ...all.filter((k) => k.endsWith(SGLANG_STRONG_SUFFIX)).slice(0, 2)
  ];
  const vllmScore = 2 * vllm.length + VLLM_WEAK.filter((k) => keys.has(k)).length;
  const sglangScore = 2 * sglang.length + SGLANG_WEAK.filter((k) => keys.has(k)).length;
  let tool;
  if (anchor && vllm.length > 0 && vllmScore > sglangScore) tool = "vllm";
  else if (anchor && sglang.length > 0 && sglangScore > vllmScore) tool = "sglang";
  return { json, keys, anchor, vllm, sglang, tool };
}
var STAT_BLOCK = /"(request_throughput|output_throughput|total_token_throughput|request_latency|output_token_throughput)"\s*:\s*\{/;
var TOOL_NAMES = { vllm: "vLLM bench serve", sglang: "SGLang bench_serving" };
var TOOL_HINTS = {
  vllm: "endpoint_type, tokenizer_id, burstiness, request_goodput, total_token_throughput or *_e2el_ms",
  sglang: "mean_e2e_latency_ms, total_output_tokens_retokenized, input_throughput or server_info"
};
function detectServingResult(head, want) {
  try {
    const m = servingMarkers(head);
    const found = (keys) => keys.slice(0, 4).join(", ");
    if (!m.json)
      return {
        match: false,
        reason: `not a ${TOOL_NAMES[want]} result: expected a JSON object, one per line, or a list of them`
      };
    if (STAT_BLOCK.test(head))
      return {
        match: false,
        reason: `statistics written as blocks {"unit", "avg", …} (GenAI-Perf or AIPerf), not ${TOOL_NAMES[want]}'s numbers`
      };
    if (m.tool === want) {
      const strong = want === "vllm" ? m.vllm : m.sglang;
      return {
        match: true,
        reason: `${TOOL_NAMES[want]} result (keys ${found(strong)})`,
        specificity: Math.min(3, strong.length)
      };
    }
    if (!m.anchor)
      return {
        match: false,
        reason: `no benchmark result keys (completed, request_throughput, *_ttft_ms) at the top level of the first ${Math.round(head.length / 1024)} KiB`
      };
    const other = want === "vllm" ? "sglang" : "vllm";
    if (m.tool === other)
      return {
        match: false,
        reason: `${TOOL_NAMES[other]} keys (${found(other === "vllm" ? m.vllm : m.sglang)}), not ${TOOL_NAMES[want]}'s`
      };
    return { match: false, reason: `a benchmark result, but no ${TOOL_NAMES[want]} key (${TOOL_HINTS[want]})` };
  } catch (error) {
    return { match: false, reason: `could not scan the head: ${error.message}` };
  }
}

// src/ingest/formats/vllm-document.ts
async function forEachResultObject(source, format, options, onResult, maxBytes = MAX_DOCUMENT_BYTES) {
  const raw = await readDocument(source, format, maxBytes);
  const text = raw.charCodeAt(0) === 65279 ? raw.slice(1) : raw;
  const start = text.search(/\S/);
  if (start === -1) throw new InputError(source.name, `${format}: the file is empty`);
  const first = text[start];
  const skipped = [];
  let total2 = 0;
  let used = 0;
  if (first === "[") {
    const list = parseDocument(text, source, format);
    list.forEach((element, index) => {
      total2++;
      const object3 = asObject(element);
      if (!object3) {
        skipped.push({
          message: `element ${index + 1} of the list: expected a result object, got ${describe2(element)}`
        });
        return;
      }
      used++;
      onResult(object3, { label: `element ${index + 1} of the list` });
    });
  } else if (first !== "{") {
    throw new InputError(
      source.name,
      `${format}: expected a JSON object, one object per line, or a list of objects; the file starts with "${text.slice(start, start + 30).replace(/\s+/g, " ")}"`
    );
  } else if (isJsonl(text, start)) {
    let lineNo = 0;
    for (const line of text.split("\n")) {
      lineNo++;
      if (line.trim() === "") continue;
      total2++;
      let value4;
      try {
        value4 = parseJsonLenient(line);
      } catch (error) {
        skipped.push({
          line: lineNo,
          message: `line ${lineNo}: not valid JSON (${error.message.slice(0, 120)})`
        });
        continue;
      }
      const object3 = asObject(value4);
      if (!object3) {
        skipped.push({ line: lineNo, message: `line ${lineNo}: expected a result object, got ${describe2(value4)}` });
        continue;
      }
      used++;
      onResult(object3, { line: lineNo, label: `line ${lineNo}` });
    }
  } else {
    const object3 = asObject(parseDocument(text, source, format));
    total2 = 1;
    used = 1;
    onResult(object3, { label: "" });
  }
  const firstSkip = skipped[0];
  if (used === 0) {
    throw new InputError(
      source.name,
      `${format}: no result object in the file${firstSkip ? `; ${firstSkip.message}` : ""}`,
      firstSkip?.line
    );
  }
  if (skipped.length / total2 > options.maxBadLineRatio) {
    throw new InputError(
      source.name,
      `${format}: ${skipped.length} of ${total2} results are unusable, more than the ${Number((options.maxBadLineRatio * 100).toPrecision(3))}% allowed (max-bad-lines); the first: ${firstSkip.message}`,
      firstSkip.line
    );
  }
  return {
    used,
    skipped: skipped.slice(0, 5).map((s) => s.message).concat(skipped.length > 5 ? [`… and ${skipped.length - 5} more`] : [])
  };
}
function isJsonl(text, start) {
  const end = text.indexOf("\n", start);
  if (end === -1 || text.slice(end + 1).trim() === "") return false;
  const firstLine = text.slice(start, end).trim();
  if (!firstLine.endsWith("}")) return false;
  try {
    return asObject(parseJsonLenient(firstLine)) !== void 0;
  } catch {
    return false;
  }
}
function describe2(value4) {
  if (value4 === null) return "null";
  if (Array.isArray(value4)) return "a list";
  return typeof value4 === "string" ? "a string" : `a ${typeof value4}`;
}

// src/ingest/formats/vllm-requests.ts
var ARRAY_KEYS = {
  ttfts: "a list of numbers (seconds)",
  itls: "a list of lists of gaps (seconds)",
  latencies: "a list of numbers (seconds)",
  start_times: "a list of numbers (seconds)",
  queue_times: "a list of numbers (seconds)",
  input_lens: "a list of token counts",
  output_lens: "a list of token counts",
  errors: 'a list of strings ("" for success)'
};
function readPerRequestArrays(result, file, format, place, options) {
  if (own(result, "ttfts") === void 0 || own(result, "ttfts") === null) return void 0;
  const where = place.label ? ` (${place.label})` : "";
  const arrays = {};
  for (const key of Object.keys(ARRAY_KEYS)) {
    const value4 = own(result, key);
    if (value4 === void 0 || value4 === null) continue;
    if (!Array.isArray(value4)) {
      throw new InputError(
        file,
        `${format}${where}: key "${key}": expected ${ARRAY_KEYS[key]}, got ${describe3(value4)}`,
        place.line,
        key
      );
    }
    arrays[key] = value4;
  }
  const ttfts = arrays.ttfts;
  const mismatched = Object.keys(arrays).filter((k) => arrays[k].length !== ttfts.length);
  if (mismatched.length > 0) {
    const lengths = ["ttfts", ...mismatched].map((k) => `${k} ${arrays[k].length}`).join(", ");
    return {
      table: void 0,
      recordsRead: 0,
      skipped: 0,
      issues: [],
      warnings: [`per-request arrays differ in length (${lengths}): per-request data left out, the summaries kept`],
      failed: void 0
    };
  }
  const builder = new RequestTableBuilder(file);
  let failed2 = 0;
  for (let i = 0; i < ttfts.length; i++) {
    const record3 = i + 1;
    const error = arrays.errors?.[i];
    const isFailure = typeof error === "string" ? error.trim() !== "" : error !== void 0 && error !== null && error !== false;
    const row = {
      prompt_tokens: arrays.input_lens?.[i],
      arrival_ts: arrays.start_times?.[i]
    };
    if (isFailure) {
      failed2++;
      row.error = error;
      builder.addRecord(row, record3);
      continue;
    }
    const gapsRaw = arrays.itls?.[i];
    if (gapsRaw !== void 0 && gapsRaw !== null && !Array.isArray(gapsRaw)) {
      builder.recordUnparsable(
        record3,
        `itls[${i}]: expected the request's list of token gaps in seconds, got ${describe3(gapsRaw)}`
      );
      continue;
    }
    const gapsMs = Array.isArray(gapsRaw) ? gapsRaw.map(secondsToMs) : void 0;
    const ttftMs = secondsToMs(ttfts[i]);
    const totalMs = arrays.latencies ? secondsToMs(arrays.latencies[i]) : reconstructedTotal(ttftMs, gapsMs);
    row.first_token_ms = ttftMs;
    row.total_ms = totalMs;
    if (typeof ttftMs === "number" && typeof totalMs === "number" && totalMs >= ttftMs)
      row.decode_ms = totalMs - ttftMs;
    row.output_tokens = arrays.output_lens?.[i];
    if (arrays.queue_times) row.client_queue_wait_ms = secondsToMs(arrays.queue_times[i]);
    builder.addRecord(row, record3, gapsMs);
  }
  const built = builder.finish();
  const first = built.firstRejection;
  if (built.recordsRead > 0 && built.skipped / built.recordsRead > options.maxBadLineRatio) {
    throw new InputError(
      file,
      `${format}${where}: ${first ? `request ${first.line}${first.field ? ` (${first.field})` : ""}: ${first.message} — ` : ""}${built.skipped} of ${built.recordsRead} requests are bad, more than the ${Number((options.maxBadLineRatio * 100).toPrecision(3))}% allowed (max-bad-lines); this is the first`,
      place.line,
      first?.field
    );
  }
  const warnings = [...built.warnings];
  if (!arrays.latencies)
    warnings.push(
      "no per-request latencies in the file: total_ms is ttft + the sum of the token gaps (the time of the last token)"
    );
  if (!arrays.errors) warnings.push('no "errors" array: every request is taken as successful');
  const completed = finiteNumber(own(result, "completed"));
  const succeeded = ttfts.length - failed2;
  if (completed !== void 0 && !Number.isNaN(completed) && completed !== succeeded) {
    warnings.push(`"completed" says ${completed} requests succeeded, the per-request arrays show ${succeeded}`);
  }
  const issues = built.issues.kept.map((issue) => ({
    ...issue,
    line: place.line ?? 1,
    message: `request ${issue.line}: ${issue.message}`
  }));
  return { table: built.table, recordsRead: built.recordsRead, skipped: built.skipped, issues, warnings, failed: failed2 };
}
function secondsToMs(value4) {
  const n = finiteNumber(value4);
  if (n === void 0 || Number.isNaN(n)) return value4;
  return n * 1e3;
}
function reconstructedTotal(ttftMs, gapsMs) {
  if (typeof ttftMs !== "number") return void 0;
  let total2 = ttftMs;
  for (const g2 of gapsMs ?? []) {
    if (typeof g2 !== "number" || !Number.isFinite(g2)) return void 0;
    total2 += g2;
  }
  return total2;
}
function describe3(value4) {
  if (value4 === null) return "null";
  if (Array.isArray(value4)) return "a list";
  return typeof value4 === "object" ? "an object" : `a ${typeof value4}`;
}

// src/ingest/formats/vllm-summaries.ts
var LATENCY_KEY = /^(mean|median|std|min|max|p(\d+(?:\.\d+)?))_(.+)_ms$/;
function addLatencyStats(result, metricIds, collector, count3) {
  const seen = /* @__PURE__ */ new Set();
  for (const key of Object.keys(result)) {
    const match = LATENCY_KEY.exec(key);
    if (!match) continue;
    const [, statWord, percentile2, name] = match;
    const stat3 = percentile2 !== void 0 ? `p${Number(percentile2)}` : statWord === "median" ? "p50" : statWord;
    const id = Object.hasOwn(metricIds, name) ? metricIds[name] : void 0;
    const metric = id ?? name;
    if (seen.has(`${metric} ${stat3}`)) continue;
    const before = collector.values.length;
    const counted = count3 !== void 0 && (metric === "ttft" || metric === "e2e") ? { count: count3 } : {};
    if (id) collector.add(id, stat3, result[key], "ms", key, counted);
    else collector.add(name, stat3, result[key], "ms", key, { unit: "ms", direction: "lower-is-better", ...counted });
    if (collector.values.length > before) seen.add(`${metric} ${stat3}`);
  }
}
function addThroughputs(result, keys, collector) {
  const seen = /* @__PURE__ */ new Set();
  for (const t of keys) {
    if (seen.has(t.metric) || !Object.hasOwn(result, t.key)) continue;
    const before = collector.values.length;
    collector.addTarget(t, t.stat ?? "mean", own(result, t.key), t.unit, t.key);
    if (collector.values.length > before) seen.add(t.metric);
  }
}
function isLatencyStatKey(key) {
  return LATENCY_KEY.test(key);
}

// src/ingest/formats/bench-serving.ts
var MAX_META_KEYS = 64;
var MAX_TEXT = 200;
async function readServingResults(source, options, spec, maxBytes = MAX_DOCUMENT_BYTES) {
  const runs = [];
  const report2 = await forEachResultObject(
    source,
    spec.format,
    options,
    (result, place) => runs.push(servingRun(result, source.name, place, options, spec)),
    maxBytes
  );
  for (const run of runs) run.sources[0].warnings.push(...report2.skipped.map((s) => `${s}: skipped`));
  return runs;
}
function servingRun(result, file, place, options, spec) {
  const collector = new SummaryCollector();
  const completed = finiteNumber(own(result, "completed"));
  const warnings = [];
  if (completed === 0) {
    warnings.push(
      "every request failed (completed 0): the latency statistics, which the tool writes as 0 or NaN, were left out"
    );
  } else {
    addLatencyStats(
      result,
      spec.metricIds,
      collector,
      completed !== void 0 && !Number.isNaN(completed) ? completed : void 0
    );
  }
  addThroughputs(result, spec.throughputs, collector);
  const perRequest = readPerRequestArrays(result, file, spec.format, place, options);
  const workload = servingWorkload(result, perRequest?.failed, warnings);
  const meta = spec.meta(result, workload, place);
  const repeat = spec.repeat?.(result, file);
  if (repeat === "warmup") warnings.push("a warm-up run of a sweep (run_number -1)");
  return assembleRun({
    file,
    format: spec.id,
    meta: meta.meta,
    summaries: collector.values,
    perRequest,
    workload,
    ...repeat !== void 0 ? { repeat } : {},
    ...spec.toolVersion?.(result) ? { toolVersion: spec.toolVersion(result) } : {},
    warnings: [...warnings, ...collector.warnings, ...meta.warnings]
  });
}
function nonNegative(value4) {
  const n = finiteNumber(value4);
  return n !== void 0 && !Number.isNaN(n) && n >= 0 ? n : void 0;
}
function requestRate(value4) {
  if (value4 === Infinity) return Infinity;
  if (typeof value4 === "string" && /^\s*\+?(inf|infinity)\s*$/i.test(value4)) return Infinity;
  const n = nonNegative(value4);
  return n !== void 0 && n > 0 ? n : void 0;
}
function servingWorkload(result, failedFromRows, warnings) {
  const completed = nonNegative(own(result, "completed"));
  const written = nonNegative(own(result, "failed"));
  const prompts = nonNegative(own(result, "num_prompts"));
  const out = {};
  let failed2 = written ?? failedFromRows;
  if (written !== void 0) out.failedFrom = "tool";
  else if (failedFromRows !== void 0) out.failedFrom = "rows";
  else if (prompts !== void 0 && completed !== void 0 && prompts > completed) {
    failed2 = prompts - completed;
    out.failedFrom = "derived";
    warnings.push(
      `no failure count in the file: ${failed2} failed = ${prompts} requested (num_prompts) − ${completed} completed`
    );
  }
  if (completed !== void 0 && failed2 !== void 0) out.requests = completed + failed2;
  else if (prompts !== void 0) out.requests = prompts;
  else if (completed !== void 0) out.requests = completed;
  if (failed2 !== void 0) out.failed = failed2;
  if (prompts !== void 0 && completed !== void 0 && failed2 !== void 0 && out.failedFrom !== "derived" && prompts > completed + failed2) {
    out.missing = prompts - completed - failed2;
    warnings.push(
      `${out.missing} of the ${prompts} requested prompts (num_prompts) are neither completed (${completed}) nor failed (${failed2}): the dataset may have had fewer usable prompts, or requests were lost`
    );
  }
  const concurrency2 = nonNegative(own(result, "max_concurrency"));
  if (concurrency2 !== void 0 && concurrency2 > 0) out.concurrency = concurrency2;
  const rate = requestRate(own(result, "request_rate"));
  if (rate !== void 0) out.requestRate = rate;
  const duration2 = nonNegative(own(result, "duration"));
  if (duration2 !== void 0) out.durationSeconds = duration2;
  if (completed !== void 0 && completed >= 1) {
    const input = nonNegative(own(result, "total_input_tokens") ?? own(result, "total_input"));
    const output = nonNegative(own(result, "total_output_tokens") ?? own(result, "total_output"));
    if (input !== void 0) out.inputTokensMean = input / completed;
    if (output !== void 0) out.outputTokensMean = output / completed;
  }
  Object.assign(out, datasetKey(result));
  const engine = engineOfBackend(own(result, "backend") ?? own(result, "endpoint_type"));
  if (engine) out.engine = engine;
  return out;
}
function datasetKey(result) {
  const out = {};
  const name = own(result, "dataset_name");
  const dataset = typeof name === "string" && name.trim() ? name.trim().slice(0, MAX_TEXT) : void 0;
  if (dataset) out.dataset = dataset;
  if (!dataset || /random/i.test(dataset)) {
    const input = nonNegative(own(result, "random_input_len"));
    const output = nonNegative(own(result, "random_output_len"));
    if (input !== void 0 && input > 0) out.inputLength = input;
    if (output !== void 0 && output > 0) out.outputLength = output;
  } else if (/sharegpt/i.test(dataset)) {
    const output = nonNegative(own(result, "sharegpt_output_len"));
    if (output !== void 0 && output > 0) out.outputLength = output;
  }
  return out;
}
function engineOfBackend(value4) {
  if (typeof value4 !== "string") return void 0;
  const name = value4.trim().toLowerCase();
  if (name === "" || /^openai/.test(name)) return void 0;
  const base = name.replace(/-(oai|oai-chat|chat|native)$/, "");
  if (base === "trt" || base === "tensorrt-llm" || base === "trtllm") return "tensorrt-llm";
  return base.slice(0, MAX_TEXT);
}
function describeLoad(workload, more = []) {
  const parts2 = [...more];
  if (workload.requestRate !== void 0)
    parts2.push(`request rate ${workload.requestRate === Infinity ? "inf" : workload.requestRate}/s`);
  if (workload.concurrency !== void 0) parts2.push(`max concurrency ${workload.concurrency}`);
  if (workload.requests !== void 0) parts2.push(`${workload.requests} requests`);
  return parts2.length > 0 ? parts2.join(", ") : void 0;
}
function scalar(value4) {
  if (typeof value4 === "string") return value4.length > MAX_TEXT ? `${value4.slice(0, MAX_TEXT)}…` : value4;
  if (typeof value4 === "boolean") return value4;
  if (typeof value4 === "number") {
    if (Number.isFinite(value4)) return value4;
    return Number.isNaN(value4) ? void 0 : value4 > 0 ? "inf" : "-inf";
  }
  return void 0;
}
var MetaWriter = class {
  meta = emptyMeta();
  dropped = [];
  config(key, value4) {
    const v = scalar(value4);
    if (v === void 0 || key === "__proto__") return;
    if (Object.keys(this.meta.config).length >= MAX_META_KEYS && !Object.hasOwn(this.meta.config, key)) {
      this.dropped.push(key);
      return;
    }
    this.meta.config[key] = v;
  }
  extra(key, value4) {
    const v = scalar(value4);
    if (v === void 0 || v === null || key === "__proto__") return;
    if (Object.keys(this.meta.extra).length >= MAX_META_KEYS && !Object.hasOwn(this.meta.extra, key)) {
      this.dropped.push(key);
      return;
    }
    this.meta.extra[key] = String(v);
  }
  text(value4) {
    const v = scalar(value4);
    return typeof v === "string" && v.trim() !== "" ? v.trim() : typeof v === "number" ? String(v) : void 0;
  }
  warnings() {
    if (this.dropped.length === 0) return [];
    return [
      `${this.dropped.length} metadata key(s) beyond the first ${MAX_META_KEYS} were not kept: ${this.dropped.slice(0, 5).join(", ")}`
    ];
  }
};
function assembleRun(parts2) {
  const { perRequest } = parts2;
  const table2 = perRequest?.table;
  const rows = perRequest && perRequest.recordsRead > 0;
  const run = {
    meta: parts2.meta,
    summaries: parts2.summaries,
    sources: [
      {
        file: parts2.file,
        format: parts2.format,
        ...parts2.toolVersion ? { toolVersion: parts2.toolVersion } : {},
        recordsRead: rows ? perRequest.recordsRead : 1,
        recordsKept: rows ? table2?.length ?? 0 : 1,
        skipped: perRequest?.skipped ?? 0,
        issues: perRequest?.issues ?? [],
        warnings: [...parts2.warnings, ...perRequest?.warnings ?? []]
      }
    ],
    workload: parts2.workload,
    role: table2 ? "requests" : "summary"
  };
  if (table2) run.requests = table2;
  if (parts2.repeat !== void 0) run.repeat = parts2.repeat;
  return run;
}

// src/ingest/formats/vllm.ts
var FORMAT = "vLLM result";
var METRIC_IDS = { ttft: "ttft", tpot: "tpot", itl: "itl", e2el: "e2e" };
var HIGHER = "higher-is-better";
var THROUGHPUTS = [
  { key: "output_throughput", metric: "throughput", unit: "tok/s" },
  { key: "request_throughput", metric: "request_throughput", unit: "req/s" },
  {
    key: "total_token_throughput",
    metric: "total_token_throughput",
    unit: "tok/s",
    custom: { unit: "tok/s", direction: HIGHER }
  },
  { key: "request_goodput", metric: "request_goodput", unit: "req/s", custom: { unit: "req/s", direction: HIGHER } },
  // Written with a colon inside the key until mid-2025.
  { key: "request_goodput:", metric: "request_goodput", unit: "req/s", custom: { unit: "req/s", direction: HIGHER } },
  {
    key: "max_output_tokens_per_s",
    metric: "max_output_tokens_per_s",
    unit: "tok/s",
    stat: "max",
    custom: { unit: "tok/s", direction: HIGHER }
  },
  {
    key: "spec_decode_acceptance_rate",
    metric: "spec_decode_acceptance_rate",
    unit: "count",
    custom: { unit: "%", direction: HIGHER }
  },
  {
    key: "spec_decode_acceptance_length",
    metric: "spec_decode_acceptance_length",
    unit: "count",
    custom: { unit: "tokens", direction: HIGHER }
  }
];
var MEASURED = /* @__PURE__ */ new Set([
  "duration",
  "completed",
  "failed",
  "total_input_tokens",
  "total_output_tokens",
  ...THROUGHPUTS.map((t) => t.key),
  "input_lens",
  "output_lens",
  "ttfts",
  "itls",
  "latencies",
  "start_times",
  "queue_times",
  "generated_texts",
  "errors"
]);
var LOAD_SETTINGS = [
  "backend",
  "max_concurrency",
  "request_rate",
  "burstiness",
  "num_prompts",
  "ramp_up_strategy",
  "ramp_up_start_rps",
  "ramp_up_end_rps"
];
var DESCRIPTIVE = /* @__PURE__ */ new Set([
  "date",
  "label",
  "model_id",
  "tokenizer_id",
  "endpoint_type",
  "run_number",
  "max_concurrent_requests",
  "rtfx",
  "total_input_sequences",
  "input_sequence_throughput"
]);
var DESCRIPTIVE_PREFIX = /^(spec_decode|diffusion|probe)_/;
var COMMIT_KEYS = /* @__PURE__ */ new Set(["commit", "git_commit", "git_sha", "commit_sha", "sha", "vllm_commit"]);
var HARDWARE_KEYS = /* @__PURE__ */ new Set(["hardware", "gpu", "gpu_type", "gpu_name", "gpu_model", "device", "accelerator"]);
var VERSION_KEYS = /* @__PURE__ */ new Set(["vllm_version", "engine_version"]);
var vllmAdapter = {
  id: "vllm",
  label: "vLLM bench serve result",
  writtenBy: "vllm bench serve --save-result [--save-detailed] [--append-result] (or benchmarks/benchmark_serving.py); vllm bench sweep serve (run=N.json, summary.json)",
  detect: (head) => detectServingResult(head, "vllm"),
  expects: "statistics such as mean_ttft_ms or p99_e2el_ms, throughputs (request_throughput, output_throughput) or per-request arrays (--save-detailed), as numbers",
  read: (source, options) => readVllmResults(source, options)
};
function readVllmResults(source, options, maxBytes = MAX_DOCUMENT_BYTES) {
  return readServingResults(
    source,
    options,
    { id: "vllm", format: FORMAT, metricIds: METRIC_IDS, throughputs: THROUGHPUTS, meta: vllmMeta, repeat: repeatOf },
    maxBytes
  );
}
function vllmMeta(result, workload, place) {
  const w = new MetaWriter();
  const { meta } = w;
  if (place.label) w.extra("result_in_file", place.label);
  const model = w.text(own(result, "model_id"));
  if (model) meta.model = model;
  const label = w.text(own(result, "label"));
  if (label ?? model) meta.benchmark = label ?? model;
  for (const key of LOAD_SETTINGS) w.config(key, own(result, key));
  for (const [key, value4] of Object.entries(result)) {
    if (MEASURED.has(key) || LOAD_SETTINGS.includes(key) || isLatencyStatKey(key)) continue;
    if (DESCRIPTIVE.has(key) || DESCRIPTIVE_PREFIX.test(key)) w.extra(key, value4);
    else if (COMMIT_KEYS.has(key) && w.text(value4)) meta.commit ??= w.text(value4);
    else if (HARDWARE_KEYS.has(key) && w.text(value4)) meta.hardware ??= w.text(value4);
    else if (VERSION_KEYS.has(key) && w.text(value4)) workload.engineVersion ??= w.text(value4);
    else w.config(key, value4);
  }
  const load2 = describeLoad(workload);
  if (load2) meta.workload = load2;
  return { meta, warnings: w.warnings() };
}
function repeatOf(result, file) {
  const n = finiteNumber(own(result, "run_number"));
  if (n !== void 0 && Number.isInteger(n)) return n < 0 ? "warmup" : `run=${n}`;
  const named = /(?:^|[\\/])run=(\d+)\.json$/i.exec(file);
  return named ? `run=${Number(named[1])}` : void 0;
}

// src/ingest/formats/sglang.ts
var FORMAT2 = "SGLang bench_serving result";
var METRIC_IDS2 = {
  ttft: "ttft",
  tpot: "tpot",
  itl: "itl",
  e2e_latency: "e2e"
};
var HIGHER2 = "higher-is-better";
var THROUGHPUTS2 = [
  { key: "output_throughput", metric: "throughput", unit: "tok/s" },
  { key: "request_throughput", metric: "request_throughput", unit: "req/s" },
  { key: "input_throughput", metric: "input_throughput", unit: "tok/s", custom: { unit: "tok/s", direction: HIGHER2 } },
  // vLLM calls the same quantity total_token_throughput.
  {
    key: "total_throughput",
    metric: "total_token_throughput",
    unit: "tok/s",
    custom: { unit: "tok/s", direction: HIGHER2 }
  },
  {
    key: "max_output_tokens_per_s",
    metric: "max_output_tokens_per_s",
    unit: "tok/s",
    stat: "max",
    custom: { unit: "tok/s", direction: HIGHER2 }
  },
  {
    key: "accept_length",
    metric: "spec_decode_acceptance_length",
    unit: "count",
    custom: { unit: "tokens", direction: HIGHER2 }
  }
];
var MEASURED2 = /* @__PURE__ */ new Set([
  "duration",
  "completed",
  "total_input_tokens",
  "total_output_tokens",
  "total_input",
  "total_output",
  ...THROUGHPUTS2.map((t) => t.key),
  "input_lens",
  "output_lens",
  "ttfts",
  "itls",
  "generated_texts",
  "errors",
  "server_info"
]);
var LOAD_SETTINGS2 = [
  "backend",
  "dataset_name",
  "request_rate",
  "max_concurrency",
  "sharegpt_output_len",
  "random_input_len",
  "random_output_len",
  "random_range_ratio"
];
var SERVER_SETTINGS = [
  "max_running_requests",
  "chunked_prefill_size",
  "max_prefill_tokens",
  "max_total_tokens",
  "context_length",
  "page_size",
  "tp_size",
  "dp_size",
  "pp_size",
  "ep_size",
  "enable_dp_attention",
  "schedule_policy",
  "schedule_conservativeness",
  "disable_radix_cache",
  "mem_fraction_static",
  "kv_cache_dtype",
  "quantization",
  "dtype",
  "attention_backend",
  "speculative_algorithm",
  "speculative_num_steps",
  "speculative_eagle_topk",
  "speculative_num_draft_tokens",
  "cuda_graph_max_bs",
  "disable_cuda_graph",
  "enable_torch_compile",
  "enable_mixed_chunk",
  "disable_overlap_schedule",
  "stream_interval"
];
var sglangAdapter = {
  id: "sglang",
  label: "SGLang bench_serving result",
  writtenBy: "python -m sglang.bench_serving --output-file FILE.jsonl [--output-details]",
  detect: (head) => detectServingResult(head, "sglang"),
  expects: "statistics such as median_ttft_ms or mean_e2e_latency_ms, throughputs or per-request arrays (--output-details), as numbers",
  read: (source, options) => readSglangResults(source, options)
};
function readSglangResults(source, options, maxBytes = MAX_DOCUMENT_BYTES) {
  return readServingResults(
    source,
    options,
    {
      id: "sglang",
      format: FORMAT2,
      metricIds: METRIC_IDS2,
      throughputs: THROUGHPUTS2,
      meta: sglangMeta,
      toolVersion: sglangVersion
    },
    maxBytes
  );
}
function sglangVersion(result) {
  const version = own(asObject(own(result, "server_info")), "version");
  return typeof version === "string" && version.trim() ? `sglang ${version.trim().slice(0, 60)}` : void 0;
}
function sglangMeta(result, workload, place) {
  const w = new MetaWriter();
  const { meta } = w;
  if (place.label) w.extra("result_in_file", place.label);
  const server = asObject(own(result, "server_info"));
  const model = w.text(own(server, "served_model_name")) ?? w.text(own(server, "model_path"));
  if (model) meta.model = model;
  const tag = w.text(own(result, "tag"));
  if (tag ?? model) meta.benchmark = tag ?? model;
  for (const key of LOAD_SETTINGS2) w.config(key, own(result, key));
  for (const key of SERVER_SETTINGS) w.config(key, own(server, key));
  const version = w.text(own(server, "version"));
  if (version) w.extra("sglang_version", version);
  if (server) workload.engine = "sglang";
  if (version) workload.engineVersion = version;
  for (const [key, value4] of Object.entries(result)) {
    if (MEASURED2.has(key) || LOAD_SETTINGS2.includes(key) || isLatencyStatKey(key)) continue;
    w.extra(key, value4);
  }
  const dataset = w.text(own(result, "dataset_name"));
  const load2 = describeLoad(workload, dataset ? [`dataset ${dataset}`] : []);
  if (load2) meta.workload = load2;
  return { meta, warnings: w.warnings() };
}

// src/ingest/formats/llmperf-detect.ts
var SUMMARY_KEY = /"results_(ttft_s|end_to_end_latency_s|inter_token_latency_s)_(quantiles_p\d+|mean|min|max|stddev)"\s*:/;
var TTFT_KEY = /"ttft_s"\s*:/;
var E2E_KEY = /"end_to_end_latency_s"\s*:/;
function llmperfFileOf(head) {
  const text = head.replace(/^\ufeff/, "").trimStart();
  if (text.startsWith("[")) {
    if (TTFT_KEY.test(text) && E2E_KEY.test(text)) return "responses";
    return {
      reason: 'a JSON list whose records have no "ttft_s" and "end_to_end_latency_s" (LLMPerf *_individual_responses.json)'
    };
  }
  if (text.startsWith("{")) {
    if (SUMMARY_KEY.test(text)) return "summary";
    return { reason: 'no key "results_ttft_s_*" or "results_end_to_end_latency_s_*" (LLMPerf *_summary.json)' };
  }
  return {
    reason: "not JSON: LLMPerf writes a JSON object (*_summary.json) or a JSON list (*_individual_responses.json)"
  };
}
function detectLlmperf(head) {
  const file = llmperfFileOf(head);
  if (file === "summary") return { match: true, reason: 'LLMPerf summary: "results_ttft_s_*" keys', specificity: 3 };
  if (file === "responses")
    return {
      match: true,
      reason: 'LLMPerf individual responses: a list of objects with "ttft_s" and "end_to_end_latency_s"',
      specificity: 3
    };
  return { match: false, reason: file.reason };
}

// src/ingest/formats/llmperf-responses.ts
var FORMAT3 = "LLMPerf individual responses";
var MAX_ERROR_TEXT = 300;
var Tally = class {
  rows = 0;
  failed = 0;
  succeeded = 0;
  promptSum = 0;
  promptCount = 0;
  outputSum = 0;
  outputCount = 0;
  zeroTtft = 0;
  endBeforeFirstToken = 0;
  droppedExtras = 0;
};
async function readLlmperfResponses(source, options) {
  const builder = new RequestTableBuilder(source.name);
  const splitter = new JsonStreamSplitter();
  const structural = [];
  const tally = new Tally();
  const handlers = {
    onElement(text, line) {
      const parsed = builder.parseRecordText(text, line);
      if (!parsed) return;
      const { value: value4 } = parsed;
      const object3 = asObject(value4);
      if (!object3) {
        builder.addRecord(value4, line);
        return;
      }
      const mapped = mapResponse(object3, tally);
      if ("reject" in mapped) builder.recordUnparsable(line, mapped.reject);
      else builder.addRecord(mapped.record, line);
    },
    onError(message, line) {
      structural.push(`line ${line}: ${message}; nothing after it was read`);
    }
  };
  for await (const chunk of source.chunks()) splitter.push(chunk, handlers);
  splitter.end(handlers);
  if (splitter.shape === "object") {
    throw new InputError(
      source.name,
      `${FORMAT3}: expected a JSON list of request objects, got an object (an LLMPerf summary is read from its own head)`
    );
  }
  const built = builder.finish();
  const first = built.firstRejection;
  if (!built.table) {
    if (first)
      throw new InputError(
        source.name,
        `${FORMAT3}: ${first.message} (no usable request: ${built.skipped} of ${built.recordsRead} record(s) rejected, this is the first)`,
        first.line,
        first.field
      );
    throw new InputError(
      source.name,
      structural[0] ? `${FORMAT3}: ${structural[0]}` : `${FORMAT3}: the list holds no requests`
    );
  }
  if (built.recordsRead > 0 && built.skipped / built.recordsRead > options.maxBadLineRatio) {
    throw new InputError(
      source.name,
      `${FORMAT3}: ${first ? `${first.message} — ` : ""}${built.skipped} of ${built.recordsRead} records are bad, more than the ${Number((options.maxBadLineRatio * 100).toPrecision(3))}% allowed (max-bad-lines); this is the first`,
      first?.line,
      first?.field
    );
  }
  const meta = emptyMeta();
  const stem = fileStem(source.name);
  if (stem) meta.benchmark = stem;
  return {
    meta,
    requests: built.table,
    summaries: [],
    workload: {
      requests: tally.rows,
      failed: tally.failed,
      failedFrom: "rows",
      // llmperf's clients stream every request: its TTFT is the first streamed token.
      streaming: true,
      ...meanOf("inputTokensMean", tally.promptSum, tally.promptCount),
      ...meanOf("outputTokensMean", tally.outputSum, tally.outputCount)
    },
    role: "requests",
    sources: [
      {
        file: source.name,
        format: "llmperf",
        recordsRead: built.recordsRead,
        recordsKept: built.table.length,
        skipped: built.skipped,
        issues: built.issues.kept,
        warnings: [...structural, ...built.warnings, ...tallyWarnings(tally)]
      }
    ]
  };
}
function mapResponse(r, tally) {
  const code2 = own(r, "error_code");
  const out = {};
  if (code2 !== void 0 && code2 !== null) {
    out.error = errorText(code2, own(r, "error_msg"));
    const numericCode = finiteNumber(code2);
    if (numericCode !== void 0 && !Number.isNaN(numericCode)) out.error_code = numericCode;
    const prompt2 = nonNegative2(r, "number_input_tokens", "a token count");
    if (typeof prompt2 === "number") out.prompt_tokens = prompt2;
    tally.rows++;
    tally.failed++;
    return { record: out };
  }
  const ttft = nonNegative2(r, "ttft_s", "seconds");
  const e2e = nonNegative2(r, "end_to_end_latency_s", "seconds");
  const prompt = nonNegative2(r, "number_input_tokens", "a token count");
  const output = nonNegative2(r, "number_output_tokens", "a token count");
  for (const value4 of [ttft, e2e, prompt, output]) if (typeof value4 === "string") return { reject: value4 };
  if (ttft === void 0 || e2e === void 0) {
    const missing = ttft === void 0 ? "ttft_s" : "end_to_end_latency_s";
    return {
      reject: `field "${missing}": missing: a successful request (no error_code) needs ttft_s and end_to_end_latency_s`
    };
  }
  out.first_token_ms = ttft * 1e3;
  out.total_ms = e2e * 1e3;
  if (e2e >= ttft) out.decode_ms = (e2e - ttft) * 1e3;
  else tally.endBeforeFirstToken++;
  if (ttft === 0) tally.zeroTtft++;
  if (typeof prompt === "number") {
    out.prompt_tokens = prompt;
    tally.promptSum += prompt;
    tally.promptCount++;
  }
  if (typeof output === "number") {
    out.output_tokens = output;
    tally.outputSum += output;
    tally.outputCount++;
  }
  for (const key of ["inter_token_latency_s", "request_output_throughput_token_per_s"]) {
    const value4 = nonNegative2(r, key, "a number");
    if (typeof value4 === "number") out[key] = value4;
    else if (typeof value4 === "string") tally.droppedExtras++;
  }
  tally.rows++;
  tally.succeeded++;
  return { record: out };
}
function nonNegative2(r, key, what) {
  const raw = own(r, key);
  const n = finiteNumber(raw);
  if (n === void 0) return void 0;
  if (Number.isNaN(n) || n < 0)
    return `field "${key}": expected ${what} ≥ 0, got ${JSON.stringify(raw)?.slice(0, 40) ?? String(raw)}`;
  return n;
}
function errorText(code2, message) {
  const codeText2 = typeof code2 === "string" || typeof code2 === "number" ? String(code2) : JSON.stringify(code2) ?? "set";
  const text = typeof message === "string" && message.trim() !== "" ? `error code ${codeText2}: ${message.trim()}` : `error code ${codeText2}`;
  return text.length > MAX_ERROR_TEXT ? `${text.slice(0, MAX_ERROR_TEXT)}…` : text;
}
function tallyWarnings(t) {
  const out = [];
  if (t.failed > 0) out.push(`${t.failed} of ${t.rows} requests failed (error_code set); kept as failed rows`);
  if (t.zeroTtft > 0)
    out.push(
      `${t.zeroTtft} successful request(s) have ttft_s 0: llmperf leaves 0 when no content chunk arrived; kept, as llmperf's own summary keeps them`
    );
  if (t.endBeforeFirstToken > 0)
    out.push(
      `${t.endBeforeFirstToken} request(s) end before their first token (end_to_end_latency_s < ttft_s); decode left out for them`
    );
  if (t.droppedExtras > 0)
    out.push(
      `${t.droppedExtras} inter_token_latency_s / request_output_throughput_token_per_s value(s) were not numbers ≥ 0; left out`
    );
  return out;
}
function meanOf(key, sum, count3) {
  const mean = sum / count3;
  return count3 > 0 && Number.isFinite(mean) ? { [key]: mean } : {};
}
function fileStem(name) {
  const base = name.split(/[\\/]/).pop() ?? name;
  const stem = base.replace(/\.json$/i, "").replace(/_individual_responses$/, "");
  return stem === "" ? void 0 : stem;
}

// src/ingest/formats/llmperf-summary.ts
var FORMAT4 = "LLMPerf summary";
var KNOWN_VERSION = "2023-08-31";
var DISTRIBUTIONS = {
  ttft_s: { metric: "ttft", unit: "s" },
  end_to_end_latency_s: { metric: "e2e", unit: "s" },
  inter_token_latency_s: {
    metric: "latency_per_output_token",
    unit: "s",
    only: "mean",
    custom: { unit: "ms", direction: "lower-is-better" }
  },
  request_output_throughput_token_per_s: {
    metric: "request_output_throughput",
    unit: "tok/s",
    only: "mean",
    custom: { unit: "tok/s", direction: "higher-is-better" }
  }
};
var STAT_KEY = /^results_(.+)_(quantiles_p(\d+)|mean|min|max|stddev)$/;
var TOOL_KEYS = /* @__PURE__ */ new Set([
  "version",
  "name",
  "model",
  "timestamp",
  "mean_input_tokens",
  "stddev_input_tokens",
  "mean_output_tokens",
  "stddev_output_tokens",
  "num_concurrent_requests"
]);
var UNSAFE_KEYS = /* @__PURE__ */ new Set(["__proto__", "constructor", "prototype"]);
var WORKLOAD_CONFIG = ["mean_input_tokens", "stddev_input_tokens", "mean_output_tokens", "stddev_output_tokens"];
var MAX_TEXT2 = 500;
async function readLlmperfSummary(source, maxBytes) {
  const text = await readDocument(source, FORMAT4, maxBytes);
  const parsed = parseDocument(text, source, FORMAT4);
  const doc = asObject(parsed);
  if (!doc)
    throw new InputError(
      source.name,
      `${FORMAT4}: expected one JSON object of "results_*" keys, got ${Array.isArray(parsed) ? "a list" : typeof parsed}`
    );
  const collector = new SummaryCollector();
  const warnings = [];
  let nanStats = 0;
  const completed = finiteOrUndefined(own(doc, "results_num_completed_requests"));
  for (const key of Object.keys(doc)) {
    const match = STAT_KEY.exec(key);
    if (!match) continue;
    const target = Object.hasOwn(DISTRIBUTIONS, match[1]) ? DISTRIBUTIONS[match[1]] : void 0;
    if (!target) continue;
    const stat3 = match[3] ? `p${Number(match[3])}` : match[2] === "stddev" ? "std" : match[2];
    if (target.only && stat3 !== target.only) continue;
    const raw = doc[key];
    if (typeof raw === "number" && Number.isNaN(raw)) {
      nanStats++;
      continue;
    }
    collector.addTarget(target, stat3, raw, target.unit, key, completed !== void 0 ? { count: completed } : {});
  }
  addRate(collector, doc);
  const summaries = finiteOnly(collector, warnings);
  if (nanStats > 0)
    warnings.push(`${nanStats} statistic(s) are NaN (llmperf writes NaN when no request succeeded); left out`);
  if (summaries.length === 0) {
    const why = collector.warnings[0] ?? (nanStats > 0 ? "every statistic is NaN" : void 0);
    throw new InputError(
      source.name,
      why ? `${FORMAT4}: no usable statistic (${why})` : `${FORMAT4}: no "results_<metric>_<stat>" key for ttft_s, end_to_end_latency_s or inter_token_latency_s, and no throughput: nothing to compare`
    );
  }
  const version = own(doc, "version");
  if (version !== void 0 && version !== KNOWN_VERSION) {
    warnings.push(
      `results version ${JSON.stringify(version)?.slice(0, 40)}: this reader follows llmperf's "${KNOWN_VERSION}" keys; unknown keys were ignored`
    );
  }
  const workload = workloadOf(doc, warnings);
  const failures = failureNote(doc, workload);
  if (failures) warnings.push(failures);
  return {
    meta: metaOf(doc),
    summaries,
    workload,
    role: "summary",
    sources: [
      {
        file: source.name,
        format: "llmperf",
        recordsRead: 1,
        recordsKept: 1,
        skipped: 0,
        issues: [],
        warnings: [...collector.warnings, ...warnings]
      }
    ]
  };
}
function addRate(collector, doc) {
  collector.add(
    "throughput",
    "mean",
    own(doc, "results_mean_output_throughput_token_per_s"),
    "tok/s",
    "results_mean_output_throughput_token_per_s"
  );
  const perMinute = finiteNumber(own(doc, "results_num_completed_requests_per_min"));
  if (perMinute !== void 0) {
    collector.add(
      "request_throughput",
      "mean",
      Number.isNaN(perMinute) ? own(doc, "results_num_completed_requests_per_min") : perMinute / 60,
      "req/s",
      "results_num_completed_requests_per_min"
    );
  }
  collector.add("error_rate", "mean", own(doc, "results_error_rate"), "count", "results_error_rate", {
    unit: "fraction",
    direction: "lower-is-better"
  });
}
function workloadOf(doc, warnings) {
  const w = { streaming: true };
  const set = (key, value4) => {
    if (value4 !== void 0 && value4 >= 0 && Number.isFinite(value4)) w[key] = value4;
  };
  set("requests", finiteOrUndefined(own(doc, "results_num_requests_started")));
  set("failed", finiteOrUndefined(own(doc, "results_number_errors")));
  if (w.failed !== void 0) w.failedFrom = "tool";
  const started = finiteOrUndefined(own(doc, "results_num_requests_started"));
  const done = finiteOrUndefined(own(doc, "results_num_completed_requests"));
  if (w.failed === void 0 && started !== void 0 && done !== void 0 && started > done && done >= 0) {
    w.failed = started - done;
    w.failedFrom = "derived";
    warnings.push(
      `no error count in the file: ${w.failed} failed = ${started} started (results_num_requests_started) − ${done} completed`
    );
  }
  set("concurrency", finiteOrUndefined(own(doc, "num_concurrent_requests")));
  set("inputLength", finiteOrUndefined(own(doc, "mean_input_tokens")));
  set("outputLength", finiteOrUndefined(own(doc, "mean_output_tokens")));
  set("inputTokensMean", finiteOrUndefined(own(doc, "results_number_input_tokens_mean")));
  set("outputTokensMean", finiteOrUndefined(own(doc, "results_number_output_tokens_mean")));
  const completed = finiteOrUndefined(own(doc, "results_num_completed_requests"));
  const perMinute = finiteOrUndefined(own(doc, "results_num_completed_requests_per_min"));
  if (completed !== void 0 && perMinute !== void 0 && completed > 0 && perMinute > 0)
    set("durationSeconds", 60 * completed / perMinute);
  return w;
}
function metaOf(doc) {
  const meta = emptyMeta();
  const name = own(doc, "name");
  const model = own(doc, "model");
  if (typeof model === "string" && model.trim()) meta.model = cap2(model.trim());
  if (typeof name === "string" && name.trim()) meta.benchmark = cap2(name.trim().replace(/_summary$/, ""));
  else if (meta.model) meta.benchmark = meta.model;
  const concurrency2 = finiteOrUndefined(own(doc, "num_concurrent_requests"));
  if (concurrency2 !== void 0) meta.config.max_concurrency = concurrency2;
  for (const key of WORKLOAD_CONFIG) {
    const n = finiteOrUndefined(own(doc, key));
    if (n !== void 0) meta.config[key] = n;
  }
  const workload = [own(doc, "mean_input_tokens"), own(doc, "mean_output_tokens")].map(finiteOrUndefined);
  if (workload[0] !== void 0 && workload[1] !== void 0)
    meta.workload = `${workload[0]} input / ${workload[1]} output tokens (mean), ${concurrency2 ?? "?"} concurrent`;
  for (const [key, value4] of Object.entries(doc)) {
    if (key.startsWith("results_") || TOOL_KEYS.has(key) || UNSAFE_KEYS.has(key)) continue;
    const scalar2 = configScalar(value4);
    if (scalar2 !== void 0) meta.config[key] = scalar2;
  }
  for (const key of ["version", "timestamp"]) {
    const value4 = own(doc, key);
    if (typeof value4 === "string" || typeof value4 === "number") meta.extra[key] = cap2(String(value4));
  }
  const codes = own(doc, "results_error_code_frequency");
  if (typeof codes === "string" && codes.trim() !== "{}" && codes.trim() !== "")
    meta.extra.error_code_frequency = cap2(codes);
  return meta;
}
function failureNote(doc, workload) {
  if (!workload.failed) return void 0;
  const codes = errorCodes(own(doc, "results_error_code_frequency"));
  const of = workload.requests !== void 0 ? ` of ${workload.requests}` : "";
  return `${workload.failed}${of} requests failed${codes ? ` (${codes})` : ""}; latency statistics cover the successful ones`;
}
function errorCodes(value4) {
  if (typeof value4 !== "string") return void 0;
  const parts2 = [];
  for (const m of value4.matchAll(/(-?\d+(?:\.\d+)?)\)?\s*:\s*(\d+)/g)) {
    parts2.push(`error code ${Number(m[1])}: ${m[2]}`);
    if (parts2.length >= 5) break;
  }
  return parts2.length ? parts2.join(", ") : void 0;
}
function finiteOnly(collector, warnings) {
  const kept = collector.values.filter((v) => Number.isFinite(v.value));
  const lost = collector.values.length - kept.length;
  if (lost > 0) warnings.push(`${lost} statistic(s) overflow when converted to the catalog's units; left out`);
  return kept;
}
function finiteOrUndefined(value4) {
  const n = finiteNumber(value4);
  return n === void 0 || Number.isNaN(n) ? void 0 : n;
}
function configScalar(value4) {
  if (typeof value4 === "string") return cap2(value4);
  if (typeof value4 === "boolean") return value4;
  if (typeof value4 === "number") return Number.isFinite(value4) ? value4 : void 0;
  return void 0;
}
function cap2(text) {
  return text.length > MAX_TEXT2 ? `${text.slice(0, MAX_TEXT2)}…` : text;
}

// src/ingest/formats/llmperf.ts
var llmperfAdapter = {
  id: "llmperf",
  label: "LLMPerf results (summary or individual responses)",
  writtenBy: "llmperf token_benchmark_ray.py --results-dir: <name>_summary.json and <name>_individual_responses.json",
  detect: (head) => detectLlmperf(head),
  // A list is the responses file, anything else is read as a summary (and refused there if it is not).
  read: async (source, options) => [
    startsAsList(source.head) ? await readLlmperfResponses(source, options) : await readLlmperfSummary(source)
  ]
};
function startsAsList(head) {
  return head.replace(/^\ufeff/, "").trimStart().startsWith("[");
}

// src/ingest/formats/guidellm-table.ts
var FORMAT5 = "GuideLLM report";
function finishTable(builder, file, benchmark, options) {
  const built = builder.finish();
  const first = built.firstRejection;
  const read = built.recordsRead;
  if (read > 0 && built.skipped / read > options.maxBadLineRatio) {
    throw new InputError(
      file,
      `${FORMAT5}: ${benchmark}: ${first ? `${first.message} — ` : ""}${built.skipped} of ${read} request records are bad, more than the ${Number((options.maxBadLineRatio * 100).toPrecision(3))}% allowed (max-bad-lines); this is the first (records are numbered through the file)`,
      first?.line,
      first?.field
    );
  }
  return built;
}
function finiteSummaries(values, warnings) {
  const kept = values.filter((v) => Number.isFinite(v.value));
  if (kept.length < values.length)
    warnings.push(
      `${values.length - kept.length} statistic(s) overflow when converted to the catalog's units; left out`
    );
  return kept;
}

// src/ingest/formats/guidellm-metrics.ts
var TARGETS = [
  { key: "time_to_first_token_ms", metric: "ttft", unit: "ms" },
  { key: "request_latency", metric: "e2e", unit: "s" },
  { key: "inter_token_latency_ms", metric: "tpot", unit: "ms" },
  { key: "inter_token_latency_ms", metric: "itl", unit: "ms", meanOnly: true },
  {
    key: "time_per_output_token_ms",
    metric: "latency_per_output_token",
    unit: "ms",
    meanOnly: true,
    custom: { unit: "ms", direction: "lower-is-better" },
    shapes: ["scheduler", "config"]
  },
  { key: "requests_per_second", metric: "request_throughput", unit: "req/s", meanOnly: true },
  { key: "output_tokens_per_second", metric: "throughput", unit: "tok/s", meanOnly: true },
  {
    key: "tokens_per_second",
    metric: "total_token_throughput",
    unit: "tok/s",
    meanOnly: true,
    custom: { unit: "tok/s", direction: "higher-is-better" }
  }
];
var PERCENTILES = {
  p001: "p0.1",
  p01: "p1",
  p05: "p5",
  p10: "p10",
  p25: "p25",
  p50: "p50",
  p75: "p75",
  p90: "p90",
  p95: "p95",
  p99: "p99",
  p999: "p99.9"
};
function readMetrics(metrics, shape) {
  const collector = new SummaryCollector();
  const empty = [];
  for (const target of TARGETS) {
    if (target.shapes && !target.shapes.includes(shape)) continue;
    const summary = successful(metrics, target.key);
    if (!summary) continue;
    const count3 = finiteNumber(own(summary, "count"));
    if (count3 === 0) {
      if (!empty.includes(target.key)) empty.push(target.key);
      continue;
    }
    const counted = count3 !== void 0 && !Number.isNaN(count3) ? { count: count3 } : {};
    const field = `metrics.${target.key}.successful`;
    collector.addTarget(target, "mean", own(summary, "mean"), target.unit, `${field}.mean`, counted);
    if (target.meanOnly) continue;
    const percentiles = asObject(own(summary, "percentiles"));
    const median2 = own(summary, "median");
    collector.addTarget(
      target,
      "p50",
      median2 ?? own(percentiles, "p50"),
      target.unit,
      median2 !== void 0 ? `${field}.median` : `${field}.percentiles.p50`,
      counted
    );
    for (const [key, stat3] of Object.entries(PERCENTILES)) {
      if (stat3 === "p50") continue;
      collector.addTarget(target, stat3, own(percentiles, key), target.unit, `${field}.percentiles.${key}`, counted);
    }
    collector.addTarget(target, "std", own(summary, "std_dev"), target.unit, `${field}.std_dev`, counted);
    collector.addTarget(target, "min", own(summary, "min"), target.unit, `${field}.min`, counted);
    collector.addTarget(target, "max", own(summary, "max"), target.unit, `${field}.max`, counted);
  }
  const warnings = [...collector.warnings];
  if (empty.length > 0) warnings.push(`no successful request contributed to ${empty.join(", ")} (count 0): left out`);
  const workload = {};
  const input = meanOf2(metrics, "prompt_token_count");
  const output = meanOf2(metrics, "output_token_count");
  if (input !== void 0) workload.inputTokensMean = input;
  if (output !== void 0) workload.outputTokensMean = output;
  const concurrencyMean = meanOf2(metrics, "request_concurrency");
  const summaries = finiteSummaries(collector.values, warnings);
  return { summaries, warnings, workload, ...concurrencyMean !== void 0 ? { concurrencyMean } : {} };
}
function successful(metrics, key) {
  return asObject(own(asObject(own(metrics, key)), "successful"));
}
function meanOf2(metrics, key) {
  const summary = successful(metrics, key);
  const count3 = finiteNumber(own(summary, "count"));
  if (count3 === 0) return void 0;
  const n = finiteNumber(own(summary, "mean"));
  return n !== void 0 && Number.isFinite(n) && n >= 0 ? n : void 0;
}

// src/ingest/formats/guidellm-requests.ts
var MAX_ERROR_TEXT2 = 300;
function addGeneratedRequests(builder, requests, window, firstRecord) {
  const counts = {
    successful: 0,
    errored: 0,
    incomplete: 0,
    outsideWindow: 0,
    erroredUntimed: 0,
    malformed: []
  };
  const groups = asObject(requests);
  let record3 = firstRecord;
  for (const status of ["successful", "errored"]) {
    const list = own(groups, status);
    if (list === void 0 || list === null) continue;
    if (!Array.isArray(list)) {
      counts.malformed.push(status);
      continue;
    }
    for (const item of list) {
      const number3 = record3++;
      const r = asObject(item);
      if (!r) {
        builder.addRecord(item, number3);
        continue;
      }
      const times = timesOf(r);
      if (window && outside(times, window)) {
        counts.outsideWindow++;
        continue;
      }
      if (status === "errored" && times.start === void 0) {
        counts.erroredUntimed++;
        continue;
      }
      builder.addRecord(status === "successful" ? successRow(r, times) : errorRow(r, times), number3);
      counts[status]++;
    }
  }
  const incomplete = own(groups, "incomplete");
  if (Array.isArray(incomplete)) counts.incomplete = incomplete.length;
  return counts;
}
function successRow(r, t) {
  const row = common(r, t);
  const ttft = t.start !== void 0 && t.first !== void 0 ? (t.first - t.start) * 1e3 : number(own(r, "time_to_first_token_ms"));
  const latency2 = number(own(r, "request_latency"));
  const total2 = t.start !== void 0 && t.end !== void 0 ? (t.end - t.start) * 1e3 : latency2 !== void 0 ? latency2 * 1e3 : void 0;
  row.first_token_ms = ttft ?? own(r, "time_to_first_token_ms");
  row.total_ms = total2 ?? own(r, "request_latency");
  if (t.first !== void 0 && t.last !== void 0) row.decode_ms = (t.last - t.first) * 1e3;
  else if (ttft !== void 0 && total2 !== void 0 && total2 >= ttft) row.decode_ms = total2 - ttft;
  return row;
}
function errorRow(r, t) {
  const row = common(r, t);
  const message = typeof t.error === "string" && t.error.trim() !== "" ? t.error.trim() : "errored (GuideLLM gives no message)";
  row.error = message.length > MAX_ERROR_TEXT2 ? `${message.slice(0, MAX_ERROR_TEXT2)}…` : message;
  return row;
}
function common(r, t) {
  const row = {};
  const id = own(r, "request_id");
  if (typeof id === "string" || typeof id === "number") row.request_id = String(id);
  if (t.start !== void 0) row.arrival_ts = t.start;
  const prompt = own(r, "prompt_tokens") ?? own(asObject(own(r, "input_metrics")), "total_tokens");
  const output = own(r, "output_tokens") ?? own(asObject(own(r, "output_metrics")), "total_tokens");
  if (prompt !== void 0 && prompt !== null) row.prompt_tokens = prompt;
  if (output !== void 0 && output !== null) row.output_tokens = output;
  const lag = t.start !== void 0 && t.targeted !== void 0 ? (t.start - t.targeted) * 1e3 : NaN;
  if (Number.isFinite(lag)) row.schedule_lag_ms = lag;
  return row;
}
function timesOf(r) {
  const info = asObject(own(r, "info"));
  const timings = asObject(own(info, "timings"));
  if (timings) {
    return {
      start: stamp(own(timings, "request_start")) ?? stamp(own(r, "request_start_time")),
      first: stamp(own(timings, "first_token_iteration")) ?? stamp(own(timings, "first_iteration")),
      last: stamp(own(timings, "last_token_iteration")) ?? stamp(own(timings, "last_iteration")),
      end: stamp(own(timings, "request_end")),
      targeted: stamp(own(timings, "targeted_start")),
      error: own(info, "error")
    };
  }
  const scheduler = asObject(own(r, "scheduler_info"));
  const measured2 = asObject(own(scheduler, "request_timings"));
  if (measured2) {
    return {
      start: stamp(own(measured2, "request_start")),
      first: stamp(own(measured2, "first_iteration")),
      last: stamp(own(measured2, "last_iteration")),
      end: stamp(own(measured2, "request_end")),
      targeted: stamp(own(asObject(own(scheduler, "scheduler_timings")), "targeted_start")),
      error: own(scheduler, "error")
    };
  }
  return {
    start: stamp(own(r, "start_time")),
    first: stamp(own(r, "first_token_time")),
    last: stamp(own(r, "last_token_time")),
    end: stamp(own(r, "end_time")),
    targeted: stamp(own(scheduler, "targeted_start_time")),
    error: own(r, "error")
  };
}
function outside(t, window) {
  const end = t.end ?? t.start;
  const start = t.start ?? t.end;
  if (end === void 0 || start === void 0) return false;
  return end < window.start || start > window.end;
}
function stamp(value4) {
  return typeof value4 === "number" && Number.isFinite(value4) && value4 > 0 ? value4 : void 0;
}
function number(value4) {
  const n = finiteNumber(value4);
  return n === void 0 || Number.isNaN(n) ? void 0 : n;
}

// src/ingest/formats/guidellm-strategy.ts
var RATE_TYPES = /* @__PURE__ */ new Set(["constant", "poisson"]);
function describeStrategy(value4) {
  const strategy = asObject(value4);
  const type = own(strategy, "type_");
  if (typeof type !== "string" || type.trim() === "") return { config: {}, workload: {} };
  const name = type.trim().slice(0, 40);
  const rate = positive(own(strategy, "rate"));
  const streams = positive(own(strategy, "streams"));
  const maxConcurrency = positive(own(strategy, "max_concurrency"));
  const info = { label: name, config: { strategy: name }, workload: {} };
  if (name === "synchronous") {
    info.config.max_concurrency = 1;
    info.workload.concurrency = 1;
  } else if (name === "concurrent" && streams !== void 0) {
    info.label = `concurrent@${streams}`;
    info.config.max_concurrency = streams;
    info.workload.concurrency = streams;
  } else if (name === "throughput") {
    info.config.request_rate = "inf";
    info.workload.requestRate = Infinity;
  } else if (RATE_TYPES.has(name) && rate !== void 0) {
    info.label = `${name}@${rate.toFixed(2)}`;
    info.config.request_rate = rate;
    info.workload.requestRate = rate;
  }
  if (maxConcurrency !== void 0 && name !== "synchronous" && name !== "concurrent") {
    info.config.max_concurrency = maxConcurrency;
    info.workload.concurrency = maxConcurrency;
  }
  return info;
}
function describeLegacyMode(mode, rateValue) {
  if (typeof mode !== "string" || mode.trim() === "") return { config: {}, workload: {} };
  const name = mode.trim().slice(0, 40);
  const rate = positive(rateValue);
  const info = {
    label: rate !== void 0 ? `${name}@${rate.toFixed(2)}` : name,
    config: { strategy: name },
    workload: {}
  };
  if (name === "synchronous") {
    info.config.max_concurrency = 1;
    info.workload.concurrency = 1;
  } else if (name === "throughput") {
    info.config.request_rate = "inf";
    info.workload.requestRate = Infinity;
  }
  if (rate !== void 0 && name !== "synchronous") {
    info.config.request_rate = rate;
    info.workload.requestRate = rate;
  }
  return info;
}
function positive(value4) {
  const n = finiteNumber(value4);
  return n !== void 0 && !Number.isNaN(n) && n > 0 ? n : void 0;
}

// src/ingest/formats/guidellm-benchmark.ts
var MAX_TEXT3 = 200;
var SHAPE_NAMES = {
  args: "benchmark.args (GuideLLM 0.2)",
  scheduler: "benchmark.scheduler (GuideLLM 0.3.0)",
  config: "benchmark.config (GuideLLM 0.4+)"
};
function mapGenerativeBenchmark(bench, index, ctx) {
  const where = `benchmarks[${index}]`;
  const shape = shapeOf(bench);
  const settings = asObject(own(bench, shape === "config" ? "config" : shape === "scheduler" ? "scheduler" : "args"));
  const strategy = describeStrategy(own(settings, "strategy"));
  const metrics = asObject(own(bench, "metrics"));
  const requests = own(bench, "requests");
  if (!metrics && !asObject(requests)) {
    throw new InputError(
      ctx.file,
      `${FORMAT5}: ${where}: neither "metrics" nor "requests" — not a generative benchmark shape this reader knows (${SHAPE_NAMES[shape]}${ctx.version ? `, guidellm ${ctx.version}` : ""})`
    );
  }
  const label = strategy.label ?? `benchmark ${index + 1}`;
  const read = readMetrics(metrics, shape);
  const builder = new RequestTableBuilder(ctx.file);
  const counts = addGeneratedRequests(builder, requests, measureWindow(bench), ctx.nextRecord);
  ctx.nextRecord += builder.recordsRead + counts.outsideWindow + counts.erroredUntimed;
  const built = finishTable(builder, ctx.file, `${where} (${label})`, ctx.options);
  if (!built.table && read.summaries.length === 0) {
    throw new InputError(
      ctx.file,
      `${FORMAT5}: ${where} (${label}): no successful request and no summary statistic to compare`
    );
  }
  const totals = asObject(own(metrics, "request_totals")) ?? asObject(own(bench, "request_totals"));
  const workload = workloadOf2(bench, totals, strategy, read.workload);
  const warnings = [
    ...read.warnings,
    ...requestWarnings(counts, totals, built.table !== void 0),
    ...built.table ? built.warnings : []
  ];
  if (!strategy.label)
    warnings.push(`no strategy at ${shape}.strategy ("type_"): the run is labelled by its position, "${label}"`);
  const meta = metaOf2(bench, shape, settings, strategy, label, ctx);
  if (read.concurrencyMean !== void 0) meta.extra.measured_concurrency_mean = String(read.concurrencyMean);
  if (meta.workload) workload.dataset = meta.workload;
  if (workload.failed !== void 0) workload.failedFrom = "tool";
  return {
    meta,
    ...built.table ? { requests: built.table } : {},
    summaries: read.summaries,
    workload,
    role: built.table ? "requests" : "summary",
    repeat: label,
    sources: [
      {
        file: ctx.file,
        format: "guidellm",
        ...ctx.version ? { toolVersion: `guidellm ${ctx.version}` } : {},
        recordsRead: built.recordsRead,
        recordsKept: built.table?.length ?? 0,
        skipped: built.skipped,
        issues: built.issues.kept,
        warnings
      }
    ]
  };
}
function shapeOf(bench) {
  if (asObject(own(bench, "config"))) return "config";
  if (asObject(own(bench, "scheduler"))) return "scheduler";
  return "args";
}
function measureWindow(bench) {
  const scheduler = asObject(own(bench, "scheduler_metrics"));
  const start = finiteNumber(own(scheduler, "measure_start_time"));
  const end = finiteNumber(own(scheduler, "measure_end_time"));
  if (start === void 0 || end === void 0 || !(start > 0) || !(end >= start)) return void 0;
  return { start, end };
}
function workloadOf2(bench, totals, strategy, tokens) {
  const w = { ...strategy.workload, ...tokens };
  const total2 = count(own(totals, "total"));
  const errored = count(own(totals, "errored"));
  if (total2 !== void 0) w.requests = total2;
  if (errored !== void 0) w.failed = errored;
  const duration2 = count(own(bench, "duration")) ?? span(own(bench, "start_time"), own(bench, "end_time"));
  if (duration2 !== void 0 && Number.isFinite(duration2) && duration2 > 0) w.durationSeconds = duration2;
  return w;
}
function requestWarnings(counts, totals, hasRows) {
  const out = [];
  for (const status of counts.malformed) out.push(`requests.${status} is not a list; left out`);
  const successful2 = count(own(totals, "successful"));
  if (hasRows && successful2 !== void 0 && counts.successful < successful2) {
    out.push(
      `the report keeps ${counts.successful} of ${successful2} successful requests (GuideLLM sampled them): per-request statistics rest on the sample, GuideLLM's summaries on all`
    );
  }
  if (!hasRows)
    out.push("the report keeps no per-request records (sampled away): only GuideLLM's summary statistics are compared");
  if (counts.incomplete > 0)
    out.push(
      `${counts.incomplete} incomplete request(s) (cut off when the benchmark ended) are counted, not kept as rows`
    );
  if (counts.erroredUntimed > 0)
    out.push(`${counts.erroredUntimed} errored request(s) have no start time: counted as failed, not kept as rows`);
  if (counts.outsideWindow > 0)
    out.push(
      `${counts.outsideWindow} request(s) outside the measured window (warmup, cooldown) left out, as GuideLLM's own metrics do`
    );
  return out;
}
function metaOf2(bench, shape, settings, strategy, label, ctx) {
  const meta = emptyMeta();
  meta.benchmark = label;
  Object.assign(meta.config, strategy.config);
  const profile = own(
    asObject(own(shape === "scheduler" ? asObject(own(bench, "benchmarker")) : settings, "profile")),
    "type_"
  );
  if (typeof profile === "string") meta.config.profile = profile.slice(0, 40);
  const backend = asObject(own(shape === "scheduler" ? asObject(own(bench, "benchmarker")) : settings, "backend"));
  const worker = asObject(own(bench, "worker"));
  const model = firstText(own(ctx.args, "model"), own(backend, "model"), own(worker, "backend_model"));
  if (model) meta.model = model;
  const data = firstText(
    own(ctx.args, "data"),
    own(asObject(own(bench, "request_loader")), "data"),
    own(asObject(own(asObject(own(bench, "benchmarker")), "requests")), "data"),
    own(asObject(own(settings, "requests")), "data")
  );
  if (data) meta.workload = data;
  meta.extra.guidellm_schema = SHAPE_NAMES[shape];
  if (ctx.version) meta.extra.guidellm_version = ctx.version;
  const target = firstText(own(ctx.args, "target"), own(backend, "target"), own(worker, "backend_target"));
  if (target) meta.extra.target = target;
  const runId = own(bench, "run_id") ?? own(settings, "run_id");
  if (typeof runId === "string") meta.extra.run_id = runId.slice(0, MAX_TEXT3);
  return meta;
}
function firstText(...values) {
  for (const value4 of values) {
    let text;
    if (typeof value4 === "string") text = value4;
    else if (Array.isArray(value4) && value4.length > 0 && value4.every((v) => typeof v === "string"))
      text = value4.join("; ");
    if (text !== void 0 && text.trim() !== "")
      return text.length > MAX_TEXT3 ? `${text.slice(0, MAX_TEXT3)}…` : text.trim();
  }
  return void 0;
}
function count(value4) {
  const n = finiteNumber(value4);
  return n !== void 0 && Number.isFinite(n) && n >= 0 ? n : void 0;
}
function span(start, end) {
  const a = finiteNumber(start);
  const b = finiteNumber(end);
  if (a === void 0 || b === void 0 || Number.isNaN(a) || Number.isNaN(b) || a <= 0) return void 0;
  return b - a;
}

// src/ingest/formats/guidellm-detect.ts
var GENERATIVE = /"type_"\s*:\s*"generative_benchmark"/;
var VERSIONED = /"guidellm_version"\s*:/;
var LEGACY = /"benchmarks"\s*:\s*\[\s*\{\s*"benchmarks"\s*:\s*\[/;
var LEGACY_MODE = /"mode"\s*:\s*"(synchronous|asynchronous|throughput)"/;
var ARGS_FIRST = /^\{\s*"args"\s*:\s*\{/;
var ARGS_KEYS = [/"profile"\s*:/, /"rate"\s*:/, /"backend(_type)?"\s*:/, /"data"\s*:/];
var YAML_MARKER = /^[\s-]*(type_:\s*generative_benchmark|guidellm_version:)/m;
function guidellmHeadOf(head) {
  const text = head.replace(/^\ufeff/, "").trimStart();
  if (!text.startsWith("{")) {
    if (YAML_MARKER.test(text)) return "yaml";
    return { reason: 'not a JSON object: a GuideLLM report is one JSON object with a "benchmarks" list' };
  }
  if (GENERATIVE.test(text) || VERSIONED.test(text)) return "json";
  if (LEGACY.test(text) && LEGACY_MODE.test(text)) return "json";
  if (ARGS_FIRST.test(text) && ARGS_KEYS.every((key) => key.test(text))) return "json";
  return {
    reason: 'no GuideLLM marker: expected "type_": "generative_benchmark" benchmarks, "guidellm_version" metadata, or (0.1) "benchmarks" of benchmarks with a "mode"'
  };
}
function detectGuidellm(head) {
  const kind2 = guidellmHeadOf(head);
  if (kind2 === "json") return { match: true, reason: "GuideLLM benchmark report", specificity: 3 };
  if (kind2 === "yaml")
    return {
      match: true,
      reason: "GuideLLM report in YAML (read as JSON only; refused with a message)",
      specificity: 3
    };
  return { match: false, reason: kind2.reason };
}

// src/ingest/formats/guidellm-legacy.ts
function mapLegacyReport(report2, index, ctx) {
  const inner = own(report2, "benchmarks");
  if (!Array.isArray(inner))
    throw new InputError(ctx.file, `${FORMAT5}: benchmarks[${index}].benchmarks: expected a list of 0.1 benchmarks`);
  const args = asObject(own(report2, "args"));
  return inner.map((item, k) => {
    const bench = asObject(item);
    if (!bench)
      throw new InputError(
        ctx.file,
        `${FORMAT5}: benchmarks[${index}].benchmarks[${k}]: expected an object, got ${Array.isArray(item) ? "a list" : typeof item}`
      );
    return mapLegacyBenchmark(bench, `benchmarks[${index}].benchmarks[${k}]`, args, ctx);
  });
}
function mapLegacyBenchmark(bench, where, args, ctx) {
  const strategy = describeLegacyMode(own(bench, "mode"), own(bench, "rate"));
  const label = strategy.label ?? where;
  const builder = new RequestTableBuilder(ctx.file);
  let record3 = ctx.nextRecord;
  let errors = 0;
  const results = own(bench, "results");
  if (Array.isArray(results)) for (const item of results) builder.addRecord(resultRow(item), record3++);
  const failures = own(bench, "errors");
  if (Array.isArray(failures)) errors = failures.length;
  ctx.nextRecord = record3;
  const built = finishTable(builder, ctx.file, `${where} (${label})`, ctx.options);
  const collector = new SummaryCollector();
  collector.add(
    "throughput",
    "mean",
    own(bench, "output_token_throughput"),
    "tok/s",
    `${where}.output_token_throughput`
  );
  collector.add(
    "request_throughput",
    "mean",
    own(bench, "completed_request_rate"),
    "req/s",
    `${where}.completed_request_rate`
  );
  const warnings = [...collector.warnings];
  const summaries = finiteSummaries(collector.values, warnings);
  if (!built.table && summaries.length === 0)
    throw new InputError(ctx.file, `${FORMAT5}: ${where} (${label}): no results and no throughput to compare`);
  const meta = emptyMeta();
  meta.benchmark = label;
  Object.assign(meta.config, strategy.config);
  const model = own(args, "model");
  if (typeof model === "string" && model.trim()) meta.model = model.trim().slice(0, 200);
  const data = own(args, "data");
  if (typeof data === "string" && data.trim()) meta.workload = data.trim().slice(0, 200);
  meta.extra.guidellm_schema = "benchmarks[].benchmarks[] with mode/rate (GuideLLM 0.1)";
  const duration2 = finiteNumber(own(bench, "duration"));
  return {
    meta,
    ...built.table ? { requests: built.table } : {},
    summaries,
    workload: {
      ...strategy.workload,
      ...meta.workload ? { dataset: meta.workload } : {},
      requests: (Array.isArray(results) ? results.length : 0) + errors,
      failed: errors,
      failedFrom: "rows",
      ...duration2 !== void 0 && Number.isFinite(duration2) && duration2 > 0 ? { durationSeconds: duration2 } : {}
    },
    role: built.table ? "requests" : "summary",
    repeat: label,
    sources: [
      {
        file: ctx.file,
        format: "guidellm",
        recordsRead: built.recordsRead,
        recordsKept: built.table?.length ?? 0,
        skipped: built.skipped,
        issues: built.issues.kept,
        warnings: [
          ...warnings,
          ...errors > 0 ? [
            `${errors} error(s): GuideLLM 0.1 records no time for them, so they are counted as failed, not kept as rows`
          ] : [],
          ...built.table ? built.warnings : []
        ]
      }
    ]
  };
}
function resultRow(item) {
  const r = asObject(item);
  if (!r) return item;
  const start = stamp2(own(r, "start_time"));
  const first = stamp2(own(r, "first_token_time"));
  const last = stamp2(own(r, "last_token_time"));
  const end = stamp2(own(r, "end_time"));
  const row = {};
  const id = own(asObject(own(r, "request")), "id");
  if (typeof id === "string" || typeof id === "number") row.request_id = String(id);
  if (start !== void 0) row.arrival_ts = start;
  row.first_token_ms = start !== void 0 && first !== void 0 ? (first - start) * 1e3 : own(r, "time_to_first_token");
  const latency2 = finiteNumber(own(r, "request_latency"));
  row.total_ms = start !== void 0 && end !== void 0 ? (end - start) * 1e3 : latency2 !== void 0 && !Number.isNaN(latency2) ? latency2 * 1e3 : own(r, "request_latency");
  if (first !== void 0 && last !== void 0) row.decode_ms = (last - first) * 1e3;
  row.prompt_tokens = own(r, "prompt_token_count");
  row.output_tokens = own(r, "output_token_count");
  return row;
}
function stamp2(value4) {
  return typeof value4 === "number" && Number.isFinite(value4) && value4 > 0 ? value4 : void 0;
}

// src/ingest/formats/guidellm.ts
var KNOWN_SCHEMA_VERSION = 1;
var guidellmAdapter = {
  id: "guidellm",
  label: "GuideLLM benchmark report",
  writtenBy: "guidellm benchmark --output-path benchmarks.json (one run per benchmark / load point)",
  detect: (head) => detectGuidellm(head),
  read: (source, options) => readGuidellmReport(source, options)
};
async function readGuidellmReport(source, options, maxBytes) {
  const text = await readDocument(source, FORMAT5, maxBytes);
  if (!text.replace(/^\ufeff/, "").trimStart().startsWith("{")) {
    if (guidellmHeadOf(source.head) === "yaml") {
      throw new InputError(
        source.name,
        `${FORMAT5}: this is the YAML report; perf-triage reads the JSON one (guidellm benchmark --output-path benchmarks.json)`
      );
    }
    throw new InputError(
      source.name,
      `${FORMAT5}: expected one JSON object with a "benchmarks" list; the file starts with ${JSON.stringify(text.trimStart().slice(0, 30))}`
    );
  }
  const { members, benchmarks } = split(text, source.name);
  const ctx = contextOf(members, source.name, options);
  const runs = [];
  const skipped = [];
  benchmarks.forEach((piece, index) => {
    const bench = parseBenchmark(piece, index, source.name);
    const type = own(bench, "type_");
    if (type === "generative_benchmark" || type === void 0 && asObject(own(bench, "metrics"))) {
      runs.push(mapGenerativeBenchmark(bench, index, ctx));
    } else if (type === void 0 && Array.isArray(own(bench, "benchmarks"))) {
      runs.push(...mapLegacyReport(bench, index, ctx));
    } else if (typeof type === "string") {
      skipped.push(`benchmarks[${index}] is a "${type.slice(0, 40)}"`);
    } else {
      const keys = Object.keys(bench).slice(0, 6).join(", ");
      throw new InputError(
        source.name,
        `${FORMAT5}: benchmarks[${index}] has no "type_", "metrics" or "benchmarks" (keys: ${keys || "none"}): not a GuideLLM benchmark shape this reader knows${ctx.version ? ` (guidellm ${ctx.version})` : ""}`
      );
    }
  });
  if (runs.length === 0) {
    throw new InputError(
      source.name,
      `${FORMAT5}: ${skipped.length ? `${skipped.join("; ")}: only generative (text) benchmarks are compared` : 'the "benchmarks" list is empty'}`
    );
  }
  if (skipped.length)
    runs[0].sources[0].warnings.push(`${skipped.join("; ")}: not a text-generation benchmark, left out`);
  labelDuplicates(runs);
  return runs;
}
function split(text, file) {
  const splitter = new JsonStreamSplitter({ streamKey: "benchmarks" });
  const members = /* @__PURE__ */ new Map();
  const benchmarks = [];
  let broken;
  const handlers = {
    onElement: (piece, line) => {
      benchmarks.push({ text: piece, line });
    },
    onMember: (key, piece, line) => {
      if (key !== "metadata" && key !== "args") return;
      try {
        members.set(key, parseJsonLenient(piece));
      } catch (error) {
        throw new InputError(file, `${FORMAT5}: "${key}" is not valid JSON: ${error.message}`, line);
      }
    },
    onError: (message, line) => {
      broken ??= { message, line };
    }
  };
  splitter.push(text, handlers);
  splitter.end(handlers);
  if (broken)
    throw new InputError(
      file,
      `${FORMAT5}: not valid JSON at line ${broken.line}: ${broken.message} (a cut-off or damaged report)`,
      broken.line
    );
  if (splitter.shape !== "object" || splitter.streamedKey !== "benchmarks") {
    throw new InputError(file, `${FORMAT5}: no "benchmarks" list at the top level of the report`);
  }
  return { members, benchmarks };
}
function contextOf(members, file, options) {
  const metadata = asObject(members.get("metadata"));
  const rawVersion = own(metadata, "guidellm_version");
  const version = typeof rawVersion === "string" && rawVersion.trim() ? rawVersion.trim().slice(0, 40) : void 0;
  const schema = own(metadata, "version");
  if (schema !== void 0 && schema !== KNOWN_SCHEMA_VERSION) {
    throw new InputError(
      file,
      `${FORMAT5}: report schema version ${JSON.stringify(schema)?.slice(0, 20)}${version ? ` (guidellm ${version})` : ""}: this reader knows schema version ${KNOWN_SCHEMA_VERSION} (GuideLLM 0.4+) and the unversioned 0.1–0.3 reports`
    );
  }
  const args = asObject(members.get("args"));
  return { file, options, nextRecord: 1, ...version ? { version } : {}, ...args ? { args } : {} };
}
function parseBenchmark(piece, index, file) {
  let value4;
  try {
    value4 = parseJsonLenient(piece.text);
  } catch (error) {
    throw new InputError(
      file,
      `${FORMAT5}: benchmarks[${index}] is not valid JSON: ${error.message}`,
      piece.line
    );
  }
  const bench = asObject(value4);
  if (!bench)
    throw new InputError(
      file,
      `${FORMAT5}: benchmarks[${index}]: expected an object, got ${Array.isArray(value4) ? "a list" : JSON.stringify(value4)?.slice(0, 30)}`,
      piece.line
    );
  return bench;
}
function labelDuplicates(runs) {
  const seen = /* @__PURE__ */ new Map();
  for (const run of runs) {
    const label = run.repeat ?? "";
    const n = (seen.get(label) ?? 0) + 1;
    seen.set(label, n);
    if (n > 1) {
      run.repeat = `${label} #${n}`;
      run.meta.benchmark = run.repeat;
    }
  }
}

// src/ingest/formats/genai-perf-stats.ts
var TIME_UNITS = {
  ns: "ns",
  nanoseconds: "ns",
  us: "us",
  µs: "us",
  microseconds: "us",
  ms: "ms",
  milliseconds: "ms",
  s: "s",
  sec: "s",
  secs: "s",
  second: "s",
  seconds: "s"
};
function unitKind(raw) {
  if (typeof raw !== "string") return void 0;
  const unit = raw.trim().toLowerCase().replace(/\s+/g, " ");
  if (Object.hasOwn(TIME_UNITS, unit)) return { kind: "time", unit: TIME_UNITS[unit] };
  if (/^tokens? ?(\/|per) ?s(ec(ond)?)?$/.test(unit)) return { kind: "rate", unit: "tok/s" };
  if (/^requests? ?(\/|per) ?s(ec(ond)?)?$/.test(unit)) return { kind: "rate", unit: "req/s" };
  if (/(\/|per) ?s(ec(ond)?)?\b/.test(unit)) return { kind: "rate", unit: raw.trim() };
  return { kind: "other", unit: raw.trim() };
}
var STAT_KEYS = [
  ["avg", "mean"],
  ["p1", "p1"],
  ["p5", "p5"],
  ["p10", "p10"],
  ["p25", "p25"],
  ["p50", "p50"],
  ["p75", "p75"],
  ["p90", "p90"],
  ["p95", "p95"],
  ["p99", "p99"],
  ["min", "min"],
  ["max", "max"],
  ["std", "std"]
];
function asStatBlock(value4) {
  if (value4 === null || typeof value4 !== "object" || Array.isArray(value4)) return void 0;
  const block = value4;
  return typeof own(block, "unit") === "string" ? block : void 0;
}
function addCatalogBlock(out, target, block, field) {
  const kind2 = unitKind(own(block, "unit"));
  const fits2 = kind2 && (target.expects === "time" ? kind2.kind === "time" : kind2.kind === "rate" && kind2.unit === target.expects);
  if (!kind2 || !fits2) {
    out.warnings.push(
      `${field}: unit ${JSON.stringify(own(block, "unit"))?.slice(0, 30)} is not a ${target.expects === "time" ? "duration" : target.expects} unit; left out`
    );
    return;
  }
  const unit = kind2.kind === "time" ? kind2.unit : target.expects;
  const counted = target.runLevel ? {} : countOf(block);
  addStats(
    out,
    (stat3, raw, f) => out.add(target.metric, stat3, raw, unit, f, counted),
    block,
    field,
    unit,
    target.runLevel === true
  );
}
function addOwnBlock(out, name, block, field) {
  const kind2 = unitKind(own(block, "unit"));
  if (!kind2 || kind2.kind === "other") return false;
  if (kind2.kind === "time") {
    const reading = { unit: "ms", direction: "lower-is-better", ...countOf(block) };
    addStats(out, (stat3, raw, f) => out.add(name, stat3, raw, kind2.unit, f, reading), block, field, kind2.unit, false);
  } else {
    const unit = kind2.unit === "tok/s" || kind2.unit === "req/s" ? kind2.unit : "count";
    const reading = { unit: kind2.unit, direction: "higher-is-better", ...countOf(block) };
    addStats(out, (stat3, raw, f) => out.add(name, stat3, raw, unit, f, reading), block, field, unit, false);
  }
  return true;
}
function addStats(out, add3, block, field, unit, meanOnly) {
  for (const [key, stat3] of STAT_KEYS) {
    if (meanOnly && key !== "avg") continue;
    const raw = own(block, key);
    const n = finiteNumber(raw);
    if (n !== void 0 && Number.isFinite(n) && (unit === "s" || unit === "us" || unit === "ns" || unit === "ms") && !Number.isFinite(toMs(n, unit))) {
      out.warnings.push(`${field}.${key}: ${n} ${unit} is out of range; left out`);
      continue;
    }
    add3(stat3, raw, `${field}.${key}`);
  }
}
function countOf(block) {
  const n = finiteNumber(own(block, "count"));
  return n !== void 0 && Number.isInteger(n) && n > 0 ? { count: n } : {};
}
function blockMean(block, as) {
  if (!block) return void 0;
  const n = finiteNumber(own(block, "avg"));
  if (n === void 0 || Number.isNaN(n)) return void 0;
  if (as === "plain") return n;
  const kind2 = unitKind(own(block, "unit"));
  if (kind2?.kind !== "time") return void 0;
  const ms2 = toMs(n, kind2.unit);
  return Number.isFinite(ms2) ? ms2 : void 0;
}
function hasStatBlock(text, names2) {
  const pattern = new RegExp(`"(?:${names2.join("|")})"\\s*:\\s*\\{`, "g");
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const body = text.slice(match.index + match[0].length, match.index + match[0].length + 400);
    const end = body.indexOf("}");
    const inside = end === -1 ? body : body.slice(0, end);
    if (/"unit"\s*:\s*"/.test(inside) && /"(avg|p50)"\s*:/.test(inside)) return true;
  }
  return false;
}

// src/ingest/formats/aiperf-detect.ts
var AIPERF_ONLY = /"(schema_version|aiperf_version|benchmark_id|min_request_timestamp|max_response_timestamp|benchmark_duration|error_request_count)"\s*:/;
var TAGGED_BLOCK = /"tag"\s*:\s*"[^"]*"\s*,\s*"unit"\s*:/;
var RECORDS_OBJECT = /^\{\s*"records"\s*:\s*[{[]/;
var AIPERF_SUMMARY_METRICS = [
  "request_throughput",
  "request_latency",
  "request_count",
  "time_to_first_token",
  "ttft",
  "inter_token_latency",
  "output_token_throughput",
  "output_sequence_length",
  "input_sequence_length",
  "min_request_timestamp",
  "error_request_count"
];
function looksLikeAiperfSummary(text) {
  if (!text.startsWith("{")) return false;
  if (RECORDS_OBJECT.test(text) && TAGGED_BLOCK.test(text)) return true;
  return AIPERF_ONLY.test(text) && hasStatBlock(text, AIPERF_SUMMARY_METRICS);
}
function looksLikeAiperfRecords(text) {
  const firstLine = text.slice(0, text.indexOf("\n") === -1 ? text.length : text.indexOf("\n"));
  if (!/^\{\s*"metadata"\s*:\s*\{/.test(firstLine)) return false;
  return /"(x_request_id|x_correlation_id|record_processor_id|request_start_ns|session_num|credit_phase|benchmark_phase)"\s*:/.test(
    firstLine
  );
}

// src/ingest/formats/genai-perf-responses.ts
var CONTENT = /"(?:content|text|text_output)"\s*:\s*"(?!")/;
function openAiResponseHasContent(response) {
  if (typeof response !== "string") return false;
  for (const event of response.trim().split("\n\n")) {
    if (eventHasContent(event.trim())) return true;
  }
  return false;
}
function eventHasContent(event) {
  if (event === "" || event.startsWith(":") || /^(event|id|retry):/.test(event)) return false;
  const data = event.startsWith("data:") ? event.slice(5).trim() : event;
  if (data === "" || data === "[DONE]") return false;
  return CONTENT.test(data);
}

// src/ingest/formats/genai-perf-table.ts
function finishTable2(builder, file, format, options) {
  const built = builder.finish();
  const { skipped, recordsRead: read, firstRejection: first } = built;
  if (!built.table) {
    if (first)
      throw new InputError(
        file,
        `${format}: ${first.message} (no usable request: ${skipped} of ${read} record(s) rejected, this is the first)`,
        first.line,
        first.field
      );
    throw new InputError(file, `${format}: no requests in the file`);
  }
  if (read > 0 && skipped / read > options.maxBadLineRatio) {
    throw new InputError(
      file,
      `${format}: ${first ? `${first.message} — ` : ""}${skipped} of ${read} records are bad, more than the ${Number((options.maxBadLineRatio * 100).toPrecision(3))}% allowed (max-bad-lines); this is the first`,
      first?.line,
      first?.field
    );
  }
  return { table: built.table, built };
}
function sourceReport(file, format, finished, warnings) {
  const { built, table: table2 } = finished;
  return {
    file,
    format,
    recordsRead: built.recordsRead,
    recordsKept: table2.length,
    skipped: built.skipped,
    issues: built.issues.kept,
    warnings: [...warnings, ...built.warnings]
  };
}
function tableWorkload(table2) {
  const n = table2.numbers;
  const error = table2.text.error;
  let failed2 = 0;
  let first = Infinity;
  let last = -Infinity;
  const input = { sum: 0, count: 0 };
  const output = { sum: 0, count: 0 };
  for (let i = 0; i < table2.length; i++) {
    const failedRow = error !== void 0 && error.codes[i] >= 0;
    if (failedRow) failed2++;
    const arrival = n.arrival_ts?.[i] ?? NaN;
    if (Number.isFinite(arrival)) {
      first = Math.min(first, arrival);
      const end = arrival + (n.total_ms?.[i] ?? 0) / 1e3;
      if (Number.isFinite(end)) last = Math.max(last, end);
    }
    if (failedRow) continue;
    add(input, n.prompt_tokens?.[i]);
    add(output, n.output_tokens?.[i]);
  }
  const workload = { requests: table2.length, failed: failed2 };
  if (Number.isFinite(first) && Number.isFinite(last) && last > first) workload.durationSeconds = last - first;
  if (input.count > 0) workload.inputTokensMean = input.sum / input.count;
  if (output.count > 0) workload.outputTokensMean = output.sum / output.count;
  return workload;
}
function add(acc, value4) {
  if (value4 !== void 0 && Number.isFinite(value4)) {
    acc.sum += value4;
    acc.count++;
  }
}

// src/ingest/formats/genai-perf-raw.ts
var RAW_FORMAT = "GenAI-Perf profile export";
var NS_PER_MS = 1e6;
function rawRuns(doc, file, format, options) {
  const experiments = own(doc, "experiments");
  if (!Array.isArray(experiments)) {
    throw new InputError(
      file,
      `${RAW_FORMAT}: key "experiments": expected a list of {"experiment", "requests"}, got ${describe4(experiments)}`
    );
  }
  const serviceKind = typeof own(doc, "service_kind") === "string" ? own(doc, "service_kind") : void 0;
  const endpoint = typeof own(doc, "endpoint") === "string" ? own(doc, "endpoint") : void 0;
  const runs = [];
  let recordNo = 0;
  experiments.forEach((raw, index) => {
    const experiment = readExperiment(raw);
    if (!experiment)
      throw new InputError(
        file,
        `${RAW_FORMAT}: experiments[${index}]: expected an object with a "requests" list, got ${describe4(raw)}`
      );
    const builder = new RequestTableBuilder(file);
    for (const request of experiment.requests) addRequest(builder, request, ++recordNo, serviceKind);
    const label = experiment.mode && experiment.value !== void 0 ? `${experiment.mode} ${experiment.value}` : `experiment ${index + 1}`;
    const finished = finishTable2(builder, file, `${RAW_FORMAT} (${label})`, options);
    const meta = emptyMeta();
    const model = modelOf(experiment.requests);
    if (model) meta.model = model;
    meta.benchmark = model ?? "genai-perf";
    meta.workload = label;
    if (experiment.mode === "concurrency" && experiment.value !== void 0) meta.config.concurrency = experiment.value;
    if (experiment.mode === "request_rate" && experiment.value !== void 0)
      meta.config.request_rate = experiment.value;
    if (serviceKind) meta.config.service_kind = serviceKind;
    if (endpoint) meta.config.endpoint = endpoint;
    const version = own(doc, "version");
    if (typeof version === "string") meta.extra.perf_analyzer_version = version.slice(0, 100);
    const workload = tableWorkload(finished.table);
    if (experiment.mode === "concurrency") workload.concurrency = experiment.value;
    if (experiment.mode === "request_rate") workload.requestRate = experiment.value;
    const warnings = experiments.length > 1 ? [`experiment ${index + 1} of ${experiments.length} (${label}); record numbers count across the file`] : [];
    runs.push({
      meta,
      requests: finished.table,
      summaries: [],
      sources: [sourceReport(file, format, finished, warnings)],
      workload,
      role: "requests"
    });
  });
  if (runs.length === 0) throw new InputError(file, `${RAW_FORMAT}: "experiments" is empty`);
  return runs;
}
function readExperiment(raw) {
  const object3 = asObject(raw);
  const requests = own(object3, "requests");
  if (!object3 || !Array.isArray(requests)) return void 0;
  const info = asObject(own(object3, "experiment"));
  const mode = own(info, "mode");
  const value4 = finiteNumber(own(info, "value"));
  return {
    mode: typeof mode === "string" ? mode.slice(0, 40) : void 0,
    value: value4 !== void 0 && !Number.isNaN(value4) ? value4 : void 0,
    requests
  };
}
function addRequest(builder, raw, recordNo, serviceKind) {
  const request = asObject(raw);
  if (!request) {
    builder.addRecord(raw, recordNo);
    return;
  }
  const start = finiteNumber(own(request, "timestamp"));
  if (start === void 0 || Number.isNaN(start)) {
    builder.recordUnparsable(
      recordNo,
      `request ${recordNo}: "timestamp" must be nanoseconds since the epoch, got ${describe4(own(request, "timestamp"))}`
    );
    return;
  }
  const read = contentTimes(request, serviceKind);
  if (!read.ok) {
    builder.recordUnparsable(recordNo, `request ${recordNo}: ${read.error}`);
    return;
  }
  const times = read.value;
  const record3 = { arrival_ts: start / 1e9 };
  const sequence = finiteNumber(own(request, "sequence_id"));
  if (sequence !== void 0 && !Number.isNaN(sequence)) record3.sequence_id = sequence;
  if (times.length === 0) {
    record3.error = "no response with content";
    builder.addRecord(record3, recordNo);
    return;
  }
  record3.first_token_ms = (times[0] - start) / NS_PER_MS;
  record3.total_ms = (times[times.length - 1] - start) / NS_PER_MS;
  record3.response_count = times.length;
  if (times.length === 1) {
    builder.addRecord(record3, recordNo);
    return;
  }
  record3.decode_ms = (times[times.length - 1] - times[0]) / NS_PER_MS;
  const gaps = new Array(times.length - 1);
  for (let k = 1; k < times.length; k++) gaps[k - 1] = (times[k] - times[k - 1]) / NS_PER_MS;
  builder.addRecord(record3, recordNo, gaps);
}
function contentTimes(request, serviceKind) {
  const stamps = own(request, "response_timestamps");
  if (!Array.isArray(stamps))
    return err(`"response_timestamps" must be a list of nanosecond timestamps, got ${describe4(stamps)}`);
  const outputs = own(request, "response_outputs");
  const filter = Array.isArray(outputs) && outputs.length === stamps.length && (serviceKind === "openai" || serviceKind === void 0 && hasResponseStrings(outputs));
  const times = [];
  for (let k = 0; k < stamps.length; k++) {
    const t = finiteNumber(stamps[k]);
    if (t === void 0 || Number.isNaN(t))
      return err(`response_timestamps[${k}]: expected nanoseconds since the epoch, got ${describe4(stamps[k])}`);
    if (filter && !openAiResponseHasContent(own(asObject(outputs[k]), "response"))) continue;
    times.push(t);
  }
  return ok(times);
}
function hasResponseStrings(outputs) {
  return outputs.some((o) => typeof own(asObject(o), "response") === "string");
}
function modelOf(requests) {
  for (let i = 0; i < Math.min(requests.length, 20); i++) {
    const payload = own(asObject(own(asObject(requests[i]), "request_inputs")), "payload");
    if (typeof payload !== "string" || payload.length > 1e6) continue;
    try {
      const model = own(asObject(JSON.parse(payload)), "model");
      if (typeof model === "string" && model.trim() !== "") return model.trim().slice(0, 200);
    } catch {
    }
  }
  return void 0;
}
function describe4(value4) {
  if (value4 === void 0) return "nothing";
  if (value4 === null) return "null";
  if (Array.isArray(value4)) return "a list";
  if (typeof value4 === "object") return "an object";
  return JSON.stringify(value4).slice(0, 40);
}

// src/ingest/formats/genai-perf-config.ts
var MAX_ENTRIES = 400;
var MAX_DEPTH = 5;
var MAX_TEXT4 = 300;
var MAX_EXTRA = 60;
var UNSAFE_KEYS2 = /* @__PURE__ */ new Set(["__proto__", "constructor", "prototype"]);
var SECRET_KEY = /(^|[._-])(headers?|api_?key|authorization|auth|password|secret|access_?token|bearer)($|[._-])/i;
function flattenConfig2(value4) {
  const out = /* @__PURE__ */ new Map();
  let level = [["", value4]];
  for (let depth = 0; depth < MAX_DEPTH && level.length > 0 && out.size < MAX_ENTRIES; depth++) {
    const next = [];
    for (const [prefix, node] of level) {
      if (node === null || typeof node !== "object" || Array.isArray(node)) continue;
      for (const key of Object.keys(node)) {
        if (out.size >= MAX_ENTRIES) break;
        const path = prefix ? `${prefix}.${key}` : key;
        if (SECRET_KEY.test(key) || UNSAFE_KEYS2.has(key)) continue;
        const child = node[key];
        if (child !== null && typeof child === "object" && !Array.isArray(child)) next.push([path, child]);
        else out.set(path, child);
      }
    }
    level = next;
  }
  return out;
}
function lookup(flat, names2) {
  for (const [path, value4] of flat) {
    if (/(^|\.)warmup/.test(path)) continue;
    const last = path.slice(path.lastIndexOf(".") + 1);
    if (names2.includes(last) && value4 !== null && value4 !== void 0) return value4;
  }
  return void 0;
}
function readLoadConfig(flat) {
  const out = {};
  const model = lookup(flat, ["model", "model_names", "formatted_model_name"]);
  const first = Array.isArray(model) ? model.find((m) => typeof m === "string" && m.trim() !== "") : model;
  if (typeof first === "string" && first.trim() !== "") out.model = clip2(first.trim());
  const concurrency2 = finiteNumber(lookup(flat, ["concurrency"]));
  if (concurrency2 !== void 0 && concurrency2 > 0) out.concurrency = concurrency2;
  const rate = lookup(flat, ["request_rate"]);
  if (typeof rate === "string" && /^\s*\+?inf(inity)?\s*$/i.test(rate)) out.requestRate = Infinity;
  else {
    const n = finiteNumber(rate);
    if (n !== void 0 && n > 0) out.requestRate = n;
  }
  const streaming = lookup(flat, ["streaming"]);
  if (typeof streaming === "boolean") out.streaming = streaming;
  const endpointType = lookup(flat, ["endpoint_type"]) ?? flat.get("endpoint.type");
  if (typeof endpointType === "string") out.endpointType = clip2(endpointType);
  const input = positive2(
    lookup(flat, ["synthetic_input_tokens_mean", "isl"]) ?? flat.get("input.prompt.input_tokens.mean")
  );
  if (input !== void 0) out.inputLength = input;
  const output = positive2(lookup(flat, ["output_tokens_mean", "osl"]) ?? flat.get("input.prompt.output_tokens.mean"));
  if (output !== void 0) out.outputLength = output;
  const file = lookup(flat, ["input_file", "synthetic_input_files", "file"]);
  const source = lookup(flat, ["prompt_source", "public_dataset", "custom_dataset_type"]);
  const dataset = typeof file === "string" && file.trim() ? file : Array.isArray(file) && typeof file[0] === "string" ? file[0] : source;
  if (typeof dataset === "string" && dataset.trim()) out.dataset = clip2(dataset.trim());
  const backend = lookup(flat, ["backend"]);
  if (typeof backend === "string" && backend.trim() && lookup(flat, ["service_kind"]) === "triton")
    out.engine = clip2(backend.trim().toLowerCase());
  const count3 = positive2(lookup(flat, ["request_count"]));
  if (count3 !== void 0) out.requestCount = count3;
  return out;
}
function positive2(value4) {
  const n = finiteNumber(value4);
  return n !== void 0 && !Number.isNaN(n) && n > 0 ? n : void 0;
}
function readBenchmarkConfig(inputConfig, runInfo, into) {
  const config = asRecord(inputConfig);
  const items = asRecord(config?.models)?.items;
  if (into.model === void 0 && Array.isArray(items)) {
    const name = items.map((i) => asRecord(i)?.name).find((n) => typeof n === "string" && n.trim() !== "");
    if (typeof name === "string") into.model = clip2(name.trim());
  }
  const phases = Array.isArray(config?.phases) ? config.phases.map(asRecord).filter((p) => p !== void 0) : [];
  const profiling = phases.find((p) => p.name === "profiling") ?? phases.find((p) => p.exclude_from_results !== true && !/warm/i.test(String(p.name ?? "")));
  if (profiling) {
    into.concurrency ??= positive2(profiling.concurrency);
    const rate = profiling.request_rate ?? profiling.rate;
    into.requestRate ??= typeof rate === "string" && /^\s*\+?inf/i.test(rate) ? Infinity : positive2(rate);
    into.requestCount ??= positive2(profiling.requests ?? profiling.request_count);
  }
  const datasets = Array.isArray(config?.datasets) ? config.datasets.map(asRecord).filter((d) => d !== void 0) : [];
  const main = datasets.find((d) => d.name === "main") ?? datasets[0];
  if (main) {
    const label = [main.path, main.type === "synthetic" ? "synthetic" : void 0, main.name].find(
      (v) => typeof v === "string" && v.trim() !== ""
    );
    if (into.dataset === void 0 && typeof label === "string") into.dataset = clip2(label.trim());
    const prompts = asRecord(main.prompts);
    into.inputLength ??= positive2(asRecord(prompts?.isl)?.mean);
    into.outputLength ??= positive2(asRecord(prompts?.osl)?.mean);
  }
  const command = [asRecord(runInfo)?.cli_command, config?.cli_command, asRecord(config?.artifacts)?.cli_command].find(
    (c) => typeof c === "string"
  );
  if (typeof command === "string") fromCommand(command, into);
  return into;
}
function fromCommand(command, into) {
  const flag = (names2) => {
    for (const name of names2) {
      const m = new RegExp(`(?:^|\\s)${name}(?:=|\\s+)('[^']*'|"[^"]*"|\\S+)`).exec(command);
      if (m) return m[1].replace(/^['"]|['"]$/g, "");
    }
    return void 0;
  };
  into.concurrency ??= positive2(flag(["--concurrency"]));
  const rate = flag(["--request-rate"]);
  into.requestRate ??= rate !== void 0 && /^\+?inf/i.test(rate) ? Infinity : positive2(rate);
  if (into.streaming === void 0 && /(^|\s)--streaming(\s|$)/.test(command)) into.streaming = true;
  into.inputLength ??= positive2(flag(["--synthetic-input-tokens-mean", "--isl"]));
  into.outputLength ??= positive2(flag(["--output-tokens-mean", "--osl"]));
  const model = flag(["--model", "-m"]);
  if (into.model === void 0 && model) into.model = clip2(model);
  const file = flag(["--input-file"]);
  if (into.dataset === void 0 && file) into.dataset = clip2(file);
  into.requestCount ??= positive2(flag(["--request-count", "--num-requests"]));
}
function applyLoad(workload, load2) {
  if (load2.concurrency !== void 0) workload.concurrency = load2.concurrency;
  if (load2.requestRate !== void 0) workload.requestRate = load2.requestRate;
  if (load2.streaming !== void 0) workload.streaming = load2.streaming;
  if (load2.dataset !== void 0) workload.dataset = load2.dataset;
  if (load2.inputLength !== void 0) workload.inputLength = load2.inputLength;
  if (load2.outputLength !== void 0) workload.outputLength = load2.outputLength;
  if (load2.engine !== void 0) workload.engine = load2.engine;
}
function asRecord(value4) {
  return value4 !== null && typeof value4 === "object" && !Array.isArray(value4) ? value4 : void 0;
}
function fillMeta(meta, flat, load2) {
  if (load2.model) {
    meta.model = load2.model;
    meta.benchmark ??= load2.model;
  }
  const config = {};
  if (load2.concurrency !== void 0) config.concurrency = load2.concurrency;
  if (load2.requestRate !== void 0)
    config.request_rate = Number.isFinite(load2.requestRate) ? load2.requestRate : "inf";
  if (load2.streaming !== void 0) config.streaming = load2.streaming;
  if (load2.endpointType !== void 0) config.endpoint_type = load2.endpointType;
  let extras = 0;
  for (const [path, value4] of flat) {
    const scalar2 = scalarOf(value4);
    if (scalar2 === void 0 || extras >= MAX_EXTRA) continue;
    if (path.startsWith("extra_inputs.")) {
      config[path] = scalar2;
      extras++;
    } else if (!Object.hasOwn(meta.extra, path)) {
      meta.extra[path] = path.endsWith("cli_command") && typeof scalar2 === "string" ? redactCommand(scalar2) : String(scalar2);
      extras++;
    }
  }
  Object.assign(meta.config, config);
  const parts2 = [
    load2.concurrency !== void 0 ? `concurrency ${load2.concurrency}` : "",
    load2.requestRate !== void 0 ? `${config.request_rate} req/s` : ""
  ].filter(Boolean);
  if (parts2.length > 0) meta.workload ??= parts2.join(", ");
}
function scalarOf(value4) {
  if (typeof value4 === "string") return clip2(value4);
  if (typeof value4 === "number") return Number.isFinite(value4) ? value4 : String(value4);
  if (typeof value4 === "boolean") return value4;
  if (Array.isArray(value4) && value4.length > 0 && value4.length <= 20 && value4.every((v) => typeof v === "string" || typeof v === "number")) {
    return clip2(value4.join(","));
  }
  return void 0;
}
function redactCommand(command) {
  return clip2(command.replace(/(--api-key|--header|-H)(\s+|=)("[^"]*"|'[^']*'|\S+)/g, "$1$2***"));
}
function clip2(text) {
  return text.length > MAX_TEXT4 ? `${text.slice(0, MAX_TEXT4)}…` : text;
}

// src/ingest/formats/genai-perf-summary.ts
var SUMMARY_FORMAT = "GenAI-Perf summary";
var GENAI_PERF_CATALOG = {
  request_latency: { metric: "e2e", expects: "time" },
  time_to_first_token: { metric: "ttft", expects: "time" },
  inter_token_latency: { metric: "tpot", expects: "time" },
  output_token_throughput: { metric: "throughput", expects: "tok/s", runLevel: true },
  request_throughput: { metric: "request_throughput", expects: "req/s", runLevel: true }
};
var NOT_METRICS = /* @__PURE__ */ new Set(["input_config", "telemetry_stats", "sessions"]);
function summaryRun(doc, file, format) {
  const collector = new SummaryCollector();
  const workload = {};
  const blocks = /* @__PURE__ */ new Map();
  for (const key of Object.keys(doc)) {
    if (NOT_METRICS.has(key)) continue;
    const block = asStatBlock(doc[key]);
    if (!block) continue;
    blocks.set(key, block);
    const target = Object.hasOwn(GENAI_PERF_CATALOG, key) ? GENAI_PERF_CATALOG[key] : void 0;
    if (target) addCatalogBlock(collector, target, block, key);
    else addOwnBlock(collector, key, block, key);
  }
  if (collector.values.length === 0) {
    throw new InputError(
      file,
      `${SUMMARY_FORMAT}: no metric block such as "request_latency": {"unit": "ms", "avg": …} with a usable number`
    );
  }
  const requests = blockMean(blocks.get("request_count"), "plain");
  if (requests !== void 0) workload.requests = requests;
  const input = blockMean(blocks.get("input_sequence_length") ?? blocks.get("num_input_token"), "plain");
  if (input !== void 0) workload.inputTokensMean = input;
  const output = blockMean(blocks.get("output_sequence_length") ?? blocks.get("num_output_token"), "plain");
  if (output !== void 0) workload.outputTokensMean = output;
  const meta = emptyMeta();
  const flat = flattenConfig2(own(doc, "input_config"));
  const load2 = readLoadConfig(flat);
  fillMeta(meta, flat, load2);
  applyLoad(workload, load2);
  meta.benchmark ??= "genai-perf";
  const warnings = [...collector.warnings];
  if (requests !== void 0) {
    if (load2.requestCount !== void 0 && load2.requestCount > requests) {
      workload.failed = load2.requestCount - requests;
      workload.failedFrom = "derived";
      workload.requests = load2.requestCount;
      warnings.push(
        `no failure count in the file: ${workload.failed} failed = ${load2.requestCount} requested (--request-count) − ${requests} completed (request_count)`
      );
    }
  }
  if (load2.streaming === false) {
    warnings.push(
      "run without --streaming: time_to_first_token is the whole request latency (the first token comes with the full response); no decode phase or TPOT"
    );
  }
  return {
    meta,
    summaries: collector.values,
    sources: [{ file, format, recordsRead: blocks.size, recordsKept: blocks.size, skipped: 0, issues: [], warnings }],
    workload,
    role: "summary"
  };
}

// src/ingest/formats/genai-perf.ts
var SUMMARY_METRICS = [
  "request_throughput",
  "request_latency",
  "time_to_first_token",
  "inter_token_latency",
  "output_token_throughput",
  "output_token_throughput_per_request",
  "output_sequence_length",
  "input_sequence_length",
  "num_output_token",
  "num_input_token"
];
function classify(head) {
  const text = head.replace(/^\ufeff/, "").trimStart();
  if (!text.startsWith("{"))
    return {
      reason: "not a JSON object: GenAI-Perf writes profile_export_genai_perf.json and profile_export.json as one object"
    };
  if (/^\{\s*"experiments"\s*:\s*\[/.test(text) && /"(experiment|requests|response_timestamps)"\s*:/.test(text))
    return "raw";
  if (looksLikeAiperfSummary(text))
    return {
      reason: 'an AIPerf export ("schema_version", "aiperf_version", or "records" of tagged blocks), not GenAI-Perf'
    };
  if (hasStatBlock(text, SUMMARY_METRICS)) return "summary";
  return {
    reason: 'no GenAI-Perf stats block such as "request_latency": {"unit": "ms", "avg": …} and no per-request "experiments" list'
  };
}
var genaiPerfAdapter = {
  id: "genai-perf",
  label: "NVIDIA GenAI-Perf export",
  writtenBy: "genai-perf profile (artifacts/…/profile_export_genai_perf.json; per request: profile_export.json)",
  detect(head) {
    const kind2 = classify(head);
    if (kind2 === "raw")
      return {
        match: true,
        reason: 'GenAI-Perf per-request profile export ("experiments" of perf_analyzer requests)',
        specificity: 3
      };
    if (kind2 === "summary")
      return { match: true, reason: 'GenAI-Perf summary (stats blocks with "unit" and "avg")', specificity: 2 };
    return { match: false, reason: kind2.reason };
  },
  expects: 'stats blocks such as "request_latency": {"unit": "ms", "avg": …} (profile_export_genai_perf.json) or perf_analyzer "experiments" with requests (profile_export.json)',
  read: (source, options) => readGenaiPerf(source, options)
};
async function readGenaiPerf(source, options, maxBytes = MAX_DOCUMENT_BYTES) {
  const guess = classify(source.head);
  const label = guess === "raw" ? RAW_FORMAT : SUMMARY_FORMAT;
  const text = await readDocument(source, label, maxBytes);
  const doc = asObject(parseDocument(text, source, label));
  if (!doc)
    throw new InputError(
      source.name,
      `${label}: expected a JSON object, got ${text.trimStart().slice(0, 1) === "[" ? "a list" : "another JSON value"}`
    );
  if (Object.hasOwn(doc, "experiments")) return rawRuns(doc, source.name, "genai-perf", options);
  return [summaryRun(doc, source.name, "genai-perf")];
}

// src/ingest/formats/aiperf-summary.ts
var AIPERF_SUMMARY_FORMAT = "AIPerf summary";
var CATALOG = {
  request_latency: { metric: "e2e", expects: "time" },
  time_to_first_token: { metric: "ttft", expects: "time" },
  inter_token_latency: { metric: "tpot", expects: "time" },
  inter_chunk_latency: { metric: "itl", expects: "time" },
  decode_duration: { metric: "decode", expects: "time" },
  output_token_throughput: { metric: "throughput", expects: "tok/s", runLevel: true },
  request_throughput: { metric: "request_throughput", expects: "req/s", runLevel: true }
};
var AIPERF_ALIASES = {
  ttft: "time_to_first_token",
  ttst: "time_to_second_token"
};
var NOT_METRICS2 = /* @__PURE__ */ new Set([
  "input_config",
  "telemetry_data",
  "run_info",
  "warmup_metrics",
  "error_summary",
  "records"
]);
function aiperfSummaryRun(doc, file, format) {
  const blocks = collectBlocks(doc);
  const collector = new SummaryCollector();
  for (const [tag, block] of blocks) {
    if (tag.endsWith("_timestamp") || tag === "benchmark_duration") continue;
    const target = Object.hasOwn(CATALOG, tag) ? CATALOG[tag] : void 0;
    if (target) addCatalogBlock(collector, target, block, tag);
    else addOwnBlock(collector, tag, block, tag);
  }
  const network = networkMean(blocks);
  if (network !== void 0) collector.values.push(network);
  if (collector.values.length === 0) {
    throw new InputError(
      file,
      `${AIPERF_SUMMARY_FORMAT}: no metric block such as "request_latency": {"unit": "ms", "avg": …} with a usable number`
    );
  }
  const meta = emptyMeta();
  const flat = flattenConfig2(own(doc, "input_config"));
  const runInfo = asObject(own(doc, "run_info"));
  const load2 = readBenchmarkConfig(own(doc, "input_config"), runInfo, readLoadConfig(flat));
  fillMeta(meta, flat, load2);
  meta.benchmark ??= "aiperf";
  for (const key of ["schema_version", "aiperf_version", "benchmark_id", "start_time", "end_time"]) {
    const value4 = own(doc, key);
    if (typeof value4 === "string" || typeof value4 === "number") meta.extra[key] = String(value4).slice(0, 200);
  }
  const trial = own(runInfo, "trial");
  const repeat = typeof trial === "number" && Number.isInteger(trial) && trial >= 0 ? `trial=${trial}` : void 0;
  const warnings = [...collector.warnings];
  const workload = summaryWorkload(blocks, doc, warnings, load2.requestCount);
  applyLoad(workload, load2);
  if (own(doc, "was_cancelled") === true)
    warnings.push("AIPerf says the run was cancelled before it finished (was_cancelled: true)");
  if (load2.streaming === false)
    warnings.push("run without --streaming: no TTFT, ITL or TPOT (the first token comes with the full response)");
  return {
    meta,
    summaries: collector.values,
    sources: [
      {
        file,
        format,
        ...toolVersion(doc),
        recordsRead: blocks.size,
        recordsKept: blocks.size,
        skipped: 0,
        issues: [],
        warnings
      }
    ],
    workload,
    role: "summary",
    ...repeat ? { repeat } : {}
  };
}
function collectBlocks(doc) {
  const blocks = /* @__PURE__ */ new Map();
  const put = (tag, value4) => {
    const block = asStatBlock(value4);
    if (!block) return;
    const name = Object.hasOwn(AIPERF_ALIASES, tag) ? AIPERF_ALIASES[tag] : tag;
    if (!blocks.has(name)) blocks.set(name, block);
  };
  const records = own(doc, "records");
  if (Array.isArray(records)) {
    for (const r of records) {
      const tag = own(asObject(r), "tag");
      if (typeof tag === "string") put(tag, r);
    }
  } else if (asObject(records)) {
    const byTag = records;
    for (const key of Object.keys(byTag)) put(key, byTag[key]);
  }
  for (const key of Object.keys(doc)) if (!NOT_METRICS2.has(key)) put(key, doc[key]);
  return blocks;
}
function networkMean(blocks) {
  const sending = blockMean(blocks.get("http_req_sending"), "ms");
  if (sending === void 0) return void 0;
  let overhead = blockMean(blocks.get("http_req_connection_overhead"), "ms");
  if (overhead === void 0) {
    const parts2 = ["http_req_blocked", "http_req_dns_lookup", "http_req_connecting"].map(
      (t) => blockMean(blocks.get(t), "ms")
    );
    if (parts2.every((p) => p === void 0)) return void 0;
    overhead = parts2.reduce((sum, p) => sum + (p ?? 0), 0);
  }
  return {
    metric: "network",
    stat: "mean",
    value: overhead + sending,
    field: "http_req_connection_overhead.avg + http_req_sending.avg"
  };
}
function toolVersion(doc) {
  const version = own(doc, "aiperf_version");
  return typeof version === "string" && version.trim() ? { toolVersion: `aiperf ${version.trim().slice(0, 60)}` } : {};
}
function summaryWorkload(blocks, doc, warnings, requested) {
  const workload = {};
  const ok2 = blockMean(blocks.get("request_count"), "plain");
  let failed2 = blockMean(blocks.get("error_request_count"), "plain");
  const errors = own(doc, "error_summary");
  if (Array.isArray(errors)) {
    const described = [];
    let total2 = 0;
    for (const e of errors.slice(0, 1e3)) {
      const count3 = typeof own(asObject(e), "count") === "number" ? own(asObject(e), "count") : 0;
      if (!Number.isFinite(count3) || count3 < 0) continue;
      total2 += count3;
      const details2 = asObject(own(asObject(e), "error_details"));
      if (described.length < 3)
        described.push(
          `${[own(details2, "code"), own(details2, "type")].filter((v) => typeof v === "string" || typeof v === "number").join(" ") || "error"} (${count3})`
        );
    }
    if (total2 > 0) {
      failed2 ??= total2;
      warnings.push(`${total2} failed request(s): ${described.join(", ")}${errors.length > 3 ? ", …" : ""}`);
    }
  }
  if (failed2 !== void 0) workload.failedFrom = "tool";
  else if (ok2 !== void 0 && requested !== void 0 && requested > ok2 && own(doc, "was_cancelled") !== true) {
    failed2 = requested - ok2;
    workload.failedFrom = "derived";
    warnings.push(
      `no error count in the file: ${failed2} failed = ${requested} requested (the profiling phase's request count) − ${ok2} completed (request_count)`
    );
  }
  if (ok2 !== void 0) workload.requests = ok2 + (failed2 ?? 0);
  if (failed2 !== void 0) workload.failed = failed2;
  const duration2 = blockMean(blocks.get("benchmark_duration"), "ms");
  if (duration2 !== void 0) workload.durationSeconds = duration2 / 1e3;
  const input = blockMean(blocks.get("input_sequence_length"), "plain");
  if (input !== void 0) workload.inputTokensMean = input;
  const output = blockMean(blocks.get("output_sequence_length"), "plain");
  if (output !== void 0) workload.outputTokensMean = output;
  return workload;
}

// src/ingest/formats/aiperf-records.ts
var AIPERF_RECORDS_FORMAT = "AIPerf records";
var MAX_EXTRAS = 40;
var MAX_GAPS = 1e6;
var CONSUMED = /* @__PURE__ */ new Set([
  "time_to_first_token",
  "request_latency",
  "inter_chunk_latency",
  "input_sequence_length",
  "output_sequence_length",
  "request_count",
  "error_request_count",
  "min_request_timestamp",
  "max_response_timestamp"
]);
async function readAiperfRecords(source, options, format) {
  const builder = new RequestTableBuilder(source.name);
  let warmup = 0;
  let nonStreaming = 0;
  const splitter = new LineSplitter();
  const onLine = (line, lineNo) => {
    if (line.trim() === "") return;
    const parsed = builder.parseRecordText(line, lineNo);
    if (!parsed) return;
    const { value: value4 } = parsed;
    const object3 = asObject(value4);
    if (!object3) {
      builder.addRecord(value4, lineNo);
      return;
    }
    if (isWarmup(object3)) {
      warmup++;
      return;
    }
    const mapped = mapRecord(object3);
    if ("problem" in mapped) {
      builder.recordUnparsable(lineNo, mapped.problem);
      return;
    }
    if (mapped.nonStreaming) nonStreaming++;
    builder.addRecord(mapped.record, lineNo, mapped.gaps);
  };
  for await (const chunk of source.chunks()) splitter.push(chunk, onLine);
  splitter.end(onLine);
  const finished = finishTable2(builder, source.name, AIPERF_RECORDS_FORMAT, options);
  const warnings = [];
  if (warmup > 0) warnings.push(`${warmup} warmup record(s) left out`);
  if (nonStreaming > 0)
    warnings.push(
      `${nonStreaming} request(s) without time_to_first_token (non-streaming): first_token_ms is the whole request latency, no decode phase`
    );
  const meta = emptyMeta();
  meta.benchmark = "aiperf";
  return [
    {
      meta,
      requests: finished.table,
      summaries: [],
      sources: [sourceReport(source.name, format, finished, warnings)],
      workload: tableWorkload(finished.table),
      role: "requests"
    }
  ];
}
function isWarmup(record3) {
  const metadata = asObject(own(record3, "metadata"));
  const phase = own(metadata, "benchmark_phase") ?? own(metadata, "credit_phase");
  return typeof phase === "string" && phase.toLowerCase() === "warmup";
}
function mapRecord(raw) {
  const metadata = asObject(own(raw, "metadata"));
  const metrics = asObject(own(raw, "metrics")) ?? {};
  const record3 = {};
  const requestId = own(metadata, "x_request_id");
  if (typeof requestId === "string" || typeof requestId === "number") record3.request_id = requestId;
  const start = own(metadata, "request_start_ns") ?? own(metadata, "timestamp_ns") ?? own(asObject(own(metrics, "min_request_timestamp")), "value");
  const startNs = finiteNumber(start);
  if (startNs !== void 0) record3.arrival_ts = Number.isNaN(startNs) ? start : startNs / 1e9;
  for (const key of ["worker_id", "turn_index"]) {
    const value4 = own(metadata, key);
    if (typeof value4 === "string" || typeof value4 === "number") record3[key] = value4;
  }
  const error = errorText2(own(raw, "error"), own(metadata, "was_cancelled"));
  const metric = (tag) => readMetric(metrics, tag);
  if (error !== void 0) {
    record3.error = error;
    const isl2 = metric("error_isl");
    if (typeof isl2 === "number") record3.prompt_tokens = isl2;
    return { record: record3, nonStreaming: false };
  }
  const ttft = metric("time_to_first_token") ?? metric("ttft");
  const total2 = metric("request_latency");
  const isl = metric("input_sequence_length");
  const osl = metric("output_sequence_length") ?? metric("output_token_count");
  const read = [
    ["time_to_first_token", ttft],
    ["request_latency", total2],
    ["input_sequence_length", isl],
    ["output_sequence_length", osl]
  ];
  for (const [field, value4] of read) {
    if (typeof value4 === "string") return { problem: `metrics.${field}: ${value4}` };
  }
  const nonStreaming = ttft === void 0 && total2 !== void 0;
  record3.first_token_ms = ttft ?? total2;
  record3.total_ms = total2;
  if (typeof ttft === "number" && typeof total2 === "number" && total2 >= ttft) record3.decode_ms = total2 - ttft;
  if (isl !== void 0) record3.prompt_tokens = isl;
  if (osl !== void 0) record3.output_tokens = osl;
  const network = networkMs(metric);
  if (typeof network === "string") return { problem: network };
  if (network !== void 0 && typeof record3.first_token_ms === "number") {
    record3.network_ms = network;
    record3.client_first_token_ms = record3.first_token_ms;
  }
  const gaps = gapsOf(metrics);
  if (typeof gaps === "string") return { problem: gaps };
  addExtras(record3, metrics);
  return gaps ? { record: record3, gaps, nonStreaming } : { record: record3, nonStreaming };
}
function errorText2(error, cancelled) {
  if (error === null || error === void 0 || error === false) return cancelled === true ? "cancelled" : void 0;
  if (typeof error === "string") return error.trim() === "" ? void 0 : error.slice(0, 500);
  const details2 = asObject(error);
  if (!details2) return JSON.stringify(error).slice(0, 500);
  const head = [own(details2, "code"), own(details2, "type")].filter((v) => typeof v === "string" || typeof v === "number").join(" ");
  const message = own(details2, "message");
  const text = [head, typeof message === "string" ? message : ""].filter(Boolean).join(": ");
  return (text || "error").slice(0, 500);
}
function readMetric(metrics, tag) {
  const entry = asObject(own(metrics, tag));
  if (!entry)
    return own(metrics, tag) === void 0 || own(metrics, tag) === null ? void 0 : `expected {"value", "unit"}, got ${typeof own(metrics, tag)}`;
  const raw = own(entry, "value");
  const n = finiteNumber(raw);
  if (n === void 0) return void 0;
  if (Number.isNaN(n)) return `value: expected a finite number, got ${JSON.stringify(raw)?.slice(0, 40)}`;
  const kind2 = unitKind(own(entry, "unit"));
  return kind2?.kind === "time" ? toMs(n, kind2.unit) : n;
}
function networkMs(metric) {
  const sending = metric("http_req_sending");
  if (sending === void 0) return void 0;
  if (typeof sending === "string") return `metrics.http_req_sending: ${sending}`;
  let overhead = metric("http_req_connection_overhead");
  if (overhead === void 0) {
    const parts2 = ["http_req_blocked", "http_req_dns_lookup", "http_req_connecting"].map(metric);
    if (parts2.every((p) => p === void 0)) return void 0;
    overhead = 0;
    for (const p of parts2) {
      if (typeof p === "string") return `metrics.http_req_*: ${p}`;
      overhead += p ?? 0;
    }
  }
  if (typeof overhead === "string") return `metrics.http_req_connection_overhead: ${overhead}`;
  return overhead + sending;
}
function gapsOf(metrics) {
  const entry = asObject(own(metrics, "inter_chunk_latency"));
  const values = own(entry, "value");
  if (!Array.isArray(values)) return void 0;
  if (values.length > MAX_GAPS) return `metrics.inter_chunk_latency: ${values.length} gaps, more than ${MAX_GAPS}`;
  const kind2 = unitKind(own(entry, "unit"));
  if (kind2?.kind !== "time")
    return `metrics.inter_chunk_latency: unit ${JSON.stringify(own(entry, "unit"))?.slice(0, 20)} is not a duration`;
  const gaps = new Array(values.length);
  for (let k = 0; k < values.length; k++) {
    const n = finiteNumber(values[k]);
    if (n === void 0 || Number.isNaN(n))
      return `metrics.inter_chunk_latency[${k}]: expected a finite number, got ${JSON.stringify(values[k])?.slice(0, 20)}`;
    gaps[k] = toMs(n, kind2.unit);
  }
  return gaps;
}
function addExtras(record3, metrics) {
  let added = 0;
  for (const key of Object.keys(metrics)) {
    if (added >= MAX_EXTRAS) return;
    const tag = Object.hasOwn(AIPERF_ALIASES, key) ? AIPERF_ALIASES[key] : key;
    if (CONSUMED.has(tag) || tag === "error_isl") continue;
    const entry = asObject(metrics[key]);
    const n = finiteNumber(own(entry, "value"));
    if (n === void 0 || Number.isNaN(n)) continue;
    const kind2 = unitKind(own(entry, "unit"));
    const name = kind2?.kind === "time" ? `${tag}_ms` : tag;
    if (isNumericField(name) || isTextField(name) || Object.hasOwn(record3, name) || name === "__proto__") continue;
    const value4 = kind2?.kind === "time" ? toMs(n, kind2.unit) : n;
    if (!Number.isFinite(value4)) continue;
    record3[name] = value4;
    added++;
  }
}

// src/ingest/formats/aiperf.ts
function classify2(head) {
  const text = head.replace(/^\ufeff/, "").trimStart();
  if (looksLikeAiperfRecords(text)) return "records";
  if (looksLikeAiperfSummary(text)) return "summary";
  if (/^\{\s*"metadata"\s*:/.test(text))
    return {
      reason: 'a "metadata" line without AIPerf request ids (x_request_id, request_start_ns, …): not profile_export.jsonl'
    };
  return {
    reason: 'no AIPerf marker: expected profile_export_aiperf.json ("schema_version" or "records" with stats blocks {"unit", "avg", …}) or profile_export.jsonl lines {"metadata": {"x_request_id": …}, "metrics": {…}}'
  };
}
var aiperfAdapter = {
  id: "aiperf",
  label: "NVIDIA AIPerf export",
  writtenBy: "aiperf profile (artifacts/…/profile_export_aiperf.json; per request: profile_export.jsonl)",
  detect(head) {
    const kind2 = classify2(head);
    if (kind2 === "records")
      return { match: true, reason: "AIPerf per-request records (profile_export.jsonl)", specificity: 3 };
    if (kind2 === "summary")
      return { match: true, reason: "AIPerf summary (profile_export_aiperf.json)", specificity: 3 };
    return { match: false, reason: kind2.reason };
  },
  expects: 'metric blocks such as "request_latency": {"unit": "ms", "avg": …} (profile_export_aiperf.json) or per-request records {"metadata", "metrics"} (profile_export.jsonl)',
  read: (source, options) => readAiperf(source, options)
};
async function readAiperf(source, options, maxBytes = MAX_DOCUMENT_BYTES) {
  const text = source.head.replace(/^\ufeff/, "").trimStart();
  const kind2 = classify2(source.head);
  const lineObjects = /^\{\s*"metadata"\s*:/.test(text) || /^\{[^\n]*\}[ \t\r]*\n\s*\{/.test(text);
  if (kind2 === "records" || typeof kind2 === "object" && lineObjects)
    return readAiperfRecords(source, options, "aiperf");
  const body = await readDocument(source, AIPERF_SUMMARY_FORMAT, maxBytes);
  const doc = asObject(parseDocument(body, source, AIPERF_SUMMARY_FORMAT));
  if (!doc) throw new InputError(source.name, `${AIPERF_SUMMARY_FORMAT}: expected a JSON object of metric blocks`);
  return [aiperfSummaryRun(doc, source.name, "aiperf")];
}

// src/ingest/formats/prometheus-text.ts
var NAME_START = /[a-zA-Z_:]/;
var NAME_CHAR = /[a-zA-Z0-9_:]/;
var LABEL_START = /[a-zA-Z_]/;
var LABEL_CHAR = /[a-zA-Z0-9_]/;
var METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
var TYPES = /* @__PURE__ */ new Set([
  "counter",
  "gauge",
  "histogram",
  "summary",
  "untyped",
  "unknown",
  "gaugehistogram",
  "stateset",
  "info"
]);
var DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
function parseExposition(text, file, keep = () => true) {
  const out = {
    samples: [],
    types: /* @__PURE__ */ new Map(),
    sampleLines: 0,
    badLines: 0,
    badSampleLines: 0,
    issues: new IssueLog()
  };
  const seen = /* @__PURE__ */ new Set();
  const bad = (line, message) => {
    out.badLines++;
    out.issues.add({ file, line, message });
  };
  let lineNo = 0;
  let start = text.charCodeAt(0) === 65279 ? 1 : 0;
  while (start <= text.length) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    lineNo++;
    let line = text.slice(start, end);
    start = end + 1;
    if (line.endsWith("\r")) line = line.slice(0, -1);
    line = line.trim();
    if (line === "") continue;
    if (line.startsWith("#")) {
      const problem2 = readMetadataLine(line, out.types);
      if (problem2) bad(lineNo, problem2);
      continue;
    }
    out.sampleLines++;
    const result = parseSampleLine(line);
    if (!result.ok) {
      out.badSampleLines++;
      bad(lineNo, result.error);
      continue;
    }
    const parsed = result.value;
    if (!keep(parsed.name)) continue;
    const key = seriesKey(parsed.name, parsed.labels);
    if (seen.has(key)) {
      out.badSampleLines++;
      bad(
        lineNo,
        `${parsed.name}: the same series (name and labels) appears twice in one scrape; the repeat is skipped`
      );
      continue;
    }
    seen.add(key);
    out.samples.push({ ...parsed, line: lineNo });
  }
  return out;
}
function seriesKey(name, labels, without) {
  const parts2 = [...labels].filter(([k]) => k !== without).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
  return JSON.stringify([name, parts2]);
}
function readMetadataLine(line, types) {
  const match = /^#\s+(HELP|TYPE)(?:\s+(\S+))?(?:\s+(.*))?$/.exec(line);
  if (!match) return void 0;
  const [, keyword, name, rest] = match;
  if (!name || !METRIC_NAME.test(unquote(name)))
    return `# ${keyword}: expected a metric name after ${keyword}, got ${JSON.stringify(name ?? "")}`;
  if (keyword === "HELP") return void 0;
  const type = (rest ?? "").trim();
  if (!TYPES.has(type))
    return `# TYPE ${name}: expected counter, gauge, histogram, summary or untyped, got ${JSON.stringify(type.slice(0, 30))}`;
  types.set(unquote(name), type);
  return void 0;
}
function unquote(name) {
  return name.length >= 2 && name.startsWith('"') && name.endsWith('"') ? name.slice(1, -1) : name;
}
function parseSampleLine(text) {
  const line = text.trim();
  let i = 0;
  let name = "";
  if (NAME_START.test(line[0] ?? "")) {
    while (i < line.length && NAME_CHAR.test(line[i])) i++;
    name = line.slice(0, i);
  } else if (line[0] !== "{") {
    return err(`expected a metric name, a comment (#) or a blank line, got ${describe5(line[0])}`);
  }
  const labels = /* @__PURE__ */ new Map();
  const braces = skipBlanks(line, i);
  if (line[braces] === "{") {
    const parsed = parseLabels(line, braces + 1, labels);
    if (!parsed.ok) return err(`${name || "sample"}: ${parsed.error}`);
    const result = parsed.value;
    if (result.name !== void 0) {
      if (name) return err(`${name}: a quoted metric name inside the braces as well as before them`);
      name = result.name;
    }
    i = result.end;
  } else if (i < line.length && line[i] !== " " && line[i] !== "	") {
    return err(`${name}: unexpected ${describe5(line[i])} after the name (label values must be in double quotes)`);
  }
  if (!name) return err("expected a metric name before the value");
  const tokens = line.slice(i).trim().split(/[ \t]+/).filter((t) => t !== "");
  if (tokens.length === 0) return err(`${name}: no value after the name`);
  const value4 = parseValue(tokens[0]);
  if (value4 === void 0)
    return err(
      `${name}: the value ${JSON.stringify(tokens[0].slice(0, 30))} is not a number (expected e.g. 12, 1.5e-3, NaN, +Inf)`
    );
  let timestamp;
  let next = 1;
  if (tokens.length > 1 && tokens[1] !== "#") {
    if (!/^-?\d+(\.\d+)?$/.test(tokens[1]))
      return err(
        `${name}: expected a timestamp in milliseconds after the value, got ${JSON.stringify(tokens[1].slice(0, 30))}`
      );
    timestamp = Number(tokens[1]);
    next = 2;
  }
  if (tokens.length > next && tokens[next] !== "#")
    return err(`${name}: unexpected ${JSON.stringify(tokens[next].slice(0, 30))} after the value`);
  return ok(timestamp === void 0 ? { name, labels, value: value4 } : { name, labels, value: value4, timestamp });
}
function parseLabels(line, from, labels) {
  let i = from;
  let metricName2;
  for (; ; ) {
    i = skipBlanks(line, i);
    if (line[i] === "}") return ok({ end: i + 1, name: metricName2 });
    if (i >= line.length) return err("the label set is not closed with }");
    let label;
    if (line[i] === '"') {
      const quoted = readQuoted(line, i + 1);
      if (!quoted.ok) return quoted;
      label = quoted.value.text;
      i = skipBlanks(line, quoted.value.end);
      if (line[i] !== "=") {
        if (metricName2 !== void 0 || labels.size > 0)
          return err(`expected = after the label name ${JSON.stringify(label)}`);
        metricName2 = label;
        if (line[i] === ",") i++;
        continue;
      }
    } else {
      if (!LABEL_START.test(line[i])) return err(`expected a label name, got ${describe5(line[i])}`);
      const startName = i;
      while (i < line.length && LABEL_CHAR.test(line[i])) i++;
      label = line.slice(startName, i);
      i = skipBlanks(line, i);
      if (line[i] !== "=") return err(`expected = after the label name ${label}, got ${describe5(line[i])}`);
    }
    i = skipBlanks(line, i + 1);
    if (line[i] !== '"') return err(`label ${label}: expected a value in double quotes, got ${describe5(line[i])}`);
    const quotedValue = readQuoted(line, i + 1);
    if (!quotedValue.ok) return err(`label ${label}: ${quotedValue.error}`);
    const value4 = quotedValue.value;
    if (labels.has(label)) return err(`label ${label} appears twice`);
    labels.set(label, value4.text);
    i = skipBlanks(line, value4.end);
    if (line[i] === ",") i++;
    else if (line[i] !== "}") return err(`expected , or } after the value of label ${label}, got ${describe5(line[i])}`);
  }
}
function readQuoted(line, from) {
  let text = "";
  for (let i = from; i < line.length; i++) {
    const c = line[i];
    if (c === '"') return ok({ text, end: i + 1 });
    if (c !== "\\") {
      text += c;
      continue;
    }
    const e = line[++i];
    if (e === "\\") text += "\\";
    else if (e === '"') text += '"';
    else if (e === "n") text += "\n";
    else return err(`invalid escape \\${e ?? ""} in a quoted string (only \\\\, \\" and \\n are allowed)`);
  }
  return err("a quoted string is not closed");
}
function parseValue(token) {
  if (DECIMAL.test(token)) return Number(token);
  const t = token.toLowerCase();
  if (t === "nan") return NaN;
  if (/^[+]?inf(inity)?$/.test(t)) return Infinity;
  if (/^-inf(inity)?$/.test(t)) return -Infinity;
  return void 0;
}
function skipBlanks(line, i) {
  while (line[i] === " " || line[i] === "	") i++;
  return i;
}
function describe5(c) {
  return c === void 0 ? "the end of the line" : JSON.stringify(c);
}

// src/ingest/formats/prometheus-vllm.ts
var VLLM_PREFIX = "vllm:";
var LATENCY_HISTOGRAMS = [
  { metric: "queue_wait", names: ["request_queue_time_seconds"] },
  { metric: "prefill", names: ["request_prefill_time_seconds"] },
  { metric: "decode", names: ["request_decode_time_seconds"] },
  { metric: "ttft", names: ["time_to_first_token_seconds"] },
  { metric: "itl", names: ["inter_token_latency_seconds", "time_per_output_token_seconds"] },
  { metric: "tpot", names: ["request_time_per_output_token_seconds"] },
  { metric: "e2e", names: ["e2e_request_latency_seconds"] }
];
var PREFIX_HITS = [
  "prefix_cache_hits_total",
  "prefix_cache_hits",
  "gpu_prefix_cache_hits_total",
  "gpu_prefix_cache_hits"
];
var PREFIX_QUERIES = [
  "prefix_cache_queries_total",
  "prefix_cache_queries",
  "gpu_prefix_cache_queries_total",
  "gpu_prefix_cache_queries"
];
var PREEMPTIONS = ["num_preemptions_total", "num_preemptions"];
var REQUEST_SUCCESS = ["request_success_total", "request_success"];
var FAILED_REASONS = /* @__PURE__ */ new Set(["abort", "error"]);
var MAX_CONFIG_KEYS = 60;
function vllmFacts(expo, file, issues) {
  const byName = /* @__PURE__ */ new Map();
  for (const s of expo.samples) {
    let list = byName.get(s.name);
    if (!list) byName.set(s.name, list = []);
    list.push(s);
  }
  const reader = new Reader(byName, file, issues);
  const warnings = reader.warnings;
  const histograms = [];
  for (const { metric, names: names2 } of LATENCY_HISTOGRAMS) {
    const name = names2.map((n) => VLLM_PREFIX + n).find((n) => byName.has(`${n}_bucket`) || byName.has(`${n}_count`));
    if (!name) continue;
    const h = reader.histogram(name, metric);
    if (h) histograms.push(h);
  }
  const server = {};
  const set = (key, value4) => {
    if (value4 !== void 0) server[key] = value4;
  };
  set("prefixCacheHits", reader.sum(PREFIX_HITS));
  set("prefixCacheQueries", reader.sum(PREFIX_QUERIES));
  set("preemptions", reader.sum(PREEMPTIONS));
  set("running", reader.sum(["num_requests_running"]));
  set("waiting", reader.sum(["num_requests_waiting"]));
  set("kvCacheUsage", reader.fraction(["kv_cache_usage_perc", "gpu_cache_usage_perc"]));
  const success = reader.sum(REQUEST_SUCCESS);
  const failed2 = success === void 0 ? void 0 : reader.sum(REQUEST_SUCCESS, (labels) => FAILED_REASONS.has(labels.get("finished_reason") ?? ""));
  const tokens = {};
  const prompt = reader.sumAndCount(`${VLLM_PREFIX}request_prompt_tokens`);
  const generation = reader.sumAndCount(`${VLLM_PREFIX}request_generation_tokens`);
  if (prompt) [tokens.promptSum, tokens.promptCount] = [prompt.sum, prompt.count];
  if (generation) [tokens.generationSum, tokens.generationCount] = [generation.sum, generation.count];
  if (!prompt && success !== void 0) {
    const total2 = reader.sum(["prompt_tokens_total", "prompt_tokens"]);
    if (total2 !== void 0) [tokens.promptSum, tokens.promptCount] = [total2, success];
  }
  if (!generation && success !== void 0) {
    const total2 = reader.sum(["generation_tokens_total", "generation_tokens"]);
    if (total2 !== void 0) [tokens.generationSum, tokens.generationCount] = [total2, success];
  }
  const meta = scrapeMeta(expo, byName, warnings);
  return { histograms, server, requests: success, failed: failed2, tokens, meta, warnings };
}
function workloadOf3(facts) {
  const w = {};
  if (facts.requests !== void 0) w.requests = facts.requests;
  if (facts.failed !== void 0) w.failed = facts.failed;
  const { promptSum, promptCount, generationSum, generationCount } = facts.tokens;
  if (promptSum !== void 0 && promptCount) w.inputTokensMean = promptSum / promptCount;
  if (generationSum !== void 0 && generationCount) w.outputTokensMean = generationSum / generationCount;
  return Object.keys(w).length > 0 ? w : void 0;
}
function scrapeMeta(expo, byName, warnings) {
  const meta = emptyMeta();
  const models = /* @__PURE__ */ new Set();
  const engines = /* @__PURE__ */ new Set();
  let latest;
  for (const s of expo.samples) {
    const model = s.labels.get("model_name");
    if (model !== void 0 && s.name.startsWith(VLLM_PREFIX)) models.add(model);
    const engine = s.labels.get("engine");
    if (engine !== void 0 && s.name.startsWith(VLLM_PREFIX)) engines.add(engine);
    if (s.timestamp !== void 0 && Number.isFinite(s.timestamp)) latest = Math.max(latest ?? -Infinity, s.timestamp);
  }
  if (models.size === 1) {
    const [model] = models;
    meta.model = model;
    meta.benchmark = model;
  } else if (models.size > 1) {
    const names2 = [...models].sort().slice(0, 5).join(", ");
    warnings.push(
      `the scrape holds ${models.size} models (${names2}): their histograms and counters are added together; scrape one model per server, or compare per model`
    );
    meta.extra.model_names = names2;
  }
  if (engines.size > 1) meta.extra.engines = [...engines].sort().join(",");
  if (latest !== void 0) meta.extra.scrape_timestamp_ms = String(latest);
  const start = byName.get("process_start_time_seconds")?.[0];
  if (start && Number.isFinite(start.value)) meta.extra.process_start_time_seconds = String(start.value);
  const cacheConfig = byName.get(`${VLLM_PREFIX}cache_config_info`)?.[0];
  if (cacheConfig) Object.assign(meta.config, configFromLabels(cacheConfig.labels));
  return meta;
}
function configFromLabels(labels) {
  const out = {};
  let n = 0;
  for (const [key, raw] of [...labels].sort(([a], [b]) => a < b ? -1 : 1)) {
    if (key === "engine" || key === "model_name" || key.startsWith("_") || raw === "None" || raw === "") continue;
    if (n++ >= MAX_CONFIG_KEYS) break;
    const number3 = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(raw) ? Number(raw) : NaN;
    out[key] = raw === "True" ? true : raw === "False" ? false : Number.isFinite(number3) ? number3 : raw.slice(0, 200);
  }
  return out;
}
var Reader = class {
  constructor(byName, file, issues) {
    this.byName = byName;
    this.file = file;
    this.issues = issues;
  }
  byName;
  file;
  issues;
  warnings = [];
  /** The first of `names` (without prefix) present, summed over its series (or those `filter` keeps). */
  sum(names2, filter) {
    const found = this.first(names2);
    if (!found) return void 0;
    let total2 = 0;
    for (const s of found.samples) {
      if (filter && !filter(s.labels)) continue;
      if (!this.usable(s)) return void 0;
      total2 += s.value;
    }
    return this.finiteTotal(found.name, total2);
  }
  /** A 0..1 gauge averaged over its series (engines). */
  fraction(names2) {
    const found = this.first(names2);
    if (!found) return void 0;
    let total2 = 0;
    for (const s of found.samples) {
      if (!this.usable(s)) return void 0;
      if (s.value > 1) {
        this.warnings.push(`${s.name} is ${s.value}, above 1 (it is a fraction of the KV cache): left out`);
        return void 0;
      }
      total2 += s.value;
    }
    return total2 / found.samples.length;
  }
  /** `_sum` and `_count` of a histogram, summed over series. */
  sumAndCount(base) {
    const sums = this.byName.get(`${base}_sum`);
    const counts = this.byName.get(`${base}_count`);
    if (!sums || !counts) return void 0;
    let sum = 0;
    let count3 = 0;
    for (const s of sums) {
      if (!this.usable(s)) return void 0;
      sum += s.value;
    }
    for (const s of counts) {
      if (!this.usable(s)) return void 0;
      count3 += s.value;
    }
    return this.finiteTotal(base, sum) === void 0 || this.finiteTotal(base, count3) === void 0 ? void 0 : { sum, count: count3 };
  }
  /** A latency histogram in seconds, its series added up, in ms. Undefined (with a warning) if unusable. */
  histogram(base, metric) {
    const series = /* @__PURE__ */ new Map();
    const get = (s) => {
      const key = seriesKey(base, s.labels, "le");
      let entry = series.get(key);
      if (!entry) series.set(key, entry = { buckets: /* @__PURE__ */ new Map() });
      return entry;
    };
    let broken = false;
    for (const s of this.byName.get(`${base}_bucket`) ?? []) {
      const le = parseValue(s.labels.get("le") ?? "");
      if (le === void 0 || Number.isNaN(le) || le !== Infinity && !Number.isFinite(le * 1e3)) {
        this.issue(s, `${s.name}: the le label ${JSON.stringify(s.labels.get("le") ?? null)} is not a bucket bound`);
        broken = true;
      } else if (!this.usable(s)) broken = true;
      else get(s).buckets.set(le, s.value);
    }
    for (const s of this.byName.get(`${base}_sum`) ?? []) {
      if (!this.usable(s)) broken = true;
      else get(s).sum = s.value;
    }
    for (const s of this.byName.get(`${base}_count`) ?? []) {
      if (!this.usable(s)) broken = true;
      else get(s).count = s.value;
    }
    if (broken) {
      this.warnings.push(`${base}: left out, some of its lines are unusable (see issues)`);
      return void 0;
    }
    let common2;
    let sum = 0;
    let count3 = 0;
    let torn = false;
    let mixedBounds = false;
    for (const entry of series.values()) {
      if (entry.sum === void 0 || entry.count === void 0 && !entry.buckets.has(Infinity)) {
        this.warnings.push(
          `${base}: a series without _sum, or without both _count and the +Inf bucket: histogram left out`
        );
        return void 0;
      }
      if (!entry.buckets.has(Infinity)) entry.buckets.set(Infinity, entry.count);
      if (entry.count !== void 0 && entry.buckets.get(Infinity) !== entry.count) torn = true;
      sum += entry.sum;
      count3 += entry.count ?? entry.buckets.get(Infinity);
      const bounds2 = new Set(entry.buckets.keys());
      if (common2 && (common2.size !== bounds2.size || [...common2].some((b) => !bounds2.has(b)))) mixedBounds = true;
      common2 = common2 ? new Set([...common2].filter((b) => bounds2.has(b))) : bounds2;
    }
    if (torn)
      this.warnings.push(
        `${base}: the +Inf bucket differs from _count (a scrape taken mid-update?); the mean uses _sum / _count`
      );
    if (mixedBounds)
      this.warnings.push(`${base}: its series have different bucket bounds; only the bounds they share are kept`);
    if (!common2 || this.finiteTotal(base, sum * 1e3) === void 0 || this.finiteTotal(base, count3) === void 0)
      return void 0;
    const bounds = [...common2].sort((a, b) => a - b);
    const buckets = bounds.map((le) => {
      let c = 0;
      for (const entry of series.values()) c += entry.buckets.get(le);
      if (!Number.isFinite(c)) broken = true;
      return { le: le === Infinity ? Infinity : Number((le * 1e3).toPrecision(15)), count: c };
    });
    if (broken) {
      this.warnings.push(`${base}: bucket counts add up past the largest number; left out`);
      return void 0;
    }
    if (buckets.some((b, i) => i > 0 && b.count < buckets[i - 1].count)) {
      this.warnings.push(
        `${base}: cumulative bucket counts decrease somewhere (a torn scrape?); quantiles flatten the decrease as Prometheus does`
      );
    }
    return { metric, buckets, sum: sum * 1e3, count: count3, source: base };
  }
  /** A total that overflowed (values near 1e308 added up) is no total. */
  finiteTotal(name, total2) {
    if (Number.isFinite(total2)) return total2;
    this.warnings.push(`${name}: its series add up past the largest number; left out`);
    return void 0;
  }
  first(names2) {
    for (const n of names2) {
      const samples = this.byName.get(VLLM_PREFIX + n);
      if (samples) return { name: VLLM_PREFIX + n, samples };
    }
    return void 0;
  }
  /** A counter, gauge or bucket value must be a finite number ≥ 0. */
  usable(s) {
    if (Number.isFinite(s.value) && s.value >= 0) return true;
    this.issue(s, `${s.name}: expected a finite number ≥ 0, got ${s.value}`);
    return false;
  }
  issue(s, message) {
    this.issues.add({ file: this.file, line: s.line, message });
  }
};
var TOKEN_KEYS = {
  promptSum: "vllm.request_prompt_tokens_sum",
  promptCount: "vllm.request_prompt_tokens_count",
  generationSum: "vllm.request_generation_tokens_sum",
  generationCount: "vllm.request_generation_tokens_count"
};
function tokensToExtra(tokens, extra) {
  for (const [field, key] of Object.entries(TOKEN_KEYS)) {
    const value4 = tokens[field];
    if (value4 !== void 0) extra[key] = String(value4);
  }
}
function tokensFromExtra(extra) {
  const out = {};
  for (const [field, key] of Object.entries(TOKEN_KEYS)) {
    const text = Object.hasOwn(extra, key) ? extra[key] : void 0;
    const value4 = text === void 0 ? NaN : Number(text);
    if (Number.isFinite(value4) && value4 >= 0) out[field] = value4;
  }
  return out;
}

// src/stats/histogram.ts
var nothing = (value4) => ({ value: value4, lower: value4, upper: value4 });
function histogramQuantile(h, q) {
  if (Number.isNaN(q)) return nothing(NaN);
  if (q < 0) return nothing(-Infinity);
  if (q > 1) return nothing(Infinity);
  if (h.buckets.length === 0) return nothing(NaN);
  const sorted = h.buckets.map((b2) => ({ le: b2.le, count: b2.count })).sort((a, b2) => a.le - b2.le);
  if (sorted[sorted.length - 1].le !== Infinity) return nothing(NaN);
  const buckets = coalesce(sorted);
  correctPrecisionErrors(buckets, 1e-12);
  ensureMonotonic(buckets);
  if (buckets.length < 2) return nothing(NaN);
  const observations = buckets[buckets.length - 1].count;
  if (!(observations > 0)) return nothing(NaN);
  let rank2 = q * observations;
  let b = 0;
  while (b < buckets.length - 1 && !(buckets[b].count >= rank2)) b++;
  if (b === buckets.length - 1) {
    const highestFinite = buckets[buckets.length - 2].le;
    return { value: highestFinite, lower: highestFinite, upper: Infinity };
  }
  if (b === 0 && buckets[0].le <= 0) return { value: buckets[0].le, lower: -Infinity, upper: buckets[0].le };
  const start = b > 0 ? buckets[b - 1].le : 0;
  const end = buckets[b].le;
  let count3 = buckets[b].count;
  if (b > 0) {
    count3 -= buckets[b - 1].count;
    rank2 -= buckets[b - 1].count;
  }
  return { value: start + (end - start) * (rank2 / count3), lower: start, upper: end };
}
function histogramMean(h) {
  return h.count > 0 ? h.sum / h.count : NaN;
}
function subtractHistograms(after, before) {
  const a = [...after.buckets].sort((x, y) => x.le - y.le);
  const b = [...before.buckets].sort((x, y) => x.le - y.le);
  if (a.length !== b.length || a.some((bucket, i) => bucket.le !== b[i].le)) {
    throw new RangeError(
      `${after.source}: the bucket bounds differ between the scrapes (${b.length} vs ${a.length} buckets), so they cannot be subtracted`
    );
  }
  const buckets = a.map((bucket, i) => ({
    le: bucket.le,
    count: nonNegative3(bucket.count - b[i].count, bucket.count, `bucket le=${bucket.le}`, after.source)
  }));
  return {
    metric: after.metric,
    buckets,
    sum: nonNegative3(after.sum - before.sum, after.sum, "sum", after.source),
    count: nonNegative3(after.count - before.count, after.count, "count", after.source),
    source: after.source
  };
}
function nonNegative3(difference, scale, what, source) {
  if (difference >= 0) return difference;
  if (difference >= -1e-9 * Math.max(1, Math.abs(scale))) return 0;
  throw new RangeError(
    `${source}: ${what} went down between the scrapes (by ${-difference}): the counters were reset (server restarted?)`
  );
}
function coalesce(sorted) {
  const out = [{ ...sorted[0] }];
  for (let i = 1; i < sorted.length; i++) {
    const last = out[out.length - 1];
    if (sorted[i].le === last.le) last.count += sorted[i].count;
    else out.push({ ...sorted[i] });
  }
  return out;
}
function correctPrecisionErrors(buckets, tolerance) {
  let previous = buckets[0].count;
  for (let i = 1; i < buckets.length; i++) {
    const current = buckets[i].count;
    const delta3 = Math.abs(current - previous);
    if (delta3 === 0) continue;
    if (delta3 / current <= tolerance) buckets[i].count = previous;
    else previous = current;
  }
}
function ensureMonotonic(buckets) {
  let max = buckets[0].count;
  for (let i = 1; i < buckets.length; i++) {
    if (buckets[i].count > max) max = buckets[i].count;
    else if (buckets[i].count < max) buckets[i].count = max;
  }
}

// src/ingest/formats/prometheus.ts
var PROMETHEUS_FORMAT = "prometheus";
var LABEL = "Prometheus scrape";
var MAX_SCRAPE_BYTES = 64 * 1024 * 1024;
var prometheusAdapter = {
  id: PROMETHEUS_FORMAT,
  label: "vLLM Prometheus /metrics scrape",
  writtenBy: "curl http://<vllm-server>/metrics > metrics.txt (before and after the benchmark, for diffScrapes)",
  detect: detectPrometheus,
  read: (source, options) => readPrometheus(source, options)
};
function detectPrometheus(head) {
  let looked = 0;
  for (const raw of head.replace(/^\ufeff/, "").split("\n")) {
    const line = raw.trim();
    if (line === "") continue;
    if (++looked > 50) break;
    if (/^#\s+(HELP|TYPE)\s+\S/.test(line))
      return { match: true, reason: "Prometheus text exposition (# HELP / # TYPE lines)" };
    if (line.startsWith("#")) continue;
    const sample = parseSampleLine(line);
    if (sample.ok) return { match: true, reason: `Prometheus text exposition (sample line ${sample.value.name})` };
    return {
      match: false,
      reason: `no "# HELP"/"# TYPE" line, and the first line is not a sample "name{labels} value": ${JSON.stringify(line.slice(0, 40))}`
    };
  }
  return { match: false, reason: 'no "# HELP"/"# TYPE" line and no "name{labels} value" sample line' };
}
async function readPrometheus(source, options, maxBytes = MAX_SCRAPE_BYTES) {
  const text = await readDocument(source, LABEL, maxBytes);
  const expo = parseExposition(
    text,
    source.name,
    (name) => name.startsWith(VLLM_PREFIX) || name === "process_start_time_seconds"
  );
  const first = expo.issues.kept[0];
  if (expo.sampleLines === 0) {
    throw new InputError(
      source.name,
      `${LABEL}: no sample lines ("name{labels} value")${first ? `; line ${first.line}: ${first.message}` : ""}`
    );
  }
  if (expo.badLines / expo.sampleLines > options.maxBadLineRatio) {
    throw new InputError(
      source.name,
      `${LABEL}: ${first ? `${first.message} — ` : ""}${expo.badLines} of ${expo.sampleLines} lines are malformed, more than the ${Number((options.maxBadLineRatio * 100).toPrecision(3))}% allowed (max-bad-lines); this is the first`,
      first?.line
    );
  }
  if (!expo.samples.some((s) => s.name.startsWith(VLLM_PREFIX))) {
    throw new InputError(
      source.name,
      `${LABEL}: ${expo.sampleLines} samples but none named "vllm:…"; perf-triage reads vLLM's /metrics (other servers' scrapes are not supported)`
    );
  }
  const facts = vllmFacts(expo, source.name, expo.issues);
  const report2 = {
    file: source.name,
    format: PROMETHEUS_FORMAT,
    recordsRead: expo.sampleLines,
    recordsKept: Math.max(0, expo.sampleLines - expo.badSampleLines),
    skipped: expo.issues.count,
    issues: expo.issues.kept,
    warnings: facts.warnings
  };
  const run = runFromFacts(facts, report2);
  if (!run.histograms?.length && !run.server && !workloadOf3(facts)) {
    throw new InputError(
      source.name,
      `${LABEL}: has vllm: metrics but none perf-triage uses (latency histograms such as vllm:time_to_first_token_seconds, cache and queue gauges, request counters)`
    );
  }
  return [run];
}
function runFromFacts(facts, report2) {
  const meta = facts.meta;
  tokensToExtra(facts.tokens, meta.extra);
  const run = { meta, summaries: meanSummaries(facts.histograms), sources: [report2], role: "server-metrics" };
  if (facts.histograms.length > 0) run.histograms = facts.histograms;
  if (Object.keys(facts.server).length > 0) run.server = facts.server;
  const workload = workloadOf3(facts);
  run.workload = { ...workload ?? {}, engine: "vllm" };
  return run;
}
function meanSummaries(histograms) {
  const out = [];
  for (const h of histograms) {
    const mean = histogramMean(h);
    if (Number.isFinite(mean))
      out.push({
        metric: h.metric,
        stat: "mean",
        value: mean,
        count: h.count,
        field: `${h.source}_sum / ${h.source}_count`
      });
  }
  return out;
}

// src/ingest/formats/otel-spans.ts
var VLLM_SPAN_NAME = "llm_request";
function spansOf(request) {
  const root = asObject(request);
  if (!root) return { spans: [], problem: 'expected an ExportTraceServiceRequest object {"resourceSpans": [...]}' };
  const resourceSpans = either(root, "resourceSpans", "resource_spans");
  if (!Array.isArray(resourceSpans)) return { spans: [], problem: 'no "resourceSpans" list' };
  const spans2 = [];
  for (const rs of resourceSpans) {
    const resource = asObject(own(asObject(rs), "resource"));
    const service = attributeMap(own(resource, "attributes")).get("service.name");
    const scopes = either(asObject(rs), "scopeSpans", "scope_spans") ?? either(asObject(rs), "instrumentationLibrarySpans", "instrumentation_library_spans");
    if (!Array.isArray(scopes)) continue;
    for (const ss of scopes) {
      const scopeObject = asObject(either(asObject(ss), "scope", "instrumentationLibrary"));
      const scopeName = own(scopeObject, "name");
      const list = own(asObject(ss), "spans");
      if (!Array.isArray(list)) continue;
      for (const span2 of list) {
        const object3 = asObject(span2);
        if (!object3) continue;
        spans2.push({
          span: object3,
          ...typeof service === "string" ? { service } : {},
          ...typeof scopeName === "string" ? { scope: scopeName } : {}
        });
      }
    }
  }
  return { spans: spans2 };
}
function attributeMap(list) {
  const out = /* @__PURE__ */ new Map();
  if (!Array.isArray(list)) return out;
  for (const entry of list) {
    const object3 = asObject(entry);
    const key = own(object3, "key");
    if (typeof key !== "string") continue;
    out.set(key, anyValue(own(object3, "value")));
  }
  return out;
}
function anyValue(value4) {
  const v = asObject(value4);
  if (!v) return void 0;
  for (const key of ["stringValue", "string_value", "bytesValue", "bytes_value"]) {
    const s = own(v, key);
    if (typeof s === "string") return s;
  }
  for (const key of ["intValue", "int_value", "doubleValue", "double_value"]) {
    const n = own(v, key);
    if (n !== void 0) return n;
  }
  const b = either(v, "boolValue", "bool_value");
  if (typeof b === "boolean") return b;
  const array = asObject(either(v, "arrayValue", "array_value"));
  if (array) {
    const values = own(array, "values");
    return Array.isArray(values) ? values.slice(0, 100).map((x) => anyValue(x)) : [];
  }
  const kv = asObject(either(v, "kvlistValue", "kvlist_value"));
  if (kv) return JSON.stringify(Object.fromEntries(attributeMap(own(kv, "values")))).slice(0, 500);
  return void 0;
}
function spanName(span2) {
  const name = own(span2, "name");
  return typeof name === "string" ? name : "";
}
var SECONDS_TO_MS = [
  ["gen_ai.latency.time_in_queue", "queue_wait_ms"],
  ["gen_ai.latency.time_to_first_token", "first_token_ms"],
  ["gen_ai.latency.e2e", "total_ms"],
  ["gen_ai.latency.time_in_model_prefill", "prefill_ms"],
  ["gen_ai.latency.time_in_model_decode", "decode_ms"],
  ["gen_ai.latency.time_in_model_inference", "inference_ms"],
  ["gen_ai.latency.time_in_scheduler", "scheduler_ms"],
  ["gen_ai.latency.time_in_model_forward", "model_forward_ms"],
  ["gen_ai.latency.time_in_model_execute", "model_execute_ms"]
];
var COUNTS = [
  [["gen_ai.usage.prompt_tokens", "gen_ai.usage.input_tokens"], "prompt_tokens"],
  [["gen_ai.usage.completion_tokens", "gen_ai.usage.output_tokens"], "output_tokens"],
  [["gen_ai.usage.cached_tokens"], "prefix_cache_hit_tokens"],
  [["gen_ai.request.max_tokens"], "max_tokens"]
];
function spanRecord(span2) {
  const attributes = attributeMap(own(span2, "attributes"));
  const record3 = {};
  const requestId = attributes.get("gen_ai.request.id");
  if (typeof requestId === "string" || typeof requestId === "number") record3.request_id = String(requestId);
  const arrival = unixNanoToSeconds(either(span2, "startTimeUnixNano", "start_time_unix_nano"));
  if (arrival !== void 0) record3.arrival_ts = arrival;
  for (const [attribute2, field] of SECONDS_TO_MS) {
    if (!attributes.has(attribute2)) continue;
    const raw = attributes.get(attribute2);
    const seconds = finiteNumber(raw);
    record3[field] = seconds === void 0 || Number.isNaN(seconds) ? raw : seconds * 1e3;
  }
  for (const [names2, field] of COUNTS) {
    const name = names2.find((n) => attributes.has(n));
    if (name === void 0) continue;
    const raw = attributes.get(name);
    const count3 = finiteNumber(raw);
    record3[field] = count3 === void 0 || Number.isNaN(count3) ? raw : count3;
  }
  const model = attributes.get("gen_ai.response.model");
  if (typeof model === "string" && model !== "") record3.model_version = model;
  const reasons = finishReasons(attributes.get("gen_ai.response.finish_reasons"));
  if (reasons) record3.finish_reason = reasons;
  const error = spanError(span2, reasons);
  if (error) record3.error = error;
  return record3;
}
function finishReasons(value4) {
  let list = value4;
  if (typeof value4 === "string") {
    try {
      list = JSON.parse(value4);
    } catch {
      return value4.slice(0, 100) || void 0;
    }
  }
  if (!Array.isArray(list)) return typeof list === "string" ? list : void 0;
  const text = list.filter((x) => typeof x === "string").join(",");
  return text || void 0;
}
function spanError(span2, reasons) {
  const status = asObject(own(span2, "status"));
  const code2 = own(status, "code");
  if (code2 === 2 || code2 === "2" || code2 === "STATUS_CODE_ERROR") {
    const message = own(status, "message");
    return typeof message === "string" && message.trim() !== "" ? message.slice(0, 200) : "span status ERROR";
  }
  if (reasons?.split(",").includes("abort")) return "finish_reason abort";
  return void 0;
}
function unixNanoToSeconds(value4) {
  if (typeof value4 === "number") return Number.isFinite(value4) && value4 > 0 ? value4 / 1e9 : void 0;
  if (typeof value4 !== "string" || !/^\d{1,20}$/.test(value4)) return void 0;
  const whole2 = value4.length > 9 ? Number(value4.slice(0, -9)) : 0;
  const fraction2 = Number(value4.slice(-9)) / 1e9;
  const seconds = whole2 + fraction2;
  return seconds > 0 ? seconds : void 0;
}
function either(object3, a, b) {
  const first = own(object3, a);
  return first !== void 0 ? first : own(object3, b);
}

// src/ingest/formats/otel.ts
var OTEL_FORMAT = "otel";
var LABEL2 = "OTLP/JSON trace export";
var MAX_TRACE_JSONL_BYTES = 1024 * 1024 * 1024;
var otelAdapter = {
  id: OTEL_FORMAT,
  label: "vLLM OpenTelemetry request spans (OTLP/JSON)",
  writtenBy: "vllm serve --otlp-traces-endpoint <collector>, with the collector's file exporter writing OTLP/JSON",
  detect: detectOtel,
  read: (source, options) => readOtel(source, options)
};
var RESOURCE_SPANS_KEY = /^\s*\{\s*"(resourceSpans|resource_spans)"\s*:/;
var ARRAY_OF_REQUESTS = /^\s*\[\s*\{\s*"(resourceSpans|resource_spans)"\s*:/;
function detectOtel(head) {
  const text = head.replace(/^\ufeff/, "");
  if (RESOURCE_SPANS_KEY.test(text))
    return { match: true, reason: 'OTLP/JSON trace export ("resourceSpans")', specificity: 3 };
  if (ARRAY_OF_REQUESTS.test(text))
    return {
      match: true,
      reason: 'a JSON array of OTLP/JSON trace export requests ([{"resourceSpans": …}, …])',
      specificity: 3
    };
  return {
    match: false,
    reason: 'does not start with {"resourceSpans": …} or [{"resourceSpans": …}, …] (an OTLP/JSON trace export)'
  };
}
async function readOtel(source, options, limits = {}) {
  const { documentBytes = MAX_DOCUMENT_BYTES, jsonlBytes = MAX_TRACE_JSONL_BYTES } = limits;
  const builder = new RequestTableBuilder(source.name);
  const tally = new SpanTally();
  let numbered = 0;
  const take = (request, line, spanNumbering) => {
    const { spans: spans2, problem: problem2 } = spansOf(request);
    if (problem2) {
      builder.recordUnparsable(line, `${LABEL2}: ${problem2}`);
      return;
    }
    for (const found of spans2) {
      const position = ++numbered;
      if (!tally.count(found)) continue;
      builder.addRecord(spanRecord(found.span), spanNumbering ? position : line);
    }
  };
  if (isJsonLines(source.head)) {
    let bytes = 0;
    const splitter = new LineSplitter();
    const onLine = (line, lineNo) => {
      if (line.trim() === "") return;
      const parsed = builder.parseRecordText(line, lineNo, LABEL2);
      if (parsed)
        for (const request of Array.isArray(parsed.value) ? parsed.value : [parsed.value]) take(request, lineNo, false);
    };
    for await (const chunk of source.chunks()) {
      bytes += chunk.length;
      if (bytes > jsonlBytes)
        throw new InputError(
          source.name,
          `${LABEL2}: the file is larger than ${Math.round(jsonlBytes / 1024 / 1024)} MB, the most perf-triage reads; refused`
        );
      splitter.push(chunk, onLine);
    }
    splitter.end(onLine);
  } else {
    const text = await readDocument(source, LABEL2, documentBytes);
    const value4 = parseDocument(text, source, LABEL2);
    const requests = Array.isArray(value4) ? value4 : [value4];
    if (!Array.isArray(value4)) {
      const { problem: problem2 } = spansOf(value4);
      if (problem2) throw new InputError(source.name, `${LABEL2}: ${problem2}`);
    } else if (value4.length === 0)
      throw new InputError(source.name, `${LABEL2}: an empty list (expected export requests {"resourceSpans": [...]})`);
    requests.forEach((request, i) => take(request, i + 1, true));
  }
  const built = builder.finish();
  const first = built.firstRejection;
  if (!built.table) {
    if (first)
      throw new InputError(
        source.name,
        `${first.message} (no usable span: ${built.skipped} of ${built.recordsRead} rejected, this is the first)`,
        first.line,
        first.field
      );
    throw new InputError(
      source.name,
      `${LABEL2}: no "${VLLM_SPAN_NAME}" spans (vLLM writes one per request when started with --otlp-traces-endpoint)${tally.describeOthers()}`
    );
  }
  if (built.recordsRead > 0 && built.skipped / built.recordsRead > options.maxBadLineRatio) {
    throw new InputError(
      source.name,
      `${first ? `${first.message} — ` : ""}${built.skipped} of ${built.recordsRead} spans are bad, more than the ${Number((options.maxBadLineRatio * 100).toPrecision(3))}% allowed (max-bad-lines); this is the first`,
      first?.line,
      first?.field
    );
  }
  const table2 = built.table;
  const errors = table2.text.error;
  let failed2 = 0;
  if (errors) {
    for (let i = 0; i < table2.length; i++) if (errors.codes[i] >= 0) failed2++;
  }
  const meta = emptyMeta();
  const models = table2.text.model_version?.dictionary ?? [];
  if (models.length === 1) meta.model = meta.benchmark = models[0];
  if (tally.services.size === 1) meta.extra.service_name = [...tally.services][0];
  const warnings = [...built.warnings];
  if (models.length > 1)
    warnings.push(
      `spans of ${models.length} models (${models.slice(0, 5).join(", ")}): kept per request as model_version`
    );
  const others = tally.describeOthers();
  if (others) warnings.push(`other spans left out${others}`);
  return [
    {
      meta,
      requests: table2,
      summaries: [],
      sources: [
        {
          file: source.name,
          format: OTEL_FORMAT,
          recordsRead: built.recordsRead,
          recordsKept: table2.length,
          skipped: built.skipped,
          issues: built.issues.kept,
          warnings
        }
      ],
      // vLLM writes these spans: the engine, for the workload key.
      workload: { requests: table2.length, failed: failed2, failedFrom: "rows", engine: "vllm" },
      role: "traces"
    }
  ];
}
function isJsonLines(head) {
  const text = head.replace(/^\ufeff/, "").trimStart();
  const nl = text.indexOf("\n");
  if (nl === -1) return true;
  try {
    parseJsonLenient(text.slice(0, nl));
    return true;
  } catch {
    return false;
  }
}
var SpanTally = class {
  others = /* @__PURE__ */ new Map();
  services = /* @__PURE__ */ new Set();
  count(found) {
    const name = spanName(found.span);
    if (name === VLLM_SPAN_NAME) {
      if (found.service !== void 0 && this.services.size < 10) this.services.add(found.service);
      return true;
    }
    if (this.others.size < 20 || this.others.has(name)) this.others.set(name, (this.others.get(name) ?? 0) + 1);
    return false;
  }
  describeOthers() {
    if (this.others.size === 0) return "";
    const list = [...this.others].slice(0, 5).map(([name, n]) => `${n} × ${JSON.stringify(name.slice(0, 40))}`);
    return `: ${list.join(", ")}${this.others.size > 5 ? ", …" : ""}`;
  }
};

// src/ingest/formats/github-action-benchmark.ts
var GITHUB_ACTION_BENCHMARK_FORMAT = "github-action-benchmark";
var LABEL3 = "github-action-benchmark JSON";
var ENTRY_KEYS = /* @__PURE__ */ new Set(["name", "unit", "value", "range", "extra"]);
var MAX_EXTRA_KEYS = 200;
var MAX_TEXT5 = 200;
var githubActionBenchmarkAdapter = {
  id: GITHUB_ACTION_BENCHMARK_FORMAT,
  label: "github-action-benchmark custom JSON",
  writtenBy: "your benchmark script, for benchmark-action/github-action-benchmark with tool: customSmallerIsBetter or customBiggerIsBetter",
  detect: detectGithubActionBenchmark,
  read: (source, options) => readGithubActionBenchmark(source, options)
};
function detectGithubActionBenchmark(head) {
  const text = head.replace(/^\ufeff/, "").trimStart();
  const no = (why) => ({
    match: false,
    reason: `not a JSON array of {"name", "unit", "value"} entries: ${why}`
  });
  if (!text.startsWith("[")) return no(`starts with ${JSON.stringify(text.slice(0, 20))}`);
  let firstText2;
  const splitter = new JsonStreamSplitter();
  splitter.push(text, { onElement: (t) => firstText2 ??= t, onError: () => void 0 });
  if (firstText2 === void 0)
    return no(/^\[\s*\]/.test(text) ? "the array is empty" : "no complete first entry in the first 16 KiB");
  let first;
  try {
    first = parseJsonLenient(firstText2);
  } catch {
    return no("the first entry is not valid JSON");
  }
  const entry = asObject(first);
  if (!entry) return no("the first entry is not an object");
  const missing = ["name", "unit", "value"].filter((k) => !Object.hasOwn(entry, k));
  if (missing.length > 0) return no(`the first entry has no ${missing.map((k) => `"${k}"`).join(", ")}`);
  const others = Object.keys(entry).filter((k) => !ENTRY_KEYS.has(k));
  if (others.length > 0)
    return no(
      `the first entry has other keys too (${others.slice(0, 3).join(", ")}); force the format to read it anyway`
    );
  return { match: true, reason: "github-action-benchmark entries {name, unit, value}" };
}
async function readGithubActionBenchmark(source, options, maxBytes = MAX_DOCUMENT_BYTES) {
  const text = await readDocument(source, LABEL3, maxBytes);
  const issues = new IssueLog();
  const warnings = [];
  const meta = emptyMeta();
  const summaries = [];
  const names2 = /* @__PURE__ */ new Set();
  let read = 0;
  let skipped = 0;
  let structural;
  const reject = (line, message, field) => {
    skipped++;
    issues.add({ file: source.name, line, message, ...field ? { field } : {} });
  };
  let ignoredKeys = 0;
  const noUnit = new Examples('no "unit" string; read without a unit');
  const badRange = new Examples('a range that is not "± number" or "± number%"; ignored');
  const splitter = new JsonStreamSplitter();
  const handlers = {
    onElement: (raw, line) => {
      read++;
      let value4;
      try {
        value4 = parseJsonLenient(raw);
      } catch (error) {
        reject(line, `not valid JSON: ${error.message}`);
        return;
      }
      const entry = asObject(value4);
      if (!entry)
        return reject(
          line,
          `expected an entry {"name", "unit", "value"}, got ${Array.isArray(value4) ? "a list" : JSON.stringify(value4)?.slice(0, 40)}`
        );
      const name = own(entry, "name");
      if (typeof name !== "string" || name.trim() === "")
        return reject(
          line,
          `expected a non-empty string, got ${JSON.stringify(name)?.slice(0, 40) ?? "nothing"}`,
          "name"
        );
      const number3 = finiteNumber(own(entry, "value"));
      if (number3 === void 0 || Number.isNaN(number3)) {
        return reject(
          line,
          `entry ${JSON.stringify(name.slice(0, 60))}: expected a finite number, got ${JSON.stringify(own(entry, "value"))?.slice(0, 40) ?? "nothing"}`,
          "value"
        );
      }
      if (names2.has(name))
        return reject(line, `entry ${JSON.stringify(name.slice(0, 60))} appears again; the first one is kept`, "name");
      names2.add(name);
      const rawUnit = own(entry, "unit");
      const unit = typeof rawUnit === "string" ? rawUnit.trim() : "";
      if (typeof rawUnit !== "string") noUnit.add(line, name);
      summaries.push({
        metric: name,
        stat: "value",
        value: number3,
        unit,
        direction: directionOfUnit(unit),
        field: name
      });
      if (Object.hasOwn(METRICS, name)) {
        warnings.push(
          `entry "${name}" has the name of perf-triage's ${name} metric, so it is compared as that metric (in ${METRICS[name].unit}); rename it if its unit is ${unit || "something else"}`
        );
      }
      keepText(meta.extra, `range.${name}`, rangeText(own(entry, "range"), unit, name, line, badRange));
      const extra = own(entry, "extra");
      keepText(
        meta.extra,
        `extra.${name}`,
        typeof extra === "string" && extra !== "" ? extra.slice(0, MAX_TEXT5) : void 0
      );
      ignoredKeys += Object.keys(entry).filter((k) => !ENTRY_KEYS.has(k)).length;
    },
    onError: (message, line) => {
      structural ??= `line ${line}: ${message}`;
    }
  };
  splitter.push(text, handlers);
  splitter.end(handlers);
  if (splitter.shape !== "array") {
    throw new InputError(
      source.name,
      `${LABEL3}: expected a JSON array of {"name", "unit", "value"} entries${structural ? ` (${structural})` : ""}`
    );
  }
  if (structural) {
    if (read === 0) throw new InputError(source.name, `${LABEL3}: ${structural}`);
    warnings.unshift(`${structural}; nothing after it was read`);
  }
  const first = issues.kept[0];
  if (summaries.length === 0) {
    throw new InputError(
      source.name,
      first ? `${LABEL3}: ${first.message} (no usable entry: ${skipped} of ${read} rejected, this is the first)` : `${LABEL3}: the array has no entries`,
      first?.line,
      first?.field
    );
  }
  if (skipped / read > options.maxBadLineRatio) {
    throw new InputError(
      source.name,
      `${LABEL3}: ${first ? `${first.message} — ` : ""}${skipped} of ${read} entries are bad, more than the ${Number((options.maxBadLineRatio * 100).toPrecision(3))}% allowed (max-bad-lines); this is the first`,
      first?.line,
      first?.field
    );
  }
  warnings.push(...noUnit.warning(), ...badRange.warning());
  if (ignoredKeys > 0)
    warnings.push(`${ignoredKeys} key(s) other than name, unit, value, range and extra were ignored`);
  warnings.push(
    "the file does not say whether bigger or smaller is better (that is the action's tool input): entries whose unit is a rate are read as bigger-is-better, all others as smaller-is-better"
  );
  return [
    {
      meta,
      summaries,
      sources: [
        {
          file: source.name,
          format: GITHUB_ACTION_BENCHMARK_FORMAT,
          recordsRead: read,
          recordsKept: summaries.length,
          skipped,
          issues: issues.kept,
          warnings
        }
      ],
      role: "summary"
    }
  ];
}
function directionOfUnit(unit) {
  const u = unit.trim().toLowerCase();
  if (/\/\s*(ns|us|µs|ms|s|sec|secs|second|seconds|min|mins|minute|minutes|h|hr|hour|hours)$/.test(u))
    return "higher-is-better";
  if (/\bper\s+(s|sec|second|min|minute|h|hour)\b/.test(u)) return "higher-is-better";
  if (/ops$/.test(u) || /\b(throughput|[kmg]?hz|qps|rps|tps|fps|iops)\b/.test(u)) return "higher-is-better";
  return "lower-is-better";
}
function withDirection(run, direction) {
  if (!run.sources.some((s) => s.format === GITHUB_ACTION_BENCHMARK_FORMAT)) return run;
  return { ...run, summaries: run.summaries.map((s) => s.stat === "value" ? { ...s, direction } : s) };
}
function parseRange(raw) {
  if (typeof raw === "number") return Number.isFinite(raw) ? { absolute: Math.abs(raw) } : void 0;
  if (typeof raw !== "string") return void 0;
  const match = /^(?:±|\+\/-|\+-)?\s*([0-9]*\.?[0-9]+(?:[eE][+-]?\d+)?)\s*(%?)\s*([a-zA-Zµ/]*)$/.exec(raw.trim());
  if (!match) return void 0;
  const n = Number(match[1]);
  if (!Number.isFinite(n)) return void 0;
  if (match[2] === "%") return { relative: n / 100 };
  return match[3] ? { absolute: n, unit: match[3] } : { absolute: n };
}
function rangeText(raw, unit, name, line, bad) {
  if (raw === void 0 || raw === null || raw === "") return void 0;
  const range = parseRange(raw);
  if (!range) {
    bad.add(line, `${name}: ${JSON.stringify(raw)?.slice(0, 40)}`);
    return void 0;
  }
  if (range.relative !== void 0) return `±${Number((range.relative * 100).toPrecision(12))}%`;
  const rangeUnit = range.unit ?? unit;
  return `±${range.absolute}${rangeUnit ? ` ${rangeUnit}` : ""}`;
}
function keepText(extra, key, text) {
  if (text === void 0 || Object.keys(extra).length >= MAX_EXTRA_KEYS) return;
  extra[key] = text;
}
var Examples = class {
  constructor(problem2) {
    this.problem = problem2;
  }
  problem;
  count = 0;
  first = [];
  add(line, what) {
    if (++this.count <= 3) this.first.push(`line ${line}: ${what.slice(0, 80)}`);
  }
  warning() {
    return this.count === 0 ? [] : [
      `${this.count} ${this.count === 1 ? "entry has" : "entries have"} ${this.problem} (${this.first.join("; ")}${this.count > 3 ? "; …" : ""})`
    ];
  }
};

// src/ingest/digest/digest.ts
var BASELINE_SCHEMA = "perf-triage/baseline@1";
var DIGEST_MAX_ROWS = 5e3;
var DIGITS = 6;
var KEPT_TEXT = ["error", "model_version", "tenant"];
function digestSide(side2, benchmark, createdAt, extra = {}) {
  return { schema: BASELINE_SCHEMA, benchmark, createdAt, ...extra, runs: side2.runs.map(digestRun) };
}
function round(v) {
  return Number.isFinite(v) ? Number(v.toPrecision(DIGITS)) : null;
}
function digestRun(run) {
  const out = {
    meta: run.meta,
    summaries: run.summaries,
    sources: run.sources.map((s) => ({ file: s.file, format: s.format })),
    ...run.histograms?.length ? { histograms: run.histograms } : {},
    ...run.server ? { server: run.server } : {},
    ...run.workload ? { workload: run.workload } : {}
  };
  const t = run.requests;
  if (!t) return out;
  const rows = sampleRows(t.length, DIGEST_MAX_ROWS);
  const columns2 = {};
  for (const field of NUMERIC_FIELDS) {
    const values = t.numbers[field];
    if (values)
      columns2[field] = Array.from(rows, (i) => field === "arrival_ts" ? arrivalRound(values[i]) : round(values[i]));
  }
  const text = {};
  for (const field of KEPT_TEXT) {
    const column = t.text[field];
    if (column) text[field] = Array.from(rows, (i) => textAt(column, i) ?? null);
  }
  out.requests = {
    total: Math.round(t.length * (t.rowWeight ?? 1)),
    kept: rows.length,
    orderedByArrival: t.orderedByArrival,
    columns: columns2,
    text
  };
  return out;
}
function arrivalRound(v) {
  return Number.isFinite(v) ? Math.round(v * 1e6) / 1e6 : null;
}
function sampleRows(n, max) {
  if (n <= max) return Uint32Array.from({ length: n }, (_, i) => i);
  return Uint32Array.from({ length: max }, (_, k) => Math.round(k * (n - 1) / (max - 1)));
}
function sideFromDigest(digest, file) {
  return { label: "base", runs: digest.runs.map((r, i) => runFromDigest(r, `${file}#run${i + 1}`)) };
}
function runFromDigest(d, name) {
  const warnings = [];
  let requests;
  if (d.requests) {
    const r = d.requests;
    const numbers = {};
    for (const [field, values] of Object.entries(r.columns)) {
      numbers[field] = Float64Array.from(values, (v) => v === null ? NaN : v);
    }
    const text = {};
    for (const [field, values] of Object.entries(r.text)) {
      if (!TEXT_FIELDS.includes(field)) continue;
      text[field] = encode(values);
    }
    requests = {
      length: r.kept,
      numbers,
      text,
      extraNumbers: /* @__PURE__ */ new Map(),
      extraText: /* @__PURE__ */ new Map(),
      sourceLine: Uint32Array.from({ length: r.kept }, (_, i) => i + 1),
      orderedByArrival: r.orderedByArrival,
      ...r.kept < r.total ? { rowWeight: r.total / r.kept } : {}
    };
    if (r.kept < r.total)
      warnings.push(
        `baseline digest: an evenly spaced sample of ${r.kept} of the run's ${r.total} requests (intervals are wider than from the full run)`
      );
  }
  return {
    meta: d.meta,
    ...requests ? { requests } : {},
    summaries: d.summaries,
    ...d.histograms ? { histograms: d.histograms } : {},
    ...d.server ? { server: d.server } : {},
    ...d.workload ? { workload: d.workload } : {},
    sources: [
      {
        file: name,
        format: `perf-triage-baseline (${d.sources.map((s) => s.format).join(", ")})`,
        recordsRead: requests?.length ?? 0,
        recordsKept: requests?.length ?? 0,
        skipped: 0,
        issues: [],
        warnings
      }
    ],
    role: requests ? "requests" : "summary"
  };
}
function encode(values) {
  const column = new TextColumnBuilder(values.length);
  values.forEach((v, row) => v !== null && column.set(row, v));
  return column.finish(values.length);
}

// src/ingest/digest/digest-parse.ts
function parseDigest(text, file) {
  let value4;
  try {
    value4 = JSON.parse(text);
  } catch (error) {
    throw new InputError(file, `baseline digest: not valid JSON: ${error.message}`);
  }
  const d = object(value4, file, "the file");
  if (d.schema !== BASELINE_SCHEMA) {
    throw new InputError(
      file,
      `baseline digest: schema is ${JSON.stringify(d.schema)}, expected "${BASELINE_SCHEMA}"${typeof d.schema === "string" && d.schema.startsWith("perf-triage/baseline@") ? " (update perf-triage to read newer baselines)" : ""}`
    );
  }
  if (typeof d.benchmark !== "string" || typeof d.createdAt !== "string")
    throw new InputError(file, 'baseline digest: "benchmark" and "createdAt" must be strings');
  if (!Array.isArray(d.runs) || d.runs.length === 0)
    throw new InputError(file, 'baseline digest: "runs" must be a non-empty list');
  d.runs.forEach((r, i) => checkRun(r, file, `runs[${i}]`));
  return d;
}
function checkRun(value4, file, where) {
  const r = object(value4, file, where);
  object(r.meta, file, `${where}.meta`);
  object(r.meta.config, file, `${where}.meta.config`);
  if (!Array.isArray(r.summaries)) throw new InputError(file, `baseline digest: ${where}.summaries must be a list`);
  for (const s of r.summaries) {
    if (typeof s?.metric !== "string" || typeof s?.stat !== "string" || typeof s?.value !== "number" || !Number.isFinite(s.value)) {
      throw new InputError(
        file,
        `baseline digest: ${where}.summaries holds an entry without metric, stat and a finite value`
      );
    }
  }
  if (r.requests === void 0) return;
  const q = object(r.requests, file, `${where}.requests`);
  const kept = q.kept;
  if (typeof kept !== "number" || !Number.isInteger(kept) || kept < 0)
    throw new InputError(file, `baseline digest: ${where}.requests.kept must be a whole number`);
  const columns2 = object(q.columns, file, `${where}.requests.columns`);
  for (const [field, values] of Object.entries(columns2)) {
    if (!NUMERIC_FIELDS.includes(field))
      throw new InputError(file, `baseline digest: ${where}.requests.columns has an unknown field "${field}"`);
    if (!Array.isArray(values) || values.length !== kept || values.some((v) => v !== null && (typeof v !== "number" || !Number.isFinite(v)))) {
      throw new InputError(
        file,
        `baseline digest: ${where}.requests.columns.${field} must be ${kept} finite numbers or nulls`
      );
    }
  }
  const text = object(q.text ?? {}, file, `${where}.requests.text`);
  for (const [field, values] of Object.entries(text)) {
    if (!TEXT_FIELDS.includes(field) || !Array.isArray(values) || values.length !== kept || values.some((v) => v !== null && typeof v !== "string")) {
      throw new InputError(file, `baseline digest: ${where}.requests.text.${field} must be ${kept} strings or nulls`);
    }
  }
}
function object(value4, file, where) {
  if (value4 === null || typeof value4 !== "object" || Array.isArray(value4))
    throw new InputError(file, `baseline digest: ${where} must be an object`);
  return value4;
}

// src/ingest/formats/baseline-digest.ts
var baselineDigestAdapter = {
  id: "perf-triage-baseline",
  label: "perf-triage baseline digest",
  writtenBy: "perf-triage when it records a result in the journal (docs/journal.md)",
  detect: (head) => /^\s*\{\s*"schema"\s*:\s*"perf-triage\/baseline@\d+"/.test(head.replace(/^\ufeff/, "")) ? { match: true, reason: `"schema": "${BASELINE_SCHEMA}"`, specificity: 3 } : { match: false, reason: `no "schema": "${BASELINE_SCHEMA}" first` },
  read: async (source) => {
    const text = await readDocument(source, "baseline digest");
    return sideFromDigest(parseDigest(text.replace(/^\ufeff/, ""), source.name), source.name).runs;
  }
};

// src/ingest/ingest.ts
var native = {
  id: "native",
  label: "per-request phase telemetry (§4)",
  writtenBy: "your server or API layer: one record per request (docs/native-format.md)",
  detect: (head) => {
    const layout = detectNativeLayout(head);
    return layout.ok ? { match: true, reason: `native ${layout.value}`, specificity: 0 } : { match: false, reason: layout.error };
  },
  expects: "per-request records with first_token_ms and total_ms (docs/native-format.md)",
  read: async (source, options) => [await ingestNative(source, options)]
};
var ADAPTERS = [
  aiperfAdapter,
  genaiPerfAdapter,
  vllmAdapter,
  sglangAdapter,
  llmperfAdapter,
  guidellmAdapter,
  prometheusAdapter,
  otelAdapter,
  githubActionBenchmarkAdapter,
  baselineDigestAdapter,
  native
];
var FORMAT_IDS = ADAPTERS.map((a) => a.id);
var ALIASES2 = {
  customSmallerIsBetter: { id: "github-action-benchmark", direction: "lower-is-better" },
  customBiggerIsBetter: { id: "github-action-benchmark", direction: "higher-is-better" }
};
async function ingestRuns(source, options, formatId) {
  if (formatId && Object.hasOwn(ALIASES2, formatId)) {
    const alias = ALIASES2[formatId];
    return (await githubActionBenchmarkAdapter.read(source, options)).map((r) => withDirection(r, alias.direction));
  }
  if (formatId && formatId !== "auto") {
    const adapter2 = ADAPTERS.find((a) => a.id === formatId);
    if (!adapter2)
      throw new InputError(
        source.name,
        `unknown format "${formatId}": expected auto or one of ${[...FORMAT_IDS, ...Object.keys(ALIASES2)].join(", ")}`
      );
    return usable(adapter2, await adapter2.read(source, options), source.name);
  }
  const adapter = detectFormat(source);
  return usable(adapter, await adapter.read(source, options), source.name);
}
function detectFormat(source) {
  let best;
  for (const adapter of ADAPTERS) {
    const detection = adapter.detect(source.head, source.name);
    if (detection.match) {
      const specificity = detection.specificity ?? 2;
      if (!best || specificity > best.specificity) best = { adapter, specificity };
    }
  }
  if (best) return best.adapter;
  if (source.head.replace(/^\ufeff/, "").trim() === "") throw new InputError(source.name, "the file is empty");
  throw new InputError(source.name, unreadableMessage(source.head, FORMAT_IDS));
}
function usable(adapter, runs, file) {
  const empty = (r) => !r.requests?.length && r.summaries.length === 0 && !r.histograms?.length && !r.server;
  if (runs.length > 0 && !runs.every(empty)) {
    for (const run of runs.filter(empty))
      run.sources[0]?.warnings.push(
        "this run has no metric perf-triage can compare (no per-request rows, statistics or histograms)"
      );
    return runs;
  }
  const leftOut = runs.flatMap((r) => r.sources.flatMap((s) => s.warnings)).slice(0, 3);
  const expected = adapter.expects ? `; a ${adapter.label} has ${adapter.expects}` : "";
  throw new InputError(
    file,
    `read as ${adapter.label} (${adapter.id}), but it has no usable metric${expected}${leftOut.length ? `; left out: ${leftOut.join("; ")}` : ""}`
  );
}
async function ingest(source, options, formatId) {
  const runs = await ingestRuns(source, options, formatId);
  if (runs.length !== 1) throw new InputError(source.name, `holds ${runs.length} runs where one was expected`);
  return runs[0];
}

// src/model/merge.ts
function groupRuns(runs) {
  const byRole = /* @__PURE__ */ new Map();
  for (const run of runs) {
    const role = run.role ?? (run.requests ? "requests" : "summary");
    const list = byRole.get(role) ?? [];
    list.push(run);
    byRole.set(role, list);
  }
  if (byRole.size <= 1) return ok(runs);
  const counts = [...byRole.values()].map((list) => list.length);
  const repeats = Math.max(...counts);
  const ordered = [...byRole.entries()].map(([role, list]) => [role, orderByRepeat(list)]);
  if (counts.some((c) => c !== repeats)) {
    const description = ordered.map(([role, list]) => `${list.length} ${role}`).join(", ");
    return err(
      `these files describe ${description} runs: a side needs the same number of each kind (one per repeat) to know which belong together; name them run=0, run=1, … or give one of each`
    );
  }
  const merged = [];
  for (let i = 0; i < repeats; i++) {
    const parts2 = ordered.map(([, list]) => list[i]);
    const labels = new Set(parts2.map((p) => p.repeat).filter(Boolean));
    if (labels.size > 1)
      return err(`files paired as one run carry different repeat labels (${[...labels].join(", ")})`);
    const withRequests = parts2.filter((p) => p.requests);
    if (withRequests.length > 1) {
      return err(
        `${withRequests.map((p) => p.sources[0]?.file).join(" and ")} both hold per-request records for one run; give one per-request file per run`
      );
    }
    merged.push(mergeParts(parts2));
  }
  return ok(merged);
}
function orderByRepeat(list) {
  const labelled = list.every((r) => r.repeat !== void 0);
  if (!labelled) return list;
  return [...list].sort((a, b) => compareLabels(a.repeat, b.repeat));
}
function compareLabels(a, b) {
  const na = Number(/(\d+)\s*$/.exec(a)?.[1]);
  const nb = Number(/(\d+)\s*$/.exec(b)?.[1]);
  if (Number.isFinite(na) && Number.isFinite(nb) && na !== nb) return na - nb;
  return a < b ? -1 : a > b ? 1 : 0;
}
function mergeParts(parts2) {
  const first = parts2[0];
  const config = Object.assign({}, ...parts2.map((p) => p.meta.config).reverse());
  const extra = Object.assign({}, ...parts2.map((p) => p.meta.extra).reverse());
  const pick = (key) => parts2.map((p) => p.meta[key]).find((v) => v !== void 0);
  const requests = parts2.find((p) => p.requests)?.requests;
  return {
    meta: {
      config,
      extra,
      benchmark: pick("benchmark"),
      commit: pick("commit"),
      hardware: pick("hardware"),
      model: pick("model"),
      workload: pick("workload")
    },
    ...requests ? { requests } : {},
    // The client tool's statistics first: a metric is read from the first summary that has it, and a
    // scrape's histogram mean of TTFT is the server's, not the client-measured TTFT the tool reports.
    summaries: [
      ...parts2.filter((p) => p.role !== "server-metrics"),
      ...parts2.filter((p) => p.role === "server-metrics")
    ].flatMap((p) => p.summaries),
    sources: parts2.flatMap((p) => p.sources),
    histograms: parts2.flatMap((p) => p.histograms ?? []),
    server: mergeObjects(parts2.map((p) => p.server)),
    workload: mergeObjects(parts2.map((p) => p.workload)),
    role: requests ? "requests" : first.role,
    repeat: parts2.map((p) => p.repeat).find((r) => r !== void 0)
  };
}
function mergeObjects(items) {
  const present = items.filter((x) => x !== void 0);
  if (present.length === 0) return void 0;
  const out = {};
  for (const item of present) {
    for (const [key, value4] of Object.entries(item)) {
      if (value4 !== void 0 && !(key in out)) out[key] = value4;
    }
  }
  return out;
}

// src/model/pool.ts
function sideTables(side2) {
  return side2.runs.flatMap((r) => r.requests ? [r.requests] : []);
}
function pooledTable(side2) {
  const tables = sideTables(side2);
  if (tables.length <= 1) return tables[0];
  const length = tables.reduce((s, t) => s + t.length, 0);
  const numbers = {};
  const numericFields = new Set(tables.flatMap((t) => Object.keys(t.numbers)));
  for (const field of numericFields)
    numbers[field] = concatNumbers(
      tables.map((t) => [t.length, t.numbers[field]]),
      length
    );
  const text = {};
  const textFields = new Set(tables.flatMap((t) => Object.keys(t.text)));
  for (const field of textFields)
    text[field] = concatText(
      tables.map((t) => [t.length, t.text[field]]),
      length
    );
  const extraNumbers = /* @__PURE__ */ new Map();
  for (const name of new Set(tables.flatMap((t) => [...t.extraNumbers.keys()]))) {
    extraNumbers.set(
      name,
      concatNumbers(
        tables.map((t) => [t.length, t.extraNumbers.get(name)]),
        length
      )
    );
  }
  const extraText = /* @__PURE__ */ new Map();
  for (const name of new Set(tables.flatMap((t) => [...t.extraText.keys()]))) {
    extraText.set(
      name,
      concatText(
        tables.map((t) => [t.length, t.extraText.get(name)]),
        length
      )
    );
  }
  const sourceLine = new Uint32Array(length);
  let offset = 0;
  for (const t of tables) {
    sourceLine.set(t.sourceLine, offset);
    offset += t.length;
  }
  const tokenGaps = tables.every((t) => t.tokenGaps) ? concatGaps(tables) : void 0;
  return {
    length,
    numbers,
    text,
    extraNumbers,
    extraText,
    sourceLine,
    orderedByArrival: false,
    ...tokenGaps ? { tokenGaps } : {}
  };
}
function concatNumbers(parts2, length) {
  const out = new Float64Array(length).fill(NaN);
  let offset = 0;
  for (const [n, values] of parts2) {
    if (values) out.set(values, offset);
    offset += n;
  }
  return out;
}
function concatText(parts2, length) {
  const codes = new Int32Array(length).fill(-1);
  const dictionary = [];
  const index = /* @__PURE__ */ new Map();
  let offset = 0;
  for (const [n, column] of parts2) {
    if (column) {
      const remap = column.dictionary.map((word2) => {
        let code2 = index.get(word2);
        if (code2 === void 0) {
          code2 = dictionary.length;
          dictionary.push(word2);
          index.set(word2, code2);
        }
        return code2;
      });
      for (let i = 0; i < n; i++) codes[offset + i] = column.codes[i] < 0 ? -1 : remap[column.codes[i]];
    }
    offset += n;
  }
  return { codes, dictionary };
}
function concatGaps(tables) {
  const length = tables.reduce((s, t) => s + t.length, 0);
  const offsets = new Uint32Array(length + 1);
  const values = new Float64Array(tables.reduce((s, t) => s + t.tokenGaps.values.length, 0));
  let row = 0;
  let at = 0;
  for (const t of tables) {
    const gaps = t.tokenGaps;
    values.set(gaps.values, at);
    for (let i = 0; i < t.length; i++) offsets[row + i + 1] = at + gaps.offsets[i + 1];
    row += t.length;
    at += gaps.values.length;
  }
  return { offsets, values };
}

// src/model/shards.ts
function parseShard(text) {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!match) return 'is not of the form "2/4"';
  const index = Number(match[1]);
  const count3 = Number(match[2]);
  return index >= 1 && index <= count3 ? { index, count: count3 } : `the shard number must be between 1 and ${count3}`;
}
function shardOf(run) {
  const shard = parseShard(run.meta.extra.shard ?? "");
  return typeof shard === "string" ? void 0 : shard;
}
function markShard(runs, shard) {
  if (!shard) return [...runs];
  return runs.map((r) => ({
    ...r,
    meta: { ...r.meta, extra: { ...r.meta.extra, shard: `${shard.index}/${shard.count}` } }
  }));
}
function mergeShards(runs) {
  const groups = /* @__PURE__ */ new Map();
  const out = [];
  for (const run of runs) {
    const shard = shardOf(run);
    if (!shard) {
      if (run.meta.extra.shard !== void 0)
        return err(
          `${run.sources[0]?.file ?? "a file"}: shard "${run.meta.extra.shard}" ${parseShard(run.meta.extra.shard)}`
        );
      out.push(run);
      continue;
    }
    const key = `${run.meta.benchmark ?? ""}\0${run.repeat ?? ""}\0${shard.count}`;
    groups.set(key, [...groups.get(key) ?? [], run]);
  }
  for (const group of groups.values()) {
    const merged = mergeGroup(group);
    if (!merged.ok) return merged;
    out.push(merged.value);
  }
  return ok(out);
}
function mergeGroup(group) {
  const count3 = shardOf(group[0]).count;
  const name = group[0].meta.benchmark ?? "benchmark";
  const indexes = group.map((r) => shardOf(r).index).sort((a, b) => a - b);
  const missing = Array.from({ length: count3 }, (_, i) => i + 1).filter((i) => !indexes.includes(i));
  const repeated = indexes.filter((v, i) => indexes[i - 1] === v);
  if (missing.length || repeated.length) {
    return err(
      `"${name}" is split in ${count3} shards, but ${missing.length ? `shard ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} missing` : ""}${missing.length && repeated.length ? " and " : ""}${repeated.length ? `shard ${[...new Set(repeated)].join(", ")} came more than once` : ""}`
    );
  }
  if (group.some((r) => !r.requests))
    return err(
      `"${name}": shards must carry per-request records to be merged (${group.filter((r) => !r.requests).map((r) => r.sources[0]?.file).join(", ")} has none)`
    );
  const ordered = [...group].sort((a, b) => shardOf(a).index - shardOf(b).index);
  const weight = Math.max(...ordered.map((r) => r.requests.rowWeight ?? 1));
  const thinned = ordered.map((r) => ({ ...r, requests: thin(r.requests, weight) }));
  const pooled = pooledTable({ label: "head", runs: thinned });
  const table2 = byArrival(pooled, weight);
  const notes2 = [
    `merged from ${count3} shards (${ordered.map((r) => r.sources[0]?.file ?? "?").join(", ")}); the tools' summaries of each shard are not combined`
  ];
  if (ordered.some((r) => (r.requests.rowWeight ?? 1) !== weight))
    notes2.push(`shards sampled at different rates were thinned to one row per ${weight.toFixed(2)} requests`);
  const first = ordered[0];
  const { shard: _shard, ...extra } = first.meta.extra;
  return ok({
    meta: { ...first.meta, extra },
    requests: table2,
    summaries: [],
    sources: ordered.flatMap(
      (r, i) => r.sources.map((s) => i === 0 ? { ...s, warnings: [...s.warnings, ...notes2] } : s)
    ),
    role: "requests",
    ...first.repeat !== void 0 ? { repeat: first.repeat } : {}
  });
}
function thin(table2, weight) {
  const own2 = table2.rowWeight ?? 1;
  if (own2 >= weight) return table2;
  const keep = Math.max(1, Math.round(table2.length * own2 / weight));
  const order = Uint32Array.from(
    { length: keep },
    (_, k) => keep === 1 ? 0 : Math.round(k * (table2.length - 1) / (keep - 1))
  );
  return permute(table2, order, weight);
}
function byArrival(table2, weight) {
  const arrival = table2.numbers.arrival_ts;
  if (!arrival) return { ...table2, ...weight > 1 ? { rowWeight: weight } : {} };
  const order = Uint32Array.from({ length: table2.length }, (_, i) => i).sort((a, b) => {
    const x = arrival[a];
    const y = arrival[b];
    if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) ? Number.isNaN(y) ? a - b : 1 : -1;
    return x - y || a - b;
  });
  return { ...permute(table2, order, weight), orderedByArrival: true };
}
function permute(table2, order, weight) {
  const numbers = {};
  for (const [field, values] of Object.entries(table2.numbers))
    numbers[field] = permuteNumbers(values, order);
  const text = {};
  for (const [field, column] of Object.entries(table2.text))
    text[field] = permuteText(column, order);
  const extraNumbers = new Map([...table2.extraNumbers].map(([k, v]) => [k, permuteNumbers(v, order)]));
  const extraText = new Map([...table2.extraText].map(([k, v]) => [k, permuteText(v, order)]));
  const sourceLine = Uint32Array.from(order, (i) => table2.sourceLine[i]);
  let tokenGaps;
  if (table2.tokenGaps) {
    const { offsets, values } = table2.tokenGaps;
    const newOffsets = new Uint32Array(order.length + 1);
    for (let k = 0; k < order.length; k++)
      newOffsets[k + 1] = newOffsets[k] + (offsets[order[k] + 1] - offsets[order[k]]);
    const newValues = new Float64Array(newOffsets[order.length]);
    for (let k = 0; k < order.length; k++)
      newValues.set(values.subarray(offsets[order[k]], offsets[order[k] + 1]), newOffsets[k]);
    tokenGaps = { offsets: newOffsets, values: newValues };
  }
  return {
    length: order.length,
    numbers,
    text,
    extraNumbers,
    extraText,
    sourceLine,
    orderedByArrival: table2.orderedByArrival,
    ...tokenGaps ? { tokenGaps } : {},
    ...weight > 1 ? { rowWeight: weight } : {}
  };
}

// src/model/scrape-pairs.ts
var WORDS2 = [
  ["before", "after"],
  ["start", "end"],
  ["pre", "post"]
];
function word(w) {
  return new RegExp(`(?<![a-z])${w}(?![a-z])`, "i");
}
function swap(name, from, to) {
  const pattern = word(from);
  if (!pattern.test(name)) return void 0;
  return name.replace(
    pattern,
    (m) => m === m.toUpperCase() ? to.toUpperCase() : m[0] === m[0].toUpperCase() ? to[0].toUpperCase() + to.slice(1) : to
  );
}
function pairScrapes(runs, subtract2) {
  const byName = new Map(
    runs.filter((r) => r.role === "server-metrics").map((r) => [r.sources[0]?.file ?? "", r])
  );
  const pairedAfter = /* @__PURE__ */ new Set();
  const pairs = /* @__PURE__ */ new Map();
  for (const [name, run] of byName) {
    for (const [from, to] of WORDS2) {
      const partner = byName.get(swap(name, from, to) ?? "");
      if (partner && partner !== run && !pairedAfter.has(partner)) {
        pairs.set(run, partner);
        pairedAfter.add(partner);
        break;
      }
    }
  }
  return runs.flatMap((run) => {
    if (pairedAfter.has(run)) return [];
    const after = pairs.get(run);
    return [after ? subtract2(run, after) : run];
  });
}

// src/ingest/formats/prometheus-diff.ts
var COUNTERS = [
  "prefixCacheHits",
  "prefixCacheQueries",
  "preemptions"
];
var GAUGES = ["running", "waiting", "kvCacheUsage"];
function diffScrapes(before, after) {
  const file = after.sources[0]?.file ?? "after";
  const beforeFile = before.sources[0]?.file ?? "before";
  for (const [run2, name] of [
    [before, beforeFile],
    [after, file]
  ]) {
    if (run2.role !== "server-metrics" || run2.sources[0]?.format !== PROMETHEUS_FORMAT) {
      throw new InputError(
        name,
        `diffScrapes: expected a run read from a Prometheus scrape, got ${run2.sources[0]?.format ?? "a run without sources"}`
      );
    }
  }
  const startBefore = extraNumber(before, "process_start_time_seconds");
  const startAfter = extraNumber(after, "process_start_time_seconds");
  if (startBefore !== void 0 && startAfter !== void 0 && startBefore !== startAfter) {
    throw new InputError(
      file,
      `Prometheus scrape: the server restarted between the scrapes (process_start_time_seconds ${startBefore} in ${beforeFile}, ${startAfter} here): its counters started again from zero`
    );
  }
  const warnings = [`difference of two scrapes: ${beforeFile} subtracted; gauges are this scrape's readings`];
  const reset = (what, detail) => new InputError(
    file,
    `Prometheus scrape: ${what} went down since ${beforeFile} (${detail}): the counters were reset (server restarted?), so the scrapes cannot be subtracted`
  );
  const histograms = [];
  for (const h of after.histograms ?? []) {
    const earlier = before.histograms?.find((b) => b.metric === h.metric);
    if (!earlier) {
      warnings.push(`${h.source}: not in ${beforeFile}; taken as zero there`);
      histograms.push(h);
      continue;
    }
    try {
      histograms.push(subtractHistograms(h, earlier));
    } catch (error) {
      if (error instanceof RangeError) throw new InputError(file, `Prometheus scrape: ${error.message}`);
      throw error;
    }
  }
  for (const b of before.histograms ?? []) {
    if (!after.histograms?.some((h) => h.metric === b.metric))
      warnings.push(`${b.source}: in ${beforeFile} but not in this scrape; left out`);
  }
  const server = {};
  for (const key of COUNTERS) {
    const a = after.server?.[key];
    if (a === void 0) continue;
    const b = before.server?.[key] ?? 0;
    if (a < b) throw reset(key, `${b} → ${a}`);
    server[key] = a - b;
  }
  for (const key of GAUGES) {
    const a = after.server?.[key];
    if (a !== void 0) server[key] = a;
  }
  const requests = counterDifference(
    after.workload?.requests,
    before.workload?.requests,
    "vllm:request_success_total",
    reset
  );
  const failed2 = counterDifference(
    after.workload?.failed,
    before.workload?.failed,
    "failed requests (finished_reason abort/error)",
    reset
  );
  const tokens = tokenDifference(tokensFromExtra(after.meta.extra), tokensFromExtra(before.meta.extra), reset);
  const meta = { ...after.meta, config: { ...after.meta.config }, extra: { ...after.meta.extra } };
  const run = runFromFacts(
    { histograms, server, requests, failed: failed2, tokens, meta, warnings: [] },
    { ...after.sources[0], warnings: [...warnings, ...after.sources[0].warnings] }
  );
  run.sources = [before.sources[0], ...run.sources];
  const t0 = extraNumber(before, "scrape_timestamp_ms");
  const t1 = extraNumber(after, "scrape_timestamp_ms");
  if (t0 !== void 0 && t1 !== void 0 && t1 > t0)
    run.workload = { ...run.workload, durationSeconds: (t1 - t0) / 1e3 };
  return run;
}
function counterDifference(a, b, what, reset) {
  if (a === void 0) return void 0;
  if (a < (b ?? 0)) throw reset(what, `${b} → ${a}`);
  return a - (b ?? 0);
}
function tokenDifference(after, before, reset) {
  const out = {};
  for (const key of ["promptSum", "promptCount", "generationSum", "generationCount"]) {
    const value4 = counterDifference(after[key], before[key], `token total ${key}`, reset);
    if (value4 !== void 0) out[key] = value4;
  }
  return out;
}
function extraNumber(run, key) {
  const text = Object.hasOwn(run.meta.extra, key) ? run.meta.extra[key] : void 0;
  const value4 = text === void 0 ? NaN : Number(text);
  return Number.isFinite(value4) ? value4 : void 0;
}

// src/ingest/side.ts
async function sideFromSources(label, sources, options) {
  const runs = [];
  for (const source of sources) runs.push(...await ingestRuns(source, options, options.format));
  const sharded = mergeShards(runs);
  if (!sharded.ok) throw new InputError(sources.map((s) => s.name).join(", "), sharded.error);
  const grouped2 = groupRuns(pairScrapes(sharded.value, diffScrapes));
  if (!grouped2.ok) throw new InputError(sources.map((s) => s.name).join(", "), grouped2.error);
  return { label, runs: grouped2.value };
}

// src/io/file-source.ts
import { open, stat } from "node:fs/promises";

// src/io/gzip-source.ts
import { createReadStream } from "node:fs";
import { createGunzip, gunzipSync } from "node:zlib";

// src/io/utf8-chunks.ts
import { isAscii } from "node:buffer";
import { StringDecoder } from "node:string_decoder";
async function* utf8Chunks(buffers) {
  const decoder = new StringDecoder("utf8");
  let pending = false;
  for await (const buffer of buffers) {
    if (!pending && isAscii(buffer)) {
      if (buffer.length > 0) yield buffer.toString("latin1");
      continue;
    }
    const text = decoder.write(buffer);
    pending = endsMidCharacter(buffer);
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}
function endsMidCharacter(bytes) {
  for (let i = bytes.length - 1, seen = 1; i >= 0 && seen <= 4; i--, seen++) {
    const c = bytes[i];
    if (c < 128) return false;
    if (c < 192) continue;
    const length = c >= 240 ? 4 : c >= 224 ? 3 : 2;
    return seen < length;
  }
  return bytes.length > 0;
}

// src/io/gzip-source.ts
var HEAD_CHARS = 16 * 1024;
var CHUNK_BYTES = 1024 * 1024;
var MAX_GUNZIP_BYTES = 256 * 1024 * 1024;
function isGzip(bytes) {
  return bytes.length >= 2 && bytes[0] === 31 && bytes[1] === 139;
}
async function gzipFileSource(path, name) {
  const bytes = async function* () {
    const stream = createReadStream(path, { highWaterMark: CHUNK_BYTES }).pipe(createGunzip());
    try {
      for await (const chunk of stream) yield chunk;
    } catch (error) {
      throw new InputError(name, `gzip: ${describeGzipError(error)}`);
    } finally {
      stream.destroy();
    }
  };
  const chunks = () => utf8Chunks(bytes());
  let head = "";
  for await (const chunk of chunks()) {
    head += chunk;
    if (head.length >= HEAD_CHARS) break;
  }
  if (head === "") throw new InputError(name, "gzip: the compressed file holds no text");
  return { name, head: head.slice(0, HEAD_CHARS), chunks, bytes };
}
function describeGzipError(error) {
  const code2 = error?.code;
  if (code2 === "ERR_BUFFER_TOO_LARGE") return `decompresses to more than ${MAX_GUNZIP_BYTES / 1024 / 1024} MB; refused`;
  if (code2 === "Z_BUF_ERROR") return "the compressed data ends early (a truncated file?)";
  if (code2 === "Z_DATA_ERROR") return "not valid gzip data after the header";
  return describeFsError(error);
}

// src/io/file-source.ts
var HEAD_BYTES = 16 * 1024;
var CHUNK_BYTES2 = 1024 * 1024;
async function fileSource(path, name = path) {
  let size;
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw new InputError(name, "is a directory, not a results file");
    size = info.size;
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(name, `cannot read: ${describeFsError(error)}`);
  }
  if (size === 0) throw new InputError(name, "the file is empty");
  let head;
  let gzipped = false;
  try {
    const handle = await open(path, "r");
    try {
      const buffer = Buffer.alloc(Math.min(HEAD_BYTES, size));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      if (isGzip(buffer.subarray(0, bytesRead))) gzipped = true;
      head = buffer.subarray(0, bytesRead).toString("utf8");
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw new InputError(name, `cannot read: ${describeFsError(error)}`);
  }
  if (gzipped) return gzipFileSource(path, name);
  return {
    name,
    head,
    size,
    async *bytes() {
      try {
        yield* readChunks(path, CHUNK_BYTES2);
      } catch (error) {
        throw new InputError(name, `read failed: ${describeFsError(error)}`);
      }
    },
    async *chunks() {
      try {
        yield* utf8Chunks(readChunks(path, CHUNK_BYTES2));
      } catch (error) {
        throw new InputError(name, `read failed: ${describeFsError(error)}`);
      }
    }
  };
}
async function* readChunks(path, size) {
  const handle = await open(path, "r");
  const buffers = [Buffer.allocUnsafe(size), Buffer.allocUnsafe(size)];
  let turn = 0;
  let pending = handle.read(buffers[0], 0, size, null);
  try {
    for (; ; ) {
      const { bytesRead } = await pending;
      pending = void 0;
      if (bytesRead === 0) return;
      const current = buffers[turn];
      turn ^= 1;
      pending = handle.read(buffers[turn], 0, size, null);
      yield current.subarray(0, bytesRead);
    }
  } finally {
    await pending?.catch(() => void 0);
    await handle.close();
  }
}
function describeFsError(error) {
  const code2 = error?.code;
  switch (code2) {
    case "ENOENT":
      return "no such file";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "EISDIR":
      return "is a directory";
    default:
      return error?.message ?? String(error);
  }
}

// src/io/progress.ts
function withProgress(source, bytes, progress) {
  return {
    name: source.name,
    head: source.head,
    async *chunks() {
      progress.start(source.name, bytes);
      try {
        for await (const chunk of source.chunks()) {
          progress.advance(chunk.length);
          yield chunk;
        }
      } finally {
        progress.done();
      }
    },
    ...source.bytes ? { bytes: () => counted(source.bytes()) } : {},
    ...source.size !== void 0 ? { size: source.size } : {}
  };
  async function* counted(chunks) {
    progress.start(source.name, bytes);
    try {
      for await (const chunk of chunks) {
        progress.advance(chunk.length);
        yield chunk;
      }
    } finally {
      progress.done();
    }
  }
}

// src/io/glob.ts
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, sep } from "node:path";
function expandPatterns(patterns, cwd = ".") {
  const files = [];
  const unmatched = [];
  for (const raw of patterns) {
    const pattern = raw.trim();
    if (!pattern) continue;
    if (!/[*?[]/.test(pattern)) {
      files.push(pattern);
      continue;
    }
    const matches = expand(pattern, cwd);
    if (matches.length === 0) unmatched.push(pattern);
    files.push(...matches);
  }
  return { files: [...new Set(files)], unmatched };
}
function expand(pattern, cwd) {
  const absolute = pattern.startsWith("/");
  const parts2 = pattern.split("/").filter((p, i) => p !== "" || i === 0);
  const root = absolute ? "/" : cwd;
  const segments = absolute ? parts2.slice(1) : parts2;
  const out = [];
  walk(root, segments, absolute ? "/" : "", out);
  return out.sort();
}
function walk(dir, segments, prefix, out) {
  if (segments.length === 0) return;
  const [head, ...rest] = segments;
  if (head === "**") {
    if (rest.length === 0) rest.push("*");
    walk(dir, rest, prefix, out);
    for (const entry of safeReaddir(dir)) {
      if (entry.startsWith(".")) continue;
      const full = join(dir, entry);
      if (isDir(full)) walk(full, segments, `${prefix}${entry}/`, out);
    }
    return;
  }
  if (!/[*?[]/.test(head)) {
    const full = join(dir, head);
    if (rest.length === 0) {
      if (existsSync(full) && !isDir(full)) out.push(`${prefix}${head}`);
    } else if (isDir(full)) walk(full, rest, `${prefix}${head}/`, out);
    return;
  }
  const matcher = segmentRegex(head);
  for (const entry of safeReaddir(dir)) {
    if (!matcher.test(entry)) continue;
    const full = join(dir, entry);
    if (rest.length === 0) {
      if (!isDir(full)) out.push(`${prefix}${entry}`);
    } else if (isDir(full)) walk(full, rest, `${prefix}${entry}/`, out);
  }
}
function segmentRegex(segment) {
  let source = "";
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i];
    if (c === "*") source += `[^/${sep === "/" ? "" : "\\\\"}]*`;
    else if (c === "?") source += "[^/]";
    else if (c === "[") {
      const close = segment.indexOf("]", i + 1);
      if (close === -1) source += "\\[";
      else {
        source += `[${segment.slice(i + 1, close).replace(/^!/, "^").replace(/\\/g, "\\\\")}]`;
        i = close;
      }
    } else source += c.replace(/[.+^${}()|\\]/g, "\\$&");
  }
  return new RegExp(`^${segment.startsWith(".") ? "" : "(?!\\.)"}${source}$`);
}
function safeReaddir(dir) {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
function isDir(path) {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

// src/io/load-side.ts
async function loadSide(label, patterns, options) {
  const { files, unmatched } = expandPatterns(patterns, options.cwd);
  if (unmatched.length)
    throw new InputError(unmatched[0], `no file matches this pattern (${label === "base" ? "baseline" : "results"})`);
  if (files.length === 0) throw new InputError(label === "base" ? "baseline" : "results", "no files given");
  const sources = [];
  for (const file of files) {
    const path = resolve(options.cwd ?? ".", file);
    const source = await fileSource(path, file);
    sources.push(options.progress ? withProgress(source, (await stat2(path)).size, options.progress) : source);
  }
  return sideFromSources(label, sources, options);
}

// src/io/load-profiles.ts
import { resolve as resolve2 } from "node:path";

// src/ingest/profile/cells.ts
var PLAIN = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
var GROUPED = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
function numberCell(text) {
  const t = text.trim();
  if (t === "" || t === "-" || t === "--" || /^n\/?a$/i.test(t)) return null;
  let body = t;
  if (GROUPED.test(t)) body = t.replace(/,/g, "");
  else if (!PLAIN.test(t)) return NaN;
  const value4 = Number(body);
  return Number.isFinite(value4) ? value4 : NaN;
}
function numberValue(value4) {
  if (typeof value4 === "number") return Number.isFinite(value4) ? value4 : NaN;
  if (typeof value4 === "string") return numberCell(value4);
  if (value4 === null || value4 === void 0) return null;
  return NaN;
}
var TIME_UNITS_MS = {
  ns: 1e-6,
  nsec: 1e-6,
  nsecond: 1e-6,
  nanosecond: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  usec: 1e-3,
  usecond: 1e-3,
  microsecond: 1e-3,
  ms: 1,
  msec: 1,
  msecond: 1,
  millisecond: 1,
  s: 1e3,
  sec: 1e3,
  second: 1e3
};
function msPerUnit(unit) {
  const u = unit.trim().toLowerCase();
  if (Object.hasOwn(TIME_UNITS_MS, u)) return TIME_UNITS_MS[u];
  const singular = u.endsWith("s") ? u.slice(0, -1) : "";
  return singular.length > 2 && Object.hasOwn(TIME_UNITS_MS, singular) ? TIME_UNITS_MS[singular] : void 0;
}
function splitUnit(header) {
  const m = /^(.*?)\s*\(([^()]*)\)\s*$/.exec(header.trim());
  return m ? { base: m[1].trim(), unit: m[2].trim() } : { base: header.trim(), unit: "" };
}

// src/ingest/profile/csv-table.ts
var MAX_CSV_CHARS = 256 * 1024 * 1024;
async function readCsvTables(source, format, isHeader) {
  const parser = new CsvParser({ delimiter: guessDelimiter(source.head) });
  const tables = [];
  let titles = [];
  let current;
  let size = 0;
  const onRow = (raw, line) => {
    const cells = raw.map((c) => c.trim());
    if (isHeader(cells)) {
      current = { header: cells, headerLine: line, titles, rows: [] };
      tables.push(current);
      titles = [];
      return;
    }
    if (cells.every((c) => c === "")) return;
    if (cells.length === 1 && (current === void 0 || current.header.length > 1)) {
      titles.push(cells[0]);
      return;
    }
    current?.rows.push({ cells, line });
  };
  const onError = (message, line) => {
    if (current) throw new InputError(source.name, `${format}: ${message}`, line);
  };
  for await (const chunk of source.chunks()) {
    size += chunk.length;
    if (size > MAX_CSV_CHARS)
      throw new InputError(
        source.name,
        `${format}: the file is larger than ${MAX_CSV_CHARS / 1024 / 1024} MB; refused`
      );
    parser.push(chunk, onRow, onError);
  }
  parser.end(onRow, onError);
  return tables;
}
function guessDelimiter(head) {
  for (const line of head.split("\n").slice(0, 50)) {
    const d = sniffDelimiter(line);
    if (line.split(d).length >= 3) return d;
  }
  return ",";
}

// src/ingest/profile/ncu-metrics.ts
var NAMES = {
  duration: ["gpu__time_duration.sum", "Duration"],
  // Duration when gpu__time_duration was not collected: cycles / cycles per second, each pair as ncu defines it.
  cycles: ["sm__cycles_elapsed.avg", "gpc__cycles_elapsed.max", "Elapsed Cycles"],
  cyclesPerSecond: ["sm__cycles_elapsed.avg.per_second", "gpc__cycles_elapsed.avg.per_second", "SM Frequency"],
  sm: ["sm__throughput.avg.pct_of_peak_sustained_elapsed", "Compute (SM) Throughput", "SM [%]", "Compute (SM) [%]"],
  dram: [
    "dram__throughput.avg.pct_of_peak_sustained_elapsed",
    "gpu__dram_throughput.avg.pct_of_peak_sustained_elapsed",
    "DRAM Throughput",
    "DRAM [%]"
  ],
  l1: ["l1tex__throughput.avg.pct_of_peak_sustained_elapsed", "L1/TEX Cache Throughput"],
  l2: ["lts__throughput.avg.pct_of_peak_sustained_elapsed", "L2 Cache Throughput"],
  // The busiest memory unit (DRAM, L1/TEX, L2, …): what ncu's SOLBottleneck rule compares with SM.
  memory: ["gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed", "Memory Throughput", "Memory [%]"],
  occupancy: ["sm__warps_active.avg.pct_of_peak_sustained_active", "Achieved Occupancy"],
  theoreticalOccupancy: ["sm__maximum_warps_per_active_cycle_pct", "Theoretical Occupancy"],
  // Cycles in which a scheduler issued an instruction (Scheduler Statistics "One or More Eligible").
  issueActive: [
    "smsp__issue_active.avg.pct_of_peak_sustained_active",
    "One or More Eligible",
    "sm__inst_issued.avg.pct_of_peak_sustained_active",
    "Issue Slots Busy"
  ],
  waves: ["launch__waves_per_multiprocessor", "Waves Per SM"],
  sectors: ["l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"],
  requests: ["l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"],
  sectorsPerRequest: ["l1tex__average_t_sectors_per_request_pipe_lsu_mem_global_op_ld.ratio"],
  registers: ["launch__registers_per_thread", "Registers Per Thread"]
};
var BY_NAME = /* @__PURE__ */ new Map();
for (const [key, names2] of Object.entries(NAMES))
  names2.forEach((n, rank2) => BY_NAME.set(n, { key, rank: rank2 }));
function metricKey(name) {
  return BY_NAME.get(name.trim());
}
function metricNames(key) {
  return NAMES[key];
}
function isPercentMetric(key) {
  return key === "sm" || key === "dram" || key === "l1" || key === "l2" || key === "memory" || key === "occupancy" || key === "theoreticalOccupancy" || key === "issueActive";
}
function perSecondScale(unit) {
  const u = unit.trim().toLowerCase().replace(/\s+/g, "");
  if (u === "" || u === "cycle/second" || u === "cycle/s" || u === "hz") return 1;
  const per = /^cycle\/(n|u|µ|μ|m)?s(?:econd)?$/.exec(u);
  if (per) return { n: 1e9, u: 1e6, µ: 1e6, μ: 1e6, m: 1e3 }[per[1]];
  const hz = /^(k|m|g)hz$/.exec(u);
  if (hz) return { k: 1e3, m: 1e6, g: 1e9 }[hz[1]];
  return void 0;
}
var STALL_FAMILIES = [
  /^smsp__average_warps?_(?:latency_)?issue_stalled_([a-z_]+?)_per_issue_active\.ratio$/,
  /^smsp__pcsamp_warps_issue_stalled_([a-z_]+?)$/,
  /^smsp__warp_issue_stalled_([a-z_]+?)_per_warp_active\.pct$/
];
function stallMetric(name) {
  const n = name.trim();
  if (n.endsWith("_not_issued")) return void 0;
  for (let family = 0; family < STALL_FAMILIES.length; family++) {
    const m = STALL_FAMILIES[family].exec(n);
    if (m && m[1] !== "selected") return { family, reason: m[1] };
  }
  return void 0;
}

// src/ingest/profile/ncu.ts
var FORMAT6 = "Nsight Compute CSV";
var isDetailsHeader = (cells) => cells.includes("Kernel Name") && cells.includes("Metric Name") && (cells.includes("Metric Value") || cells.includes("Average"));
var isRawHeader = (cells) => cells.includes("Kernel Name") && !cells.includes("Metric Name") && cells.some((c) => c.includes("__"));
async function readNcu(source) {
  const tables = await readCsvTables(source, FORMAT6, (cells) => isDetailsHeader(cells) || isRawHeader(cells));
  if (tables.length === 0) {
    throw new InputError(
      source.name,
      `${FORMAT6}: no header with "Kernel Name" and either "Metric Name"/"Metric Value" (--page details) or metric columns (--page raw)`
    );
  }
  const notes2 = [];
  const launches = /* @__PURE__ */ new Map();
  let layout = "details";
  tables.forEach((table2, t) => {
    if (isDetailsHeader(table2.header)) readDetails(table2, t, source.name, launches);
    else {
      layout = "raw";
      readRaw(table2, t, source.name, launches);
    }
  });
  if (launches.size === 0) throw new InputError(source.name, `${FORMAT6}: no kernel rows`);
  const list = [...launches.values()];
  const derived = list.filter((l) => !l.metrics.has("duration") && durationOf(l).derived).length;
  if (derived > 0)
    notes2.push(
      `Duration of ${derived} launch(es) derived from elapsed cycles / cycles per second (sm__cycles_elapsed.avg / .per_second): gpu__time_duration was not collected.`
    );
  const lost = /* @__PURE__ */ new Set();
  for (const l of list) for (const [key, name] of l.nonPercent) if (!l.metrics.has(key)) lost.add(name);
  if (lost.size)
    notes2.push(`${[...lost].join(", ")}, not % of peak: not used (and no % value for it in the same launch).`);
  const kernels = combine(list);
  unusable(kernels, source.name);
  const withoutTime = kernels.filter((k) => Number.isNaN(k.durationMs)).length;
  if (withoutTime > 0)
    notes2.push(
      `${withoutTime} of ${kernels.length} kernel(s) without a duration (needs gpu__time_duration.sum, or sm__cycles_elapsed.avg and sm__cycles_elapsed.avg.per_second).`
    );
  return { file: source.name, layout, kernels, notes: notes2 };
}
function mergeNcu(reports) {
  if (reports.length === 1) return reports[0];
  const all = reports.flatMap((r) => r.kernels);
  const groups = /* @__PURE__ */ new Map();
  for (const k of all) groups.set(shapeKey(k), [...groups.get(shapeKey(k)) ?? [], k]);
  const kernels = [...groups.values()].map((list) => list.length === 1 ? list[0] : mergeProfiles(list));
  return {
    file: reports.map((r) => r.file).join(" + "),
    layout: reports.every((r) => r.layout === "raw") ? "raw" : "details",
    kernels: kernels.sort(heaviestFirst),
    notes: [...new Set(reports.flatMap((r) => r.notes))]
  };
}
function shapeKey(k) {
  return `${k.name}\0${Number.isNaN(k.gridBlocks) ? "?" : k.gridBlocks}\0${Number.isNaN(k.blockThreads) ? "?" : k.blockThreads}`;
}
function unusable(kernels, file) {
  const any = (pick) => kernels.some((k) => !Number.isNaN(pick(k)));
  const hasTime = any((k) => k.durationMs);
  const hasSm = any((k) => k.smPct);
  const hasMemory = any((k) => k.memoryPct) || any((k) => k.dramPct) || any((k) => k.l1Pct) || any((k) => k.l2Pct);
  if (hasTime || hasSm || hasMemory) return;
  const names2 = (key) => metricNames(key).slice(0, 2).join(" or ");
  throw new InputError(
    file,
    `${FORMAT6}: ${kernels.length} kernel(s) but none has a duration (${names2("duration")}, or ${metricNames("cycles")[0]} with ${metricNames("cyclesPerSecond")[0]}) or a throughput (${names2("sm")}; ${names2("memory")}, ${names2("dram")}): collect them with --section SpeedOfLight, or add them to --metrics`
  );
}
function launchOf(launches, table2, id, name) {
  const key = `${table2}\0${id}\0${name}`;
  let launch = launches.get(key);
  if (!launch) {
    launch = {
      name,
      invocations: 1,
      grid: "",
      block: "",
      metrics: /* @__PURE__ */ new Map(),
      stalls: /* @__PURE__ */ new Map(),
      nonPercent: /* @__PURE__ */ new Map()
    };
    launches.set(key, launch);
  }
  return launch;
}
function record(launch, metricName2, unit, text, file, line, field) {
  const found = metricKey(metricName2);
  const stall = found ? void 0 : stallMetric(metricName2);
  if (!found && !stall) return;
  const value4 = numberCell(text);
  if (value4 === null) return;
  if (Number.isNaN(value4))
    throw new InputError(
      file,
      `${FORMAT6}: metric "${metricName2}": not a number: ${JSON.stringify(text).slice(0, 40)}`,
      line,
      field
    );
  if (stall) {
    const k = `${stall.family}\0${stall.reason}`;
    const acc2 = launch.stalls.get(k) ?? { sum: 0, n: 0 };
    acc2.sum += value4;
    acc2.n++;
    launch.stalls.set(k, acc2);
    return;
  }
  const { key, rank: rank2 } = found;
  let v = value4;
  if (key === "duration") {
    const scale = unit === "" ? msPerUnit("ns") : msPerUnit(unit);
    if (scale === void 0)
      throw new InputError(file, `${FORMAT6}: metric "${metricName2}": unknown time unit "${unit}"`, line, field);
    v = value4 * scale;
  } else if (key === "cyclesPerSecond") {
    const scale = perSecondScale(unit);
    if (scale === void 0)
      throw new InputError(file, `${FORMAT6}: metric "${metricName2}": unknown frequency unit "${unit}"`, line, field);
    v = value4 * scale;
  } else if (key === "cycles" && unit !== "" && !/^cycles?$/i.test(unit)) {
    throw new InputError(file, `${FORMAT6}: metric "${metricName2}": expected cycles, got "${unit}"`, line, field);
  } else if (isPercentMetric(key) && unit !== "" && unit !== "%") {
    launch.nonPercent.set(key, `"${metricName2}" in ${unit}`);
    return;
  }
  const acc = launch.metrics.get(key);
  if (!acc || rank2 < acc.rank) launch.metrics.set(key, { rank: rank2, sum: v, n: 1 });
  else if (rank2 === acc.rank) {
    acc.sum += v;
    acc.n++;
  }
}
function dims(text) {
  const parts2 = text.replace(/[()\s]/g, "").split(",").filter(Boolean).map(Number);
  return parts2.length > 0 && parts2.every((x) => Number.isInteger(x) && x > 0) ? parts2 : void 0;
}
function readDetails(table2, t, file, launches) {
  const h = table2.header;
  const col = {
    id: h.indexOf("ID"),
    name: h.indexOf("Kernel Name"),
    metric: h.indexOf("Metric Name"),
    unit: h.indexOf("Metric Unit"),
    invocations: h.indexOf("Invocations"),
    grid: h.indexOf("Grid Size"),
    block: h.indexOf("Block Size")
  };
  const valueCol = h.includes("Metric Value") ? h.indexOf("Metric Value") : h.indexOf("Average");
  for (const { cells, line } of table2.rows) {
    const cell3 = (i) => i >= 0 && i < cells.length ? cells[i] : "";
    const metric = cell3(col.metric);
    const name = cell3(col.name);
    if (metric === "" || name === "") continue;
    const launch = launchOf(launches, t, cell3(col.id), name);
    if (col.invocations >= 0) {
      const inv = numberCell(cell3(col.invocations));
      if (inv !== null && !Number.isNaN(inv) && inv >= 1) launch.invocations = inv;
    }
    if (col.grid >= 0 && launch.grid === "" && !Number.isNaN(product(cell3(col.grid)))) launch.grid = cell3(col.grid);
    if (col.block >= 0 && launch.block === "" && !Number.isNaN(product(cell3(col.block))))
      launch.block = cell3(col.block);
    const size = metric === "Grid Size" || metric === "launch__grid_size" ? "grid" : metric === "Block Size" || metric === "launch__block_size" ? "block" : void 0;
    if (size) {
      if (launch[size] === "" && !Number.isNaN(product(cell3(valueCol)))) launch[size] = cell3(valueCol);
    } else record(launch, metric, cell3(col.unit), cell3(valueCol), file, line, h[valueCol]);
  }
}
function readRaw(table2, t, file, launches) {
  const h = table2.header;
  const idCol = h.indexOf("ID");
  const nameCol = h.indexOf("Kernel Name");
  const sizeCols = /* @__PURE__ */ new Map();
  h.forEach((c, j) => {
    if (c === "Grid Size" || c === "launch__grid_size") sizeCols.set(j, "grid");
    if (c === "Block Size" || c === "launch__block_size") sizeCols.set(j, "block");
  });
  let units = [];
  for (const [r, { cells, line }] of table2.rows.entries()) {
    const cell3 = (i) => i >= 0 && i < cells.length ? cells[i] : "";
    if (cell3(nameCol) === "") {
      if (r === 0) units = cells;
      continue;
    }
    const launch = launchOf(launches, t, idCol >= 0 ? cell3(idCol) : `row ${line}`, cell3(nameCol));
    for (let j = 0; j < h.length; j++) {
      if (j === idCol || j === nameCol) continue;
      const size = sizeCols.get(j);
      if (size) {
        if (launch[size] === "" && !Number.isNaN(product(cell3(j)))) launch[size] = cell3(j);
        continue;
      }
      record(launch, h[j], j < units.length ? units[j] : "", cell3(j), file, line, h[j]);
    }
  }
}
function value(l, k) {
  const acc = l.metrics.get(k);
  return acc ? acc.sum / acc.n : NaN;
}
function durationOf(l) {
  const measured2 = value(l, "duration");
  if (!Number.isNaN(measured2)) return { ms: measured2, derived: false };
  const cycles = value(l, "cycles");
  const hz = value(l, "cyclesPerSecond");
  if (cycles >= 0 && hz > 0) return { ms: cycles / hz * 1e3, derived: true };
  return { ms: NaN, derived: false };
}
var product = (text) => (text.includes("(") ? dims(text) : dims(text.replace(/,/g, "")))?.reduce((a, b) => a * b, 1) ?? NaN;
var heaviestFirst = (a, b) => (b.durationMs || 0) - (a.durationMs || 0) || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.gridBlocks - b.gridBlocks);
function combine(launches) {
  const groups = /* @__PURE__ */ new Map();
  for (const l of launches) {
    const key = shapeKey({ name: l.name, gridBlocks: product(l.grid), blockThreads: product(l.block) });
    groups.set(key, [...groups.get(key) ?? [], l]);
  }
  const out = [];
  for (const list of groups.values()) {
    const weight = (l) => durationOf(l).ms * l.invocations;
    const allTimed = list.every((l) => weight(l) > 0);
    const mean = (pick) => weightedMean(list.map((l) => [pick(l), allTimed ? weight(l) : l.invocations]));
    const durations = list.map(weight);
    const sectors = list.reduce((s, l) => s + value(l, "sectors") * l.invocations, 0);
    const requests = list.reduce((s, l) => s + value(l, "requests") * l.invocations, 0);
    const first = list[0];
    out.push({
      name: first.name,
      launches: list.reduce((s, l) => s + l.invocations, 0),
      grid: first.grid,
      block: first.block,
      gridBlocks: product(first.grid),
      blockThreads: product(first.block),
      durationMs: durations.some((d) => !Number.isNaN(d)) ? durations.reduce((s, d) => s + (Number.isNaN(d) ? 0 : d), 0) : NaN,
      durationDerived: list.some((l) => durationOf(l).derived),
      smPct: mean((l) => value(l, "sm")),
      dramPct: mean((l) => value(l, "dram")),
      l1Pct: mean((l) => value(l, "l1")),
      l2Pct: mean((l) => value(l, "l2")),
      memoryPct: mean((l) => value(l, "memory")),
      occupancyPct: mean((l) => value(l, "occupancy")),
      theoreticalOccupancyPct: mean((l) => value(l, "theoreticalOccupancy")),
      issueActivePct: mean((l) => value(l, "issueActive")),
      waves: mean((l) => value(l, "waves")),
      sectorsPerRequest: requests > 0 ? sectors / requests : mean((l) => value(l, "sectorsPerRequest")),
      registersPerThread: mean((l) => value(l, "registers")),
      stalls: stallShares(list, allTimed ? weight : (l) => l.invocations)
    });
  }
  return out.sort(heaviestFirst);
}
function weightedMean(values) {
  const known = values.filter(([v]) => !Number.isNaN(v));
  if (known.length > 0 && known.every(([v]) => v === known[0][0])) return known[0][0];
  let sum = 0;
  let w = 0;
  for (const [v, lw] of known) {
    sum += v * lw;
    w += lw;
  }
  return w > 0 ? sum / w : NaN;
}
function mergeProfiles(list) {
  const timed = list.every((k) => k.durationMs > 0);
  const w = (k) => timed ? k.durationMs : k.launches;
  const mean = (pick) => weightedMean(list.map((k) => [pick(k), w(k)]));
  const reasons = /* @__PURE__ */ new Map();
  let weights = 0;
  for (const k of list) {
    if (k.stalls.length === 0) continue;
    weights += w(k);
    for (const s of k.stalls) reasons.set(s.reason, (reasons.get(s.reason) ?? 0) + s.share * w(k));
  }
  const durations = list.map((k) => k.durationMs).filter((d) => !Number.isNaN(d));
  return {
    ...list[0],
    launches: list.reduce((s, k) => s + k.launches, 0),
    durationMs: durations.length ? durations.reduce((a, b) => a + b, 0) : NaN,
    durationDerived: list.some((k) => k.durationDerived),
    smPct: mean((k) => k.smPct),
    dramPct: mean((k) => k.dramPct),
    l1Pct: mean((k) => k.l1Pct),
    l2Pct: mean((k) => k.l2Pct),
    memoryPct: mean((k) => k.memoryPct),
    occupancyPct: mean((k) => k.occupancyPct),
    theoreticalOccupancyPct: mean((k) => k.theoreticalOccupancyPct),
    issueActivePct: mean((k) => k.issueActivePct),
    waves: mean((k) => k.waves),
    sectorsPerRequest: mean((k) => k.sectorsPerRequest),
    registersPerThread: mean((k) => k.registersPerThread),
    stalls: weights > 0 ? [...reasons].map(([reason, v]) => ({ reason, share: v / weights })).sort((a, b) => b.share - a.share || (a.reason < b.reason ? -1 : 1)) : []
  };
}
function stallShares(list, weight) {
  const total2 = /* @__PURE__ */ new Map();
  let weights = 0;
  for (const l of list) {
    const families = [...l.stalls.keys()].map((k) => Number(k.split("\0")[0]));
    if (families.length === 0) continue;
    const best = Math.min(...families);
    const values = [...l.stalls].filter(([k]) => Number(k.split("\0")[0]) === best).map(([k, a]) => [k.split("\0")[1], a.sum / a.n]);
    const sum = values.reduce((s, [, v]) => s + Math.max(0, v), 0);
    if (!(sum > 0)) continue;
    const w = weight(l);
    weights += w;
    for (const [reason, v] of values) total2.set(reason, (total2.get(reason) ?? 0) + Math.max(0, v) / sum * w);
  }
  if (!(weights > 0)) return [];
  return [...total2].map(([reason, v]) => ({ reason, share: v / weights })).sort((a, b) => b.share - a.share || (a.reason < b.reason ? -1 : 1));
}

// src/ingest/profile/names.ts
var API_SUFFIX = /(?:_v\d+)?(?:_pt[sd]z?|_ptds)?$/;
var SYNC_CALLS = /* @__PURE__ */ new Set([
  "cudaStreamSynchronize",
  "cudaDeviceSynchronize",
  "cudaEventSynchronize",
  "cudaThreadSynchronize",
  "cudaMemcpy",
  "cudaMemcpy2D",
  "cudaMemcpy3D",
  "cuStreamSynchronize",
  "cuCtxSynchronize",
  "cuEventSynchronize",
  "cuMemcpyDtoH",
  "cuMemcpyHtoD",
  "cuMemcpyDtoD",
  "cuMemcpy"
]);
function isSyncCall(name) {
  return SYNC_CALLS.has(name.replace(API_SUFFIX, ""));
}
function isBlockingSyncKind(kind2) {
  return /^(?:Stream|Event|Context|Device) Sync(?:hronize)?$/i.test(kind2.trim());
}
function isItemOp(name) {
  return name === "aten::item" || name === "aten::_local_scalar_dense";
}
function isDeviceToHost(name) {
  return /\bDtoH\b|Device-to-Host|Device -> (?:Pageable|Pinned|Host)/i.test(name);
}
var COMMUNICATION_KERNELS = [
  // RCCL names its kernels like NCCL (ncclDevKernel_*); its own symbols say rccl.
  {
    library: "NCCL/RCCL",
    pattern: /nccl|rccl/i,
    example: "ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevKernelArgsStorage<4096ul>)"
  },
  {
    library: "DeepEP",
    pattern: /\bdeep_ep::/,
    example: "void deep_ep::intranode::dispatch<(int)8, (int)768, (int)8192>(int4 *, float *, …)"
  },
  { library: "pplx-kernels", pattern: /\bpplx::/, example: "void pplx::dispatchKernel<…>(…)" },
  // vLLM's and SGLang's custom all-reduce (csrc/custom_all_reduce.cuh).
  {
    library: "custom all-reduce (vLLM, SGLang)",
    pattern: /\bcross_device_reduce_[12]stage\b/,
    example: "void vllm::cross_device_reduce_1stage<__nv_bfloat16, (int)8>(…)"
  },
  {
    library: "TensorRT-LLM all-reduce",
    pattern: /\b(?:oneShot|twoShot)AllReduceKernel|\ballreduce_fusion_kernel|\blamport.*all_?reduce/i,
    example: "void tensorrt_llm::kernels::oneShotAllReduceKernel<__nv_bfloat16, (int)8>(…)"
  },
  { library: "MSCCL++", pattern: /mscclpp/i, example: "void mscclpp::…allreduce…(…)" },
  { library: "NVSHMEM", pattern: /nvshmem/i, example: "nvshmemi_…_kernel" },
  {
    library: "PyTorch symmetric memory",
    pattern: /symmetric_memory|\b(?:one_shot|two_shot|multimem)_all_reduce/,
    example: "void c10d::symmetric_memory::one_shot_all_reduce_kernel<…>(…)"
  },
  // Any other kernel whose name starts a word with a collective's name (not warpAllReduce, not block_all_reduce).
  {
    library: "collective (by name)",
    pattern: /(?:^|[^A-Za-z0-9_])(?:all_?to_?all|all_?reduce|all_?gather|reduce_?scatter|send_?recv)/i,
    example: "void all_to_all_dispatch_kernel<…>(…)"
  }
];
function communicationLibrary(name) {
  return COMMUNICATION_KERNELS.find((c) => c.pattern.test(name))?.library;
}
function isCollective(name) {
  return communicationLibrary(name) !== void 0;
}
function isCollectiveOp(name) {
  return isCollective(name) || /^c10d::|^record_param_comms$/.test(name);
}
function kernelFamily(name) {
  let s = name.trim();
  for (; ; ) {
    const before = s;
    s = s.replace(/^(?:void|static|__global__)\s+/, "");
    const m = /^[\w:]+<.*?>::type\s+/.exec(s);
    if (m && balanced(m[0])) s = s.slice(m[0].length);
    if (s === before) break;
  }
  const end = s.search(/[<(\s]/);
  const head = end >= 0 ? s.slice(0, end) : s;
  if (head === "") return name.trim();
  if (/(?:^|::)(?:Kernel2?|device_kernel)$/.test(head) && s[end] === "<") {
    const arg = /^[^<,>]+/.exec(s.slice(end + 1));
    if (arg) return `${head}<${arg[0].trim()}>`;
  }
  return head;
}
function balanced(text) {
  let depth = 0;
  for (const ch of text) {
    if (ch === "<") depth++;
    else if (ch === ">") depth--;
  }
  return depth === 0;
}
var LOCK_CALLS = /* @__PURE__ */ new Set([
  "pthread_mutex_lock",
  "pthread_mutex_timedlock",
  "pthread_cond_wait",
  "pthread_cond_timedwait",
  "pthread_cond_clockwait",
  "pthread_rwlock_rdlock",
  "pthread_rwlock_wrlock",
  "pthread_rwlock_timedrdlock",
  "pthread_rwlock_timedwrlock",
  "pthread_join",
  "sem_wait",
  "sem_timedwait",
  "sem_clockwait",
  "futex"
]);
var NETWORK_CALLS = /* @__PURE__ */ new Set([
  "recv",
  "recvfrom",
  "recvmsg",
  "recvmmsg",
  "send",
  "sendto",
  "sendmsg",
  "sendmmsg",
  "poll",
  "ppoll",
  "epoll_wait",
  "epoll_pwait",
  "epoll_pwait2",
  "select",
  "pselect6",
  "accept",
  "accept4",
  "connect"
]);
function isLockCall(name) {
  return LOCK_CALLS.has(name.trim());
}
function isNetworkCall(name) {
  return NETWORK_CALLS.has(name.trim());
}
function isPythonLockWait(name) {
  return /method acquire of _thread\.(?:R?lock|RLock)|threading\.py\(\d+\): (?:wait|acquire|join)\b|method join of|queue\.py\(\d+\): get\b/.test(
    name
  );
}
function isPythonNetworkWait(name) {
  return /_socket\.socket|of 'select\.(?:epoll|poll)'|method (?:poll|select) of select\.|selectors\.py\(\d+\): select\b|socket\.py\(\d+\): (?:recv|accept|readinto)|zmq.*(?:poll|recv)/.test(
    name
  );
}

// src/model/profile.ts
function emptySignals(measured2) {
  const api = measured2.cudaApi ? 0 : NaN;
  const blocking = measured2.blocking ? 0 : NaN;
  const kernels = measured2.kernels ? 0 : NaN;
  return {
    syncCalls: api,
    syncMs: api,
    d2hCopies: kernels,
    itemCalls: api,
    itemStalls: NaN,
    lockCalls: blocking,
    lockMs: blocking,
    networkCalls: blocking,
    networkMs: blocking,
    collectiveCalls: kernels,
    collectiveMs: kernels,
    measured: measured2
  };
}
function meanStep(steps) {
  const n = steps.length;
  const mean = (pick) => n === 0 ? NaN : steps.reduce((sum, s) => sum + pick(s), 0) / n;
  return {
    label: n === 1 ? steps[0].label : `mean of ${n} steps`,
    wallMs: mean((s) => s.wallMs),
    cpuMs: mean((s) => s.cpuMs),
    gpuMs: mean((s) => s.gpuMs),
    collectiveMs: mean((s) => s.collectiveMs),
    collectiveOverlapMs: mean((s) => s.collectiveOverlapMs),
    idleMs: mean((s) => s.idleMs),
    hostGapMs: mean((s) => s.hostGapMs)
  };
}

// src/ingest/profile/nsys-totals.ts
var REPORT_NAMES = {
  kernels: "cuda_gpu_kern_sum",
  memops: "cuda_gpu_mem_time_sum",
  "cuda-api": "cuda_api_sum",
  osrt: "osrt_sum",
  nvtx: "nvtx_sum"
};
function nsysTotals(inputs, options = {}) {
  const list = (Array.isArray(inputs) ? [...inputs] : [inputs]).sort(
    (a, b) => a.file < b.file ? -1 : a.file > b.file ? 1 : 0
  );
  const byKind = /* @__PURE__ */ new Map();
  for (const stats of list) {
    for (const report2 of stats.reports) {
      const seen = byKind.get(report2.kind);
      if (seen) {
        throw new InputError(
          stats.file,
          `nsys stats CSV: a second ${REPORT_NAMES[report2.kind]} report (the first is in ${seen.file}): one side takes the reports of one run, one of each`,
          report2.headerLine
        );
      }
      byKind.set(report2.kind, { report: report2, file: stats.file });
    }
  }
  const entries = (kind2) => byKind.get(kind2)?.report.entries;
  const file = list.map((s) => s.file).join(" + ");
  const notes2 = [];
  if (list.length > 1)
    notes2.push(`One run from ${list.length} files: ${[...byKind.keys()].map((k) => REPORT_NAMES[k]).join(", ")}.`);
  const sum = (xs) => xs.reduce((s, e) => s + e.totalMs, 0);
  const calls = (xs) => xs.reduce((s, e) => s + e.count, 0);
  const nvtx = entries("nvtx") ?? [];
  const rangeName = (n) => n.replace(/^:/, "").trim();
  const stepRanges = options.stepRange !== void 0 ? nvtx.filter((e) => rangeName(e.name) === rangeName(options.stepRange)) : nvtx.filter((e) => /^ProfilerStep#\d+$/.test(rangeName(e.name)));
  let steps = calls(stepRanges);
  let wallMs;
  if (steps > 0) {
    wallMs = sum(stepRanges) / steps;
    notes2.push(`Wall clock from ${steps} NVTX step range(s) (${options.stepRange ?? "ProfilerStep#N"}).`);
  } else {
    steps = options.steps !== void 0 && options.steps > 0 ? options.steps : 1;
    wallMs = options.wallMs !== void 0 && options.wallMs > 0 ? options.wallMs : NaN;
    const per2 = steps > 1 ? `per step (${steps} steps given)` : "per capture (no step count given: --steps)";
    notes2.push(
      Number.isNaN(wallMs) ? `No NVTX step range${options.stepRange ? ` named "${options.stepRange}"` : ""} and no wall clock given (--wall-ms): times are ${per2}; the split needs the step time.` : `Wall clock ${wallMs} ms and ${steps} step(s) as given.`
    );
  }
  const kernels = entries("kernels");
  const memops = entries("memops");
  const api = entries("cuda-api");
  const osrt = entries("osrt");
  const per = (ms2) => ms2 / steps;
  const comm = kernels?.filter((e) => communicationLibrary(e.name) !== void 0) ?? [];
  const gpuMs = kernels || memops ? per(sum(kernels?.filter((e) => communicationLibrary(e.name) === void 0) ?? []) + sum(memops ?? [])) : NaN;
  const collectiveMs = kernels ? per(sum(comm)) : NaN;
  const step = {
    label: steps > 1 ? `mean of ${steps} steps` : "all",
    wallMs,
    cpuMs: NaN,
    gpuMs,
    collectiveMs,
    collectiveOverlapMs: NaN,
    idleMs: NaN,
    hostGapMs: NaN
  };
  const signals = emptySignals({
    cudaApi: api !== void 0,
    blocking: osrt !== void 0,
    kernels: kernels !== void 0
  });
  if (api) {
    const sync = api.filter((e) => isSyncCall(e.name));
    signals.syncCalls = calls(sync) / steps;
    signals.syncMs = per(sum(sync));
  }
  signals.itemCalls = NaN;
  signals.d2hCopies = memops ? calls(memops.filter((e) => isDeviceToHost(e.name))) / steps : NaN;
  if (kernels) {
    signals.collectiveCalls = calls(comm) / steps;
    signals.collectiveMs = collectiveMs;
  }
  if (osrt) {
    const locks = osrt.filter((e) => isLockCall(e.name));
    const net = osrt.filter((e) => isNetworkCall(e.name));
    signals.lockCalls = calls(locks) / steps;
    signals.lockMs = per(sum(locks));
    signals.networkCalls = calls(net) / steps;
    signals.networkMs = per(sum(net));
    notes2.push(
      "OS runtime times (osrt_sum) add up every thread over the whole capture: a helper thread parked in poll or a condition wait shows here too."
    );
  }
  notes2.push("CPU time not measured: nsys summary reports carry no host busy time.");
  if (kernels)
    notes2.push(
      "GPU time is a sum of kernel durations: kernels overlapping on several streams count twice (busy time is at most that)."
    );
  else notes2.push("No cuda_gpu_kern_sum report: GPU kernel time not measured.");
  const commRanges = nvtx.filter((e) => communicationLibrary(e.name) !== void 0);
  if (commRanges.length > 0) notes2.push(`${calls(commRanges)} communication NVTX range instance(s) in the capture.`);
  const kernelTimes = (kernels ?? []).map((e) => {
    const communication = communicationLibrary(e.name);
    return { name: e.name, ms: per(e.totalMs), count: e.count / steps, ...communication ? { communication } : {} };
  }).sort((a, b) => b.ms - a.ms || (a.name < b.name ? -1 : 1));
  return {
    file,
    format: "nsys-stats",
    steps: [step],
    stepCount: steps,
    perStep: meanStep([step]),
    signals,
    gpuTimeKind: "sum",
    engine: engineOf(kernels ?? [], nvtx),
    topKernels: kernelTimes.slice(0, 10),
    kernels: kernelTimes,
    threads: [],
    notes: notes2
  };
}
function engineOf(kernels, nvtx) {
  return kernels.some((e) => /\bat::native::|\bc10::/.test(e.name)) || nvtx.some((e) => /^:?aten::/.test(e.name)) ? "pytorch" : "native";
}

// src/ingest/profile/nsys-stats.ts
var FORMAT7 = "nsys stats CSV";
function layoutOf(header) {
  const bases = header.map((h) => splitUnit(h).base);
  const total2 = bases.indexOf("Total Time");
  if (total2 < 0) return void 0;
  const unit = splitUnit(header[total2]).unit;
  const scale = unit === "" ? msPerUnit("ns") : msPerUnit(unit);
  if (scale === void 0) return void 0;
  const at = (name) => bases.indexOf(name);
  const base = { total: total2, style: at("Style"), msPerUnit: scale };
  if (at("Range") >= 0 && at("Instances") >= 0)
    return { ...base, kind: "nvtx", count: at("Instances"), name: at("Range") };
  if (at("Operation") >= 0 && at("Count") >= 0)
    return { ...base, kind: "memops", count: at("Count"), name: at("Operation") };
  if (at("Name") >= 0 && at("Instances") >= 0)
    return { ...base, kind: "kernels", count: at("Instances"), name: at("Name") };
  if (at("Name") >= 0 && at("Num Calls") >= 0)
    return { ...base, kind: "calls", count: at("Num Calls"), name: at("Name") };
  return void 0;
}
async function readNsysStats(source) {
  const tables = await readCsvTables(source, FORMAT7, (cells) => layoutOf(cells) !== void 0);
  if (tables.length === 0) {
    throw new InputError(
      source.name,
      `${FORMAT7}: no report table found (expected a header with "Total Time (ns)" and "Name", "Range" or "Operation", as cuda_gpu_kern_sum, cuda_api_sum, osrt_sum, nvtx_sum or cuda_gpu_mem_time_sum write)`
    );
  }
  return { file: source.name, reports: tables.map((t) => report(t, source.name)) };
}
function report(table2, file) {
  const layout = layoutOf(table2.header);
  const entries = table2.rows.map(({ cells, line }) => {
    const cell3 = (i) => i >= 0 && i < cells.length ? cells[i] : "";
    const total2 = numberCell(cell3(layout.total));
    if (total2 === null || Number.isNaN(total2) || total2 < 0) {
      throw new InputError(
        file,
        `${FORMAT7}: not a duration: ${JSON.stringify(cell3(layout.total)).slice(0, 40)}`,
        line,
        table2.header[layout.total]
      );
    }
    const count3 = numberCell(cell3(layout.count));
    if (count3 !== null && (Number.isNaN(count3) || count3 < 0)) {
      throw new InputError(
        file,
        `${FORMAT7}: not a count: ${JSON.stringify(cell3(layout.count)).slice(0, 40)}`,
        line,
        table2.header[layout.count]
      );
    }
    const entry = { name: cell3(layout.name), totalMs: total2 * layout.msPerUnit, count: count3 ?? 0 };
    if (layout.style >= 0 && cell3(layout.style) !== "") entry.style = cell3(layout.style);
    return entry;
  });
  const title = table2.titles.length > 0 ? table2.titles[table2.titles.length - 1] : void 0;
  const kind2 = layout.kind === "calls" ? callsKind(title ?? file, entries) : layout.kind;
  return { kind: kind2, title, headerLine: table2.headerLine, entries };
}
function callsKind(title, entries) {
  if (title && /cuda_api_sum|CUDA API/i.test(title)) return "cuda-api";
  if (title && /osrt_sum|OS Runtime/i.test(title)) return "osrt";
  const cuda = entries.filter((e) => /^cu[A-Z]|^cuda[A-Z]/.test(e.name)).length;
  return cuda * 2 > entries.length ? "cuda-api" : "osrt";
}

// src/ingest/profile/torch-key-averages.ts
var FORMAT8 = "PyTorch key_averages";
var ALIASES3 = {
  key: ["key", "name", "Name"],
  count: ["count", "calls", "# of Calls"],
  selfCpu: ["self_cpu_time_total"],
  cpuTotal: ["cpu_time_total"],
  selfDevice: ["self_device_time_total", "self_cuda_time_total", "self_xpu_time_total", "self_privateuse1_time_total"],
  deviceType: ["device_type"],
  userAnnotation: ["is_user_annotation"]
};
async function readKeyAverages(source, options = {}) {
  const first = source.head.replace(/^\uFEFF/, "").trimStart()[0];
  const rows = first === "[" || first === "{" ? await jsonRows(source) : await csvRows(source);
  return keyAveragesTotals(rows, source.name, options);
}
async function jsonRows(source) {
  const doc = parseDocument(await readDocument(source, FORMAT8), source, FORMAT8);
  const obj = asObject(doc);
  const list = Array.isArray(doc) ? doc : own(obj, "rows") ?? own(obj, "key_averages");
  if (!Array.isArray(list)) {
    throw new InputError(source.name, `${FORMAT8}: expected a JSON list of rows (or an object with a "rows" list)`);
  }
  return list.map((item, i) => {
    const row = asObject(item);
    const at = `[${i}]`;
    if (!row) throw new InputError(source.name, `${FORMAT8}: row ${i} is not an object`, void 0, at);
    const pick = (names2) => {
      for (const n of names2) if (own(row, n) !== void 0) return { name: n, value: own(row, n) };
      return void 0;
    };
    return toRow(source.name, pick, (field) => ({ field: `${at}.${field}` }));
  });
}
async function csvRows(source) {
  const tables = await readCsvTables(source, FORMAT8, (cells) => cells.includes("self_cpu_time_total"));
  if (tables.length === 0)
    throw new InputError(source.name, `${FORMAT8}: no header row with a "self_cpu_time_total" column`);
  const { header, rows } = tables[0];
  return rows.map(({ cells, line }) => {
    const pick = (names2) => {
      for (const n of names2) {
        const i = header.indexOf(n);
        if (i >= 0 && i < cells.length && cells[i] !== "") return { name: n, value: cells[i] };
      }
      return void 0;
    };
    return toRow(source.name, pick, (field) => ({ field, line }));
  });
}
function toRow(file, pick, where) {
  const fail = (field, reason) => {
    const w = where(field);
    throw new InputError(file, `${FORMAT8}: ${reason}`, w.line, w.field);
  };
  const keyCell = pick(ALIASES3.key);
  if (!keyCell || typeof keyCell.value !== "string" || keyCell.value === "")
    fail("key", 'every row needs a non-empty "key" (or "name")');
  const num = (names2, required) => {
    const cell3 = pick(names2);
    if (!cell3) return required ? fail(names2[0], "missing") : NaN;
    const v = numberValue(cell3.value);
    if (v === null) return required ? fail(cell3.name, "missing") : NaN;
    if (Number.isNaN(v)) fail(cell3.name, `not a number: ${JSON.stringify(cell3.value).slice(0, 40)}`);
    return v;
  };
  const count3 = num(ALIASES3.count, false);
  if (count3 < 0) fail("count", "a call count cannot be negative");
  const row = {
    key: keyCell.value,
    count: Number.isNaN(count3) ? 1 : count3,
    selfCpuUs: num(ALIASES3.selfCpu, true),
    cpuTotalUs: num(ALIASES3.cpuTotal, false),
    selfDeviceUs: num(ALIASES3.selfDevice, false)
  };
  const type = pick(ALIASES3.deviceType);
  if (type)
    row.deviceType = deviceType(type.value) ?? fail(type.name, `unknown device type ${JSON.stringify(type.value).slice(0, 40)}`);
  const annotation = pick(ALIASES3.userAnnotation);
  if (annotation) row.userAnnotation = truthy(annotation.value) ?? fail(annotation.name, "expected true or false");
  return row;
}
function deviceType(value4) {
  if (typeof value4 === "number")
    return value4 === 0 ? "cpu" : Number.isInteger(value4) && value4 > 0 ? "device" : void 0;
  if (typeof value4 !== "string") return void 0;
  const t = value4.trim().replace(/^DeviceType\./i, "").toLowerCase();
  if (t === "cpu" || t === "0") return "cpu";
  return /^(?:cuda|hip|xpu|mps|mtia|hpu|privateuse1|meta|[1-9]\d*)$/.test(t) ? "device" : void 0;
}
function truthy(value4) {
  if (typeof value4 === "boolean") return value4;
  if (value4 === 1 || value4 === 0) return value4 === 1;
  if (typeof value4 !== "string") return void 0;
  const t = value4.trim().toLowerCase();
  return t === "true" || t === "1" ? true : t === "false" || t === "0" ? false : void 0;
}
var STEP = /^ProfilerStep(?:#\d+|\*)$/;
function keyAveragesTotals(rows, file, options = {}) {
  if (rows.length === 0) throw new InputError(file, `${FORMAT8}: no rows`);
  const notes2 = [];
  const hasDeviceColumn = rows.some((r) => !Number.isNaN(r.selfDeviceUs));
  const isDevice = (r) => r.deviceType !== void 0 ? r.deviceType === "device" : !(r.cpuTotalUs > 0) && !(r.selfCpuUs !== 0) && r.selfDeviceUs > 0;
  const cpuRows = rows.filter((r) => !isDevice(r));
  const deviceRows = rows.filter(isDevice);
  const cpuKeys = new Set(cpuRows.map((r) => r.key));
  const isAnnotation = (r) => r.userAnnotation === true || STEP.test(r.key);
  const kineto = deviceRows.length > 0;
  const stepRows = cpuRows.filter((r) => STEP.test(r.key));
  const stepCount = stepRows.reduce((n, r) => n + r.count, 0);
  let steps;
  let wallMs;
  if (stepCount > 0) {
    steps = stepCount;
    wallMs = stepRows.reduce((s, r) => s + (Number.isNaN(r.cpuTotalUs) ? NaN : r.cpuTotalUs), 0) / 1e3 / steps;
  } else {
    steps = options.steps !== void 0 && options.steps > 0 ? options.steps : 1;
    wallMs = options.wallMs !== void 0 && options.wallMs > 0 ? options.wallMs : NaN;
    notes2.push(
      Number.isNaN(wallMs) ? "No ProfilerStep#N rows and no wall clock given: the split needs the step time (profile with a schedule and prof.step(), or pass wallMs)." : `No ProfilerStep#N rows: wall clock ${wallMs} ms per step and ${steps} step(s) as given.`
    );
  }
  const per = (us) => us / 1e3 / steps;
  const sum = (list, pick) => list.reduce((s, r) => s + pick(r), 0);
  const opRows = cpuRows.filter((r) => !isAnnotation(r));
  const syncRows = cpuRows.filter((r) => isSyncCall(r.key));
  const syncUs = sum(syncRows, (r) => r.selfCpuUs);
  const cpuMs = per(sum(opRows, (r) => r.selfCpuUs) - syncUs);
  const hostGapMs = stepCount > 0 ? per(sum(cpuRows.filter(isAnnotation), (r) => r.selfCpuUs)) : NaN;
  const gpuRows = (kineto ? deviceRows.filter((r) => !cpuKeys.has(r.key)) : opRows).filter((r) => !isAnnotation(r));
  const collectiveRows = gpuRows.filter((r) => isCollective(r.key));
  const gpuMs = hasDeviceColumn ? per(sum(gpuRows, (r) => isCollective(r.key) ? 0 : r.selfDeviceUs || 0)) : NaN;
  const collectiveMs = hasDeviceColumn ? per(sum(collectiveRows, (r) => r.selfDeviceUs || 0)) : NaN;
  if (kineto && deviceRows.some((r) => cpuKeys.has(r.key) && !STEP.test(r.key))) {
    notes2.push("Device rows named like CPU rows were taken for GPU-side user annotations and left out of GPU time.");
  }
  if (!hasDeviceColumn)
    notes2.push(
      "No self_device_time_total (or self_cuda_time_total) column: GPU time not measured (a CPU-only profile)."
    );
  else
    notes2.push(
      "GPU time is a sum of kernel self times, as the profiler table totals it: kernels overlapping on several streams count twice (an upper bound on busy time)."
    );
  notes2.push("CPU time is time inside recorded ops summed over every thread, minus time blocked in CUDA sync calls.");
  const negative = rows.filter((r) => r.selfCpuUs < 0 || r.selfDeviceUs < 0).length;
  if (negative > 0)
    notes2.push(`${negative} row(s) have a negative self time (a known profiler artefact); they were summed as given.`);
  const scalarReads = cpuRows.filter((r) => r.key === "aten::_local_scalar_dense");
  const signals = emptySignals({ cudaApi: true, blocking: false, kernels: kineto });
  signals.syncCalls = sum(syncRows, (r) => r.count) / steps;
  signals.syncMs = per(syncUs);
  signals.itemCalls = sum(scalarReads.length > 0 ? scalarReads : cpuRows.filter((r) => isItemOp(r.key)), (r) => r.count) / steps;
  if (kineto) {
    signals.d2hCopies = sum(
      deviceRows.filter((r) => isDeviceToHost(r.key)),
      (r) => r.count
    ) / steps;
    signals.collectiveCalls = sum(collectiveRows, (r) => r.count) / steps;
    signals.collectiveMs = collectiveMs;
  } else {
    const ops = cpuRows.filter((r) => isCollectiveOp(r.key));
    if (ops.length > 0) {
      signals.collectiveCalls = sum(ops, (r) => r.count) / steps;
      signals.collectiveMs = collectiveMs;
    }
  }
  const step = {
    label: steps > 1 ? `mean of ${steps} steps` : stepCount > 0 ? stepRows[0].key : "all",
    wallMs,
    cpuMs,
    gpuMs,
    collectiveMs,
    collectiveOverlapMs: NaN,
    idleMs: NaN,
    hostGapMs
  };
  const kernels = hasDeviceColumn ? gpuRows.filter((r) => r.selfDeviceUs > 0).sort((a, b) => b.selfDeviceUs - a.selfDeviceUs || (a.key < b.key ? -1 : 1)).map((r) => {
    const communication = communicationLibrary(r.key);
    return {
      name: r.key,
      ms: per(r.selfDeviceUs),
      count: r.count / steps,
      ...communication ? { communication } : {}
    };
  }) : [];
  return {
    file,
    format: "torch-key-averages",
    steps: [step],
    stepCount: steps,
    perStep: meanStep([step]),
    signals,
    gpuTimeKind: "sum",
    engine: "pytorch",
    topKernels: kernels.slice(0, 10),
    kernels,
    threads: [],
    notes: notes2
  };
}

// src/ingest/profile/intervals.ts
function merge(intervals) {
  const sorted = [...intervals].filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}
function totalLength(merged) {
  let sum = 0;
  for (const [s, e] of merged) sum += e - s;
  return sum;
}
function intersectionLength(a, b) {
  let i = 0;
  let j = 0;
  let sum = 0;
  while (i < a.length && j < b.length) {
    const lo = Math.max(a[i][0], b[j][0]);
    const hi = Math.min(a[i][1], b[j][1]);
    if (hi > lo) sum += hi - lo;
    if (a[i][1] < b[j][1]) i++;
    else j++;
  }
  return sum;
}
function clipMerged(merged, from, to) {
  let lo = 0;
  let hi = merged.length;
  while (lo < hi) {
    const mid = lo + hi >> 1;
    if (merged[mid][1] <= from) lo = mid + 1;
    else hi = mid;
  }
  const out = [];
  for (let i = lo; i < merged.length && merged[i][0] < to; i++) {
    const s = Math.max(merged[i][0], from);
    const e = Math.min(merged[i][1], to);
    if (e > s) out.push([s, e]);
  }
  return out;
}
function subtract(a, b) {
  const out = [];
  let j = 0;
  for (const [s0, e] of a) {
    let s = s0;
    while (j < b.length && b[j][1] <= s) j++;
    let k = j;
    while (k < b.length && b[k][0] < e) {
      if (b[k][0] > s) out.push([s, b[k][0]]);
      s = Math.max(s, b[k][1]);
      if (s >= e) break;
      k++;
    }
    if (s < e) out.push([s, e]);
  }
  return out;
}

// src/ingest/profile/trace-events.ts
var TRACE_FORMAT = "PyTorch Chrome trace";
var KINDS = {
  cpu_op: "op",
  operator: "op",
  cuda_runtime: "runtime",
  cuda_driver: "runtime",
  runtime: "runtime",
  python_function: "python",
  user_annotation: "annotation",
  kernel: "gpu",
  gpu_memcpy: "gpu",
  memcpy: "gpu",
  gpu_memset: "gpu",
  memset: "gpu",
  cuda_sync: "sync"
};
async function readTraceEvents(source) {
  const doc = parseDocument(await readDocument(source, TRACE_FORMAT), source, TRACE_FORMAT);
  const list = Array.isArray(doc) ? doc : own(asObject(doc), "traceEvents");
  if (!Array.isArray(list))
    throw new InputError(source.name, `${TRACE_FORMAT}: no "traceEvents" list`, void 0, "traceEvents");
  const events = [];
  let skipped = 0;
  let ignored = 0;
  let complete = 0;
  const threadNames = /* @__PURE__ */ new Map();
  for (const item of list) {
    const e = asObject(item);
    if (e && own(e, "ph") === "M" && own(e, "name") === "thread_name") {
      const name = own(asObject(own(e, "args")), "name");
      if (typeof name === "string") threadNames.set(`${idOf(own(e, "pid"))}/${idOf(own(e, "tid"))}`, name.trim());
      continue;
    }
    if (!e || own(e, "ph") !== "X") continue;
    complete++;
    const cat = own(e, "cat");
    const pid = idOf(own(e, "pid"));
    const kind2 = typeof cat === "string" ? Object.hasOwn(KINDS, cat.toLowerCase()) ? KINDS[cat.toLowerCase()] : void 0 : pid === "CPU functions" ? "op" : void 0;
    if (kind2 === void 0) {
      ignored++;
      continue;
    }
    const ts = numberValue(own(e, "ts"));
    const dur = numberValue(own(e, "dur"));
    const rawName = own(e, "name");
    if (ts === null || dur === null || Number.isNaN(ts) || Number.isNaN(dur) || dur < 0 || !Number.isFinite(ts + dur) || typeof rawName !== "string" && typeof rawName !== "number") {
      skipped++;
      continue;
    }
    const event = {
      kind: kind2,
      name: String(rawName),
      start: ts,
      end: ts + dur,
      pid,
      thread: `${pid}/${idOf(own(e, "tid"))}`
    };
    if (kind2 === "sync") {
      const args = asObject(own(e, "args"));
      const k = own(args, "cuda_sync_kind");
      event.syncKind = typeof k === "string" ? k : event.name;
    }
    events.push(event);
  }
  if (complete > 0 && events.length === 0 && skipped > 0) {
    throw new InputError(
      source.name,
      `${TRACE_FORMAT}: all ${skipped} complete events lack a usable "ts" or "dur"`,
      void 0,
      "traceEvents"
    );
  }
  if (!events.some((e) => e.kind !== "annotation"))
    throw new InputError(
      source.name,
      `${TRACE_FORMAT}: no CPU op, kernel or runtime events (ph "X") in the trace`,
      void 0,
      "traceEvents"
    );
  return { events, skipped, ignored, threadNames };
}
function idOf(value4) {
  return typeof value4 === "string" || typeof value4 === "number" ? String(value4) : "";
}

// src/ingest/profile/torch-trace.ts
var STEP2 = /^ProfilerStep#\d+$/;
async function readTorchTrace(source, options = {}) {
  return traceTotals(await readTraceEvents(source), source.name, options);
}
function traceTotals({ events, skipped, ignored, threadNames }, file, options = {}) {
  const notes2 = [];
  const isMark = options.stepRange !== void 0 ? (e) => e.name === options.stepRange : (e) => STEP2.test(e.name);
  const stepMarks = events.filter((e) => (e.kind === "annotation" || e.kind === "op") && isMark(e)).sort((a, b) => a.start - b.start);
  const main = mainThread(events, stepMarks);
  const windows = stepMarks.filter((e) => e.thread === main).map((e) => ({ label: e.name, start: e.start, end: e.end }));
  if (windows.length === 0) {
    let start = Infinity;
    let end = -Infinity;
    for (const e of events) {
      if (e.kind === "annotation") continue;
      start = Math.min(start, e.start);
      end = Math.max(end, e.end);
    }
    windows.push({ label: "all", start, end });
    notes2.push(
      options.stepRange !== void 0 ? `No annotation named "${options.stepRange}": the whole trace is one step, from its first to its last event.` : "No ProfilerStep#N annotations: the whole trace is one step, from its first to its last event (name the annotation that marks a step with --step-range)."
    );
  } else if (options.stepRange !== void 0) {
    notes2.push(`Steps are the ${windows.length} "${options.stepRange}" annotation(s) of the main thread.`);
  }
  const gpuEvents = events.filter((e) => e.kind === "gpu");
  const commEvents = gpuEvents.filter((e) => communicationLibrary(e.name) !== void 0);
  const hostEvents = events.filter(
    (e) => (e.kind === "op" || e.kind === "runtime" || e.kind === "python") && !isMark(e)
  );
  const syncCalls = hostEvents.filter((e) => e.kind === "runtime" && isSyncCall(e.name));
  const syncActivities = events.filter((e) => e.kind === "sync" && isBlockingSyncKind(e.syncKind ?? ""));
  const lockWaits = hostEvents.filter((e) => e.kind === "python" && isPythonLockWait(e.name));
  const netWaits = hostEvents.filter((e) => e.kind === "python" && isPythonNetworkWait(e.name));
  const d2h = gpuEvents.filter((e) => isDeviceToHost(e.name));
  const scalarReads = hostEvents.filter((e) => e.name === "aten::_local_scalar_dense");
  const items = scalarReads.length > 0 ? scalarReads : hostEvents.filter((e) => isItemOp(e.name));
  const hasPython = hostEvents.some((e) => e.kind === "python");
  const hasRuntime = hostEvents.some((e) => e.kind === "runtime");
  const syncActivity = merge(spans(syncActivities));
  const hostByThread = groupBy(hostEvents, (e) => e.thread);
  const within = (a, b) => subtract(a, subtract(a, b));
  const runtimeOf = (list) => merge(spans(list.filter((e) => e.kind === "runtime")));
  const claimed = merge([...hostByThread.values()].flatMap((list) => [...within(syncActivity, runtimeOf(list))]));
  const unclaimed = subtract(syncActivity, claimed);
  const byThread = /* @__PURE__ */ new Map();
  for (const [thread, list] of hostByThread) {
    const host = merge(spans(list));
    const blocked = merge([
      ...spans(list.filter((e) => e.kind === "runtime" && isSyncCall(e.name))),
      ...within(syncActivity, runtimeOf(list)),
      ...thread === main ? within(unclaimed, host) : [],
      ...spans(list.filter((e) => e.kind === "python" && (isPythonLockWait(e.name) || isPythonNetworkWait(e.name))))
    ]);
    byThread.set(thread, { host, blocked, busy: subtract(host, blocked) });
  }
  const threadIds = [...byThread.keys()];
  const all = {
    compute: merge(spans(gpuEvents.filter((e) => communicationLibrary(e.name) === void 0))),
    comm: merge(spans(commEvents)),
    busy: merge(threadIds.flatMap((t) => byThread.get(t).busy)),
    recorded: merge(threadIds.flatMap((t) => [...byThread.get(t).host, ...byThread.get(t).blocked])),
    // Sync time is the sync calls and activities only (not lock or socket waits).
    sync: merge([...spans(syncCalls), ...syncActivity]),
    lock: merge(spans(lockWaits)),
    net: merge(spans(netWaits))
  };
  const steps = [];
  const perStepSignals = [];
  const kernelTime = /* @__PURE__ */ new Map();
  const threadBusy = /* @__PURE__ */ new Map();
  for (const w of windows) {
    const clip3 = (m) => clipMerged(m, w.start, w.end);
    const count3 = (list) => list.filter((e) => e.start >= w.start && e.start < w.end).length;
    const compute = clip3(all.compute);
    const comm = clip3(all.comm);
    const cpuBusy = clip3(all.busy);
    const wallUs = w.end - w.start;
    steps.push({
      label: w.label,
      wallMs: wallUs / 1e3,
      cpuMs: totalLength(cpuBusy) / 1e3,
      gpuMs: gpuEvents.length > 0 ? totalLength(compute) / 1e3 : NaN,
      collectiveMs: totalLength(comm) / 1e3,
      collectiveOverlapMs: intersectionLength(comm, compute) / 1e3,
      idleMs: (wallUs - totalLength(merge([...cpuBusy, ...compute]))) / 1e3,
      hostGapMs: (wallUs - totalLength(clip3(all.recorded))) / 1e3
    });
    for (const t of threadIds)
      threadBusy.set(t, (threadBusy.get(t) ?? 0) + totalLength(clip3(byThread.get(t).busy)) / 1e3);
    const sync = clip3(all.sync);
    const s = emptySignals({
      cudaApi: hasRuntime || syncActivities.length > 0,
      blocking: hasPython,
      kernels: gpuEvents.length > 0
    });
    if (s.measured.cudaApi) {
      s.syncCalls = count3(syncCalls) || count3(syncActivities);
      s.syncMs = totalLength(sync) / 1e3;
    }
    s.itemCalls = count3(items);
    if (s.measured.kernels) {
      const copies = d2h.filter((e) => e.start >= w.start && e.start < w.end);
      s.d2hCopies = copies.length;
      s.itemStalls = copies.filter((e) => clipMerged(sync, e.start, e.end).length > 0).length;
      s.collectiveCalls = count3(commEvents);
      s.collectiveMs = totalLength(comm) / 1e3;
    }
    if (s.measured.blocking) {
      const lock = clip3(all.lock);
      const net = clip3(all.net);
      s.lockCalls = lock.length;
      s.lockMs = totalLength(lock) / 1e3;
      s.networkCalls = net.length;
      s.networkMs = totalLength(net) / 1e3;
    }
    perStepSignals.push(s);
    for (const e of gpuEvents) {
      if (e.start < w.start || e.start >= w.end) continue;
      const k = kernelTime.get(e.name) ?? { us: 0, count: 0 };
      k.us += e.end - e.start;
      k.count++;
      kernelTime.set(e.name, k);
    }
  }
  const n = steps.length;
  const kernels = [...kernelTime].map(([name, k]) => {
    const communication = communicationLibrary(name);
    return { name, ms: k.us / 1e3 / n, count: k.count / n, ...communication ? { communication } : {} };
  }).sort((a, b) => b.ms - a.ms || (a.name < b.name ? -1 : 1));
  const threads = threadIds.map((t) => ({ thread: t, name: threadNames.get(t) ?? "", busyMs: (threadBusy.get(t) ?? 0) / n, main: t === main })).filter((t) => t.busyMs > 0).sort((a, b) => b.busyMs - a.busyMs || (a.thread < b.thread ? -1 : 1));
  const mainName = threadNames.get(main);
  notes2.push(
    `Host threads: ${threads.length} worked in the step(s); the main thread is ${main || "(none)"}${mainName ? ` (${mainName})` : ""}. CPU time is the union of their busy time in recorded ops, blocked time (syncs${hasPython ? ", locks, sockets" : ""}) excluded.`
  );
  notes2.push(
    "GPU time is the union of kernel, copy and memset intervals over all streams (overlaps counted once), communication kernels excluded."
  );
  if (!hasPython)
    notes2.push(
      "No python_function events (profile with with_stack=True to see them): Python time between ops shows as a host gap, not as CPU time, and Python lock or socket waits cannot be seen."
    );
  const devices = new Set(gpuEvents.map((e) => e.pid));
  if (devices.size > 1) notes2.push(`GPU work on ${devices.size} devices: GPU time is the union across them.`);
  if (gpuEvents.length === 0)
    notes2.push("No kernel or copy events: GPU time not measured (profile with ProfilerActivity.CUDA).");
  if (skipped > 0) notes2.push(`${skipped} complete event(s) skipped for a missing or invalid ts/dur.`);
  if (ignored > 0) notes2.push(`${ignored} event(s) of other categories not used.`);
  return {
    file,
    format: "torch-chrome-trace",
    steps,
    stepCount: n,
    perStep: meanStep(steps),
    signals: meanSignals(perStepSignals),
    gpuTimeKind: "union",
    engine: "pytorch",
    topKernels: kernels.slice(0, 10),
    kernels,
    threads,
    notes: notes2
  };
}
function spans(list) {
  return list.map((e) => [e.start, e.end]);
}
function groupBy(list, key) {
  const out = /* @__PURE__ */ new Map();
  for (const x of list) {
    const k = key(x);
    const group = out.get(k);
    if (group) group.push(x);
    else out.set(k, [x]);
  }
  return out;
}
function mainThread(events, stepMarks) {
  const votes = /* @__PURE__ */ new Map();
  if (stepMarks.length > 0) {
    for (const e of stepMarks) votes.set(e.thread, (votes.get(e.thread) ?? 0) + 1);
  } else {
    for (const [thread, list] of groupBy(
      events.filter((e) => e.kind === "op"),
      (e) => e.thread
    ))
      votes.set(thread, totalLength(merge(spans(list))));
  }
  let best = "";
  let most = -Infinity;
  for (const [thread, v] of votes)
    if (v > most || v === most && thread < best) {
      best = thread;
      most = v;
    }
  return best;
}
function meanSignals(list) {
  const out = { ...list[0] };
  const keys = [
    "syncCalls",
    "syncMs",
    "d2hCopies",
    "itemCalls",
    "itemStalls",
    "lockCalls",
    "lockMs",
    "networkCalls",
    "networkMs",
    "collectiveCalls",
    "collectiveMs"
  ];
  for (const k of keys) out[k] = list.reduce((s, x) => s + x[k], 0) / list.length;
  return out;
}

// src/ingest/profile/read.ts
function detectProfile(head) {
  if (/^\u001f(?:\u008b|\uFFFD)/.test(head))
    return { error: "gzip-compressed data that was not decompressed (read it from a file, or gunzip it first)" };
  const text = head.replace(/^\uFEFF/, "").trimStart();
  if (/^[[{]/.test(text)) {
    if (/"traceEvents"\s*:/.test(text) || /^\{\s*"schemaVersion"\s*:/.test(text) || /^\[\s*\{[^}]*"ph"\s*:/.test(text))
      return "torch-chrome-trace";
    if (/"(?:self_cpu_time_total|cpu_time_total)"\s*:/.test(text)) return "torch-key-averages";
    return { error: 'JSON without "traceEvents" (a Chrome trace) or "self_cpu_time_total" (a key_averages table)' };
  }
  if (/"?Kernel Name"?\s*,/.test(text) && (/"?Metric Name"?/.test(text) || /\w__\w/.test(text))) return "ncu";
  if (/Total Time \((?:ns|us|ms|s)\)/.test(text) || /\.nsys-rep|nsys_stats|cuda_gpu_kern_sum/.test(text))
    return "nsys-stats";
  if (/(^|,)self_cpu_time_total(,|$)/m.test(text)) return "torch-key-averages";
  return { error: "not a Chrome trace, key_averages table, nsys stats CSV or Nsight Compute CSV" };
}
async function readProfile(source, options = {}) {
  const kind2 = detectProfile(source.head);
  if (typeof kind2 !== "string")
    throw new InputError(source.name, `not a profiler export perf-triage reads: ${kind2.error}`);
  switch (kind2) {
    case "torch-chrome-trace":
      return {
        kind: "split",
        totals: await readTorchTrace(source, options.stepRange !== void 0 ? { stepRange: options.stepRange } : {})
      };
    case "torch-key-averages":
      return { kind: "split", totals: await readKeyAverages(source, options) };
    case "nsys-stats": {
      const stats = await readNsysStats(source);
      return { kind: "split", totals: nsysTotals(stats, options), nsys: { stats, options } };
    }
    case "ncu":
      return { kind: "kernels", ncu: await readNcu(source) };
  }
}

// src/io/load-profiles.ts
async function loadProfiles(patterns, input, cwd) {
  if (patterns.length === 0) return [];
  const { files, unmatched } = expandPatterns(patterns, cwd);
  if (unmatched.length) throw new InputError(unmatched[0], `no file matches this pattern (${input})`);
  const out = [];
  for (const file of files) out.push(await readProfile(await fileSource(resolve2(cwd ?? ".", file), file)));
  return out;
}
async function loadProfileInputs(base, head, cwd) {
  if (base.length === 0 && head.length === 0) return void 0;
  return { base: await loadProfiles(base, "baseline-profile", cwd), head: await loadProfiles(head, "profile", cwd) };
}

// src/io/load-quality.ts
import { resolve as resolve3 } from "node:path";

// src/ingest/quality/fields.ts
var ID_FIELDS = ["custom_id", "prompt_id", "request_id", "id"];
var TEXT_FIELDS2 = ["output", "text", "generated_text", "completion"];
var HASH_FIELDS = ["output_sha256", "output_hash"];
var SAMPLING_CONTAINERS = [
  "sampling_params",
  "params",
  "parameters",
  "gen_kwargs",
  "generation_kwargs",
  "request",
  "body"
];
var LM_EVAL_NON_METRICS = /* @__PURE__ */ new Set(["alias", "name", "sample_len", "samples", "sample_count"]);
var SERVER_MADE_ID = /^(?:chatcmpl|cmpl|batch_req|vllm|req|resp|msg)[-_]/;
var FIELD_LIST = 'output, text, generated_text, completion, choices[0].text or choices[0].message.content (also under "response" or "response.body"), or output_sha256 / output_hash';

// src/ingest/quality/detect.ts
var ID_KEY = new RegExp(`"(?:${ID_FIELDS.join("|")})"\\s*:`);
var OUTPUT_KEY = new RegExp(`"(?:${TEXT_FIELDS2.join("|")}|output_sha256|output_hash|choices|response|error)"\\s*:`);
var LM_EVAL_COMPANION = /"[^"\\]*_stderr(?:,[^"\\]*)?"\s*:|"(?:versions|n-samples|n-shot|higher_is_better|lm_eval_version|configs)"\s*:/;
function detectQuality(head) {
  const text = head.replace(/^\uFEFF/, "").trimStart();
  if (text.startsWith("[")) {
    return ID_KEY.test(text) && OUTPUT_KEY.test(text) ? "generations" : {
      error: "a JSON list whose first objects have no id field (custom_id, prompt_id, request_id, id) and output field"
    };
  }
  if (!text.startsWith("{"))
    return { error: 'not JSON: expected an lm-eval results file, a {"scores": …} file or generations (JSONL)' };
  const first = parseObject(text.slice(0, text.indexOf("\n") === -1 ? text.length : text.indexOf("\n")));
  if (first) return classify3(first);
  if (/"results"\s*:\s*\{/.test(text) && LM_EVAL_COMPANION.test(text)) return "lm-eval";
  if (/"scores"\s*:\s*\{/.test(text)) return "perf-triage-scores";
  if (/^\{\s*"/.test(text) && ID_KEY.test(text) && OUTPUT_KEY.test(text)) return "generations";
  return {
    error: 'JSON without "results" (lm-eval), "scores" (perf-triage scores) or an id with an output (generations)'
  };
}
function classify3(o) {
  if (asObject(own(o, "results"))) return "lm-eval";
  if (asObject(own(o, "scores"))) return "perf-triage-scores";
  if (ID_FIELDS.some((f) => own(o, f) !== void 0)) {
    if (own(o, "method") !== void 0 && own(o, "url") !== void 0 && own(o, "body") !== void 0 && own(o, "response") === void 0) {
      return {
        error: 'an OpenAI Batch input file (custom_id, method, url, body): compare the output files, whose lines carry "response"'
      };
    }
    return "generations";
  }
  return {
    error: 'a JSON object without "results" (lm-eval), "scores" (perf-triage scores) or an id field (generations)'
  };
}
function parseObject(line) {
  try {
    return asObject(JSON.parse(line));
  } catch {
    return void 0;
  }
}

// src/ingest/quality/generation-record.ts
import { createHash } from "node:crypto";

// src/model/quality.ts
var FAILED2 = "failed";

// src/ingest/quality/generation-record.ts
var HEX64 = /^[0-9a-fA-F]{64}$/;
function generationRecord(r) {
  const id = recordId(r);
  if ("reject" in id) return id;
  const sampling = samplingOf(r);
  if (failed(r)) return { ...id, entry: FAILED2, ...sampling };
  const output = outputOf(r);
  if ("reject" in output) return output;
  return { ...id, entry: output, ...sampling };
}
function recordId(r) {
  for (const field of ID_FIELDS) {
    const value4 = own(r, field);
    if (typeof value4 === "string" && value4.trim() !== "") return { id: value4, idField: field };
    if (typeof value4 === "number" && Number.isFinite(value4)) return { id: String(value4), idField: field };
  }
  return { reject: `no id: expected ${ID_FIELDS.join(", ")} (a non-empty string or a number)`, field: "id" };
}
function failed(r) {
  const error = own(r, "error");
  if (error !== void 0 && error !== null && error !== false && error !== "" && error !== 0) return true;
  const status = own(asObject(own(r, "response")), "status_code");
  return typeof status === "number" && (status < 200 || status > 299);
}
function outputOf(r) {
  const response = asObject(own(r, "response"));
  const places = [
    ["", r],
    ["response.", response],
    ["response.body.", asObject(own(response, "body"))]
  ];
  let wrongType;
  for (const [prefix, place] of places) {
    if (!place) continue;
    for (const field of TEXT_FIELDS2) {
      const value4 = own(place, field);
      if (typeof value4 === "string") return fingerprint(value4);
      if (value4 !== void 0 && value4 !== null) wrongType ??= { field: prefix + field, value: value4 };
    }
    const choice = asObject(firstOf(own(place, "choices")));
    if (!choice) continue;
    const text = own(choice, "text");
    if (typeof text === "string") return fingerprint(text);
    const message = asObject(own(choice, "message"));
    if (message) {
      const content = own(message, "content");
      return fingerprint(typeof content === "string" ? content : JSON.stringify(message));
    }
    wrongType ??= { field: `${prefix}choices[0]`, value: choice };
  }
  for (const field of HASH_FIELDS) {
    const value4 = own(r, field);
    if (typeof value4 !== "string" || value4.trim() === "") {
      if (value4 !== void 0 && value4 !== null) wrongType ??= { field, value: value4 };
      continue;
    }
    if (HEX64.test(value4)) return { hash: `sha256:${value4.toLowerCase()}` };
    if (field === "output_sha256") return { reject: `expected 64 hex digits, got ${describe6(value4)}`, field };
    return { hash: `given:${value4}` };
  }
  if (wrongType) return { reject: `expected a string, got ${describe6(wrongType.value)}`, field: wrongType.field };
  return { reject: `no output: expected ${FIELD_LIST}`, field: "output" };
}
function fingerprint(text) {
  return { hash: `sha256:${createHash("sha256").update(text, "utf8").digest("hex")}`, length: text.length };
}
function samplingOf(r) {
  let temperature;
  let seed = false;
  const places = [r, ...SAMPLING_CONTAINERS.map((k) => asObject(own(r, k)))];
  const requestBody = asObject(own(asObject(own(r, "request")), "body"));
  for (const place of [...places, requestBody]) {
    if (!place) continue;
    const t = own(place, "temperature");
    if (typeof t === "number" && Number.isFinite(t)) temperature = Math.max(temperature ?? t, t);
    const s = own(place, "seed");
    if (s !== void 0 && s !== null) seed = true;
  }
  return temperature !== void 0 ? { temperature, seed } : { seed };
}
function firstOf(value4) {
  return Array.isArray(value4) ? value4[0] : void 0;
}
function describe6(value4) {
  if (Array.isArray(value4)) return "an array";
  if (value4 !== null && typeof value4 === "object") return "an object";
  const text = JSON.stringify(value4) ?? String(value4);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

// src/ingest/quality/generations.ts
var FORMAT9 = "generations";
var MAX_BAD_SHARE = 0.05;
async function readGenerations(source) {
  const collector = new Collector(source.name);
  if (source.head.replace(/^\uFEFF/, "").trimStart().startsWith("[")) {
    const splitter = new JsonStreamSplitter();
    const handlers = {
      onElement: (text, line) => collector.add(text, line),
      onError: (message, line) => collector.reject(line, "", `${message}; nothing after it was read`)
    };
    for await (const chunk of source.chunks()) splitter.push(chunk, handlers);
    splitter.end(handlers);
  } else {
    const splitter = new LineSplitter();
    const onLine = (line, lineNo) => {
      if (line.trim() !== "") collector.add(line, lineNo);
    };
    for await (const chunk of source.chunks()) splitter.push(chunk, onLine);
    splitter.end(onLine);
  }
  return collector.finish();
}
var Collector = class {
  constructor(file) {
    this.file = file;
  }
  file;
  entries = /* @__PURE__ */ new Map();
  issues = new IssueLog();
  idFields = {};
  sampling = { withTemperature: 0, withSeed: 0 };
  records = 0;
  failed = 0;
  duplicates = 0;
  firstDuplicate;
  serverMadeIds = 0;
  add(text, line) {
    this.records++;
    let value4;
    try {
      value4 = parseJsonLenient(text);
    } catch (error) {
      this.issue(line, "", `not valid JSON: ${error.message}`);
      return;
    }
    const object3 = asObject(value4);
    if (!object3) {
      this.issue(line, "", "expected a JSON object for one request");
      return;
    }
    const mapped = generationRecord(object3);
    if ("reject" in mapped) {
      this.issue(line, mapped.field, mapped.reject);
      return;
    }
    this.idFields[mapped.idField] = (this.idFields[mapped.idField] ?? 0) + 1;
    if (mapped.idField === "id" && SERVER_MADE_ID.test(mapped.id)) this.serverMadeIds++;
    if (mapped.temperature !== void 0) {
      this.sampling.withTemperature++;
      this.sampling.maxTemperature = Math.max(this.sampling.maxTemperature ?? mapped.temperature, mapped.temperature);
    }
    if (mapped.seed) this.sampling.withSeed++;
    if (mapped.entry === FAILED2) this.failed++;
    if (this.entries.has(mapped.id)) {
      this.duplicates++;
      this.firstDuplicate ??= { line, id: mapped.id };
      return;
    }
    this.entries.set(mapped.id, mapped.entry);
  }
  /** A structural error of a JSON list: one bad record, and the end of reading. */
  reject(line, field, message) {
    this.records++;
    this.issue(line, field, message);
  }
  finish() {
    const first = this.issues.kept[0];
    if (this.records === 0) throw new InputError(this.file, `${FORMAT9}: no records`);
    if (this.issues.count / this.records > MAX_BAD_SHARE) {
      throw new InputError(
        this.file,
        `${FORMAT9}: ${this.issues.count} of ${this.records} records are bad, more than the ${MAX_BAD_SHARE * 100}% allowed; the first: ${first.message}`,
        first.line,
        first.field || void 0
      );
    }
    return {
      kind: "generations",
      format: "generations",
      file: this.file,
      entries: this.entries,
      records: this.records,
      bad: this.issues.count,
      issues: this.issues.kept,
      failed: this.failed,
      duplicates: this.duplicates,
      idFields: { ...this.idFields },
      sampling: { ...this.sampling },
      warnings: this.warnings()
    };
  }
  issue(line, field, message) {
    this.issues.add({ file: this.file, line, ...field ? { field } : {}, message });
  }
  warnings() {
    const out = [];
    const first = this.issues.kept[0];
    if (first) out.push(`${this.issues.count} of ${this.records} records skipped; the first: ${formatIssue(first)}`);
    if (this.failed)
      out.push(`${this.failed} record(s) are failed requests (error set or a non-2xx status): no output to compare`);
    if (this.firstDuplicate) {
      out.push(
        `${this.duplicates} record(s) repeat an id already seen (first at line ${this.firstDuplicate.line}, id ${JSON.stringify(this.firstDuplicate.id)}); the first of each is kept`
      );
    }
    const fields = Object.keys(this.idFields);
    if (fields.length > 1)
      out.push(
        `records use different id fields (${fields.map((f) => `${f}: ${this.idFields[f]}`).join(", ")}); ids are paired whatever field they came from`
      );
    if (this.serverMadeIds > 0) {
      out.push(
        `${this.serverMadeIds} id(s) look made by the server per call ("chatcmpl-…", "cmpl-…", "batch_req_…"): they differ between runs and will not pair; give each request a custom_id or prompt_id`
      );
    }
    return out;
  }
};

// src/ingest/quality/lm-eval.ts
var FORMAT10 = "lm-eval results";
var STDERR_KEY = /^(.*)_stderr(,.*)?$/;
function lmEvalScores(doc, file) {
  const results = asObject(own(asObject(doc), "results"));
  if (!results) throw new InputError(file, `${FORMAT10}: no "results" object`, void 0, "results");
  const higher = asObject(own(asObject(doc), "higher_is_better"));
  const sampleCounts = asObject(own(asObject(doc), "n-samples"));
  const metrics = [];
  let stderrNotNumbers = 0;
  let valuesNotNumbers = 0;
  for (const task of Object.keys(results)) {
    const row = asObject(results[task]);
    if (!row) continue;
    const values = /* @__PURE__ */ new Map();
    const stderrs = /* @__PURE__ */ new Map();
    for (const key of Object.keys(row)) {
      if (LM_EVAL_NON_METRICS.has(key)) continue;
      const value4 = row[key];
      const stderr = STDERR_KEY.exec(key);
      if (stderr) {
        if (isFiniteNumber(value4) && value4 >= 0) stderrs.set(metricName(stderr[1] + (stderr[2] ?? "")), value4);
        else stderrNotNumbers++;
      } else if (isFiniteNumber(value4)) values.set(metricName(key), value4);
      else if (typeof value4 !== "string" || key.includes(",")) valuesNotNumbers++;
    }
    const samples = sampleCount(asObject(own(sampleCounts, task)));
    const direction = asObject(own(higher, task));
    for (const [name, value4] of values) {
      const better = own(direction, name.split(",")[0]);
      metrics.push({
        key: `${task}/${name}`,
        value: value4,
        ...stderrs.has(name) ? { stderr: stderrs.get(name) } : {},
        ...samples !== void 0 ? { samples } : {},
        ...typeof better === "boolean" ? { higherIsBetter: better } : {}
      });
    }
  }
  if (metrics.length === 0)
    throw new InputError(file, `${FORMAT10}: "results" holds no numeric metric`, void 0, "results");
  const notes2 = [];
  if (stderrNotNumbers)
    notes2.push(
      `${stderrNotNumbers} stderr value(s) are not numbers ("N/A" when lm-eval computed none); those metrics have no interval`
    );
  if (valuesNotNumbers) notes2.push(`${valuesNotNumbers} result value(s) are neither numbers nor labels; left out`);
  return { kind: "scores", format: "lm-eval", file, metrics, notes: notes2 };
}
function metricName(key) {
  return key.endsWith(",none") ? key.slice(0, -",none".length) : key;
}
function sampleCount(counts) {
  const n = own(counts, "effective") ?? own(counts, "original");
  return isFiniteNumber(n) && n > 0 ? n : void 0;
}
function isFiniteNumber(value4) {
  return typeof value4 === "number" && Number.isFinite(value4);
}

// src/ingest/quality/scores-json.ts
var FORMAT11 = "perf-triage scores";
function scoresFromJson(doc, file) {
  const root = asObject(doc);
  const scores = asObject(own(root, "scores"));
  if (!scores) throw new InputError(file, `${FORMAT11}: expected {"scores": {"name": value, …}}`, void 0, "scores");
  const stderr = asObject(own(root, "stderr"));
  const counts = asObject(own(root, "n"));
  const higher = asObject(own(root, "higher_is_better"));
  const metrics = [];
  const notes2 = [];
  for (const key of Object.keys(scores)) {
    const value4 = scores[key];
    if (typeof value4 !== "number" || !Number.isFinite(value4)) {
      notes2.push(`scores.${key}: ${describe7(value4)} is not a finite number; left out`);
      continue;
    }
    const se = own(stderr, key);
    const n = own(counts, key);
    const better = own(higher, key);
    const metric = { key, value: value4 };
    if (typeof se === "number" && Number.isFinite(se) && se >= 0) metric.stderr = se;
    else if (se !== void 0 && se !== null) notes2.push(`stderr.${key}: ${describe7(se)} is not a number ≥ 0; ignored`);
    if (typeof n === "number" && Number.isFinite(n) && n > 0) metric.n = n;
    else if (n !== void 0 && n !== null) notes2.push(`n.${key}: ${describe7(n)} is not a count > 0; ignored`);
    if (typeof better === "boolean") metric.higherIsBetter = better;
    metrics.push(metric);
  }
  if (metrics.length === 0)
    throw new InputError(file, `${FORMAT11}: "scores" holds no finite number`, void 0, "scores");
  return { kind: "scores", format: "perf-triage-scores", file, metrics, notes: notes2.slice(0, 20) };
}
function describe7(value4) {
  const text = JSON.stringify(value4) ?? String(value4);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

// src/ingest/quality/read.ts
var MAX_SCORES_BYTES = 64 * 1024 * 1024;
async function readQuality(source) {
  const format = detectQuality(source.head);
  if (typeof format !== "string")
    throw new InputError(source.name, `not a quality file perf-triage reads: ${format.error}`);
  switch (format) {
    case "generations":
      return readGenerations(source);
    case "lm-eval":
      return lmEvalScores(
        parseDocument(await readDocument(source, "lm-eval results", MAX_SCORES_BYTES), source, "lm-eval results"),
        source.name
      );
    case "perf-triage-scores":
      return scoresFromJson(
        parseDocument(await readDocument(source, "perf-triage scores", MAX_SCORES_BYTES), source, "perf-triage scores"),
        source.name
      );
  }
}

// src/io/load-quality.ts
async function loadQuality(patterns, input, cwd) {
  const { files, unmatched } = expandPatterns(patterns, cwd);
  if (unmatched.length) throw new InputError(unmatched[0], `no file matches this pattern (${input})`);
  const out = [];
  for (const file of files) out.push(await readQuality(await fileSource(resolve3(cwd ?? ".", file), file)));
  return out;
}
async function loadQualityInputs(base, head, cwd) {
  if (base.length === 0 && head.length === 0) return void 0;
  if (base.length === 0 || head.length === 0)
    throw new InputError(
      base.length === 0 ? "baseline-quality" : "quality",
      "quality is compared base against head: give the files of both sides"
    );
  return { base: await loadQuality(base, "baseline-quality", cwd), head: await loadQuality(head, "quality", cwd) };
}

// src/compare/summary-defaults.ts
var DEFAULT_STATS = /* @__PURE__ */ new Set(["p50", "p90", "p95", "p99"]);
function summaryDefaults(config, base, head) {
  if (config.metrics.some((m) => m.origin === "named")) return [];
  const present = new Set(config.metrics.map((m) => m.spec.key));
  const baseKeys = summaryKeys(base);
  const headKeys = summaryKeys(head);
  const out = [];
  for (const [key, value4] of headKeys) {
    if (!baseKeys.has(key)) continue;
    const spec = specFor(value4, headKeys);
    if (!spec || present.has(spec.key)) continue;
    present.add(spec.key);
    out.push({ spec, origin: "default" });
  }
  return out;
}
function summaryKeys(side2) {
  const keys = /* @__PURE__ */ new Map();
  for (const run of side2.runs) for (const s of run.summaries) keys.set(`${s.metric}|${s.stat}`, s);
  return keys;
}
function specFor(s, all) {
  const catalog = lookupMetric(s.metric);
  if (catalog && catalog.id === s.metric) {
    if (catalog.level === "run") return s.stat === "mean" ? makeSpec(catalog, MEAN) : void 0;
    if (DEFAULT_STATS.has(s.stat)) {
      const stat3 = parseStat(s.stat);
      return stat3.ok ? makeSpec(catalog, stat3.value) : void 0;
    }
    const hasPercentile = [...DEFAULT_STATS].some((p) => all.has(`${s.metric}|${p}`));
    return s.stat === "mean" && !hasPercentile ? makeSpec(catalog, MEAN) : void 0;
  }
  if (Object.hasOwn(METRICS, s.metric)) return void 0;
  if (!s.direction && !s.unit) return void 0;
  if (s.stat !== "mean" && s.stat !== "value") return void 0;
  return makeSpec(customMetric(s.metric, s.unit ?? "", s.direction ?? "lower-is-better"), MEAN);
}

// src/metrics/values.ts
var NONE = -1;
var masks = /* @__PURE__ */ new WeakMap();
function successMask(table2) {
  const known = masks.get(table2);
  if (known && known.length === table2.length) return known;
  const mask = new Uint8Array(table2.length).fill(1);
  const error = table2.text.error;
  if (error) {
    for (let i = 0; i < table2.length; i++) if (error.codes[i] !== NONE) mask[i] = 0;
  }
  masks.set(table2, mask);
  return mask;
}
function requestColumn(table2, metric, statQ = 0.5) {
  const n = table2.numbers;
  switch (metric) {
    case "ttft":
      return masked(table2, n.first_token_ms);
    case "e2e":
      return masked(table2, n.total_ms);
    case "ttft_client":
      return masked(table2, clientTtft(table2));
    case "itl":
      return statQ === 0.99 ? masked(table2, n.itl_p99_ms) : statQ === 0.5 ? masked(table2, n.itl_p50_ms) : null;
    case "tpot":
      return masked(table2, tpot(table2));
    case "throughput":
    case "request_throughput":
    case "failed":
      return null;
    default:
      return masked(table2, phaseColumn(table2, metric));
  }
}
function phaseColumn(table2, phase) {
  const n = table2.numbers;
  switch (phase) {
    case "tokenize":
      return n.tokenize_ms;
    case "queue_wait":
      return n.queue_wait_ms;
    case "prefill":
      return n.prefill_ms;
    case "decode":
      return n.decode_ms;
    case "detokenize":
      return n.detokenize_ms;
    case "network": {
      if (!n.client_first_token_ms || !n.first_token_ms) return n.network_ms;
      const out = new Float64Array(table2.length);
      for (let i = 0; i < out.length; i++) out[i] = n.client_first_token_ms[i] - n.first_token_ms[i];
      return out;
    }
  }
}
function clientTtft(table2) {
  const n = table2.numbers;
  if (!n.first_token_ms || !n.client_first_token_ms && !n.network_ms) return void 0;
  if (n.client_first_token_ms && !hasNaN(n.client_first_token_ms)) return n.client_first_token_ms;
  const out = new Float64Array(table2.length);
  for (let i = 0; i < out.length; i++) {
    const client = n.client_first_token_ms?.[i];
    out[i] = client !== void 0 && !Number.isNaN(client) ? client : n.first_token_ms[i] + (n.network_ms?.[i] ?? NaN);
  }
  return out;
}
function hasNaN(values) {
  for (let i = 0; i < values.length; i++) if (Number.isNaN(values[i])) return true;
  return false;
}
function tpotAt(decode, tokens, i) {
  return tokens[i] >= 2 ? decode[i] / (tokens[i] - 1) : NaN;
}
function tpot(table2) {
  const decode = table2.numbers.decode_ms;
  const tokens = table2.numbers.output_tokens;
  if (!decode || !tokens) return void 0;
  const out = new Float64Array(table2.length);
  for (let i = 0; i < out.length; i++) out[i] = tpotAt(decode, tokens, i);
  return out;
}
function masked(table2, column) {
  if (!column) return null;
  const error = table2.text.error;
  if (!error) return column;
  const out = Float64Array.from(column);
  for (let i = 0; i < out.length; i++) if (error.codes[i] !== NONE) out[i] = NaN;
  return out;
}
function finiteSeries(column) {
  let count3 = 0;
  for (let i = 0; i < column.length; i++) if (Number.isFinite(column[i])) count3++;
  if (count3 === column.length) return column;
  const out = new Float64Array(count3);
  let j = 0;
  for (let i = 0; i < column.length; i++) if (Number.isFinite(column[i])) out[j++] = column[i];
  return out;
}
var FIELD_FOR = {
  ttft: "first_token_ms",
  e2e: "total_ms",
  ttft_client: "client_first_token_ms or network_ms",
  network: "client_first_token_ms (with first_token_ms) or network_ms",
  tpot: "decode_ms and output_tokens",
  throughput: "arrival_ts, total_ms and output_tokens",
  failed: "error, or the failed and requested counts",
  request_throughput: "arrival_ts and total_ms"
};
function fieldsFor(id) {
  return FIELD_FOR[id] ?? `${id}_ms`;
}
function metricSeries(table2, spec, steady) {
  if (spec.metric.custom) return err(`${spec.metric.id} is reported as a run-level number only`);
  const id = spec.metric.id;
  if (id === "failed") return err("the failed share is counted, not resampled");
  if (spec.metric.level === "run") return rateSeries(table2, id === "throughput", steady);
  const q = spec.stat.kind === "percentile" ? spec.stat.q : 0.5;
  if (id === "itl") return itlSeries(table2, spec, steady?.row ?? 0);
  if (id === "tpot") return tpotSeries(table2, steady?.row ?? 0);
  const column = requestColumn(table2, id, q);
  if (!column) return err(`the data has no ${fieldsFor(id)}`);
  const values = finiteSeries(steady?.row ? column.subarray(steady.row) : column);
  if (values.length === 0) return err(`no successful request has a value for ${spec.metric.id}`);
  return ok({ values });
}
function itlSeries(table2, spec, from) {
  if (table2.tokenGaps) {
    const gaps = table2.tokenGaps;
    const values2 = from > 0 && from < gaps.offsets.length ? gaps.values.subarray(gaps.offsets[from]) : gaps.values;
    return ok({ values: finiteSeries(values2), basis: { kind: "pooled-gaps" } });
  }
  if (spec.stat.kind === "mean") {
    const decode = requestColumn(table2, "decode");
    const tokens = table2.numbers.output_tokens;
    if (!decode || !tokens) return err("the data has no decode_ms and output_tokens for the mean ITL");
    const values2 = new Float64Array(table2.length - from);
    const denominators = new Float64Array(table2.length - from);
    for (let i = from; i < table2.length; i++) {
      const usable2 = Number.isFinite(decode[i]) && tokens[i] >= 2;
      values2[i - from] = usable2 ? decode[i] : 0;
      denominators[i - from] = usable2 ? tokens[i] - 1 : 0;
    }
    return ok({ values: values2, denominators, basis: { kind: "gap-ratio" }, statistic: { kind: "ratio" } });
  }
  const q = spec.stat.q;
  if (q !== 0.5 && q !== 0.99) {
    return err(
      `per-request telemetry carries itl_p50_ms and itl_p99_ms only; ITL ${spec.stat.label} needs every token gap`
    );
  }
  const field = q === 0.5 ? "itl_p50_ms" : "itl_p99_ms";
  const column = requestColumn(table2, "itl", q);
  if (!column) return err(`the data has no ${field}`);
  const values = finiteSeries(from > 0 ? column.subarray(from) : column);
  if (values.length === 0) return err(`no successful request has ${field}`);
  return ok({ values, basis: { kind: "request-median", field }, statistic: { kind: "quantile", q: 0.5 } });
}
function tpotSeries(table2, from) {
  const decode = table2.numbers.decode_ms;
  const tokens = table2.numbers.output_tokens;
  if (!decode || !tokens) return err(`the data has no ${fieldsFor("tpot")}`);
  const success = successMask(table2);
  const at = (i) => success[i] ? tpotAt(decode, tokens, i) : NaN;
  let count3 = 0;
  for (let i = from; i < table2.length; i++) if (Number.isFinite(at(i))) count3++;
  if (count3 === 0) return err("no successful request has a value for tpot");
  const values = new Float64Array(count3);
  for (let i = from, j = 0; i < table2.length; i++) {
    const v = at(i);
    if (Number.isFinite(v)) values[j++] = v;
  }
  return ok({ values });
}
var WINDOWS_PER_REQUEST = 0.1;
var MIN_WINDOWS = 20;
var MAX_WINDOWS = 400;
function rateSeries(table2, tokens, steady) {
  const arrival = table2.numbers.arrival_ts;
  const total2 = table2.numbers.total_ms;
  const output = table2.numbers.output_tokens;
  if (!arrival || !total2 || tokens && !output || !table2.orderedByArrival) {
    return err(`the data has no ${FIELD_FOR[tokens ? "throughput" : "request_throughput"]} on every request`);
  }
  const n = table2.length;
  const start = steady && steady.row < n ? steady.ts : arrival[0];
  const lastArrival = arrival[n - 1];
  let lastCompletion = -Infinity;
  for (let i = 0; i < n; i++)
    if (Number.isFinite(total2[i])) lastCompletion = Math.max(lastCompletion, arrival[i] + total2[i] / 1e3);
  const end = lastArrival - start > 0 ? lastArrival : lastCompletion;
  const span2 = end - start;
  if (!(span2 > 0))
    return err("the run has no time span to measure a rate over (every request arrived and finished at once)");
  const windows = Math.round(Math.min(MAX_WINDOWS, Math.max(MIN_WINDOWS, n * WINDOWS_PER_REQUEST)));
  const width = span2 / windows;
  const values = new Float64Array(windows);
  const denominators = new Float64Array(windows).fill(width);
  const succeeded = successMask(table2);
  const weight = table2.rowWeight ?? 1;
  const firstToken = table2.numbers.first_token_ms;
  for (let i = 0; i < n; i++) {
    if (!succeeded[i] || !Number.isFinite(total2[i])) continue;
    const done = arrival[i] + total2[i] / 1e3;
    if (!tokens) {
      if (done >= start && done <= end) values[Math.min(windows - 1, Math.floor((done - start) / width))] += weight;
      continue;
    }
    const count3 = output[i];
    if (!(count3 > 0)) continue;
    const ft = firstToken?.[i];
    const from = arrival[i] + (ft !== void 0 && Number.isFinite(ft) ? ft / 1e3 : 0);
    spread(values, start, width, from, done, count3 * weight);
  }
  return ok({ values, denominators });
}
function spread(values, start, width, from, to, amount) {
  const windows = values.length;
  const end = start + width * windows;
  if (to <= from) {
    if (from >= start && from <= end) values[Math.min(windows - 1, Math.floor((from - start) / width))] += amount;
    return;
  }
  const lo = Math.max(from, start);
  const hi = Math.min(to, end);
  if (hi <= lo) return;
  const density = amount / (to - from);
  let w = Math.min(windows - 1, Math.floor((lo - start) / width));
  let t = lo;
  while (t < hi && w < windows) {
    const windowEnd = Math.min(hi, start + (w + 1) * width);
    values[w] += density * (windowEnd - t);
    t = windowEnd;
    w++;
  }
}

// src/metrics/basis.ts
function isSummaryBasis(basis) {
  return basis?.kind === "summary";
}
function sameBasis(a, b) {
  if (a === void 0 || b === void 0) return a === b;
  switch (a.kind) {
    case "request-median":
      return b.kind === a.kind && b.field === a.field;
    case "summary":
      return b.kind === a.kind && b.fields.join("\n") === a.fields.join("\n");
    default:
      return b.kind === a.kind;
  }
}
function basisText(basis) {
  if (basis === void 0) return "per request";
  switch (basis.kind) {
    case "pooled-gaps":
      return "pooled token gaps";
    case "gap-ratio":
      return "Σ decode_ms / Σ (output_tokens − 1)";
    case "request-median":
      return `median over requests of ${basis.field}`;
    case "summary":
      return `summary: ${basis.fields.join(", ")}`;
    case "failure-counts":
      return "failed and requested counts";
    case "failure-rows":
      return "rows with an error";
  }
}

// src/stats/block-length.ts
var MAX_ESTIMATION_WINDOW = 2e4;
function optimalBlockLength(series, options = {}) {
  const n = series.length;
  if (n < 12) return 1;
  const raw = middleWindow(series, MAX_ESTIMATION_WINDOW);
  const window = options.ranks ? rankTransform(raw) : raw;
  const w = window.length;
  const kn = Math.max(5, Math.ceil(Math.sqrt(Math.log10(w))));
  const mMax = Math.ceil(Math.sqrt(w)) + kn;
  const maxBlock = Math.max(1, Math.floor(Math.min(3 * Math.sqrt(n), n / 3)));
  const acov = autocovariances(window, mMax + kn);
  if (!(acov[0] > 0)) return 1;
  const threshold = 2 * Math.sqrt(Math.log10(w) / w);
  let mHat = mMax;
  for (let m = 0; m <= mMax; m++) {
    let allSmall = true;
    for (let j = 1; j <= kn; j++) {
      if (Math.abs(acov[m + j] / acov[0]) >= threshold) {
        allSmall = false;
        break;
      }
    }
    if (allSmall) {
      mHat = m;
      break;
    }
  }
  const bigM = Math.min(2 * Math.max(mHat, 1), mMax);
  let g2 = acov[0];
  let bigG = 0;
  for (let k = 1; k <= bigM; k++) {
    const weight = flatTop(k / bigM);
    g2 += 2 * weight * acov[k];
    bigG += 2 * weight * k * acov[k];
  }
  if (!(g2 > 0) || bigG === 0) return 1;
  const d = 2 * g2 * g2;
  const length = Math.pow(2 * bigG * bigG / d, 1 / 3) * Math.pow(n, 1 / 3);
  return Math.min(maxBlock, Math.max(1, Math.round(length)));
}
function flatTop(t) {
  const a = Math.abs(t);
  if (a <= 0.5) return 1;
  if (a <= 1) return 2 * (1 - a);
  return 0;
}
function middleWindow(series, size) {
  const n = series.length;
  const start = n > size ? Math.floor((n - size) / 2) : 0;
  const length = Math.min(n, size);
  const out = new Float64Array(length);
  for (let i = 0; i < length; i++) out[i] = series[start + i];
  return out;
}
function autocovariances(x, maxLag) {
  const n = x.length;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += x[i];
  mean /= n;
  const centered = new Float64Array(n);
  for (let i = 0; i < n; i++) centered[i] = x[i] - mean;
  const lags = Math.min(maxLag, n - 1);
  const out = new Float64Array(maxLag + 1);
  for (let k = 0; k <= lags; k++) {
    let sum = 0;
    for (let i = 0; i + k < n; i++) sum += centered[i] * centered[i + k];
    out[k] = sum / n;
  }
  return out;
}
function rankTransform(values) {
  const n = values.length;
  let nan = false;
  for (let i = 0; i < n && !nan; i++) nan = Number.isNaN(values[i]);
  const order = nan ? comparatorSort(values) : stableOrder(Float64Array.from(values));
  const ranks = new Float64Array(n);
  for (let r = 0; r < n; ) {
    let end = r + 1;
    while (end < n && values[order[end]] === values[order[r]]) end++;
    const rank2 = (r + end) / 2 / n;
    for (let k = r; k < end; k++) ranks[order[k]] = rank2;
    r = end;
  }
  return ranks;
}
function comparatorSort(values) {
  const order = new Uint32Array(values.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  return order.sort((a, b) => values[a] - values[b]);
}

// src/stats/block-layout.ts
function layoutBlocks(runs, blockLengths) {
  const firstBlock = new Int32Array(runs.length);
  const blocksInRun = new Int32Array(runs.length);
  let blockCount = 0;
  let elements = 0;
  runs.forEach((run, r) => {
    const n = run.values.length;
    const blocks = Math.max(1, Math.floor(n / blockLengths[r]));
    firstBlock[r] = blockCount;
    blocksInRun[r] = blocks;
    blockCount += blocks;
    elements += n;
  });
  const blockSize = new Float64Array(blockCount);
  runs.forEach((run, r) => {
    const n = run.values.length;
    const blocks = blocksInRun[r];
    for (let i = 0; i < n; i++) blockSize[firstBlock[r] + Math.floor(i * blocks / n)]++;
  });
  return { blockCount, firstBlock, blocksInRun, elements, blockSize };
}
function blockIds(runs, layout) {
  const out = layout.blockCount <= 65535 ? new Uint16Array(layout.elements) : new Int32Array(layout.elements);
  let offset = 0;
  runs.forEach((run, r) => {
    const n = run.values.length;
    const blocks = layout.blocksInRun[r];
    const first = layout.firstBlock[r];
    for (let i = 0; i < n; i++) out[offset + i] = first + Math.floor(i * blocks / n);
    offset += n;
  });
  return out;
}
function blockSums(runs, layout, pick) {
  const sums = new Float64Array(layout.blockCount);
  runs.forEach((run, r) => {
    const values = pick(run);
    const n = values.length;
    const blocks = layout.blocksInRun[r];
    const first = layout.firstBlock[r];
    for (let i = 0; i < n; i++) sums[first + Math.floor(i * blocks / n)] += values[i];
  });
  return sums;
}

// src/stats/sorted-blocks.ts
function concatRuns(runs, n) {
  if (runs.length === 1) return runs[0].values;
  const all = new Float64Array(n);
  let offset = 0;
  for (const run of runs) {
    all.set(run.values, offset);
    offset += run.values.length;
  }
  return all;
}
function sortedWithBlocks(values, blockOf, lend) {
  const n = values.length;
  const blocks = lend ? lend.blocks(blockOf, n) : blockOf instanceof Uint16Array ? new Uint16Array(n) : new Int32Array(n);
  let nan = false;
  for (let i = 0; i < n && !nan; i++) nan = Number.isNaN(values[i]);
  if (nan) {
    const { sorted: sorted2, slot } = sortWithSlots(values);
    for (let i = 0; i < n; i++) blocks[slot[i]] = blockOf[i];
    return { sorted: sorted2, blocks };
  }
  const { order, sorted } = sortedOrderView(values, lend?.float64(n));
  for (let k = 0; k < n; k++) blocks[k] = blockOf[order[k]];
  return { sorted, blocks };
}
function sortWithSlots(values) {
  const n = values.length;
  const sorted = Float64Array.from(values).sort();
  const used = new Int32Array(n);
  const slot = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const v = values[i];
    const nan = Number.isNaN(v);
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = lo + hi >>> 1;
      if (nan ? !Number.isNaN(sorted[mid]) : sorted[mid] < v) lo = mid + 1;
      else hi = mid;
    }
    slot[i] = lo + used[lo]++;
  }
  return { sorted, slot };
}
var pickScratch = {
  f64: new Float64Array(0),
  u16: new Uint16Array(0),
  i32: new Int32Array(0),
  values(n) {
    if (this.f64.length < n) this.f64 = new Float64Array(n);
    return this.f64.subarray(0, n);
  },
  blocks16(n) {
    if (this.u16.length < n) this.u16 = new Uint16Array(n);
    return this.u16.subarray(0, n);
  },
  blocks32(n) {
    if (this.i32.length < n) this.i32 = new Int32Array(n);
    return this.i32.subarray(0, n);
  }
};
var SLICE_MIN = 1 << 18;
var SAMPLE = 16384;
var SortedSource = class {
  /** `minSlice`: series shorter than this are sorted whole (tests lower it). */
  constructor(values, blockOf, blockCount, minSlice = SLICE_MIN) {
    this.values = values;
    this.blockOf = blockOf;
    this.blockCount = blockCount;
    this.minSlice = minSlice;
  }
  values;
  blockOf;
  blockCount;
  minSlice;
  whole;
  get size() {
    return this.values.length;
  }
  full() {
    this.whole ??= sortedWithBlocks(this.values, this.blockOf);
    return this.whole;
  }
  /**
   * A slice holding at least positions [from, to) of the whole sort; its sorted values and blocks in
   * arrays from `lend` when given (a whole sort is kept, so it never is).
   */
  slice(from, to, lend) {
    const n = this.values.length;
    if (this.whole || n < this.minSlice || to - from > n / 2) return this.wholeSlice();
    const values = this.values;
    const m = Math.min(SAMPLE, n >> 1);
    const sample = new Float64Array(m);
    for (let k = 0; k < m; k++) sample[k] = values[Math.floor(k * n / m)];
    sample.sort();
    const margin = (p) => Math.ceil(4 * Math.sqrt(m * p * (1 - p)) + 8);
    const low2 = Math.floor(from / n * m) - margin(from / n);
    const high = Math.ceil(to / n * m) + margin(to / n);
    const lo = low2 <= 0 ? -Infinity : sample[low2];
    const hi = high >= m ? Infinity : sample[high];
    if (Number.isNaN(lo) || Number.isNaN(hi)) return this.wholeSlice();
    let before = 0;
    let inside = 0;
    for (let i = 0; i < n; i++) {
      const v = values[i];
      if (v < lo) before++;
      else if (v <= hi) inside++;
    }
    if (before > from || before + inside < to) return this.wholeSlice();
    const below = new Uint32Array(this.blockCount);
    const picked = pickScratch.values(inside);
    const pickedBlocks = this.blockOf instanceof Uint16Array ? pickScratch.blocks16(inside) : pickScratch.blocks32(inside);
    const blockOf = this.blockOf;
    for (let i = 0, j = 0; i < n; i++) {
      const v = values[i];
      if (v < lo) below[blockOf[i]]++;
      else if (v <= hi) {
        picked[j] = v;
        pickedBlocks[j++] = blockOf[i];
      }
    }
    const { sorted, blocks } = sortedWithBlocks(picked, pickedBlocks, lend);
    return { offset: before, sorted, blocks, below };
  }
  wholeSlice() {
    const { sorted, blocks } = this.full();
    return { offset: 0, sorted, blocks, below: new Uint32Array(this.blockCount) };
  }
};

// src/stats/weighted-quantile.ts
var MIN_CHECKPOINTS = 64;
function quantileEvaluator(source, layout, counts, q, lend) {
  const n = layout.elements;
  const blocks = layout.blockCount;
  const blockSize = layout.blockSize;
  let maxBlock = 0;
  for (let b = 0; b < blocks; b++) if (blockSize[b] > maxBlock) maxBlock = blockSize[b];
  const spread2 = Math.sqrt(n * Math.max(q * (1 - q), 1 / n) * maxBlock);
  const centre = Math.floor(q * (n - 1));
  const from = Math.max(0, Math.floor(centre - 6 * spread2 - maxBlock));
  const to = Math.min(n, Math.ceil(centre + 6 * spread2 + maxBlock));
  const most = Math.max(MIN_CHECKPOINTS, Math.floor(n / (2 * blocks)));
  const gap = Math.max(16, Math.ceil(blocks / 2), Math.ceil((to - from) / most));
  const positions = [];
  for (let p = from; p < to; p += gap) positions.push(p);
  const checkpoints = positions.length;
  const slice = source.slice(from, Math.min(n, to + gap + maxBlock), lend);
  let sortedValues = slice.sorted;
  let sortedBlock = slice.blocks;
  let offset = slice.offset;
  let end = offset + sortedValues.length;
  const below = lend ? lend.uint32(checkpoints * blocks) : new Uint32Array(checkpoints * blocks);
  {
    const running = Uint32Array.from(slice.below);
    let i = offset;
    positions.forEach((p, k) => {
      for (; i < p; i++) running[sortedBlock[i - offset]]++;
      below.set(running, k * blocks);
    });
  }
  const widen = () => {
    const whole2 = source.full();
    sortedValues = whole2.sorted;
    sortedBlock = whole2.blocks;
    offset = 0;
    end = n;
  };
  const weightBelow = (k) => {
    let sum = 0;
    const base = k * blocks;
    for (let b = 0; b < blocks; b++) sum += counts[b] * below[base + b];
    return sum;
  };
  const middle = Math.min(checkpoints - 1, Math.max(0, Math.round((centre - from) / gap)));
  const start = { k: -1, weight: 0 };
  return () => {
    let total2 = 0;
    for (let b = 0; b < blocks; b++) total2 += counts[b] * blockSize[b];
    if (total2 === 0) return NaN;
    const h = q * (total2 - 1);
    const lo = Math.floor(h);
    const frac = h - lo;
    let j = 0;
    let cumulative = 0;
    if (checkpoints > 0) {
      lastAtMost(weightBelow, checkpoints, lo, middle, gap * total2 / n, start);
      if (start.k >= 0) {
        j = positions[start.k];
        cumulative = start.weight;
      }
    }
    if (j < offset) widen();
    let lower = NaN;
    for (; j < n; j++) {
      if (j === end) widen();
      const weight = counts[sortedBlock[j - offset]];
      if (weight === 0) continue;
      cumulative += weight;
      if (Number.isNaN(lower)) {
        if (cumulative > lo) {
          lower = sortedValues[j - offset];
          if (frac === 0 || cumulative > lo + 1) return lower;
        }
      } else {
        return lower + frac * (sortedValues[j - offset] - lower);
      }
    }
    return lower;
  };
}
function lastAtMost(weight, count3, lo, first, perStep, out) {
  let a = -1;
  let wa = 0;
  let b = count3;
  let wb = Infinity;
  let k = first;
  let bisect = false;
  while (b - a > 1) {
    const w = weight(k);
    const width = b - a;
    if (w <= lo) {
      a = k;
      wa = w;
    } else {
      b = k;
      wb = w;
    }
    if (b - a <= 1) break;
    if (bisect || 2 * (b - a) > width) {
      k = a + b >> 1;
      bisect = !bisect;
      continue;
    }
    let guess;
    if (a >= 0 && b < count3) guess = a + (lo - wa) / (wb - wa) * (b - a);
    else if (a >= 0) guess = a + (lo - wa) / perStep;
    else guess = b - (wb - lo) / perStep;
    k = Math.min(b - 1, Math.max(a + 1, Math.floor(guess)));
  }
  out.k = a;
  out.weight = wa;
}

// src/stats/block-bootstrap.ts
var MAX_BLOCKS_PER_RUN = 400;
function createResampler(runs, statistic, blockLengthOverride, cache) {
  const usable2 = runs.filter((r) => r.values.length > 0);
  if (usable2.length === 0) throw new Error("cannot resample a side without values");
  const ranks = statistic.kind === "quantile";
  const optimal = (values) => optimalBlockLength(values, { ranks });
  const blockLengths = usable2.map(
    (r) => blockLengthOverride ?? Math.max(
      cache ? cache.blockLength(r.values, ranks ? "ranks" : "values", () => optimal(r.values)) : optimal(r.values),
      Math.ceil(r.values.length / MAX_BLOCKS_PER_RUN)
    )
  );
  const layout = layoutBlocks(usable2, blockLengths);
  const counts = new Float64Array(layout.blockCount);
  const draw = (rng) => {
    counts.fill(0);
    const runCount = usable2.length;
    for (let r = 0; r < runCount; r++) {
      const run = runCount === 1 ? 0 : rng.int(runCount);
      const first = layout.firstBlock[run];
      const blocks = layout.blocksInRun[run];
      if (rng.countInts) rng.countInts(blocks, blocks, counts, first);
      else for (let k = 0; k < blocks; k++) counts[first + rng.int(blocks)]++;
    }
  };
  const all = () => counts.fill(1);
  let evaluate;
  if (statistic.kind === "quantile") {
    const ids = () => blockIds(usable2, layout);
    const runLayout = `${usable2.map((r) => r.values.length).join(",")}/${blockLengths.join(",")}`;
    const source = () => new SortedSource(
      concatRuns(usable2, layout.elements),
      cache ? cache.blockIds(runLayout, ids) : ids(),
      layout.blockCount
    );
    const sorted = cache ? cache.sortedSource(
      usable2.map((r) => r.values),
      blockLengths.join(","),
      source
    ) : source();
    evaluate = quantileEvaluator(sorted, layout, counts, statistic.q, cache?.lender);
  } else {
    const numerators = blockSums(usable2, layout, (r) => r.values);
    const denominators = statistic.kind === "mean" ? layout.blockSize : blockSums(usable2, layout, (r) => {
      if (!r.denominators) throw new Error("ratio statistic needs denominators");
      return r.denominators;
    });
    evaluate = () => {
      let num = 0;
      let den = 0;
      for (let b = 0; b < counts.length; b++) {
        const c = counts[b];
        if (c === 0) continue;
        num += c * numerators[b];
        den += c * denominators[b];
      }
      return den === 0 ? NaN : num / den;
    };
  }
  all();
  const point = evaluate();
  return {
    point,
    size: layout.elements,
    blockLengths,
    replicate(rng) {
      draw(rng);
      return evaluate();
    }
  };
}

// src/stats/resample-cache.ts
var Lent = class {
  constructor(make) {
    this.make = make;
  }
  make;
  arrays = [];
  next = 0;
  lend(n) {
    if (this.next === this.arrays.length) this.arrays.push(this.make(n));
    else if (this.arrays[this.next].length < n) this.arrays[this.next] = this.make(n);
    return this.arrays[this.next++].subarray(0, n);
  }
  reset() {
    this.next = 0;
  }
};
var ResamplerCache = class {
  /** `capacity`: sorted series kept (2: the base and the head of the metric being compared). */
  constructor(capacity = 2) {
    this.capacity = capacity;
  }
  capacity;
  lengths = /* @__PURE__ */ new WeakMap();
  sorted = [];
  blocks = [];
  float64 = new Lent((n) => new Float64Array(n));
  uint32 = new Lent((n) => new Uint32Array(n));
  uint16 = new Lent((n) => new Uint16Array(n));
  int32 = new Lent((n) => new Int32Array(n));
  /**
   * Arrays for the slices the quantiles of the metric being compared walk, and their checkpoints:
   * needed only while its replicates are drawn, they are lent again to the next metric
   * (nextMetric), where new ones per metric left ~6 MB of garbage per million-row side.
   */
  lender = {
    float64: (n) => this.float64.lend(n),
    uint32: (n) => this.uint32.lend(n),
    blocks: (like, n) => like instanceof Uint16Array ? this.uint16.lend(n) : this.int32.lend(n)
  };
  /** The resamplers made so far are done with: what they were lent is lent again. */
  nextMetric() {
    this.float64.reset();
    this.uint32.reset();
    this.uint16.reset();
    this.int32.reset();
  }
  blockLength(values, kind2, compute) {
    let byKind = this.lengths.get(values);
    if (!byKind) this.lengths.set(values, byKind = /* @__PURE__ */ new Map());
    let length = byKind.get(kind2);
    if (length === void 0) byKind.set(kind2, length = compute());
    return length;
  }
  /**
   * The block of each element for a layout (the runs' lengths and block lengths: blockIds depends on
   * nothing else). Series of one side share it when their block lengths agree, as they do at the
   * cap of MAX_BLOCKS_PER_RUN on long runs: one array per side instead of one per metric.
   */
  blockIds(layout, compute) {
    const hit = this.blocks.find((b) => b.layout === layout);
    if (hit) return hit.ids;
    if (this.blocks.length >= this.capacity) this.blocks.shift();
    const ids = compute();
    this.blocks.push({ layout, ids });
    return ids;
  }
  sortedSource(values, layout, compute) {
    const same = (a) => a.length === values.length && a.every((v, i) => v === values[i]);
    const hit = this.sorted.find((s) => s.layout === layout && same(s.values));
    if (hit) return hit.entry;
    if (this.sorted.length >= this.capacity) this.sorted.shift();
    const entry = compute();
    this.sorted.push({ values, layout, entry });
    return entry;
  }
};

// src/stats/rng.ts
function splitmix32(seed) {
  let state = seed >>> 0;
  return () => {
    state = state + 2654435769 >>> 0;
    let z2 = state;
    z2 = Math.imul(z2 ^ z2 >>> 16, 2246822507) >>> 0;
    z2 = Math.imul(z2 ^ z2 >>> 13, 3266489909) >>> 0;
    return (z2 ^ z2 >>> 16) >>> 0;
  };
}
function createRng(seed) {
  const init2 = splitmix32(seed);
  const state = new Int32Array(4);
  for (let i = 0; i < 4; i++) state[i] = init2();
  let spareNormal;
  const nextUint32 = () => {
    const a = state[0];
    const b = state[1];
    const scaled2 = Math.imul(b, 5);
    const result = Math.imul(scaled2 << 7 | scaled2 >>> 25, 9) >>> 0;
    const c = state[2] ^ a;
    const d = state[3] ^ b;
    state[0] = a ^ d;
    state[1] = b ^ c;
    state[2] = c ^ b << 9;
    state[3] = d << 11 | d >>> 21;
    return result;
  };
  const next = () => nextUint32() / 4294967296;
  return {
    next,
    int: (n) => Math.floor(next() * n),
    countInts: (n, draws, counts, offset) => {
      let a = state[0];
      let b = state[1];
      let c = state[2];
      let d = state[3];
      for (let k = 0; k < draws; k++) {
        const scaled2 = Math.imul(b, 5);
        const result = Math.imul(scaled2 << 7 | scaled2 >>> 25, 9) >>> 0;
        c ^= a;
        d ^= b;
        const t = b << 9;
        b ^= c;
        a ^= d;
        c ^= t;
        d = d << 11 | d >>> 21;
        counts[offset + Math.floor(result / 4294967296 * n)]++;
      }
      state[0] = a;
      state[1] = b;
      state[2] = c;
      state[3] = d;
    },
    normal: () => {
      if (spareNormal !== void 0) {
        const value4 = spareNormal;
        spareNormal = void 0;
        return value4;
      }
      let u = next();
      while (u === 0) u = next();
      const v = next();
      const radius = Math.sqrt(-2 * Math.log(u));
      spareNormal = radius * Math.sin(2 * Math.PI * v);
      return radius * Math.cos(2 * Math.PI * v);
    },
    exponential: (mean) => {
      let u = next();
      while (u === 0) u = next();
      return -Math.log(u) * mean;
    }
  };
}
function deriveSeed(seed, label) {
  let h = (seed ^ 2166136261) >>> 0;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h;
}

// src/stats/select.ts
function selectInPlace(a, k, left = 0, right = a.length - 1) {
  while (right > left) {
    if (right - left > 600) {
      const n = right - left + 1;
      const m = k - left + 1;
      const z2 = Math.log(n);
      const s = 0.5 * Math.exp(2 * z2 / 3);
      const sd = 0.5 * Math.sqrt(z2 * s * (n - s) / n) * (m - n / 2 < 0 ? -1 : 1);
      selectInPlace(
        a,
        k,
        Math.max(left, Math.floor(k - m * s / n + sd)),
        Math.min(right, Math.floor(k + (n - m) * s / n + sd))
      );
    }
    const t = a[k];
    let i = left;
    let j = right;
    swap2(a, left, k);
    if (a[right] > t) swap2(a, left, right);
    while (i < j) {
      swap2(a, i, j);
      i++;
      j--;
      while (a[i] < t) i++;
      while (a[j] > t) j--;
    }
    if (a[left] === t) swap2(a, left, j);
    else {
      j++;
      swap2(a, j, right);
    }
    if (j <= k) left = j + 1;
    if (k <= j) right = j - 1;
  }
}
function swap2(a, i, j) {
  const t = a[i];
  a[i] = a[j];
  a[j] = t;
}
function minOf(a, from, to) {
  let m = a[from];
  for (let i = from + 1; i < to; i++) if (a[i] < m) m = a[i];
  return m;
}
function selectQuantile(finite, q) {
  const n = finite.length;
  if (n === 0) return NaN;
  if (n === 1) return finite[0];
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  if (lo >= n - 1) return withSign(finite, n - 1, maxOf(finite));
  selectInPlace(finite, lo);
  const lower = withSign(finite, lo, finite[lo]);
  const frac = h - lo;
  if (frac === 0) return lower;
  const upper = withSign(finite, lo + 1, minOf(finite, lo + 1, n));
  return lower + frac * (upper - lower);
}
function selectQuantiles(finite, qs) {
  const n = finite.length;
  let left = 0;
  return qs.map((q, i) => {
    if (i > 0 && q < qs[i - 1]) throw new Error("selectQuantiles needs ascending quantiles");
    if (n === 0) return NaN;
    if (n === 1) return finite[0];
    const h = (n - 1) * q;
    const lo = Math.floor(h);
    if (lo >= n - 1) return withSign(finite, n - 1, maxOf(finite));
    selectInPlace(finite, lo, left, n - 1);
    left = lo;
    const lower = withSign(finite, lo, finite[lo]);
    const frac = h - lo;
    if (frac === 0) return lower;
    const upper = withSign(finite, lo + 1, minOf(finite, lo + 1, n));
    return lower + frac * (upper - lower);
  });
}
function maxOf(a) {
  let m = a[0];
  for (let i = 1; i < a.length; i++) if (a[i] > m) m = a[i];
  return m;
}
function withSign(a, k, value4) {
  if (value4 !== 0) return value4;
  let negatives = 0;
  let negativeZeros = 0;
  for (let i = 0; i < a.length; i++) {
    const v = a[i];
    if (v < 0) negatives++;
    else if (v === 0 && Object.is(v, -0)) negativeZeros++;
  }
  return k >= negatives && k < negatives + negativeZeros ? -0 : 0;
}

// src/stats/quantile.ts
function sortedFinite(values) {
  const out = finiteCopy(values);
  if (!sortDecimalsInPlace(out)) out.sort();
  return out;
}
function finiteCopy(values) {
  if (values instanceof Float64Array) {
    const out2 = values.slice();
    const n = out2.length;
    let j2 = 0;
    while (j2 < n && Number.isFinite(out2[j2])) j2++;
    if (j2 === n) return out2;
    for (let i = j2 + 1; i < n; i++) {
      const v = out2[i];
      if (Number.isFinite(v)) out2[j2++] = v;
    }
    return out2.slice(0, j2);
  }
  let count3 = 0;
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i])) count3++;
  const out = new Float64Array(count3);
  let j = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (Number.isFinite(v)) out[j++] = v;
  }
  return out;
}
function quantileSorted(sorted, q) {
  const n = sorted.length;
  if (n === 0) return NaN;
  if (n === 1) return sorted[0];
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  if (lo >= n - 1) return sorted[n - 1];
  const frac = h - lo;
  return frac === 0 ? sorted[lo] : sorted[lo] + frac * (sorted[lo + 1] - sorted[lo]);
}
var selectScratch = new Float64Array(0);
function selectScratchFor(length) {
  if (selectScratch.length < length) selectScratch = new Float64Array(Math.max(length, 2 * selectScratch.length));
}
function selectScratchOf(length) {
  selectScratchFor(length);
  return selectScratch;
}
function quantile(values, q) {
  selectScratchFor(values.length);
  return selectQuantile(finiteInto(values, selectScratch), q);
}
function quantileOfComputed(length, fill, q) {
  selectScratchFor(length);
  return selectQuantile(selectScratch.subarray(0, fill(selectScratch)), q);
}
function quantilesOfComputed(length, fill, qs) {
  selectScratchFor(length);
  return selectQuantiles(selectScratch.subarray(0, fill(selectScratch)), qs);
}
function finiteInto(values, out) {
  let j = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (Number.isFinite(v)) out[j++] = v;
  }
  return out.subarray(0, j);
}
function meanFinite(values) {
  let sum = 0;
  let count3 = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (Number.isFinite(v)) {
      sum += v;
      count3++;
    }
  }
  return count3 === 0 ? NaN : sum / count3;
}
function countFinite(values) {
  let count3 = 0;
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i])) count3++;
  return count3;
}

// src/stats/proportion.ts
function wilsonInterval(successes, n, z2) {
  if (!(n > 0)) return [0, 1];
  const p = successes / n;
  const z22 = z2 * z2;
  const denominator = 1 + z22 / n;
  const centre = (p + z22 / (2 * n)) / denominator;
  const half = z2 / denominator * Math.sqrt(p * (1 - p) / n + z22 / (4 * n * n));
  return [successes <= 0 ? 0 : Math.max(0, centre - half), successes >= n ? 1 : Math.min(1, centre + half)];
}
function newcombeInterval(x1, n1, x2, n2, z2) {
  const p1 = x1 / n1;
  const p2 = x2 / n2;
  const [l1, u1] = wilsonInterval(x1, n1, z2);
  const [l2, u2] = wilsonInterval(x2, n2, z2);
  const d = p1 - p2;
  return [d - Math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + Math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)];
}
function zForLevel(level) {
  return normalQuantile(1 - (1 - level) / 2);
}
function normalQuantile(p) {
  if (!(p > 0 && p < 1)) return p === 0 ? -Infinity : p === 1 ? Infinity : NaN;
  const a = [
    -39.69683028665376,
    220.9460984245205,
    -275.9285104469687,
    138.357751867269,
    -30.66479806614716,
    2.506628277459239
  ];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [
    -0.007784894002430293,
    -0.3223964580411365,
    -2.400758277161838,
    -2.549732539343734,
    4.374664141464968,
    2.938163982698783
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low2 = 0.02425;
  if (p < low2 || p > 1 - low2) {
    const q2 = Math.sqrt(-2 * Math.log(p < low2 ? p : 1 - p));
    const x = (((((c[0] * q2 + c[1]) * q2 + c[2]) * q2 + c[3]) * q2 + c[4]) * q2 + c[5]) / ((((d[0] * q2 + d[1]) * q2 + d[2]) * q2 + d[3]) * q2 + 1);
    return p < low2 ? x : -x;
  }
  const q = p - 0.5;
  const r = q * q;
  return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}
var MIN_ROWS_FOR_AUTOCORRELATION = 20;
function effectiveCount(indicator) {
  const n = indicator.length;
  if (n < MIN_ROWS_FOR_AUTOCORRELATION) return n;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += indicator[i];
  mean /= n;
  let variance = 0;
  let lagged = 0;
  for (let i = 0; i < n; i++) {
    const x = indicator[i] - mean;
    variance += x * x;
    if (i + 1 < n) lagged += x * (indicator[i + 1] - mean);
  }
  if (variance === 0) return n;
  const rho = Math.min(0.99, lagged / variance);
  return rho > 0 ? Math.max(1, n * (1 - rho) / (1 + rho)) : n;
}

// src/stats/two-sample.ts
function bootstrapChange(base, head, options) {
  const { resamples, level, rng, baseNoise, headNoise } = options;
  const differences = new Float64Array(resamples);
  const baseReplicates = new Float64Array(resamples);
  const headReplicates = new Float64Array(resamples);
  const relatives = new Float64Array(resamples);
  const relativeDefined = base.point !== 0;
  for (let i = 0; i < resamples; i++) {
    let b = scaled(base.replicate(rng), base.point, options.baseScale);
    let h = scaled(head.replicate(rng), head.point, options.headScale);
    if (baseNoise > 0) b *= Math.exp(baseNoise * rng.normal());
    if (headNoise > 0) h *= Math.exp(headNoise * rng.normal());
    baseReplicates[i] = b;
    headReplicates[i] = h;
    differences[i] = h - b;
    relatives[i] = b === 0 ? NaN : h / b - 1;
  }
  const tested = relativeDefined ? relatives : differences;
  const margin = relativeDefined ? options.relativeMargin : options.absoluteMargin;
  let notAboveMargin = 0;
  let notBelowMargin = 0;
  let notAboveZero = 0;
  let notBelowZero = 0;
  let usable2 = 0;
  for (let i = 0; i < resamples; i++) {
    const x = tested[i];
    if (Number.isNaN(x)) continue;
    usable2++;
    if (x <= margin) notAboveMargin++;
    if (x >= -margin) notBelowMargin++;
    if (x <= 0) notAboveZero++;
    if (x >= 0) notBelowZero++;
  }
  const twoSided = (a, b) => Math.min(1, 2 * (Math.min(a, b) + 1) / (usable2 + 1));
  const sortedTested = sortedReplicates(tested);
  const sortedBase = sortedReplicates(baseReplicates);
  const sortedHead = sortedReplicates(headReplicates);
  const tail = (1 - level) / 2;
  return {
    base: base.point,
    head: head.point,
    difference: head.point - base.point,
    relative: relativeDefined ? head.point / base.point - 1 : null,
    differenceInterval: relativeDefined ? percentileInterval(sortedReplicates(differences), level) : percentileInterval(sortedTested, level),
    relativeInterval: relativeDefined ? percentileInterval(sortedTested, level) : null,
    baseInterval: [quantileSorted(sortedBase, tail), quantileSorted(sortedBase, 1 - tail)],
    headInterval: [quantileSorted(sortedHead, tail), quantileSorted(sortedHead, 1 - tail)],
    pValue: twoSided(notAboveMargin, notBelowMargin),
    pValueZero: twoSided(notAboveZero, notBelowZero),
    resamples,
    level,
    intervalAt: (at) => percentileInterval(sortedTested, at),
    sideIntervalAt: (side2, at) => percentileInterval(side2 === "base" ? sortedBase : sortedHead, at)
  };
}
function scaled(replicate, point, scale) {
  if (scale === void 0 || scale === 1 || !(point > 0) || !(replicate > 0)) return replicate;
  return point * Math.exp(scale * Math.log(replicate / point));
}
function sortedReplicates(replicates) {
  const sorted = replicates.slice().sort();
  let n = sorted.length;
  while (n > 0 && Number.isNaN(sorted[n - 1])) n--;
  return sorted.subarray(0, n);
}
function percentileInterval(sorted, level) {
  const tail = (1 - level) / 2;
  return [quantileSorted(sorted, tail), quantileSorted(sorted, 1 - tail)];
}

// src/compare/verdict.ts
function worseSign(direction) {
  return direction === "lower-is-better" ? 1 : -1;
}
function judgeInterval(j) {
  const sign = worseSign(j.direction);
  const a = sign * j.interval[0];
  const b = sign * j.interval[1];
  const low2 = Math.min(a, b);
  const high = Math.max(a, b);
  const me = j.minEffect;
  if (low2 > me || high < -me) {
    const direction = low2 > me ? "worse" : "better";
    if (Math.abs(j.difference) < j.timerFloor)
      return { verdict: "inconclusive", reason: { code: "below-timer-floor", direction, floor: j.timerFloor } };
    return {
      verdict: direction === "worse" ? "regressed" : "improved",
      reason: { code: "beyond-min-effect", direction }
    };
  }
  if (low2 >= -me && high <= me) return { verdict: "unchanged", reason: { code: "within-min-effect" } };
  if (low2 > 0)
    return {
      verdict: "inconclusive",
      reason: { code: "direction-known", direction: "worse", ...moreData(j, low2, high) }
    };
  if (high < 0)
    return {
      verdict: "inconclusive",
      reason: { code: "direction-known", direction: "better", ...moreData(j, low2, high) }
    };
  return { verdict: "inconclusive", reason: { code: "too-noisy", ...moreData(j, low2, high) } };
}
function moreData(j, low2, high) {
  const half = (high - low2) / 2;
  const centre = Math.abs(worseSign(j.direction) * j.point);
  const distance = Math.abs(centre - j.minEffect);
  const runs = j.noise?.runs ?? 1;
  if (!j.noise || !j.relative) return { requestsFactor: null, runsNeeded: false, runs };
  const noiseHalf = j.noise.z * Math.hypot(j.noise.runNoise.base, j.noise.runNoise.head);
  if (noiseHalf >= distance || distance < 1e-9) return { requestsFactor: null, runsNeeded: true, runs };
  const sampling = Math.sqrt(Math.max(0, half * half - noiseHalf * noiseHalf));
  const allowed = Math.sqrt(distance * distance - noiseHalf * noiseHalf);
  if (sampling <= allowed) return { requestsFactor: null, runsNeeded: false, runs };
  return { requestsFactor: (sampling / allowed) ** 2, runsNeeded: false, runs };
}
function labelAgreesWithInterval(verdict, interval, minEffect, direction) {
  const sign = worseSign(direction);
  const low2 = Math.min(sign * interval[0], sign * interval[1]);
  const high = Math.max(sign * interval[0], sign * interval[1]);
  switch (verdict) {
    case "unchanged":
      return low2 >= -minEffect && high <= minEffect;
    case "regressed":
      return low2 > minEffect;
    case "improved":
      return high < -minEffect;
    case "inconclusive":
      return true;
  }
}

// src/compare/family.ts
function familyLevel(members, familyConfidence) {
  const m = members.length;
  const alpha = 1 - familyConfidence;
  if (m === 0) return { level: familyConfidence, beyond: 0, size: 0 };
  for (let r = m; r >= 1; r--) {
    const level = 1 - r * alpha / m;
    let count3 = 0;
    for (const member of members) if (member.beyondAt(level)) count3++;
    if (count3 >= r) return { level, beyond: count3, size: m };
  }
  return { level: 1 - alpha / m, beyond: 0, size: m };
}

// src/compare/failures.ts
var FAILED_MIN_EFFECT = 0.01;
function failureCounts(side2) {
  let requests = 0;
  let failed2 = 0;
  let effective = 0;
  const perRun = [];
  let fromCounts = false;
  let known = 0;
  for (const run of side2.runs) {
    const declared = run.workload;
    if (declared?.requests !== void 0 && declared.failed !== void 0 && declared.requests > 0) {
      requests += declared.requests;
      failed2 += declared.failed;
      effective += declared.requests;
      perRun.push(declared.failed / declared.requests);
      fromCounts = true;
      known++;
      continue;
    }
    const table2 = run.requests;
    if (!table2 || table2.length === 0) continue;
    const weight = table2.rowWeight ?? 1;
    const ok2 = successMask(table2);
    const indicator = new Uint8Array(ok2.length);
    let bad = 0;
    for (let i = 0; i < ok2.length; i++)
      if (!ok2[i]) {
        indicator[i] = 1;
        bad++;
      }
    requests += table2.length * weight;
    failed2 += bad * weight;
    effective += effectiveCount(indicator) * weight;
    perRun.push(bad / table2.length);
    known++;
  }
  if (known === 0 || requests === 0) return void 0;
  return { requests, failed: failed2, effectiveRequests: effective, perRun, basis: fromCounts ? "counts" : "rows" };
}
function failedDifferenceAt(base, head, level) {
  const z2 = zForLevel(level);
  const nb = base.effectiveRequests;
  const nh = head.effectiveRequests;
  return newcombeInterval(head.failed / head.requests * nh, nh, base.failed / base.requests * nb, nb, z2);
}
function failedShareAt(side2, level) {
  const n = side2.effectiveRequests;
  return wilsonInterval(side2.failed / side2.requests * n, n, zForLevel(level));
}

// src/compare/compare.ts
var TIMER_FLOOR_MS = 0.5;
var MIN_TAIL_COUNT = 10;
var MEASURED_NOISE_RUNS = 3;
var QUEUE_BOUND = /* @__PURE__ */ new Set(["ttft", "ttft_client", "e2e", "queue_wait"]);
function compareSides(base, head, config, context = {}) {
  const notInData = [];
  const slots = [];
  const shared = { cache: new ResamplerCache(), series: new SeriesMemo(context.steady) };
  for (const requested of requestedMetrics(config, base, head)) {
    shared.cache.nextMetric();
    const p = requested.spec.metric.id === "failed" ? prepareFailures(requested, base, head, config) : prepare(requested, base, head, config, shared, context);
    if (p.ok) slots.push(p.value);
    else notInData.push({ key: requested.spec.key, reason: p.error });
  }
  const candidates = slots.filter(isCandidate);
  const family = familyLevel(
    candidates.map((c) => ({ beyondAt: (level) => isDecided(judgeAt(c, level).verdict) })),
    config.statistics.level
  );
  const metrics = slots.map((s) => isCandidate(s) ? finish(s, family.level, config) : s);
  return { metrics, notInData, family: { level: family.level, size: family.size } };
}
function requestedMetrics(config, base, head) {
  const all = [...config.metrics, ...summaryDefaults(config, base, head)];
  if (!all.some((m) => m.spec.metric.id === "failed"))
    all.push({ spec: makeSpec(METRICS.failed, MEAN), origin: "default" });
  return all.sort((a, b) => metricOrder(a.spec) - metricOrder(b.spec));
}
function isCandidate(s) {
  return "intervalAt" in s;
}
function isDecided(v) {
  return v === "regressed" || v === "improved";
}
function judgeAt(c, level) {
  const interval = c.intervalAt(level);
  const judged = judgeInterval({
    direction: c.requested.spec.metric.direction,
    interval,
    relative: c.relative,
    point: c.relative ? c.change : c.difference,
    minEffect: c.minEffect,
    difference: c.difference,
    timerFloor: c.timerFloor,
    ...c.runNoise ? { noise: { count: c.count, runNoise: c.runNoise, level, z: zForLevel(level), runs: c.runs } } : {}
  });
  return { ...judged, interval };
}
function finish(c, level, config) {
  const { spec, origin } = c.requested;
  const decided = judgeAt(c, level);
  const alone = judgeAt(c, config.statistics.level);
  const sides = c.sidesAt(level);
  return {
    spec,
    origin,
    verdict: decided.verdict,
    reason: decided.reason,
    basis: c.basis,
    base: sides.base,
    head: sides.head,
    difference: c.difference,
    change: c.change,
    interval: decided.interval,
    intervalKind: c.relative ? "relative" : "absolute",
    intervalLevel: level,
    ...level !== config.statistics.level ? { uncorrected: { interval: alone.interval, verdict: alone.verdict } } : {},
    ...c.pValue !== void 0 ? { pValue: c.pValue } : {},
    minEffect: c.minEffect,
    ...c.runNoise ? { runNoise: c.runNoise } : {},
    slos: sloStatuses(config, spec, sides.head.value, sides.base.value, sides.head.interval)
  };
}
var SeriesMemo = class {
  constructor(steady) {
    this.steady = steady;
  }
  steady;
  last = /* @__PURE__ */ new Map();
  get(side2, spec) {
    const key = `${spec.metric.id}|${spec.metric.id === "itl" ? spec.stat.label : ""}`;
    const hit = this.last.get(side2);
    if (hit?.key === key) return hit.series;
    this.last.delete(side2);
    const series = sideSeries(side2, spec, this.steady);
    this.last.set(side2, { key, series });
    return series;
  }
};
function prepare(requested, base, head, config, shared, context) {
  const { spec } = requested;
  let baseSeries = shared.series.get(base, spec);
  let headSeries = shared.series.get(head, spec);
  if (!baseSeries.ok || !headSeries.ok) {
    const baseSummary = summarySeries(base, spec);
    const headSummary = summarySeries(head, spec);
    if (baseSummary.ok && headSummary.ok) {
      baseSeries = baseSummary;
      headSeries = headSummary;
    }
  }
  if (!baseSeries.ok) return notComputable(requested, config, "base", baseSeries.error);
  if (!headSeries.ok) return notComputable(requested, config, "head", headSeries.error);
  return ok(judgeable(requested, baseSeries.value, headSeries.value, base, head, config, shared, context));
}
function notComputable(requested, config, side2, missing) {
  if (requested.origin === "default") return err(`${side2 === "base" ? "baseline" : "head"}: ${missing}`);
  return ok(undecided(requested, config, { code: "not-computable", side: side2, missing: missing.replace(/^the data /, "") }));
}
function judgeable(requested, baseSeries, headSeries, base, head, config, shared, context) {
  const { spec } = requested;
  if (!isSummaryBasis(baseSeries.basis)) {
    const needed = minimumCount(spec, headSeries.statistic);
    const baseCount = count2(baseSeries.runs);
    const headCount = count2(headSeries.runs);
    if (baseCount < needed || headCount < needed) {
      return undecided(
        requested,
        config,
        { code: "too-few-values", needed, base: baseCount, head: headCount },
        headSeries.basis
      );
    }
  }
  if (!sameBasis(baseSeries.basis, headSeries.basis) && !(isSummaryBasis(baseSeries.basis) && isSummaryBasis(headSeries.basis))) {
    return undecided(requested, config, {
      code: "different-basis",
      base: basisText(baseSeries.basis),
      head: basisText(headSeries.basis)
    });
  }
  const explicitNoise = config.statistics.runNoise[spec.key];
  const noiseFor = (series) => {
    if (series.runs.length >= MEASURED_NOISE_RUNS) return 0;
    if (isSummaryBasis(series.basis)) return explicitNoise;
    return runNoiseFor(config, spec);
  };
  const baseNoise = noiseFor(baseSeries);
  const headNoise = noiseFor(headSeries);
  const scaleFor = (series) => series.runs.length >= MEASURED_NOISE_RUNS || isSummaryBasis(series.basis) ? 1 : config.statistics.bootstrapScale?.[spec.key] ?? 1;
  const statistic = headSeries.statistic ?? toStatistic(spec);
  const blockLength = isSummaryBasis(baseSeries.basis) ? 1 : void 0;
  const baseResampler = createResampler(baseSeries.runs, statistic, blockLength, shared.cache);
  const headResampler = createResampler(headSeries.runs, statistic, blockLength, shared.cache);
  const withheld = context.withheld?.(spec);
  if (withheld) return pointOnly(requested, config, withheld, baseResampler, headResampler, baseSeries, headSeries);
  if (context.bothOverloaded && QUEUE_BOUND.has(spec.metric.id) && !isSummaryBasis(headSeries.basis)) {
    return pointOnly(
      requested,
      config,
      { code: "not-judged-overloaded" },
      baseResampler,
      headResampler,
      baseSeries,
      headSeries
    );
  }
  if (baseNoise === void 0 || headNoise === void 0) {
    const formats = [...new Set([...base.runs, ...head.runs].flatMap((r) => r.sources.map((s) => s.format)))];
    return pointOnly(
      requested,
      config,
      { code: "summary-only", baseRuns: baseSeries.runs.length, headRuns: headSeries.runs.length, formats },
      baseResampler,
      headResampler,
      baseSeries,
      headSeries
    );
  }
  const rng = createRng(deriveSeed(config.statistics.seed, spec.key));
  const minEffect = minEffectFor(config, spec);
  const estimate = bootstrapChange(baseResampler, headResampler, {
    resamples: config.statistics.resamples,
    level: config.statistics.level,
    rng,
    baseNoise,
    headNoise,
    baseScale: scaleFor(baseSeries),
    headScale: scaleFor(headSeries),
    relativeMargin: minEffect,
    absoluteMargin: timerFloor(spec)
  });
  const relative = estimate.relative !== null;
  const baseSide = sideFacts(baseResampler, baseSeries.runs, statistic);
  const headSide = sideFacts(headResampler, headSeries.runs, statistic);
  return {
    requested,
    basis: headSeries.basis,
    runNoise: { base: baseNoise, head: headNoise },
    relative,
    change: estimate.relative,
    difference: estimate.difference,
    // With a zero base the interval is on the difference, where only the timer floor can be the margin.
    minEffect: relative ? minEffect : timerFloor(spec),
    timerFloor: timerFloor(spec),
    count: Math.min(baseResampler.size, headResampler.size),
    runs: Math.min(baseSeries.runs.length, headSeries.runs.length),
    pValue: estimate.pValue,
    intervalAt: (level) => estimate.intervalAt(level),
    sidesAt: (level) => ({
      base: sideEstimate(baseSide, estimate.sideIntervalAt("base", level)),
      head: sideEstimate(headSide, estimate.sideIntervalAt("head", level))
    })
  };
}
function prepareFailures(requested, base, head, config) {
  const b = failureCounts(base);
  const h = failureCounts(head);
  if (!b || !h) {
    const side3 = !b ? "base" : "head";
    if (requested.origin === "default")
      return err(`${side3 === "base" ? "baseline" : "head"}: the data does not say how many requests failed`);
    return ok(undecided(requested, config, { code: "not-computable", side: side3, missing: "a count of failed requests" }));
  }
  const share2 = (c) => c.failed / c.requests;
  const side2 = (c, level) => ({
    value: share2(c),
    interval: failedShareAt(c, level),
    count: c.requests,
    perRun: c.perRun,
    blockLengths: []
  });
  return ok({
    requested,
    basis: { kind: b.basis === "counts" || h.basis === "counts" ? "failure-counts" : "failure-rows" },
    relative: false,
    change: null,
    difference: share2(h) - share2(b),
    minEffect: config.statistics.minEffect[requested.spec.key] ?? FAILED_MIN_EFFECT,
    timerFloor: 0,
    count: Math.min(b.requests, h.requests),
    runs: Math.min(b.perRun.length, h.perRun.length),
    intervalAt: (level) => failedDifferenceAt(b, h, level),
    sidesAt: (level) => ({ base: side2(b, level), head: side2(h, level) })
  });
}
function pointOnly(requested, config, reason, base, head, baseSeries, headSeries) {
  const side2 = (r, series) => ({
    value: r.point,
    interval: [r.point, r.point],
    count: r.size,
    perRun: series.runs.map(
      (run) => isSummaryBasis(series.basis) ? run.values[0] : pointStatistic(run, headSeries.statistic ?? toStatistic(requested.spec))
    ),
    blockLengths: []
  });
  const early = undecided(requested, config, reason, headSeries.basis);
  early.base = side2(base, baseSeries);
  early.head = side2(head, headSeries);
  early.difference = head.point - base.point;
  early.change = base.point !== 0 ? head.point / base.point - 1 : null;
  early.slos = sloStatuses(config, requested.spec, head.point, base.point, null);
  return early;
}
function sloStatuses(config, spec, head, base, headInterval) {
  return config.slos.filter((s) => s.spec.key === spec.key).map((slo2) => ({
    slo: slo2,
    baseMet: base === null || !Number.isFinite(base) ? null : sloMet(slo2, base),
    headMet: head === null || !Number.isFinite(head) ? null : sloMet(slo2, head),
    marginal: headInterval !== null && sloMet(slo2, headInterval[0]) !== sloMet(slo2, headInterval[1])
  }));
}
function undecided(requested, config, reason, basis) {
  const { spec } = requested;
  return {
    spec,
    origin: requested.origin,
    verdict: "inconclusive",
    reason,
    minEffect: minEffectFor(config, spec),
    ...basis !== void 0 ? { basis } : {},
    slos: sloStatuses(config, spec, null, null, null)
  };
}
function timerFloor(spec) {
  if (spec.metric.unit !== "ms" || spec.metric.custom || spec.metric.level !== "request") return 0;
  if (spec.stat.kind === "mean" || spec.metric.id === "tpot") return 0;
  return TIMER_FLOOR_MS;
}
function sideSeries(side2, spec, steady) {
  const runs = [];
  let basis;
  let statistic;
  let reason = "the data has no per-request records";
  for (const run of side2.runs) {
    if (!run.requests) continue;
    const series = metricSeries(run.requests, spec, steady?.get(run.requests));
    if (!series.ok) {
      reason = series.error;
      continue;
    }
    const s = series.value;
    if (runs.length && !sameBasis(s.basis, basis))
      return err(`its runs measure ${spec.metric.id} differently (${basisText(basis)} vs ${basisText(s.basis)})`);
    basis = s.basis;
    statistic = s.statistic;
    runs.push({ values: s.values, denominators: s.denominators });
  }
  if (runs.length === 0) return err(reason);
  return ok({ runs, basis, statistic });
}
function summarySeries(side2, spec) {
  const stats = spec.metric.level === "run" ? ["mean", "value"] : [spec.stat.label];
  const runs = [];
  const fields = /* @__PURE__ */ new Set();
  for (const run of side2.runs) {
    const found = run.summaries.find((s) => s.metric === spec.metric.id && stats.includes(s.stat));
    if (!found) continue;
    runs.push({ values: Float64Array.of(found.value) });
    fields.add(found.field ?? `${found.metric} ${found.stat}`);
  }
  if (runs.length === 0) return err(`the data has no ${spec.key} summary`);
  return ok({ runs, basis: { kind: "summary", fields: [...fields] }, statistic: { kind: "mean" } });
}
function count2(runs) {
  return runs.reduce((sum, r) => sum + r.values.length, 0);
}
function minimumCount(spec, statistic) {
  if (statistic && statistic.kind !== "quantile") return 20;
  if (spec.metric.level === "run" || spec.stat.kind === "mean") return 20;
  const q = statistic?.kind === "quantile" ? statistic.q : spec.stat.q;
  return Math.ceil(MIN_TAIL_COUNT / Math.min(q, 1 - q) - 1e-9);
}
function toStatistic(spec) {
  if (spec.metric.level === "run") return { kind: "ratio" };
  return statisticOf(spec.stat);
}
function statisticOf(stat3) {
  return stat3.kind === "mean" ? { kind: "mean" } : { kind: "quantile", q: stat3.q };
}
function pointStatistic(run, statistic) {
  if (statistic.kind === "quantile") return quantile(run.values, statistic.q);
  let num = 0;
  let den = 0;
  for (let i = 0; i < run.values.length; i++) {
    num += run.values[i];
    den += statistic.kind === "mean" ? 1 : run.denominators[i];
  }
  return den === 0 ? NaN : num / den;
}
function sideFacts(resampler, runs, statistic) {
  const perRun = runs.length > 1 ? runs.map((r) => pointStatistic(r, statistic)) : [resampler.point];
  return { value: resampler.point, count: resampler.size, perRun, blockLengths: [...resampler.blockLengths] };
}
function sideEstimate(facts, interval) {
  return {
    value: facts.value,
    interval,
    count: facts.count,
    perRun: [...facts.perRun],
    blockLengths: [...facts.blockLengths]
  };
}

// src/diagnose/attribution.ts
function attribute(spec, base, head) {
  if (spec.metric.custom) return null;
  const metricId = spec.metric.level === "run" ? "e2e" : spec.metric.id;
  const model = METRICS[metricId].phases;
  if (model.length === 0) return null;
  const baseMetric = requestColumn(base, metricId);
  const headMetric = requestColumn(head, metricId);
  if (!baseMetric || !headMetric) return null;
  const phases = model.filter((p) => phaseColumn(base, p) && phaseColumn(head, p));
  const missingPhases = model.filter((p) => !phases.includes(p));
  if (phases.length === 0) return null;
  const q = spec.metric.level === "run" || spec.stat.kind === "mean" ? 0 : spec.stat.q;
  const b = tailMeans(base, baseMetric, phases, q);
  const h = tailMeans(head, headMetric, phases, q);
  if (!b || !h) return null;
  const change2 = h.mean - b.mean;
  const components = [...phases, "remainder"];
  const shares = components.map((phase, j) => {
    const column = phase === "remainder" ? null : phaseColumn(base, phase);
    const headColumn = phase === "remainder" ? null : phaseColumn(head, phase);
    const delta3 = h.components[j] - b.components[j];
    return {
      phase,
      baseMean: b.components[j],
      headMean: h.components[j],
      delta: delta3,
      shareOfChange: change2 === 0 ? 0 : delta3 / change2,
      shareOfHead: h.mean === 0 ? 0 : h.components[j] / h.mean,
      basePercentile: column ? ownStatistic(column, q) : b.remainderStatistic,
      headPercentile: headColumn ? ownStatistic(headColumn, q) : h.remainderStatistic
    };
  });
  let dominant = null;
  let best = 0;
  for (const share2 of shares) {
    const towardChange = Math.sign(change2) * share2.delta;
    if (towardChange > best) {
      best = towardChange;
      dominant = share2.phase;
    }
  }
  return {
    spec,
    tail: q === 0 ? "all requests" : `slowest ${trimPercent((1 - q) * 100)}% of requests`,
    q,
    base: { threshold: b.threshold, count: b.count, mean: b.mean },
    head: { threshold: h.threshold, count: h.count, mean: h.mean },
    phases: shares,
    missingPhases,
    dominant
  };
}
function trimPercent(x) {
  return String(Number(x.toPrecision(3)));
}
function tailMeans(table2, metric, phases, q) {
  const columns2 = phases.map((p) => phaseColumn(table2, p));
  if (countFinite(metric) === 0) return null;
  const threshold = q === 0 ? -Infinity : quantile(metric, q);
  const sums = new Float64Array(phases.length + 1);
  const remainderAt = (i) => {
    let rest = metric[i];
    for (let j = 0; j < columns2.length; j++) {
      const v = columns2[j][i];
      if (Number.isFinite(v)) rest -= v;
    }
    return rest;
  };
  let remainderSum = 0;
  let remainderCount = 0;
  let count3 = 0;
  let total2 = 0;
  for (let i = 0; i < table2.length; i++) {
    const m = metric[i];
    if (!Number.isFinite(m)) continue;
    const rest = remainderAt(i);
    if (Number.isFinite(rest)) {
      remainderSum += rest;
      remainderCount++;
    }
    if (m < threshold) continue;
    count3++;
    total2 += m;
    for (let j = 0; j < columns2.length; j++) {
      const v = columns2[j][i];
      if (Number.isFinite(v)) sums[j] += v;
    }
    sums[phases.length] += rest;
  }
  const components = Array.from(sums, (s) => s / count3);
  const remainderStatistic = q === 0 ? remainderCount === 0 ? NaN : remainderSum / remainderCount : quantileOfComputed(
    table2.length,
    (out) => {
      let n = 0;
      for (let i = 0; i < table2.length; i++) {
        if (!Number.isFinite(metric[i])) continue;
        const rest = remainderAt(i);
        if (Number.isFinite(rest)) out[n++] = rest;
      }
      return n;
    },
    q
  );
  return { threshold: q === 0 ? total2 / count3 : threshold, count: count3, mean: total2 / count3, components, remainderStatistic };
}
function ownStatistic(column, q) {
  return q === 0 ? meanFinite(column) : quantile(column, q);
}

// src/diagnose/amdahl-law.ts
function amdahl(p, s) {
  if (s === Infinity) return 1 / (1 - p);
  return 1 / (1 - p + p / s);
}

// src/diagnose/amdahl.ts
var MIN_SHARE_OF_CHANGE = 0.05;
function rankFixes(attribution, head, findings, walks, slo2, effortOverrides = {}) {
  const metricId = attribution.spec.metric.level === "run" ? "e2e" : attribution.spec.metric.id;
  const metricValues = head ? requestColumn(head, metricId) : null;
  const items = [];
  for (const share2 of attribution.phases) {
    if (share2.phase === "remainder" && share2.delta <= 0) continue;
    if (!(share2.delta > 0) || share2.shareOfChange < MIN_SHARE_OF_CHANGE) continue;
    if (!(share2.headMean > 0)) continue;
    const speedup = share2.baseMean > 0 ? share2.headMean / share2.baseMean : Infinity;
    const p = Math.min(1, Math.max(0, share2.shareOfHead));
    const gain = amdahl(p, speedup);
    const finding2 = findingFor(share2.phase, attribution.spec.key, findings, walks);
    const column = !head ? void 0 : share2.phase === "remainder" ? remainderColumn(head, metricValues, attribution) : phaseColumn(head, share2.phase);
    const projected = metricValues && column ? project(metricValues, column, speedup, attribution.q) : NaN;
    items.push({
      metric: attribution.spec.key,
      phase: share2.phase,
      fix: fixLabel(share2.phase, finding2),
      hint: finding2?.hint ?? null,
      share: p,
      speedup,
      gain,
      ceiling: 1 - 1 / gain,
      projected,
      sloReachable: slo2 && Number.isFinite(projected) ? sloMet(slo2, projected) : null,
      ...effortOf(finding2?.hint, gain, effortOverrides)
    });
  }
  return items.sort(byGainPerEffort);
}
function effortOf(hint, gain, overrides) {
  const effort = hint ? overrides[hint] ?? HINT_EFFORT[hint] : "unknown";
  const hours = parseEffort(effort) ?? null;
  return { effort, effortHours: hours, gainPerHour: hours && Number.isFinite(gain) ? (gain - 1) / hours : null };
}
function byGainPerEffort(a, b) {
  if (a.gainPerHour !== null && b.gainPerHour !== null) return b.gainPerHour - a.gainPerHour || b.gain - a.gain;
  if (a.gainPerHour !== null) return -1;
  if (b.gainPerHour !== null) return 1;
  return b.gain - a.gain;
}
function findingFor(phase, metric, findings, walks) {
  const walk2 = walks.find((w) => w.phase === phase && w.metrics.includes(metric)) ?? walks.find((w) => w.phase === phase);
  const direct = findings.filter((f) => f.phase === phase);
  const viaWalk = walk2 ? findings.filter((f) => walk2.hints.includes(f.hint) && f.metrics.some((m) => walk2.metrics.includes(m))) : [];
  const rank2 = { confirmed: 0, likely: 1, candidate: 2 };
  const score3 = (f) => rank2[f.status] * 2 + (direct.includes(f) ? 0 : 1);
  return [.../* @__PURE__ */ new Set([...direct, ...viaWalk])].sort((a, b) => score3(a) - score3(b))[0];
}
function fixLabel(phase, finding2) {
  const what = `${PHASE_LABELS[phase]} back to baseline`;
  if (!finding2) return `bring ${what}`;
  const verbs = {
    capacity: "restore running-batch capacity",
    "scheduler-limited": "fix admission so the batch fills",
    "long-prefill-blocking": "stop long prefills blocking (chunked prefill)",
    "prefix-cache": "restore prefix-cache hits",
    "prefill-compute": "make prefill as fast per token as before",
    "decode-overhead": "make the decode step as fast as before",
    "memory-bound-decode": "read less KV cache per decode step",
    tokenizer: "make tokenization as fast as before",
    "detokenize-per-token": "detokenize incrementally again",
    "buffering-proxy": "stop the proxy buffering the first chunk",
    "measurement-gap": "find and remove the unattributed time",
    "traffic-increase": "serve the higher traffic with more capacity",
    "workload-drift": "nothing to fix in code: the workload changed"
  };
  return `${verbs[finding2.hint] ?? "fix"} (${what})`;
}
function project(metric, column, speedup, q) {
  const keep = speedup === Infinity ? 0 : 1 / speedup;
  const projected = (i) => {
    const part = Number.isFinite(column[i]) ? column[i] : 0;
    return metric[i] - part + part * keep;
  };
  if (q === 0) {
    let sum = 0;
    let n = 0;
    for (let i = 0; i < metric.length; i++) {
      const v = projected(i);
      if (Number.isFinite(v)) {
        sum += v;
        n++;
      }
    }
    return n ? sum / n : NaN;
  }
  return quantileOfComputed(
    metric.length,
    (out) => {
      let n = 0;
      for (let i = 0; i < metric.length; i++) {
        const v = projected(i);
        if (Number.isFinite(v)) out[n++] = v;
      }
      return n;
    },
    q
  );
}
function remainderColumn(head, metric, attribution) {
  if (!metric) return void 0;
  const out = Float64Array.from(metric);
  for (const share2 of attribution.phases) {
    if (share2.phase === "remainder") continue;
    const column = phaseColumn(head, share2.phase);
    if (!column) continue;
    for (let i = 0; i < out.length; i++) if (Number.isFinite(column[i])) out[i] -= column[i];
  }
  return out;
}

// src/display/numbers.ts
var MINUS = "−";
function grouped(value4, digits = 0) {
  if (!Number.isFinite(value4)) return String(value4);
  const fixed3 = Math.abs(value4).toFixed(digits);
  const [whole2, fraction2] = fixed3.split(".");
  const withCommas = whole2.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return (value4 < 0 && Number(fixed3) !== 0 ? MINUS : "") + withCommas + (fraction2 ? `.${fraction2}` : "");
}
function compact(value4) {
  if (!Number.isFinite(value4)) return String(value4);
  const a = Math.abs(value4);
  if (a >= 100 || Number(a.toFixed(1)) >= 100) return grouped(value4, 0);
  if (a >= 10 || Number(a.toFixed(2)) >= 10) return grouped(value4, 1);
  if (a >= 1 || Number(a.toPrecision(2)) >= 1) return grouped(value4, 2);
  if (a === 0) return "0";
  return (value4 < 0 ? MINUS : "") + String(Number(a.toPrecision(2)));
}
function duration(ms2) {
  if (!Number.isFinite(ms2)) return "—";
  if (Math.abs(ms2) < 5e-4) return "0 ms";
  if (Math.abs(ms2) >= 1e4 || Number(Math.abs(ms2).toFixed(0)) >= 1e4) return `${compact(ms2 / 1e3)} s`;
  return `${compact(ms2)} ms`;
}
function withUnit(value4, unit) {
  if (unit === "ms") return duration(value4);
  if (unit === "share") return percent(value4);
  return `${compact(value4)} ${unit}`;
}
function pairWithUnit(base, head, unit) {
  const show2 = (v, seconds2) => v === void 0 ? "—" : seconds2 && Number.isFinite(v) ? `${compact(v / 1e3)} s` : withUnit(v, unit);
  const seconds = unit === "ms" && Math.max(Math.abs(base ?? 0), Math.abs(head ?? 0)) >= 1e4;
  return [show2(base, seconds), show2(head, seconds)];
}
function signedPercent(ratio) {
  if (!Number.isFinite(ratio)) return "—";
  const v = ratio * 100;
  const text = Number(Math.abs(v).toFixed(1)) >= 10 ? grouped(Math.abs(v), 0) : Math.abs(v).toFixed(1);
  if (Number(text.replace(/,/g, "")) === 0) return "0%";
  return `${v >= 0 ? "+" : MINUS}${text}%`;
}
function percent(ratio) {
  if (!Number.isFinite(ratio)) return "—";
  const v = ratio * 100;
  const text = Number(Math.abs(v).toFixed(1)) >= 10 ? grouped(Math.abs(v), 0) : Math.abs(v).toFixed(1);
  if (Number(text.replace(/,/g, "")) === 0) return "0%";
  return `${v < 0 ? MINUS : ""}${text}%`;
}
function signedPoints(ratio) {
  return signedPercent(ratio).replace(/%$/, " pp");
}
function signedDuration(ms2) {
  if (!Number.isFinite(ms2)) return "—";
  const body = duration(Math.abs(ms2));
  if (body === "0 ms") return "0 ms";
  return `${ms2 >= 0 ? "+" : MINUS}${body}`;
}
function signedWithUnit(value4, unit) {
  if (unit === "ms") return signedDuration(value4);
  if (unit === "share") return signedPoints(value4);
  return `${value4 >= 0 ? "+" : MINUS}${compact(Math.abs(value4))} ${unit}`;
}
function pValue(p) {
  if (!Number.isFinite(p)) return "—";
  if (p < 1e-3) return "< 0.001";
  return p.toFixed(3);
}

// src/display/text.ts
function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
function listJoin(items) {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

// src/diagnose/config-diff.ts
function diffConfig(base, head) {
  const keys = [.../* @__PURE__ */ new Set([...Object.keys(base.config), ...Object.keys(head.config)])].sort();
  const out = [];
  for (const key of keys) {
    const b = base.config[key];
    const h = head.config[key];
    if (!sameValue(b, h)) out.push({ key, base: b, head: h });
  }
  return out;
}
function sameValue(a, b) {
  if (a === b) return true;
  if (a === void 0 || b === void 0) return false;
  return String(a).toLowerCase() === String(b).toLowerCase();
}
function describeValue(v) {
  return v === void 0 ? "(unset)" : String(v);
}

// src/diagnose/phrases.ts
function pValueText(p) {
  const text = pValue(p);
  return text.startsWith("<") ? text : `= ${text}`;
}
function agreeingBins(m) {
  return `${m.change >= 0 ? "slower" : "faster"} in strata holding ${percent(m.agreement)} of matched requests, ${m.bins} strata`;
}

// src/display/quality-numbers.ts
var MINUS2 = "−";
function onUnitScale(...values) {
  return values.every((v) => v >= 0 && v <= 1);
}
function scoreValue(value4, unit) {
  if (!unit) return compact(value4);
  return value4.toFixed(3);
}
function scoreDiff(diff, unit) {
  const sign = diff > 0 ? "+" : diff < 0 ? MINUS2 : "";
  if (unit) {
    const points2 = Math.abs(diff * 100);
    return `${sign}${points2.toFixed(1)} point${points2.toFixed(1) === "1.0" ? "" : "s"}`;
  }
  return `${sign}${compact(Math.abs(diff))}`;
}
function bound(value4, unit) {
  const v = unit ? value4 * 100 : value4;
  const text = unit ? Math.abs(v).toFixed(1) : compact(Math.abs(v));
  if (Number(text.replace(/,/g, "")) === 0) return "0";
  return `${v < 0 ? MINUS2 : "+"}${text}`;
}
function share(ratio) {
  return `${(ratio * 100).toFixed(1).replace(/\.0$/, "")}%`;
}

// src/compare/quality/compare-scores.ts
var LEVEL = 0.95;
var MIN_EFFECT = 0.01;
function minimumEffect(base, head) {
  return onUnitScale(base, head) ? MIN_EFFECT : MIN_EFFECT * Math.max(Math.abs(base), Math.abs(head));
}
function compareScores(base, head) {
  const notes2 = [];
  const b = merge2(base, "base", notes2);
  const h = merge2(head, "head", notes2);
  const metrics = [...b.keys()].filter((k) => h.has(k)).map((k) => diffOf(b.get(k), h.get(k)));
  const counts = { changed: 0, unchanged: 0, inconclusive: 0 };
  for (const m of metrics) counts[m.verdict]++;
  const verdict = counts.changed > 0 ? "changed" : metrics.length > 0 && counts.unchanged === metrics.length ? "unchanged" : "inconclusive";
  const tested = metrics.filter((m) => m.interval).length;
  if (tested >= 20)
    notes2.push(
      `${tested} metrics were each tested at 95%: even with nothing changed, about 1 in 20 may fall outside its interval by chance; a lone change among many deserves a rerun`
    );
  const comparison = {
    metrics,
    onlyBase: [...b.keys()].filter((k) => !h.has(k)),
    onlyHead: [...h.keys()].filter((k) => !b.has(k)),
    counts,
    verdict,
    sentence: ""
  };
  comparison.sentence = scoresSentence(comparison);
  return { comparison, notes: notes2 };
}
function merge2(sets, side2, notes2) {
  const out = /* @__PURE__ */ new Map();
  for (const set of sets) {
    for (const m of set.metrics) {
      if (out.has(m.key))
        notes2.push(`${side2}: ${m.key} appears in more than one file; the value from ${set.file} is used`);
      out.set(m.key, m);
    }
  }
  return out;
}
function diffOf(b, h) {
  const diff = h.value - b.value;
  const minEffect = minimumEffect(b.value, h.value);
  const unit = onUnitScale(b.value, h.value);
  const z2 = zForLevel(LEVEL);
  const better = b.higherIsBetter ?? h.higherIsBetter;
  const common2 = {
    key: b.key,
    base: b.value,
    head: h.value,
    diff,
    ...b.stderr !== void 0 ? { baseStderr: b.stderr } : {},
    ...h.stderr !== void 0 ? { headStderr: h.stderr } : {},
    minEffect,
    ...better !== void 0 && diff !== 0 ? { direction: diff > 0 === better ? "better" : "worse" } : {}
  };
  let interval;
  let method = "none";
  if (b.stderr !== void 0 && h.stderr !== void 0) {
    const half = z2 * Math.sqrt(b.stderr ** 2 + h.stderr ** 2);
    interval = [diff - half, diff + half];
    method = "normal";
  } else if (unit && b.n !== void 0 && h.n !== void 0) {
    interval = newcombeInterval(h.value * h.n, h.n, b.value * b.n, b.n, z2);
    method = "newcombe";
  }
  if (!interval) {
    const missing = listJoin(
      [b.stderr === void 0 ? "base" : "", h.stderr === void 0 ? "head" : ""].filter(Boolean)
    );
    if (diff === 0)
      return { ...common2, method, verdict: "unchanged", reason: `identical values (no stderr on ${missing})` };
    return {
      ...common2,
      method,
      verdict: "inconclusive",
      reason: `no stderr on ${missing}: a difference of ${scoreDiff(diff, unit)} cannot be told from noise`
    };
  }
  const [lo, hi] = interval;
  const span2 = `95% interval ${bound(lo, unit)} to ${bound(hi, unit)}${unit ? " points" : ""}`;
  const margin = unit ? "±1 point" : `±${scoreValue(minEffect, false)} (1%)`;
  if ((lo > 0 || hi < 0) && Math.abs(diff) >= minEffect)
    return {
      ...common2,
      interval,
      method,
      verdict: "changed",
      reason: `${span2} excludes 0 and the change is at least ${margin.slice(1)}`
    };
  if (lo >= -minEffect && hi <= minEffect)
    return { ...common2, interval, method, verdict: "unchanged", reason: `${span2} lies within ${margin}` };
  return {
    ...common2,
    interval,
    method,
    verdict: "inconclusive",
    reason: `${span2} is neither clear of 0 by ${margin.slice(1)} nor within ${margin}`
  };
}
function scoresSentence(c) {
  const total2 = c.metrics.length;
  if (total2 === 0) {
    const sides = [
      c.onlyBase.length ? `${c.onlyBase.length} only in base` : "",
      c.onlyHead.length ? `${c.onlyHead.length} only in head` : ""
    ].filter(Boolean);
    return `unverified: no score metric on both sides${sides.length ? ` (${listJoin(sides)})` : ""}`;
  }
  if (c.verdict === "changed") {
    const changed = c.metrics.filter((m) => m.verdict === "changed");
    const shown2 = changed.slice(0, 2).map(describeChange);
    const more = changed.length > 2 ? ` and ${changed.length - 2} more` : "";
    return `CHANGED: ${changed.length} of ${total2} metrics differ: ${shown2.join("; ")}${more}; compare them before accepting`;
  }
  if (c.verdict === "unchanged") {
    const offScale = c.metrics.some((m) => !onUnitScale(m.base, m.head));
    return `unchanged (verified: ${total2} metric${total2 === 1 ? "" : "s"}, 95% intervals within ±1 point${offScale ? ", ±1% off the 0–1 scale" : ""})`;
  }
  const first = c.metrics.find((m) => m.verdict === "inconclusive");
  return `unverified: ${c.counts.inconclusive} of ${total2} metrics inconclusive (${first.key}: ${first.reason})`;
}
function describeChange(m) {
  const unit = onUnitScale(m.base, m.head);
  const ci = m.interval ? `, 95% CI ${bound(m.interval[0], unit)} to ${bound(m.interval[1], unit)}` : "";
  return `${m.key} ${scoreValue(m.base, unit)} → ${scoreValue(m.head, unit)} (${scoreDiff(m.diff, unit)}${m.direction ? `, ${m.direction}` : ""}${ci})`;
}

// src/compare/quality/compare-generations.ts
function compareGenerations(base, head) {
  const notes2 = [];
  const b = merge3(base, "base", notes2);
  const h = merge3(head, "head", notes2);
  const c = {
    matched: 0,
    identical: 0,
    differing: 0,
    incomparable: 0,
    onlyBase: 0,
    onlyHead: 0,
    failedHead: 0,
    failedBase: 0,
    verdict: "none-matched",
    expectedToDiffer: false,
    shorter: 0,
    longer: 0,
    sentence: ""
  };
  for (const [id, be] of b.entries) {
    const he = h.entries.get(id);
    if (he === void 0) c.onlyBase++;
    else if (be === FAILED2 || he === FAILED2) {
      if (be !== FAILED2) c.failedHead++;
      else if (he !== FAILED2) c.failedBase++;
    } else {
      c.matched++;
      if (be.hash === he.hash) c.identical++;
      else if (kind(be.hash) !== kind(he.hash)) c.incomparable++;
      else {
        c.differing++;
        if (be.length !== void 0 && he.length !== void 0) {
          if (he.length < be.length) c.shorter++;
          else if (he.length > be.length) c.longer++;
        }
      }
    }
  }
  for (const id of h.entries.keys()) if (!b.entries.has(id)) c.onlyHead++;
  const compared = c.identical + c.differing;
  if (compared > 0) {
    c.shareIdentical = c.identical / compared;
    c.shareIdenticalInterval = wilsonInterval(c.identical, compared, zForLevel(LEVEL));
  }
  c.verdict = c.differing > 0 || c.failedHead > 0 ? "changed" : compared > 0 ? "identical" : "none-matched";
  const sampled = (s) => (s.maxTemperature ?? 0) > 0;
  c.expectedToDiffer = (sampled(b.sampling) || sampled(h.sampling)) && !(b.sampling.withSeed > 0 && h.sampling.withSeed > 0);
  if (c.incomparable > 0)
    notes2.push(
      `${c.incomparable} pair(s) could not be compared: one side hashed the text (SHA-256), the other gave an output_hash of another kind`
    );
  c.sentence = generationsSentence(c, b, h);
  return { comparison: c, notes: notes2 };
}
function kind(hash) {
  return hash.slice(0, hash.indexOf(":"));
}
function merge3(sets, side2, notes2) {
  if (sets.length === 1) return sets[0];
  const entries = /* @__PURE__ */ new Map();
  const sampling = { withTemperature: 0, withSeed: 0 };
  let records = 0;
  let repeated = 0;
  for (const set of sets) {
    records += set.records;
    sampling.withTemperature += set.sampling.withTemperature;
    sampling.withSeed += set.sampling.withSeed;
    if (set.sampling.maxTemperature !== void 0)
      sampling.maxTemperature = Math.max(sampling.maxTemperature ?? 0, set.sampling.maxTemperature);
    for (const [id, entry] of set.entries) {
      if (entries.has(id)) repeated++;
      else entries.set(id, entry);
    }
  }
  if (repeated)
    notes2.push(`${side2}: ${repeated} generation id(s) appear in more than one file; the first file's output is used`);
  return { entries, sampling, records };
}
function generationsSentence(c, b, h) {
  const unpaired = listJoin(
    [
      c.onlyBase ? `${grouped(c.onlyBase)} only in base` : "",
      c.onlyHead ? `${grouped(c.onlyHead)} only in head` : ""
    ].filter(Boolean)
  );
  const compared = c.identical + c.differing;
  if (c.verdict === "none-matched") {
    if (c.incomparable > 0)
      return `not verified: the ${grouped(c.incomparable)} paired generations carry hashes of different kinds (text SHA-256 against output_hash)`;
    return `not verified: no generation id in both base (${grouped(b.entries.size)}) and head (${grouped(h.entries.size)})`;
  }
  if (c.verdict === "identical") {
    return `unchanged (verified: ${grouped(compared)} paired generations, identical${unpaired ? `; ${unpaired}` : ""})`;
  }
  const parts2 = [];
  if (c.differing > 0)
    parts2.push(
      `${grouped(c.differing)} of ${grouped(compared)} paired generations differ (${share(c.differing / compared)})`
    );
  if (c.failedHead > 0) parts2.push(`${grouped(c.failedHead)} request(s) failed in head that base answered`);
  let out = `CHANGED: ${parts2.join("; ")}; compare them before accepting`;
  if (c.expectedToDiffer) {
    const t = Math.max(b.sampling.maxTemperature ?? 0, h.sampling.maxTemperature ?? 0);
    out += `; sampling at temperature ${t} without a fixed seed makes differences expected: exact match needs greedy decoding (temperature 0) or a fixed seed`;
  } else if (c.differing > compared / 2) {
    out += "; with most pairs differing, check the decoding: exact match needs greedy decoding or a fixed seed, and an engine whose output does not depend on batch size (vLLM: VLLM_BATCH_INVARIANT=1)";
  }
  return out;
}

// src/compare/quality/compare.ts
function compareQuality(base, head) {
  const scores = (side2) => side2.filter((q) => q.kind === "scores");
  const generations = (side2) => side2.filter((q) => q.kind === "generations");
  const notes2 = [];
  for (const [side2, inputs] of [
    ["base", base],
    ["head", head]
  ]) {
    for (const q of inputs)
      for (const note of q.kind === "scores" ? q.notes : q.warnings) notes2.push(`${side2} ${q.file}: ${note}`);
  }
  const out = { notes: notes2 };
  if (scores(base).length || scores(head).length) {
    const s = compareScores(scores(base), scores(head));
    out.scores = s.comparison;
    notes2.push(...s.notes);
  }
  if (generations(base).length || generations(head).length) {
    const g2 = compareGenerations(generations(base), generations(head));
    out.generations = g2.comparison;
    notes2.push(...g2.notes);
  }
  return out;
}
function parts(c) {
  const out = [];
  const g2 = c.generations;
  if (g2) {
    const changed = g2.failedHead > 0 || g2.differing > 0 && !g2.expectedToDiffer;
    out.push({
      state: g2.verdict === "identical" ? "unchanged" : changed ? "changed" : "unverified",
      sentence: g2.sentence
    });
  }
  const s = c.scores;
  if (s)
    out.push({
      state: s.verdict === "changed" ? "changed" : s.verdict === "unchanged" ? "unchanged" : "unverified",
      sentence: s.sentence
    });
  return out;
}
function qualityLine(c) {
  const all = parts(c);
  if (all.length === 0) return "not measured";
  if (all.every((p) => p.state === "unchanged")) {
    const inner = all.map((p) => p.sentence.replace(/^unchanged \(verified: /, "").replace(/\)$/, ""));
    return `unchanged (verified: ${inner.join("; ")})`;
  }
  const order = ["changed", "unverified", "unchanged"];
  return [...all].sort((a, b) => order.indexOf(a.state) - order.indexOf(b.state)).map((p) => p.sentence).join("; ");
}
function caveat(c) {
  const all = parts(c);
  const changed = all.filter((p) => p.state === "changed");
  if (changed.length)
    return {
      kind: "quality-changed",
      message: `output quality changed: ${changed.map((p) => p.sentence.replace(/^CHANGED: /, "")).join("; ")}`
    };
  const unverified = all.filter((p) => p.state === "unverified");
  if (unverified.length)
    return {
      kind: "quality-unverified",
      message: `output quality was measured but not verified: ${unverified.map((p) => p.sentence.replace(/^(?:unverified|not verified|CHANGED): /, "")).join("; ")}`
    };
  return void 0;
}

// src/diagnose/context.ts
function cost(ctx, id) {
  return ctx.costs.find((c) => c.id === id);
}
var COST_CHANGE = 0.1;
var BIN_AGREEMENT = 0.75;
function evidence(text, values) {
  return values ? { text, values } : { text };
}
function configValue(meta, names2) {
  for (const name of names2) if (name in meta.config) return meta.config[name];
  return void 0;
}
var CHUNKED_PREFILL_KEYS = [
  "enable_chunked_prefill",
  "enable-chunked-prefill",
  "chunked_prefill",
  "chunked_prefill_size"
];
function chunkedPrefill(meta) {
  const value4 = configValue(meta, CHUNKED_PREFILL_KEYS);
  const off = value4 === false || value4 === "false" || value4 === 0 || value4 === -1;
  const on = value4 === true || value4 === "true" || typeof value4 === "number" && value4 > 0;
  return { value: value4, off, on };
}

// src/diagnose/survivors.ts
var TOP_ERRORS = 3;
function failuresFinding(failed2, head, metrics) {
  if (!failed2 || failed2.verdict !== "regressed" && failed2.verdict !== "improved" || !failed2.base || !failed2.head)
    return void 0;
  const worse = failed2.verdict === "regressed";
  const items = [
    evidence(
      `failed requests ${percent(failed2.base.value)} → ${percent(failed2.head.value)} (${signedPoints(failed2.difference ?? 0)}) of ${grouped(failed2.base.count)} and ${grouped(failed2.head.count)} requests sent`,
      {
        baseShare: failed2.base.value,
        headShare: failed2.head.value
      }
    )
  ];
  const errors = topErrors(head);
  if (errors.length)
    items.push(
      evidence(
        `most frequent errors in this run: ${errors.map((e) => `"${e.message}" ×${grouped(e.count)}`).join(", ")}`
      )
    );
  items.push(
    evidence(
      "latency percentiles are computed over the requests that succeeded, a different population on each side: no phase is blamed for their change"
    )
  );
  return {
    hint: "request-failures",
    phase: null,
    title: worse ? `more requests failed: ${percent(failed2.head.value)}, baseline ${percent(failed2.base.value)}` : `fewer requests failed: ${percent(failed2.head.value)}, baseline ${percent(failed2.base.value)}`,
    status: "confirmed",
    cause: "unknown",
    evidence: items,
    nextCheck: worse ? "the server and client logs for these errors (timeouts, 5xx, out of memory); compare latency once both runs succeed alike" : "that the requests which used to fail now succeed as intended; latency now includes them",
    metrics: [failed2.spec.key, ...metrics]
  };
}
function topErrors(side2) {
  const counts = /* @__PURE__ */ new Map();
  for (const run of side2.runs) {
    const column = run.requests?.text.error;
    if (!column) continue;
    for (let i = 0; i < column.codes.length; i++) {
      const message = textAt(column, i);
      if (message === void 0) continue;
      counts.set(message, (counts.get(message) ?? 0) + 1);
    }
  }
  return [...counts].map(([message, count3]) => ({ message: message.length > 120 ? `${message.slice(0, 119)}…` : message, count: count3 })).sort((a, b) => b.count - a.count || (a.message < b.message ? -1 : 1)).slice(0, TOP_ERRORS);
}
function overloadFinding(load2, metrics) {
  if (!load2.head.overloaded || load2.base.overloaded) return void 0;
  const head = load2.head.runs.find((r) => r.overloaded);
  const base = load2.base.runs[0];
  const rates = head.offeredRate !== void 0 && head.completedRate !== void 0 ? `: ${compact(head.completedRate)} of ${compact(head.offeredRate)} req/s offered completed` : "";
  return {
    hint: "overload",
    phase: "queue_wait",
    title: `the head is overloaded${rates}, and its queue grows through the run; the baseline kept up`,
    status: "confirmed",
    cause: "unknown",
    evidence: [
      ...loadEvidence(head),
      ...base?.offeredRate !== void 0 && base.completedRate !== void 0 ? [evidence(`baseline: ${compact(base.completedRate)} of ${compact(base.offeredRate)} req/s offered completed`)] : []
    ],
    nextCheck: "what cut capacity: the running-batch limit (max_num_seqs), KV-cache memory or a slower step; or compare both at a load the head can carry (a lower request rate) to see the code change alone",
    metrics
  };
}
function loadPhrase(r) {
  const parts2 = [];
  if (r.offeredRate !== void 0 && r.completedRate !== void 0)
    parts2.push(`${compact(r.offeredRate)} req/s offered, ${compact(r.completedRate)} completed`);
  if (r.trend)
    parts2.push(
      `${r.series === "queue_wait" ? "queue wait" : "TTFT"} grows through the run (median ${duration(r.trend.firstMs)} in the first fifth → ${duration(r.trend.lastMs)} in the last)`
    );
  return parts2.join("; ");
}
function loadEvidence(r) {
  const out = [];
  if (r.offeredRate !== void 0 && r.completedRate !== void 0) {
    out.push(
      evidence(
        `arrivals ${compact(r.offeredRate)} req/s; completions over the same time ${compact(r.completedRate)} req/s (${percent(r.completedRate / r.offeredRate)} kept up)`,
        { offered: r.offeredRate, completed: r.completedRate }
      )
    );
  }
  if (r.trend) {
    out.push(
      evidence(
        `${r.series === "queue_wait" ? "queue wait" : "TTFT"} trend across the run: Kendall τ = ${r.trend.tau.toFixed(2)} (Mann–Kendall z = ${r.trend.z.toFixed(1)}), block median ${duration(r.trend.firstMs)} → ${duration(r.trend.lastMs)}`,
        {
          tau: r.trend.tau,
          z: r.trend.z
        }
      )
    );
  }
  if (r.atCap)
    out.push(
      evidence(
        `${percent(r.atCap.share)} of requests were admitted with the running batch at its cap (max_num_seqs ${r.atCap.cap})`,
        { atCapShare: r.atCap.share }
      )
    );
  if (r.unsettled)
    out.push(evidence("no steady state: the wait never settles within the first half of the run (MSER-5)"));
  return out;
}

// src/model/workload-key.ts
var KEY_FIELDS = [
  "dataset",
  "inputLength",
  "outputLength",
  "requestRate",
  "concurrency",
  "streaming",
  "engine",
  "engineVersion",
  "model",
  "hardware",
  "tenant"
];
function workloadKey(run) {
  const w = run.workload ?? {};
  const key = {};
  const put = (field, value4) => {
    if (value4 === void 0 || typeof value4 === "string" && value4.trim() === "" || typeof value4 === "number" && Number.isNaN(value4))
      return;
    key[field] = typeof value4 === "string" ? value4.trim() : value4;
  };
  put("dataset", w.dataset);
  put("inputLength", w.inputLength);
  put("outputLength", w.outputLength);
  put("requestRate", w.requestRate);
  put("concurrency", w.concurrency);
  put("streaming", w.streaming);
  put("engine", w.engine);
  put("engineVersion", w.engineVersion);
  put("model", run.meta.model);
  put("hardware", run.meta.hardware);
  put("tenant", w.tenant);
  return key;
}
function sameValue2(a, b) {
  if (typeof a === "string" && typeof b === "string") return a.toLowerCase() === b.toLowerCase();
  if (typeof a === "number" && typeof b === "number")
    return a === b || Number.isFinite(a) && Number.isFinite(b) && Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));
  return a === b;
}
function keyDifferences(base, head) {
  const out = [];
  for (const field of KEY_FIELDS) {
    const b = base[field];
    const h = head[field];
    if (b !== void 0 && h !== void 0 && !sameValue2(b, h)) out.push({ field, base: b, head: h });
  }
  return out;
}
function compatibleKeys(a, b) {
  return keyDifferences(a, b).length === 0;
}
function keyText(key) {
  return KEY_FIELDS.filter((f) => key[f] !== void 0).map((f) => `${f}=${canonical(key[f])}`).join("|");
}
function canonical(value4) {
  if (typeof value4 === "string") return value4.toLowerCase();
  if (typeof value4 === "number") return Number.isFinite(value4) ? String(value4) : value4 > 0 ? "inf" : "-inf";
  return String(value4);
}
function commonKey(runs) {
  const keys = runs.map(workloadKey);
  if (keys.length === 0) return {};
  const out = {};
  for (const field of KEY_FIELDS) {
    const first = keys[0][field];
    if (first !== void 0 && keys.every((k) => k[field] !== void 0 && sameValue2(k[field], first)))
      out[field] = first;
  }
  return out;
}
function describeField(field, value4) {
  switch (field) {
    case "requestRate":
      return typeof value4 === "number" && !Number.isFinite(value4) ? "max request rate" : `${value4} req/s`;
    case "concurrency":
      return `concurrency ${value4}`;
    case "streaming":
      return value4 === true ? "streaming" : "non-streaming";
    case "inputLength":
      return `input ${value4} tokens`;
    case "outputLength":
      return `output ${value4} tokens`;
    case "engineVersion":
      return `engine version ${value4}`;
    default:
      return `${field} ${value4}`;
  }
}
function keyLabel(key, fields = KEY_FIELDS) {
  return KEY_FIELDS.filter((f) => fields.includes(f) && key[f] !== void 0).map((f) => describeField(f, key[f])).join(", ");
}

// src/diagnose/caveats.ts
function collectCaveats(input) {
  const out = [];
  const { base, head, metrics, workload, configChanges } = input;
  for (const d of input.notLikeForLike ?? [])
    out.push({
      kind: d.kind,
      message: listDifferences(d.differences),
      differences: d.differences,
      ...d.judgedAnyway ? { judgedAnyway: true } : {}
    });
  if (input.tradeoff) {
    const t = input.tradeoff;
    out.push({
      kind: "batching-tradeoff",
      message: `throughput ${signedPercent(t.throughputChange)}, ${t.tokenMetric} ${signedPercent(t.tokenChange)}, batch ${compact(t.batch.base)} → ${compact(t.batch.head)}`,
      tradeoff: t
    });
  }
  const fewRuns = Math.min(base.runs.length, head.runs.length);
  const measured2 = metrics.filter(
    (m) => m.base?.blockLengths.length && m.head?.blockLengths.length && !isSummaryBasis(m.basis)
  );
  if (fewRuns < MEASURED_NOISE_RUNS && measured2.length) {
    const lengths = measured2.flatMap((m) => [...m.base.blockLengths, ...m.head.blockLengths]);
    const noise = [...new Set(measured2.map((m) => Math.max(m.runNoise?.base ?? 0, m.runNoise?.head ?? 0)))].sort(
      (a, b) => a - b
    );
    out.push({
      kind: "single-run",
      message: `${fewRuns === 1 ? "one run" : `${fewRuns} runs`} per side: intervals come from resampling blocks of consecutive requests within each run (${Math.min(...lengths)}–${Math.max(...lengths)} requests per block), which keeps queueing bursts together, plus an allowance for between-run noise of ${noise.map(percent).join(" to ")} per side; 3 or more runs per side would measure that noise instead`
    });
  }
  for (const side2 of [base, head]) {
    for (const run of side2.runs) {
      for (const source of run.sources) {
        if (source.skipped > 0) {
          const first2 = source.issues[0];
          out.push({
            kind: "skipped-lines",
            message: `${source.file}: ${grouped(source.skipped)} of ${grouped(source.recordsRead)} records skipped (${side2.label})${first2 ? `; first: line ${first2.line}${first2.field ? `, field ${first2.field}` : ""}: ${first2.message}` : ""}`
          });
        }
        for (const warning of source.warnings)
          out.push({ kind: "input-warning", message: `${source.file}: ${warning}` });
      }
    }
  }
  const summaries = metrics.filter((m) => isSummaryBasis(m.basis));
  if (summaries.length) {
    out.push({
      kind: "summary-only",
      message: `${summaries.length} metric${summaries.length === 1 ? "" : "s"} compared from the tools' run-level summaries (no per-request data): no phase decomposition, and intervals only from repeated runs or a noise band`
    });
  }
  const drift = [];
  for (const shift of [workload.prompt, workload.output]) {
    if (shift?.changed)
      drift.push(
        `${shift.field === "prompt_tokens" ? "prompt" : "output"} length median ${grouped(shift.baseMedian)} → ${grouped(shift.headMedian)} tokens (KS D = ${shift.ks.toFixed(2)})`
      );
  }
  const names2 = {
    concurrency: "concurrency",
    requestRate: "request rate",
    inputTokensMean: "mean input tokens",
    outputTokensMean: "mean output tokens"
  };
  const loadSaid = (input.notLikeForLike ?? []).some((d) => d.kind === "load-changed");
  for (const d of workload.declared) {
    if (loadSaid && (d.key === "concurrency" || d.key === "requestRate")) continue;
    drift.push(`${names2[d.key]} ${compact(d.base)} → ${compact(d.head)} (as the tool reports it)`);
  }
  if (workload.arrivalRate?.changed) {
    drift.push(
      `arrival rate ${compact(workload.arrivalRate.baseRate)} → ${compact(workload.arrivalRate.headRate)} req/s (${signedPercent(workload.arrivalRate.change)})`
    );
  }
  if (drift.length) {
    out.push({
      kind: "workload-drift",
      message: `the workload differs between the sides: ${listJoin(drift)}; changes in latency may come from the workload, not the code`
    });
  }
  if (configChanges.length > 1) {
    const shown2 = configChanges.slice(0, 6).map((c) => `${c.key} ${describeValue(c.base)} → ${describeValue(c.head)}`);
    out.push({
      kind: "config-confounded",
      message: `${configChanges.length} configuration keys changed at once (${listJoin(shown2)}${configChanges.length > 6 ? ", …" : ""}): any change cannot be pinned on one of them`
    });
  }
  const p50Improved = metrics.filter(
    (m) => m.verdict === "improved" && m.spec.stat.kind === "percentile" && m.spec.stat.q <= 0.5
  );
  const tailRegressed = metrics.filter(
    (m) => m.verdict === "regressed" && m.slos.length && m.spec.stat.kind === "percentile" && m.spec.stat.q > 0.5
  );
  for (const tail of tailRegressed) {
    const median2 = p50Improved.find((m) => m.spec.metric.id === tail.spec.metric.id);
    if (median2) {
      out.push({
        kind: "p50-vs-tail",
        message: `${specLabel(median2.spec)} improved while ${specLabel(tail.spec)}, the SLO's percentile, regressed: the median is not the target, and the tail has different causes`
      });
    }
  }
  const few = metrics.filter((m) => m.reason.code === "too-few-values");
  const first = few[0]?.reason;
  if (first?.code === "too-few-values") {
    out.push({
      kind: "few-samples",
      message: `too few requests for ${listJoin(few.map((m) => specLabel(m.spec)))}: ${specLabel(few[0].spec)} needs at least ${grouped(first.needed)} values per side (baseline has ${grouped(first.base)}, head ${grouped(first.head)})`
    });
  }
  const load2 = input.load;
  if (load2?.base.overloaded && load2.head.overloaded) {
    out.push({
      kind: "overloaded",
      message: `both sides are overloaded (baseline: ${loadPhrase(load2.base.runs.find((r) => r.overloaded))}; head: ${loadPhrase(load2.head.runs.find((r) => r.overloaded))}): latency that grows with the length of the run (TTFT, E2E, queue wait) is shown but not judged, and throughput and per-token metrics decide; compare at a load both sides can carry to judge latency`
    });
  } else if (load2?.base.overloaded) {
    out.push({
      kind: "overloaded",
      message: `the baseline is overloaded (${loadPhrase(load2.base.runs.find((r) => r.overloaded))}) and the head is not: its latency grew with the run, so the head's lower latency is partly the queue the baseline could not drain`
    });
  }
  const trimmed2 = (side2) => load2?.[side2].runs.reduce((sum, r) => sum + r.warmup.rows, 0) ?? 0;
  if (trimmed2("base") || trimmed2("head")) {
    const series = [...load2.base.runs, ...load2.head.runs].filter((r) => r.warmup.rows > 0).map((r) => r.series === "ttft" ? "TTFT" : "queue wait");
    out.push({
      kind: "warm-up",
      message: `warm-up left out of latency and rates (MSER-5 on the ${listJoin([...new Set(series)])}): the first ${grouped(trimmed2("base"))} requests of the baseline and ${grouped(trimmed2("head"))} of the head; failed requests are counted over the whole run`
    });
  }
  const baseErrors = errorShare(base);
  const headErrors = errorShare(head);
  const failuresJudged = metrics.some((m) => m.spec.metric.id === "failed" && m.base);
  if (!failuresJudged && headErrors && headErrors.failed > 0 && (!baseErrors || headErrors.share > baseErrors.share)) {
    out.push({
      kind: "error-rate",
      message: `${grouped(headErrors.failed)} requests failed in this run (${percent(headErrors.share)}, baseline ${baseErrors ? percent(baseErrors.share) : "unknown"}); failed requests are left out of latency metrics, which can hide a problem`
    });
  }
  for (const cost2 of input.likeForLike) {
    if (!cost2.changed || cost2.change <= 0) continue;
    const family = metrics.filter(
      (m) => m.spec.metric.id === cost2.metric || cost2.metric === "ttft" && m.spec.metric.id === "ttft_client"
    );
    if (family.length === 0 || family.some((m) => m.verdict === "regressed")) continue;
    out.push({
      kind: "hidden-slowdown",
      message: `${cost2.label} ${signedPercent(cost2.change)} (${agreeingBins(cost2)}; unmatched ${signedPercent(cost2.rawChange)}) while no ${cost2.metric.toUpperCase()} metric regressed: a lighter load or easier workload may be hiding slower code`
    });
  }
  const undiagnosed = metrics.filter(
    (m) => m.verdict === "regressed" && !m.spec.metric.custom && !["itl", "tpot"].includes(m.spec.metric.id) && !input.attributions.some((a) => a.spec.key === m.spec.key)
  );
  if (undiagnosed.length) {
    out.push({
      kind: "no-phases",
      message: `no phase decomposition for ${listJoin(undiagnosed.map((m) => specLabel(m.spec)))}: the data has no per-request phase timings (queue_wait_ms, prefill_ms, …); server-side telemetry or a metrics scrape of the same run would show where the time went`
    });
  }
  const missing = [...new Set(input.attributions.flatMap((a) => a.missingPhases))];
  if (missing.length) {
    out.push({
      kind: "missing-phases",
      message: `no ${listJoin(missing.map((p) => `${p}_ms`))} on one side or both: that time sits in the remainder`
    });
  }
  const qualityGiven = input.quality && (input.quality.scores || input.quality.generations);
  if (qualityGiven) {
    const guard = caveat(input.quality);
    if (guard) out.push(guard);
  } else if (!hasQuality(base) || !hasQuality(head)) {
    out.push({
      kind: "quality-not-measured",
      message: "output quality was not measured in these runs: an optimization that trades accuracy would not show here (give eval scores or paired generations with the quality inputs)"
    });
  }
  return out;
}
function errorShare(side2) {
  let failed2 = 0;
  let total2 = 0;
  for (const run of side2.runs) {
    if (!run.requests) continue;
    const ok2 = successMask(run.requests);
    for (let i = 0; i < ok2.length; i++) if (!ok2[i]) failed2++;
    total2 += ok2.length;
  }
  return total2 ? { failed: failed2, share: failed2 / total2 } : void 0;
}
function hasQuality(side2) {
  return side2.runs.some((r) => r.summaries.some((s) => s.metric.startsWith("quality")));
}
function listDifferences(differences) {
  return differences.map(
    (d) => (
      // "engine version" before "engine": the first alternative that matches wins.
      `${describeField(d.field, d.base)} → ${describeField(d.field, d.head).replace(/^(concurrency|dataset|engine version|engine|model|hardware|tenant|input|output) /, "")}`
    )
  ).join(", ");
}

// src/stats/counted-quantiles.ts
var MAX_RANGE = 1 << 20;
function countedQuantiles(columns2, qs) {
  let min = Infinity;
  let max = -Infinity;
  let n = 0;
  for (const xs of columns2) {
    for (let i = 0; i < xs.length; i++) {
      const v = xs[i];
      if (!Number.isFinite(v)) continue;
      if (!Number.isInteger(v) || Object.is(v, -0)) return void 0;
      if (v < min) min = v;
      if (v > max) max = v;
      n++;
    }
  }
  if (n === 0) return qs.map(() => NaN);
  if (max - min >= MAX_RANGE) return void 0;
  const counts = new Uint32Array(max - min + 1);
  for (const xs of columns2) {
    for (let i = 0; i < xs.length; i++) {
      const v = xs[i];
      if (Number.isFinite(v)) counts[v - min]++;
    }
  }
  let bucket = 0;
  let before = 0;
  const at = (rank2) => {
    if (rank2 < before) bucket = before = 0;
    while (before + counts[bucket] <= rank2) before += counts[bucket++];
    return bucket + min;
  };
  const order = qs.map((_, i) => i).sort((a, b) => qs[a] - qs[b]);
  const out = new Array(qs.length);
  for (const i of order) {
    const q = qs[i];
    if (n === 1) {
      out[i] = min;
      continue;
    }
    const h = (n - 1) * q;
    const lo = Math.floor(h);
    if (lo >= n - 1) {
      out[i] = max;
      continue;
    }
    const frac = h - lo;
    const lower = at(lo);
    out[i] = frac === 0 ? lower : lower + frac * (at(lo + 1) - lower);
  }
  return out;
}

// src/diagnose/measures/ratios.ts
function perUnit(table2, cost2, work, into) {
  if (!cost2 || !work) return void 0;
  const ok2 = successMask(table2);
  const out = rowsOf(table2, into);
  for (let i = 0; i < out.length; i++)
    out[i] = ok2[i] && work[i] > 0 && Number.isFinite(cost2[i]) ? cost2[i] / work[i] : NaN;
  return out;
}
function timePerOutputToken(table2, into) {
  const decode = table2.numbers.decode_ms;
  const tokens = table2.numbers.output_tokens;
  if (!decode || !tokens) return void 0;
  const ok2 = successMask(table2);
  const out = rowsOf(table2, into);
  for (let i = 0; i < out.length; i++) out[i] = ok2[i] ? tpotAt(decode, tokens, i) : NaN;
  return out;
}
function perUnitQuantile(tables, cost2, work, q) {
  if (tables.some((t) => !cost2(t) || !work(t))) return void 0;
  const length = tables.reduce((sum, t) => sum + t.length, 0);
  const fill = (out) => {
    let k = 0;
    for (const t of tables) {
      const c = cost2(t);
      const w = work(t);
      const ok2 = successMask(t);
      for (let i = 0; i < t.length; i++) {
        if (!ok2[i] || !(w[i] > 0) || !Number.isFinite(c[i])) continue;
        const v = c[i] / w[i];
        if (Number.isFinite(v)) out[k++] = v;
      }
    }
    return k;
  };
  return quantileOfComputed(length, fill, q);
}
function uncachedTokens(table2, into) {
  const prompt = table2.numbers.prompt_tokens;
  if (!prompt) return void 0;
  const hits = table2.numbers.prefix_cache_hit_tokens;
  const out = rowsOf(table2, into);
  for (let i = 0; i < out.length; i++) out[i] = prompt[i] - (hits && Number.isFinite(hits[i]) ? hits[i] : 0);
  return out;
}
function rowsOf(table2, into) {
  return into && into.length >= table2.length ? into.subarray(0, table2.length) : new Float64Array(table2.length);
}
function concatPresent(columns2) {
  const present = columns2.filter((c) => c !== void 0);
  return present.length ? concat(present) : void 0;
}
function concat(columns2) {
  if (columns2.some((c) => !c)) return void 0;
  if (columns2.length === 1) return columns2[0];
  const out = new Float64Array(columns2.reduce((s, c) => s + c.length, 0));
  let offset = 0;
  for (const c of columns2) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}
var MIN_PER_BIN = 10;
var MAX_EXACT_STRATA = 64;
var QUANTILE_BINS = 8;
var SMALL_INTEGERS = 4096;
function matchedRatio(baseX, baseY, headX, headY, scratch2 = {}) {
  const strata = strataOf(baseX, headX);
  if (!strata) return void 0;
  const { edges, min, max } = strata;
  const groups = edges.length + 1;
  const baseGroups = groupByStratum(baseX, baseY, edges, scratch2, "base");
  const headGroups = groupByStratum(headX, headY, edges, scratch2, "head");
  const bins = [];
  const weights = [];
  let logSum = 0;
  let weightSum = 0;
  for (let g2 = 0; g2 < groups; g2++) {
    const nb = baseGroups.start[g2 + 1] - baseGroups.start[g2];
    const nh = headGroups.start[g2 + 1] - headGroups.start[g2];
    if (nb < MIN_PER_BIN || nh < MIN_PER_BIN) continue;
    const baseMedian = selectQuantile(baseGroups.values.subarray(baseGroups.start[g2], baseGroups.start[g2 + 1]), 0.5);
    const headMedian = selectQuantile(headGroups.values.subarray(headGroups.start[g2], headGroups.start[g2 + 1]), 0.5);
    bins.push({
      low: g2 === 0 ? min : edges[g2 - 1],
      high: g2 < edges.length ? edges[g2] : max,
      baseMedian,
      headMedian,
      baseCount: nb,
      headCount: nh
    });
    const w = Math.min(nb, nh);
    weights.push(w);
    if (baseMedian > 0 && headMedian > 0) {
      logSum += w * Math.log(headMedian / baseMedian);
      weightSum += w;
    }
  }
  if (weightSum === 0) return void 0;
  const change2 = Math.exp(logSum / weightSum) - 1;
  let agreeing = 0;
  let total2 = 0;
  bins.forEach((b, k) => {
    total2 += weights[k];
    if (Math.sign(b.headMedian - b.baseMedian) === Math.sign(change2)) agreeing += weights[k];
  });
  const rawHead = headGroups.allY ? selectQuantile(headGroups.values, 0.5) : quantile(headY, 0.5);
  const rawBase = baseGroups.allY ? selectQuantile(baseGroups.values, 0.5) : quantile(baseY, 0.5);
  return {
    change: change2,
    bins,
    agreement: total2 ? agreeing / total2 : 0,
    rawChange: rawBase > 0 ? rawHead / rawBase - 1 : NaN
  };
}
function strataOf(baseX, headX) {
  const distinct = /* @__PURE__ */ new Set();
  const small = new Uint8Array(SMALL_INTEGERS);
  let smallCount = 0;
  let integers = true;
  let exact = true;
  let count3 = 0;
  let min = Infinity;
  let max = -Infinity;
  let negativeZero = false;
  let positiveZero = false;
  for (const xs of [baseX, headX]) {
    for (let i = 0; i < xs.length; i++) {
      const v = xs[i];
      if (!Number.isFinite(v)) continue;
      count3++;
      if (v < min) min = v;
      if (v > max) max = v;
      if (v === 0) {
        if (Object.is(v, -0)) negativeZero = true;
        else positiveZero = true;
      }
      if (!integers) continue;
      if (!Number.isInteger(v)) {
        integers = exact = false;
        continue;
      }
      if (!exact) continue;
      if (v >= 0 && v < SMALL_INTEGERS) {
        if (small[v] === 0) {
          small[v] = 1;
          smallCount++;
        }
      } else distinct.add(v);
      if (smallCount + distinct.size > MAX_EXACT_STRATA) exact = false;
    }
  }
  if (count3 === 0) return void 0;
  const zeroFirst = negativeZero ? -0 : 0;
  if (min === 0) min = zeroFirst;
  if (max === 0) max = positiveZero ? 0 : -0;
  if (exact) {
    for (let v = 0; v < SMALL_INTEGERS; v++) if (small[v] === 1) distinct.add(v);
    const values = [...distinct].map((v) => v === 0 ? zeroFirst : v).sort((a, b) => a - b);
    return { edges: values.slice(1), min, max };
  }
  const qs = Array.from({ length: QUANTILE_BINS - 1 }, (_, k) => (k + 1) / QUANTILE_BINS);
  const counted = integers && !negativeZero ? countedQuantiles([baseX, headX], qs) : void 0;
  let quantiles;
  if (counted) quantiles = counted;
  else {
    const pool = (out) => {
      let j = 0;
      for (const xs of [baseX, headX]) for (let i = 0; i < xs.length; i++) if (Number.isFinite(xs[i])) out[j++] = xs[i];
      return j;
    };
    if (integers) {
      const pooled = new Float64Array(count3);
      pool(pooled);
      const sorted = sortedFinite(pooled);
      quantiles = qs.map((q) => quantileSorted(sorted, q));
    } else quantiles = quantilesOfComputed(count3, pool, qs);
  }
  const edges = [];
  for (const edge of quantiles) if (edges.length === 0 || edge > edges[edges.length - 1]) edges.push(edge);
  return { edges, min, max };
}
function groupByStratum(x, y, edges, scratch2, side2) {
  const groups = edges.length + 1;
  if (!scratch2.strata || scratch2.strata.length < x.length) scratch2.strata = new Uint8Array(x.length);
  const stratum = scratch2.strata.subarray(0, x.length).fill(0);
  const start = new Uint32Array(groups + 1);
  const known = new Uint8Array(SMALL_INTEGERS);
  for (let v = 0; v < SMALL_INTEGERS; v++) known[v] = stratumOf(edges, v);
  let finiteY = 0;
  for (let i = 0; i < x.length; i++) {
    if (!Number.isFinite(y[i])) continue;
    finiteY++;
    const v = x[i];
    if (!Number.isFinite(v)) continue;
    const small = v | 0;
    const g2 = small === v && small >= 0 && small < SMALL_INTEGERS ? known[small] : stratumOf(edges, v);
    stratum[i] = g2 + 1;
    start[g2 + 1]++;
  }
  for (let g2 = 0; g2 < groups; g2++) start[g2 + 1] += start[g2];
  let into;
  if (side2 === "head") into = selectScratchOf(start[groups]);
  else {
    if (!scratch2.base || scratch2.base.length < start[groups])
      scratch2.base = new Float64Array(Math.max(start[groups], x.length));
    into = scratch2.base;
  }
  const values = into.subarray(0, start[groups]);
  const at = start.slice(0, groups);
  for (let i = 0; i < x.length; i++) if (stratum[i] !== 0) values[at[stratum[i] - 1]++] = y[i];
  return { values, start, allY: y.length === x.length && finiteY === start[groups] };
}
function stratumOf(edges, x) {
  let lo = 0;
  let hi = edges.length;
  while (lo < hi) {
    const mid = lo + hi >> 1;
    if (x >= edges[mid]) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
function ratioOfSums(tables, a, b) {
  let num = 0;
  let den = 0;
  let any = false;
  for (const t of tables) {
    const x = a(t);
    const y = b(t);
    if (!x || !y) return void 0;
    const ok2 = successMask(t);
    for (let i = 0; i < t.length; i++) {
      if (!ok2[i] || !Number.isFinite(x[i]) || !Number.isFinite(y[i])) continue;
      num += x[i];
      den += y[i];
      any = true;
    }
  }
  return any && den > 0 ? num / den : void 0;
}
var PREFILL_WORK_GROWTH = 0.1;
function prefillWorkGrowth(base, head) {
  const baseMean = meanUncachedTokens(base);
  const headMean = meanUncachedTokens(head);
  if (baseMean === void 0 || headMean === void 0) return void 0;
  return baseMean > 0 ? headMean / baseMean - 1 : void 0;
}
function meanUncachedTokens(tables) {
  let sum = 0;
  let count3 = 0;
  for (const table2 of tables) {
    const prompt = table2.numbers.prompt_tokens;
    if (!prompt) return void 0;
    const hits = table2.numbers.prefix_cache_hit_tokens;
    for (let i = 0; i < table2.length; i++) {
      const v = prompt[i] - (hits && Number.isFinite(hits[i]) ? hits[i] : 0);
      if (Number.isFinite(v)) {
        sum += v;
        count3++;
      }
    }
  }
  return count3 === 0 ? NaN : sum / count3;
}

// src/diagnose/measures/batch.ts
var profiled = /* @__PURE__ */ new WeakMap();
function batchProfile(tables) {
  const all = concatPresent(tables.map((t) => t.numbers.batch_size_at_admission));
  if (!all) return void 0;
  if (tables.length === 1 && profiled.has(all)) return profiled.get(all);
  const profile = profileOf(all);
  if (tables.length === 1) profiled.set(all, profile);
  return profile;
}
function profileOf(all) {
  const counted = countedQuantiles([all], [0.5, 0.95, 0, 1]);
  if (counted) {
    let sum = 0;
    let count3 = 0;
    for (let i = 0; i < all.length; i++) {
      const v = all[i];
      if (!Number.isFinite(v)) continue;
      sum += v;
      count3++;
    }
    if (count3 === 0) return void 0;
    if (Math.max(Math.abs(counted[2]), Math.abs(counted[3])) * count3 < 2 ** 53)
      return { mean: sum / count3, p50: counted[0], p95: counted[1], max: counted[3], count: count3 };
  }
  const sorted = sortedFinite(all);
  if (sorted.length === 0) return void 0;
  return {
    mean: meanFinite(sorted),
    p50: quantileSorted(sorted, 0.5),
    p95: quantileSorted(sorted, 0.95),
    max: sorted[sorted.length - 1],
    count: sorted.length
  };
}
var BATCH_LIMIT_KEYS = ["max_num_seqs", "max-num-seqs", "max_running_requests", "max_batch_size"];
function configuredBatchLimit(meta) {
  for (const key of BATCH_LIMIT_KEYS) {
    const raw = meta.config[key] ?? meta.config[`engine.${key}`];
    const value4 = typeof raw === "string" ? Number(raw) : raw;
    if (typeof value4 === "number" && Number.isFinite(value4) && value4 > 0) return { key, value: value4 };
  }
  return void 0;
}
function shareAtOrAbove(tables, level) {
  let hit = 0;
  let n = 0;
  for (const t of tables) {
    const c = t.numbers.batch_size_at_admission;
    if (!c) continue;
    for (let i = 0; i < c.length; i++) {
      if (!Number.isFinite(c[i])) continue;
      n++;
      if (c[i] >= level) hit++;
    }
  }
  return n ? hit / n : NaN;
}

// src/diagnose/branches/prefill.ts
var HIT_RATE_DROP = 0.05;
var HIT_TOKENS_DROP = 0.1;
var PREFIX_CACHE_KEYS = ["enable_prefix_caching", "enable-prefix-caching", "prefix_caching"];
function prefillBranch(ctx, metrics) {
  const steps = [];
  const findings = [];
  const prompt = ctx.workload.prompt;
  if (!prompt) {
    steps.push({
      question: "Did the prompt length distribution change?",
      answer: "unknown: no prompt_tokens in the data"
    });
  } else {
    const longer = prompt.changed && prompt.headMedian > prompt.baseMedian;
    steps.push({
      question: "Did the prompt length distribution change?",
      answer: `${prompt.changed ? "yes" : "no"}: median ${grouped(prompt.baseMedian)} → ${grouped(prompt.headMedian)} tokens, p95 ${grouped(prompt.baseP95)} → ${grouped(prompt.headP95)} (KS D = ${prompt.ks.toFixed(2)}, p ${pValueText(prompt.pValue)})`
    });
    if (longer) {
      findings.push({
        hint: "workload-drift",
        phase: "prefill",
        title: `longer prompts: median ${grouped(prompt.baseMedian)} → ${grouped(prompt.headMedian)} tokens`,
        status: "confirmed",
        cause: "workload",
        evidence: [
          evidence(
            `prompt tokens median ${grouped(prompt.baseMedian)} → ${grouped(prompt.headMedian)}, p95 ${grouped(prompt.baseP95)} → ${grouped(prompt.headP95)}; two-sample KS D = ${prompt.ks.toFixed(2)}, p ${pValueText(prompt.pValue)}`,
            { baseMedian: prompt.baseMedian, headMedian: prompt.headMedian, ks: prompt.ks, pValue: prompt.pValue }
          )
        ],
        nextCheck: "rerun both sides on the same prompt set; if the longer prompts are the new normal, the baseline should move with them",
        metrics
      });
    }
  }
  const baseHit = hitRate(ctx.base.tables);
  const headHit = hitRate(ctx.head.tables);
  const baseHitTokens = hitsPerRequest(ctx.base.tables);
  const headHitTokens = hitsPerRequest(ctx.head.tables);
  if (baseHit === void 0 || headHit === void 0 || baseHitTokens === void 0 || headHitTokens === void 0) {
    steps.push({
      question: "Prefix cache hit rate?",
      answer: "unknown: no prefix_cache_hit_tokens and prompt_tokens in the data"
    });
  } else {
    const dropped = baseHit - headHit >= HIT_RATE_DROP && headHitTokens <= (1 - HIT_TOKENS_DROP) * baseHitTokens;
    steps.push({
      question: "Prefix cache hit rate?",
      answer: `${percent(baseHit)} → ${percent(headHit)} of prompt tokens; ${grouped(baseHitTokens)} → ${grouped(headHitTokens)} cached tokens per request${dropped ? " (dropped)" : ""}`
    });
    if (dropped) {
      const change2 = ctx.configChanges.find((c) => PREFIX_CACHE_KEYS.includes(c.key));
      const setting = configValue(ctx.head.meta, PREFIX_CACHE_KEYS);
      findings.push({
        hint: "prefix-cache",
        phase: "prefill",
        title: `prefix-cache hit rate fell from ${percent(baseHit)} to ${percent(headHit)} of prompt tokens`,
        status: "confirmed",
        cause: change2 ? "config" : "unknown",
        evidence: [
          evidence(
            `prefix_cache_hit_tokens / prompt_tokens: ${percent(baseHit)} → ${percent(headHit)}; cached tokens per request ${grouped(baseHitTokens)} → ${grouped(headHitTokens)}`,
            { baseHitRate: baseHit, headHitRate: headHit, baseHitTokens, headHitTokens }
          ),
          ...change2 ? [evidence(`${change2.key}: ${String(change2.base)} → ${String(change2.head)} in this run`)] : setting !== void 0 ? [evidence(`${PREFIX_CACHE_KEYS[0]} is ${String(setting)} in this run`)] : []
        ],
        nextCheck: change2 ? `was turning ${change2.key} to ${String(change2.head)} intended?` : isOn(setting) ? "prefix caching is on: check that the shared prompt prefix is byte-identical (a changed system prompt or template breaks every hit) and that the cache is not evicted (KV-cache blocks, preemptions)" : "check that prefix caching is on and the shared prompt prefix is byte-identical (a changed system prompt or template breaks every hit)",
        metrics
      });
    }
  }
  const matched = cost(ctx, "prefill-per-token");
  if (!matched) {
    steps.push({
      question: "Prefill time per uncached token at matched prompt length?",
      answer: "unknown: needs prefill_ms and prompt_tokens"
    });
  } else {
    const slower = matched.changed && matched.change > 0;
    steps.push({
      question: "Prefill time at matched uncached prompt length?",
      answer: `${signedPercent(matched.change)} (${agreeingBins(matched)}; unmatched ${signedPercent(matched.rawChange)})`
    });
    if (slower) {
      const work = prefillWorkGrowth(ctx.base.tables, ctx.head.tables);
      const contended = work !== void 0 && work >= PREFILL_WORK_GROWTH ? work : void 0;
      const explainedBy = contended !== void 0 ? findings.find((f) => f.hint === "workload-drift" || f.hint === "prefix-cache") : void 0;
      if (explainedBy) explainedBy.evidence.push(contentionEvidence(matched, contended));
      else findings.push(prefillSlowerFinding(ctx, matched, metrics, contended));
    }
  }
  if (findings.length === 0) {
    findings.push({
      hint: "prefill-compute",
      phase: "prefill",
      title: "prefill takes longer, but neither prompts, prefix cache nor per-token cost explain it",
      status: "candidate",
      cause: "unknown",
      evidence: [
        evidence(
          "prompt lengths, prefix-cache hit rate and prefill time at matched prompt length did not change beyond noise"
        )
      ],
      nextCheck: "profile a prefill step (is it compute-bound and near the roofline?), then the attention and GEMM kernels",
      metrics
    });
  }
  return { steps, findings };
}
function contentionEvidence(matched, work) {
  return evidence(
    `prefill time at matched uncached prompt length ${signedPercent(matched.change)} (${agreeingBins(matched)}), while prefill work per request grew ${signedPercent(work)} (uncached prompt tokens): prefills share their steps with more prefill work`,
    { change: matched.change, agreement: matched.agreement, workGrowth: work }
  );
}
function prefillSlowerFinding(ctx, matched, metrics, contended) {
  const rate = ctx.workload.arrivalRate;
  const baseBatch = batchProfile(ctx.base.tables);
  const headBatch = batchProfile(ctx.head.tables);
  const fuller = rate?.changed && rate.change > 0;
  const costEvidence = evidence(
    `prefill time at matched uncached prompt length ${signedPercent(matched.change)} (${agreeingBins(matched)})`,
    { change: matched.change, agreement: matched.agreement }
  );
  if (fuller) {
    return {
      hint: "traffic-increase",
      phase: "prefill",
      title: `prefill slowed while arrivals rose ${signedPercent(rate.change)}: prefills share steps with more work`,
      status: "likely",
      cause: "workload",
      evidence: [
        costEvidence,
        evidence(
          `arrival rate ${compact(rate.baseRate)} → ${compact(rate.headRate)} req/s${baseBatch && headBatch ? `; running batch mean ${compact(baseBatch.mean)} → ${compact(headBatch.mean)}` : ""}`
        )
      ],
      nextCheck: "compare at the same arrival rate to separate load from code",
      metrics
    };
  }
  return {
    hint: "prefill-compute",
    phase: "prefill",
    title: `prefill is ${signedPercent(matched.change)} slower at the same uncached prompt length`,
    status: contended !== void 0 ? "candidate" : "confirmed",
    cause: contended !== void 0 ? "unknown" : "code",
    evidence: [
      costEvidence,
      ...contended !== void 0 ? [
        evidence(
          `but prefill work per request grew ${signedPercent(contended)} (uncached prompt tokens), so prefills contend for more steps: part of this is load, not per-token cost`
        )
      ] : []
    ],
    nextCheck: "profile a prefill step: is it compute-bound and near the roofline? then the attention and GEMM kernels",
    metrics
  };
}
function hitsPerRequest(tables) {
  const hits = concat(tables.map((t) => t.numbers.prefix_cache_hit_tokens));
  return hits ? meanFinite(hits) : void 0;
}
function hitRate(tables) {
  return ratioOfSums(
    tables,
    (t) => t.numbers.prefix_cache_hit_tokens,
    (t) => t.numbers.prompt_tokens
  );
}
function isOn(value4) {
  return value4 === true || value4 === "true" || value4 === 1;
}

// src/diagnose/branches/decode.ts
var STALL_GROWTH = 0.25;
var BATCH_GROWTH = 0.15;
var CONTEXT_GROWTH = 0.15;
function decodeBranch(ctx, metrics) {
  const steps = [];
  const findings = [];
  const matched = cost(ctx, "decode-step");
  const stall = stallRatio(ctx);
  const baseBatch = batchProfile(ctx.base.tables);
  const headBatch = batchProfile(ctx.head.tables);
  if (matched) {
    steps.push({
      question: "Decode step time at matched running batch?",
      answer: `${signedPercent(matched.change)} (${agreeingBins(matched)}; unmatched ${signedPercent(matched.rawChange)})`
    });
  } else {
    steps.push({
      question: "Decode step time at matched running batch?",
      answer: "unknown: needs decode_ms, output_tokens (or itl_p50_ms) and batch_size_at_admission"
    });
  }
  if (stall) {
    steps.push({
      question: "ITL p99 vs p50 within a request?",
      answer: `median ratio ${compact(stall.base)} → ${compact(stall.head)}`
    });
  }
  const rate = ctx.workload.arrivalRate;
  const slowerStep = matched !== void 0 && matched.changed && matched.change > 0;
  if (rate?.changed && rate.change > 0) {
    steps.push({
      question: "Did the traffic change?",
      answer: `yes: arrivals ${compact(rate.baseRate)} → ${compact(rate.headRate)} req/s (${signedPercent(rate.change)})`
    });
    findings.push({
      hint: "traffic-increase",
      phase: "decode",
      title: `decode slowed because more requests share each step (arrivals ${signedPercent(rate.change)})`,
      status: "likely",
      cause: "workload",
      evidence: [
        evidence(`arrival rate ${compact(rate.baseRate)} → ${compact(rate.headRate)} req/s`, {
          baseRate: rate.baseRate,
          headRate: rate.headRate
        }),
        ...baseBatch && headBatch ? [evidence(`running batch mean ${compact(baseBatch.mean)} → ${compact(headBatch.mean)}`)] : []
      ],
      nextCheck: "compare at the same arrival rate before blaming the code",
      metrics
    });
    if (slowerStep) findings.push(decodeOverhead(matched, baseBatch, headBatch, metrics, "likely"));
    return { steps, findings };
  }
  const prefillLoad = slowerStep ? prefillWorkGrowth(ctx.base.tables, ctx.head.tables) : void 0;
  if (prefillLoad !== void 0 && prefillLoad >= PREFILL_WORK_GROWTH) {
    steps.push({
      question: "Do decode steps carry more prefill work?",
      answer: `yes: uncached prompt tokens per request ${signedPercent(prefillLoad)}; prefill shares the steps with decode`
    });
    const followed = prefillBranch(ctx, metrics);
    steps.push(...followed.steps);
    findings.push(...followed.findings);
    return { steps, findings, rootPhase: "prefill" };
  }
  if (slowerStep) {
    findings.push(decodeOverhead(matched, baseBatch, headBatch, metrics, "confirmed"));
    return { steps, findings };
  }
  if (stall && stall.head >= (1 + STALL_GROWTH) * stall.base) {
    const { value: chunked, off, on } = chunkedPrefill(ctx.head.meta);
    findings.push({
      hint: "long-prefill-blocking",
      phase: "decode",
      title: "decode stalls: the slowest token gaps grew while the typical step did not",
      // With chunked prefill on, no prompt stalls a step whole: prefill chunks still share steps with
      // decode, but which prefill work grew, the data cannot tell.
      status: off ? "confirmed" : on ? "candidate" : "likely",
      cause: off ? "config" : "unknown",
      evidence: [
        evidence(
          `within a request, ITL p99 / p50 (median over requests) ${compact(stall.base)} → ${compact(stall.head)}`,
          { base: stall.base, head: stall.head }
        ),
        ...matched ? [evidence(`step time at matched batch ${signedPercent(matched.change)}: the typical step is unchanged`)] : [],
        ...chunked !== void 0 ? [evidence(`chunked prefill setting in this run: ${String(chunked)}`)] : []
      ],
      nextCheck: on ? "chunked prefill is already on: find what put more prefill tokens into the slow steps (bursts of admissions, slower prefill per token, a larger max_num_batched_tokens); a smaller per-step budget or long_prefill_token_threshold bounds the stall" : "enable chunked prefill (a max_num_batched_tokens budget) so long prompts stop stalling decode steps",
      metrics
    });
    return { steps, findings };
  }
  if (baseBatch && headBatch && headBatch.mean >= (1 + BATCH_GROWTH) * baseBatch.mean) {
    steps.push({
      question: "Did the running batch grow?",
      answer: `yes: mean ${compact(baseBatch.mean)} → ${compact(headBatch.mean)}`
    });
    findings.push({
      hint: "memory-bound-decode",
      phase: "decode",
      title: `decode slowed because more sequences share each step (batch ${compact(baseBatch.mean)} → ${compact(headBatch.mean)})`,
      status: "likely",
      cause: "unknown",
      evidence: [
        evidence(`running batch mean ${compact(baseBatch.mean)} → ${compact(headBatch.mean)} at the same arrival rate`),
        ...matched ? [
          evidence(
            `step time at matched batch ${signedPercent(matched.change)}: each step is no slower for its size`
          )
        ] : []
      ],
      nextCheck: "find why more sequences run at once (longer outputs, slower completions, a higher cap); each step reads more KV cache",
      metrics
    });
    return { steps, findings };
  }
  const context = contextGrowth(ctx);
  if (context !== void 0 && context >= CONTEXT_GROWTH) {
    const output = ctx.workload.output;
    const drift = ctx.workload.prompt?.changed || output?.changed;
    steps.push({
      question: "Did each step read more KV cache?",
      answer: `yes: KV blocks per request ${signedPercent(context)}`
    });
    findings.push({
      hint: drift ? "workload-drift" : "memory-bound-decode",
      phase: "decode",
      title: `each decode step reads more KV cache: KV blocks per request ${signedPercent(context)}`,
      status: "likely",
      cause: drift ? "workload" : "unknown",
      evidence: [evidence(`median kv_blocks_used ${signedPercent(context)}`)],
      nextCheck: drift ? "rerun on the same prompt and output lengths" : "decode is memory-bound: fewer bytes per step (quantized KV, shorter contexts) is the lever",
      metrics
    });
    return { steps, findings };
  }
  findings.push({
    hint: "decode-overhead",
    phase: "decode",
    title: "decode takes longer, but neither batch, contexts nor the matched step time explain it",
    status: "candidate",
    cause: "unknown",
    evidence: [
      evidence(
        matched ? `step time at matched batch ${signedPercent(matched.change)} (${agreeingBins(matched)})` : "the data lacks the fields to match decode steps by batch size"
      )
    ],
    nextCheck: "record batch_size_at_admission and output_tokens, or profile a decode step",
    metrics
  });
  return { steps, findings };
}
function stallRatio(ctx) {
  const ratio = (tables) => perUnitQuantile(
    tables,
    (t) => t.numbers.itl_p99_ms,
    (t) => t.numbers.itl_p50_ms,
    0.5
  );
  const base = ratio(ctx.base.tables);
  const head = ratio(ctx.head.tables);
  if (base === void 0 || head === void 0) return void 0;
  return Number.isFinite(base) && Number.isFinite(head) ? { base, head } : void 0;
}
function contextGrowth(ctx) {
  const b = concat(ctx.base.tables.map((t) => t.numbers.kv_blocks_used));
  const h = concat(ctx.head.tables.map((t) => t.numbers.kv_blocks_used));
  if (!b || !h) return void 0;
  const base = quantile(b, 0.5);
  const head = quantile(h, 0.5);
  return base > 0 ? head / base - 1 : void 0;
}
function decodeOverhead(matched, baseBatch, headBatch, metrics, status) {
  return {
    hint: "decode-overhead",
    phase: "decode",
    title: `each decode step is ${signedPercent(matched.change)} slower at the same running batch`,
    status,
    cause: status === "confirmed" ? "code" : "unknown",
    evidence: [
      evidence(
        `time per output token at matched batch size ${signedPercent(matched.change)} (${agreeingBins(matched)}); unmatched ${signedPercent(matched.rawChange)}`,
        { change: matched.change, rawChange: matched.rawChange, agreement: matched.agreement }
      ),
      ...baseBatch && headBatch ? [
        evidence(
          `running batch mean ${compact(baseBatch.mean)} → ${compact(headBatch.mean)}${status === "confirmed" ? ": the load did not cause it" : ""}`
        )
      ] : []
    ],
    nextCheck: "compute the memory-bandwidth floor (bytes per step / bandwidth) and profile a decode step: kernel time vs launch gaps",
    metrics
  };
}

// src/diagnose/measures/overlap.ts
function prefillOverlap(tables, tailQ = 0.95) {
  let tailHits = 0;
  let tailCount = 0;
  let hits = 0;
  let count3 = 0;
  let longMs = NaN;
  for (const t of tables) {
    const r = runOverlap(t, tailQ);
    if (!r) return void 0;
    tailHits += r.tailHits;
    tailCount += r.tailCount;
    hits += r.hits;
    count3 += r.count;
    longMs = Number.isNaN(longMs) ? r.longMs : Math.max(longMs, r.longMs);
  }
  if (tailCount === 0 || count3 === 0) return void 0;
  return { tailShare: tailHits / tailCount, overallShare: hits / count3, longPrefillMs: longMs, tailCount };
}
function runOverlap(t, tailQ) {
  const { arrival_ts: arrival, tokenize_ms: tokenize, queue_wait_ms: queue, prefill_ms: prefill } = t.numbers;
  if (!arrival || !queue || !prefill || !t.orderedByArrival) return void 0;
  const longMs = quantile(prefill, 0.99);
  const queueTail = quantile(queue, tailQ);
  const starts = [];
  const ends = [];
  const origin = arrival[0];
  const intervals = [];
  for (let i = 0; i < t.length; i++) {
    if (!(prefill[i] >= longMs) || !Number.isFinite(queue[i])) continue;
    const start = (arrival[i] - origin) * 1e3 + (tokenize?.[i] || 0) + queue[i];
    intervals.push([start, start + prefill[i]]);
  }
  intervals.sort((a, b) => a[0] - b[0]);
  for (const [s, e] of intervals) {
    starts.push(s);
    ends.push(e);
  }
  const prefixMaxEnd = new Float64Array(ends.length);
  for (let k = 0; k < ends.length; k++) prefixMaxEnd[k] = Math.max(ends[k], k ? prefixMaxEnd[k - 1] : -Infinity);
  let tailHits = 0;
  let tailCount = 0;
  let hits = 0;
  let count3 = 0;
  for (let i = 0; i < t.length; i++) {
    if (!Number.isFinite(queue[i]) || queue[i] <= 0) continue;
    const waitStart = (arrival[i] - origin) * 1e3 + (tokenize?.[i] || 0);
    const waitEnd = waitStart + queue[i];
    const k = upperBound(starts, waitEnd) - 1;
    const overlaps = k >= 0 && prefixMaxEnd[k] > waitStart;
    count3++;
    if (overlaps) hits++;
    if (queue[i] >= queueTail) {
      tailCount++;
      if (overlaps) tailHits++;
    }
  }
  return { tailHits, tailCount, hits, count: count3, longMs };
}
function upperBound(sorted, x) {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = lo + hi >> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// src/diagnose/branches/queue.ts
var AT_CAP_SHARE = 0.1;
var SERVICE_GROWTH = 0.1;
var HIGH_UTILISATION = 0.9;
function queueBranch(ctx, metrics) {
  const steps = [];
  const findings = [];
  const base = batchProfile(ctx.base.tables);
  const head = batchProfile(ctx.head.tables);
  const baseLimit = configuredBatchLimit(ctx.base.meta);
  const headLimit = configuredBatchLimit(ctx.head.meta);
  if (!head) {
    steps.push({
      question: "Running batch vs its maximum?",
      answer: "unknown: no batch_size_at_admission in the data"
    });
    findings.push({
      hint: "capacity",
      phase: "queue_wait",
      title: "requests wait for admission; the data cannot tell capacity from scheduling",
      status: "candidate",
      cause: "unknown",
      evidence: [evidence("queue wait holds the change, but the artifact has no batch_size_at_admission")],
      nextCheck: "record batch_size_at_admission (and the engine config) to compare the running batch with its maximum",
      metrics
    });
    return { steps, findings };
  }
  const batchText = `running batch at admission: mean ${compact(head.mean)}, max ${grouped(head.max)}` + (base ? ` (baseline mean ${compact(base.mean)}, max ${grouped(base.max)})` : "");
  const batchEvidence = evidence(capitalise(batchText), {
    headMean: head.mean,
    headMax: head.max,
    baseMean: base?.mean ?? null,
    baseMax: base?.max ?? null
  });
  const limit = headLimit?.value ?? head.max;
  const rate = ctx.workload.arrivalRate;
  let service;
  let rootPhase;
  if (headLimit && baseLimit && headLimit.value < baseLimit.value) {
    const atCap = shareAtOrAbove(ctx.head.tables, headLimit.value);
    steps.push({
      question: "Running batch vs its maximum?",
      answer: `at its configured maximum: ${headLimit.key} ${grouped(baseLimit.value)} → ${grouped(headLimit.value)}`
    });
    findings.push({
      hint: "capacity",
      phase: "queue_wait",
      title: `running-batch capacity cut: ${headLimit.key} ${grouped(baseLimit.value)} → ${grouped(headLimit.value)}`,
      status: head.max <= headLimit.value && atCap >= AT_CAP_SHARE ? "confirmed" : "likely",
      cause: "config",
      evidence: [
        batchEvidence,
        evidence(
          `${headLimit.key} is ${grouped(headLimit.value)} in this run, ${grouped(baseLimit.value)} in the baseline; ${percent(atCap)} of requests were admitted with the batch at that cap`,
          { key: headLimit.key, base: baseLimit.value, head: headLimit.value, shareAtCap: atCap }
        )
      ],
      nextCheck: `is the lower ${headLimit.key} intended? KV-cache use at the cap would tell whether memory allows more`,
      metrics
    });
  } else if (base && head.max < 0.8 * base.max && shareAtOrAbove(ctx.head.tables, 0.95 * head.max) >= AT_CAP_SHARE) {
    const atCap = shareAtOrAbove(ctx.head.tables, 0.95 * head.max);
    steps.push({
      question: "Running batch vs its maximum?",
      answer: `capped: never above ${grouped(head.max)} (baseline peaked at ${grouped(base.max)})`
    });
    findings.push({
      hint: "capacity",
      phase: "queue_wait",
      title: `the running batch never exceeded ${grouped(head.max)} (baseline peaked at ${grouped(base.max)})`,
      status: "confirmed",
      cause: "unknown",
      evidence: [
        batchEvidence,
        evidence(`${percent(atCap)} of requests were admitted with the batch at its new ceiling`, {
          shareAtCap: atCap
        })
      ],
      nextCheck: "find what caps the batch: max_num_seqs, KV-cache blocks (num_gpu_blocks, gpu_memory_utilization) or preemption",
      metrics
    });
  } else if (rate?.changed && rate.change > 0) {
    steps.push({
      question: "Running batch vs its maximum?",
      answer: `fuller because more requests arrived (${compact(rate.baseRate)} → ${compact(rate.headRate)} req/s)`
    });
    findings.push({
      hint: "traffic-increase",
      phase: "queue_wait",
      title: `more traffic: arrivals rose ${signedPercent(rate.change)} (${compact(rate.baseRate)} → ${compact(rate.headRate)} req/s)`,
      status: "confirmed",
      cause: "workload",
      evidence: [
        evidence(
          `arrival rate ${compact(rate.baseRate)} → ${compact(rate.headRate)} req/s (rate-ratio test p ${pValueText(rate.pValue)})`,
          { baseRate: rate.baseRate, headRate: rate.headRate, pValue: rate.pValue }
        ),
        batchEvidence
      ],
      nextCheck: "compare at the same arrival rate before blaming the code; if this load is the new normal, plan capacity for it",
      metrics
    });
  } else if ((service = serviceTimeGrowth(ctx)) && service.change >= SERVICE_GROWTH) {
    steps.push({
      question: "Does each request hold its slot longer?",
      answer: `yes: engine time per request (prefill + decode, mean) ${signedPercent(service.change)}, mostly ${service.phase}; the queue is a symptom`
    });
    const followed = service.phase === "prefill" ? prefillBranch(ctx, metrics) : decodeBranch(ctx, metrics);
    steps.push(...followed.steps);
    findings.push(...followed.findings);
    rootPhase = followed.rootPhase ?? service.phase;
  } else if (head.p95 >= HIGH_UTILISATION * limit) {
    steps.push({
      question: "Running batch vs its maximum?",
      answer: `high: p95 ${grouped(head.p95)} of ${grouped(limit)}`
    });
    findings.push({
      hint: "capacity",
      phase: "queue_wait",
      title: `at capacity: the running batch sits at ${grouped(head.p95)} of ${grouped(limit)}`,
      status: "likely",
      cause: "unknown",
      evidence: [
        batchEvidence,
        evidence(
          `${headLimit ? `${headLimit.key} = ${grouped(headLimit.value)}` : `observed maximum ${grouped(head.max)}`}; batch p95 ${grouped(head.p95)}`
        )
      ],
      nextCheck: "each request holds its slot longer or the cap is lower: compare decode time per request and KV-cache use",
      metrics
    });
  } else {
    steps.push({
      question: "Running batch vs its maximum?",
      answer: `low: p95 ${grouped(head.p95)} of ${grouped(limit)} while requests queued`
    });
    findings.push({
      hint: "scheduler-limited",
      phase: "queue_wait",
      title: `requests queue while the running batch has room (p95 ${grouped(head.p95)} of ${grouped(limit)})`,
      status: "likely",
      cause: "unknown",
      evidence: [batchEvidence],
      nextCheck: "look at the scheduler: admission interval, max_num_batched_tokens, KV-cache block availability, preemptions",
      metrics
    });
  }
  const overlap = prefillOverlap(ctx.head.tables);
  if (overlap) {
    const chunked = chunkedPrefill(ctx.head.meta);
    const blocking = !chunked.on && overlap.tailShare >= 0.5 && overlap.tailShare >= 1.5 * overlap.overallShare;
    steps.push({
      question: "Are long prefills blocking?",
      answer: chunked.on ? `no: chunked prefill is on${typeof chunked.value === "number" ? ` (chunks of ${grouped(chunked.value)} tokens)` : ""}, so no prompt prefills in one piece; ${percent(overlap.tailShare)} of the longest waits overlapped a long prefill (≥ ${compact(overlap.longPrefillMs)} ms), vs ${percent(overlap.overallShare)} of all waits: busy periods they share, not one blocking the other` : `${blocking ? "yes" : "no"}: ${percent(overlap.tailShare)} of the longest waits overlapped a long prefill (≥ ${compact(overlap.longPrefillMs)} ms), vs ${percent(overlap.overallShare)} of all waits`
    });
    if (blocking) findings.push(longPrefillFinding(ctx, metrics, overlap));
  }
  return { steps, findings, rootPhase };
}
function longPrefillFinding(ctx, metrics, overlap) {
  const { value: chunked, off } = chunkedPrefill(ctx.head.meta);
  return {
    hint: "long-prefill-blocking",
    phase: "queue_wait",
    title: "long prefills block admission",
    status: off ? "confirmed" : "likely",
    cause: off ? "config" : "unknown",
    evidence: [
      evidence(
        `${percent(overlap.tailShare)} of the slowest-waiting requests waited while a long prefill (≥ ${compact(overlap.longPrefillMs)} ms) ran, vs ${percent(overlap.overallShare)} of all waiting requests`,
        { tailShare: overlap.tailShare, overallShare: overlap.overallShare }
      ),
      ...chunked !== void 0 ? [evidence(`chunked prefill setting in this run: ${String(chunked)}`)] : []
    ],
    nextCheck: "enable chunked prefill (--enable-chunked-prefill, a max_num_batched_tokens budget) and re-measure ITL p99 and TTFT p95",
    metrics
  };
}
function serviceTimeGrowth(ctx) {
  const mean = (side2, phase) => {
    const column = requestColumn(side2.pooled, phase);
    return column ? meanFinite(column) : NaN;
  };
  const bp = mean(ctx.base, "prefill");
  const bd = mean(ctx.base, "decode");
  const hp = mean(ctx.head, "prefill");
  const hd = mean(ctx.head, "decode");
  const base = (Number.isFinite(bp) ? bp : 0) + (Number.isFinite(bd) ? bd : 0);
  const head = (Number.isFinite(hp) ? hp : 0) + (Number.isFinite(hd) ? hd : 0);
  if (!(base > 0)) return void 0;
  const prefillDelta = Number.isFinite(hp) && Number.isFinite(bp) ? hp - bp : 0;
  const decodeDelta = Number.isFinite(hd) && Number.isFinite(bd) ? hd - bd : 0;
  return { change: head / base - 1, phase: prefillDelta >= decodeDelta ? "prefill" : "decode" };
}

// src/diagnose/branches/per-token.ts
function tokenizeBranch(ctx, metrics) {
  const cost2 = (tables) => concat(tables.map((t) => perUnit(t, t.numbers.tokenize_ms, t.numbers.prompt_tokens)));
  const b = cost2(ctx.base.tables);
  const h = cost2(ctx.head.tables);
  if (!b || !h) {
    return {
      steps: [
        { question: "Tokenization cost per prompt token?", answer: "unknown: needs tokenize_ms and prompt_tokens" }
      ],
      findings: [
        candidate(
          "tokenizer",
          "tokenize",
          "tokenization takes longer; the data cannot tell per-token cost from longer prompts",
          metrics
        )
      ]
    };
  }
  const base = quantile(b, 0.5) * 1e3;
  const head = quantile(h, 0.5) * 1e3;
  const change2 = head / base - 1;
  const steps = [
    {
      question: "Tokenization cost per prompt token?",
      answer: `median ${compact(base)} → ${compact(head)} µs/token (${signedPercent(change2)})`
    }
  ];
  if (change2 >= COST_CHANGE) {
    return {
      steps,
      findings: [
        {
          hint: "tokenizer",
          phase: "tokenize",
          title: `tokenization is ${signedPercent(change2)} slower per prompt token`,
          status: "confirmed",
          cause: "code",
          evidence: [
            evidence(`tokenize_ms per prompt token: median ${compact(base)} → ${compact(head)} µs`, {
              baseMicros: base,
              headMicros: head
            })
          ],
          nextCheck: "is a slow (pure-Python) tokenizer in use, or is tokenization now on the request path? profile tokenization alone",
          metrics
        }
      ]
    };
  }
  return driftOr(ctx, steps, "tokenizer", "tokenize", metrics);
}
function detokenizeBranch(ctx, metrics) {
  const cost2 = (tables) => concat(tables.map((t) => perUnit(t, t.numbers.detokenize_ms, t.numbers.output_tokens)));
  const b = cost2(ctx.base.tables);
  const h = cost2(ctx.head.tables);
  if (!b || !h) {
    return {
      steps: [
        { question: "Detokenization cost per output token?", answer: "unknown: needs detokenize_ms and output_tokens" }
      ],
      findings: [
        candidate(
          "detokenize-per-token",
          "detokenize",
          "detokenization takes longer; the data cannot tell per-token cost from longer outputs",
          metrics
        )
      ]
    };
  }
  const base = quantile(b, 0.5) * 1e3;
  const head = quantile(h, 0.5) * 1e3;
  const change2 = head / base - 1;
  const growth = lengthGrowth(ctx.head.tables);
  const baseGrowth = lengthGrowth(ctx.base.tables);
  const steps = [
    {
      question: "Detokenization cost per output token?",
      answer: `median ${compact(base)} → ${compact(head)} µs/token (${signedPercent(change2)})`
    },
    ...growth ? [
      {
        question: "Does it grow with output length?",
        answer: `long outputs cost ${compact(growth)}× as much per token as short ones (baseline ${baseGrowth ? compact(baseGrowth) : "?"}×)`
      }
    ] : []
  ];
  if (change2 >= COST_CHANGE) {
    const quadratic = growth !== void 0 && growth >= 1.5 && (!baseGrowth || growth >= 1.5 * baseGrowth);
    return {
      steps,
      findings: [
        {
          hint: "detokenize-per-token",
          phase: "detokenize",
          title: quadratic ? `detokenization cost per token grows with output length (${compact(growth)}× for long outputs): per-token work over the whole text` : `detokenization is ${signedPercent(change2)} slower per output token`,
          status: "confirmed",
          cause: "code",
          evidence: [
            evidence(`detokenize_ms per output token: median ${compact(base)} → ${compact(head)} µs`, {
              baseMicros: base,
              headMicros: head
            }),
            ...growth ? [
              evidence(
                `per-token cost, longest quarter of outputs vs shortest quarter: ${compact(growth)}× (baseline ${baseGrowth ? compact(baseGrowth) : "?"}×)`
              )
            ] : []
          ],
          nextCheck: quadratic ? "look for detokenizing the whole sequence at every step instead of incrementally" : "profile detokenization alone",
          metrics
        }
      ]
    };
  }
  return driftOr(ctx, steps, "detokenize-per-token", "detokenize", metrics);
}
function lengthGrowth(tables) {
  const tokens = concat(tables.map((t) => t.numbers.output_tokens));
  const cost2 = concat(tables.map((t) => perUnit(t, t.numbers.detokenize_ms, t.numbers.output_tokens)));
  if (!tokens || !cost2) return void 0;
  const low2 = quantile(tokens, 0.25);
  const high = quantile(tokens, 0.75);
  const short = [];
  const long = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!Number.isFinite(cost2[i])) continue;
    if (tokens[i] <= low2) short.push(cost2[i]);
    else if (tokens[i] >= high) long.push(cost2[i]);
  }
  if (short.length < 10 || long.length < 10) return void 0;
  const s = quantile(short, 0.5);
  return s > 0 ? quantile(long, 0.5) / s : void 0;
}
function driftOr(ctx, steps, hint, phase, metrics) {
  const shift = phase === "tokenize" ? ctx.workload.prompt : ctx.workload.output;
  if (shift?.changed && shift.headMedian > shift.baseMedian) {
    return {
      steps,
      findings: [
        {
          hint: "workload-drift",
          phase,
          title: `longer ${phase === "tokenize" ? "prompts" : "outputs"}: median ${compact(shift.baseMedian)} → ${compact(shift.headMedian)} tokens at the same cost per token`,
          status: "confirmed",
          cause: "workload",
          evidence: [
            evidence(
              `${shift.field} median ${compact(shift.baseMedian)} → ${compact(shift.headMedian)} (KS D = ${shift.ks.toFixed(2)})`
            )
          ],
          nextCheck: "rerun both sides on the same workload",
          metrics
        }
      ]
    };
  }
  return {
    steps,
    findings: [
      candidate(hint, phase, `${phase} takes longer at a similar cost per token; look at the tail requests`, metrics)
    ]
  };
}
function candidate(hint, phase, title, metrics) {
  return {
    hint,
    phase,
    title,
    status: "candidate",
    cause: "unknown",
    evidence: [],
    nextCheck: `profile ${phase} on the slowest requests`,
    metrics
  };
}

// src/diagnose/branches/network.ts
var FLAT_SHARE = 0.2;
var WIRE_SHARE = 0.5;
function networkBranch(ctx, metrics, attribution) {
  const network = attribution?.phases.find((p) => p.phase === "network");
  const answer = network ? `network/proxy (client TTFT − server TTFT) in the ${attribution.tail}: ${duration(network.baseMean)} → ${duration(network.headMean)} (${signedDuration(network.delta)}); its own ${percentileLabel(attribution)} ${duration(network.basePercentile)} → ${duration(network.headPercentile)}` : "network time grew";
  const steps = [{ question: "Client TTFT vs server TTFT?", answer }];
  const serverDelta = network ? attribution.phases.filter((p) => p.phase !== "network").reduce((s, p) => s + p.delta, 0) : void 0;
  const wire = wireMeans(ctx.base.tables, ctx.head.tables);
  const gapDelta = network?.delta ?? 0;
  const serverFlat = serverDelta !== void 0 && gapDelta > 0 && Math.abs(serverDelta) < FLAT_SHARE * gapDelta;
  const wireGrew = wire !== void 0 && gapDelta > 0 && wire.head - wire.base >= WIRE_SHARE * gapDelta;
  if (serverDelta !== void 0)
    steps.push({
      question: "Did the server change?",
      answer: `${serverFlat ? "no" : "yes"}: the server's part of the ${attribution.tail} moved ${signedDuration(serverDelta)}`
    });
  if (wire)
    steps.push({
      question: "Is it the wire?",
      answer: `${wireGrew ? "yes" : "no"}: network_ms ${duration(wire.base)} → ${duration(wire.head)} (mean)`
    });
  const found = [];
  if (network)
    found.push(
      evidence(
        `client TTFT − server TTFT in the ${attribution.tail}: ${duration(network.baseMean)} → ${duration(network.headMean)} (${signedDuration(network.delta)}), ${Math.round(network.shareOfHead * 100)}% of client TTFT now`,
        { baseMs: network.baseMean, headMs: network.headMean }
      )
    );
  if (serverDelta !== void 0)
    found.push(
      evidence(
        `the server's own part (tokenize, queue wait, prefill and the rest of server TTFT) moved ${signedDuration(serverDelta)}${serverFlat ? ": flat" : ""}`
      )
    );
  if (wire)
    found.push(
      evidence(
        `wire time (network_ms) ${duration(wire.base)} → ${duration(wire.head)} (mean): ${wireGrew ? "it carries the growth" : "not where the time went"}`,
        { baseMs: wire.base, headMs: wire.head }
      )
    );
  return {
    steps,
    findings: [
      {
        hint: "buffering-proxy",
        phase: "network",
        title: wireGrew ? "the network between server and client got slower, not the server" : `the time between server and client grew, not the server: a proxy or load balancer holding the response${wire ? "" : ", or the network (no wire time recorded to tell them apart)"}`,
        status: serverFlat ? "confirmed" : "likely",
        cause: wireGrew ? "unknown" : "config",
        evidence: found,
        nextCheck: wireGrew ? "compare a run from a client next to the server (or with the proxy bypassed), and look at the path between them (retransmits, a new hop, TLS)" : "compare a run with the proxy bypassed (client straight to the server), and timestamps at the load balancer for where the first chunk waits; then check response buffering (nginx proxy_buffering for event streams, HTTP/1.0 upstreams, compression of text/event-stream)",
        metrics
      }
    ]
  };
}
function wireMeans(base, head) {
  const mean = (tables) => {
    const values = [];
    for (const t of tables) {
      const wire = t.numbers.network_ms;
      if (!wire || !t.numbers.client_first_token_ms) return NaN;
      const ok2 = successMask(t);
      for (let i = 0; i < t.length; i++) if (ok2[i]) values.push(wire[i]);
    }
    return meanFinite(Float64Array.from(values));
  };
  const b = mean(base);
  const h = mean(head);
  return Number.isFinite(b) && Number.isFinite(h) ? { base: b, head: h } : void 0;
}
function percentileLabel(a) {
  return a.q === 0 ? "mean" : `p${Number((a.q * 100).toPrecision(3))}`;
}

// src/diagnose/branches/gap.ts
function gapBranch(_ctx, metrics, attribution) {
  const rest = attribution?.phases.find((p) => p.phase === "remainder");
  return {
    steps: [
      {
        question: "Which phase holds the change?",
        answer: rest ? `none: the unattributed remainder went ${duration(rest.baseMean)} → ${duration(rest.headMean)}` : "none"
      }
    ],
    findings: [
      {
        hint: "measurement-gap",
        phase: "remainder",
        title: "the time went inside the server, outside every recorded phase",
        status: "likely",
        cause: "unknown",
        evidence: rest ? [
          evidence(
            `remainder (metric minus its phases) in the ${attribution.tail}: ${duration(rest.baseMean)} → ${duration(rest.headMean)} (${signedDuration(rest.delta)})`,
            { baseMs: rest.baseMean, headMs: rest.headMean }
          )
        ] : [],
        nextCheck: "instrument what runs between the phases (sampling, logits processing, scheduling, host syncs), then split the step into GPU, CPU or waiting (a profile of one step)",
        metrics
      }
    ]
  };
}

// src/diagnose/tree.ts
function branchPhase(comparison, attribution) {
  const id = comparison.spec.metric.id;
  if (id === "itl" || id === "tpot" || id === "decode") return "decode";
  if (id === "tokenize" || id === "queue_wait" || id === "prefill" || id === "network" || id === "detokenize")
    return id;
  return attribution?.dominant ?? null;
}
function walkTree(regressed, ctx) {
  const byPhase = /* @__PURE__ */ new Map();
  for (const item of regressed) {
    const phase = branchPhase(item.comparison, item.attribution);
    if (!phase) continue;
    const list = byPhase.get(phase) ?? [];
    list.push(item);
    byPhase.set(phase, list);
  }
  const walks = [];
  const findings = [];
  const confounded = ctx.workload.changed;
  for (const [phase, items] of byPhase) {
    const metrics = items.map((i) => i.comparison.spec.key);
    const lead = items.find((i) => i.attribution) ?? items[0];
    const first = {
      question: "Where does the time go?",
      answer: whereAnswer(lead.comparison, lead.attribution, phase)
    };
    const result = branch(phase, ctx, metrics, lead.attribution);
    walks.push({
      metrics,
      phase,
      rootPhase: result.rootPhase ?? phase,
      steps: [first, ...result.steps],
      hints: [...new Set(result.findings.map((f) => f.hint))]
    });
    for (const f of result.findings) mergeFinding(findings, confounded ? downgradeCodeBlame(f) : f);
  }
  const rank2 = { confirmed: 0, likely: 1, candidate: 2 };
  findings.sort((a, b) => rank2[a.status] - rank2[b.status]);
  return { walks, findings };
}
function branch(phase, ctx, metrics, attribution) {
  switch (phase) {
    case "queue_wait":
      return queueBranch(ctx, metrics);
    case "prefill":
      return prefillBranch(ctx, metrics);
    case "decode":
      return decodeBranch(ctx, metrics);
    case "tokenize":
      return tokenizeBranch(ctx, metrics);
    case "detokenize":
      return detokenizeBranch(ctx, metrics);
    case "network":
      return networkBranch(ctx, metrics, attribution);
    case "remainder":
      return gapBranch(ctx, metrics, attribution);
  }
}
function whereAnswer(comparison, attribution, phase) {
  const label = specLabel(comparison.spec);
  const share2 = attribution?.phases.find((p) => p.phase === phase);
  if (!attribution || !share2) return `${PHASE_LABELS[phase]} (${label} is a ${phase} metric)`;
  return `${PHASE_LABELS[phase]}: ${signedDuration(share2.delta)} in the ${attribution.tail} by ${comparison.spec.metric.label} (${percent(share2.shareOfChange)} of the change in their mean, ${signedPercent(attribution.head.mean / attribution.base.mean - 1)})`;
}
function downgradeCodeBlame(finding2) {
  if (finding2.cause !== "code" || finding2.status !== "confirmed") return finding2;
  return {
    ...finding2,
    status: "likely",
    evidence: [
      ...finding2.evidence,
      {
        text: "the workload changed between the runs too, so this comparison is not clean: rerun on the same workload to confirm"
      }
    ]
  };
}
function mergeFinding(into, finding2) {
  const same = into.find((f) => f.hint === finding2.hint && f.phase === finding2.phase);
  if (!same) {
    into.push({ ...finding2, metrics: [...finding2.metrics] });
    return;
  }
  for (const m of finding2.metrics) if (!same.metrics.includes(m)) same.metrics.push(m);
}

// node_modules/simple-statistics/dist/simple-statistics.mjs
var BayesianClassifier = function BayesianClassifier2() {
  this.totalCount = 0;
  this.data = {};
};
BayesianClassifier.prototype.train = function train(item, category) {
  if (!this.data[category]) {
    this.data[category] = {};
  }
  for (var k in item) {
    var v = item[k];
    if (this.data[category][k] === void 0) {
      this.data[category][k] = {};
    }
    if (this.data[category][k][v] === void 0) {
      this.data[category][k][v] = 0;
    }
    this.data[category][k][v]++;
  }
  this.totalCount++;
};
BayesianClassifier.prototype.score = function score(item) {
  var odds = {};
  var category;
  for (var k in item) {
    var v = item[k];
    for (category in this.data) {
      if (odds[category] === void 0) {
        odds[category] = {};
      }
      if (this.data[category][k]) {
        odds[category][k + "_" + v] = (this.data[category][k][v] || 0) / this.totalCount;
      } else {
        odds[category][k + "_" + v] = 0;
      }
    }
  }
  var oddsSums = {};
  for (category in odds) {
    oddsSums[category] = 0;
    for (var combination in odds[category]) {
      oddsSums[category] += odds[category][combination];
    }
  }
  return oddsSums;
};
var g = 607 / 128;
var LOGSQRT2PI = Math.log(Math.sqrt(2 * Math.PI));
var SQRT_2PI$1 = Math.sqrt(2 * Math.PI);
function cumulativeDistribution(z2) {
  var sum = z2;
  var tmp = z2;
  for (var i = 1; i < 30; i++) {
    tmp *= z2 * z2 / (2 * i + 1);
    sum += tmp;
  }
  return Math.round((0.5 + sum / SQRT_2PI$1 * Math.exp(-z2 * z2 / 2)) * 1e4) / 1e4;
}
var standardNormalTable = [];
for (z = 0; z <= 3.09; z += 0.01) {
  standardNormalTable.push(cumulativeDistribution(z));
}
var z;
function errorFunction(x) {
  var t = 1 / (1 + 0.5 * Math.abs(x));
  var tau = t * Math.exp(
    -x * x + ((((((((0.17087277 * t - 0.82215223) * t + 1.48851587) * t - 1.13520398) * t + 0.27886807) * t - 0.18628806) * t + 0.09678418) * t + 0.37409196) * t + 1.00002368) * t - 1.26551223
  );
  if (x >= 0) {
    return 1 - tau;
  } else {
    return tau - 1;
  }
}
var SQRT_2PI = Math.sqrt(2 * Math.PI);
var PerceptronModel = function PerceptronModel2() {
  this.weights = [];
  this.bias = 0;
};
PerceptronModel.prototype.predict = function predict(features) {
  if (features.length !== this.weights.length) {
    return null;
  }
  var score3 = 0;
  for (var i = 0; i < this.weights.length; i++) {
    score3 += this.weights[i] * features[i];
  }
  score3 += this.bias;
  if (score3 > 0) {
    return 1;
  } else {
    return 0;
  }
};
PerceptronModel.prototype.train = function train2(features, label) {
  if (label !== 0 && label !== 1) {
    return null;
  }
  if (features.length !== this.weights.length) {
    this.weights = features.slice();
    this.bias = 1;
  }
  var prediction = this.predict(features);
  if (typeof prediction === "number" && prediction !== label) {
    var gradient = label - prediction;
    for (var i = 0; i < this.weights.length; i++) {
      this.weights[i] += gradient * features[i];
    }
    this.bias += gradient;
  }
  return this;
};

// src/stats/ks-test.ts
function ksTwoSample(a, b) {
  const n1 = a.length;
  const n2 = b.length;
  if (n1 === 0 || n2 === 0) return { statistic: NaN, pValue: NaN, n1, n2 };
  let i = 0;
  let j = 0;
  let d = 0;
  while (i < n1 && j < n2) {
    const x = a[i] <= b[j] ? a[i] : b[j];
    while (i < n1 && a[i] === x) i++;
    while (j < n2 && b[j] === x) j++;
    d = Math.max(d, Math.abs(i / n1 - j / n2));
  }
  return withPValue(d, n1, n2);
}
var MAX_COUNTED_RANGE = 1 << 20;
function ksTwoSampleCounted(a, b) {
  let min = Infinity;
  let max = -Infinity;
  for (const xs of [a, b]) {
    for (let k = 0; k < xs.length; k++) {
      const v = xs[k];
      if (!Number.isFinite(v)) continue;
      if (!Number.isInteger(v) || Object.is(v, -0)) return void 0;
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  if (min === Infinity) return { statistic: NaN, pValue: NaN, n1: 0, n2: 0 };
  if (max - min >= MAX_COUNTED_RANGE) return void 0;
  const ca = new Uint32Array(max - min + 1);
  const cb = new Uint32Array(max - min + 1);
  let n1 = 0;
  let n2 = 0;
  for (let k = 0; k < a.length; k++) {
    if (!Number.isFinite(a[k])) continue;
    ca[a[k] - min]++;
    n1++;
  }
  for (let k = 0; k < b.length; k++) {
    if (!Number.isFinite(b[k])) continue;
    cb[b[k] - min]++;
    n2++;
  }
  if (n1 === 0 || n2 === 0) return { statistic: NaN, pValue: NaN, n1, n2 };
  let i = 0;
  let j = 0;
  let d = 0;
  for (let x = 0; x < ca.length && i < n1 && j < n2; x++) {
    if (ca[x] === 0 && cb[x] === 0) continue;
    i += ca[x];
    j += cb[x];
    d = Math.max(d, Math.abs(i / n1 - j / n2));
  }
  return withPValue(d, n1, n2);
}
function withPValue(d, n1, n2) {
  const ne = n1 * n2 / (n1 + n2);
  const sqrtNe = Math.sqrt(ne);
  const lambda = (sqrtNe + 0.12 + 0.11 / sqrtNe) * d;
  return { statistic: d, pValue: kolmogorovSurvival(lambda), n1, n2 };
}
function kolmogorovSurvival(lambda) {
  if (lambda < 1e-3) return 1;
  let sum = 0;
  let sign = 1;
  let previous = 0;
  for (let k = 1; k <= 100; k++) {
    const term = sign * 2 * Math.exp(-2 * k * k * lambda * lambda);
    sum += term;
    if (Math.abs(term) <= 1e-12 * Math.abs(sum) || Math.abs(term) <= 1e-300) return clamp01(sum);
    if (Math.abs(term) < 1e-8 * previous) return clamp01(sum);
    previous = Math.abs(term);
    sign = -sign;
  }
  return 1;
}
function clamp01(x) {
  return Math.min(1, Math.max(0, x));
}

// src/diagnose/workload.ts
var SIGNIFICANCE = 0.01;
var MIN_KS = 0.1;
var MIN_MEDIAN_SHIFT = 0.1;
var MIN_SHIFT = 0.05;
var MIN_RATE_SHIFT = 0.1;
function compareWorkload(base, head, baseInfo = [], headInfo = []) {
  const prompt = distributionShift("prompt_tokens", base, head);
  const output = distributionShift("output_tokens", base, head);
  const arrivalRate = rateShift(base, head);
  const declared = declaredShifts(baseInfo, headInfo);
  const out = {
    prompt,
    output,
    arrivalRate,
    baseConcurrency: concurrency(base),
    headConcurrency: concurrency(head),
    baseRequests: base.reduce((s, t) => s + t.length, 0),
    headRequests: head.reduce((s, t) => s + t.length, 0),
    declared,
    changed: Boolean(prompt?.changed || output?.changed || arrivalRate?.changed || declared.length)
  };
  return out;
}
function declaredShifts(base, head) {
  const out = [];
  const keys = [
    ["concurrency", 0],
    ["requestRate", 0],
    ["inputTokensMean", MIN_MEDIAN_SHIFT],
    ["outputTokensMean", MIN_MEDIAN_SHIFT]
  ];
  for (const [key, tolerance] of keys) {
    const b = meanOf3(base.map((w) => w[key]));
    const h = meanOf3(head.map((w) => w[key]));
    if (b === void 0 || h === void 0) continue;
    const same = b === h || Number.isFinite(b) && Number.isFinite(h) && Math.abs(h - b) <= tolerance * Math.abs(b);
    if (!same) out.push({ key, base: b, head: h });
  }
  return out;
}
function meanOf3(values) {
  const present = values.filter((v) => v !== void 0 && !Number.isNaN(v));
  if (present.length === 0) return void 0;
  if (present.some((v) => !Number.isFinite(v))) return present.every((v) => v === present[0]) ? present[0] : NaN;
  return present.reduce((s, v) => s + v, 0) / present.length;
}
function distributionShift(field, base, head) {
  const b = concatPresent(base.map((t) => t.numbers[field]));
  const h = concatPresent(head.map((t) => t.numbers[field]));
  if (!b || !h) return void 0;
  const counted = ksTwoSampleCounted(b, h);
  let ks;
  let baseQuantiles;
  let headQuantiles;
  if (counted) {
    if (counted.n1 < 20 || counted.n2 < 20) return void 0;
    ks = counted;
    baseQuantiles = countedQuantiles([b], [0.5, 0.95]);
    headQuantiles = countedQuantiles([h], [0.5, 0.95]);
  } else {
    const sb = sortedFinite(b);
    const sh = sortedFinite(h);
    if (sb.length < 20 || sh.length < 20) return void 0;
    ks = ksTwoSample(sb, sh);
    baseQuantiles = [quantileSorted(sb, 0.5), quantileSorted(sb, 0.95)];
    headQuantiles = [quantileSorted(sh, 0.5), quantileSorted(sh, 0.95)];
  }
  const [baseMedian, baseP95] = baseQuantiles;
  const [headMedian, headP95] = headQuantiles;
  const shift = Math.max(relativeShift(baseMedian, headMedian), relativeShift(baseP95, headP95));
  return {
    field,
    baseMedian,
    headMedian,
    baseP95,
    headP95,
    ks: ks.statistic,
    pValue: ks.pValue,
    changed: ks.pValue < SIGNIFICANCE && ks.statistic >= MIN_KS && shift >= MIN_SHIFT
  };
}
function relativeShift(base, head) {
  if (base > 0) return Math.abs(head / base - 1);
  return head > 0 ? 1 : 0;
}
function arrivalCounts(tables) {
  let count3 = 0;
  let seconds = 0;
  for (const t of tables) {
    const a = t.numbers.arrival_ts;
    if (!a || t.length < 2 || !t.orderedByArrival) return void 0;
    count3 += t.length - 1;
    seconds += a[t.length - 1] - a[0];
  }
  return seconds > 0 ? { count: count3, seconds } : void 0;
}
function rateShift(base, head) {
  const b = arrivalCounts(base);
  const h = arrivalCounts(head);
  if (!b || !h) return void 0;
  const baseRate = b.count / b.seconds;
  const headRate = h.count / h.seconds;
  const z2 = Math.log(headRate / baseRate) / Math.sqrt(1 / b.count + 1 / h.count);
  const pValue2 = 2 * (1 - normalCdf(Math.abs(z2)));
  const change2 = headRate / baseRate - 1;
  return { baseRate, headRate, change: change2, pValue: pValue2, changed: pValue2 < SIGNIFICANCE && Math.abs(change2) >= MIN_RATE_SHIFT };
}
function concurrency(tables) {
  let busy = 0;
  let seconds = 0;
  for (const t of tables) {
    const a = t.numbers.arrival_ts;
    const total2 = t.numbers.total_ms;
    if (!a || !total2 || t.length < 2 || !t.orderedByArrival) return void 0;
    const ok2 = successMask(t);
    let end = -Infinity;
    for (let i = 0; i < t.length; i++) {
      if (!ok2[i] || !Number.isFinite(total2[i])) continue;
      busy += total2[i] / 1e3;
      end = Math.max(end, a[i] + total2[i] / 1e3);
    }
    seconds += end - a[0];
  }
  return seconds > 0 ? busy / seconds : void 0;
}
function normalCdf(x) {
  return 0.5 * (1 + errorFunction(x / Math.SQRT2));
}

// src/diagnose/measures/concurrency.ts
var measured = /* @__PURE__ */ new WeakMap();
function decodeConcurrency(table2, scratch2) {
  if (measured.has(table2)) return measured.get(table2);
  const result = measureConcurrency(table2, scratch2);
  measured.set(table2, result);
  return result;
}
function measureConcurrency(table2, scratch2) {
  const { arrival_ts: arrival, first_token_ms: firstToken, decode_ms: decode } = table2.numbers;
  if (!arrival || !firstToken || !decode || !table2.orderedByArrival) return void 0;
  const ok2 = successMask(table2);
  const n = table2.length;
  let m = 0;
  for (let i = 0; i < n; i++) if (decodes(ok2, arrival, firstToken, decode, i)) m++;
  if (m === 0) return void 0;
  const rows = m < n ? new Uint32Array(m) : void 0;
  const origin = arrival[0];
  const row = (j) => rows ? rows[j] : j;
  const startOf = (i) => (arrival[i] - origin) * 1e3 + firstToken[i];
  const times = new Float64Array(m);
  for (let i = 0, j = 0; i < n; i++) {
    if (!decodes(ok2, arrival, firstToken, decode, i)) continue;
    if (rows) rows[j] = i;
    times[j] = startOf(i);
    if (!Number.isFinite(times[j] + decode[i])) return decodeConcurrencyByEvents(table2);
    j++;
  }
  const lent = scratch2 && scratch2.length >= m ? scratch2 : void 0;
  const byStart = nearlySortedOrder(times, void 0, lent && new Uint32Array(lent.buffer, lent.byteOffset, m));
  for (let j = 0; j < m; j++) times[j] += decode[row(j)];
  const byEnd = nearlySortedOrder(times, void 0, lent && new Uint32Array(lent.buffer, lent.byteOffset + 4 * m, m));
  const seen = times.fill(0);
  const endOf = (j) => {
    const i = row(j);
    return startOf(i) + decode[i];
  };
  let level = 0;
  let integral = 0;
  let previous = NaN;
  let nextStart = m > 0 ? startOf(row(byStart[0])) : NaN;
  let nextEnd = m > 0 ? endOf(byEnd[0]) : NaN;
  for (let s = 0, e = 0, k = 0; s < m || e < m; k++) {
    const isEnd = e < m && (s >= m || nextEnd <= nextStart);
    let t;
    if (isEnd) {
      const j = byEnd[e++];
      t = nextEnd;
      if (e < m) nextEnd = endOf(byEnd[e]);
      integral = k === 0 ? 0 : integral + level * (t - previous);
      seen[j] += integral;
      level--;
    } else {
      const j = byStart[s++];
      t = nextStart;
      if (s < m) nextStart = startOf(row(byStart[s]));
      integral = k === 0 ? 0 : integral + level * (t - previous);
      seen[j] -= integral;
      level++;
    }
    previous = t;
  }
  const weight = table2.rowWeight ?? 1;
  const out = rows ? new Float64Array(n).fill(NaN) : seen;
  for (let j = 0; j < m; j++) {
    const i = row(j);
    const start = startOf(i);
    out[i] = 1 + weight * (seen[j] / (start + decode[i] - start) - 1);
  }
  return out;
}
function decodes(ok2, arrival, firstToken, decode, i) {
  return ok2[i] === 1 && Number.isFinite(arrival[i]) && Number.isFinite(firstToken[i]) && Number.isFinite(decode[i]) && decode[i] > 0;
}
function decodeConcurrencyByEvents(table2) {
  const { arrival_ts: arrival, first_token_ms: firstToken, decode_ms: decode } = table2.numbers;
  if (!arrival || !firstToken || !decode || !table2.orderedByArrival) return void 0;
  const ok2 = successMask(table2);
  const n = table2.length;
  const start = new Float64Array(n).fill(NaN);
  const end = new Float64Array(n).fill(NaN);
  const events = [];
  const origin = arrival[0];
  for (let i = 0; i < n; i++) {
    if (!ok2[i] || !Number.isFinite(arrival[i]) || !Number.isFinite(firstToken[i])) continue;
    if (!Number.isFinite(decode[i]) || decode[i] <= 0) continue;
    start[i] = (arrival[i] - origin) * 1e3 + firstToken[i];
    end[i] = start[i] + decode[i];
    events.push({ t: start[i], d: 1 }, { t: end[i], d: -1 });
  }
  if (events.length === 0) return void 0;
  events.sort((a, b) => a.t - b.t || a.d - b.d);
  const times = new Float64Array(events.length);
  const level = new Float64Array(events.length);
  const integral = new Float64Array(events.length);
  let current = 0;
  for (let k = 0; k < events.length; k++) {
    times[k] = events[k].t;
    integral[k] = k === 0 ? 0 : integral[k - 1] + level[k - 1] * (times[k] - times[k - 1]);
    current += events[k].d;
    level[k] = current;
  }
  const integralAt = (t) => {
    let lo = 0;
    let hi = times.length - 1;
    while (lo < hi) {
      const mid = lo + hi + 1 >> 1;
      if (times[mid] <= t) lo = mid;
      else hi = mid - 1;
    }
    return integral[lo] + level[lo] * (t - times[lo]);
  };
  const weight = table2.rowWeight ?? 1;
  const out = new Float64Array(n).fill(NaN);
  for (let i = 0; i < n; i++) {
    if (Number.isNaN(start[i])) continue;
    const seen = (integralAt(end[i]) - integralAt(start[i])) / (end[i] - start[i]);
    out[i] = 1 + weight * (seen - 1);
  }
  return out;
}

// src/diagnose/like-for-like.ts
function likeForLike(base, head) {
  const out = [];
  const scratch2 = {};
  const spare = /* @__PURE__ */ new Map();
  const read = (side2, key, column, derived) => {
    if (!derived || side2.tables.length !== 1) return concat(side2.tables.map((t) => column(t)));
    const values = column(side2.tables[0], spare.get(key));
    if (values instanceof Float64Array) spare.set(key, values);
    return values;
  };
  const add3 = (id, label, metric, x, y, derivedX = false, derivedY = false) => {
    const both = derivedX && derivedY;
    const bx = read(base, both ? "base x" : "base", x, derivedX);
    const by = read(base, both ? "base y" : "base", y, derivedY);
    const hx = read(head, both ? "head x" : "head", x, derivedX);
    const hy = read(head, both ? "head y" : "head", y, derivedY);
    if (!bx || !by || !hx || !hy) return;
    const m = matchedRatio(bx, by, hx, hy, scratch2);
    if (!m) return;
    out.push({
      id,
      label,
      change: m.change,
      rawChange: m.rawChange,
      agreement: m.agreement,
      bins: m.bins.length,
      changed: Math.abs(m.change) >= COST_CHANGE && m.agreement >= BIN_AGREEMENT,
      metric
    });
  };
  const stepTime = (t) => timePerOutputToken(t) ?? requestColumn(t, "itl", 0.5) ?? void 0;
  const allTpot = [base, head].every(
    (side2) => side2.tables.every((t) => t.numbers.decode_ms && t.numbers.output_tokens)
  );
  const ordersIn = (t) => {
    const side2 = [base, head].findIndex((s) => s.tables.length === 1 && s.tables[0] === t);
    if (!allTpot || side2 < 0) return void 0;
    const key = side2 === 0 ? "base" : "head";
    let array = spare.get(key);
    if (!array || array.length < t.length) spare.set(key, array = new Float64Array(t.length));
    return array;
  };
  const decodeBatch = (t) => decodeConcurrency(t, ordersIn(t)) ?? t.numbers.batch_size_at_admission;
  if (allTpot)
    add3(
      "decode-step",
      "decode step time at matched running batch",
      "itl",
      decodeBatch,
      timePerOutputToken,
      false,
      true
    );
  else add3("decode-step", "decode step time at matched running batch", "itl", decodeBatch, stepTime);
  add3(
    "prefill-per-token",
    "prefill time at matched uncached prompt length",
    "ttft",
    uncachedTokens,
    (t) => t.numbers.prefill_ms,
    true
  );
  add3(
    "tokenize-per-token",
    "tokenize time per prompt token, at matched prompt length",
    "ttft",
    (t) => t.numbers.prompt_tokens,
    (t, into) => perUnit(t, t.numbers.tokenize_ms, t.numbers.prompt_tokens, into),
    false,
    true
  );
  add3(
    "detokenize-per-token",
    "detokenize time per output token, at matched output length",
    "e2e",
    (t) => t.numbers.output_tokens,
    (t, into) => perUnit(t, t.numbers.detokenize_ms, t.numbers.output_tokens, into),
    false,
    true
  );
  return out;
}

// src/diagnose/server-attribution.ts
function sideMean(side2, metric) {
  let sum = 0;
  let count3 = 0;
  for (const run of side2.runs) {
    const h = run.histograms?.find((x) => x.metric === metric);
    if (!h) return void 0;
    sum += h.sum;
    count3 += h.count;
  }
  return count3 > 0 ? sum / count3 : void 0;
}
function sideCount(side2, metric) {
  return side2.runs.reduce((sum, run) => sum + (run.histograms?.find((h) => h.metric === metric)?.count ?? 0), 0);
}
function firstHistogram(side2, metric) {
  return side2.runs.flatMap((r) => r.histograms ?? []).find((h) => h.metric === metric);
}
function attributeFromHistograms(spec, base, head) {
  if (spec.metric.custom) return null;
  const metricId = spec.metric.level === "run" ? "e2e" : spec.metric.id === "ttft_client" ? "ttft" : spec.metric.id;
  const model = METRICS[metricId].phases;
  if (model.length === 0) return null;
  const baseTotal = sideMean(base, metricId);
  const headTotal = sideMean(head, metricId);
  if (baseTotal === void 0 || headTotal === void 0) return null;
  const phases = model.filter((p) => sideMean(base, p) !== void 0 && sideMean(head, p) !== void 0);
  if (phases.length === 0) return null;
  const components = phases.map((p) => ({
    phase: p,
    base: sideMean(base, p),
    head: sideMean(head, p),
    baseHist: firstHistogram(base, p),
    headHist: firstHistogram(head, p)
  }));
  const baseRest = baseTotal - components.reduce((s, c) => s + c.base, 0);
  const headRest = headTotal - components.reduce((s, c) => s + c.head, 0);
  components.push({ phase: "remainder", base: baseRest, head: headRest });
  const baseClient = metricId === "ttft" ? clientMean(base, "ttft") : void 0;
  const headClient = metricId === "ttft" ? clientMean(head, "ttft") : void 0;
  if (baseClient !== void 0 && headClient !== void 0) {
    components.push({ phase: "network", base: baseClient - baseTotal, head: headClient - headTotal });
    return shareOut(
      spec,
      components,
      baseClient,
      headClient,
      base,
      head,
      metricId,
      model,
      phases,
      "all requests, server-side means from the metrics scrape and the client tool's mean TTFT"
    );
  }
  return shareOut(
    spec,
    components,
    baseTotal,
    headTotal,
    base,
    head,
    metricId,
    model,
    phases,
    "all requests, server-side means from the metrics scrape"
  );
}
function shareOut(spec, components, baseTotal, headTotal, base, head, metricId, model, phases, tail) {
  const change2 = headTotal - baseTotal;
  const shares = components.map((c) => ({
    phase: c.phase,
    baseMean: c.base,
    headMean: c.head,
    delta: c.head - c.base,
    shareOfChange: change2 === 0 ? 0 : (c.head - c.base) / change2,
    shareOfHead: headTotal === 0 ? 0 : c.head / headTotal,
    basePercentile: c.baseHist ? histogramQuantile(c.baseHist, 0.95).value : NaN,
    headPercentile: c.headHist ? histogramQuantile(c.headHist, 0.95).value : NaN
  }));
  let dominant = null;
  let best = 0;
  for (const s of shares) {
    const toward = Math.sign(change2) * s.delta;
    if (toward > best) {
      best = toward;
      dominant = s.phase;
    }
  }
  return {
    spec,
    tail,
    q: 0,
    // The requests the means are over: every run's, as the means pool them (not the first run's alone).
    base: { threshold: baseTotal, count: sideCount(base, metricId), mean: baseTotal },
    head: { threshold: headTotal, count: sideCount(head, metricId), mean: headTotal },
    phases: shares,
    missingPhases: model.filter((p) => !phases.includes(p)),
    dominant,
    source: "server-histograms"
  };
}
function clientMean(side2, metric) {
  const values = [];
  for (const run of side2.runs) {
    const s = run.summaries.find((x) => x.metric === metric && x.stat === "mean" && !x.field?.includes("_sum / "));
    if (!s) return void 0;
    values.push(s.value);
  }
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : void 0;
}
function serverHitRate(side2) {
  let hits = 0;
  let queries = 0;
  for (const run of side2.runs) {
    if (run.server?.prefixCacheHits === void 0 || run.server.prefixCacheQueries === void 0) return void 0;
    hits += run.server.prefixCacheHits;
    queries += run.server.prefixCacheQueries;
  }
  return queries > 0 ? hits / queries : void 0;
}

// src/diagnose/server-tree.ts
var HIT_RATE_DROP2 = 0.05;
var PREFIX_KEYS = ["enable_prefix_caching", "enable-prefix-caching", "prefix_caching"];
var CHUNKED_KEYS = ["enable_chunked_prefill", "enable-chunked-prefill", "chunked_prefill"];
function walkServerTree(input) {
  const walks = [];
  const findings = [];
  const byPhase = /* @__PURE__ */ new Map();
  for (const item of input.regressed) {
    const phase = item.attribution.dominant;
    if (!phase) continue;
    byPhase.set(phase, [...byPhase.get(phase) ?? [], item]);
  }
  for (const [phase, items] of byPhase) {
    const metrics = items.map((i) => i.comparison.spec.key);
    const a = items[0].attribution;
    const share2 = a.phases.find((p) => p.phase === phase);
    const steps = [
      {
        question: "Where does the time go?",
        answer: `${PHASE_LABELS[share2.phase]}: mean ${compact(share2.baseMean)} → ${compact(share2.headMean)} ms on the server (${percent(share2.shareOfChange)} of the change in the mean ${a.spec.metric.label}; from the metrics scrape, per-request phases were not recorded)`
      }
    ];
    const found = branch2(phase, input, metrics, steps, a);
    walks.push({
      metrics,
      phase: share2.phase,
      rootPhase: share2.phase,
      steps,
      hints: [...new Set(found.map((f) => f.hint))]
    });
    findings.push(...found);
  }
  return { walks, findings };
}
function branch2(phase, input, metrics, steps, attribution) {
  const change2 = (keys) => input.configChanges.find((c) => keys.includes(c.key));
  const declared = (key) => input.workload.declared.find((d) => d.key === key);
  switch (phase) {
    case "queue_wait": {
      const limit = change2(BATCH_LIMIT_KEYS);
      const rate = declared("requestRate") ?? declared("concurrency");
      if (limit) {
        steps.push({
          question: "Did the running-batch limit change?",
          answer: `yes: ${limit.key} ${describeValue(limit.base)} → ${describeValue(limit.head)}`
        });
        return [
          finding(
            "capacity",
            "queue_wait",
            `running-batch limit changed: ${limit.key} ${describeValue(limit.base)} → ${describeValue(limit.head)}`,
            "likely",
            "config",
            [
              evidence(
                `${limit.key} ${describeValue(limit.base)} → ${describeValue(limit.head)} in the recorded configuration`
              )
            ],
            "per-request telemetry (batch_size_at_admission) would show the batch at its cap",
            metrics
          )
        ];
      }
      if (rate && rate.head > rate.base) {
        steps.push({
          question: "Did the load change?",
          answer: `yes: ${rate.key === "requestRate" ? "request rate" : "concurrency"} ${compact(rate.base)} → ${compact(rate.head)}`
        });
        return [
          finding(
            "traffic-increase",
            "queue_wait",
            `more load: ${rate.key === "requestRate" ? "request rate" : "concurrency"} ${compact(rate.base)} → ${compact(rate.head)}`,
            "confirmed",
            "workload",
            [evidence(`the client tool declared ${rate.key} ${compact(rate.base)} → ${compact(rate.head)}`)],
            "compare at the same load",
            metrics
          )
        ];
      }
      steps.push({
        question: "Running batch vs its maximum?",
        answer: "unknown: a scrape shows the batch at one moment, not over the run"
      });
      return [
        finding(
          "capacity",
          "queue_wait",
          "requests wait longer for admission; the scrape cannot tell capacity from scheduling",
          "candidate",
          "unknown",
          [],
          "record per-request telemetry (batch_size_at_admission, queue_wait_ms) or scrape vllm:num_requests_running during the run",
          metrics
        )
      ];
    }
    case "prefill": {
      const base = serverHitRate(input.base);
      const head = serverHitRate(input.head);
      const input_ = declared("inputTokensMean");
      if (base !== void 0 && head !== void 0) {
        steps.push({
          question: "Prefix cache hit rate?",
          answer: `${percent(base)} → ${percent(head)} of queried tokens (vllm:prefix_cache_hits / queries)`
        });
        if (base - head >= HIT_RATE_DROP2) {
          const c = change2(PREFIX_KEYS);
          return [
            finding(
              "prefix-cache",
              "prefill",
              `prefix-cache hit rate fell from ${percent(base)} to ${percent(head)}`,
              "confirmed",
              c ? "config" : "unknown",
              [
                evidence(`prefix cache hits / queries: ${percent(base)} → ${percent(head)}`),
                ...c ? [evidence(`${c.key}: ${describeValue(c.base)} → ${describeValue(c.head)}`)] : []
              ],
              c ? `was turning ${c.key} to ${describeValue(c.head)} intended?` : "check the shared prompt prefix is byte-identical",
              metrics
            )
          ];
        }
      }
      if (input_ && input_.head > input_.base) {
        steps.push({
          question: "Did the prompts get longer?",
          answer: `yes: mean input tokens ${compact(input_.base)} → ${compact(input_.head)}`
        });
        return [
          finding(
            "workload-drift",
            "prefill",
            `longer prompts: mean input tokens ${compact(input_.base)} → ${compact(input_.head)}`,
            "confirmed",
            "workload",
            [
              evidence(
                `mean input tokens ${compact(input_.base)} → ${compact(input_.head)} (${signedPercent(input_.head / input_.base - 1)})`
              )
            ],
            "rerun on the same prompts",
            metrics
          )
        ];
      }
      return [
        finding(
          "prefill-compute",
          "prefill",
          "prefill takes longer, with the same prompts and cache hits",
          "candidate",
          "unknown",
          [],
          "profile a prefill step; per-request telemetry would match prefill time by prompt length",
          metrics
        )
      ];
    }
    case "decode": {
      const output = declared("outputTokensMean");
      if (output && output.head > output.base) {
        steps.push({
          question: "Did the outputs get longer?",
          answer: `yes: mean output tokens ${compact(output.base)} → ${compact(output.head)}`
        });
        return [
          finding(
            "workload-drift",
            "decode",
            `longer outputs: mean output tokens ${compact(output.base)} → ${compact(output.head)}`,
            "confirmed",
            "workload",
            [],
            "rerun with the same output lengths",
            metrics
          )
        ];
      }
      const chunked = change2(CHUNKED_KEYS);
      if (chunked)
        steps.push({
          question: "Did chunked prefill change?",
          answer: `${chunked.key} ${describeValue(chunked.base)} → ${describeValue(chunked.head)}`
        });
      return [
        finding(
          "decode-overhead",
          "decode",
          "decode takes longer on the server",
          "candidate",
          "unknown",
          [],
          "per-request telemetry would match decode step time by running batch; or profile a decode step",
          metrics
        )
      ];
    }
    case "network": {
      const share2 = attribution.phases.find((p) => p.phase === "network");
      const server = attribution.phases.filter((p) => p.phase !== "network").reduce((s, p) => s + p.delta, 0);
      steps.push({
        question: "Client TTFT vs server TTFT?",
        answer: `client − server mean ${compact(share2.baseMean)} → ${compact(share2.headMean)} ms; the server's own mean moved ${compact(server)} ms`
      });
      return [
        finding(
          "buffering-proxy",
          "network",
          "the time between server and client grew, not the server: a proxy, load balancer or the network",
          "likely",
          "unknown",
          [
            evidence(
              `client mean TTFT − server mean TTFT (the scrape): ${compact(share2.baseMean)} → ${compact(share2.headMean)} ms`
            )
          ],
          "compare a run with the proxy bypassed (client straight to the server), and timestamps at the load balancer for where the first chunk waits",
          metrics
        )
      ];
    }
    case "remainder":
      return [
        finding(
          "measurement-gap",
          "remainder",
          "the time went inside the server, outside the phases it records",
          "likely",
          "unknown",
          [],
          "instrument what runs between the phases",
          metrics
        )
      ];
    default:
      return [];
  }
}
function finding(hint, phase, title, status, cause, evidenceList, nextCheck, metrics) {
  return { hint, phase, title, status, cause, evidence: evidenceList, nextCheck, metrics: [...metrics] };
}

// src/version.ts
var VERSION = "0.1.0";

// src/report/groups.ts
var UNNAMED = "benchmark";
function pairBenchmarks(base, head) {
  const baseGroups = groupRuns2(base.runs);
  const headGroups = groupRuns2(head.runs);
  if (baseGroups.length <= 1 && headGroups.length <= 1) {
    const baseName = baseGroups[0]?.name;
    const headName = headGroups[0]?.name;
    const notes2 = baseName && headName && baseName !== headName && baseName !== UNNAMED && headName !== UNNAMED ? [`the baseline is named "${baseName}" and the head "${headName}"; compared as one benchmark`] : [];
    return { pairs: [{ name: headName ?? baseName ?? UNNAMED, base, head }], unmatched: [], notes: notes2 };
  }
  const labels = groupLabels([...baseGroups, ...headGroups]);
  const pairs = [];
  const unmatched = [];
  const freeBase = new Set(baseGroups);
  const matched = /* @__PURE__ */ new Map();
  for (const h of headGroups) {
    const exact = [...freeBase].find((b) => b.name === h.name && keyText(b.key) === keyText(h.key));
    if (exact) {
      matched.set(h, exact);
      freeBase.delete(exact);
    }
  }
  for (const h of headGroups) {
    if (matched.has(h)) continue;
    const candidates = [...freeBase].filter((b) => b.name === h.name && compatibleKeys(b.key, h.key));
    if (candidates.length === 1) {
      matched.set(h, candidates[0]);
      freeBase.delete(candidates[0]);
    }
  }
  for (const h of headGroups) {
    const b = matched.get(h);
    if (b)
      pairs.push({
        name: labels.get(h),
        base: { label: "base", runs: b.runs },
        head: { label: "head", runs: h.runs }
      });
    else unmatched.push({ side: "head", name: labels.get(h) });
  }
  for (const b of baseGroups) if (freeBase.has(b)) unmatched.push({ side: "base", name: labels.get(b) });
  return { pairs, unmatched, notes: [] };
}
function groupRuns2(runs) {
  const groups = [];
  const byText = /* @__PURE__ */ new Map();
  for (const run of runs) {
    const name = run.meta.benchmark ?? UNNAMED;
    const key = workloadKey(run);
    const text = `${name}\0${keyText(key)}`;
    let group = byText.get(text);
    if (!group) {
      group = { name, key, runs: [] };
      byText.set(text, group);
      groups.push(group);
    }
    group.runs.push(run);
  }
  return groups;
}
function groupLabels(groups) {
  const labels = /* @__PURE__ */ new Map();
  const byName = /* @__PURE__ */ new Map();
  for (const g2 of groups) byName.set(g2.name, [...byName.get(g2.name) ?? [], g2]);
  for (const [name, list] of byName) {
    const distinct = new Set(list.map((g2) => keyText(g2.key)));
    if (distinct.size <= 1) {
      for (const g2 of list) labels.set(g2, name);
      continue;
    }
    const varying = KEY_FIELDS.filter((f) => varies(list, f));
    for (const g2 of list) labels.set(g2, `${name} @ ${keyLabel(g2.key, varying) || "unspecified workload"}`);
  }
  return labels;
}
function varies(groups, field) {
  const values = groups.map((g2) => g2.key[field]);
  const first = values.find((v) => v !== void 0);
  if (first === void 0) return false;
  return values.some((v) => v === void 0 || !sameValue2(v, first));
}

// src/report/model.ts
var SCHEMA_VERSION = 2;

// src/diagnose/profile/hardware.ts
var GPUS = [
  {
    name: "H100 SXM",
    bandwidthGBs: 3350,
    source: "NVIDIA H100 datasheet: H100 SXM 80 GB HBM3, 3.35 TB/s",
    confirmed: true,
    match: /h100sxm|h10080gbhbm3$/
  },
  {
    name: "H100 PCIe",
    bandwidthGBs: 2e3,
    source: "NVIDIA H100 datasheet: H100 PCIe 80 GB HBM2e, 2 TB/s",
    confirmed: false,
    match: /h100pcie/
  },
  {
    name: "H200",
    bandwidthGBs: 4800,
    source: "NVIDIA H200 datasheet: 141 GB HBM3e, 4.8 TB/s (SXM and NVL)",
    confirmed: true,
    match: /h200/
  },
  {
    name: "A100 80GB SXM",
    bandwidthGBs: 2039,
    source: "NVIDIA A100 datasheet: A100 80 GB SXM, 2,039 GB/s",
    confirmed: true,
    match: /a100sxm4?80gb|a10080gbsxm/
  },
  {
    name: "A100 80GB PCIe",
    bandwidthGBs: 1935,
    source: "NVIDIA A100 datasheet: A100 80 GB PCIe, 1,935 GB/s",
    confirmed: false,
    match: /a100pcie80gb|a10080gbpcie/
  },
  {
    name: "A100 40GB",
    bandwidthGBs: 1555,
    source: "NVIDIA A100 datasheet: A100 40 GB (SXM and PCIe), 1,555 GB/s",
    confirmed: false,
    match: /a100(?:sxm4?|pcie)?40gb|a10040gb/
  },
  {
    name: "L40S",
    bandwidthGBs: 864,
    source: "NVIDIA L40S datasheet: 48 GB GDDR6, 864 GB/s",
    confirmed: true,
    match: /l40s/
  },
  {
    name: "L4",
    bandwidthGBs: 300,
    source: "NVIDIA L4 datasheet: 24 GB GDDR6, 300 GB/s",
    confirmed: true,
    match: /^(?:nvidia)?l4$/
  },
  {
    name: "A10G",
    bandwidthGBs: 600,
    source: "AWS G5 / NVIDIA A10: 24 GB GDDR6, 600 GB/s",
    confirmed: true,
    match: /a10g/
  },
  {
    name: "RTX 4090",
    bandwidthGBs: 1008,
    source: "NVIDIA GeForce RTX 4090: 24 GB GDDR6X, 21 Gbps × 384-bit = 1,008 GB/s",
    confirmed: true,
    match: /rtx4090|geforce4090/
  },
  {
    name: "MI300X",
    bandwidthGBs: 5300,
    source: "AMD Instinct MI300X datasheet: 192 GB HBM3, 5.3 TB/s",
    confirmed: true,
    match: /mi300x/
  },
  // DGX B200 lists 64 TB/s for 8 GPUs; some B200 SKUs are quoted at 7.7 TB/s. Not confirmed.
  {
    name: "B200",
    bandwidthGBs: 8e3,
    source: "NVIDIA DGX B200: 64 TB/s HBM3e over 8 GPUs (≈ 8 TB/s each); not confirmed against a per-GPU datasheet",
    confirmed: false,
    match: /b200/
  }
];
var AMBIGUOUS = {
  h100: ["H100 SXM", "H100 PCIe"],
  a100: ["A100 80GB SXM", "A100 80GB PCIe", "A100 40GB"],
  a10080gb: ["A100 80GB SXM", "A100 80GB PCIe"]
};
function lookupGpu(name) {
  const key = name.toLowerCase().replace(/[\s_-]+/g, "");
  const bare = key.replace(/^(?:nvidia|amd|amdinstinct|instinct|tesla)/, "");
  if (Object.hasOwn(AMBIGUOUS, bare)) {
    return {
      ok: false,
      message: `GPU "${name}" is ambiguous: say which of ${AMBIGUOUS[bare].join(", ")}, or give bandwidthGBs`
    };
  }
  const hits = GPUS.filter((g2) => g2.match.test(key));
  if (hits.length === 1) return { ok: true, gpu: hits[0] };
  const known = GPUS.map((g2) => g2.name).join(", ");
  if (hits.length > 1)
    return {
      ok: false,
      message: `GPU "${name}" matches ${hits.map((g2) => g2.name).join(" and ")}: give the exact model or bandwidthGBs`
    };
  return {
    ok: false,
    message: `GPU "${name}" is not in the table (${known}): give its memory bandwidth as bandwidthGBs`
  };
}

// src/diagnose/profile/models.ts
var MODELS = [
  {
    name: "Llama-3.1-8B",
    layers: 32,
    kvHeads: 8,
    headDim: 128,
    paramsBillions: 8.03,
    embeddingParamsBillions: 0.525,
    // 128256 × 4096, untied
    source: "meta-llama/Llama-3.1-8B config.json: 32 layers, 32 heads, 8 KV heads, hidden 4096, vocab 128256"
  },
  {
    name: "Llama-3.1-70B",
    layers: 80,
    kvHeads: 8,
    headDim: 128,
    paramsBillions: 70.6,
    embeddingParamsBillions: 1.051,
    // 128256 × 8192, untied
    source: "meta-llama/Llama-3.1-70B config.json: 80 layers, 64 heads, 8 KV heads, hidden 8192, vocab 128256"
  },
  {
    name: "Mixtral-8x7B",
    layers: 32,
    kvHeads: 8,
    headDim: 128,
    paramsBillions: 46.7,
    embeddingParamsBillions: 0.131,
    // 32000 × 4096
    // 8 experts × 32 layers × 3 × 4096 × 14336 = 45.1 B; active per token 1.6 + 45.1 × 2/8 ≈ 12.9 B.
    moe: { experts: 8, topK: 2, expertParamsBillions: 45.1 },
    source: "mistralai/Mixtral-8x7B-v0.1 config.json: 32 layers, 32 heads, 8 KV heads, hidden 4096, 8 experts, 2 per token, intermediate 14336"
  },
  {
    name: "Qwen2.5-7B",
    layers: 28,
    kvHeads: 4,
    headDim: 128,
    paramsBillions: 7.62,
    embeddingParamsBillions: 0.545,
    // 152064 × 3584, untied
    source: "Qwen/Qwen2.5-7B config.json: 28 layers, 28 heads, 4 KV heads, hidden 3584, vocab 152064"
  }
];
function lookupModel(name) {
  const key = (s) => s.toLowerCase().replace(/^[^/]*\//, "").replace(/[\s_]+/g, "-").replace(/(?:-(?:instruct|chat|base|v0\.1))+$/, "");
  const k = key(name);
  return MODELS.find((m) => key(m.name) === k);
}

// src/diagnose/profile/decode-floor.ts
var positive3 = (x) => x !== void 0 && Number.isFinite(x) && x > 0;
var nonNegative4 = (x) => x !== void 0 && Number.isFinite(x) && x >= 0;
function decodeFloor(input) {
  const missing = [];
  const assumptions = [];
  const model = input.model !== void 0 ? lookupModel(input.model) : void 0;
  if (input.model !== void 0 && !model) {
    missing.push(
      `model "${input.model}" is not in the table: give paramsBillions (or weightBytes) and layers, kvHeads, headDim (or kvBytesPerToken)`
    );
  } else if (model) {
    assumptions.push(`${model.name}: ${model.source}.`);
  }
  const moe = input.moe ?? model?.moe;
  let weightBytes = NaN;
  if (positive3(input.weightBytes)) {
    weightBytes = input.weightBytes;
    assumptions.push(`weights ${fmtBytes(weightBytes)} per step as given.`);
  } else {
    const params = input.paramsBillions ?? model?.paramsBillions;
    if (!positive3(params)) missing.push("paramsBillions (or weightBytes, or a known model)");
    if (!positive3(input.bytesPerParam)) missing.push("bytesPerParam (2 for BF16, 1 for FP8, 0.5 for INT4)");
    if (!nonNegative4(input.batchSize) && moe)
      missing.push("batchSize (a mixture of experts reads the experts the batch is routed to)");
    if (positive3(params) && positive3(input.bytesPerParam)) {
      const embedding = input.paramsBillions === void 0 && model ? model.embeddingParamsBillions : 0;
      let read = params - embedding;
      if (embedding > 0)
        assumptions.push(`input embedding (${embedding} B parameters) left out: a step reads only the batch's rows.`);
      if (moe && nonNegative4(input.batchSize)) {
        const touched = 1 - Math.pow(1 - moe.topK / moe.experts, input.batchSize);
        read = read - moe.expertParamsBillions + moe.expertParamsBillions * touched;
        assumptions.push(
          `mixture of experts: ${moe.topK} of ${moe.experts} experts per token; with uniform routing a batch of ${input.batchSize} touches ${(touched * 100).toFixed(1)}% of the expert weights. Real routing is skewed: fewer are touched, the true floor is lower and this efficiency optimistic.`
        );
      }
      weightBytes = read * 1e9 * input.bytesPerParam;
      assumptions.push(
        `weights ${fmtBytes(weightBytes)} per step (${read.toFixed(2)} B parameters × ${input.bytesPerParam} bytes).`
      );
    }
  }
  let kvBytesPerToken = NaN;
  const layers = input.layers ?? model?.layers;
  const kvHeads = input.kvHeads ?? model?.kvHeads;
  const headDim = input.headDim ?? model?.headDim;
  const geometry = positive3(layers) && positive3(kvHeads) && positive3(headDim) && positive3(input.bytesPerElement);
  if (positive3(input.kvBytesPerToken)) {
    kvBytesPerToken = input.kvBytesPerToken;
  } else if (geometry) {
    kvBytesPerToken = 2 * layers * kvHeads * headDim * input.bytesPerElement;
    assumptions.push(
      `KV cache ${fmtBytes(kvBytesPerToken)} per token = 2 (K, V) × ${layers} layers × ${kvHeads} KV heads × ${headDim} × ${input.bytesPerElement} bytes.`
    );
  } else if (input.contextTokens === 0) {
    kvBytesPerToken = 0;
    assumptions.push("no KV cache read (context 0 tokens): the floor is the weights alone.");
  } else {
    if (!positive3(layers) || !positive3(kvHeads) || !positive3(headDim))
      missing.push("kvBytesPerToken, or layers, kvHeads and headDim (or a known model)");
    if (!positive3(input.bytesPerElement)) missing.push("bytesPerElement of the KV cache (2 for BF16, 1 for FP8)");
  }
  if (!nonNegative4(input.contextTokens))
    missing.push("contextTokens (mean KV tokens read per step, summed over the batch)");
  if (!positive3(input.batchSize)) {
    if (!missing.some((m) => m.startsWith("batchSize"))) missing.push("batchSize (sequences per decode step)");
  }
  let bandwidthGBs = NaN;
  if (positive3(input.bandwidthGBs)) {
    bandwidthGBs = input.bandwidthGBs;
    assumptions.push(`bandwidth ${bandwidthGBs} GB/s per GPU as given.`);
  } else if (input.gpu !== void 0) {
    const found = lookupGpu(input.gpu);
    if (found.ok) {
      bandwidthGBs = found.gpu.bandwidthGBs;
      assumptions.push(
        `bandwidth ${bandwidthGBs} GB/s per GPU: ${found.gpu.source}${found.gpu.confirmed ? "" : " (not confirmed)"}.`
      );
    } else missing.push(found.message);
  } else missing.push("gpu (a name from the table) or bandwidthGBs");
  const gpus = input.gpus ?? 1;
  if (!(Number.isInteger(gpus) && gpus >= 1)) missing.push("gpus must be a whole number ≥ 1");
  if (missing.length > 0) {
    return { ok: false, missing, message: `The decode floor needs: ${missing.join("; ")}.` };
  }
  const kvBytes = kvBytesPerToken * input.contextTokens;
  const bytesPerStep = weightBytes + kvBytes;
  const floorMs = bytesPerStep / (bandwidthGBs * 1e9 * gpus) * 1e3;
  if (gpus > 1)
    assumptions.push(`${gpus} GPUs each read 1/${gpus} of the bytes; communication between them is not in the floor.`);
  return {
    ok: true,
    weightBytes,
    kvBytesPerToken,
    kvBytes,
    bytesPerStep,
    bandwidthGBs,
    gpus,
    floorMs,
    floorMsPerToken: floorMs / input.batchSize,
    assumptions
  };
}
function efficiency(floorMs, measuredStepMs) {
  if (!(floorMs > 0) || !(measuredStepMs > 0) || !Number.isFinite(floorMs) || !Number.isFinite(measuredStepMs))
    return void 0;
  const e = floorMs / measuredStepMs;
  if (e > 1) {
    return {
      efficiency: e,
      band: "inconsistent",
      advice: "faster than the bandwidth floor: the bytes are overcounted (quantized weights? an FP8 KV cache? fewer experts touched?) or the bandwidth is wrong"
    };
  }
  if (e > 0.8)
    return {
      efficiency: e,
      band: "near-limit",
      advice: "near the physical limit: only fewer bytes help (quantize weights or KV cache)"
    };
  if (e >= 0.4)
    return {
      efficiency: e,
      band: "overhead",
      advice: "kernel or launch overhead: profile the step (three-way split, then the top kernels)"
    };
  return {
    efficiency: e,
    band: "structural",
    advice: "something is structurally wrong (not batching, recomputation, syncs, the wrong kernels): find it before tuning"
  };
}
function fmtBytes(b) {
  if (b >= 1e9) return `${(b / 1e9).toFixed(2)} GB`;
  if (b >= 1e6) return `${(b / 1e6).toFixed(2)} MB`;
  if (b >= 1e3) return `${(b / 1e3).toFixed(1)} kB`;
  return `${b} B`;
}

// src/diagnose/decode-floor-check.ts
function decodeFloorCheck(settings, base, head) {
  const asked = Object.keys(settings).length > 0;
  if (!head)
    return asked ? { ok: false, message: "the decode floor needs per-request data on the head side" } : void 0;
  const gpu = settings.gpu ?? head.meta.hardware;
  const model = settings.model ?? head.meta.model;
  if (!asked && (!gpu || !model)) return void 0;
  const headSide = floorSide(settings, head, gpu, model);
  if ("message" in headSide) return asked ? { ok: false, message: headSide.message } : void 0;
  const baseSide = base ? floorSide(settings, base, settings.gpu ?? base.meta.hardware, settings.model ?? base.meta.model) : void 0;
  const usableBase = baseSide && !("message" in baseSide) ? baseSide : void 0;
  return {
    ok: true,
    ...usableBase ? { base: usableBase } : {},
    head: headSide,
    sentence: sentence(usableBase, headSide)
  };
}
function floorSide(settings, data, gpu, model) {
  const tables = data.tables;
  const measured2 = measuredStep(data);
  if (!measured2)
    return {
      message: "the decode floor needs the measured step: itl_p50_ms, or decode_ms and output_tokens per request"
    };
  const batch = runningBatch(tables);
  if (!batch)
    return {
      message: "the decode floor needs the running batch: batch_size_at_admission, or arrival_ts, first_token_ms and decode_ms per request"
    };
  const prompt = meanFinite(concatPresent(tables.map((t) => t.numbers.prompt_tokens)) ?? new Float64Array());
  const output = meanFinite(concatPresent(tables.map((t) => t.numbers.output_tokens)) ?? new Float64Array());
  if (!Number.isFinite(prompt) || !Number.isFinite(output))
    return {
      message: "the decode floor needs prompt_tokens and output_tokens per request (the KV cache each step reads)"
    };
  const contextTokens = batch.value * (prompt + output / 2);
  const floor = decodeFloor({
    ...model ? { model } : {},
    ...gpu ? { gpu } : {},
    bytesPerParam: settings.bytesPerParam ?? 2,
    bytesPerElement: settings.bytesPerElement ?? 2,
    ...settings.paramsBillions ? { paramsBillions: settings.paramsBillions } : {},
    ...settings.bandwidthGBs ? { bandwidthGBs: settings.bandwidthGBs } : {},
    gpus: settings.gpus ?? 1,
    batchSize: batch.value,
    contextTokens
  });
  if (!floor.ok) return { message: floor.message };
  if (settings.bytesPerParam === void 0)
    floor.assumptions.push("weights in BF16 (2 bytes): set weights=fp8 or int4 in decode-floor if they are quantized.");
  if (settings.bytesPerElement === void 0)
    floor.assumptions.push("KV cache in BF16 (2 bytes): set kv=fp8 if it is.");
  const eff = efficiency(floor.floorMs, measured2.ms);
  return {
    batch: batch.value,
    batchSource: batch.source,
    contextTokens,
    measuredMs: measured2.ms,
    measuredFrom: measured2.from,
    floor,
    ...eff ? { efficiency: eff } : {}
  };
}
function measuredStep(data) {
  const sources = [
    { metric: "itl", from: "median ITL" },
    { metric: "tpot", from: "median decode_ms per output token" }
  ];
  for (const { metric, from } of sources) {
    const values = concatPresent(data.tables.map((t) => requestColumn(t, metric, 0.5) ?? void 0));
    const ms2 = values ? quantile(values, 0.5) : NaN;
    if (ms2 > 0) return { ms: ms2, from };
  }
  return void 0;
}
function runningBatch(tables) {
  const admitted = batchProfile(tables);
  if (admitted && admitted.mean > 0) return { value: admitted.mean, source: "batch_size_at_admission" };
  const concurrency2 = tables.map((t) => decodeConcurrency(t)).filter((c) => c !== void 0);
  const mean = concurrency2.length ? meanFinite(concatPresent(concurrency2) ?? new Float64Array()) : NaN;
  return mean > 0 ? { value: mean, source: "decode concurrency" } : void 0;
}
function sentence(base, head) {
  const eff = (s) => s.efficiency ? compact(s.efficiency.efficiency) : "?";
  const floorText = base ? `${duration(base.floor.floorMs)} → ${duration(head.floor.floorMs)}` : duration(head.floor.floorMs);
  const measured2 = base ? `${duration(base.measuredMs)} → ${duration(head.measuredMs)}` : duration(head.measuredMs);
  const efficiencyText = base ? `${eff(base)} → ${eff(head)}` : eff(head);
  const band = head.efficiency ? `: ${head.efficiency.band.replace("-", " ")} — ${head.efficiency.advice}` : "";
  return `decode bandwidth floor ${floorText} per step (running batch ${compact(head.batch)}, ${compact(head.floor.bytesPerStep / 1e9)} GB read); measured step (${head.measuredFrom}) ${measured2}; efficiency floor/measured ${efficiencyText}${band}`;
}

// src/diagnose/service/cost.ts
var SECONDS_PER_HOUR = 3600;
function sideCost(spec, rates) {
  const perHour = spec.pricePerGpuHour * spec.gpus;
  const tokens = rates.outputTokensPerSecond;
  const requests = rates.requestsPerSecond;
  return {
    perHour,
    gpus: spec.gpus,
    ...tokens !== void 0 ? { outputTokensPerSecond: tokens } : {},
    ...requests !== void 0 ? { requestsPerSecond: requests } : {},
    ...tokens !== void 0 && tokens > 0 ? { perMillionOutputTokens: perHour / (tokens * SECONDS_PER_HOUR) * 1e6 } : {},
    ...requests !== void 0 && requests > 0 ? { perThousandRequests: perHour / (requests * SECONDS_PER_HOUR) * 1e3 } : {}
  };
}
function compareCost(spec, base, head) {
  const specs = "base" in spec ? spec : { base: spec, head: spec };
  const currency = specs.base.currency ?? specs.head.currency;
  if (specs.base.currency && specs.head.currency && specs.base.currency !== specs.head.currency) {
    return {
      ok: false,
      reason: `the sides are priced in different currencies (${specs.base.currency}, ${specs.head.currency})`
    };
  }
  const b = sideCost(specs.base, base);
  const h = sideCost(specs.head, head);
  const missing = [];
  const parts2 = [];
  const pair = (what, field, rate) => {
    const x = b[field];
    const y = h[field];
    if (x === void 0 || y === void 0) {
      missing.push(
        `${what}: no ${rate} on the ${[x === void 0 ? "base" : "", y === void 0 ? "head" : ""].filter(Boolean).join(" or ")}`
      );
      return void 0;
    }
    const ratio = y / x;
    parts2.push(`${money(x, currency)} → ${money(y, currency)} ${what} (×${ratio.toFixed(2)})`);
    return ratio;
  };
  const tokenCostRatio = pair("per million output tokens", "perMillionOutputTokens", "output-token throughput");
  const requestCostRatio = pair("per 1k requests", "perThousandRequests", "request throughput");
  if (parts2.length === 0) return { ok: false, reason: `no throughput to spread the cost over (${missing.join("; ")})` };
  return {
    ok: true,
    ...currency ? { currency } : {},
    base: b,
    head: h,
    ...tokenCostRatio !== void 0 ? { tokenCostRatio } : {},
    ...requestCostRatio !== void 0 ? { requestCostRatio } : {},
    summary: parts2.join("; "),
    missing
  };
}
var THROUGHPUT = makeSpec(METRICS.throughput, MEAN);
var REQUEST_RATE = makeSpec(METRICS.request_throughput, MEAN);
function measuredRates(tables, known = {}) {
  const rate = (spec) => {
    let work = 0;
    let seconds = 0;
    for (const t of tables) {
      const s = metricSeries(t, spec);
      if (!s.ok || !s.value.denominators) return void 0;
      const { values, denominators } = s.value;
      for (let i = 0; i < values.length; i++) {
        work += values[i];
        seconds += denominators[i];
      }
    }
    return seconds > 0 ? work / seconds : void 0;
  };
  const tokens = known.outputTokensPerSecond ?? rate(THROUGHPUT);
  const requests = known.requestsPerSecond ?? rate(REQUEST_RATE);
  return {
    ...tokens !== void 0 ? { outputTokensPerSecond: tokens } : {},
    ...requests !== void 0 ? { requestsPerSecond: requests } : {}
  };
}

// src/diagnose/service/criteria.ts
function goodputCriteria(slos, tables) {
  const criteria = [];
  const excluded = [];
  for (const slo2 of slos) {
    if (slo2.spec.metric.level === "run" || slo2.spec.metric.custom) {
      excluded.push({
        slo: slo2.text,
        reason: `${slo2.spec.metric.id} is one rate over the whole run, not a per-request target`
      });
      continue;
    }
    const bases = /* @__PURE__ */ new Set();
    let missing;
    for (const { side: side2, table: table2 } of tables) {
      const column = requestValues(table2, slo2);
      if (!column.ok) {
        missing = `the ${side2} ${column.error}`;
        break;
      }
      bases.add(column.value.basis);
    }
    if (missing || bases.size === 0) excluded.push({ slo: slo2.text, reason: missing ?? "no requests to judge" });
    else criteria.push({ slo: slo2, basis: [...bases].join(" / ") });
  }
  return { criteria, excluded };
}
function requestValues(table2, slo2) {
  const { metric, stat: stat3 } = slo2.spec;
  if (metric.custom || metric.level === "run") return err(`has no per-request ${metric.id}`);
  if (metric.id === "itl") return itlValues(table2, stat3.kind === "percentile" ? stat3.q : void 0, stat3.label);
  const column = requestColumn(table2, metric.id);
  if (!column) return err(`has no ${fieldsFor(metric.id)}`);
  const values = metric.id === "tpot" ? withNoGapsMet(table2, column) : column;
  return ok({ values, basis: `the request's own ${metric.id}` });
}
function itlValues(table2, q, label) {
  const gaps = table2.tokenGaps;
  if (gaps) {
    const succeeded = successMask(table2);
    const out = new Float64Array(table2.length).fill(NaN);
    for (let i = 0; i < table2.length; i++) {
      if (!succeeded[i]) continue;
      const own2 = gaps.values.subarray(gaps.offsets[i], gaps.offsets[i + 1]);
      out[i] = own2.length === 0 ? 0 : q === void 0 ? meanFinite(own2) : quantile(own2, q);
    }
    return ok({ values: out, basis: `the ${label} of the request's own token gaps` });
  }
  if (q === void 0) {
    const tpot2 = requestColumn(table2, "tpot");
    if (!tpot2) return err("has neither token gaps nor decode_ms and output_tokens for each request's mean ITL");
    return ok({ values: withNoGapsMet(table2, tpot2), basis: "the request's mean gap, decode_ms / (output_tokens − 1)" });
  }
  if (q !== 0.5 && q !== 0.99)
    return err(`has itl_p50_ms and itl_p99_ms per request only; ITL ${label} needs every token gap`);
  const field = q === 0.5 ? "itl_p50_ms" : "itl_p99_ms";
  const column = requestColumn(table2, "itl", q);
  if (!column) return err(`has no ${field}`);
  return ok({ values: withNoGapsMet(table2, column), basis: `the request's own ${field}` });
}
function withNoGapsMet(table2, column) {
  const tokens = table2.numbers.output_tokens;
  if (!tokens) return column;
  const succeeded = successMask(table2);
  const out = Float64Array.from(column);
  for (let i = 0; i < out.length; i++) if (succeeded[i] && Number.isNaN(out[i]) && tokens[i] <= 1) out[i] = 0;
  return out;
}

// src/diagnose/service/goodput.ts
var GOODPUT_MIN_EFFECT = 0.02;
function compareGoodput(base, head, slos, options = {}) {
  const level = options.level ?? 0.95;
  const minEffect = options.minEffect ?? GOODPUT_MIN_EFFECT;
  if (base.length === 0 || head.length === 0)
    return { ok: false, reason: `the ${base.length === 0 ? "base" : "head"} has no per-request data`, excluded: [] };
  const labelled = [
    ...base.map((table2) => ({ side: "base", table: table2 })),
    ...head.map((table2) => ({ side: "head", table: table2 }))
  ];
  const { criteria, excluded } = goodputCriteria(slos, labelled);
  if (criteria.length === 0) {
    const reason2 = slos.length === 0 ? "no SLO targets were given" : `no per-request SLO target to judge requests by (${excluded.map((e) => `${e.slo}: ${e.reason}`).join("; ")})`;
    return { ok: false, reason: reason2, excluded };
  }
  const b = sideGoodput(base, criteria);
  const h = sideGoodput(head, criteria);
  if (b.requests === 0 || h.requests === 0)
    return { ok: false, reason: `the ${b.requests === 0 ? "base" : "head"} has no requests`, excluded };
  const difference = h.share - b.share;
  const z2 = zForLevel(level);
  const interval = newcombeInterval(
    h.share * h.effectiveRows,
    h.effectiveRows,
    b.share * b.effectiveRows,
    b.effectiveRows,
    z2
  );
  const { verdict, reason } = goodputVerdict(difference, interval, minEffect);
  const notes2 = criteriaNotes(criteria);
  if (b.effectiveRows < b.rows || h.effectiveRows < h.rows) {
    notes2.push(
      `goodput's interval is wider than its request counts suggest: requests that miss a target come in bursts, so it counts ${grouped(Math.round(h.effectiveRows))} of this PR's ${grouped(h.rows)} requests and ${grouped(Math.round(b.effectiveRows))} of the baseline's ${grouped(b.rows)} as independent`
    );
  }
  return {
    ok: true,
    criteria: criteria.map((c) => c.slo.text),
    excluded,
    base: b,
    head: h,
    difference,
    interval,
    level,
    ...b.goodPerSecond && h.goodPerSecond !== void 0 ? { rateChange: h.goodPerSecond / b.goodPerSecond - 1 } : {},
    minEffect,
    verdict,
    reason,
    notes: notes2
  };
}
function sideGoodput(tables, criteria) {
  let requests = 0;
  let good = 0;
  let failed2 = 0;
  let unmeasured = 0;
  let rows = 0;
  let effectiveRows = 0;
  let seconds = 0;
  let timed = true;
  const met = new Float64Array(criteria.length);
  for (const table2 of tables) {
    const weight = table2.rowWeight ?? 1;
    const ok2 = successMask(table2);
    const columns2 = criteria.map((c) => requestValues(table2, c.slo));
    const indicator = new Uint8Array(table2.length);
    for (let i = 0; i < table2.length; i++) {
      if (!ok2[i]) {
        failed2 += weight;
        continue;
      }
      let all = true;
      let missing = false;
      columns2.forEach((column, k) => {
        const value4 = column.ok ? column.value.values[i] : NaN;
        if (Number.isNaN(value4)) missing = true;
        else if (sloMet(criteria[k].slo, value4)) met[k] += weight;
        else all = false;
      });
      if (missing) unmeasured += weight;
      else if (all) {
        good += weight;
        indicator[i] = 1;
      }
    }
    requests += weight * table2.length;
    rows += table2.length;
    effectiveRows += table2.orderedByArrival ? effectiveCount(indicator) : table2.length;
    const span2 = runSeconds(table2);
    if (span2 === void 0) timed = false;
    else seconds += span2;
  }
  return {
    requests,
    good,
    failed: failed2,
    unmeasured,
    share: requests ? good / requests : 0,
    rows,
    effectiveRows,
    ...timed && seconds > 0 ? { goodPerSecond: good / seconds, durationSeconds: seconds } : {},
    criteria: criteria.map((c, k) => ({
      slo: c.slo.text,
      basis: c.basis,
      share: requests ? met[k] / requests : 0,
      ...c.slo.spec.stat.kind === "percentile" ? { target: c.slo.spec.stat.q } : {}
    }))
  };
}
function runSeconds(table2) {
  const arrival = table2.numbers.arrival_ts;
  const total2 = table2.numbers.total_ms;
  if (!arrival || !total2 || !table2.orderedByArrival || table2.length === 0) return void 0;
  let last = -Infinity;
  for (let i = 0; i < table2.length; i++)
    last = Math.max(last, arrival[i] + (Number.isFinite(total2[i]) ? total2[i] / 1e3 : 0));
  return last - arrival[0];
}
function goodputVerdict(difference, interval, minEffect) {
  const shown2 = `${points(difference)} (${points(interval[0])} … ${points(interval[1])})`;
  const floor = `the ${points(minEffect).slice(1)} minimum effect`;
  if (interval[1] < -minEffect)
    return { verdict: "regressed", reason: `goodput ${shown2}: a drop beyond ${floor} with confidence` };
  if (interval[0] > minEffect)
    return { verdict: "improved", reason: `goodput ${shown2}: a rise beyond ${floor} with confidence` };
  if (interval[0] >= -minEffect && interval[1] <= minEffect)
    return { verdict: "unchanged", reason: `goodput ${shown2}: within ${floor}` };
  return {
    verdict: "inconclusive",
    reason: `goodput ${shown2}: the interval reaches past ${floor}; more requests or repeated runs would decide`
  };
}
function points(share2) {
  const v = share2 * 100;
  const text = Number(Math.abs(v).toFixed(1)) >= 10 ? Math.abs(v).toFixed(0) : String(Number(Math.abs(v).toFixed(1)));
  if (Number(text) === 0) return "0 pp";
  return `${v > 0 ? "+" : "−"}${text} pp`;
}
function criteriaNotes(criteria) {
  const byValue = /* @__PURE__ */ new Map();
  for (const c of criteria) byValue.set(c.basis, [...byValue.get(c.basis) ?? [], c]);
  const notes2 = [];
  for (const [basis, list] of byValue) {
    if (list.length > 1)
      notes2.push(
        `${list.map((c) => c.slo.text).join(", ")} all judge ${basis}: per request the strictest threshold decides`
      );
  }
  return notes2;
}

// src/diagnose/service/headroom.ts
var SOURCE_TEXT = {
  batch_size_at_admission: "at admission",
  "decode-concurrency": "estimated from request timings",
  "server-gauge": "from the server gauge at the scrape"
};
function sideHeadroom(runs) {
  const missing = [];
  const batch = runningBatch2(runs);
  if (!batch)
    missing.push(
      "running batch (no batch_size_at_admission, no arrival_ts/first_token_ms/decode_ms to estimate it, no server gauge)"
    );
  const found = batchLimit(runs);
  const limit = found.ok ? found.value : void 0;
  if (!found.ok) missing.push(`batch limit (${found.error})`);
  const batchHeadroom = batch && limit ? 1 - batch.mean / limit.value : void 0;
  const kv = runs.map((r) => r.server?.kvCacheUsage).filter((v) => v !== void 0 && Number.isFinite(v));
  const kvCacheUsage = kv.length ? kv.reduce((s, v) => s + v, 0) / kv.length : void 0;
  if (kvCacheUsage === void 0) missing.push("KV-cache usage (no server metrics scrape with it)");
  const parts2 = [];
  if (batch) {
    const of = limit ? ` of ${limit.key} ${fmt(limit.value)}` : "";
    const room = batchHeadroom !== void 0 ? `${percent(batchHeadroom)} headroom` : `headroom unknown (${found.ok ? "" : found.error})`;
    parts2.push(
      `running batch ${fmt(batch.mean)} mean (max ${fmt(batch.max)})${of}: ${room} (batch ${SOURCE_TEXT[batch.source]})`
    );
  } else {
    parts2.push(`running batch unknown${limit ? ` (${limit.key} ${fmt(limit.value)})` : ""}`);
  }
  parts2.push(
    kvCacheUsage !== void 0 ? `KV cache ${percent(kvCacheUsage)} used${kv.length < runs.length ? ` (${kv.length} of ${runs.length} runs scraped)` : ""}` : "KV cache use unknown"
  );
  return {
    ...batch ? { batch } : {},
    ...limit ? { limit } : {},
    ...batchHeadroom !== void 0 ? { batchHeadroom } : {},
    ...kvCacheUsage !== void 0 ? { kvCacheUsage, kvHeadroom: 1 - kvCacheUsage } : {},
    sentence: parts2.join("; "),
    missing
  };
}
function runningBatch2(runs) {
  const tables = runs.flatMap((r) => r.requests ? [r.requests] : []);
  const admitted = batchProfile(tables);
  if (admitted)
    return { mean: admitted.mean, max: admitted.max, source: "batch_size_at_admission", count: admitted.count };
  const estimated = [];
  for (const t of tables) {
    const c = decodeConcurrency(t);
    if (!c) continue;
    for (let i = 0; i < c.length; i++) if (Number.isFinite(c[i])) estimated.push(c[i]);
  }
  if (estimated.length) {
    return {
      mean: estimated.reduce((s, v) => s + v, 0) / estimated.length,
      max: quantile(estimated, 1),
      source: "decode-concurrency",
      count: estimated.length
    };
  }
  const gauges = runs.map((r) => r.server?.running).filter((v) => v !== void 0 && Number.isFinite(v));
  if (gauges.length)
    return {
      mean: gauges.reduce((s, v) => s + v, 0) / gauges.length,
      max: Math.max(...gauges),
      source: "server-gauge",
      count: gauges.length
    };
  return void 0;
}
function batchLimit(runs) {
  const limits = runs.map((r) => configuredBatchLimit(r.meta));
  if (limits.length === 0 || limits.some((l) => !l))
    return err(`no ${BATCH_LIMIT_KEYS.join(", ")} in the engine config`);
  const values = new Set(limits.map((l) => l.value));
  if (values.size > 1) return err(`repeats disagree: ${limits[0].key} ${[...values].join(", ")}`);
  return ok(limits[0]);
}
function fmt(value4) {
  return Number.isInteger(value4) ? String(value4) : value4.toFixed(1);
}

// src/diagnose/service-metrics.ts
function serviceMetrics(base, head, options) {
  const baseTables = sideTables(base);
  const headTables = sideTables(head);
  const goodput = compareGoodput(baseTables, headTables, options.slos, options);
  const cost2 = options.cost ? compareCost(
    options.cost,
    measuredRates(baseTables, options.rates?.base),
    measuredRates(headTables, options.rates?.head)
  ) : { ok: false, reason: 'no hardware price given (e.g. "$2.50/gpu-hour x 8")' };
  return { goodput, cost: cost2, headroom: { base: sideHeadroom(base.runs), head: sideHeadroom(head.runs) } };
}

// src/diagnose/profile/regime.ts
var REGIME_THRESHOLDS = { bound: 80, latency: 60, balanced: 10, lowOccupancy: 50 };
var REGIME_FIXES = {
  "memory-bound": [
    "batch more: each weight byte read serves more tokens",
    "quantize weights (FP8, INT4) and the KV cache: fewer bytes per step",
    "shrink the KV cache read per step (GQA/MQA, shorter contexts, prefix sharing)"
  ],
  "compute-bound": [
    "lower precision (FP8 tensor cores)",
    "better kernels (tensor-core GEMMs, FlashAttention)",
    "more GPUs (tensor parallelism)"
  ],
  "latency-bound": [
    "raise occupancy (fewer registers or less shared memory per block, larger grids)",
    "coalesce memory access (fewer sectors per request)",
    "fuse small kernels (and CUDA graphs for launch gaps)"
  ],
  balanced: [
    "do less work: quantize, prune, speculative decoding, or a smaller model",
    "the kernel itself is efficient; look for redundant launches of it"
  ]
};
var CACHE_BOUND_FIXES = [
  "coalesce accesses and cut replays (fewer sectors per request, no bank conflicts)",
  "reuse data in registers or shared memory instead of re-reading it through the cache",
  "fuse with the kernel that produces or consumes the data (it is re-read from cache)"
];
var LATENCY_FIXES = {
  "small-grid": [
    "the grid does not fill the GPU (under one wave): more, smaller blocks (split-K, smaller tiles)",
    "batch more work into one launch, or fuse it with its neighbours"
  ],
  "low-occupancy": REGIME_FIXES["latency-bound"],
  stalls: [
    "occupancy is not the problem: read the stall reasons (long scoreboard → memory latency and coalescing; barrier → work imbalance)",
    "more independent work per thread (instruction-level parallelism), fewer dependent loads",
    "fuse small kernels (and CUDA graphs for launch gaps)"
  ]
};
function classifyKernel(k, thresholds = REGIME_THRESHOLDS) {
  const { bound: bound2, latency: latency2, balanced: balanced2, lowOccupancy } = thresholds;
  const counters = {
    sm: k.smPct,
    memory: k.memoryPct,
    dram: k.dramPct,
    l1: k.l1Pct ?? NaN,
    l2: k.l2Pct ?? NaN,
    occupancy: k.occupancyPct ?? NaN,
    issueActive: k.issueActivePct ?? NaN,
    waves: k.waves ?? NaN
  };
  const units = [
    ["DRAM", counters.dram],
    ["L1/TEX", counters.l1],
    ["L2", counters.l2],
    ["memory", counters.memory]
  ];
  const known = units.filter(([, v]) => !Number.isNaN(v));
  const pct = (v) => percent(v / 100);
  if (Number.isNaN(counters.sm) || known.length === 0) {
    const missing = [
      Number.isNaN(counters.sm) ? "SM throughput (sm__throughput)" : "",
      known.length === 0 ? "memory throughput (gpu__compute_memory_throughput, or dram__/lts__/l1tex__throughput)" : ""
    ].filter(Boolean);
    return { regime: void 0, counters, evidence: `needs ${missing.join(" and ")}, % of peak`, fixes: [] };
  }
  const top = Math.max(...known.map(([, v]) => v));
  const unit = known.find(([, v]) => v === top)[0];
  const mem = top;
  const sm = counters.sm;
  const memText = unit === "memory" ? `memory ${pct(mem)}` : `${unit} ${pct(mem)}`;
  const others = known.filter(([u]) => u !== unit && u !== "memory").map(([u, v]) => `${u} ${pct(v)}`);
  const numbers = `SM ${pct(sm)}, ${memText}${others.length ? ` (${others.join(", ")})` : ""} of peak`;
  const cache = unit === "L1/TEX" || unit === "L2";
  const memoryFixes = cache ? CACHE_BOUND_FIXES : REGIME_FIXES["memory-bound"];
  if (sm >= bound2 || mem >= bound2) {
    if (sm >= mem)
      return {
        regime: "compute-bound",
        counters,
        evidence: `${numbers}: SM ≥ ${bound2}%, the unit that bounds the kernel`,
        fixes: REGIME_FIXES["compute-bound"]
      };
    return {
      regime: "memory-bound",
      unit,
      counters,
      evidence: `${numbers}: ${unit === "memory" ? "memory" : unit} ≥ ${bound2}%, the unit that bounds the kernel`,
      fixes: memoryFixes
    };
  }
  if (sm < latency2 && mem < latency2) {
    const occupancy = counters.occupancy;
    const occText = Number.isNaN(occupancy) ? "" : `, achieved occupancy ${pct(occupancy)}`;
    const issueText = Number.isNaN(counters.issueActive) ? "" : `, issuing ${pct(counters.issueActive)} of cycles`;
    let cause;
    let why;
    if (counters.waves < 1) {
      cause = "small-grid";
      why = `${counters.waves.toFixed(2)} waves: the grid is too small to fill the GPU`;
    } else if (occupancy < lowOccupancy) {
      cause = "low-occupancy";
      why = `occupancy below ${lowOccupancy}%: too few warps to hide latency`;
    } else if (occupancy >= lowOccupancy) {
      cause = "stalls";
      why = `occupancy is fine, so warps stall on dependencies`;
    } else {
      why = "latency issues (occupancy not measured)";
    }
    return {
      regime: "latency-bound",
      cause,
      counters,
      evidence: `${numbers}${occText}${issueText}: both < ${latency2}%: ${why}`,
      fixes: cause ? LATENCY_FIXES[cause] : REGIME_FIXES["latency-bound"]
    };
  }
  if (Math.abs(sm - mem) >= balanced2) {
    if (sm > mem)
      return {
        regime: "compute-bound",
        counters,
        evidence: `${numbers}: SM the more heavily used (${latency2}–${bound2}%)`,
        fixes: REGIME_FIXES["compute-bound"]
      };
    return {
      regime: "memory-bound",
      unit,
      counters,
      evidence: `${numbers}: ${unit === "memory" ? "memory" : unit} the more heavily used (${latency2}–${bound2}%)`,
      fixes: memoryFixes
    };
  }
  return {
    regime: "balanced",
    counters,
    evidence: `${numbers}: within ${balanced2} points of each other, neither ≥ ${bound2}%`,
    fixes: REGIME_FIXES.balanced
  };
}

// src/diagnose/profile/compare-kernels.ts
var DURATION_CHANGE = 0.05;
var OCCUPANCY_CHANGE = 5;
var STALL_CHANGE = 0.1;
var total = (list) => list.reduce((s, k) => s + (Number.isNaN(k.durationMs) ? 0 : k.durationMs), 0);
function topKernels(list, n = 10) {
  const sum = total(list);
  return [...list].sort(
    (a, b) => (Number.isNaN(a.durationMs) ? 1 : 0) - (Number.isNaN(b.durationMs) ? 1 : 0) || (b.durationMs || 0) - (a.durationMs || 0)
  ).slice(0, n).map((k) => ({
    name: k.name,
    ms: k.durationMs,
    share: sum > 0 ? k.durationMs / sum : NaN,
    regime: classifyKernel(k).regime,
    launches: k.launches
  }));
}
function compareKernels(base, head, top = 10) {
  const baseTotal = total(base);
  const headTotal = total(head);
  const headByKey = new Map(head.map((k) => [shapeKey(k), k]));
  const baseKeys = new Set(base.map(shapeKey));
  const kernels = [];
  for (const b of base) {
    const h = headByKey.get(shapeKey(b));
    if (h) kernels.push(change(b, h, baseTotal, headTotal));
  }
  kernels.sort(
    (a, b) => Math.abs(b.durationMs.deltaMs || 0) - Math.abs(a.durationMs.deltaMs || 0) || (a.name < b.name ? -1 : 1)
  );
  const unmatchedBase = base.filter((k) => !headByKey.has(shapeKey(k)));
  const unmatchedHead = head.filter((k) => !baseKeys.has(shapeKey(k)));
  const shapeChanged = [];
  const pairedHead = /* @__PURE__ */ new Set();
  const pairedBase = /* @__PURE__ */ new Set();
  for (const b of unmatchedBase) {
    if (pairedBase.has(b)) continue;
    const h = unmatchedHead.find((x) => x.name === b.name && !pairedHead.has(x));
    if (!h) continue;
    pairedBase.add(b);
    pairedHead.add(h);
    shapeChanged.push({ name: b.name, base: b, head: h });
  }
  return {
    totalMs: {
      base: baseTotal,
      head: headTotal,
      deltaMs: headTotal - baseTotal,
      ratio: baseTotal > 0 ? headTotal / baseTotal - 1 : NaN
    },
    kernels,
    shapeChanged,
    onlyBase: unmatchedBase.filter((k) => !pairedBase.has(k)),
    onlyHead: unmatchedHead.filter((k) => !pairedHead.has(k)),
    topKernels: topKernels(head, top)
  };
}
function change(b, h, baseTotal, headTotal) {
  const rb = classifyKernel(b).regime;
  const rh = classifyKernel(h).regime;
  const d = {
    base: b.durationMs,
    head: h.durationMs,
    deltaMs: h.durationMs - b.durationMs,
    ratio: b.durationMs > 0 ? h.durationMs / b.durationMs - 1 : NaN
  };
  const notes2 = [];
  if (Math.abs(d.ratio) >= DURATION_CHANGE)
    notes2.push(`duration ${signedPercent(d.ratio)} (${duration(d.base)} → ${duration(d.head)})`);
  if (h.launches !== b.launches) notes2.push(`launches ${b.launches} → ${h.launches}`);
  if (rb !== rh) notes2.push(`regime ${rb ?? "unknown"} → ${rh ?? "unknown"}`);
  const occ = { base: b.occupancyPct, head: h.occupancyPct, delta: h.occupancyPct - b.occupancyPct };
  if (Math.abs(occ.delta) >= OCCUPANCY_CHANGE)
    notes2.push(`achieved occupancy ${percent(occ.base / 100)} → ${percent(occ.head / 100)}`);
  const spr = {
    base: b.sectorsPerRequest,
    head: h.sectorsPerRequest,
    delta: h.sectorsPerRequest - b.sectorsPerRequest
  };
  if (Math.abs(spr.delta) >= 1)
    notes2.push(
      `sectors per request ${spr.base.toFixed(1)} → ${spr.head.toFixed(1)}${spr.head > spr.base ? " (less coalesced)" : ""}`
    );
  const stallShifts = shifts(b.stalls, h.stalls);
  for (const s of stallShifts) notes2.push(`stall ${s.reason} ${percent(s.base)} → ${percent(s.head)} of stalls`);
  return {
    name: b.name,
    base: b,
    head: h,
    durationMs: d,
    share: {
      base: baseTotal > 0 ? b.durationMs / baseTotal : NaN,
      head: headTotal > 0 ? h.durationMs / headTotal : NaN
    },
    regime: { base: rb, head: rh, changed: rb !== rh },
    occupancyPct: occ,
    sectorsPerRequest: spr,
    stallShifts,
    notes: notes2
  };
}
function shifts(base, head) {
  const reasons = /* @__PURE__ */ new Set([...base.map((s) => s.reason), ...head.map((s) => s.reason)]);
  const of = (list, r) => list.find((s) => s.reason === r)?.share ?? 0;
  if (base.length === 0 || head.length === 0) return [];
  return [...reasons].map((reason) => ({
    reason,
    base: of(base, reason),
    head: of(head, reason),
    delta: of(head, reason) - of(base, reason)
  })).filter((s) => Math.abs(s.delta) >= STALL_CHANGE).sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta) || (a.reason < b.reason ? -1 : 1)).slice(0, 3);
}

// src/diagnose/profile/compare-splits.ts
var FLAT = 0.05;
var EXPLAINS = 0.5;
function delta(base, head) {
  return { base, head, deltaMs: head - base, ratio: base > 0 ? head / base - 1 : NaN };
}
function compareSplits(base, head) {
  const d = {
    wall: delta(base.wallMs, head.wallMs),
    cpu: delta(base.cpuMs, head.cpuMs),
    gpu: delta(base.gpuMs, head.gpuMs),
    collective: delta(base.collectiveMs, head.collectiveMs),
    idle: delta(base.idleMs, head.idleMs),
    hostGap: delta(base.hostGapMs, head.hostGapMs)
  };
  const verdict = { base: base.verdict, head: head.verdict, changed: base.verdict !== head.verdict };
  const { change: change2, direction, conclusion } = conclude(d, verdict);
  return {
    ...d,
    cpuShare: { base: base.cpuShare, head: head.cpuShare, delta: head.cpuShare - base.cpuShare },
    gpuShare: { base: base.gpuShare, head: head.gpuShare, delta: head.gpuShare - base.gpuShare },
    verdict,
    change: change2,
    direction,
    conclusion
  };
}
var moved = (x) => !Number.isNaN(x.ratio) && Math.abs(x.ratio) >= FLAT && !(x.base === 0 && x.head === 0);
var way = (x) => x.deltaMs > 0 ? "slower" : "faster";
function conclude(d, verdict) {
  const { wall, cpu, gpu, collective, idle, hostGap } = d;
  const tail = verdict.changed ? ` (was ${verdict.base}, now ${verdict.head})` : "";
  const describe8 = (x, what) => Number.isNaN(x.deltaMs) ? `${what} not measured` : x.base === 0 && x.head === 0 ? `${what} none` : !moved(x) ? `${what} ${signedPercent(x.ratio)} (flat)` : `${what} ${signedPercent(x.ratio)}`;
  const gpuText = describe8(gpu, "GPU time");
  const kernels = (x) => x.deltaMs > 0 ? "the kernels got slower or more numerous" : "the kernels got faster";
  if (Number.isNaN(wall.deltaMs)) {
    if (moved(gpu)) {
      return {
        change: "gpu",
        direction: way(gpu),
        conclusion: `${gpuText} per step (${signedDuration(gpu.deltaMs)}): ${kernels(gpu)} — the wall clock is unknown on one side (give it, or an NVTX step range), so what it did to the step is not known${tail}.`
      };
    }
    return {
      change: "unknown",
      direction: "none",
      conclusion: `Wall clock unknown on one side: the steps cannot be compared; ${gpuText}${tail}.`
    };
  }
  const w = `wall ${signedPercent(wall.ratio)} (${signedDuration(wall.deltaMs)} per step)`;
  if (Math.abs(wall.ratio) < FLAT) {
    if (moved(gpu)) {
      return {
        change: "gpu",
        direction: way(gpu),
        conclusion: `${w}: within ±${percent(FLAT)}, but ${gpuText} (${signedDuration(gpu.deltaMs)} per step): ${kernels(gpu)} while the step did not move — the GPU had slack; it shows once the GPU bounds the step${tail}.`
      };
    }
    return {
      change: "unchanged",
      direction: "none",
      conclusion: `${w}: unchanged within ±${percent(FLAT)}; ${gpuText}${tail}.`
    };
  }
  const grew = wall.deltaMs > 0;
  const direction = grew ? "slower" : "faster";
  const explains = (x) => !Number.isNaN(x.deltaMs) && x.deltaMs * wall.deltaMs > 0 && Math.abs(x.deltaMs) >= EXPLAINS * Math.abs(wall.deltaMs);
  if (explains(gpu)) {
    return {
      change: "gpu",
      direction,
      conclusion: `${w} with ${gpuText}: ${kernels(wall)} — check their regime (step 4)${tail}.`
    };
  }
  if (explains(cpu)) {
    return {
      change: "cpu",
      direction,
      conclusion: `${w} with ${gpuText}: the CPU side ${grew ? "grew (launch overhead? Python? data loading?)" : "shrank"}${tail}.`
    };
  }
  if (explains(collective)) {
    return {
      change: "communication",
      direction,
      conclusion: `${w} with ${gpuText}: time in communication kernels ${grew ? "grew — waiting on peers (a straggler rank?)" : "shrank"}${tail}.`
    };
  }
  if (explains(hostGap)) {
    return {
      change: "host-gap",
      direction,
      conclusion: `${w} with ${gpuText}: time with no host thread in a recorded op ${grew ? "grew — Python between ops, or a wait the profiler does not record" : "shrank"}${tail}.`
    };
  }
  if (explains(idle)) {
    return {
      change: "waiting",
      direction,
      conclusion: `${w} with ${gpuText}: time with nobody busy ${grew ? "grew — the step waits (sync, lock, network)" : "shrank"}${tail}.`
    };
  }
  if (Number.isNaN(cpu.deltaMs)) {
    return {
      change: "host-or-waiting",
      direction,
      conclusion: `${w} with ${gpuText}: the host side or waiting ${grew ? "grew" : "shrank"} (host time not measured)${tail}.`
    };
  }
  return {
    change: "unexplained",
    direction,
    conclusion: `${w}: no single side explains it (${gpuText}, ${describe8(cpu, "host time")})${tail}.`
  };
}

// src/diagnose/profile/compare-kernel-times.ts
function delta2(name, base, head, countBase, countHead) {
  return { name, base, head, deltaMs: head - base, ratio: base > 0 ? head / base - 1 : NaN, countBase, countHead };
}
var byChange = (a, b) => Math.abs(b.deltaMs) - Math.abs(a.deltaMs) || (a.name < b.name ? -1 : 1);
function compareKernelTimes(base, head) {
  const sum = (list, comm) => list.filter((k) => k.communication !== void 0 === comm).reduce((s, k) => s + k.ms, 0);
  const calls = (list, comm) => list.filter((k) => k.communication !== void 0 === comm).reduce((s, k) => s + k.count, 0);
  const headByName = new Map(head.map((k) => [k.name, k]));
  const baseNames = new Set(base.map((k) => k.name));
  const kernels = [];
  for (const b of base) {
    const h = headByName.get(b.name);
    if (h) kernels.push(delta2(b.name, b.ms, h.ms, b.count, h.count));
  }
  const families = /* @__PURE__ */ new Map();
  const add3 = (k, side2) => {
    const f = kernelFamily(k.name);
    const acc = families.get(f) ?? { base: 0, head: 0, countBase: 0, countHead: 0 };
    acc[side2] += k.ms;
    if (side2 === "base") acc.countBase += k.count;
    else acc.countHead += k.count;
    families.set(f, acc);
  };
  for (const k of base) add3(k, "base");
  for (const k of head) add3(k, "head");
  const matchedCompute = kernels.filter((k) => !base.find((b) => b.name === k.name)?.communication);
  return {
    total: delta2("compute kernels", sum(base, false), sum(head, false), calls(base, false), calls(head, false)),
    communication: delta2(
      "communication kernels",
      sum(base, true),
      sum(head, true),
      calls(base, true),
      calls(head, true)
    ),
    kernels: kernels.sort(byChange),
    families: [...families].map(([name, f]) => delta2(name, f.base, f.head, f.countBase, f.countHead)).sort(byChange),
    onlyBase: base.filter((k) => !headByName.has(k.name)),
    onlyHead: head.filter((k) => !baseNames.has(k.name)),
    movedKernels: kernels.filter((k) => Math.abs(k.ratio) >= FLAT).length,
    slower: matchedCompute.filter((k) => k.ratio >= FLAT).length,
    faster: matchedCompute.filter((k) => k.ratio <= -FLAT).length
  };
}

// src/diagnose/profile/waiting.ts
var PRESENT_SHARE = 0.1;
var NEXT_CHECK = {
  pytorch: {
    lock: "py-spy dump --pid <pid> during a slow step: the thread parked in acquire()/pthread_mutex_lock shows which lock (py-spy dump shows it); py-spy record --idle for how often.",
    "implicit-sync": "torch.cuda.set_sync_debug_mode('warn') prints the stack of every implicit sync: look for .item(), .tolist(), .cpu(), printing a tensor, or indexing with a boolean mask inside the step.",
    network: "Off-CPU profile of the step (offcputime-bpfcc -p <pid>, or strace -f -T -e trace=network -p <pid>): which socket or selector it blocks on; compare with the peer (API server, tokenizer service) timings.",
    collective: "Profile every rank: a rank whose collective is short while the others are long is the straggler they wait for (slow GPU, CPU-bound rank, uneven batch); NCCL_DEBUG=INFO shows the algorithm and transport.",
    "host-gap": "Profile with with_stack=True (python_function events) or py-spy record --idle: Python work between ops (CPU-bound) and blocking outside CUDA calls (waiting) look the same without it."
  },
  native: {
    lock: 'A thread dump during a slow step (gdb -p <pid> -batch -ex "thread apply all bt", or eu-stack -p <pid>) shows which mutex or condition variable the step thread waits on; nsys profile --trace=osrt --backtrace=dwarf records the stacks of the waits.',
    "implicit-sync": "nsys profile --cudabacktrace=sync records the host stack of every blocking CUDA call: look for a cudaStreamSynchronize or cudaMemcpy per token or per layer that an async copy and an event could replace.",
    network: "Off-CPU profile of the step (offcputime-bpfcc -p <pid>, or strace -f -T -e trace=network -p <pid>): which socket or poll it blocks on; compare with the peer (client, scheduler) timings.",
    collective: "Profile every rank: a rank whose collective is short while the others are long is the straggler they wait for (slow GPU, CPU-bound rank, uneven batch); NCCL_DEBUG=INFO shows the algorithm and transport.",
    "host-gap": "Sample the host (perf record -g -p <pid>, or nsys profile --sample=cpu): the time between GPU launches is host code the profile does not name."
  }
};
function waitCandidates(step, s, engine = "pytorch") {
  const wall = step.wallMs;
  const make = (cause, ms2, measured2, detail) => {
    const share2 = wall > 0 ? ms2 / wall : NaN;
    const evidence2 = !measured2 || Number.isNaN(ms2) ? "not-measured" : Number.isNaN(share2) ? ms2 > 0 ? "measured" : "absent" : share2 >= PRESENT_SHARE ? "present" : "absent";
    const more = evidence2 === "present" && share2 > 1 ? " More than the step itself: several threads' waits add up, so this thread may not be the step's." : "";
    return {
      cause,
      evidence: evidence2,
      ms: measured2 ? ms2 : NaN,
      share: measured2 ? share2 : NaN,
      detail: detail + more,
      nextCheck: NEXT_CHECK[engine][cause]
    };
  };
  const n = (x) => Number.isNaN(x) ? "?" : Number.isInteger(x) ? grouped(x) : grouped(x, 1);
  const time = (ms2) => Number.isNaN(ms2) ? "unknown time" : duration(ms2);
  const per = step.label === "all" ? "in the capture" : "per step";
  const out = [];
  out.push(
    make(
      "lock",
      s.lockMs,
      s.measured.blocking,
      s.measured.blocking ? `${n(s.lockCalls)} lock or condition wait(s) ${per}, ${time(s.lockMs)}.` : "Lock waits not recorded (needs Python frames in a trace, or osrt_sum from nsys)."
    )
  );
  const item = Number.isNaN(s.itemCalls) ? "" : `, ${n(s.itemCalls)} scalar read(s) (.item())`;
  const stalls = Number.isNaN(s.itemStalls) ? "" : `, ${n(s.itemStalls)} device-to-host copy(ies) the host sat waiting for`;
  const copies = Number.isNaN(s.d2hCopies) ? "" : `, ${n(s.d2hCopies)} device-to-host copy(ies)`;
  out.push(
    make(
      "implicit-sync",
      s.syncMs,
      s.measured.cudaApi,
      s.measured.cudaApi ? `${n(s.syncCalls)} blocking sync call(s) ${per}, ${time(s.syncMs)} blocked${item}${copies}${stalls}.` : "CUDA runtime calls not recorded."
    )
  );
  out.push(
    make(
      "network",
      s.networkMs,
      s.measured.blocking,
      s.measured.blocking ? `${n(s.networkCalls)} socket or poll wait(s) ${per}, ${time(s.networkMs)}.` : "Socket waits not recorded (needs Python frames in a trace, or osrt_sum from nsys)."
    )
  );
  out.push(
    make(
      "collective",
      s.collectiveMs,
      s.measured.kernels,
      s.measured.kernels ? `${n(s.collectiveCalls)} communication kernel(s) ${per}, ${time(s.collectiveMs)} on the GPU waiting for peers or moving data.` : "GPU kernels not recorded."
    )
  );
  if (!Number.isNaN(step.hostGapMs)) {
    out.push(
      make(
        "host-gap",
        step.hostGapMs,
        !Number.isNaN(step.hostGapMs),
        !Number.isNaN(step.hostGapMs) ? `${duration(step.hostGapMs)} ${per} with no host thread inside a recorded op${wall > 0 ? ` (${percent(step.hostGapMs / wall)})` : ""}: Python between ops, or a blocking call the profiler does not record.` : "Host time outside ops not measurable from this export."
      )
    );
  }
  const rank2 = { present: 0, measured: 1, absent: 2, "not-measured": 3 };
  return out.sort((a, b) => rank2[a.evidence] - rank2[b.evidence] || (b.ms || 0) - (a.ms || 0));
}

// src/diagnose/profile/split.ts
var SPLIT_THRESHOLDS = {
  /** A side whose share of the wall clock is at least this is "≈ wall". */
  near: 0.8,
  /** Both sides below this are "≪ wall". */
  far: 0.5
};
function splitStep(totals, step = totals.perStep, thresholds = SPLIT_THRESHOLDS) {
  return splitOf(step, totals.signals, thresholds, totals.gpuTimeKind === "sum", totals.engine);
}
function splitOf(step, signals, thresholds = SPLIT_THRESHOLDS, gpuIsSum = false, engine = "pytorch") {
  const { near, far } = thresholds;
  const wall = step.wallMs;
  const share2 = (ms2) => wall > 0 ? ms2 / wall : NaN;
  const cpuShare = share2(step.cpuMs);
  const gpuShare = share2(step.gpuMs);
  const idleShare = share2(step.idleMs);
  const evidence2 = [];
  const of = (what, ms2, s) => `${what} ${duration(ms2)} of the ${duration(wall)} step (${percent(s)})`;
  if (!Number.isNaN(gpuShare))
    evidence2.push(of(`GPU busy${gpuIsSum ? " (sum of kernel times)" : ""}`, step.gpuMs, gpuShare));
  if (!Number.isNaN(cpuShare)) evidence2.push(of("Host busy in ops (every thread)", step.cpuMs, cpuShare));
  let verdict;
  if (!(wall > 0)) {
    verdict = "unknown";
    evidence2.unshift("Wall clock of the step unknown: shares cannot be computed.");
  } else {
    const gpuNear = gpuShare >= near;
    const cpuNear = cpuShare >= near;
    if (gpuNear && cpuNear) {
      verdict = "mixed";
      evidence2.push(
        `Both sides are busy for ≥ ${percent(near)} of the step: the host launches as fast as the GPU runs, so shrinking one side alone gains little.`
      );
    } else if (gpuNear) {
      verdict = "gpu-bound";
      evidence2.push(
        `GPU busy ≥ ${percent(near)} of the step: GPU-bound; next, the regime of the top kernels (step 4).`
      );
      if (Number.isNaN(cpuShare))
        evidence2.push(
          "Host time not measured; with the GPU this busy, removing every gap gains at most " + percent(Math.max(0, 1 - gpuShare)) + " of the step."
        );
    } else if (cpuNear) {
      verdict = "cpu-bound";
      evidence2.push(
        `Host busy ≥ ${percent(near)} of the step while the GPU is not: CPU-bound (launch overhead, Python, scheduling).`
      );
    } else if (Number.isNaN(gpuShare) || Number.isNaN(cpuShare)) {
      verdict = "unknown";
      evidence2.push(
        `${Number.isNaN(cpuShare) ? "Host" : "GPU"} time not measured and the other side is below ${percent(near)}: CPU-bound and waiting cannot be told apart.`
      );
    } else if (gpuShare < far && cpuShare < far) {
      if (1 - idleShare >= near) {
        verdict = "mixed";
        evidence2.push(
          `Both below ${percent(far)}, but nobody is idle for more than ${percent(idleShare)} of the step: host and GPU take turns (serialised, e.g. a sync every step) rather than wait on something else.`
        );
      } else {
        verdict = "waiting";
        evidence2.push(
          `Both below ${percent(far)} of the step${Number.isNaN(idleShare) ? "" : `, nobody busy for ${percent(idleShare)}`}: the step is WAITING.`
        );
      }
    } else {
      verdict = "mixed";
      evidence2.push(`Neither side ≥ ${percent(near)} and not both < ${percent(far)}: part GPU, part host, part gaps.`);
    }
  }
  if (step.collectiveMs > 0 && wall > 0) {
    const overlap = Number.isNaN(step.collectiveOverlapMs) ? "" : `; compute kernels ran during ${duration(step.collectiveOverlapMs)} of it (${percent(step.collectiveOverlapMs / step.collectiveMs)} overlapped)`;
    evidence2.push(
      of("Communication kernels", step.collectiveMs, share2(step.collectiveMs)) + `, counted as waiting, not GPU work${overlap}.`
    );
  }
  if (step.hostGapMs > 0 && wall > 0 && share2(step.hostGapMs) >= 0.05) {
    evidence2.push(
      of("No host thread in a recorded op", step.hostGapMs, share2(step.hostGapMs)) + ": Python between ops, or a blocking call the profiler does not record."
    );
  }
  if (cpuShare > 1.05) evidence2.push("Host time exceeds the wall clock: it adds up several threads.");
  if (gpuShare > 1.05) {
    evidence2.push(
      gpuIsSum ? `GPU kernel time adds up to ${percent(gpuShare)} of the wall clock: kernels overlap on several streams (the export sums them; busy time is at most the wall), or the wall clock or step count given does not match the capture.` : "GPU time exceeds the wall clock: kernels overlap on several streams and the export sums them."
    );
  }
  const candidates = verdict === "waiting" || verdict === "mixed" || verdict === "unknown" ? waitCandidates(step, signals, engine) : [];
  return {
    label: step.label,
    wallMs: wall,
    cpuMs: step.cpuMs,
    gpuMs: step.gpuMs,
    collectiveMs: step.collectiveMs,
    collectiveOverlapMs: step.collectiveOverlapMs,
    idleMs: step.idleMs,
    hostGapMs: step.hostGapMs,
    cpuShare,
    gpuShare,
    idleShare,
    verdict,
    evidence: evidence2,
    candidates
  };
}

// src/report/profiles.ts
function profileReport(inputs) {
  const notes2 = [];
  const baseSplit = stepProfile(inputs.base, "baseline", notes2);
  const headSplit = stepProfile(inputs.head, "head", notes2);
  const baseKernels = kernelExports(inputs.base);
  const headKernels = kernelExports(inputs.head);
  const report2 = { notes: notes2 };
  if (baseSplit || headSplit) {
    const base = baseSplit ? splitView(baseSplit) : void 0;
    const head = headSplit ? splitView(headSplit) : void 0;
    const kernelTimes = baseSplit && headSplit && baseSplit.kernels.length > 0 && headSplit.kernels.length > 0 ? compareKernelTimes(baseSplit.kernels, headSplit.kernels) : void 0;
    report2.split = {
      ...base ? { base } : {},
      ...head ? { head } : {},
      ...base && head ? { comparison: compareSplits(base, head) } : {},
      ...kernelTimes ? { kernels: kernelTimes } : {}
    };
    if (base && head && base.steps === 1 && head.steps === 1 && base.label === "all" && head.label === "all") {
      notes2.push(
        "Both sides are per capture (no step marks, no --steps): the comparison holds only if both captures cover the same work."
      );
    }
  }
  if (baseKernels || headKernels) {
    const shown2 = (headKernels ?? baseKernels).kernels;
    report2.kernels = {
      ...baseKernels ? { baseFile: baseKernels.file } : {},
      ...headKernels ? { headFile: headKernels.file } : {},
      top: kernelViews(shown2),
      ...baseKernels && headKernels ? { comparison: compareKernels(baseKernels.kernels, headKernels.kernels) } : {}
    };
    notes2.push(...(headKernels ?? baseKernels).notes);
  }
  return report2.split || report2.kernels ? report2 : void 0;
}
function stepProfile(list, side2, notes2) {
  const splits = list.filter((p) => p.kind === "split");
  if (splits.length === 0) return void 0;
  const nsysInputs = splits.filter((p) => p.nsys);
  const nsys = nsysInputs.length === 0 ? void 0 : nsysInputs.length === 1 ? nsysInputs[0].totals : nsysTotals(
    nsysInputs.map((p) => p.nsys.stats),
    nsysInputs[0].nsys.options
  );
  const traces = splits.filter((p) => p.totals.format === "torch-chrome-trace").map((p) => p.totals);
  const tables = splits.filter((p) => p.totals.format === "torch-key-averages").map((p) => p.totals);
  const files = (xs) => xs.map((x) => x.file).join(", ");
  const slowest = (xs, what) => {
    const sorted = [...xs].sort(
      (a, b) => (b.perStep.wallMs || -Infinity) - (a.perStep.wallMs || -Infinity) || (a.file < b.file ? -1 : 1)
    );
    if (sorted.length > 1)
      notes2.push(
        `${sorted.length} ${what} on the ${side2} side: the slowest step (${sorted[0].file}) is shown, as a synchronous step waits for its slowest rank; also given: ${files(sorted.slice(1))}.`
      );
    return sorted[0];
  };
  if (traces.length > 0) {
    const trace = slowest(traces, "traces");
    const unused = [...nsys ? [nsys] : [], ...tables];
    if (unused.length)
      notes2.push(
        `On the ${side2} side the trace (${trace.file}) has a timeline; ${files(unused)} of the same run only fill what it lacks.`
      );
    return withSummaries(trace, nsys);
  }
  if (nsys) {
    if (tables.length)
      notes2.push(`On the ${side2} side the nsys reports are used; ${files(tables)} not (one step profile per side).`);
    return nsys;
  }
  return slowest(tables, "key_averages tables");
}
function withSummaries(trace, nsys) {
  if (!nsys || trace.signals.measured.blocking || !nsys.signals.measured.blocking) return trace;
  const s = nsys.signals;
  return {
    ...trace,
    signals: {
      ...trace.signals,
      lockCalls: s.lockCalls,
      lockMs: s.lockMs,
      networkCalls: s.networkCalls,
      networkMs: s.networkMs,
      measured: { ...trace.signals.measured, blocking: true }
    },
    notes: [...trace.notes, `Lock and socket waits from ${nsys.file} (osrt_sum, every thread of the capture).`]
  };
}
function kernelExports(list) {
  const reports = list.filter((p) => p.kind === "kernels").map((p) => p.ncu);
  return reports.length ? mergeNcu(reports) : void 0;
}
function splitView(totals) {
  return {
    ...splitStep(totals),
    file: totals.file,
    format: totals.format,
    steps: totals.stepCount,
    gpuTimeKind: totals.gpuTimeKind,
    engine: totals.engine,
    threads: totals.threads,
    topKernels: totals.topKernels,
    notes: totals.notes
  };
}
function kernelViews(kernels) {
  const sum = kernels.reduce((s, k) => s + (Number.isNaN(k.durationMs) ? 0 : k.durationMs), 0);
  return kernels.slice(0, 5).map((k) => {
    const regime = classifyKernel(k);
    return {
      name: k.name,
      grid: k.grid,
      block: k.block,
      ms: k.durationMs,
      share: sum > 0 ? k.durationMs / sum : NaN,
      launches: k.launches,
      durationDerived: k.durationDerived,
      regime: regime.regime,
      ...regime.unit ? { unit: regime.unit } : {},
      ...regime.cause ? { cause: regime.cause } : {},
      counters: regime.counters,
      evidence: regime.evidence,
      fixes: regime.fixes
    };
  });
}

// src/report/deep-evidence.ts
var FLOOR_HINTS = /* @__PURE__ */ new Set(["decode-overhead", "memory-bound-decode"]);
var PROFILE_HINTS = /* @__PURE__ */ new Set([
  "decode-overhead",
  "memory-bound-decode",
  "prefill-compute",
  "measurement-gap"
]);
function withFloorEvidence(findings, floor) {
  return findings.map(
    (f) => FLOOR_HINTS.has(f.hint) ? {
      ...f,
      evidence: [
        ...f.evidence,
        {
          text: floor.sentence,
          values: {
            floorMs: floor.head.floor.floorMs,
            measuredMs: floor.head.measuredMs,
            efficiency: floor.head.efficiency?.efficiency ?? null,
            band: floor.head.efficiency?.band ?? null,
            ...floor.base ? { baseEfficiency: floor.base.efficiency?.efficiency ?? null } : {}
          }
        }
      ],
      // The floor is computed: the next check is what its band says, no longer to compute it.
      nextCheck: floor.head.efficiency ? `${floor.head.efficiency.advice}; the three-way split of a decode step (--profile) says where the rest goes` : f.nextCheck
    } : f
  );
}
function withProfileEvidence(report2) {
  const profiles = report2.profiles;
  if (!profiles) return report2;
  const lines = [];
  const split2 = profiles.split;
  if (split2?.comparison) {
    lines.push({
      text: `profiled step: ${split2.comparison.conclusion}`,
      values: {
        base: split2.comparison.verdict.base,
        head: split2.comparison.verdict.head,
        change: split2.comparison.change
      }
    });
  } else if (split2?.head)
    lines.push({
      text: `profiled step (head): ${split2.head.verdict}, ${split2.head.evidence[0] ?? ""}`.trim(),
      values: { head: split2.head.verdict }
    });
  const family = split2?.kernels?.families.find((f) => Math.abs(f.ratio) >= 0.05);
  if (family && split2?.kernels && Math.abs(split2.kernels.total.ratio) >= 0.05) {
    lines.push({
      text: `kernel time per step ${signedPercent(split2.kernels.total.ratio)}; most in ${family.name.slice(0, 80)} (${signedPercent(family.ratio)})`,
      values: { kernelRatio: split2.kernels.total.ratio, familyRatio: family.ratio }
    });
  }
  const moved2 = profiles.kernels?.comparison?.kernels.filter((k) => k.notes.length).slice(0, 2) ?? [];
  for (const k of moved2) lines.push({ text: `kernel ${k.name.slice(0, 80)}: ${k.notes.join("; ")}` });
  if (lines.length === 0) return report2;
  return {
    ...report2,
    benchmarks: report2.benchmarks.map((b) => ({
      ...b,
      findings: b.findings.map((f) => PROFILE_HINTS.has(f.hint) ? { ...f, evidence: [...f.evidence, ...lines] } : f)
    }))
  };
}

// src/stats/mser.ts
var MSER_BATCH = 5;
function mser5(values) {
  const k = Math.floor(values.length / MSER_BATCH);
  if (k < 10) return { truncate: 0, unsettled: false };
  const batch = new Float64Array(k);
  for (let j = 0; j < k; j++) {
    let sum2 = 0;
    for (let i = 0; i < MSER_BATCH; i++) sum2 += values[j * MSER_BATCH + i];
    batch[j] = sum2 / MSER_BATCH;
  }
  const sum = new Float64Array(k + 1);
  const squares = new Float64Array(k + 1);
  for (let j = k - 1; j >= 0; j--) {
    sum[j] = sum[j + 1] + batch[j];
    squares[j] = squares[j + 1] + batch[j] * batch[j];
  }
  const last = Math.floor(k / 2);
  let best = 0;
  let bestValue = Infinity;
  for (let d = 0; d <= last; d++) {
    const n = k - d;
    const mean = sum[d] / n;
    const value4 = Math.max(0, squares[d] - n * mean * mean) / (n * n);
    if (value4 < bestValue) {
      bestValue = value4;
      best = d;
    }
  }
  return { truncate: best * MSER_BATCH, unsettled: best >= last - 1 };
}

// src/stats/mann-kendall.ts
function mannKendall(values) {
  const n = values.length;
  if (n < 3) return { tau: 0, z: 0, n };
  let s = 0;
  for (let i = 0; i < n - 1; i++) {
    const x = values[i];
    for (let j = i + 1; j < n; j++) s += Math.sign(values[j] - x);
  }
  const variance = n * (n - 1) * (2 * n + 5) / 18;
  const z2 = s === 0 ? 0 : (s - Math.sign(s)) / Math.sqrt(variance);
  return { tau: s / (n * (n - 1) / 2), z: z2, n };
}

// src/compare/load.ts
var KEEP_UP_RATIO = 0.9;
var TREND_Z = 3;
var TREND_TAU = 0.4;
var TREND_GROWTH = 2;
var TREND_MIN_MS = 100;
var MIN_BLOCKS = 10;
var MAX_BLOCKS = 100;
var MAX_WARMUP_SHARE = 0.1;
function analyseLoad(base, head) {
  return { base: sideLoad(base), head: sideLoad(head) };
}
function steadyStarts(load2, base, head) {
  const out = /* @__PURE__ */ new Map();
  for (const [side2, sideLoad2] of [[base, load2.base], [head, load2.head]]) {
    const tables = side2.runs.filter((r) => r.requests).map((r) => r.requests);
    sideLoad2.runs.forEach((r, i) => {
      if (r.warmup.steady && tables[i]) out.set(tables[i], r.warmup.steady);
    });
  }
  return out;
}
function sideLoad(side2) {
  const runs = side2.runs.filter((r) => r.requests).map((r) => runLoad(r));
  const overloaded = runs.filter((r) => r.overloaded).length;
  return { runs, overloaded: runs.length > 0 && overloaded * 2 > runs.length };
}
function runLoad(run) {
  const table2 = run.requests;
  const n = table2.length;
  const none = { requests: n, warmup: { rows: 0 }, unsettled: false, overloaded: false };
  const arrival = table2.numbers.arrival_ts;
  if (!arrival || !table2.orderedByArrival || n < 2) return none;
  const out = { ...none };
  const ok2 = successMask(table2);
  const column = table2.numbers.queue_wait_ms ?? table2.numbers.first_token_ms;
  if (column) {
    out.series = table2.numbers.queue_wait_ms ? "queue_wait" : "ttft";
    let count3 = 0;
    for (let i = 0; i < n; i++) if (ok2[i] && Number.isFinite(column[i])) count3++;
    const rows = count3 < n ? new Int32Array(count3) : void 0;
    const values = count3 < n ? new Float64Array(count3) : column;
    if (rows) {
      for (let i = 0, j = 0; i < n; i++) {
        if (ok2[i] && Number.isFinite(column[i])) {
          rows[j] = i;
          values[j++] = column[i];
        }
      }
    }
    const m = mser5(values);
    out.unsettled = m.unsettled;
    if (!m.unsettled && m.truncate > 0 && m.truncate <= MAX_WARMUP_SHARE * values.length) {
      const row = rows ? rows[m.truncate] : m.truncate;
      out.warmup = { rows: row, steady: { row, ts: arrival[row] } };
    }
    const trend = blockTrend(values);
    if (trend) out.trend = trend;
  }
  const span2 = arrival[n - 1] - arrival[0];
  const total2 = table2.numbers.total_ms;
  if (span2 > 0) {
    out.offeredRate = (n - 1) / span2;
    if (total2) {
      let done = 0;
      for (let i = 0; i < n; i++)
        if (Number.isFinite(total2[i]) && arrival[i] + total2[i] / 1e3 <= arrival[n - 1]) done++;
      out.completedRate = done / span2;
    }
  }
  const cap4 = run.meta.config.max_num_seqs;
  const batch = table2.numbers.batch_size_at_admission;
  if (typeof cap4 === "number" && cap4 > 0 && batch) {
    let at = 0;
    let counted = 0;
    for (let i = 0; i < n; i++) {
      if (!Number.isFinite(batch[i])) continue;
      counted++;
      if (batch[i] >= cap4) at++;
    }
    if (counted) out.atCap = { share: at / counted, cap: cap4 };
  }
  const t = out.trend;
  const grows = !!t && t.z > TREND_Z && t.tau > TREND_TAU && t.lastMs >= TREND_GROWTH * t.firstMs && t.lastMs - t.firstMs >= TREND_MIN_MS;
  const fallsBehind = out.offeredRate !== void 0 && out.completedRate !== void 0 && out.completedRate < KEEP_UP_RATIO * out.offeredRate;
  out.overloaded = grows && (fallsBehind || out.unsettled);
  return out;
}
function blockTrend(values) {
  const blocks = Math.min(MAX_BLOCKS, Math.floor(values.length / 20));
  if (blocks < MIN_BLOCKS) return void 0;
  const medians = new Float64Array(blocks);
  for (let b = 0; b < blocks; b++) {
    const from = Math.floor(b * values.length / blocks);
    const to = Math.floor((b + 1) * values.length / blocks);
    medians[b] = quantile(values.subarray(from, to), 0.5);
  }
  const fifth = Math.max(1, Math.floor(blocks / 5));
  const { tau, z: z2 } = mannKendall(medians);
  return {
    tau,
    z: z2,
    firstMs: quantile(medians.subarray(0, fifth), 0.5),
    lastMs: quantile(medians.subarray(blocks - fifth), 0.5)
  };
}

// src/diagnose/comparability.ts
var KIND_OF = {
  requestRate: "load-changed",
  concurrency: "load-changed",
  engine: "engine-changed",
  engineVersion: "engine-changed",
  streaming: "streaming-changed",
  model: "model-changed",
  hardware: "hardware-changed",
  dataset: "dataset-changed",
  inputLength: "dataset-changed",
  outputLength: "dataset-changed",
  tenant: "dataset-changed"
};
var ORDER = [
  "load-changed",
  "streaming-changed",
  "engine-changed",
  "model-changed",
  "hardware-changed",
  "dataset-changed"
];
function notLikeForLike(base, head) {
  const differences = keyDifferences(commonKey(base.runs), commonKey(head.runs));
  const out = [];
  for (const kind2 of ORDER) {
    const mine = differences.filter((d) => KIND_OF[d.field] === kind2);
    if (mine.length) out.push({ kind: kind2, differences: mine });
  }
  return out;
}
var TOKEN_TIMING = /* @__PURE__ */ new Set(["ttft", "ttft_client", "itl", "tpot", "network"]);
var TOKEN_TIMING_NAME = /(first|second)_(output_)?token|inter_(token|chunk)|per_user|tpot|itl|ttft/i;
function isTokenTiming(spec) {
  return spec.metric.custom ? TOKEN_TIMING_NAME.test(spec.metric.id) : TOKEN_TIMING.has(spec.metric.id);
}
function withheldReason(differences, compareAcrossLoad) {
  const streaming = differences.some((d) => d.kind === "streaming-changed");
  const load2 = differences.find((d) => d.kind === "load-changed");
  return (spec) => {
    if (streaming && isTokenTiming(spec)) return { code: "not-judged-streaming" };
    if (load2 && !compareAcrossLoad) return { code: "operating-point", changes: load2.differences };
    return void 0;
  };
}
function applyComparability(metrics) {
  const notJudged = [];
  const judged = [];
  for (const m of metrics) {
    if (m.reason.code === "not-judged-streaming") notJudged.push({ comparison: m, reason: "streaming-changed" });
    else judged.push(m);
  }
  return { metrics: judged, notJudged };
}
var TRADEOFF_CHANGE = 0.05;
var BATCH_CHANGE = 0.1;
function batchingTradeoff(metrics, differences, batch, costs) {
  const rate = (m) => m?.change !== null && m?.change !== void 0 && Number.isFinite(m.change) ? m.change : void 0;
  const throughput = rate(metrics.find((m) => m.spec.metric.id === "throughput"));
  if (throughput === void 0 || throughput < TRADEOFF_CHANGE) return void 0;
  const perToken = metrics.filter(
    (m) => (m.spec.metric.id === "itl" || m.spec.metric.id === "tpot") && (rate(m) ?? 0) >= TRADEOFF_CHANGE
  );
  const typical = (m) => m.spec.stat.kind === "mean" ? 1 : Math.abs(m.spec.stat.q - 0.5) < 1e-9 ? 0 : 2 + m.spec.stat.q;
  const token = perToken.sort((a, b) => typical(a) - typical(b) || (a.spec.metric.id === "itl" ? -1 : 1))[0];
  if (!token) return void 0;
  const declared = differences.find((d) => d.kind === "load-changed")?.differences.find((c) => c.field === "concurrency");
  const size = declared && typeof declared.base === "number" && typeof declared.head === "number" && Number.isFinite(declared.base) && Number.isFinite(declared.head) ? { base: declared.base, head: declared.head, source: "declared concurrency" } : batch ? { ...batch, source: "running batch" } : void 0;
  if (!size || !(size.base > 0) || size.head < size.base * (1 + BATCH_CHANGE)) return void 0;
  const step = costs.find((c) => c.id === "decode-step");
  return {
    throughputChange: throughput,
    tokenMetric: token.spec.key,
    tokenChange: token.change,
    batch: size,
    ...step ? { matchedStep: { change: step.change, changed: step.changed } } : {}
  };
}

// src/report/lead.ts
function leadMetric(b) {
  const regressed = b.metrics.filter((m) => m.verdict === "regressed");
  const byChange2 = (list) => explainedFirst(
    b,
    [...list].sort((x, y) => badness(y) - badness(x))
  );
  return regressed.find((m) => m.spec.metric.id === "failed") ?? byChange2(regressed.filter(breaches)) ?? byChange2(regressed.filter((m) => m.slos.length)) ?? byChange2(regressed) ?? b.metrics.find(breaches) ?? leadUndecided(b) ?? b.metrics.find((m) => m.verdict === "improved");
}
function breaches(m) {
  return m.slos.some((s) => s.headMet === false);
}
function leadUndecided(b) {
  const undecided2 = b.metrics.filter((m) => m.verdict === "inconclusive");
  const named = (m) => m.origin === "default" ? 1 : 0;
  const order = (list) => [...list].sort((x, y) => named(x) - named(y) || badness(y) - badness(x));
  const summaryBeyond = undecided2.filter((m) => m.reason.code === "summary-only" && badness(m) > m.minEffect);
  return order(summaryBeyond)[0] ?? order(undecided2.filter((m) => m.reason.code === "direction-known" && m.reason.direction === "worse"))[0] ?? order(undecided2.filter((m) => m.reason.code === "too-noisy"))[0] ?? order(undecided2.filter((m) => m.origin !== "default"))[0];
}
var STATUS_RANK = { confirmed: 0, likely: 1, candidate: 2 };
function explainedFirst(b, ranked) {
  let lead;
  let best = Infinity;
  for (const m of ranked) {
    const status = Math.min(...findingsFor(b, m).map((f) => STATUS_RANK[f.status]));
    if (status < best) {
      best = status;
      lead = m;
    }
  }
  return lead ?? ranked[0];
}
function findingsFor(b, m) {
  const id = m.spec.metric.id;
  const phases = m.spec.metric.custom ? void 0 : id === "itl" || id === "tpot" ? ["decode"] : id === "ttft" || id === "ttft_client" ? [...METRICS[id].phases, "remainder"] : void 0;
  return b.findings.filter(
    (f) => f.metrics.includes(m.spec.key) && (!phases || f.phase !== null && phases.includes(f.phase))
  );
}
function badness(m) {
  const sign = m.spec.metric.direction === "lower-is-better" ? 1 : -1;
  return sign * (m.change ?? 0);
}
function leadRank(m) {
  const breached = breaches(m) ? 0 : 1;
  const slo2 = m.slos.length ? 0 : 1;
  const size = Math.abs(m.change ?? 0);
  return breached * 4 + slo2 * 2 - Math.min(1, size / 100);
}
function leadFinding(b, lead) {
  const relevant = lead ? findingsFor(b, lead) : b.findings;
  return [...relevant].sort((x, y) => STATUS_RANK[x.status] - STATUS_RANK[y.status])[0];
}

// src/report/triage.ts
function triageBenchmark(base, head, config, quality, phases) {
  const differences = notLikeForLike(base, head).map(
    (d) => d.kind === "load-changed" && config.compareAcrossLoad ? { ...d, judgedAnyway: true } : d
  );
  const load2 = analyseLoad(base, head);
  const compared = compareSides(base, head, config, {
    bothOverloaded: load2.base.overloaded && load2.head.overloaded,
    steady: steadyStarts(load2, base, head),
    withheld: withheldReason(differences, config.compareAcrossLoad)
  });
  phases?.("statistics");
  const { notInData, family } = compared;
  const baseData = sideData(base);
  const headData = sideData(head);
  const workload = compareWorkload(
    baseData?.tables ?? [],
    headData?.tables ?? [],
    declaredWorkload(base),
    declaredWorkload(head)
  );
  const configChanges = diffConfig(baseData?.meta ?? mergedMeta(base), headData?.meta ?? mergedMeta(head));
  const costs = baseData && headData ? likeForLike(baseData, headData) : [];
  const { metrics, notJudged } = applyComparability(compared.metrics);
  const tradeoff = batchingTradeoff(compared.metrics, differences, runningBatch3(workload), costs);
  const attributions = [];
  const regressed = [];
  if (baseData && headData) {
    for (const m of metrics) {
      const breached = breaches(m);
      if (m.spec.metric.id === "failed") continue;
      if (m.verdict !== "regressed" && !breached) continue;
      const attribution = attribute(m.spec, baseData.pooled, headData.pooled);
      if (attribution) attributions.push(attribution);
      if (m.verdict === "regressed") regressed.push({ comparison: m, attribution });
    }
  } else {
    for (const m of metrics) {
      if (m.spec.metric.id === "failed") continue;
      if (m.verdict !== "regressed" && !breaches(m)) continue;
      const attribution = attributeFromHistograms(m.spec, base, head);
      if (attribution) attributions.push(attribution);
      if (m.verdict === "regressed") regressed.push({ comparison: m, attribution });
    }
  }
  let walks = [];
  let findings = [];
  const fixes = [];
  regressed.sort((a, b) => leadRank(a.comparison) - leadRank(b.comparison));
  const latencyKeys = metrics.filter((m) => m.spec.metric.id !== "failed" && (m.verdict === "regressed" || breaches(m))).map((m) => m.spec.key);
  const population = [
    failuresFinding(
      metrics.find((m) => m.spec.metric.id === "failed"),
      head,
      latencyKeys
    ),
    overloadFinding(load2, latencyKeys)
  ].filter((f) => !!f);
  if (population.length) {
    findings = population;
  } else if (baseData && headData && regressed.length) {
    const ctx = { base: baseData, head: headData, workload, configChanges, costs };
    ({ walks, findings } = walkTree(regressed, ctx));
    for (const { comparison, attribution } of regressed) {
      if (!attribution) continue;
      const slo2 = config.slos.find((s) => s.spec.key === comparison.spec.key);
      fixes.push(...rankFixes(attribution, headData.pooled, findings, walks, slo2, config.effort));
    }
    fixes.sort(byGainPerEffort);
  } else if (regressed.some((r) => r.attribution)) {
    const withAttribution = regressed.filter(
      (r) => r.attribution !== null
    );
    ({ walks, findings } = walkServerTree({ regressed: withAttribution, base, head, configChanges, workload }));
    for (const { comparison, attribution } of withAttribution) {
      fixes.push(
        ...rankFixes(
          attribution,
          void 0,
          findings,
          walks,
          config.slos.find((s) => s.spec.key === comparison.spec.key),
          config.effort
        )
      );
    }
    fixes.sort(byGainPerEffort);
  }
  const caveats = collectCaveats({
    base,
    head,
    metrics,
    attributions,
    workload,
    configChanges,
    likeForLike: costs,
    load: load2,
    notLikeForLike: differences,
    ...tradeoff ? { tradeoff } : {},
    ...quality ? { quality } : {}
  });
  const floor = decodeFloorCheck(config.decodeFloor, baseData, headData);
  const service = serviceMetrics(base, head, {
    slos: config.slos,
    level: config.statistics.level,
    rates: measuredRatesOf(metrics),
    ...config.cost ? { cost: config.cost } : {}
  });
  if (floor?.ok) findings = withFloorEvidence(findings, floor);
  else if (floor) caveats.push({ kind: "decode-floor", message: floor.message });
  const name = config.benchmark ?? mergedMeta(head).benchmark ?? mergedMeta(base).benchmark ?? "benchmark";
  const report2 = {
    name,
    verdict: benchmarkVerdict(metrics, load2),
    sloBreaches: metrics.flatMap((m) => m.slos.filter((s) => s.headMet === false).map((s) => s.slo.text)),
    base: summarise(base),
    head: summarise(head),
    metrics,
    family,
    load: load2,
    notJudged,
    notLikeForLike: differences,
    notInData,
    attributions,
    walks,
    findings,
    fixes: dedupeFixes(fixes),
    caveats,
    configChanges,
    workload,
    likeForLike: costs,
    ...floor ? { floor } : {},
    service,
    ...quality ? { quality } : {}
  };
  phases?.("diagnosis");
  return report2;
}
function measuredRatesOf(metrics) {
  const value4 = (key, side3) => metrics.find((m) => m.spec.key === key)?.[side3]?.value;
  const side2 = (s) => {
    const tokens = value4("throughput", s);
    const requests = value4("request_throughput", s);
    return {
      ...tokens !== void 0 ? { outputTokensPerSecond: tokens } : {},
      ...requests !== void 0 ? { requestsPerSecond: requests } : {}
    };
  };
  return { base: side2("base"), head: side2("head") };
}
function buildReport(benchmarks, config) {
  for (const b of benchmarks) assertLabelsAgree(b);
  const verdict = worst(benchmarks.map((b) => b.verdict));
  return {
    schemaVersion: SCHEMA_VERSION,
    tool: { name: "perf-triage", version: VERSION },
    settings: {
      seed: config.statistics.seed,
      resamples: config.statistics.resamples,
      level: config.statistics.level,
      alpha: config.statistics.alpha,
      failOn: [...config.failOn]
    },
    verdict,
    outcome: decideOutcome(benchmarks, verdict, config.failOn),
    benchmarks
  };
}
function triage(base, head, config, extras = {}) {
  const pairing = pairBenchmarks(base, head);
  if (pairing.pairs.length === 0) {
    throw new InputError(
      "results",
      `no benchmark is on both sides: the baseline has ${names(pairing, "base")}, the head ${names(pairing, "head")}`
    );
  }
  const quality = extras.quality ? compareQuality(extras.quality.base, extras.quality.head) : void 0;
  const reports = pairing.pairs.map((p) => {
    const report3 = triageBenchmark(
      p.base,
      p.head,
      pairing.pairs.length > 1 ? { ...config, benchmark: p.name } : config,
      quality,
      extras.phases
    );
    for (const note of pairing.notes) report3.caveats.push({ kind: "benchmark-names", message: note });
    return report3;
  });
  reports[0].caveats.unshift(
    ...pairing.unmatched.map((u) => ({
      kind: "benchmark-missing",
      message: `"${u.name}" is only in the ${u.side === "base" ? "baseline" : "head"}: not compared`,
      missing: u
    }))
  );
  if (reports.every((r) => r.metrics.length === 0 && r.notJudged.length === 0)) throw nothingComparable(reports);
  const report2 = buildReport(reports, config);
  const profiles = extras.profiles ? profileReport(extras.profiles) : void 0;
  return profiles ? withProfileEvidence({ ...report2, profiles }) : report2;
}
function nothingComparable(reports) {
  const read = (s) => s.sources.length ? s.sources.map((f) => `${f.file} (${f.format}, ${f.recordsKept} record${f.recordsKept === 1 ? "" : "s"})`).join(", ") : "no usable file";
  const r = reports[0];
  const byReason = /* @__PURE__ */ new Map();
  for (const n of r.notInData) byReason.set(n.reason, [...byReason.get(n.reason) ?? [], n.key]);
  const why = byReason.size ? [...byReason].map(([reason, keys]) => `${keys.join(", ")}: ${reason}`).join("; ") : "no metric is in both sides' data";
  return new InputError(
    "results",
    `nothing could be compared: no metric is measured on both sides (baseline: ${read(r.base)}; head: ${read(r.head)}). ${why}. Give both sides the benchmark tool's results (per-request output, or the same tool's summaries); a metrics scrape adds server phases to them, it does not replace them`
  );
}
function names(pairing, side2) {
  const list = pairing.unmatched.filter((u) => u.side === side2).map((u) => `"${u.name}"`);
  return list.length ? list.join(", ") : "none";
}
function assertLabelsAgree(b) {
  for (const m of b.metrics) {
    if (m.interval && !labelAgreesWithInterval(m.verdict, m.interval, m.minEffect, m.spec.metric.direction)) {
      throw new Error(
        `internal error: ${b.name} ${m.spec.key} labelled ${m.verdict} with interval ${m.interval.join(" … ")} and minimum effect ${m.minEffect}`
      );
    }
  }
}
var SEVERITY = { unchanged: 0, improved: 1, inconclusive: 2, regressed: 3 };
function worst(verdicts) {
  return verdicts.reduce((a, b) => SEVERITY[b] > SEVERITY[a] ? b : a, "unchanged");
}
function benchmarkVerdict(metrics, load2) {
  if (load2 && load2.head.overloaded && !load2.base.overloaded) return "regressed";
  const counted = metrics.filter((m) => !(m.origin === "default" && m.verdict === "inconclusive" && !m.base));
  if (counted.length === 0) return "inconclusive";
  return worst(counted.map((m) => m.verdict));
}
function decideOutcome(benchmarks, verdict, failOn) {
  const reasons = [];
  let fail = false;
  const named = (b, items) => benchmarks.length > 1 ? `${items.join(", ")} (${b.name})` : items.join(", ");
  const regressed = benchmarks.map((b) => ({
    b,
    items: [
      ...b.load.head.overloaded && !b.load.base.overloaded ? ["the head is overloaded (it cannot carry the load the baseline carried)"] : [],
      ...b.metrics.filter((m) => m.verdict === "regressed").map((m) => specLabel(m.spec))
    ]
  })).filter((x) => x.items.length).map((x) => named(x.b, x.items));
  const breaches2 = benchmarks.filter((b) => b.sloBreaches.length).map((b) => named(b, b.sloBreaches));
  if (regressed.length) {
    reasons.push(`regressed: ${regressed.join("; ")}`);
    if (failOn.has("regression")) fail = true;
  }
  if (breaches2.length) {
    reasons.push(`SLO breached: ${breaches2.join("; ")}`);
    if (failOn.has("slo")) fail = true;
  }
  if (verdict === "inconclusive") {
    reasons.push(
      benchmarks.some((b) => b.metrics.some((m) => m.verdict !== "inconclusive")) ? "inconclusive: the data could not decide every metric" : "inconclusive: the data could not decide any metric"
    );
    if (failOn.has("inconclusive")) fail = true;
  }
  const qualityChanged = benchmarks.flatMap(
    (b) => b.caveats.filter((c) => c.kind === "quality-changed").map((c) => named(b, [c.message]))
  );
  if (qualityChanged.length) {
    reasons.push(`quality changed: ${qualityChanged[0]}`);
    if (failOn.has("quality")) fail = true;
  }
  return { fail, reasons };
}
function runningBatch3(workload) {
  const { baseConcurrency: base, headConcurrency: head } = workload;
  return base !== void 0 && head !== void 0 && Number.isFinite(base) && Number.isFinite(head) ? { base, head } : void 0;
}
function declaredWorkload(side2) {
  return side2.runs.flatMap((r) => r.workload ? [r.workload] : []);
}
function sideData(side2) {
  const tables = sideTables(side2);
  const pooled = pooledTable(side2);
  if (!pooled || tables.length === 0) return void 0;
  return { tables, pooled, meta: mergedMeta(side2) };
}
function mergedMeta(side2) {
  const first = side2.runs[0]?.meta ?? emptyMeta();
  if (side2.runs.length <= 1) return first;
  const config = { ...first.config };
  for (const run of side2.runs.slice(1)) {
    for (const key of Object.keys(config)) if (run.meta.config[key] !== config[key]) delete config[key];
  }
  return { ...first, config };
}
function summarise(side2) {
  let requests = 0;
  let failed2 = 0;
  for (const run of side2.runs) {
    if (!run.requests) continue;
    requests += run.requests.length;
    const ok2 = successMask(run.requests);
    for (let i = 0; i < ok2.length; i++) if (!ok2[i]) failed2++;
  }
  return {
    label: side2.label,
    runs: side2.runs.length,
    requests,
    failed: failed2,
    meta: mergedMeta(side2),
    key: commonKey(side2.runs),
    sources: side2.runs.flatMap((r) => r.sources)
  };
}
function dedupeFixes(fixes) {
  const seen = /* @__PURE__ */ new Set();
  return fixes.filter((f) => {
    const key = `${f.metric}|${f.phase}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// src/render/like-for-like.ts
var FIELD_NAMES2 = {
  dataset: "dataset",
  inputLength: "input length",
  outputLength: "output length",
  requestRate: "request rate",
  concurrency: "concurrency",
  streaming: "streaming",
  engine: "engine",
  engineVersion: "engine version",
  model: "model",
  hardware: "hardware",
  tenant: "tenant"
};
function value2(d, v) {
  if (d.field === "streaming") return v === true ? "streaming" : "non-streaming";
  if (d.field === "requestRate") return typeof v === "number" && !Number.isFinite(v) ? "max rate" : `${v} req/s`;
  if (d.field === "inputLength" || d.field === "outputLength") return `${v} tokens`;
  return String(v);
}
function differenceText(d, bare = false) {
  if (bare || d.field === "streaming" || d.field === "requestRate") return `${value2(d, d.base)} → ${value2(d, d.head)}`;
  return `${FIELD_NAMES2[d.field]} ${value2(d, d.base)} → ${value2(d, d.head)}`;
}
var NAMED_BY_SENTENCE = /* @__PURE__ */ new Set(["engine", "model", "hardware"]);
function notLikeForLikeShort(list) {
  if (list.length === 0) return void 0;
  return list.flatMap((d) => d.differences.map((x) => differenceText(x))).join("; ");
}
function notLikeForLikeSentence(d) {
  const what = d.differences.map((x) => differenceText(x, NAMED_BY_SENTENCE.has(x.field))).join(", ");
  switch (d.kind) {
    case "load-changed":
      return d.judgedAnyway ? `the load changed (${what}): a different operating point; the metrics are judged anyway, as asked (compare-across-load), so a change may be the load's, not the code's` : `the load changed (${what}): a different operating point, not a regression of the code; the metrics are shown but not judged — compare at the same load, or set compare-across-load to judge them anyway`;
    case "streaming-changed":
      return `the streaming mode changed (${what}): without streaming the first token arrives with the whole response, so TTFT, ITL and TPOT mean something else on each side and are not judged`;
    case "engine-changed":
      return `the serving engine changed (${what}): differences are the engines', not this code's alone`;
    case "model-changed":
      return `the model changed (${what}): differences may be the model's, not the code's`;
    case "hardware-changed":
      return `the hardware changed (${what}): differences may be the hardware's, not the code's`;
    case "dataset-changed":
      return `the prompts changed (${what}): differences may be the workload's, not the code's`;
  }
}
function caveatText(c) {
  if (c.differences && isNotLikeForLike(c.kind))
    return notLikeForLikeSentence({
      kind: c.kind,
      differences: c.differences,
      ...c.judgedAnyway ? { judgedAnyway: true } : {}
    });
  if (c.kind === "batching-tradeoff" && c.tradeoff) {
    const t = c.tradeoff;
    const batch = t.batch.source === "declared concurrency" ? `concurrency ${grouped(t.batch.base)} → ${grouped(t.batch.head)}` : `mean requests in flight ${compact(t.batch.base)} → ${compact(t.batch.head)}`;
    const matched = t.matchedStep ? `; at a matched running batch the decode step changed ${signedPercent(t.matchedStep.change)}${t.matchedStep.changed ? ", which is the code's own share" : ", so the code itself did not slow"}` : "; compare latency at matched load (the same concurrency or rate) to see what the code itself did";
    return `throughput ${signedPercent(t.throughputChange)} with ${keyName(t.tokenMetric)} ${signedPercent(t.tokenChange)} as the batch grew (${batch}): the batching trade-off — more requests share each decode step, so the server makes more tokens per second while each request waits longer for each token${matched}`;
  }
  if (c.kind === "benchmark-missing" && c.missing) {
    return c.missing.side === "base" ? `"${c.missing.name}" stopped reporting: it is in the baseline but not in this PR's results` : `"${c.missing.name}" is new: only in this PR's results, nothing to compare it with`;
  }
  return c.message;
}
function keyName(key) {
  const [id, stat3] = key.split(".");
  const metric = Object.hasOwn(METRICS, id) ? METRICS[id].label : id;
  return stat3 ? `${metric} ${stat3}` : metric;
}
function topCaveats(b) {
  return b.caveats.filter((c) => c.kind === "batching-tradeoff");
}
function isNotLikeForLike(kind2) {
  return [
    "load-changed",
    "engine-changed",
    "streaming-changed",
    "model-changed",
    "hardware-changed",
    "dataset-changed"
  ].includes(kind2);
}
function notJudgedItems(b) {
  return b.notJudged.map(({ comparison: m }) => {
    const unit = m.spec.metric.unit;
    const values = m.base && m.head ? `${withUnit(m.base.value, unit)} → ${withUnit(m.head.value, unit)}` : "not measured on both sides";
    const change2 = m.change !== null && m.change !== void 0 ? ` (${signedPercent(m.change)})` : "";
    return `${specLabel(m.spec)} ${values}${change2}`;
  });
}
function missingBenchmarks(report2) {
  return report2.benchmarks.flatMap((b) => b.caveats.filter((c) => c.kind === "benchmark-missing"));
}

// src/render/verdict-words.ts
function intervalText(m, interval = m.interval) {
  if (!interval || m.difference === void 0) return "";
  if (m.intervalKind === "relative" && m.change !== null && m.change !== void 0) {
    return `${signedPercent(m.change)} (${signedPercent(interval[0])} … ${signedPercent(interval[1])})`;
  }
  const unit = m.spec.metric.unit;
  return `${signedWithUnit(m.difference, unit)} (${signedWithUnit(interval[0], unit)} … ${signedWithUnit(interval[1], unit)})`;
}
function minEffectText(m) {
  if (m.intervalKind === "absolute") return signedWithUnit(m.minEffect, m.spec.metric.unit).slice(1);
  return percent(m.minEffect);
}
function moreDataText(more) {
  const runs = more.runs >= 3 ? "more runs per side" : "3 or more runs per side";
  if (more.runsNeeded)
    return `${runs} would decide (they measure the run-to-run noise that ${more.runs === 1 ? "one run" : `${more.runs} runs`} per side can only assume)`;
  if (more.requestsFactor !== null)
    return `about ${more.requestsFactor < 10 ? compact(Math.max(1.1, more.requestsFactor)) : grouped(more.requestsFactor)}× the requests per side, or ${runs}, would decide`;
  return `more requests or ${runs} would decide`;
}
function correctionText(m, family) {
  if (!m.uncorrected || m.uncorrected.verdict === m.verdict || !m.intervalLevel) return "";
  return ` (${m.uncorrected.verdict} at ${levelText(family.confidence)} for this metric alone; the interval is ${levelText(m.intervalLevel)} because ${family.size} metrics are judged together)`;
}
function levelText(level) {
  const pct = level * 100;
  return `${Number(pct.toFixed(pct >= 99 ? 2 : 1))}%`;
}
function perRequestAdvice(formats) {
  const advice = [];
  const has = (re) => formats.some((f) => re.test(f));
  if (has(/^vLLM/i)) advice.push('"vllm bench serve --save-result --save-detailed" (every request and token gap)');
  if (has(/^SGLang/i)) advice.push('"python -m sglang.bench_serving --output-details" (every request)');
  if (has(/AIPerf/i)) advice.push("AIPerf's per-request profile_export.jsonl");
  if (has(/GenAI-Perf/i)) advice.push("GenAI-Perf's per-request profile_export.json");
  if (has(/LLMPerf/i)) advice.push("LLMPerf's individual responses file");
  if (has(/GuideLLM/i)) advice.push("GuideLLM's benchmark JSON with its requests");
  const tail = "3 or more runs per side, or a noise band for the metric (the run-noise input, or the journal's history)";
  return advice.length ? `per-request output — ${advice.join(", ")} — or ${tail}` : tail;
}
function reasonText(m, family = { size: 1, confidence: m.intervalLevel ?? 0.95 }) {
  const r = m.reason;
  const shown2 = intervalText(m);
  const me = minEffectText(m);
  switch (r.code) {
    case "beyond-min-effect":
      return `${shown2}: ${r.direction} by more than the ${me} minimum effect, with confidence`;
    case "within-min-effect":
      return `${shown2}: inside ±${me}, so no change that matters`;
    case "direction-known": {
      const near = nearerBound(m);
      return `likely ${r.direction}: ${shown2}, but the change could be as small as ${near}, inside the ${me} minimum effect${correctionText(m, family)}; ${moreDataText(r)}`;
    }
    case "too-noisy":
      return `too noisy to rule out a ${me} change either way: ${shown2}${correctionText(m, family)}; ${moreDataText(r)}`;
    case "below-timer-floor":
      return `${shown2}, but only ${signedWithUnit(m.difference ?? 0, m.spec.metric.unit)}: under the ${withUnit(r.floor, m.spec.metric.unit)} a single timer reading resolves`;
    case "not-computable":
      return `cannot be computed: the ${r.side === "base" ? "baseline" : "head"} ${r.missing.startsWith("has ") || r.missing.startsWith("no ") ? r.missing : `lacks ${r.missing}`}; an artifact with per-request ${m.spec.metric.id} values would decide`;
    case "too-few-values":
      return `${m.spec.stat.kind === "mean" || m.spec.metric.level === "run" ? "the statistic" : m.spec.stat.label} needs at least ${grouped(r.needed)} values per side to be estimated (baseline has ${grouped(r.base)}, head ${grouped(r.head)}); ${r.needed > Math.max(r.base, r.head) ? "more requests" : "more requests on the smaller side"} would decide`;
    case "different-basis":
      return `the sides measure it differently (baseline: ${r.base}; head: ${r.head}); artifacts of the same kind would decide`;
    case "summary-only":
      return `not decidable from summaries: ${pointChange(m)} (${summaryOnlyText(r)}`;
    case "not-judged-overloaded":
      return "shown, not judged: both sides are overloaded, so this latency grows with how long the run lasted; throughput and per-token metrics decide";
    case "not-judged-streaming":
      return "shown, not judged: the streaming mode differs between the sides, and without streaming the first token arrives with the whole response";
    case "operating-point":
      return `a different operating point (${r.changes.map((c) => differenceText(c)).join(", ")}), not a measure of the code: compare at the same load, or set compare-across-load to judge it anyway`;
  }
}
function summaryOnlyText(r) {
  const runs = r.baseRuns === r.headRuns ? `${r.baseRuns} run${r.baseRuns === 1 ? "" : "s"} per side` : `${r.baseRuns} run${r.baseRuns === 1 ? "" : "s"} on the baseline and ${r.headRuns} on the head`;
  return `only the tools' run-level summaries, ${runs}, which show no run-to-run spread); ${perRequestAdvice(r.formats)} would decide`;
}
function pointChange(m) {
  return m.change !== null && m.change !== void 0 ? signedPercent(m.change) : signedWithUnit(m.difference ?? 0, m.spec.metric.unit);
}
function nearerBound(m) {
  const [a, b] = m.interval;
  const value4 = Math.abs(a) < Math.abs(b) ? a : b;
  return m.intervalKind === "relative" ? signedPercent(value4) : signedWithUnit(value4, m.spec.metric.unit);
}
function verdictQualifier(m) {
  const r = m.reason;
  switch (r.code) {
    case "direction-known":
      return `likely ${r.direction}`;
    case "too-noisy":
      return "too noisy";
    case "not-judged-overloaded":
    case "not-judged-streaming":
      return "not judged";
    case "operating-point":
      return "other load";
    case "summary-only":
      return "summaries only";
    default:
      return void 0;
  }
}

// src/render/json.ts
function reportToJson(report2) {
  return {
    schemaVersion: report2.schemaVersion,
    tool: report2.tool,
    settings: report2.settings,
    verdict: report2.verdict,
    outcome: report2.outcome,
    acceptance: report2.acceptance ?? null,
    benchmarks: report2.benchmarks.map((b) => benchmarkJson(b, report2.settings.level)),
    profiles: report2.profiles ?? null,
    noise: report2.noise ?? null
  };
}
function renderJson(report2) {
  return JSON.stringify(
    reportToJson(report2),
    (_key, value4) => typeof value4 === "number" && !Number.isFinite(value4) ? null : value4,
    2
  ) + "\n";
}
function benchmarkJson(b, confidence) {
  return {
    name: b.name,
    // Said first: what differs between the sides' workloads, before any verdict.
    notLikeForLike: b.notLikeForLike.map((d) => ({ ...d, sentence: notLikeForLikeSentence(d) })),
    verdict: b.verdict,
    sloBreaches: b.sloBreaches,
    base: side(b.base),
    head: side(b.head),
    intervalLevel: b.family.level,
    metricsJudged: b.family.size,
    load: b.load,
    metrics: b.metrics.map((m) => metricJson(m, b, confidence)),
    notJudged: b.notJudged.map((n) => ({
      ...metricJson(n.comparison, b, confidence),
      verdict: null,
      notJudged: n.reason
    })),
    notInData: b.notInData,
    attributions: b.attributions.map((a) => ({
      metric: a.spec.metric.id,
      stat: a.spec.stat.label,
      tail: a.tail,
      quantile: a.q,
      base: a.base,
      head: a.head,
      dominantPhase: a.dominant,
      missingPhases: a.missingPhases,
      phases: a.phases
    })),
    diagnosis: { walks: b.walks, findings: b.findings },
    fixes: b.fixes.map((f) => ({ ...f, speedup: Number.isFinite(f.speedup) ? f.speedup : "Infinity" })),
    caveats: b.caveats.map((c) => ({ ...c, message: caveatText(c) })),
    trends: b.trends ?? [],
    decodeFloor: b.floor ?? null,
    service: b.service ?? null,
    quality: b.quality ?? null,
    configChanges: b.configChanges,
    workload: b.workload,
    likeForLike: b.likeForLike
  };
}
function side(s) {
  return {
    runs: s.runs,
    requests: s.requests,
    failed: s.failed,
    meta: s.meta,
    key: s.key,
    sources: s.sources.map((src) => ({ ...src, issues: src.issues.slice(0, 20) }))
  };
}
function metricJson(m, b, confidence) {
  const attribution = b.attributions.find((a) => a.spec.key === m.spec.key) ?? null;
  const phase = m.verdict === "regressed" ? branchPhase(m, attribution) : attribution?.dominant ?? null;
  const walk2 = b.walks.find((w) => w.metrics.includes(m.spec.key));
  return {
    metric: m.spec.metric.id,
    stat: m.spec.stat.label,
    key: m.spec.key,
    unit: m.spec.metric.unit,
    direction: m.spec.metric.direction,
    origin: m.origin,
    verdict: m.verdict,
    reason: reasonText(m, { size: b.family.size, confidence }),
    reasonCode: m.reason.code,
    reasonData: m.reason,
    basis: m.basis ? basisText(m.basis) : null,
    base: m.base?.value ?? null,
    head: m.head?.value ?? null,
    baseDetail: m.base ?? null,
    headDetail: m.head ?? null,
    change: m.change ?? null,
    difference: m.difference ?? null,
    interval: m.interval ? { lower: m.interval[0], upper: m.interval[1], level: m.intervalLevel ?? confidence, kind: m.intervalKind } : null,
    uncorrected: m.uncorrected ? {
      lower: m.uncorrected.interval[0],
      upper: m.uncorrected.interval[1],
      level: confidence,
      verdict: m.uncorrected.verdict
    } : null,
    pValue: m.pValue ?? null,
    minEffect: m.minEffect,
    runNoise: m.runNoise ?? null,
    slos: m.slos.map((s) => ({
      target: s.slo.text,
      comparator: s.slo.comparator,
      threshold: s.slo.threshold,
      baseMet: s.baseMet,
      headMet: s.headMet,
      marginal: s.marginal
    })),
    dominantPhase: phase,
    rootPhase: walk2?.rootPhase ?? null,
    hints: b.findings.filter((f) => f.metrics.includes(m.spec.key)).map((f) => f.hint)
  };
}

// src/render/escape.ts
var INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
var WORD_JOINER = "⁠";
var MAX_INLINE = 120;
function plainText(text, max = MAX_INLINE) {
  return cap3(text.replace(/[\t\r\n]+/g, " ").replace(INVISIBLE, ""), max);
}
function markdownText(text, max = MAX_INLINE) {
  const clean = plainText(text, max);
  return clean.replace(/[\\`*_[\]<>#|~$&]/g, (c) => `\\${c}`).replace(/\\<!/g, "\\<\\!").replace(/^([-+=])/, "\\$1").replace(/^(\d+)([.)])/, "$1\\$2").replace(/@/g, `@${WORD_JOINER}`).replace(/\\#(?=\d)/g, `\\#${WORD_JOINER}`).replace(/\b(GH-)(?=\d)/gi, `$1${WORD_JOINER}`).replace(/:\/\//g, `:${WORD_JOINER}//`).replace(/\bwww\./gi, (m) => `${m.slice(0, 3)}${WORD_JOINER}.`);
}
function codeText(text, max = MAX_INLINE) {
  return plainText(text, max).replace(/`/g, "ˋ").replace(/\|/g, "¦").replace(/<!/g, `<${WORD_JOINER}!`);
}
function cap3(text, max) {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : text;
}
function neutraliseCommands(text) {
  return text.replace(/:(?=:)/g, ":​").replace(/#(?=#\[)/g, "#​");
}
function neutraliseCommandsInJson(json) {
  return json.replace(/:(?=:)/g, "\\u003a").replace(/#(?=#\[)/g, "\\u0023");
}

// src/render/noise-words.ts
function noiseSentences(report2, escape = plainText) {
  return (report2.noise ?? []).map((n) => noiseSentence(n, escape));
}
function noiseSentence(n, escape) {
  const date = /^\d{4}-\d{2}-\d{2}/.exec(n.calibratedAt)?.[0] ?? "an unknown date";
  const where = n.runner ? ` on ${escape(n.runner)}` : "";
  const history = n.historyPairs > 0 ? `, refined with ${n.historyPairs} journal steps since` : "";
  const rate = n.falseAlarms.comparisons > 0 ? `; measured false-alarm rate of this setup: ${n.falseAlarms.alarms} of ${n.falseAlarms.comparisons} A/A metric comparisons (${percent(n.falseAlarms.alarms / n.falseAlarms.comparisons)})` : "";
  return `${escape(n.benchmark)}: noise band from calibration of ${date}, ${n.runs} runs${where}${history}${rate}`;
}
function noiseFooter(report2) {
  const sentences = noiseSentences(report2, (text) => markdownText(text, 60));
  return sentences.length ? ` · ${sentences.join(" · ")}` : "";
}

// src/render/kernel-names.ts
var HEAD = 24;
var MIDDLE = 34;
function shortNames(names2, width = 60) {
  const unique = [...new Set(names2)];
  const cut = (n) => [...n].length > width ? `${[...n].slice(0, width - 1).join("")}…` : n;
  const out = /* @__PURE__ */ new Map();
  const byShort = /* @__PURE__ */ new Map();
  for (const n of unique) byShort.set(cut(n), [...byShort.get(cut(n)) ?? [], n]);
  for (const [short, group] of byShort) {
    if (group.length === 1) {
      out.set(group[0], short);
      continue;
    }
    for (const n of group) {
      const at = Math.max(...group.filter((o) => o !== n).map((o) => firstDifference(n, o)));
      const from = Math.max(HEAD, at - 8);
      const chars = [...n];
      const middle = chars.slice(from, from + MIDDLE).join("");
      out.set(n, `${chars.slice(0, HEAD).join("")}…${middle}${from + MIDDLE < chars.length ? "…" : ""}`);
    }
  }
  const seen = /* @__PURE__ */ new Map();
  for (const n of unique) {
    const s = out.get(n);
    const k = (seen.get(s) ?? 0) + 1;
    seen.set(s, k);
    if (k > 1) out.set(n, `${s} #${k}`);
  }
  return out;
}
function firstDifference(a, b) {
  const x = [...a];
  const y = [...b];
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return i;
}

// src/render/deep-markdown.ts
function floorSection(floor) {
  const row = (label, s) => `| ${label} | ${compact(s.batch)} (${s.batchSource}) | ${grouped(s.contextTokens)} | ${compact(s.floor.bytesPerStep / 1e9)} GB | ${duration(s.floor.floorMs)} | ${duration(s.measuredMs)} | ${s.efficiency ? `${compact(s.efficiency.efficiency)} (${s.efficiency.band})` : "—"} |`;
  const rows = [...floor.base ? [row("baseline", floor.base)] : [], row("this PR", floor.head)];
  const head = floor.head;
  return [
    `<details><summary>Decode bandwidth floor: ${duration(head.floor.floorMs)} per step vs ${duration(head.measuredMs)} measured — efficiency ${head.efficiency ? compact(head.efficiency.efficiency) : "?"}${head.efficiency ? `, ${head.efficiency.band.replace("-", " ")}` : ""}</summary>`,
    "",
    "| side | running batch | KV tokens read per step | bytes per step | floor | measured step | floor / measured |",
    "|---|---:|---:|---:|---:|---:|---|",
    ...rows,
    "",
    head.efficiency ? `**Reading:** ${markdownText(head.efficiency.advice, 300)} (bands: > 0.8 near the limit, 0.4–0.8 kernel or launch overhead, < 0.4 structurally wrong).` : "",
    "",
    ...head.floor.assumptions.map((a) => `- ${markdownText(a, 400)}`),
    "",
    "</details>"
  ].join("\n");
}
function profilesSection(p) {
  const out = [];
  if (p.split) out.push(splitSection(p.split));
  if (p.kernels) out.push(kernelsSection(p.kernels));
  if (p.notes.length) out.push(p.notes.map((n) => `<sub>${markdownText(n, 300)}</sub>`).join("\n"));
  return out.join("\n\n");
}
function stepsText(s) {
  return s.steps === 1 && s.label === "all" && s.format === "nsys-stats" ? "per capture" : `${s.steps} step${s.steps === 1 ? "" : "s"}`;
}
function splitSection(split2) {
  const row = (label, s) => `| ${label} | ${Number.isNaN(s.wallMs) ? "unknown" : duration(s.wallMs)} | ${Number.isNaN(s.cpuMs) ? "not measured" : `${duration(s.cpuMs)} (${percent(s.cpuShare)})`} | ${Number.isNaN(s.gpuMs) ? "not measured" : `${duration(s.gpuMs)}${Number.isNaN(s.gpuShare) ? "" : ` (${percent(s.gpuShare)})`}${s.gpuTimeKind === "sum" ? "†" : ""}`} | ${s.collectiveMs > 0 ? duration(s.collectiveMs) : "—"} | ${Number.isNaN(s.idleMs) ? "—" : duration(s.idleMs)} | **${s.verdict}** |`;
  const sides = [
    ...split2.base ? [["baseline", split2.base]] : [],
    ...split2.head ? [["this PR", split2.head]] : []
  ];
  const shown2 = split2.head ?? split2.base;
  const lines = [
    `**Profile: GPU, CPU or waiting?** (${sides.map(([l, s]) => `${l}: ${codeCell(s.file, 80)}, ${s.format}, ${stepsText(s)}`).join("; ")})`,
    "",
    "| side | wall per step | CPU (all threads) | GPU | communication | idle | verdict |",
    "|---|---:|---:|---:|---:|---:|---|",
    ...sides.map(([l, s]) => row(l, s))
  ];
  if (sides.some(([, s]) => s.gpuTimeKind === "sum"))
    lines.push("", "<sub>† a sum of kernel durations: kernels that overlap on several streams count twice.</sub>");
  if (split2.comparison) lines.push("", `**What moved:** ${markdownText(split2.comparison.conclusion, 400)}`);
  const k = split2.kernels;
  if (k) {
    const families = k.families.filter((f) => Math.abs(f.ratio) >= 0.05 || f.base === 0 || f.head === 0).slice(0, 4);
    const names2 = shortNames(
      families.map((f) => f.name),
      48
    );
    lines.push(
      "",
      `**Kernel time per step:** ${duration(k.total.base)} → ${duration(k.total.head)} (${signedPercent(k.total.ratio)}); of ${k.kernels.length} kernels on both sides ${k.slower} slower and ${k.faster} faster by 5% or more${k.onlyBase.length || k.onlyHead.length ? `, ${k.onlyBase.length} gone, ${k.onlyHead.length} new` : ""}${k.communication.base > 0 || k.communication.head > 0 ? `; communication ${duration(k.communication.base)} → ${duration(k.communication.head)}` : ""}.`
    );
    for (const f of families)
      lines.push(
        `- family \`${codeText(names2.get(f.name), 80)}\`: ${duration(f.base)} → ${duration(f.head)}${Number.isNaN(f.ratio) ? "" : ` (${signedPercent(f.ratio)})`}, ${grouped(f.countBase, Number.isInteger(f.countBase) ? 0 : 1)} → ${grouped(f.countHead, Number.isInteger(f.countHead) ? 0 : 1)} launches`
      );
  }
  if (shown2.threads.length > 1) {
    const threads = shown2.threads.slice(0, 4).map((t) => `${markdownText(t.name || t.thread, 60)}${t.main ? " (main)" : ""} ${duration(t.busyMs)}`);
    lines.push(
      "",
      `Host threads busy per step: ${threads.join(", ")}${shown2.threads.length > 4 ? `, ${shown2.threads.length - 4} more` : ""}.`
    );
  }
  lines.push("", ...shown2.evidence.map((e) => `- ${markdownText(e, 400)}`));
  const candidates = shown2.candidates.filter((c) => c.evidence !== "absent");
  if (candidates.length && shown2.verdict !== "gpu-bound" && shown2.verdict !== "cpu-bound") {
    lines.push(
      "",
      "| waiting on | evidence | time per step | what the profile shows | to confirm |",
      "|---|---|---:|---|---|"
    );
    for (const c of candidates) {
      lines.push(
        `| ${c.cause} | ${c.evidence} | ${Number.isNaN(c.ms) ? "—" : `${duration(c.ms)}${Number.isNaN(c.share) ? "" : ` (${percent(c.share)})`}`} | ${markdownText(c.detail, 300)} | ${markdownText(c.nextCheck, 300)} |`
      );
    }
  }
  return lines.join("\n");
}
function kernelsSection(k) {
  const c = k.comparison;
  const names2 = shortNames([
    ...k.top.map((t) => t.name),
    ...c ? [...c.kernels, ...c.shapeChanged, ...c.onlyHead, ...c.onlyBase].map((x) => x.name) : []
  ]);
  const cell3 = (name) => `\`${codeText(names2.get(name) ?? name, 80)}\``;
  const shape = (grid, block) => grid || block ? codeText(`${grid || "?"} × ${block || "?"}`, 40) : "—";
  const derived = k.top.some((t) => t.durationDerived);
  const lines = [
    `**Kernels: which regime?** (Nsight Compute${k.headFile ? `: ${codeCell(k.headFile, 80)}` : ""}${k.baseFile ? ` against ${codeCell(k.baseFile, 80)}` : ""})`,
    "",
    "| kernel | grid × block | time | share | regime | why (Nsight Compute’s rule) | what can help |",
    "|---|---|---:|---:|---|---|---|",
    ...k.top.map(
      (t) => `| ${cell3(t.name)} | ${shape(t.grid, t.block)} | ${Number.isNaN(t.ms) ? "—" : `${duration(t.ms)}${t.durationDerived ? "‡" : ""}`} | ${Number.isNaN(t.share) ? "—" : percent(t.share)} | ${t.regime ?? "unknown"}${t.unit && t.unit !== "DRAM" && t.regime === "memory-bound" ? ` (${t.unit})` : ""} | ${markdownText(t.evidence, 240)} | ${t.fixes.map((f) => markdownText(f, 140)).join("; ")} |`
    )
  ];
  if (derived) lines.push("", "<sub>‡ elapsed cycles ÷ SM clock (gpu__time_duration was not collected).</sub>");
  if (c) {
    lines.push(
      "",
      `Kernel time ${duration(c.totalMs.base)} → ${duration(c.totalMs.head)} (${signedPercent(c.totalMs.ratio)}).`
    );
    const moved2 = c.kernels.filter((x) => x.notes.length);
    for (const x of moved2.slice(0, 5))
      lines.push(`- ${cell3(x.name)}: ${x.notes.map((n) => markdownText(n, 200)).join("; ")}`);
    for (const x of c.shapeChanged.slice(0, 5)) {
      lines.push(
        `- ${cell3(x.name)}: launched at another shape (${shape(x.base.grid, x.base.block)} → ${shape(x.head.grid, x.head.block)}), another problem size: durations not compared`
      );
    }
    if (c.onlyHead.length)
      lines.push(
        `- only in this PR: ${c.onlyHead.slice(0, 5).map((x) => cell3(x.name)).join(", ")}`
      );
    if (c.onlyBase.length)
      lines.push(
        `- gone since the baseline: ${c.onlyBase.slice(0, 5).map((x) => cell3(x.name)).join(", ")}`
      );
  }
  return lines.join("\n");
}
function codeCell(name, max = 60) {
  return `\`${codeText(name, max)}\``;
}

// src/render/service-markdown.ts
function serviceRows(s) {
  const rows = [];
  const notes2 = [];
  const g2 = s.goodput;
  if (g2.ok) {
    const change2 = `${points(g2.difference)} (${points(g2.interval[0])} … ${points(g2.interval[1])}) ${g2.verdict}`;
    rows.push({
      label: `goodput (${g2.criteria.join(", ")})`,
      base: percent(g2.base.share),
      head: percent(g2.head.share),
      change: change2
    });
    if (g2.base.goodPerSecond !== void 0 && g2.head.goodPerSecond !== void 0) {
      rows.push({
        label: "good requests per second",
        base: compact(g2.base.goodPerSecond),
        head: compact(g2.head.goodPerSecond),
        change: g2.rateChange !== void 0 ? signedPercent(g2.rateChange) : ""
      });
    }
    notes2.push(...g2.notes);
  }
  const c = s.cost;
  if (c.ok) {
    if (c.base.perMillionOutputTokens !== void 0 && c.head.perMillionOutputTokens !== void 0) {
      rows.push({
        label: "cost per million output tokens",
        base: money(c.base.perMillionOutputTokens, c.currency),
        head: money(c.head.perMillionOutputTokens, c.currency),
        change: c.tokenCostRatio !== void 0 ? `×${compact(c.tokenCostRatio)}` : ""
      });
    }
    if (c.base.perThousandRequests !== void 0 && c.head.perThousandRequests !== void 0) {
      rows.push({
        label: "cost per 1k requests",
        base: money(c.base.perThousandRequests, c.currency),
        head: money(c.head.perThousandRequests, c.currency),
        change: c.requestCostRatio !== void 0 ? `×${compact(c.requestCostRatio)}` : ""
      });
    }
    notes2.push(...c.missing);
  }
  const { base, head } = s.headroom;
  if (base.batch || head.batch) {
    const whole2 = (v) => Number.isInteger(v) ? String(v) : compact(v);
    const batch = (h) => h.batch ? `${compact(h.batch.mean)} mean, max ${whole2(h.batch.max)}${h.limit ? ` of ${h.limit.key} ${h.limit.value} (${percent(h.batchHeadroom ?? NaN)} headroom)` : ""}` : "—";
    rows.push({ label: "running batch", base: batch(base), head: batch(head), change: "" });
  }
  if (base.kvCacheUsage !== void 0 || head.kvCacheUsage !== void 0) {
    const used = (v) => v === void 0 ? "—" : `${percent(v)} used`;
    rows.push({ label: "KV cache", base: used(base.kvCacheUsage), head: used(head.kvCacheUsage), change: "" });
  }
  return { rows, notes: notes2 };
}
function cell(text) {
  return text.replace(/[$|_\\]/g, (c) => `\\${c}`);
}
function serviceSection(s) {
  const { rows, notes: notes2 } = serviceRows(s);
  if (rows.length === 0) return void 0;
  const table2 = [
    "| service | baseline | this PR | change |",
    "|---|---:|---:|---|",
    ...rows.map((r) => `| ${markdownText(r.label, 200)} | ${cell(r.base)} | ${cell(r.head)} | ${cell(r.change)} |`)
  ];
  const missing = [
    !s.goodput.ok && !/no SLO targets/.test(s.goodput.reason) ? `goodput: ${s.goodput.reason}` : void 0,
    !s.cost.ok && !/no hardware price/.test(s.cost.reason) ? `cost: ${s.cost.reason}` : void 0
  ].filter((x) => x !== void 0);
  const tail = [...notes2, ...missing].map((n) => `<sub>${markdownText(n, 300)}</sub>`);
  return [table2.join("\n"), ...tail.length ? ["", tail.join("<br>\n")] : []].join("\n");
}

// src/render/quality-markdown.ts
var MAX_ROWS = 12;
function qualitySection(q) {
  if (!q.scores && !q.generations) return void 0;
  const out = [];
  if (q.scores) {
    const s = q.scores;
    out.push(`**Quality: eval scores** — ${markdownText(s.sentence, 300)}`);
    const rows = [...s.metrics].sort((a, b) => rank(a) - rank(b)).slice(0, MAX_ROWS);
    out.push(
      [
        "| metric | baseline | this PR | change (95% interval) | verdict |",
        "|---|---:|---:|---|---|",
        ...rows.map(
          (m) => `| ${markdownText(m.key, 80)} | ${value3(m.base, m.baseStderr)} | ${value3(m.head, m.headStderr)} | ${signed(m.diff)}${m.interval ? ` (${signed(m.interval[0])} … ${signed(m.interval[1])})` : ""} | ${m.verdict === "changed" ? `**changed**${m.direction ? `, ${m.direction}` : ""}` : m.verdict} |`
        )
      ].join("\n")
    );
    if (s.metrics.length > MAX_ROWS) out.push(`${s.metrics.length - MAX_ROWS} more metric(s) in the JSON report.`);
    const one = [
      ...s.onlyBase.length ? [
        `only in the baseline: ${s.onlyBase.slice(0, 8).map((k) => markdownText(k, 60)).join(", ")}`
      ] : [],
      ...s.onlyHead.length ? [
        `only in this PR: ${s.onlyHead.slice(0, 8).map((k) => markdownText(k, 60)).join(", ")}`
      ] : []
    ];
    if (one.length) out.push(`<sub>${one.join("; ")}</sub>`);
  }
  if (q.generations) out.push(`**Quality: paired generations** — ${markdownText(q.generations.sentence, 400)}`);
  if (q.notes.length)
    out.push(
      q.notes.slice(0, 6).map((n) => `<sub>${markdownText(n, 300)}</sub>`).join("<br>\n")
    );
  return out.join("\n\n");
}
function rank(m) {
  return m.verdict === "changed" ? 0 : m.verdict === "inconclusive" ? 1 : 2;
}
function score2(v) {
  return Number.isFinite(v) ? String(Number(v.toPrecision(4))) : "—";
}
function value3(v, stderr) {
  return `${score2(v)}${stderr !== void 0 ? ` ± ${score2(stderr)}` : ""}`;
}
function signed(v) {
  return `${v > 0 ? "+" : v < 0 ? "−" : ""}${score2(Math.abs(v))}`;
}

// src/render/summary.ts
var VERDICT_ICON = {
  regressed: "🔴",
  inconclusive: "🟡",
  improved: "🟢",
  unchanged: "✅"
};
function attributionFor(b, m) {
  return m ? b.attributions.find((a) => a.spec.key === m.spec.key) : void 0;
}
function headline(b) {
  const both = b.load.base.overloaded && b.load.head.overloaded;
  return both ? `both sides overloaded, latency percentiles not judged · ${verdictHeadline(b)}` : verdictHeadline(b);
}
function verdictHeadline(b) {
  const lead = leadMetric(b);
  const counted = b.metrics.filter((m) => m.base).length;
  const breach = b.sloBreaches.length ? ` · SLO ${b.sloBreaches.map((s) => `\`${s}\``).join(", ")} breached` : "";
  const headOverloaded = b.load.head.overloaded && !b.load.base.overloaded;
  switch (b.verdict) {
    case "regressed": {
      const regressed = b.metrics.filter((x) => x.verdict === "regressed");
      if (headOverloaded) {
        const run = b.load.head.runs.find((r) => r.overloaded);
        return `the head is overloaded: ${loadPhrase(run)}${regressed.length ? ` (and ${regressed.length} metric${regressed.length > 1 ? "s" : ""} regressed)` : ""}${breach}`;
      }
      const m = lead;
      const others = regressed.filter((x) => x !== m).length;
      return `${specLabel(m.spec)} regressed ${valueChange(m)}${others ? ` (and ${others} more metric${others > 1 ? "s" : ""})` : ""}${breach}`;
    }
    case "inconclusive": {
      const undecided2 = b.metrics.filter((m2) => m2.verdict === "inconclusive");
      const otherLoad = undecided2.filter((m2) => m2.reason.code === "operating-point");
      if (otherLoad.length && otherLoad.length === undecided2.length && otherLoad[0].reason.code === "operating-point") {
        return `${otherLoad.length} metric${otherLoad.length === 1 ? "" : "s"} shown, not judged: a different operating point (${otherLoad[0].reason.changes.map((c) => differenceText(c)).join(", ")})${breach}`;
      }
      const better = b.metrics.filter((x) => x.verdict === "improved").sort((x, y) => badness(x) - badness(y));
      if (better.length && !undecided2.some((x) => x.reason.code === "direction-known" && x.reason.direction === "worse")) {
        return `${specLabel(better[0].spec)} improved ${valueChange(better[0])}${better.length > 1 ? ` (and ${better.length - 1} more)` : ""} · no regression found; ${undecided2.length} metric${undecided2.length === 1 ? "" : "s"} undecided${breach}`;
      }
      const m = lead && lead.verdict === "inconclusive" ? lead : leadUndecided(b);
      const more = m && undecided2.length > 1 ? ` (${undecided2.length - 1} more metric${undecided2.length > 2 ? "s" : ""} undecided)` : "";
      if (m?.reason.code === "summary-only")
        return `${specLabel(m.spec)} ${valueChange(m)}: not decidable from summaries${more}${breach}`;
      if (m?.reason.code === "direction-known")
        return `${specLabel(m.spec)} likely ${m.reason.direction}: ${intervalText(m)}, but it could be within the ${minEffectText(m)} minimum effect${more}${breach}`;
      if (m?.reason.code === "too-noisy")
        return `no regression found; ${specLabel(m.spec)} too noisy to rule out a ${minEffectText(m)} change${more}${breach}`;
      const names2 = undecided2.length <= 4 ? undecided2.map((x) => specLabel(x.spec)).join(", ") : `${undecided2.length} metrics`;
      return `inconclusive: the data cannot decide ${names2}${breach}`;
    }
    case "improved": {
      const better = b.metrics.filter((m2) => m2.verdict === "improved");
      const m = lead ?? better[0];
      return `${specLabel(m.spec)} improved ${valueChange(m)}${better.length > 1 ? ` (and ${better.length - 1} more)` : ""}; no regression${breach}`;
    }
    case "unchanged":
      return `unchanged: ${counted} metric${counted === 1 ? "" : "s"} within their minimum effects${breach || (b.metrics.some((m) => m.slos.length) ? " · SLOs met" : "")}`;
  }
}
function valueChange(m) {
  if (!m.base || !m.head) return "";
  const unit = m.spec.metric.unit;
  const change2 = m.change !== null && m.change !== void 0 ? signedPercent(m.change) : signedWithUnit(m.difference ?? 0, unit);
  return `${withUnit(m.base.value, unit)} → ${withUnit(m.head.value, unit)} (${change2})`;
}
function whereTheTimeWent(a) {
  if (!a.dominant) return void 0;
  const share2 = a.phases.find((p) => p.phase === a.dominant);
  if (a.source === "server-histograms")
    return `${PHASE_LABELS[a.dominant]} (${signedWithUnit(share2.delta, "ms")} in the server's mean ${a.spec.metric.label}, from the metrics scrape)`;
  const where = a.tail === "all requests" ? `across all requests' ${a.spec.metric.label}` : `in the ${a.tail} by ${a.spec.metric.label}`;
  return `${PHASE_LABELS[a.dominant]} (${signedWithUnit(share2.delta, "ms")} ${where})`;
}
function leadFix(b, lead) {
  return b.fixes.find((f) => !lead || f.metric === lead.spec.key);
}
function ceilingSentence(fix, lead) {
  if (!Number.isFinite(fix.projected))
    return `${PHASE_LABELS[fix.phase]} back to baseline would cut the mean ${lead.spec.metric.label} by up to ${percent(fix.ceiling)} (Amdahl ceiling)`;
  return `${PHASE_LABELS[fix.phase]} back to baseline would cap ${specLabel(lead.spec)} at ${withUnit(fix.projected, lead.spec.metric.unit)} (Amdahl ceiling ${signedPercent(-fix.ceiling)})${sloTail(fix)}`;
}
function sloTail(fix) {
  return fix.sloReachable === true ? ", inside the SLO" : fix.sloReachable === false ? ", still outside the SLO" : "";
}
function fixSentence(fix, lead) {
  if (!Number.isFinite(fix.projected))
    return `${fix.fix} cuts the mean ${lead.spec.metric.label} by up to ${percent(fix.ceiling)} (Amdahl ceiling; no per-request data to project ${specLabel(lead.spec)})`;
  const label = specLabel(lead.spec);
  return `${fix.fix} caps ${label} at ${withUnit(fix.projected, lead.spec.metric.unit)} (Amdahl ceiling ${signedPercent(-fix.ceiling)})${sloTail(fix)}`;
}
function changeText(m) {
  if (m.difference === void 0) return "—";
  if (!m.interval)
    return m.change !== null && m.change !== void 0 ? `${signedPercent(m.change)} (no interval)` : signedWithUnit(m.difference, m.spec.metric.unit);
  return intervalText(m);
}
function undecidedGroups(b, confidence) {
  const groups = /* @__PURE__ */ new Map();
  const add3 = (key, label, reason) => {
    const g2 = groups.get(key) ?? { labels: [], reason: reason() };
    g2.labels.push(label);
    groups.set(key, g2);
  };
  const family = { size: b.family.size, confidence };
  const noisy = b.metrics.filter((m) => m.verdict === "inconclusive" && m.reason.code === "too-noisy");
  for (const m of b.metrics) {
    if (m.verdict !== "inconclusive") continue;
    const r = m.reason;
    if (r.code === "too-noisy" && !m.uncorrected?.verdict.match(/regressed|improved|unchanged/)) {
      const kind2 = r.runsNeeded ? "runs" : "requests";
      add3(
        `too-noisy|${kind2}`,
        specLabel(m.spec),
        () => noisySentence(noisy.filter((x) => x.reason.code === "too-noisy" && x.reason.runsNeeded === r.runsNeeded))
      );
      continue;
    }
    if (r.code === "summary-only") {
      add3(
        `summary-only|${r.formats.join(",")}|${r.baseRuns}|${r.headRuns}`,
        `${specLabel(m.spec)} ${pointChange(m)}`,
        () => `not decidable from summaries (${summaryOnlyText(r)}`
      );
      continue;
    }
    const text = reasonText(m, family);
    add3(text, specLabel(m.spec), () => text);
  }
  return [...groups.values()];
}
function noisySentence(metrics) {
  const effects = [...new Set(metrics.map((m) => minEffectText(m)))];
  const runs = metrics.every((m) => m.reason.code === "too-noisy" && m.reason.runsNeeded);
  const factors = metrics.map((m) => m.reason.code === "too-noisy" ? m.reason.requestsFactor : null).filter((f) => f !== null);
  const fewest = Math.min(...metrics.map((m) => m.reason.code === "too-noisy" ? m.reason.runs : 1));
  const more = fewest >= 3 ? "more runs per side" : "3 or more runs per side";
  const what = runs ? `${more} would decide: they measure the run-to-run noise that ${fewest === 1 ? "one run" : `${fewest} runs`} per side can only assume, and that allowance alone is wider than the minimum effect` : factors.length ? `about ${compactFactor(Math.min(...factors))}${factors.length > 1 && Math.max(...factors) > Math.min(...factors) * 1.05 ? `–${compactFactor(Math.max(...factors))}` : ""}× the requests per side, or ${more}, would decide` : `more requests or ${more} would decide`;
  return `too noisy to rule out a change of ${effects.join(" or ")} either way (each interval reaches past its minimum effect on both sides of zero); ${what}`;
}
function compactFactor(f) {
  return f < 10 ? String(Number(Math.max(1.1, f).toPrecision(2))) : String(Math.round(f));
}
function changeHeader(b, confidence) {
  return `change (${levelText(b.family.size ? b.family.level : confidence)} interval)`;
}

// src/render/markdown.ts
function renderMarkdown(report2, options = {}) {
  const detail = options.detail ?? "full";
  const parts2 = [];
  if (report2.acceptance) {
    const a = report2.acceptance;
    parts2.push(
      `> ✅ **Accepted** by ${markdownText(a.by, 60)} for \`${a.sha.slice(0, 7).replace(/[^0-9a-f]/gi, "")}\`: ${markdownText(a.reason, 300)}${a.effort ? ` (effort: ${markdownText(a.effort, 60)})` : ""}`
    );
  }
  const missing = missingBenchmarks(report2);
  if (missing.length)
    parts2.push(missing.map((c) => `> ⚠️ **Not compared:** ${markdownText(caveatText(c), 400)}`).join("\n>\n"));
  if (report2.benchmarks.length > 1) parts2.push(overview(report2));
  const shared = report2.benchmarks.length > 1 ? sharedCaveats(report2.benchmarks) : [];
  const context = {
    ...options.repositoryUrl ? { repositoryUrl: options.repositoryUrl } : {},
    ...options.headSha ? { headSha: options.headSha } : {},
    sharedCaveats: new Set(shared.map(caveatKey))
  };
  for (const b of report2.benchmarks) {
    if (report2.benchmarks.length > 1 && b.verdict === "unchanged" && detail !== "full") continue;
    parts2.push(renderBenchmark(b, detail, report2.settings.level, context));
  }
  if (shared.length) parts2.push(caveatsSection(shared, detail, "Caveats for every benchmark"));
  if (report2.profiles && detail !== "minimal")
    parts2.push(details(`<b>Profiles</b>: ${profilesSummary(report2.profiles)}`, profilesSection(report2.profiles)));
  if (detail !== "full")
    parts2.push(
      `Full report with every table: ${options.fullReport ?? `the ${options.summaryUrl ? `[job summary](${options.summaryUrl})` : "job summary of this run"}`}.`
    );
  parts2.push(footer(report2));
  if (options.trailer) parts2.push(options.trailer);
  return parts2.join("\n\n") + "\n";
}
var LIMITS = {
  full: { findings: Infinity, evidence: Infinity, fixes: Infinity, caveats: Infinity },
  compact: { findings: 6, evidence: 3, fixes: 5, caveats: 8 },
  minimal: { findings: 2, evidence: 2, fixes: 2, caveats: 3 }
};
function overview(report2) {
  const counts = /* @__PURE__ */ new Map();
  for (const b of report2.benchmarks) counts.set(b.verdict, (counts.get(b.verdict) ?? 0) + 1);
  const tally = [...counts].map(([v, n]) => `${n} ${v}`).join(", ");
  const rows = report2.benchmarks.map(
    (b) => `| ${VERDICT_ICON[b.verdict]} ${markdownText(b.name)} | ${b.verdict} | ${differsPrefix(b)}${headline(b)} |`
  );
  return [
    `## ${VERDICT_ICON[report2.verdict]} perf-triage: ${report2.benchmarks.length} benchmarks — ${tally}`,
    "",
    "| benchmark | verdict | summary |",
    "|---|---|---|",
    ...rows
  ].join("\n");
}
function renderBenchmark(b, detail, confidence, context) {
  const lead = leadMetric(b);
  const out = [];
  out.push(`### ${differsPrefix(b)}${VERDICT_ICON[b.verdict]} perf-triage · ${markdownText(b.name)}: ${headline(b)}`);
  out.push(`<sub>${subline(b, context)}</sub>`);
  const top = [
    ...b.notLikeForLike.map((d) => `> ⚠️ **Not like-for-like:** ${markdownText(notLikeForLikeSentence(d), 600)}`),
    ...topCaveats(b).map((c) => `> ⚖️ **Batching trade-off:** ${markdownText(caveatText(c), 600)}`)
  ];
  if (top.length) out.push(top.join("\n>\n"));
  const brief = briefLine(b, lead);
  if (brief) out.push(brief);
  out.push(metricsTable(b, detail, confidence));
  const undecided2 = undecidedGroups(b, confidence);
  if (undecided2.length && detail !== "minimal") {
    const labels = undecided2.flatMap((g2) => g2.labels);
    out.push(
      details(
        `<b>Undecided</b>: ${labels.length} metric${labels.length === 1 ? "" : "s"} — what would decide`,
        undecided2.map((g2) => `- ${markdownText(g2.labels.join(", "), 300)}: ${markdownText(g2.reason, 700)}`).join("\n")
      )
    );
  }
  if (b.notJudged.length)
    out.push(`**Not judged across streaming modes:** ${markdownText(notJudgedItems(b).join("; "), 800)}.`);
  const service = b.service && detail !== "minimal" ? serviceSection(b.service) : void 0;
  if (service) out.push(details(`<b>Service</b>: ${serviceSummary(b) ?? "goodput, cost, headroom"}`, service));
  const quality = b.quality && detail !== "minimal" ? qualitySection(b.quality) : void 0;
  if (quality) out.push(quality);
  const leadAttribution = attributionFor(b, lead);
  if (detail !== "minimal") {
    for (const a of orderAttributions(b, leadAttribution).slice(0, MAX_ATTRIBUTIONS)) out.push(attributionSection(a));
  }
  if (b.findings.length) out.push(diagnosisSection(b, detail, lead));
  if (lead && b.fixes.some((f) => f.metric === lead.spec.key))
    out.push(fixesTable(b.fixes.filter((f) => f.metric === lead.spec.key).slice(0, LIMITS[detail].fixes), lead));
  if (b.floor?.ok && detail !== "minimal") out.push(floorSection(b.floor));
  if (b.trends?.length && detail !== "minimal")
    out.push(
      `<details><summary>History from the performance journal</summary>

${b.trends.join("\n\n")}

</details>`
    );
  const caveats = b.caveats.filter((c) => !context.sharedCaveats.has(caveatKey(c)));
  if (caveats.length) out.push(caveatsSection(caveats, detail));
  if (detail === "full") out.push(runsSection(b));
  return out.join("\n\n");
}
function caveatKey(c) {
  return `${c.kind}\0${c.message}`;
}
function subline(b, context) {
  const commit = (sha) => {
    const hex = sha?.replace(/[^0-9a-f]/gi, "");
    if (!hex || hex.length < 7) return "—";
    const short = `\`${hex.slice(0, 7)}\``;
    return context.repositoryUrl && hex.length === 40 ? `[${short}](${context.repositoryUrl}/commit/${hex})` : short;
  };
  const head = context.headSha ?? b.head.meta.commit;
  const parts2 = [];
  if (b.base.meta.commit || head) parts2.push(`baseline ${commit(b.base.meta.commit)} ← this PR ${commit(head)}`);
  parts2.push(
    b.base.runs === b.head.runs ? `${b.base.runs} run${b.base.runs === 1 ? "" : "s"} per side` : `${b.base.runs} baseline run${b.base.runs === 1 ? "" : "s"}, ${b.head.runs} in this PR`
  );
  const count3 = (v) => b.metrics.filter((m) => m.verdict === v).length;
  const tally = [
    ["regressed", count3("regressed")],
    ["improved", count3("improved")],
    ["unchanged", count3("unchanged")],
    ["undecided", count3("inconclusive")]
  ].filter(([, n]) => n).map(([v, n]) => `${n} ${v}`).join(", ");
  parts2.push(`${b.metrics.length} metric${b.metrics.length === 1 ? "" : "s"}: ${tally || "none"}`);
  return parts2.join(" · ");
}
function details(summary, body) {
  return `<details><summary>${summary}</summary>

${body}

</details>`;
}
function profilesSummary(p) {
  const parts2 = [];
  const split2 = p.split;
  if (split2)
    parts2.push(
      `GPU, CPU or waiting: ${[split2.base?.verdict, split2.head?.verdict].filter((v) => v !== void 0).join(" → ")}`
    );
  if (p.kernels) parts2.push("kernel regimes");
  return parts2.join("; ") || "profiler exports";
}
function serviceSummary(b) {
  const g2 = b.service?.goodput;
  return g2?.ok ? `goodput ${percent(g2.base.share)} → ${percent(g2.head.share)} (${g2.verdict})` : void 0;
}
function differsPrefix(b) {
  const differs = notLikeForLikeShort(b.notLikeForLike);
  return differs ? `⚠️ Not like-for-like (${markdownText(differs, 300)}) · ` : "";
}
function briefLine(b, lead) {
  if (b.verdict !== "regressed" || !lead) return void 0;
  const parts2 = [];
  const a = attributionFor(b, lead);
  const where = a && whereTheTimeWent(a);
  if (where) parts2.push(`**Where the time went:** ${where}`);
  const finding2 = leadFinding(b, lead);
  if (finding2) {
    const label = finding2.cause === "workload" ? "**Why (the workload, not the code):**" : "**Why:**";
    parts2.push(
      `${label} \`${finding2.hint}\` — ${markdownText(finding2.title, 200)}${finding2.status === "candidate" ? " (unconfirmed)" : ""}`
    );
  }
  const fix = leadFix(b, lead);
  if (fix && finding2?.cause === "workload")
    parts2.push(`**If this workload is the new normal:** ${markdownText(ceilingSentence(fix, lead), 300)}`);
  else if (fix) parts2.push(`**Do first:** ${markdownText(fixSentence(fix, lead), 300)}`);
  return parts2.join(" · ");
}
function metricsTable(b, detail, confidence) {
  const shown2 = detail === "minimal" ? b.metrics.filter((m) => m.verdict !== "unchanged" || m.slos.length) : b.metrics;
  const hidden = b.metrics.length - shown2.length;
  const rows = shown2.map((m) => {
    const [base, head] = pairWithUnit(m.base?.value, m.head?.value, m.spec.metric.unit);
    return `| ${specLabel(m.spec)} | ${base} | ${head} | ${changeText(m)} | ${sloCell(m)} | ${verdictCell(m)} |`;
  });
  const table2 = [
    `| metric | baseline | this PR | ${changeHeader(b, confidence)} | SLO | verdict |`,
    "|---|---:|---:|---|---|---|",
    ...rows
  ].join("\n");
  const notes2 = [
    tableNote(b, confidence),
    ...hidden ? [`${hidden} more metric${hidden === 1 ? "" : "s"} unchanged`] : []
  ];
  return `${table2}

<sub>${notes2.join(" · ")}</sub>`;
}
function tableNote(b, confidence) {
  const family = b.family.size > 1 && b.family.level !== confidence ? `each interval at ${levelText(b.family.level)}, so the ${b.family.size} labels hold together at ${levelText(confidence)}; ` : "";
  const undecided2 = b.metrics.some((m) => m.verdict === "inconclusive") ? '; "likely worse", "too noisy" and the like are undecided (inconclusive)' : "";
  return `${family}a label is what its interval shows: unchanged inside ± the minimum effect, regressed or improved wholly beyond it${undecided2}`;
}
function sloCell(m) {
  return m.slos.map(
    (s) => `${s.slo.comparator} ${withUnit(s.slo.threshold, m.spec.metric.unit)} ${s.headMet === null ? "❔" : s.headMet ? "✅" : "❌"}${s.marginal ? " (marginal)" : ""}`
  ).join("<br>");
}
function verdictCell(m) {
  if (m.verdict === "regressed" || m.verdict === "improved") return `**${m.verdict}**`;
  return verdictQualifier(m) ?? m.verdict;
}
var MAX_ATTRIBUTIONS = 2;
function sharedCaveats(benchmarks) {
  const [first, ...rest] = benchmarks;
  return first.caveats.filter((c) => rest.every((b) => b.caveats.some((d) => caveatKey(d) === caveatKey(c))));
}
function orderAttributions(b, lead) {
  const withSlo = (a) => b.metrics.some((m) => m.spec.key === a.spec.key && m.slos.length);
  const rest = b.attributions.filter((a) => a !== lead);
  return [...lead ? [lead] : [], ...rest.filter(withSlo), ...rest.filter((a) => !withSlo(a))];
}
function attributionSection(a) {
  const label = specLabel(a.spec);
  const own2 = a.q === 0 ? "own mean" : `own p${Number((a.q * 100).toPrecision(3))}`;
  const summary = `Where the time went — ${label}, ${a.tail} (tail mean ${duration(a.base.mean)} → ${duration(a.head.mean)})`;
  const rows = a.phases.map(
    (p) => `| ${PHASE_LABELS[p.phase]} | ${duration(p.baseMean)} | ${duration(p.headMean)} | ${signedDuration(p.delta)} | ${Math.abs(p.delta) < 0.05 ? "0%" : percent(p.shareOfChange)} | ${percent(p.shareOfHead)} | ${duration(p.basePercentile)} → ${duration(p.headPercentile)} |`
  );
  const table2 = [
    "| phase | baseline | this PR | Δ | share of Δ | share now | " + own2 + " |",
    "|---|---:|---:|---:|---:|---:|---|",
    ...rows
  ].join("\n");
  const note = a.missingPhases.length ? `

Not recorded on both sides: ${a.missingPhases.map((p) => PHASE_LABELS[p]).join(", ")} (their time sits in the remainder).` : "";
  return `<details><summary>${summary}</summary>

${table2}${note}

</details>`;
}
function diagnosisSection(b, detail, lead) {
  const out = [];
  for (const walk2 of detail === "minimal" ? [] : b.walks) {
    const path = walk2.steps.map((s) => `${s.question} **${markdownText(s.answer, 300)}**`);
    out.push(
      `The decision tree for ${walk2.metrics.map((k) => `\`${k}\``).join(", ")} (the method: perf-triage's docs/diagnosis.md):
${path.map((p) => `- ${p}`).join("\n")}`
    );
  }
  const limits = LIMITS[detail];
  out.push(
    b.findings.slice(0, limits.findings).map((f) => findingBlock(f, limits.evidence)).join("\n")
  );
  if (b.findings.length > limits.findings)
    out.push(`${b.findings.length - limits.findings} more finding(s) in the full report.`);
  const first = leadFinding(b, lead);
  const title = first ? `<b>Diagnosis</b>: ${first.phase ? `${PHASE_LABELS[first.phase]} → ` : ""}<code>${first.hint}</code> (${first.status})` : "<b>Diagnosis</b>";
  return details(title, out.join("\n\n"));
}
function findingBlock(f, maxEvidence) {
  const lines = [
    `- ${statusIcon(f)} \`${f.hint}\` (${f.status}, cause: ${f.cause}) — ${markdownText(capitalise(f.title), 200)}`
  ];
  for (const e of f.evidence.slice(0, maxEvidence)) lines.push(`  - ${markdownText(e.text, 400)}`);
  lines.push(`  - **Next check:** ${markdownText(f.nextCheck, 300)}`);
  return lines.join("\n");
}
function statusIcon(f) {
  return f.status === "confirmed" ? "🎯" : f.status === "likely" ? "🔎" : "❔";
}
function fixesTable(fixes, lead) {
  const label = specLabel(lead.spec);
  const unit = lead.spec.metric.unit;
  const rows = fixes.map(
    (f, i) => `| ${i + 1} | ${markdownText(f.fix, 200)} | ${percent(f.share)} | ${f.speedup === Infinity ? "∞" : `×${compact(f.speedup)}`} | ${signedPercent(-f.ceiling)} | ${withUnit(f.projected, unit)}${f.sloReachable === null ? "" : f.sloReachable ? " ✅" : " ❌"} | ${f.effort} |`
  );
  const table2 = [
    `| # | fix | share now | speedup | ceiling on ${label} | ${label} if fixed | effort |`,
    "|---|---|---:|---:|---:|---:|---|",
    ...rows,
    "",
    `<sub>The ceiling is the most ${label} can improve if that phase's time goes back to the baseline (Amdahl's law on its share of the slowest requests); fixes are ordered by that gain per hour of work.</sub>`
  ].join("\n");
  const best = fixes[0];
  return details(
    `<b>Fixes</b>: 1. ${markdownText(best.fix, 120)}, Amdahl ceiling ${signedPercent(-best.ceiling)} (${best.effort})`,
    table2
  );
}
function caveatsSection(caveats, detail, title = "Caveats") {
  const shown2 = caveats.slice(0, LIMITS[detail].caveats);
  const lines = shown2.map((c) => `- \`${c.kind}\`: ${markdownText(caveatText(c), 600)}`);
  if (shown2.length < caveats.length) lines.push(`- … ${caveats.length - shown2.length} more in the job summary`);
  const kinds = [...new Set(caveats.map((c) => c.kind.replace(/-/g, " ")))];
  return details(
    `⚠️ <b>${title}</b> (${caveats.length}): ${kinds.slice(0, 4).join("; ")}${kinds.length > 4 ? "; …" : ""}`,
    lines.join("\n")
  );
}
function runsSection(b) {
  const rows = [b.base, b.head].map((s) => sideRow(s));
  const changes = b.configChanges.length ? `

Configuration changes: ${b.configChanges.map((c) => `\`${codeText(c.key, 60)}\` ${markdownText(String(c.base ?? "(unset)"), 60)} → ${markdownText(String(c.head ?? "(unset)"), 60)}`).join(", ")}` : "\n\nConfiguration: no differences in the recorded engine settings.";
  const w = b.workload;
  const workload = [];
  if (w.arrivalRate)
    workload.push(`arrivals ${compact(w.arrivalRate.baseRate)} → ${compact(w.arrivalRate.headRate)} req/s`);
  if (w.prompt)
    workload.push(
      `prompt median ${grouped(w.prompt.baseMedian)} → ${grouped(w.prompt.headMedian)} tokens (KS p ${w.prompt.pValue < 1e-3 ? "< 0.001" : w.prompt.pValue.toFixed(2)})`
    );
  if (w.output) workload.push(`output median ${grouped(w.output.baseMedian)} → ${grouped(w.output.headMedian)} tokens`);
  if (w.baseConcurrency !== void 0 && w.headConcurrency !== void 0)
    workload.push(`mean in flight ${compact(w.baseConcurrency)} → ${compact(w.headConcurrency)}`);
  const costs = b.likeForLike.length ? [
    "",
    "Like-for-like costs (matched load and request size; they do not move with the workload):",
    "",
    "| cost | change, matched | unmatched | requests in agreeing strata |",
    "|---|---:|---:|---:|",
    ...b.likeForLike.map(
      (c) => `| ${c.label} | ${signedPercent(c.change)}${c.changed ? " ⚠️" : ""} | ${signedPercent(c.rawChange)} | ${percent(c.agreement)} of ${c.bins} strata |`
    )
  ].join("\n") : "";
  return [
    "<details><summary>Runs compared</summary>",
    "",
    "| side | commit | runs | requests | failed | files |",
    "|---|---|---:|---:|---:|---|",
    ...rows,
    changes,
    workload.length ? `
Workload: ${workload.join("; ")}.` : "",
    costs,
    "",
    "</details>"
  ].join("\n");
}
function sideRow(s) {
  const files = s.sources.map((f) => `\`${codeText(f.file, 80)}\` (${f.format}${f.skipped ? `, ${grouped(f.skipped)} skipped` : ""})`).join(", ");
  return `| ${s.label === "base" ? "baseline" : "this PR"} | ${s.meta.commit ? `\`${codeText(s.meta.commit, 40)}\`` : "—"} | ${s.runs} | ${grouped(s.requests)} | ${grouped(s.failed)} | ${files} |`;
}
function footer(report2) {
  const s = report2.settings;
  return `<sub>perf-triage v${report2.tool.version} · ${grouped(s.resamples)} block-bootstrap resamples, seed ${s.seed}, labels together at ${levelText(s.level)} · how it decides: docs/statistics.md and docs/diagnosis.md in perf-triage${noiseFooter(report2)}</sub>`;
}

// src/render/text.ts
var TEXT_ICON = {
  regressed: "REGRESSED",
  inconclusive: "INCONCLUSIVE",
  improved: "IMPROVED",
  unchanged: "OK"
};
function renderText(report2) {
  const out = [];
  const missing = missingBenchmarks(report2);
  if (missing.length) out.push(missing.map((c) => `NOT COMPARED  ${plainText(caveatText(c), 400)}`).join("\n"));
  for (const b of report2.benchmarks) out.push(renderBenchmark2(b, report2.settings.level));
  if (report2.profiles) out.push(profilesText(report2.profiles));
  for (const sentence2 of noiseSentences(report2)) out.push(sentence2);
  out.push(
    `perf-triage v${report2.tool.version} · seed ${report2.settings.seed} · ${report2.settings.resamples} resamples · outcome: ${report2.outcome.fail ? "FAIL" : "pass"}${report2.outcome.reasons.length ? ` (${report2.outcome.reasons.map((r) => plainText(r, 300)).join("; ")})` : ""}`
  );
  return out.join("\n\n") + "\n";
}
function renderBenchmark2(b, confidence) {
  const out = [];
  const lead = leadMetric(b);
  const differs = notLikeForLikeShort(b.notLikeForLike);
  out.push(
    `${differs ? `NOT LIKE-FOR-LIKE (${plainText(differs, 300)}) · ` : ""}${TEXT_ICON[b.verdict]}  ${plainText(b.name)}: ${headline(b).replace(/`/g, "")}`
  );
  for (const d of b.notLikeForLike) out.push(`  Not like-for-like: ${plainText(notLikeForLikeSentence(d), 600)}`);
  for (const c of topCaveats(b)) out.push(`  Batching trade-off: ${plainText(caveatText(c), 600)}`);
  if (b.verdict === "regressed" && lead) {
    const a = attributionFor(b, lead);
    const where = a && whereTheTimeWent(a);
    if (where) out.push(`  Where the time went: ${where}`);
    const finding2 = leadFinding(b, lead);
    if (finding2)
      out.push(
        `  Why${finding2.cause === "workload" ? " (the workload, not the code)" : ""}: [${finding2.hint}] ${plainText(finding2.title, 200)}`
      );
    const fix = leadFix(b, lead);
    if (fix && finding2?.cause === "workload")
      out.push(`  If this workload is the new normal: ${plainText(ceilingSentence(fix, lead), 300)}`);
    else if (fix) out.push(`  Do first: ${plainText(fixSentence(fix, lead), 300)}`);
  }
  out.push(
    table(
      ["metric", "baseline", "this PR", changeHeader(b, confidence), "SLO", "verdict"],
      b.metrics.map((m) => {
        const qualifier = verdictQualifier(m);
        const [base, head] = pairWithUnit(m.base?.value, m.head?.value, m.spec.metric.unit);
        return [
          specLabel(m.spec),
          base,
          head,
          changeText(m),
          slo(m),
          qualifier ? `${m.verdict} (${qualifier})` : m.verdict
        ];
      }),
      [false, true, true, false, false, false]
    )
  );
  if (b.family.size > 1 && b.family.level !== confidence)
    out.push(
      `  intervals at ${levelText(b.family.level)} each, so the ${b.family.size} labels hold together at ${levelText(confidence)}`
    );
  for (const g2 of undecidedGroups(b, confidence))
    out.push(`  inconclusive, ${g2.labels.join(", ")}: ${plainText(g2.reason, 700)}`);
  if (b.notJudged.length)
    out.push(`  not judged across streaming modes: ${plainText(notJudgedItems(b).join("; "), 800)}`);
  if (b.quality?.scores) out.push(`  quality, eval scores: ${plainText(b.quality.scores.sentence, 300)}`);
  if (b.quality?.generations)
    out.push(`  quality, paired generations: ${plainText(b.quality.generations.sentence, 300)}`);
  const service = b.service ? serviceRows(b.service).rows : [];
  if (service.length)
    out.push(
      table(
        ["service", "baseline", "this PR", "change"],
        service.map((r) => [
          plainText(r.label, 80),
          plainText(r.base, 60),
          plainText(r.head, 60),
          plainText(r.change, 80)
        ]),
        [false, true, true, false]
      )
    );
  for (const a of b.attributions) {
    out.push(
      `Where the time went — ${specLabel(a.spec)}, ${a.tail} (tail mean ${duration(a.base.mean)} → ${duration(a.head.mean)})`
    );
    out.push(
      table(
        ["phase", "baseline", "this PR", "Δ", "share of Δ", "share now"],
        a.phases.map((p) => [
          PHASE_LABELS[p.phase],
          duration(p.baseMean),
          duration(p.headMean),
          signedDuration(p.delta),
          percent(p.shareOfChange),
          percent(p.shareOfHead)
        ]),
        [false, true, true, true, true, true]
      )
    );
  }
  for (const walk2 of b.walks) {
    out.push(
      `Diagnosis for ${walk2.metrics.join(", ")}:
${walk2.steps.map((s) => `  ${s.question} ${plainText(s.answer, 300)}`).join("\n")}`
    );
  }
  for (const f of b.findings) {
    const lines = [`  [${f.hint}] (${f.status}, cause: ${f.cause}) ${plainText(capitalise(f.title), 200)}`];
    for (const e of f.evidence) lines.push(`      - ${plainText(e.text, 400)}`);
    lines.push(`      next check: ${plainText(f.nextCheck, 300)}`);
    out.push(lines.join("\n"));
  }
  const fixes = lead ? b.fixes.filter((f) => f.metric === lead.spec.key) : [];
  if (fixes.length && lead) {
    out.push(`Fixes ranked by gain per effort (Amdahl ceiling per hour of work) on ${specLabel(lead.spec)}:`);
    out.push(
      table(
        ["#", "fix", "share", "speedup", "ceiling", "if fixed", "effort"],
        fixes.map((f, i) => [
          String(i + 1),
          plainText(f.fix, 80),
          percent(f.share),
          f.speedup === Infinity ? "inf" : `x${compact(f.speedup)}`,
          signedPercent(-f.ceiling),
          withUnit(f.projected, lead.spec.metric.unit),
          f.effort
        ]),
        [true, false, true, true, true, true, false]
      )
    );
  }
  if (b.floor?.ok) out.push(`Decode floor: ${plainText(b.floor.sentence, 500)}`);
  if (b.caveats.length)
    out.push(`Caveats:
${b.caveats.map((c) => `  - ${c.kind}: ${plainText(caveatText(c), 600)}`).join("\n")}`);
  return out.join("\n");
}
function slo(m) {
  return m.slos.map(
    (s) => `${s.slo.comparator} ${withUnit(s.slo.threshold, m.spec.metric.unit)} ${s.headMet === null ? "not measurable" : s.headMet ? "met" : "BREACHED"}${s.marginal ? " (marginal)" : ""}`
  ).join("; ");
}
function table(header, rows, right) {
  const widths = header.map((h, c) => Math.max([...h].length, ...rows.map((r) => [...r[c]].length)));
  const line = (cells) => "  " + cells.map((cell3, c) => {
    const pad = " ".repeat(widths[c] - [...cell3].length);
    return right[c] ? pad + cell3 : cell3 + pad;
  }).join("  ").trimEnd();
  return [line(header), "  " + widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}
function profilesText(p) {
  const out = [];
  const split2 = p.split;
  if (split2) {
    const sides = [
      ...split2.base ? [["baseline", split2.base]] : [],
      ...split2.head ? [["this PR", split2.head]] : []
    ];
    out.push("Profile: GPU, CPU or waiting?");
    out.push(
      table(
        ["side", "wall", "CPU", "GPU", "comm.", "idle", "verdict"],
        sides.map(([label, s]) => [
          label,
          Number.isNaN(s.wallMs) ? "?" : duration(s.wallMs),
          Number.isNaN(s.cpuMs) ? "?" : duration(s.cpuMs),
          Number.isNaN(s.gpuMs) ? "?" : `${duration(s.gpuMs)}${s.gpuTimeKind === "sum" ? " (sum)" : ""}`,
          s.collectiveMs > 0 ? duration(s.collectiveMs) : "—",
          Number.isNaN(s.idleMs) ? "—" : duration(s.idleMs),
          s.verdict
        ]),
        [false, true, true, true, true, true, false]
      )
    );
    if (split2.comparison) out.push(`  ${plainText(split2.comparison.conclusion, 400)}`);
    const k = split2.kernels;
    if (k) {
      out.push(
        `  kernel time per step ${duration(k.total.base)} → ${duration(k.total.head)} (${signedPercent(k.total.ratio)}): ${k.slower} kernel(s) slower, ${k.faster} faster by 5% or more, ${k.onlyBase.length} gone, ${k.onlyHead.length} new`
      );
      const families = k.families.filter((f) => Math.abs(f.ratio) >= 0.05 || f.base === 0 || f.head === 0).slice(0, 4);
      const names2 = shortNames(
        families.map((f) => f.name),
        48
      );
      for (const f of families)
        out.push(
          `    ${plainText(names2.get(f.name), 60)}: ${duration(f.base)} → ${duration(f.head)}${Number.isNaN(f.ratio) ? "" : ` (${signedPercent(f.ratio)})`}`
        );
    }
    const shown2 = split2.head ?? split2.base;
    if (shown2.threads.length > 1)
      out.push(
        `  host threads busy per step: ${shown2.threads.slice(0, 4).map((t) => `${plainText(t.name || t.thread, 60)}${t.main ? " (main)" : ""} ${duration(t.busyMs)}`).join(", ")}`
      );
    for (const c of shown2.candidates.filter((x) => x.evidence === "present" || x.evidence === "measured"))
      out.push(
        `  waiting on ${c.cause} (${c.evidence}): ${plainText(c.detail, 300)} To confirm: ${plainText(c.nextCheck, 300)}`
      );
  }
  if (p.kernels) {
    const c = p.kernels.comparison;
    const names2 = shortNames([
      ...p.kernels.top.map((k) => k.name),
      ...c ? [...c.kernels, ...c.shapeChanged].map((x) => x.name) : []
    ]);
    const name = (n) => plainText(names2.get(n) ?? n, 80);
    out.push("Kernels: which regime?");
    out.push(
      table(
        ["kernel", "grid", "time", "share", "regime"],
        p.kernels.top.map((k) => [
          name(k.name),
          plainText(k.grid || "—", 20),
          Number.isNaN(k.ms) ? "—" : duration(k.ms),
          Number.isNaN(k.share) ? "—" : percent(k.share),
          `${k.regime ?? "unknown"}${k.regime === "memory-bound" && k.unit && k.unit !== "DRAM" ? ` (${k.unit})` : ""}`
        ]),
        [false, false, true, true, false]
      )
    );
    for (const k of c?.kernels.filter((x) => x.notes.length).slice(0, 5) ?? [])
      out.push(`  ${name(k.name)}: ${k.notes.map((n) => plainText(n, 200)).join("; ")}`);
    for (const x of c?.shapeChanged.slice(0, 5) ?? [])
      out.push(
        `  ${name(x.name)}: another launch shape (grid ${plainText(x.base.grid || "?", 20)} → ${plainText(x.head.grid || "?", 20)}), durations not compared`
      );
  }
  return out.join("\n");
}

// src/ingest/source.ts
function textSource(name, text, chunkSize = 64 * 1024) {
  return {
    name,
    head: text.slice(0, 16 * 1024),
    async *chunks() {
      for (let i = 0; i < text.length; i += chunkSize) yield text.slice(i, i + chunkSize);
    }
  };
}

// src/sim/engine.ts
function createTimeline(w) {
  const n = w.count;
  const readyMs = new Float64Array(n);
  for (let i = 0; i < n; i++) readyMs[i] = w.arrivalMs[i] + w.tokenizeMs[i];
  return {
    readyMs,
    admitMs: new Float64Array(n),
    firstTokenMs: new Float64Array(n),
    lastTokenMs: new Float64Array(n),
    batchAtAdmission: new Int32Array(n),
    cacheHitTokens: new Int32Array(n),
    itlP50: new Float64Array(n),
    itlP99: new Float64Array(n)
  };
}
function runEngine(s, w, tl, hooks) {
  const e = s.engine;
  const n = w.count;
  const maxSeqs = e.maxNumSeqs;
  const bs = e.blockSize;
  const budgetCap = e.maxNumBatchedTokens;
  const chunkCap = e.chunkedPrefill && e.longPrefillTokenThreshold ? e.longPrefillTokenThreshold : Infinity;
  const kernel = e.decodeKernelFactor ?? 1;
  const interval = e.schedulerIntervalMs ?? 0;
  const jitterSigma = e.stepJitter ?? 0;
  const jitter = createRng(deriveSeed(s.seed, "jitter"));
  const runSpeed = Math.exp((e.runSpeedSigma ?? 0) * createRng(deriveSeed(s.seed, "machine")).normal());
  const prefixBlocks = e.prefixCaching ? Math.floor(s.prompt.sharedPrefixTokens / bs) : 0;
  const readyMs = tl.readyMs;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => readyMs[a] - readyMs[b] || a - b);
  const maxGaps = Math.max(1, s.output.maxTokens - 1);
  const gapBuf = new Float64Array(maxSeqs * maxGaps);
  const slotReq = new Int32Array(maxSeqs);
  const slotRemaining = new Int32Array(maxSeqs);
  const slotGen = new Int32Array(maxSeqs);
  const slotBlocks = new Int32Array(maxSeqs);
  const slotLastTok = new Float64Array(maxSeqs);
  const freeSlots = new Int32Array(maxSeqs);
  let freeCount = maxSeqs;
  for (let k = 0; k < maxSeqs; k++) freeSlots[k] = maxSeqs - 1 - k;
  const prefilling = new Int32Array(maxSeqs);
  const chunk = new Int32Array(maxSeqs);
  let prefillLen = 0;
  const decoding = new Int32Array(maxSeqs);
  let decodeLen = 0;
  let sumCtx = 0;
  let freeBlocks = e.kvBlocks;
  let cachePopulated = false;
  let nextTick = 0;
  let wHead = 0;
  let finished = 0;
  let t = 0;
  const finish2 = (slot) => {
    const i = slotReq[slot];
    const gaps = slotGen[slot] - 1;
    tl.lastTokenMs[i] = slotLastTok[slot];
    if (gaps > 0) {
      const sorted = gapBuf.subarray(slot * maxGaps, slot * maxGaps + gaps).sort();
      tl.itlP50[i] = quantileSorted(sorted, 0.5);
      tl.itlP99[i] = quantileSorted(sorted, 0.99);
    }
    freeBlocks += slotBlocks[slot];
    freeSlots[freeCount++] = slot;
    finished++;
    hooks.onFinish(i);
  };
  const tryAdmit = (maxUncached) => {
    if (wHead >= n || freeCount === 0) return -1;
    const i = order[wHead];
    if (readyMs[i] > t) return -1;
    const prompt = w.promptTokens[i];
    let hit = 0;
    if (cachePopulated && w.hasPrefix[i] === 1) hit = Math.min(prefixBlocks, Math.floor((prompt - 1) / bs)) * bs;
    const need = Math.ceil((prompt + w.outputTokens[i]) / bs) - hit / bs;
    if (need > freeBlocks || prompt - hit > maxUncached) return -1;
    const slot = freeSlots[--freeCount];
    freeBlocks -= need;
    slotReq[slot] = i;
    slotBlocks[slot] = need;
    slotRemaining[slot] = prompt - hit;
    slotGen[slot] = 0;
    tl.cacheHitTokens[i] = hit;
    tl.admitMs[i] = t;
    tl.batchAtAdmission[i] = decodeLen + prefillLen + 1;
    wHead++;
    return slot;
  };
  while (finished < n) {
    const admitting = interval === 0 || t >= nextTick;
    if (admitting && interval > 0) nextTick = (Math.floor(t / interval) + 1) * interval;
    let prefillTokens = 0;
    let scheduled = 0;
    let doDecode;
    if (e.chunkedPrefill) {
      let budget = Math.max(0, budgetCap - decodeLen);
      for (; scheduled < prefillLen && budget > 0; scheduled++) {
        const c = Math.min(slotRemaining[prefilling[scheduled]], chunkCap, budget);
        chunk[scheduled] = c;
        budget -= c;
        prefillTokens += c;
      }
      if (admitting && scheduled === prefillLen) {
        while (budget > 0) {
          const slot = tryAdmit(Infinity);
          if (slot < 0) break;
          const c = Math.min(slotRemaining[slot], chunkCap, budget);
          prefilling[prefillLen++] = slot;
          chunk[scheduled++] = c;
          budget -= c;
          prefillTokens += c;
        }
      }
      doDecode = decodeLen > 0;
    } else {
      if (admitting) {
        for (; ; ) {
          const slot = tryAdmit(scheduled === 0 ? Infinity : budgetCap - prefillTokens);
          if (slot < 0) break;
          prefilling[prefillLen++] = slot;
          chunk[scheduled++] = slotRemaining[slot];
          prefillTokens += slotRemaining[slot];
        }
      }
      doDecode = scheduled === 0 && decodeLen > 0;
    }
    if (!doDecode && scheduled === 0) {
      t = idleUntil(t);
      continue;
    }
    let finishing = 0;
    for (let k = 0; k < scheduled; k++) if (chunk[k] === slotRemaining[prefilling[k]]) finishing++;
    const decodeN = doDecode ? decodeLen : 0;
    const decodeCtx = doDecode ? sumCtx : 0;
    const computeMs = (e.decodeStepBaseMs + e.decodeStepPerSeqMs * decodeN + e.decodeStepPerKvTokenMs * decodeCtx) * kernel + e.prefillMsPerToken * prefillTokens + e.prefillFixedMs * finishing;
    const noise = jitterSigma > 0 ? Math.exp(jitterSigma * jitter.normal()) : 1;
    const tEnd = t + computeMs * runSpeed * noise;
    if (doDecode) {
      for (let d = decodeLen - 1; d >= 0; d--) {
        const slot = decoding[d];
        gapBuf[slot * maxGaps + slotGen[slot] - 1] = tEnd - slotLastTok[slot];
        slotLastTok[slot] = tEnd;
        slotGen[slot]++;
        const i = slotReq[slot];
        if (slotGen[slot] >= w.outputTokens[i]) {
          sumCtx -= w.promptTokens[i] + slotGen[slot] - 1;
          decoding[d] = decoding[--decodeLen];
          finish2(slot);
        }
      }
      sumCtx += decodeLen;
    }
    let kept = 0;
    for (let k = 0; k < prefillLen; k++) {
      const slot = prefilling[k];
      if (k < scheduled) slotRemaining[slot] -= chunk[k];
      if (slotRemaining[slot] > 0) {
        prefilling[kept++] = slot;
        continue;
      }
      const i = slotReq[slot];
      tl.firstTokenMs[i] = tEnd;
      slotLastTok[slot] = tEnd;
      slotGen[slot] = 1;
      if (!cachePopulated && prefixBlocks > 0 && w.hasPrefix[i] === 1 && freeBlocks >= prefixBlocks) {
        cachePopulated = true;
        freeBlocks -= prefixBlocks;
      }
      if (w.outputTokens[i] <= 1) {
        finish2(slot);
      } else {
        decoding[decodeLen++] = slot;
        sumCtx += w.promptTokens[i] + 1;
      }
    }
    prefillLen = kept;
    t = tEnd;
    hooks.onStepEnd(t);
  }
  function idleUntil(now) {
    if (wHead >= n) throw new Error("simulator stalled with requests still running");
    let target = Math.max(now, readyMs[order[wHead]]);
    if (interval > 0) target = Math.max(nextTick, Math.ceil(target / interval) * interval);
    if (target <= now) throw new Error("simulator stalled: the next request cannot be admitted on an idle engine");
    return target;
  }
}

// src/sim/heap.ts
var MinHeap = class {
  ids;
  keys;
  count = 0;
  constructor(capacity = 64) {
    this.ids = new Int32Array(Math.max(4, capacity));
    this.keys = new Float64Array(Math.max(4, capacity));
  }
  get size() {
    return this.count;
  }
  /** Smallest key, or +Infinity when empty. */
  peekKey() {
    return this.count > 0 ? this.keys[0] : Infinity;
  }
  push(id, key) {
    if (this.count === this.ids.length) this.grow();
    let i = this.count++;
    while (i > 0) {
      const parent = i - 1 >> 1;
      if (!this.less(key, id, this.keys[parent], this.ids[parent])) break;
      this.ids[i] = this.ids[parent];
      this.keys[i] = this.keys[parent];
      i = parent;
    }
    this.ids[i] = id;
    this.keys[i] = key;
  }
  /** Removes and returns the id with the smallest key; -1 when empty. */
  pop() {
    if (this.count === 0) return -1;
    const top = this.ids[0];
    const lastId = this.ids[--this.count];
    const lastKey = this.keys[this.count];
    let i = 0;
    for (; ; ) {
      const left = 2 * i + 1;
      if (left >= this.count) break;
      const right = left + 1;
      const child = right < this.count && this.less(this.keys[right], this.ids[right], this.keys[left], this.ids[left]) ? right : left;
      if (!this.less(this.keys[child], this.ids[child], lastKey, lastId)) break;
      this.ids[i] = this.ids[child];
      this.keys[i] = this.keys[child];
      i = child;
    }
    this.ids[i] = lastId;
    this.keys[i] = lastKey;
    return top;
  }
  less(ka, ia, kb, ib) {
    return ka < kb || ka === kb && ia < ib;
  }
  grow() {
    const ids = new Int32Array(this.ids.length * 2);
    const keys = new Float64Array(this.keys.length * 2);
    ids.set(this.ids);
    keys.set(this.keys);
    this.ids = ids;
    this.keys = keys;
  }
};

// src/sim/metadata.ts
var SIM_HARDWARE = "1x NVIDIA H100 80GB HBM3 (simulated)";
function buildMetadata(s) {
  const e = s.engine;
  const config = {
    max_num_seqs: e.maxNumSeqs,
    max_num_batched_tokens: e.maxNumBatchedTokens,
    enable_chunked_prefill: e.chunkedPrefill,
    enable_prefix_caching: e.prefixCaching,
    num_gpu_blocks: e.kvBlocks,
    block_size: e.blockSize
  };
  if (e.longPrefillTokenThreshold) config.long_prefill_token_threshold = e.longPrefillTokenThreshold;
  const burst = s.arrival.burstiness ?? 0;
  const arrivals = burst > 0 ? `gamma arrivals (burstiness ${burst})` : "poisson arrivals";
  const workload = `synthetic chat traffic, ${arrivals} at ${s.arrival.ratePerSec} req/s, ${s.requests} requests, ${s.tenants.length} tenants`;
  return { benchmark: s.name, config, hardware: SIM_HARDWARE, model: s.modelVersion, workload };
}

// src/sim/records.ts
var SIM_EPOCH_S = 176e7;
var ms = (x) => Math.round(x * 1e3) / 1e3;
function detokenizeMs(s, outputTokens) {
  const e = s.engine;
  return e.detokenizeMsPerToken * outputTokens + (e.detokenizeQuadratic ?? 0) * outputTokens * outputTokens;
}
function completionMs(s, w, tl, i) {
  return tl.lastTokenMs[i] + w.sampleMs[i] + detokenizeMs(s, w.outputTokens[i]);
}
function buildRecord(s, w, tl, i) {
  const tokenize = ms(w.tokenizeMs[i]);
  const queue = ms(tl.admitMs[i] - tl.readyMs[i]);
  const prefill = ms(tl.firstTokenMs[i] - tl.admitMs[i]);
  const firstToken = ms(tokenize + queue + prefill + ms(w.sampleMs[i]));
  const decode = ms(tl.lastTokenMs[i] - tl.firstTokenMs[i]);
  const detokenize = ms(detokenizeMs(s, w.outputTokens[i]));
  const prompt = w.promptTokens[i];
  const output = w.outputTokens[i];
  const record3 = {
    request_id: `req-${String(i).padStart(6, "0")}`,
    arrival_ts: Math.round((SIM_EPOCH_S + w.arrivalMs[i] / 1e3) * 1e6) / 1e6,
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
    tenant: s.tenants[w.tenant[i]] ?? "default"
  };
  if (s.network) {
    const network = ms(w.networkMs[i]);
    record3.client_first_token_ms = ms(firstToken + network + ms(w.proxyMs[i]));
    record3.network_ms = network;
  }
  return record3;
}

// src/sim/validate.ts
function validateScenario(s) {
  const e = s.engine;
  const fail = (field, why) => {
    throw new Error(`scenario "${s.name}": ${field} ${why}`);
  };
  if (!Number.isInteger(s.requests) || s.requests < 0) fail("requests", "must be a non-negative integer");
  if (!(s.arrival.ratePerSec > 0)) fail("arrival.ratePerSec", "must be > 0");
  if (!Number.isInteger(e.maxNumSeqs) || e.maxNumSeqs < 1) fail("engine.maxNumSeqs", "must be an integer >= 1");
  if (!(e.maxNumBatchedTokens >= e.maxNumSeqs + 1))
    fail("engine.maxNumBatchedTokens", "must exceed maxNumSeqs (decodes take one token each)");
  if (!Number.isInteger(e.blockSize) || e.blockSize < 1) fail("engine.blockSize", "must be an integer >= 1");
  if (s.prompt.maxTokens < 1 || s.output.maxTokens < 1) fail("prompt/output.maxTokens", "must be >= 1");
  const worst2 = Math.ceil((s.prompt.maxTokens + s.output.maxTokens) / e.blockSize);
  const prefixBlocks = Math.floor(s.prompt.sharedPrefixTokens / e.blockSize);
  if (e.kvBlocks < worst2 + prefixBlocks)
    fail("engine.kvBlocks", `must hold the longest request (${worst2 + prefixBlocks} blocks)`);
  if (s.engine.schedulerIntervalMs !== void 0 && !(s.engine.schedulerIntervalMs > 0))
    fail("engine.schedulerIntervalMs", "must be > 0 when set");
}

// src/sim/distributions.ts
function lognormalFromZ(median2, sigma, z2) {
  return median2 * Math.exp(sigma * z2);
}
function gamma(rng, shape, scale) {
  if (shape < 1) {
    let u = rng.next();
    while (u === 0) u = rng.next();
    return gamma(rng, shape + 1, scale) * Math.pow(u, 1 / shape);
  }
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (; ; ) {
    let x;
    let v;
    do {
      x = rng.normal();
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = rng.next();
    if (u < 1 - 0.0331 * x * x * x * x) return d * v * scale;
    if (Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v * scale;
  }
}
function interArrivalMs(rng, ratePerSec, burstiness) {
  const meanMs = 1e3 / ratePerSec;
  if (!(burstiness > 0)) return rng.exponential(meanMs);
  const shape = 1 / (1 + burstiness);
  return gamma(rng, shape, meanMs / shape);
}
function clampRound(value4, min, max) {
  return Math.min(max, Math.max(min, Math.round(value4)));
}

// src/sim/workload.ts
var TOKENIZE_NOISE_SIGMA = 0.08;
var SAMPLE_NOISE_SIGMA = 0.1;
function generateWorkload(s) {
  const n = s.requests;
  const arrivalMs = new Float64Array(n);
  const promptTokens = new Int32Array(n);
  const outputTokens = new Int32Array(n);
  const hasPrefix = new Uint8Array(n);
  const tenant = new Int32Array(n);
  const tokenizeMs = new Float64Array(n);
  const sampleMs = new Float64Array(n);
  const networkMs2 = new Float64Array(n);
  const proxyMs = new Float64Array(n);
  const arrivals = createRng(deriveSeed(s.seed, "arrivals"));
  const prompts = createRng(deriveSeed(s.seed, "prompts"));
  const outputs = createRng(deriveSeed(s.seed, "outputs"));
  const tenants = createRng(deriveSeed(s.seed, "tenants"));
  const tokenize = createRng(deriveSeed(s.seed, "tokenize"));
  const sample = createRng(deriveSeed(s.seed, "sample"));
  const network = createRng(deriveSeed(s.seed, "network"));
  const p = s.prompt;
  const longShare = p.longShare ?? 0;
  const longMedian = p.longMedianTokens ?? p.medianTokens * 4;
  const userMedian = Math.max(p.medianTokens - p.sharedPrefixTokens, p.medianTokens * 0.1);
  const burstiness = s.arrival.burstiness ?? 0;
  const e = s.engine;
  let t = 0;
  for (let i = 0; i < n; i++) {
    t += interArrivalMs(arrivals, s.arrival.ratePerSec, burstiness);
    arrivalMs[i] = t;
    const uLong = prompts.next();
    const uPrefix = prompts.next();
    const z2 = prompts.normal();
    let len;
    if (uLong < longShare) {
      len = lognormalFromZ(longMedian, p.sigma, z2);
    } else if (p.sharedPrefixTokens > 0 && uPrefix < p.sharedPrefixShare) {
      len = p.sharedPrefixTokens + Math.max(1, lognormalFromZ(userMedian, p.sigma, z2));
      hasPrefix[i] = 1;
    } else {
      len = lognormalFromZ(p.medianTokens, p.sigma, z2);
    }
    promptTokens[i] = clampRound(len, 1, p.maxTokens);
    if (promptTokens[i] <= p.sharedPrefixTokens) hasPrefix[i] = 0;
    outputTokens[i] = clampRound(
      lognormalFromZ(s.output.medianTokens, s.output.sigma, outputs.normal()),
      1,
      s.output.maxTokens
    );
    tenant[i] = tenants.int(Math.max(1, s.tenants.length));
    tokenizeMs[i] = (e.tokenizeFixedMs + e.tokenizeMsPerToken * promptTokens[i]) * Math.exp(TOKENIZE_NOISE_SIGMA * tokenize.normal());
    sampleMs[i] = e.sampleMs * Math.exp(SAMPLE_NOISE_SIGMA * sample.normal());
    const zNet = network.normal();
    networkMs2[i] = s.network ? Math.max(0, s.network.meanMs + s.network.jitterMs * zNet) : NaN;
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
    networkMs: networkMs2,
    proxyMs
  };
}

// src/sim/simulate.ts
function simulate(scenario, onRecord) {
  validateScenario(scenario);
  const w = generateWorkload(scenario);
  const tl = createTimeline(w);
  const pending = new MinHeap(Math.max(16, scenario.engine.maxNumSeqs * 2));
  const failed2 = failedRequests(scenario, w.count);
  const emit2 = (i) => {
    const record3 = buildRecord(scenario, w, tl, i);
    if (failed2[i]) record3.error = scenario.failures.error;
    onRecord(record3);
  };
  runEngine(scenario, w, tl, {
    onFinish: (i) => pending.push(i, completionMs(scenario, w, tl, i)),
    // Anything completing by now is final: later finishers produce their last token after this step.
    onStepEnd: (now) => {
      while (pending.peekKey() <= now) emit2(pending.pop());
    }
  });
  while (pending.size > 0) emit2(pending.pop());
  return buildMetadata(scenario);
}
function failedRequests(s, n) {
  const out = new Uint8Array(n);
  if (!s.failures || !(s.failures.share > 0)) return out;
  const rng = createRng(deriveSeed(s.seed, "failures"));
  for (let i = 0; i < n; i++) out[i] = rng.next() < s.failures.share ? 1 : 0;
  return out;
}
function simulateToJsonl(scenario) {
  const lines = [];
  const metadata = simulate(scenario, (r) => lines.push(JSON.stringify(r)));
  return `${JSON.stringify({ metadata })}
${lines.join("\n")}${lines.length > 0 ? "\n" : ""}`;
}

// src/sim/scenarios.ts
function baseScenario(seed, requests = 2e3) {
  return {
    name: "llama-8b-serving",
    seed,
    requests,
    arrival: { ratePerSec: 4, burstiness: 0.5 },
    prompt: {
      medianTokens: 1500,
      sigma: 0.5,
      maxTokens: 16e3,
      longShare: 0.02,
      longMedianTokens: 1e4,
      sharedPrefixTokens: 1024,
      sharedPrefixShare: 0.93
    },
    output: { medianTokens: 200, sigma: 0.6, maxTokens: 2048 },
    engine: {
      maxNumSeqs: 64,
      maxNumBatchedTokens: 2048,
      chunkedPrefill: true,
      longPrefillTokenThreshold: 512,
      prefixCaching: true,
      kvBlocks: 26e3,
      blockSize: 16,
      prefillMsPerToken: 0.04,
      prefillFixedMs: 1.5,
      decodeStepBaseMs: 11.5,
      decodeStepPerSeqMs: 0.1,
      decodeStepPerKvTokenMs: 5e-5,
      sampleMs: 1.5,
      tokenizeMsPerToken: 4e-3,
      tokenizeFixedMs: 0.3,
      detokenizeMsPerToken: 0.01,
      stepJitter: 0.04,
      runSpeedSigma: 0.02
    },
    network: { meanMs: 18, jitterMs: 6 },
    modelVersion: "llama-3.1-8b-instruct@2025-10-01",
    tenants: ["acme", "globex", "initech", "umbrella"]
  };
}
function edit(s, change2) {
  const c = {
    ...s,
    arrival: { ...s.arrival },
    prompt: { ...s.prompt },
    output: { ...s.output },
    engine: { ...s.engine },
    tenants: [...s.tenants]
  };
  if (s.network) c.network = { ...s.network };
  if (s.failures) c.failures = { ...s.failures };
  change2(c);
  return c;
}
function injectedRegressions() {
  return [
    {
      // itl p50 +20–21% (15.5 → 18.9 ms): 15% slower steps, amplified a little because requests then stay
      // longer and the running batch grows (mean 19 → 23).
      id: "decode-kernel-slower",
      description: "decode step compute 15% slower (a slower attention/GEMM kernel)",
      apply: (s) => edit(s, (c) => c.engine.decodeKernelFactor = (c.engine.decodeKernelFactor ?? 1) * 1.15),
      expect: { metric: "itl", stat: "p50", phase: "decode", hint: "decode-overhead" }
    },
    {
      // ttft p95 +98–109% (233 → 461 ms): the shared 1,024-token prefix is prefilled on every request, so a
      // typical prompt needs three 512-token chunks instead of one; prefill p95 roughly doubles.
      id: "prefix-cache-off",
      description: "prefix caching disabled: the shared system prompt is prefilled on every request",
      apply: (s) => edit(s, (c) => c.engine.prefixCaching = false),
      expect: { metric: "ttft", stat: "p95", phase: "prefill", hint: "prefix-cache" }
    },
    {
      // ttft p95 +320–660% (206 → 1,546 ms): about 19 sequences run on average, so a limit of 24 queues every
      // burst; queue wait p95 goes from ~30 ms to seconds. Seed-dependent, as queues near saturation are.
      id: "capacity-cut",
      description: "running-batch limit max_num_seqs cut from 64 to 24",
      apply: (s) => edit(s, (c) => c.engine.maxNumSeqs = 24),
      expect: { metric: "ttft", stat: "p95", phase: "queue_wait", hint: "capacity" }
    },
    {
      // itl p99 +170–400% (74 → 366 ms): a whole long prompt (~10k tokens, 2% of requests) prefills in one
      // step that stalls every decode for ~400 ms, instead of 512-token chunks. TTFT p95 is not a reliable
      // signal here (−11% … +40% across seeds): most prompts now prefill in one step (prefill p95 halves),
      // while requests that arrive behind a long prompt wait for it (queue wait p95 ×2–4).
      id: "chunked-prefill-off",
      description: "chunked prefill disabled: whole prompts (some of them long) prefill in steps that stall every decode",
      apply: (s) => edit(s, (c) => c.engine.chunkedPrefill = false),
      expect: { metric: "itl", stat: "p99", phase: "decode", hint: "long-prefill-blocking" }
    },
    {
      // ttft p50 +23–26% (75 → 94 ms): tokenize_ms p50 ~6 → ~24 ms.
      id: "tokenizer-slower",
      description: "tokenizer 4x slower per prompt token (e.g. a slow Python tokenizer)",
      apply: (s) => edit(s, (c) => c.engine.tokenizeMsPerToken *= 4),
      expect: { metric: "ttft", stat: "p50", phase: "tokenize", hint: "tokenizer" }
    },
    {
      // Re-decoding the whole text at every token costs Σk·c ≈ c·n²/2 with c the cost of decoding one
      // token of text; here c = 0.04 ms (a slow Python detokenizer), so the quadratic term is 0.02 ms:
      // ~5 s at 500 output tokens, 50 ms at 50. e2e p95 about +55% (see npm run eval).
      id: "detokenize-bug",
      description: "detokenization re-decodes the whole output for every token (cost grows with output length squared)",
      apply: (s) => edit(s, (c) => c.engine.detokenizeQuadratic = 0.02),
      expect: { metric: "e2e", stat: "p95", phase: "detokenize", hint: "detokenize-per-token" }
    },
    {
      // ttft_client p95 +118–143% (+300 ms on ~210–250 ms); server TTFT unchanged.
      id: "buffering-proxy",
      description: "a proxy in front of the server holds the first chunk for 300 ms",
      apply: (s) => edit(s, (c) => {
        const net = c.network ?? { meanMs: 0, jitterMs: 0 };
        c.network = { ...net, bufferingMs: (net.bufferingMs ?? 0) + 300 };
      }),
      expect: { metric: "ttft_client", stat: "p95", phase: "network", hint: "buffering-proxy" }
    },
    {
      // ttft p95 +260–370% (206 → 847 ms), mostly prefill (the uncached user part after the shared prefix
      // grows ~3.5x); queue wait grows too but stays well below prefill.
      id: "longer-prompts",
      description: "prompts got longer (median x1.8): the workload drifted, the server did not change",
      apply: (s) => edit(s, (c) => c.prompt.medianTokens *= 1.8),
      expect: { metric: "ttft", stat: "p95", phase: "prefill", hint: "workload-drift" }
    },
    {
      // itl p50 +27–33% (15.5 → 20 ms): the running batch grows from ~19 to ~34 sequences. TTFT p95 also
      // rises (+30% … +235%, seed-dependent: bursts start to queue).
      id: "traffic-increase",
      description: "arrival rate up 60%",
      apply: (s) => edit(s, (c) => c.arrival.ratePerSec *= 1.6),
      expect: { metric: "itl", stat: "p50", phase: "decode", hint: "traffic-increase" }
    },
    {
      // ttft p95 +41–45% (206 → 291 ms), ttft p50 about +30%; judged on p50, where 2,000 requests
      // resolve it every time (p95 at 2,000 requests a side is too noisy for a +40% change).
      id: "prefill-slower",
      description: "prefill compute 50% slower per token",
      apply: (s) => edit(s, (c) => c.engine.prefillMsPerToken *= 1.5),
      expect: { metric: "ttft", stat: "p50", phase: "prefill", hint: "prefill-compute" }
    },
    {
      // ttft p50 +200–220% (75 → 226 ms) with every phase field unchanged: only the remainder grows.
      id: "sampling-overhead",
      description: "150 ms of per-request host work between the engine and the first token (no phase field covers it)",
      apply: (s) => edit(s, (c) => c.engine.sampleMs += 150),
      expect: { metric: "ttft", stat: "p50", phase: "remainder", hint: "measurement-gap" }
    },
    {
      // ttft p95 +140–190% (206 → 543 ms): arrivals wait for the next 400 ms tick while the batch stays at
      // ~19 of 64, so queue wait grows without the batch being full.
      id: "scheduler-stall",
      description: "the scheduler only admits new requests every 400 ms, so the batch is not kept full",
      apply: (s) => edit(s, (c) => c.engine.schedulerIntervalMs = 400),
      expect: { metric: "ttft", stat: "p95", phase: "queue_wait", hint: "scheduler-limited" }
    }
  ];
}
function demoPair() {
  const base = baseScenario(20251129, 2e3);
  const cut = injectedRegressions().find((r) => r.id === "capacity-cut");
  if (!cut) throw new Error("capacity-cut regression missing");
  return { base, head: cut.apply(base) };
}

// src/cli/demo.ts
var DEMO_SLOS = ["ttft p95 < 800ms", "itl p99 < 200ms"];
var DEMO_FILES = { base: "examples/demo/base.jsonl", head: "examples/demo/head.jsonl" };
function demoTexts() {
  const pair = demoPair();
  return { base: simulateToJsonl(pair.base), head: simulateToJsonl(pair.head) };
}
async function runDemo(raw) {
  const config = buildConfig({ ...raw, slos: raw.slos?.length ? raw.slos : DEMO_SLOS });
  const texts = demoTexts();
  const options = { maxBadLineRatio: config.maxBadLineRatio };
  const side2 = async (label) => ({
    label,
    runs: [await ingest(textSource(DEMO_FILES[label], texts[label]), options)]
  });
  return triage(await side2("base"), await side2("head"), config);
}

// src/cli/simulate.ts
import { closeSync, openSync, writeSync } from "node:fs";

// src/cli/usage-error.ts
import { parseArgs } from "node:util";
var UsageError = class extends Error {
};
function parseCliArgs(config, command) {
  try {
    return parseArgs(config);
  } catch (error) {
    throw new UsageError(usageMessage(error, config, command));
  }
}
function usageMessage(error, config, command) {
  const options = config.options ?? {};
  const help = `; see perf-triage ${command ? `${command} ` : ""}--help`;
  const flags = Object.keys(options).map((name) => `--${name}`);
  switch (error.code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION": {
      const flag = /'([^']+)'/.exec(error.message)?.[1] ?? "?";
      const name = flag.split("=")[0];
      const shorts = Object.entries(options).flatMap(([, o]) => o.short ? [`-${o.short}`] : []);
      const suggestion = didYouMean(name, name.startsWith("--") ? flags : [...shorts, ...flags], (s) => s);
      return `unknown option ${name}${command ? ` for ${command}` : ""}${suggestion}${suggestion ? "" : help}`;
    }
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE": {
      const flag = /'(--?[^' <]+)/.exec(error.message)?.[1] ?? "an option";
      if (/does not take an argument/.test(error.message)) return `${flag} takes no value (it is a switch)${help}`;
      if (/ambiguous/.test(error.message))
        return `${flag} needs a value; to give one that starts with "-", write ${flag}=VALUE${help}`;
      return `${flag} needs a value${help}`;
    }
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL": {
      const value4 = /'([^']*)'/.exec(error.message)?.[1] ?? "";
      return `unexpected argument "${value4}"${command ? `: ${command} takes only options` : ""}${help}`;
    }
    default:
      return `${error.message}${help}`;
  }
}
function withAliases(args, aliases) {
  const out = [];
  let literal = false;
  for (const arg of args) {
    if (literal || arg === "--" || !arg.startsWith("--")) {
      if (arg === "--") literal = true;
      out.push(arg);
      continue;
    }
    const [name, ...value4] = arg.slice(2).split("=");
    const target = Object.hasOwn(aliases, name) ? aliases[name] : void 0;
    out.push(target === void 0 ? arg : `--${target}${value4.length ? `=${value4.join("=")}` : ""}`);
  }
  return out;
}
function wantsHelp(args) {
  for (const arg of args) {
    if (arg === "--") return false;
    if (arg === "--help" || arg === "-h") return true;
  }
  return false;
}

// src/cli/simulate.ts
async function runSimulate(args, io) {
  const { values } = parseCliArgs(
    {
      args: [...args],
      options: {
        seed: { type: "string" },
        requests: { type: "string" },
        inject: { type: "string" },
        out: { type: "string", short: "o" },
        list: { type: "boolean" }
      },
      strict: true
    },
    "simulate"
  );
  const regressions = injectedRegressions();
  if (values.list) {
    io.stdout(regressions.map((r) => `${r.id.padEnd(22)} ${r.description}`).join("\n") + "\n");
    return 0;
  }
  const seed = wholeNumber(values.seed ?? "1", "--seed");
  const requests = wholeNumber(values.requests ?? "2000", "--requests");
  let scenario = baseScenario(seed, requests);
  if (values.inject) {
    const regression = regressions.find((r) => r.id === values.inject);
    if (!regression)
      throw new UsageError(`--inject "${values.inject}" is not one of: ${regressions.map((r) => r.id).join(", ")}`);
    scenario = regression.apply(scenario);
  }
  const fd = values.out ? openSync(values.out, "w") : void 0;
  const write = (text) => fd === void 0 ? io.stdout(text) : writeSync(fd, text);
  let buffer = `${JSON.stringify({ metadata: buildMetadata(scenario) })}
`;
  try {
    simulate(scenario, (r) => {
      buffer += `${JSON.stringify(r)}
`;
      if (buffer.length >= 1 << 20) {
        write(buffer);
        buffer = "";
      }
    });
    write(buffer);
  } finally {
    if (fd !== void 0) closeSync(fd);
  }
  return 0;
}
function wholeNumber(text, flag) {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`${flag} must be a whole number, got "${text}"`);
  return n;
}

// src/cli/validate.ts
import { resolve as resolve4 } from "node:path";
async function runValidate(args, io) {
  const parsed = parseCliArgs(
    {
      args: [...args],
      options: { "input-format": { type: "string" }, "max-bad-lines": { type: "string" } },
      allowPositionals: true,
      strict: true
    },
    "validate"
  );
  const { values, positionals } = parsed;
  if (positionals.length === 0) throw new UsageError("validate needs one or more files: perf-triage validate FILE…");
  const maxBadLineRatio = values["max-bad-lines"] === void 0 ? 0.05 : Number(values["max-bad-lines"]);
  if (!(maxBadLineRatio >= 0 && maxBadLineRatio <= 1))
    throw new UsageError(`--max-bad-lines "${values["max-bad-lines"]}" is not a share between 0 and 1`);
  const { files, unmatched } = expandPatterns(positionals, io.cwd);
  let usable2 = unmatched.length === 0;
  for (const pattern of unmatched) io.stdout(`✗ ${plainText(pattern)}: no file matches this pattern
`);
  for (const file of files) {
    try {
      const runs = await ingestRuns(
        await fileSource(resolve4(io.cwd, file), file),
        { maxBadLineRatio },
        values["input-format"]
      );
      io.stdout(describeFile(file, runs));
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      usable2 = false;
      io.stdout(`✗ ${plainText(error.message, 2e3)}
`);
    }
  }
  return usable2 ? 0 : 1;
}
function describeFile(file, runs) {
  const first = runs[0]?.sources[0];
  const format = first ? formatName(first.format) : "unknown format";
  const version = first?.toolVersion ? `, written by ${plainText(first.toolVersion, 80)}` : "";
  const lines = [`✓ ${plainText(file)}: ${format}${version}, ${runs.length} run${runs.length === 1 ? "" : "s"}`];
  runs.forEach((run, i) => {
    const label = runs.length > 1 ? `  run ${run.repeat ?? i + 1}: ` : "  ";
    const source = run.sources[0];
    const key = keyLabel(workloadKey(run));
    lines.push(`${label}workload: ${key ? plainText(key, 400) : "not recorded in the file"}`);
    const parts2 = [];
    if (run.requests)
      parts2.push(
        `${grouped(run.requests.length)} requests (${grouped(source?.recordsRead ?? 0)} read, ${grouped(source?.skipped ?? 0)} skipped)`
      );
    if (run.summaries.length) parts2.push(`${run.summaries.length} summary values`);
    if (run.histograms?.length) parts2.push(`histograms: ${run.histograms.map((h) => h.metric).join(", ")}`);
    if (run.server) parts2.push(`server stats: ${Object.keys(run.server).join(", ")}`);
    lines.push(`${" ".repeat(label.length)}${parts2.join("; ") || "nothing usable"}`);
    if (run.requests) {
      lines.push(`    metrics per request: ${requestMetrics(run).join(", ") || "none"}`);
      const phases = PHASES.filter((p) => phaseColumn(run.requests, p));
      lines.push(
        `    phases: ${phases.join(", ") || "none (no phase decomposition possible)"}${run.requests.tokenGaps ? "; every token gap" : ""}`
      );
    }
    if (run.summaries.length) {
      const keys = [...new Set(run.summaries.map((s) => `${s.metric} ${s.stat}`))];
      lines.push(
        `    summaries: ${plainText(keys.slice(0, 24).join(", "), 1e3)}${keys.length > 24 ? `, … (${keys.length} in all)` : ""}`
      );
    }
    for (const s of run.sources) {
      for (const issue of s.issues) lines.push(`    problem: ${plainText(formatIssue(issue), 400)}`);
      if (s.skipped > s.issues.length)
        lines.push(`    … and ${grouped(s.skipped - s.issues.length)} more skipped records`);
      for (const w of s.warnings) lines.push(`    warning: ${plainText(w, 400)}`);
    }
  });
  return lines.join("\n") + "\n";
}
function requestMetrics(run) {
  const out = [];
  for (const id of Object.keys(METRICS)) {
    const metric = METRICS[id];
    const spec = makeSpec(metric, metric.level === "run" ? MEAN : percentile(50));
    if (metricSeries(run.requests, spec).ok) out.push(id);
  }
  return out;
}
function formatName(id) {
  const adapter = ADAPTERS.find((a) => a.id === id || id.startsWith(`${a.id}-`) || id.startsWith(`${a.id} `));
  return adapter ? `${id} (${adapter.label})` : id;
}

// src/cli/journal.ts
import { mkdir, readFile as readFile2, writeFile } from "node:fs/promises";
import { dirname, resolve as resolve6 } from "node:path";

// src/journal/commands.ts
var MAX_REASON = 500;
function parseCommand(body) {
  const first = body.split("\n").map((l) => l.trim()).find((l) => l !== "");
  if (!first) return void 0;
  const match = /^\/perf(?:\s+(\S+))?(?:\s+([\s\S]*))?$/i.exec(first);
  if (!match) return void 0;
  const verb = (match[1] ?? "").toLowerCase();
  const rest = (match[2] ?? "").trim();
  if (verb === "help" || verb === "") return { name: "help" };
  if (verb !== "accept") return { name: "unknown", text: first.slice(0, 80) };
  const effortMatch = /(?:^|\s)effort:\s*(.+)$/i.exec(rest);
  const reason = (effortMatch ? rest.slice(0, effortMatch.index) : rest).trim().slice(0, MAX_REASON);
  const effort = effortMatch?.[1].trim().slice(0, 80);
  return { name: "accept", reason: reason || "(no reason given)", ...effort ? { effort } : {} };
}
var HELP = [
  "**perf-triage commands** (write them as the first line of a comment):",
  "",
  "- `/perf accept <reason> [effort: <how long the change took>]` — accept the regression this comment",
  "  reports, for the commit it was measured on. Needs write, maintain or admin permission. The",
  "  acceptance goes into the performance journal when the pull request merges.",
  "- `/perf help` — this list.",
  "",
  "A push after the report makes an acceptance stale: accept the new report."
].join("\n");

// src/journal/schema.ts
var JOURNAL_SCHEMA = "perf-triage/journal@1";

// src/journal/entry.ts
function entryFromReport(b, context) {
  const lead = leadMetric(b);
  const finding2 = leadFinding(b, lead);
  const kind2 = context.kind === "recorded" && b.verdict === "regressed" ? context.acceptance ? "accepted" : "unaccepted-regression" : context.kind;
  return {
    schema: JOURNAL_SCHEMA,
    id: context.id,
    kind: kind2,
    benchmark: b.name,
    recordedAt: context.recordedAt,
    ...context.commit ? { commit: context.commit } : {},
    ...context.pullRequest ? { pullRequest: context.pullRequest } : {},
    ...context.runUrl ? { runUrl: context.runUrl } : {},
    date: context.recordedAt.slice(0, 10),
    symptom: symptom(b, lead),
    workload: workloadLine(b),
    baseline: baselineLine(b),
    diagnosis: finding2 ? `${finding2.title} (${finding2.hint}, ${finding2.status}${finding2.cause !== "unknown" ? `, ${finding2.cause}` : ""})` : b.verdict === "regressed" ? "not diagnosed: no phase data" : "—",
    change: changeLine(b, context),
    result: resultLine(b),
    quality: b.quality && (b.quality.scores || b.quality.generations) ? qualityLine(b.quality) : b.caveats.some((c) => c.kind === "quality-not-measured") ? "not measured" : "measured (see report)",
    effort: context.acceptance?.effort ?? "—",
    verdict: b.verdict,
    metrics: b.metrics.filter((m) => m.head).map(metricRecord),
    ...context.acceptance ? { acceptance: context.acceptance } : {},
    ...context.phases ? { phases: context.phases } : {},
    hints: [...new Set(b.findings.map((f) => f.hint))],
    config: b.head.meta.config
  };
}
function asFirstBaseline(entry) {
  return { ...entry, verdict: "first baseline", symptom: "first recorded baseline", result: "—" };
}
function metricRecord(m) {
  return {
    key: m.spec.key,
    unit: m.spec.metric.unit,
    value: m.head.value,
    ...m.base ? { baseline: m.base.value } : {},
    ...m.change !== void 0 ? { change: m.change } : {},
    verdict: m.verdict
  };
}
function symptom(b, lead) {
  if (!lead?.head) return b.verdict === "unchanged" ? "no regression" : b.verdict;
  const value4 = `${specLabel(lead.spec)} ${withUnit(lead.head.value, lead.spec.metric.unit)}`;
  const slo2 = lead.slos[0];
  const target = slo2 ? `, target ${slo2.slo.comparator} ${withUnit(slo2.slo.threshold, lead.spec.metric.unit)}` : "";
  return `${value4}${target}${lead.verdict === "regressed" ? ` (${signedPercent(lead.change ?? 0)})` : ""}`;
}
function workloadLine(b) {
  const w = b.workload;
  const parts2 = [];
  if (w.prompt) parts2.push(`${grouped(w.prompt.headMedian)} median prompt tokens`);
  if (w.output) parts2.push(`${grouped(w.output.headMedian)} output`);
  if (w.arrivalRate) parts2.push(`${compact(w.arrivalRate.headRate)} req/s`);
  parts2.push(`${grouped(b.head.requests || w.headRequests)} requests`);
  if (b.head.meta.workload) parts2.push(b.head.meta.workload);
  return parts2.join(", ");
}
function baselineLine(b) {
  const shown2 = b.metrics.filter(
    (m) => m.base && (m.spec.metric.id === "ttft" || m.spec.metric.id === "itl" || m.spec.metric.id === "throughput")
  ).slice(0, 4);
  if (shown2.length === 0) return "—";
  return shown2.map((m) => `${specLabel(m.spec)} ${withUnit(m.base.value, m.spec.metric.unit)}`).join(", ");
}
function changeLine(b, context) {
  const parts2 = [];
  if (context.pullRequest)
    parts2.push(`#${context.pullRequest.number}${context.pullRequest.title ? ` "${context.pullRequest.title}"` : ""}`);
  if (context.commit) parts2.push(`(${context.commit.slice(0, 7)})`);
  const config = b.configChanges.slice(0, 4).map((c) => `${c.key} ${String(c.base ?? "(unset)")} → ${String(c.head ?? "(unset)")}`);
  if (config.length) parts2.push(`config: ${config.join(", ")}`);
  return parts2.join(" ") || "—";
}
function resultLine(b) {
  const parts2 = b.metrics.filter((m) => m.head && m.verdict !== "inconclusive").slice(0, 5).map(
    (m) => `${specLabel(m.spec)} ${m.verdict === "unchanged" ? "unchanged" : m.change !== null && m.change !== void 0 ? signedPercent(m.change) : signedWithUnit(m.difference ?? 0, m.spec.metric.unit)}`
  );
  const undecided2 = b.metrics.filter((m) => m.verdict === "inconclusive").length;
  if (undecided2) parts2.push(`${undecided2} undecided`);
  return parts2.join("; ") || b.verdict;
}
function entryBlock(e) {
  const lines = [
    ["DATE", e.date],
    ["SYMPTOM", e.symptom],
    ["WORKLOAD", e.workload],
    ["BASELINE", e.baseline],
    ["DIAGNOSIS", e.diagnosis],
    ["CHANGE", e.change],
    ["RESULT", e.result],
    ["QUALITY", e.quality],
    ["EFFORT", e.effort]
  ];
  if (e.acceptance) lines.push(["ACCEPTED", `by ${e.acceptance.by}: ${e.acceptance.reason}`]);
  return lines.map(([k, v]) => `${k.padEnd(10)} ${v.replace(/[\r\n]+/g, " ")}`).join("\n");
}

// src/journal/jsonl.ts
var REQUIRED = ["id", "kind", "benchmark", "recordedAt", "verdict", "metrics"];
var NEWER = /^perf-triage\/journal@(\d+)$/;
function parseJournal(text, file) {
  const entries = [];
  const issues = [];
  const ids = /* @__PURE__ */ new Set();
  let lines = 0;
  text.split("\n").forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    lines++;
    const unread = (message, field, newerSchema) => {
      issues.push({
        file,
        line: index + 1,
        message,
        raw: line,
        ...field ? { field } : {},
        ...newerSchema ? { newerSchema } : {}
      });
      const id = idIn(line);
      if (id !== void 0) ids.add(id);
    };
    let value4;
    try {
      value4 = JSON.parse(line);
    } catch (error) {
      unread(`not valid JSON: ${error.message}`);
      return;
    }
    const entry = value4;
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) {
      unread("expected a journal entry object");
      return;
    }
    if (entry.schema !== JOURNAL_SCHEMA) {
      const newer = typeof entry.schema === "string" ? NEWER.exec(entry.schema) : null;
      if (newer && Number(newer[1]) > Number(NEWER.exec(JOURNAL_SCHEMA)[1])) {
        unread(
          `an entry of ${entry.schema}, newer than this perf-triage reads (${JOURNAL_SCHEMA}): kept in the file, not read; update perf-triage to read it`,
          "schema",
          entry.schema
        );
        return;
      }
      unread(`expected "${JOURNAL_SCHEMA}"`, "schema");
      return;
    }
    const missing = REQUIRED.find((k) => entry[k] === void 0);
    if (missing) {
      unread("missing", missing);
      return;
    }
    if (!Array.isArray(entry.metrics)) {
      unread("expected a list", "metrics");
      return;
    }
    entries.push(entry);
    ids.add(String(entry.id));
  });
  return { entries, issues, ids, lines };
}
function idIn(line) {
  try {
    const value4 = JSON.parse(line);
    if (value4 && typeof value4 === "object" && typeof value4.id === "string") return value4.id;
  } catch {
  }
  const match = /"id"\s*:\s*("(?:[^"\\]|\\.)*")/.exec(line);
  if (!match) return void 0;
  try {
    return JSON.parse(match[1]);
  } catch {
    return void 0;
  }
}
function appendEntries(text, file, add3, seen = /* @__PURE__ */ new Set()) {
  const existing = parseJournal(text, file).ids;
  const added = [];
  for (const e of add3) {
    if (existing.has(e.id) || seen.has(e.id)) continue;
    existing.add(e.id);
    added.push(e);
  }
  if (added.length === 0) return { text, added };
  const base = text === "" || text.endsWith("\n") ? text : `${text}
`;
  return { text: base + added.map((e) => JSON.stringify(e)).join("\n") + "\n", added };
}
function describeUnread(issue) {
  return `${issue.file} line ${issue.line}: ${issue.field && !issue.newerSchema ? `field "${issue.field}": ` : ""}${issue.message}`;
}

// src/journal/paths.ts
import { createHash as createHash2 } from "node:crypto";
function journalPaths(dir = ".perf-triage") {
  const root = dir.replace(/\/+$/, "") || ".perf-triage";
  const number3 = (n) => String(n).padStart(4, "0");
  return {
    dir: root,
    jsonl: `${root}/journal.jsonl`,
    markdown: `${root}/JOURNAL.md`,
    index: `${root}/journal/index.json`,
    segment: (n) => `${root}/journal/${number3(n)}.jsonl`,
    segmentPage: (n) => `${root}/journal/${number3(n)}.md`,
    baseline: (benchmark) => `${root}/baselines/${baselineFile(benchmark)}`,
    legacyBaseline: (benchmark) => `${root}/baselines/${slug(benchmark)}.json`,
    noise: (benchmark) => `${root}/noise/${baselineFile(benchmark)}`
  };
}
function slug(name) {
  return name.toLowerCase().replace(/[^a-z0-9._-]+/g, "-").replace(/^[-.]+|-+$/g, "").slice(0, 100) || "benchmark";
}
function baselineFile(name) {
  const s = slug(name);
  return s === name ? `${s}.json` : `${s}-${nameHash(name).slice(0, 8)}.json`;
}
function nameHash(name) {
  return createHash2("sha256").update(name, "utf8").digest("hex");
}

// src/journal/phases.ts
function phaseMeans(side2) {
  const table2 = pooledTable(side2);
  if (!table2) return void 0;
  const out = {};
  for (const phase of PHASES) {
    const column = requestColumn(table2, phase);
    if (!column) continue;
    const mean = meanFinite(column);
    if (Number.isFinite(mean)) out[phase] = Number(mean.toPrecision(6));
  }
  return Object.keys(out).length ? out : void 0;
}

// src/journal/record.ts
function recordedEntries(report2, heads, context) {
  const { idPrefix, firstBaseline, ...rest } = context;
  return report2.benchmarks.map((b, i) => {
    const entry = entryFromReport(b, { ...rest, id: `${idPrefix}:${b.name}`, phases: phaseMeans(heads[i]) });
    return firstBaseline?.has(b.name) ? asFirstBaseline(entry) : entry;
  });
}
function recordInput(report2, heads, entries, recordedAt, commit) {
  const baselines = /* @__PURE__ */ new Map();
  report2.benchmarks.forEach((b, i) => {
    const entry = entries.find((e) => e.benchmark === b.name);
    baselines.set(
      b.name,
      () => `${JSON.stringify(digestSide(heads[i], b.name, recordedAt, { ...commit ? { commit } : {}, ...entry ? { entryId: entry.id } : {} }))}
`
    );
  });
  return { entries, baselines };
}

// src/render/mermaid.ts
function mermaidText(text, max) {
  const clean = plainText(text, Number.MAX_SAFE_INTEGER).replace(/["`]/g, "'").replace(/[[{<]/g, "(").replace(/[\]}>]/g, ")").replace(/[#;\\]/g, "").replace(/,/g, " ").replace(/%{2,}/g, "%").replace(/\s+/g, " ").trim();
  const chars = [...clean];
  return chars.length > max ? `${chars.slice(0, max - 1).join("").trimEnd()}…` : clean;
}
var X_LABELS = 5;
function sparseLabels(dates) {
  const n = dates.length;
  const shown2 = /* @__PURE__ */ new Set();
  const count3 = Math.min(n, X_LABELS);
  for (let k = 0; k < count3; k++) shown2.add(count3 === 1 ? 0 : Math.round(k * (n - 1) / (count3 - 1)));
  let hidden = 0;
  const used = /* @__PURE__ */ new Set();
  return dates.map((d, i) => {
    if (!shown2.has(i)) return "​".repeat(++hidden);
    const label = mermaidText(d, 24) || String(i + 1);
    let out = label;
    for (let k = 2; used.has(out); k++) out = `${label} (${k})`;
    used.add(out);
    return out;
  });
}
function niceAxis(values) {
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  const nonNegative5 = lo >= 0;
  if (hi === lo) {
    const pad = Math.abs(lo) * 0.1;
    lo -= pad;
    hi += pad;
  }
  if (!(hi / 5 - lo / 5 > 1e-290)) {
    lo = -1;
    hi = 1;
  }
  const step = niceStep(hi / 5 - lo / 5);
  let min = Math.max(Math.floor(lo / step) * step, -Number.MAX_VALUE);
  const max = Math.min(Math.ceil(hi / step) * step, Number.MAX_VALUE);
  if (nonNegative5 && min < 0) min = 0;
  const exponent = Math.floor(Math.log10(step));
  const decimals = Math.min(100, Math.max(0, 2 - exponent));
  const resolution2 = 10 ** Math.max(exponent - 2, -decimals);
  const low2 = Number(min.toFixed(decimals));
  let high = Number(max.toFixed(decimals));
  if (fixed(high, decimals) === fixed(low2, decimals)) high = low2 + 10 ** -decimals;
  return { min: low2, max: high, decimals, round: (v) => Math.round(v / resolution2) * resolution2 };
}
function niceStep(raw) {
  const exponent = Math.floor(Math.log10(raw));
  const base = 10 ** exponent;
  const fraction2 = raw / base;
  const nice = fraction2 <= 1 ? 1 : fraction2 <= 2 ? 2 : fraction2 <= 2.5 ? 2.5 : fraction2 <= 5 ? 5 : 10;
  return nice * base;
}
function fixed(value4, decimals) {
  const text = Math.abs(value4) >= 1e21 ? BigInt(Math.round(value4)).toString() : value4.toFixed(decimals);
  const trimmed2 = text.includes(".") ? text.replace(/\.?0+$/, "") : text;
  return trimmed2 === "-0" ? "0" : trimmed2;
}

// src/journal/charts.ts
var MAX_POINTS = 60;
var MIN_SPAN = 10;
var BLUE = "#2f6fdf";
var ORANGE = "#e8833a";
var GREY = "#9aa0a6";
function changeChart(title, unit, all, sigma) {
  const points2 = all.filter((p) => Number.isFinite(p.value)).slice(-MAX_POINTS);
  if (points2.length < 2 || !(points2[0].value > 0)) return "";
  const first = points2[0].value;
  const change2 = points2.map((p) => (p.value / first - 1) * 100);
  const band = sigma !== void 0 && sigma > 0 ? [(Math.exp(1.96 * sigma * Math.SQRT2) - 1) * 100, (Math.exp(-1.96 * sigma * Math.SQRT2) - 1) * 100] : void 0;
  const axis = niceAxis([...change2, ...band ?? [], -MIN_SPAN, MIN_SPAN, 0]);
  const lines = [change2, ...band ? [points2.map(() => band[0]), points2.map(() => band[1])] : []];
  const heading = `${title} · % change from ${points2[0].date} (${withUnit(first, unit)})`;
  return chart(heading, `% vs ${points2[0].date}`, points2, lines, axis, band ? [BLUE, GREY, GREY] : [BLUE]);
}
function phaseChart(title, names2, points2) {
  const shown2 = points2.filter((p) => Number.isFinite(p.first)).slice(-MAX_POINTS);
  if (shown2.length < 2) return "";
  const withSecond = names2[1] !== void 0 && shown2.every((p) => p.second !== void 0 && Number.isFinite(p.second));
  const lines = [shown2.map((p) => p.first), ...withSecond ? [shown2.map((p) => p.second)] : []];
  const axis = niceAxis([0, ...lines.flat()]);
  const legend = withSecond ? ` (blue: ${names2[0]} · orange: ${names2[1]})` : ` (${names2[0]})`;
  return chart(
    `${title}${legend}`,
    "ms",
    shown2.map((p) => ({ date: p.date, value: p.first })),
    lines,
    axis,
    [BLUE, ORANGE]
  );
}
function chart(title, yTitle, points2, lines, axis, palette) {
  const number3 = (v) => fixed2(v, axis.decimals);
  return [
    "```mermaid",
    `%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "${palette.slice(0, lines.length).join(", ")}"}}}}%%`,
    "xychart-beta",
    `    title "${mermaidText(title, 110)}"`,
    `    x-axis [${sparseLabels(points2.map((p) => p.date)).map((l) => `"${l}"`).join(", ")}]`,
    `    y-axis "${mermaidText(yTitle, 40)}" ${number3(axis.min)} --> ${number3(axis.max)}`,
    ...lines.map((values) => `    line [${values.map((v) => number3(axis.round(v))).join(", ")}]`),
    "```"
  ].join("\n");
}
function fixed2(value4, decimals) {
  const text = value4.toFixed(decimals);
  const trimmed2 = text.includes(".") ? text.replace(/\.?0+$/, "") : text;
  return trimmed2 === "-0" ? "0" : trimmed2;
}

// src/stats/change-point.ts
var E_DIVISIVE_DEFAULTS = { minSize: 5, permutations: 199, alpha: 0.05, seed: 0 };
function eDivisive(series, options = {}) {
  checkSeries(series);
  const minSize = options.minSize ?? E_DIVISIVE_DEFAULTS.minSize;
  const permutations = options.permutations ?? E_DIVISIVE_DEFAULTS.permutations;
  const alpha = options.alpha ?? E_DIVISIVE_DEFAULTS.alpha;
  const seed = options.seed ?? E_DIVISIVE_DEFAULTS.seed;
  const maxChangePoints = options.maxChangePoints ?? Infinity;
  checkMinSize(minSize);
  if (!Number.isInteger(permutations) || permutations < 1)
    throw new RangeError(`permutations must be a positive integer, got ${permutations}`);
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha must be in (0, 1), got ${alpha}`);
  const n = series.length;
  const segments = [new Segment(series, 0, n)];
  const found = [];
  let rejected;
  for (let step = 1; found.length < maxChangePoints; step++) {
    let candidate2;
    for (const s of segments) {
      const best = s.best(minSize);
      if (best && (!candidate2 || best.q > candidate2.best(minSize).q)) candidate2 = s;
    }
    if (!candidate2) break;
    const observed = candidate2.best(minSize);
    const pValue2 = permutationPValue(
      segments,
      observed.q,
      minSize,
      permutations,
      createRng(deriveSeed(seed, `e-divisive:${step}`))
    );
    const index = candidate2.start + observed.tau;
    if (pValue2 >= alpha) {
      rejected = { index, statistic: observed.q, pValue: pValue2 };
      break;
    }
    found.push({ index, pValue: pValue2, statistic: observed.q, order: step });
    const at = segments.indexOf(candidate2);
    segments.splice(at, 1, new Segment(series, candidate2.start, index), new Segment(series, index, candidate2.end));
  }
  found.sort((a, b) => a.index - b.index);
  const bounds = [0, ...found.map((f) => f.index), n];
  const changePoints = found.map((f, k) => {
    const before = summarize(series, bounds[k], bounds[k + 1]);
    const after = summarize(series, bounds[k + 1], bounds[k + 2]);
    return { ...f, before, after, relativeShift: before.mean === 0 ? null : after.mean / before.mean - 1 };
  });
  return rejected ? { changePoints, rejected } : { changePoints };
}
function permutationPValue(segments, observed, minSize, permutations, rng) {
  const splittable = segments.filter((s) => s.length >= 2 * minSize);
  const threshold = observed - 1e-9 * Math.abs(observed) - 1e-300;
  let reached = 0;
  for (let r = 0; r < permutations; r++) {
    let max = -Infinity;
    for (const s of splittable) {
      const q = s.scan(s.shuffled(rng), minSize).q;
      if (q > max) max = q;
    }
    if (max >= threshold) reached++;
  }
  return (reached + 1) / (permutations + 1);
}
var Segment = class {
  constructor(series, start, end) {
    this.start = start;
    this.end = end;
    const length = end - start;
    this.length = length;
    const positions = Array.from({ length }, (_, i) => i);
    positions.sort((a, b) => series[start + a] - series[start + b] || a - b);
    const centre = length > 0 ? series[start + positions[length >> 1]] : 0;
    this.sorted = Float64Array.from(positions, (p) => series[start + p] - centre);
    this.order = new Int32Array(length);
    positions.forEach((p, rank2) => this.order[p] = rank2);
    this.work = Int32Array.from(this.order);
    this.count = new Int32Array(length + 1);
    this.sum = new Float64Array(length + 1);
    this.left = new Float64Array(length + 1);
    this.right = new Float64Array(length + 1);
  }
  start;
  end;
  length;
  /** Sorted values, centred on the median so the incremental sums keep their precision. */
  sorted;
  /** order[i] = rank of the value at position start + i (ties broken by position, so ranks are distinct). */
  order;
  work;
  count;
  sum;
  left;
  right;
  cached;
  best(minSize) {
    if (this.cached?.minSize !== minSize) {
      this.cached = { minSize, best: this.length >= 2 * minSize ? this.scan(this.order, minSize) : void 0 };
    }
    return this.cached.best;
  }
  /** A uniformly random permutation of the ranks (Fisher–Yates on the scratch copy). */
  shuffled(rng) {
    const w = this.work;
    for (let i = w.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      const t = w[i];
      w[i] = w[j];
      w[j] = t;
    }
    return w;
  }
  /** The best split τ (size of the first part) of the values in `order`, and its q̂. Needs length ≥ 2·minSize. */
  scan(order, minSize) {
    const L = this.length;
    this.prefixWithin(order, this.left, false);
    this.prefixWithin(order, this.right, true);
    const total2 = this.left[L];
    let bestTau = minSize;
    let bestQ = -Infinity;
    for (let tau = minSize; tau <= L - minSize; tau++) {
      const n = tau;
      const m = L - tau;
      const wl = this.left[tau];
      const wr = this.right[tau];
      const cross = total2 - wl - wr;
      const q = 2 * cross / L - 2 * m * wl / (L * (n - 1)) - 2 * n * wr / (L * (m - 1));
      if (q > bestQ) {
        bestQ = q;
        bestTau = tau;
      }
    }
    return { tau: bestTau, q: bestQ };
  }
  /**
   * Within-sums of absolute differences: forward, out[t] = Σ over pairs in positions [0, t);
   * backward, out[t] = Σ over pairs in [t, L).
   */
  prefixWithin(order, out, backward) {
    const L = this.length;
    const { sorted, count: count3, sum } = this;
    count3.fill(0);
    sum.fill(0);
    let inserted = 0;
    let insertedSum = 0;
    let acc = 0;
    if (backward) out[L] = 0;
    else out[0] = 0;
    for (let k = 0; k < L; k++) {
      const pos = backward ? L - 1 - k : k;
      const r = order[pos];
      const x = sorted[r];
      let c = 0;
      let s = 0;
      for (let i = r; i > 0; i -= i & -i) {
        c += count3[i];
        s += sum[i];
      }
      acc += x * c - s + (insertedSum - s) - x * (inserted - c);
      for (let i = r + 1; i <= L; i += i & -i) {
        count3[i]++;
        sum[i] += x;
      }
      inserted++;
      insertedSum += x;
      out[backward ? pos : pos + 1] = acc;
    }
  }
};
function summarize(series, start, end) {
  const values = Float64Array.from({ length: end - start }, (_, i) => series[start + i]).sort();
  const count3 = values.length;
  let total2 = 0;
  for (const v of values) total2 += v;
  return { start, end, count: count3, mean: total2 / count3, median: quantileSorted(values, 0.5) };
}
function checkSeries(series) {
  for (let i = 0; i < series.length; i++) {
    if (!Number.isFinite(series[i]))
      throw new RangeError(`change point series must be finite: index ${i} is ${series[i]}`);
  }
}
function checkMinSize(minSize) {
  if (!Number.isInteger(minSize) || minSize < 2)
    throw new RangeError(`minSize must be an integer of at least 2, got ${minSize}`);
}

// src/journal/history.ts
function metricHistory(entries, benchmark, key) {
  const seen = /* @__PURE__ */ new Set();
  const dated = [];
  entries.forEach((entry, order) => {
    if (entry.benchmark !== benchmark || seen.has(entry.id)) return;
    const time = Date.parse(entry.recordedAt);
    if (!Number.isFinite(time)) return;
    const metric = entry.metrics.find((m) => m.key === key);
    if (!metric || !Number.isFinite(metric.value)) return;
    seen.add(entry.id);
    const point = {
      id: entry.id,
      recordedAt: entry.recordedAt,
      value: metric.value,
      unit: metric.unit,
      kind: entry.kind,
      verdict: entry.verdict
    };
    if (metric.verdict !== void 0) point.metricVerdict = metric.verdict;
    if (entry.commit !== void 0) point.commit = entry.commit;
    dated.push({ time, order, point });
  });
  dated.sort((a, b) => a.time - b.time || a.order - b.order);
  const points2 = dated.map((d) => d.point);
  const unit = points2.at(-1)?.unit;
  return points2.filter((p) => p.unit === unit);
}
var NOISE_MIN_PAIRS = 5;
function noiseBand(points2, options = {}) {
  const minPairs = options.minPairs ?? NOISE_MIN_PAIRS;
  const changes = new Set(options.changePoints ?? detectDrift(points2, options.drift).changePoints.map((c) => c.index));
  const steps = [];
  const excluded = { changePoint: 0, shift: 0, invalid: 0 };
  for (let i = 1; i < points2.length; i++) {
    const a = points2[i - 1].value;
    const b = points2[i].value;
    if (!(a > 0 && b > 0 && Number.isFinite(a) && Number.isFinite(b))) excluded.invalid++;
    else if (changes.has(i)) excluded.changePoint++;
    else if (isShift(points2[i])) excluded.shift++;
    else steps.push(Math.log(b / a));
  }
  if (options.recentPairs !== void 0 && steps.length > options.recentPairs)
    steps.splice(0, steps.length - options.recentPairs);
  if (steps.length < minPairs) return void 0;
  const medianStep = median(steps);
  const deviations = steps.map((d) => Math.abs(d - medianStep));
  let spread2 = 1.4826 * median(deviations) * smallSampleFactor(steps.length);
  let method = "mad";
  if (spread2 === 0) {
    spread2 = deviations.reduce((s, d) => s + d, 0) / deviations.length * Math.sqrt(Math.PI / 2);
    method = "mean-deviation";
  }
  if (spread2 === 0) return void 0;
  return { sigma: spread2 / Math.SQRT2, pairs: steps.length, medianStep, excluded, method };
}
var SMALL_SAMPLE = {
  5: 1.089,
  6: 1.078,
  7: 1.043,
  8: 1.042,
  9: 1.025,
  10: 1.025,
  11: 1.016,
  12: 1.017,
  13: 1.011,
  14: 1.012,
  15: 1.008,
  16: 1.009,
  17: 1.006,
  18: 1.006,
  19: 1.005,
  20: 1.005
};
function smallSampleFactor(pairs) {
  return SMALL_SAMPLE[pairs] ?? (pairs < 5 ? SMALL_SAMPLE[5] : 1);
}
var SHIFT_VERDICTS = /* @__PURE__ */ new Set(["regressed", "improved"]);
var SHIFT_KINDS = /* @__PURE__ */ new Set(["unaccepted-regression", "accepted"]);
function isShift(point) {
  return SHIFT_KINDS.has(point.kind) || SHIFT_VERDICTS.has(point.verdict.trim().toLowerCase()) || point.metricVerdict !== void 0 && SHIFT_VERDICTS.has(point.metricVerdict.trim().toLowerCase());
}
var SAME_MEDIAN = 5e-3;
function detectDrift(points2, options = {}) {
  const usable2 = [];
  points2.forEach((p, i) => {
    if (p.value > 0 && Number.isFinite(p.value)) usable2.push(i);
  });
  const { label = "the metric", within = Infinity, ...search } = options;
  const result = eDivisive(
    usable2.map((i) => Math.log(points2[i].value)),
    search
  );
  const bounds = [0, ...result.changePoints.map((c) => c.index), usable2.length];
  const changePoints = result.changePoints.map((c, k) => {
    const before = usable2.slice(bounds[k], bounds[k + 1]).map((i) => points2[i].value);
    const after = usable2.slice(bounds[k + 1], bounds[k + 2]).map((i) => points2[i].value);
    const at = points2[usable2[c.index]];
    const change2 = {
      index: usable2[c.index],
      recordedAt: at.recordedAt,
      pValue: c.pValue,
      before: { count: before.length, median: median(before) },
      after: { count: after.length, median: median(after) },
      shift: median(after) / median(before) - 1
    };
    if (at.commit !== void 0) change2.commit = at.commit;
    return change2;
  });
  const recent = changePoints.at(-1);
  if (!recent) return { changePoints };
  if (points2.length - recent.index > within) return { changePoints, recent };
  return { changePoints, recent, sentence: driftSentence(label, recent) };
}
function driftSentence(label, change2) {
  const where = `change at entry of ${entryDate(change2.recordedAt)}, p ${change2.pValue < 1e-3 ? "< 0.001" : `= ${pValue(change2.pValue)}`}`;
  const span2 = `over the last ${change2.after.count} ${change2.after.count === 1 ? "entry" : "entries"}`;
  if (Math.abs(change2.shift) < SAME_MEDIAN) {
    return `the baseline itself has changed: ${label} kept its median but not its spread ${span2} (${where})`;
  }
  return `the baseline itself has drifted: ${label} ${change2.shift > 0 ? "rose" : "fell"} ${percent(Math.abs(change2.shift))} ${span2} (${where})`;
}
function entryDate(recordedAt) {
  const literal = /^\d{4}-\d{2}-\d{2}/.exec(recordedAt);
  return literal ? literal[0] : new Date(Date.parse(recordedAt)).toISOString().slice(0, 10);
}
function median(values) {
  return quantile(values, 0.5);
}

// src/journal/markdown.ts
var CHARTED = ["ttft.p95", "itl.p99", "throughput", "e2e.p95", "ttft.p50", "itl.p50"];
var MAX_CHARTS = 3;
var CELL_WIDTH = 26;
var MAX_RAW = 400;
function renderJournal(entries, options = {}) {
  const out = [
    `# ${options.title ?? "Performance journal"}`,
    "",
    options.intro ?? "Written by perf-triage from `journal.jsonl` (the source of truth); regenerate with `perf-triage journal render`.",
    ""
  ];
  const segments = options.segments ?? [];
  if (segments.length) {
    const links = [...segments].reverse().map((s) => `[${s.from && s.to ? `${s.from} – ${s.to}` : s.href.replace(/^.*\//, "")}](${s.href}) (${s.lines})`);
    out.push(`Older entries, newest first: ${links.join(" · ")}.`, "");
  }
  const byBenchmark = groupByBenchmark(entries);
  const history = groupByBenchmark(options.history ?? entries);
  if (byBenchmark.size)
    out.push(
      "Charts: per cent change from the first entry shown; grey lines: the run-to-run noise band (95%) the journal measured.",
      ""
    );
  for (const [benchmark, list] of [...byBenchmark].sort(([a], [b]) => a.localeCompare(b))) {
    out.push(`## ${markdownText(benchmark)}`, "");
    for (const chart2 of charts(benchmark, history.get(benchmark) ?? list)) out.push(chart2, "");
    out.push(entryTable(list), "");
  }
  if (byBenchmark.size === 0) out.push("No entries yet.", "");
  const unread = options.unread ?? [];
  if (unread.length) {
    out.push(
      `## ⚠️ ${unread.length} ${unread.length === 1 ? "line" : "lines"} not shown`,
      "",
      "Kept in the file as written; fix or remove them by hand (or update perf-triage for a newer schema).",
      ""
    );
    for (const issue of unread)
      out.push(
        `- ${markdownText(describeUnread(issue), 300)}`,
        "",
        indent(fenced(issue.raw.length > MAX_RAW ? `${issue.raw.slice(0, MAX_RAW)}…` : issue.raw)),
        ""
      );
  }
  return out.join("\n");
}
function renderSegmentPage(entries, unread, segment) {
  const span2 = segment.info.from && segment.info.to ? ` (${segment.info.from} – ${segment.info.to})` : "";
  return renderJournal(entries, {
    title: `Performance journal, segment ${segment.number}${span2}`,
    intro: `Written once by perf-triage from \`${segment.info.file}\` (${segment.info.lines} lines) when it filled up; newer entries are in [JOURNAL.md](../JOURNAL.md).`,
    unread
  });
}
function groupByBenchmark(entries) {
  const out = /* @__PURE__ */ new Map();
  for (const e of sortedByTime(entries)) out.set(e.benchmark, [...out.get(e.benchmark) ?? [], e]);
  return out;
}
function sortedByTime(entries) {
  return entries.map((e, i) => ({ e, i, t: Date.parse(e.recordedAt) })).sort((a, b) => (Number.isFinite(a.t) ? a.t : 0) - (Number.isFinite(b.t) ? b.t : 0) || a.i - b.i).map(({ e }) => e);
}
function charts(benchmark, list) {
  const out = [];
  for (const key of CHARTED) {
    const history = metricHistory(list, benchmark, key);
    if (history.length < 2) continue;
    const spec = parseMetricSpec(key);
    const label = typeof spec === "string" ? key : specLabel(spec);
    const band = noiseBand(history);
    const chart2 = changeChart(
      label,
      history.at(-1).unit,
      history.map((p) => ({ date: p.recordedAt.slice(0, 10), value: p.value })),
      band?.sigma
    );
    if (chart2) out.push(chart2);
    if (out.length >= MAX_CHARTS) break;
  }
  const phases = phasesChart(list);
  if (phases) out.push(phases);
  return out;
}
function phasesChart(list) {
  const withPhases = list.filter((e) => e.phases && typeof e.phases === "object");
  if (withPhases.length < 2) return void 0;
  const latest = withPhases[withPhases.length - 1].phases;
  const top = Object.entries(latest).filter(([, v]) => Number.isFinite(v)).sort(([, a], [, b]) => b - a).slice(0, 2).map(([phase]) => phase);
  if (top.length === 0) return void 0;
  const points2 = withPhases.flatMap((e) => {
    const first = e.phases[top[0]];
    if (!Number.isFinite(first)) return [];
    const second = top[1] !== void 0 ? e.phases[top[1]] : void 0;
    return [{ date: e.date, first, ...second !== void 0 ? { second } : {} }];
  });
  const names2 = top.map((p) => PHASE_LABELS[p] ?? p);
  return phaseChart("Mean time per phase", [names2[0], names2[1]], points2) || void 0;
}
var VERDICT_MARK = {
  regressed: "🔴",
  improved: "🟢",
  unchanged: "⚪",
  inconclusive: "🟡",
  "first baseline": "🔵"
};
function entryTable(list) {
  const newest = [...list].reverse();
  const row = (cells) => `| ${cells.join(" | ")} |`;
  const main = newest.map(
    (e) => row([
      dateCell(e),
      verdictCell2(e),
      cell2(e.symptom),
      cell2(e.diagnosis),
      cell2(e.change),
      cell2(compactResult(e.result)),
      cell2(e.effort, 14)
    ])
  );
  const context = newest.map(
    (e) => row([markdownText(e.date, 30), cell2(e.workload, 60), cell2(e.baseline, 60), cell2(e.quality, 30)])
  );
  return [
    "| Date | Verdict | Symptom | Diagnosis | Change | Result | Effort |",
    "|---|---|---|---|---|---|---|",
    ...main,
    "",
    `<details><summary>Workload, baseline and quality of these ${newest.length} ${newest.length === 1 ? "entry" : "entries"}</summary>`,
    "",
    "| Date | Workload | Baseline | Quality |",
    "|---|---|---|---|",
    ...context,
    "",
    "</details>"
  ].join("\n");
}
function dateCell(e) {
  const links = [];
  if (e.pullRequest)
    links.push(
      e.pullRequest.url ? `[#${e.pullRequest.number}](${safeUrl(e.pullRequest.url)})` : `#${Number(e.pullRequest.number)}`
    );
  if (e.commit) links.push(`\`${codeText(e.commit.slice(0, 7).replace(/[^0-9a-f]/gi, ""))}\``);
  if (e.runUrl) links.push(`[run](${safeUrl(e.runUrl)})`);
  return `${markdownText(e.date, 30).replace(/-/g, "‑")}${links.length ? `<br>${links.join(" ")}` : ""}`;
}
function verdictCell2(e) {
  const mark = VERDICT_MARK[e.verdict] ?? "";
  const verdict = `${mark ? `${mark} ` : ""}${markdownText(e.verdict, 40)}`;
  if (e.kind === "unaccepted-regression") return `${verdict}<br>⚠️ **merged without acceptance**`;
  if (e.kind === "accepted" && e.acceptance)
    return `${verdict}<br>✅ accepted by ${markdownText(e.acceptance.by, 40)}:<br>${wrap(markdownText(e.acceptance.reason, 200))}`;
  return verdict;
}
function cell2(text, width = CELL_WIDTH) {
  const value4 = typeof text === "string" && text.trim() !== "" ? text : "—";
  return wrap(markdownText(value4.replace(/[\r\n]+/g, " "), 400), width);
}
function wrap(text, width = CELL_WIDTH) {
  const parts2 = text.split(/(?<=[;,]) +| (?=→)/);
  const lines = [];
  for (const part of parts2) {
    const last = lines.at(-1);
    if (last !== void 0 && last.length + part.length + 1 <= width) lines[lines.length - 1] = `${last} ${part}`;
    else lines.push(part);
  }
  return lines.join("<br>");
}
function compactResult(text) {
  if (typeof text !== "string") return text;
  const parts2 = text.split("; ");
  const unchanged = parts2.filter((p) => / unchanged$/.test(p)).map((p) => p.replace(/ unchanged$/, ""));
  if (unchanged.length < 2) return text;
  return [...parts2.filter((p) => !/ unchanged$/.test(p)), `unchanged: ${unchanged.join(", ")}`].join("; ");
}
function indent(text) {
  return text.split("\n").map((l) => `  ${l}`).join("\n");
}
function fenced(text) {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}text
${text}
${fence}`;
}
function safeUrl(url) {
  return /^https:\/\/[A-Za-z0-9.-]+\/[A-Za-z0-9._~:/?#@!$&'*+,;=%-]*$/.test(url) && !/[()]/.test(url) ? url : "#";
}

// src/journal/store.ts
var SEGMENT_ENTRIES = 250;
var INDEX_SCHEMA = "perf-triage/journal-index@1";
function parseIndex(text, file) {
  if (text === void 0) return { schema: INDEX_SCHEMA, segments: [] };
  let value4;
  try {
    value4 = JSON.parse(text);
  } catch (error) {
    throw new InputError(
      file,
      `the journal index is not valid JSON (${error.message}); restore it from the repository's history — it lists the full segments`
    );
  }
  const index = value4;
  if (index?.schema !== INDEX_SCHEMA || !Array.isArray(index.segments)) {
    throw new InputError(
      file,
      `expected {"schema": "${INDEX_SCHEMA}", "segments": […]}${typeof index?.schema === "string" && index.schema.startsWith("perf-triage/journal-index@") ? " (a newer index: update perf-triage)" : ""}`
    );
  }
  index.segments.forEach((s, i) => {
    if (typeof s?.file !== "string" || !/^\d{4,}\.jsonl$/.test(s.file) || typeof s.lines !== "number")
      throw new InputError(file, `segments[${i}] must be {"file": "0001.jsonl", "lines": N, …}`);
  });
  return index;
}
async function readJournal(read, paths, options = {}) {
  const label = (path) => options.label ? `${options.label}:${path}` : path;
  const [indexText, currentText] = await Promise.all([read(paths.index), read(paths.jsonl)]);
  const index = parseIndex(indexText, label(paths.index));
  const numbers = index.segments.map((_, i) => i + 1);
  const wanted = options.all ? numbers : numbers.slice(-1);
  const texts = await Promise.all(wanted.map((n) => read(paths.segment(n))));
  const view = {
    index,
    entries: [],
    issues: [],
    ids: /* @__PURE__ */ new Set(),
    current: { text: currentText ?? "", parsed: parseJournal("", label(paths.jsonl)) },
    exists: indexText !== void 0 || currentText !== void 0
  };
  const add3 = (parsed) => {
    view.entries.push(...parsed.entries);
    view.issues.push(...parsed.issues);
    for (const id of parsed.ids) view.ids.add(id);
  };
  wanted.forEach((n, i) => {
    if (texts[i] === void 0) {
      throw new InputError(
        label(paths.segment(n)),
        `listed in ${paths.index} but missing: restore it from the repository's history (a journal never loses entries)`
      );
    }
    add3(parseJournal(texts[i], label(paths.segment(n))));
  });
  view.current.parsed = parseJournal(view.current.text, label(paths.jsonl));
  add3(view.current.parsed);
  return view;
}
async function recordChanges(read, paths, input) {
  const view = await readJournal(read, paths);
  const { text, added } = appendEntries(view.current.text, paths.jsonl, input.entries, view.ids);
  if (added.length === 0) return { files: [], added, baselinePaths: /* @__PURE__ */ new Map(), issues: view.issues };
  const files = [];
  const { index, current, moved: moved2 } = rollOver(view.index, text, paths);
  for (const segment of moved2)
    files.push({ path: segment.path, content: segment.text }, { path: segment.pagePath, content: segment.page });
  if (moved2.length) files.push({ path: paths.index, content: `${JSON.stringify(index, null, 1)}
` });
  files.push({ path: paths.jsonl, content: current });
  const lastFull = moved2.at(-1)?.text ?? (index.segments.length ? await read(paths.segment(index.segments.length)) : void 0) ?? "";
  files.push({ path: paths.markdown, content: renderMarkdownFiles(paths, index, lastFull, current) });
  const baselinePaths = /* @__PURE__ */ new Map();
  const taken = /* @__PURE__ */ new Set();
  for (const entry of added) {
    const digest = input.baselines?.get(entry.benchmark);
    if (!digest || baselinePaths.has(entry.benchmark)) continue;
    const path = await baselinePathFor(read, paths, entry.benchmark, taken);
    taken.add(path);
    baselinePaths.set(entry.benchmark, path);
    files.push({ path, content: digest() });
  }
  return { files, added, baselinePaths, issues: view.issues };
}
function renderMarkdownFiles(paths, index, lastFullText, currentText) {
  const current = parseJournal(currentText, paths.jsonl.slice(paths.dir.length + 1));
  const last = parseJournal(lastFullText, index.segments.length ? `journal/${index.segments.at(-1).file}` : "");
  const links = index.segments.map((s) => ({
    href: `journal/${s.page}`,
    lines: s.lines,
    ...s.from ? { from: s.from } : {},
    ...s.to ? { to: s.to } : {}
  }));
  return renderJournal(current.entries, {
    history: [...last.entries, ...current.entries],
    unread: current.issues,
    segments: links
  });
}
function rollOver(index, text, paths) {
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  if (lines.length <= SEGMENT_ENTRIES) return { index, current: text, moved: [] };
  const segments = [...index.segments];
  const moved2 = [];
  let rest = lines;
  while (rest.length > SEGMENT_ENTRIES) {
    const chunk = rest.slice(0, SEGMENT_ENTRIES);
    rest = rest.slice(SEGMENT_ENTRIES);
    const n = segments.length + 1;
    const segmentText = `${chunk.join("\n")}
`;
    const file = paths.segment(n).split("/").pop();
    const parsed = parseJournal(segmentText, `journal/${file}`);
    const dates = parsed.entries.map((e) => e.date).filter((d) => typeof d === "string").sort();
    const info = {
      file,
      page: file.replace(/\.jsonl$/, ".md"),
      lines: chunk.length,
      ...dates.length ? { from: dates[0], to: dates.at(-1) } : {}
    };
    segments.push(info);
    moved2.push({
      path: paths.segment(n),
      pagePath: paths.segmentPage(n),
      text: segmentText,
      page: renderSegmentPage(parsed.entries, parsed.issues, { number: n, info })
    });
  }
  return { index: { schema: INDEX_SCHEMA, segments }, current: `${rest.join("\n")}
`, moved: moved2 };
}
async function baselinePathFor(read, paths, name, taken) {
  const path = paths.baseline(name);
  if (!taken.has(path)) {
    const text = await read(path);
    const owner = text === void 0 ? void 0 : benchmarkOf(text);
    if (owner === void 0 || owner === name) return path;
  }
  return longBaselinePath(paths, name);
}
function benchmarkOf(text) {
  const match = /"benchmark"\s*:\s*("(?:[^"\\]|\\.)*")/.exec(text.slice(0, 4096));
  if (!match) return void 0;
  try {
    return JSON.parse(match[1]);
  } catch {
    return void 0;
  }
}
async function findBaseline(read, paths, name) {
  const candidates = [.../* @__PURE__ */ new Set([paths.baseline(name), longBaselinePath(paths, name), paths.legacyBaseline(name)])];
  for (const path of candidates) {
    const text = await read(path);
    if (text === void 0) continue;
    const owner = benchmarkOf(text);
    if (owner === void 0 || owner === name) return { path, text };
  }
  return void 0;
}
function longBaselinePath(paths, name) {
  return `${paths.dir}/baselines/${slug(name)}-${nameHash(name)}.json`;
}

// src/cli/compare-options.ts
var COMMON_OPTIONS = {
  slo: { type: "string", multiple: true },
  metric: { type: "string", multiple: true },
  "fail-on": { type: "string" },
  format: { type: "string", short: "f" },
  json: { type: "string" },
  markdown: { type: "string" },
  seed: { type: "string" },
  resamples: { type: "string" },
  confidence: { type: "string" },
  "min-effect": { type: "string", multiple: true },
  "run-noise": { type: "string", multiple: true },
  effort: { type: "string", multiple: true },
  "decode-floor": { type: "string", multiple: true },
  cost: { type: "string" },
  "cost-baseline": { type: "string" },
  profile: { type: "string", multiple: true },
  quality: { type: "string", multiple: true },
  "baseline-quality": { type: "string", multiple: true },
  "baseline-profile": { type: "string", multiple: true },
  benchmark: { type: "string" },
  "max-bad-lines": { type: "string" },
  "input-format": { type: "string" },
  "compare-across-load": { type: "boolean" },
  base: { type: "string", multiple: true },
  head: { type: "string", multiple: true },
  help: { type: "boolean", short: "h" }
};
var ACTION_INPUT_ALIASES = {
  baseline: "base",
  results: "head",
  metrics: "metric",
  "report-path": "json"
};
function parseCompareArgs(args, command, extra) {
  const options = { ...COMMON_OPTIONS, ...extra ?? {} };
  return parseCliArgs(
    { args: withAliases(args, ACTION_INPUT_ALIASES), options, allowPositionals: true, strict: true },
    command
  );
}
function rawConfig(values) {
  return {
    slos: values.slo,
    metrics: values.metric,
    failOn: values["fail-on"],
    seed: values.seed,
    resamples: values.resamples,
    confidence: values.confidence,
    minEffect: values["min-effect"],
    runNoise: values["run-noise"],
    effort: values.effort,
    decodeFloor: values["decode-floor"],
    cost: values.cost,
    costBaseline: values["cost-baseline"],
    benchmark: values.benchmark,
    maxBadLineRatio: values["max-bad-lines"],
    compareAcrossLoad: values["compare-across-load"]
  };
}

// src/cli/noise.ts
import { access, readFile } from "node:fs/promises";
import { resolve as resolve5 } from "node:path";

// src/stats/student-t.ts
function logGamma(x) {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const c = [
    0.9999999999998099,
    676.5203681218851,
    -1259.1392167224028,
    771.3234287776531,
    -176.6150291621406,
    12.507343278686905,
    -0.13857109526572012,
    9984369578019572e-21,
    15056327351493116e-23
  ];
  const z2 = x - 1;
  let a = c[0];
  const t = z2 + 7.5;
  for (let i = 1; i < 9; i++) a += c[i] / (z2 + i);
  return 0.5 * Math.log(2 * Math.PI) + (z2 + 0.5) * Math.log(t) - t + Math.log(a);
}
function incompleteBeta(x, a, b) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  if (x > (a + 1) / (a + b + 2)) return 1 - front * betaFraction(1 - x, b, a) / b;
  return front * betaFraction(x, a, b) / a;
}
function betaFraction(x, a, b) {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - (a + b) * x / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-15) break;
  }
  return h;
}
function studentTCdf(t, df) {
  const tail = 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}
function studentTQuantile(p, df) {
  if (!(p > 0 && p < 1) || !(df > 0)) throw new RangeError(`studentTQuantile(${p}, ${df}): need 0 < p < 1 and df > 0`);
  if (p === 0.5) return 0;
  if (p < 0.5) return -studentTQuantile(1 - p, df);
  let low2 = 0;
  let high = 1;
  while (studentTCdf(high, df) < p) high *= 2;
  for (let i = 0; i < 200 && high - low2 > 1e-12 * high; i++) {
    const mid = (low2 + high) / 2;
    if (studentTCdf(mid, df) < p) low2 = mid;
    else high = mid;
  }
  return (low2 + high) / 2;
}

// src/stats/run-noise.ts
function tInflation(df, level) {
  const p = 1 - (1 - level) / 2;
  if (!(df > 0)) return Infinity;
  return studentTQuantile(p, df) / normalQuantile(p);
}
function noiseAllowance(estimate, level) {
  const total2 = tInflation(estimate.df, level) * estimate.sigmaBetween;
  if (!Number.isFinite(total2)) return Infinity;
  return Math.sqrt(Math.max(0, total2 * total2 - estimate.sigmaWithin * estimate.sigmaWithin));
}
function bootstrapScale(estimate, level) {
  const total2 = tInflation(estimate.df, level) * estimate.sigmaBetween;
  return estimate.sigmaWithin > 0 && total2 < estimate.sigmaWithin ? total2 / estimate.sigmaWithin : 1;
}
function sideSigma(estimate, level) {
  return tInflation(estimate.df, level) * estimate.sigmaBetween;
}
function resolution(estimate, level) {
  return Math.expm1(normalQuantile(1 - (1 - level) / 2) * Math.SQRT2 * sideSigma(estimate, level));
}
function minimumDetectableEffect(estimate, level, minEffect, power = 0.8) {
  const z2 = normalQuantile(1 - (1 - level) / 2) + normalQuantile(power);
  return Math.expm1(Math.log1p(minEffect) + z2 * Math.SQRT2 * sideSigma(estimate, level));
}
function runsForSideSigma(estimate, level, target, max = 200) {
  for (let n = 2; n <= max; n++) if (sideSigma({ ...estimate, df: n - 1 }, level) <= target) return n;
  return void 0;
}
function logSpread(values) {
  if (values.length < 2 || values.some((v) => !(v > 0) || !Number.isFinite(v))) return NaN;
  const logs = values.map(Math.log);
  const mean = logs.reduce((s, x) => s + x, 0) / logs.length;
  return Math.sqrt(logs.reduce((s, x) => s + (x - mean) ** 2, 0) / (logs.length - 1));
}
function poolSigma(a, b) {
  const df = a.df + b.df;
  return { sigma: Math.sqrt((a.df * a.sigma ** 2 + b.df * b.sigma ** 2) / df), df };
}

// src/compare/noise-settings.ts
var MAD_EFFICIENCY = 0.37;
function noiseSettings(config, input) {
  const explicit = config.statistics.runNoise;
  const chosen = /* @__PURE__ */ new Map();
  const sources = [];
  for (const file of input.files ?? []) {
    const metrics = [];
    let historyPairs = 0;
    for (const [key, m] of Object.entries(file.metrics)) {
      if (Object.hasOwn(explicit, key)) continue;
      let estimate = { sigmaBetween: m.sigmaBetween, df: m.df, sigmaWithin: m.sigmaWithin };
      const band = input.bands?.(file.benchmark, key);
      if (band && band.pairs > 0 && band.sigma > 0) {
        const pooled = poolSigma(
          { sigma: m.sigmaBetween, df: m.df },
          { sigma: band.sigma, df: MAD_EFFICIENCY * band.pairs }
        );
        estimate = { ...estimate, sigmaBetween: pooled.sigma, df: pooled.df };
        historyPairs = Math.max(historyPairs, band.pairs);
      }
      metrics.push(key);
      const previous = chosen.get(key);
      if (!previous || sideSigma(estimate, file.level) > sideSigma(previous.estimate, previous.level))
        chosen.set(key, { estimate, level: file.level });
    }
    const after = file.falseAlarms.after;
    sources.push({
      benchmark: file.benchmark,
      calibratedAt: file.calibratedAt,
      runs: file.runs,
      ...file.runner ? { runner: file.runner } : {},
      metrics,
      historyPairs,
      falseAlarms: { alarms: after.alarms, comparisons: after.comparisons, pairs: after.pairs }
    });
  }
  const runNoise = {};
  const scale = { ...config.statistics.bootstrapScale };
  for (const [key, sigma] of input.historyBands ?? []) if (!chosen.has(key)) runNoise[key] = sigma;
  for (const [key, { estimate, level }] of chosen) {
    runNoise[key] = noiseAllowance(estimate, level);
    scale[key] = bootstrapScale(estimate, level);
  }
  return {
    config: {
      ...config,
      statistics: { ...config.statistics, runNoise: { ...runNoise, ...explicit }, bootstrapScale: scale }
    },
    sources
  };
}

// src/compare/noise-file.ts
var NOISE_SCHEMA = "perf-triage/noise@1";
function noiseFileFrom(c, context) {
  const tally = ({ byMetric: _, ...rest }) => rest;
  return {
    schema: NOISE_SCHEMA,
    benchmark: c.benchmark,
    calibratedAt: context.calibratedAt,
    ...context.runner ? { runner: context.runner } : {},
    workload: c.workload,
    runs: c.runs,
    requests: c.requests,
    confidence: context.confidence,
    level: c.level,
    familySize: c.familySize,
    metrics: Object.fromEntries(
      c.metrics.map((m) => [
        m.key,
        {
          unit: m.unit,
          values: m.values.map(round2),
          sigmaBetween: round2(m.sigmaBetween),
          sigmaWithin: round2(m.sigmaWithin),
          df: m.df,
          allowance: round2(m.allowance),
          scale: round2(m.scale),
          minEffect: m.minEffect,
          resolution: round2(m.resolution),
          detectable: round2(m.detectable)
        }
      ])
    ),
    falseAlarms: { before: tally(c.before), after: tally(c.after) }
  };
}
function noiseFileText(file) {
  return `${JSON.stringify(file, null, 1)}
`;
}
function round2(x) {
  return Number.isFinite(x) ? Number(x.toPrecision(6)) : x;
}
function parseNoiseFile(text, file) {
  let value4;
  try {
    value4 = JSON.parse(text);
  } catch (error) {
    throw new InputError(file, `noise file: not valid JSON: ${error.message}`);
  }
  const d = object2(value4, file, "the file");
  if (d.schema !== NOISE_SCHEMA) {
    throw new InputError(
      file,
      `noise file: schema is ${JSON.stringify(d.schema)}, expected "${NOISE_SCHEMA}"${typeof d.schema === "string" && d.schema.startsWith("perf-triage/noise@") ? " (update perf-triage to read newer noise files)" : ""}`
    );
  }
  for (const field of ["benchmark", "calibratedAt"])
    if (typeof d[field] !== "string") throw new InputError(file, `noise file: "${field}" must be a string`);
  if (d.runner !== void 0 && typeof d.runner !== "string")
    throw new InputError(file, 'noise file: "runner" must be a string');
  if (!Number.isFinite(Date.parse(d.calibratedAt)))
    throw new InputError(file, 'noise file: "calibratedAt" must be a date-time such as 2026-12-03T10:00:00Z');
  for (const field of ["runs", "confidence", "level", "familySize"])
    if (typeof d[field] !== "number" || !Number.isFinite(d[field]))
      throw new InputError(file, `noise file: "${field}" must be a number`);
  if (!(d.level > 0 && d.level < 1))
    throw new InputError(file, 'noise file: "level" must be between 0 and 1');
  object2(d.workload, file, "workload");
  const metrics = object2(d.metrics, file, "metrics");
  for (const [key, m] of Object.entries(metrics)) {
    const metric = object2(m, file, `metrics.${key}`);
    for (const field of ["sigmaBetween", "sigmaWithin", "allowance", "scale", "minEffect"]) {
      const v = metric[field];
      if (typeof v !== "number" || !Number.isFinite(v) || v < 0)
        throw new InputError(file, `noise file: metrics.${key}.${field} must be a number ≥ 0`);
    }
    if (typeof metric.df !== "number" || !(metric.df >= 1))
      throw new InputError(file, `noise file: metrics.${key}.df must be a number ≥ 1`);
    if (metric.scale > 1 || metric.scale === 0)
      throw new InputError(file, `noise file: metrics.${key}.scale must be in (0, 1]`);
  }
  const alarms = object2(d.falseAlarms, file, "falseAlarms");
  for (const side2 of ["before", "after"]) {
    const t = object2(alarms[side2], file, `falseAlarms.${side2}`);
    for (const field of ["pairs", "comparisons", "alarms", "unchanged", "inconclusive"])
      if (typeof t[field] !== "number")
        throw new InputError(file, `noise file: falseAlarms.${side2}.${field} must be a number`);
  }
  return d;
}
function object2(value4, file, where) {
  if (value4 === null || typeof value4 !== "object" || Array.isArray(value4))
    throw new InputError(file, `noise file: ${where} must be an object`);
  return value4;
}
function noiseApplies(file, runs) {
  return compatibleKeys(file.workload, commonKey(runs));
}

// src/cli/noise.ts
async function readNoiseFiles(paths, cwd, runs) {
  const files = [];
  for (const path of paths) {
    let text;
    try {
      text = await readFile(resolve5(cwd, path), "utf8");
    } catch (error) {
      throw new InputError(
        path,
        `cannot read the noise file: ${error.code === "ENOENT" ? "no such file (perf-triage calibrate writes it)" : error.message}`
      );
    }
    const file = parseNoiseFile(text, path);
    if (!runs || noiseApplies(file, runs)) files.push(file);
  }
  let sources = [];
  return {
    files,
    apply(config) {
      if (files.length === 0) return config;
      const settings = noiseSettings(config, { files });
      sources = settings.sources;
      return settings.config;
    },
    annotate: (report2) => sources.length ? { ...report2, noise: sources } : report2
  };
}
async function noiseFilesInDir(dir, benchmarks, cwd) {
  const paths = journalPaths(dir);
  const found = [];
  for (const name of new Set(benchmarks)) {
    const path = paths.noise(name);
    try {
      await access(resolve5(cwd, path));
      found.push(path);
    } catch {
    }
  }
  return found;
}

// src/cli/usage.ts
var USAGE = `perf-triage — catch performance regressions and say why they happened

Usage:
  perf-triage compare BASE HEAD [options]   compare a baseline run with a head run
  perf-triage demo [--format text|markdown|json]
                                            run the shipped example (a capacity regression)
  perf-triage simulate [--seed N] [--requests N] [--inject ID] [--out FILE] [--list]
                                            write simulated per-request telemetry (JSONL)
  perf-triage validate FILE…                what perf-triage reads in each file, and every problem
                                            (exit 0 only when every file is usable)
  perf-triage digest FILE… --out F [--shard i/n] [--benchmark NAME]
                                            a compact digest of a run for a matrix job to upload;
                                            shards i/n of one benchmark merge back into one run
  perf-triage calibrate RUN… [--runner NAME] [--dir .perf-triage] [--dry-run]
                                            noise of your runner from 4+ runs of one build: spread
                                            between and within runs, the smallest detectable change,
                                            false alarms on every A/A pair; writes noise/<benchmark>.json
  perf-triage journal init FILE… [--benchmark NAME] [--commit SHA] [--force]
                                            record the first baseline: a first entry and the digest
  perf-triage journal record BASE HEAD [compare options] [--commit SHA]
                                            compare and record the result, as the action does on merge
  perf-triage journal show [--benchmark B] [--metric "ttft p95"] [--since D] [--until D] [--json]
  perf-triage journal add --benchmark B [--metric "ttft p95=250ms"]… [--symptom …] [--diagnosis …]
                          [--change …] [--result …] [--quality …] [--effort …] [--date YYYY-MM-DD]
  perf-triage journal render                rewrite the markdown journal from the JSONL
                                            (journal commands take --dir, default .perf-triage)
  perf-triage amdahl --share 0.09 --speedup 3 [--effort "2 days"]
  perf-triage amdahl --item "label: share=0.09 speedup=3 effort=2 days" --item "label: gain=3 effort=hours"
                                            §7: the Amdahl ceiling, findings ranked by gain per effort
  perf-triage split PROFILE… [--baseline PROFILE…] [--wall-ms X] [--baseline-wall-ms X] [--steps N]
                    [--baseline-steps N] [--step-range NAME] [--format text|markdown|json]
                                            §6: GPU-bound, CPU-bound or waiting (and on what), from a
                                            PyTorch trace (.json or .json.gz) / key_averages, nsys stats
                                            CSVs (one file per report: give them all); kernel regimes
                                            from Nsight Compute CSVs; with a baseline, what moved
  perf-triage floor (--model M | --params B) (--gpu G | --bandwidth GB/s) --batch N --context TOKENS
                    [--weights bf16|fp8|int4] [--kv bf16|fp8] [--layers L --kv-heads H --head-dim D |
                    --kv-bytes-per-token N] [--gpus N] [--measured-ms X]
                                            §5: the decode memory-bandwidth floor and efficiency
  perf-triage --version | help [COMMAND]     COMMAND --help shows one command's options

compare options (the action's input names work too: --baseline, --results, --metrics, --report-path):
  --base FILE, --head FILE   more runs (repeats) for a side; BASE and HEAD may be globs
  --slo "ttft p95 < 800ms"   a target (repeatable): metric, statistic, comparator, value and unit
  --metric "itl p99"         a metric to judge (repeatable; replaces the default set)
  --fail-on LIST             regression, slo, inconclusive, quality, comma-separated, or never
                             (default: regression,slo)
  --format text|markdown|json   what to print (default text; md for markdown)
  --json FILE, --markdown FILE  also write the report there
  --seed N                   resampling seed (default 1): reports are reproducible
  --resamples N              bootstrap resamples (default 2000)
  --confidence X             interval level (default 0.95)
  --min-effect "ttft p95=15%"   smallest change worth a verdict for a metric (repeatable)
  --run-noise "ttft p95=8%"    between-run noise allowed per side with fewer than 3 runs (repeatable)
  --noise FILE               a calibration's noise file (perf-triage calibrate) for the run-to-run
                             noise; journal record reads the one in --dir unasked (repeatable)
  --effort "capacity=2h"      how long a kind of fix takes you, for the gain-per-effort ranking (repeatable)
  --decode-floor "gpu=H100 SXM" --decode-floor "model=Llama-3.1-8B"
                             what the decode bandwidth floor needs beyond the data (repeatable:
                             gpu, model, gpus, weights, kv, bandwidth, params)
  --cost "$2.50/gpu-hour x 8"  hardware price: cost per million output tokens and per 1k requests
  --cost-baseline "…"        the baseline's own price, when its hardware differs
  --profile FILE, --baseline-profile FILE
                             profiler exports of the head / baseline: PyTorch Chrome trace or
                             key_averages (JSON, CSV), nsys stats CSV, Nsight Compute CSV (repeatable)
  --quality FILE, --baseline-quality FILE
                             output quality of the head / baseline: lm-eval results JSON, perf-triage
                             scores JSON, or paired generations (JSONL with ids and outputs)
  --benchmark NAME           benchmark name for the report
  --compare-across-load      judge metrics even when the sides ran at different loads (request
                             rate, concurrency); by default that is a different operating point,
                             said first and not judged
  --max-bad-lines X          share of bad records tolerated per file (default 0.05)
  --input-format ID          auto (default), native, vllm, sglang, genai-perf, aiperf, llmperf,
                             guidellm, prometheus, otel, github-action-benchmark,
                             customSmallerIsBetter, customBiggerIsBetter or perf-triage-baseline

Metrics: ttft, ttft_client, e2e, itl, tpot, throughput, request_throughput, and each phase
(tokenize, queue_wait, prefill, network, decode, detokenize); statistics: mean, p50, p90, p95,
p99, p99.9 or any pNN. Names as the report prints them work too: "client TTFT p95", "queue wait p99".

Exit codes: 0 pass, 1 the outcome fails (as --fail-on says), 2 bad usage or unusable input.
`;
var COMPARE_OPTIONS = USAGE.slice(USAGE.indexOf("compare options"));
var JOURNAL_DIR = "  --dir DIR                  the journal's folder (default .perf-triage; the action's journal-dir)\n";
var COMMAND_HELP = {
  compare: `Usage: perf-triage compare BASE HEAD [options]

Compares a baseline run with a head run: the metrics' verdicts with intervals, where the time went,
why, and what to fix first. Exit 0 pass, 1 the outcome fails, 2 bad usage or unusable input.

Example: perf-triage compare base.json head.json --slo "ttft p95 < 800ms" --format md

${COMPARE_OPTIONS}`,
  demo: `Usage: perf-triage demo [--format text|markdown|json] [--json FILE] [--markdown FILE] [compare options]

Runs the shipped example (a running-batch limit cut from 64 to 24) and prints the diagnosis.
Exit 0 (the regression is the point of the demo).
`,
  simulate: `Usage: perf-triage simulate [--seed N] [--requests N] [--inject ID] [--out FILE] [--list]

Writes simulated per-request telemetry (perf-triage's native JSONL).
  --seed N          random seed (default 1)
  --requests N      requests to simulate (default 2000)
  --inject ID       apply one injected regression (--list shows them)
  --out FILE, -o    write there instead of stdout
  --list            list the injected regressions
`,
  validate: `Usage: perf-triage validate FILE… [--input-format ID] [--max-bad-lines X]

Says what perf-triage reads in each file (format, runs, requests, metrics, phases) and every
problem. Exit 0 only when every file is usable.
`,
  digest: `Usage: perf-triage digest FILE… --out FILE [--shard i/n] [--benchmark NAME] [--input-format ID]

Writes a compact digest of a run (the baseline format) for a matrix job to upload; shards i/n of one
benchmark merge back into one run when read together.
`,
  calibrate: `Usage: perf-triage calibrate RUN… [--runner NAME] [--dir DIR] [--dry-run] [--format text|markdown|json]
                           [--metric "ttft p95"]… [--min-effect …]… [--run-noise …]… [--confidence X]
                           [--seed N] [--resamples N] [--benchmark NAME] [--date YYYY-MM-DD] [--input-format ID]

Measures the noise of your runner from 4 or more repeated runs of one build (one result file a run):
per metric the spread between runs and within a run (the block bootstrap), the between-run allowance
comparisons on this runner should add, the interval of an A/A change and the smallest change called
regressed 80% of the time with one run a side; then judges every A/A pair of the runs with the
settings before and with the calibrated noise, and counts the false alarms. Too few runs: says how
many more. Writes DIR/noise/<benchmark>.json (commit it): the action and journal record read it, and
the journal's history refines it as entries accumulate (docs/statistics.md).
  --runner NAME              the runner the runs were made on, for the report ("gpu-runner-2")
  --dir DIR                  the journal's folder (default .perf-triage; the action's journal-dir)
  --dry-run                  print, write nothing
  --date D                   when the runs were made (default now)
  --format F                 text (default), markdown, or json (the noise file itself)

Example: perf-triage calibrate runs/run-*.jsonl --runner gpu-runner-2
`,
  journal: `Usage: perf-triage journal init | record | show | add | render [options]

The performance journal in a checkout (docs/journal.md). perf-triage journal COMMAND --help for each.
  init FILE…              record the first baseline of a benchmark (refuses to replace one without --force)
  record BASE HEAD        compare and record the result, and move the baseline, as the action does on merge
  show                    list entries, by date (filters: --benchmark, --metric, --since, --until; --json)
  add --benchmark B       record a result by hand in the §8 format
  render                  rewrite JOURNAL.md from the JSONL
${JOURNAL_DIR}`,
  "journal init": `Usage: perf-triage journal init FILE… [--benchmark NAME] [--commit SHA] [--force] [--dir DIR]

Records a benchmark's first baseline from its result files: a first journal entry and the baseline
digest that pull requests are compared with (baseline: journal). When the benchmark already has a
baseline, says what it would replace and stops; --force replaces it (journaled as replaced by hand).
  --benchmark NAME           the benchmark's name (default: the name in the files)
  --commit SHA               the commit the files were measured on
  --force                    replace an existing baseline
${JOURNAL_DIR}`,
  "journal record": `Usage: perf-triage journal record BASE HEAD [compare options] [--commit SHA] [--pr N] [--dir DIR]

Compares HEAD with BASE and records the result as the action does on a merge: the journal entry
(recorded, or flagged as a regression merged without acceptance), JOURNAL.md, and the baseline
moved to HEAD. BASE may be the journal's own digest (.perf-triage/baselines/NAME.json). Recording
the same --commit twice appends nothing.
  --commit SHA               the commit HEAD was measured on (also the entry's id: cli:SHA)
  --pr N                     the pull request that was merged
  --accept REASON --by NAME [--effort E]
                             a regression accepted on purpose (journaled with who, why, effort)
  --date YYYY-MM-DD          when it was recorded (default now)
${JOURNAL_DIR}
${COMPARE_OPTIONS}`,
  "journal show": `Usage: perf-triage journal show [--benchmark B] [--metric "ttft p95"] [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--json] [--dir DIR]

Lists the journal's entries oldest first by date; with --metric, one line per entry with the value.
${JOURNAL_DIR}`,
  "journal add": `Usage: perf-triage journal add --benchmark B [--metric "ttft p95=250ms"]… [--date YYYY-MM-DD]
                       [--symptom …] [--workload …] [--baseline …] [--diagnosis …] [--change …]
                       [--result …] [--quality …] [--effort …] [--commit SHA] [--dir DIR]

Records a result by hand, in the §8 format (DATE, SYMPTOM, WORKLOAD, BASELINE, DIAGNOSIS, CHANGE,
RESULT, QUALITY, EFFORT). Metrics as "ttft p95=250ms", "throughput=3000tok/s".
${JOURNAL_DIR}`,
  "journal render": `Usage: perf-triage journal render [--dir DIR]

Rewrites JOURNAL.md from the JSONL (and the archive pages of full segments).
${JOURNAL_DIR}`,
  amdahl: `Usage: perf-triage amdahl --share 0.09 --speedup 3 [--effort "2 days"] [--label NAME]
       perf-triage amdahl --item "label: share=0.09 speedup=3 effort=2 days" --item "label: gain=3 effort=hours"

§7: the Amdahl ceiling of one fix, or several ranked by gain per hour of effort.
`,
  split: `Usage: perf-triage split PROFILE… [--baseline PROFILE…] [--wall-ms X] [--baseline-wall-ms X]
                         [--steps N] [--baseline-steps N] [--step-range NAME] [--format text|markdown|json]

§6: GPU-bound, CPU-bound or waiting (and on what) from a PyTorch trace (.json or .json.gz) or
key_averages, or nsys stats CSVs (one file per report: give them all); kernel regimes from Nsight
Compute CSVs; with --baseline, what moved. Wall time and steps are per side.
`,
  floor: `Usage: perf-triage floor (--model M | --params B) (--gpu G | --bandwidth GB/s) --batch N --context TOKENS
                         [--measured-ms X] [--gpus N] [--weights bf16|fp8|int4 | --bytes-per-weight X] [--kv bf16|fp8]
                         [--layers N --kv-heads N --head-dim N | --kv-bytes-per-token X]

§5: the decode memory-bandwidth floor per step and, with --measured-ms, the efficiency band. The model
table is a convenience: parameters, bytes per weight and bandwidth are enough (KV geometry only with a context).
`
};
var COMMANDS = [
  "compare",
  "demo",
  "simulate",
  "validate",
  "digest",
  "calibrate",
  "journal",
  "amdahl",
  "split",
  "floor",
  "version",
  "help"
];
var JOURNAL_COMMANDS = ["init", "record", "show", "add", "render"];

// src/cli/journal.ts
async function runJournal(args, io) {
  const [sub, ...rest] = args;
  switch (sub) {
    case "show":
      return show(rest, io);
    case "add":
      return add2(rest, io);
    case "render":
      return render(rest, io);
    case "init":
      return init(rest, io);
    case "record":
      return record2(rest, io);
    default:
      throw new UsageError(
        sub ? `unknown journal command "${sub}"${didYouMean(sub, JOURNAL_COMMANDS)}: expected ${JOURNAL_COMMANDS.join(", ")}; see perf-triage journal --help` : `journal needs a command: ${JOURNAL_COMMANDS.join(", ")}; see perf-triage journal --help`
      );
  }
}
function parse(args, command, options) {
  return parseCliArgs(
    {
      args: withAliases(args, { "journal-dir": "dir" }),
      options: { dir: { type: "string" }, ...options },
      allowPositionals: true,
      strict: true
    },
    `journal ${command}`
  );
}
function fileReader(io) {
  return async (path) => {
    try {
      return await readFile2(resolve6(io.cwd, path), "utf8");
    } catch (error) {
      const code2 = error.code;
      if (code2 === "ENOENT") return void 0;
      throw new InputError(path, `cannot read: ${code2 === "EISDIR" ? "is a directory" : error.message}`);
    }
  };
}
async function load(io, dir, options = {}) {
  const paths = journalPaths(dir);
  const view = await readJournal(fileReader(io), paths, { all: true });
  if (options.mustExist && !view.exists) {
    throw new InputError(
      paths.dir,
      `no journal here (${paths.jsonl} does not exist): start one with perf-triage journal init FILE… or journal record BASE HEAD${dir === void 0 ? ", or name its folder with --dir" : ""}`
    );
  }
  reportUnread(io, view);
  return { paths, view };
}
function reportUnread(io, view) {
  for (const issue of view.issues)
    io.stderr(`${plainText(describeUnread(issue), 400)}${issue.newerSchema ? "" : " (kept in the file, not read)"}
`);
}
async function writeFiles(io, files) {
  for (const f of files) {
    const file = resolve6(io.cwd, f.path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, f.content);
  }
}
async function show(args, io) {
  const { values } = parse(args, "show", {
    benchmark: { type: "string" },
    metric: { type: "string" },
    since: { type: "string" },
    until: { type: "string" },
    json: { type: "boolean" }
  });
  const since = values.since === void 0 ? void 0 : calendarDate(values.since, "--since");
  const until = values.until === void 0 ? void 0 : calendarDate(values.until, "--until");
  if (since && until && since > until)
    throw new UsageError(`--since ${since} is after --until ${until}: no entry can match`);
  const { view } = await load(io, values.dir, { mustExist: true });
  const spec = values.metric ? metricSpec(values.metric) : void 0;
  const selected = sortedByTime(view.entries).filter(
    (e) => (!values.benchmark || e.benchmark === values.benchmark) && (!since || e.date >= since) && (!until || e.date <= until) && (!spec || e.metrics.some((m) => m.key === spec.key))
  );
  if (values.json) {
    io.stdout(selected.map((e) => JSON.stringify(e)).join("\n") + (selected.length ? "\n" : ""));
    return 0;
  }
  if (selected.length === 0) {
    const benchmarks = [...new Set(view.entries.map((e) => e.benchmark))];
    io.stdout(
      `no entries match (the journal has ${view.entries.length} ${view.entries.length === 1 ? "entry" : "entries"}${benchmarks.length ? ` of ${benchmarks.map((b) => plainText(b, 40)).join(", ")}` : ""})
`
    );
    return 0;
  }
  if (spec) {
    const label = specLabel(spec);
    const rows = selected.map((e) => {
      const m = e.metrics.find((x) => x.key === spec.key);
      return [
        e.date,
        plainText(e.benchmark, 40),
        label,
        withUnit(m.value, m.unit),
        plainText(e.verdict, 40),
        e.commit ? plainText(e.commit.slice(0, 7)) : ""
      ];
    });
    io.stdout(columns(rows, [false, false, false, true, false, false]));
  } else {
    for (const e of selected)
      io.stdout(
        `${plainText(e.benchmark, 60)} (${e.kind})
${entryBlock(e).split("\n").map((l) => plainText(l, 400)).join("\n")}

`
      );
  }
  return 0;
}
function columns(rows, right) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => [...r[i]].length)));
  return rows.map(
    (r) => r.map((c, i) => right[i] ? c.padStart(widths[i]) : c.padEnd(widths[i])).join("  ").trimEnd()
  ).join("\n") + "\n";
}
function metricSpec(text) {
  const spec = parseMetricSpec(text);
  if (typeof spec === "string") throw new UsageError(`--metric: ${spec}`);
  return spec;
}
function calendarDate(text, flag) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  const ok2 = match && new Date(Date.UTC(+match[1], +match[2] - 1, +match[3])).toISOString().slice(0, 10) === match[0];
  if (!ok2)
    throw new UsageError(
      `${flag} "${text}" is not a date: expected YYYY-MM-DD, such as ${(/* @__PURE__ */ new Date()).toISOString().slice(0, 10)}`
    );
  return match[0];
}
async function add2(args, io) {
  const { values } = parse(args, "add", {
    benchmark: { type: "string" },
    metric: { type: "string", multiple: true },
    date: { type: "string" },
    symptom: { type: "string" },
    workload: { type: "string" },
    baseline: { type: "string" },
    diagnosis: { type: "string" },
    change: { type: "string" },
    result: { type: "string" },
    quality: { type: "string" },
    effort: { type: "string" },
    commit: { type: "string" }
  });
  if (!values.benchmark) throw new UsageError("journal add needs --benchmark NAME; see perf-triage journal add --help");
  const recordedAt = values.date ? `${calendarDate(values.date, "--date")}T00:00:00.000Z` : (/* @__PURE__ */ new Date()).toISOString();
  const metrics = (values.metric ?? []).map(metricRecord2);
  const entry = {
    schema: JOURNAL_SCHEMA,
    id: `manual:${recordedAt}:${values.benchmark}`,
    kind: "manual",
    benchmark: values.benchmark,
    recordedAt,
    ...values.commit ? { commit: values.commit } : {},
    date: recordedAt.slice(0, 10),
    symptom: values.symptom ?? "—",
    workload: values.workload ?? "—",
    baseline: values.baseline ?? "—",
    diagnosis: values.diagnosis ?? "—",
    change: values.change ?? "—",
    result: values.result ?? "—",
    quality: values.quality ?? "not measured",
    effort: values.effort ?? "—",
    verdict: "recorded by hand",
    metrics,
    hints: []
  };
  const paths = journalPaths(values.dir);
  const changes = await recordChanges(fileReader(io), paths, { entries: [entry] });
  reportUnread(io, changes);
  if (changes.added.length === 0) {
    io.stdout(`already in ${paths.jsonl}: ${entry.id}
`);
    return 0;
  }
  await writeFiles(io, changes.files);
  io.stdout(`added to ${paths.jsonl}:
${entryBlock(entry)}
`);
  return 0;
}
function metricRecord2(text) {
  const match = /^(.+?)\s*=\s*([0-9.]+(?:e[+-]?\d+)?)\s*(ms|s|tok\/s|req\/s)?$/i.exec(text.trim());
  if (!match) throw new UsageError(`--metric "${text}" is not of the form "ttft p95=250ms"`);
  const key = metricSpec(match[1]).key;
  const unit = (match[3] ?? "ms").toLowerCase();
  const value4 = Number(match[2]) * (unit === "s" ? 1e3 : 1);
  return { key, unit: unit === "s" ? "ms" : unit, value: value4 };
}
async function render(args, io) {
  const { values } = parse(args, "render", {});
  const { paths, view } = await load(io, values.dir, { mustExist: true });
  const read = fileReader(io);
  const files = [];
  const segments = view.index.segments;
  for (const [i, info] of segments.entries()) {
    const parsed = parseJournal(await read(paths.segment(i + 1)) ?? "", `journal/${info.file}`);
    files.push({
      path: paths.segmentPage(i + 1),
      content: renderSegmentPage(parsed.entries, parsed.issues, { number: i + 1, info })
    });
  }
  const lastFull = segments.length ? await read(paths.segment(segments.length)) ?? "" : "";
  files.push({ path: paths.markdown, content: renderMarkdownFiles(paths, view.index, lastFull, view.current.text) });
  await writeFiles(io, files);
  io.stdout(
    `rendered ${view.current.parsed.entries.length} entries into ${paths.markdown}${segments.length ? ` and ${segments.length} older segment page(s)` : ""}
`
  );
  return 0;
}
async function init(args, io) {
  const { values, positionals } = parse(args, "init", {
    benchmark: { type: "string" },
    commit: { type: "string" },
    force: { type: "boolean" }
  });
  if (positionals.length === 0)
    throw new UsageError("journal init needs the result files of the baseline run: perf-triage journal init FILE…");
  const side2 = await loadSide("head", positionals, { maxBadLineRatio: 0.05, cwd: io.cwd });
  const config = buildConfig({ benchmark: values.benchmark });
  const paths = journalPaths(values.dir);
  const read = fileReader(io);
  const heads = pairBenchmarks({ ...side2, label: "base" }, side2).pairs.map((p) => p.head);
  const report2 = triage({ ...side2, label: "base" }, side2, config);
  const existing = (await Promise.all(
    report2.benchmarks.map(async (b) => ({ name: b.name, found: await findBaseline(read, paths, b.name) }))
  )).filter((x) => x.found);
  if (existing.length && !values.force) {
    const what = await Promise.all(
      existing.map(async ({ name, found }) => `${plainText(name)}: ${found.path}${await describeDigest(found.text)}`)
    );
    throw new UsageError(
      `a baseline exists for ${what.join("; ")}. journal init would replace it with ${positionals.map((p) => plainText(p)).join(", ")}; pass --force to replace it, or record a compared result instead with perf-triage journal record BASE HEAD`
    );
  }
  const recordedAt = (/* @__PURE__ */ new Date()).toISOString();
  const replaced = new Set(existing.map((x) => x.name));
  const entries = recordedEntries(report2, heads, {
    idPrefix: `init:${recordedAt}`,
    kind: "manual",
    recordedAt,
    ...values.commit ? { commit: values.commit } : {},
    firstBaseline: new Set(report2.benchmarks.map((b) => b.name))
  }).map(
    (e) => replaced.has(e.benchmark) ? { ...e, verdict: "baseline replaced", symptom: "baseline replaced by hand (journal init --force)" } : e
  );
  const changes = await recordChanges(read, paths, recordInput(report2, heads, entries, recordedAt, values.commit));
  reportUnread(io, changes);
  await writeFiles(io, changes.files);
  for (const e of changes.added)
    io.stdout(
      `baseline for ${plainText(e.benchmark)}: ${changes.baselinePaths.get(e.benchmark)}${replaced.has(e.benchmark) ? " (replaced)" : ""}
${entryBlock(e)}

`
    );
  return 0;
}
async function describeDigest(text) {
  try {
    const d = JSON.parse(text);
    const parts2 = [
      typeof d.createdAt === "string" ? `recorded ${d.createdAt.slice(0, 10)}` : "",
      typeof d.commit === "string" ? `from commit ${plainText(d.commit.slice(0, 7))}` : ""
    ].filter(Boolean);
    return parts2.length ? ` (${parts2.join(" ")})` : "";
  } catch {
    return " (unreadable)";
  }
}
async function record2(args, io) {
  const { values, positionals } = parseCompareArgs(withAliases(args, { "journal-dir": "dir" }), "journal record", {
    dir: { type: "string" },
    commit: { type: "string" },
    pr: { type: "string" },
    accept: { type: "string" },
    by: { type: "string" },
    date: { type: "string" },
    noise: { type: "string", multiple: true }
  });
  const base = [...positionals[0] ? [positionals[0]] : [], ...values.base ?? []];
  const head = [...positionals[1] ? [positionals[1]] : [], ...values.head ?? []];
  if (positionals.length > 2)
    throw new UsageError(
      `journal record takes two files (BASE HEAD); got extra "${positionals[2]}" — use --base/--head for more runs`
    );
  if (base.length === 0 || head.length === 0)
    throw new UsageError(
      "journal record needs the baseline and the merged result: perf-triage journal record BASE HEAD [--commit SHA]"
    );
  if (values.accept !== void 0 && !values.by)
    throw new UsageError("--accept needs --by NAME: who accepted the regression");
  const pr = values.pr === void 0 ? void 0 : Number(values.pr.replace(/^#/, ""));
  if (pr !== void 0 && !(Number.isInteger(pr) && pr > 0))
    throw new UsageError(`--pr "${values.pr}" is not a pull request number`);
  const config = buildConfig(rawConfig(values));
  const options = { maxBadLineRatio: config.maxBadLineRatio, format: values["input-format"], cwd: io.cwd };
  const baseSide = await loadSide("base", base, options);
  const headSide = await loadSide("head", head, options);
  const profiles = await loadProfileInputs(values["baseline-profile"] ?? [], values.profile ?? [], io.cwd);
  const quality = await loadQualityInputs(values["baseline-quality"] ?? [], values.quality ?? [], io.cwd);
  const pairs = pairBenchmarks(baseSide, headSide).pairs;
  const noise = await readNoiseFiles(
    values.noise ?? await noiseFilesInDir(
      values.dir,
      pairs.map((p) => p.name),
      io.cwd
    ),
    io.cwd,
    values.noise ? void 0 : pairs.flatMap((p) => p.head.runs)
  );
  const report2 = noise.annotate(
    triage(baseSide, headSide, noise.apply(config), {
      ...profiles ? { profiles } : {},
      ...quality ? { quality } : {}
    })
  );
  const heads = pairs.map((p) => p.head);
  const recordedAt = values.date ? `${calendarDate(values.date, "--date")}T00:00:00.000Z` : (/* @__PURE__ */ new Date()).toISOString();
  const acceptance = values.accept !== void 0 ? acceptanceOf(values.accept, values.by, values.commit, recordedAt) : void 0;
  const entries = recordedEntries(report2, heads, {
    idPrefix: `cli:${values.commit ?? recordedAt}`,
    kind: "recorded",
    recordedAt,
    ...values.commit ? { commit: values.commit } : {},
    ...pr !== void 0 ? { pullRequest: { number: pr } } : {},
    ...acceptance ? { acceptance } : {}
  });
  const paths = journalPaths(values.dir);
  const changes = await recordChanges(
    fileReader(io),
    paths,
    recordInput(report2, heads, entries, recordedAt, values.commit)
  );
  reportUnread(io, changes);
  if (changes.added.length === 0) {
    io.stdout(`already in ${paths.jsonl}: ${entries.map((e) => plainText(e.id)).join(", ")} (nothing appended)
`);
    return 0;
  }
  await writeFiles(io, changes.files);
  for (const e of changes.added) {
    io.stdout(
      `recorded ${plainText(e.benchmark)}: ${e.kind}${e.kind === "unaccepted-regression" ? " (a regression recorded without acceptance)" : ""}; baseline moved to ${changes.baselinePaths.get(e.benchmark)}
${entryBlock(e)}

`
    );
  }
  io.stdout(`wrote ${changes.files.map((f) => f.path).join(", ")}: commit them
`);
  return 0;
}
function acceptanceOf(text, by, commit, at) {
  const parsed = parseCommand(`/perf accept ${text}`);
  const reason = parsed?.name === "accept" ? parsed.reason : text;
  const effort = parsed?.name === "accept" ? parsed.effort : void 0;
  return { by, reason, ...effort ? { effort } : {}, sha: commit ?? "", at };
}

// src/diagnose/effort.ts
function rankByGainPerEffort(items) {
  const ranked = items.map((item) => {
    const invalid = problem(item);
    if (invalid) return { ...item, gain: NaN, gainText: "—", gainPerHour: NaN, invalid };
    const gain = amdahl(item.share, item.speedup);
    return {
      ...item,
      gain,
      gainText: gain === Infinity ? "∞" : percent(gain - 1),
      gainPerHour: (gain - 1) / item.effortHours
    };
  });
  const order = ranked.map((r, i) => ({ r, i })).sort((a, b) => {
    if (a.r.invalid || b.r.invalid) return (a.r.invalid ? 1 : 0) - (b.r.invalid ? 1 : 0) || a.i - b.i;
    return b.r.gainPerHour - a.r.gainPerHour || b.r.gain - a.r.gain || a.i - b.i;
  });
  return order.map(({ r }, k) => ({ ...r, rank: k + 1 }));
}
function problem(item) {
  if (!(item.share >= 0 && item.share <= 1)) return `share must be between 0 and 1, got ${item.share}`;
  if (!(item.speedup >= 1)) return `speedup must be at least 1 (a slowdown is not a fix), got ${item.speedup}`;
  if (!(item.effortHours > 0) || item.effortHours === Infinity)
    return `effort must be a positive number of hours, got ${item.effortHours}`;
  if (item.share === 1 && item.speedup === Infinity) return "removing all of the time has no finite gain";
  return void 0;
}

// src/cli/amdahl.ts
async function runAmdahl(args, io) {
  const parsed = parseCliArgs(
    {
      args: [...args],
      options: {
        share: { type: "string" },
        speedup: { type: "string" },
        effort: { type: "string" },
        item: { type: "string", multiple: true },
        label: { type: "string" }
      },
      strict: true
    },
    "amdahl"
  );
  const { values } = parsed;
  const items = [];
  if (values.share !== void 0 || values.speedup !== void 0) {
    const share2 = fraction(values.share, "--share");
    const speedup = factor(values.speedup, "--speedup");
    if (values.item === void 0 && values.effort === void 0) {
      const gain = amdahl(share2, speedup);
      io.stdout(
        `gain = 1 / ((1 − ${compact(share2)}) + ${compact(share2)} / ${speedup === Infinity ? "∞" : compact(speedup)}) = ${gain === Infinity ? "∞" : gain.toFixed(3)} → ${gain === Infinity ? "∞" : percent(gain - 1)} faster; the most the time can fall is ${percent(1 - 1 / gain)}
`
      );
      return 0;
    }
    items.push({
      label: values.label ?? "finding",
      share: share2,
      speedup,
      effortHours: effortHours(values.effort ?? "", "--effort")
    });
  }
  for (const text of values.item ?? []) items.push(parseItem(text));
  if (items.length === 0)
    throw new UsageError(
      'amdahl needs --share and --speedup, or one --item per finding ("label: share=0.09 speedup=3 effort=2 days")'
    );
  const ranked = rankByGainPerEffort(items);
  io.stdout("rank  gain    effort   gain per hour  finding\n");
  for (const r of ranked) {
    const line = r.invalid ? `  -   —       —        —              ${r.label}: ${r.invalid}` : `${String(r.rank).padStart(4)}  ${r.gainText.padEnd(6)}  ${`${compact(r.effortHours)} h`.padEnd(7)}  ${`${percent(r.gainPerHour)}/h`.padEnd(13)}  ${r.label} (share ${percent(r.share)}, ×${r.speedup === Infinity ? "∞" : compact(r.speedup)})`;
    io.stdout(`${line}
`);
  }
  const first = ranked.find((r) => !r.invalid);
  if (first && ranked.length > 1) io.stdout(`→ do "${first.label}" first.
`);
  return ranked.some((r) => r.invalid) ? 2 : 0;
}
function parseItem(text) {
  const colon = text.lastIndexOf(":", text.search(/\b(?:share|speedup|gain|effort)=/));
  const label = colon > 0 ? text.slice(0, colon).trim() : text.trim();
  const fields = /* @__PURE__ */ new Map();
  for (const m of text.slice(colon + 1).matchAll(/\b(share|speedup|gain|effort)=([^=]*?)(?=\s+\b(?:share|speedup|gain|effort)=|$)/g))
    fields.set(m[1], m[2].trim());
  const where = `--item "${text}"`;
  if (!fields.has("effort")) throw new UsageError(`${where}: needs effort=… (such as effort=2 days)`);
  const hours = effortHours(fields.get("effort"), where);
  if (fields.has("gain"))
    return { label, share: 1, speedup: factor(low(fields.get("gain")), `${where} gain`), effortHours: hours };
  if (!fields.has("share") || !fields.has("speedup"))
    throw new UsageError(`${where}: needs share=… and speedup=…, or gain=…`);
  return {
    label,
    share: fraction(fields.get("share"), `${where} share`),
    speedup: factor(fields.get("speedup"), `${where} speedup`),
    effortHours: hours
  };
}
function low(text) {
  return text.replace(/x$/i, "").split(/\s*[-–]\s*/)[0];
}
function fraction(text, what) {
  const t = (text ?? "").trim();
  const v = t.endsWith("%") ? Number(t.slice(0, -1)) / 100 : Number(t);
  if (t === "" || !(v >= 0 && v <= 1))
    throw new UsageError(`${what} "${text ?? ""}": expected a share between 0 and 1 (0.09) or a percentage (9%)`);
  return v;
}
function factor(text, what) {
  const t = (text ?? "").trim().replace(/x$/i, "");
  const v = t === "inf" || t === "∞" ? Infinity : Number(t);
  if (t === "" || !(v >= 1))
    throw new UsageError(
      `${what} "${text ?? ""}": expected a speedup of at least 1 (3 for 3× faster, inf to remove it)`
    );
  return v;
}
function effortHours(text, what) {
  const hours = parseEffort(text);
  if (hours === void 0)
    throw new UsageError(`${what} "${text}": expected an effort such as "30 minutes", "2h", "2 days", "hours"`);
  return hours;
}

// src/cli/split.ts
import { resolve as resolve7 } from "node:path";

// src/cli/format.ts
var FORMATS = ["text", "markdown", "json"];
var FORMAT_ALIASES = { md: "markdown", txt: "text" };
function outputFormat(value4, fallback) {
  const given = (value4 ?? fallback).trim().toLowerCase();
  const format = Object.hasOwn(FORMAT_ALIASES, given) ? FORMAT_ALIASES[given] : given;
  if (!FORMATS.includes(format))
    throw new UsageError(
      `--format "${value4}" is not one of ${FORMATS.join(", ")} (or md)${didYouMean(given, FORMATS)}`
    );
  return format;
}

// src/cli/split.ts
async function runSplit(args, io) {
  const parsed = parseCliArgs(
    {
      args: [...args],
      options: {
        baseline: { type: "string", multiple: true },
        "wall-ms": { type: "string" },
        "baseline-wall-ms": { type: "string" },
        steps: { type: "string" },
        "baseline-steps": { type: "string" },
        "step-range": { type: "string" },
        format: { type: "string", short: "f" }
      },
      allowPositionals: true,
      strict: true
    },
    "split"
  );
  const { values, positionals } = parsed;
  if (positionals.length === 0)
    throw new UsageError("split needs a profiler export: perf-triage split PROFILE… [--baseline PROFILE…]");
  const baselines = values.baseline ?? [];
  if (baselines.length === 0 && (values["baseline-wall-ms"] || values["baseline-steps"]))
    throw new UsageError("--baseline-wall-ms and --baseline-steps need --baseline");
  const side2 = (wall, steps, prefix) => ({
    ...wall ? { wallMs: positive4(wall, `--${prefix}wall-ms`) } : {},
    ...steps ? { steps: whole(steps, `--${prefix}steps`) } : {},
    ...values["step-range"] ? { stepRange: values["step-range"] } : {}
  });
  const headOptions = side2(values["wall-ms"], values.steps, "");
  const baseOptions = side2(values["baseline-wall-ms"], values["baseline-steps"], "baseline-");
  const read = async (file, options) => readProfile(await fileSource(resolve7(io.cwd, file), file), options);
  const head = await Promise.all(positionals.map((f) => read(f, headOptions)));
  const base = await Promise.all(baselines.map((f) => read(f, baseOptions)));
  const report2 = profileReport({ base, head });
  if (!report2) throw new UsageError("no step profile or kernel export in the files given");
  const format = outputFormat(values.format, "text");
  if (format === "json")
    io.stdout(`${JSON.stringify(report2, (_k, v) => typeof v === "number" && !Number.isFinite(v) ? null : v, 2)}
`);
  else if (format === "markdown") io.stdout(`${profilesSection(report2)}
`);
  else io.stdout(`${profilesText(report2)}
`);
  return 0;
}
function positive4(text, what) {
  const v = Number(text);
  if (!(v > 0) || !Number.isFinite(v)) throw new UsageError(`${what} "${text}": expected a positive number`);
  return v;
}
function whole(text, what) {
  const v = Number(text);
  if (!Number.isInteger(v) || v < 1) throw new UsageError(`${what} "${text}": expected a whole number of steps ≥ 1`);
  return v;
}

// src/cli/floor.ts
async function runFloor(args, io) {
  const parsed = parseCliArgs(
    {
      args: [...args],
      options: {
        model: { type: "string" },
        gpu: { type: "string" },
        gpus: { type: "string" },
        weights: { type: "string" },
        "bytes-per-weight": { type: "string" },
        kv: { type: "string" },
        bandwidth: { type: "string" },
        params: { type: "string" },
        layers: { type: "string" },
        "kv-heads": { type: "string" },
        "head-dim": { type: "string" },
        "kv-bytes-per-token": { type: "string" },
        batch: { type: "string" },
        context: { type: "string" },
        "measured-ms": { type: "string" }
      },
      strict: true
    },
    "floor"
  );
  const { values } = parsed;
  const settings = parseFloorSettings(
    ["model", "gpu", "gpus", "weights", "kv", "bandwidth", "params"].flatMap(
      (k) => values[k] ? [`${k}=${values[k]}`] : []
    )
  );
  const batch = Number(values.batch);
  const context = Number(values.context);
  if (!(batch > 0))
    throw new UsageError("--batch: the running batch (sequences per decode step) is needed, such as --batch 32");
  if (!(context >= 0))
    throw new UsageError(
      "--context: the mean tokens in each sequence's KV cache is needed, such as --context 1024 (0 for none)"
    );
  if (values.weights && values["bytes-per-weight"])
    throw new UsageError("--weights and --bytes-per-weight say the same thing: give one");
  const bytesPerWeight = values["bytes-per-weight"] ? number2(
    values["bytes-per-weight"],
    "--bytes-per-weight",
    "bytes per weight, such as 0.5625 for 4.5 bits",
    (v) => v > 0 && v <= 8
  ) : void 0;
  const whole2 = (flag) => values[flag] ? number2(values[flag], `--${flag}`, "a whole number ≥ 1", (v) => Number.isInteger(v) && v >= 1) : void 0;
  const layers = whole2("layers");
  const kvHeads = whole2("kv-heads");
  const headDim = whole2("head-dim");
  const kvBytesPerToken = values["kv-bytes-per-token"] ? number2(
    values["kv-bytes-per-token"],
    "--kv-bytes-per-token",
    "bytes of K and V per token over all layers",
    (v) => v > 0
  ) : void 0;
  const input = {
    ...settings,
    bytesPerParam: bytesPerWeight ?? settings.bytesPerParam ?? 2,
    bytesPerElement: settings.bytesPerElement ?? 2,
    ...layers !== void 0 ? { layers } : {},
    ...kvHeads !== void 0 ? { kvHeads } : {},
    ...headDim !== void 0 ? { headDim } : {},
    ...kvBytesPerToken !== void 0 ? { kvBytesPerToken } : {},
    batchSize: batch,
    contextTokens: batch * context
  };
  const floor = decodeFloor(input);
  if (!floor.ok)
    throw new UsageError(
      `${floor.message} (flags: --params, --weights or --bytes-per-weight, --bandwidth or --gpu, --layers --kv-heads --head-dim or --kv-bytes-per-token, or --model for the table)`
    );
  io.stdout(
    `bytes per step ${compact(floor.bytesPerStep / 1e9)} GB (weights ${compact(floor.weightBytes / 1e9)} GB + KV ${compact(floor.kvBytes / 1e9)} GB for ${grouped(batch * context)} tokens)
`
  );
  io.stdout(
    `floor ${duration(floor.floorMs)} per step at ${floor.bandwidthGBs} GB/s × ${floor.gpus} GPU${floor.gpus > 1 ? "s" : ""}; ${duration(floor.floorMsPerToken)} per token
`
  );
  for (const a of floor.assumptions) io.stdout(`  ${a}
`);
  if (bytesPerWeight === void 0 && settings.bytesPerParam === void 0)
    io.stdout("  weights in BF16 (2 bytes) assumed: give --weights or --bytes-per-weight if they are quantized.\n");
  if (context > 0 && kvBytesPerToken === void 0 && settings.bytesPerElement === void 0)
    io.stdout("  KV cache in BF16 (2 bytes) assumed: give --kv fp8 if it is.\n");
  if (values["measured-ms"]) {
    const measured2 = Number(values["measured-ms"]);
    const e = efficiency(floor.floorMs, measured2);
    if (!e) throw new UsageError(`--measured-ms "${values["measured-ms"]}": expected a positive step time in ms`);
    io.stdout(
      `measured ${duration(measured2)}: efficiency floor/measured ${compact(e.efficiency)} (${e.band}) — ${e.advice}
`
    );
  }
  return 0;
}
function number2(text, flag, expected, valid) {
  const v = Number(text);
  if (!Number.isFinite(v) || !valid(v)) throw new UsageError(`${flag} "${text}": expected ${expected}`);
  return v;
}

// src/cli/digest.ts
import { mkdir as mkdir2, writeFile as writeFile2 } from "node:fs/promises";
import { dirname as dirname2, resolve as resolve8 } from "node:path";
async function runDigest(args, io) {
  const parsed = parseCliArgs(
    {
      args: [...args],
      options: {
        out: { type: "string", short: "o" },
        shard: { type: "string" },
        benchmark: { type: "string" },
        "input-format": { type: "string" }
      },
      allowPositionals: true,
      strict: true
    },
    "digest"
  );
  const { values, positionals } = parsed;
  if (positionals.length === 0 || !values.out)
    throw new UsageError(
      "digest needs result files and --out: perf-triage digest FILE… --out digest.json [--shard 2/4]"
    );
  const shard = values.shard !== void 0 ? parseShard(values.shard) : void 0;
  if (typeof shard === "string") throw new UsageError(`--shard "${values.shard}" ${shard}`);
  const side2 = await loadSide("head", positionals, {
    maxBadLineRatio: 0.05,
    cwd: io.cwd,
    ...values["input-format"] ? { format: values["input-format"] } : {}
  });
  const names2 = pairBenchmarks(side2, side2).pairs.map((p) => p.name);
  if (names2.length > 1 && !values.benchmark)
    throw new UsageError(
      `these files hold ${names2.length} benchmarks (${names2.join(", ")}): digest each on its own, or name one with --benchmark`
    );
  const name = values.benchmark ?? names2[0] ?? "benchmark";
  const runs = markShard(side2.runs, shard).map((r) => ({ ...r, meta: { ...r.meta, benchmark: name } }));
  const digest = digestSide({ ...side2, runs }, name, (/* @__PURE__ */ new Date()).toISOString());
  const file = resolve8(io.cwd, values.out);
  await mkdir2(dirname2(file), { recursive: true });
  const text = `${JSON.stringify(digest)}
`;
  await writeFile2(file, text);
  const requests = digest.runs.reduce((s, r) => s + (r.requests?.total ?? 0), 0);
  const kept = digest.runs.reduce((s, r) => s + (r.requests?.kept ?? 0), 0);
  io.stdout(
    `${values.out}: ${plainText(name)}${shard ? ` shard ${shard.index}/${shard.count}` : ""}, ${digest.runs.length} run(s), ${grouped(kept)} of ${grouped(requests)} requests kept, ${grouped(Buffer.byteLength(text))} bytes
`
  );
  return 0;
}

// src/cli/calibrate.ts
import { mkdir as mkdir3, writeFile as writeFile3 } from "node:fs/promises";
import { dirname as dirname3, resolve as resolve9 } from "node:path";

// src/compare/compare-runs.ts
function compareRunSides(base, head, config) {
  const load2 = analyseLoad(base, head);
  return compareSides(base, head, config, {
    bothOverloaded: load2.base.overloaded && load2.head.overloaded,
    steady: steadyStarts(load2, base, head)
  });
}

// src/compare/calibrate.ts
var MIN_CALIBRATION_RUNS = 4;
var CalibrationError = class extends Error {
  constructor(message, moreRuns) {
    super(message);
    this.moreRuns = moreRuns;
  }
  moreRuns;
};
function calibrate(side2, config, options) {
  const runs = side2.runs;
  if (runs.length < MIN_CALIBRATION_RUNS) {
    const more = MIN_CALIBRATION_RUNS - runs.length;
    throw new CalibrationError(
      `calibration needs at least ${MIN_CALIBRATION_RUNS} runs of one build; got ${runs.length}: run the benchmark ${more} more time${more === 1 ? "" : "s"} on the same build and runner`,
      more
    );
  }
  const key = workloadKey(runs[0]);
  const odd = runs.findIndex((r) => !compatibleKeys(key, workloadKey(r)));
  if (odd >= 0)
    throw new CalibrationError(
      `run ${odd + 1} measures another workload than run 1 (${describeKey(workloadKey(runs[odd]))} vs ${describeKey(key)}): calibrate repeats of one configuration only`
    );
  const total2 = runs.length + runs.length * (runs.length - 1);
  let done = 0;
  const step = () => options.onProgress?.(++done, total2);
  const one = (r) => ({ label: "base", runs: [r] });
  const keys = [...config.metrics, ...summaryDefaults(config, side2, side2)].map((m) => m.spec.key);
  const zero = {
    ...config,
    statistics: { ...config.statistics, runNoise: Object.fromEntries(keys.map((k) => [k, 0])) }
  };
  const selves = runs.map((r) => {
    const result = compareRunSides(one(r), one(r), zero);
    step();
    return result;
  });
  const familySize = selves[0].family.size;
  const level = 1 - (1 - config.statistics.level) / Math.max(1, familySize);
  const metrics = [];
  const skipped = [];
  const within = /* @__PURE__ */ new Map();
  for (const m of selves[0].metrics) {
    const key2 = m.spec.key;
    if (m.spec.metric.id === "failed") {
      skipped.push({ key: key2, reason: { code: "share" } });
      continue;
    }
    const perRun = selves.map((s) => s.metrics.find((x) => x.spec.key === key2));
    const unjudged = perRun.findIndex((x) => !x?.interval || !x.base);
    if (unjudged >= 0) {
      skipped.push({ key: key2, reason: { code: "not-judged", verdict: perRun[unjudged]?.verdict ?? "inconclusive" } });
      continue;
    }
    const values = perRun.map((x) => x.base.value);
    if (values.some((v) => !(v > 0))) {
      skipped.push({ key: key2, reason: { code: "not-positive" } });
      continue;
    }
    const sigmas = perRun.map((x) => withinSigma(x.interval, x.intervalLevel ?? level));
    within.set(key2, sigmas);
    const estimate = { sigmaBetween: logSpread(values), df: values.length - 1, sigmaWithin: rms(sigmas) };
    const allowance = noiseAllowance(estimate, level);
    const previousAllowance = runNoiseFor(config, m.spec);
    const previousSide = Math.hypot(estimate.sigmaWithin, previousAllowance);
    const side3 = sideSigma(estimate, level);
    const runsToPrevious = side3 > previousSide ? runsForSideSigma(estimate, level, previousSide) ?? null : void 0;
    metrics.push({
      key: key2,
      unit: m.spec.metric.unit,
      values,
      ...estimate,
      inflation: tInflation(estimate.df, level),
      allowance,
      scale: bootstrapScale(estimate, level),
      previousAllowance,
      previousSide,
      side: side3,
      minEffect: m.minEffect,
      resolution: resolution(estimate, level),
      detectable: minimumDetectableEffect(estimate, level, m.minEffect),
      ...runsToPrevious !== void 0 ? { runsToPrevious } : {}
    });
  }
  const before = emptyTally();
  const after = emptyTally();
  for (let i = 0; i < runs.length; i++) {
    for (let j = i + 1; j < runs.length; j++) {
      const base = one(runs[i]);
      const head = { label: "head", runs: [runs[j]] };
      addPair(before, compareRunSides(base, head, config));
      step();
      const others = (values) => values.filter((_, k) => k !== i && k !== j);
      const estimates = metrics.map((m) => [
        m.key,
        {
          sigmaBetween: logSpread(others(m.values)),
          df: runs.length - 3,
          sigmaWithin: rms(others(within.get(m.key)))
        }
      ]);
      addPair(after, compareRunSides(base, head, withCalibration(config, estimates, level)));
      step();
    }
  }
  return {
    benchmark: options.benchmark,
    workload: key,
    runs: runs.length,
    requests: runs.map((r) => r.requests?.length ?? 0),
    level,
    familySize,
    metrics,
    skipped,
    before,
    after
  };
}
function withCalibration(config, estimates, level) {
  const explicit = config.statistics.runNoise;
  const runNoise = {};
  const bootstrapScaleByKey = { ...config.statistics.bootstrapScale };
  for (const [key, estimate] of estimates) {
    if (Object.hasOwn(explicit, key)) continue;
    runNoise[key] = noiseAllowance(estimate, level);
    bootstrapScaleByKey[key] = bootstrapScale(estimate, level);
  }
  return {
    ...config,
    statistics: { ...config.statistics, runNoise: { ...runNoise, ...explicit }, bootstrapScale: bootstrapScaleByKey }
  };
}
function withinSigma(interval, level) {
  const z2 = normalQuantile(1 - (1 - level) / 2);
  return (Math.log1p(interval[1]) - Math.log1p(interval[0])) / (2 * z2 * Math.SQRT2);
}
function rms(values) {
  return Math.sqrt(values.reduce((s, v) => s + v * v, 0) / values.length);
}
function emptyTally() {
  return { pairs: 0, comparisons: 0, alarms: 0, unchanged: 0, inconclusive: 0, byMetric: {} };
}
function addPair(tally, result) {
  tally.pairs++;
  for (const m of result.metrics) {
    if (!m.interval) continue;
    const row = tally.byMetric[m.spec.key] ??= { comparisons: 0, alarms: 0, unchanged: 0, inconclusive: 0 };
    const field = m.verdict === "regressed" || m.verdict === "improved" ? "alarms" : m.verdict;
    for (const t of [tally, row]) {
      t.comparisons++;
      t[field]++;
    }
  }
}
function describeKey(key) {
  return keyLabel(key) || "no workload recorded";
}

// src/render/calibration.ts
function metricLabel(key) {
  const spec = parseMetricSpec(key);
  return typeof spec === "string" ? key : specLabel(spec);
}
function calibrationText(c, context) {
  const lines = [
    `perf-triage calibrate · ${plainText(c.benchmark)}: ${c.runs} runs${context.runner ? ` on ${plainText(context.runner)}` : ""} (${requestsText(c)})`
  ];
  lines.push(
    `Intervals at ${levelText(c.level)} (${c.familySize} metrics judged together at ${levelText(context.confidence)}); one run a side.`
  );
  lines.push("");
  const rows = [
    ["metric", "between runs", "within a run", "allowance", "resolution", "detects (80%)", "min effect"],
    ...c.metrics.map(metricRow)
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const row of rows)
    lines.push(
      row.map((cell3, i) => cell3.padEnd(widths[i])).join("  ").trimEnd()
    );
  lines.push("", ...notes(c).map((n) => `- ${plainText(n, 400)}`));
  lines.push("", pairsSentence(c));
  if (context.written)
    lines.push(
      `Noise file: ${plainText(context.written, 300)} (comparisons of this benchmark read it from the journal; commit it)`
    );
  return `${lines.join("\n")}
`;
}
function calibrationMarkdown(c, context) {
  const lines = [`### perf-triage calibrate · ${markdownText(c.benchmark)}`, ""];
  lines.push(
    `${c.runs} runs${context.runner ? ` on ${markdownText(context.runner)}` : ""} (${requestsText(c)}); intervals at ${levelText(c.level)} (${c.familySize} metrics judged together at ${levelText(context.confidence)}), one run a side.`,
    ""
  );
  lines.push(
    "| metric | between runs | within a run | allowance | resolution | detects (80%) | min effect |",
    "|---|---:|---:|---:|---:|---:|---:|"
  );
  for (const row of c.metrics.map(metricRow)) lines.push(`| ${row.map((cell3) => markdownText(cell3)).join(" | ")} |`);
  const said = notes(c);
  if (said.length) lines.push("", ...said.map((n) => `- ${markdownText(n, 400)}`));
  lines.push("", markdownText(pairsSentence(c), 600));
  if (context.written) lines.push("", `Noise file: \`${markdownText(context.written, 300).replace(/`/g, "")}\``);
  return `${lines.join("\n")}
`;
}
function requestsText(c) {
  const low2 = Math.min(...c.requests);
  const high = Math.max(...c.requests);
  return low2 === high ? `${grouped(low2)} requests each` : `${grouped(low2)} to ${grouped(high)} requests`;
}
function metricRow(m) {
  return [
    metricLabel(m.key),
    `σ ${percent(m.sigmaBetween)}`,
    `σ ${percent(m.sigmaWithin)}`,
    percent(m.allowance),
    `±${percent(m.resolution)}`,
    `+${percent(m.detectable)}`,
    percent(m.minEffect)
  ];
}
function notes(c) {
  const out = [];
  for (const m of c.metrics) {
    const label = metricLabel(m.key);
    if (m.runsToPrevious === null) {
      out.push(
        `${label}: this runner moves it more between runs (σ ${percent(m.sigmaBetween)}) than the settings before allowed a side (σ ${percent(m.previousSide)}); comparisons on it are now as wide as it is noisy`
      );
    } else if (m.runsToPrevious !== void 0) {
      out.push(
        `${label}: ${c.runs} runs give a side σ ${percent(m.side)} (σ ${percent(m.sigmaBetween)} widened ×${m.inflation.toFixed(2)} for so few runs), wider than the σ ${percent(m.previousSide)} before; about ${m.runsToPrevious} runs would narrow it to that, ${m.runsToPrevious - c.runs} more`
      );
    }
    if (m.scale < 1)
      out.push(
        `${label}: whole runs spread less (σ ${percent(m.sigmaBetween)}) than the bootstrap within a run assumes (σ ${percent(m.sigmaWithin)}); its intervals are narrowed to what the runs show`
      );
  }
  const blocked = c.metrics.filter((m) => m.resolution >= m.minEffect);
  if (blocked.length) {
    const names2 = blocked.length === c.metrics.length ? "any metric" : blocked.map((m) => metricLabel(m.key)).join(", ");
    out.push(
      `unchanged cannot be shown with one run a side for ${names2}: the resolution is wider than the minimum effect; a larger minimum effect, longer runs, or 3 or more runs a side would show it`
    );
  }
  for (const s of c.skipped) out.push(`${metricLabel(s.key)}: ${skipText(s.reason)}`);
  return out;
}
function skipText(reason) {
  switch (reason.code) {
    case "share":
      return "a share of requests has its own interval and takes no allowance";
    case "not-positive":
      return "a run measured 0: no relative spread to calibrate";
    case "not-judged":
      return `not judged in these runs (${reason.verdict}): no noise measured`;
  }
}
function pairsSentence(c) {
  return `Every A/A pair of these runs (${c.before.pairs}), judged as a pull request would be: with the settings before, ${tallyText(c.before)}; calibrated (each pair with the noise of the other runs only), ${tallyText(c.after)}.`;
}
function tallyText(t) {
  return `${t.alarms} false alarm${t.alarms === 1 ? "" : "s"}, ${t.unchanged} unchanged and ${t.inconclusive} inconclusive of ${t.comparisons} metric comparisons`;
}

// src/cli/calibrate.ts
var OPTIONS = {
  runner: { type: "string" },
  dir: { type: "string" },
  "dry-run": { type: "boolean" },
  date: { type: "string" },
  benchmark: { type: "string" },
  metric: { type: "string", multiple: true },
  "min-effect": { type: "string", multiple: true },
  "run-noise": { type: "string", multiple: true },
  confidence: { type: "string" },
  seed: { type: "string" },
  resamples: { type: "string" },
  "input-format": { type: "string" },
  "max-bad-lines": { type: "string" },
  format: { type: "string", short: "f" }
};
async function runCalibrate(args, io) {
  const { values, positionals } = parseCliArgs(
    {
      args: withAliases(args, { "journal-dir": "dir", metrics: "metric" }),
      options: OPTIONS,
      allowPositionals: true,
      strict: true
    },
    "calibrate"
  );
  if (positionals.length === 0)
    throw new UsageError(
      "calibrate needs the result files of 4 or more runs of one build: perf-triage calibrate runs/*.jsonl [--runner NAME]"
    );
  const format = outputFormat(values.format, "text");
  const calibratedAt = values.date ? isoDate(values.date) : (/* @__PURE__ */ new Date()).toISOString();
  const config = buildConfig({
    metrics: values.metric,
    minEffect: values["min-effect"],
    runNoise: values["run-noise"],
    confidence: values.confidence,
    seed: values.seed,
    resamples: values.resamples,
    maxBadLineRatio: values["max-bad-lines"],
    benchmark: values.benchmark
  });
  const side2 = await loadSide("base", positionals, {
    maxBadLineRatio: config.maxBadLineRatio,
    format: values["input-format"],
    cwd: io.cwd
  });
  const groups = pairBenchmarks(side2, side2).pairs;
  if (groups.length > 1 && !values.benchmark)
    throw new UsageError(
      `these files hold ${groups.length} benchmarks or workloads (${groups.map((g2) => plainText(g2.name, 60)).join(", ")}): calibrate the repeats of one at a time`
    );
  const benchmark = values.benchmark ?? groups[0]?.name ?? "benchmark";
  let calibration;
  try {
    calibration = calibrate(side2, config, {
      benchmark,
      ...io.status ? { onProgress: (done, total2) => io.status.set(`calibrating: ${done} of ${total2} comparisons…`) } : {}
    });
  } catch (error) {
    if (error instanceof CalibrationError) throw new UsageError(plainText(error.message, 600));
    throw error;
  } finally {
    io.status?.clear();
  }
  const file = noiseFileFrom(calibration, {
    calibratedAt,
    ...values.runner ? { runner: values.runner } : {},
    confidence: config.statistics.level
  });
  const path = journalPaths(values.dir).noise(benchmark);
  if (!values["dry-run"]) {
    const target = resolve9(io.cwd, path);
    await mkdir3(dirname3(target), { recursive: true });
    await writeFile3(target, noiseFileText(file));
  }
  const context = {
    ...values.runner ? { runner: values.runner } : {},
    ...values["dry-run"] ? {} : { written: path },
    confidence: config.statistics.level
  };
  io.stdout(
    format === "json" ? noiseFileText(file) : format === "markdown" ? calibrationMarkdown(calibration, context) : calibrationText(calibration, context)
  );
  return 0;
}
function isoDate(text) {
  const time = Date.parse(text);
  if (!Number.isFinite(time)) throw new UsageError(`--date "${text}" is not a date (YYYY-MM-DD or an ISO date-time)`);
  return new Date(time).toISOString();
}

// src/cli/status-line.ts
function terminalStatus(write, now = Date.now, delayMs = 2e3, intervalMs = 250) {
  const began = now();
  let last = -Infinity;
  let shown2 = false;
  return {
    set(text) {
      const t = now();
      if (t - began < delayMs || t - last < intervalMs) return;
      last = t;
      shown2 = true;
      write(`\r\x1B[2K${text.slice(0, 120)}`);
    },
    clear() {
      if (shown2) write("\r\x1B[2K");
      shown2 = false;
    }
  };
}
function readingStatus(status) {
  let name = "";
  let total2 = 0;
  let read = 0;
  const mb = (n) => (n / 1e6).toFixed(0);
  return {
    start(file, bytes) {
      name = file;
      total2 = bytes;
      read = 0;
      status.set(`reading ${name}…`);
    },
    advance(chars) {
      read += chars;
      const share2 = total2 > 0 ? Math.min(1, read / total2) : 0;
      status.set(`reading ${name}: ${(share2 * 100).toFixed(0)}% (${mb(read)} of ${mb(total2)} MB)`);
    },
    done() {
      status.set(`read ${name}`);
    }
  };
}

// src/cli/run.ts
var EXIT = { pass: 0, fail: 1, usage: 2 };
async function runCli(argv, io) {
  const [command, ...rest] = argv;
  try {
    const help = helpText(command, rest);
    if (help !== void 0) {
      io.stdout(help);
      return EXIT.pass;
    }
    switch (command) {
      case "compare":
        return await compare(rest, io);
      case "demo":
        return await demo(rest, io);
      case "simulate":
        return await runSimulate(rest, io);
      case "validate":
        return await runValidate(rest, io);
      case "journal":
        return await runJournal(rest, io);
      case "amdahl":
        return await runAmdahl(rest, io);
      case "split":
        return await runSplit(rest, io);
      case "floor":
        return await runFloor(rest, io);
      case "digest":
        return await runDigest(rest, io);
      case "calibrate":
        return await runCalibrate(rest, io);
      case "--version":
      case "version":
        io.stdout(`perf-triage ${VERSION}
`);
        return EXIT.pass;
      default:
        io.stderr(
          `perf-triage: unknown command "${command}"${didYouMean(command ?? "", COMMANDS)}
Run perf-triage --help for the commands.
`
        );
        return EXIT.usage;
    }
  } catch (error) {
    if (error instanceof InputError || error instanceof ConfigError || error instanceof UsageError) {
      io.stderr(`perf-triage: ${error.message}
`);
      return EXIT.usage;
    }
    throw error;
  }
}
function helpText(command, rest) {
  if (command === void 0 || command === "--help" || command === "-h") return USAGE;
  if (command === "help") {
    const topic = rest.filter((a) => !a.startsWith("-")).join(" ");
    return topic ? COMMAND_HELP[topic] ?? USAGE : USAGE;
  }
  if (!wantsHelp(rest) || !Object.hasOwn(COMMAND_HELP, command)) return void 0;
  if (command === "journal") {
    const sub = rest[0];
    return sub && JOURNAL_COMMANDS.includes(sub) ? COMMAND_HELP[`journal ${sub}`] : COMMAND_HELP.journal;
  }
  return COMMAND_HELP[command];
}
async function compare(args, io) {
  const { values, positionals } = parseCompareArgs(args, "compare", { noise: { type: "string", multiple: true } });
  const base = [...positionals[0] ? [positionals[0]] : [], ...values.base ?? []];
  const head = [...positionals[1] ? [positionals[1]] : [], ...values.head ?? []];
  if (positionals.length > 2)
    throw new UsageError(
      `compare takes two files (BASE HEAD); got extra "${positionals[2]}" — use --base/--head for more runs`
    );
  if (base.length === 0 || head.length === 0)
    throw new UsageError("compare needs a baseline and a head: perf-triage compare BASE HEAD");
  const noise = await readNoiseFiles(values.noise ?? [], io.cwd);
  const config = noise.apply(buildConfig(rawConfig(values)));
  const format = outputFormat(values.format, "text");
  const options = {
    maxBadLineRatio: config.maxBadLineRatio,
    format: values["input-format"],
    cwd: io.cwd,
    ...io.status ? { progress: readingStatus(io.status) } : {}
  };
  try {
    const baseSide = await loadSide("base", base, options);
    const headSide = await loadSide("head", head, options);
    const profiles = await loadProfileInputs(values["baseline-profile"] ?? [], values.profile ?? [], io.cwd);
    const quality = await loadQualityInputs(values["baseline-quality"] ?? [], values.quality ?? [], io.cwd);
    io.status?.set(
      `comparing ${grouped(requestsOf(baseSide))} with ${grouped(requestsOf(headSide))} requests and diagnosing…`
    );
    const report2 = noise.annotate(
      triage(baseSide, headSide, config, { ...profiles ? { profiles } : {}, ...quality ? { quality } : {} })
    );
    io.status?.clear();
    return await emit(report2, format, values, io);
  } finally {
    io.status?.clear();
  }
}
function requestsOf(side2) {
  return side2.runs.reduce((n, r) => n + (r.requests?.length ?? 0), 0);
}
async function demo(args, io) {
  const { values } = parse2(args, "demo");
  const raw = rawConfig(values);
  const report2 = await runDemo(raw);
  const code2 = await emit(report2, outputFormat(values.format, "text"), values, io);
  return code2 === EXIT.fail ? EXIT.pass : code2;
}
function parse2(args, command) {
  return parseCompareArgs(args, command);
}
async function emit(report2, format, values, io) {
  const render2 = { text: renderText, markdown: renderMarkdown, json: renderJson }[format];
  io.stdout(render2(report2));
  if (values.json) await writeFile4(values.json, renderJson(report2));
  if (values.markdown) await writeFile4(values.markdown, renderMarkdown(report2));
  return report2.outcome.fail ? EXIT.fail : EXIT.pass;
}

// src/cli.ts
var interactive = process.stderr.isTTY === true && !process.env.CI;
var onRunner = process.env.GITHUB_ACTIONS === "true";
var isJson = (text) => {
  if (!/^\s*[{[]/.test(text)) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};
var safe = (text) => !onRunner ? text : isJson(text) ? neutraliseCommandsInJson(text) : neutraliseCommands(text);
var code = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(safe(text)),
  stderr: (text) => process.stderr.write(safe(text)),
  cwd: process.cwd(),
  ...interactive ? { status: terminalStatus((text) => process.stderr.write(text)) } : {}
});
process.exitCode = code;
