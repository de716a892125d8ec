import { describe, expect, it } from 'vitest';
import { rowsSection } from './types';

describe('rowsSection', () => {
  it('makes a section of one untitled block of rows', () => {
    const rows = [{ label: 'Iniciales', value: 'JPG' }];
    expect(rowsSection('Paciente', rows)).toEqual({ title: 'Paciente', blocks: [{ rows }] });
  });
});
