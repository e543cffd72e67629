// A run's workload key: everything the artifact records about the experiment itself — the prompts
// (dataset, length settings), the load (request rate, max concurrency), the streaming mode, the engine
// and its version, the model, the hardware, the tenant. Two runs are repeats of one benchmark only when
// their keys are equal; base and head benchmarks are matched by key. A field a run does not record is
// unknown, not a value: it never makes two keys differ.

import type { Run, WorkloadInfo } from './run';

export const KEY_FIELDS = [
  'dataset',
  'inputLength',
  'outputLength',
  'requestRate',
  'concurrency',
  'streaming',
  'engine',
  'engineVersion',
  'model',
  'hardware',
  'tenant',
] as const;
export type KeyField = (typeof KEY_FIELDS)[number];
export type KeyValue = string | number | boolean;
export type WorkloadKey = Partial<Record<KeyField, KeyValue>>;

/** The key of one run, from its declared workload and its metadata (model, hardware). */
export function workloadKey(run: Run): WorkloadKey {
  const w: WorkloadInfo = run.workload ?? {};
  const key: WorkloadKey = {};
  const put = (field: KeyField, value: KeyValue | undefined) => {
    if (
      value === undefined ||
      (typeof value === 'string' && value.trim() === '') ||
      (typeof value === 'number' && Number.isNaN(value))
    )
      return;
    key[field] = typeof value === 'string' ? value.trim() : value;
  };
  put('dataset', w.dataset);
  put('inputLength', w.inputLength);
  put('outputLength', w.outputLength);
  put('requestRate', w.requestRate);
  put('concurrency', w.concurrency);
  put('streaming', w.streaming);
  put('engine', w.engine);
  put('engineVersion', w.engineVersion);
  put('model', run.meta.model);
  put('hardware', run.meta.hardware);
  put('tenant', w.tenant);
  return key;
}

export function sameValue(a: KeyValue, b: KeyValue): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a.toLowerCase() === b.toLowerCase();
  if (typeof a === 'number' && typeof b === 'number')
    return (
      a === b ||
      (Number.isFinite(a) && Number.isFinite(b) && Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b)))
    );
  return a === b;
}

export interface KeyDifference {
  field: KeyField;
  base: KeyValue;
  head: KeyValue;
}

/** Fields both keys record with different values. */
export function keyDifferences(base: WorkloadKey, head: WorkloadKey): KeyDifference[] {
  const out: KeyDifference[] = [];
  for (const field of KEY_FIELDS) {
    const b = base[field];
    const h = head[field];
    if (b !== undefined && h !== undefined && !sameValue(b, h)) out.push({ field, base: b, head: h });
  }
  return out;
}

/** Equal wherever both record a field. */
export function compatibleKeys(a: WorkloadKey, b: WorkloadKey): boolean {
  return keyDifferences(a, b).length === 0;
}

/** A canonical text for the key, for grouping equal keys (unknown fields are left out). */
export function keyText(key: WorkloadKey): string {
  return KEY_FIELDS.filter((f) => key[f] !== undefined)
    .map((f) => `${f}=${canonical(key[f]!)}`)
    .join('|');
}

function canonical(value: KeyValue): string {
  if (typeof value === 'string') return value.toLowerCase();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : value > 0 ? 'inf' : '-inf';
  return String(value);
}

/** The fields every run of the list records with one value: what the runs have in common. */
export function commonKey(runs: readonly Run[]): WorkloadKey {
  const keys = runs.map(workloadKey);
  if (keys.length === 0) return {};
  const out: WorkloadKey = {};
  for (const field of KEY_FIELDS) {
    const first = keys[0][field];
    if (first !== undefined && keys.every((k) => k[field] !== undefined && sameValue(k[field]!, first)))
      out[field] = first;
  }
  return out;
}

/** One field as a short phrase: "concurrency 16", "4 req/s", "streaming", "dataset sharegpt". */
export function describeField(field: KeyField, value: KeyValue): string {
  switch (field) {
    case 'requestRate':
      return typeof value === 'number' && !Number.isFinite(value) ? 'max request rate' : `${value} req/s`;
    case 'concurrency':
      return `concurrency ${value}`;
    case 'streaming':
      return value === true ? 'streaming' : 'non-streaming';
    case 'inputLength':
      return `input ${value} tokens`;
    case 'outputLength':
      return `output ${value} tokens`;
    case 'engineVersion':
      return `engine version ${value}`;
    default:
      return `${field} ${value}`;
  }
}

/** The key as a label: the given fields (all recorded ones by default), in key order. */
export function keyLabel(key: WorkloadKey, fields: readonly KeyField[] = KEY_FIELDS): string {
  return KEY_FIELDS.filter((f) => fields.includes(f) && key[f] !== undefined)
    .map((f) => describeField(f, key[f]!))
    .join(', ');
}
