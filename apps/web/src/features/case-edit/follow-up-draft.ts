import {
  DEFAULT_MEASURE_UNIT_ID,
  type ErMedication,
  type ErOrigin,
  type ErPatient,
  type ErRam,
  type MedicationInput,
  type OriginInput,
  type PatientInput,
  type RamInput,
} from '@atalaya/domain';
import type { FollowUpDraft } from './step-contract';
import { ORIGIN_KEYS } from './steps/origin-form-values';
import { PATIENT_KEYS } from './steps/patient-form-values';
import { RAM_KEYS } from './steps/ram-form-values';

/**
 * A required answer the stored record does not hold (a RAM copied from an incoming report
 * has no 'is expected'; a case entered from a report has no origin choice). The draft holds
 * the schema's input, whose type demands a value: it carries null instead of an invented
 * answer, so the step's form shows the question unanswered and the schema (browser and
 * server) asks for it.
 */
function unanswered<T>(): T {
  return null as unknown as T;
}

/** The fields of `record` named in `keys`. */
function pick<T extends object, K extends keyof T>(record: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, record[key]])) as Pick<T, K>;
}

/** Each of `keys` as null (a body with nothing in it yet). */
function nulls<K extends string>(keys: readonly K[]): Record<K, null> {
  return Object.fromEntries(keys.map((key) => [key, null])) as Record<K, null>;
}

const MEDICATION_KEYS = [
  'LineaId', 'LineaId2', 'FormaFarmaceuticaId', 'LotNumber', 'Indication', 'DateStart', 'DateEnd', 'ViaId', 'FrecuenciaTipo', 'FrecId', 'Cant',
  'UnitUsoId', 'Caracterizacion',
] as const satisfies readonly (keyof MedicationInput)[];

/**
 * The stored patient as the body that would store it again (`setPaciente`, insertES `patient`);
 * with nothing stored yet, the case's country and the default units (event spec §5).
 */
export function patientInputFromRecord(record: ErPatient | null, country: string | null): PatientInput {
  if (!record) return { ...nulls(PATIENT_KEYS), Initials: '', HeightUnitId: DEFAULT_MEASURE_UNIT_ID, WeightUnitId: DEFAULT_MEASURE_UNIT_ID, Country: country };
  return {
    ...pick(record, PATIENT_KEYS),
    HeightUnitId: record.HeightUnitId ?? DEFAULT_MEASURE_UNIT_ID,
    WeightUnitId: record.WeightUnitId ?? DEFAULT_MEASURE_UNIT_ID,
  };
}

/** The stored origin as the body that would store it again; nothing chosen when there is none. */
export function originInputFromRecord(record: ErOrigin | null): OriginInput {
  if (!record) return { ...nulls(ORIGIN_KEYS), Have: unanswered<boolean>(), ProvieneDeLiteratura: false };
  return pick(record, ORIGIN_KEYS);
}

/** A related medication as the body that would store it again (`insertMedicamentoRelacionado`); the role goes with it (a concomitant stays one). */
export function medicationInputFromRecord(record: ErMedication): MedicationInput {
  return {
    ...pick(record, MEDICATION_KEYS),
    Medicine: { Id: record.Medicine.Id },
    PrincipiosActivos: record.PrincipiosActivos.map((ingredient) => pick(ingredient, ['PrincipioActivoId', 'PrincipioActivo_Nombre', 'Concentracion', 'Unidad'])),
  };
}

/** The names a draft row shows: medicine, laboratory, and its manufacturer line(s). */
export function medicationDisplayFromRecord(record: ErMedication): FollowUpDraft['medicamentos'][number]['display'] {
  const lines = [record.Linea?.Nombre, record.Linea2?.Nombre].filter((name): name is string => Boolean(name));
  return { ComercialName: record.Medicine.ComercialName, Laboratorio: record.Laboratorio.Nombre, Linea: lines.join(', ') };
}

/** An adverse event as the body that would store it again (`insertRAM`); its classification is not part of it. */
export function ramInputFromRecord(record: ErRam): RamInput {
  const { llt_code: code, llt_name: name } = record.MedraLLT;
  return {
    ...pick(record, RAM_KEYS),
    MedraLLT: code !== null && name !== null ? { llt_code: code, llt_name: name } : unanswered<RamInput['MedraLLT']>(),
    IsExpected: record.IsExpected ?? unanswered<boolean>(),
  };
}

export interface CaseRecords {
  /** The case's country code (the patient's country when none is stored). */
  country: string | null;
  patient: ErPatient | null;
  origin: ErOrigin | null;
  medications: readonly ErMedication[];
  rams: readonly ErRam[];
}

/**
 * The follow-up report's starting point (wizard type '2'): the case's current patient, origin,
 * related medications and adverse events, each row with a local key, to be edited in steps
 * 0–3 and posted whole by insertES.
 */
export function buildFollowUpDraft(records: CaseRecords): FollowUpDraft {
  return {
    patient: patientInputFromRecord(records.patient, records.country),
    origin: originInputFromRecord(records.origin),
    medicamentos: records.medications.map((record) => ({
      key: `medication-${record.Id}`,
      input: medicationInputFromRecord(record),
      display: medicationDisplayFromRecord(record),
    })),
    rams: records.rams.map((record) => ({ key: `ram-${record.Id}`, input: ramInputFromRecord(record) })),
  };
}

/** A local key for a new item of the follow-up draft. */
export function newDraftKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** A list of the draft with the item of `key` changed, or (key null) a new item added. */
export function upsertDraftItem<T extends { key: string }>(items: readonly T[], key: string | null, fields: Omit<T, 'key'>): T[] {
  return key === null ? [...items, { ...fields, key: newDraftKey() } as T] : items.map((item) => (item.key === key ? { ...item, ...fields } : item));
}
