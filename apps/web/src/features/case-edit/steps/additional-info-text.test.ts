import { describe, expect, it } from 'vitest';
import { informationChanged, normalizedInformation } from './additional-info-text';

describe('additional information: posted only when changed', () => {
  it('ignores spaces and treats blank as nothing', () => {
    expect(informationChanged('  Fumador ', 'Fumador')).toBe(false);
    expect(informationChanged('', null)).toBe(false);
    expect(normalizedInformation('   ')).toBeNull();
  });

  it('sees a new, edited or cleared text', () => {
    expect(informationChanged('Fumador', null)).toBe(true);
    expect(informationChanged('Ex fumador', 'Fumador')).toBe(true);
    expect(informationChanged('', 'Fumador')).toBe(true);
  });
});
