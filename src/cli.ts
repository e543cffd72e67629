#!/usr/bin/env node
// The CLI entry: everything else is in src/cli/run.ts so it can be tested without a process.
import { runCli } from './cli/run';

const code = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
});
process.exitCode = code;
