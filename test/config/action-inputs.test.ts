// action.yml and the defaults table say the same thing: the same inputs, the same defaults; and a blank
// input reads, through each parser, as its default written out (which is what the runner passes).
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ACTION_INPUT_DEFAULTS, inputDefault, type ActionInputName } from '../../src/config/action-inputs';
import { buildConfig } from '../../src/config/config';
import { readInputs } from '../../src/action/inputs';
import { parseGitHubSettings } from '../../src/github/settings';
import { parseJournalSettings } from '../../src/action/journal-settings';
import { parseAlertSettings } from '../../src/action/alert-mode';
import { parseBisectSettings } from '../../src/action/bisect-mode';
import { parseConfirmSettings } from '../../src/action/confirm';
import { DEFAULT_ARTIFACT_LIMITS } from '../../src/github/artifact';

const action = parse(readFileSync('action.yml', 'utf8')) as { inputs: Record<string, { default?: unknown }> };
const yamlDefaults = Object.fromEntries(
  Object.entries(action.inputs).map(([name, spec]) => [
    name,
    spec.default === undefined ? undefined : String(spec.default),
  ]),
);
const names = Object.keys(ACTION_INPUT_DEFAULTS) as ActionInputName[];
// Settings as data: the journal's path functions by what they return, sets as sorted lists.
const plain = (value: unknown): unknown =>
  JSON.parse(
    JSON.stringify(value, (_key, v: unknown) =>
      typeof v === 'function' ? (v as (a: string) => unknown)('b') : v instanceof Set ? [...v].sort() : v,
    ),
  );

describe('the defaults table and action.yml', () => {
  it('list the same inputs', () => {
    expect(names.filter((n) => !(n in yamlDefaults))).toEqual([]);
    expect(Object.keys(yamlDefaults).filter((n) => !(n in ACTION_INPUT_DEFAULTS))).toEqual([]);
  });

  it.each(Object.keys(yamlDefaults))('give %s the same default', (name) => {
    expect(ACTION_INPUT_DEFAULTS[name as ActionInputName]).toBe(yamlDefaults[name]);
  });

  it('leave the runner to fill in the token', () => {
    expect(yamlDefaults['github-token']).toBe('${{ github.token }}');
    expect(inputDefault('github-token')).toBe('');
  });

  it('agree with the artifact download limit', () => {
    expect(Number(ACTION_INPUT_DEFAULTS['artifact-max-bytes'])).toBe(DEFAULT_ARTIFACT_LIMITS.maxArchiveBytes);
  });
});

describe('a blank input reads as its default', () => {
  const envName = (name: string) => `INPUT_${name.replace(/ /g, '_').toUpperCase()}`;
  const set = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) if (value !== undefined) process.env[envName(name)] = value;
  };
  afterEach(() => {
    for (const name of names) delete process.env[envName(name)];
  });
  // Bisect needs its commits and workflow; everything else may be left out.
  const required = { 'bisect-workflow': 'bench.yml', 'bisect-good': 'a'.repeat(40), 'bisect-bad': 'b'.repeat(40) };
  const parsed = () => {
    const inputs = readInputs();
    return {
      inputs: { ...inputs, raw: undefined, bisect: undefined },
      github: parseGitHubSettings(inputs.github),
      journal: parseJournalSettings(inputs.journal),
      alerts: parseAlertSettings(inputs.alerts),
      confirm: parseConfirmSettings(inputs.confirm),
      bisect: parseBisectSettings(inputs.bisect),
      config: buildConfig(inputs.raw),
    };
  };

  it('in readInputs and every parser, as the runner passes it from action.yml', () => {
    set(required);
    const blank = parsed();
    set({ ...Object.fromEntries(names.map((n) => [n, inputDefault(n) || undefined])), ...required });
    const written = parsed();
    expect(plain(written)).toEqual(plain(blank));
    // The values themselves, so that a table and a parser wrong together are caught too.
    expect(blank.github).toMatchObject({
      comment: 'always',
      artifactName: 'perf-triage-results',
      artifactMaxBytes: 268435456,
      checkName: 'perf-triage',
    });
    expect(blank.journal).toMatchObject({ mode: 'auto', record: 'auto', branch: '' });
    expect(blank.journal.paths.noise('b')).toMatch(/^\.perf-triage\//);
    expect(blank.alerts).toMatchObject({ mode: 'auto', labels: ['perf-regression'], assignees: [] });
    expect(blank.confirm).toEqual({ attempts: 1, margin: 0.5 });
    expect(blank.bisect).toMatchObject({ maxRuns: 8, repeats: 2, timeoutMinutes: 120, pollSeconds: 30 });
    expect(blank.config.statistics).toMatchObject({ level: 0.95, resamples: 2000, seed: 1 });
    expect([...blank.config.failOn].sort()).toEqual(['regression', 'slo']);
    expect(blank.config).toMatchObject({ maxBadLineRatio: 0.05, compareAcrossLoad: false });
    expect(blank.inputs).toMatchObject({
      mode: 'auto',
      inputFormat: 'auto',
      reportPath: 'perf-triage-report.json',
      writeSummary: true,
    });
  });

  it('in the parsers called directly with blanks (bisect and tests do)', () => {
    const github = {
      token: '',
      comment: 'always',
      group: '',
      workflowRunId: '',
      artifactName: 'perf-triage-results',
      checkName: '',
      commentAuthor: '',
    };
    expect(parseGitHubSettings({ ...github, artifactMaxBytes: '' })).toEqual(
      parseGitHubSettings({ ...github, artifactMaxBytes: '268435456', checkName: 'perf-triage' }),
    );
    expect(parseConfirmSettings({ attempts: '', margin: '' })).toEqual(
      parseConfirmSettings({ attempts: '1', margin: '50%' }),
    );
    const journal = { mode: 'auto', branch: '', record: 'auto' };
    expect(plain(parseJournalSettings({ ...journal, dir: '' }))).toEqual(
      plain(parseJournalSettings({ ...journal, dir: '.perf-triage' })),
    );
  });
});
