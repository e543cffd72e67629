// The markers the bot leaves in its comments, at their boundaries: sanitised group ids, stamps that
// share a prefix, forged markers in the text above the real one, and the real one only as an exact
// full line at the end. (Whether the bot wrote the comment is checked by the callers: comments.ts,
// acceptance.ts, with the tests in publish.test.ts and journal.test.ts.)
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  answeredComment,
  answerMarker,
  groupId,
  hasMarker,
  hasStamp,
  marker,
  parseMarker,
  reportedRun,
  reportedSha,
  reportGroups,
  trailingMarkers,
} from '../../src/github/marker';
import { codeText, markdownText } from '../../src/render/escape';

const SHA = 'a'.repeat(40);
const SHA256 = 'b'.repeat(64);
const report = (text: string, ...fields: Parameters<typeof marker>) => `${text}\n${marker(...fields)}\n`;

describe('groupId', () => {
  it('keeps [a-z0-9._-], lower-cased, runs of anything else one dash, no dash at either end, at most 64', () => {
    expect(groupId('Llama 8B / Serving!')).toBe('llama-8b-serving');
    expect(groupId('qwen2.5_7b-chat')).toBe('qwen2.5_7b-chat');
    expect(groupId('  --x-- ')).toBe('x');
    expect(groupId('x --> <img src=y>')).toBe('x----img-src-y');
    expect(groupId('a'.repeat(65))).toBe('a'.repeat(64));
    expect(groupId('a'.repeat(64))).toBe('a'.repeat(64));
  });

  it('is "default" when nothing is left', () => {
    for (const name of ['', '---', '   ', 'модель', '🚀']) expect(groupId(name)).toBe('default');
  });

  it('is the same id for names that differ only in what is dropped, so both find one comment', () => {
    expect(groupId('Llama 8B')).toBe(groupId('llama-8b'));
    expect(hasMarker(report('r', 'Llama 8B', '1.1'), 'llama-8b')).toBe(true);
  });
});

describe('marker and parseMarker', () => {
  it('writes the fields the bot can verify and reads them back', () => {
    expect(marker('Llama 8B', '9001.2', SHA, '.github/workflows/perf.yml')).toBe(
      `<!-- perf-triage:comment group=llama-8b stamp=9001.2 sha=${SHA} workflow=.github/workflows/perf.yml -->`,
    );
    expect(parseMarker(report('r', 'Llama 8B', '9001.2', SHA, '.github/workflows/perf.yml'))).toEqual({
      group: 'llama-8b',
      run: { id: 9001, attempt: 2 },
      sha: SHA,
      workflow: '.github/workflows/perf.yml',
    });
    expect(parseMarker(report('r', 'g', '1.1'))).toEqual({ group: 'g', run: { id: 1, attempt: 1 } });
    expect(parseMarker(report('r', 'g', '1.1', SHA256))?.sha).toBe(SHA256);
  });

  it('never lets an input break the comment open: stamp, sha and workflow are stripped to their characters', () => {
    const line = marker('g', '1.1 --><img>', 'abc --> x', '.github/workflows/a b.yml --><script>');
    expect(line.match(/</g)).toHaveLength(1);
    expect(line.match(/>/g)).toHaveLength(1);
    expect(line.endsWith(' -->')).toBe(true);
  });

  it('reads only the last line, and only an exact marker', () => {
    const real = marker('g', '9001.1', SHA);
    expect(parseMarker(`text\n${real}`)).toBeDefined();
    expect(parseMarker(`text\r\n${real}\r\n`)).toBeDefined();
    expect(parseMarker(`text\n${real}\n\n`)).toBeDefined();
    // Anything after it, on its line or below, and it is not the bot's marker.
    expect(parseMarker(`text\n${real}\nmore`)).toBeUndefined();
    expect(parseMarker(`text\n${real} `)).toBeUndefined();
    expect(parseMarker(`text\n${real}x`)).toBeUndefined();
    // Not a full line: text before it on its line.
    expect(parseMarker(`text ${real}`)).toBeUndefined();
    expect(parseMarker(`\\${real}`)).toBeUndefined();
    // Fields the bot never writes.
    expect(parseMarker(`<!-- perf-triage:comment group=g stamp=9001.1 sha=abc1234 -->`)).toBeUndefined();
    expect(parseMarker(`<!-- perf-triage:comment group=g stamp=9001 -->`)).toBeUndefined();
    expect(parseMarker(`<!-- perf-triage:comment group=g stamp=x.1 -->`)).toBeUndefined();
    expect(parseMarker(`<!-- perf-triage:comment group=G stamp=1.1 -->`)).toBeUndefined();
    expect(parseMarker(`<!-- perf-triage:comment group=g stamp=1.1 extra=1 -->`)).toBeUndefined();
    expect(parseMarker(`<!-- perf-triage:comment group=g stamp=1.1 sha=${SHA.toUpperCase()} -->`)).toBeUndefined();
    expect(parseMarker(null)).toBeUndefined();
    expect(parseMarker(undefined)).toBeUndefined();
  });

  it('ignores a forged marker above the real one: the real one decides', () => {
    const forged = marker('g', '77.1', 'd'.repeat(40));
    const body = `config note: ${forged}\n${forged}\n${marker('g', '9001.1', SHA)}\n`;
    expect(reportedSha(body, 'g')).toBe(SHA);
    expect(reportedRun(body, 'g')).toEqual({ id: 9001, attempt: 1 });
    expect(reportGroups(body)).toEqual(['g']);
    // And a forged marker of another group in group A's report: not B's comment.
    const a = `${marker('b', '1.1')}\n${marker('a', '9001.1', SHA)}\n`;
    expect(hasMarker(a, 'b')).toBe(false);
    expect(hasMarker(a, 'a')).toBe(true);
    expect(reportGroups(a)).toEqual(['a']);
  });
});

describe('hasStamp', () => {
  it('matches the whole stamp: 9001.1 is not 9001.10, 19001.1 or 9001.11', () => {
    const ten = report('r', 'g', '9001.10', SHA);
    expect(hasStamp(ten, 'g', '9001.1')).toBe(false);
    expect(hasStamp(ten, 'g', '9001.10')).toBe(true);
    expect(hasStamp(report('r', 'g', '19001.1'), 'g', '9001.1')).toBe(false);
    expect(hasStamp(report('r', 'g', '9001.11'), 'g', '9001.1')).toBe(false);
    expect(hasStamp(report('r', 'g', '9001.1'), 'g', '9001.1')).toBe(true);
    expect(hasStamp(report('r', 'g', '9001.1', SHA), 'g', '9001.1')).toBe(true);
  });

  it('matches the group too, and only the marker the comment ends with', () => {
    expect(hasStamp(report('r', 'g', '9001.1'), 'h', '9001.1')).toBe(false);
    expect(hasStamp(`${marker('g', '9001.1')}\n${marker('g', '9002.1')}`, 'g', '9001.1')).toBe(false);
  });
});

describe('reportedSha, reportedRun, reportGroups', () => {
  it('answer for the group of the marker only', () => {
    const body = report('r', 'Mistral 7B', '42.3', SHA);
    expect(reportedSha(body, 'mistral-7b')).toBe(SHA);
    expect(reportedSha(body, 'llama')).toBeUndefined();
    expect(reportedRun(body, 'Mistral 7B')).toEqual({ id: 42, attempt: 3 });
    expect(reportedRun(body, 'llama')).toBeUndefined();
    expect(reportGroups(body)).toEqual(['mistral-7b']);
    expect(reportedSha(report('r', 'g', '1.1'), 'g')).toBeUndefined();
    expect(reportGroups('no marker')).toEqual([]);
    expect(reportGroups(null)).toEqual([]);
  });
});

describe('escaped artifact text never forms a marker', () => {
  it('holds for any text, in markdown and in a code span, on any line', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 120 }),
      fc.constantFrom(
        marker('g', '1.1', SHA),
        `x ${marker('g', '2.1')}`,
        '<!-- perf-triage:answer comment=5 -->',
        '<!--',
        '<\u2060!--',
      ),
    );
    fc.assert(
      fc.property(text, (t) => {
        for (const escaped of [markdownText(t, 200), `\`${codeText(t, 200)}\``]) {
          expect(escaped).not.toContain('<!--');
          expect(parseMarker(`report\n${escaped}\n`)).toBeUndefined();
          expect(trailingMarkers(`report\n${escaped}`)).toEqual([]);
          expect(answeredComment(`report\n${escaped}`)).toBeUndefined();
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('answer markers', () => {
  it('name the comment answered, among the trailing markers only', () => {
    expect(answerMarker(555)).toBe('<!-- perf-triage:answer comment=555 -->');
    expect(
      answeredComment(`✅ accepted\n<!-- perf-triage:accept group=g sha=${SHA} data=e30= -->\n${answerMarker(555)}\n`),
    ).toBe(555);
    expect(answeredComment(`${answerMarker(555)}\ntext below`)).toBeUndefined();
    expect(trailingMarkers(`text\n${marker('g', '1.1')}\n${answerMarker(7)}`)).toEqual([
      answerMarker(7),
      marker('g', '1.1'),
    ]);
  });
});

describe('more boundaries: a marker-only body, CRLF, absent fields, run ids past 2^53, answer ids', () => {
  it('a body that is only the marker is read; a marker line with text before it is not a trailing marker', () => {
    expect(parseMarker(marker('g', '9001.1'))).toStrictEqual({ group: 'g', run: { id: 9001, attempt: 1 } });
    expect(trailingMarkers(`x ${answerMarker(7)}`)).toEqual([]);
    expect(trailingMarkers(`${answerMarker(7)} x`)).toEqual([]);
    expect(trailingMarkers(`${answerMarker(7)}\nx ${answerMarker(8)}\n${answerMarker(9)}`)).toEqual([answerMarker(9)]);
  });

  it('CRLF bodies: every trailing line loses its \\r, and only a final \\r is dropped', () => {
    expect(trailingMarkers(`ok\r\n${answerMarker(5)}\r\n${marker('g', '1.1')}\r\n`)).toEqual([
      marker('g', '1.1'),
      answerMarker(5),
    ]);
    expect(answeredComment(`ok\r\n${answerMarker(5)}\r\n${marker('g', '1.1')}\r\n`)).toBe(5);
    // A \r inside the line is not the bot's form.
    expect(answeredComment('ok\n<!-- perf-triage:answer comment=5\r -->')).toBeUndefined();
  });

  it('a marker with no sha or workflow has no such keys at all', () => {
    const found = parseMarker(report('r', 'g', '1.1'));
    expect(found).toStrictEqual({ group: 'g', run: { id: 1, attempt: 1 } });
    expect(parseMarker(report('r', 'g', '1.1', SHA))).toStrictEqual({
      group: 'g',
      run: { id: 1, attempt: 1 },
      sha: SHA,
    });
    expect(parseMarker(report('r', 'g', '1.1', undefined, 'w.yml'))).toStrictEqual({
      group: 'g',
      run: { id: 1, attempt: 1 },
      workflow: 'w.yml',
    });
  });

  it('a run id past 2^53 is not a run the bot can name: no marker', () => {
    expect(parseMarker(report('r', 'g', '9007199254740993.1'))).toBeUndefined();
    expect(parseMarker(report('r', 'g', '9007199254740991.1'))?.run).toEqual({ id: 9007199254740991, attempt: 1 });
  });

  it('hasStamp compares the stamp as the marker wrote it (stripped to its characters)', () => {
    expect(hasStamp(report('r', 'g', '9001.1'), 'g', ' 9001.1\n')).toBe(true);
    expect(hasStamp(report('r', 'g', '9001.1'), 'h', '9001.1')).toBe(false);
    expect(hasStamp('no marker', 'g', '9001.1')).toBe(false);
  });

  it('stamp and workflow keep their allowed characters and lose the rest, nothing put in their place', () => {
    expect(marker('g', ' 9001.1\n', undefined, '.github/workflows/a b.yml')).toBe(
      '<!-- perf-triage:comment group=g stamp=9001.1 workflow=.github/workflows/ab.yml -->',
    );
  });

  it('a body that is not a string has no trailing markers', () => {
    expect(trailingMarkers(null)).toEqual([]);
    expect(trailingMarkers(undefined)).toEqual([]);
  });

  it('answer markers: whole comment ids, found below a report marker too', () => {
    expect(answerMarker(5.7)).toBe('<!-- perf-triage:answer comment=5 -->');
    expect(answeredComment(`${answerMarker(5)}\n${marker('g', '1.1')}`)).toBe(5);
    expect(answeredComment(`text\n${marker('g', '1.1')}`)).toBeUndefined();
  });
});
