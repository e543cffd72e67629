// The §10 exercise helpers: `perf-triage amdahl`, `split` and `floor`.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run';

async function cli(args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd: process.cwd() });
  return { code, stdout, stderr };
}

describe('perf-triage amdahl', () => {
  it('prints §7 worked example: 9% made 3× faster gains 6.4%', async () => {
    const r = await cli(['amdahl', '--share', '0.09', '--speedup', '3']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toBe(
      'gain = 1 / ((1 − 0.09) + 0.09 / 3.00) = 1.064 → 6.4% faster; the most the time can fall is 6.0%\n',
    );
  });

  it('ranks §7 two findings in the seed order: the batch-size investigation before the RMSNorm fusion', async () => {
    const r = await cli([
      'amdahl',
      '--item',
      'RMSNorm fusion: share=0.09 speedup=3 effort=2 days',
      '--item',
      'running batch 8, memory allows 60: gain=3-5 effort=hours',
    ]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[1]).toMatch(/^ {3}1 {2}200% .* 4\.00 h .*running batch 8, memory allows 60/);
    expect(lines[2]).toMatch(/^ {3}2 {2}6\.4% .* 16\.0 h .*RMSNorm fusion/);
    expect(lines[3]).toBe('→ do "running batch 8, memory allows 60" first.');
  });

  it('names what is wrong with a finding', async () => {
    expect((await cli(['amdahl', '--share', '1.5', '--speedup', '3'])).stderr).toMatch(
      /--share "1.5": expected a share between 0 and 1/,
    );
    expect((await cli(['amdahl', '--share', '0.2', '--speedup', '0.5'])).stderr).toMatch(
      /--speedup "0.5": expected a speedup of at least 1/,
    );
    expect((await cli(['amdahl', '--item', 'x: share=0.2 speedup=2'])).stderr).toMatch(/needs effort=/);
    expect((await cli(['amdahl', '--item', 'x: share=0.2 speedup=2 effort=soon'])).stderr).toMatch(
      /"soon": expected an effort/,
    );
    expect((await cli(['amdahl'])).code).toBe(2);
  });
});

describe('perf-triage split', () => {
  it('classifies a waiting step and names the lock first', async () => {
    const r = await cli(['split', 'test/fixtures/profile/trace_waiting_lock.synthetic.json']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/this PR {2}20\.0 ms {2}6\.42 ms {2}5\.51 ms {6}— {2}10\.2 ms {2}waiting/);
    expect(r.stdout.indexOf('waiting on lock')).toBeLessThan(r.stdout.indexOf('waiting on implicit-sync'));
  });

  it('compares with a baseline profile and says which side moved', async () => {
    const r = await cli([
      'split',
      'test/fixtures/profile/key_averages_head.synthetic.csv',
      '--baseline',
      'test/fixtures/profile/key_averages_base.synthetic.json',
      '--format',
      'json',
    ]);
    const json = JSON.parse(r.stdout);
    expect(json.split.comparison.verdict).toEqual({ base: 'gpu-bound', head: 'mixed', changed: true });
    expect(json.split.comparison.conclusion).toBe(
      'wall +18% (+1.80 ms per step) with GPU time 0% (flat): the CPU side grew (launch overhead? Python? data loading?) (was gpu-bound, now mixed).',
    );
    expect(json.split.comparison.change).toBe('cpu');
  });

  it('reads Nsight Compute exports as kernel regimes', async () => {
    const r = await cli([
      'split',
      'test/fixtures/profile/ncu_decode_head.synthetic.csv',
      '--baseline',
      'test/fixtures/profile/ncu_decode_base.synthetic.csv',
      '--format',
      'markdown',
    ]);
    expect(r.stdout).toContain('**Kernels: which regime?**');
    expect(r.stdout).toMatch(/paged_attention_v2_kernel.*duration \+60%.*regime memory-bound → latency-bound/);
  });

  it('takes the per-report nsys files of each side, a wall clock and step count per side, in any order', async () => {
    const dir = 'test/fixtures/profile/nsys_llamacpp_ptq1_';
    const args = (order: 1 | -1) => {
      const head = [`${dir}rows1.stats.csv_cuda_gpu_kern_sum.real.csv`, `${dir}rows1.stats.csv_cuda_api_sum.real.csv`];
      const base = [`${dir}base.stats.csv_cuda_api_sum.real.csv`, `${dir}base.stats.csv_cuda_gpu_kern_sum.real.csv`];
      return [
        'split',
        ...(order === 1 ? head : head.reverse()),
        ...base.flatMap((b) => ['--baseline', b]),
        '--steps',
        '127',
        '--baseline-steps',
        '127',
        '--wall-ms',
        '13.7',
        '--baseline-wall-ms',
        '14.2',
        '--format',
        'json',
      ];
    };
    const [a, b] = await Promise.all([cli(args(1)), cli(args(-1))]);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    const json = JSON.parse(a.stdout);
    expect(json.split.head.steps).toBe(127);
    expect([json.split.base.wallMs, json.split.head.wallMs]).toEqual([14.2, 13.7]);
    // Kernel time −4.7% and the wall −3.5%: both within noise, but the GEMV family −7.0% is shown.
    expect(json.split.comparison.change).toBe('unchanged');
    expect(json.split.kernels.families[0]).toMatchObject({ name: 'mul_mat_vec_ptq1_0_pt' });
    expect(json.notes).toEqual([]);
    const text = await cli(args(1).slice(0, -2));
    expect(text.stdout).toContain('mul_mat_vec_ptq1_0_pt: 9.87 ms → 9.18 ms (−7.0%)');
  });

  it('reads a gzipped trace and names the annotation that marks a step', async () => {
    const r = await cli([
      'split',
      'test/fixtures/profile/kineto_alexnet_inference.real.json.gz',
      '--step-range',
      '[param|pytorch.model.alex_net|0|0|0|measure|forward]',
      '--format',
      'json',
    ]);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect([json.split.head.steps, json.split.head.verdict]).toEqual([2, 'cpu-bound']);
  });

  it('refuses per-side flags without a baseline, and a step count that is not whole', async () => {
    expect(
      (await cli(['split', 'test/fixtures/profile/trace_gpu_bound.synthetic.json', '--baseline-wall-ms', '3'])).stderr,
    ).toMatch(/--baseline-wall-ms and --baseline-steps need --baseline/);
    expect(
      (await cli(['split', 'test/fixtures/profile/trace_gpu_bound.synthetic.json', '--steps', '2.5'])).stderr,
    ).toMatch(/--steps "2.5": expected a whole number of steps ≥ 1/);
  });

  it('refuses a file that is no profile, naming it', async () => {
    const r = await cli(['split', 'examples/demo/base.jsonl']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/examples\/demo\/base\.jsonl: not a profiler export perf-triage reads/);
  });
});

describe('perf-triage floor', () => {
  it('computes the decode floor by hand: Llama-3.1-8B BF16 on an H100 SXM, 32 × 1,024 tokens', async () => {
    // weights (8.03 − 0.525) B × 2 = 15.01 GB; KV 2 × 32 × 8 × 128 × 2 = 131,072 B/token × 32,768 = 4.295 GB;
    // 19.31 GB / 3,350 GB/s = 5.763 ms.
    const r = await cli([
      'floor',
      '--model',
      'Llama-3.1-8B',
      '--gpu',
      'H100 SXM',
      '--batch',
      '32',
      '--context',
      '1024',
      '--measured-ms',
      '12',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('floor 5.76 ms per step at 3350 GB/s × 1 GPU');
    expect(r.stdout).toContain('efficiency floor/measured 0.48 (overhead)');
  });

  it('works from first principles: parameters, bytes per weight and bandwidth; no KV geometry at context 0', async () => {
    // 27e9 × 0.5 B = 13.5 GB; 13.5 GB / 760 GB/s = 17.763 ms.
    const r = await cli([
      'floor',
      '--params',
      '27',
      '--bandwidth',
      '760',
      '--weights',
      'int4',
      '--batch',
      '1',
      '--context',
      '0',
      '--measured-ms',
      '25',
    ]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toContain('bytes per step 13.5 GB (weights 13.5 GB + KV 0 GB for 0 tokens)');
    expect(r.stdout).toContain('floor 17.8 ms per step at 760 GB/s × 1 GPU');
    expect(r.stdout).toContain('no KV cache read (context 0 tokens)');
    expect(r.stdout).toContain('efficiency floor/measured 0.71 (overhead)');
  });

  it('takes the KV geometry as flags, and bytes per weight as a number', async () => {
    // Weights 7e9 × 0.5625 = 3.9375 GB; KV 2 × 28 × 4 × 128 × 1 B = 28,672 B/token × 8 × 2,048 = 0.4698 GB;
    // 4.4073 GB / 300 GB/s = 14.69 ms.
    const r = await cli([
      'floor',
      '--params',
      '7',
      '--bytes-per-weight',
      '0.5625',
      '--layers',
      '28',
      '--kv-heads',
      '4',
      '--head-dim',
      '128',
      '--kv',
      'fp8',
      '--gpu',
      'L4',
      '--batch',
      '8',
      '--context',
      '2048',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('KV cache 28.7 kB per token = 2 (K, V) × 28 layers × 4 KV heads × 128 × 1 bytes.');
    expect(r.stdout).toContain('floor 14.7 ms per step at 300 GB/s × 1 GPU');
    const missing = await cli(['floor', '--params', '7', '--bandwidth', '300', '--batch', '8', '--context', '2048']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(
      /kvBytesPerToken, or layers, kvHeads and headDim.*--layers --kv-heads --head-dim or --kv-bytes-per-token/,
    );
  });

  it('says what is missing instead of guessing', async () => {
    const r = await cli(['floor', '--model', 'my-model', '--gpu', 'H100', '--batch', '8', '--context', '100']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/model "my-model" is not in the table/);
    expect(r.stderr).toMatch(/GPU "H100" is ambiguous/);
  });
});
