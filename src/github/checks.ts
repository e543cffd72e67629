// In workflow_run mode the step's own status never shows on the pull request: a check run on the
// PR's head SHA carries the outcome instead. One per run (external_id), so a retried request or a
// re-run updates it rather than stacking checks.

import { outcomeUnknown, type GitHubClient } from './client';
import type { RepoRef } from './context';
import { CHECK_SUMMARY_LIMIT, cutSafely } from './fit';

export interface CheckOutcome {
  name: string;
  headSha: string;
  conclusion: 'success' | 'failure' | 'neutral';
  title: string;
  summary: string;
  detailsUrl?: string;
  externalId: string;
}

const TITLE_LIMIT = 255;

export async function publishCheck(
  client: GitHubClient,
  repo: RepoRef,
  outcome: CheckOutcome,
): Promise<{ id: number; url: string }> {
  // The caller fits the summary (publish.ts); this cut only guards the limit, at a safe line.
  const summary =
    outcome.summary.length > CHECK_SUMMARY_LIMIT ? cutSafely(outcome.summary, CHECK_SUMMARY_LIMIT) : outcome.summary;
  const output = { title: [...outcome.title].slice(0, TITLE_LIMIT).join(''), summary };
  const existing = await findCheck(client, repo, outcome);
  const body = {
    name: outcome.name,
    status: 'completed' as const,
    conclusion: outcome.conclusion,
    output,
    details_url: outcome.detailsUrl,
    external_id: outcome.externalId,
  };
  if (existing) {
    const { data } = await client.rest.checks.update({ ...repo, check_run_id: existing, ...body });
    return { id: data.id, url: data.html_url ?? '' };
  }
  try {
    const { data } = await client.rest.checks.create({
      ...repo,
      head_sha: outcome.headSha,
      ...body,
      request: { retries: 0 },
    });
    return { id: data.id, url: data.html_url ?? '' };
  } catch (error) {
    // The create may have landed before the answer was lost: look before creating again.
    if (!outcomeUnknown(error)) throw error;
    const landed = await findCheck(client, repo, outcome);
    if (landed) return { id: landed, url: '' };
    const { data } = await client.rest.checks.create({
      ...repo,
      head_sha: outcome.headSha,
      ...body,
      request: { retries: 0 },
    });
    return { id: data.id, url: data.html_url ?? '' };
  }
}

async function findCheck(client: GitHubClient, repo: RepoRef, outcome: CheckOutcome): Promise<number | undefined> {
  const runs = await client.paginate(client.rest.checks.listForRef, {
    ...repo,
    ref: outcome.headSha,
    check_name: outcome.name,
    per_page: 100,
  });
  return runs.find((r) => r.external_id === outcome.externalId)?.id;
}
