// Markdown for the deeper measurements: the decode bandwidth floor (§5) of a benchmark, and the
// profiler exports of the run (STEP 3's three-way split, STEP 4's kernel regimes). Every text that
// came from a file (kernel names, file names) is escaped.

import type { FloorCheck, FloorSide } from '../diagnose/decode-floor-check';
import { compact, duration, grouped, percent, signedPercent } from '../display/numbers';
import type { ProfileReport, SplitView } from '../report/profiles';
import { codeText, markdownText } from './escape';
import { shortNames } from './kernel-names';

export function floorSection(floor: Extract<FloorCheck, { ok: true }>): string {
  const row = (label: string, s: FloorSide) =>
    `| ${label} | ${compact(s.batch)} (${s.batchSource}) | ${grouped(s.contextTokens)} | ${compact(s.floor.bytesPerStep / 1e9)} GB | ${duration(s.floor.floorMs)} | ${duration(s.measuredMs)} | ${s.efficiency ? `${compact(s.efficiency.efficiency)} (${s.efficiency.band})` : '—'} |`;
  const rows = [...(floor.base ? [row('baseline', floor.base)] : []), row('this PR', floor.head)];
  const head = floor.head;
  return [
    `<details><summary>Decode bandwidth floor: ${duration(head.floor.floorMs)} per step vs ${duration(head.measuredMs)} measured — efficiency ${head.efficiency ? compact(head.efficiency.efficiency) : '?'}${head.efficiency ? `, ${head.efficiency.band.replace('-', ' ')}` : ''}</summary>`,
    '',
    '| side | running batch | KV tokens read per step | bytes per step | floor | measured step | floor / measured |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...rows,
    '',
    head.efficiency
      ? `**Reading:** ${markdownText(head.efficiency.advice, 300)} (bands: > 0.8 near the limit, 0.4–0.8 kernel or launch overhead, < 0.4 structurally wrong).`
      : '',
    '',
    ...head.floor.assumptions.map((a) => `- ${markdownText(a, 400)}`),
    '',
    '</details>',
  ].join('\n');
}

export function profilesSection(p: ProfileReport): string {
  const out: string[] = [];
  if (p.split) out.push(splitSection(p.split));
  if (p.kernels) out.push(kernelsSection(p.kernels));
  if (p.notes.length) out.push(p.notes.map((n) => `<sub>${markdownText(n, 300)}</sub>`).join('\n'));
  return out.join('\n\n');
}

/** "3 steps", or "per capture" when a summary marks no step and none was given. */
function stepsText(s: SplitView): string {
  return s.steps === 1 && s.label === 'all' && s.format === 'nsys-stats'
    ? 'per capture'
    : `${s.steps} step${s.steps === 1 ? '' : 's'}`;
}

function splitSection(split: NonNullable<ProfileReport['split']>): string {
  const row = (label: string, s: SplitView) =>
    `| ${label} | ${Number.isNaN(s.wallMs) ? 'unknown' : duration(s.wallMs)} | ${Number.isNaN(s.cpuMs) ? 'not measured' : `${duration(s.cpuMs)} (${percent(s.cpuShare)})`} | ${Number.isNaN(s.gpuMs) ? 'not measured' : `${duration(s.gpuMs)}${Number.isNaN(s.gpuShare) ? '' : ` (${percent(s.gpuShare)})`}${s.gpuTimeKind === 'sum' ? '†' : ''}`} | ${s.collectiveMs > 0 ? duration(s.collectiveMs) : '—'} | ${Number.isNaN(s.idleMs) ? '—' : duration(s.idleMs)} | **${s.verdict}** |`;
  const sides = [
    ...(split.base ? [['baseline', split.base] as const] : []),
    ...(split.head ? [['this PR', split.head] as const] : []),
  ];
  const shown = split.head ?? split.base!;
  const lines = [
    `**Profile: GPU, CPU or waiting?** (${sides.map(([l, s]) => `${l}: ${codeCell(s.file, 80)}, ${s.format}, ${stepsText(s)}`).join('; ')})`,
    '',
    '| side | wall per step | CPU (all threads) | GPU | communication | idle | verdict |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...sides.map(([l, s]) => row(l, s)),
  ];
  if (sides.some(([, s]) => s.gpuTimeKind === 'sum'))
    lines.push('', '<sub>† a sum of kernel durations: kernels that overlap on several streams count twice.</sub>');
  if (split.comparison) lines.push('', `**What moved:** ${markdownText(split.comparison.conclusion, 400)}`);
  const k = split.kernels;
  if (k) {
    const families = k.families.filter((f) => Math.abs(f.ratio) >= 0.05 || f.base === 0 || f.head === 0).slice(0, 4);
    const names = shortNames(
      families.map((f) => f.name),
      48,
    );
    lines.push(
      '',
      `**Kernel time per step:** ${duration(k.total.base)} → ${duration(k.total.head)} (${signedPercent(k.total.ratio)}); of ${k.kernels.length} kernels on both sides ${k.slower} slower and ${k.faster} faster by 5% or more${k.onlyBase.length || k.onlyHead.length ? `, ${k.onlyBase.length} gone, ${k.onlyHead.length} new` : ''}${k.communication.base > 0 || k.communication.head > 0 ? `; communication ${duration(k.communication.base)} → ${duration(k.communication.head)}` : ''}.`,
    );
    for (const f of families)
      lines.push(
        `- family \`${codeText(names.get(f.name)!, 80)}\`: ${duration(f.base)} → ${duration(f.head)}${Number.isNaN(f.ratio) ? '' : ` (${signedPercent(f.ratio)})`}, ${grouped(f.countBase, Number.isInteger(f.countBase) ? 0 : 1)} → ${grouped(f.countHead, Number.isInteger(f.countHead) ? 0 : 1)} launches`,
      );
  }
  if (shown.threads.length > 1) {
    const threads = shown.threads
      .slice(0, 4)
      .map((t) => `${markdownText(t.name || t.thread, 60)}${t.main ? ' (main)' : ''} ${duration(t.busyMs)}`);
    lines.push(
      '',
      `Host threads busy per step: ${threads.join(', ')}${shown.threads.length > 4 ? `, ${shown.threads.length - 4} more` : ''}.`,
    );
  }
  lines.push('', ...shown.evidence.map((e) => `- ${markdownText(e, 400)}`));
  const candidates = shown.candidates.filter((c) => c.evidence !== 'absent');
  if (candidates.length && shown.verdict !== 'gpu-bound' && shown.verdict !== 'cpu-bound') {
    lines.push(
      '',
      '| waiting on | evidence | time per step | what the profile shows | to confirm |',
      '|---|---|---:|---|---|',
    );
    for (const c of candidates) {
      lines.push(
        `| ${c.cause} | ${c.evidence} | ${Number.isNaN(c.ms) ? '—' : `${duration(c.ms)}${Number.isNaN(c.share) ? '' : ` (${percent(c.share)})`}`} | ${markdownText(c.detail, 300)} | ${markdownText(c.nextCheck, 300)} |`,
      );
    }
  }
  return lines.join('\n');
}

function kernelsSection(k: NonNullable<ProfileReport['kernels']>): string {
  const c = k.comparison;
  const names = shortNames([
    ...k.top.map((t) => t.name),
    ...(c ? [...c.kernels, ...c.shapeChanged, ...c.onlyHead, ...c.onlyBase].map((x) => x.name) : []),
  ]);
  const cell = (name: string) => `\`${codeText(names.get(name) ?? name, 80)}\``;
  const shape = (grid: string, block: string) =>
    grid || block ? codeText(`${grid || '?'} × ${block || '?'}`, 40) : '—';
  const derived = k.top.some((t) => t.durationDerived);
  const lines = [
    `**Kernels: which regime?** (Nsight Compute${k.headFile ? `: ${codeCell(k.headFile, 80)}` : ''}${k.baseFile ? ` against ${codeCell(k.baseFile, 80)}` : ''})`,
    '',
    '| kernel | grid × block | time | share | regime | why (Nsight Compute’s rule) | what can help |',
    '|---|---|---:|---:|---|---|---|',
    ...k.top.map(
      (t) =>
        `| ${cell(t.name)} | ${shape(t.grid, t.block)} | ${Number.isNaN(t.ms) ? '—' : `${duration(t.ms)}${t.durationDerived ? '‡' : ''}`} | ${Number.isNaN(t.share) ? '—' : percent(t.share)} | ${t.regime ?? 'unknown'}${t.unit && t.unit !== 'DRAM' && t.regime === 'memory-bound' ? ` (${t.unit})` : ''} | ${markdownText(t.evidence, 240)} | ${t.fixes.map((f) => markdownText(f, 140)).join('; ')} |`,
    ),
  ];
  if (derived) lines.push('', '<sub>‡ elapsed cycles ÷ SM clock (gpu__time_duration was not collected).</sub>');
  if (c) {
    lines.push(
      '',
      `Kernel time ${duration(c.totalMs.base)} → ${duration(c.totalMs.head)} (${signedPercent(c.totalMs.ratio)}).`,
    );
    const moved = c.kernels.filter((x) => x.notes.length);
    for (const x of moved.slice(0, 5))
      lines.push(`- ${cell(x.name)}: ${x.notes.map((n) => markdownText(n, 200)).join('; ')}`);
    for (const x of c.shapeChanged.slice(0, 5)) {
      lines.push(
        `- ${cell(x.name)}: launched at another shape (${shape(x.base.grid, x.base.block)} → ${shape(x.head.grid, x.head.block)}), another problem size: durations not compared`,
      );
    }
    if (c.onlyHead.length)
      lines.push(
        `- only in this PR: ${c.onlyHead
          .slice(0, 5)
          .map((x) => cell(x.name))
          .join(', ')}`,
      );
    if (c.onlyBase.length)
      lines.push(
        `- gone since the baseline: ${c.onlyBase
          .slice(0, 5)
          .map((x) => cell(x.name))
          .join(', ')}`,
      );
  }
  return lines.join('\n');
}

/** Kernel names (long C++ signatures, the first 60 characters) and file names, in a code span. */
function codeCell(name: string, max = 60): string {
  return `\`${codeText(name, max)}\``;
}
