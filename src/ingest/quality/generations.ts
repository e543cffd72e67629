// Per-request generations, streamed: JSONL (one record a line) or a JSON list (one record an
// element). Only each output's hash and length are kept. Unusable records are counted and the first
// ones reported with file, line and field; more than MAX_BAD_SHARE of them rejects the file, since
// a comparison over what is left would quietly leave out whatever made them bad.

import { InputError, IssueLog, formatIssue } from '../errors';
import { asObject } from '../formats/document';
import type { TextSource } from '../source';
import { JsonStreamSplitter } from '../text/json-stream';
import { parseJsonLenient } from '../text/lenient-json';
import { LineSplitter } from '../text/lines';
import { SERVER_MADE_ID } from './fields';
import { generationRecord } from './generation-record';
import { FAILED, type GenerationEntry, type GenerationSet, type SamplingSeen } from '../../model/quality';

const FORMAT = 'generations';
/** The share of bad records above which a file is refused (5%). */
export const MAX_BAD_SHARE = 0.05;

export async function readGenerations(source: TextSource): Promise<GenerationSet> {
  const collector = new Collector(source.name);
  if (
    source.head
      .replace(/^\uFEFF/, '')
      .trimStart()
      .startsWith('[')
  ) {
    const splitter = new JsonStreamSplitter();
    const handlers = {
      onElement: (text: string, line: number) => collector.add(text, line),
      onError: (message: string, line: number) => collector.reject(line, '', `${message}; nothing after it was read`),
    };
    for await (const chunk of source.chunks()) splitter.push(chunk, handlers);
    splitter.end(handlers);
  } else {
    const splitter = new LineSplitter();
    const onLine = (line: string, lineNo: number) => {
      if (line.trim() !== '') collector.add(line, lineNo);
    };
    for await (const chunk of source.chunks()) splitter.push(chunk, onLine);
    splitter.end(onLine);
  }
  return collector.finish();
}

class Collector {
  private readonly entries = new Map<string, GenerationEntry>();
  private readonly issues = new IssueLog();
  private readonly idFields: Record<string, number> = {};
  private readonly sampling: SamplingSeen = { withTemperature: 0, withSeed: 0 };
  private records = 0;
  private failed = 0;
  private duplicates = 0;
  private firstDuplicate: { line: number; id: string } | undefined;
  private serverMadeIds = 0;

  constructor(private readonly file: string) {}

  add(text: string, line: number): void {
    this.records++;
    let value: unknown;
    try {
      value = parseJsonLenient(text);
    } catch (error) {
      this.issue(line, '', `not valid JSON: ${(error as Error).message}`);
      return;
    }
    const object = asObject(value);
    if (!object) {
      this.issue(line, '', 'expected a JSON object for one request');
      return;
    }
    const mapped = generationRecord(object);
    if ('reject' in mapped) {
      this.issue(line, mapped.field, mapped.reject);
      return;
    }
    this.idFields[mapped.idField] = (this.idFields[mapped.idField] ?? 0) + 1;
    if (mapped.idField === 'id' && SERVER_MADE_ID.test(mapped.id)) this.serverMadeIds++;
    if (mapped.temperature !== undefined) {
      this.sampling.withTemperature++;
      this.sampling.maxTemperature = Math.max(this.sampling.maxTemperature ?? mapped.temperature, mapped.temperature);
    }
    if (mapped.seed) this.sampling.withSeed++;
    if (mapped.entry === FAILED) this.failed++;
    if (this.entries.has(mapped.id)) {
      this.duplicates++;
      this.firstDuplicate ??= { line, id: mapped.id };
      return;
    }
    this.entries.set(mapped.id, mapped.entry);
  }

  /** A structural error of a JSON list: one bad record, and the end of reading. */
  reject(line: number, field: string, message: string): void {
    this.records++;
    this.issue(line, field, message);
  }

  finish(): GenerationSet {
    const first = this.issues.kept[0];
    if (this.records === 0) throw new InputError(this.file, `${FORMAT}: no records`);
    if (this.issues.count / this.records > MAX_BAD_SHARE) {
      throw new InputError(
        this.file,
        `${FORMAT}: ${this.issues.count} of ${this.records} records are bad, more than the ${MAX_BAD_SHARE * 100}% allowed; the first: ${first.message}`,
        first.line,
        first.field || undefined,
      );
    }
    return {
      kind: 'generations',
      format: 'generations',
      file: this.file,
      entries: this.entries,
      records: this.records,
      bad: this.issues.count,
      issues: this.issues.kept,
      failed: this.failed,
      duplicates: this.duplicates,
      idFields: { ...this.idFields },
      sampling: { ...this.sampling },
      warnings: this.warnings(),
    };
  }

  private issue(line: number, field: string, message: string): void {
    this.issues.add({ file: this.file, line, ...(field ? { field } : {}), message });
  }

  private warnings(): string[] {
    const out: string[] = [];
    const first = this.issues.kept[0];
    if (first) out.push(`${this.issues.count} of ${this.records} records skipped; the first: ${formatIssue(first)}`);
    if (this.failed)
      out.push(`${this.failed} record(s) are failed requests (error set or a non-2xx status): no output to compare`);
    if (this.firstDuplicate) {
      out.push(
        `${this.duplicates} record(s) repeat an id already seen (first at line ${this.firstDuplicate.line}, id ${JSON.stringify(this.firstDuplicate.id)}); the first of each is kept`,
      );
    }
    const fields = Object.keys(this.idFields);
    if (fields.length > 1)
      out.push(
        `records use different id fields (${fields.map((f) => `${f}: ${this.idFields[f]}`).join(', ')}); ids are paired whatever field they came from`,
      );
    if (this.serverMadeIds > 0) {
      out.push(
        `${this.serverMadeIds} id(s) look made by the server per call ("chatcmpl-…", "cmpl-…", "batch_req_…"): they differ between runs and will not pair; give each request a custom_id or prompt_id`,
      );
    }
    return out;
  }
}
