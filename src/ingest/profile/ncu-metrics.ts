// Which Nsight Compute metrics answer §1 STEP 4–5, under the names each CSV layout uses:
// `--page raw` (and `--metrics`) use metric names (sm__throughput.avg.pct_of_peak_sustained_elapsed),
// `--page details` the section labels ("Compute (SM) Throughput" in "GPU Speed Of Light
// Throughput"). Older ncu (2019–2020) labelled SOL values "SM [%]" and "Memory [%]". When a launch
// has a metric under several names, the earlier name in the list wins (its rank): the SOL section's
// "Duration" and a `--metrics gpu__time_duration.sum` row are the same number, but
// sm__cycles_elapsed.avg and gpc__cycles_elapsed.max are not.

export type MetricKey =
  | 'duration'
  | 'cycles'
  | 'cyclesPerSecond'
  | 'sm'
  | 'dram'
  | 'l1'
  | 'l2'
  | 'memory'
  | 'occupancy'
  | 'theoreticalOccupancy'
  | 'issueActive'
  | 'waves'
  | 'sectors'
  | 'requests'
  | 'sectorsPerRequest'
  | 'registers';

const NAMES: Record<MetricKey, readonly string[]> = {
  duration: ['gpu__time_duration.sum', 'Duration'],
  // Duration when gpu__time_duration was not collected: cycles / cycles per second, each pair as ncu defines it.
  cycles: ['sm__cycles_elapsed.avg', 'gpc__cycles_elapsed.max', 'Elapsed Cycles'],
  cyclesPerSecond: ['sm__cycles_elapsed.avg.per_second', 'gpc__cycles_elapsed.avg.per_second', 'SM Frequency'],
  sm: ['sm__throughput.avg.pct_of_peak_sustained_elapsed', 'Compute (SM) Throughput', 'SM [%]', 'Compute (SM) [%]'],
  dram: [
    'dram__throughput.avg.pct_of_peak_sustained_elapsed',
    'gpu__dram_throughput.avg.pct_of_peak_sustained_elapsed',
    'DRAM Throughput',
    'DRAM [%]',
  ],
  l1: ['l1tex__throughput.avg.pct_of_peak_sustained_elapsed', 'L1/TEX Cache Throughput'],
  l2: ['lts__throughput.avg.pct_of_peak_sustained_elapsed', 'L2 Cache Throughput'],
  // The busiest memory unit (DRAM, L1/TEX, L2, …): what ncu's SOLBottleneck rule compares with SM.
  memory: ['gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed', 'Memory Throughput', 'Memory [%]'],
  occupancy: ['sm__warps_active.avg.pct_of_peak_sustained_active', 'Achieved Occupancy'],
  theoreticalOccupancy: ['sm__maximum_warps_per_active_cycle_pct', 'Theoretical Occupancy'],
  // Cycles in which a scheduler issued an instruction (Scheduler Statistics "One or More Eligible").
  issueActive: [
    'smsp__issue_active.avg.pct_of_peak_sustained_active',
    'One or More Eligible',
    'sm__inst_issued.avg.pct_of_peak_sustained_active',
    'Issue Slots Busy',
  ],
  waves: ['launch__waves_per_multiprocessor', 'Waves Per SM'],
  sectors: ['l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum'],
  requests: ['l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum'],
  sectorsPerRequest: ['l1tex__average_t_sectors_per_request_pipe_lsu_mem_global_op_ld.ratio'],
  registers: ['launch__registers_per_thread', 'Registers Per Thread'],
};

const BY_NAME = new Map<string, { key: MetricKey; rank: number }>();
for (const [key, names] of Object.entries(NAMES) as [MetricKey, readonly string[]][])
  names.forEach((n, rank) => BY_NAME.set(n, { key, rank }));

export function metricKey(name: string): { key: MetricKey; rank: number } | undefined {
  return BY_NAME.get(name.trim());
}

/** The names a key is read from, for messages that say what is missing. */
export function metricNames(key: MetricKey): readonly string[] {
  return NAMES[key];
}

/** Percent metrics must carry "%" (or no unit, in raw mode): "Memory Throughput" is GB/s in the Memory Workload Analysis section. */
export function isPercentMetric(key: MetricKey): boolean {
  return (
    key === 'sm' ||
    key === 'dram' ||
    key === 'l1' ||
    key === 'l2' ||
    key === 'memory' ||
    key === 'occupancy' ||
    key === 'theoreticalOccupancy' ||
    key === 'issueActive'
  );
}

/** Cycles per second for a frequency unit ncu prints: "cycle/second", "cycle/nsecond", "Ghz", "MHz". */
export function perSecondScale(unit: string): number | undefined {
  const u = unit.trim().toLowerCase().replace(/\s+/g, '');
  if (u === '' || u === 'cycle/second' || u === 'cycle/s' || u === 'hz') return 1;
  const per = /^cycle\/(n|u|µ|μ|m)?s(?:econd)?$/.exec(u);
  if (per) return { n: 1e9, u: 1e6, µ: 1e6, μ: 1e6, m: 1e3 }[per[1] as 'n' | 'u' | 'µ' | 'μ' | 'm'];
  const hz = /^(k|m|g)hz$/.exec(u);
  if (hz) return { k: 1e3, m: 1e6, g: 1e9 }[hz[1] as 'k' | 'm' | 'g'];
  return undefined;
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
