// --format: text, markdown (md) or json.

import { didYouMean } from '../display/suggest';
import { UsageError } from './usage-error';

export const FORMATS = ['text', 'markdown', 'json'] as const;
export type Format = (typeof FORMATS)[number];
/** Short names people type for a format. */
const FORMAT_ALIASES: Readonly<Record<string, Format>> = { md: 'markdown', txt: 'text' };

export function outputFormat(value: string | undefined, fallback: Format): Format {
  const given = (value ?? fallback).trim().toLowerCase();
  const format = Object.hasOwn(FORMAT_ALIASES, given) ? FORMAT_ALIASES[given] : given;
  if (!(FORMATS as readonly string[]).includes(format))
    throw new UsageError(
      `--format "${value}" is not one of ${FORMATS.join(', ')} (or md)${didYouMean(given, FORMATS)}`,
    );
  return format as Format;
}
