// Detection on the first 16 KiB: each NVIDIA export is claimed by its own adapter only, and every
// other tool's real artifact, native JSONL and a GuideLLM-shaped file are refused with a reason.

import { describe, expect, it } from 'vitest';
import { aiperfAdapter } from '../../../src/ingest/formats/aiperf';
import { genaiPerfAdapter } from '../../../src/ingest/formats/genai-perf';
import { fixtureText, GUIDELLM_HEAD, head, NATIVE_JSONL, otherToolHeads } from './genai-perf-helpers';

const GENAI = [
  'issue298_streaming_profile_export_genai_perf.json',
  'issue298_nonstreaming_profile_export_genai_perf.json',
  'synthetic_profile_export.json',
];
const AIPERF = [
  'profile_export_aiperf.json',
  'profile_export.jsonl',
  'synthetic_schema_1.5_profile_export_aiperf.json',
  'synthetic_later_profile_export.jsonl',
];

describe('detection', () => {
  it.each(GENAI)('claims GenAI-Perf %s, which AIPerf refuses', (file) => {
    const text = head(fixtureText('genai-perf', file));
    expect(genaiPerfAdapter.detect(text, file)).toMatchObject({
      match: true,
      reason: expect.stringMatching(/GenAI-Perf/),
    });
    expect(aiperfAdapter.detect(text, file)).toMatchObject({
      match: false,
      reason: expect.stringMatching(/no AIPerf marker/),
    });
  });

  it.each(AIPERF)('claims AIPerf %s, which GenAI-Perf refuses', (file) => {
    const text = head(fixtureText('aiperf', file));
    expect(aiperfAdapter.detect(text, file)).toMatchObject({ match: true, reason: expect.stringMatching(/AIPerf/) });
    const genai = genaiPerfAdapter.detect(text, file);
    expect(genai.match).toBe(false);
    expect(genai.reason).toMatch(file.endsWith('.jsonl') ? /no GenAI-Perf stats block/ : /an AIPerf export/);
  });

  it('refuses every other tool’s real artifact with a reason', () => {
    const heads = otherToolHeads();
    expect(heads.length).toBeGreaterThan(10);
    for (const { name, head: text } of heads) {
      const genai = genaiPerfAdapter.detect(text, name);
      const aiperf = aiperfAdapter.detect(text, name);
      expect(genai.match, name).toBe(false);
      expect(aiperf.match, name).toBe(false);
      expect(genai.reason, name).toMatch(
        text.trimStart().startsWith('{') ? /no GenAI-Perf stats block/ : /not a JSON object/,
      );
      expect(aiperf.reason, name).toMatch(/no AIPerf marker/);
    }
  });

  it('refuses native JSONL and GuideLLM results', () => {
    expect(genaiPerfAdapter.detect(NATIVE_JSONL, 'n.jsonl')).toMatchObject({
      match: false,
      reason: expect.stringMatching(/no GenAI-Perf stats block/),
    });
    expect(aiperfAdapter.detect(NATIVE_JSONL, 'n.jsonl')).toMatchObject({
      match: false,
      reason: expect.stringMatching(/without AIPerf request ids/),
    });
    const records = '{"request_id": "a", "first_token_ms": 1, "total_ms": 2}\n';
    expect(genaiPerfAdapter.detect(records, 'n.jsonl').match).toBe(false);
    expect(aiperfAdapter.detect(records, 'n.jsonl').match).toBe(false);
    expect(genaiPerfAdapter.detect(GUIDELLM_HEAD, 'benchmarks.json')).toMatchObject({
      match: false,
      reason: expect.stringMatching(/no GenAI-Perf stats block/),
    });
    expect(aiperfAdapter.detect(GUIDELLM_HEAD, 'benchmarks.json').match).toBe(false);
  });

  it('recognises a head cut in the middle of a token, and never throws', () => {
    const raw = fixtureText('genai-perf', 'synthetic_profile_export.json');
    expect(genaiPerfAdapter.detect(raw.slice(0, 120), 'p.json').match).toBe(true);
    const records = fixtureText('aiperf', 'profile_export.jsonl');
    expect(aiperfAdapter.detect(records.slice(0, 200), 'p.jsonl').match).toBe(true);
    const summary = fixtureText('genai-perf', GENAI[0]);
    expect(genaiPerfAdapter.detect(summary.slice(0, 150), 's.json').match).toBe(true);
    for (const text of [
      '',
      '\ufeff',
      '{',
      '{"experiments"',
      '{"metadata":{',
      '{"records": {"ttft": {"tag": "ttft", "unit"',
      'null',
      '[]',
    ]) {
      expect(() => genaiPerfAdapter.detect(text, 'x')).not.toThrow();
      expect(() => aiperfAdapter.detect(text, 'x')).not.toThrow();
    }
  });
});
