// Whole-document formats (one JSON object per file) are read into memory; a size cap refuses huge
// inputs before any parsing, so a hostile or mistaken file cannot exhaust memory.

import { InputError } from '../errors';
import type { TextSource } from '../source';
import { parseJsonLenient } from '../text/lenient-json';

/** Larger summary or report documents are refused; per-request data belongs in streamed formats. */
export const MAX_DOCUMENT_BYTES = 256 * 1024 * 1024;

export async function readDocument(source: TextSource, format: string, maxBytes = MAX_DOCUMENT_BYTES): Promise<string> {
  let text = '';
  for await (const chunk of source.chunks()) {
    // UTF-16 length bounds the UTF-8 size from below; good enough for a cap.
    if (text.length + chunk.length > maxBytes) {
      throw new InputError(
        source.name,
        `${format}: the file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, the most a ${format} document may be; refused before parsing`,
      );
    }
    text += chunk;
  }
  return text;
}

/** JSON with NaN/Infinity tolerated; a syntax error names the format, file and position. */
export function parseDocument(text: string, source: TextSource, format: string): unknown {
  try {
    return parseJsonLenient(text);
  } catch (error) {
    throw new InputError(source.name, `${format}: not valid JSON: ${(error as Error).message}`);
  }
}

/** A plain object (not an array, not null), or undefined. */
export function asObject(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** An own property, never one inherited from Object.prototype ("__proto__", "constructor"). */
export function own(object: Record<string, unknown> | undefined, key: string): unknown {
  return object && Object.hasOwn(object, key) ? object[key] : undefined;
}
