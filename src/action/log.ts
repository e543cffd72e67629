// Logging that artifact text cannot hijack: the runner reads any stdout line starting with "::" as
// a workflow command, so untrusted text is flattened to one line and its "::" broken up.

import * as core from '@actions/core';
import { plainText } from '../render/escape';

export function safeLogText(text: string, max = 2000): string {
  return plainText(text, max).replace(/:(?=:)/g, ':\u200b');
}

export function info(text: string): void {
  core.info(safeLogText(text));
}

export function warning(text: string): void {
  core.warning(safeLogText(text));
}

/** A collapsible section of the log that ends with how long it took. */
export async function timedGroup<T>(name: string, work: () => Promise<T>): Promise<T> {
  return core.group(name, async () => {
    const started = performance.now();
    const result = await work();
    core.info(`${name.replace(/^perf-triage: /, '')}: ${((performance.now() - started) / 1000).toFixed(2)} s`);
    return result;
  });
}
