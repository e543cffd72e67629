// Runs the bundled action (dist/index.js) as a runner starts it, against the REST emulator.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { onTestFinished } from 'vitest';
import { startEmulator } from './emulator/server';

export const root = resolve('.');
export const HEAD_SHA = 'a'.repeat(40);
export const FORK_SHA = 'b'.repeat(40);

export function run(env: Record<string, string>, cwd: string): Promise<{ code: number | null; stdout: string }> {
  return new Promise((done) => {
    // Async, not spawnSync: the emulator answers from this process's event loop.
    const child = spawn(process.execPath, [join(root, 'dist/index.js')], {
      cwd,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stdout += d));
    child.on('close', (code) => done({ code, stdout }));
  });
}

export async function setup(event: string, payload: Record<string, unknown>, inputs: Record<string, string>) {
  const gh = await startEmulator({});
  onTestFinished(() => gh.close());
  const s = gh.state;
  s.addRepo({ owner: 'acme', name: 'llm', ownerType: 'Organization', files: { 'README.md': '# llm\n' } });
  s.addActionsToken('ghs_actions');
  s.addPull('acme/llm', { number: 7, author: 'alice', head: { ref: 'feat', sha: HEAD_SHA } });
  s.addPull('acme/llm', { number: 8, author: 'mallory', head: { ref: 'patch-1', sha: FORK_SHA, repo: 'mallory/llm' } });
  const dir = mkdtempSync(join(tmpdir(), 'pt-e2e-'));
  const files = { event: join(dir, 'event.json'), output: join(dir, 'output.txt'), summary: join(dir, 'summary.md') };
  writeFileSync(files.event, JSON.stringify(payload));
  writeFileSync(files.output, '');
  writeFileSync(files.summary, '');
  const env: Record<string, string> = {
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: event,
    GITHUB_EVENT_PATH: files.event,
    GITHUB_REPOSITORY: 'acme/llm',
    GITHUB_API_URL: gh.url,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: '9001',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    RUNNER_TEMP: dir,
    'INPUT_GITHUB-TOKEN': 'ghs_actions',
  };
  for (const [k, v] of Object.entries(inputs)) env[`INPUT_${k.toUpperCase()}`] = v;
  return { gh, s, dir, env, files };
}
