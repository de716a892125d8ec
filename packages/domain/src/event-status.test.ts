import { describe, expect, it } from 'vitest';
import {
  canExportPdf,
  canViewComments,
  canViewFollowUps,
  ER_STATUSES,
  erStatusName,
  HOME_REPORT_ACTIONS,
  homeReportActionError,
  homeReportStatusName,
  homeReportStatusTone,
  isHomeReportActionAvailable,
  nextHomeReportStatus,
} from './event-status.js';

describe('reportable event statuses', () => {
  it('names the statuses of the workflow, with Anulado = 11', () => {
    expect(ER_STATUSES.map((status) => status.Id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 11]);
    expect(erStatusName(1)).toBe('Pendiente');
    expect(erStatusName(3)).toBe('En evaluación QPPV');
    expect(erStatusName(11)).toBe('Anulado');
    expect(erStatusName(10)).toBe('---');
  });

  it('offers comments and PDF only outside Pendiente (and PDF not when Anulado)', () => {
    expect(canViewComments(1)).toBe(false);
    expect(canViewComments(2)).toBe(true);
    expect(canExportPdf(1)).toBe(false);
    expect(canExportPdf(11)).toBe(false);
    expect(canExportPdf(6)).toBe(true);
    expect(canViewFollowUps(3, 0)).toBe(false);
    expect(canViewFollowUps(3, 2)).toBe(true);
    expect(canViewFollowUps(1, 2)).toBe(false);
  });
});

describe('incoming reports', () => {
  it('colours the inbox row by status', () => {
    expect(homeReportStatusTone(1)).toBe('info');
    expect(homeReportStatusTone(2)).toBe('warning');
    expect(homeReportStatusTone(4)).toBe('danger');
    expect(homeReportStatusTone(3)).toBe('secondary');
    expect(homeReportStatusName(1)).toBe('Nuevo');
    expect(homeReportStatusName(2)).toBe('En revisión');
    expect(homeReportStatusName(3)).toBe('Descartado');
  });

  /** The actions homeReportActionError lets through, in button order. */
  const allowed = (report: { status: number; subGroup: string }) =>
    HOME_REPORT_ACTIONS.filter((action) => homeReportActionError(action, report) === null);

  it('allows Descartar from 1|2, Revisar from 1|3, Ingresar from 1|2', () => {
    const typed = '12';
    expect(allowed({ status: 1, subGroup: typed })).toEqual(['Descartar', 'Revisar', 'Ingresar']);
    expect(allowed({ status: 2, subGroup: typed })).toEqual(['Descartar', 'Ingresar']);
    expect(allowed({ status: 3, subGroup: typed })).toEqual(['Revisar']);
    expect(allowed({ status: 4, subGroup: typed })).toEqual([]);
    expect(nextHomeReportStatus('Descartar')).toBe(3);
    expect(nextHomeReportStatus('Revisar')).toBe(2);
  });

  it("allows only Descartar for sub-group '0' and asks for a report type otherwise", () => {
    expect(allowed({ status: 1, subGroup: '0' })).toEqual(['Descartar']);
    expect(homeReportActionError('Revisar', { status: 1, subGroup: '0' })).toBe('Debe seleccionar un tipo de reporte');
    expect(homeReportActionError('Ingresar', { status: 2, subGroup: null })).toBe('Debe seleccionar un tipo de reporte');
    expect(homeReportActionError('Ingresar', { status: 2, subGroup: 'none' })).toBe('Debe seleccionar un tipo de reporte');
    expect(homeReportActionError('Descartar', { status: 3, subGroup: 5 })).toBe(
      'La acción no está permitida en el estado actual',
    );
    expect(isHomeReportActionAvailable('Revisar', 1)).toBe(true);
    expect(isHomeReportActionAvailable('Revisar', 2)).toBe(false);
  });
});
