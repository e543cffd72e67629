// Trend charts as Mermaid `xychart-beta` line charts, which GitHub renders inside markdown.
//
// The syntax, from Mermaid's xychart grammar (packages/mermaid/src/diagrams/xychart/parser/xychart.jison)
// and its docs (mermaid.js.org/syntax/xyChart): `xychart-beta`, then `title "…"`,
// `x-axis [a, "b c", …]` (categories), `y-axis "title" min --> max`, and one `line [n, …]` per line.
// xychart arrived in Mermaid 10.6.0 (release notes: "Add new chart xychart", PR #4413) as
// `xychart-beta`; Mermaid 11 also accepts `xychart`, and still `xychart-beta`, which is what GitHub's
// renderer (a 10.x or later) understands. Things the grammar implies and this file therefore does:
// - Text in double quotes may hold anything but a double quote; every text is quoted, so commas,
//   keywords (title, line) and dashes in dates cannot be misread. Quotes, backticks (a `"\`` opens
//   a markdown string), brackets, braces, angle brackets, `#` and `;` (entity codes), `%%`
//   (comments), commas and line breaks are removed or replaced anyway: GitHub runs whichever
//   Mermaid version it runs, and a title comes from a benchmark name, which a PR controls.
// - Numbers are `[+-]?(\d+(\.\d+)?|\.\d+)`: no exponent, so values are written in fixed notation.
// - A category axis is a d3 band scale: repeated labels would collapse onto one x position, so a
//   repeated label gets " (2)", " (3)".
// - There is no way to leave a gap in a line, and GitHub's version draws no legend: the lines get
//   fixed colours (an init directive setting xyChart.plotColorPalette) named in the title.

import { plainText } from './escape';

export interface TrendPoint {
  /** x-axis label: a date or a short commit. */
  label: string;
  value: number;
  /** The second line's value at this label (the baseline, a phase of the metric…). */
  second?: number;
}

export interface TrendChartOptions {
  title: string;
  /** The y-axis title: the values' unit. */
  unit: string;
  /** Oldest first. */
  points: readonly TrendPoint[];
  /**
   * Names of the first and second lines, written into the title with their colours. The second line
   * is drawn only when every plotted point has a finite `second`.
   */
  seriesNames?: readonly [string, string];
  /** At most this many points, the most recent. Default 30 (labels get unreadable beyond). */
  maxPoints?: number;
}

export const MAX_CHART_POINTS = 30;
const MAX_TITLE = 100;
const MAX_LABEL = 24;
/** Dark enough on GitHub's light theme, light enough on its dark one, and told apart by most colour-blind readers. */
const PALETTE = [
  { name: 'blue', hex: '#2f6fdf' },
  { name: 'orange', hex: '#e8833a' },
] as const;

/**
 * A fenced ```mermaid block drawing the points as a line (two lines when `second` values are
 * given); the empty string when no point has a finite value.
 */
export function trendChart(options: TrendChartOptions): string {
  const maxPoints = Math.max(1, Math.floor(options.maxPoints ?? MAX_CHART_POINTS));
  const points = options.points.filter((p) => Number.isFinite(p.value)).slice(-maxPoints);
  if (points.length === 0) return '';
  const withSecond = points.every((p) => p.second !== undefined && Number.isFinite(p.second));
  const lines = [points.map((p) => p.value)];
  if (withSecond) lines.push(points.map((p) => p.second as number));

  const axis = niceAxis(lines.flat());
  const number = (v: number) => fixed(v, axis.decimals);
  // Many points: a few labels written (first, last, evenly between), the others invisible, as in JOURNAL.md.
  const labels =
    points.length > X_LABELS
      ? sparseLabels(points.map((p) => p.label))
      : uniqueLabels(points.map((p, i) => mermaidText(p.label, MAX_LABEL) || String(i + 1)));

  let title = mermaidText(options.title, MAX_TITLE);
  if (withSecond && options.seriesNames) {
    const [first, second] = options.seriesNames.map((n) => mermaidText(n, 40));
    if (first && second) title = `${title} (${PALETTE[0].name}: ${first}, ${PALETTE[1].name}: ${second})`.trim();
  }
  const unit = mermaidText(options.unit, 40);
  const palette = PALETTE.slice(0, lines.length)
    .map((c) => c.hex)
    .join(', ');

  const body = [
    `%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "${palette}"}}}}%%`,
    'xychart-beta',
    ...(title ? [`    title "${title}"`] : []),
    `    x-axis [${labels.map((l) => `"${l}"`).join(', ')}]`,
    `    y-axis ${unit ? `"${unit}" ` : ''}${number(axis.min)} --> ${number(axis.max)}`,
    ...lines.map((values) => `    line [${values.map((v) => number(axis.round(v))).join(', ')}]`),
  ];
  return ['```mermaid', ...body, '```'].join('\n');
}

/**
 * Text safe inside a quoted Mermaid string on one line: no controls or bidi characters, nothing
 * that closes or opens a string, a list, a comment, a directive, an entity or a markdown fence.
 */
export function mermaidText(text: string, max: number): string {
  const clean = plainText(text, Number.MAX_SAFE_INTEGER)
    .replace(/["`]/g, "'")
    .replace(/[[{<]/g, '(')
    .replace(/[\]}>]/g, ')')
    .replace(/[#;\\]/g, '')
    .replace(/,/g, ' ')
    .replace(/%{2,}/g, '%')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...clean];
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : clean;
}

/** Dates written on an x-axis: a few, so they do not overlap on a chart of many entries. */
const X_LABELS = 5;

/** A few dates written (first, last, evenly between); the others distinct and invisible. */
export function sparseLabels(dates: readonly string[]): string[] {
  const n = dates.length;
  const shown = new Set<number>();
  const count = Math.min(n, X_LABELS);
  for (let k = 0; k < count; k++) shown.add(count === 1 ? 0 : Math.round((k * (n - 1)) / (count - 1)));
  let hidden = 0;
  const used = new Set<string>();
  return dates.map((d, i) => {
    if (!shown.has(i)) return '\u200b'.repeat(++hidden);
    const label = mermaidText(d, 24) || String(i + 1);
    let out = label;
    for (let k = 2; used.has(out); k++) out = `${label} (${k})`;
    used.add(out);
    return out;
  });
}

function uniqueLabels(labels: readonly string[]): string[] {
  const used = new Set<string>();
  return labels.map((label) => {
    let out = label;
    for (let k = 2; used.has(out); k++) out = `${label} (${k})`;
    used.add(out);
    return out;
  });
}

interface Axis {
  min: number;
  max: number;
  /** Decimals every number of the chart is written with (trailing zeros dropped). */
  decimals: number;
  /** Rounds a value to the chart's resolution: a hundredth of a tick interval, far below a pixel. */
  round: (v: number) => number;
}

/**
 * Bounds on a 1-2-2.5-5 step that enclose the values with about five intervals; from 0 when all
 * values are non-negative and the tight bounds would reach below 0. A flat line gets ±10% so it
 * sits mid-chart; values all 0 (or too close to it to tell apart) get 0 to 1, or −1 to 1.
 */
export function niceAxis(values: readonly number[]): Axis {
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  const nonNegative = lo >= 0;
  if (hi === lo) {
    const pad = Math.abs(lo) * 0.1;
    lo -= pad;
    hi += pad;
  }
  // All values 0, or so close to it (below 1e-270 or so) that the range underflows: around 0.
  if (!(hi / 5 - lo / 5 > 1e-290)) {
    lo = -1;
    hi = 1;
  }
  // hi/5 − lo/5 rather than (hi − lo)/5: finite for any finite values.
  const step = niceStep(hi / 5 - lo / 5);
  let min = Math.max(Math.floor(lo / step) * step, -Number.MAX_VALUE);
  const max = Math.min(Math.ceil(hi / step) * step, Number.MAX_VALUE);
  if (nonNegative && min < 0) min = 0;
  const exponent = Math.floor(Math.log10(step));
  // toFixed takes at most 100 decimals; values that would need more all read 0.
  const decimals = Math.min(100, Math.max(0, 2 - exponent));
  const resolution = 10 ** Math.max(exponent - 2, -decimals);
  const low = Number(min.toFixed(decimals));
  let high = Number(max.toFixed(decimals));
  if (fixed(high, decimals) === fixed(low, decimals)) high = low + 10 ** -decimals;
  return { min: low, max: high, decimals, round: (v) => Math.round(v / resolution) * resolution };
}

function niceStep(raw: number): number {
  const exponent = Math.floor(Math.log10(raw));
  const base = 10 ** exponent;
  const fraction = raw / base;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * base;
}

/** Fixed notation (never an exponent, which the grammar cannot read), without trailing zeros. */
function fixed(value: number, decimals: number): string {
  const text = Math.abs(value) >= 1e21 ? BigInt(Math.round(value)).toString() : value.toFixed(decimals);
  const trimmed = text.includes('.') ? text.replace(/\.?0+$/, '') : text;
  return trimmed === '-0' ? '0' : trimmed;
}
