import type { IngestIssue } from '../model/run';

/** An input that cannot be used at all: names the file and, where it applies, the line and field. */
export class InputError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
    readonly line?: number,
    readonly field?: string,
  ) {
    super(formatLocation(file, line, field) + reason);
    this.name = 'InputError';
  }
}

export function formatLocation(file: string, line?: number, field?: string): string {
  let out = file;
  if (line !== undefined) out += `:${line}`;
  out += ': ';
  if (field) out += `field "${field}": `;
  return out;
}

export function formatIssue(issue: IngestIssue): string {
  return formatLocation(issue.file, issue.line, issue.field) + issue.message;
}

/** Keeps the first few issues in full and counts every one, so nothing is dropped unreported. */
export class IssueLog {
  readonly kept: IngestIssue[] = [];
  count = 0;

  constructor(private readonly limit = 20) {}

  add(issue: IngestIssue): void {
    this.count++;
    if (this.kept.length < this.limit) this.kept.push(issue);
  }
}
