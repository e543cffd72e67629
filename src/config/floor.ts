// The `decode-floor` input: what the §5 memory-bandwidth floor needs that the data cannot say, one
// `key=value` per line — gpu, model, gpus (tensor parallel), weights and kv (data types), and
// bandwidth / params to go beyond the tables. GPU and model default to the run's metadata.

import { ConfigError } from './errors';

export interface FloorSettings {
  gpu?: string;
  model?: string;
  gpus?: number;
  /** Bytes per weight: 2 (bf16, fp16), 1 (fp8, int8), 0.5 (int4). */
  bytesPerParam?: number;
  /** Bytes per KV cache element. */
  bytesPerElement?: number;
  bandwidthGBs?: number;
  paramsBillions?: number;
}

const DTYPE_BYTES: Readonly<Record<string, number>> = {
  bf16: 2,
  fp16: 2,
  float16: 2,
  bfloat16: 2,
  fp8: 1,
  int8: 1,
  fp4: 0.5,
  int4: 0.5,
};
const KEYS = ['gpu', 'model', 'gpus', 'weights', 'kv', 'bandwidth', 'params'] as const;

export function parseFloorSettings(lines: readonly string[]): FloorSettings {
  const out: FloorSettings = {};
  for (const line of lines.map((l) => l.trim()).filter(Boolean)) {
    const match = /^([a-z-]+)\s*=\s*(.+)$/i.exec(line);
    if (!match) throw new ConfigError('decode-floor', `"${line}" is not of the form "gpu=H100 SXM"`);
    const key = match[1].toLowerCase() as (typeof KEYS)[number];
    const value = match[2].trim();
    const number = (what: string, valid: (v: number) => boolean) => {
      const v = Number(value.replace(/\s*(?:gb\/s|b)$/i, ''));
      if (!valid(v)) throw new ConfigError('decode-floor', `${key}="${value}": expected ${what}`);
      return v;
    };
    const dtype = () => {
      const bytes = DTYPE_BYTES[value.toLowerCase()];
      if (bytes === undefined)
        throw new ConfigError(
          'decode-floor',
          `${key}="${value}": expected one of ${Object.keys(DTYPE_BYTES).join(', ')}`,
        );
      return bytes;
    };
    switch (key) {
      case 'gpu':
        out.gpu = value;
        break;
      case 'model':
        out.model = value;
        break;
      case 'gpus':
        out.gpus = number('a whole number of GPUs ≥ 1', (v) => Number.isInteger(v) && v >= 1);
        break;
      case 'weights':
        out.bytesPerParam = dtype();
        break;
      case 'kv':
        out.bytesPerElement = dtype();
        break;
      case 'bandwidth':
        out.bandwidthGBs = number('GB/s per GPU, such as 3350', (v) => v > 0 && Number.isFinite(v));
        break;
      case 'params':
        out.paramsBillions = number('billions of parameters, such as 8', (v) => v > 0 && Number.isFinite(v));
        break;
      default:
        throw new ConfigError('decode-floor', `unknown key "${match[1]}": use ${KEYS.join(', ')}`);
    }
  }
  return out;
}
