import type { HomeReportRow } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { HOME_REPORT_FLAG_LABELS, homeReportFlags, reporterKind } from './home-report-flags';

const data = (over: Partial<HomeReportRow['Data']> = {}): Pick<HomeReportRow, 'Data'> => ({
  Data: {
    Paciente: { Iniciales: 'AB', Sexo: 'F', Lactancia: 'NO', Embarazo: 'NO' },
    InformacionContacto: { AceptaContacto: 'NO' },
    RAM: [{ Grave: 'NO' }],
    Tipo: { SubGroup: '0', SubGroupName: null },
    ...over,
  },
});

describe('inbox row marks', () => {
  it('marks a serious reaction, pregnancy, lactation and a reporter who accepts contact', () => {
    expect(homeReportFlags(data())).toEqual([]);
    expect(
      homeReportFlags(
        data({
          RAM: [{ Grave: 'NO' }, { Grave: 'SI' }],
          Paciente: { Iniciales: 'AB', Sexo: 'F', Lactancia: 'SI', Embarazo: 'SI' },
          InformacionContacto: { AceptaContacto: 'SI' },
        }),
      ).map((flag) => HOME_REPORT_FLAG_LABELS[flag]),
    ).toEqual(['Reacción grave', 'Embarazo', 'Lactancia', 'Acepta ser contactado']);
  });

  it('does not mark pregnancy or lactation for a male patient', () => {
    expect(homeReportFlags(data({ Paciente: { Iniciales: 'AB', Sexo: 'M', Lactancia: 'SI', Embarazo: 'SI' } }))).toEqual([]);
  });

  it('names who reported', () => {
    expect(reporterKind(true)).toBe('Médico');
    expect(reporterKind(false)).toBe('Paciente');
  });
});
