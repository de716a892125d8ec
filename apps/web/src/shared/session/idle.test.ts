import { describe, expect, it } from 'vitest';
import { idleCheckIntervalMs, idleStageAfter, idleStageMs } from './idle';

describe('idle stages', () => {
  it('uses half of the session timeout as one stage', () => {
    expect(idleStageMs(30)).toBe(15 * 60_000);
    expect(idleStageMs(0.1)).toBe(3_000);
  });

  it('is active for the first half, idle for the second and locked after the whole timeout', () => {
    const timeout = 30;
    expect(idleStageAfter(0, timeout)).toBe('active');
    expect(idleStageAfter(15 * 60_000 - 1, timeout)).toBe('active');
    expect(idleStageAfter(15 * 60_000, timeout)).toBe('idle');
    expect(idleStageAfter(30 * 60_000 - 1, timeout)).toBe('idle');
    expect(idleStageAfter(30 * 60_000, timeout)).toBe('locked');
  });

  it('never locks when the server sends no usable timeout', () => {
    expect(idleStageAfter(10 ** 9, 0)).toBe('active');
    expect(idleStageAfter(10 ** 9, Number.NaN)).toBe('active');
  });

  it('checks the clock often enough for short test timeouts and at most once a second', () => {
    expect(idleCheckIntervalMs(30)).toBe(1_000);
    expect(idleCheckIntervalMs(0.1)).toBe(300);
    expect(idleCheckIntervalMs(0.001)).toBe(100);
  });
});
