import { describe, expect, it } from 'vitest';
import { pairBenchmarks } from '../../src/report/groups';
import { readFileSync } from 'node:fs';
import { emptyMeta, type Run, type Side } from '../../src/model/run';
import { ingestRuns } from '../../src/ingest/ingest';
import { textSource } from '../../src/ingest/source';

function run(benchmark: string | undefined, workload?: Run['workload']): Run {
  return { meta: { ...emptyMeta(), benchmark }, summaries: [], sources: [], workload };
}
const side = (label: Side['label'], runs: Run[]): Side => ({ label, runs });

describe('pairing benchmarks between the sides', () => {
  it('pairs one group a side whatever the names, and says so', () => {
    const p = pairBenchmarks(side('base', [run('llama-a')]), side('head', [run('llama-b')]));
    expect(p.pairs.map((x) => x.name)).toEqual(['llama-b']);
    expect(p.notes[0]).toMatch(/named "llama-a" and the head "llama-b"/);
  });

  it('pairs several benchmarks by name and lists the unmatched ones', () => {
    const p = pairBenchmarks(
      side('base', [run('a'), run('b'), run('b'), run('old')]),
      side('head', [run('b'), run('a'), run('new')]),
    );
    expect(p.pairs.map((x) => [x.name, x.base.runs.length, x.head.runs.length])).toEqual([
      ['b', 2, 1],
      ['a', 1, 1],
    ]);
    expect(p.unmatched).toEqual([
      { side: 'head', name: 'new' },
      { side: 'base', name: 'old' },
    ]);
  });

  it('treats runs of one name at different loads as load points, not repeats', () => {
    const sweep = (label: Side['label']) =>
      side(label, [run('m', { concurrency: 1 }), run('m', { concurrency: 8 }), run('m', { concurrency: 8 })]);
    const p = pairBenchmarks(sweep('base'), sweep('head'));
    expect(p.pairs.map((x) => [x.name, x.head.runs.length])).toEqual([
      ['m @ concurrency 1', 1],
      ['m @ concurrency 8', 2],
    ]);
  });
});

describe('pairing by the whole workload key (issue 11)', () => {
  const read = async (file: string) =>
    ingestRuns(textSource(file, readFileSync(file, 'utf8')), { maxBadLineRatio: 0.05 });
  const SGLANG = 'test/fixtures/sglang/h200_llama_3_3_70b_online_output.jsonl';

  it('a multi-dataset SGLang file against itself keeps every dataset and rate apart: one run per benchmark', async () => {
    const runs = await read(SGLANG);
    const p = pairBenchmarks(side('base', runs), side('head', runs));
    expect(p.unmatched).toEqual([]);
    expect(p.pairs.map((x) => [x.name, x.base.runs.length, x.head.runs.length])).toEqual([
      ['benchmark @ dataset random, input 1024 tokens, output 1024 tokens, 1 req/s', 1, 1],
      ['benchmark @ dataset random, input 1024 tokens, output 1024 tokens, 2 req/s', 1, 1],
      ['benchmark @ dataset random, input 1024 tokens, output 1024 tokens, 4 req/s', 1, 1],
      ['benchmark @ dataset random, input 1024 tokens, output 1024 tokens, 8 req/s', 1, 1],
      ['benchmark @ dataset random, input 1024 tokens, output 1024 tokens, 16 req/s', 1, 1],
      ['benchmark @ dataset sharegpt, 4 req/s', 1, 1],
      ['benchmark @ dataset sharegpt, 8 req/s', 1, 1],
    ]);
    // The random run and the ShareGPT run at 4 req/s are not pooled (their TTFT p50s are 106 ms and 68 ms).
    const at4 = p.pairs
      .filter((x) => x.name.endsWith(' 4 req/s'))
      .map((x) => x.head.runs[0].summaries.find((s) => s.metric === 'ttft')!.value);
    expect(at4).toEqual([106.06311704032123, 68.27884959056973]);
  });

  it('true repeats (equal keys) are pooled: the offline file runs 4096/1024 twice', async () => {
    const runs = await read('test/fixtures/sglang/h200_llama_3_3_70b_offline_output.jsonl');
    const p = pairBenchmarks(side('base', runs), side('head', runs));
    expect(p.pairs).toHaveLength(6);
    expect(p.pairs.find((x) => x.name.includes('input 4096 tokens, output 1024 tokens'))?.head.runs).toHaveLength(2);
  });

  it('an earlier and a later run of one script pair like with like; benchmarks on one side only are listed', async () => {
    const p = pairBenchmarks(
      side('base', await read('test/fixtures/sglang/h200_llama_3_3_70b_online_output_EARLIER_RUN_65b698b.jsonl')),
      side('head', await read(SGLANG)),
    );
    expect(p.pairs).toHaveLength(5);
    expect(p.unmatched).toEqual([
      { side: 'head', name: 'benchmark @ dataset sharegpt, 4 req/s' },
      { side: 'head', name: 'benchmark @ dataset sharegpt, 8 req/s' },
    ]);
    // Like with like: the E2E p50 of each pair within 3% (the files were written by one script twice).
    for (const x of p.pairs) {
      const e2e = (s: Side) => s.runs[0].summaries.find((v) => v.metric === 'e2e' && v.stat === 'p50')!.value;
      expect(Math.abs(e2e(x.head) / e2e(x.base) - 1)).toBeLessThan(0.03);
    }
  });

  it('a key a side does not record matches any value (a digest without the key, a native file)', () => {
    const p = pairBenchmarks(
      side('base', [run('m', { concurrency: 8 }), run('m', { concurrency: 1 })]),
      side('head', [run('m', { concurrency: 8, streaming: true }), run('n')]),
    );
    expect(p.pairs.map((x) => x.name)).toEqual(['m @ concurrency 8, streaming']);
    expect(p.unmatched.map((u) => `${u.side}:${u.name}`)).toEqual(['head:n', 'base:m @ concurrency 1']);
  });
});
