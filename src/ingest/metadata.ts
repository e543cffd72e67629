// The optional metadata block that travels with a run: benchmark name, commit, engine config,
// hardware, model and workload. Unknown keys are kept as text; nested config is flattened with dots.

import { emptyMeta, type ConfigValue, type RunMeta, type WorkloadInfo } from '../model/run';
import type { IssueLog } from './errors';

const MAX_VALUE = 500;

/**
 * `declared` receives the workload key fields the block states: engine and engine_version at the
 * top level, and in a workload object dataset, request_rate, concurrency (or max_concurrency),
 * streaming, input_len, output_len, tenant.
 */
export function parseMetadata(
  value: unknown,
  file: string,
  line: number,
  issues: IssueLog,
  into: RunMeta = emptyMeta(),
  declared: WorkloadInfo = {},
): RunMeta {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    issues.add({
      file,
      line,
      field: 'metadata',
      message: 'expected an object such as {"benchmark": "...", "config": {...}}',
    });
    return into;
  }
  for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
    switch (key) {
      case 'benchmark':
      case 'name':
        if (typeof raw === 'string' && raw.trim()) into.benchmark = cap(raw.trim());
        else issues.add({ file, line, field: `metadata.${key}`, message: 'expected a non-empty string' });
        break;
      case 'commit':
      case 'hardware':
      case 'model':
        if (typeof raw === 'string' || typeof raw === 'number') into[key] = cap(String(raw));
        else issues.add({ file, line, field: `metadata.${key}`, message: 'expected a string' });
        break;
      case 'workload':
        into.workload = typeof raw === 'string' ? cap(raw) : cap(describeObject(raw));
        declareWorkload(raw, declared);
        break;
      case 'engine':
      case 'engine_version':
        if (typeof raw === 'string' || typeof raw === 'number')
          declared[key === 'engine' ? 'engine' : 'engineVersion'] = cap(String(raw).trim());
        else issues.add({ file, line, field: `metadata.${key}`, message: 'expected a string' });
        into.extra[key] = cap(typeof raw === 'string' ? raw : JSON.stringify(raw));
        break;
      case 'config':
        if (raw && typeof raw === 'object' && !Array.isArray(raw))
          flattenConfig(raw as Record<string, unknown>, '', into.config);
        else
          issues.add({
            file,
            line,
            field: 'metadata.config',
            message: 'expected an object of engine settings, e.g. {"max_num_seqs": 64}',
          });
        break;
      default:
        into.extra[key] = cap(typeof raw === 'string' ? raw : JSON.stringify(raw));
    }
  }
  return into;
}

/** Key fields of a workload object ({"dataset": "sharegpt", "request_rate": 4, "streaming": true, …}). */
function declareWorkload(raw: unknown, declared: WorkloadInfo): void {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return;
  const w = raw as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? cap(v.trim()) : undefined);
  const number = (v: unknown) =>
    typeof v === 'number' && Number.isFinite(v) && v > 0
      ? v
      : typeof v === 'string' && /^\s*\+?inf(inity)?\s*$/i.test(v)
        ? Infinity
        : undefined;
  const dataset = text(w.dataset);
  if (dataset) declared.dataset = dataset;
  const rate = number(w.request_rate);
  if (rate !== undefined) declared.requestRate = rate;
  const concurrency = number(w.concurrency ?? w.max_concurrency);
  if (concurrency !== undefined && Number.isFinite(concurrency)) declared.concurrency = concurrency;
  if (typeof w.streaming === 'boolean') declared.streaming = w.streaming;
  const input = number(w.input_len);
  if (input !== undefined && Number.isFinite(input)) declared.inputLength = input;
  const output = number(w.output_len);
  if (output !== undefined && Number.isFinite(output)) declared.outputLength = output;
  const tenant = text(w.tenant);
  if (tenant) declared.tenant = tenant;
}

function flattenConfig(source: Record<string, unknown>, prefix: string, out: Record<string, ConfigValue>): void {
  for (const [key, value] of Object.entries(source)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      out[name] = typeof value === 'string' ? cap(value) : value;
    } else if (Array.isArray(value)) {
      out[name] = cap(JSON.stringify(value));
    } else if (typeof value === 'object') {
      flattenConfig(value as Record<string, unknown>, name, out);
    }
  }
}

function describeObject(value: unknown): string {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
      .join(', ');
  }
  return JSON.stringify(value);
}

function cap(text: string): string {
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : text;
}

/** True for a JSON line that carries only the metadata block: {"metadata": {...}}. */
export function isMetadataRecord(value: unknown): value is { metadata: unknown } {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    'metadata' in value &&
    Object.keys(value as object).length === 1
  );
}
