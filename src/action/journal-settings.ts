// The journal inputs, parsed once.

import { ConfigError } from '../config/config';
import { inputDefault } from '../config/action-inputs';
import { journalPaths, type JournalPaths } from '../journal/paths';

export interface JournalSettings {
  /** auto: use the journal when it exists (noise bands, drift, `baseline: journal`), record on push to the default branch. */
  mode: 'auto' | 'off';
  paths: JournalPaths;
  /** The branch that holds the journal; empty: the default branch. */
  branch: string;
  /** When to append the result and move the baseline. */
  record: 'auto' | 'always' | 'never';
}

export interface RawJournalSettings {
  mode: string;
  dir: string;
  branch: string;
  record: string;
}

export function parseJournalSettings(raw: RawJournalSettings): JournalSettings {
  const mode = raw.mode.trim().toLowerCase();
  const modes: Record<string, JournalSettings['mode']> = { auto: 'auto', true: 'auto', false: 'off', off: 'off' };
  if (!Object.hasOwn(modes, mode)) throw new ConfigError('journal', `"${raw.mode}" is not one of auto, true, false`);
  const record = raw.record.trim().toLowerCase();
  if (!['auto', 'always', 'never'].includes(record))
    throw new ConfigError('record', `"${raw.record}" is not one of auto, always, never`);
  const dir = raw.dir.trim();
  if (dir.startsWith('/') || dir.split('/').includes('..'))
    throw new ConfigError('journal-dir', `"${raw.dir}" must be a path inside the repository`);
  const branch = raw.branch.trim();
  if (branch && !/^[A-Za-z0-9._/-]+$/.test(branch))
    throw new ConfigError('journal-branch', `"${raw.branch}" is not a branch name`);
  return {
    mode: modes[mode],
    paths: journalPaths(dir || inputDefault('journal-dir')),
    branch,
    record: record as JournalSettings['record'],
  };
}
