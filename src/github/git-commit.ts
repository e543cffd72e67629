// One atomic commit of several files on a branch, through the Git Data API, safe against other
// writers and against lost answers:
//
//   read the branch (ref → commit → tree) → apply(read) → tree (base_tree) → commit (parent: the
//   head that was read) → update the ref, fast-forward only.
//
// Another writer that moved the branch in between makes the update fail ("Update is not a fast
// forward"): the head is read again and `apply` re-run on it, so what the other writer appended is
// kept, with randomized exponential back-off and a bounded number of attempts.
//
// A ref update whose answer was lost (5xx, network) may have landed: before trying again, the
// branch is checked for the commit (or for one carrying the idempotency trailer), so one call never
// commits twice. A re-run of a workflow is the `apply` callback's to recognise (the journal checks
// entry ids): it returns 'no-change', or the same content, which is skipped.
//
// A data branch that does not exist yet (createBranchIfMissing) is created as an orphan: a root
// commit holding only the files written, so the branch carries the journal and not a copy of the
// code, is small to fetch, and can never be merged into the code by mistake.

import { outcomeUnknown, statusOf, type GitHubClient } from './client';
import {
  CommitError,
  githubMessage,
  isNotFastForward,
  isProtectedRefusal,
  isReadOnlyRefusal,
  protectedBranchError,
  readOnlyTokenError,
  type BranchTarget,
} from './git-errors';
import { hasTrailer, idempotencyTrailer, withTrailer } from './git-trailer';

export { CommitError, type CommitErrorKind } from './git-errors';
export { hasTrailer, idempotencyTrailer, withTrailer } from './git-trailer';

/** A file to write: UTF-8 text (the journal JSONL, its markdown, baseline JSON files). */
export interface FileChange {
  path: string;
  content: string;
}

/** Reads a file of the branch as it was when this attempt started; undefined when absent. */
export type FileReader = (path: string) => Promise<string | undefined>;

export interface RetryEvent {
  /** The attempt about to start (2 for the first retry). */
  attempt: number;
  maxAttempts: number;
  delayMs: number;
  reason: string;
}

export interface CommitRequest {
  owner: string;
  repo: string;
  /** The branch: the default branch, or a data branch such as "perf-journal". */
  branch: string;
  /**
   * Create the branch when it does not exist: as an orphan branch whose first commit holds only the
   * files written (no history, no code). Without it, a missing branch is an error.
   */
  createBranchIfMissing?: boolean;
  message: string;
  /** Commit author; by default GitHub uses the token's identity. */
  author?: { name: string; email: string };
  /**
   * Computes the files from what the branch currently holds. Called again on every attempt, with a
   * reader of the new head, so it must derive everything from what it reads (append the entry if
   * its id is not there yet, re-render the markdown from the JSONL) and never from an earlier call.
   */
  apply(read: FileReader): Promise<FileChange[] | 'no-change'>;
  /** Attempts before giving up when the branch keeps moving (default 8). */
  maxAttempts?: number;
  /**
   * Identifies this logical commit (e.g. the workflow run and attempt): added to the message as a
   * trailer ("Perf-Triage-Run: 12345.1"; a bare value gets that key). When the branch head already
   * carries it, the call succeeds without committing again. Use one key per commit and branch.
   */
  idempotencyKey?: string;
  /**
   * Back-off before retry n (n = 1, 2, …): a random wait ("full jitter") up to unit·2^(n−1), capped at
   * maxMs, where unit is the longer of baseMs and how long the lost attempt took from reading the
   * head to updating the ref (the window in which others can get in the way). Defaults 500 ms, 10 s.
   */
  backoff?: { baseMs?: number; maxMs?: number };
  /** Told before each retry (for the log). */
  onRetry?(event: RetryEvent): void;
}

export interface Committed {
  /** The commit carrying the change. */
  sha: string;
  /** Attempts made (1 when the first one landed). */
  attempts: number;
  /**
   * True when this call made the commit; false when the branch already carried a commit with the
   * same idempotency key (a repeated call, or a re-run with the same key).
   */
  created: boolean;
  /** This call created the branch. */
  branchCreated: boolean;
}

export interface Skipped {
  skipped: 'no-change';
  /** Why nothing was committed. */
  detail: string;
  attempts: number;
}

export type CommitResult = Committed | Skipped;

const DEFAULT_ATTEMPTS = 8;
const DEFAULT_BACKOFF = { baseMs: 500, maxMs: 10_000 };
/** Larger files go through the blob API; smaller ones are inlined in the tree request. */
const INLINE_LIMIT = 512 * 1024;
/** Commits walked back from the head when looking for a commit whose ref update was lost. */
const WALK_LIMIT = 100;
const FILE_MODE = '100644';

interface Head {
  sha: string;
  tree: string;
  message: string;
  parents: string[];
}

interface Attempt {
  commit: string;
  /** The head the commit was made on; undefined for the root commit of a new branch. */
  base: string | undefined;
}

export async function commitFiles(client: GitHubClient, request: CommitRequest): Promise<CommitResult> {
  const target: BranchTarget = { owner: request.owner, repo: request.repo, branch: request.branch };
  checkBranchName(request.branch);
  if (request.message.trim() === '') throw new CommitError('invalid', 'commit message is empty');
  const maxAttempts = request.maxAttempts ?? DEFAULT_ATTEMPTS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1)
    throw new CommitError('invalid', `maxAttempts must be a positive integer, got ${maxAttempts}`);
  const backoff = { ...DEFAULT_BACKOFF, ...request.backoff };
  const trailer = request.idempotencyKey !== undefined ? idempotencyTrailer(request.idempotencyKey) : undefined;
  const message = trailer ? withTrailer(request.message, trailer) : request.message;

  // Commits whose ref update had an unknown outcome: they may be on the branch.
  const uncertain: Attempt[] = [];
  let reason = '';
  let windowMs = 0;

  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    if (attempt > 1) {
      const cap = Math.min(backoff.maxMs, Math.max(backoff.baseMs, windowMs) * 2 ** (attempt - 2));
      const delayMs = Math.round(Math.random() * cap);
      request.onRetry?.({ attempt, maxAttempts, delayMs, reason });
      if (delayMs > 0) await sleep(delayMs);
    }

    const startedAt = Date.now();
    const head = await readHead(client, target);
    if (head === undefined && !request.createBranchIfMissing) {
      throw new CommitError(
        'missing-branch',
        `Branch ${request.branch} does not exist in ${request.owner}/${request.repo} (or the token cannot see the repository). ` +
          `Create it, or let it be created as a data branch (createBranchIfMissing).`,
      );
    }

    // Already there? A commit of ours whose answer was lost, or the same key committed before.
    if (head !== undefined) {
      const landed = await findLanded(client, target, head, uncertain, trailer);
      if (landed) {
        const made = uncertain.find((a) => a.commit === landed.sha);
        return {
          sha: landed.sha,
          attempts: Math.max(1, attempt - 1),
          created: landed.ours,
          branchCreated: made !== undefined && made.base === undefined,
        };
      }
    }

    const read = snapshotReader(client, target, head?.sha);
    const applied = await request.apply(read);
    if (applied === 'no-change') return { skipped: 'no-change', detail: 'nothing to record', attempts: attempt };
    const changes = await changedFiles(checkChanges(applied), read);
    if (changes.length === 0)
      return {
        skipped: 'no-change',
        detail: `the files already hold this content on ${request.branch}`,
        attempts: attempt,
      };

    const tree = await writeTree(client, target, changes, head?.tree);
    if (head !== undefined && tree === head.tree)
      return { skipped: 'no-change', detail: `the tree of ${request.branch} is unchanged`, attempts: attempt };
    const commit = await writeCommit(client, target, {
      message,
      tree,
      parents: head ? [head.sha] : [],
      author: request.author,
    });

    const outcome = head ? await updateRef(client, target, commit) : await createRef(client, target, commit);
    windowMs = Date.now() - startedAt;
    if (outcome === 'done') return { sha: commit, attempts: attempt, created: true, branchCreated: head === undefined };
    if (outcome === 'unknown') {
      // The update may have landed: if the branch is at our commit, it did.
      const now = await readHead(client, target);
      if (now?.sha === commit)
        return { sha: commit, attempts: attempt, created: true, branchCreated: head === undefined };
      uncertain.push({ commit, base: head?.sha });
      reason = 'the answer to the branch update was lost';
    } else {
      reason = head
        ? 'another writer moved the branch (not a fast forward)'
        : 'another writer created the branch first';
    }
  }

  const also = uncertain.length > 0 ? ' (none of its commits whose answer was lost is on the branch)' : '';
  throw new CommitError(
    'conflict',
    `Gave up committing to ${request.owner}/${request.repo}@${request.branch} after ${maxAttempts} attempt${maxAttempts === 1 ? '' : 's'}: ` +
      `the branch kept moving (each fast-forward update lost the race to another writer). Nothing was committed${also}. ` +
      `Re-run the job, or allow more attempts when many jobs write at once. Last reason: ${reason}.`,
  );
}

// ---- reading ----

async function readHead(client: GitHubClient, target: BranchTarget): Promise<Head | undefined> {
  let sha: string;
  try {
    const { data } = await client.rest.git.getRef({
      owner: target.owner,
      repo: target.repo,
      ref: `heads/${target.branch}`,
    });
    if (data.object.type !== 'commit')
      throw new CommitError('invalid', `refs/heads/${target.branch} points at a ${data.object.type}, not a commit`);
    sha = data.object.sha;
  } catch (error) {
    if (statusOf(error) === 404) return undefined;
    if (statusOf(error) === 409) {
      throw new CommitError(
        'empty-repository',
        `${target.owner}/${target.repo} is empty (no commits yet): push a first commit, then run again.`,
        { cause: error },
      );
    }
    throw error;
  }
  return readCommit(client, target, sha);
}

async function readCommit(client: GitHubClient, target: BranchTarget, sha: string): Promise<Head> {
  const { data } = await client.rest.git.getCommit({ owner: target.owner, repo: target.repo, commit_sha: sha });
  return { sha: data.sha, tree: data.tree.sha, message: data.message, parents: data.parents.map((p) => p.sha) };
}

/**
 * A commit of this call that is on the branch after all (its ref update's answer was lost), or a
 * commit carrying the same idempotency trailer. Walks the first-parent chain from the head down to
 * the heads those uncertain commits were made on, at most WALK_LIMIT commits; with no uncertain
 * commit, only the head is looked at.
 */
async function findLanded(
  client: GitHubClient,
  target: BranchTarget,
  head: Head,
  uncertain: readonly Attempt[],
  trailer: string | undefined,
): Promise<{ sha: string; ours: boolean } | undefined> {
  const ours = new Set(uncertain.map((a) => a.commit));
  const bases = new Set(uncertain.flatMap((a) => (a.base ? [a.base] : [])));
  let current: Head | undefined = head;
  for (let walked = 0; current !== undefined && walked < WALK_LIMIT; walked++) {
    if (ours.has(current.sha)) return { sha: current.sha, ours: true };
    if (trailer !== undefined && hasTrailer(current.message, trailer)) return { sha: current.sha, ours: false };
    if (ours.size === 0 || bases.has(current.sha) || current.parents.length === 0) return undefined;
    current = await readCommit(client, target, current.parents[0]);
  }
  return undefined;
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function decodeText(path: string, bytes: Buffer): string {
  try {
    return utf8.decode(bytes);
  } catch (error) {
    throw new CommitError('invalid', `${path} is not UTF-8 text`, { cause: error });
  }
}

/** Reads files of one commit (cached: `apply` may read a file twice, and unchanged files are compared). */
function snapshotReader(client: GitHubClient, target: BranchTarget, commit: string | undefined): FileReader {
  const cache = new Map<string, Promise<string | undefined>>();
  return (path: string) => {
    const p = checkPath(path);
    let content = cache.get(p);
    if (content === undefined) {
      content = commit === undefined ? Promise.resolve(undefined) : readFile(client, target, commit, p);
      cache.set(p, content);
    }
    return content;
  };
}

async function readFile(
  client: GitHubClient,
  target: BranchTarget,
  commit: string,
  path: string,
): Promise<string | undefined> {
  let data;
  try {
    ({ data } = await client.rest.repos.getContent({ owner: target.owner, repo: target.repo, path, ref: commit }));
  } catch (error) {
    if (statusOf(error) === 404) return undefined;
    throw error;
  }
  if (Array.isArray(data)) throw new CommitError('invalid', `${path} is a directory on ${target.branch}, not a file`);
  if (data.type !== 'file' || !('content' in data))
    throw new CommitError('invalid', `${path} is a ${data.type} on ${target.branch}, not a file`);
  if (data.encoding === 'base64' && (data.content !== '' || data.size === 0))
    return decodeText(path, Buffer.from(data.content, 'base64'));
  // Over 1 MB the contents API leaves the content out (encoding "none"): the blob API has it.
  const blob = await client.rest.git.getBlob({ owner: target.owner, repo: target.repo, file_sha: data.sha });
  const bytes =
    blob.data.encoding === 'base64' ? Buffer.from(blob.data.content, 'base64') : Buffer.from(blob.data.content, 'utf8');
  return decodeText(path, bytes);
}

// ---- checking ----

function checkBranchName(branch: string): void {
  const bad =
    branch === '' ||
    branch.startsWith('refs/') ||
    branch.startsWith('/') ||
    branch.endsWith('/') ||
    branch.endsWith('.lock') ||
    branch.includes('..') ||
    branch.includes('//') ||
    /[\s~^:?*[\\\x00-\x1f\x7f]/.test(branch) ||
    branch.includes('@{');
  if (bad)
    throw new CommitError(
      'invalid',
      `not a valid branch name: ${JSON.stringify(branch)} (give the name without refs/heads/)`,
    );
}

function checkPath(path: string): string {
  const parts = path.split('/');
  if (
    path === '' ||
    parts.some((p) => p === '' || p === '.' || p === '..' || p.toLowerCase() === '.git') ||
    path.includes('\0')
  ) {
    throw new CommitError(
      'invalid',
      `not a valid repository path: ${JSON.stringify(path)} (relative, slash-separated, no . or .. parts)`,
    );
  }
  return path;
}

function checkChanges(changes: readonly FileChange[]): FileChange[] {
  const seen = new Set<string>();
  for (const c of changes) {
    if (typeof c.content !== 'string') throw new CommitError('invalid', `content of ${c.path} is not a string`);
    const path = checkPath(c.path);
    if (seen.has(path)) throw new CommitError('invalid', `${path} is written twice in one commit`);
    seen.add(path);
  }
  return [...changes];
}

/** The changes that differ from the branch's current content. */
async function changedFiles(changes: FileChange[], read: FileReader): Promise<FileChange[]> {
  const current = await Promise.all(changes.map((c) => read(c.path)));
  return changes.filter((c, i) => current[i] !== c.content);
}

// ---- writing ----

/** A write that creates objects only: a refusal for lack of permission is the one to explain. */
async function write<T>(target: BranchTarget, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isReadOnlyRefusal(error)) throw readOnlyTokenError(target, error);
    throw error;
  }
}

async function writeTree(
  client: GitHubClient,
  target: BranchTarget,
  changes: FileChange[],
  baseTree: string | undefined,
): Promise<string> {
  const entries: { path: string; mode: typeof FILE_MODE; type: 'blob'; content?: string; sha?: string }[] = [];
  for (const change of changes) {
    if (Buffer.byteLength(change.content, 'utf8') <= INLINE_LIMIT) {
      entries.push({ path: change.path, mode: FILE_MODE, type: 'blob', content: change.content });
      continue;
    }
    const { data } = await write(target, () =>
      client.rest.git.createBlob({
        owner: target.owner,
        repo: target.repo,
        content: Buffer.from(change.content, 'utf8').toString('base64'),
        encoding: 'base64',
      }),
    );
    entries.push({ path: change.path, mode: FILE_MODE, type: 'blob', sha: data.sha });
  }
  const { data } = await write(target, () =>
    client.rest.git.createTree({
      owner: target.owner,
      repo: target.repo,
      tree: entries,
      ...(baseTree !== undefined ? { base_tree: baseTree } : {}),
    }),
  );
  return data.sha;
}

async function writeCommit(
  client: GitHubClient,
  target: BranchTarget,
  input: { message: string; tree: string; parents: string[]; author: { name: string; email: string } | undefined },
): Promise<string> {
  const { data } = await write(target, () =>
    client.rest.git.createCommit({
      owner: target.owner,
      repo: target.repo,
      message: input.message,
      tree: input.tree,
      parents: input.parents,
      ...(input.author ? { author: { name: input.author.name, email: input.author.email } } : {}),
    }),
  );
  return data.sha;
}

type RefOutcome = 'done' | 'moved' | 'unknown';

/** Refusals that end the call; anything else unexpected is reported with GitHub's message. */
function refRefusal(target: BranchTarget, error: unknown, action: string): CommitError {
  if (isProtectedRefusal(error)) return protectedBranchError(target, error);
  if (isReadOnlyRefusal(error)) return readOnlyTokenError(target, error);
  return new CommitError(
    'rejected',
    `GitHub refused to ${action} ${target.owner}/${target.repo}@${target.branch}: ${githubMessage(error)}`,
    { cause: error },
  );
}

/** Fast-forward only. Not retried by the client: a lost answer is checked, not repeated blindly. */
async function updateRef(client: GitHubClient, target: BranchTarget, sha: string): Promise<RefOutcome> {
  try {
    await client.rest.git.updateRef({
      owner: target.owner,
      repo: target.repo,
      ref: `heads/${target.branch}`,
      sha,
      force: false,
      request: { retries: 0 },
    });
    return 'done';
  } catch (error) {
    if (isNotFastForward(error)) return 'moved';
    // The branch was deleted since it was read: read again (it may be re-created).
    if (statusOf(error) === 422 && /reference does not exist/i.test(githubMessage(error))) return 'moved';
    if (outcomeUnknown(error)) return 'unknown';
    throw refRefusal(target, error, 'update');
  }
}

async function createRef(client: GitHubClient, target: BranchTarget, sha: string): Promise<RefOutcome> {
  try {
    await client.rest.git.createRef({
      owner: target.owner,
      repo: target.repo,
      ref: `refs/heads/${target.branch}`,
      sha,
      request: { retries: 0 },
    });
    return 'done';
  } catch (error) {
    if (statusOf(error) === 422 && /already exists/i.test(githubMessage(error))) return 'moved';
    if (outcomeUnknown(error)) return 'unknown';
    throw refRefusal(target, error, 'create the branch');
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
