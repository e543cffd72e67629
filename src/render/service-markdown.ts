// The service metrics as the report shows them: goodput under the per-request SLOs, cost per million
// output tokens and per 1k requests, capacity headroom. One small table, rows only for what the
// data and inputs allow, and a line for what is missing.

import type { ServiceMetrics } from '../diagnose/service-metrics';
import { money, points } from '../diagnose/service-metrics';
import { compact, percent, signedPercent } from '../display/numbers';
import { markdownText } from './escape';

export interface ServiceRow {
  label: string;
  base: string;
  head: string;
  change: string;
}

export function serviceRows(s: ServiceMetrics): { rows: ServiceRow[]; notes: string[] } {
  const rows: ServiceRow[] = [];
  const notes: string[] = [];
  const g = s.goodput;
  if (g.ok) {
    const change = `${points(g.difference)} (${points(g.interval[0])} … ${points(g.interval[1])}) ${g.verdict}`;
    rows.push({
      label: `goodput (${g.criteria.join(', ')})`,
      base: percent(g.base.share),
      head: percent(g.head.share),
      change,
    });
    if (g.base.goodPerSecond !== undefined && g.head.goodPerSecond !== undefined) {
      rows.push({
        label: 'good requests per second',
        base: compact(g.base.goodPerSecond),
        head: compact(g.head.goodPerSecond),
        change: g.rateChange !== undefined ? signedPercent(g.rateChange) : '',
      });
    }
    notes.push(...g.notes);
  }
  const c = s.cost;
  if (c.ok) {
    if (c.base.perMillionOutputTokens !== undefined && c.head.perMillionOutputTokens !== undefined) {
      rows.push({
        label: 'cost per million output tokens',
        base: money(c.base.perMillionOutputTokens, c.currency),
        head: money(c.head.perMillionOutputTokens, c.currency),
        change: c.tokenCostRatio !== undefined ? `×${compact(c.tokenCostRatio)}` : '',
      });
    }
    if (c.base.perThousandRequests !== undefined && c.head.perThousandRequests !== undefined) {
      rows.push({
        label: 'cost per 1k requests',
        base: money(c.base.perThousandRequests, c.currency),
        head: money(c.head.perThousandRequests, c.currency),
        change: c.requestCostRatio !== undefined ? `×${compact(c.requestCostRatio)}` : '',
      });
    }
    notes.push(...c.missing);
  }
  const { base, head } = s.headroom;
  if (base.batch || head.batch) {
    const whole = (v: number) => (Number.isInteger(v) ? String(v) : compact(v));
    const batch = (h: typeof base) =>
      h.batch
        ? `${compact(h.batch.mean)} mean, max ${whole(h.batch.max)}${h.limit ? ` of ${h.limit.key} ${h.limit.value} (${percent(h.batchHeadroom ?? NaN)} headroom)` : ''}`
        : '—';
    rows.push({ label: 'running batch', base: batch(base), head: batch(head), change: '' });
  }
  if (base.kvCacheUsage !== undefined || head.kvCacheUsage !== undefined) {
    const used = (v: number | undefined) => (v === undefined ? '—' : `${percent(v)} used`);
    rows.push({ label: 'KV cache', base: used(base.kvCacheUsage), head: used(head.kvCacheUsage), change: '' });
  }
  return { rows, notes };
}

/** Cells we wrote ourselves (numbers, money): only what markdown would misread — `$` pairs as math, `|`, `_`. */
function cell(text: string): string {
  return text.replace(/[$|_\\]/g, (c) => `\\${c}`);
}

export function serviceSection(s: ServiceMetrics): string | undefined {
  const { rows, notes } = serviceRows(s);
  if (rows.length === 0) return undefined;
  const table = [
    '| service | baseline | this PR | change |',
    '|---|---:|---:|---|',
    ...rows.map((r) => `| ${markdownText(r.label, 200)} | ${cell(r.base)} | ${cell(r.head)} | ${cell(r.change)} |`),
  ];
  // Unasked-for sections stay silent: no SLOs means no goodput, no price means no cost.
  const missing = [
    !s.goodput.ok && !/no SLO targets/.test(s.goodput.reason) ? `goodput: ${s.goodput.reason}` : undefined,
    !s.cost.ok && !/no hardware price/.test(s.cost.reason) ? `cost: ${s.cost.reason}` : undefined,
  ].filter((x): x is string => x !== undefined);
  const tail = [...notes, ...missing].map((n) => `<sub>${markdownText(n, 300)}</sub>`);
  return [table.join('\n'), ...(tail.length ? ['', tail.join('<br>\n')] : [])].join('\n');
}
