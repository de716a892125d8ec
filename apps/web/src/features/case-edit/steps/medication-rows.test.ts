import { describe, expect, it } from 'vitest';
import { doseText, medicationRowFromDraft } from './medication-rows';

describe('the dose a list row shows', () => {
  it('says the dose, its unit and the hours between doses', () => {
    expect(doseText(50, 'mg', 12)).toBe('50 mg cada 12 horas');
    expect(doseText(1.5, 'comprimido', null)).toBe('1,5 comprimido');
    expect(doseText(null, null, 1)).toBe('cada 1 hora');
    expect(doseText(null, 'mg', null)).toBeNull();
  });

  it('names the dose unit of a draft medication from the reference list', () => {
    const row = medicationRowFromDraft(
      {
        key: 'k1',
        input: {
          Medicine: { Id: 7 },
          LineaId: 31,
          FormaFarmaceuticaId: 4,
          PrincipiosActivos: [],
          Cant: 2,
          UnitUsoId: 5,
          FrecId: 8,
          DateStart: '2025-02-01',
          DateEnd: null,
        },
        display: { ComercialName: 'Dolorex 500', Laboratorio: 'Laboratorio Sur', Linea: 'Planta Norte' },
      },
      [{ Id: 5, Nombre: 'comprimidos' }],
    );
    expect(row).toEqual({
      key: 'k1',
      id: null,
      medicine: 'Dolorex 500',
      // No role in the draft's input: a suspect medicine, as the server takes it.
      role: 'Sospechoso',
      laboratory: 'Laboratorio Sur',
      lines: 'Planta Norte',
      DateStart: '2025-02-01',
      DateEnd: null,
      dose: '2 comprimidos cada 8 horas',
      incomplete: false,
    });
  });

  it('marks a draft medication copied without a required answer as incomplete', () => {
    const row = medicationRowFromDraft(
      {
        key: 'k2',
        input: { Medicine: { Id: 7 }, LineaId: 31, FormaFarmaceuticaId: null, PrincipiosActivos: [], FrecId: null, Cant: null },
        display: { ComercialName: 'Dolorex 500', Laboratorio: 'Laboratorio Sur', Linea: '' },
      },
      [],
    );
    expect(row.incomplete).toBe(true);
  });
});
