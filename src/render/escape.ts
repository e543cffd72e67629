// Every string that comes from an artifact (benchmark, model and tenant names, config keys and
// values, file names, error messages) passes through here before it reaches markdown or a
// terminal. Artifacts are untrusted: a PR can write anything into them. Neither escaped form ever
// holds "<!--", so artifact text cannot open an HTML comment or pose as one of the bot's markers.

/** C0/C1 controls (but tab/newline, handled separately), bidi overrides and isolates, zero-width characters. */
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
const WORD_JOINER = '\u2060';

export const MAX_INLINE = 120;

/** Plain text safe to print on a terminal: no escape sequences, one line, capped. */
export function plainText(text: string, max = MAX_INLINE): string {
  return cap(text.replace(/[\t\r\n]+/g, ' ').replace(INVISIBLE, ''), max);
}

/**
 * Inline markdown text that renders literally: no HTML, links, images, emphasis, code spans, math,
 * table breaks, @-mentions that notify, #123 or GH-123 cross-references, or bare URLs that autolink.
 * Only the characters that can start markup are escaped, so the source stays readable.
 */
export function markdownText(text: string, max = MAX_INLINE): string {
  const clean = plainText(text, max);
  return (
    clean
      .replace(/[\\`*_[\]<>#|~$&]/g, (c) => `\\${c}`)
      // "\<!" would still spell "<!--" in the source the bot's marker parser reads: escape the "!" too.
      .replace(/\\<!/g, '\\<\\!')
      // Text that begins like a list item, a heading underline or a numbered item would be read as one.
      .replace(/^([-+=])/, '\\$1')
      .replace(/^(\d+)([.)])/, '$1\\$2')
      // A word joiner after @ stops the mention; after # or GH- before digits, the cross-reference.
      .replace(/@/g, `@${WORD_JOINER}`)
      .replace(/\\#(?=\d)/g, `\\#${WORD_JOINER}`)
      .replace(/\b(GH-)(?=\d)/gi, `$1${WORD_JOINER}`)
      // Autolinks: scheme:// and www.
      .replace(/:\/\//g, `:${WORD_JOINER}//`)
      .replace(/\bwww\./gi, (m) => `${m.slice(0, 3)}${WORD_JOINER}.`)
  );
}

/** Text for inside an inline code span: no backticks to close it, no pipes to break a table. */
export function codeText(text: string, max = MAX_INLINE): string {
  return plainText(text, max).replace(/`/g, 'ˋ').replace(/\|/g, '¦').replace(/<!/g, `<${WORD_JOINER}!`);
}

function cap(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}

/**
 * Text for a Slack-compatible webhook's mrkdwn: &, < and > escaped as Slack asks (so no <!channel>,
 * <@user> or <url|link> can be spelled), @ and # kept from forming mentions, one line, capped.
 */
export function slackText(text: string, max = MAX_INLINE): string {
  return (
    plainText(text, max)
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/@/g, `@${WORD_JOINER}`)
      .replace(/[*_~`]/g, (c) => `${c}${WORD_JOINER}`)
      // Chat clients link bare URLs: artifact text makes none.
      .replace(/:\/\//g, `:${WORD_JOINER}//`)
  );
}

/**
 * A URL for a markdown link or a Slack link: https only, and only characters that cannot end the
 * link or start markup; undefined for anything else (the caller shows no link).
 */
export function linkTarget(url: string | undefined): string | undefined {
  if (!url || url.length > 500) return undefined;
  return /^https:\/\/[A-Za-z0-9.-]+(?::\d+)?(?:\/[A-Za-z0-9._~%!$&'*+,;=:@/?#-]*)?$/.test(url) &&
    !/[()[\]<>|"`\\]/.test(url)
    ? url
    : undefined;
}

/**
 * Workflow commands broken up for a runner's log: "::" (a command at a line's start) and "##[" (the
 * older syntax, honoured anywhere in a line) get a zero-width space, so the text shows the same but
 * commands nothing.
 */
export function neutraliseCommands(text: string): string {
  return text.replace(/:(?=:)/g, ':\u200b').replace(/#(?=#\[)/g, '#\u200b');
}

/**
 * The same for a JSON document, value for value: inside JSON both sequences can only be in strings,
 * where "\u003a:" and "\u0023#[" parse back to the very same characters.
 */
export function neutraliseCommandsInJson(json: string): string {
  return json.replace(/:(?=:)/g, '\\u003a').replace(/#(?=#\[)/g, '\\u0023');
}
