import { describe, expect, it } from 'vitest';
import { EMPTY_VALUE, formatDate, formatDateTime, formatYesNo, orDash } from './display.js';

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
  it('shows booleans and SI/NO as SI or NO, missing as ---', () => {
    expect(formatYesNo(true)).toBe('SI');
    expect(formatYesNo('SI')).toBe('SI');
    expect(formatYesNo(false)).toBe('NO');
    expect(formatYesNo('NO')).toBe('NO');
    expect(formatYesNo(null)).toBe('---');
    expect(formatYesNo(undefined)).toBe('---');
  });

  it('shows blank values as ---', () => {
    expect(orDash('Uruguay')).toBe('Uruguay');
    expect(orDash(0)).toBe('0');
    expect(orDash('  ')).toBe('---');
    expect(orDash(null)).toBe('---');
    expect(orDash(Number.NaN)).toBe('---');
  });
});
