import { signalRegisterApi } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { urlOf } from '../../shared/api';
import { defaultSignalTitle, entryTitle, listQuery, NO_FILTERS, statisticsLines, statusColor, withInterval } from './logic';

describe('the register’s list call', () => {
  it('sends only the filters set, the page size and the cursor', () => {
    expect(urlOf(signalRegisterApi.signalRegisterGet, { query: listQuery(NO_FILTERS, null) })).toBe('/api/signal-register?limite=25');
    expect(urlOf(signalRegisterApi.signalRegisterGet, { query: listQuery({ estado: 'En evaluación', responsable: 'abc' }, 'XYZ', 10) })).toBe(
      '/api/signal-register?estado=En%20evaluaci%C3%B3n&responsable=abc&limite=10&cursor=XYZ',
    );
  });
});

describe('the signal’s display', () => {
  it('shows each status in its colour', () => {
    expect(['En evaluación', 'Validada', 'Refutada', 'Cerrada'].map((s) => statusColor(s as 'Validada'))).toEqual(['orange', 'red', 'gray', 'teal']);
  });

  it('shows a measure with its interval only when both ends are known, in Spanish decimals', () => {
    expect(withInterval(3.5, 1.2, 9.1)).toBe('3,50 (1,20–9,10)');
    expect(withInterval(3.5, null, 9.1)).toBe('3,50');
    expect(withInterval(null, null, null)).toBe('—');
  });

  it('lists the statistics kept at opening, with the flags raised', () => {
    const lines = statisticsLines({ A: 4, E: 1.25, PRR: 3, PRRInf: 1, PRRSup: 9, ROR: 3.2, IC: 1.1, IC025: 0.2, IC975: 1.9, Evans: true, SenalIC: true, SenalEB05: false });
    expect(lines).toEqual([
      ['a (casos)', '4'],
      ['E (esperados)', '1,25'],
      ['PRR', '3,00 (1,00–9,00)'],
      ['ROR', '3,20'],
      ['IC', '1,10 (0,20–1,90)'],
      ['Señales', 'Evans, IC025 > 0'],
    ]);
  });

  it('titles a status change with from → to', () => {
    expect(entryTitle({ Tipo: 'estado', EstadoAnterior: 'En evaluación', EstadoNuevo: 'Validada' })).toBe('Cambio de estado: En evaluación → Validada');
    expect(entryTitle({ Tipo: 'evaluacion', EstadoAnterior: null, EstadoNuevo: null })).toBe('Evaluación');
    expect(defaultSignalTitle('Paracetamol', 'Cefalea')).toBe('Paracetamol × Cefalea');
  });
});
