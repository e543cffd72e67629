import { it } from 'vitest';
import { ingestNative, detectNativeLayout } from '../../../src/ingest/native/native';
import { textSource } from '../../../src/ingest/source';
import { parseTimestamp } from '../../../src/ingest/native/values';

const opts = { maxBadLineRatio: 0.1 };
async function tryIt(name: string, text: string) {
  try {
    const run = await ingestNative(textSource(name, text), opts);
    console.log(name, JSON.stringify({ meta: run.meta, src: run.sources, len: run.requests?.length, nums: Object.fromEntries(Object.entries(run.requests!.numbers).map(([k, v]) => [k, [...v]])) }));
  } catch (e) { console.log(name, 'THROWS', (e as Error).name, (e as Error).message); }
}
it('probe', async () => {
  await tryIt('a.jsonl', '{"first_token_ms": 1}\n');
  await tryIt('b.jsonl', '{"metadata": {"benchmark": 5}}\n{"first_token_ms": 1, "total_ms": 2}\n');
  await tryIt('c.json', JSON.stringify({ metadata: { benchmark: 'x' }, requests: [{ first_token_ms: 1, total_ms: 2 }] }));
  await tryIt('d.csv', 'first_token_ms,total_ms\n1,1e400\n2,3\n');
  await tryIt('e.json', '[{"first_token_ms": 1, "total_ms": 2},\n{"first_token_ms": 1, "tot');
  await tryIt('f.jsonl', '   \n\n');
  console.log(parseTimestamp('2025-10-09T08:53:20.123456Z'), 1760000000.123456, parseTimestamp('2025-10-09T08:53:20.123456789Z'), parseTimestamp(1760000000123456), parseTimestamp('1e400'));
  console.log(detectNativeLayout('hello'));
});
