// The metadata block: what each key becomes, where it may appear in each layout, what is reported.

import { describe, expect, it } from 'vitest';
import { IssueLog, formatIssue } from '../../../src/ingest/errors';
import { isMetadataRecord, parseMetadata } from '../../../src/ingest/metadata';
import { emptyMeta } from '../../../src/model/run';
import { ingestText } from './helpers';

const OK = '{"first_token_ms": 1, "total_ms": 2}';

describe('parseMetadata', () => {
  it('known keys, flattened config, workload as text, the rest verbatim', () => {
    const issues = new IssueLog();
    const meta = parseMetadata(
      {
        name: '  bench-a  ',
        commit: 123456,
        hardware: '8x H100',
        model: 'llama',
        workload: 'sharegpt at 4 req/s',
        config: {
          max_num_seqs: 64,
          chunked: true,
          kv: { dtype: 'fp8', blocks: null },
          sizes: [1, 2],
          deep: { a: { b: 1 } },
        },
        owner: 'team',
        tags: ['x', 1],
        n: 3,
      },
      'f',
      1,
      issues,
    );
    expect(meta).toEqual({
      benchmark: 'bench-a',
      commit: '123456',
      hardware: '8x H100',
      model: 'llama',
      workload: 'sharegpt at 4 req/s',
      config: { max_num_seqs: 64, chunked: true, 'kv.dtype': 'fp8', 'kv.blocks': null, sizes: '[1,2]', 'deep.a.b': 1 },
      extra: { owner: 'team', tags: '["x",1]', n: '3' },
    });
    expect(issues.count).toBe(0);
  });

  it('long values are capped at 500 characters', () => {
    const long = 'z'.repeat(501);
    const meta = parseMetadata({ benchmark: long, config: { k: long }, other: long }, 'f', 1, new IssueLog());
    expect(meta.benchmark).toBe(`${'z'.repeat(500)}…`);
    expect(meta.config.k).toBe(`${'z'.repeat(500)}…`);
    expect(meta.extra.other).toBe(`${'z'.repeat(500)}…`);
  });

  it('wrong types are reported with the metadata key as the field, and the rest still read', () => {
    const issues = new IssueLog();
    const meta = parseMetadata(
      { benchmark: '  ', commit: { sha: 'x' }, config: 'max_num_seqs=64', model: 'm' },
      'f.jsonl',
      4,
      issues,
    );
    expect(meta).toEqual({ model: 'm', config: {}, extra: {} });
    expect(issues.kept.map(formatIssue)).toEqual([
      'f.jsonl:4: field "metadata.benchmark": expected a non-empty string',
      'f.jsonl:4: field "metadata.commit": expected a string',
      'f.jsonl:4: field "metadata.config": expected an object of engine settings, e.g. {"max_num_seqs": 64}',
    ]);
    const notObject = new IssueLog();
    expect(parseMetadata([1], 'f.jsonl', 2, notObject)).toEqual(emptyMeta());
    expect(notObject.kept.map(formatIssue)).toEqual([
      'f.jsonl:2: field "metadata": expected an object such as {"benchmark": "...", "config": {...}}',
    ]);
  });

  it('isMetadataRecord: exactly one key, "metadata"', () => {
    expect(isMetadataRecord({ metadata: {} })).toBe(true);
    expect(isMetadataRecord({ metadata: 5 })).toBe(true);
    expect(isMetadataRecord({ metadata: {}, total_ms: 1 })).toBe(false);
    expect(isMetadataRecord({})).toBe(false);
    expect(isMetadataRecord([{ metadata: {} }])).toBe(false);
    expect(isMetadataRecord(null)).toBe(false);
  });
});

describe('metadata in each layout', () => {
  it('JSONL: a metadata line anywhere; later blocks add to and override earlier ones', async () => {
    const text = `{"metadata": {"benchmark": "a", "config": {"x": 1}}}\n${OK}\n{"metadata": {"benchmark": "b", "config": {"y": 2}}}\n${OK}\n`;
    const run = await ingestText('m.jsonl', text);
    expect(run.meta).toEqual({ benchmark: 'b', config: { x: 1, y: 2 }, extra: {} });
    expect(run.sources[0]).toMatchObject({ recordsRead: 2, recordsKept: 2, skipped: 0, issues: [] });
    expect([...run.requests!.sourceLine]).toEqual([2, 4]);
  });

  it('JSON object: "metadata" may come after "requests"', async () => {
    const run = await ingestText('m.json', `{\n"requests": [${OK}],\n"metadata": {"commit": "abc"}\n}`);
    expect(run.meta).toEqual({ commit: 'abc', config: {}, extra: {} });
  });

  it('JSON object: a metadata member that is not valid JSON is reported on its line', async () => {
    const run = await ingestText('m.json', `{\n"metadata": {"benchmark": tru},\n"requests": [${OK}]\n}`);
    expect(run.sources[0].skipped).toBe(0);
    expect(run.sources[0].issues).toHaveLength(1);
    expect(formatIssue(run.sources[0].issues[0])).toMatch(/^m\.json:2: field "metadata": not valid JSON: /);
  });

  it('CSV: "# metadata:" comment lines before the header; other comments are ignored', async () => {
    const text =
      '# produced by bench 1.2\n#metadata:{"benchmark": "c", "config": {"max_num_seqs": 8}}\n\n# METADATA : {"hardware": "A10"}\nfirst_token_ms,total_ms\n1,2\n';
    const run = await ingestText('m.csv', text, { chunk: 2 });
    expect(run.meta).toEqual({ benchmark: 'c', hardware: 'A10', config: { max_num_seqs: 8 }, extra: {} });
    expect([...run.requests!.sourceLine]).toEqual([6]);
  });

  it('CSV: a metadata comment that is not JSON is an issue on its line, not a skipped record', async () => {
    const run = await ingestText('m.csv', '# x\n# metadata: {benchmark: c}\nfirst_token_ms,total_ms\n1,2\n', {
      ratio: 0,
    });
    expect(run.sources[0]).toMatchObject({ recordsRead: 1, recordsKept: 1, skipped: 0 });
    expect(run.sources[0].issues).toHaveLength(1);
    expect(formatIssue(run.sources[0].issues[0])).toMatch(/^m\.csv:2: field "metadata": not valid JSON: /);
  });
});
