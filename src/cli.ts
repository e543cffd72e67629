#!/usr/bin/env node
// The CLI entry: everything else is in src/cli/run.ts so it can be tested without a process.
import { runCli } from './cli/run';
import { terminalStatus } from './cli/status-line';

// A status line only where someone watches: a terminal, not CI.
const interactive = process.stderr.isTTY === true && !process.env.CI;
const code = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  ...(interactive ? { status: terminalStatus((text) => process.stderr.write(text)) } : {}),
});
process.exitCode = code;
