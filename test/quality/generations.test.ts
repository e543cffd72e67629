// Paired-generation files: id and text field variants, hashes, failures, bad lines and the 5% rule.

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { textSource } from '../../src/ingest/source';
import { readGenerations } from '../../src/ingest/quality/generations';
import { FAILED, type GenerationSet } from '../../src/model/quality';
import { fixture, inputError, readGenerationSet } from './helpers';

const sha = (text: string) => `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;
const one = (record: unknown) => readGenerations(textSource('g.jsonl', `${JSON.stringify(record)}\n`));
const entry = (g: GenerationSet, id: string) => g.entries.get(id);

describe('reading generations', () => {
  it('reads the real vLLM run_batch results: custom_id, response.choices[0].message.content', async () => {
    const g = await readGenerationSet('vllm_run_batch_results.real.jsonl');
    expect(g.records).toBe(2);
    expect(g.idFields).toEqual({ custom_id: 2 });
    expect(entry(g, 'request-2')).toEqual({ hash: sha('*silence*'), length: 9 });
    expect(entry(g, 'request-1')).toEqual({
      hash: sha(
        "Hello! It's great to meet you! I'm here to help with any questions or tasks you may have. What's on your mind today?",
      ),
      length: 116,
    });
    expect(g.warnings).toEqual([]);
  });

  it('reads OpenAI Batch output: response.body, chat and completion choices, a failed line kept as failed', async () => {
    const g = await readGenerationSet('openai_batch_output.synthetic.jsonl');
    expect([...g.entries.keys()]).toEqual(['request-2', 'request-1', 'request-3', 'request-4']);
    expect(entry(g, 'request-2')).toEqual({ hash: sha('Hello.'), length: 6 });
    expect(entry(g, 'request-4')).toEqual({ hash: sha(' Paris.'), length: 7 });
    expect(entry(g, 'request-3')).toBe(FAILED);
    expect(g.failed).toBe(1);
    expect(g.bad).toBe(0);
    expect(g.warnings).toEqual([
      '1 record(s) are failed requests (error set or a non-2xx status): no output to compare',
    ]);
  });

  it.each([
    ['request_id', 7, '7'],
    ['id', 'abc', 'abc'],
    ['prompt_id', 'p-1', 'p-1'],
    ['custom_id', 'request-9', 'request-9'],
  ])('takes the id from %s', async (field, value, id) => {
    const g = await one({ [field]: value, output: 'x' });
    expect([...g.entries.keys()]).toEqual([id]);
    expect(g.idFields).toEqual({ [field]: 1 });
  });

  it('prefers custom_id over the server-made id of a Batch line', async () => {
    const g = await one({ id: 'batch_req_1', custom_id: 'mine', output: 'x' });
    expect([...g.entries.keys()]).toEqual(['mine']);
  });

  it.each([
    [{ output: 'the text' }],
    [{ text: 'the text' }],
    [{ generated_text: 'the text' }],
    [{ completion: 'the text' }],
    [{ choices: [{ text: 'the text' }] }],
    [{ choices: [{ message: { role: 'assistant', content: 'the text' } }] }],
    [{ response: { choices: [{ message: { content: 'the text' } }] } }],
    [{ response: { status_code: 200, body: { choices: [{ text: 'the text' }] } } }],
    [{ output_sha256: createHash('sha256').update('the text').digest('hex').toUpperCase() }],
  ])('fingerprints the same output from %j', async (fields) => {
    const g = await one({ id: 'a', ...fields });
    expect(entry(g, 'a')).toMatchObject({ hash: sha('the text') });
  });

  it('keeps an opaque output_hash in its own namespace, and a tool call message as its JSON', async () => {
    expect(entry(await one({ id: 'a', output_hash: 'xxh64:1234' }), 'a')).toEqual({ hash: 'given:xxh64:1234' });
    const message = {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 't', type: 'function', function: { name: 'f', arguments: '{}' } }],
    };
    expect(entry(await one({ id: 'a', choices: [{ message }] }), 'a')).toMatchObject({
      hash: sha(JSON.stringify(message)),
    });
  });

  it('pairs a precomputed SHA-256 with the hash of the same text (real hashes of the base outputs)', async () => {
    const hashes = await readGenerationSet('generations_hashes.synthetic.jsonl');
    const base = await readGenerationSet('generations_base.synthetic.jsonl');
    for (const [id, e] of hashes.entries) expect(e).toEqual({ hash: (base.entries.get(id) as { hash: string }).hash });
  });

  it("reads a JSON list with prompt_id and generated_text; lines are the elements' start lines", async () => {
    const g = await readGenerationSet('generations_list.synthetic.json');
    expect([...g.entries.keys()]).toEqual(['p0', 'p1', 'p2', 'p3', 'p4']);
    const broken = await inputError(
      readGenerations(textSource('l.json', '[\n {"id": 1, "text": "a"},\n {"id": 2, "text": 5}\n]')),
    );
    expect(broken.message).toBe(
      'l.json:3: field "text": generations: 1 of 2 records are bad, more than the 5% allowed; the first: expected a string, got 5',
    );
  });

  it('records temperature and seed from the record or its sampling container', async () => {
    const g = await readGenerationSet('generations_sampled_base.synthetic.jsonl');
    expect(g.sampling).toEqual({ withTemperature: 20, maxTemperature: 0.8, withSeed: 0 });
    const seeded = await one({ id: 'a', output: 'x', request: { body: { temperature: 0.7, seed: 42 } } });
    expect(seeded.sampling).toEqual({ withTemperature: 1, maxTemperature: 0.7, withSeed: 1 });
  });

  it('skips blank lines and CRLF endings without counting them', async () => {
    const g = await readGenerations(
      textSource('g.jsonl', '{"id": "a", "output": "x"}\r\n\r\n   \n{"id": "b", "output": "y"}'),
    );
    expect(g.records).toBe(2);
    expect(entry(g, 'b')).toEqual({ hash: sha('y'), length: 1 });
  });

  it('keeps the first of a repeated id and says so', async () => {
    const g = await readGenerations(textSource('g.jsonl', '{"id": "a", "output": "x"}\n{"id": "a", "output": "y"}\n'));
    expect(entry(g, 'a')).toEqual({ hash: sha('x'), length: 1 });
    expect(g.duplicates).toBe(1);
    expect(g.warnings).toEqual([
      '1 record(s) repeat an id already seen (first at line 2, id "a"); the first of each is kept',
    ]);
  });

  it('warns when ids are made by the server per call', async () => {
    const g = await one({ id: 'chatcmpl-AhjSMl7oZ79yIPHLRYgmgXSixTJr7', choices: [{ message: { content: 'x' } }] });
    expect(g.warnings[0]).toMatch(/^1 id\(s\) look made by the server per call/);
  });
});

describe('bad lines', () => {
  it('rejects 6 bad records of 100 (more than 5%), naming file, line and field of the first', async () => {
    const error = await inputError(
      readGenerations(
        textSource('generations_bad_lines.synthetic.jsonl', fixture('generations_bad_lines.synthetic.jsonl'), 50),
      ),
    );
    expect(error.file).toBe('generations_bad_lines.synthetic.jsonl');
    expect(error.line).toBe(11);
    expect(error.message).toMatch(
      /^generations_bad_lines\.synthetic\.jsonl:11: generations: 6 of 100 records are bad, more than the 5% allowed; the first: not valid JSON/,
    );
  });

  it('accepts 5 bad of 100 (exactly 5%) and reports every one with its line and field', async () => {
    const lines = fixture('generations_bad_lines.synthetic.jsonl').split('\n');
    lines[85] = JSON.stringify({ request_id: 85, output: 'fixed' });
    const g = await readGenerations(textSource('b.jsonl', lines.join('\n'), 33));
    expect(g.bad).toBe(5);
    expect(g.entries.size).toBe(95);
    expect(g.issues.map((i) => [i.line, i.field ?? '', i.message.replace(/:.*/s, '')])).toEqual([
      [11, '', 'not valid JSON'],
      [26, 'id', 'no id'],
      [41, 'output', 'expected a string, got an array'],
      [56, '', 'expected a JSON object for one request'],
      [71, '', 'not valid JSON'],
    ]);
    expect(g.warnings[0]).toBe(`5 of 100 records skipped; the first: b.jsonl:11: ${g.issues[0].message}`);
  });

  it('rejects a bad output_sha256 with its field', async () => {
    const error = await inputError(one({ id: 'a', output_sha256: 'abc123' }));
    expect(error.message).toBe(
      'g.jsonl:1: field "output_sha256": generations: 1 of 1 records are bad, more than the 5% allowed; the first: expected 64 hex digits, got "abc123"',
    );
  });

  it('rejects a record with neither output nor hash, listing what it looked for', async () => {
    const error = await inputError(one({ id: 'a', usage: {} }));
    expect(error.field).toBe('output');
    expect(error.message).toContain('no output: expected output, text, generated_text, completion, choices[0].text');
  });

  it('refuses an empty file', async () => {
    const error = await inputError(readGenerations(textSource('e.jsonl', '\n\n')));
    expect(error.message).toBe('e.jsonl: generations: no records');
  });
});
