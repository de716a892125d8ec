import { describe, expect, it } from 'vitest';
import { activeSectionAt } from './sections';

const tops = [
  { id: 'inicio', top: 0 },
  { id: 'quienes-somos', top: 900 },
  { id: 'compromiso', top: 1600 },
];

describe('activeSectionAt', () => {
  it('marks the first section at the top of the page', () => {
    expect(activeSectionAt(tops, 0)).toBe('inicio');
  });

  it('moves to a section once its top is within 450 px of the scroll position', () => {
    expect(activeSectionAt(tops, 449)).toBe('inicio');
    expect(activeSectionAt(tops, 450)).toBe('quienes-somos');
    expect(activeSectionAt(tops, 1200)).toBe('compromiso');
  });

  it('has no active section when there are none', () => {
    expect(activeSectionAt([], 300)).toBeNull();
  });
});
