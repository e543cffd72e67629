// §6: "both ≪ wall_clock → WAITING. On what? a lock (py-spy dump shows it), an implicit sync
// (.item()), the network, a collective (NCCL)". Each candidate says whether the profile shows it,
// with the numbers, and the check that would confirm it — worded for the engine that wrote the
// profile (torch.cuda.set_sync_debug_mode helps a PyTorch program, not llama.cpp). Evidence is
// "present" when the step spends at least PRESENT_SHARE of its wall clock in it: enough to matter,
// and more than the one sync at the end of every decode step (reading the sampled tokens) normally
// costs; "measured" when the profile shows time in it but the wall clock is unknown, so its share
// is too.

import { duration, grouped, percent } from '../../display/numbers';
import type { Engine, StepTotals, WaitSignals } from '../../model/profile';

export const PRESENT_SHARE = 0.1;

export type WaitCause = 'lock' | 'implicit-sync' | 'network' | 'collective' | 'host-gap';

export interface WaitCandidate {
  cause: WaitCause;
  evidence: 'present' | 'measured' | 'absent' | 'not-measured';
  /** Time per step in it (NaN when not measured). */
  ms: number;
  /** Of the wall clock. */
  share: number;
  detail: string;
  nextCheck: string;
}

const NEXT_CHECK: Record<Engine, Record<WaitCause, string>> = {
  pytorch: {
    lock: 'py-spy dump --pid <pid> during a slow step: the thread parked in acquire()/pthread_mutex_lock shows which lock (py-spy dump shows it); py-spy record --idle for how often.',
    'implicit-sync':
      "torch.cuda.set_sync_debug_mode('warn') prints the stack of every implicit sync: look for .item(), .tolist(), .cpu(), printing a tensor, or indexing with a boolean mask inside the step.",
    network:
      'Off-CPU profile of the step (offcputime-bpfcc -p <pid>, or strace -f -T -e trace=network -p <pid>): which socket or selector it blocks on; compare with the peer (API server, tokenizer service) timings.',
    collective:
      'Profile every rank: a rank whose collective is short while the others are long is the straggler they wait for (slow GPU, CPU-bound rank, uneven batch); NCCL_DEBUG=INFO shows the algorithm and transport.',
    'host-gap':
      'Profile with with_stack=True (python_function events) or py-spy record --idle: Python work between ops (CPU-bound) and blocking outside CUDA calls (waiting) look the same without it.',
  },
  native: {
    lock: 'A thread dump during a slow step (gdb -p <pid> -batch -ex "thread apply all bt", or eu-stack -p <pid>) shows which mutex or condition variable the step thread waits on; nsys profile --trace=osrt --backtrace=dwarf records the stacks of the waits.',
    'implicit-sync':
      'nsys profile --cudabacktrace=sync records the host stack of every blocking CUDA call: look for a cudaStreamSynchronize or cudaMemcpy per token or per layer that an async copy and an event could replace.',
    network:
      'Off-CPU profile of the step (offcputime-bpfcc -p <pid>, or strace -f -T -e trace=network -p <pid>): which socket or poll it blocks on; compare with the peer (client, scheduler) timings.',
    collective:
      'Profile every rank: a rank whose collective is short while the others are long is the straggler they wait for (slow GPU, CPU-bound rank, uneven batch); NCCL_DEBUG=INFO shows the algorithm and transport.',
    'host-gap':
      'Sample the host (perf record -g -p <pid>, or nsys profile --sample=cpu): the time between GPU launches is host code the profile does not name.',
  },
};

export function waitCandidates(step: StepTotals, s: WaitSignals, engine: Engine = 'pytorch'): WaitCandidate[] {
  const wall = step.wallMs;
  const make = (cause: WaitCause, ms: number, measured: boolean, detail: string): WaitCandidate => {
    const share = wall > 0 ? ms / wall : NaN;
    // Without the wall clock the share is unknown: time seen is "measured", never "absent".
    const evidence =
      !measured || Number.isNaN(ms)
        ? 'not-measured'
        : Number.isNaN(share)
          ? ms > 0
            ? 'measured'
            : 'absent'
          : share >= PRESENT_SHARE
            ? 'present'
            : 'absent';
    // Summaries add up every thread: more waiting than the step lasts means other threads are in it.
    const more =
      evidence === 'present' && share > 1
        ? " More than the step itself: several threads' waits add up, so this thread may not be the step's."
        : '';
    return {
      cause,
      evidence,
      ms: measured ? ms : NaN,
      share: measured ? share : NaN,
      detail: detail + more,
      nextCheck: NEXT_CHECK[engine][cause],
    };
  };
  // Counts are means over steps: whole when every step had the same number.
  const n = (x: number) => (Number.isNaN(x) ? '?' : Number.isInteger(x) ? grouped(x) : grouped(x, 1));
  const time = (ms: number) => (Number.isNaN(ms) ? 'unknown time' : duration(ms));
  // A summary without step marks or a step count holds one "step": the whole capture.
  const per = step.label === 'all' ? 'in the capture' : 'per step';
  const out: WaitCandidate[] = [];

  out.push(
    make(
      'lock',
      s.lockMs,
      s.measured.blocking,
      s.measured.blocking
        ? `${n(s.lockCalls)} lock or condition wait(s) ${per}, ${time(s.lockMs)}.`
        : 'Lock waits not recorded (needs Python frames in a trace, or osrt_sum from nsys).',
    ),
  );

  const item = Number.isNaN(s.itemCalls) ? '' : `, ${n(s.itemCalls)} scalar read(s) (.item())`;
  const stalls = Number.isNaN(s.itemStalls)
    ? ''
    : `, ${n(s.itemStalls)} device-to-host copy(ies) the host sat waiting for`;
  const copies = Number.isNaN(s.d2hCopies) ? '' : `, ${n(s.d2hCopies)} device-to-host copy(ies)`;
  out.push(
    make(
      'implicit-sync',
      s.syncMs,
      s.measured.cudaApi,
      s.measured.cudaApi
        ? `${n(s.syncCalls)} blocking sync call(s) ${per}, ${time(s.syncMs)} blocked${item}${copies}${stalls}.`
        : 'CUDA runtime calls not recorded.',
    ),
  );

  out.push(
    make(
      'network',
      s.networkMs,
      s.measured.blocking,
      s.measured.blocking
        ? `${n(s.networkCalls)} socket or poll wait(s) ${per}, ${time(s.networkMs)}.`
        : 'Socket waits not recorded (needs Python frames in a trace, or osrt_sum from nsys).',
    ),
  );

  out.push(
    make(
      'collective',
      s.collectiveMs,
      s.measured.kernels,
      s.measured.kernels
        ? `${n(s.collectiveCalls)} communication kernel(s) ${per}, ${time(s.collectiveMs)} on the GPU waiting for peers or moving data.`
        : 'GPU kernels not recorded.',
    ),
  );

  // Only where the export measures it (traces, key_averages with step rows).
  if (!Number.isNaN(step.hostGapMs)) {
    out.push(
      make(
        'host-gap',
        step.hostGapMs,
        !Number.isNaN(step.hostGapMs),
        !Number.isNaN(step.hostGapMs)
          ? `${duration(step.hostGapMs)} ${per} with no host thread inside a recorded op${wall > 0 ? ` (${percent(step.hostGapMs / wall)})` : ''}: Python between ops, or a blocking call the profiler does not record.`
          : 'Host time outside ops not measurable from this export.',
      ),
    );
  }

  const rank = { present: 0, measured: 1, absent: 2, 'not-measured': 3 } as const;
  return out.sort((a, b) => rank[a.evidence] - rank[b.evidence] || (b.ms || 0) - (a.ms || 0));
}
