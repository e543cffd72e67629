import { describe, expect, it } from 'vitest';
import { pairScrapes } from '../../src/model/scrape-pairs';
import { emptyMeta, type Run } from '../../src/model/run';

const scrape = (file: string): Run => ({
  meta: emptyMeta(),
  summaries: [],
  role: 'server-metrics',
  sources: [{ file, format: 'prometheus', recordsRead: 0, recordsKept: 0, skipped: 0, issues: [], warnings: [] }],
});
const other = (file: string): Run => ({ ...scrape(file), role: 'summary' });
const names = (runs: Run[]) => runs.map((r) => r.sources.map((s) => s.file).join('-'));

describe('pairing before/after scrapes', () => {
  const subtract = (before: Run, after: Run): Run => ({ ...after, sources: [...before.sources, ...after.sources] });

  it('subtracts scrapes whose names differ by before/after, start/end or pre/post, in any order', () => {
    const runs = [
      scrape('m/after.txt'),
      other('vllm.json'),
      scrape('m/before.txt'),
      scrape('Run-END.prom'),
      scrape('Run-START.prom'),
      scrape('pre_x.txt'),
      scrape('post_x.txt'),
    ];
    expect(names(pairScrapes(runs, subtract))).toEqual([
      'vllm.json',
      'm/before.txt-m/after.txt',
      'Run-START.prom-Run-END.prom',
      'pre_x.txt-post_x.txt',
    ]);
  });

  it('leaves lone scrapes and words inside other words alone', () => {
    const runs = [scrape('presets/after.txt'), scrape('beforehand.txt'), scrape('afterhand.txt')];
    expect(names(pairScrapes(runs, subtract))).toEqual(['presets/after.txt', 'beforehand.txt', 'afterhand.txt']);
  });
});
