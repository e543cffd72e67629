// Which Nsight Compute metrics answer §1 STEP 4–5, under the names each CSV layout uses:
// `--page raw` (and `--metrics`) use metric names (sm__throughput.avg.pct_of_peak_sustained_elapsed),
// `--page details` the section labels ("Compute (SM) Throughput" in "GPU Speed Of Light
// Throughput"). Older ncu (2019–2020) labelled SOL values "SM [%]" and "Memory [%]".

export type MetricKey =
  | 'duration'
  | 'sm'
  | 'dram'
  | 'memory'
  | 'occupancy'
  | 'theoreticalOccupancy'
  | 'sectors'
  | 'requests'
  | 'sectorsPerRequest'
  | 'registers';

const NAMES: Record<MetricKey, readonly string[]> = {
  duration: ['gpu__time_duration.sum', 'Duration'],
  sm: ['sm__throughput.avg.pct_of_peak_sustained_elapsed', 'Compute (SM) Throughput', 'SM [%]', 'Compute (SM) [%]'],
  dram: ['dram__throughput.avg.pct_of_peak_sustained_elapsed', 'gpu__dram_throughput.avg.pct_of_peak_sustained_elapsed', 'DRAM Throughput', 'DRAM [%]'],
  // The max of DRAM, L1 and L2 throughput: used for the regime only when DRAM is missing.
  memory: ['gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed', 'Memory Throughput', 'Memory [%]'],
  occupancy: ['sm__warps_active.avg.pct_of_peak_sustained_active', 'Achieved Occupancy'],
  theoreticalOccupancy: ['sm__maximum_warps_per_active_cycle_pct', 'Theoretical Occupancy'],
  sectors: ['l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum'],
  requests: ['l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum'],
  sectorsPerRequest: ['l1tex__average_t_sectors_per_request_pipe_lsu_mem_global_op_ld.ratio'],
  registers: ['launch__registers_per_thread', 'Registers Per Thread'],
};

const BY_NAME = new Map<string, MetricKey>();
for (const [key, names] of Object.entries(NAMES) as [MetricKey, readonly string[]][]) for (const n of names) BY_NAME.set(n, key);

export function metricKey(name: string): MetricKey | undefined {
  return BY_NAME.get(name.trim());
}

/** Percent metrics must carry "%" (or no unit, in raw mode): "Memory Throughput" was GB/s in old ncu. */
export function isPercentMetric(key: MetricKey): boolean {
  return key === 'sm' || key === 'dram' || key === 'memory' || key === 'occupancy' || key === 'theoreticalOccupancy';
}

/**
 * Stall-reason metrics, by family, best first: cycles per issued instruction per reason
 * (smsp__average_warps_issue_stalled_<reason>_per_issue_active.ratio, the Warp State chart), PC
 * sampling counts (smsp__pcsamp_warps_issue_stalled_<reason>), percent of active warps
 * (smsp__warp_issue_stalled_<reason>_per_warp_active.pct). "selected" is an issuing warp, not a stall.
 */
const STALL_FAMILIES: readonly RegExp[] = [
  /^smsp__average_warps?_(?:latency_)?issue_stalled_([a-z_]+?)_per_issue_active\.ratio$/,
  /^smsp__pcsamp_warps_issue_stalled_([a-z_]+?)$/,
  /^smsp__warp_issue_stalled_([a-z_]+?)_per_warp_active\.pct$/,
];

/** { family, reason } for a stall metric, or undefined. */
export function stallMetric(name: string): { family: number; reason: string } | undefined {
  const n = name.trim();
  if (n.endsWith('_not_issued')) return undefined;
  for (let family = 0; family < STALL_FAMILIES.length; family++) {
    const m = STALL_FAMILIES[family].exec(n);
    if (m && m[1] !== 'selected') return { family, reason: m[1] };
  }
  return undefined;
}
