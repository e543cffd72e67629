// What every mode starts from: the inputs read and parsed once, the run's context, and a client when
// there is a token and a repository to use it on.

import * as core from '@actions/core';
import { readInputs, type ActionInputs } from './inputs';
import { parseJournalSettings, type JournalSettings } from './journal-settings';
import { parseAlertSettings, type AlertOptions } from './alert-mode';
import { parseConfirmSettings } from './confirm';
import type { ConfirmSettings } from '../report/confirm';
import { info, warning } from './log';
import { createClient, type GitHubClient } from '../github/client';
import { onGitHub, readContext, type GitHubContext, type RepoRef } from '../github/context';
import { parseGitHubSettings, type GitHubSettings } from '../github/settings';

export interface ActionRun {
  env: Record<string, string | undefined>;
  inputs: ActionInputs;
  settings: GitHubSettings;
  journal: JournalSettings;
  alerts: AlertOptions;
  confirm: ConfirmSettings;
  context: GitHubContext;
  client?: GitHubClient;
}

/** A context on GitHub Actions: it names the repository. */
export type OnGitHub = GitHubContext & { repository: RepoRef };

/** Reads and checks every input before anything runs: a bad value fails the step before any work. */
export function startRun(env: Record<string, string | undefined>): ActionRun {
  const inputs = readInputs();
  const settings = parseGitHubSettings(inputs.github);
  const journal = parseJournalSettings(inputs.journal);
  const alerts = parseAlertSettings(inputs.alerts);
  const confirm = parseConfirmSettings(inputs.confirm);
  const context = readContext(env);
  const client =
    settings.token && onGitHub(context)
      ? createClient({
          token: settings.token,
          baseUrl: context.apiUrl,
          log: { debug: core.debug, info: (m) => info(m), warn: (m) => warning(m), error: (m) => warning(m) },
        })
      : undefined;
  return { env, inputs, settings, journal, alerts, confirm, context, ...(client ? { client } : {}) };
}
