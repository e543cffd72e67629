// The published JSON Schemas describe what the ingester accepts: simulated records and metadata
// validate; records the ingester rejects for their values do not.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020';
import { baseScenario, simulateToJsonl } from '../../../src/sim';
import { runFromRecords } from '../../helpers/tables';

const ajv = new Ajv2020({ strict: false, allErrors: true });
const request = ajv.compile(JSON.parse(readFileSync('docs/schema/native-request.schema.json', 'utf8')));
const metadata = ajv.compile(JSON.parse(readFileSync('docs/schema/native-metadata.schema.json', 'utf8')));

describe('native JSON Schemas', () => {
  it('accept what the simulator writes', () => {
    const lines = simulateToJsonl(baseScenario(3, 200))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(metadata(lines[0].metadata), JSON.stringify(metadata.errors)).toBe(true);
    for (const record of lines.slice(1)) expect(request(record), JSON.stringify(request.errors)).toBe(true);
  });

  it('agree with the ingester on good and bad records', async () => {
    const cases: [Record<string, unknown>, boolean][] = [
      [{ first_token_ms: 10, total_ms: 20 }, true],
      [{ first_token_ms: '10.5', total_ms: '20', arrival_ts: '2025-10-09T12:00:00Z' }, true],
      [{ error: 'timeout' }, true],
      [{ error: true }, true],
      [{ first_token_ms: 10 }, false],
      [{ first_token_ms: -1, total_ms: 20 }, false],
      [{ first_token_ms: 'fast', total_ms: 20 }, false],
      [{ first_token_ms: 10, total_ms: 20, error: false }, true],
      [{ error: false }, false],
      [{ first_token_ms: 10, total_ms: 20, prompt_tokens: -3 }, false],
    ];
    for (const [record, valid] of cases) {
      expect(request(record), JSON.stringify(record)).toBe(valid);
      const run = await runFromRecords([record, { first_token_ms: 1, total_ms: 2 }]).catch(() => undefined);
      const kept = run?.requests?.length ?? 0;
      expect(kept === 2, `ingester on ${JSON.stringify(record)}`).toBe(valid);
    }
  });
});
