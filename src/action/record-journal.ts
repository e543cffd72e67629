// Record mode: on a push to the default branch (or as the record input says), the result goes into the
// journal and the baseline moves.

import * as core from '@actions/core';
import type { JournalEntry } from '../journal/schema';
import type { Side } from '../model/run';
import { pairBenchmarks } from '../report/groups';
import type { Report } from '../report/model';
import type { GitHubClient } from '../github/client';
import { defaultBranch, runUrl, type GitHubContext } from '../github/context';
import { findAcceptance } from '../github/acceptance';
import { commentAuthors } from '../github/identity';
import { recordResults } from '../github/record';
import type { GitHubSettings } from '../github/settings';
import type { OnGitHub } from './action-run';
import { commentGroup } from './find-target';
import type { JournalSettings } from './journal-settings';
import { info } from './log';
import { softly } from './soft-call';

/** Record on a push to the default branch (auto), always, or never. */
export function shouldRecord(journal: JournalSettings, context: GitHubContext): boolean {
  if (journal.mode === 'off' || journal.record === 'never') return false;
  if (journal.record === 'always') return true;
  const branch = defaultBranch(context);
  return context.eventName === 'push' && branch !== undefined && context.payload.ref === `refs/heads/${branch}`;
}

/** The journal entry, with the merged PR's acceptance when there was one. */
export async function recordJournal(
  client: GitHubClient,
  context: OnGitHub,
  settings: GitHubSettings,
  journal: JournalSettings,
  branch: string,
  report: Report,
  base: Side,
  head: Side,
  firstBaseline: ReadonlySet<string>,
): Promise<{ entries: JournalEntry[]; authors: string[] }> {
  const heads = pairBenchmarks(base, head).pairs.map((p) => p.head);
  // Without the merged pull request the entry is recorded still, without its number or acceptance.
  const pulls =
    (await softly(
      `the pull request merged as ${context.sha.slice(0, 7)} was not read (the entry is recorded without it)`,
      async () =>
        (
          await client.rest.repos.listPullRequestsAssociatedWithCommit({
            ...context.repository,
            commit_sha: context.sha,
          })
        ).data,
    )) ?? [];
  const merged = pulls.find((p) => p.merged_at) ?? pulls[0];
  const group = commentGroup(settings, report);
  const authors = await commentAuthors(client, settings.commentAuthor).catch(() => []);
  const acceptance = merged
    ? await softly(`the acceptances on #${merged.number} were not read`, () =>
        findAcceptance(
          client,
          { repo: context.repository, issueNumber: merged.number, group, authors },
          merged.head.sha,
        ),
      )
    : undefined;
  const result = await recordResults({
    client,
    repo: context.repository,
    branch,
    paths: journal.paths,
    report,
    heads,
    runId: String(context.runId),
    recordedAt: new Date().toISOString(),
    commit: context.sha,
    runUrl: runUrl(context),
    ...(merged ? { pullRequest: { number: merged.number, title: merged.title, url: merged.html_url } } : {}),
    ...(acceptance ? { acceptance } : {}),
    firstBaseline,
  });
  core.setOutput('journal-commit', result.commit ?? '');
  info(
    result.skipped
      ? `journal: ${result.skipped}`
      : `journal: ${result.entries.map((e) => `${e.benchmark} ${e.kind}`).join(', ')} recorded in ${result.commit?.slice(0, 7)} on ${branch}`,
  );
  return { entries: result.entries, authors };
}
