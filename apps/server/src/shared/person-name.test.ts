import { describe, expect, it } from 'vitest';
import { personName } from './person-name.js';

describe('a user’s printed name', () => {
  it('is the given name then the family name, without a stray space when one is missing', () => {
    expect(personName({ firstName: 'Lucía', lastName: 'Pereira' })).toBe('Lucía Pereira');
    expect(personName({ firstName: 'Lucía', lastName: '' })).toBe('Lucía');
    expect(personName({ firstName: null, lastName: 'Pereira' })).toBe('Pereira');
    expect(personName({ firstName: null, lastName: null })).toBe('');
  });
});
