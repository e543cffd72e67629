// Expands result-file patterns ("results/*.jsonl", "bench/**/run-*.json") without a dependency:
// Node 20 has no fs.glob. A pattern that names an existing file is taken as is.

import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';

export function expandPatterns(patterns: readonly string[], cwd = '.'): { files: string[]; unmatched: string[] } {
  const files: string[] = [];
  const unmatched: string[] = [];
  for (const raw of patterns) {
    const pattern = raw.trim();
    if (!pattern) continue;
    if (!/[*?[]/.test(pattern)) {
      files.push(pattern);
      continue;
    }
    const matches = expand(pattern, cwd);
    if (matches.length === 0) unmatched.push(pattern);
    files.push(...matches);
  }
  return { files: [...new Set(files)], unmatched };
}

function expand(pattern: string, cwd: string): string[] {
  const absolute = pattern.startsWith('/');
  const parts = pattern.split('/').filter((p, i) => p !== '' || i === 0);
  const root = absolute ? '/' : cwd;
  const segments = absolute ? parts.slice(1) : parts;
  const out: string[] = [];
  walk(root, segments, absolute ? '/' : '', out);
  return out.sort();
}

function walk(dir: string, segments: string[], prefix: string, out: string[]): void {
  if (segments.length === 0) return;
  const [head, ...rest] = segments;
  if (head === '**') {
    // A trailing "**" ("results/**") means every file below, as in shells with globstar.
    if (rest.length === 0) rest.push('*');
    walk(dir, rest, prefix, out);
    for (const entry of safeReaddir(dir)) {
      if (entry.startsWith('.')) continue;
      const full = join(dir, entry);
      if (isDir(full)) walk(full, segments, `${prefix}${entry}/`, out);
    }
    return;
  }
  if (!/[*?[]/.test(head)) {
    const full = join(dir, head);
    if (rest.length === 0) {
      if (existsSync(full) && !isDir(full)) out.push(`${prefix}${head}`);
    } else if (isDir(full)) walk(full, rest, `${prefix}${head}/`, out);
    return;
  }
  const matcher = segmentRegex(head);
  for (const entry of safeReaddir(dir)) {
    if (!matcher.test(entry)) continue;
    const full = join(dir, entry);
    if (rest.length === 0) {
      if (!isDir(full)) out.push(`${prefix}${entry}`);
    } else if (isDir(full)) walk(full, rest, `${prefix}${entry}/`, out);
  }
}

export function segmentRegex(segment: string): RegExp {
  let source = '';
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i];
    if (c === '*') source += `[^/${sep === '/' ? '' : '\\\\'}]*`;
    else if (c === '?') source += '[^/]';
    else if (c === '[') {
      const close = segment.indexOf(']', i + 1);
      if (close === -1) source += '\\[';
      else {
        source += `[${segment
          .slice(i + 1, close)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\')}]`;
        i = close;
      }
    } else source += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  // Dotfiles match only a pattern that starts with a dot, as in shells.
  return new RegExp(`^${segment.startsWith('.') ? '' : '(?!\\.)'}${source}$`);
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Whether a relative path ("results/run-1.jsonl") matches a pattern, with the same rules as files. */
export function matchesPattern(pattern: string, path: string): boolean {
  const match = (p: string[], s: string[]): boolean => {
    if (p.length === 0) return s.length === 0;
    if (p[0] === '**') return match(p.slice(1), s) || (s.length > 0 && match(p, s.slice(1)));
    if (s.length === 0) return false;
    const literal = !/[*?[]/.test(p[0]);
    return (literal ? p[0] === s[0] : segmentRegex(p[0]).test(s[0])) && match(p.slice(1), s.slice(1));
  };
  return match(pattern.split('/').filter(Boolean), path.split('/').filter(Boolean));
}
