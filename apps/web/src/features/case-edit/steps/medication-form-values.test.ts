import { medicationInputSchema, MSG, type CountryProduct, type ErMedication } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import {
  drugRoleOf,
  emptyMedicationForm,
  medicationDisplay,
  medicationFieldOf,
  medicationFormFromInput,
  parseMedication,
  toMedicationInput,
  withProduct,
  type MedicationFormValues,
} from './medication-form-values';
import { fieldMessages, formChanged } from '../../../shared/form';
import { medicationInputFromRecord } from '../follow-up-draft';

const product: CountryProduct = {
  Id: 7,
  ComercialName: 'Dolorex 500',
  Familia: 'Analgésicos',
  Laboratorio: { Id: 3, Nombre: 'Laboratorio Sur' },
  FormaFarmaceuticaId: 4,
  PrincipiosActivos: [
    { PrincipioActivoId: 11, PrincipioActivo_Nombre: 'Paracetamol', Concentracion: 500, Unidad: 2, UnidadNombre: 'mg' },
    { PrincipioActivoId: 12, PrincipioActivo_Nombre: 'Cafeína', Concentracion: null, Unidad: null, UnidadNombre: null },
  ],
};

/** A form the user completed: the medicine picked, a manufacturer, the concentrations typed. */
function completed(overrides: Partial<MedicationFormValues> = {}): MedicationFormValues {
  const picked = withProduct(emptyMedicationForm(), product);
  return {
    ...picked,
    Lineas: [31],
    PrincipiosActivos: picked.PrincipiosActivos.map((ingredient) => ({ ...ingredient, Concentracion: ingredient.Concentracion ?? 65 })),
    ...overrides,
  };
}

/** What the form shows under each field. */
function messages(values: MedicationFormValues): Record<string, string> {
  const result = medicationInputSchema.safeParse(toMedicationInput(values));
  return result.success ? {} : fieldMessages(result.error.issues, medicationFieldOf);
}

describe('picking a medicine', () => {
  it('pre-fills its ingredients with their concentration and unit, and its pharmaceutical form', () => {
    const values = withProduct({ ...emptyMedicationForm(), LotNumber: 'L-22' }, product);
    expect(values.MedicineId).toBe(7);
    expect(values.FormaFarmaceuticaId).toBe(4);
    expect(values.PrincipiosActivos).toEqual([
      { PrincipioActivoId: 11, PrincipioActivo_Nombre: 'Paracetamol', Concentracion: 500, Unidad: 2 },
      { PrincipioActivoId: 12, PrincipioActivo_Nombre: 'Cafeína', Concentracion: null, Unidad: null },
    ]);
    expect(values.LotNumber).toBe('L-22');
  });

  it("forgets the manufacturers chosen for the previous medicine (they were another laboratory's lines)", () => {
    const values = withProduct(completed({ Lineas: [31, 32] }), { ...product, Id: 8 });
    expect(values.Lineas).toEqual([]);
  });

  it('clearing the medicine empties what came with it', () => {
    const values = withProduct(completed(), null);
    expect(values).toMatchObject({ MedicineId: null, Lineas: [], FormaFarmaceuticaId: null, PrincipiosActivos: [] });
  });
});

describe('checking the medication form', () => {
  it('asks for the medicine and the manufacturer in the Spanish of the spec', () => {
    expect(messages(emptyMedicationForm())).toMatchObject({
      MedicineId: MSG.wizard.medicineRequired,
      Lineas: MSG.wizard.laboratoryRequired,
      FormaFarmaceuticaId: MSG.generic.select,
    });
  });

  it('asks for the concentration of an ingredient the product has none for', () => {
    const values = withProduct(emptyMedicationForm(), product);
    expect(messages({ ...values, Lineas: [31] })).toEqual({ 'PrincipiosActivos.1.Concentracion': MSG.generic.required });
  });

  it('refuses an end of administration before its start, on the end date', () => {
    expect(messages(completed({ DateStart: '2025-03-10', DateEnd: '2025-03-01' }))).toEqual({ DateEnd: MSG.generic.endBeforeStart });
  });

  it('refuses a future date', () => {
    expect(messages(completed({ DateStart: '2999-01-01' }))).toEqual({ DateStart: MSG.generic.futureDate });
  });

  it('sends the first manufacturer as LineaId and the second as LineaId2', () => {
    expect(parseMedication(completed({ Lineas: [31, 32] }))).toMatchObject({ LineaId: 31, LineaId2: 32 });
    expect(parseMedication(completed({ Lineas: [31] }))).toMatchObject({ LineaId: 31, LineaId2: null });
  });

  it('sends blank text and unchosen lists as null', () => {
    const medication = parseMedication(completed({ LotNumber: '  ', Indication: '' }));
    expect(medication).toMatchObject({
      Medicine: { Id: 7 },
      FormaFarmaceuticaId: 4,
      LotNumber: null,
      Indication: null,
      ViaId: null,
      FrecuenciaTipo: null,
      UnitUsoId: null,
      Cant: null,
      FrecId: null,
      DateStart: null,
    });
    expect(medication?.PrincipiosActivos).toEqual([
      { PrincipioActivoId: 11, PrincipioActivo_Nombre: 'Paracetamol', Concentracion: 500, Unidad: 2 },
      { PrincipioActivoId: 12, PrincipioActivo_Nombre: 'Cafeína', Concentracion: 65, Unidad: null },
    ]);
  });
});

describe('editing a listed medication', () => {
  const record: ErMedication = {
    Id: 90,
    Medicine: { Id: 7, ComercialName: 'Dolorex 500', Family: { Name: 'Analgésicos' } },
    Laboratorio: { Id: 3, Nombre: 'Laboratorio Sur' },
    LineaId: 31,
    Linea: { Nombre: 'Planta Norte' },
    LineaId2: null,
    Linea2: null,
    FormaFarmaceuticaId: 4,
    FormaFarmaceutica: 'Comprimido',
    PrincipiosActivos: [{ PrincipioActivoId: 11, PrincipioActivo_Nombre: 'Paracetamol', Concentracion: 500, Unidad: 2, UnidadNombre: 'mg' }],
    LotNumber: null,
    Indication: 'Cefalea',
    DateStart: '2025-02-01',
    DateEnd: null,
    ViaId: 1,
    Via: 'Oral',
    FrecuenciaTipo: 2,
    FrecuenciaTipoNombre: 'Diaria',
    FrecId: 8,
    Cant: 1.5,
    UnitUsoId: 5,
    UnitUsoNombre: 'comprimido',
    Caracterizacion: 2,
    CaracterizacionNombre: 'Concomitante',
    Recuperado: null,
  };

  it('loads a stored medication with its manufacturer, ingredients, dose and role', () => {
    expect(medicationFormFromInput(medicationInputFromRecord(record))).toEqual({
      MedicineId: 7,
      Lineas: [31],
      FormaFarmaceuticaId: 4,
      PrincipiosActivos: [{ PrincipioActivoId: 11, PrincipioActivo_Nombre: 'Paracetamol', Concentracion: 500, Unidad: 2 }],
      LotNumber: '',
      Indication: 'Cefalea',
      DateStart: '2025-02-01',
      DateEnd: null,
      ViaId: 1,
      FrecuenciaTipo: 2,
      FrecId: 8,
      Cant: 1.5,
      UnitUsoId: 5,
      Caracterizacion: 2,
    });
  });

  it("sends the role chosen ('Sospechoso' in a new form); a role outside 1–4 in a draft reads as Sospechoso", () => {
    expect(emptyMedicationForm().Caracterizacion).toBe(1);
    expect(toMedicationInput({ ...medicationFormFromInput(medicationInputFromRecord(record)), Caracterizacion: 3 }).Caracterizacion).toBe(3);
    expect(parseMedication({ ...medicationFormFromInput(medicationInputFromRecord(record)), Caracterizacion: 2 })?.Caracterizacion).toBe(2);
    expect(drugRoleOf(9)).toBe(1);
    expect(drugRoleOf('4')).toBe(4);
  });

  it('loads a medication of the follow-up draft as it was added', () => {
    const values = completed({ Lineas: [31, 32], LotNumber: 'L-9', DateStart: '2025-01-05', Cant: 2, ViaId: 1 });
    const draftInput = parseMedication(values);
    expect(draftInput).not.toBeNull();
    if (draftInput) expect(medicationFormFromInput(draftInput)).toEqual(values);
  });

  it('counts as unsaved only when something differs from what was loaded', () => {
    const loaded = medicationFormFromInput(medicationInputFromRecord(record));
    expect(formChanged({ ...loaded }, loaded)).toBe(false);
    expect(formChanged({ ...loaded, LotNumber: 'X' }, loaded)).toBe(true);
    expect(formChanged(emptyMedicationForm(), emptyMedicationForm())).toBe(false);
  });
});

describe('the names a draft medication shows', () => {
  const lines = [
    { Id: 31, Nombre: 'Planta Norte' },
    { Id: 32, Nombre: 'Planta Este' },
  ];

  it('names the medicine, its laboratory and the chosen lines', () => {
    expect(medicationDisplay(product, lines, [32, 31])).toEqual({ ComercialName: 'Dolorex 500', Laboratorio: 'Laboratorio Sur', Linea: 'Planta Este, Planta Norte' });
  });

  it('keeps the names it had when the lists no longer hold them', () => {
    const previous = { ComercialName: 'Viejo', Laboratorio: 'Lab Viejo', Linea: 'Planta Vieja' };
    expect(medicationDisplay(undefined, [], [40], previous)).toEqual(previous);
  });
});
