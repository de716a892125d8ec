import { describe, expect, it } from 'vitest';
import { followUpReference, formatCaseReference, formatHomeReference, parseReference } from './reference-numbers.js';

describe('reference numbers', () => {
  it('formats cases, incoming reports and follow-ups', () => {
    expect(formatCaseReference('uy', 2026, 123)).toBe('UY-2026-000123');
    expect(formatHomeReference(2026, 45)).toBe('RH-2026-000045');
    expect(followUpReference('UY-2026-000123', 1)).toBe('UY-2026-000123-S1');
    expect(followUpReference('UY-2026-000123-S1', 2)).toBe('UY-2026-000123-S2');
    expect(formatCaseReference('AR', 2026, 1_234_567)).toBe('AR-2026-1234567');
  });

  it('parses them back', () => {
    expect(parseReference('UY-2026-000123')).toEqual({ kind: 'case', prefix: 'UY', year: 2026, sequence: 123, followUp: null });
    expect(parseReference('uy-2026-000123-s3')).toEqual({ kind: 'case', prefix: 'UY', year: 2026, sequence: 123, followUp: 3 });
    expect(parseReference('RH-2026-000045')).toEqual({ kind: 'home', prefix: 'RH', year: 2026, sequence: 45, followUp: null });
  });

  it('rejects anything else', () => {
    for (const value of ['', 'UY-26-000123', 'UY-2026-123', 'RH-2026-000045-S1', 'UY-2026-000123-S0', 'URU-2026-000123']) {
      expect(parseReference(value)).toBeNull();
    }
    expect(() => formatHomeReference(2026, 0)).toThrow(RangeError);
    expect(() => followUpReference('RH-2026-000045', 1)).toThrow(RangeError);
  });
});
