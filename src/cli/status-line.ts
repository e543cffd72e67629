// One status line on a terminal's stderr for work longer than a couple of seconds: what is being
// done and how far along, rewritten in place at most a few times a second, erased when done. Quiet
// on anything but a terminal (CI logs, pipes) and for short work.

import type { ReadProgress } from '../io/progress';

export interface StatusLine {
  /** What is happening now; shown once the work has run for `delayMs`. */
  set(text: string): void;
  clear(): void;
}

export function terminalStatus(
  write: (text: string) => void,
  now: () => number = Date.now,
  delayMs = 2000,
  intervalMs = 250,
): StatusLine {
  const began = now();
  let last = -Infinity;
  let shown = false;
  return {
    set(text) {
      const t = now();
      if (t - began < delayMs || t - last < intervalMs) return;
      last = t;
      shown = true;
      write(`\r\x1b[2K${text.slice(0, 120)}`);
    },
    clear() {
      if (shown) write('\r\x1b[2K');
      shown = false;
    },
  };
}

/** Reading progress as status text: "reading head.jsonl: 45% (220 of 489 MB)". */
export function readingStatus(status: StatusLine): ReadProgress {
  let name = '';
  let total = 0;
  let read = 0;
  const mb = (n: number) => (n / 1e6).toFixed(0);
  return {
    start(file, bytes) {
      name = file;
      total = bytes;
      read = 0;
      status.set(`reading ${name}…`);
    },
    advance(chars) {
      read += chars;
      const share = total > 0 ? Math.min(1, read / total) : 0;
      status.set(`reading ${name}: ${(share * 100).toFixed(0)}% (${mb(read)} of ${mb(total)} MB)`);
    },
    done() {
      status.set(`read ${name}`);
    },
  };
}
