import { describe, expect, it } from 'vitest';
import { groupRuns } from '../../src/model/merge';
import { emptyMeta, type Run } from '../../src/model/run';

function run(role: Run['role'], file: string, extra: Partial<Run> = {}): Run {
  return {
    meta: emptyMeta(),
    summaries: [],
    sources: [{ file, format: 'x', recordsRead: 0, recordsKept: 0, skipped: 0, issues: [], warnings: [] }],
    role,
    ...extra,
  };
}

describe('grouping files into runs', () => {
  it('keeps files of one kind as repeats', () => {
    const g = groupRuns([run('summary', 'a'), run('summary', 'b')]);
    expect(g.ok && g.value.length).toBe(2);
  });

  it('merges one file of each kind per repeat, paired by repeat label', () => {
    const client1 = run('summary', 'c1', {
      repeat: 'run=1',
      summaries: [{ metric: 'ttft', stat: 'p99', value: 20 }],
      meta: { ...emptyMeta(), config: { max_concurrency: 8 } },
    });
    const client0 = run('summary', 'c0', { repeat: 'run=0', summaries: [{ metric: 'ttft', stat: 'p99', value: 10 }] });
    const server0 = run('server-metrics', 's0', { repeat: 'run=0', server: { preemptions: 3 } });
    const server1 = run('server-metrics', 's1', {
      repeat: 'run=1',
      server: { preemptions: 5 },
      meta: { ...emptyMeta(), config: { max_num_seqs: 64 } },
    });
    const g = groupRuns([client1, server0, client0, server1]);
    if (!g.ok) throw new Error(g.error);
    expect(g.value.map((r) => r.summaries[0].value)).toEqual([10, 20]);
    expect(g.value.map((r) => r.server?.preemptions)).toEqual([3, 5]);
    expect(g.value[1].meta.config).toEqual({ max_concurrency: 8, max_num_seqs: 64 });
    expect(g.value[1].sources.map((s) => s.file)).toEqual(['c1', 's1']);
  });

  it('refuses what it cannot pair', () => {
    const g = groupRuns([run('summary', 'a'), run('summary', 'b'), run('server-metrics', 'm')]);
    expect(!g.ok && g.error).toMatch(/2 summary, 1 server-metrics runs: a side needs the same number of each kind/);
  });
});
