import { patientReportSchema } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { patientReport } from '../../test-support/public-reports.js';
import { ageOn, calendarDay, caseRecordsFromReport, choiceId, strictDay } from './case-from-report.js';
import type { StoredReport } from './stored-report.js';

describe('ageOn', () => {
  it.each([
    ['1990-04-12', '2026-01-02', { age: 35, unit: 'Años' }],
    ['1990-01-02', '2026-01-02', { age: 36, unit: 'Años' }],
    ['2024-01-03', '2026-01-02', { age: 23, unit: 'Meses' }],
    ['2024-01-02', '2026-01-02', { age: 2, unit: 'Años' }],
    ['2025-06-15', '2026-01-02', { age: 6, unit: 'Meses' }],
    ['2025-12-02', '2026-01-02', { age: 1, unit: 'Meses' }],
    ['2025-12-03', '2026-01-02', { age: 30, unit: 'Días' }],
    ['2026-01-02', '2026-01-02', { age: 0, unit: 'Días' }],
    ['2024-02-29', '2024-03-28', { age: 28, unit: 'Días' }],
  ])('born %s, on %s: %o', (birth, day, expected) => {
    expect(ageOn(birth, day)).toEqual(expected);
  });

  it('is unknown without a birth date or before it', () => {
    expect(ageOn(null, '2026-01-02')).toBeNull();
    expect(ageOn('2026-01-03', '2026-01-02')).toBeNull();
  });
});

describe('dates and list values', () => {
  it('reads form dates as calendar days; concomitant dates only as YYYY-MM-DD', () => {
    expect(calendarDay('2026-01-02')).toBe('2026-01-02');
    expect(calendarDay('2026-01-02T15:00:00.000Z')).toBe('2026-01-02');
    expect(calendarDay('')).toBeNull();
    expect(calendarDay(null)).toBeNull();
    expect(strictDay('2025-12-20')).toBe('2025-12-20');
    expect(strictDay('diciembre')).toBeNull();
    expect(strictDay('2025-02-30')).toBeNull();
    expect(strictDay('2025-12-20T10:00:00Z')).toBeNull();
  });

  it('takes ids of list values, never codes or placeholders', () => {
    expect(choiceId(3)).toBe(3);
    expect(choiceId('3')).toBe(3);
    expect(choiceId('none')).toBeNull();
    expect(choiceId('')).toBeNull();
    expect(choiceId('KG')).toBeNull();
    expect(choiceId(null)).toBeNull();
  });
});

describe('caseRecordsFromReport', () => {
  const facts = { patientCountryId: 7, products: new Map([[42, { laboratoryId: 9, lineId: null, pharmaceuticalFormId: null }]]) };
  const stored = (change: (report: ReturnType<typeof patientReport>) => void = () => undefined): StoredReport => {
    const report = patientReport({ id: 42, commercialName: 'Producto' });
    change(report);
    const parsed = patientReportSchema.parse(report);
    return { ...parsed, Tipo: { Pais: 'UY', SubGroup: '0', SubGroupName: 'Sin clasificar' } };
  };

  it('measures the age to the earliest reaction start, or to today without one', () => {
    const twoReactions = stored((report) => {
      report.Paciente.FechaNacimiento = '2025-06-15';
      report.RAM = [
        { Grave: 'NO', Reaccion: 'Erupción', FechaIniReaccion: '2026-01-02' },
        { Grave: 'NO', Reaccion: 'Fiebre', FechaIniReaccion: '2025-07-10' },
      ];
    });
    expect(caseRecordsFromReport(twoReactions, facts, 'u', '2026-03-01').patient).toMatchObject({ age: 25, ageUnit: 'Días' });
    const undated = stored((report) => {
      report.Paciente.FechaNacimiento = '2025-06-15';
      report.RAM = [{ Grave: 'NO', Reaccion: 'Erupción', FechaIniReaccion: null }];
    });
    expect(caseRecordsFromReport(undated, facts, 'u', '2026-03-01').patient).toMatchObject({ age: 8, ageUnit: 'Meses' });
  });

  it('keeps gestation only from 1 to 40 weeks, and leaves units out when there is no value', () => {
    const report = stored((r) => {
      r.Paciente.Gestacion = 0;
      r.Paciente.Peso = null;
      r.Paciente.Altura = undefined;
    });
    expect(caseRecordsFromReport(report, facts, 'u', '2026-03-01').patient).toMatchObject({
      gestation: null,
      weight: null,
      weightUnitId: null,
      height: null,
      heightUnitId: null,
      countryId: 7,
    });
  });

  it('has no medical-contact record when the report says nothing about a consultation', () => {
    const report = stored();
    const silent: StoredReport = { ...report, ContactoMedico: { ...report.ContactoMedico, ContactoMedico: null, Medico: null } as StoredReport['ContactoMedico'] };
    expect(caseRecordsFromReport(silent, facts, 'u', '2026-03-01').medicalContact).toBeNull();
  });

  it('refuses a product the catalogue does not have', () => {
    expect(() => caseRecordsFromReport(stored(), { ...facts, products: new Map() }, 'u', '2026-03-01')).toThrow(/Product 42/);
  });
});
