import { it } from 'vitest';
import { readGenaiPerf } from '../../../src/ingest/formats/genai-perf';
import { readAiperf } from '../../../src/ingest/formats/aiperf';
import { textSource } from '../../../src/ingest/source';
it('perf', async () => {
  const chunk = (c: string) => `data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"${c}"},"logprobs":null,"finish_reason":null}]}\n\n`;
  const reqs: string[] = [];
  const T = 1735689600000000000;
  for (let r = 0; r < 2000; r++) {
    const ts = T + r * 1e7;
    const times = Array.from({ length: 200 }, (_, k) => ts + 2e7 + k * 1e7);
    reqs.push(JSON.stringify({ timestamp: ts, request_inputs: { payload: '{"model":"m"}' }, response_timestamps: times, response_outputs: times.map(() => ({ response: chunk('tok') })) }));
  }
  const text = `{"experiments":[{"experiment":{"mode":"concurrency","value":8},"requests":[${reqs.join(',')}],"window_boundaries":[]}],"version":"x","service_kind":"openai","endpoint":"v1/chat/completions"}`;
  let t0 = performance.now();
  const runs = await readGenaiPerf(textSource('p.json', text), { maxBadLineRatio: 0.05 });
  console.log('raw', (text.length / 1e6).toFixed(1), 'MB', (performance.now() - t0).toFixed(0), 'ms', runs[0].requests!.length, runs[0].requests!.tokenGaps!.values.length);
  const lines: string[] = [];
  for (let r = 0; r < 20000; r++) lines.push(JSON.stringify({ metadata: { x_request_id: `r${r}`, request_start_ns: T + r * 1e6 }, metrics: { time_to_first_token: { value: 40, unit: 'ms' }, request_latency: { value: 2000, unit: 'ms' }, inter_chunk_latency: { value: Array.from({ length: 200 }, () => 10.123456), unit: 'ms' }, output_sequence_length: { value: 201, unit: 'tokens' } }, error: null }));
  const jl = lines.join('\n');
  t0 = performance.now();
  const r2 = await readAiperf(textSource('r.jsonl', jl), { maxBadLineRatio: 0.05 });
  console.log('jsonl', (jl.length / 1e6).toFixed(1), 'MB', (performance.now() - t0).toFixed(0), 'ms', r2[0].requests!.length);
});
