#!/usr/bin/env node
// The CLI entry: everything else is in src/cli/run.ts so it can be tested without a process.
import { runCli } from './cli/run';
import { terminalStatus } from './cli/status-line';
import { neutraliseCommands, neutraliseCommandsInJson } from './render/escape';

// A status line only where someone watches: a terminal, not CI.
const interactive = process.stderr.isTTY === true && !process.env.CI;
// On a GitHub runner the log honours workflow commands in any output line, and reports quote artifact
// text: break them up (a JSON report value for value).
const onRunner = process.env.GITHUB_ACTIONS === 'true';
const isJson = (text: string) => {
  if (!/^\s*[{[]/.test(text)) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};
const safe = (text: string) =>
  !onRunner ? text : isJson(text) ? neutraliseCommandsInJson(text) : neutraliseCommands(text);
const code = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(safe(text)),
  stderr: (text) => process.stderr.write(safe(text)),
  cwd: process.cwd(),
  ...(interactive ? { status: terminalStatus((text) => process.stderr.write(text)) } : {}),
});
process.exitCode = code;
