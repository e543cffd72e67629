import { describe, expect, it } from 'vitest';
import { pairBenchmarks } from '../../src/report/groups';
import { emptyMeta, type Run, type Side } from '../../src/model/run';

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
    const p = pairBenchmarks(side('base', [run('a'), run('b'), run('b'), run('old')]), side('head', [run('b'), run('a'), run('new')]));
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
    const sweep = (label: Side['label']) => side(label, [run('m', { concurrency: 1 }), run('m', { concurrency: 8 }), run('m', { concurrency: 8 })]);
    const p = pairBenchmarks(sweep('base'), sweep('head'));
    expect(p.pairs.map((x) => [x.name, x.head.runs.length])).toEqual([
      ['m @ concurrency 1', 1],
      ['m @ concurrency 8', 2],
    ]);
  });
});
