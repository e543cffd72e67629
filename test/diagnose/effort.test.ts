// §7: parse effort text into hours, then rank fixes by Amdahl gain per hour. The worked example:
// the batch-size investigation (3–5×, hours) goes before the RMSNorm fusion (9% share, 3× → 6.4%,
// 2 days).

import { describe, expect, it } from 'vitest';
import { HINT_EFFORT } from '../../src/config/hints';
import { EFFORT_DEFAULTS, parseEffort } from '../../src/config/effort-hours';
import { rankByGainPerEffort } from '../../src/diagnose/effort';

describe('parseEffort', () => {
  it('reads numbers with units as working hours', () => {
    expect(parseEffort('30 minutes')).toBe(0.5);
    expect(parseEffort('2h')).toBe(2);
    expect(parseEffort('1.5 hours')).toBe(1.5);
    expect(parseEffort('2 days')).toBe(16);
    expect(parseEffort('1 week')).toBe(40);
    expect(parseEffort('1-3 days')).toBe(16);
    expect(parseEffort('~2 weeks')).toBe(80);
    expect(parseEffort('an hour')).toBe(1);
    expect(parseEffort('a few days')).toBe(24);
  });

  it('reads a bare plural as the middle of its range', () => {
    expect(parseEffort('minutes')).toBe(0.5);
    expect(parseEffort('hours')).toBe(4);
    expect(parseEffort('days')).toBe(24);
    expect(parseEffort('weeks')).toBe(80);
    expect(parseEffort('Hours')).toBe(4);
  });

  it('parses the hint classes: a config flag costs hours, a kernel days', () => {
    expect(parseEffort(HINT_EFFORT.capacity)).toBe(EFFORT_DEFAULTS.config);
    expect(parseEffort(HINT_EFFORT['decode-overhead'])).toBe(EFFORT_DEFAULTS.kernel);
    expect(EFFORT_DEFAULTS).toEqual({ config: 4, instrumentation: 4, code: 8, kernel: 24 });
    expect(parseEffort(HINT_EFFORT['workload-drift'])).toBeUndefined();
    expect(parseEffort('unknown')).toBeUndefined();
    expect(parseEffort('0 days')).toBeUndefined();
    expect(parseEffort('')).toBeUndefined();
  });
});

describe('rankByGainPerEffort', () => {
  it('§7: share 0.09 at 3× gives 1.0638, "6.4%"', () => {
    const [r] = rankByGainPerEffort([{ label: 'fuse RMSNorm', share: 0.09, speedup: 3, effortHours: 16 }]);
    expect(r.gain).toBeCloseTo(1.0638, 4);
    expect(r.gain).toBeCloseTo(1 / 0.94, 12);
    expect(r.gainText).toBe('6.4%');
    expect(r.gainPerHour).toBeCloseTo(0.0638298 / 16, 7);
  });

  it('§7: the batch-size investigation ranks before the RMSNorm fusion', () => {
    const ranked = rankByGainPerEffort([
      { label: 'fuse the RMSNorm kernels', share: 0.09, speedup: 3, effortHours: parseEffort('2 days')! },
      {
        label: 'find why the running batch is 8 when memory allows 60',
        share: 1,
        speedup: 3,
        effortHours: parseEffort('hours')!,
      },
    ]);
    expect(ranked.map((r) => [r.rank, r.label])).toEqual([
      [1, 'find why the running batch is 8 when memory allows 60'],
      [2, 'fuse the RMSNorm kernels'],
    ]);
    expect(ranked[0]).toMatchObject({ gain: 3, gainText: '+200%'.slice(1), gainPerHour: 0.5 });
  });

  it('ranks by gain per hour, not by gain', () => {
    const ranked = rankByGainPerEffort([
      { label: 'big but slow', share: 0.5, speedup: 2, effortHours: 80 },
      { label: 'small and quick', share: 0.1, speedup: 2, effortHours: 1 },
    ]);
    expect(ranked.map((r) => r.label)).toEqual(['small and quick', 'big but slow']);
  });

  it('puts items it cannot rank last, with the reason', () => {
    const ranked = rankByGainPerEffort([
      { label: 'slower', share: 0.2, speedup: 0.5, effortHours: 1 },
      { label: 'fine', share: 0.2, speedup: 2, effortHours: 1 },
      { label: 'no effort', share: 0.2, speedup: 2, effortHours: 0 },
      { label: 'remove everything', share: 1, speedup: Infinity, effortHours: 1 },
      { label: 'remove a part', share: 0.5, speedup: Infinity, effortHours: 2 },
    ]);
    expect(ranked.map((r) => r.label)).toEqual(['remove a part', 'fine', 'slower', 'no effort', 'remove everything']);
    expect(ranked[0].gain).toBe(2);
    expect(ranked[2].invalid).toBe('speedup must be at least 1 (a slowdown is not a fix), got 0.5');
    expect(ranked[3].invalid).toContain('effort must be a positive number of hours');
    expect(ranked[4].invalid).toBe('removing all of the time has no finite gain');
  });
});

describe('rankByGainPerEffort: the bounds of a valid item and the order of ties', () => {
  it('accepts a share of exactly 0 or 1 and a speedup of exactly 1; refuses what is outside, naming it', () => {
    const ranked = rankByGainPerEffort([
      { label: 'none of the time', share: 0, speedup: 2, effortHours: 1 },
      { label: 'all of the time', share: 1, speedup: 2, effortHours: 1 },
      { label: 'no faster', share: 0.5, speedup: 1, effortHours: 1 },
    ]);
    expect(ranked.map((r) => [r.label, r.gain, r.invalid])).toEqual([
      ['all of the time', 2, undefined],
      ['none of the time', 1, undefined],
      ['no faster', 1, undefined],
    ]);
    expect(ranked[0]).toMatchObject({ gainText: '100%', gainPerHour: 1 });
    const invalid = (item: { share: number; speedup: number; effortHours: number }) =>
      rankByGainPerEffort([{ label: 'x', ...item }])[0];
    expect(invalid({ share: 1.5, speedup: 2, effortHours: 1 }).invalid).toBe('share must be between 0 and 1, got 1.5');
    expect(invalid({ share: -0.1, speedup: 2, effortHours: 1 }).invalid).toBe(
      'share must be between 0 and 1, got -0.1',
    );
    expect(invalid({ share: NaN, speedup: 2, effortHours: 1 }).invalid).toBe('share must be between 0 and 1, got NaN');
    expect(invalid({ share: 0.5, speedup: NaN, effortHours: 1 }).invalid).toBe(
      'speedup must be at least 1 (a slowdown is not a fix), got NaN',
    );
    expect(invalid({ share: 0.5, speedup: 2, effortHours: Infinity }).invalid).toBe(
      'effort must be a positive number of hours, got Infinity',
    );
    expect(invalid({ share: 0.5, speedup: 2, effortHours: -1 }).invalid).toBe(
      'effort must be a positive number of hours, got -1',
    );
    expect(invalid({ share: 0.5, speedup: 2, effortHours: NaN }).invalid).toBe(
      'effort must be a positive number of hours, got NaN',
    );
    // An item that cannot be ranked has no gain.
    const bad = invalid({ share: 2, speedup: 2, effortHours: 1 });
    expect(bad).toMatchObject({ gainText: '—', rank: 1 });
    expect(bad.gain).toBeNaN();
    expect(bad.gainPerHour).toBeNaN();
  });

  it('breaks a tie of gain per hour by the larger gain, then keeps the given order', () => {
    // 2 in 4 h and 4 in 12 h: both 0.25 an hour.
    const ranked = rankByGainPerEffort([
      { label: 'half removed', share: 0.5, speedup: Infinity, effortHours: 4 },
      { label: 'three quarters removed', share: 0.75, speedup: Infinity, effortHours: 12 },
      { label: 'half removed again', share: 0.5, speedup: Infinity, effortHours: 4 },
      { label: 'and again', share: 0.5, speedup: Infinity, effortHours: 4 },
    ]);
    expect(ranked.map((r) => [r.rank, r.label, r.gainPerHour])).toEqual([
      [1, 'three quarters removed', 0.25],
      [2, 'half removed', 0.25],
      [3, 'half removed again', 0.25],
      [4, 'and again', 0.25],
    ]);
    // Items that cannot be ranked stay in the given order, after the others.
    const invalid = rankByGainPerEffort([
      { label: 'bad 1', share: 2, speedup: 2, effortHours: 1 },
      { label: 'good', share: 0.5, speedup: 2, effortHours: 1 },
      { label: 'bad 2', share: 0.5, speedup: 0, effortHours: 1 },
      { label: 'bad 3', share: 0.5, speedup: 2, effortHours: 0 },
    ]);
    expect(invalid.map((r) => r.label)).toEqual(['good', 'bad 1', 'bad 2', 'bad 3']);
  });
});
