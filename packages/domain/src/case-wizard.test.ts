import { describe, expect, it } from 'vitest';
import {
  caseEditRefusal,
  caseSendRefusal,
  isCausalityDrugRole,
  finishFollowUpBodySchema,
  medicalContactInputSchema,
  medicationInputSchema,
  originInputSchema,
  patientInputSchema,
  patientInputSchemaFor,
  patientMeasureIssues,
  previousMedicationInputSchema,
  ramInputSchema,
  showsConsiderations,
  wizardStepGate,
  type WizardGateContext,
} from './case-wizard.js';
import { firstErrorMessage } from './fields.js';
import { MSG } from './messages.js';

const FUTURE = '2999-01-01';

describe('step 0: patient (event spec §5)', () => {
  it('requires an alias of at most 3 characters', () => {
    expect(firstErrorMessage(patientInputSchema, { Initials: '' })).toBe('Es requerido');
    expect(firstErrorMessage(patientInputSchema, { Initials: 'ABCD' })).toBe(MSG.generic.maxLength(3));
    expect(firstErrorMessage(patientInputSchema, { Initials: 'ABC' })).toBeNull();
  });

  it('keeps weeks of gestation between 1 and 40', () => {
    const pregnant = { Initials: 'AB', Genere: 'F', Pregnancy: true };
    expect(firstErrorMessage(patientInputSchema, { ...pregnant, Gestation: 0 })).toBe(MSG.wizard.gestationRange);
    expect(firstErrorMessage(patientInputSchema, { ...pregnant, Gestation: 41 })).toBe(MSG.wizard.gestationRange);
    expect(patientInputSchema.parse({ ...pregnant, Gestation: 40 }).Gestation).toBe(40);
  });

  it('clears pregnancy, gestation and lactation for a gender other than F, and gestation when not pregnant', () => {
    expect(patientInputSchema.parse({ Initials: 'AB', Genere: 'M', Pregnancy: true, Gestation: 12, Lactation: true })).toMatchObject({
      Pregnancy: null,
      Gestation: null,
      Lactation: null,
    });
    expect(patientInputSchema.parse({ Initials: 'AB', Genere: 'F', Pregnancy: false, Gestation: 12 }).Gestation).toBeNull();
  });

  it("turns a 'none' unit of age or residence into empty, and of height or weight into unit 1", () => {
    expect(patientInputSchema.parse({ Initials: 'AB', Escala: 'none', Residence: 'none', HeightUnitId: 'none', WeightUnitId: null })).toMatchObject({
      Escala: null,
      Residence: null,
      HeightUnitId: 1,
      WeightUnitId: 1,
    });
  });

  it('refuses negative age, height and weight, and checks only the e-mail format', () => {
    expect(firstErrorMessage(patientInputSchema, { Initials: 'AB', Weight: -1 })).toBe(MSG.generic.minZero);
    expect(firstErrorMessage(patientInputSchema, { Initials: 'AB', Email: 'x@' })).toBe(MSG.generic.emailFormat);
    expect(firstErrorMessage(patientInputSchema, { Initials: 'AB', Email: '' })).toBeNull();
  });
});

describe('step 0: height and weight in their units (issue 20)', () => {
  // Ids as an administrator might have left them: the abbreviation decides, not the id.
  const units = {
    AlturaUnidad: [
      { Id: 1, Abreviacion: 'm' },
      { Id: 2, Abreviacion: 'cm' },
      { Id: 3, Abreviacion: 'codo' },
    ],
    PesoUnidad: [
      { Id: 1, Abreviacion: 'kg' },
      { Id: 2, Abreviacion: 'g' },
      { Id: 4, Abreviacion: 'arroba' },
    ],
  };
  const schema = patientInputSchemaFor(units);
  const patient = (change: Record<string, unknown>) => ({ Initials: 'ABC', ...change });

  it.each([
    ['1,65 m', { Height: 1.65, HeightUnitId: 1 }],
    ['165 cm', { Height: 165, HeightUnitId: 2 }],
    ['a newborn of 45 cm and 3200 g', { Height: 45, HeightUnitId: 2, Weight: 3200, WeightUnitId: 2 }],
    ['70 kg with the default unit', { Weight: 70, WeightUnitId: null }],
    ['any value in a unit the rule does not know', { Height: 90, HeightUnitId: 3, Weight: 3000, WeightUnitId: 4 }],
    ['no height nor weight', {}],
  ])('accepts %s', (_name, change) => {
    expect(firstErrorMessage(schema, patient(change))).toBeNull();
  });

  it.each([
    ['165 typed in metres', { Height: 165, HeightUnitId: 1 }, MSG.generic.heightRange],
    ['1,65 typed in centimetres', { Height: 1.65, HeightUnitId: 2 }, MSG.generic.heightRange],
    ['3 m', { Height: 3, HeightUnitId: 1 }, MSG.generic.heightRange],
    ['70 g', { Weight: 70, WeightUnitId: 2 }, MSG.generic.weightRange],
    ['700 kg', { Weight: 700, WeightUnitId: 1 }, MSG.generic.weightRange],
  ])('refuses %s', (_name, change, message) => {
    expect(firstErrorMessage(schema, patient(change))).toBe(message);
  });

  it('keeps a negative value a matter of the base schema, in any unit', () => {
    expect(firstErrorMessage(schema, patient({ Weight: -1, WeightUnitId: 4 }))).toBe(MSG.generic.minZero);
    expect(firstErrorMessage(patientInputSchema, patient({ Height: 165, HeightUnitId: 1 }))).toBeNull();
  });

  it('names each failing field', () => {
    expect(patientMeasureIssues({ Height: 165, HeightUnitId: 1, Weight: 0.05, WeightUnitId: 1 }, units)).toEqual([
      { path: 'Height', message: MSG.generic.heightRange },
      { path: 'Weight', message: MSG.generic.weightRange },
    ]);
  });
});

describe('step 1: origin of the report', () => {
  const base = { Have: true, OrigenId: 1, TipoId: 1 };

  it('requires origin and type', () => {
    expect(firstErrorMessage(originInputSchema, { ...base, OrigenId: 'none' })).toBe(MSG.generic.select);
    expect(firstErrorMessage(originInputSchema, { ...base, TipoId: null })).toBe(MSG.generic.select);
  });

  it("needs the reason when the document is 'No disponible', and drops it otherwise", () => {
    expect(firstErrorMessage(originInputSchema, { ...base, Have: false })).toBe(MSG.wizard.noOriginReasonRequired);
    expect(originInputSchema.parse({ ...base, NotHave: 'x' }).NotHave).toBeNull();
  });

  it('requires the literature reference only for a report from literature', () => {
    expect(firstErrorMessage(originInputSchema, { ...base, ProvieneDeLiteratura: true })).toBe(MSG.generic.required);
    expect(originInputSchema.parse({ ...base, ReferenciaBibliografica: 'Lancet' }).ReferenciaBibliografica).toBeNull();
  });

  it('shows the clinical-study fields for Receptor 2 or Tipo 4, and clears them otherwise', () => {
    expect(firstErrorMessage(originInputSchema, { ...base, ReceptorId: 2 })).toBe(MSG.generic.required);
    expect(firstErrorMessage(originInputSchema, { ...base, TipoId: 4 })).toBe(MSG.generic.required);
    expect(originInputSchema.parse({ ...base, TipoId: 4, NombreEstudio: 'ESTUDIO-1' }).NombreEstudio).toBe('ESTUDIO-1');
    expect(originInputSchema.parse({ ...base, NombreEstudio: 'ESTUDIO-1' }).NombreEstudio).toBeNull();
  });
});

describe('step 2: medication form', () => {
  const valid = { Medicine: { Id: 1 }, LineaId: 2, FormaFarmaceuticaId: 3, PrincipiosActivos: [{ PrincipioActivoId: 4, Concentracion: 10 }] };

  it('names what is missing with the spec messages', () => {
    expect(firstErrorMessage(medicationInputSchema, { ...valid, Medicine: { Id: 'none' } })).toBe(MSG.wizard.medicineRequired);
    expect(firstErrorMessage(medicationInputSchema, { ...valid, LineaId: null })).toBe(MSG.wizard.laboratoryRequired);
    expect(firstErrorMessage(medicationInputSchema, { ...valid, FormaFarmaceuticaId: null })).toBe(MSG.generic.select);
    expect(firstErrorMessage(medicationInputSchema, { ...valid, PrincipiosActivos: [{ PrincipioActivoId: 4, Concentracion: '' }] })).toBe(MSG.generic.required);
    expect(firstErrorMessage(medicationInputSchema, valid)).toBeNull();
  });

  it('refuses negative dose and hours, future dates, and an end before the start', () => {
    expect(firstErrorMessage(medicationInputSchema, { ...valid, Cant: -1 })).toBe(MSG.generic.minZero);
    expect(firstErrorMessage(medicationInputSchema, { ...valid, FrecId: -1 })).toBe(MSG.generic.minZero);
    expect(firstErrorMessage(medicationInputSchema, { ...valid, DateStart: FUTURE })).toBe(MSG.generic.futureDate);
    expect(firstErrorMessage(medicationInputSchema, { ...valid, DateStart: '2026-02-01', DateEnd: '2026-01-01' })).toBe(MSG.generic.endBeforeStart);
  });
});

describe('step 3: adverse-event modal', () => {
  const valid = { MedraLLT: { llt_code: 10019211, llt_name: 'Cefalea' }, Description: 'Dolor', IsExpected: false };

  it('requires the MedDRA term, the description and whether it was expected', () => {
    expect(firstErrorMessage(ramInputSchema, { ...valid, MedraLLT: null })).toBe(MSG.wizard.meddraRequired);
    expect(firstErrorMessage(ramInputSchema, { ...valid, Description: ' ' })).toBe(MSG.generic.required);
    expect(firstErrorMessage(ramInputSchema, { ...valid, IsExpected: null })).toBe(MSG.generic.radio);
  });

  it('checks dates, and the hospitalization dates only when hospitalized', () => {
    expect(firstErrorMessage(ramInputSchema, { ...valid, DateEnd: FUTURE })).toBe(MSG.generic.futureDate);
    expect(firstErrorMessage(ramInputSchema, { ...valid, DateStart: '2026-03-02', DateEnd: '2026-03-01' })).toBe(MSG.generic.endBeforeStart);
    const hospital = { ...valid, HospitalizationDateStart: '2026-03-02', HospitalizationDateEnd: '2026-03-01' };
    expect(firstErrorMessage(ramInputSchema, { ...hospital, HospitalizationRequired: true })).toBe(MSG.generic.endBeforeStart);
    expect(ramInputSchema.parse(hospital)).toMatchObject({ HospitalizationDateStart: null, HospitalizationDateEnd: null });
  });

  it('keeps concentration, unit, frequency and quantity only when the action taken is 2 or 3', () => {
    const dose = { ...valid, Concentration: 0.5, UnitId: 1, FrecId: 8, Cant: 2, UnitUsoId: 1 };
    expect(ramInputSchema.parse({ ...dose, AccMed: 2 })).toMatchObject({ Concentration: 0.5, Cant: 2 });
    expect(ramInputSchema.parse({ ...dose, AccMed: 3 })).toMatchObject({ FrecId: 8 });
    expect(ramInputSchema.parse({ ...dose, AccMed: 1 })).toMatchObject({ Concentration: null, UnitId: null, FrecId: null, Cant: null, UnitUsoId: null });
  });

  it('shows Considerations when another condition is marked or text exists', () => {
    expect(showsConsiderations({ AnotherCondition: true })).toBe(true);
    expect(showsConsiderations({ Considerations: 'nota' })).toBe(true);
    expect(showsConsiderations({ AnotherCondition: false, Considerations: '' })).toBe(false);
  });
});

describe('steps 4 and 5', () => {
  it('requires the previous medicine and keeps its dates in order', () => {
    expect(firstErrorMessage(previousMedicationInputSchema, { Medicamento: '' })).toBe(MSG.generic.required);
    expect(firstErrorMessage(previousMedicationInputSchema, { Medicamento: 'x', FechaIni: '2026-02-01', FechaFin: '2026-01-01' })).toBe(MSG.generic.endBeforeStart);
  });

  it("requires the doctor's name when there was a consultation, and clears the contact when there was none", () => {
    expect(firstErrorMessage(medicalContactInputSchema, { SeContacto: true })).toBe(MSG.generic.required);
    expect(medicalContactInputSchema.parse({ SeContacto: false, NombreMedico: 'Dra. X' }).NombreMedico).toBeNull();
  });
});

describe('wizard progression (event spec §4)', () => {
  const context: WizardGateContext = {
    GrupoId: 1,
    SubGrupoId: 1,
    hasHomeReport: false,
    origin: null,
    medicationCount: 1,
    ramCount: 1,
  };

  it('step 1 needs an incoming report, an attached file or the not-available reason', () => {
    expect(wizardStepGate(1, context)).toBe(MSG.wizard.originNeeded);
    expect(wizardStepGate(1, { ...context, hasHomeReport: true })).toBeNull();
    expect(wizardStepGate(1, { ...context, origin: { Have: true, hasFile: false, NotHave: null } })).toBe(MSG.wizard.originNeeded);
    expect(wizardStepGate(1, { ...context, origin: { Have: true, hasFile: true, NotHave: null } })).toBeNull();
    expect(wizardStepGate(1, { ...context, origin: { Have: false, hasFile: false, NotHave: 'Llamada' } })).toBeNull();
  });

  it('step 2 needs a medication, complete', () => {
    expect(wizardStepGate(2, { ...context, medicationCount: 0 })).toBe(MSG.wizard.medicationNeeded);
    expect(wizardStepGate(2, { ...context, incompleteMedicationCount: 1 })).toBe(MSG.wizard.medicationIncomplete);
    expect(wizardStepGate(2, context)).toBeNull();
  });

  it('step 3 needs an adverse event only for group 1 and sub-group 1, and complete ones always', () => {
    expect(wizardStepGate(3, { ...context, ramCount: 0 })).toBe(MSG.wizard.adverseEventNeeded);
    expect(wizardStepGate(3, { ...context, SubGrupoId: 2, ramCount: 0 })).toBeNull();
    expect(wizardStepGate(3, { ...context, GrupoId: 2, ramCount: 0 })).toBeNull();
    expect(wizardStepGate(3, { ...context, SubGrupoId: 2, incompleteRamCount: 1 })).toBe(MSG.wizard.adverseEventIncomplete);
  });

  it('steps 0 and 4–7 pass on a valid form (step 5 always)', () => {
    for (const step of [0, 4, 5, 6, 7]) expect(wizardStepGate(step, { ...context, medicationCount: 0, ramCount: 0 })).toBeNull();
  });

  it('sending needs the patient and every gate', () => {
    const complete = { ...context, hasHomeReport: true, hasPatient: true, suspectMedicationCount: 1 };
    expect(caseSendRefusal(complete)).toBeNull();
    expect(caseSendRefusal({ ...complete, hasPatient: false })).toBe(MSG.wizard.patientNeeded);
    expect(caseSendRefusal({ ...complete, hasHomeReport: false })).toBe(MSG.wizard.originNeeded);
    expect(caseSendRefusal({ ...complete, ramCount: 0 })).toBe(MSG.wizard.adverseEventNeeded);
  });

  it('sending needs a suspect or interacting drug, not only concomitant or not-administered ones', () => {
    const complete = { ...context, hasHomeReport: true, hasPatient: true, suspectMedicationCount: 1 };
    expect(caseSendRefusal({ ...complete, suspectMedicationCount: 0 })).toBe(MSG.wizard.suspectDrugRequired);
    // No medication at all keeps its own message.
    expect(caseSendRefusal({ ...complete, medicationCount: 0, suspectMedicationCount: 0 })).toBe(MSG.wizard.medicationNeeded);
    expect([1, 2, 3, 4].filter(isCausalityDrugRole)).toEqual([1, 3]);
  });

  it('a follow-up report needs at least one medication', () => {
    const body = { ev: { Meta: 'm' }, patient: { Initials: 'AB' }, origin: { Have: false, NotHave: 'x', OrigenId: 1, TipoId: 1 }, medicamentos: [], rams: [] };
    expect(firstErrorMessage(finishFollowUpBodySchema, body)).toBe(MSG.wizard.medicationNeeded);
  });
});

describe('who edits a case', () => {
  it('the creator or an RLF, while Pendiente or Más información', () => {
    expect(caseEditRefusal({ status: 1, role: 'QPPV', isCreator: true })).toBeNull();
    expect(caseEditRefusal({ status: 4, role: 'RLF', isCreator: false })).toBeNull();
    expect(caseEditRefusal({ status: 1, role: 'QPPV', isCreator: false })).toBe('role');
    expect(caseEditRefusal({ status: 2, role: 'RLF', isCreator: true })).toBe('status');
    expect(caseEditRefusal({ status: 11, role: 'RLF', isCreator: true })).toBe('status');
  });
});
