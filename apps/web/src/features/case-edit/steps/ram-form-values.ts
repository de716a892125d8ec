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
import { numberOf, stringOrNull, type FieldOf } from '../../../shared/form';

export type YesNoChoice = 'SI' | 'NO';

/** The modal's body before it is checked: the term and the radio may still be missing. */
export type RamBody = Omit<RamInput, 'MedraLLT' | 'IsExpected'> & { MedraLLT: RamInput['MedraLLT'] | null; IsExpected: boolean | null };

/** What the adverse-event modal edits (event spec §5 'Adverse-event modal', contract `ramInputSchema`). */
export type RamFormValues = Record<SeriousnessFlag, boolean> & {
  MedraLLT: { llt_code: number; llt_name: string } | null;
  Description: string;
  /** The '¿Es esperado?' radio; null until answered. */
  IsExpected: YesNoChoice | null;
  Evolution: number | null;
  /** AccionMedicamento id. */
  AccMed: number | null;
  DateStart: string | null;
  DateEnd: string | null;
  HospitalizationDateStart: string | null;
  HospitalizationDateEnd: string | null;
  Considerations: string;
  DoseReduction: boolean;
  Concentration: number | null;
  /** MedicamentoUnidad id. */
  UnitId: number | null;
  FrecId: number | null;
  Cant: number | null;
  /** MedicamentoUnidadUso id. */
  UnitUsoId: number | null;
  QualityClaim: boolean;
};

function noFlags(): Record<SeriousnessFlag, boolean> {
  return Object.fromEntries(SERIOUSNESS_FLAGS.map((flag) => [flag, false])) as Record<SeriousnessFlag, boolean>;
}

export function emptyRamForm(): RamFormValues {
  return {
    ...noFlags(),
    MedraLLT: null,
    Description: '',
    IsExpected: null,
    Evolution: null,
    AccMed: null,
    DateStart: null,
    DateEnd: null,
    HospitalizationDateStart: null,
    HospitalizationDateEnd: null,
    Considerations: '',
    DoseReduction: false,
    Concentration: null,
    UnitId: null,
    FrecId: null,
    Cant: null,
    UnitUsoId: null,
    QualityClaim: false,
  };
}

function yesNo(value: boolean | null | undefined): YesNoChoice | null {
  return value === true ? 'SI' : value === false ? 'NO' : null;
}

/** An adverse event of the follow-up draft (or a stored one, `ramInputFromRecord`), opened in the modal to be edited. */
export function ramFormFromInput(input: RamInput): RamFormValues {
  // A draft copied from the case may lack the term (the input's type says it cannot).
  const term: RamInput['MedraLLT'] | null = input.MedraLLT;
  const flags = noFlags();
  for (const flag of SERIOUSNESS_FLAGS) flags[flag] = input[flag] === true;
  return {
    ...flags,
    MedraLLT: term ? { llt_code: term.llt_code, llt_name: term.llt_name } : null,
    Description: input.Description ?? '',
    IsExpected: yesNo(input.IsExpected),
    Evolution: numberOf(input.Evolution),
    AccMed: numberOf(input.AccMed),
    DateStart: stringOrNull(input.DateStart),
    DateEnd: stringOrNull(input.DateEnd),
    HospitalizationDateStart: stringOrNull(input.HospitalizationDateStart),
    HospitalizationDateEnd: stringOrNull(input.HospitalizationDateEnd),
    Considerations: input.Considerations ?? '',
    DoseReduction: input.DoseReduction === true,
    Concentration: numberOf(input.Concentration),
    UnitId: numberOf(input.UnitId),
    FrecId: numberOf(input.FrecId),
    Cant: numberOf(input.Cant),
    UnitUsoId: numberOf(input.UnitUsoId),
    QualityClaim: input.QualityClaim === true,
  };
}

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
export function parseRam(values: RamFormValues): Ram | null {
  const result = ramInputSchema.safeParse(toRamInput(values));
  return result.success ? result.data : null;
}

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
