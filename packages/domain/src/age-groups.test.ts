import { describe, expect, it } from 'vitest';
import { ageGroupOf, ageInDays } from './age-groups.js';

const name = (age: number | null, unit: string | null) => ageGroupOf(age, unit).Name;

describe('age groups', () => {
  it('converts Age and Escala to days', () => {
    expect(ageInDays(3, 'Semanas')).toBe(21);
    expect(ageInDays(24, 'Meses')).toBe(ageInDays(2, 'Años'));
    expect(ageInDays(3, 'none')).toBeNull();
    expect(ageInDays(-1, 'Años')).toBeNull();
  });

  it.each([
    [0, 'Días', 'Neonato'],
    [27, 'Días', 'Neonato'],
    [4, 'Semanas', 'Lactante'],
    [23, 'Meses', 'Lactante'],
    [24, 'Meses', 'Niño'],
    [2, 'Años', 'Niño'],
    [11, 'Años', 'Niño'],
    [12, 'Años', 'Adolescente'],
    [17, 'Años', 'Adolescente'],
    [18, 'Años', 'Adulto'],
    [64, 'Años', 'Adulto'],
    [65, 'Años', 'Anciano'],
  ])('%i %s is %s', (age, unit, group) => {
    expect(name(age, unit)).toBe(group);
  });

  it('puts missing ages in Desconocido', () => {
    expect(name(null, 'Años')).toBe('Desconocido');
    expect(name(30, null)).toBe('Desconocido');
  });
});
