#!/usr/bin/env node
// Renders a markdown file the way GitHub shows it and takes a screenshot, so a person can look at a
// PR comment, a golden file or JOURNAL.md before and after a change:
//
//   node scripts/render-markdown.mjs FILE.md [--out FILE.png] [--width 900] [--max-height PX] [--html FILE.html]
//
// --max-height shoots only the top of the page (what a reader sees first); the full height is printed.
//
// GitHub-flavoured markdown (tables, task lists, strikethrough, autolinks) by marked with gfm on,
// raw HTML kept (<details>/<summary>, <br>) but scripts, styles and event handlers dropped as
// GitHub's sanitizer drops them, github-markdown-css (light theme) around it, and ```mermaid blocks
// drawn by Mermaid in the page, as GitHub draws them. Headless Chromium (Debian: `apt-get install -y
// chromium`; or set CHROMIUM=/path) takes the screenshot of the whole page: a first pass lets
// Mermaid draw and measures the height, a second shoots at that height. Prints the PNG's path and
// its height in CSS pixels (the length of what a reader scrolls through).
//
// Not GitHub itself: GitHub's own sanitizer, its Mermaid version (this uses the mermaid dev
// dependency) and its fonts differ in details; layout, tables, collapsed sections and charts match.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Marked } from 'marked';

const require = createRequire(import.meta.url);

const { values, positionals } = parseArgs({
  options: {
    out: { type: 'string', short: 'o' },
    width: { type: 'string' },
    'max-height': { type: 'string' },
    html: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
  allowPositionals: true,
});
if (values.help || positionals.length !== 1) {
  process.stdout.write(
    'usage: node scripts/render-markdown.mjs FILE.md [--out FILE.png] [--width 900] [--max-height PX] [--html FILE.html]\n',
  );
  process.exit(values.help ? 0 : 2);
}

const input = resolve(positionals[0]);
const out = resolve(values.out ?? input.replace(/\.(md|markdown|txt)$/i, '') + '.png');
// GitHub's PR conversation column is about 900 px wide at a common desktop size; a file view is wider.
const width = Number(values.width ?? 900);
if (!(width >= 300 && width <= 4000)) throw new Error(`--width ${values.width}: expected 300 to 4000 pixels`);

const markdown = readFileSync(input, 'utf8');
const html = page(renderGfm(markdown), basename(input));
const work = mkdtempSync(join(tmpdir(), 'render-md-'));
const htmlFile = join(work, 'page.html');
writeFileSync(htmlFile, html);
if (values.html) writeFileSync(resolve(values.html), html);

const chromium = findChromium();
const common = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--hide-scrollbars',
  '--allow-file-access-from-files',
  `--user-data-dir=${join(work, 'profile')}`,
  '--virtual-time-budget=15000',
];
// Pass 1: let Mermaid draw, then read the height the page wrote into its title.
const dom = spawnSync(
  chromium,
  [...common, `--window-size=${width},1000`, '--dump-dom', pathToFileURL(htmlFile).href],
  { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
);
if (dom.status !== 0) throw new Error(`chromium failed: ${dom.stderr}`);
const height = Number(/data-rendered-height="(\d+)"/.exec(dom.stdout)?.[1]);
const errors = [...dom.stdout.matchAll(/data-mermaid-error="([^"]*)"/g)].map((m) => m[1]);
if (!(height > 0)) throw new Error('the page did not report its height (Mermaid did not finish?)');
// Pass 2: the screenshot at the full height.
const shown = values['max-height'] ? Math.min(height, Number(values['max-height'])) : height;
const shot = spawnSync(
  chromium,
  [...common, `--window-size=${width},${shown}`, `--screenshot=${out}`, pathToFileURL(htmlFile).href],
  { encoding: 'utf8' },
);
if (shot.status !== 0 || !existsSync(out)) throw new Error(`chromium screenshot failed: ${shot.stderr}`);
rmSync(work, { recursive: true, force: true });
process.stdout.write(
  `${out}: ${width}×${shown} px${shown < height ? ` (top of ${height} px)` : ''}${errors.length ? `; Mermaid errors: ${errors.join(' | ')}` : ''}\n`,
);
if (errors.length) process.exitCode = 1;

function renderGfm(text) {
  const marked = new Marked({ gfm: true, breaks: false });
  marked.use({
    renderer: {
      code({ text: code, lang }) {
        if ((lang ?? '').trim() === 'mermaid')
          return `<pre class="mermaid-source" hidden>${escapeHtml(code)}</pre><div class="mermaid-target"></div>\n`;
        return false;
      },
    },
  });
  return sanitize(marked.parse(text));
}

/** What GitHub's sanitizer would not let through: scripts, styles, iframes, event handlers, javascript: URLs. */
function sanitize(html) {
  return html
    .replace(/<(script|style|iframe|object|embed)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<(script|style|iframe|object|embed)\b[^>]*>/gi, '')
    .replace(/\son[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '')
    .replace(/(href|src)\s*=\s*(["'])\s*javascript:[^"']*\2/gi, '$1="#"');
}

function escapeHtml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function page(body, title) {
  const css = readFileSync(require.resolve('github-markdown-css/github-markdown-light.css'), 'utf8');
  const mermaid = pathToFileURL(require.resolve('mermaid/dist/mermaid.min.js')).href;
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>${css}
body { margin: 0; background: #fff; }
.markdown-body { box-sizing: border-box; padding: 24px 32px; }
.mermaid-target { margin: 0 0 16px; }
.mermaid-target svg { max-width: 100%; height: auto; }
</style>
<script src="${mermaid}"></script>
</head><body><article class="markdown-body">${body}</article>
<script>
(async () => {
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'default' });
  let n = 0;
  for (const source of document.querySelectorAll('pre.mermaid-source')) {
    const target = source.nextElementSibling;
    try {
      const { svg } = await mermaid.render('chart' + n++, source.textContent);
      target.innerHTML = svg;
    } catch (error) {
      target.setAttribute('data-mermaid-error', String(error && error.message || error).slice(0, 300).replace(/"/g, "'"));
      target.textContent = 'Mermaid error: ' + (error && error.message || error);
      target.style.color = '#d1242f';
    }
  }
  document.body.setAttribute('data-rendered-height', String(Math.ceil(document.documentElement.scrollHeight)));
})();
</script>
</body></html>
`;
}

function findChromium() {
  const candidates = [
    process.env.CHROMIUM,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ].filter(Boolean);
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error('no Chromium found: apt-get install -y chromium, or set CHROMIUM=/path/to/chrome');
  return found;
}
