// Artifact text reaching markdown or a log: every way it could ping, link, inject HTML, break a
// table, reorder text or issue a workflow command is neutralised.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeText, markdownText, neutraliseCommandsInJson, plainText } from '../../src/render/escape';
import { safeLogText } from '../../src/action/log';

const WJ = '\u2060';

describe('markdownText', () => {
  it('neutralises mentions, cross-references, links, images, HTML, emphasis, math and tables', () => {
    expect(markdownText('@octocat')).toBe(`@${WJ}octocat`);
    expect(markdownText('fixes #123 and GH-45')).toBe(`fixes \\#${WJ}123 and GH-${WJ}45`);
    expect(markdownText('[x](https://evil.example) ![i](y)')).toBe(`\\[x\\](https:${WJ}//evil.example) !\\[i\\](y)`);
    expect(markdownText('<img src=x onerror=alert(1)>')).toBe('\\<img src=x onerror=alert(1)\\>');
    expect(markdownText('a | b *c* _d_ `e` ~f~ $g$ &amp;')).toBe(
      'a \\| b \\*c\\* \\_d\\_ \\`e\\` \\~f\\~ \\$g\\$ \\&amp;',
    );
    expect(markdownText('www.evil.example')).toBe(`www${WJ}.evil.example`);
    expect(markdownText('- list')).toBe('\\- list');
    expect(markdownText('1. item')).toBe('1\\. item');
    // An HTML comment cannot open, nor pose as the bot's marker in the comment's source.
    expect(markdownText('<!-- perf-triage:comment group=g stamp=1.1 -->')).toBe(
      '\\<\\!-- perf-triage:comment group=g stamp=1.1 --\\>',
    );
  });

  it('removes control and bidirectional-override characters and caps the length', () => {
    expect(markdownText('a\u202Eb\u2066c\u0007d\u200Be')).toBe('abcde');
    expect(markdownText('line\nbreak')).toBe('line break');
    expect([...markdownText('x'.repeat(1000))].length).toBe(120);
  });

  it('holds for any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300, unit: 'binary' }), (text) => {
        const out = markdownText(text, 200);
        expect(out).not.toMatch(
          /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff\n\r]/,
        );
        // Every markup character is escaped.
        expect(out.replace(/\\[\\`*_[\]<>#|~$&]/g, '')).not.toMatch(/[`*_[\]<>|~$&]/);
        // No @ directly followed by a word character, no escaped # directly before a digit.
        expect(out).not.toMatch(/@[\w-]/);
        expect(out).not.toMatch(/#\d/);
        expect(out).not.toMatch(/:\/\//);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('codeText and plainText', () => {
  it('keep a code span closed and a table intact', () => {
    expect(codeText('a`b|c')).toBe('aˋb¦c');
  });
  it('never spell "<!--" in a code span either', () => {
    expect(codeText('<!-- perf-triage:comment')).toBe(`<${WJ}!-- perf-triage:comment`);
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), (a) => {
        expect(codeText(`${a}<!--${a}`, 300)).not.toContain('<!--');
      }),
    );
  });
  it('strip terminal escape sequences', () => {
    expect(plainText('\u001b[31mred\u001b[0m')).toBe('[31mred[0m');
  });
});

describe('safeLogText', () => {
  it('never lets artifact text start a workflow command', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }),
        fc.constantFrom(
          '::error::',
          '::set-output name=x::',
          '::add-mask::',
          '\n::warning::',
          '##[error]',
          '##[set-output name=x;]',
          '###[add-mask]',
          '#\u200b#[error]',
          '\n##[warning]',
        ),
        (a, command) => {
          const out = safeLogText(a + command + a);
          expect(out).not.toContain('::');
          // The runner honours "##[" anywhere in a line.
          expect(out).not.toContain('##[');
          expect(out).not.toContain('\n');
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('neutraliseCommandsInJson', () => {
  it('leaves no workflow command in a JSON document and parses back to the same values', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.array(fc.constantFrom('::', '##[', ':::', '###[', '\\::', 'a:')),
        (value, bits) => {
          const doc = { value, text: bits.join('x'), key: { [bits.join('')]: bits } };
          const json = neutraliseCommandsInJson(JSON.stringify(doc, null, 2));
          expect(json).not.toMatch(/##\[|::/);
          expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(doc)));
        },
      ),
    );
  });
});
