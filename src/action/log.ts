// Logging that artifact text cannot hijack. The runner reads two syntaxes of workflow commands from
// stdout: "::name::" at the start of a line, and the older "##[name]" anywhere in a line. Untrusted
// text is flattened to one line and both are broken up with a zero-width space, so it shows the same
// but commands nothing.

import * as core from '@actions/core';
import { neutraliseCommands, plainText } from '../render/escape';

export function safeLogText(text: string, max = 2000): string {
  return neutraliseCommands(plainText(text, max));
}

export function info(text: string): void {
  core.info(safeLogText(text));
}

export function warning(text: string): void {
  core.warning(safeLogText(text));
}

/** Fails the step with a message that may quote artifact text (line breaks kept, for a stack). */
export function fail(text: string): void {
  core.setFailed(
    neutraliseCommands(
      text
        .split('\n')
        .map((line) => plainText(line, 2000))
        .join('\n'),
    ),
  );
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
