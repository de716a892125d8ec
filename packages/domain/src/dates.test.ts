import { describe, expect, it } from 'vitest';
import { isEndBeforeStart, isFutureDate, isValidDate, optionalPastDate } from './dates.js';

describe('dates', () => {
  const now = new Date('2026-05-10T12:00:00Z');

  it("accepts today's date in any zone, refuses later dates", () => {
    expect(isFutureDate('2026-05-10', now)).toBe(false);
    // Already 11 May in Kiribati (UTC+14) at 12:00 UTC.
    expect(isFutureDate('2026-05-11', now)).toBe(false);
    expect(isFutureDate('2026-05-12', now)).toBe(true);
    expect(isFutureDate('2026-05-10T12:00:01Z', now)).toBe(true);
    expect(isFutureDate('2026-05-10T11:59:59Z', now)).toBe(false);
  });

  it('recognises real dates only', () => {
    expect(isValidDate('2026-02-28')).toBe(true);
    expect(isValidDate('2026-02-30')).toBe(false);
    expect(isValidDate('ayer')).toBe(false);
  });

  it('compares end and start dates', () => {
    expect(isEndBeforeStart('2026-05-10', '2026-05-09')).toBe(true);
    expect(isEndBeforeStart('2026-05-10', '2026-05-10')).toBe(false);
    expect(isEndBeforeStart('2026-05-10', null)).toBe(false);
  });

  it('validates optional past dates with the spec messages', () => {
    const schema = optionalPastDate();
    expect(schema.safeParse('').success).toBe(true);
    expect(schema.safeParse(null).success).toBe(true);
    expect(schema.safeParse('2020-01-01').success).toBe(true);
    expect(schema.safeParse('2999-01-01').error?.issues[0]?.message).toBe('La fecha no puede ser futura');
    expect(schema.safeParse('2020-13-01').error?.issues[0]?.message).toBe('La fecha no es válida');
  });
});
