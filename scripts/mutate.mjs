// `npm run mutate [-- TARGET ...]`: StrykerJS over the pure core, one target at a time, then the score
// per folder and per part from the JSON reports in reports/mutation/. A target is one of the four
// folders, or a part of one: a subfolder (src/diagnose/profile), a folder's own files without its
// subfolders ('src/diagnose/*.ts', quoted), some of its files ('src/stats/{rng,change-point}.ts',
// quoted) or one .ts file. A part is judged by its folder's tests and
// keeps its own report and incremental file; Stryker saves results only when a run ends, so a folder of
// thousands of mutants is best run in parts that each fit the time at hand. A folder's row is its own
// run's, or else the newest result of each file over its parts (with the files no part has run yet).
// Incremental: a re-run re-tests only mutants whose code or covering tests changed.
// MUTATE_CONCURRENCY (default 2) sets Stryker's workers.
// Usage: npm run mutate [-- src/stats src/compare/verdict.ts] [-- --score [--survivors]] (--score: print the table only)
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

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

const isDir = (path) => existsSync(path) && statSync(path).isDirectory();
const isFile = (path) => existsSync(path) && statSync(path).isFile();
const folderOf = (target) => Object.keys(FOLDERS).find((f) => target === f || target.startsWith(`${f}/`));

/** What Stryker mutates for a target, its report name and its test group; undefined for an unknown target. */
function planOf(target) {
  const folder = folderOf(target);
  if (folder === undefined) return undefined;
  const group = FOLDERS[folder];
  // src/stats/proportion.ts → stats-proportion; src/diagnose/*.ts → diagnose-own-files.
  const name = target
    .replace(/^src\//, '')
    .replace(/\/\*\.ts$/, '-own-files')
    .replace(/\.ts$/, '')
    .replace(/\//g, '-');
  // Several files of one folder as one part: src/stats/{rng,change-point}.ts → stats-rng+change-point.
  const brace = /^(.*)\/\{([^{}/]+)\}\.ts$/.exec(target);
  if (brace) {
    const files = brace[2].split(',');
    if (!files.every((f) => isFile(`${brace[1]}/${f}.ts`))) return undefined;
    return { mutate: target, name: `${brace[1].replace(/^src\//, '').replace(/\//g, '-')}-${files.join('+')}`, group };
  }
  if (target.endsWith('/*.ts') && isDir(target.slice(0, -'/*.ts'.length))) return { mutate: target, name, group };
  if (target.endsWith('.ts') && isFile(target)) return { mutate: target, name, group };
  if (isDir(target)) return { mutate: `${target}/**/*.ts`, name, group };
  return undefined;
}
for (const target of chosen) {
  if (planOf(target) === undefined) {
    console.error(
      `unknown target ${target}: expected one of ${Object.keys(FOLDERS).join(', ')}, or a subfolder, '<folder>/*.ts', '<folder>/{a,b}.ts' or a .ts file inside one of those folders`,
    );
    process.exit(2);
  }
}

if (!scoreOnly) {
  for (const target of chosen.length ? chosen : Object.keys(FOLDERS)) {
    const plan = planOf(target);
    console.log(`\n== stryker: ${target}`);
    const started = Date.now();
    const run = spawnSync('npx', ['stryker', 'run'], {
      stdio: 'inherit',
      env: { ...process.env, MUTATE_GLOB: plan.mutate, MUTATE_NAME: plan.name, MUTATE_GROUP: plan.group },
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
const reports = existsSync('reports/mutation')
  ? readdirSync('reports/mutation')
      .filter((n) => n.endsWith('.json') && !n.endsWith('.incremental.json'))
      .sort()
      .map((n) => {
        const file = `reports/mutation/${n}`;
        return { file, time: statSync(file).mtimeMs, files: JSON.parse(readFileSync(file, 'utf8')).files };
      })
  : [];
const folderReportName = (folder) => `reports/mutation/${planOf(folder).name}.json`;

/** Every .ts file of a folder, subfolders included (a file target is its own list). */
function sourcesOf(folder) {
  if (folder.endsWith('.ts')) return [folder];
  return readdirSync(folder, { recursive: true })
    .map((p) => join(folder, String(p)))
    .filter((p) => p.endsWith('.ts') && isFile(p))
    .sort();
}

function rowOf(label, files) {
  const count = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, Ignored: 0, CompileError: 0, RuntimeError: 0 };
  const survivors = [];
  for (const [path, f] of Object.entries(files)) {
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
  return { label, valid, detected, ...count, survivors };
}

const rows = [];
const notRun = [];
for (const folder of Object.keys(FOLDERS)) {
  const own = reports.find((r) => r.file === folderReportName(folder));
  if (own) {
    rows.push(rowOf(folder, own.files));
    continue;
  }
  // The newest result of each file over the folder's parts.
  const newest = {};
  for (const report of [...reports].sort((a, b) => a.time - b.time))
    for (const [path, f] of Object.entries(report.files)) if (folderOf(path) === folder) newest[path] = f;
  if (Object.keys(newest).length === 0) continue;
  const missing = sourcesOf(folder).filter((p) => !(p in newest));
  rows.push(rowOf(`${folder} (from parts${missing.length ? `, ${missing.length} files not run` : ''})`, newest));
  if (missing.length) notRun.push(`${folder}: not run yet: ${missing.join(', ')}`);
}
for (const report of reports) {
  if (Object.keys(FOLDERS).some((folder) => report.file === folderReportName(folder))) continue;
  const name = report.file.replace(/^reports\/mutation\//, '').replace(/\.json$/, '');
  rows.push(rowOf(`  part ${name}`, report.files));
}
if (rows.length === 0) {
  console.log('no mutation reports yet: run npm run mutate');
  process.exit(0);
}
const width = Math.max(22, ...rows.map((r) => r.label.length));
console.log('\nmutation score per folder, and per part run on its own: (killed + timeout) / (valid mutants):');
console.log(
  `  ${'target'.padEnd(width)} ${'score'.padStart(7)} ${'killed'.padStart(7)} ${'timeout'.padStart(7)} ${'survived'.padStart(8)} ${'no cov'.padStart(7)} ${'ignored'.padStart(7)}`,
);
for (const r of rows) {
  const score = r.valid ? ((100 * r.detected) / r.valid).toFixed(1) + '%' : 'n/a';
  console.log(
    `  ${r.label.padEnd(width)} ${score.padStart(7)} ${String(r.Killed).padStart(7)} ${String(r.Timeout).padStart(7)} ${String(r.Survived).padStart(8)} ${String(r.NoCoverage).padStart(7)} ${String(r.Ignored).padStart(7)}`,
  );
}
for (const line of notRun) console.log(`  ${line}`);
if (args.includes('--survivors')) for (const r of rows) for (const s of r.survivors) console.log(`  ${s}`);
