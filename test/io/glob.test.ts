// expandPatterns on a real directory tree: *, ?, **, character classes, dotfiles, unmatched patterns.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandPatterns, segmentRegex } from '../../src/io/glob';

let root = '';

const FILES = [
  'a.jsonl',
  'b.jsonl',
  'c.csv',
  'x1.json',
  'x2.json',
  'xa.json',
  '.hidden.jsonl',
  'odd[1].json',
  'sub/d.jsonl',
  'sub/.g.jsonl',
  'sub/deep/e.jsonl',
  'sub/deep/f.csv',
  'sub2/d.jsonl',
  '.git/h.jsonl',
  'dir.jsonl/inner.txt',
];

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'perf-triage-glob-'));
  for (const f of FILES) {
    mkdirSync(join(root, f, '..'), { recursive: true });
    writeFileSync(join(root, f), '{}\n');
  }
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const expand = (...patterns: string[]) => expandPatterns(patterns, root);

describe('expandPatterns', () => {
  it('* matches files in one directory, not directories, not dotfiles', () => {
    expect(expand('*.jsonl')).toEqual({ files: ['a.jsonl', 'b.jsonl'], unmatched: [] });
    expect(expand('*')).toEqual({
      files: ['a.jsonl', 'b.jsonl', 'c.csv', 'odd[1].json', 'x1.json', 'x2.json', 'xa.json'],
      unmatched: [],
    });
    expect(expand('sub/*')).toEqual({ files: ['sub/d.jsonl'], unmatched: [] });
    expect(expand('*/d.jsonl')).toEqual({ files: ['sub/d.jsonl', 'sub2/d.jsonl'], unmatched: [] });
  });

  it('? matches one character', () => {
    expect(expand('x?.json').files).toEqual(['x1.json', 'x2.json', 'xa.json']);
    expect(expand('?.csv').files).toEqual(['c.csv']);
    expect(expand('??.csv').unmatched).toEqual(['??.csv']);
  });

  it('character classes, ranges and negation', () => {
    expect(expand('x[12].json').files).toEqual(['x1.json', 'x2.json']);
    expect(expand('x[0-9].json').files).toEqual(['x1.json', 'x2.json']);
    expect(expand('x[!0-9].json').files).toEqual(['xa.json']);
    expect(expand('[ab].jsonl').files).toEqual(['a.jsonl', 'b.jsonl']);
    // An unclosed '[' is a literal character.
    expect(expand('odd[1*')).toEqual({ files: ['odd[1].json'], unmatched: [] });
  });

  it('** matches any depth (including none) and skips dot directories', () => {
    expect(expand('**/*.jsonl').files).toEqual([
      'a.jsonl',
      'b.jsonl',
      'sub/d.jsonl',
      'sub/deep/e.jsonl',
      'sub2/d.jsonl',
    ]);
    expect(expand('sub/**/*.csv').files).toEqual(['sub/deep/f.csv']);
    expect(expand('**/deep/*').files).toEqual(['sub/deep/e.jsonl', 'sub/deep/f.csv']);
  });

  it('a trailing ** means every file below', () => {
    expect(expand('sub/**').files).toEqual(['sub/d.jsonl', 'sub/deep/e.jsonl', 'sub/deep/f.csv']);
  });

  it('dotfiles only match a pattern that starts with a dot', () => {
    expect(expand('.*.jsonl').files).toEqual(['.hidden.jsonl']);
    expect(expand('sub/.*').files).toEqual(['sub/.g.jsonl']);
    expect(expand('?hidden.jsonl').unmatched).toEqual(['?hidden.jsonl']);
    expect(expand('.git/*').files).toEqual(['.git/h.jsonl']);
  });

  it('unmatched patterns are reported; a directory is not a match', () => {
    expect(expand('*.parquet', 'nope/*.jsonl', 'a.jsonl')).toEqual({
      files: ['a.jsonl'],
      unmatched: ['*.parquet', 'nope/*.jsonl'],
    });
    expect(expand('dir.js*')).toEqual({ files: [], unmatched: ['dir.js*'] });
  });

  it('plain paths are taken as given (existing or not), blank patterns ignored, duplicates removed', () => {
    expect(expand('missing.jsonl', '  ', '', ' a.jsonl ', '*.jsonl')).toEqual({
      files: ['missing.jsonl', 'a.jsonl', 'b.jsonl'],
      unmatched: [],
    });
  });

  it('absolute patterns give absolute paths', () => {
    expect(expandPatterns([`${root}/sub/**/*.jsonl`]).files).toEqual([
      `${root}/sub/d.jsonl`,
      `${root}/sub/deep/e.jsonl`,
    ]);
    expect(expandPatterns([`${root}/x?.json`], '/nonexistent').files).toEqual([
      `${root}/x1.json`,
      `${root}/x2.json`,
      `${root}/xa.json`,
    ]);
  });

  it('each pattern is expanded in sorted order; patterns keep their order', () => {
    expect(expand('*.csv', '*.jsonl').files).toEqual(['c.csv', 'a.jsonl', 'b.jsonl']);
  });
});

describe('segmentRegex', () => {
  it('translates one path segment', () => {
    expect(segmentRegex('*.jsonl').test('run.jsonl')).toBe(true);
    expect(segmentRegex('*.jsonl').test('.run.jsonl')).toBe(false);
    expect(segmentRegex('*.jsonl').test('runXjsonl')).toBe(false);
    expect(segmentRegex('run-?.json').test('run-1.json')).toBe(true);
    expect(segmentRegex('run-?.json').test('run-10.json')).toBe(false);
    expect(segmentRegex('a+b(1).json').test('a+b(1).json')).toBe(true);
    expect(segmentRegex('[!a]*').test('b')).toBe(true);
    expect(segmentRegex('[!a]*').test('a')).toBe(false);
    expect(segmentRegex('x[').test('x[')).toBe(true);
  });
});
