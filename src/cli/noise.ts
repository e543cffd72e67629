// `--noise FILE` (compare): a calibration's noise file (perf-triage calibrate) read, checked, and
// applied to the config; the report then says where its noise came from.

import { access, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { TriageConfig } from '../config/config';
import { noiseSettings, type NoiseProvenance } from '../compare/noise-settings';
import { InputError } from '../ingest/errors';
import { noiseApplies, parseNoiseFile, type NoiseFile } from '../compare/noise-file';
import type { Run } from '../model/run';
import { journalPaths } from '../journal/paths';
import type { Report } from '../report/model';

export interface NoiseFiles {
  files: NoiseFile[];
  apply(config: TriageConfig): TriageConfig;
  annotate(report: Report): Report;
}

/** The files named; with `runs`, only those whose workload is the runs' (a calibration found unasked). */
export async function readNoiseFiles(
  paths: readonly string[],
  cwd: string,
  runs?: readonly Run[],
): Promise<NoiseFiles> {
  const files: NoiseFile[] = [];
  for (const path of paths) {
    let text: string;
    try {
      text = await readFile(resolve(cwd, path), 'utf8');
    } catch (error) {
      throw new InputError(
        path,
        `cannot read the noise file: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file (perf-triage calibrate writes it)' : (error as Error).message}`,
      );
    }
    const file = parseNoiseFile(text, path);
    if (!runs || noiseApplies(file, runs)) files.push(file);
  }
  let sources: NoiseProvenance[] = [];
  return {
    files,
    apply(config) {
      if (files.length === 0) return config;
      const settings = noiseSettings(config, { files });
      sources = settings.sources;
      return settings.config;
    },
    annotate: (report) => (sources.length ? { ...report, noise: sources } : report),
  };
}

/** The noise files a journal directory holds for these benchmarks (journal record uses them unasked). */
export async function noiseFilesInDir(
  dir: string | undefined,
  benchmarks: readonly string[],
  cwd: string,
): Promise<string[]> {
  const paths = journalPaths(dir);
  const found: string[] = [];
  for (const name of new Set(benchmarks)) {
    const path = paths.noise(name);
    try {
      await access(resolve(cwd, path));
      found.push(path);
    } catch {
      // No calibration for this benchmark: the journal's history or the defaults apply.
    }
  }
  return found;
}
