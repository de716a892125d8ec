import { describe, expect, it } from 'vitest';
import { parseTypedDate, todayIso } from './dates';

describe('a date typed into a date field', () => {
  it('is read as DD/MM/YYYY, as the field shows it', () => {
    expect(parseTypedDate('05/03/2025')).toBe('2025-03-05');
    expect(parseTypedDate('5/3/2025')).toBe('2025-03-05');
    expect(parseTypedDate('05-03-2025')).toBe('2025-03-05');
    expect(parseTypedDate(' 2025-03-05 ')).toBe('2025-03-05');
  });

  it('is not taken when it is no date', () => {
    expect(parseTypedDate('31/02/2025')).toBeNull();
    expect(parseTypedDate('ayer')).toBeNull();
    expect(parseTypedDate('')).toBeNull();
  });

  it("offers no day after the browser's today", () => {
    expect(todayIso(new Date(2025, 0, 9, 23, 30))).toBe('2025-01-09');
  });
});
