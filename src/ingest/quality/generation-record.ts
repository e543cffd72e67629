// One generation record → its id and a fingerprint of its output (SHA-256 of the text, and the text's
// length), or why it is unusable. The text itself is dropped here, so a file of long outputs never
// sits in memory. Shapes understood:
//   {"request_id": 7, "output": "…"}                                     plain per-request dumps
//   {"id": …, "choices": [{"text": "…"}]}                                 OpenAI completions
//   {"custom_id": "r1", "response": {"choices": [{"message": {"content": "…"}}]}}   vLLM run_batch (2024)
//   {"custom_id": "r1", "response": {"status_code": 200, "body": {"choices": […]}}, "error": null}
//                                                                        OpenAI Batch output, vLLM now
//   {"prompt_id": "p1", "output_sha256": "<64 hex>"}                     hashes computed elsewhere

import { createHash } from 'node:crypto';
import { asObject, own } from '../formats/document';
import { FIELD_LIST, HASH_FIELDS, ID_FIELDS, SAMPLING_CONTAINERS, TEXT_FIELDS } from './fields';
import { FAILED, type GenerationEntry } from '../../model/quality';

export interface MappedRecord {
  id: string;
  idField: string;
  entry: GenerationEntry;
  temperature?: number;
  seed: boolean;
}

export type RecordResult = MappedRecord | { reject: string; field: string };

const HEX64 = /^[0-9a-fA-F]{64}$/;

export function generationRecord(r: Record<string, unknown>): RecordResult {
  const id = recordId(r);
  if ('reject' in id) return id;
  const sampling = samplingOf(r);
  if (failed(r)) return { ...id, entry: FAILED, ...sampling };
  const output = outputOf(r);
  if ('reject' in output) return output;
  return { ...id, entry: output, ...sampling };
}

function recordId(r: Record<string, unknown>): { id: string; idField: string } | { reject: string; field: string } {
  for (const field of ID_FIELDS) {
    const value = own(r, field);
    if (typeof value === 'string' && value.trim() !== '') return { id: value, idField: field };
    if (typeof value === 'number' && Number.isFinite(value)) return { id: String(value), idField: field };
  }
  return { reject: `no id: expected ${ID_FIELDS.join(', ')} (a non-empty string or a number)`, field: 'id' };
}

/** An error object or message, or an HTTP status outside 2xx (OpenAI Batch, vLLM run_batch). */
function failed(r: Record<string, unknown>): boolean {
  const error = own(r, 'error');
  if (error !== undefined && error !== null && error !== false && error !== '' && error !== 0) return true;
  const status = own(asObject(own(r, 'response')), 'status_code');
  return typeof status === 'number' && (status < 200 || status > 299);
}

function outputOf(
  r: Record<string, unknown>,
): { hash: string; length: number } | { hash: string } | { reject: string; field: string } {
  const response = asObject(own(r, 'response'));
  const places: [string, Record<string, unknown> | undefined][] = [
    ['', r],
    ['response.', response],
    ['response.body.', asObject(own(response, 'body'))],
  ];
  let wrongType: { field: string; value: unknown } | undefined;
  for (const [prefix, place] of places) {
    if (!place) continue;
    for (const field of TEXT_FIELDS) {
      const value = own(place, field);
      if (typeof value === 'string') return fingerprint(value);
      if (value !== undefined && value !== null) wrongType ??= { field: prefix + field, value };
    }
    const choice = asObject(firstOf(own(place, 'choices')));
    if (!choice) continue;
    const text = own(choice, 'text');
    if (typeof text === 'string') return fingerprint(text);
    const message = asObject(own(choice, 'message'));
    if (message) {
      const content = own(message, 'content');
      // A tool call or refusal has no content string: its message, as written, is the output.
      return fingerprint(typeof content === 'string' ? content : JSON.stringify(message));
    }
    wrongType ??= { field: `${prefix}choices[0]`, value: choice };
  }
  for (const field of HASH_FIELDS) {
    const value = own(r, field);
    if (typeof value !== 'string' || value.trim() === '') {
      if (value !== undefined && value !== null) wrongType ??= { field, value };
      continue;
    }
    if (HEX64.test(value)) return { hash: `sha256:${value.toLowerCase()}` };
    if (field === 'output_sha256') return { reject: `expected 64 hex digits, got ${describe(value)}`, field };
    return { hash: `given:${value}` };
  }
  if (wrongType) return { reject: `expected a string, got ${describe(wrongType.value)}`, field: wrongType.field };
  return { reject: `no output: expected ${FIELD_LIST}`, field: 'output' };
}

function fingerprint(text: string): { hash: string; length: number } {
  return { hash: `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`, length: text.length };
}

function samplingOf(r: Record<string, unknown>): { temperature?: number; seed: boolean } {
  let temperature: number | undefined;
  let seed = false;
  const places = [r, ...SAMPLING_CONTAINERS.map((k) => asObject(own(r, k)))];
  const requestBody = asObject(own(asObject(own(r, 'request')), 'body'));
  for (const place of [...places, requestBody]) {
    if (!place) continue;
    const t = own(place, 'temperature');
    if (typeof t === 'number' && Number.isFinite(t)) temperature = Math.max(temperature ?? t, t);
    const s = own(place, 'seed');
    if (s !== undefined && s !== null) seed = true;
  }
  return temperature !== undefined ? { temperature, seed } : { seed };
}

function firstOf(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : undefined;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value !== null && typeof value === 'object') return 'an object';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
