import { describe, expect, it } from 'vitest';
import { isRole, ROLE_IDS, ROLES } from './roles.js';

describe('roles', () => {
  it('lists the five roles of the spec with their ids', () => {
    expect(ROLES).toEqual(['ADMIN', 'QPPV', 'RLF', 'CL', 'Fabricante']);
    expect(ROLE_IDS).toEqual({ ADMIN: 1, QPPV: 2, RLF: 3, CL: 4, Fabricante: 5 });
  });

  it('recognises only those names, case-sensitively', () => {
    expect(isRole('Fabricante')).toBe(true);
    expect(isRole('fabricante')).toBe(false);
    expect(isRole(1)).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });
});
