// Reading a file of the repository at a ref through the API (contents endpoint): the journal and the
// baselines are read from the base branch, never from the workspace of a pull request, which the PR
// could have edited.

import { statusOf, type GitHubClient } from './client';
import type { RepoRef } from './context';

export async function readRepoFile(
  client: GitHubClient,
  repo: RepoRef,
  ref: string,
  path: string,
): Promise<string | undefined> {
  try {
    const { data } = await client.rest.repos.getContent({ ...repo, path, ref });
    if (Array.isArray(data) || data.type !== 'file') return undefined;
    if ('content' in data && typeof data.content === 'string' && data.encoding === 'base64' && data.content !== '') {
      return Buffer.from(data.content, 'base64').toString('utf8');
    }
    // Files over 1 MB come without content: fetch the blob.
    const { data: blob } = await client.rest.git.getBlob({ ...repo, file_sha: data.sha });
    return Buffer.from(blob.content, 'base64').toString('utf8');
  } catch (error) {
    if (statusOf(error) === 404) return undefined;
    throw error;
  }
}
