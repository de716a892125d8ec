import { AGE_UNITS, DEFAULT_MEASURE_UNIT_ID, patientInputSchema, type Patient, type PatientInput } from '@atalaya/domain';

/** What the patient form edits (event spec §2.4 step 0): the body's fields, texts as '' when empty. */
export interface PatientFormValues {
  Initials: string;
  Age: number | null;
  Escala: string | null;
  Height: number | null;
  HeightUnitId: number | null;
  Weight: number | null;
  WeightUnitId: number | null;
  Genere: string | null;
  Pregnancy: boolean | null;
  Gestation: number | null;
  Lactation: boolean | null;
  Country: string | null;
  State: string;
  Residence: number | null;
  InstMedica: string;
  CondicionesMedicas: string;
  Alergias: string;
  ContactAllow: boolean | null;
  IdParentesco: number | null;
  Phone: string;
  Email: string;
}

function numberOf(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
const choiceOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const flagOf = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);

/** The patient body (stored record or follow-up draft) loaded into the form. */
export function patientFormFromInput(input: PatientInput): PatientFormValues {
  const escala = choiceOf(input.Escala);
  return {
    Initials: textOf(input.Initials),
    Age: numberOf(input.Age),
    Escala: escala && (AGE_UNITS as readonly string[]).includes(escala) ? escala : null,
    Height: numberOf(input.Height),
    HeightUnitId: numberOf(input.HeightUnitId) ?? DEFAULT_MEASURE_UNIT_ID,
    Weight: numberOf(input.Weight),
    WeightUnitId: numberOf(input.WeightUnitId) ?? DEFAULT_MEASURE_UNIT_ID,
    Genere: choiceOf(input.Genere),
    Pregnancy: flagOf(input.Pregnancy),
    Gestation: numberOf(input.Gestation),
    Lactation: flagOf(input.Lactation),
    Country: choiceOf(input.Country),
    State: textOf(input.State),
    Residence: numberOf(input.Residence),
    InstMedica: textOf(input.InstMedica),
    CondicionesMedicas: textOf(input.CondicionesMedicas),
    Alergias: textOf(input.Alergias),
    ContactAllow: flagOf(input.ContactAllow),
    IdParentesco: numberOf(input.IdParentesco),
    Phone: textOf(input.Phone),
    Email: textOf(input.Email),
  };
}

/** The body the form would send, before the schema (which trims, turns blanks into null and applies §5's clearing). */
export function toPatientInput(values: PatientFormValues): PatientInput {
  return { ...values };
}

/** The checked patient, or null when the form is invalid. */
export function parsePatient(values: PatientFormValues): Patient | null {
  const result = patientInputSchema.safeParse(toPatientInput(values));
  return result.success ? result.data : null;
}

/** Whether the form differs from what it started with (the stored patient or the draft). */
export function patientFormChanged(values: PatientFormValues, baseline: PatientFormValues): boolean {
  return JSON.stringify(values) !== JSON.stringify(baseline);
}

/** The fields that only make sense for a (pregnant) woman. */
export type FemaleField = 'Pregnancy' | 'Gestation' | 'Lactation';

/**
 * The fields a choice empties (event spec §5): a gender other than F clears pregnancy,
 * gestation and lactation; a patient who is not pregnant has no weeks of gestation.
 */
export function clearedByChoice(field: 'Genere' | 'Pregnancy', value: unknown): FemaleField[] {
  if (field === 'Genere') return value === 'F' ? [] : ['Pregnancy', 'Gestation', 'Lactation'];
  return value === true ? [] : ['Gestation'];
}
