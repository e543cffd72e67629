// §6: "both ≪ wall_clock → WAITING. On what? a lock (py-spy dump shows it), an implicit sync
// (.item()), the network, a collective (NCCL)". Each candidate says whether the profile shows it,
// with the numbers, and the check that would confirm it. Evidence is "present" when the step spends
// at least PRESENT_SHARE of its wall clock in it: enough to matter, and more than the one sync at
// the end of every decode step (reading the sampled tokens) normally costs.

import { duration, grouped, percent } from '../format/numbers';
import type { StepTotals, WaitSignals } from './types';

export const PRESENT_SHARE = 0.1;

export type WaitCause = 'lock' | 'implicit-sync' | 'network' | 'collective' | 'host-gap';

export interface WaitCandidate {
  cause: WaitCause;
  evidence: 'present' | 'absent' | 'not-measured';
  /** Time per step in it (NaN when not measured). */
  ms: number;
  /** Of the wall clock. */
  share: number;
  detail: string;
  nextCheck: string;
}

const NEXT_CHECK: Record<WaitCause, string> = {
  lock: 'py-spy dump --pid <pid> during a slow step: the thread parked in acquire()/pthread_mutex_lock shows which lock (py-spy dump shows it); py-spy record --idle for how often.',
  'implicit-sync':
    "torch.cuda.set_sync_debug_mode('warn') prints the stack of every implicit sync: look for .item(), .tolist(), .cpu(), printing a tensor, or indexing with a boolean mask inside the step.",
  network:
    'Off-CPU profile of the step (offcputime-bpfcc -p <pid>, or strace -f -T -e trace=network -p <pid>): which socket or selector it blocks on; compare with the peer (API server, tokenizer service) timings.',
  collective:
    'Profile every rank: a rank whose collective is short while the others are long is the straggler they wait for (slow GPU, CPU-bound rank, uneven batch); NCCL_DEBUG=INFO shows the algorithm and transport.',
  'host-gap':
    'Profile with with_stack=True (python_function events) or py-spy record --idle: Python work between ops (CPU-bound) and blocking outside CUDA calls (waiting) look the same without it.',
};

export function waitCandidates(step: StepTotals, s: WaitSignals): WaitCandidate[] {
  const wall = step.wallMs;
  const make = (cause: WaitCause, ms: number, measured: boolean, detail: string): WaitCandidate => {
    const share = wall > 0 ? ms / wall : NaN;
    const evidence = !measured || Number.isNaN(ms) ? 'not-measured' : share >= PRESENT_SHARE ? 'present' : 'absent';
    // Summaries add up every thread: more waiting than the step lasts means other threads are in it.
    const more = evidence === 'present' && share > 1 ? ' More than the step itself: several threads\' waits add up, so this thread may not be the step\'s.' : '';
    return { cause, evidence, ms: measured ? ms : NaN, share: measured ? share : NaN, detail: detail + more, nextCheck: NEXT_CHECK[cause] };
  };
  // Counts are means over steps: whole when every step had the same number.
  const n = (x: number) => (Number.isNaN(x) ? '?' : Number.isInteger(x) ? grouped(x) : grouped(x, 1));
  const time = (ms: number) => (Number.isNaN(ms) ? 'unknown time' : duration(ms));
  const out: WaitCandidate[] = [];

  out.push(make('lock', s.lockMs, s.measured.blocking, s.measured.blocking
    ? `${n(s.lockCalls)} lock or condition wait(s) per step, ${time(s.lockMs)}.`
    : 'Lock waits not recorded (needs Python frames in a trace, or osrt_sum from nsys).'));

  const item = Number.isNaN(s.itemCalls) ? '' : `, ${n(s.itemCalls)} scalar read(s) (.item())`;
  const stalls = Number.isNaN(s.itemStalls) ? '' : `, ${n(s.itemStalls)} device-to-host copy(ies) the host sat waiting for`;
  const copies = Number.isNaN(s.d2hCopies) ? '' : `, ${n(s.d2hCopies)} device-to-host copy(ies)`;
  out.push(make('implicit-sync', s.syncMs, s.measured.cudaApi, s.measured.cudaApi
    ? `${n(s.syncCalls)} blocking sync call(s) per step, ${time(s.syncMs)} blocked${item}${copies}${stalls}.`
    : 'CUDA runtime calls not recorded.'));

  out.push(make('network', s.networkMs, s.measured.blocking, s.measured.blocking
    ? `${n(s.networkCalls)} socket or poll wait(s) per step, ${time(s.networkMs)}.`
    : 'Socket waits not recorded (needs Python frames in a trace, or osrt_sum from nsys).'));

  out.push(make('collective', s.collectiveMs, s.measured.kernels, s.measured.kernels
    ? `${n(s.collectiveCalls)} NCCL kernel(s) per step, ${time(s.collectiveMs)} on the GPU waiting for peers or moving data.`
    : 'GPU kernels not recorded.'));

  // Only meaningful when Python frames were not recorded: with them, the gap is covered.
  if (!s.measured.blocking || !Number.isNaN(step.hostGapMs)) {
    out.push(make('host-gap', step.hostGapMs, !Number.isNaN(step.hostGapMs), !Number.isNaN(step.hostGapMs)
      ? `${duration(step.hostGapMs)} per step on the main thread inside no recorded op${wall > 0 ? ` (${percent(step.hostGapMs / wall)})` : ''}: Python between ops, or a blocking call the profiler does not record.`
      : 'Main-thread time outside ops not measurable from this export.'));
  }

  const rank = { present: 0, absent: 1, 'not-measured': 2 } as const;
  return out.sort((a, b) => rank[a.evidence] - rank[b.evidence] || (b.ms || 0) - (a.ms || 0));
}
