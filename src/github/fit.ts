// Fits the report into a size limit: the PR comment (GitHub refuses bodies over 65,536 characters),
// a check run's summary (65,535 characters) and the job summary (the runner refuses a step summary
// over 1 MiB). Render with less detail until it fits; if even the least detailed report is too
// long, cut it at a line that is outside every code fence and <details> block (so no table row,
// fence or block is broken) and point to where the rest is.

import type { Report } from '../report/model';
import { renderMarkdown, type MarkdownOptions } from '../render/markdown';

export const COMMENT_LIMIT = 65_536;
export const CHECK_SUMMARY_LIMIT = 65_535;
/** Bytes of one step's job summary. */
export const JOB_SUMMARY_LIMIT = 1024 * 1024;

type Detail = NonNullable<MarkdownOptions['detail']>;
const LEVELS: Detail[] = ['full', 'compact', 'minimal'];

export interface FittedComment {
  body: string;
  detail: Detail;
  truncated: boolean;
}

export interface FitOptions {
  limit: number;
  /** Size kept free for what the caller appends (the marker line). */
  reserve?: number;
  /** Characters (UTF-16 units, as GitHub's limits count at most) or UTF-8 bytes (files). */
  unit?: 'chars' | 'bytes';
  /** The most detailed level to try. */
  from?: Detail;
  summaryUrl?: string;
  /** Markdown naming where the full report is; default: the job summary. */
  fullReport?: string;
  /** For links to the compared commits (https://github.com/OWNER/REPO) and the head commit the action knows. */
  repositoryUrl?: string;
  headSha?: string;
}

const sizeIn = (unit: FitOptions['unit']) =>
  unit === 'bytes' ? (text: string) => Buffer.byteLength(text) : (text: string) => text.length;

export function fitReport(report: Report, options: FitOptions): FittedComment {
  const size = sizeIn(options.unit);
  const limit = options.limit - (options.reserve ?? 0);
  const where =
    options.fullReport ?? (options.summaryUrl ? `the [job summary](${options.summaryUrl})` : 'the job summary');
  const render = {
    summaryUrl: options.summaryUrl,
    ...(options.fullReport ? { fullReport: options.fullReport } : {}),
    ...(options.repositoryUrl ? { repositoryUrl: options.repositoryUrl } : {}),
    ...(options.headSha ? { headSha: options.headSha } : {}),
  };
  let body = '';
  for (const detail of LEVELS.slice(LEVELS.indexOf(options.from ?? 'full'))) {
    body = renderMarkdown(report, { detail, ...render });
    if (size(body) <= limit) return { body, detail, truncated: false };
  }
  const notice = `\n\n**The report is too long for this page:** the rest is in ${where}.\n`;
  return { body: cutSafely(body, limit - size(notice), size) + notice, detail: 'minimal', truncated: true };
}

/** `reserve`: characters kept free for what the caller appends (the marker line). */
export function fitComment(
  report: Report,
  options: { reserve: number; summaryUrl?: string; repositoryUrl?: string; headSha?: string },
): FittedComment {
  return fitReport(report, { limit: COMMENT_LIMIT, ...options });
}

/** The longest prefix of whole lines, ending outside fences and <details>, of at most `max` in `size`. */
export function cutSafely(text: string, max: number, size: (text: string) => number = (t) => t.length): string {
  const lines = text.split('\n');
  let length = 0;
  let fence = false;
  let details = 0;
  let best = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    length += size(line) + 1;
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
