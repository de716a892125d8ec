import {
  RAM_EVOLUTIONS,
  ramInputSchema,
  SERIOUSNESS_FLAGS,
  showsDoseChange,
  type ErRam,
  type NamedItem,
  type Ram,
  type RamInput,
  type SeriousnessFlag,
} from '@atalaya/domain';
import type { FollowUpDraft } from '../step-contract';
import { numberOf, readFields, stringOrNull, textOf, type FieldOf, schemaParser } from '../../../shared/form';

export type YesNoChoice = 'SI' | 'NO';

/** The modal's body before it is checked: the term and the radio may still be missing. */
export type RamBody = Omit<RamInput, 'MedraLLT' | 'IsExpected'> & { MedraLLT: RamInput['MedraLLT'] | null; IsExpected: boolean | null };

const isTrue = (value: unknown): boolean => value === true;
// A draft copied from the case may lack the term (the input's type says it cannot).
const termOf = (value: unknown): { llt_code: number; llt_name: string } | null => {
  const term = value as RamInput['MedraLLT'] | null | undefined;
  return term ? { llt_code: term.llt_code, llt_name: term.llt_name } : null;
};
/** The '¿Es esperado?' radio; null until answered. */
const yesNoOf = (value: unknown): YesNoChoice | null => (value === true ? 'SI' : value === false ? 'NO' : null);

/**
 * What the adverse-event modal edits (event spec §5 'Adverse-event modal', contract `ramInputSchema`),
 * each field with how a body's value is read into it: AccMed is an AccionMedicamento id, UnitId a
 * MedicamentoUnidad id, UnitUsoId a MedicamentoUnidadUso id.
 */
const RAM_FIELDS = {
  ...(Object.fromEntries(SERIOUSNESS_FLAGS.map((flag) => [flag, isTrue])) as Record<SeriousnessFlag, typeof isTrue>),
  MedraLLT: termOf, Description: textOf, IsExpected: yesNoOf, Evolution: numberOf, AccMed: numberOf, DateStart: stringOrNull, DateEnd: stringOrNull,
  HospitalizationDateStart: stringOrNull, HospitalizationDateEnd: stringOrNull, Considerations: textOf, DoseReduction: isTrue,
  Concentration: numberOf, UnitId: numberOf, FrecId: numberOf, Cant: numberOf, UnitUsoId: numberOf, QualityClaim: isTrue,
} satisfies Record<keyof RamInput, (value: unknown) => unknown>;

/** The fields of an adverse-event body. */
export const RAM_KEYS = Object.keys(RAM_FIELDS) as (keyof RamInput)[];

export type RamFormValues = ReturnType<typeof ramFormFromInput>;

/** An adverse event of the follow-up draft (or a stored one, `ramInputFromRecord`), opened in the modal to be edited. */
export function ramFormFromInput(input: Partial<RamInput>) {
  return readFields(RAM_FIELDS, input);
}

export const emptyRamForm = (): RamFormValues => ramFormFromInput({});

/**
 * The body the modal sends (before the schema). Fields the modal hides are sent as null, so
 * a value left behind in a hidden field (a future hospitalization date, a dose of an action
 * that changed no dose) neither blocks the form nor reaches the server; the unanswered radio
 * is sent as null so the schema says 'Debe seleccionar una opción'.
 */
export function toRamInput(values: RamFormValues): RamBody {
  const hospitalized = values.HospitalizationRequired;
  const doseChanged = showsDoseChange(values.AccMed);
  const dose = (value: number | null) => (doseChanged ? value : null);
  return {
    ...values,
    IsExpected: values.IsExpected === 'SI' ? true : values.IsExpected === 'NO' ? false : null,
    HospitalizationDateStart: hospitalized ? values.HospitalizationDateStart : null,
    HospitalizationDateEnd: hospitalized ? values.HospitalizationDateEnd : null,
    Concentration: dose(values.Concentration),
    UnitId: dose(values.UnitId),
    FrecId: dose(values.FrecId),
    Cant: dose(values.Cant),
    UnitUsoId: dose(values.UnitUsoId),
  };
}

/** The checked adverse event (blank text and none values as null), or null when the modal is invalid. */
export const parseRam: (values: RamFormValues) => Ram | null = schemaParser(ramInputSchema, toRamInput);

/** Issues of the term's code or name show on the MedDRA field. */
export const ramFieldOf: FieldOf = (path) => (path[0] === 'MedraLLT' ? 'MedraLLT' : path.map(String).join('.'));

/** A row of the adverse-events list, from a stored RAM or from the follow-up draft. */
export interface RamRow {
  key: string;
  id: number | null;
  term: string;
  description: string;
  DateStart: string | null;
  DateEnd: string | null;
  serious: boolean;
  /** The outcome's name, or null when none was given. */
  evolution: string | null;
  /** A draft event the finish would refuse (copied from a case without a required answer). */
  incomplete: boolean;
}

/** The outcome's name: from the reference list, else the domain's names. */
export function evolutionName(id: number | null, evolutions: readonly NamedItem[]): string | null {
  if (id === null) return null;
  return evolutions.find((row) => row.Id === id)?.Nombre ?? RAM_EVOLUTIONS.find((row) => row.Id === id)?.Nombre ?? null;
}

export function ramRowFromRecord(record: ErRam, evolutions: readonly NamedItem[]): RamRow {
  return {
    key: String(record.Id),
    id: record.Id,
    term: record.MedraLLT.llt_name ?? '',
    description: record.Description,
    DateStart: record.DateStart,
    DateEnd: record.DateEnd,
    serious: record.IsSerious,
    evolution: evolutionName(record.Evolution, evolutions),
    // Copied from an incoming report: the MedDRA term and 'expected' may still be missing.
    incomplete: record.MedraLLT.llt_code === null || record.IsExpected === null,
  };
}

export function ramRowFromDraft(item: FollowUpDraft['rams'][number], evolutions: readonly NamedItem[]): RamRow {
  const { input } = item;
  // A draft copied from the case may lack the term (the input's type says it cannot).
  const term: RamInput['MedraLLT'] | null = input.MedraLLT;
  return {
    key: item.key,
    id: null,
    term: term?.llt_name ?? '',
    description: input.Description ?? '',
    DateStart: stringOrNull(input.DateStart),
    DateEnd: stringOrNull(input.DateEnd),
    serious: SERIOUSNESS_FLAGS.some((flag) => input[flag] === true),
    evolution: evolutionName(numberOf(input.Evolution), evolutions),
    incomplete: !ramInputSchema.safeParse(input).success,
  };
}
