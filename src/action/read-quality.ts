// The quality files of both sides (quality, baseline-quality): eval scores or paired generations.

import type { TextSource } from '../ingest/source';
import { loadQuality, loadQualityInputs } from '../io/load-quality';
import { readQuality } from '../ingest/quality/read';
import type { QualityInput } from '../model/quality';
import { fromArtifact } from './artifact-side';
import type { ActionInputs } from './inputs';

/** Quality files: this run's from the artifact in workflow_run mode, the baseline's from it when it holds them. */
export async function readQualityFiles(
  inputs: ActionInputs,
  artifact: TextSource[] | undefined,
): Promise<{ base: QualityInput[]; head: QualityInput[] } | undefined> {
  // No artifact, or not both sides given (which loadQualityInputs refuses, or passes over when neither is).
  if (!artifact || inputs.quality.length === 0 || inputs.baselineQuality.length === 0)
    return loadQualityInputs(inputs.baselineQuality, inputs.quality);
  const head = fromArtifact(artifact, inputs.quality, 'quality');
  const base = fromArtifact(artifact, inputs.baselineQuality, undefined);
  return {
    base: base.length
      ? await Promise.all(base.map((s) => readQuality(s)))
      : await loadQuality(inputs.baselineQuality, 'baseline-quality'),
    head: await Promise.all(head.map((s) => readQuality(s))),
  };
}
