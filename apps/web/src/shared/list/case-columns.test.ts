import type { ErListRow } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { CASE_COLUMN_HEADERS, CASE_COLUMNS, caseAlert, caseFlag, productText } from './case-columns';

type AlertRow = Pick<ErListRow, 'MetricsAlerts' | 'SincAlertaEstado' | 'Estado'>;
const row = (over: Partial<AlertRow> = {}): AlertRow => ({ MetricsAlerts: [], SincAlertaEstado: '', Estado: 2, ...over });

describe('case list columns', () => {
  it('has the search and the work column sets of the spec', () => {
    expect(CASE_COLUMNS.search.map((key) => CASE_COLUMN_HEADERS[key])).toEqual([
      'Alerta',
      'Identificador',
      'País',
      'Compañía',
      'Producto',
      'Actualizado',
      'Histórico',
    ]);
    expect(CASE_COLUMNS.work.map((key) => CASE_COLUMN_HEADERS[key])).toEqual([
      'Identificador',
      'Estado',
      'Tipo de RAM',
      'Actualizado',
      'Alerta',
    ]);
  });

  it('names the KPI alert of a row, a missed limit first', () => {
    const missed = row({
      MetricsAlerts: [{ Nombre: 'Revisión RLF', Descripcion: 'Límite de 72 h superado el 20/11/2026' }],
      SincAlertaEstado: 'Medium',
    });
    expect(caseAlert(missed)).toEqual({
      label: 'Fuera de plazo',
      tone: 'danger',
      details: ['Revisión RLF: Límite de 72 h superado el 20/11/2026'],
    });
    expect(caseAlert(row({ SincAlertaEstado: 'High' }))).toMatchObject({ label: 'Alerta alta', tone: 'danger' });
    expect(caseAlert(row({ SincAlertaEstado: 'Medium' }))).toMatchObject({ label: 'Alerta media', tone: 'warning' });
    expect(caseAlert(row())).toBeNull();
  });

  it('colours the flag as the card: pending blue, in time green', () => {
    expect(caseFlag(row({ Estado: 1 }))).toEqual({ tone: 'info', label: 'Pendiente' });
    expect(caseFlag(row())).toEqual({ tone: 'success', label: 'En plazo' });
    expect(caseFlag(row({ SincAlertaEstado: 'Medium' }))).toEqual({ tone: 'warning', label: 'Alerta media' });
  });

  it('shows the first product and how many more', () => {
    expect(productText({ NombreComercial: 'Ibuprofeno 400', CantProductos: 3 })).toBe('Ibuprofeno 400 (+2)');
    expect(productText({ NombreComercial: null, CantProductos: 0 })).toBe('---');
  });
});
