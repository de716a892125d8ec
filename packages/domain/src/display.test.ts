import { describe, expect, it } from 'vitest';
import { EMPTY_VALUE, formatDate, formatDateTime, formatNumber, formatUtcOffset, formatYesNo, naranjoAnswerText, orDash } from './display.js';

describe('date display', () => {
  it('shows an instant in the country time zone, not in UTC', () => {
    expect(formatDate('2026-01-01T02:00:00Z', 'America/Montevideo')).toBe('31/12/2025');
    expect(formatDateTime('2026-01-01T02:00:00Z', 'America/Montevideo')).toBe('31/12/2025 23:00');
    expect(formatDate('2026-01-01T02:00:00Z', 'UTC')).toBe('01/01/2026');
  });

  it('accepts Date objects and uses a 24-hour clock', () => {
    expect(formatDateTime(new Date('2026-03-05T15:07:00Z'), 'UTC')).toBe('05/03/2026 15:07');
    expect(formatDateTime('2026-03-05T00:30:00Z', 'UTC')).toBe('05/03/2026 00:30');
  });

  it('shows a date-only value as is, whatever the zone', () => {
    expect(formatDate('2026-01-01', 'America/Montevideo')).toBe('01/01/2026');
    expect(formatDate('2026-01-01', 'Asia/Tokyo')).toBe('01/01/2026');
    expect(formatDateTime('2026-01-01', 'America/Montevideo')).toBe('01/01/2026');
  });

  it("shows '---' when the date is missing or unreadable", () => {
    expect(EMPTY_VALUE).toBe('---');
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatDate(value, 'UTC')).toBe('---');
      expect(formatDateTime(value, 'UTC')).toBe('---');
    }
  });
});

describe('value display', () => {
  it("shows booleans and the API's SI/NO as 'Sí' (with its accent) or 'No', missing as ---", () => {
    expect(formatYesNo(true)).toBe('Sí');
    expect(formatYesNo('SI')).toBe('Sí');
    expect(formatYesNo(false)).toBe('No');
    expect(formatYesNo('NO')).toBe('No');
    expect(formatYesNo(null)).toBe('---');
    expect(formatYesNo(undefined)).toBe('---');
  });

  it("shows the Naranjo answers with 'Sí' / 'No' as the other yes/no values", () => {
    expect([0, 1, 2, 3].map(naranjoAnswerText)).toEqual(['Seleccione', 'No', 'Sí', 'No sabe']);
  });

  it('shows decimals with a comma as the screen does, missing as ---', () => {
    expect(formatNumber(1.65)).toBe('1,65');
    expect(formatNumber(70)).toBe('70');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(null)).toBe('---');
    expect(formatNumber(Number.NaN)).toBe('---');
  });

  it('names the zone offset of an instant with a true minus sign, DST included', () => {
    expect(formatUtcOffset(new Date('2026-06-01T12:00:00Z'), 'America/Montevideo')).toBe('UTC\u221203:00');
    expect(formatUtcOffset(new Date('2026-01-15T12:00:00Z'), 'America/Santiago')).toBe('UTC\u221203:00');
    expect(formatUtcOffset(new Date('2026-07-15T12:00:00Z'), 'America/Santiago')).toBe('UTC\u221204:00');
    expect(formatUtcOffset(new Date('2026-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe('UTC+05:30');
    expect(formatUtcOffset(new Date('2026-07-15T12:00:00Z'), 'UTC')).toBe('UTC');
  });

  it('shows blank values as ---', () => {
    expect(orDash('Uruguay')).toBe('Uruguay');
    expect(orDash(0)).toBe('0');
    expect(orDash('  ')).toBe('---');
    expect(orDash(null)).toBe('---');
    expect(orDash(Number.NaN)).toBe('---');
  });
});
