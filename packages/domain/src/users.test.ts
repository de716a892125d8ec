import { describe, expect, it } from 'vitest';
import { firstErrorMessage } from './fields.js';
import { canEditUserRole, canToggleUserActive, userCreateSchema, userFilterSchema, userUpdateSchema } from './users.js';

const valid = {
  Email: 'ana@demo.uy',
  FirstName: 'Ana',
  LastName: 'Pérez',
  Country: 'UY',
  UserType: 'RLF',
  Speciality: { Id: 2 },
};

describe('user create/update', () => {
  it('accepts a complete user', () => {
    expect(userCreateSchema.safeParse(valid).success).toBe(true);
    expect(userUpdateSchema.safeParse({ ...valid, UserID: 'u-1', IsActive: false }).success).toBe(true);
  });

  it('shows the first missing field in the spec order', () => {
    const empty = { Email: '', FirstName: ' ', LastName: '', Country: 'none', UserType: 'Seleccionar...', Speciality: { Id: 'none' } };
    expect(firstErrorMessage(userCreateSchema, empty)).toBe('Correo electrónico requerido');
    expect(firstErrorMessage(userCreateSchema, { ...empty, Email: valid.Email })).toBe('Nombre requerido');
    expect(firstErrorMessage(userCreateSchema, { ...valid, LastName: '   ', Country: '' })).toBe('Apellido requerido');
    expect(firstErrorMessage(userCreateSchema, { ...valid, Country: 'Seleccionar...' })).toBe('País requerido');
    expect(firstErrorMessage(userCreateSchema, { ...valid, UserType: 'none' })).toBe('Rol requerido');
    expect(firstErrorMessage(userCreateSchema, { ...valid, Speciality: { Id: 'Seleccionar...' } })).toBe('Especialidad requerido');
    expect(firstErrorMessage(userCreateSchema, { ...valid, Speciality: undefined })).toBe('Especialidad requerido');
    expect(firstErrorMessage(userCreateSchema, valid)).toBeNull();
  });

  it('fills the list filter defaults', () => {
    expect(userFilterSchema.parse({})).toMatchObject({ pageNumber: 1, orderBy: 'Nombre ASC', pageSize: 15 });
  });

  it('lets only QPPV and ADMIN edit roles, and the active toggle only for someone else', () => {
    expect(canEditUserRole('QPPV')).toBe(true);
    expect(canEditUserRole('ADMIN')).toBe(true);
    expect(canEditUserRole('RLF')).toBe(false);
    expect(canToggleUserActive('u-1', 'u-1')).toBe(false);
    expect(canToggleUserActive('u-1', 'u-2')).toBe(true);
    expect(canToggleUserActive('u-1', null)).toBe(false);
  });
});
