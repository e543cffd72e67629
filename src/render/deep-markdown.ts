// Markdown for the deeper measurements: the decode bandwidth floor (§5) of a benchmark, and the
// profiler exports of the run (STEP 3's three-way split, STEP 4's kernel regimes). Every text that
// came from a file (kernel names, file names) is escaped.

import type { FloorCheck, FloorSide } from '../diagnose/decode-floor-check';
import { compact, duration, grouped, percent, signedPercent } from '../format/numbers';
import type { ProfileReport, SplitView } from '../report/profiles';
import { codeText, markdownText } from './escape';

export function floorSection(floor: Extract<FloorCheck, { ok: true }>): string {
  const row = (label: string, s: FloorSide) =>
    `| ${label} | ${compact(s.batch)} (${s.batchSource}) | ${grouped(s.contextTokens)} | ${compact(s.floor.bytesPerStep / 1e9)} GB | ${duration(s.floor.floorMs)} | ${duration(s.measuredMs)} | ${s.efficiency ? `${compact(s.efficiency.efficiency)} (${s.efficiency.band})` : '—'} |`;
  const rows = [...(floor.base ? [row('baseline', floor.base)] : []), row('this PR', floor.head)];
  const head = floor.head;
  return [
    `<details><summary>Decode bandwidth floor (§5): ${duration(head.floor.floorMs)} per step vs ${duration(head.measuredMs)} measured — efficiency ${head.efficiency ? compact(head.efficiency.efficiency) : '?'}${head.efficiency ? `, ${head.efficiency.band.replace('-', ' ')}` : ''}</summary>`,
    '',
    '| side | running batch | KV tokens read per step | bytes per step | floor | measured step | floor / measured |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...rows,
    '',
    head.efficiency ? `**Reading:** ${markdownText(head.efficiency.advice, 300)} (bands: > 0.8 near the limit, 0.4–0.8 kernel or launch overhead, < 0.4 structurally wrong).` : '',
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

function splitSection(split: NonNullable<ProfileReport['split']>): string {
  const row = (label: string, s: SplitView) =>
    `| ${label} | ${duration(s.wallMs)} | ${Number.isNaN(s.cpuMs) ? 'not measured' : `${duration(s.cpuMs)} (${percent(s.cpuShare)})`} | ${Number.isNaN(s.gpuMs) ? 'not measured' : `${duration(s.gpuMs)} (${percent(s.gpuShare)})${s.gpuTimeKind === 'sum' ? '†' : ''}`} | ${s.collectiveMs > 0 ? duration(s.collectiveMs) : '—'} | ${Number.isNaN(s.idleMs) ? '—' : duration(s.idleMs)} | **${s.verdict}** |`;
  const sides = [...(split.base ? [['baseline', split.base] as const] : []), ...(split.head ? [['this PR', split.head] as const] : [])];
  const shown = split.head ?? split.base!;
  const lines = [
    `**Profile: GPU, CPU or waiting?** (§6, STEP 3; ${sides.map(([l, s]) => `${l}: ${codeCell(s.file, 80)}, ${s.format}, ${s.steps} step${s.steps === 1 ? '' : 's'}`).join('; ')})`,
    '',
    '| side | wall per step | CPU | GPU | NCCL | idle | verdict |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...sides.map(([l, s]) => row(l, s)),
  ];
  if (sides.some(([, s]) => s.gpuTimeKind === 'sum')) lines.push('', '<sub>† a sum of kernel durations: an upper bound when streams overlap.</sub>');
  if (split.comparison) lines.push('', `**What moved:** ${markdownText(split.comparison.conclusion, 400)}`);
  lines.push('', ...shown.evidence.map((e) => `- ${markdownText(e, 400)}`));
  const candidates = shown.candidates.filter((c) => c.evidence !== 'absent');
  if (candidates.length && shown.verdict !== 'gpu-bound' && shown.verdict !== 'cpu-bound') {
    lines.push('', '| waiting on | evidence | time per step | what the profile shows | to confirm |', '|---|---|---:|---|---|');
    for (const c of candidates) {
      lines.push(`| ${c.cause} | ${c.evidence} | ${Number.isNaN(c.ms) ? '—' : `${duration(c.ms)} (${percent(c.share)})`} | ${markdownText(c.detail, 300)} | ${markdownText(c.nextCheck, 300)} |`);
    }
  }
  return lines.join('\n');
}

function kernelsSection(k: NonNullable<ProfileReport['kernels']>): string {
  const lines = [
    `**Kernels: which regime?** (STEP 4, Nsight Compute${k.headFile ? `: ${codeCell(k.headFile, 80)}` : ''}${k.baseFile ? ` against ${codeCell(k.baseFile, 80)}` : ''})`,
    '',
    '| kernel | time | share | regime | why | what can help |',
    '|---|---:|---:|---|---|---|',
    ...k.top.map((t) => `| ${codeCell(t.name)} | ${duration(t.ms)} | ${percent(t.share)} | ${t.regime ?? 'unknown'} | ${markdownText(t.evidence, 200)} | ${t.fixes.map((f) => markdownText(f, 120)).join('; ')} |`),
  ];
  const c = k.comparison;
  if (c) {
    lines.push('', `Kernel time ${duration(c.totalMs.base)} → ${duration(c.totalMs.head)} (${signedPercent(c.totalMs.ratio)}).`);
    const moved = c.kernels.filter((x) => x.notes.length);
    for (const x of moved.slice(0, 5)) lines.push(`- ${codeCell(x.name)}: ${x.notes.map((n) => markdownText(n, 200)).join('; ')}`);
    if (c.onlyHead.length) lines.push(`- only in this PR: ${c.onlyHead.slice(0, 5).map((x) => codeCell(x.name)).join(', ')}`);
    if (c.onlyBase.length) lines.push(`- gone since the baseline: ${c.onlyBase.slice(0, 5).map((x) => codeCell(x.name)).join(', ')}`);
  }
  return lines.join('\n');
}

/** Kernel names (long C++ signatures, the first 60 characters) and file names, in a code span. */
function codeCell(name: string, max = 60): string {
  return `\`${codeText(name, max)}\``;
}
