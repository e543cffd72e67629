// Which call or kernel names mean "waiting on something": the evidence for the §6 WAITING
// candidates. Names as CUPTI, Nsight Systems (osrt_sum, cuda_api_sum) and the PyTorch profiler
// write them. Suffixes nsys adds for per-thread default streams (_ptsz, _ptds) and driver versions
// (_v2) are ignored.

const API_SUFFIX = /(?:_v\d+)?(?:_pt[sd]z?|_ptds)?$/;

/**
 * Host calls that block until the GPU has finished earlier work. cudaMemcpy (without Async) waits
 * for the copy and everything queued before it; cudaStreamWaitEvent does not block the host and is
 * not here.
 */
const SYNC_CALLS = new Set([
  'cudaStreamSynchronize',
  'cudaDeviceSynchronize',
  'cudaEventSynchronize',
  'cudaThreadSynchronize',
  'cudaMemcpy',
  'cudaMemcpy2D',
  'cudaMemcpy3D',
  'cuStreamSynchronize',
  'cuCtxSynchronize',
  'cuEventSynchronize',
  'cuMemcpyDtoH',
  'cuMemcpyHtoD',
  'cuMemcpyDtoD',
  'cuMemcpy',
]);

export function isSyncCall(name: string): boolean {
  return SYNC_CALLS.has(name.replace(API_SUFFIX, ''));
}

/** Kineto's cuda_sync events: these kinds block the host; "Stream Wait Event" only orders streams. */
export function isBlockingSyncKind(kind: string): boolean {
  return /^(?:Stream|Event|Context|Device) Sync(?:hronize)?$/i.test(kind.trim());
}

/** `.item()`, `.tolist()`, `bool(tensor)`: each copies a scalar to the host and waits for it. */
export function isItemOp(name: string): boolean {
  return name === 'aten::item' || name === 'aten::_local_scalar_dense';
}

/** Device-to-host copies: CUPTI "Memcpy DtoH (Device -> Pinned)", nsys "[CUDA memcpy Device-to-Host]" or "[CUDA memcpy DtoH]". */
export function isDeviceToHost(name: string): boolean {
  return /\bDtoH\b|Device-to-Host|Device -> (?:Pageable|Pinned|Host)/i.test(name);
}

/**
 * GPU communication kernels by what they are, not by one library's prefix: a kernel that moves data
 * between GPUs waits for its peers, so its time is communication, not compute. The list (first match
 * wins) is documented in docs/diagnosis.md and tested on real kernel names (test/profile/names.test.ts):
 */
export const COMMUNICATION_KERNELS: readonly { library: string; pattern: RegExp; example: string }[] = [
  // RCCL names its kernels like NCCL (ncclDevKernel_*); its own symbols say rccl.
  {
    library: 'NCCL/RCCL',
    pattern: /nccl|rccl/i,
    example: 'ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevKernelArgsStorage<4096ul>)',
  },
  {
    library: 'DeepEP',
    pattern: /\bdeep_ep::/,
    example: 'void deep_ep::intranode::dispatch<(int)8, (int)768, (int)8192>(int4 *, float *, …)',
  },
  { library: 'pplx-kernels', pattern: /\bpplx::/, example: 'void pplx::dispatchKernel<…>(…)' },
  // vLLM's and SGLang's custom all-reduce (csrc/custom_all_reduce.cuh).
  {
    library: 'custom all-reduce (vLLM, SGLang)',
    pattern: /\bcross_device_reduce_[12]stage\b/,
    example: 'void vllm::cross_device_reduce_1stage<__nv_bfloat16, (int)8>(…)',
  },
  {
    library: 'TensorRT-LLM all-reduce',
    pattern: /\b(?:oneShot|twoShot)AllReduceKernel|\ballreduce_fusion_kernel|\blamport.*all_?reduce/i,
    example: 'void tensorrt_llm::kernels::oneShotAllReduceKernel<__nv_bfloat16, (int)8>(…)',
  },
  { library: 'MSCCL++', pattern: /mscclpp/i, example: 'void mscclpp::…allreduce…(…)' },
  { library: 'NVSHMEM', pattern: /nvshmem/i, example: 'nvshmemi_…_kernel' },
  {
    library: 'PyTorch symmetric memory',
    pattern: /symmetric_memory|\b(?:one_shot|two_shot|multimem)_all_reduce/,
    example: 'void c10d::symmetric_memory::one_shot_all_reduce_kernel<…>(…)',
  },
  // Any other kernel whose name starts a word with a collective's name (not warpAllReduce, not block_all_reduce).
  {
    library: 'collective (by name)',
    pattern: /(?:^|[^A-Za-z0-9_])(?:all_?to_?all|all_?reduce|all_?gather|reduce_?scatter|send_?recv)/i,
    example: 'void all_to_all_dispatch_kernel<…>(…)',
  },
];

/** The communication library a kernel belongs to, or undefined for compute. */
export function communicationLibrary(name: string): string | undefined {
  return COMMUNICATION_KERNELS.find((c) => c.pattern.test(name))?.library;
}

/** GPU communication kernels (COMMUNICATION_KERNELS), and NVTX ranges or ops that name NCCL. */
export function isCollective(name: string): boolean {
  return communicationLibrary(name) !== undefined;
}

/** Host ops that issue a collective, for counting calls where kernels are not visible. */
export function isCollectiveOp(name: string): boolean {
  return isCollective(name) || /^c10d::|^record_param_comms$/.test(name);
}

/**
 * A kernel's family: its function name without return type, namespace-qualified template arguments
 * and parameters — "void mul_mat_vec_q<(ggml_type)12, (int)1>(const void *, …)" and its ROWS=4
 * sibling are both "mul_mat_vec_q". A change of template arguments (tile shape, rows per block) is a
 * new kernel name but the same family, so families compare where names cannot.
 */
export function kernelFamily(name: string): string {
  let s = name.trim();
  // Return types: "void ", "std::enable_if<…>::type ".
  for (;;) {
    const before = s;
    s = s.replace(/^(?:void|static|__global__)\s+/, '');
    const m = /^[\w:]+<.*?>::type\s+/.exec(s);
    if (m && balanced(m[0])) s = s.slice(m[0].length);
    if (s === before) break;
  }
  // Cut at the first "<" or "(" outside the leading identifier.
  const end = s.search(/[<(\s]/);
  const head = end >= 0 ? s.slice(0, end) : s;
  if (head === '') return name.trim();
  // CUTLASS wraps every GEMM in cutlass::Kernel2<…> or device_kernel<…>: the argument is the kernel.
  if (/(?:^|::)(?:Kernel2?|device_kernel)$/.test(head) && s[end] === '<') {
    const arg = /^[^<,>]+/.exec(s.slice(end + 1));
    if (arg) return `${head}<${arg[0].trim()}>`;
  }
  return head;
}

function balanced(text: string): boolean {
  let depth = 0;
  for (const ch of text) {
    if (ch === '<') depth++;
    else if (ch === '>') depth--;
  }
  return depth === 0;
}

// OS runtime calls (osrt_sum) that park a thread until another thread lets it go.
const LOCK_CALLS = new Set([
  'pthread_mutex_lock',
  'pthread_mutex_timedlock',
  'pthread_cond_wait',
  'pthread_cond_timedwait',
  'pthread_cond_clockwait',
  'pthread_rwlock_rdlock',
  'pthread_rwlock_wrlock',
  'pthread_rwlock_timedrdlock',
  'pthread_rwlock_timedwrlock',
  'pthread_join',
  'sem_wait',
  'sem_timedwait',
  'sem_clockwait',
  'futex',
]);

// OS runtime calls that wait for a socket (or any file descriptor: poll/epoll also serve pipes and
// ZeroMQ, which is how vLLM's API server talks to its engine — still waiting on another process).
const NETWORK_CALLS = new Set([
  'recv',
  'recvfrom',
  'recvmsg',
  'recvmmsg',
  'send',
  'sendto',
  'sendmsg',
  'sendmmsg',
  'poll',
  'ppoll',
  'epoll_wait',
  'epoll_pwait',
  'epoll_pwait2',
  'select',
  'pselect6',
  'accept',
  'accept4',
  'connect',
]);

export function isLockCall(name: string): boolean {
  return LOCK_CALLS.has(name.trim());
}

export function isNetworkCall(name: string): boolean {
  return NETWORK_CALLS.has(name.trim());
}

/** Python frames (profiler python_function events) that block on a lock or condition. */
export function isPythonLockWait(name: string): boolean {
  return /method acquire of _thread\.(?:R?lock|RLock)|threading\.py\(\d+\): (?:wait|acquire|join)\b|method join of|queue\.py\(\d+\): get\b/.test(
    name,
  );
}

/** Python frames that wait on a socket or a selector. */
export function isPythonNetworkWait(name: string): boolean {
  return /_socket\.socket|of 'select\.(?:epoll|poll)'|method (?:poll|select) of select\.|selectors\.py\(\d+\): select\b|socket\.py\(\d+\): (?:recv|accept|readinto)|zmq.*(?:poll|recv)/.test(
    name,
  );
}
