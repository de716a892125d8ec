import { describe, expect, it } from 'vitest';
import { can, PERMISSION_NAMES, PERMISSIONS, RATE_LIMITS, rolesWith } from './access.js';
import { ROLES } from './roles.js';

describe('PERMISSIONS', () => {
  it('gives each permission known roles, each once', () => {
    for (const name of PERMISSION_NAMES) {
      const roles = PERMISSIONS[name];
      expect(roles.length, name).toBeGreaterThan(0);
      expect(new Set(roles).size, name).toBe(roles.length);
      for (const role of roles) expect(ROLES, name).toContain(role);
    }
  });

  it('answers can() for a role, a session user, a server user, and nobody', () => {
    expect(can('QPPV', 'duplicates.list')).toBe(true);
    expect(can('RLF', 'duplicates.list')).toBe(false);
    expect(can({ Rol: 'CL' }, 'signalRegister.use')).toBe(true);
    expect(can({ role: 'RLF' }, 'signalRegister.use')).toBe(false);
    expect(can(null, 'case.read')).toBe(false);
    expect(can(undefined, 'referenceData.read')).toBe(false);
    expect(rolesWith('tasks.pending')).toEqual(['QPPV', 'RLF', 'Fabricante']);
  });

  it('names every rate-limit tier per minute', () => {
    for (const tier of Object.values(RATE_LIMITS)) expect(tier.timeWindow).toBe('1 minute');
    expect(RATE_LIMITS.auth.max).toBeLessThan(RATE_LIMITS.read.max);
  });
});
