// The journal's trend charts (Mermaid xychart-beta, which GitHub draws; the grammar's constraints
// are in src/render/mermaid.ts). Made to be read in a capacity discussion:
// - a metric's chart shows the per cent change from the first entry shown, on an axis that always
//   spans at least ±10% and holds 0, with the run-to-run noise band the journal measured as two grey
//   lines: a wiggle inside the band is noise, a step outside it is a change (a 38–42 ms ITL no
//   longer fills the chart as if it swung wildly);
// - the phase chart shows milliseconds from zero, so the two lines' sizes compare;
// - the x-axis names a few dates (first, last, and evenly between), not every entry: a category
//   axis needs a label per point, so the others get distinct invisible labels (zero-width spaces).

import { withUnit } from '../display/numbers';
import { mermaidText, niceAxis, sparseLabels } from '../render/mermaid';
export { sparseLabels } from '../render/mermaid';

export interface ChartPoint {
  date: string;
  value: number;
}

/** Points on a chart: the most recent this many. */
export const MAX_POINTS = 60;
/** Dates written on the x-axis. */
/** The axis spans at least ± this many per cent. */
const MIN_SPAN = 10;
const BLUE = '#2f6fdf';
const ORANGE = '#e8833a';
const GREY = '#9aa0a6';

/**
 * Per cent change from the first point, with the noise band (σ: relative run-to-run noise of one
 * run, from the journal; the band is where two runs of the same build fall 95% of the time).
 */
export function changeChart(title: string, unit: string, all: readonly ChartPoint[], sigma?: number): string {
  const points = all.filter((p) => Number.isFinite(p.value)).slice(-MAX_POINTS);
  if (points.length < 2 || !(points[0].value > 0)) return '';
  const first = points[0].value;
  const change = points.map((p) => (p.value / first - 1) * 100);
  const band =
    sigma !== undefined && sigma > 0
      ? [(Math.exp(1.96 * sigma * Math.SQRT2) - 1) * 100, (Math.exp(-1.96 * sigma * Math.SQRT2) - 1) * 100]
      : undefined;
  const axis = niceAxis([...change, ...(band ?? []), -MIN_SPAN, MIN_SPAN, 0]);
  const lines = [change, ...(band ? [points.map(() => band[0]), points.map(() => band[1])] : [])];
  const heading = `${title} · % change from ${points[0].date} (${withUnit(first, unit)})`;
  return chart(heading, `% vs ${points[0].date}`, points, lines, axis, band ? [BLUE, GREY, GREY] : [BLUE]);
}

/** Two series in milliseconds from zero (the phases that hold the most time), named in the title. */
export function phaseChart(
  title: string,
  names: readonly [string, string?],
  points: readonly { date: string; first: number; second?: number }[],
): string {
  const shown = points.filter((p) => Number.isFinite(p.first)).slice(-MAX_POINTS);
  if (shown.length < 2) return '';
  const withSecond = names[1] !== undefined && shown.every((p) => p.second !== undefined && Number.isFinite(p.second));
  const lines = [shown.map((p) => p.first), ...(withSecond ? [shown.map((p) => p.second!)] : [])];
  const axis = niceAxis([0, ...lines.flat()]);
  const legend = withSecond ? ` (blue: ${names[0]} · orange: ${names[1]})` : ` (${names[0]})`;
  return chart(
    `${title}${legend}`,
    'ms',
    shown.map((p) => ({ date: p.date, value: p.first })),
    lines,
    axis,
    [BLUE, ORANGE],
  );
}

function chart(
  title: string,
  yTitle: string,
  points: readonly ChartPoint[],
  lines: readonly number[][],
  axis: ReturnType<typeof niceAxis>,
  palette: readonly string[],
): string {
  const number = (v: number) => fixed(v, axis.decimals);
  return [
    '```mermaid',
    `%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "${palette.slice(0, lines.length).join(', ')}"}}}}%%`,
    'xychart-beta',
    `    title "${mermaidText(title, 110)}"`,
    `    x-axis [${sparseLabels(points.map((p) => p.date))
      .map((l) => `"${l}"`)
      .join(', ')}]`,
    `    y-axis "${mermaidText(yTitle, 40)}" ${number(axis.min)} --> ${number(axis.max)}`,
    ...lines.map((values) => `    line [${values.map((v) => number(axis.round(v))).join(', ')}]`),
    '```',
  ].join('\n');
}

function fixed(value: number, decimals: number): string {
  const text = value.toFixed(decimals);
  const trimmed = text.includes('.') ? text.replace(/\.?0+$/, '') : text;
  return trimmed === '-0' ? '0' : trimmed;
}
