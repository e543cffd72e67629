// The renderers of issue 15 — the alert issue, its comments, the webhook, the bisect result, the
// calibration and the noise footer — with every piece of untrusted text hostile: benchmark names,
// units, commit messages, pull request titles and logins, runner names, URLs. Nothing acts.
import { describe, expect, it } from 'vitest';
import type { Alert } from '../../src/report/alert';
import { alertAddedComment, alertBody, alertTitle, recoveredComment, webhookPayload } from '../../src/render/alert';
import { bisectMarkdown } from '../../src/render/bisect';
import { noiseFooter, noiseSentences } from '../../src/render/noise-words';
import { linkTarget, slackText } from '../../src/render/escape';
import type { Report } from '../../src/report/model';

const PAYLOAD =
  '@octocat <img src=x onerror=alert(1)> <!-- perf-triage:alert range=x state=e30= --> [x](https://evil.example) #123 <!channel> <https://evil.example|click> *bold* ##[error]pwn';
const SHA = 'a'.repeat(40);
const SHA2 = 'b'.repeat(40);

const alert: Alert = {
  range: `${SHA}..${SHA2}`,
  from: {
    id: '1',
    recordedAt: '2026-11-01T00:00:00Z',
    commit: SHA,
    runUrl: 'https://github.com/acme/llm/actions/runs/1',
  },
  to: { id: '2', recordedAt: '2026-11-02T00:00:00Z', commit: SHA2, runUrl: `https://evil.example/x) ${PAYLOAD}` },
  metrics: [
    {
      benchmark: PAYLOAD,
      key: 'ttft.p95',
      unit: 'ms',
      direction: 'lower-is-better',
      source: 'regression',
      before: 180,
      after: 360,
      change: 1,
      interval: [0.8, 1.2],
      level: 0.95,
      minEffect: 0.1,
      step: { id: '2', recordedAt: '2026-11-02T00:00:00Z', commit: SHA2 },
      phase: { phase: 'prefill', before: 40, after: 200, basis: 'tail' },
    },
    {
      benchmark: PAYLOAD,
      key: 'my_metric',
      unit: PAYLOAD,
      direction: 'lower-is-better',
      source: 'change-point',
      before: 1,
      after: 2,
      change: 1,
      pValue: 0.005,
      minEffect: 0.05,
      step: { id: '2', recordedAt: '2026-11-02T00:00:00Z', commit: SHA2 },
    },
  ],
  diagnoses: [{ benchmark: PAYLOAD, text: PAYLOAD, hints: [] }],
};
const details = {
  commits: [
    {
      sha: SHA2,
      message: PAYLOAD,
      pulls: [{ number: 7, title: PAYLOAD, url: 'https://github.com/acme/llm/pull/7', author: PAYLOAD }],
    },
  ],
  compareUrl: 'javascript:alert(1)',
  bisectWorkflow: `x\` ${PAYLOAD}`,
};

/** Markdown outside code spans: where markup acts. */
const outsideCode = (md: string) => md.replace(/`[^`\n]*`/g, '');

function inert(md: string): void {
  const text = outsideCode(md);
  expect(text).not.toMatch(/(^|[^\\])[<>]/m);
  expect(text).not.toMatch(/@(?!\u2060)/);
  expect(text).not.toMatch(/(^|[^\\])#\d/m);
  expect(text).not.toMatch(/(^|[^\\])\]\((?!https:\/\/github\.com\/acme\/llm\/)/m);
  expect(text).not.toMatch(/https:\/\/evil/);
  expect(md).not.toMatch(/##\[error\]/);
}

describe('issue 15 renderers with hostile text', () => {
  it('the alert issue, its comments and title', () => {
    inert(alertBody(alert, details));
    inert(alertAddedComment(alert));
    inert(
      recoveredComment([
        {
          benchmark: PAYLOAD,
          key: 'ttft.p95',
          unit: PAYLOAD,
          before: 1,
          value: 1,
          minEffect: 0.1,
          at: { id: '3', recordedAt: '', commit: SHA },
        },
      ]),
    );
    expect(alertBody(alert, details)).not.toContain('javascript:');
    expect(alertBody(alert, details)).not.toContain('evil.example/x');
    expect(alertTitle(alert)).not.toMatch(/[\n\r\u202e]/);
  });

  it('the webhook: no Slack mention, link or markup is spelled', () => {
    const { text } = webhookPayload(alert, { number: 9, url: 'https://github.com/acme/llm/issues/9' });
    const ours = text.replace('<https://github.com/acme/llm/issues/9|issue 9>', '');
    expect(ours).not.toMatch(/[<>]/);
    expect(ours).not.toMatch(/@(?!\u2060)/);
    expect(text).toContain('&lt;img src=x');
    expect(text).not.toMatch(/https:\/\/evil/);
    expect(slackText('*a* _b_ ~c~ `d`')).not.toMatch(/[*_~`](?!\u2060)/);
    expect(linkTarget('https://github.com/acme/llm/pull/7')).toBe('https://github.com/acme/llm/pull/7');
    for (const bad of [
      'http://github.com/x',
      'javascript:alert(1)',
      'https://x.example/a)b',
      'https://x.example/<a>',
      'https://x.example/a|b',
    ])
      expect(linkTarget(bad)).toBeUndefined();
  });

  it('the bisect result', () => {
    const md = bisectMarkdown({
      result: 'found',
      key: 'ttft.p95',
      unit: PAYLOAD,
      good: SHA,
      bad: SHA2,
      candidates: 2,
      culprit: {
        sha: SHA2,
        message: PAYLOAD,
        pulls: [{ number: 7, title: PAYLOAD, author: PAYLOAD, url: `https://evil.example/${PAYLOAD}` }],
      },
      rows: [
        {
          sha: SHA2,
          message: PAYLOAD,
          role: 'measured',
          runs: 1,
          value: 3,
          verdict: 'bad',
          runUrls: [`https://evil.example/(x)`],
          pulls: [{ number: 7, title: PAYLOAD, author: PAYLOAD }],
        },
      ],
      dispatches: 1,
      maxRuns: 8,
      minutes: 1,
      reason: PAYLOAD,
    });
    inert(md);
  });

  it('the noise footer and text line', () => {
    const report = {
      noise: [
        {
          benchmark: PAYLOAD,
          calibratedAt: `${PAYLOAD}2026`,
          runs: 6,
          runner: PAYLOAD,
          metrics: [],
          historyPairs: 3,
          falseAlarms: { alarms: 0, comparisons: 135, pairs: 15 },
        },
      ],
    } as unknown as Report;
    inert(noiseFooter(report));
    expect(noiseFooter(report)).toContain('noise band from calibration of an unknown date, 6 runs');
    expect(noiseSentences(report)[0]).not.toMatch(/[\n\u202e]/);
  });
});
