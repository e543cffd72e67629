// The terminal status line: silent for short work, throttled, erased when done; reading progress
// as share and megabytes.
import { describe, expect, it } from 'vitest';
import { readingStatus, terminalStatus } from '../../src/cli/status-line';
import { withProgress } from '../../src/io/progress';
import { textSource } from '../../src/ingest/source';

function clockAndScreen() {
  let t = 0;
  const writes: string[] = [];
  return { tick: (ms: number) => (t += ms), now: () => t, write: (s: string) => writes.push(s), writes };
}

describe('terminal status line', () => {
  it('says nothing in the first two seconds, then at most four times a second, and erases itself', () => {
    const c = clockAndScreen();
    const status = terminalStatus(c.write, c.now);
    status.set('reading');
    c.tick(1999);
    status.set('still reading');
    expect(c.writes).toEqual([]);
    c.tick(1);
    status.set('reading 10%');
    c.tick(100);
    status.set('reading 11%');
    c.tick(150);
    status.set('reading 20%');
    status.clear();
    expect(c.writes).toEqual(['\r\x1b[2Kreading 10%', '\r\x1b[2Kreading 20%', '\r\x1b[2K']);
  });

  it('clears nothing when it showed nothing', () => {
    const c = clockAndScreen();
    terminalStatus(c.write, c.now).clear();
    expect(c.writes).toEqual([]);
  });

  it('shows how far a file has been read', async () => {
    const c = clockAndScreen();
    // Long work: every reading of the clock is 300 ms later, from 2 s after the start.
    let running = false;
    const status = terminalStatus(c.write, () => (running ? c.tick(300) : c.now()));
    c.tick(2000);
    running = true;
    const text = 'x'.repeat(3_000_000);
    const source = withProgress(textSource('head.jsonl', text, 1_000_000), 4_000_000, readingStatus(status));
    let read = 0;
    for await (const chunk of source.chunks()) read += chunk.length;
    expect(read).toBe(3_000_000);
    expect(c.writes).toEqual([
      '\r\x1b[2Kreading head.jsonl…',
      '\r\x1b[2Kreading head.jsonl: 25% (1 of 4 MB)',
      '\r\x1b[2Kreading head.jsonl: 50% (2 of 4 MB)',
      '\r\x1b[2Kreading head.jsonl: 75% (3 of 4 MB)',
      '\r\x1b[2Kread head.jsonl',
    ]);
  });
});
