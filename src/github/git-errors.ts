// What GitHub's answers to Git Data writes mean for a journal commit: a lost race (retry), a
// protected branch or a read-only token (stop, and say what to change), or an unknown outcome
// (the write may have landed: check before writing again).

import { statusOf } from './client';

export type CommitErrorKind =
  /** The branch kept moving: every fast-forward update lost the race to another writer. */
  | 'conflict'
  /** Branch protection or a ruleset refused the update. */
  | 'protected'
  /** The token may not write repository contents. */
  | 'permission'
  /** The branch does not exist and creating it was not asked for. */
  | 'missing-branch'
  /** The repository has no commits at all. */
  | 'empty-repository'
  /** A path or a file the request cannot work with (a directory, a symlink, not UTF-8). */
  | 'invalid'
  /** GitHub refused the update for another reason. */
  | 'rejected';

export class CommitError extends Error {
  override readonly name = 'CommitError';
  constructor(
    readonly kind: CommitErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface BranchTarget {
  owner: string;
  repo: string;
  branch: string;
}

/** GitHub's own message (the JSON body's `message`), else the error's text. */
export function githubMessage(error: unknown): string {
  const data = (error as { response?: { data?: unknown } } | undefined)?.response?.data;
  if (data !== null && typeof data === 'object') {
    const message = (data as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message.trim();
  }
  return error instanceof Error ? error.message : String(error);
}

const NOT_FAST_FORWARD = /not a fast[- ]?forward/i;
// Classic branch protection ("Protected branch update failed for refs/heads/main.", "Changes must
// be made through a pull request.", "Required status check … is expected.") and rulesets
// ("Repository rule violations found", "Cannot update this protected ref.").
const PROTECTED =
  /protected branch|protected ref|rule violation|must be made through a pull request|required status check|approving review|cannot force-push/i;
const READ_ONLY = /resource not accessible by|must have (push|write) access|write access to repository not granted/i;

/** The update lost a race: the branch is no longer where this attempt started from. */
export function isNotFastForward(error: unknown): boolean {
  return statusOf(error) === 422 && NOT_FAST_FORWARD.test(githubMessage(error));
}

export function isProtectedRefusal(error: unknown): boolean {
  const status = statusOf(error);
  return (status === 422 || status === 403 || status === 409) && PROTECTED.test(githubMessage(error));
}

export function isReadOnlyRefusal(error: unknown): boolean {
  return statusOf(error) === 403 && READ_ONLY.test(githubMessage(error));
}

const where = (t: BranchTarget) => `${t.owner}/${t.repo}@${t.branch}`;

export function protectedBranchError(target: BranchTarget, cause: unknown): CommitError {
  return new CommitError(
    'protected',
    `Cannot commit the performance journal to ${where(target)}: the branch is protected and GitHub refused the update ` +
      `("${githubMessage(cause)}"). Nothing was committed, and retrying will not help. Either keep the journal on a data branch: ` +
      `set the \`journal-branch\` input (for example \`journal-branch: perf-journal\`; it is created on first use, and needs no ` +
      `protection); or let the workflow's token through: add the identity the token acts as (the GitHub Actions app, or the ` +
      `GitHub App whose token the workflow uses) to the bypass list of the branch's ruleset.`,
    { cause },
  );
}

export function readOnlyTokenError(target: BranchTarget, cause: unknown): CommitError {
  return new CommitError(
    'permission',
    `Cannot commit the performance journal to ${where(target)}: the token may not write repository contents ` +
      `("${githubMessage(cause)}"). Give the job \`permissions: contents: write\` (a fine-grained token needs ` +
      `"Contents: read and write"). Runs for pull requests from forks always get a read-only token: record the journal ` +
      `from a push or workflow_run workflow instead.`,
    { cause },
  );
}
