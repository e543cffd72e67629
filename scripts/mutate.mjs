// `npm run mutate [-- FOLDER|FILE ...]`: StrykerJS over the pure core, one folder (or one file of
// those folders) at a time, then the score per folder and per file from the JSON reports in
// reports/mutation/. Targets default to the four folders; a target run alone keeps the others' last
// reports. A file is judged by its folder's tests, with its own report and incremental file (a
// folder of thousands of mutants takes hours; one file, minutes). Incremental: a re-run only
// re-tests mutants whose code or covering tests changed. MUTATE_CONCURRENCY (default 2) sets Stryker's workers.
// Usage: npm run mutate [-- src/stats src/compare/verdict.ts] [-- --score [--survivors]] (--score: print the table only)
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';

// Each folder and the test group (vitest.mutate.config.ts) that judges it.
const FOLDERS = {
  'src/stats': 'stats',
  'src/compare': 'compare',
  'src/diagnose': 'diagnose',
  'src/github/marker.ts': 'marker',
};
const args = process.argv.slice(2);
const scoreOnly = args.includes('--score');
const chosen = args.filter((a) => !a.startsWith('--')).map((a) => a.replace(/^\.\//, '').replace(/\/$/, ''));

/** The test group of a target: a folder's own, or for a .ts file inside one of the folders, that folder's. */
function groupOf(target) {
  if (target in FOLDERS) return FOLDERS[target];
  const folder = Object.keys(FOLDERS).find((f) => !f.endsWith('.ts') && target.startsWith(`${f}/`));
  return folder && target.endsWith('.ts') && existsSync(target) && statSync(target).isFile()
    ? FOLDERS[folder]
    : undefined;
}
for (const target of chosen) {
  if (groupOf(target) === undefined) {
    console.error(
      `unknown target ${target}: expected one of ${Object.keys(FOLDERS).join(', ')}, or a .ts file inside one of those folders`,
    );
    process.exit(2);
  }
}

// Same name as stryker.config.mjs gives the reports: src/stats/proportion.ts → stats-proportion.
const reportName = (target) =>
  target
    .replace(/^src\//, '')
    .replace(/\.ts$/, '')
    .replace(/\//g, '-');

if (!scoreOnly) {
  for (const target of chosen.length ? chosen : Object.keys(FOLDERS)) {
    console.log(`\n== stryker: ${target}`);
    const started = Date.now();
    const run = spawnSync('npx', ['stryker', 'run'], {
      stdio: 'inherit',
      env: { ...process.env, MUTATE_FOLDER: target, MUTATE_GROUP: groupOf(target) },
    });
    console.log(`== stryker: ${target} took ${((Date.now() - started) / 60_000).toFixed(1)} min`);
    if (run.status !== 0) {
      console.error(`stryker failed on ${target} (exit ${run.status})`);
      process.exit(run.status ?? 1);
    }
  }
}

// Stryker's score: killed and timed-out mutants over all valid ones (survived and no coverage count
// against it; static mutants ignored by the config, compile errors left out).
// Rows: the folders in their order, then every single-file report (its one file names it).
const folderReports = new Set(Object.keys(FOLDERS).map((f) => `${reportName(f)}.json`));
const fileReports = existsSync('reports/mutation')
  ? readdirSync('reports/mutation')
      .filter((n) => n.endsWith('.json') && !n.endsWith('.incremental.json') && !folderReports.has(n))
      .sort()
  : [];
const targets = [
  ...Object.keys(FOLDERS).map((folder) => ({ folder, file: `reports/mutation/${reportName(folder)}.json` })),
  ...fileReports.map((n) => ({ folder: undefined, file: `reports/mutation/${n}` })),
];
const rows = [];
for (const target of targets) {
  if (!existsSync(target.file)) continue;
  const report = JSON.parse(readFileSync(target.file, 'utf8'));
  const folder = target.folder ?? Object.keys(report.files).join(', ');
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
const width = Math.max(22, ...rows.map((r) => r.folder.length));
console.log('\nmutation score per folder or file (killed + timeout) / (valid mutants):');
console.log(
  `  ${'target'.padEnd(width)} ${'score'.padStart(7)} ${'killed'.padStart(7)} ${'timeout'.padStart(7)} ${'survived'.padStart(8)} ${'no cov'.padStart(7)} ${'ignored'.padStart(7)}`,
);
for (const r of rows) {
  const score = r.valid ? ((100 * r.detected) / r.valid).toFixed(1) + '%' : 'n/a';
  console.log(
    `  ${r.folder.padEnd(width)} ${score.padStart(7)} ${String(r.Killed).padStart(7)} ${String(r.Timeout).padStart(7)} ${String(r.Survived).padStart(8)} ${String(r.NoCoverage).padStart(7)} ${String(r.Ignored).padStart(7)}`,
  );
}
if (args.includes('--survivors')) for (const r of rows) for (const s of r.survivors) console.log(`  ${s}`);
