// The markdown report: the PR comment and the job summary. A reviewer reads the first three lines
// in ten seconds (headline, where the time went and why, the metrics table), then digs into the
// collapsed sections. Artifact text goes through markdownText/codeText; our own numbers do not need to.

import { noiseFooter } from './noise-words';
import type { MetricComparison } from '../compare/types';
import type { Attribution } from '../diagnose/attribution';
import type { AmdahlItem } from '../diagnose/amdahl';
import type { Finding } from '../diagnose/hints';
import { PHASE_LABELS } from '../metrics/catalog';
import { specLabel } from '../metrics/metric-spec';
import { compact, duration, grouped, percent, signedDuration, signedPercent, withUnit } from '../format/numbers';
import { capitalise } from '../format/text';
import type { BenchmarkReport, Report, SideSummary } from '../report/model';
import { codeText, markdownText } from './escape';
import { floorSection, profilesSection } from './deep-markdown';
import { serviceSection } from './service-markdown';
import { qualitySection } from './quality-markdown';
import { attributionFor, ceilingSentence, changeHeader, changeText, fixSentence, headline, leadFinding, leadFix, leadMetric, undecidedGroups, VERDICT_ICON, whereTheTimeWent } from './summary';
import { levelText, verdictQualifier } from './verdict-words';
import { caveatText, missingBenchmarks, notJudgedItems, notLikeForLikeSentence, notLikeForLikeShort, topCaveats } from './like-for-like';

export interface MarkdownOptions {
  /**
   * `full` for the job summary; `compact` drops the runs section and caps long lists; `minimal`
   * keeps the headline, the brief, the metrics that did not come out unchanged, and the top findings.
   */
  detail?: 'full' | 'compact' | 'minimal';
  /** Where the full report is (the job summary), for the shorter levels to point at. */
  summaryUrl?: string;
  /** Markdown naming where the full report is, when it is not the job summary (the job summary itself). */
  fullReport?: string;
  /** Lines appended after the footer (the PR comment's commands help). */
  trailer?: string;
}

type Detail = NonNullable<MarkdownOptions['detail']>;

export function renderMarkdown(report: Report, options: MarkdownOptions = {}): string {
  const detail = options.detail ?? 'full';
  const parts: string[] = [];
  if (report.acceptance) {
    const a = report.acceptance;
    parts.push(`> ✅ **Accepted** by ${markdownText(a.by, 60)} for \`${a.sha.slice(0, 7).replace(/[^0-9a-f]/gi, '')}\`: ${markdownText(a.reason, 300)}${a.effort ? ` (effort: ${markdownText(a.effort, 60)})` : ''}`);
  }
  // A benchmark on one side only is news (it stopped, or started, reporting): first.
  const missing = missingBenchmarks(report);
  if (missing.length) parts.push(missing.map((c) => `> ⚠️ **Not compared:** ${markdownText(caveatText(c), 400)}`).join('\n>\n'));
  if (report.benchmarks.length > 1) parts.push(overview(report));
  // Several benchmarks: the ones that need attention in full, the unchanged ones in one line each.
  for (const b of report.benchmarks) {
    if (report.benchmarks.length > 1 && b.verdict === 'unchanged' && detail !== 'full') continue;
    parts.push(renderBenchmark(b, detail, report.settings.level));
  }
  if (report.profiles && detail !== 'minimal') parts.push(profilesSection(report.profiles));
  if (detail !== 'full') parts.push(`Full report with every table: ${options.fullReport ?? `the ${options.summaryUrl ? `[job summary](${options.summaryUrl})` : 'job summary of this run'}`}.`);
  parts.push(footer(report));
  if (options.trailer) parts.push(options.trailer);
  return parts.join('\n\n') + '\n';
}

/** Findings, evidence lines and fixes kept at each level. */
const LIMITS: Readonly<Record<Detail, { findings: number; evidence: number; fixes: number; caveats: number }>> = {
  full: { findings: Infinity, evidence: Infinity, fixes: Infinity, caveats: Infinity },
  compact: { findings: 6, evidence: 3, fixes: 5, caveats: 8 },
  minimal: { findings: 2, evidence: 2, fixes: 2, caveats: 3 },
};

function overview(report: Report): string {
  const counts = new Map<string, number>();
  for (const b of report.benchmarks) counts.set(b.verdict, (counts.get(b.verdict) ?? 0) + 1);
  const tally = [...counts].map(([v, n]) => `${n} ${v}`).join(', ');
  const rows = report.benchmarks.map((b) => `| ${VERDICT_ICON[b.verdict]} ${markdownText(b.name)} | ${b.verdict} | ${differsPrefix(b)}${headline(b)} |`);
  return [`## ${VERDICT_ICON[report.verdict]} perf-triage: ${report.benchmarks.length} benchmarks — ${tally}`, '', '| benchmark | verdict | summary |', '|---|---|---|', ...rows].join('\n');
}

function renderBenchmark(b: BenchmarkReport, detail: Detail, confidence: number): string {
  const lead = leadMetric(b);
  const out: string[] = [];
  out.push(`### ${differsPrefix(b)}${VERDICT_ICON[b.verdict]} perf-triage · ${markdownText(b.name)}: ${headline(b)}`);
  // Not like-for-like is said before the verdict: it changes what the verdict can mean.
  const top = [...b.notLikeForLike.map((d) => `> ⚠️ **Not like-for-like:** ${markdownText(notLikeForLikeSentence(d), 600)}`), ...topCaveats(b).map((c) => `> ⚖️ **Batching trade-off:** ${markdownText(caveatText(c), 600)}`)];
  if (top.length) out.push(top.join('\n>\n'));
  const brief = briefLine(b, lead);
  if (brief) out.push(brief);
  out.push(metricsTable(b, detail, confidence));
  const service = b.service && detail !== 'minimal' ? serviceSection(b.service) : undefined;
  if (service) out.push(service);
  const quality = b.quality && detail !== 'minimal' ? qualitySection(b.quality) : undefined;
  if (quality) out.push(quality);
  const undecided = undecidedGroups(b, confidence);
  if (undecided.length) {
    out.push(`**Inconclusive** — what would decide:\n${undecided.map((g) => `- ${g.labels.join(', ')}: ${markdownText(g.reason, 700)}`).join('\n')}`);
  }
  if (b.notJudged.length) out.push(`**Not judged across streaming modes:** ${markdownText(notJudgedItems(b).join('; '), 800)}.`);
  if (b.notInData.length && detail !== 'minimal') {
    out.push(`<sub>Not in the data: ${b.notInData.map((n) => `${n.key} (${markdownText(n.reason)})`).join('; ')}.</sub>`);
  }
  const leadAttribution = attributionFor(b, lead);
  if (detail !== 'minimal') {
    // The lead metric's decomposition, then SLO metrics'; the rest are in the JSON report.
    for (const a of orderAttributions(b, leadAttribution).slice(0, MAX_ATTRIBUTIONS)) out.push(attributionSection(a));
  }
  if (b.findings.length) out.push(diagnosisSection(b, detail));
  if (lead && b.fixes.some((f) => f.metric === lead.spec.key)) out.push(fixesTable(b.fixes.filter((f) => f.metric === lead.spec.key).slice(0, LIMITS[detail].fixes), lead));
  if (b.floor?.ok && detail !== 'minimal') out.push(floorSection(b.floor));
  if (b.trends?.length && detail !== 'minimal') out.push(`<details><summary>History from the performance journal</summary>\n\n${b.trends.join('\n\n')}\n\n</details>`);
  if (b.caveats.length) out.push(caveatsSection(b, detail));
  if (detail === 'full') out.push(runsSection(b));
  return out.join('\n\n');
}

/** "⚠️ Not like-for-like (concurrency 2 → 16) · ", said before the verdict icon. */
function differsPrefix(b: BenchmarkReport): string {
  const differs = notLikeForLikeShort(b.notLikeForLike);
  return differs ? `⚠️ Not like-for-like (${markdownText(differs, 300)}) · ` : '';
}

function briefLine(b: BenchmarkReport, lead: MetricComparison | undefined): string | undefined {
  if (b.verdict !== 'regressed' || !lead) return undefined;
  const parts: string[] = [];
  const a = attributionFor(b, lead);
  const where = a && whereTheTimeWent(a);
  if (where) parts.push(`**Where the time went:** ${where}`);
  const finding = leadFinding(b, lead);
  if (finding) {
    const label = finding.cause === 'workload' ? '**Why (the workload, not the code):**' : '**Why:**';
    parts.push(`${label} \`${finding.hint}\` — ${markdownText(finding.title, 200)}${finding.status === 'candidate' ? ' (unconfirmed)' : ''}`);
  }
  const fix = leadFix(b, lead);
  if (fix && finding?.cause === 'workload') parts.push(`**If this workload is the new normal:** ${markdownText(ceilingSentence(fix, lead), 300)}`);
  else if (fix) parts.push(`**Do first:** ${markdownText(fixSentence(fix, lead), 300)}`);
  return parts.join(' · ');
}

function metricsTable(b: BenchmarkReport, detail: Detail, confidence: number): string {
  // The shortest report keeps the rows that say something: changed, undecided, or with an SLO.
  const shown = detail === 'minimal' ? b.metrics.filter((m) => m.verdict !== 'unchanged' || m.slos.length) : b.metrics;
  const hidden = b.metrics.length - shown.length;
  const rows = shown.map((m) => {
    const unit = m.spec.metric.unit;
    const base = m.base ? withUnit(m.base.value, unit) : '—';
    const head = m.head ? withUnit(m.head.value, unit) : '—';
    return `| ${specLabel(m.spec)} | ${base} | ${head} | ${changeText(m)} | ${sloCell(m)} | ${verdictCell(m)} |`;
  });
  const table = [`| metric | baseline | this PR | ${changeHeader(b, confidence)} | SLO | verdict |`, '|---|---:|---:|---|---|---|', ...rows].join('\n');
  return hidden ? `${table}\n\n${hidden} more metric${hidden === 1 ? '' : 's'} unchanged.` : table;
}

function sloCell(m: MetricComparison): string {
  return m.slos
    .map((s) => `${s.slo.comparator} ${withUnit(s.slo.threshold, m.spec.metric.unit)} ${s.headMet === null ? '❔' : s.headMet ? '✅' : '❌'}${s.marginal ? ' (marginal)' : ''}`)
    .join('<br>');
}

function verdictCell(m: MetricComparison): string {
  if (m.verdict === 'regressed' || m.verdict === 'improved') return `**${m.verdict}**`;
  const qualifier = verdictQualifier(m);
  return qualifier ? `${m.verdict} (${qualifier})` : m.verdict;
}

const MAX_ATTRIBUTIONS = 2;

function orderAttributions(b: BenchmarkReport, lead: Attribution | undefined): Attribution[] {
  const withSlo = (a: Attribution) => b.metrics.some((m) => m.spec.key === a.spec.key && m.slos.length);
  const rest = b.attributions.filter((a) => a !== lead);
  return [...(lead ? [lead] : []), ...rest.filter(withSlo), ...rest.filter((a) => !withSlo(a))];
}

function attributionSection(a: Attribution): string {
  const label = specLabel(a.spec);
  const own = a.q === 0 ? 'own mean' : `own p${Number((a.q * 100).toPrecision(3))}`;
  const summary = `Where the time went — ${label}, ${a.tail} (tail mean ${duration(a.base.mean)} → ${duration(a.head.mean)})`;
  const rows = a.phases.map(
    (p) =>
      `| ${PHASE_LABELS[p.phase]} | ${duration(p.baseMean)} | ${duration(p.headMean)} | ${signedDuration(p.delta)} | ${Math.abs(p.delta) < 0.05 ? '0%' : percent(p.shareOfChange)} | ${percent(p.shareOfHead)} | ${duration(p.basePercentile)} → ${duration(p.headPercentile)} |`,
  );
  const table = ['| phase | baseline | this PR | Δ | share of Δ | share now | ' + own + ' |', '|---|---:|---:|---:|---:|---:|---|', ...rows].join('\n');
  const note = a.missingPhases.length ? `\n\nNot recorded on both sides: ${a.missingPhases.map((p) => PHASE_LABELS[p]).join(', ')} (their time sits in the remainder).` : '';
  return `<details><summary>${summary}</summary>\n\n${table}${note}\n\n</details>`;
}

function diagnosisSection(b: BenchmarkReport, detail: Detail): string {
  const out: string[] = [];
  for (const walk of detail === 'minimal' ? [] : b.walks) {
    const path = walk.steps.map((s) => `${s.question} **${markdownText(s.answer, 300)}**`);
    out.push(`**Diagnosis** for ${walk.metrics.map((k) => `\`${k}\``).join(', ')} (§5 decision tree)\n${path.map((p) => `- ${p}`).join('\n')}`);
  }
  const limits = LIMITS[detail];
  out.push(b.findings.slice(0, limits.findings).map((f) => findingBlock(f, limits.evidence)).join('\n'));
  if (b.findings.length > limits.findings) out.push(`${b.findings.length - limits.findings} more finding(s) in the full report.`);
  return out.join('\n\n');
}

function findingBlock(f: Finding, maxEvidence: number): string {
  const lines = [`- ${statusIcon(f)} \`${f.hint}\` (${f.status}, cause: ${f.cause}) — ${markdownText(capitalise(f.title), 200)}`];
  for (const e of f.evidence.slice(0, maxEvidence)) lines.push(`  - ${markdownText(capitalise(e.text), 400)}`);
  lines.push(`  - **Next check:** ${markdownText(f.nextCheck, 300)}`);
  return lines.join('\n');
}

function statusIcon(f: Finding): string {
  return f.status === 'confirmed' ? '🎯' : f.status === 'likely' ? '🔎' : '❔';
}

function fixesTable(fixes: AmdahlItem[], lead: MetricComparison): string {
  const label = specLabel(lead.spec);
  const unit = lead.spec.metric.unit;
  const rows = fixes.map(
    (f, i) =>
      `| ${i + 1} | ${markdownText(f.fix, 200)} | ${percent(f.share)} | ${f.speedup === Infinity ? '∞' : `×${compact(f.speedup)}`} | ${signedPercent(-f.ceiling)} | ${withUnit(f.projected, unit)}${f.sloReachable === null ? '' : f.sloReachable ? ' ✅' : ' ❌'} | ${f.effort} |`,
  );
  return [
    `**Fixes ranked by gain per effort** (§7: gain = 1 / ((1 − p) + p / s), p = share of ${label}'s tail now, s = speedup back to baseline; then (gain − 1) per hour of work, a day being 8 h — do the first one first)`,
    '',
    `| # | fix | share now | speedup | ceiling on ${label} | ${label} if fixed | effort |`,
    '|---|---|---:|---:|---:|---:|---|',
    ...rows,
  ].join('\n');
}

function caveatsSection(b: BenchmarkReport, detail: Detail): string {
  const shown = b.caveats.slice(0, LIMITS[detail].caveats);
  const lines = shown.map((c) => `- \`${c.kind}\`: ${markdownText(caveatText(c), 600)}`);
  if (shown.length < b.caveats.length) lines.push(`- … ${b.caveats.length - shown.length} more in the job summary`);
  return `⚠️ **Caveats**\n${lines.join('\n')}`;
}

function runsSection(b: BenchmarkReport): string {
  const rows = [b.base, b.head].map((s) => sideRow(s));
  const changes = b.configChanges.length
    ? `\n\nConfiguration changes: ${b.configChanges.map((c) => `\`${codeText(c.key, 60)}\` ${markdownText(String(c.base ?? '(unset)'), 60)} → ${markdownText(String(c.head ?? '(unset)'), 60)}`).join(', ')}`
    : '\n\nConfiguration: no differences in the recorded engine settings.';
  const w = b.workload;
  const workload: string[] = [];
  if (w.arrivalRate) workload.push(`arrivals ${compact(w.arrivalRate.baseRate)} → ${compact(w.arrivalRate.headRate)} req/s`);
  if (w.prompt) workload.push(`prompt median ${grouped(w.prompt.baseMedian)} → ${grouped(w.prompt.headMedian)} tokens (KS p ${w.prompt.pValue < 0.001 ? '< 0.001' : w.prompt.pValue.toFixed(2)})`);
  if (w.output) workload.push(`output median ${grouped(w.output.baseMedian)} → ${grouped(w.output.headMedian)} tokens`);
  if (w.baseConcurrency !== undefined && w.headConcurrency !== undefined) workload.push(`mean in flight ${compact(w.baseConcurrency)} → ${compact(w.headConcurrency)}`);
  const costs = b.likeForLike.length
    ? [
        '',
        'Like-for-like costs (matched load and request size; they do not move with the workload):',
        '',
        '| cost | change, matched | unmatched | requests in agreeing strata |',
        '|---|---:|---:|---:|',
        ...b.likeForLike.map((c) => `| ${c.label} | ${signedPercent(c.change)}${c.changed ? ' ⚠️' : ''} | ${signedPercent(c.rawChange)} | ${percent(c.agreement)} of ${c.bins} strata |`),
      ].join('\n')
    : '';
  return [
    '<details><summary>Runs compared</summary>',
    '',
    '| side | commit | runs | requests | failed | files |',
    '|---|---|---:|---:|---:|---|',
    ...rows,
    changes,
    workload.length ? `\nWorkload: ${workload.join('; ')}.` : '',
    costs,
    '',
    '</details>',
  ].join('\n');
}

function sideRow(s: SideSummary): string {
  const files = s.sources.map((f) => `\`${codeText(f.file, 80)}\` (${f.format}${f.skipped ? `, ${grouped(f.skipped)} skipped` : ''})`).join(', ');
  return `| ${s.label === 'base' ? 'baseline' : 'this PR'} | ${s.meta.commit ? `\`${codeText(s.meta.commit, 40)}\`` : '—'} | ${s.runs} | ${grouped(s.requests)} | ${grouped(s.failed)} | ${files} |`;
}

function footer(report: Report): string {
  const s = report.settings;
  return `<sub>perf-triage v${report.tool.version} · intervals from ${grouped(s.resamples)} block-bootstrap resamples (seed ${s.seed}), widened so that a benchmark's labels hold together at ${levelText(s.level)} (false-coverage-rate intervals) · a label is what its interval shows: unchanged inside ± the minimum effect, regressed or improved wholly beyond it · docs/statistics.md${noiseFooter(report)}</sub>`;
}
