// Peak memory bandwidth of common inference GPUs, the denominator of the §5 decode floor.
// Values are the vendors' datasheet figures (decimal GB/s). They were checked in this environment
// only against secondary sources that quote the datasheets (GPU comparison tables, 2025–2026);
// entries marked `confirmed: false` were not seen there and rest on the datasheet as remembered.
// Achievable bandwidth is lower (typically 80–90% of peak), which is why efficiency near 0.8–0.9
// already means "at the physical limit".

export interface GpuSpec {
  name: string;
  bandwidthGBs: number;
  /** Where the number comes from. */
  source: string;
  /** Whether the value was cross-checked against a source seen while writing this table. */
  confirmed: boolean;
  /** Matched against the lower-cased name with spaces, dashes and underscores removed. */
  match: RegExp;
}

export const GPUS: readonly GpuSpec[] = [
  {
    name: 'H100 SXM',
    bandwidthGBs: 3350,
    source: 'NVIDIA H100 datasheet: H100 SXM 80 GB HBM3, 3.35 TB/s',
    confirmed: true,
    match: /h100sxm|h10080gbhbm3$/,
  },
  {
    name: 'H100 PCIe',
    bandwidthGBs: 2000,
    source: 'NVIDIA H100 datasheet: H100 PCIe 80 GB HBM2e, 2 TB/s',
    confirmed: false,
    match: /h100pcie/,
  },
  {
    name: 'H200',
    bandwidthGBs: 4800,
    source: 'NVIDIA H200 datasheet: 141 GB HBM3e, 4.8 TB/s (SXM and NVL)',
    confirmed: true,
    match: /h200/,
  },
  {
    name: 'A100 80GB SXM',
    bandwidthGBs: 2039,
    source: 'NVIDIA A100 datasheet: A100 80 GB SXM, 2,039 GB/s',
    confirmed: true,
    match: /a100sxm4?80gb|a10080gbsxm/,
  },
  {
    name: 'A100 80GB PCIe',
    bandwidthGBs: 1935,
    source: 'NVIDIA A100 datasheet: A100 80 GB PCIe, 1,935 GB/s',
    confirmed: false,
    match: /a100pcie80gb|a10080gbpcie/,
  },
  {
    name: 'A100 40GB',
    bandwidthGBs: 1555,
    source: 'NVIDIA A100 datasheet: A100 40 GB (SXM and PCIe), 1,555 GB/s',
    confirmed: false,
    match: /a100(?:sxm4?|pcie)?40gb|a10040gb/,
  },
  {
    name: 'L40S',
    bandwidthGBs: 864,
    source: 'NVIDIA L40S datasheet: 48 GB GDDR6, 864 GB/s',
    confirmed: true,
    match: /l40s/,
  },
  {
    name: 'L4',
    bandwidthGBs: 300,
    source: 'NVIDIA L4 datasheet: 24 GB GDDR6, 300 GB/s',
    confirmed: true,
    match: /^(?:nvidia)?l4$/,
  },
  {
    name: 'A10G',
    bandwidthGBs: 600,
    source: 'AWS G5 / NVIDIA A10: 24 GB GDDR6, 600 GB/s',
    confirmed: true,
    match: /a10g/,
  },
  {
    name: 'RTX 4090',
    bandwidthGBs: 1008,
    source: 'NVIDIA GeForce RTX 4090: 24 GB GDDR6X, 21 Gbps × 384-bit = 1,008 GB/s',
    confirmed: true,
    match: /rtx4090|geforce4090/,
  },
  {
    name: 'MI300X',
    bandwidthGBs: 5300,
    source: 'AMD Instinct MI300X datasheet: 192 GB HBM3, 5.3 TB/s',
    confirmed: true,
    match: /mi300x/,
  },
  // DGX B200 lists 64 TB/s for 8 GPUs; some B200 SKUs are quoted at 7.7 TB/s. Not confirmed.
  {
    name: 'B200',
    bandwidthGBs: 8000,
    source: 'NVIDIA DGX B200: 64 TB/s HBM3e over 8 GPUs (≈ 8 TB/s each); not confirmed against a per-GPU datasheet',
    confirmed: false,
    match: /b200/,
  },
];

/** Names that fit several rows: refused rather than guessed. */
const AMBIGUOUS: Record<string, string[]> = {
  h100: ['H100 SXM', 'H100 PCIe'],
  a100: ['A100 80GB SXM', 'A100 80GB PCIe', 'A100 40GB'],
  a10080gb: ['A100 80GB SXM', 'A100 80GB PCIe'],
};

export type GpuLookup = { ok: true; gpu: GpuSpec } | { ok: false; message: string };

/** Finds a GPU by a name as people and nvidia-smi write it ("NVIDIA H100 80GB HBM3", "A100-SXM4-80GB"). */
export function lookupGpu(name: string): GpuLookup {
  const key = name.toLowerCase().replace(/[\s_-]+/g, '');
  const bare = key.replace(/^(?:nvidia|amd|amdinstinct|instinct|tesla)/, '');
  if (Object.hasOwn(AMBIGUOUS, bare)) {
    return {
      ok: false,
      message: `GPU "${name}" is ambiguous: say which of ${AMBIGUOUS[bare].join(', ')}, or give bandwidthGBs`,
    };
  }
  const hits = GPUS.filter((g) => g.match.test(key));
  if (hits.length === 1) return { ok: true, gpu: hits[0] };
  const known = GPUS.map((g) => g.name).join(', ');
  if (hits.length > 1)
    return {
      ok: false,
      message: `GPU "${name}" matches ${hits.map((g) => g.name).join(' and ')}: give the exact model or bandwidthGBs`,
    };
  return {
    ok: false,
    message: `GPU "${name}" is not in the table (${known}): give its memory bandwidth as bandwidthGBs`,
  };
}
