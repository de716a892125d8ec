import { AGE_UNITS, DEFAULT_MEASURE_UNIT_ID, patientInputSchema, type Patient, type PatientInput } from '@atalaya/domain';
import { flagOf, numberOf, readFields, stringOrNull, textOf, schemaParser } from '../../../shared/form';

const ageUnitOf = (value: unknown): string | null => {
  const unit = stringOrNull(value);
  return unit && (AGE_UNITS as readonly string[]).includes(unit) ? unit : null;
};
const measureUnitOf = (value: unknown): number | null => numberOf(value) ?? DEFAULT_MEASURE_UNIT_ID;

/** What the patient form edits (event spec §2.4 step 0), each field with how a body's value is read into it (texts as '' when empty). */
const PATIENT_FIELDS = {
  Initials: textOf, Age: numberOf, Escala: ageUnitOf,
  Height: numberOf, HeightUnitId: measureUnitOf, Weight: numberOf, WeightUnitId: measureUnitOf,
  Genere: stringOrNull, Pregnancy: flagOf, Gestation: numberOf, Lactation: flagOf,
  Country: stringOrNull, State: textOf, Residence: numberOf, InstMedica: textOf, CondicionesMedicas: textOf, Alergias: textOf,
  ContactAllow: flagOf, IdParentesco: numberOf, Phone: textOf, Email: textOf,
} satisfies Record<keyof PatientInput, (value: unknown) => unknown>;

/** The fields of a patient body. */
export const PATIENT_KEYS = Object.keys(PATIENT_FIELDS) as (keyof PatientInput)[];

export type PatientFormValues = ReturnType<typeof patientFormFromInput>;

/** The patient body (stored record or follow-up draft) loaded into the form. */
export function patientFormFromInput(input: PatientInput) {
  return readFields(PATIENT_FIELDS, input);
}

/** The body the form would send, before the schema (which trims, turns blanks into null and applies §5's clearing). */
export function toPatientInput(values: PatientFormValues): PatientInput {
  return { ...values };
}

/** The checked patient, or null when the form is invalid. */
export const parsePatient: (values: PatientFormValues) => Patient | null = schemaParser(patientInputSchema, toPatientInput);

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
