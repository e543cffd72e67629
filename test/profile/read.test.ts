// Every profile fixture is recognised as what it is, and anything else is refused with the reason.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectProfile, readProfile } from '../../src/profile/read';
import { textSource } from '../../src/ingest/source';
import { InputError } from '../../src/ingest/errors';

const EXPECTED: Record<string, string> = {
  'key_averages_base.synthetic.json': 'torch-key-averages',
  'key_averages_head.synthetic.csv': 'torch-key-averages',
  'kineto_before_fix_trace.real.json': 'torch-chrome-trace',
  'ncu_decode_base.synthetic.csv': 'ncu',
  'ncu_decode_head.synthetic.csv': 'ncu',
  'ncu_decode_raw.synthetic.csv': 'ncu',
  'ncu_details_b200_cublaslt.real.csv': 'ncu',
  'nsys_cuda_gpu_kern_sum.synthetic.csv': 'nsys-stats',
  'nsys_tp_rank1_stats.synthetic.csv': 'nsys-stats',
  'trace_cpu_bound.synthetic.json': 'torch-chrome-trace',
  'trace_gpu_bound.synthetic.json': 'torch-chrome-trace',
  'trace_waiting_lock.synthetic.json': 'torch-chrome-trace',
};

describe('profile detection', () => {
  it('covers every fixture', () => {
    expect(readdirSync('test/fixtures/profile').filter((f) => /\.(json|csv)$/.test(f)).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [file, kind] of Object.entries(EXPECTED)) {
    it(`${file} is ${kind}, and reads`, async () => {
      const text = readFileSync(`test/fixtures/profile/${file}`, 'utf8');
      expect(detectProfile(text.slice(0, 4096))).toBe(kind);
      const read = await readProfile(textSource(file, text));
      expect(read.kind).toBe(kind === 'ncu' ? 'kernels' : 'split');
    });
  }

  it('refuses benchmark results and empty files', async () => {
    for (const text of ['{"request_id": "a", "ttft_ms": 3}\n', '', 'a,b\n1,2\n']) {
      const error = await readProfile(textSource('x', text)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InputError);
      expect((error as Error).message).toMatch(/^x: not a profiler export perf-triage reads/);
    }
  });
});
