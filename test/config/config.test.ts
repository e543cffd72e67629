import { describe, expect, it } from 'vitest';
import {
  buildConfig,
  ConfigError,
  DEFAULT_METRICS,
  defaultMinEffect,
  defaultRunNoise,
  minEffectFor,
  runNoiseFor,
  type RawConfig,
} from '../../src/config/config';
import { parseMetricSpec, type MetricSpec } from '../../src/metrics/metric-spec';

const ALLOWED =
  'ttft, ttft_client, e2e, itl, tpot, throughput, request_throughput, failed, tokenize, queue_wait, prefill, network, decode, detokenize';

function spec(text: string): MetricSpec {
  const s = parseMetricSpec(text);
  if (typeof s === 'string') throw new Error(s);
  return s;
}

function configError(raw: RawConfig): ConfigError {
  try {
    buildConfig(raw);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`expected ${JSON.stringify(raw)} to be rejected`);
}

const keys = (raw: RawConfig) => buildConfig(raw).metrics.map((m) => m.spec.key);
const origins = (raw: RawConfig) => Object.fromEntries(buildConfig(raw).metrics.map((m) => [m.spec.key, m.origin]));

describe('buildConfig defaults', () => {
  const config = buildConfig({});

  it('compares the default metrics, in catalog order', () => {
    expect(config.metrics.map((m) => m.spec.key)).toEqual([
      'ttft.p50',
      'ttft.p95',
      'ttft_client.p95',
      'e2e.p50',
      'e2e.p95',
      'itl.p50',
      'itl.p99',
      'throughput',
    ]);
    expect(config.metrics.every((m) => m.origin === 'default')).toBe(true);
    expect(DEFAULT_METRICS.map((s) => s.key).sort()).toEqual(config.metrics.map((m) => m.spec.key).sort());
  });

  it('fails on regressions and SLO misses', () => {
    expect([...config.failOn].sort()).toEqual(['regression', 'slo']);
  });

  it('uses seed 1, 2000 resamples, 95% confidence, α = 0.05', () => {
    expect(config.statistics).toEqual({
      level: 0.95,
      alpha: 0.05,
      resamples: 2000,
      seed: 1,
      minEffect: {},
      runNoise: {},
    });
  });

  it('has no SLOs, no benchmark override and a 5% bad-line ratio', () => {
    expect(config.slos).toEqual([]);
    expect(config.benchmark).toBeUndefined();
    expect(config.maxBadLineRatio).toBe(0.05);
  });

  it('treats blank inputs as absent', () => {
    const blank = buildConfig({
      metrics: ['', '  '],
      slos: [' '],
      confidence: ' ',
      resamples: '',
      seed: '',
      minEffect: [''],
      runNoise: ['  '],
      benchmark: '   ',
      maxBadLineRatio: '',
    });
    expect(blank.metrics.map((m) => m.spec.key)).toEqual(config.metrics.map((m) => m.spec.key));
    expect(blank.statistics).toEqual(config.statistics);
    expect(blank.slos).toEqual([]);
    expect(blank.benchmark).toBeUndefined();
  });
});

describe('buildConfig metrics', () => {
  it('adds SLO metrics to the defaults, once, marked as SLO metrics', () => {
    const raw = { slos: ['ttft p99 < 2s', 'ttft p95 < 800ms', 'ttft.p95 <= 1 s'] };
    expect(keys(raw)).toEqual([
      'ttft.p50',
      'ttft.p95',
      'ttft.p99',
      'ttft_client.p95',
      'e2e.p50',
      'e2e.p95',
      'itl.p50',
      'itl.p99',
      'throughput',
    ]);
    expect(origins(raw)['ttft.p95']).toBe('slo');
    expect(origins(raw)['ttft.p99']).toBe('slo');
    expect(origins(raw)['ttft.p50']).toBe('default');
    expect(buildConfig(raw).slos.map((s) => s.text)).toEqual([
      'ttft p99 < 2000 ms',
      'ttft p95 < 800 ms',
      'ttft p95 <= 1000 ms',
    ]);
  });

  it('named metrics replace the defaults, sorted by catalog then statistic (mean first)', () => {
    const raw = { metrics: ['throughput', 'itl p99', 'ttft p95', 'ttft mean', 'ttft.p95', 'TTFT p50', 'e2e.p99'] };
    expect(keys(raw)).toEqual(['ttft.mean', 'ttft.p50', 'ttft.p95', 'e2e.p99', 'itl.p99', 'throughput']);
    expect(Object.values(origins(raw)).every((o) => o === 'named')).toBe(true);
  });

  it('keeps an SLO metric that is also named as an SLO metric', () => {
    const raw = { metrics: ['ttft p95', 'itl p50'], slos: ['ttft p95 < 800ms', 'throughput > 10 tok/s'] };
    expect(keys(raw)).toEqual(['ttft.p95', 'itl.p50', 'throughput']);
    expect(origins(raw)).toEqual({ 'ttft.p95': 'slo', 'itl.p50': 'named', throughput: 'slo' });
  });

  it('names the input and the text of a bad metric', () => {
    const e = configError({ metrics: ['ttft p95', 'ttft'] });
    expect(e.input).toBe('metrics');
    expect(e.message).toBe('input "metrics": "ttft": ttft needs a statistic: for example "ttft p95" or "ttft mean"');
    expect(e.name).toBe('ConfigError');
    expect(configError({ metrics: ['bogus p95'] }).message).toBe(
      `input "metrics": "bogus p95": unknown metric "bogus": expected one of ${ALLOWED}`,
    );
  });

  it('wraps SLO syntax errors as errors of the slo input', () => {
    const e = configError({ slos: ['ttft p95 > 800ms'] });
    expect(e.input).toBe('slo');
    expect(e.message).toBe(
      'input "slo": SLO "ttft p95 > 800ms": ttft is lower is better, so its target needs "<" or "<=" (at column 10)',
    );
  });
});

describe('buildConfig fail-on', () => {
  const failOn = (text: string) => [...buildConfig({ failOn: text }).failOn].sort();

  it('parses lists and "never"', () => {
    expect(failOn('never')).toEqual([]);
    expect(failOn('none')).toEqual([]);
    expect(failOn(' NEVER ')).toEqual([]);
    expect(failOn('regression,slo')).toEqual(['regression', 'slo']);
    expect(failOn('Regression, SLO')).toEqual(['regression', 'slo']);
    expect(failOn('inconclusive')).toEqual(['inconclusive']);
    expect(failOn('regression slo inconclusive')).toEqual(['inconclusive', 'regression', 'slo']);
    expect(failOn('slo,,slo')).toEqual(['slo']);
  });

  it('a blank value is the default, not "never"', () => {
    expect(failOn('')).toEqual(['regression', 'slo']);
    expect(failOn('   ')).toEqual(['regression', 'slo']);
  });

  it('rejects an unknown value, naming the input and the allowed values', () => {
    const e = configError({ failOn: 'regression,regressions' });
    expect(e.input).toBe('fail-on');
    expect(e.message).toBe(
      'input "fail-on": "regressions" is not allowed: use a comma-separated list of regression, slo, inconclusive, quality, or "never"',
    );
    expect(configError({ failOn: 'always' }).message).toContain('"always" is not allowed');
  });
});

describe('buildConfig numeric inputs', () => {
  it('confidence in (0.5, 1)', () => {
    expect(buildConfig({ confidence: '0.9' }).statistics.level).toBe(0.9);
    expect(buildConfig({ confidence: ' 0.99 ' }).statistics.level).toBe(0.99);
    for (const bad of ['95', '0.5', '1', 'abc', '-0.9', 'NaN', 'Infinity']) {
      const e = configError({ confidence: bad });
      expect(e.input).toBe('confidence');
      expect(e.message).toBe(`input "confidence": "${bad}" is not a number between 0.5 and 1, such as 0.95`);
    }
  });

  it('resamples: a whole number from 200 to 100000', () => {
    expect(buildConfig({ resamples: '200' }).statistics.resamples).toBe(200);
    expect(buildConfig({ resamples: '100000' }).statistics.resamples).toBe(100_000);
    expect(buildConfig({ resamples: '5000' }).statistics.resamples).toBe(5000);
    for (const bad of ['199', '100001', '2000.5', 'many', '-2000']) {
      expect(configError({ resamples: bad }).message).toBe(
        `input "resamples": "${bad}" is not a whole number from 200 to 100000`,
      );
    }
  });

  it('seed: a whole number ≥ 0', () => {
    expect(buildConfig({ seed: '0' }).statistics.seed).toBe(0);
    expect(buildConfig({ seed: '42' }).statistics.seed).toBe(42);
    for (const bad of ['-1', '1.5', 'x']) {
      expect(configError({ seed: bad }).message).toBe(`input "seed": "${bad}" is not a whole number ≥ 0`);
    }
  });

  it('max-bad-line-ratio: a share in [0, 1]', () => {
    expect(buildConfig({ maxBadLineRatio: '0' }).maxBadLineRatio).toBe(0);
    expect(buildConfig({ maxBadLineRatio: '1' }).maxBadLineRatio).toBe(1);
    expect(configError({ maxBadLineRatio: '1.5' }).message).toBe(
      'input "max-bad-line-ratio": "1.5" is not a share between 0 and 1, such as 0.05',
    );
  });

  it('trims the benchmark name', () => {
    expect(buildConfig({ benchmark: '  chat-70b ' }).benchmark).toBe('chat-70b');
  });
});

describe('buildConfig min-effect and run-noise', () => {
  it('parses "metric=share%" and "metric = share" lines into shares by key', () => {
    const config = buildConfig({
      minEffect: ['ttft p95=15%', 'itl.p99 = 0.08', '', 'e2e.p99 = 20 %', 'throughput=2.5%', 'TTFT P99.9=0.3'],
      runNoise: ['ttft p50 = 3%', 'itl p99=0.06'],
    });
    expect(config.statistics.minEffect).toEqual({
      'ttft.p95': 0.15,
      'itl.p99': 0.08,
      'e2e.p99': 0.2,
      throughput: 0.025,
      'ttft.p99.9': 0.3,
    });
    expect(config.statistics.runNoise).toEqual({ 'ttft.p50': 0.03, 'itl.p99': 0.06 });
  });

  it('the last line for a key wins; 0 is allowed', () => {
    expect(buildConfig({ minEffect: ['ttft p95=15%', 'ttft.p95=0'] }).statistics.minEffect).toEqual({ 'ttft.p95': 0 });
  });

  it('rejects lines not of the form, naming the input', () => {
    for (const bad of ['ttft p95 15%', 'ttft p95=', '=10%', 'ttft p95=-5%', 'ttft p95=ten', 'ttft p95=10%%']) {
      const e = configError({ minEffect: [bad] });
      expect(e.input).toBe('min-effect');
      expect(e.message).toBe(`input "min-effect": "${bad}" is not of the form "ttft p95=10%"`);
    }
    expect(configError({ runNoise: ['itl p99: 5%'] }).message).toBe(
      'input "run-noise": "itl p99: 5%" is not of the form "ttft p95=10%"',
    );
  });

  it('rejects unknown metrics and out-of-range shares', () => {
    expect(configError({ minEffect: ['foo=10%'] }).message).toBe(
      `input "min-effect": "foo=10%": unknown metric "foo": expected one of ${ALLOWED}`,
    );
    expect(configError({ runNoise: ['ttft=10%'] }).message).toBe(
      'input "run-noise": "ttft=10%": ttft needs a statistic: for example "ttft p95" or "ttft mean"',
    );
    expect(configError({ minEffect: ['ttft p95=1000%'] }).message).toBe(
      'input "min-effect": "ttft p95=1000%": expected a share such as 10% or 0.1',
    );
    expect(configError({ minEffect: ['ttft p95=10'] }).message).toBe(
      'input "min-effect": "ttft p95=10": expected a share such as 10% or 0.1',
    );
    expect(configError({ minEffect: ['ttft p95=1.2.3'] }).message).toBe(
      'input "min-effect": "ttft p95=1.2.3": expected a share such as 10% or 0.1',
    );
  });
});

describe('default minimum effect and run noise', () => {
  it('defaultMinEffect: 5% up to the median and for means and rates, 10% in the tail, 20% from p99.9', () => {
    expect(defaultMinEffect(spec('ttft p25'))).toBe(0.05);
    expect(defaultMinEffect(spec('ttft p50'))).toBe(0.05);
    expect(defaultMinEffect(spec('itl median'))).toBe(0.05);
    expect(defaultMinEffect(spec('e2e mean'))).toBe(0.05);
    expect(defaultMinEffect(spec('throughput'))).toBe(0.05);
    expect(defaultMinEffect(spec('request_throughput'))).toBe(0.05);
    expect(defaultMinEffect(spec('ttft p51'))).toBe(0.1);
    expect(defaultMinEffect(spec('ttft p95'))).toBe(0.1);
    expect(defaultMinEffect(spec('itl p99'))).toBe(0.1);
    expect(defaultMinEffect(spec('itl p99.8'))).toBe(0.1);
    expect(defaultMinEffect(spec('ttft p99.9'))).toBe(0.2);
    expect(defaultMinEffect(spec('ttft p99.99'))).toBe(0.2);
  });

  it('defaultRunNoise: 2.5% up to the median and for means and rates, 5% in the tail, 8% from p99.9', () => {
    expect(defaultRunNoise(spec('ttft p50'))).toBe(0.025);
    expect(defaultRunNoise(spec('e2e mean'))).toBe(0.025);
    expect(defaultRunNoise(spec('throughput'))).toBe(0.025);
    expect(defaultRunNoise(spec('ttft p95'))).toBe(0.05);
    expect(defaultRunNoise(spec('itl p99'))).toBe(0.05);
    expect(defaultRunNoise(spec('itl p99.9'))).toBe(0.08);
  });

  it('minEffectFor / runNoiseFor prefer the configured value for the key', () => {
    const config = buildConfig({ minEffect: ['ttft p95=15%'], runNoise: ['itl.p99=0.1'] });
    expect(minEffectFor(config, spec('ttft p95'))).toBe(0.15);
    expect(minEffectFor(config, spec('ttft.p99'))).toBe(0.1);
    expect(runNoiseFor(config, spec('itl p99'))).toBe(0.1);
    expect(runNoiseFor(config, spec('ttft p95'))).toBe(0.05);
    const zero = buildConfig({ minEffect: ['ttft p95=0%'] });
    expect(minEffectFor(zero, spec('ttft p95'))).toBe(0);
  });
});
