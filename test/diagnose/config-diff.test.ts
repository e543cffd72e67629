// Which engine settings differ between the sides (§9: one change at a time), read leniently: a
// number and its text, or a boolean in any case, are the same setting.
import { describe, expect, it } from 'vitest';
import { describeValue, diffConfig } from '../../src/diagnose/config-diff';
import { emptyMeta, type ConfigValue } from '../../src/model/run';

const meta = (config: Record<string, ConfigValue>) => ({ ...emptyMeta(), config });

describe('diffConfig', () => {
  it('lists the settings that differ, by name, with both values (unset on the side without it)', () => {
    const changes = diffConfig(
      meta({ max_num_seqs: 64, gpu_memory_utilization: 0.9, enable_prefix_caching: true, dtype: 'bf16' }),
      meta({ max_num_seqs: 128, enable_prefix_caching: true, dtype: 'bf16', block_size: 32 }),
    );
    expect(changes).toEqual([
      { key: 'block_size', base: undefined, head: 32 },
      { key: 'gpu_memory_utilization', base: 0.9, head: undefined },
      { key: 'max_num_seqs', base: 64, head: 128 },
    ]);
  });

  it('reads "64" and 64, "True" and true as the same setting, but a value is not the same as none', () => {
    expect(diffConfig(meta({ a: '64', b: 'True', c: 'FP8' }), meta({ a: 64, b: true, c: 'fp8' }))).toEqual([]);
    // Even a value that reads "undefined" is a value.
    expect(diffConfig(meta({ a: 'undefined' }), meta({}))).toEqual([{ key: 'a', base: 'undefined', head: undefined }]);
    expect(diffConfig(meta({}), meta({ a: 'undefined' }))).toEqual([{ key: 'a', base: undefined, head: 'undefined' }]);
    expect(diffConfig(meta({ a: null }), meta({ a: null }))).toEqual([]);
  });

  it('describes an unset value as "(unset)", others as written', () => {
    expect(describeValue(undefined)).toBe('(unset)');
    expect(describeValue(false)).toBe('false');
    expect(describeValue(0)).toBe('0');
    expect(describeValue('')).toBe('');
  });
});
