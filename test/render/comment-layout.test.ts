// The PR comment a reviewer reads in ten seconds: headline, who was compared, where/why/do-first and
// the metrics table on one screen, everything else one click away; a length budget that fails when a
// section escapes its <details>; caveats every benchmark shares said once.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runDemo } from '../../src/cli/demo';
import { renderMarkdown } from '../../src/render/markdown';
import type { Report } from '../../src/report/model';

/** Lines a reader sees before expanding anything: non-blank lines outside <details>, one per collapsed section. */
export function visibleLines(markdown: string): number {
  let depth = 0;
  let count = 0;
  for (const line of markdown.split('\n')) {
    const opens = (line.match(/<details\b/g) ?? []).length;
    const closes = (line.match(/<\/details>/g) ?? []).length;
    if (depth === 0 && line.trim() !== '') count++;
    depth += opens - closes;
  }
  return count;
}

const BUDGET = 40;

describe('the PR comment layout', () => {
  it('the demo: at most 40 visible lines, the table before the first collapsed section, no § or formulas', async () => {
    const md = renderMarkdown(await runDemo({}));
    expect(visibleLines(md)).toBeLessThanOrEqual(BUDGET);
    const firstDetails = md.indexOf('<details>');
    for (const must of [
      '### 🔴 perf-triage · llama-8b-serving',
      '**Where the time went:**',
      '**Why:**',
      '**Do first:**',
      '| TTFT p95 |',
    ])
      expect(md.indexOf(must), must).toBeLessThan(firstDetails);
    expect(md).not.toMatch(/§/);
    expect(md).not.toMatch(/1 \/ \(\(1 − p\)/);
    // Config names as written, one unit per row.
    expect(md).toContain('max\\_num\\_seqs is 24');
    expect(md).not.toMatch(/\| \d[\d,]* ms \| \d+(\.\d+)? s \|/);
  });

  for (const file of readdirSync('test/golden').filter((f) => f.endsWith('.md'))) {
    it(`${file}: within the budget for each benchmark`, () => {
      const md = readFileSync(`test/golden/${file}`, 'utf8');
      const benchmarks = Math.max(1, (md.match(/^### /gm) ?? []).length);
      // A report of several benchmarks adds its overview table (a row each) to each benchmark's budget.
      const budget = benchmarks === 1 ? BUDGET : BUDGET * benchmarks + 10 + benchmarks;
      expect(visibleLines(md)).toBeLessThanOrEqual(budget);
    });
  }

  it('caveats every benchmark shares are said once, after the benchmarks', async () => {
    const demo = await runDemo({});
    const twice: Report = { ...demo, benchmarks: [demo.benchmarks[0], { ...demo.benchmarks[0], name: 'second' }] };
    const md = renderMarkdown(twice, { detail: 'full' });
    expect(md.match(/`quality-not-measured`/g)).toHaveLength(1);
    expect(md).toContain('Caveats for every benchmark');
    expect(md.indexOf('Caveats for every benchmark')).toBeGreaterThan(md.lastIndexOf('### '));
  });

  it('names the compared commits, linked, when the action knows them', async () => {
    const demo = await runDemo({});
    const sha = 'abcdef0123456789abcdef0123456789abcdef01';
    const withBase: Report = {
      ...demo,
      benchmarks: [
        {
          ...demo.benchmarks[0],
          base: {
            ...demo.benchmarks[0].base,
            meta: { ...demo.benchmarks[0].base.meta, commit: '9f8e7d6c5b4a39281706f5e4d3c2b1a098765432' },
          },
        },
      ],
    };
    const md = renderMarkdown(withBase, { repositoryUrl: 'https://github.com/o/r', headSha: sha });
    expect(md).toContain(
      'baseline [`9f8e7d6`](https://github.com/o/r/commit/9f8e7d6c5b4a39281706f5e4d3c2b1a098765432) ← this PR [`abcdef0`](https://github.com/o/r/commit/abcdef0123456789abcdef0123456789abcdef01)',
    );
  });
});
