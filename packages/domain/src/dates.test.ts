import { describe, expect, it } from 'vitest';
import { isEndBeforeStart, isFutureDate, isIsoDate, isIsoDateTime, isoDate, isoDateTime, isValidDate, optionalDate, optionalPastDate } from './dates.js';

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

  it('recognises real ISO 8601 dates only', () => {
    expect(isValidDate('2026-02-28')).toBe(true);
    expect(isValidDate('2026-02-30')).toBe(false);
    expect(isValidDate('ayer')).toBe(false);
    for (const value of ['2026-02-28', '2024-02-29']) expect(isIsoDate(value)).toBe(true);
    for (const value of ['2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '03/04/2026', '2026-3-4', 'ayer 5', ' 2026-03-04', '2026-03-04T00:00:00Z', '20260304', '']) {
      expect(isIsoDate(value)).toBe(false);
    }
    for (const value of ['2026-03-04T10:30:00Z', '2026-03-04T10:30:00.123Z', '2026-03-04T10:30-03:00', '2026-03-04T23:59:59+14:00']) {
      expect(isIsoDateTime(value)).toBe(true);
    }
    for (const value of ['2026-03-04', '2026-03-04T10:30:00', '2026-03-04 10:30:00Z', '2026-02-30T10:00:00Z', '2026-03-04T24:00:00Z', 'Wed, 04 Mar 2026 10:30:00 GMT', 'ayer 5']) {
      expect(isIsoDateTime(value)).toBe(false);
    }
  });

  it('names the field in the message of a date that is not YYYY-MM-DD', () => {
    expect(isoDate('fecha de inicio').safeParse('03/04/2026').error?.issues[0]?.message).toBe('La fecha de inicio no es válida: use el formato AAAA-MM-DD');
    expect(isoDate('fecha de inicio').safeParse(20260304).error?.issues[0]?.message).toBe('La fecha de inicio no es válida: use el formato AAAA-MM-DD');
    expect(isoDate().safeParse('2026-03-04').data).toBe('2026-03-04');
    expect(isoDateTime('fecha de la firma').safeParse('2026-03-04').error?.issues[0]?.message).toBe(
      'La fecha de la firma no es válida: use el formato AAAA-MM-DDTHH:MM:SSZ',
    );
    expect(optionalDate('fecha de fin').safeParse('ayer').error?.issues[0]?.message).toBe('La fecha de fin no es válida: use el formato AAAA-MM-DD');
    expect(optionalDate('fecha de fin').safeParse('2999-01-01').success).toBe(true);
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
    expect(schema.safeParse('2020-13-01').error?.issues[0]?.message).toBe('La fecha no es válida: use el formato AAAA-MM-DD');
    expect(schema.safeParse('2020-01-01T00:00:00Z').error?.issues[0]?.message).toBe('La fecha no es válida: use el formato AAAA-MM-DD');
  });
});
