// The baseline side, from wherever the baseline input points: the base branch's results artifact
// (`artifact`), the journal (`journal`), or files (from the artifact or the workspace).

import type { TriageConfig } from '../config/config';
import { InputError } from '../ingest/errors';
import type { TextSource } from '../ingest/source';
import { sideFromSources } from '../ingest/side';
import type { Side } from '../model/run';
import { DEFAULT_ARTIFACT_LIMITS } from '../github/artifact';
import { defaultBranch, onGitHub } from '../github/context';
import { needing } from '../github/permissions';
import type { ActionRun } from './action-run';
import { artifactBaseline, journalBaseline, usesArtifactBaseline, usesJournalBaseline } from './baseline';
import { info } from './log';
import { readSide } from './read-side';

export interface BaselineRead {
  side: Side;
  /** Benchmarks the journal had no baseline for yet: compared with themselves, their entry starts the history. */
  firstBaseline: Set<string>;
}

export async function readBaseline(
  { client, context, settings, inputs, journal }: ActionRun,
  at: {
    config: TriageConfig;
    head: Side;
    artifact: TextSource[] | undefined;
    runId: number;
    journalRef: string;
    recording: boolean;
  },
): Promise<BaselineRead> {
  const { config, head, runId, journalRef } = at;
  if (usesArtifactBaseline(inputs.baseline)) {
    const branch = await needing(
      'the default branch was not read',
      async () =>
        defaultBranch(context) ??
        (client && onGitHub(context)
          ? (await client.rest.repos.get({ ...context.repository })).data.default_branch
          : 'main'),
    );
    const found = await needing('the baseline artifact was not read', () =>
      artifactBaseline(client, context.repository, {
        workflowRunId: runId || context.runId,
        branch,
        artifactName: settings.artifactName,
        limits: { ...DEFAULT_ARTIFACT_LIMITS, maxArchiveBytes: settings.artifactMaxBytes },
        resultPatterns: inputs.results,
      }),
    );
    info(found.description);
    return {
      side: await sideFromSources('base', found.sources, {
        maxBadLineRatio: config.maxBadLineRatio,
        format: inputs.inputFormat,
      }),
      firstBaseline: new Set(),
    };
  }
  if (!usesJournalBaseline(inputs.baseline))
    return { side: await readSide('base', inputs.baseline, inputs, config, at.artifact), firstBaseline: new Set() };
  const found = await needing(`the baseline was not read from the journal on ${journalRef}`, () =>
    journalBaseline(client, context.repository, journalRef, journal.paths, head),
  );
  if (found.missing.length && !at.recording) {
    throw new InputError(
      'baseline',
      `the journal on ${journalRef} has no baseline for ${found.missing.map((m) => `"${m}"`).join(', ')} yet: record one with a push to the default branch, or give baseline files`,
    );
  }
  // A benchmark recorded for the first time is compared with itself: its entry starts the history.
  const selfRuns = head.runs.filter((r) => found.missing.includes(r.meta.benchmark ?? 'benchmark'));
  return {
    side: { label: 'base' as const, runs: [...found.side.runs, ...selfRuns] },
    firstBaseline: new Set(found.missing),
  };
}
