import { describe, expect, it } from 'vitest';
import { IMPORT_STATUSES, isImportIncomplete, OPERATION_TYPES, RAM_EVOLUTIONS } from './catalog-options.js';

describe('catalog options', () => {
  it('names operation types and outcome ids as the spec gives them', () => {
    expect(OPERATION_TYPES).toEqual({ I: 'Creado', U: 'Actualizado', D: 'Borrado' });
    expect(RAM_EVOLUTIONS.map((option) => option.Id)).toEqual([-1, 0, 2, 3, 4, 5]);
  });

  it('treats an import without end date as incomplete, and D as running', () => {
    expect(isImportIncomplete({ date_end: null })).toBe(true);
    expect(isImportIncomplete({ date_end: '2026-01-01T10:00:00Z' })).toBe(false);
    expect(IMPORT_STATUSES.D.running).toBe(true);
    expect(IMPORT_STATUSES.S.running).toBe(false);
  });
});
