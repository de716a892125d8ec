import { MSG } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { initialChoice, subGroupSelectValue, summaryActions, triageBody, triageDoneMessage, triageWarning } from './triage';
import type { StoredReportData } from './types';

const report = (over: { SubGroup?: string | number | null; Pais?: string | null; Data?: StoredReportData } = {}) => ({
  Id: '5b0c4f0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  SubGroup: 3,
  Pais: 'UY',
  Data: {},
  ...over,
});

describe('summary modal buttons', () => {
  it('shows each action the status allows: Descartar 1|2, Revisar 1|3, Ingresar 1|2', () => {
    expect(summaryActions(1, '3')).toEqual(['Descartar', 'Revisar', 'Ingresar']);
    expect(summaryActions(2, '3')).toEqual(['Descartar', 'Ingresar']);
    expect(summaryActions(3, '3')).toEqual(['Revisar']);
    expect(summaryActions(4, '3')).toEqual([]);
  });

  it('offers only Descartar while the type of occurrence is still unclassified (0)', () => {
    expect(summaryActions(1, '0')).toEqual(['Descartar']);
    expect(summaryActions(3, '0')).toEqual([]);
  });

  it('asks for a type before Revisar or Ingresar when the user cleared it, never before Descartar', () => {
    expect(summaryActions(1, null)).toEqual(['Descartar', 'Revisar', 'Ingresar']);
    expect(triageWarning('Revisar', 1, null)).toBe('Debe seleccionar un tipo de reporte');
    expect(triageWarning('Ingresar', 2, '')).toBe(MSG.homeReports.reportTypeRequired);
    expect(triageWarning('Ingresar', 2, '4')).toBeNull();
    expect(triageWarning('Descartar', 1, null)).toBeNull();
  });
});

describe('summary modal state', () => {
  it('starts from the stored type and country; an unclassified report starts at 0, shown as no choice', () => {
    expect(initialChoice(report())).toEqual({ subGroup: '3', country: 'UY' });
    const patient = initialChoice(report({ SubGroup: '0', Pais: null, Data: { Tipo: { Pais: 'AR', SubGroup: '0' } } }));
    expect(patient).toEqual({ subGroup: '0', country: 'AR' });
    expect(subGroupSelectValue(patient.subGroup)).toBeNull();
    expect(subGroupSelectValue('3')).toBe('3');
    expect(initialChoice(report({ SubGroup: null, Pais: null, Data: { Paciente: { Pais: 'CL' } } }))).toEqual({
      subGroup: '0',
      country: 'CL',
    });
  });
});

describe('triage body', () => {
  const original = { subGroup: '0', country: 'UY' };

  it('sends Revisar as status 2 with the chosen type, and the country only when it changed', () => {
    expect(triageBody('Revisar', report(), { subGroup: '5', country: 'UY' }, original)).toEqual({
      homeERId: report().Id,
      subGroup: 5,
      newStatus: 2,
      updData: { Pais: null },
      comentario: null,
    });
    expect(triageBody('Revisar', report(), { subGroup: '5', country: 'AR' }, original).updData).toEqual({ Pais: 'AR' });
  });

  it('sends Descartar as status 3 with its comment, and no type while unclassified', () => {
    expect(triageBody('Descartar', report(), original, original, 'Duplicado del RH-2026-000001')).toEqual({
      homeERId: report().Id,
      subGroup: null,
      newStatus: 3,
      updData: { Pais: null },
      comentario: 'Duplicado del RH-2026-000001',
    });
  });

  it('sends Ingresar with no status (createerfromerhome)', () => {
    expect(triageBody('Ingresar', report(), { subGroup: '1', country: 'UY' }, original)).toMatchObject({ newStatus: null, subGroup: 1 });
  });

  it('tells the user what happened', () => {
    expect(triageDoneMessage('Descartar', 'RH-2026-000007')).toBe('El reporte RH-2026-000007 fue descartado');
    expect(triageDoneMessage('Ingresar', 'RH-2026-000007', 'UY-2026-000003')).toBe(
      'El reporte RH-2026-000007 fue ingresado como el evento reportable UY-2026-000003',
    );
  });
});
