// Output quality next to the performance verdict (§9): eval scores base against head, paired
// generations compared by hash. Metric names come from files, so they are escaped.

import type { QualityComparison, ScoreDiff } from '../model/quality';
import { markdownText } from './escape';

const MAX_ROWS = 12;

export function qualitySection(q: QualityComparison): string | undefined {
  if (!q.scores && !q.generations) return undefined;
  const out: string[] = [];
  if (q.scores) {
    const s = q.scores;
    out.push(`**Quality: eval scores** — ${markdownText(s.sentence, 300)}`);
    const rows = [...s.metrics].sort((a, b) => rank(a) - rank(b)).slice(0, MAX_ROWS);
    out.push(
      [
        '| metric | baseline | this PR | change (95% interval) | verdict |',
        '|---|---:|---:|---|---|',
        ...rows.map(
          (m) =>
            `| ${markdownText(m.key, 80)} | ${value(m.base, m.baseStderr)} | ${value(m.head, m.headStderr)} | ${signed(m.diff)}${m.interval ? ` (${signed(m.interval[0])} … ${signed(m.interval[1])})` : ''} | ${m.verdict === 'changed' ? `**changed**${m.direction ? `, ${m.direction}` : ''}` : m.verdict} |`,
        ),
      ].join('\n'),
    );
    if (s.metrics.length > MAX_ROWS) out.push(`${s.metrics.length - MAX_ROWS} more metric(s) in the JSON report.`);
    const one = [
      ...(s.onlyBase.length
        ? [
            `only in the baseline: ${s.onlyBase
              .slice(0, 8)
              .map((k) => markdownText(k, 60))
              .join(', ')}`,
          ]
        : []),
      ...(s.onlyHead.length
        ? [
            `only in this PR: ${s.onlyHead
              .slice(0, 8)
              .map((k) => markdownText(k, 60))
              .join(', ')}`,
          ]
        : []),
    ];
    if (one.length) out.push(`<sub>${one.join('; ')}</sub>`);
  }
  if (q.generations) out.push(`**Quality: paired generations** — ${markdownText(q.generations.sentence, 400)}`);
  if (q.notes.length)
    out.push(
      q.notes
        .slice(0, 6)
        .map((n) => `<sub>${markdownText(n, 300)}</sub>`)
        .join('<br>\n'),
    );
  return out.join('\n\n');
}

/** Changed first, then undecided, then unchanged. */
function rank(m: ScoreDiff): number {
  return m.verdict === 'changed' ? 0 : m.verdict === 'inconclusive' ? 1 : 2;
}

/** Scores to 4 significant digits: a point of accuracy (0.01) must show. */
function score(v: number): string {
  return Number.isFinite(v) ? String(Number(v.toPrecision(4))) : '—';
}

function value(v: number, stderr: number | undefined): string {
  return `${score(v)}${stderr !== undefined ? ` ± ${score(stderr)}` : ''}`;
}

function signed(v: number): string {
  return `${v > 0 ? '+' : v < 0 ? '−' : ''}${score(Math.abs(v))}`;
}
