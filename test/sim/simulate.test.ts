import { describe, expect, it } from 'vitest';
import { baseScenario, injectedRegressions } from '../../src/sim/scenarios';
import { simulate, simulateToJsonl } from '../../src/sim/simulate';
import type { Scenario } from '../../src/sim/scenario';
import { byId, runRecords } from './helpers';

const small = (seed: number, requests = 600): Scenario => baseScenario(seed, requests);

describe('simulate: determinism and seeds', () => {
  it('gives identical JSONL for the same seed and different JSONL for another seed', () => {
    const a = simulateToJsonl(small(11));
    expect(simulateToJsonl(small(11))).toBe(a);
    expect(simulateToJsonl(small(12))).not.toBe(a);
  });

  it('keeps arrivals and prompt/output lengths when one engine knob changes', () => {
    const base = small(5);
    for (const reg of injectedRegressions().filter((r) =>
      ['capacity-cut', 'decode-kernel-slower', 'chunked-prefill-off'].includes(r.id),
    )) {
      const head = byId(runRecords(reg.apply(base)));
      for (const r of runRecords(base)) {
        const h = head.get(r.request_id)!;
        expect([h.arrival_ts, h.prompt_tokens, h.output_tokens, h.tenant]).toEqual([
          r.arrival_ts,
          r.prompt_tokens,
          r.output_tokens,
          r.tenant,
        ]);
      }
    }
  });

  it('does not mutate the scenario it is given when applying a regression', () => {
    const base = small(1);
    const before = JSON.stringify(base);
    for (const reg of injectedRegressions()) reg.apply(base);
    expect(JSON.stringify(base)).toBe(before);
  });
});

describe('simulate: records', () => {
  const scenario = small(3, 1500);
  const records = runRecords(scenario);

  it('emits one record per request with §4 ids', () => {
    expect(records).toHaveLength(1500);
    expect(new Set(records.map((r) => r.request_id)).size).toBe(1500);
    expect(records[0].request_id).toMatch(/^req-\d{6}$/);
  });

  it('satisfies the phase identities on every record', () => {
    for (const r of records) {
      const sample = r.first_token_ms - (r.tokenize_ms + r.queue_wait_ms + r.prefill_ms);
      expect(sample).toBeGreaterThan(0);
      expect(sample).toBeLessThan(scenario.engine.sampleMs * 2);
      expect(Math.abs(r.total_ms - (r.first_token_ms + r.decode_ms + r.detokenize_ms))).toBeLessThan(1e-6);
      expect(r.queue_wait_ms).toBeGreaterThanOrEqual(0);
      expect(r.prefill_ms).toBeGreaterThan(0);
      // No proxy in the base scenario: the client sees the server's first token after the wire time.
      expect(Math.abs(r.client_first_token_ms! - (r.first_token_ms + r.network_ms!))).toBeLessThan(1e-6);
      expect(r.kv_blocks_used).toBe(Math.ceil((r.prompt_tokens + r.output_tokens) / scenario.engine.blockSize));
      if (r.output_tokens === 1) expect([r.decode_ms, r.itl_p50_ms, r.itl_p99_ms]).toEqual([0, 0, 0]);
      else expect(r.itl_p99_ms).toBeGreaterThanOrEqual(r.itl_p50_ms);
    }
  });

  it('writes records in completion order, which is not arrival order', () => {
    const done = records.map((r) => r.arrival_ts + r.total_ms / 1000);
    for (let i = 1; i < done.length; i++) expect(done[i]).toBeGreaterThanOrEqual(done[i - 1] - 2e-6);
    const arrivals = records.map((r) => r.arrival_ts);
    expect(arrivals.some((a, i) => i > 0 && a < arrivals[i - 1])).toBe(true);
  });

  it('never runs more sequences than max_num_seqs', () => {
    expect(Math.max(...records.map((r) => r.batch_size_at_admission))).toBeLessThanOrEqual(64);
    const cut = runRecords({ ...scenario, engine: { ...scenario.engine, maxNumSeqs: 12 } });
    expect(Math.max(...cut.map((r) => r.batch_size_at_admission))).toBe(12);
  });

  it('omits the network fields when the scenario has no network', () => {
    const [r] = runRecords({ ...small(2, 5), network: undefined });
    expect(r).not.toHaveProperty('network_ms');
    expect(r).not.toHaveProperty('client_first_token_ms');
  });
});

describe('simulate: metadata and JSONL', () => {
  it('puts the metadata first and one record per line after it', () => {
    const lines = simulateToJsonl(small(4, 50)).trimEnd().split('\n');
    expect(lines).toHaveLength(51);
    expect(JSON.parse(lines[0]).metadata.benchmark).toBe('llama-8b-serving');
    expect(JSON.parse(lines[1])).toHaveProperty('first_token_ms');
  });

  it('names real knobs as vLLM does and hides the simulated ones', () => {
    let head = small(1, 10);
    for (const reg of injectedRegressions()) head = reg.apply(head);
    const meta = simulate(head, () => {});
    expect(meta.config).toMatchObject({
      max_num_seqs: 24,
      max_num_batched_tokens: 2048,
      enable_chunked_prefill: false,
      enable_prefix_caching: false,
      num_gpu_blocks: head.engine.kvBlocks,
      block_size: 16,
    });
    const text = JSON.stringify(meta).toLowerCase();
    for (const hidden of ['kernel', 'quadratic', 'interval', 'buffering', 'sample', 'jitter'])
      expect(text).not.toContain(hidden);
    expect(meta.workload).toContain('req/s');
  });
});
