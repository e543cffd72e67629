// Fits the report into one PR comment (GitHub refuses bodies over 65,536 characters): render with
// less detail until it fits; if even the least detailed report is too long, cut it at a line that
// is outside every code fence and <details> block (so no table row, fence or block is broken) and
// point to the job summary for the rest.

import type { Report } from '../report/model';
import { renderMarkdown, type MarkdownOptions } from '../render/markdown';

export const COMMENT_LIMIT = 65_536;
const LEVELS: NonNullable<MarkdownOptions['detail']>[] = ['full', 'compact', 'minimal'];

export interface FittedComment {
  body: string;
  detail: NonNullable<MarkdownOptions['detail']>;
  truncated: boolean;
}

/** `reserve`: characters kept free for what the caller appends (the marker line). */
export function fitComment(report: Report, options: { reserve: number; summaryUrl?: string }): FittedComment {
  const limit = COMMENT_LIMIT - options.reserve;
  let body = '';
  for (const detail of LEVELS) {
    body = renderMarkdown(report, { detail, summaryUrl: options.summaryUrl });
    if (body.length <= limit) return { body, detail, truncated: false };
  }
  const notice = `\n\n**The report is too long for a comment:** the rest is in the ${options.summaryUrl ? `[job summary](${options.summaryUrl})` : 'job summary'}.\n`;
  return { body: cutSafely(body, limit - notice.length) + notice, detail: 'minimal', truncated: true };
}

/** The longest prefix of whole lines, ending outside fences and <details>, of at most `max` chars. */
export function cutSafely(text: string, max: number): string {
  const lines = text.split('\n');
  let length = 0;
  let fence = false;
  let details = 0;
  let best = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    length += line.length + 1;
    if (length > max) break;
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    if (!fence) {
      details += (line.match(/<details\b/g) ?? []).length;
      details -= (line.match(/<\/details>/g) ?? []).length;
    }
    const nextIsTableRow = i + 1 < lines.length && lines[i + 1].startsWith('|') && line.startsWith('|');
    // Cut after a line outside any fence or details block; inside a table only between rows.
    if (!fence && details <= 0 && !(nextIsTableRow && lines[i].startsWith('|---'))) best = i + 1;
  }
  return lines.slice(0, best).join('\n').trimEnd();
}
