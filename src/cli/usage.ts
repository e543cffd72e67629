export const USAGE = `perf-triage — catch performance regressions and say why they happened

Usage:
  perf-triage compare BASE HEAD [options]   compare a baseline run with a head run
  perf-triage demo [--format text|markdown|json]
                                            run the shipped example (a capacity regression)
  perf-triage simulate [--seed N] [--requests N] [--inject ID] [--out FILE] [--list]
                                            write simulated per-request telemetry (JSONL)
  perf-triage validate FILE…                what perf-triage reads in each file, and every problem
                                            (exit 0 only when every file is usable)
  perf-triage digest FILE… --out F [--shard i/n] [--benchmark NAME]
                                            a compact digest of a run for a matrix job to upload;
                                            shards i/n of one benchmark merge back into one run
  perf-triage journal init FILE… [--benchmark NAME] [--commit SHA]
                                            record today's baseline: a first entry and the digest
  perf-triage journal show [--benchmark B] [--metric "ttft p95"] [--since D] [--until D] [--json]
  perf-triage journal add --benchmark B [--metric "ttft p95=250ms"]… [--symptom …] [--diagnosis …]
                          [--change …] [--result …] [--quality …] [--effort …] [--date YYYY-MM-DD]
  perf-triage journal render                rewrite the markdown journal from the JSONL
                                            (journal commands take --dir, default .perf-triage)
  perf-triage amdahl --share 0.09 --speedup 3 [--effort "2 days"]
  perf-triage amdahl --item "label: share=0.09 speedup=3 effort=2 days" --item "label: gain=3 effort=hours"
                                            §7: the Amdahl ceiling, findings ranked by gain per effort
  perf-triage split PROFILE [--baseline PROFILE] [--wall-ms X] [--steps N] [--format text|markdown|json]
                                            §6: GPU-bound, CPU-bound or waiting (and on what), from a
                                            PyTorch trace / key_averages, nsys stats CSV; kernel
                                            regimes from an Nsight Compute CSV
  perf-triage floor --model M --gpu G --batch N --context TOKENS [--measured-ms X] [--gpus N]
                    [--weights bf16|fp8|int4] [--kv bf16|fp8] [--bandwidth GB/s] [--params B]
                                            §5: the decode memory-bandwidth floor and efficiency
  perf-triage --version | help

compare options:
  --base FILE, --head FILE   more runs (repeats) for a side; BASE and HEAD may be globs
  --slo "ttft p95 < 800ms"   a target (repeatable): metric, statistic, comparator, value and unit
  --metric "itl p99"         a metric to judge (repeatable; replaces the default set)
  --fail-on LIST             regression, slo, inconclusive, quality, comma-separated, or never
                             (default: regression,slo)
  --format text|markdown|json   what to print (default text)
  --json FILE, --markdown FILE  also write the report there
  --seed N                   resampling seed (default 1): reports are reproducible
  --resamples N              bootstrap resamples (default 2000)
  --confidence X             interval level (default 0.95)
  --min-effect "ttft p95=15%"   smallest change worth a verdict for a metric (repeatable)
  --run-noise "ttft p95=8%"    between-run noise allowed per side with fewer than 3 runs (repeatable)
  --effort "capacity=2h"      how long a kind of fix takes you, for the gain-per-effort ranking (repeatable)
  --decode-floor "gpu=H100 SXM" --decode-floor "model=Llama-3.1-8B"
                             what the decode bandwidth floor needs beyond the data (repeatable:
                             gpu, model, gpus, weights, kv, bandwidth, params)
  --cost "$2.50/gpu-hour x 8"  hardware price: cost per million output tokens and per 1k requests
  --cost-baseline "…"        the baseline's own price, when its hardware differs
  --profile FILE, --baseline-profile FILE
                             profiler exports of the head / baseline: PyTorch Chrome trace or
                             key_averages (JSON, CSV), nsys stats CSV, Nsight Compute CSV (repeatable)
  --quality FILE, --baseline-quality FILE
                             output quality of the head / baseline: lm-eval results JSON, perf-triage
                             scores JSON, or paired generations (JSONL with ids and outputs)
  --benchmark NAME           benchmark name for the report
  --compare-across-load      judge metrics even when the sides ran at different loads (request
                             rate, concurrency); by default that is a different operating point,
                             said first and not judged
  --max-bad-lines X          share of bad records tolerated per file (default 0.05)
  --input-format ID          auto (default), native, vllm, sglang, genai-perf, aiperf, llmperf,
                             guidellm, prometheus, otel, github-action-benchmark,
                             customSmallerIsBetter, customBiggerIsBetter or perf-triage-baseline

Metrics: ttft, ttft_client, e2e, itl, tpot, throughput, request_throughput, and each phase
(tokenize, queue_wait, prefill, network, decode, detokenize); statistics: mean, p50, p90, p95,
p99, p99.9 or any pNN.

Exit codes: 0 pass, 1 the outcome fails (as --fail-on says), 2 bad usage or unusable input.
`;
