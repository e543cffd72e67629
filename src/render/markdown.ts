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
import {
  compact,
  duration,
  grouped,
  pairWithUnit,
  percent,
  signedDuration,
  signedPercent,
  withUnit,
} from '../display/numbers';
import type { Caveat } from '../diagnose/caveats';
import { capitalise } from '../display/text';
import type { BenchmarkReport, Report, SideSummary } from '../report/model';
import { codeText, markdownText } from './escape';
import { floorSection, profilesSection } from './deep-markdown';
import { serviceSection } from './service-markdown';
import { qualitySection } from './quality-markdown';
import {
  attributionFor,
  ceilingSentence,
  changeHeader,
  changeText,
  fixSentence,
  headline,
  leadFix,
  undecidedGroups,
  VERDICT_ICON,
  whereTheTimeWent,
} from './summary';
import { leadFinding, leadMetric } from '../report/lead';
import { levelText, verdictQualifier } from './verdict-words';
import {
  caveatText,
  missingBenchmarks,
  notJudgedItems,
  notLikeForLikeSentence,
  notLikeForLikeShort,
  topCaveats,
} from './like-for-like';

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
  /** https://github.com/OWNER/REPO, for links to the compared commits. */
  repositoryUrl?: string;
  /** The commit this PR's results are for, when the action knows it (else the results' metadata). */
  headSha?: string;
}

type Detail = NonNullable<MarkdownOptions['detail']>;

export function renderMarkdown(report: Report, options: MarkdownOptions = {}): string {
  const detail = options.detail ?? 'full';
  const parts: string[] = [];
  if (report.acceptance) {
    const a = report.acceptance;
    parts.push(
      `> ✅ **Accepted** by ${markdownText(a.by, 60)} for \`${a.sha.slice(0, 7).replace(/[^0-9a-f]/gi, '')}\`: ${markdownText(a.reason, 300)}${a.effort ? ` (effort: ${markdownText(a.effort, 60)})` : ''}`,
    );
  }
  // A benchmark on one side only is news (it stopped, or started, reporting): first.
  const missing = missingBenchmarks(report);
  if (missing.length)
    parts.push(missing.map((c) => `> ⚠️ **Not compared:** ${markdownText(caveatText(c), 400)}`).join('\n>\n'));
  if (report.benchmarks.length > 1) parts.push(overview(report));
  // Caveats every benchmark shares are said once, after them.
  const shared = report.benchmarks.length > 1 ? sharedCaveats(report.benchmarks) : [];
  const context: RenderContext = {
    ...(options.repositoryUrl ? { repositoryUrl: options.repositoryUrl } : {}),
    ...(options.headSha ? { headSha: options.headSha } : {}),
    sharedCaveats: new Set(shared.map(caveatKey)),
  };
  // Several benchmarks: the ones that need attention in full, the unchanged ones in one line each.
  for (const b of report.benchmarks) {
    if (report.benchmarks.length > 1 && b.verdict === 'unchanged' && detail !== 'full') continue;
    parts.push(renderBenchmark(b, detail, report.settings.level, context));
  }
  if (shared.length) parts.push(caveatsSection(shared, detail, 'Caveats for every benchmark'));
  if (report.profiles && detail !== 'minimal')
    parts.push(details(`<b>Profiles</b>: ${profilesSummary(report.profiles)}`, profilesSection(report.profiles)));
  if (detail !== 'full')
    parts.push(
      `Full report with every table: ${options.fullReport ?? `the ${options.summaryUrl ? `[job summary](${options.summaryUrl})` : 'job summary of this run'}`}.`,
    );
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
  const rows = report.benchmarks.map(
    (b) => `| ${VERDICT_ICON[b.verdict]} ${markdownText(b.name)} | ${b.verdict} | ${differsPrefix(b)}${headline(b)} |`,
  );
  return [
    `## ${VERDICT_ICON[report.verdict]} perf-triage: ${report.benchmarks.length} benchmarks — ${tally}`,
    '',
    '| benchmark | verdict | summary |',
    '|---|---|---|',
    ...rows,
  ].join('\n');
}

function renderBenchmark(b: BenchmarkReport, detail: Detail, confidence: number, context: RenderContext): string {
  const lead = leadMetric(b);
  const out: string[] = [];
  // One screen: the headline, who was compared, the brief (where / why / do first) and the table.
  out.push(`### ${differsPrefix(b)}${VERDICT_ICON[b.verdict]} perf-triage · ${markdownText(b.name)}: ${headline(b)}`);
  out.push(`<sub>${subline(b, context)}</sub>`);
  // Not like-for-like is said before the verdict: it changes what the verdict can mean.
  const top = [
    ...b.notLikeForLike.map((d) => `> ⚠️ **Not like-for-like:** ${markdownText(notLikeForLikeSentence(d), 600)}`),
    ...topCaveats(b).map((c) => `> ⚖️ **Batching trade-off:** ${markdownText(caveatText(c), 600)}`),
  ];
  if (top.length) out.push(top.join('\n>\n'));
  const brief = briefLine(b, lead);
  if (brief) out.push(brief);
  out.push(metricsTable(b, detail, confidence));
  // Everything else is one click away.
  const undecided = undecidedGroups(b, confidence);
  if (undecided.length && detail !== 'minimal') {
    const labels = undecided.flatMap((g) => g.labels);
    out.push(
      details(
        `<b>Undecided</b>: ${labels.length} metric${labels.length === 1 ? '' : 's'} — what would decide`,
        undecided.map((g) => `- ${markdownText(g.labels.join(', '), 300)}: ${markdownText(g.reason, 700)}`).join('\n'),
      ),
    );
  }
  if (b.notJudged.length)
    out.push(`**Not judged across streaming modes:** ${markdownText(notJudgedItems(b).join('; '), 800)}.`);
  const service = b.service && detail !== 'minimal' ? serviceSection(b.service) : undefined;
  if (service) out.push(details(`<b>Service</b>: ${serviceSummary(b) ?? 'goodput, cost, headroom'}`, service));
  const quality = b.quality && detail !== 'minimal' ? qualitySection(b.quality) : undefined;
  if (quality) out.push(quality);
  const leadAttribution = attributionFor(b, lead);
  if (detail !== 'minimal') {
    // The lead metric's decomposition, then SLO metrics'; the rest are in the JSON report.
    for (const a of orderAttributions(b, leadAttribution).slice(0, MAX_ATTRIBUTIONS)) out.push(attributionSection(a));
  }
  if (b.findings.length) out.push(diagnosisSection(b, detail, lead));
  if (lead && b.fixes.some((f) => f.metric === lead.spec.key))
    out.push(fixesTable(b.fixes.filter((f) => f.metric === lead.spec.key).slice(0, LIMITS[detail].fixes), lead));
  if (b.floor?.ok && detail !== 'minimal') out.push(floorSection(b.floor));
  if (b.trends?.length && detail !== 'minimal')
    out.push(
      `<details><summary>History from the performance journal</summary>\n\n${b.trends.join('\n\n')}\n\n</details>`,
    );
  const caveats = b.caveats.filter((c) => !context.sharedCaveats.has(caveatKey(c)));
  if (caveats.length) out.push(caveatsSection(caveats, detail));
  if (detail === 'full') out.push(runsSection(b));
  return out.join('\n\n');
}

/** What the comment needs beyond the report: links and commits the action knows, caveats said once for all benchmarks. */
interface RenderContext {
  repositoryUrl?: string;
  headSha?: string;
  /** Caveats every benchmark shares (said once, after them): their kind and words. */
  sharedCaveats: ReadonlySet<string>;
}

function caveatKey(c: { kind: string; message: string }): string {
  return `${c.kind}\u0000${c.message}`;
}

/** "baseline `9f8e7d6` ← this PR `abc1234` · 1 run per side · 9 metrics: 2 regressed, 1 unchanged, 6 undecided". */
function subline(b: BenchmarkReport, context: RenderContext): string {
  const commit = (sha: string | undefined) => {
    const hex = sha?.replace(/[^0-9a-f]/gi, '');
    if (!hex || hex.length < 7) return '—';
    const short = `\`${hex.slice(0, 7)}\``;
    return context.repositoryUrl && hex.length === 40 ? `[${short}](${context.repositoryUrl}/commit/${hex})` : short;
  };
  const head = context.headSha ?? b.head.meta.commit;
  const parts: string[] = [];
  if (b.base.meta.commit || head) parts.push(`baseline ${commit(b.base.meta.commit)} ← this PR ${commit(head)}`);
  parts.push(
    b.base.runs === b.head.runs
      ? `${b.base.runs} run${b.base.runs === 1 ? '' : 's'} per side`
      : `${b.base.runs} baseline run${b.base.runs === 1 ? '' : 's'}, ${b.head.runs} in this PR`,
  );
  const count = (v: string) => b.metrics.filter((m) => m.verdict === v).length;
  const tally = [
    ['regressed', count('regressed')],
    ['improved', count('improved')],
    ['unchanged', count('unchanged')],
    ['undecided', count('inconclusive')],
  ]
    .filter(([, n]) => n)
    .map(([v, n]) => `${n} ${v}`)
    .join(', ');
  parts.push(`${b.metrics.length} metric${b.metrics.length === 1 ? '' : 's'}: ${tally || 'none'}`);
  return parts.join(' · ');
}

function details(summary: string, body: string): string {
  return `<details><summary>${summary}</summary>\n\n${body}\n\n</details>`;
}

/** "GPU, CPU or waiting: gpu-bound → mixed; kernel regimes" for the collapsed section's title. */
function profilesSummary(p: NonNullable<Report['profiles']>): string {
  const parts: string[] = [];
  const split = p.split;
  if (split)
    parts.push(
      `GPU, CPU or waiting: ${[split.base?.verdict, split.head?.verdict].filter((v) => v !== undefined).join(' → ')}`,
    );
  if (p.kernels) parts.push('kernel regimes');
  return parts.join('; ') || 'profiler exports';
}

/** "goodput 99% → 79%" for the collapsed section's title. */
function serviceSummary(b: BenchmarkReport): string | undefined {
  const g = b.service?.goodput;
  return g?.ok ? `goodput ${percent(g.base.share)} → ${percent(g.head.share)} (${g.verdict})` : undefined;
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
    parts.push(
      `${label} \`${finding.hint}\` — ${markdownText(finding.title, 200)}${finding.status === 'candidate' ? ' (unconfirmed)' : ''}`,
    );
  }
  const fix = leadFix(b, lead);
  if (fix && finding?.cause === 'workload')
    parts.push(`**If this workload is the new normal:** ${markdownText(ceilingSentence(fix, lead), 300)}`);
  else if (fix) parts.push(`**Do first:** ${markdownText(fixSentence(fix, lead), 300)}`);
  return parts.join(' · ');
}

function metricsTable(b: BenchmarkReport, detail: Detail, confidence: number): string {
  // The shortest report keeps the rows that say something: changed, undecided, or with an SLO.
  const shown = detail === 'minimal' ? b.metrics.filter((m) => m.verdict !== 'unchanged' || m.slos.length) : b.metrics;
  const hidden = b.metrics.length - shown.length;
  const rows = shown.map((m) => {
    // One unit per row: both sides in seconds once either reaches 10 s.
    const [base, head] = pairWithUnit(m.base?.value, m.head?.value, m.spec.metric.unit);
    return `| ${specLabel(m.spec)} | ${base} | ${head} | ${changeText(m)} | ${sloCell(m)} | ${verdictCell(m)} |`;
  });
  const table = [
    `| metric | baseline | this PR | ${changeHeader(b, confidence)} | SLO | verdict |`,
    '|---|---:|---:|---|---|---|',
    ...rows,
  ].join('\n');
  const notes = [
    tableNote(b, confidence),
    ...(hidden ? [`${hidden} more metric${hidden === 1 ? '' : 's'} unchanged`] : []),
  ];
  return `${table}\n\n<sub>${notes.join(' · ')}</sub>`;
}

/** What the interval column and the undecided labels mean, in one line under the table. */
function tableNote(b: BenchmarkReport, confidence: number): string {
  const family =
    b.family.size > 1 && b.family.level !== confidence
      ? `each interval at ${levelText(b.family.level)}, so the ${b.family.size} labels hold together at ${levelText(confidence)}; `
      : '';
  const undecided = b.metrics.some((m) => m.verdict === 'inconclusive')
    ? '; "likely worse", "too noisy" and the like are undecided (inconclusive)'
    : '';
  return `${family}a label is what its interval shows: unchanged inside ± the minimum effect, regressed or improved wholly beyond it${undecided}`;
}

function sloCell(m: MetricComparison): string {
  return m.slos
    .map(
      (s) =>
        `${s.slo.comparator} ${withUnit(s.slo.threshold, m.spec.metric.unit)} ${s.headMet === null ? '❔' : s.headMet ? '✅' : '❌'}${s.marginal ? ' (marginal)' : ''}`,
    )
    .join('<br>');
}

function verdictCell(m: MetricComparison): string {
  if (m.verdict === 'regressed' || m.verdict === 'improved') return `**${m.verdict}**`;
  // An undecided metric says which way it is undecided ("likely worse", "too noisy"); the note under the table says these are inconclusive.
  return verdictQualifier(m) ?? m.verdict;
}

const MAX_ATTRIBUTIONS = 2;

/** Caveats (same kind, same words) that every benchmark of the report has. */
function sharedCaveats(benchmarks: readonly BenchmarkReport[]): Caveat[] {
  const [first, ...rest] = benchmarks;
  return first.caveats.filter((c) => rest.every((b) => b.caveats.some((d) => caveatKey(d) === caveatKey(c))));
}

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
  const table = [
    '| phase | baseline | this PR | Δ | share of Δ | share now | ' + own + ' |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...rows,
  ].join('\n');
  const note = a.missingPhases.length
    ? `\n\nNot recorded on both sides: ${a.missingPhases.map((p) => PHASE_LABELS[p]).join(', ')} (their time sits in the remainder).`
    : '';
  return `<details><summary>${summary}</summary>\n\n${table}${note}\n\n</details>`;
}

function diagnosisSection(b: BenchmarkReport, detail: Detail, lead: MetricComparison | undefined): string {
  const out: string[] = [];
  for (const walk of detail === 'minimal' ? [] : b.walks) {
    const path = walk.steps.map((s) => `${s.question} **${markdownText(s.answer, 300)}**`);
    out.push(
      `The decision tree for ${walk.metrics.map((k) => `\`${k}\``).join(', ')} (the method: perf-triage's docs/diagnosis.md):\n${path.map((p) => `- ${p}`).join('\n')}`,
    );
  }
  const limits = LIMITS[detail];
  out.push(
    b.findings
      .slice(0, limits.findings)
      .map((f) => findingBlock(f, limits.evidence))
      .join('\n'),
  );
  if (b.findings.length > limits.findings)
    out.push(`${b.findings.length - limits.findings} more finding(s) in the full report.`);
  const first = leadFinding(b, lead);
  const title = first
    ? `<b>Diagnosis</b>: ${first.phase ? `${PHASE_LABELS[first.phase]} → ` : ''}<code>${first.hint}</code> (${first.status})`
    : '<b>Diagnosis</b>';
  return details(title, out.join('\n\n'));
}

function findingBlock(f: Finding, maxEvidence: number): string {
  // Titles are our words (capitalised); evidence keeps config names as written (max_num_seqs).
  const lines = [
    `- ${statusIcon(f)} \`${f.hint}\` (${f.status}, cause: ${f.cause}) — ${markdownText(capitalise(f.title), 200)}`,
  ];
  for (const e of f.evidence.slice(0, maxEvidence)) lines.push(`  - ${markdownText(e.text, 400)}`);
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
  const table = [
    `| # | fix | share now | speedup | ceiling on ${label} | ${label} if fixed | effort |`,
    '|---|---|---:|---:|---:|---:|---|',
    ...rows,
    '',
    `<sub>The ceiling is the most ${label} can improve if that phase's time goes back to the baseline (Amdahl's law on its share of the slowest requests); fixes are ordered by that gain per hour of work.</sub>`,
  ].join('\n');
  const best = fixes[0];
  return details(
    `<b>Fixes</b>: 1. ${markdownText(best.fix, 120)}, Amdahl ceiling ${signedPercent(-best.ceiling)} (${best.effort})`,
    table,
  );
}

function caveatsSection(caveats: readonly Caveat[], detail: Detail, title = 'Caveats'): string {
  const shown = caveats.slice(0, LIMITS[detail].caveats);
  const lines = shown.map((c) => `- \`${c.kind}\`: ${markdownText(caveatText(c), 600)}`);
  if (shown.length < caveats.length) lines.push(`- … ${caveats.length - shown.length} more in the job summary`);
  const kinds = [...new Set(caveats.map((c) => c.kind.replace(/-/g, ' ')))];
  return details(
    `⚠️ <b>${title}</b> (${caveats.length}): ${kinds.slice(0, 4).join('; ')}${kinds.length > 4 ? '; …' : ''}`,
    lines.join('\n'),
  );
}

function runsSection(b: BenchmarkReport): string {
  const rows = [b.base, b.head].map((s) => sideRow(s));
  const changes = b.configChanges.length
    ? `\n\nConfiguration changes: ${b.configChanges.map((c) => `\`${codeText(c.key, 60)}\` ${markdownText(String(c.base ?? '(unset)'), 60)} → ${markdownText(String(c.head ?? '(unset)'), 60)}`).join(', ')}`
    : '\n\nConfiguration: no differences in the recorded engine settings.';
  const w = b.workload;
  const workload: string[] = [];
  if (w.arrivalRate)
    workload.push(`arrivals ${compact(w.arrivalRate.baseRate)} → ${compact(w.arrivalRate.headRate)} req/s`);
  if (w.prompt)
    workload.push(
      `prompt median ${grouped(w.prompt.baseMedian)} → ${grouped(w.prompt.headMedian)} tokens (KS p ${w.prompt.pValue < 0.001 ? '< 0.001' : w.prompt.pValue.toFixed(2)})`,
    );
  if (w.output) workload.push(`output median ${grouped(w.output.baseMedian)} → ${grouped(w.output.headMedian)} tokens`);
  if (w.baseConcurrency !== undefined && w.headConcurrency !== undefined)
    workload.push(`mean in flight ${compact(w.baseConcurrency)} → ${compact(w.headConcurrency)}`);
  const costs = b.likeForLike.length
    ? [
        '',
        'Like-for-like costs (matched load and request size; they do not move with the workload):',
        '',
        '| cost | change, matched | unmatched | requests in agreeing strata |',
        '|---|---:|---:|---:|',
        ...b.likeForLike.map(
          (c) =>
            `| ${c.label} | ${signedPercent(c.change)}${c.changed ? ' ⚠️' : ''} | ${signedPercent(c.rawChange)} | ${percent(c.agreement)} of ${c.bins} strata |`,
        ),
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
  const files = s.sources
    .map((f) => `\`${codeText(f.file, 80)}\` (${f.format}${f.skipped ? `, ${grouped(f.skipped)} skipped` : ''})`)
    .join(', ');
  return `| ${s.label === 'base' ? 'baseline' : 'this PR'} | ${s.meta.commit ? `\`${codeText(s.meta.commit, 40)}\`` : '—'} | ${s.runs} | ${grouped(s.requests)} | ${grouped(s.failed)} | ${files} |`;
}

function footer(report: Report): string {
  const s = report.settings;
  return `<sub>perf-triage v${report.tool.version} · ${grouped(s.resamples)} block-bootstrap resamples, seed ${s.seed}, labels together at ${levelText(s.level)} · how it decides: docs/statistics.md and docs/diagnosis.md in perf-triage${noiseFooter(report)}</sub>`;
}
