// The deeper measurements joined to the findings they bear on, so each conclusion shows the numbers
// that led to it: the decode bandwidth floor on decode findings, the profiled three-way split and
// the kernels that moved on findings about step or kernel time.

import type { FloorCheck } from '../diagnose/decode-floor-check';
import type { HintId } from '../config/hints';
import type { Finding } from '../diagnose/hints';
import type { Report } from './model';
import { signedPercent } from '../display/numbers';

const FLOOR_HINTS: ReadonlySet<HintId> = new Set(['decode-overhead', 'memory-bound-decode']);
const PROFILE_HINTS: ReadonlySet<HintId> = new Set([
  'decode-overhead',
  'memory-bound-decode',
  'prefill-compute',
  'measurement-gap',
]);

export function withFloorEvidence(findings: Finding[], floor: Extract<FloorCheck, { ok: true }>): Finding[] {
  return findings.map((f) =>
    FLOOR_HINTS.has(f.hint)
      ? {
          ...f,
          evidence: [
            ...f.evidence,
            {
              text: floor.sentence,
              values: {
                floorMs: floor.head.floor.floorMs,
                measuredMs: floor.head.measuredMs,
                efficiency: floor.head.efficiency?.efficiency ?? null,
                band: floor.head.efficiency?.band ?? null,
                ...(floor.base ? { baseEfficiency: floor.base.efficiency?.efficiency ?? null } : {}),
              },
            },
          ],
          // The floor is computed: the next check is what its band says, no longer to compute it.
          nextCheck: floor.head.efficiency
            ? `${floor.head.efficiency.advice}; the three-way split of a decode step (--profile) says where the rest goes`
            : f.nextCheck,
        }
      : f,
  );
}

export function withProfileEvidence(report: Report): Report {
  const profiles = report.profiles;
  if (!profiles) return report;
  const lines: Finding['evidence'] = [];
  const split = profiles.split;
  if (split?.comparison) {
    lines.push({
      text: `profiled step: ${split.comparison.conclusion}`,
      values: {
        base: split.comparison.verdict.base,
        head: split.comparison.verdict.head,
        change: split.comparison.change,
      },
    });
  } else if (split?.head)
    lines.push({
      text: `profiled step (head): ${split.head.verdict}, ${split.head.evidence[0] ?? ''}`.trim(),
      values: { head: split.head.verdict },
    });
  // The kernel family that moved most, when kernel time moved (names compare poorly across template changes).
  const family = split?.kernels?.families.find((f) => Math.abs(f.ratio) >= 0.05);
  if (family && split?.kernels && Math.abs(split.kernels.total.ratio) >= 0.05) {
    lines.push({
      text: `kernel time per step ${signedPercent(split.kernels.total.ratio)}; most in ${family.name.slice(0, 80)} (${signedPercent(family.ratio)})`,
      values: { kernelRatio: split.kernels.total.ratio, familyRatio: family.ratio },
    });
  }
  const moved = profiles.kernels?.comparison?.kernels.filter((k) => k.notes.length).slice(0, 2) ?? [];
  for (const k of moved) lines.push({ text: `kernel ${k.name.slice(0, 80)}: ${k.notes.join('; ')}` });
  if (lines.length === 0) return report;
  return {
    ...report,
    benchmarks: report.benchmarks.map((b) => ({
      ...b,
      findings: b.findings.map((f) => (PROFILE_HINTS.has(f.hint) ? { ...f, evidence: [...f.evidence, ...lines] } : f)),
    })),
  };
}
