// GuideLLM (vllm-project/guidellm, formerly neuralmagic/guidellm) benchmark reports: the JSON file
// `guidellm benchmark --output-path benchmarks.json` writes. One run per benchmark (load point), see
// guidellm-benchmark.ts. Shapes read: 0.1 (guidellm-legacy.ts), 0.2, 0.3.0 and 0.4+ (report
// "metadata.version" 1). A newer schema version, YAML or CSV output, and benchmarks that are not
// text generation (embeddings) are refused with a message that says so.
//
// The report is one document (often one line), read under the document size cap; its "benchmarks"
// list is split element by element so only one benchmark is ever parsed into objects at a time.

import type { Run } from '../../model/run';
import { InputError } from '../errors';
import type { TextSource } from '../source';
import { JsonStreamSplitter } from '../text/json-stream';
import { parseJsonLenient } from '../text/lenient-json';
import type { ArtifactAdapter, IngestOptions } from './adapter';
import { asObject, own, readDocument } from './document';
import { mapGenerativeBenchmark, type ReportContext } from './guidellm-benchmark';
import { detectGuidellm, guidellmHeadOf } from './guidellm-detect';
import { mapLegacyReport } from './guidellm-legacy';
import { FORMAT } from './guidellm-table';

/** The report schema version this reader follows (GenerativeBenchmarkMetadata.version). */
const KNOWN_SCHEMA_VERSION = 1;

export const guidellmAdapter: ArtifactAdapter = {
  id: 'guidellm',
  label: 'GuideLLM benchmark report',
  writtenBy: 'guidellm benchmark --output-path benchmarks.json (one run per benchmark / load point)',
  detect: (head) => detectGuidellm(head),
  read: (source, options) => readGuidellmReport(source, options),
};

interface Piece {
  text: string;
  line: number;
}

export async function readGuidellmReport(
  source: TextSource,
  options: IngestOptions,
  maxBytes?: number,
): Promise<Run[]> {
  const text = await readDocument(source, FORMAT, maxBytes);
  if (
    !text
      .replace(/^\ufeff/, '')
      .trimStart()
      .startsWith('{')
  ) {
    if (guidellmHeadOf(source.head) === 'yaml') {
      throw new InputError(
        source.name,
        `${FORMAT}: this is the YAML report; perf-triage reads the JSON one (guidellm benchmark --output-path benchmarks.json)`,
      );
    }
    throw new InputError(
      source.name,
      `${FORMAT}: expected one JSON object with a "benchmarks" list; the file starts with ${JSON.stringify(text.trimStart().slice(0, 30))}`,
    );
  }
  const { members, benchmarks } = split(text, source.name);
  const ctx = contextOf(members, source.name, options);

  const runs: Run[] = [];
  const skipped: string[] = [];
  benchmarks.forEach((piece, index) => {
    const bench = parseBenchmark(piece, index, source.name);
    const type = own(bench, 'type_');
    if (type === 'generative_benchmark' || (type === undefined && asObject(own(bench, 'metrics')))) {
      runs.push(mapGenerativeBenchmark(bench, index, ctx));
    } else if (type === undefined && Array.isArray(own(bench, 'benchmarks'))) {
      runs.push(...mapLegacyReport(bench, index, ctx));
    } else if (typeof type === 'string') {
      skipped.push(`benchmarks[${index}] is a "${type.slice(0, 40)}"`);
    } else {
      const keys = Object.keys(bench).slice(0, 6).join(', ');
      throw new InputError(
        source.name,
        `${FORMAT}: benchmarks[${index}] has no "type_", "metrics" or "benchmarks" (keys: ${keys || 'none'}): not a GuideLLM benchmark shape this reader knows${ctx.version ? ` (guidellm ${ctx.version})` : ''}`,
      );
    }
  });
  if (runs.length === 0) {
    throw new InputError(
      source.name,
      `${FORMAT}: ${skipped.length ? `${skipped.join('; ')}: only generative (text) benchmarks are compared` : 'the "benchmarks" list is empty'}`,
    );
  }
  if (skipped.length)
    runs[0].sources[0].warnings.push(`${skipped.join('; ')}: not a text-generation benchmark, left out`);
  labelDuplicates(runs);
  return runs;
}

/** The report's top-level members, parsed, and the raw text of each benchmark. */
function split(text: string, file: string): { members: Map<string, unknown>; benchmarks: Piece[] } {
  const splitter = new JsonStreamSplitter({ streamKey: 'benchmarks' });
  const members = new Map<string, unknown>();
  const benchmarks: Piece[] = [];
  let broken: { message: string; line: number } | undefined;
  const handlers = {
    onElement: (piece: string, line: number) => {
      benchmarks.push({ text: piece, line });
    },
    onMember: (key: string, piece: string, line: number) => {
      if (key !== 'metadata' && key !== 'args') return;
      try {
        members.set(key, parseJsonLenient(piece));
      } catch (error) {
        throw new InputError(file, `${FORMAT}: "${key}" is not valid JSON: ${(error as Error).message}`, line);
      }
    },
    onError: (message: string, line: number) => {
      broken ??= { message, line };
    },
  };
  splitter.push(text, handlers);
  splitter.end(handlers);
  // A report is written in one go: a broken one is a failed or cut-off write, not partly usable.
  if (broken)
    throw new InputError(
      file,
      `${FORMAT}: not valid JSON at line ${broken.line}: ${broken.message} (a cut-off or damaged report)`,
      broken.line,
    );
  if (splitter.shape !== 'object' || splitter.streamedKey !== 'benchmarks') {
    throw new InputError(file, `${FORMAT}: no "benchmarks" list at the top level of the report`);
  }
  return { members, benchmarks };
}

function contextOf(members: Map<string, unknown>, file: string, options: IngestOptions): ReportContext {
  const metadata = asObject(members.get('metadata'));
  const rawVersion = own(metadata, 'guidellm_version');
  const version = typeof rawVersion === 'string' && rawVersion.trim() ? rawVersion.trim().slice(0, 40) : undefined;
  const schema = own(metadata, 'version');
  if (schema !== undefined && schema !== KNOWN_SCHEMA_VERSION) {
    throw new InputError(
      file,
      `${FORMAT}: report schema version ${JSON.stringify(schema)?.slice(0, 20)}${version ? ` (guidellm ${version})` : ''}: this reader knows schema version ${KNOWN_SCHEMA_VERSION} (GuideLLM 0.4+) and the unversioned 0.1–0.3 reports`,
    );
  }
  const args = asObject(members.get('args'));
  return { file, options, nextRecord: 1, ...(version ? { version } : {}), ...(args ? { args } : {}) };
}

function parseBenchmark(piece: Piece, index: number, file: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = parseJsonLenient(piece.text);
  } catch (error) {
    throw new InputError(
      file,
      `${FORMAT}: benchmarks[${index}] is not valid JSON: ${(error as Error).message}`,
      piece.line,
    );
  }
  const bench = asObject(value);
  if (!bench)
    throw new InputError(
      file,
      `${FORMAT}: benchmarks[${index}]: expected an object, got ${Array.isArray(value) ? 'a list' : JSON.stringify(value)?.slice(0, 30)}`,
      piece.line,
    );
  return bench;
}

/** Two benchmarks at the same load point stay apart: "constant@4.00 #2". */
function labelDuplicates(runs: Run[]): void {
  const seen = new Map<string, number>();
  for (const run of runs) {
    const label = run.repeat ?? '';
    const n = (seen.get(label) ?? 0) + 1;
    seen.set(label, n);
    if (n > 1) {
      run.repeat = `${label} #${n}`;
      run.meta.benchmark = run.repeat;
    }
  }
}
