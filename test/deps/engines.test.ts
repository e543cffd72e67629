// `npm ci` warns EBADENGINE when a dependency's engines.node excludes the Node it runs on. The
// package claims node >= 20 and runs on Node 20 here and Node 24 on runners: every package the
// action and the CLI ship with (the non-dev part of the lockfile) must accept both.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Version = [number, number, number];

function parseVersion(text: string): Version {
  const [a = 0, b = 0, c = 0] = text
    .replace(/^v/, '')
    .split('.')
    .map((p) => Number.parseInt(p, 10) || 0);
  return [a, b, c];
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** npm's range grammar as engines fields use it: `||` of space-separated comparators (>=, >, <=, <, =, ^, ~, *). */
export function satisfies(version: string, range: string): boolean {
  const v = parseVersion(version);
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/([<>=^~]+)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean)
      .every((comparator) => {
        if (comparator === '*' || comparator === 'x') return true;
        const m = /^(>=|<=|>|<|=|\^|~)?(.+)$/.exec(comparator)!;
        const w = parseVersion(m[2]);
        const c = compare(v, w);
        switch (m[1]) {
          case '>=':
            return c >= 0;
          case '<=':
            return c <= 0;
          case '>':
            return c > 0;
          case '<':
            return c < 0;
          case '^':
            return c >= 0 && v[0] === w[0];
          case '~':
            return c >= 0 && v[0] === w[0] && v[1] === w[1];
          default:
            return c === 0;
        }
      }),
  );
}

describe('engines', () => {
  it('the range checker reads npm ranges', () => {
    expect(satisfies('20.0.0', '>=22')).toBe(false);
    expect(satisfies('24.1.0', '>=22')).toBe(true);
    expect(satisfies('20.0.0', '>= 20')).toBe(true);
    expect(satisfies('20.0.0', '^20.19.0 || >=22.12.0')).toBe(false);
    expect(satisfies('24.0.0', '^20.19.0 || >=22.12.0')).toBe(true);
    expect(satisfies('20.5.0', '>=0.6.11 <=0.7.0 || >=0.7.3')).toBe(true);
  });

  it('every runtime dependency accepts the Node versions package.json claims (20 and 24)', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
    const floor = /^>=\s*(\d+)$/.exec(pkg.engines.node)?.[1];
    expect(floor, 'package.json engines.node is ">=N"').toBe('20');
    const refused: string[] = [];
    for (const [path, entry] of Object.entries<{ dev?: boolean; engines?: { node?: string } }>(lock.packages)) {
      if (path === '' || entry.dev || !entry.engines?.node) continue;
      for (const node of ['20.0.0', '24.0.0'])
        if (!satisfies(node, entry.engines.node))
          refused.push(`${path} wants node ${entry.engines.node} (not ${node})`);
    }
    expect(refused).toEqual([]);
  });
});
