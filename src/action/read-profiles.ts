// The profiler exports of both sides (profile, baseline-profile), for STEP 3–4.

import type { TextSource } from '../ingest/source';
import { loadProfiles } from '../io/load-profiles';
import { readProfile } from '../ingest/profile/read';
import type { ProfileInputs } from '../report/profiles';
import { fromArtifact } from './artifact-side';
import type { ActionInputs } from './inputs';
import { info } from './log';

/** Profiler exports: this run's from the artifact in workflow_run mode, else from the workspace. */
export async function readProfiles(
  inputs: ActionInputs,
  artifact: TextSource[] | undefined,
): Promise<ProfileInputs | undefined> {
  if (inputs.profiles.length === 0 && inputs.baselineProfiles.length === 0) return undefined;
  const read = async (patterns: string[], input: string, head: boolean) => {
    const matched = artifact ? fromArtifact(artifact, patterns, head ? input : undefined) : [];
    const found = matched.length
      ? await Promise.all(matched.map((s) => readProfile(s)))
      : await loadProfiles(patterns, input);
    for (const p of found)
      info(
        p.kind === 'split'
          ? `${p.totals.file}: ${p.totals.format}, ${p.totals.steps.length} step(s)`
          : `${p.ncu.file}: Nsight Compute, ${p.ncu.kernels.length} kernel(s)`,
      );
    return found;
  };
  return {
    base: await read(inputs.baselineProfiles, 'baseline-profile', false),
    head: await read(inputs.profiles, 'profile', true),
  };
}
