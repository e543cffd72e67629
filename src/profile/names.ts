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

/** NCCL kernels (ncclKernel_*, ncclDevKernel_*), NVTX ranges and ops that name NCCL. */
export function isCollective(name: string): boolean {
  return /nccl/i.test(name);
}

/** Host ops that issue a collective, for counting calls where kernels are not visible. */
export function isCollectiveOp(name: string): boolean {
  return isCollective(name) || /^c10d::|^record_param_comms$/.test(name);
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
  return /method acquire of _thread\.(?:R?lock|RLock)|threading\.py\(\d+\): (?:wait|acquire|join)\b|method join of|queue\.py\(\d+\): get\b/.test(name);
}

/** Python frames that wait on a socket or a selector. */
export function isPythonNetworkWait(name: string): boolean {
  return /_socket\.socket|of 'select\.(?:epoll|poll)'|method (?:poll|select) of select\.|selectors\.py\(\d+\): select\b|socket\.py\(\d+\): (?:recv|accept|readinto)|zmq.*(?:poll|recv)/.test(name);
}
