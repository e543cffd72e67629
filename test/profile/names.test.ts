// The documented list of communication kernels (names.ts, docs/diagnosis.md) on real kernel names,
// and kernel families: the names a change of template arguments leaves comparable.

import { describe, expect, it } from 'vitest';
import { communicationLibrary, COMMUNICATION_KERNELS, kernelFamily } from '../../src/ingest/profile/names';
import { shortNames } from '../../src/render/kernel-names';

describe('communication kernels, by what they are', () => {
  // Names as profilers print them: NCCL from the DDP trace fixture and NCCL 2.19+ device kernels;
  // DeepEP from a vLLM expert-parallel profile report; vLLM's custom all-reduce and TensorRT-LLM's from
  // their sources (csrc/custom_all_reduce.cuh, cpp/tensorrt_llm/kernels/customAllReduceKernels.cu).
  const cases: [string, string | undefined][] = [
    ['ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*, unsigned long, ncclWork*)', 'NCCL/RCCL'],
    ['ncclDevKernel_SendRecv(ncclDevKernelArgsStorage<4096ul>)', 'NCCL/RCCL'],
    [
      'void deep_ep::intranode::dispatch<(int)8, (int)768, (int)8192>(int4 *, float *, float *, int *, long *)',
      'DeepEP',
    ],
    ['void deep_ep::internode_ll::combine<true>(void *, int *, long, void *)', 'DeepEP'],
    [
      'void vllm::cross_device_reduce_1stage<__nv_bfloat16, (int)8>(vllm::RankData *, vllm::RankSignals, vllm::Signal *, __nv_bfloat16 *, int, int)',
      'custom all-reduce (vLLM, SGLang)',
    ],
    [
      'void tensorrt_llm::kernels::oneShotAllReduceKernel<__nv_bfloat16, (int)8, false, false>(tensorrt_llm::kernels::AllReduceParams)',
      'TensorRT-LLM all-reduce',
    ],
    [
      'void mscclpp::allreduce7<__nv_bfloat16>(__nv_bfloat16 *, mscclpp::DeviceHandle<mscclpp::SmChannel> *, int, int, unsigned long)',
      'MSCCL++',
    ],
    ['void c10d::symmetric_memory::one_shot_all_reduce_kernel<__nv_bfloat16, 16, 8>(…)', 'PyTorch symmetric memory'],
    ['void moe::all_to_all_dispatch_kernel<__nv_bfloat16>(…)', 'collective (by name)'],
    // Compute that only sounds like communication.
    [
      'void at::native::(anonymous namespace)::cunn_SoftMaxForward<4, float, float, float, at::native::(anonymous namespace)::SoftMaxForwardEpilogue>(float*, float const*, int)',
      undefined,
    ],
    ['void warpAllReduce<float>(float *)', undefined],
    ['void flashinfer::norm::block_all_reduce_sum<512>(float *)', undefined],
    [
      'void mul_mat_vec_ptq1_0_pt<(int)1, (int)4, (bool)0, (bool)0>(const void *, const void *, ggml_cuda_mm_fusion_args_device, float *, int, int, int, int, int, int, uint3, uint3, bool)',
      undefined,
    ],
  ];
  for (const [name, library] of cases) {
    it(`${name.slice(0, 60)} → ${library ?? 'compute'}`, () => {
      expect(communicationLibrary(name)).toBe(library);
    });
  }

  it('documents an example for each entry, and each example matches its own entry', () => {
    for (const entry of COMMUNICATION_KERNELS) expect(communicationLibrary(entry.example)).toBe(entry.library);
  });
});

describe('kernel families', () => {
  it('drops return types, template arguments and parameters', () => {
    expect(kernelFamily('void mul_mat_vec_ptq1_0_pt<(int)1, (int)4, (bool)0, (bool)0>(const void *, int)')).toBe(
      'mul_mat_vec_ptq1_0_pt',
    );
    expect(kernelFamily('void mul_mat_vec_ptq1_0_pt<(int)1, (int)1, (bool)1, (bool)1>(const void *, int)')).toBe(
      'mul_mat_vec_ptq1_0_pt',
    );
    expect(
      kernelFamily(
        'std::enable_if<!T7, void>::type internal::gemvx::kernel<int, int, __nv_bfloat16, float, (bool)0>(T13)',
      ),
    ).toBe('internal::gemvx::kernel');
    expect(kernelFamily('ampere_sgemm_128x32_tn')).toBe('ampere_sgemm_128x32_tn');
    expect(kernelFamily('scale_f32(const float *, float *, float, float, long)')).toBe('scale_f32');
    // CUTLASS's wrapper is not the kernel: its argument is.
    expect(
      kernelFamily('void cutlass::Kernel2<cutlass_80_tensorop_s16816gemm_bf16_64x64_32x6_tn_align8>(T1::Params)'),
    ).toBe('cutlass::Kernel2<cutlass_80_tensorop_s16816gemm_bf16_64x64_32x6_tn_align8>');
  });
});

describe('short kernel names', () => {
  it('keeps short names, cuts long ones, and shows where two long ones differ', () => {
    const a = `void Kernel2<cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_128x256_32x3_tn_align8>(Params)`;
    const b = `void Kernel2<cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_256x128_32x3_tn_align8>(Params)`;
    const names = shortNames(['gemm', a, b]);
    expect(names.get('gemm')).toBe('gemm');
    expect(names.get(a)).toBe('void Kernel2<cutlass_80_…lu_bf16_128x256_32x3_tn_align8>(Pa…');
    expect(names.get(b)).toBe('void Kernel2<cutlass_80_…lu_bf16_256x128_32x3_tn_align8>(Pa…');
    expect(shortNames([a]).get(a)).toBe(`${a.slice(0, 59)}…`);
  });
});
