// GenAI-Perf's summary, profile_export_genai_perf.json (json_exporter.py, GenAI-Perf 0.0.x / Triton
// 24.xx–25.xx): one stats block per metric, then "input_config" (the command's arguments), optionally
// "telemetry_stats" and "sessions". Followed: the real file in perf_analyzer issue #298 (Triton 24.12
// era) and the exporter tests; 2024 versions wrote "ns" units, numeric strings and the names
// num_output_token / num_input_token.
//
// Mapping: request_latency → e2e; time_to_first_token → ttft (measured by the client: it includes
// the network and everything before the server's first token); inter_token_latency → tpot (GenAI-Perf
// computes it per request as (latency − TTFT) / (output tokens − 1), which is the catalog's TPOT);
// output_token_throughput → throughput; request_throughput → request_throughput; every other duration
// or rate block (time_to_second_token, output_token_throughput_per_request, request_goodput, …) under
// its own name. Without --streaming the first token arrives with the whole response: GenAI-Perf then
// reports a time_to_first_token equal to request_latency and no inter_token_latency; both are kept as
// written and no decode phase is made up.

import { emptyMeta, type Run, type WorkloadInfo } from '../../model/run';
import { InputError } from '../errors';
import { applyLoad, fillMeta, flattenConfig, readLoadConfig } from './genai-perf-config';
import { addCatalogBlock, addOwnBlock, asStatBlock, blockMean, type StatTarget } from './genai-perf-stats';
import { own } from './document';
import { SummaryCollector } from './values';

export const SUMMARY_FORMAT = 'GenAI-Perf summary';

export const GENAI_PERF_CATALOG: Readonly<Record<string, StatTarget>> = {
  request_latency: { metric: 'e2e', expects: 'time' },
  time_to_first_token: { metric: 'ttft', expects: 'time' },
  inter_token_latency: { metric: 'tpot', expects: 'time' },
  output_token_throughput: { metric: 'throughput', expects: 'tok/s', runLevel: true },
  request_throughput: { metric: 'request_throughput', expects: 'req/s', runLevel: true },
};

/** Members that are not metric blocks. */
const NOT_METRICS = new Set(['input_config', 'telemetry_stats', 'sessions']);

export function summaryRun(doc: Record<string, unknown>, file: string, format: string): Run {
  const collector = new SummaryCollector();
  const workload: WorkloadInfo = {};
  const blocks = new Map<string, Record<string, unknown>>();
  for (const key of Object.keys(doc)) {
    if (NOT_METRICS.has(key)) continue;
    const block = asStatBlock(doc[key]);
    if (!block) continue;
    blocks.set(key, block);
    const target = Object.hasOwn(GENAI_PERF_CATALOG, key) ? GENAI_PERF_CATALOG[key] : undefined;
    if (target) addCatalogBlock(collector, target, block, key);
    else addOwnBlock(collector, key, block, key);
  }
  if (collector.values.length === 0) {
    throw new InputError(
      file,
      `${SUMMARY_FORMAT}: no metric block such as "request_latency": {"unit": "ms", "avg": …} with a usable number`,
    );
  }
  const requests = blockMean(blocks.get('request_count'), 'plain');
  if (requests !== undefined) workload.requests = requests;
  const input = blockMean(blocks.get('input_sequence_length') ?? blocks.get('num_input_token'), 'plain');
  if (input !== undefined) workload.inputTokensMean = input;
  const output = blockMean(blocks.get('output_sequence_length') ?? blocks.get('num_output_token'), 'plain');
  if (output !== undefined) workload.outputTokensMean = output;

  const meta = emptyMeta();
  const flat = flattenConfig(own(doc, 'input_config'));
  const load = readLoadConfig(flat);
  fillMeta(meta, flat, load);
  applyLoad(workload, load);
  meta.benchmark ??= 'genai-perf';

  const warnings = [...collector.warnings];
  if (requests !== undefined) {
    // GenAI-Perf writes no failure count: requested − completed, when a request count was asked for.
    if (load.requestCount !== undefined && load.requestCount > requests) {
      workload.failed = load.requestCount - requests;
      workload.failedFrom = 'derived';
      workload.requests = load.requestCount;
      warnings.push(
        `no failure count in the file: ${workload.failed} failed = ${load.requestCount} requested (--request-count) − ${requests} completed (request_count)`,
      );
    }
  }
  if (load.streaming === false) {
    warnings.push(
      'run without --streaming: time_to_first_token is the whole request latency (the first token comes with the full response); no decode phase or TPOT',
    );
  }
  return {
    meta,
    summaries: collector.values,
    sources: [{ file, format, recordsRead: blocks.size, recordsKept: blocks.size, skipped: 0, issues: [], warnings }],
    workload,
    role: 'summary',
  };
}
