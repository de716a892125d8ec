/** The five roles of the platform spec §1/§6, as the server stores them in `User.Rol`. */
export const ROLES = ['ADMIN', 'QPPV', 'RLF', 'CL', 'Fabricante'] as const;

export type Role = (typeof ROLES)[number];

/** Numeric ids of the `Roles` reference list (seeded in this order). */
export const ROLE_IDS: Record<Role, number> = { ADMIN: 1, QPPV: 2, RLF: 3, CL: 4, Fabricante: 5 };

export function isRole(x: unknown): x is Role {
  return typeof x === 'string' && (ROLES as readonly string[]).includes(x);
}
