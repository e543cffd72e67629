// Reading a baseline digest back: the structure is checked before use, so a hand-edited or corrupt
// file gives an error naming the file and the key, never a wrong comparison.

import { InputError } from '../errors';
import { NUMERIC_FIELDS, TEXT_FIELDS } from '../../model/fields';
import { BASELINE_SCHEMA, type BaselineDigest, type DigestRun } from './digest';

export function parseDigest(text: string, file: string): BaselineDigest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InputError(file, `baseline digest: not valid JSON: ${(error as Error).message}`);
  }
  const d = object(value, file, 'the file');
  if (d.schema !== BASELINE_SCHEMA) {
    throw new InputError(
      file,
      `baseline digest: schema is ${JSON.stringify(d.schema)}, expected "${BASELINE_SCHEMA}"${typeof d.schema === 'string' && d.schema.startsWith('perf-triage/baseline@') ? ' (update perf-triage to read newer baselines)' : ''}`,
    );
  }
  if (typeof d.benchmark !== 'string' || typeof d.createdAt !== 'string')
    throw new InputError(file, 'baseline digest: "benchmark" and "createdAt" must be strings');
  if (!Array.isArray(d.runs) || d.runs.length === 0)
    throw new InputError(file, 'baseline digest: "runs" must be a non-empty list');
  d.runs.forEach((r, i) => checkRun(r, file, `runs[${i}]`));
  return d as unknown as BaselineDigest;
}

function checkRun(value: unknown, file: string, where: string): void {
  const r = object(value, file, where) as Partial<DigestRun> & Record<string, unknown>;
  object(r.meta, file, `${where}.meta`);
  object((r.meta as unknown as Record<string, unknown>).config, file, `${where}.meta.config`);
  if (!Array.isArray(r.summaries)) throw new InputError(file, `baseline digest: ${where}.summaries must be a list`);
  for (const s of r.summaries) {
    if (
      typeof s?.metric !== 'string' ||
      typeof s?.stat !== 'string' ||
      typeof s?.value !== 'number' ||
      !Number.isFinite(s.value)
    ) {
      throw new InputError(
        file,
        `baseline digest: ${where}.summaries holds an entry without metric, stat and a finite value`,
      );
    }
  }
  if (r.requests === undefined) return;
  const q = object(r.requests, file, `${where}.requests`) as Record<string, unknown>;
  const kept = q.kept;
  if (typeof kept !== 'number' || !Number.isInteger(kept) || kept < 0)
    throw new InputError(file, `baseline digest: ${where}.requests.kept must be a whole number`);
  const columns = object(q.columns, file, `${where}.requests.columns`);
  for (const [field, values] of Object.entries(columns)) {
    if (!(NUMERIC_FIELDS as readonly string[]).includes(field))
      throw new InputError(file, `baseline digest: ${where}.requests.columns has an unknown field "${field}"`);
    if (
      !Array.isArray(values) ||
      values.length !== kept ||
      values.some((v) => v !== null && (typeof v !== 'number' || !Number.isFinite(v)))
    ) {
      throw new InputError(
        file,
        `baseline digest: ${where}.requests.columns.${field} must be ${kept} finite numbers or nulls`,
      );
    }
  }
  const text = object(q.text ?? {}, file, `${where}.requests.text`);
  for (const [field, values] of Object.entries(text)) {
    if (
      !(TEXT_FIELDS as readonly string[]).includes(field) ||
      !Array.isArray(values) ||
      values.length !== kept ||
      values.some((v) => v !== null && typeof v !== 'string')
    ) {
      throw new InputError(file, `baseline digest: ${where}.requests.text.${field} must be ${kept} strings or nulls`);
    }
  }
}

function object(value: unknown, file: string, where: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new InputError(file, `baseline digest: ${where} must be an object`);
  return value as Record<string, unknown>;
}
