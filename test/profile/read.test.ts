// Every profile fixture is recognised as what it is, and anything else is refused with the reason.
import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { detectProfile, readProfile } from '../../src/ingest/profile/read';
import { textSource } from '../../src/ingest/source';
import { InputError } from '../../src/ingest/errors';

const EXPECTED: Record<string, string> = {
  'key_averages_base.synthetic.json': 'torch-key-averages',
  'key_averages_head.synthetic.csv': 'torch-key-averages',
  'kineto_alexnet_inference.real.json.gz': 'torch-chrome-trace',
  'kineto_before_fix_trace.real.json': 'torch-chrome-trace',
  'kineto_ddp_rank0_step4.real.json.gz': 'torch-chrome-trace',
  'kineto_event_sync.real.json.gz': 'torch-chrome-trace',
  'kineto_resnet50_workers0_step6.real.json.gz': 'torch-chrome-trace',
  'kineto_resnet50_workers4_step6.real.json.gz': 'torch-chrome-trace',
  'ncu_decode_base.synthetic.csv': 'ncu',
  'ncu_decode_head.synthetic.csv': 'ncu',
  'ncu_decode_raw.synthetic.csv': 'ncu',
  'ncu_details_b200_cublaslt.real.csv': 'ncu',
  'ncu_gpt2_attention_kerneltime_2023.real.csv': 'ncu',
  'ncu_ocr_rtx5090_launchskip1.real.csv': 'ncu',
  'ncu_ocr_rtx5090_launchskip50.real.csv': 'ncu',
  'ncu_sgemm_kerneltime_2022.real.csv': 'ncu',
  'nsys_cuda_gpu_kern_sum.synthetic.csv': 'nsys-stats',
  'nsys_llamacpp_ptq1_base.stats.csv_cuda_api_sum.real.csv': 'nsys-stats',
  'nsys_llamacpp_ptq1_base.stats.csv_cuda_gpu_kern_sum.real.csv': 'nsys-stats',
  'nsys_llamacpp_ptq1_rows1.stats.csv_cuda_api_sum.real.csv': 'nsys-stats',
  'nsys_llamacpp_ptq1_rows1.stats.csv_cuda_gpu_kern_sum.real.csv': 'nsys-stats',
  'nsys_tp_rank1_stats.synthetic.csv': 'nsys-stats',
  'trace_cpu_bound.synthetic.json': 'torch-chrome-trace',
  'trace_gpu_bound.synthetic.json': 'torch-chrome-trace',
  'trace_waiting_lock.synthetic.json': 'torch-chrome-trace',
};

describe('profile detection', () => {
  it('covers every fixture', () => {
    expect(
      readdirSync('test/fixtures/profile')
        .filter((f) => /\.(json|csv)(\.gz)?$/.test(f))
        .sort(),
    ).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [file, kind] of Object.entries(EXPECTED)) {
    it(`${file} is ${kind}, and reads`, async () => {
      // Gzipped fixtures are read as the file layer hands them over: decompressed.
      const bytes = readFileSync(`test/fixtures/profile/${file}`);
      const text = (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
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
