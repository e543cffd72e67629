// `perf-triage simulate`: writes simulated §4 telemetry (JSONL) for trying the tool, building
// fixtures and benchmarking. `--inject ID` applies one of the injected regressions.

import { closeSync, openSync, writeSync } from 'node:fs';
import { baseScenario, injectedRegressions, scenarioMetadata, simulate } from '../sim';
import type { CliIo } from './run';
import { parseCliArgs, UsageError } from './usage-error';

export async function runSimulate(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseCliArgs(
    {
      args: [...args],
      options: {
        seed: { type: 'string' },
        requests: { type: 'string' },
        inject: { type: 'string' },
        out: { type: 'string', short: 'o' },
        list: { type: 'boolean' },
      },
      strict: true,
    },
    'simulate',
  );
  const regressions = injectedRegressions();
  if (values.list) {
    io.stdout(regressions.map((r) => `${r.id.padEnd(22)} ${r.description}`).join('\n') + '\n');
    return 0;
  }
  const seed = wholeNumber(values.seed ?? '1', '--seed');
  const requests = wholeNumber(values.requests ?? '2000', '--requests');
  let scenario = baseScenario(seed, requests);
  if (values.inject) {
    const regression = regressions.find((r) => r.id === values.inject);
    if (!regression)
      throw new UsageError(`--inject "${values.inject}" is not one of: ${regressions.map((r) => r.id).join(', ')}`);
    scenario = regression.apply(scenario);
  }
  // Synchronous writes keep memory flat however many requests are simulated.
  const fd = values.out ? openSync(values.out, 'w') : undefined;
  const write = (text: string) => (fd === undefined ? io.stdout(text) : writeSync(fd, text));
  let buffer = `${JSON.stringify({ metadata: scenarioMetadata(scenario) })}\n`;
  try {
    simulate(scenario, (r) => {
      buffer += `${JSON.stringify(r)}\n`;
      if (buffer.length >= 1 << 20) {
        write(buffer);
        buffer = '';
      }
    });
    write(buffer);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  return 0;
}

function wholeNumber(text: string, flag: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`${flag} must be a whole number, got "${text}"`);
  return n;
}
