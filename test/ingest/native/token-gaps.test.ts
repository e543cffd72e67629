import { describe, expect, it } from 'vitest';
import { RequestTableBuilder } from '../../../src/ingest/request-table';

describe('token gaps', () => {
  it('are kept per request, sorted with the rows, and a bad gap rejects its record', () => {
    const b = new RequestTableBuilder('t');
    b.addRecord({ arrival_ts: 3, first_token_ms: 10, total_ms: 30 }, 1, [5, 6]);
    b.addRecord({ arrival_ts: 1, first_token_ms: 10, total_ms: 40 }, 2, [7, 8, 9]);
    b.addRecord({ arrival_ts: 2, first_token_ms: 10, total_ms: 20 }, 3, [1, -1]);
    b.addRecord({ arrival_ts: 4, first_token_ms: 10, total_ms: 10 }, 4, []);
    const { table, issues } = b.finish();
    expect(issues.kept[0]).toMatchObject({
      line: 3,
      field: 'itl',
      message: 'token gap 2: expected a duration ≥ 0, got -1',
    });
    expect([...table!.numbers.arrival_ts!]).toEqual([1, 3, 4]);
    expect([...table!.tokenGaps!.offsets]).toEqual([0, 3, 5, 5]);
    expect([...table!.tokenGaps!.values]).toEqual([7, 8, 9, 5, 6]);
  });
});
