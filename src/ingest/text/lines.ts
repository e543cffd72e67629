// Splits chunked text into lines while holding only the current partial line, so a log of
// hundreds of MB never has to be in memory at once.
//
// Every line is emitted, empty ones included: whether a blank line is noise, a separator or a
// record is the caller's decision, not the splitter's.

export type LineHandler = (line: string, lineNo: number) => void;

const BOM = 0xfeff;
const CR = 0x0d;

export class LineSplitter {
  /** Text after the last '\n' seen, waiting for the rest of its line. */
  private partial = '';
  /** Lines emitted so far; the next line's number is this + 1. */
  private emitted = 0;
  /** The BOM may only be stripped from the very first character of the input. */
  private started = false;

  push(chunk: string, onLine: LineHandler): void {
    if (!this.started) {
      if (chunk.length === 0) return;
      this.started = true;
      if (chunk.charCodeAt(0) === BOM) chunk = chunk.slice(1);
    }
    let start = 0;
    let nl = chunk.indexOf('\n');
    while (nl !== -1) {
      let line = chunk.slice(start, nl);
      if (this.partial !== '') {
        line = this.partial + line;
        this.partial = '';
      }
      onLine(stripCr(line), ++this.emitted);
      start = nl + 1;
      nl = chunk.indexOf('\n', start);
    }
    // Concatenation builds a rope in V8, so a very long line spread over many chunks stays linear.
    if (start < chunk.length) this.partial += chunk.slice(start);
  }

  /**
   * Emits the final line if anything (even a lone '\r') follows the last '\n', then resets so the
   * instance can read another input.
   */
  end(onLine: LineHandler): void {
    if (this.partial !== '') onLine(stripCr(this.partial), ++this.emitted);
    this.partial = '';
    this.emitted = 0;
    this.started = false;
  }
}

// A '\r' before '\n' belongs to the line ending (CRLF), not to the content; it may arrive in an
// earlier chunk than its '\n', which is why it is stripped from the assembled line.
function stripCr(line: string): string {
  return line.length > 0 && line.charCodeAt(line.length - 1) === CR ? line.slice(0, -1) : line;
}
