// The GitHub-side inputs, parsed once: bad values are errors that name the input and what it accepts.

import { ConfigError } from '../config/config';
import type { CommentMode } from './publish';
import { inputDefault, numericDefault } from '../config/action-inputs';

export interface GitHubSettings {
  token: string;
  comment: CommentMode;
  /** Benchmark group: one comment per group on a pull request. Empty: the benchmark name. */
  group: string;
  /** The run whose artifact holds the results (workflow_run mode); 0 = from the event. */
  workflowRunId: number;
  artifactName: string;
  artifactMaxBytes: number;
  checkName: string;
  commentAuthor?: string;
}

const MODES: readonly CommentMode[] = ['always', 'changed', 'regressed', 'never'];

/** The GitHub inputs as the action reads them, before checking. */
export interface RawGitHubSettings {
  token: string;
  comment: string;
  group: string;
  workflowRunId: string;
  artifactName: string;
  artifactMaxBytes: string;
  checkName: string;
  commentAuthor: string;
}

export function parseGitHubSettings(raw: RawGitHubSettings): GitHubSettings {
  const comment = raw.comment.trim().toLowerCase();
  if (!(MODES as readonly string[]).includes(comment))
    throw new ConfigError('comment', `"${raw.comment}" is not one of ${MODES.join(', ')}`);
  const runId = raw.workflowRunId.trim() === '' ? 0 : Number(raw.workflowRunId);
  if (!Number.isInteger(runId) || runId < 0)
    throw new ConfigError('workflow-run-id', `"${raw.workflowRunId}" is not a workflow run id (a whole number)`);
  const maxBytes =
    raw.artifactMaxBytes.trim() === '' ? numericDefault('artifact-max-bytes') : Number(raw.artifactMaxBytes);
  if (!Number.isInteger(maxBytes) || maxBytes <= 0)
    throw new ConfigError(
      'artifact-max-bytes',
      `"${raw.artifactMaxBytes}" is not a size in bytes (a whole number > 0)`,
    );
  const artifactName = raw.artifactName.trim();
  if (!artifactName || /[\\/:*?"<>|]/.test(artifactName))
    throw new ConfigError('artifact-name', `"${raw.artifactName}" is not an artifact name`);
  return {
    token: raw.token,
    comment: comment as CommentMode,
    group: raw.group.trim(),
    workflowRunId: runId,
    artifactName,
    artifactMaxBytes: maxBytes,
    checkName: raw.checkName.trim() || inputDefault('check-name'),
    commentAuthor: raw.commentAuthor.trim() || undefined,
  };
}
