// The effort and decode-floor inputs: parsed once, refused with the input's name and what it takes.
import { describe, expect, it } from 'vitest';
import { buildConfig, ConfigError } from '../../src/config/config';

const error = (raw: Parameters<typeof buildConfig>[0]) => {
  try {
    buildConfig(raw);
  } catch (e) {
    return e as ConfigError;
  }
  throw new Error('no error');
};

describe('effort', () => {
  it('overrides a hint class, keeping the kind of work', () => {
    expect(buildConfig({ effort: ['capacity = 2h', 'decode-overhead=1 week (rewrite)'] }).effort).toEqual({
      capacity: '2h (config, set)',
      'decode-overhead': '1 week (rewrite)',
    });
  });

  it('names what is wrong', () => {
    expect(error({ effort: ['capacity: 2h'] }).message).toBe(
      'input "effort": "capacity: 2h" is not of the form "capacity=2h"',
    );
    expect(error({ effort: ['kernels=2h'] }).message).toMatch(
      /^input "effort": "kernels" is not a hint class: use one of capacity, /,
    );
    expect(error({ effort: ['capacity=soon'] }).message).toMatch(/"soon" is not an effort/);
  });
});

describe('decode-floor', () => {
  it('reads GPU, model, GPUs and data types', () => {
    expect(
      buildConfig({
        decodeFloor: [
          'gpu=H100 SXM',
          'model = Llama-3.1-70B',
          'gpus=4',
          'weights=fp8',
          'kv=FP8',
          'bandwidth=3350 GB/s',
          'params=70b',
        ],
      }).decodeFloor,
    ).toEqual({
      gpu: 'H100 SXM',
      model: 'Llama-3.1-70B',
      gpus: 4,
      bytesPerParam: 1,
      bytesPerElement: 1,
      bandwidthGBs: 3350,
      paramsBillions: 70,
    });
  });

  it('names what is wrong', () => {
    expect(error({ decodeFloor: ['gpus=0'] }).message).toBe(
      'input "decode-floor": gpus="0": expected a whole number of GPUs ≥ 1',
    );
    expect(error({ decodeFloor: ['weights=fp32'] }).message).toMatch(/weights="fp32": expected one of bf16, /);
    expect(error({ decodeFloor: ['vram=80'] }).message).toMatch(
      /unknown key "vram": use gpu, model, gpus, weights, kv, bandwidth, params/,
    );
  });
});

describe('cost', () => {
  it('reads the head price, and the baseline its own', () => {
    expect(buildConfig({ cost: '$2.50/gpu-hour x 8' }).cost).toEqual({ pricePerGpuHour: 2.5, gpus: 8, currency: '$' });
    expect(buildConfig({ cost: '$2.50/gpu-hour x 8', costBaseline: '$2.50/gpu-hour x 4' }).cost).toEqual({
      base: { pricePerGpuHour: 2.5, gpus: 4, currency: '$' },
      head: { pricePerGpuHour: 2.5, gpus: 8, currency: '$' },
    });
  });

  it('names what is wrong', () => {
    expect(error({ cost: '2.50 an hour' }).message).toMatch(/^input "cost": /);
    expect(error({ costBaseline: '$2/gpu-hour x 1' }).message).toBe(
      'input "cost-baseline": needs the cost input too (the head\'s price)',
    );
  });
});
