// Alerts after record mode: the journal (its history and the entries this record wrote) is searched
// for a regression merged without acceptance or a step in a key metric (src/journal/alerts.ts), each
// commit range becomes one GitHub issue, opened, added to or closed on recovery (src/github/alerts.ts),
// and a new one is posted to the team's webhook when there is one.

import * as core from '@actions/core';
import { ConfigError, minEffectFor, type TriageConfig } from '../config/config';
import { inputDefault } from '../config/action-inputs';
import { detectAlerts } from '../journal/alerts';
import type { JournalEntry } from '../journal/schema';
import { parseMetricSpec } from '../metrics/metric-spec';
import type { Report } from '../report/model';
import { webhookPayload } from '../render/alert';
import type { GitHubClient } from '../github/client';
import { statusOf } from '../github/client';
import type { RepoRef } from '../github/context';
import { fileAlerts, type AlertSettings } from '../github/alerts';
import { info, warning } from './log';
import { postWebhook, webhookUrl } from './webhook';

export interface RawAlertSettings {
  mode: string;
  labels: string[];
  assignees: string[];
  webhook: string;
  bisectWorkflow: string;
}

export interface AlertOptions extends AlertSettings {
  mode: 'auto' | 'off';
  webhook?: string;
}

export function parseAlertSettings(raw: RawAlertSettings): AlertOptions {
  const mode = raw.mode.trim().toLowerCase();
  if (!['auto', 'true', 'off', 'false'].includes(mode))
    throw new ConfigError('alerts', `"${raw.mode}" is not one of auto, false`);
  const labels = raw.labels
    .flatMap((l) => l.split(','))
    .map((l) => l.trim())
    .filter(Boolean);
  for (const l of labels)
    if (l.length > 50 || /[\u0000-\u001f,]/.test(l))
      throw new ConfigError('alert-labels', `"${l}" is not a label name (at most 50 characters, no commas)`);
  const assignees = raw.assignees
    .flatMap((a) => a.split(/[\s,]+/))
    .map((a) => a.trim().replace(/^@/, ''))
    .filter(Boolean);
  for (const a of assignees)
    if (a.toLowerCase() !== 'author' && !/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/.test(a))
      throw new ConfigError('alert-assignees', `"${a}" is not a GitHub login (or "author")`);
  const webhook = webhookUrl(raw.webhook);
  if (raw.webhook.trim() && !webhook)
    throw new ConfigError(
      'alert-webhook',
      'must be an https URL (a Slack-compatible incoming webhook; keep it in a secret)',
    );
  const bisectWorkflow = raw.bisectWorkflow.trim();
  return {
    mode: mode === 'off' || mode === 'false' ? 'off' : 'auto',
    labels: labels.length ? labels : [inputDefault('alert-labels')],
    assignees,
    ...(webhook ? { webhook } : {}),
    ...(bisectWorkflow ? { bisectWorkflow } : {}),
  };
}

export interface AlertRun {
  client: GitHubClient;
  repo: RepoRef;
  options: AlertOptions;
  authors: readonly string[];
  /** The journal as read before the record, and the entries the record wrote (or found there already). */
  history: readonly JournalEntry[];
  recorded: readonly JournalEntry[];
  report: Report;
  config: TriageConfig;
}

export async function raiseAlerts(run: AlertRun): Promise<void> {
  if (run.authors.length === 0) {
    warning(
      'alerts: the account this token writes as is unknown (set comment-author): no alert issue is written, so none is written twice',
    );
    return;
  }
  // A re-run of a record finds its entries in the journal already: those, as written then, are what happened
  // (this run compared with the baseline the first run moved).
  const known = new Map(run.history.map((e) => [e.id, e]));
  const rerun = run.recorded.some((e) => known.has(e.id));
  const recorded = run.recorded.map((e) => known.get(e.id) ?? e);
  const entries = [...run.history, ...recorded.filter((e) => !known.has(e.id))];
  const alerts = detectAlerts({
    entries,
    recorded,
    ...(rerun ? {} : { report: run.report }),
    minEffect: (key) => {
      const spec = parseMetricSpec(key);
      return typeof spec === 'string' ? 0.1 : minEffectFor(run.config, spec);
    },
    level: run.config.statistics.level,
    seed: run.config.statistics.seed,
  });
  info(
    alerts.length
      ? `alerts: ${alerts.map((a) => `${a.metrics.length} metric(s) moved in ${a.range}`).join('; ')}`
      : 'alerts: nothing moved',
  );
  let result;
  try {
    result = await fileAlerts(run.client, run.repo, alerts, { authors: run.authors, settings: run.options, entries });
  } catch (error) {
    if (statusOf(error) === 403 && !/rate limit/i.test(String((error as Error)?.message))) {
      warning(
        "the alert issues were not written: the token lacks issues: write (HTTP 403); grant it in the workflow's permissions, or set alerts: false",
      );
      return;
    }
    throw error;
  }
  for (const issue of result.opened) info(`alert issue #${issue.number} opened: ${issue.title}`);
  for (const n of result.updated) info(`alert issue #${n}: more metrics added`);
  for (const n of result.unchanged) info(`alert issue #${n} already says this`);
  for (const n of result.closedAlready)
    info(`alert issue #${n} is closed (recovered, accepted or closed by the team): left alone`);
  for (const n of result.recovered) info(`alert issue #${n}: recovered, closed`);
  for (const why of result.notAssigned) warning(`alert assignee not set: ${why}`);
  core.setOutput(
    'alert-issues',
    [...result.opened.map((i) => i.number), ...result.updated, ...result.unchanged].join(','),
  );
  if (!run.options.webhook) return;
  for (const issue of result.opened) {
    const alert = alerts.find((a) => a.range === issue.alert.range);
    if (!alert) continue;
    const sent = await postWebhook(
      run.options.webhook,
      webhookPayload(alert, { number: issue.number, url: issue.url }),
    );
    if (sent.ok) info(`alert webhook: posted for #${issue.number} (HTTP ${sent.status})`);
    else
      warning(`alert webhook: not posted for #${issue.number} (${sent.status ? `HTTP ${sent.status}` : sent.error})`);
  }
}
