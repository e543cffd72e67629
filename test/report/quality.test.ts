// Quality inputs in the report: the §9 guard says when quality changed (and can fail the outcome),
// or that it was verified unchanged; the journal's QUALITY line says the same.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildConfig } from '../../src/config/config';
import { loadSide } from '../../src/io/load-side';
import { readQuality } from '../../src/ingest/quality/read';
import { textSource } from '../../src/ingest/source';
import { triage } from '../../src/report/triage';
import { entryFromReport } from '../../src/journal/entry';
import { renderMarkdown } from '../../src/render/markdown';

const q = (file: string) => readQuality(textSource(file, readFileSync(`test/fixtures/quality/${file}`, 'utf8')));
const sides = async () => ({
  base: await loadSide('base', ['examples/demo/base.jsonl'], { maxBadLineRatio: 0.05 }),
  head: await loadSide('head', ['examples/demo/head.jsonl'], { maxBadLineRatio: 0.05 }),
});

describe('quality in the report', () => {
  it('changed generations: a quality-changed caveat, failing the outcome only with fail-on quality', async () => {
    const { base, head } = await sides();
    const quality = {
      base: [await q('generations_base.synthetic.jsonl')],
      head: [await q('generations_head.synthetic.jsonl')],
    };
    const report = triage(base, head, buildConfig({ failOn: 'quality' }), { quality });
    const b = report.benchmarks[0];
    expect(b.caveats.map((c) => c.kind)).toContain('quality-changed');
    expect(b.caveats.map((c) => c.kind)).not.toContain('quality-not-measured');
    expect(report.outcome).toMatchObject({
      fail: true,
      reasons: expect.arrayContaining([expect.stringMatching(/^quality changed: /)]),
    });
    expect(triage(base, head, buildConfig({ failOn: 'never' }), { quality }).outcome.fail).toBe(false);
    expect(renderMarkdown(report)).toContain(
      '**Quality: paired generations** — CHANGED: 37 of 200 paired generations differ (18.5%)',
    );
    expect(entryFromReport(b, { id: 'x', kind: 'recorded', recordedAt: '2026-11-29T00:00:00Z' }).quality).toMatch(
      /^CHANGED: 37 of 200/,
    );
  });

  it('identical generations: verified unchanged, in the §8 words, and no guard', async () => {
    const { base, head } = await sides();
    const same = await q('generations_base.synthetic.jsonl');
    const report = triage(base, head, buildConfig({}), { quality: { base: [same], head: [same] } });
    const b = report.benchmarks[0];
    expect(b.caveats.map((c) => c.kind).filter((k) => k.startsWith('quality'))).toEqual([]);
    expect(entryFromReport(b, { id: 'x', kind: 'recorded', recordedAt: '2026-11-29T00:00:00Z' }).quality).toBe(
      'unchanged (verified: 200 paired generations, identical)',
    );
  });

  it('eval scores: a changed metric shown with its interval', async () => {
    const { base, head } = await sides();
    const report = triage(base, head, buildConfig({}), {
      quality: { base: [await q('lm_eval_base.synthetic.json')], head: [await q('lm_eval_head.synthetic.json')] },
    });
    const md = renderMarkdown(report);
    expect(md).toContain('**Quality: eval scores**');
    expect(md).toMatch(
      /\| hellaswag\/acc \| 0\.712 ± 0\.0045 \| 0\.681 ± 0\.0047 \| −0\.031 \(−0\.04375 … −0\.01825\) \| \*\*changed\*\*/,
    );
  });
});
