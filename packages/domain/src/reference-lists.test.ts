import { describe, expect, it } from 'vitest';
import { referenceRowValues, referenceToggleMessage, referenceValueSchema } from './reference-lists.js';

describe('reference lists', () => {
  it('refuses an empty value', () => {
    expect(referenceValueSchema.safeParse(' ').error?.issues[0]?.message).toBe('El valor no puede estar vacío');
  });

  it('never sends Id, Eliminado or ImportCodigo, nor Value on update', () => {
    const row = { Id: 4, Eliminado: false, ImportCodigo: 'X1', Value: 'Oral', Descripcion: 'Vía oral' };
    expect(referenceRowValues(row, 'create')).toEqual({ Keys: ['Value', 'Descripcion'], Values: ['Oral', 'Vía oral'] });
    expect(referenceRowValues(row, 'update')).toEqual({ Keys: ['Descripcion'], Values: ['Vía oral'] });
  });

  it('confirms the toggle with the spec text', () => {
    expect(referenceToggleMessage(true)).toBe('Deshabilitado correctamente');
    expect(referenceToggleMessage(false)).toBe('Habilitado correctamente');
  });
});
