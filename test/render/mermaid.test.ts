import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mermaidText, niceAxis, trendChart, type TrendPoint } from '../../src/render/mermaid';

const INIT_ONE = '%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "#2f6fdf"}}}}%%';
const INIT_TWO = '%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "#2f6fdf, #e8833a"}}}}%%';

/** The parts of a chart, read back from its text. */
function parse(chart: string) {
  const lines = chart.split('\n');
  const xAxis = lines.find((l) => l.startsWith('    x-axis '))!;
  const yAxis = lines.find((l) => l.startsWith('    y-axis '))!;
  const title = lines.find((l) => l.startsWith('    title '));
  const range = /(\S+) --> (\S+)$/.exec(yAxis)!;
  return {
    lines,
    title,
    labels: [...xAxis.matchAll(/"([^"]*)"/g)].map((m) => m[1]),
    min: range[1],
    max: range[2],
    series: lines.filter((l) => l.startsWith('    line ')).map((l) => /^ {4}line \[(.*)\]$/.exec(l)![1].split(', ')),
  };
}

describe('trendChart: golden charts', () => {
  it('one metric over dates', () => {
    const chart = trendChart({
      title: 'chat-8b: ttft.p95',
      unit: 'ms',
      points: [
        { label: '2026-10-01', value: 812.44 },
        { label: '2026-10-02', value: 845.1 },
        { label: '2026-10-03', value: 799.73 },
      ],
    });
    // Range 799.73–845.1: a fifth of it is 9.07, so the step is 10 → 790 to 850; values to a
    // hundredth of a step (0.1).
    expect(chart).toBe(
      [
        '```mermaid',
        INIT_ONE,
        'xychart-beta',
        '    title "chat-8b: ttft.p95"',
        '    x-axis ["2026-10-01", "2026-10-02", "2026-10-03"]',
        '    y-axis "ms" 790 --> 850',
        '    line [812.4, 845.1, 799.7]',
        '```',
      ].join('\n'),
    );
  });

  it('head vs baseline over short commits, named in the title with their colours', () => {
    const chart = trendChart({
      title: 'throughput',
      unit: 'req/s',
      points: [
        { label: 'a1b2c3d', value: 41.26, second: 40.1 },
        { label: 'e4f5a6b', value: 43.9, second: 40.3 },
        { label: '9c8d7e6', value: 38.05, second: 40.2 },
      ],
      seriesNames: ['head', 'baseline'],
    });
    // Range 38.05–43.9: 5.85/5 = 1.17 → step 2 → 38 to 44; resolution 0.01.
    expect(chart).toBe(
      [
        '```mermaid',
        INIT_TWO,
        'xychart-beta',
        '    title "throughput (blue: head, orange: baseline)"',
        '    x-axis ["a1b2c3d", "e4f5a6b", "9c8d7e6"]',
        '    y-axis "req/s" 38 --> 44',
        '    line [41.26, 43.9, 38.05]',
        '    line [40.1, 40.3, 40.2]',
        '```',
      ].join('\n'),
    );
  });

  it('keeps the most recent points', () => {
    const points = Array.from({ length: 10 }, (_, i) => ({ label: `d${i + 1}`, value: 12000 + 1500 * i }));
    // The last four: 21,000 to 25,500; 4,500/5 = 900 → step 1,000 → 21,000 to 26,000.
    expect(trendChart({ title: 'e2e', unit: 'ms', points, maxPoints: 4 })).toBe(
      [
        '```mermaid',
        INIT_ONE,
        'xychart-beta',
        '    title "e2e"',
        '    x-axis ["d7", "d8", "d9", "d10"]',
        '    y-axis "ms" 21000 --> 26000',
        '    line [21000, 22500, 24000, 25500]',
        '```',
      ].join('\n'),
    );
  });

  it('a flat line sits mid-chart; no title or unit lines when they are empty', () => {
    expect(trendChart({ title: '', unit: ' ', points: [{ label: 'x', value: 100 }] })).toBe(
      [
        '```mermaid',
        INIT_ONE,
        'xychart-beta',
        '    x-axis ["x"]',
        '    y-axis 90 --> 110',
        '    line [100]',
        '```',
      ].join('\n'),
    );
  });

  it('writes tiny values in fixed notation (the grammar has no exponents)', () => {
    const chart = trendChart({
      title: 'error rate',
      unit: 'share',
      points: [
        { label: 'a', value: 0.000123 },
        { label: 'b', value: 0.000131 },
      ],
    });
    // 0.000008/5 = 1.6e-6 → step 2e-6 → 0.000122 to 0.000132.
    expect(chart).toContain('    y-axis "share" 0.000122 --> 0.000132\n    line [0.000123, 0.000131]');
  });

  it('is empty when there is nothing to plot', () => {
    expect(trendChart({ title: 't', unit: 'ms', points: [] })).toBe('');
    expect(
      trendChart({
        title: 't',
        unit: 'ms',
        points: [
          { label: 'a', value: NaN },
          { label: 'b', value: Infinity },
        ],
      }),
    ).toBe('');
  });

  it('drops non-finite points, and the second line unless every point has one', () => {
    const chart = trendChart({
      title: 't',
      unit: 'ms',
      points: [
        { label: 'a', value: 1, second: 2 },
        { label: 'b', value: NaN, second: 2 },
        { label: 'c', value: 2 },
      ],
      seriesNames: ['x', 'y'],
    });
    const { labels, series, title } = parse(chart);
    expect(labels).toEqual(['a', 'c']);
    expect(series).toEqual([['1', '2']]);
    expect(title).toBe('    title "t"');
  });

  it('gives repeated labels a suffix (a category axis would merge them) and empty ones their position', () => {
    const chart = trendChart({
      title: 't',
      unit: 'ms',
      points: ['2026-10-03', '2026-10-03', '', '2026-10-03'].map((label, i) => ({ label, value: i })),
    });
    expect(parse(chart).labels).toEqual(['2026-10-03', '2026-10-03 (2)', '3', '2026-10-03 (3)']);
  });
});

describe('trendChart: hostile text', () => {
  const hostile =
    'evil"]\n    line [1e9]\n```\n<script>alert(1)</script> %%{init: {"theme":"dark"}}%% #amp; `x` \\ a,b;c\u202Eright\u200B';

  it('keeps a hostile title on its own quoted line, with nothing that can end or open a construct', () => {
    const chart = trendChart({
      title: hostile,
      unit: hostile,
      points: [
        { label: hostile, value: 1 },
        { label: 'ok', value: 2 },
      ],
    });
    const lines = chart.split('\n');
    expect(lines).toHaveLength(8);
    expect(lines.filter((l) => l.includes('```'))).toEqual(['```mermaid', '```']);
    const inner = lines.slice(1, -1);
    for (const l of inner.slice(1)) {
      // Only the delimiting quotes; no comment, directive, entity, markdown string or HTML.
      expect(l.replace(' --> ', ' ')).not.toMatch(/%%|[#;`<>\\\u202E\u200B]/);
    }
    const { title, labels } = parse(chart);
    expect(title).toMatch(/^ {4}title "[^"[\]]*"$/);
    expect(labels).toHaveLength(2);
    expect(labels[0]).not.toMatch(/[,[\]]/);
    expect(title).toBe(`    title "${mermaidText(hostile, 100)}"`);
  });

  it('mermaidText: replaces quotes, brackets and separators, strips controls, caps the length', () => {
    expect(mermaidText('a "b" [c] {d} <e>', 50)).toBe("a 'b' (c) (d) (e)");
    expect(mermaidText('x,y;z#1 50%% `q`', 50)).toBe("x yz1 50% 'q'");
    expect(mermaidText('two\nlines\r\n\there', 50)).toBe('two lines here');
    expect(mermaidText('\u202Ebidi\u2066 zero\u200Bwidth\u0007', 50)).toBe('bidi zerowidth');
    expect(mermaidText('a'.repeat(30), 10)).toBe(`${'a'.repeat(9)}…`);
    expect([...mermaidText('é'.repeat(30), 10)]).toHaveLength(10);
  });
});

describe('niceAxis', () => {
  it('rounds bounds to a 1-2-2.5-5 step, from 0 rather than below it for non-negative values', () => {
    expect(niceAxis([799.73, 845.1])).toMatchObject({ min: 790, max: 850, decimals: 1 });
    expect(niceAxis([0.2, 9.7])).toMatchObject({ min: 0, max: 10 });
    expect(niceAxis([1, 11])).toMatchObject({ min: 0, max: 12, decimals: 2 });
    expect(niceAxis([0.5, 12.5])).toMatchObject({ min: 0, max: 12.5, decimals: 2 });
    expect(niceAxis([-3.4, 2.3])).toMatchObject({ min: -4, max: 4 });
    expect(niceAxis([-1e-320, -2e-320])).toMatchObject({ min: -1, max: 1 });
    expect(niceAxis([0, 0])).toMatchObject({ min: 0, max: 1 });
    // Degenerate ranges still give a readable axis with min < max.
    expect(niceAxis([5e-324])).toMatchObject({ min: 0, max: 1 });
    const huge = niceAxis([-1.7e308, 1.7e308]);
    expect(huge.min).toBeLessThan(huge.max);
  });
});

describe('trendChart: properties', () => {
  const point = fc.record(
    {
      label: fc.oneof(
        fc.string(),
        fc.string({ unit: 'binary' }),
        fc.constantFrom('2026-10-03', 'a1b2c3d', '', '"', ']', '\n'),
      ),
      value: fc.oneof(fc.double({ min: -1e12, max: 1e12, noNaN: true }), fc.constantFrom(NaN, Infinity, 0, -0, 5e-324)),
      second: fc.double({ min: -1e6, max: 1e6, noNaN: true }),
    },
    { requiredKeys: ['label', 'value'] },
  );

  it('is always one fenced block, with as many values in every line as labels, in fixed notation and within the axis', () => {
    fc.assert(
      fc.property(
        fc.array(point, { maxLength: 50 }),
        fc.string(),
        fc.string(),
        fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined }),
        (points: TrendPoint[], title, unit, maxPoints) => {
          const chart = trendChart({ title, unit, points, maxPoints, seriesNames: ['head', 'base'] });
          const finite = points.filter((p) => Number.isFinite(p.value));
          if (finite.length === 0) {
            expect(chart).toBe('');
            return;
          }
          expect(chart.startsWith('```mermaid\n')).toBe(true);
          expect(chart.endsWith('\n```')).toBe(true);
          expect(chart.split('```')).toHaveLength(3);
          const { lines, labels, min, max, series } = parse(chart);
          expect(lines.slice(1, -1).every((l) => !l.includes('`'))).toBe(true);
          const expected = Math.min(finite.length, maxPoints ?? 30);
          expect(labels).toHaveLength(expected);
          expect(new Set(labels).size).toBe(expected);
          expect(labels.every((l) => l.length > 0 && !/[\n\r",[\]]/.test(l))).toBe(true);
          expect(series.length).toBeGreaterThanOrEqual(1);
          expect(series.length).toBeLessThanOrEqual(2);
          const number = /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)$/;
          expect(min).toMatch(number);
          expect(max).toMatch(number);
          for (const values of series) {
            expect(values).toHaveLength(expected);
            for (const v of values) {
              expect(v).toMatch(number);
              expect(Number(v)).toBeGreaterThanOrEqual(Number(min));
              expect(Number(v)).toBeLessThanOrEqual(Number(max));
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
