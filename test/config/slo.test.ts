import { describe, expect, it } from 'vitest';
import { parseSlo, sloMet, SloSyntaxError, type Slo } from '../../src/config/slo';

function fails(input: string): SloSyntaxError {
  try {
    parseSlo(input);
  } catch (error) {
    expect(error).toBeInstanceOf(SloSyntaxError);
    return error as SloSyntaxError;
  }
  throw new Error(`expected "${input}" to be rejected`);
}

const MS_UNITS = 'ms, s, sec, us, µs';

describe('parseSlo', () => {
  it('"ttft p95 < 800ms"', () => {
    const slo = parseSlo('ttft p95 < 800ms');
    expect(slo.spec.key).toBe('ttft.p95');
    expect(slo.comparator).toBe('<');
    expect(slo.threshold).toBe(800);
    expect(slo.text).toBe('ttft p95 < 800 ms');
  });

  it('"ttft p95 <= 0.8 s" converts seconds to ms', () => {
    const slo = parseSlo('ttft p95 <= 0.8 s');
    expect(slo.comparator).toBe('<=');
    expect(slo.threshold).toBe(800);
    expect(slo.text).toBe('ttft p95 <= 800 ms');
  });

  it('"itl p99 < 50 ms"', () => {
    const slo = parseSlo('itl p99 < 50 ms');
    expect(slo.spec.key).toBe('itl.p99');
    expect(slo.threshold).toBe(50);
    expect(slo.text).toBe('itl p99 < 50 ms');
  });

  it('"throughput > 3000 tok/s"', () => {
    const slo = parseSlo('throughput > 3000 tok/s');
    expect(slo.spec.key).toBe('throughput');
    expect(slo.comparator).toBe('>');
    expect(slo.threshold).toBe(3000);
    expect(slo.text).toBe('throughput > 3000 tok/s');
  });

  it('"request_throughput >= 2 req/s"', () => {
    const slo = parseSlo('request_throughput >= 2 req/s');
    expect(slo.spec.key).toBe('request_throughput');
    expect(slo.comparator).toBe('>=');
    expect(slo.threshold).toBe(2);
    expect(slo.text).toBe('request_throughput >= 2 req/s');
  });

  it('"e2e p99 < 1_500ms": underscores group digits', () => {
    const slo = parseSlo('e2e p99 < 1_500ms');
    expect(slo.spec.key).toBe('e2e.p99');
    expect(slo.threshold).toBe(1500);
    expect(slo.text).toBe('e2e p99 < 1500 ms');
  });

  it('accepts other spellings of the metric, the units and the spacing', () => {
    expect(parseSlo('TTFT P99.9 < 2 s')).toMatchObject({ threshold: 2000, text: 'ttft p99.9 < 2000 ms' });
    expect(parseSlo('ttft.p95<800MS')).toMatchObject({ threshold: 800, text: 'ttft p95 < 800 ms' });
    expect(parseSlo('e2e.p99 < 2sec')).toMatchObject({ threshold: 2000, text: 'e2e p99 < 2000 ms' });
    expect(parseSlo('  queue p50 < 500us  ')).toMatchObject({ threshold: 0.5, text: 'queue_wait p50 < 0.5 ms' });
    expect(parseSlo('prefill p50 < 250 µs').threshold).toBe(0.25);
    expect(parseSlo('throughput >= 1_000 tokens/sec')).toMatchObject({
      threshold: 1000,
      text: 'throughput >= 1000 tok/s',
    });
    expect(parseSlo('request_throughput > 1.5 requests/s').threshold).toBe(1.5);
    expect(parseSlo('e2e mean < 12.5 s').text).toBe('e2e mean < 12500 ms');
  });

  it('normalises the threshold to six significant figures in the text only', () => {
    const slo = parseSlo('ttft p95 < 0.1234567 s');
    expect(slo.threshold).toBeCloseTo(123.4567, 10);
    expect(slo.text).toBe('ttft p95 < 123.457 ms');
  });

  describe('errors', () => {
    it('missing comparator: no column', () => {
      const e = fails('ttft p95 800ms');
      expect(e.column).toBe(-1);
      expect(e.input).toBe('ttft p95 800ms');
      expect(e.reason).toBe('missing comparator: expected "<", "<=", ">" or ">=", as in "ttft p95 < 800ms"');
      expect(e.message).toBe(
        'SLO "ttft p95 800ms": missing comparator: expected "<", "<=", ">" or ">=", as in "ttft p95 < 800ms"',
      );
      expect(e.name).toBe('SloSyntaxError');
    });

    it('missing metric', () => {
      const e = fails('< 800ms');
      expect(e.column).toBe(0);
      expect(e.message).toBe(
        'SLO "< 800ms": missing metric before the comparator, as in "ttft p95 < 800ms" (at column 1)',
      );
    });

    it('metric without a statistic, or unknown', () => {
      const e = fails('ttft < 800ms');
      expect(e.column).toBe(0);
      expect(e.message).toBe(
        'SLO "ttft < 800ms": ttft needs a statistic: for example "ttft p95" or "ttft mean" (at column 1)',
      );
      expect(fails('foo p95 < 1ms').reason).toMatch(/^unknown metric "foo": expected one of ttft, /);
    });

    it('comparator against the metric’s direction points at the comparator', () => {
      const e = fails('ttft p95 > 800ms');
      expect(e.column).toBe(9);
      expect(e.message).toBe(
        'SLO "ttft p95 > 800ms": ttft is lower is better, so its target needs "<" or "<=" (at column 10)',
      );
      const t = fails('throughput < 10 tok/s');
      expect(t.column).toBe(11);
      expect(t.message).toBe(
        'SLO "throughput < 10 tok/s": throughput is higher is better, so its target needs ">" or ">=" (at column 12)',
      );
      expect(fails('request_throughput <= 2 req/s').reason).toBe(
        'request_throughput is higher is better, so its target needs ">" or ">="',
      );
      expect(fails('itl p99 >= 5 ms').reason).toBe('itl is lower is better, so its target needs "<" or "<="');
    });

    it('missing unit points just after the number', () => {
      const e = fails('ttft p95 < 800');
      // "ttft p95 < " is 11 characters, "800" 3 more
      expect(e.column).toBe(14);
      expect(e.message).toBe(
        `SLO "ttft p95 < 800": missing unit after 800: expected one of ${MS_UNITS} (at column 15)`,
      );
      expect(fails('throughput > 3_000').reason).toBe(
        'missing unit after 3_000: expected one of tok/s, tokens/s, tok/sec, tokens/sec',
      );
    });

    it('wrong unit for the metric points at the unit', () => {
      const e = fails('ttft p95 < 800 tok/s');
      expect(e.column).toBe(15);
      expect(e.message).toBe(
        `SLO "ttft p95 < 800 tok/s": unit "tok/s" does not fit ttft (ms): expected one of ${MS_UNITS} (at column 16)`,
      );
      const t = fails('throughput > 3000 ms');
      expect(t.column).toBe(18);
      expect(t.reason).toBe(
        'unit "ms" does not fit throughput (tok/s): expected one of tok/s, tokens/s, tok/sec, tokens/sec',
      );
      expect(fails('request_throughput > 2 tok/s').reason).toBe(
        'unit "tok/s" does not fit request_throughput (req/s): expected one of req/s, requests/s, req/sec, requests/sec',
      );
      expect(fails('ttft p95 < 800 minutes').reason).toBe(
        `unit "minutes" does not fit ttft (ms): expected one of ${MS_UNITS}`,
      );
    });

    it('does not take names inherited by every object for units', () => {
      expect(fails('ttft p95 < 800 constructor').reason).toBe(
        `unit "constructor" does not fit ttft (ms): expected one of ${MS_UNITS}`,
      );
      expect(fails('ttft p95 < 800 __proto__').reason).toBe(
        `unit "__proto__" does not fit ttft (ms): expected one of ${MS_UNITS}`,
      );
    });

    it('missing number points at what came instead', () => {
      const e = fails('ttft p95 < ms');
      expect(e.column).toBe(11);
      expect(e.message).toBe('SLO "ttft p95 < ms": expected a number after "<", got "ms" (at column 12)');
      const nothing = fails('ttft p95 <');
      expect(nothing.column).toBe(10);
      expect(nothing.message).toBe('SLO "ttft p95 <": expected a number after "<", got "nothing" (at column 11)');
      expect(fails('ttft p95 <= -5ms').reason).toBe('expected a number after "<=", got "-5ms"');
      expect(fails('ttft p95 < .5s').reason).toBe('expected a number after "<", got ".5s"');
    });

    it('reports columns in the trimmed input', () => {
      const e = fails('   ttft p95 > 800ms   ');
      expect(e.input).toBe('ttft p95 > 800ms');
      expect(e.column).toBe(9);
    });
  });
});

describe('sloMet', () => {
  const at = (text: string) => parseSlo(text);
  const cases: [Slo, number, boolean][] = [
    [at('ttft p95 < 800ms'), 799.999, true],
    [at('ttft p95 < 800ms'), 800, false],
    [at('ttft p95 < 800ms'), 800.001, false],
    [at('ttft p95 <= 800ms'), 800, true],
    [at('ttft p95 <= 800ms'), 800.001, false],
    [at('throughput > 3000 tok/s'), 3000, false],
    [at('throughput > 3000 tok/s'), 3000.5, true],
    [at('throughput >= 3000 tok/s'), 3000, true],
    [at('throughput >= 3000 tok/s'), 2999.9, false],
    [at('ttft p95 <= 0.8 s'), 800, true],
  ];
  it.each(cases)('%# at the boundary', (slo, value, met) => {
    expect(sloMet(slo, value)).toBe(met);
  });

  it('a NaN value never meets a target', () => {
    for (const text of ['ttft p95 < 800ms', 'ttft p95 <= 800ms', 'throughput > 1 tok/s', 'throughput >= 1 tok/s']) {
      expect(sloMet(parseSlo(text), NaN)).toBe(false);
    }
  });
});
