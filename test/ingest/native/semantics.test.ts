import { describe, expect, it } from 'vitest';
import { runFromRecords } from '../../helpers/tables';
import { parseTimestamp } from '../../../src/ingest/native/values';
import { successMask } from '../../../src/metrics/values';

describe('record semantics', () => {
  it('reads an ISO timestamp without a zone as UTC, whatever the machine zone', () => {
    expect(parseTimestamp('2025-10-09T12:00:00.25')).toBe(parseTimestamp('2025-10-09T12:00:00.25Z'));
    expect(parseTimestamp('2025-10-09 12:00:00')).toBe(Date.UTC(2025, 9, 9, 12) / 1000);
    expect(parseTimestamp('2025-10-09T14:00:00+02:00')).toBe(Date.UTC(2025, 9, 9, 12) / 1000);
  });

  it('marks a request failed only for an error message or true; false and blanks are success', async () => {
    const run = await runFromRecords([
      { arrival_ts: 1, first_token_ms: 1, total_ms: 2, error: false },
      { arrival_ts: 2, first_token_ms: 1, total_ms: 2, error: '  ' },
      { arrival_ts: 3, first_token_ms: 1, total_ms: 2, error: null },
      { arrival_ts: 4, error: true },
      { arrival_ts: 5, error: 'timeout after 30 s' },
    ]);
    expect([...successMask(run.requests!)]).toEqual([1, 1, 1, 0, 0]);
    expect(run.sources[0].skipped).toBe(0);
  });
});
