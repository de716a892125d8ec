import { type AgeUnit, DRUG_ROLE_SUSPECT, DRUG_ROLES, type DrugRole, isEmptyChoice, isValidDate, MAX_GESTATION_WEEKS } from '@atalaya/domain';
import type { eventMedications, eventPatients, eventRams, medicalContacts, previousMedications } from '../../db/schema/index.js';
import { referenceKey } from '../catalog/index.js';
import type { StoredReport } from './stored-report.js';

/**
 * How an incoming report becomes the records of a case (Ingresar; workflow.md 'Incoming
 * reports'). Pure: the catalogue facts it needs (the patient's country id, each product's
 * laboratory) come in `CatalogFacts`.
 */

/** 'Informada como grave por quien reportó': why a RAM reported as serious has 'another condition'. */
export const REPORTED_SERIOUS = 'Informada como grave por quien reportó';

/** Id 1 of PesoUnidad (kg) and AlturaUnidad (m): the units of the public form (seed data). */
export const DEFAULT_WEIGHT_UNIT_ID = 1;
export const DEFAULT_HEIGHT_UNIT_ID = 1;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A form date (`YYYY-MM-DD` or an ISO instant) as a calendar day; null when empty or unreadable. */
export function calendarDay(value: string | null | undefined): string | null {
  if (!value?.trim()) return null;
  const text = value.trim();
  if (!isValidDate(text)) return null;
  return DATE_ONLY.test(text) ? text : new Date(text).toISOString().slice(0, 10);
}

/** A free-text date (concomitants): kept only when it is a valid `YYYY-MM-DD`. */
export function strictDay(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  return DATE_ONLY.test(text) && isValidDate(text) ? text : null;
}

function parts(day: string): [number, number, number] {
  const [year = 0, month = 0, date = 0] = day.split('-').map(Number);
  return [year, month, date];
}

/**
 * The age on a day from the birth date, in the unit a case uses: whole years from 2 years
 * on ('Años'), whole months from 1 month ('Meses'), days below ('Días'). Null without a birth
 * date, or when the day is before it.
 */
export function ageOn(birth: string | null, day: string): { age: number; unit: AgeUnit } | null {
  if (!birth || day < birth) return null;
  const [by, bm, bd] = parts(birth);
  const [y, m, d] = parts(day);
  const months = (y - by) * 12 + (m - bm) - (d < bd ? 1 : 0);
  if (months >= 24) return { age: Math.floor(months / 12), unit: 'Años' };
  if (months >= 1) return { age: months, unit: 'Meses' };
  const days = Math.round((Date.UTC(y, m - 1, d) - Date.UTC(by, bm - 1, bd)) / 86_400_000);
  return { age: days, unit: 'Días' };
}

/** A stored role (E2B G.k.1, 1–4) as the column takes it; anything else is a suspect drug (1). */
function drugRoleOf(value: unknown): DrugRole {
  return DRUG_ROLES.find((role) => role.value === value)?.value ?? DRUG_ROLE_SUSPECT;
}

/** A list value as an id; null when empty or not an id. */
export function choiceId(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || isEmptyChoice(value)) return null;
  const key = referenceKey(value);
  return 'id' in key ? key.id : null;
}

function yesNo(value: string | null | undefined): boolean | null {
  if (value === 'SI') return true;
  if (value === 'NO') return false;
  return null;
}

function text(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

type Stamped<T> = Omit<T, 'eventId' | 'id' | 'createdAt' | 'updatedAt'>;
export type PatientRecord = Stamped<typeof eventPatients.$inferInsert>;
export type RamRecord = Stamped<typeof eventRams.$inferInsert>;
export type MedicationRecord = Stamped<typeof eventMedications.$inferInsert>;
export type PreviousMedicationRecord = Stamped<typeof previousMedications.$inferInsert>;
export type MedicalContactRecord = Stamped<typeof medicalContacts.$inferInsert>;

interface ReporterView {
  Parentesco?: string | number | null;
  Email?: string | null;
  Telefono?: string | null;
}
interface TermView {
  llt_name?: string | null;
  llt_code?: string | number | null;
}

export interface CatalogFacts {
  /** The patient's country (or the report's when the patient's is not given). */
  patientCountryId: number;
  /** The catalogue data of each suspect product, by id. */
  products: ReadonlyMap<number, { laboratoryId: number; lineId: number | null; pharmaceuticalFormId: number | null }>;
}

export interface CaseRecords {
  patient: PatientRecord;
  rams: RamRecord[];
  medications: MedicationRecord[];
  previousMedications: PreviousMedicationRecord[];
  /** Null when the report says nothing about a medical consultation. */
  medicalContact: MedicalContactRecord | null;
}

/** The records of the case entered from the report, stamped as created by `userId`. */
export function caseRecordsFromReport(report: StoredReport, facts: CatalogFacts, userId: string, today: string): CaseRecords {
  const stamp = { createdBy: userId, updatedBy: userId };
  const patient = report.Paciente;
  // Fields only one variant of the form has (the professional's MedDRA term, the patient's
  // medical centre, a relative's relationship) are read through these optional views.
  const reporter = report.InformacionContacto.Reporta as ReporterView | null | undefined;
  const reactionStarts = report.RAM.map((ram) => calendarDay(ram.FechaIniReaccion)).filter((day): day is string => day !== null);
  const firstReaction = reactionStarts.sort()[0] ?? today;
  const age = ageOn(calendarDay(patient.FechaNacimiento), firstReaction);
  const gestation = patient.Gestacion ?? null;
  const medico = report.ContactoMedico.Medico ?? null;
  const centre = text((patient as { CentroMedico?: string | null }).CentroMedico);

  const patientRecord: PatientRecord = {
    initials: patient.Iniciales,
    age: age?.age ?? null,
    ageUnit: age?.unit ?? null,
    weight: patient.Peso ?? null,
    weightUnitId: patient.Peso === null || patient.Peso === undefined ? null : DEFAULT_WEIGHT_UNIT_ID,
    height: patient.Altura ?? null,
    heightUnitId: patient.Altura === null || patient.Altura === undefined ? null : DEFAULT_HEIGHT_UNIT_ID,
    gender: patient.Sexo,
    pregnancy: yesNo(patient.Embarazo),
    gestation: gestation !== null && gestation >= 1 && gestation <= MAX_GESTATION_WEEKS ? Math.round(gestation) : null,
    lactation: yesNo(patient.Lactancia),
    countryId: facts.patientCountryId,
    medicalInstitution: centre ?? text(medico?.CentroAtencion),
    medicalConditions: text(report.ContactoMedico.HistoriaClinica),
    contactAllow: yesNo(report.InformacionContacto.AceptaContacto),
    relationshipId: choiceId(reporter?.Parentesco),
    phone: text(reporter?.Telefono),
    email: text(reporter?.Email),
    ...stamp,
  };

  const rams = report.RAM.map((ram): RamRecord => {
    const term = (ram as { MedDRA?: TermView | null }).MedDRA ?? null;
    const code = term?.llt_code === null || term?.llt_code === undefined ? null : Number(term.llt_code);
    const serious = ram.Grave === 'SI';
    return {
      lltCode: code !== null && Number.isSafeInteger(code) ? code : null,
      lltName: text(term?.llt_name),
      description: text(ram.Reaccion) ?? text(term?.llt_name) ?? '',
      evolution: ram.Evolucion === null || ram.Evolucion === undefined || isEmptyChoice(ram.Evolucion) ? null : Number(ram.Evolucion),
      medicationActionId: choiceId(ram.AccionMeddicamento),
      dateStart: calendarDay(ram.FechaIniReaccion),
      dateEnd: calendarDay(ram.FechaFinReaccion),
      anotherCondition: serious,
      considerations: serious ? REPORTED_SERIOUS : null,
      ...stamp,
    };
  });

  const medications = report.Medicamento.map((drug): MedicationRecord => {
    const productId = Number(drug.Producto.Id);
    const product = facts.products.get(productId);
    if (!product) throw new Error(`Product ${productId} of the report is not in the catalogue`);
    return {
      productId,
      laboratoryId: product.laboratoryId,
      lineId: product.lineId,
      // An E2B import gives the reported dose form (G.k.4.r.9.2b mapped back, e2b-import/map.ts); else the product's.
      pharmaceuticalFormId: choiceId((drug as { FormaFarmaceutica?: number | null }).FormaFarmaceutica) ?? product.pharmaceuticalFormId,
      indication: text(drug.Indicacion),
      dateStart: calendarDay(drug.FechaIni),
      dateEnd: calendarDay(drug.FechaFin),
      routeId: choiceId(drug.Via),
      frequencyTypeId: choiceId(drug.FrecuenciaTipo),
      frequencyHours: drug.Frecuencia ?? null,
      dose: drug.Dosis ?? null,
      useUnitId: choiceId(drug.UnidadUso),
      // An E2B import gives the drug's role (G.k.1, e2b-import/map.ts); the public form's medicines are suspect.
      drugRole: drugRoleOf((drug as { Caracterizacion?: unknown }).Caracterizacion),
      ...stamp,
    };
  });

  const previousMedicationRecords = (report.Concomitante ?? []).flatMap((drug): PreviousMedicationRecord[] => {
    const name = text(drug.Medicamento);
    if (!name) return [];
    return [
      {
        medication: name,
        typeId: choiceId((drug as { Tipo?: string | number | null }).Tipo),
        dateStart: strictDay(drug.FechaIni),
        dateEnd: strictDay(drug.FechaFin),
        ...stamp,
      },
    ];
  });

  const consulted = report.ContactoMedico.ContactoMedico;
  const contacted = consulted === 'SI' || Boolean(text(medico?.Nombre));
  const medicalContact: MedicalContactRecord | null =
    consulted === null || consulted === undefined ? (medico ? contactRecord() : null) : contactRecord();
  function contactRecord(): MedicalContactRecord {
    return {
      contacted,
      contactDate: calendarDay(medico?.FechaContacto),
      doctorName: text(medico?.Nombre),
      profession: text(medico?.Profesion),
      doctorEmail: text(medico?.Email),
      doctorPhone: text(medico?.Telefono),
      intervention: text(medico?.Intervencion),
      ...stamp,
    };
  }

  return { patient: patientRecord, rams, medications, previousMedications: previousMedicationRecords, medicalContact };
}
