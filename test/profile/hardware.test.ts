// The GPU table lookup behind the §5 decode floor: names as nvidia-smi and people write them, with
// vendor prefixes, spaces, dashes and underscores; a name that fits several rows is refused (the
// floor would differ by up to 2×), and an unknown one says how to give the bandwidth instead.

import { describe, expect, it } from 'vitest';
import { lookupGpu } from '../../src/diagnose/profile/hardware';

const found = (name: string) => {
  const r = lookupGpu(name);
  return r.ok ? `${r.gpu.name} ${r.gpu.bandwidthGBs}` : r.message;
};

describe('lookupGpu', () => {
  it('ignores case, spaces, dashes and underscores, in runs', () => {
    expect(found('a100_sxm4_80gb')).toBe('A100 80GB SXM 2039');
    expect(found('NVIDIA  A100 -- SXM4 __ 80GB')).toBe('A100 80GB SXM 2039');
    expect(found('h200')).toBe('H200 4800');
    expect(found('NVIDIA-H200-NVL')).toBe('H200 4800');
  });

  it('refuses a bare family name after any vendor prefix, naming the rows it could be', () => {
    const amb = 'is ambiguous: say which of H100 SXM, H100 PCIe, or give bandwidthGBs';
    expect(found('H100')).toBe(`GPU "H100" ${amb}`);
    expect(found('NVIDIA H100')).toBe(`GPU "NVIDIA H100" ${amb}`);
    expect(found('Tesla A100')).toBe(
      'GPU "Tesla A100" is ambiguous: say which of A100 80GB SXM, A100 80GB PCIe, A100 40GB, or give bandwidthGBs',
    );
    expect(found('A100 80GB')).toBe(
      'GPU "A100 80GB" is ambiguous: say which of A100 80GB SXM, A100 80GB PCIe, or give bandwidthGBs',
    );
  });

  it('a vendor prefix only counts at the start', () => {
    // "h100nvidia" is not "nvidia h100": no row and no ambiguity, so it is unknown.
    expect(found('H100 NVIDIA')).toMatch(/^GPU "H100 NVIDIA" is not in the table/);
  });

  it('refuses a name that fits two rows', () => {
    expect(found('H100 SXM / H200')).toBe(
      'GPU "H100 SXM / H200" matches H100 SXM and H200: give the exact model or bandwidthGBs',
    );
  });

  it('lists the table for an unknown name, and an object key is no GPU', () => {
    const known =
      'H100 SXM, H100 PCIe, H200, A100 80GB SXM, A100 80GB PCIe, A100 40GB, L40S, L4, A10G, RTX 4090, MI300X, B200';
    expect(found('TPU v5e')).toBe(
      `GPU "TPU v5e" is not in the table (${known}): give its memory bandwidth as bandwidthGBs`,
    );
    expect(found('constructor')).toMatch(/^GPU "constructor" is not in the table/);
  });
});
