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
  perf-triage calibrate RUN… [--runner NAME] [--dir .perf-triage] [--dry-run]
                                            noise of your runner from 4+ runs of one build: spread
                                            between and within runs, the smallest detectable change,
                                            false alarms on every A/A pair; writes noise/<benchmark>.json
  perf-triage journal init FILE… [--benchmark NAME] [--commit SHA] [--force]
                                            record the first baseline: a first entry and the digest
  perf-triage journal record BASE HEAD [compare options] [--commit SHA]
                                            compare and record the result, as the action does on merge
  perf-triage journal show [--benchmark B] [--metric "ttft p95"] [--since D] [--until D] [--json]
  perf-triage journal add --benchmark B [--metric "ttft p95=250ms"]… [--symptom …] [--diagnosis …]
                          [--change …] [--result …] [--quality …] [--effort …] [--date YYYY-MM-DD]
  perf-triage journal render                rewrite the markdown journal from the JSONL
                                            (journal commands take --dir, default .perf-triage)
  perf-triage amdahl --share 0.09 --speedup 3 [--effort "2 days"]
  perf-triage amdahl --item "label: share=0.09 speedup=3 effort=2 days" --item "label: gain=3 effort=hours"
                                            §7: the Amdahl ceiling, findings ranked by gain per effort
  perf-triage split PROFILE… [--baseline PROFILE…] [--wall-ms X] [--baseline-wall-ms X] [--steps N]
                    [--baseline-steps N] [--step-range NAME] [--format text|markdown|json]
                                            §6: GPU-bound, CPU-bound or waiting (and on what), from a
                                            PyTorch trace (.json or .json.gz) / key_averages, nsys stats
                                            CSVs (one file per report: give them all); kernel regimes
                                            from Nsight Compute CSVs; with a baseline, what moved
  perf-triage floor (--model M | --params B) (--gpu G | --bandwidth GB/s) --batch N --context TOKENS
                    [--weights bf16|fp8|int4] [--kv bf16|fp8] [--layers L --kv-heads H --head-dim D |
                    --kv-bytes-per-token N] [--gpus N] [--measured-ms X]
                                            §5: the decode memory-bandwidth floor and efficiency
  perf-triage --version | help [COMMAND]     COMMAND --help shows one command's options

compare options (the action's input names work too: --baseline, --results, --metrics, --report-path):
  --base FILE, --head FILE   more runs (repeats) for a side; BASE and HEAD may be globs
  --slo "ttft p95 < 800ms"   a target (repeatable): metric, statistic, comparator, value and unit
  --metric "itl p99"         a metric to judge (repeatable; replaces the default set)
  --fail-on LIST             regression, slo, inconclusive, quality, comma-separated, or never
                             (default: regression,slo)
  --format text|markdown|json   what to print (default text; md for markdown)
  --json FILE, --markdown FILE  also write the report there
  --seed N                   resampling seed (default 1): reports are reproducible
  --resamples N              bootstrap resamples (default 2000)
  --confidence X             interval level (default 0.95)
  --min-effect "ttft p95=15%"   smallest change worth a verdict for a metric (repeatable)
  --run-noise "ttft p95=8%"    between-run noise allowed per side with fewer than 3 runs (repeatable)
  --noise FILE               a calibration's noise file (perf-triage calibrate) for the run-to-run
                             noise; journal record reads the one in --dir unasked (repeatable)
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
p99, p99.9 or any pNN. Names as the report prints them work too: "client TTFT p95", "queue wait p99".

Exit codes: 0 pass, 1 the outcome fails (as --fail-on says), 2 bad usage or unusable input.
`;

/** The compare options and what follows them, shared by `compare --help` and `journal record --help`. */
const COMPARE_OPTIONS = USAGE.slice(USAGE.indexOf('compare options'));

const JOURNAL_DIR =
  "  --dir DIR                  the journal's folder (default .perf-triage; the action's journal-dir)\n";

/** `perf-triage COMMAND --help`: one command, its options and an example. */
export const COMMAND_HELP: Readonly<Record<string, string>> = {
  compare: `Usage: perf-triage compare BASE HEAD [options]

Compares a baseline run with a head run: the metrics' verdicts with intervals, where the time went,
why, and what to fix first. Exit 0 pass, 1 the outcome fails, 2 bad usage or unusable input.

Example: perf-triage compare base.json head.json --slo "ttft p95 < 800ms" --format md

${COMPARE_OPTIONS}`,
  demo: `Usage: perf-triage demo [--format text|markdown|json] [--json FILE] [--markdown FILE] [compare options]

Runs the shipped example (a running-batch limit cut from 64 to 24) and prints the diagnosis.
Exit 0 (the regression is the point of the demo).
`,
  simulate: `Usage: perf-triage simulate [--seed N] [--requests N] [--inject ID] [--out FILE] [--list]

Writes simulated per-request telemetry (perf-triage's native JSONL).
  --seed N          random seed (default 1)
  --requests N      requests to simulate (default 2000)
  --inject ID       apply one injected regression (--list shows them)
  --out FILE, -o    write there instead of stdout
  --list            list the injected regressions
`,
  validate: `Usage: perf-triage validate FILE… [--input-format ID] [--max-bad-lines X]

Says what perf-triage reads in each file (format, runs, requests, metrics, phases) and every
problem. Exit 0 only when every file is usable.
`,
  digest: `Usage: perf-triage digest FILE… --out FILE [--shard i/n] [--benchmark NAME] [--input-format ID]

Writes a compact digest of a run (the baseline format) for a matrix job to upload; shards i/n of one
benchmark merge back into one run when read together.
`,
  calibrate: `Usage: perf-triage calibrate RUN… [--runner NAME] [--dir DIR] [--dry-run] [--format text|markdown|json]
                           [--metric "ttft p95"]… [--min-effect …]… [--run-noise …]… [--confidence X]
                           [--seed N] [--resamples N] [--benchmark NAME] [--date YYYY-MM-DD] [--input-format ID]

Measures the noise of your runner from 4 or more repeated runs of one build (one result file a run):
per metric the spread between runs and within a run (the block bootstrap), the between-run allowance
comparisons on this runner should add, the interval of an A/A change and the smallest change called
regressed 80% of the time with one run a side; then judges every A/A pair of the runs with the
settings before and with the calibrated noise, and counts the false alarms. Too few runs: says how
many more. Writes DIR/noise/<benchmark>.json (commit it): the action and journal record read it, and
the journal's history refines it as entries accumulate (docs/statistics.md).
  --runner NAME              the runner the runs were made on, for the report ("gpu-runner-2")
  --dir DIR                  the journal's folder (default .perf-triage; the action's journal-dir)
  --dry-run                  print, write nothing
  --date D                   when the runs were made (default now)
  --format F                 text (default), markdown, or json (the noise file itself)

Example: perf-triage calibrate runs/run-*.jsonl --runner gpu-runner-2
`,
  journal: `Usage: perf-triage journal init | record | show | add | render [options]

The performance journal in a checkout (docs/journal.md). perf-triage journal COMMAND --help for each.
  init FILE…              record the first baseline of a benchmark (refuses to replace one without --force)
  record BASE HEAD        compare and record the result, and move the baseline, as the action does on merge
  show                    list entries, by date (filters: --benchmark, --metric, --since, --until; --json)
  add --benchmark B       record a result by hand in the §8 format
  render                  rewrite JOURNAL.md from the JSONL
${JOURNAL_DIR}`,
  'journal init': `Usage: perf-triage journal init FILE… [--benchmark NAME] [--commit SHA] [--force] [--dir DIR]

Records a benchmark's first baseline from its result files: a first journal entry and the baseline
digest that pull requests are compared with (baseline: journal). When the benchmark already has a
baseline, says what it would replace and stops; --force replaces it (journaled as replaced by hand).
  --benchmark NAME           the benchmark's name (default: the name in the files)
  --commit SHA               the commit the files were measured on
  --force                    replace an existing baseline
${JOURNAL_DIR}`,
  'journal record': `Usage: perf-triage journal record BASE HEAD [compare options] [--commit SHA] [--pr N] [--dir DIR]

Compares HEAD with BASE and records the result as the action does on a merge: the journal entry
(recorded, or flagged as a regression merged without acceptance), JOURNAL.md, and the baseline
moved to HEAD. BASE may be the journal's own digest (.perf-triage/baselines/NAME.json). Recording
the same --commit twice appends nothing.
  --commit SHA               the commit HEAD was measured on (also the entry's id: cli:SHA)
  --pr N                     the pull request that was merged
  --accept REASON --by NAME [--effort E]
                             a regression accepted on purpose (journaled with who, why, effort)
  --date YYYY-MM-DD          when it was recorded (default now)
${JOURNAL_DIR}
${COMPARE_OPTIONS}`,
  'journal show': `Usage: perf-triage journal show [--benchmark B] [--metric "ttft p95"] [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--json] [--dir DIR]

Lists the journal's entries oldest first by date; with --metric, one line per entry with the value.
${JOURNAL_DIR}`,
  'journal add': `Usage: perf-triage journal add --benchmark B [--metric "ttft p95=250ms"]… [--date YYYY-MM-DD]
                       [--symptom …] [--workload …] [--baseline …] [--diagnosis …] [--change …]
                       [--result …] [--quality …] [--effort …] [--commit SHA] [--dir DIR]

Records a result by hand, in the §8 format (DATE, SYMPTOM, WORKLOAD, BASELINE, DIAGNOSIS, CHANGE,
RESULT, QUALITY, EFFORT). Metrics as "ttft p95=250ms", "throughput=3000tok/s".
${JOURNAL_DIR}`,
  'journal render': `Usage: perf-triage journal render [--dir DIR]

Rewrites JOURNAL.md from the JSONL (and the archive pages of full segments).
${JOURNAL_DIR}`,
  amdahl: `Usage: perf-triage amdahl --share 0.09 --speedup 3 [--effort "2 days"] [--label NAME]
       perf-triage amdahl --item "label: share=0.09 speedup=3 effort=2 days" --item "label: gain=3 effort=hours"

§7: the Amdahl ceiling of one fix, or several ranked by gain per hour of effort.
`,
  split: `Usage: perf-triage split PROFILE… [--baseline PROFILE…] [--wall-ms X] [--baseline-wall-ms X]
                         [--steps N] [--baseline-steps N] [--step-range NAME] [--format text|markdown|json]

§6: GPU-bound, CPU-bound or waiting (and on what) from a PyTorch trace (.json or .json.gz) or
key_averages, or nsys stats CSVs (one file per report: give them all); kernel regimes from Nsight
Compute CSVs; with --baseline, what moved. Wall time and steps are per side.
`,
  floor: `Usage: perf-triage floor (--model M | --params B) (--gpu G | --bandwidth GB/s) --batch N --context TOKENS
                         [--measured-ms X] [--gpus N] [--weights bf16|fp8|int4 | --bytes-per-weight X] [--kv bf16|fp8]
                         [--layers N --kv-heads N --head-dim N | --kv-bytes-per-token X]

§5: the decode memory-bandwidth floor per step and, with --measured-ms, the efficiency band. The model
table is a convenience: parameters, bytes per weight and bandwidth are enough (KV geometry only with a context).
`,
};

export const COMMANDS = [
  'compare',
  'demo',
  'simulate',
  'validate',
  'digest',
  'calibrate',
  'journal',
  'amdahl',
  'split',
  'floor',
  'version',
  'help',
] as const;
export const JOURNAL_COMMANDS = ['init', 'record', 'show', 'add', 'render'] as const;
