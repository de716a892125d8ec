import { describe, expect, it } from 'vitest';
import { accentInsensitivePattern, foldAccents } from './search-pattern.js';

function matches(term: string, name: string): boolean {
  // JavaScript and PostgreSQL agree on this subset of regular expressions.
  return new RegExp(accentInsensitivePattern(term), 'u').test(name.toLowerCase());
}

describe('accentInsensitivePattern', () => {
  it.each([
    ['cefal', 'Cefalea'],
    ['CÉFAL', 'Cefalea'],
    ['nausea', 'Náusea'],
    ['vomito', 'Vómito'],
    ['sueno', 'Trastorno del sueño'],
    ['dolor  de', 'Dolor de cabeza'],
  ])('finds %s in %s', (term, name) => {
    expect(matches(term, name)).toBe(true);
  });

  it('does not find a different word', () => {
    expect(matches('cefal', 'Mareo')).toBe(false);
  });

  it('takes regular-expression characters literally', () => {
    expect(matches('a.b', 'axb')).toBe(false);
    expect(matches('(tipo', 'Reacción (tipo I)')).toBe(true);
    expect(matches('+', 'hepatitis c+')).toBe(true);
  });
});

describe('foldAccents', () => {
  it('lower-cases and drops the accents', () => {
    expect(foldAccents('ÁRBOL Ñandú')).toBe('arbol nandu');
  });
});
