// Helpers of the attack tests (issue 12): the bundled action run for one event after another in one
// emulated world, hostile artifact text, and the payloads GitHub sends.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACTIONS_BOT } from '../../src/github/identity';
import { HEAD_SHA, root, run, setup } from './action-harness';
import { parseOutputs } from '../helpers/github-output';

export const DEMO = { base: join(root, 'examples/demo/base.jsonl'), head: join(root, 'examples/demo/head.jsonl') };
export const OTHER_SHA = 'd'.repeat(40);
export const GROUP = 'llama-8b-serving';
export const repository = { full_name: 'acme/llm', default_branch: 'main' };

/** The demo's head results with `text` as the value of an engine setting (rendered in the comment). */
export function hostileHead(text: string, benchmark?: string): string {
  const [first, ...rest] = readFileSync(DEMO.head, 'utf8').split('\n');
  const meta = JSON.parse(first);
  meta.metadata.config.note = text;
  if (benchmark) meta.metadata.benchmark = benchmark;
  return [JSON.stringify(meta), ...rest].join('\n');
}

export function forgedMarker(group: string, stamp: string, sha?: string): string {
  return `<!-- perf-triage:comment group=${group} stamp=${stamp}${sha ? ` sha=${sha}` : ''} -->`;
}

export const prPayload = (number = 7, sha = HEAD_SHA) => ({
  pull_request: { number, head: { sha, repo: { full_name: 'acme/llm' } }, base: { ref: 'main' } },
  repository,
});

export function commentPayload(
  body: string,
  options: { user?: string; number?: number; id?: number; createdAt?: string } = {},
) {
  const id = options.id ?? 99;
  return {
    action: 'created',
    issue: {
      number: options.number ?? 7,
      pull_request: { url: `https://api.github.com/repos/acme/llm/pulls/${options.number ?? 7}` },
    },
    comment: {
      id,
      body,
      user: { login: options.user ?? 'maria', type: 'User' },
      html_url: `https://github.com/acme/llm/pull/${options.number ?? 7}#issuecomment-${id}`,
      created_at: options.createdAt ?? '2025-01-01T00:10:00Z',
      updated_at: options.createdAt ?? '2025-01-01T00:10:00Z',
    },
    repository,
  };
}

export type World = Awaited<ReturnType<typeof setup>>;

/** Runs the action for another event in the same world. */
export async function runEvent(
  world: World,
  name: string,
  payload: unknown,
  extra: Record<string, string | undefined> = {},
) {
  writeFileSync(world.env.GITHUB_EVENT_PATH, JSON.stringify(payload));
  writeFileSync(world.files.output, '');
  writeFileSync(world.files.summary, '');
  const env: Record<string, string> = { ...world.env, GITHUB_EVENT_NAME: name };
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  const result = await run(env, world.dir);
  return {
    ...result,
    outputs: parseOutputs(readFileSync(world.files.output, 'utf8')),
    summary: readFileSync(world.files.summary, 'utf8'),
  };
}

export const botComments = (world: World, pull = 7) =>
  world.s.commentsOn('acme/llm', pull).filter((c) => c.author === ACTIONS_BOT);
