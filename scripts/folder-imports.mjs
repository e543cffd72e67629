#!/usr/bin/env node
// The structure of src/ as folder → folder imports: how many import statements each folder makes
// into each other folder, the fan-out of every file, and the pairs of folders that import each other
// (a two-way pair means neither can be read or moved without the other).
//
//   node scripts/folder-imports.mjs [--json] [SRC_DIR]
//
// A folder is the first path segment under src/ (src/compare/verdict.ts → compare); a file directly in
// src/ is its own unit (main.ts, cli.ts, version.ts). Type-only imports count (they still tie the folders' vocabularies together) and
// are shown apart. Reads the sources only; changes nothing.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const root = resolve(args.find((a) => !a.startsWith('--')) ?? 'src');

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : name.endsWith('.ts') ? [path] : [];
  });
}

const folderOf = (file) => {
  const parts = relative(root, file).split(sep);
  return parts[0];
};

const IMPORT = /^\s*(import|export)\s+(type\s+)?(?:[^'"]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;
const edges = new Map();
const fanOut = [];
for (const file of files(root)) {
  const text = readFileSync(file, 'utf8');
  const from = folderOf(file);
  let count = 0;
  for (const m of text.matchAll(IMPORT)) {
    const target = resolve(dirname(file), m[3]);
    // '../sim' is the folder's index.ts, not a file src/sim.ts.
    const to = folderOf(
      target.endsWith('.ts')
        ? target
        : existsSync(`${target}.ts`) || !existsSync(target)
          ? `${target}.ts`
          : join(target, 'index.ts'),
    );
    count++;
    if (to === from) continue;
    const key = `${from}\u0000${to}`;
    const e = edges.get(key) ?? { from, to, imports: 0, typeOnly: 0 };
    e.imports++;
    if (m[2]) e.typeOnly++;
    edges.set(key, e);
  }
  fanOut.push({ file: relative(process.cwd(), file), imports: count, lines: text.split('\n').length });
}

const list = [...edges.values()].sort((a, b) => a.from.localeCompare(b.from) || b.imports - a.imports);
const twoWay = list
  .filter((e) => e.from < e.to && edges.has(`${e.to}\u0000${e.from}`))
  .map((e) => ({ a: e.from, b: e.to, ab: e.imports, ba: edges.get(`${e.to}\u0000${e.from}`).imports }));
const folders = [...new Set(list.flatMap((e) => [e.from, e.to]))].sort();
const top = fanOut.sort((a, b) => b.imports - a.imports).slice(0, 10);

if (asJson) {
  process.stdout.write(`${JSON.stringify({ folders, edges: list, twoWay, topFanOut: top }, null, 2)}\n`);
} else {
  console.log(
    `${folders.length} folders, ${list.length} folder → folder edges, ${list.reduce((s, e) => s + e.imports, 0)} imports across folders`,
  );
  for (const f of folders) {
    const out = list.filter((e) => e.from === f);
    if (out.length)
      console.log(
        `  ${f.padEnd(10)} → ${out.map((e) => `${e.to} ${e.imports}${e.typeOnly === e.imports ? 't' : e.typeOnly ? ` (${e.typeOnly}t)` : ''}`).join(', ')}`,
      );
  }
  console.log(
    `two-way pairs (${twoWay.length}): ${twoWay.map((p) => `${p.a} ⇄ ${p.b} (${p.ab}/${p.ba})`).join(', ') || 'none'}`,
  );
  console.log(
    `largest fan-out: ${top
      .map((t) => `${t.file} ${t.imports} imports, ${t.lines} lines`)
      .slice(0, 5)
      .join('; ')}`,
  );
  console.log('(t = type-only imports)');
}
