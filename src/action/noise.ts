// The noise a comparison on GitHub uses: each benchmark's calibration (the noise file in the journal's
// directory, read from the journal's branch), refined by the journal's history recorded since it, and
// the history's own bands for the metrics no calibration covers (src/compare/noise-settings.ts).

import type { TriageConfig } from '../config/config';
import { noiseSettings, type NoiseProvenance } from '../compare/noise-settings';
import { journalNoise } from '../journal/history';
import { noiseApplies, parseNoiseFile, type NoiseFile } from '../compare/noise-file';
import type { JournalPaths } from '../journal/paths';
import type { JournalEntry } from '../journal/schema';
import type { Side } from '../model/run';
import { pairBenchmarks } from '../report/groups';
import type { GitHubClient } from '../github/client';
import type { RepoRef } from '../github/context';
import { readRepoFile } from '../github/repo-files';
import { historyOf } from './history';
import { info } from './log';

/** The noise files of the side's benchmarks on the journal's branch (none is not an error). */
export async function readNoiseFiles(
  client: GitHubClient,
  repo: RepoRef,
  ref: string,
  paths: JournalPaths,
  side: Side,
): Promise<NoiseFile[]> {
  const files: NoiseFile[] = [];
  for (const pair of pairBenchmarks(side, side).pairs) {
    const path = paths.noise(pair.name);
    const text = await readRepoFile(client, repo, ref, path);
    if (text === undefined) continue;
    const file = parseNoiseFile(text, `${ref}:${path}`);
    if (noiseApplies(file, pair.head.runs)) files.push(file);
    else
      info(
        `noise of ${pair.name}: the calibration of ${file.calibratedAt.slice(0, 10)} was made with another workload; the journal's bands or the defaults apply`,
      );
  }
  return files;
}

/** The config with the calibrations and the journal's bands; what the report should say about them. */
export function withNoise(
  config: TriageConfig,
  files: readonly NoiseFile[],
  entries: readonly JournalEntry[] | undefined,
): { config: TriageConfig; sources: NoiseProvenance[] } {
  const history = entries ? historyOf([...entries]) : undefined;
  const settings = noiseSettings(config, {
    files,
    bands: (benchmark, key) => {
      const file = files.find((f) => f.benchmark === benchmark);
      if (!file || !entries) return undefined;
      const since = Date.parse(file.calibratedAt);
      const band = journalNoise(
        entries.filter((e) => Date.parse(e.recordedAt) >= since),
        benchmark,
        key,
      );
      return band ? { sigma: band.sigma, pairs: band.pairs } : undefined;
    },
    ...(history ? { historyBands: history.bands } : {}),
  });
  for (const s of settings.sources)
    info(
      `noise of ${s.benchmark}: the calibration of ${s.calibratedAt.slice(0, 10)} (${s.runs} runs${s.runner ? ` on ${s.runner}` : ''})${s.historyPairs ? `, refined with ${s.historyPairs} journal steps` : ''}`,
    );
  return settings;
}
