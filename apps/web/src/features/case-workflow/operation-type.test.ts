import { describe, expect, it } from 'vitest';
import { operationTypeLabel } from './operation-type';

describe('history operation types', () => {
  it('names the operation types I, U and D', () => {
    expect([operationTypeLabel('I'), operationTypeLabel('U'), operationTypeLabel('D')]).toEqual(['Creado', 'Actualizado', 'Borrado']);
  });
});
