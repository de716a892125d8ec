import { describe, expect, it } from 'vitest';
import { draftCall, draftErrors, rowEditing, type RowEditing } from './row-editing';

const list: RowEditing = { mode: 'list' };

describe('reference-list row modes', () => {
  it('Add puts one blank row, only one at a time, and Cancel removes it', () => {
    const created = rowEditing(list, { type: 'add', table: 'PesoUnidad' });
    expect(created).toEqual({ mode: 'create', draft: { NombreCompleto: '', Abreviacion: '' } });
    expect(rowEditing(created, { type: 'add', table: 'PesoUnidad' })).toBe(created);
    expect(rowEditing(created, { type: 'edit', table: 'PesoUnidad', row: { Id: 1, NombreCompleto: 'Kilogramos' } })).toBe(created);
    expect(rowEditing(created, { type: 'cancel' })).toEqual(list);
  });

  it('Edit opens a row with its values; saving returns to the list', () => {
    const editing = rowEditing(list, { type: 'edit', table: 'Residencias', row: { Id: 3, Nombre: 'Rural', Eliminado: false } });
    expect(editing).toEqual({ mode: 'edit', id: 3, draft: { Nombre: 'Rural' } });
    expect(rowEditing(editing, { type: 'change', key: 'Nombre', value: 'Campo' })).toEqual({ mode: 'edit', id: 3, draft: { Nombre: 'Campo' } });
    expect(rowEditing(editing, { type: 'saved' })).toEqual(list);
  });

  it('refuses empty texts with the spec message', () => {
    expect(draftErrors('Residencias', { Nombre: '   ' })).toEqual({ Nombre: 'El valor no puede estar vacío' });
    expect(draftErrors('RAMTipos', { Type: 'Tipo V', Descripcion: '' })).toEqual({});
  });

  it('sends Keys and Values without Id, Eliminado nor Value, and never a locked column of a protected row', () => {
    expect(draftCall('SubGrupo', { mode: 'create', draft: { Nombre: ' Nuevo ', GrupoId: '2' } })).toEqual({ Keys: ['Nombre', 'GrupoId'], Values: ['Nuevo', 2] });
    expect(draftCall('SubGrupo', { mode: 'edit', id: 1, draft: { Nombre: 'RAM', GrupoId: '1' } })).toEqual({ Keys: ['Nombre'], Values: ['RAM'] });
    expect(draftCall('RAMTipos', { mode: 'edit', id: 9, draft: { Type: 'Tipo V', Descripcion: '' } })).toEqual({ Keys: ['Type', 'Descripcion'], Values: ['Tipo V', null] });
  });
});
