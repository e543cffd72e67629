// Profile-level diagnosis (§1 STEP 3–6): the three-way split from profiler exports, the regime of
// the top kernels, the decode bandwidth floor, and gain per effort. Pure functions over TextSource.

export type { Engine, GpuTimeKind, KernelTime, ProfileFormat, ProfileTotals, StepTotals, ThreadBusy, WaitSignals } from './types';
export { readKeyAverages, keyAveragesTotals, type KeyAveragesOptions, type KeyAveragesRow } from './torch-key-averages';
export { readTorchTrace, traceTotals, type TraceOptions } from './torch-trace';
export { readTraceEvents, type TraceEvent, type TraceEvents } from './trace-events';
export { readNsysStats, type NsysEntry, type NsysReport, type NsysReportKind, type NsysStats } from './nsys-stats';
export { nsysTotals, type NsysOptions } from './nsys-totals';
export { splitStep, splitOf, SPLIT_THRESHOLDS, type SplitThresholds, type SplitVerdict, type StepSplit } from './split';
export { waitCandidates, PRESENT_SHARE, type WaitCandidate, type WaitCause } from './waiting';
export { compareSplits, type Delta, type SplitChange, type SplitComparison } from './compare-splits';
export { compareKernelTimes, type KernelTimeComparison, type TimeDelta } from './compare-kernel-times';
export { mergeNcu, readNcu, shapeKey, type KernelProfile, type NcuReport, type StallShare } from './ncu';
export { classifyKernel, REGIME_FIXES, REGIME_THRESHOLDS, type LatencyCause, type MemoryUnit, type Regime, type RegimeResult } from './regime';
export { COMMUNICATION_KERNELS, communicationLibrary, kernelFamily } from './names';
export { compareKernels, topKernels, type KernelChange, type KernelComparison, type ShapeChange, type TopKernel } from './compare-kernels';
export { decodeFloor, efficiency, type DecodeFloor, type DecodeFloorInput, type DecodeFloorMissing, type Efficiency, type FloorBand } from './decode-floor';
export { GPUS, lookupGpu, type GpuSpec } from './hardware';
export { MODELS, lookupModel, type ModelFacts, type MoeFacts } from './models';
export { merge, unionLength, intersectionLength, clip, type Interval, type Merged } from './intervals';
