// The terminal report: the same content as the markdown, laid out in aligned plain text.

import { noiseSentences } from './noise-words';
import type { MetricComparison } from '../compare/types';
import { PHASE_LABELS } from '../metrics/catalog';
import { specLabel } from '../metrics/metric-spec';
import { compact, duration, pairWithUnit, percent, signedDuration, signedPercent, withUnit } from '../display/numbers';
import { capitalise } from '../display/text';
import type { BenchmarkReport, Report } from '../report/model';
import type { ProfileReport } from '../report/profiles';
import { shortNames } from './kernel-names';
import { serviceRows } from './service-markdown';
import { plainText } from './escape';
import {
  attributionFor,
  ceilingSentence,
  changeHeader,
  changeText,
  fixSentence,
  undecidedGroups,
  headline,
  leadFix,
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

const TEXT_ICON = {
  regressed: 'REGRESSED',
  inconclusive: 'INCONCLUSIVE',
  improved: 'IMPROVED',
  unchanged: 'OK',
} as const;

export function renderText(report: Report): string {
  const out: string[] = [];
  // A benchmark on one side only is news (it stopped, or started, reporting): first.
  const missing = missingBenchmarks(report);
  if (missing.length) out.push(missing.map((c) => `NOT COMPARED  ${plainText(caveatText(c), 400)}`).join('\n'));
  for (const b of report.benchmarks) out.push(renderBenchmark(b, report.settings.level));
  if (report.profiles) out.push(profilesText(report.profiles));
  for (const sentence of noiseSentences(report)) out.push(sentence);
  out.push(
    `perf-triage v${report.tool.version} · seed ${report.settings.seed} · ${report.settings.resamples} resamples · outcome: ${report.outcome.fail ? 'FAIL' : 'pass'}${report.outcome.reasons.length ? ` (${report.outcome.reasons.map((r) => plainText(r, 300)).join('; ')})` : ''}`,
  );
  return out.join('\n\n') + '\n';
}

function renderBenchmark(b: BenchmarkReport, confidence: number): string {
  const out: string[] = [];
  const lead = leadMetric(b);
  // Not like-for-like is said before the verdict: it changes what the verdict can mean.
  const differs = notLikeForLikeShort(b.notLikeForLike);
  out.push(
    `${differs ? `NOT LIKE-FOR-LIKE (${plainText(differs, 300)}) · ` : ''}${TEXT_ICON[b.verdict]}  ${plainText(b.name)}: ${headline(b).replace(/`/g, '')}`,
  );
  for (const d of b.notLikeForLike) out.push(`  Not like-for-like: ${plainText(notLikeForLikeSentence(d), 600)}`);
  for (const c of topCaveats(b)) out.push(`  Batching trade-off: ${plainText(caveatText(c), 600)}`);
  if (b.verdict === 'regressed' && lead) {
    const a = attributionFor(b, lead);
    const where = a && whereTheTimeWent(a);
    if (where) out.push(`  Where the time went: ${where}`);
    const finding = leadFinding(b, lead);
    if (finding)
      out.push(
        `  Why${finding.cause === 'workload' ? ' (the workload, not the code)' : ''}: [${finding.hint}] ${plainText(finding.title, 200)}`,
      );
    const fix = leadFix(b, lead);
    if (fix && finding?.cause === 'workload')
      out.push(`  If this workload is the new normal: ${plainText(ceilingSentence(fix, lead), 300)}`);
    else if (fix) out.push(`  Do first: ${plainText(fixSentence(fix, lead), 300)}`);
  }

  out.push(
    table(
      ['metric', 'baseline', 'this PR', changeHeader(b, confidence), 'SLO', 'verdict'],
      b.metrics.map((m) => {
        const qualifier = verdictQualifier(m);
        const [base, head] = pairWithUnit(m.base?.value, m.head?.value, m.spec.metric.unit);
        return [
          specLabel(m.spec),
          base,
          head,
          changeText(m),
          slo(m),
          qualifier ? `${m.verdict} (${qualifier})` : m.verdict,
        ];
      }),
      [false, true, true, false, false, false],
    ),
  );
  if (b.family.size > 1 && b.family.level !== confidence)
    out.push(
      `  intervals at ${levelText(b.family.level)} each, so the ${b.family.size} labels hold together at ${levelText(confidence)}`,
    );
  for (const g of undecidedGroups(b, confidence))
    out.push(`  inconclusive, ${g.labels.join(', ')}: ${plainText(g.reason, 700)}`);
  if (b.notJudged.length)
    out.push(`  not judged across streaming modes: ${plainText(notJudgedItems(b).join('; '), 800)}`);
  if (b.quality?.scores) out.push(`  quality, eval scores: ${plainText(b.quality.scores.sentence, 300)}`);
  if (b.quality?.generations)
    out.push(`  quality, paired generations: ${plainText(b.quality.generations.sentence, 300)}`);
  const service = b.service ? serviceRows(b.service).rows : [];
  if (service.length)
    out.push(
      table(
        ['service', 'baseline', 'this PR', 'change'],
        service.map((r) => [
          plainText(r.label, 80),
          plainText(r.base, 60),
          plainText(r.head, 60),
          plainText(r.change, 80),
        ]),
        [false, true, true, false],
      ),
    );

  for (const a of b.attributions) {
    out.push(
      `Where the time went — ${specLabel(a.spec)}, ${a.tail} (tail mean ${duration(a.base.mean)} → ${duration(a.head.mean)})`,
    );
    out.push(
      table(
        ['phase', 'baseline', 'this PR', 'Δ', 'share of Δ', 'share now'],
        a.phases.map((p) => [
          PHASE_LABELS[p.phase],
          duration(p.baseMean),
          duration(p.headMean),
          signedDuration(p.delta),
          percent(p.shareOfChange),
          percent(p.shareOfHead),
        ]),
        [false, true, true, true, true, true],
      ),
    );
  }

  for (const walk of b.walks) {
    out.push(
      `Diagnosis for ${walk.metrics.join(', ')}:\n${walk.steps.map((s) => `  ${s.question} ${plainText(s.answer, 300)}`).join('\n')}`,
    );
  }
  for (const f of b.findings) {
    const lines = [`  [${f.hint}] (${f.status}, cause: ${f.cause}) ${plainText(capitalise(f.title), 200)}`];
    for (const e of f.evidence) lines.push(`      - ${plainText(e.text, 400)}`);
    lines.push(`      next check: ${plainText(f.nextCheck, 300)}`);
    out.push(lines.join('\n'));
  }
  const fixes = lead ? b.fixes.filter((f) => f.metric === lead.spec.key) : [];
  if (fixes.length && lead) {
    out.push(`Fixes ranked by gain per effort (Amdahl ceiling per hour of work) on ${specLabel(lead.spec)}:`);
    out.push(
      table(
        ['#', 'fix', 'share', 'speedup', 'ceiling', 'if fixed', 'effort'],
        fixes.map((f, i) => [
          String(i + 1),
          plainText(f.fix, 80),
          percent(f.share),
          f.speedup === Infinity ? 'inf' : `x${compact(f.speedup)}`,
          signedPercent(-f.ceiling),
          withUnit(f.projected, lead.spec.metric.unit),
          f.effort,
        ]),
        [true, false, true, true, true, true, false],
      ),
    );
  }
  if (b.floor?.ok) out.push(`Decode floor: ${plainText(b.floor.sentence, 500)}`);
  if (b.caveats.length)
    out.push(`Caveats:\n${b.caveats.map((c) => `  - ${c.kind}: ${plainText(caveatText(c), 600)}`).join('\n')}`);
  return out.join('\n');
}

function slo(m: MetricComparison): string {
  return m.slos
    .map(
      (s) =>
        `${s.slo.comparator} ${withUnit(s.slo.threshold, m.spec.metric.unit)} ${s.headMet === null ? 'not measurable' : s.headMet ? 'met' : 'BREACHED'}${s.marginal ? ' (marginal)' : ''}`,
    )
    .join('; ');
}

/** Columns padded to their widest cell; `right` aligns numbers. */
export function table(header: string[], rows: string[][], right: boolean[]): string {
  const widths = header.map((h, c) => Math.max([...h].length, ...rows.map((r) => [...r[c]].length)));
  const line = (cells: string[]) =>
    '  ' +
    cells
      .map((cell, c) => {
        const pad = ' '.repeat(widths[c] - [...cell].length);
        return right[c] ? pad + cell : cell + pad;
      })
      .join('  ')
      .trimEnd();
  return [line(header), '  ' + widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function profilesText(p: ProfileReport): string {
  const out: string[] = [];
  const split = p.split;
  if (split) {
    const sides = [
      ...(split.base ? [['baseline', split.base] as const] : []),
      ...(split.head ? [['this PR', split.head] as const] : []),
    ];
    out.push('Profile: GPU, CPU or waiting?');
    out.push(
      table(
        ['side', 'wall', 'CPU', 'GPU', 'comm.', 'idle', 'verdict'],
        sides.map(([label, s]) => [
          label,
          Number.isNaN(s.wallMs) ? '?' : duration(s.wallMs),
          Number.isNaN(s.cpuMs) ? '?' : duration(s.cpuMs),
          Number.isNaN(s.gpuMs) ? '?' : `${duration(s.gpuMs)}${s.gpuTimeKind === 'sum' ? ' (sum)' : ''}`,
          s.collectiveMs > 0 ? duration(s.collectiveMs) : '—',
          Number.isNaN(s.idleMs) ? '—' : duration(s.idleMs),
          s.verdict,
        ]),
        [false, true, true, true, true, true, false],
      ),
    );
    if (split.comparison) out.push(`  ${plainText(split.comparison.conclusion, 400)}`);
    const k = split.kernels;
    if (k) {
      out.push(
        `  kernel time per step ${duration(k.total.base)} → ${duration(k.total.head)} (${signedPercent(k.total.ratio)}): ${k.slower} kernel(s) slower, ${k.faster} faster by 5% or more, ${k.onlyBase.length} gone, ${k.onlyHead.length} new`,
      );
      const families = k.families.filter((f) => Math.abs(f.ratio) >= 0.05 || f.base === 0 || f.head === 0).slice(0, 4);
      const names = shortNames(
        families.map((f) => f.name),
        48,
      );
      for (const f of families)
        out.push(
          `    ${plainText(names.get(f.name)!, 60)}: ${duration(f.base)} → ${duration(f.head)}${Number.isNaN(f.ratio) ? '' : ` (${signedPercent(f.ratio)})`}`,
        );
    }
    const shown = split.head ?? split.base!;
    if (shown.threads.length > 1)
      out.push(
        `  host threads busy per step: ${shown.threads
          .slice(0, 4)
          .map((t) => `${plainText(t.name || t.thread, 60)}${t.main ? ' (main)' : ''} ${duration(t.busyMs)}`)
          .join(', ')}`,
      );
    for (const c of shown.candidates.filter((x) => x.evidence === 'present' || x.evidence === 'measured'))
      out.push(
        `  waiting on ${c.cause} (${c.evidence}): ${plainText(c.detail, 300)} To confirm: ${plainText(c.nextCheck, 300)}`,
      );
  }
  if (p.kernels) {
    const c = p.kernels.comparison;
    const names = shortNames([
      ...p.kernels.top.map((k) => k.name),
      ...(c ? [...c.kernels, ...c.shapeChanged].map((x) => x.name) : []),
    ]);
    const name = (n: string) => plainText(names.get(n) ?? n, 80);
    out.push('Kernels: which regime?');
    out.push(
      table(
        ['kernel', 'grid', 'time', 'share', 'regime'],
        p.kernels.top.map((k) => [
          name(k.name),
          plainText(k.grid || '—', 20),
          Number.isNaN(k.ms) ? '—' : duration(k.ms),
          Number.isNaN(k.share) ? '—' : percent(k.share),
          `${k.regime ?? 'unknown'}${k.regime === 'memory-bound' && k.unit && k.unit !== 'DRAM' ? ` (${k.unit})` : ''}`,
        ]),
        [false, false, true, true, false],
      ),
    );
    for (const k of c?.kernels.filter((x) => x.notes.length).slice(0, 5) ?? [])
      out.push(`  ${name(k.name)}: ${k.notes.map((n) => plainText(n, 200)).join('; ')}`);
    for (const x of c?.shapeChanged.slice(0, 5) ?? [])
      out.push(
        `  ${name(x.name)}: another launch shape (grid ${plainText(x.base.grid || '?', 20)} → ${plainText(x.head.grid || '?', 20)}), durations not compared`,
      );
  }
  return out.join('\n');
}
