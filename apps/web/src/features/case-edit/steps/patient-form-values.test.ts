import { MSG, patientInputSchema, type ErPatient } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { patientInputFromRecord } from '../follow-up-draft';
import { fieldMessages, formChanged } from '../../../shared/form';
import { clearedByChoice, parsePatient, patientFormFromInput, toPatientInput, type PatientFormValues } from './patient-form-values';

const blank = (): PatientFormValues => patientFormFromInput(patientInputFromRecord(null, 'UY'));

function messages(values: PatientFormValues): Record<string, string> {
  const result = patientInputSchema.safeParse(toPatientInput(values));
  return result.success ? {} : fieldMessages(result.error.issues);
}

describe('the patient form', () => {
  it("starts a new patient in the case's country with the default units", () => {
    expect(blank()).toMatchObject({ Initials: '', Country: 'UY', HeightUnitId: 1, WeightUnitId: 1, Genere: null, Escala: null });
  });

  it("asks for the alias ('Es requerido') and accepts at most 3 characters", () => {
    expect(messages(blank())).toEqual({ Initials: MSG.generic.isRequired });
    expect(messages({ ...blank(), Initials: 'ABCD' })).toEqual({ Initials: MSG.generic.maxLength(3) });
    expect(messages({ ...blank(), Initials: 'ABC' })).toEqual({});
  });

  it('refuses weeks of gestation outside 1–40 and a malformed e-mail', () => {
    const pregnant = { ...blank(), Initials: 'AB', Genere: 'F', Pregnancy: true };
    expect(messages({ ...pregnant, Gestation: 41 })).toEqual({ Gestation: MSG.wizard.gestationRange });
    expect(messages({ ...pregnant, Gestation: 0 })).toEqual({ Gestation: MSG.wizard.gestationRange });
    expect(messages({ ...blank(), Initials: 'AB', Email: 'no-es-correo' })).toEqual({ Email: MSG.generic.emailFormat });
  });

  it('sends blank texts as null and trims the alias', () => {
    const patient = parsePatient({ ...blank(), Initials: ' AB ', State: '   ', Alergias: '' });
    expect(patient).toMatchObject({ Initials: 'AB', State: null, Alergias: null, Email: null, Escala: null });
  });

  it('clears pregnancy, gestation and lactation when the patient is not a woman', () => {
    expect(clearedByChoice('Genere', 'M')).toEqual(['Pregnancy', 'Gestation', 'Lactation']);
    expect(clearedByChoice('Genere', 'F')).toEqual([]);
    expect(clearedByChoice('Pregnancy', false)).toEqual(['Gestation']);
    expect(clearedByChoice('Pregnancy', true)).toEqual([]);
    // And the body never carries them for a man, whatever the form held.
    expect(parsePatient({ ...blank(), Initials: 'AB', Genere: 'M', Pregnancy: true, Gestation: 20, Lactation: true })).toMatchObject({
      Pregnancy: null,
      Gestation: null,
      Lactation: null,
    });
  });

  it('loads a stored patient unchanged, so leaving untouched posts nothing', () => {
    const stored: ErPatient = {
      Initials: 'MR',
      Age: 8,
      Escala: 'Meses',
      Height: null,
      HeightUnitId: null,
      Weight: 7.25,
      WeightUnitId: 2,
      Genere: 'M',
      Pregnancy: null,
      Gestation: null,
      Lactation: null,
      Country: 'AR',
      State: null,
      Residence: 3,
      InstMedica: null,
      CondicionesMedicas: null,
      Alergias: null,
      ContactAllow: false,
      IdParentesco: 2,
      Phone: null,
      Email: null,
    };
    const form = patientFormFromInput(patientInputFromRecord(stored, 'UY'));
    expect(form).toMatchObject({ Initials: 'MR', Escala: 'Meses', Weight: 7.25, WeightUnitId: 2, HeightUnitId: 1, Country: 'AR', Residence: 3, State: '' });
    expect(formChanged(form, patientFormFromInput(patientInputFromRecord(stored, 'UY')))).toBe(false);
    expect(formChanged({ ...form, Age: 9 }, form)).toBe(true);
  });

  it('ignores an age unit the list does not hold', () => {
    expect(patientFormFromInput({ ...patientInputFromRecord(null, 'UY'), Escala: 'none' }).Escala).toBeNull();
  });
});
