// `npm run mutate [-- FOLDER ...]`: StrykerJS over the pure core, one folder at a time, then the
// score per folder from the JSON reports in reports/mutation/. Folders default to all four; a folder
// run alone keeps the others' last reports. Incremental: a re-run only re-tests mutants whose code
// or covering tests changed. MUTATE_CONCURRENCY (default 2) sets Stryker's workers.
// Usage: npm run mutate [-- src/stats src/diagnose] [-- --score] (--score: print the table only)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

// Each folder and the test group (vitest.mutate.config.ts) that judges it.
const FOLDERS = {
  'src/stats': 'stats',
  'src/compare': 'compare',
  'src/diagnose': 'diagnose',
  'src/github/marker.ts': 'marker',
};
const args = process.argv.slice(2);
const scoreOnly = args.includes('--score');
const chosen = args.filter((a) => !a.startsWith('--')).map((a) => a.replace(/\/$/, ''));
for (const folder of chosen) {
  if (!(folder in FOLDERS)) {
    console.error(`unknown folder ${folder}: expected one of ${Object.keys(FOLDERS).join(', ')}`);
    process.exit(2);
  }
}

const reportName = (folder) =>
  folder
    .replace(/^src\//, '')
    .replace(/\.ts$/, '')
    .replace(/\//g, '-');

if (!scoreOnly) {
  for (const folder of chosen.length ? chosen : Object.keys(FOLDERS)) {
    console.log(`\n== stryker: ${folder}`);
    const run = spawnSync('npx', ['stryker', 'run'], {
      stdio: 'inherit',
      env: { ...process.env, MUTATE_FOLDER: folder, MUTATE_GROUP: FOLDERS[folder] },
    });
    if (run.status !== 0) {
      console.error(`stryker failed on ${folder} (exit ${run.status})`);
      process.exit(run.status ?? 1);
    }
  }
}

// Stryker's score: killed and timed-out mutants over all valid ones (survived and no coverage count
// against it; static mutants ignored by the config, compile errors left out).
const rows = [];
for (const folder of Object.keys(FOLDERS)) {
  const file = `reports/mutation/${reportName(folder)}.json`;
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const count = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, Ignored: 0, CompileError: 0, RuntimeError: 0 };
  const survivors = [];
  for (const [path, f] of Object.entries(report.files)) {
    for (const m of f.mutants) {
      count[m.status] = (count[m.status] ?? 0) + 1;
      if (m.status === 'Survived' || m.status === 'NoCoverage')
        survivors.push(
          `${path}:${m.location.start.line}:${m.location.start.column} ${m.mutatorName}${m.status === 'NoCoverage' ? ' (no coverage)' : ''}${m.replacement !== undefined ? ` → ${JSON.stringify(m.replacement).slice(0, 80)}` : ''}`,
        );
    }
  }
  const valid = count.Killed + count.Timeout + count.Survived + count.NoCoverage + count.RuntimeError;
  const detected = count.Killed + count.Timeout + count.RuntimeError;
  rows.push({ folder, valid, detected, ...count, survivors });
}
if (rows.length === 0) {
  console.log('no mutation reports yet: run npm run mutate');
  process.exit(0);
}
console.log('\nmutation score per folder (killed + timeout) / (valid mutants):');
console.log(
  `  ${'folder'.padEnd(22)} ${'score'.padStart(7)} ${'killed'.padStart(7)} ${'timeout'.padStart(7)} ${'survived'.padStart(8)} ${'no cov'.padStart(7)} ${'ignored'.padStart(7)}`,
);
for (const r of rows) {
  const score = r.valid ? ((100 * r.detected) / r.valid).toFixed(1) + '%' : 'n/a';
  console.log(
    `  ${r.folder.padEnd(22)} ${score.padStart(7)} ${String(r.Killed).padStart(7)} ${String(r.Timeout).padStart(7)} ${String(r.Survived).padStart(8)} ${String(r.NoCoverage).padStart(7)} ${String(r.Ignored).padStart(7)}`,
  );
}
if (args.includes('--survivors')) for (const r of rows) for (const s of r.survivors) console.log(`  ${s}`);
