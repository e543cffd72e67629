// One comment per pull request and benchmark group, updated in place. Found by marker (its last line,
// exactly) and author; duplicates (older versions, or two runs that raced) are removed so exactly one
// stays.

import { outcomeUnknown, statusOf, type GitHubClient } from './client';
import { hasMarker, hasStamp, marker } from './marker';

export interface CommentTarget {
  owner: string;
  repo: string;
  issueNumber: number;
  group: string;
  /** Logins whose comments count as ours (the token's account). */
  authors: readonly string[];
}

export interface CommentResult {
  action: 'created' | 'updated' | 'unchanged';
  id: number;
  url: string;
  /** Comments of ours removed as duplicates. */
  removed: number;
}

interface IssueComment {
  id: number;
  body?: string | null;
  html_url: string;
  user: { login: string } | null;
}

export async function listOurComments(client: GitHubClient, target: CommentTarget): Promise<IssueComment[]> {
  const all = (await client.paginate(client.rest.issues.listComments, {
    owner: target.owner,
    repo: target.repo,
    issue_number: target.issueNumber,
    per_page: 100,
  })) as IssueComment[];
  return all
    .filter((c) => hasMarker(c.body, target.group) && c.user !== null && target.authors.includes(c.user.login))
    .sort((a, b) => a.id - b.id);
}

/** Creates or updates the group's comment with `body` (the marker is added here). */
export async function upsertComment(
  client: GitHubClient,
  target: CommentTarget,
  body: string,
  stamp: string,
  sha?: string,
  workflow?: string,
): Promise<CommentResult> {
  // The marker goes last, after every untrusted text: only a comment's last line is read as one.
  const full = `${body.trimEnd()}\n${marker(target.group, stamp, sha, workflow)}\n`;
  const existing = await listOurComments(client, target);
  let kept: IssueComment;
  let action: CommentResult['action'];
  if (existing.length === 0) {
    kept = await createOnce(client, target, full, stamp);
    action = 'created';
  } else {
    kept = existing[0];
    action = kept.body === full ? 'unchanged' : 'updated';
    if (action === 'updated') kept = await update(client, target, kept.id, full);
  }
  // Remove older versions, and settle a race: when two runs created a comment at once, the oldest
  // stays (both runs agree on it) and carries the newest body.
  let removed = 0;
  const now = await listOurComments(client, target);
  const survivor = now[0] ?? kept;
  for (const extra of now.slice(1)) removed += await remove(client, target, extra.id);
  if (survivor.id !== kept.id) {
    kept = await update(client, target, survivor.id, full);
    action = 'updated';
  }
  return { action, id: kept.id, url: kept.html_url, removed };
}

/**
 * A POST whose answer was lost may have landed: before trying again, look for a comment carrying
 * this run's stamp. Never two comments from one run.
 */
async function createOnce(
  client: GitHubClient,
  target: CommentTarget,
  body: string,
  stamp: string,
  attempts = 3,
): Promise<IssueComment> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { data } = await client.rest.issues.createComment({
        owner: target.owner,
        repo: target.repo,
        issue_number: target.issueNumber,
        body,
        request: { retries: 0 },
      });
      return data as IssueComment;
    } catch (error) {
      if (!outcomeUnknown(error) || attempt >= attempts) throw error;
      const landed = (await listOurComments(client, target)).find((c) => hasStamp(c.body, target.group, stamp));
      if (landed) return landed;
    }
  }
}

async function update(client: GitHubClient, target: CommentTarget, id: number, body: string): Promise<IssueComment> {
  const { data } = await client.rest.issues.updateComment({
    owner: target.owner,
    repo: target.repo,
    comment_id: id,
    body,
  });
  return data as IssueComment;
}

async function remove(client: GitHubClient, target: CommentTarget, id: number): Promise<number> {
  try {
    await client.rest.issues.deleteComment({ owner: target.owner, repo: target.repo, comment_id: id });
    return 1;
  } catch (error) {
    // Another run may have removed it first.
    if (statusOf(error) === 404) return 0;
    throw error;
  }
}
