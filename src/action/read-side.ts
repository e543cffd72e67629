// One side's runs, as the action reads them: this run's files from the artifact in workflow_run mode,
// else from the workspace; each source's kept and skipped records go to the log.

import type { TriageConfig } from '../config/config';
import type { TextSource } from '../ingest/source';
import { loadSide } from '../io/load-side';
import { sideFromSources } from '../ingest/side';
import type { Side } from '../model/run';
import { fromArtifact } from './artifact-side';
import type { ActionInputs } from './inputs';
import { info } from './log';

/**
 * A side from the artifact's files that match the patterns when there is an artifact, else from the
 * workspace. Results must come from the artifact (fromArtifactOnly); a baseline with no match there
 * comes from the workspace (the base branch's checkout).
 */
export async function readSide(
  label: Side['label'],
  patterns: string[],
  inputs: ActionInputs,
  config: TriageConfig,
  artifact: TextSource[] | undefined,
  fromArtifactOnly = false,
): Promise<Side> {
  const options = { maxBadLineRatio: config.maxBadLineRatio, format: inputs.inputFormat };
  let side: Side;
  if (artifact) {
    const matched = fromArtifact(artifact, patterns, fromArtifactOnly ? 'results' : undefined);
    side = matched.length ? await sideFromSources(label, matched, options) : await loadSide(label, patterns, options);
  } else {
    side = await loadSide(label, patterns, options);
  }
  for (const r of side.runs) {
    for (const s of r.sources) {
      info(
        `${s.file}: ${s.format}, ${s.recordsKept} of ${s.recordsRead} records kept${s.skipped ? `, ${s.skipped} skipped` : ''}`,
      );
      for (const issue of s.issues.slice(0, 5))
        info(`  line ${issue.line}${issue.field ? ` ${issue.field}` : ''}: ${issue.message}`);
      for (const w of s.warnings) info(`  ${w}`);
    }
  }
  return side;
}
