// The client parses replies itself (JSON.parse): on Node 20 octokit's parser (json-with-bigint)
// overflows the regex stack on a reply over ~8 MB and hands back the unparsed text. Against the
// emulator, on whichever Node runs the tests (CI runs this file on Node 24 too).
import { describe, expect, it, onTestFinished } from 'vitest';
import { createClient } from '../../src/github/client';
import { readRepoFile } from '../../src/github/repo-files';
import { downloadArtifact, DEFAULT_ARTIFACT_LIMITS } from '../../src/github/artifact';
import { startEmulator } from './emulator/server';

const repo = { owner: 'acme', repo: 'llm' };

async function world() {
  const gh = await startEmulator({ validateResponses: true });
  onTestFinished(() => gh.close());
  gh.state.addActionsToken('ghs_actions');
  return { gh, client: createClient({ token: 'ghs_actions', baseUrl: gh.url, retryBaseMs: 10 }) };
}

describe('replies', () => {
  it('reads a 9 MiB file through the blob API (a 12 MB JSON reply)', async () => {
    const { gh, client } = await world();
    const text = `${'{"id":"x","benchmark":"llama"}\n'.repeat(320_000)}`;
    expect(text.length).toBeGreaterThan(9 * 1024 * 1024);
    gh.state.addRepo({ owner: 'acme', name: 'llm', files: { 'journal.jsonl': text } });
    const read = await readRepoFile(client, repo, 'main', 'journal.jsonl');
    expect(read?.length).toBe(text.length);
    expect(read === text).toBe(true);
    expect(gh.calls('git/get-blob')).toHaveLength(1);
    expect(gh.state.violations).toEqual([]);
  }, 60_000);

  it('keeps every other kind of reply as octokit gives it: JSON pages, bytes, no content, errors', async () => {
    const { gh, client } = await world();
    const s = gh.state;
    s.addRepo({ owner: 'acme', name: 'llm', files: { 'README.md': '# llm\n' } });
    s.addPull('acme/llm', { number: 7, head: { ref: 'feat', sha: 'a'.repeat(40) } });
    for (let i = 0; i < 120; i++) s.addComment('acme/llm', 7, { author: 'alice', body: `comment ${i}` });
    const all = await client.paginate(client.rest.issues.listComments, { ...repo, issue_number: 7, per_page: 50 });
    expect(all.map((c) => c.body)).toEqual(Array.from({ length: 120 }, (_, i) => `comment ${i}`));
    const run = s.addWorkflowRun('acme/llm', { headBranch: 'feat', headSha: 'a'.repeat(40) });
    s.addArtifact(run.id, { name: 'results', files: { 'a.json': '{"x":1}' } });
    const files = await downloadArtifact(client, repo, run.id, 'results', DEFAULT_ARTIFACT_LIMITS);
    expect(files.map((f) => [f.name, Buffer.from(f.data).toString('utf8')])).toEqual([['a.json', '{"x":1}']]);
    const { data: created } = await client.rest.issues.createComment({ ...repo, issue_number: 7, body: 'bye' });
    const deleted = await client.rest.issues.deleteComment({ ...repo, comment_id: created.id });
    expect(deleted.status).toBe(204);
    const missing = await client.rest.repos.getContent({ ...repo, path: 'nope' }).catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 404, response: { data: { message: 'Not Found' } } });
    expect(gh.state.violations).toEqual([]);
  }, 60_000);
});
