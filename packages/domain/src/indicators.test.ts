import { describe, expect, it } from 'vitest';
import { ER_STATUSES } from './event-status.js';
import { ANNULLED_GREY, INDICATOR_PALETTE, percentChange, statusColor } from './indicators.js';

describe('the indicators cards and palette (docs/indicators.md)', () => {
  it('a card shows the rounded change against the period before; nothing to compare with gives null', () => {
    expect(percentChange(15, 10)).toBe(50);
    expect(percentChange(5, 10)).toBe(-50);
    expect(percentChange(10, 10)).toBe(0);
    expect(percentChange(1, 3)).toBe(-67);
    expect(percentChange(0, 4)).toBe(-100);
    expect(percentChange(7, 0)).toBeNull();
  });

  it('status 11 (Anulado) is grey; every other status a distinct colour of the fixed palette', () => {
    expect(statusColor(11)).toBe(ANNULLED_GREY);
    const others = ER_STATUSES.filter((status) => status.Id !== 1 && status.Id !== 11).map((status) => statusColor(status.Id));
    expect(new Set(others).size).toBe(others.length);
    for (const colour of others) expect(INDICATOR_PALETTE).toContain(colour);
    expect(others).not.toContain(ANNULLED_GREY);
  });
});
