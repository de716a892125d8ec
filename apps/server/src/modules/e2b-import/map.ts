import {
  E2B_AGE_UNIT_BY_SCALE,
  E2B_OUTCOME_BY_EVOLUTION,
  E2B_ROUTE_EDQM_ICH_OID,
  E2B_ROUTE_EDQM_OID,
  E2B_ROUTE_R2_OID,
  FIELD_LIMITS,
  type AgeUnit,
  type FieldLimit,
  type Hl7Date,
  type Icsr,
  type IcsrDrug,
  isEdqmRouteCode,
  isNullValue,
  isR2RouteCode,
  MAX_GESTATION_WEEKS,
  type Nullable,
  PHONE_PATTERN,
} from '@atalaya/domain';
import type { StoredReport } from '../home-reports/index.js';
import { type ReferenceCodes, rowOfCode } from './codes.js';

/**
 * An ICSR as the record the public form creates (docs/e2b-import.md 'What a report becomes'):
 * the incoming report's `data` (`StoredReport`), which both modes store — the inbox as the
 * report itself, the historic mode through the same copy into the case's tables Ingresar makes.
 * What the form has no field for stays in `E2B` beside it (and the whole ICSR with the import).
 */

/** The catalogue product each suspect drug (G.k.1 = 1 or 3) became, in order. */
export interface SuspectProduct {
  id: number;
  name: string;
}

/** What the report says beyond the form's fields (kept in `data.E2B`). */
export interface E2bOrigin {
  Importacion: string;
  Remitente: string;
  C11: string;
  C181: string;
  Narrativa: string;
  ComentariosReportante: string | null;
  ComentariosRemitente: string | null;
}

/** A reported text, or null for a nullFlavor or nothing. */
const said = (value: Nullable<string> | null | undefined): string | null => (value === null || value === undefined || isNullValue(value) ? null : value.trim() || null);

/** Clipped to the field's limit (the whole value stays in the import's ICSR). */
function fit(value: string | null, limit: FieldLimit): string | null {
  if (value === null) return null;
  const max = FIELD_LIMITS[limit];
  return value.length <= max ? value : `${value.slice(0, max - 1)}…`;
}

/** An HL7 date ('20240131', '202401311200+0100') as a calendar day when it names one; null otherwise. */
export function hl7Day(value: Nullable<Hl7Date> | null | undefined): string | null {
  const text = said(value);
  const match = text ? /^(\d{4})(\d{2})(\d{2})/.exec(text) : null;
  if (!match) return null;
  const day = `${match[1]}-${match[2]}-${match[3]}`;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? null : day;
}

/** An HL7 date as an instant (day precision at least), null otherwise. */
export function hl7Instant(value: Nullable<Hl7Date> | null | undefined): Date | null {
  const day = hl7Day(value);
  return day ? new Date(`${day}T00:00:00Z`) : null;
}

/** E.i.7 → our evolution (the export's table read backwards). */
const EVOLUTION_BY_OUTCOME: Readonly<Record<string, number>> = Object.fromEntries(Object.entries(E2B_OUTCOME_BY_EVOLUTION).map(([evolution, outcome]) => [outcome, Number(evolution)]));

/** D.2.2b (UCUM) → the case's age unit. */
export const AGE_UNIT_BY_UCUM: Readonly<Record<string, AgeUnit>> = Object.fromEntries(Object.entries(E2B_AGE_UNIT_BY_SCALE).map(([unit, ucum]) => [ucum, unit as AgeUnit]));

/** D.2.2 as the case's age and unit, when given in a unit the case has. */
export function ageAtOnset(icsr: Icsr): { age: number; unit: AgeUnit } | null {
  const age = icsr.patient.ageAtOnset;
  const unit = age ? AGE_UNIT_BY_UCUM[age.unit] : undefined;
  return age && unit && Number.isFinite(age.value) && age.value >= 0 ? { age: age.value, unit } : null;
}

const isSuspect = (drug: IcsrDrug) => drug.role === '1' || drug.role === '3';

/** The drugs that are not suspect or interacting (G.k.1 = 2 concomitant, 4 not administered), in order. */
export const concomitantDrugs = (icsr: Icsr): IcsrDrug[] => icsr.drugs.filter((drug) => !isSuspect(drug));

/** Whether any E.i.3.2 criterion is true. */
export function isSerious(icsr: Icsr): boolean {
  return icsr.reactions.some((reaction) => Object.values(reaction.seriousness).some((flag) => flag === true));
}

/** The patient's initials (D.1), or the nullFlavor's code (MSK, UNK…) when masked or unknown. */
function initials(icsr: Icsr): string {
  const name = icsr.patient.name;
  const text = isNullValue(name) ? name.nullFlavor : name.trim() || 'UNK';
  return text.slice(0, FIELD_LIMITS.initials);
}

/** An amount when it is a number ≥ 0. */
const amount = (value: number | null | undefined) => (value !== null && value !== undefined && Number.isFinite(value) && value >= 0 ? value : null);

/** The name of a MedDRA code as the dictionary has it, else null. */
type Names = ReadonlyMap<string, string>;

function indication(drug: IcsrDrug, names: Names): string | null {
  const texts = drug.indications.map((entry) => said(entry.text) ?? (entry.term ? (names.get(entry.term.code) ?? `LLT ${entry.term.code}`) : null)).filter((text): text is string => text !== null);
  return fit(texts.join('; ') || null, 'longText');
}

function dosageHours(drug: IcsrDrug): number | null {
  const interval = drug.dosages[0]?.interval;
  if (!interval) return null;
  const hours: Record<string, number> = { h: 1, d: 24, wk: 168, min: 1 / 60 };
  const factor = hours[interval.unit];
  return factor === undefined ? null : amount(interval.value * factor);
}

function medicalHistory(icsr: Icsr, names: Names): string | null {
  const lines = icsr.patient.medicalHistory.map((entry) => {
    const name = names.get(entry.disease.code) ?? `LLT ${entry.disease.code}`;
    return entry.comments ? `${name} (${entry.comments})` : name;
  });
  const text = said(icsr.patient.medicalHistoryText);
  return fit([...lines, ...(text ? [text] : [])].join('; ') || null, 'longText');
}

/** G.k.4.r.9.2b as an EDQM code: '10219000', or EDQM's concept class-concept form 'PDF-10219000'. */
const edqmDoseForm = (code: string | undefined) => code?.trim().replace(/^PDF-/i, '');

/** The FormaFarmaceutica row of a drug's first dose form term id (G.k.4.r.9.2b), or null. */
function doseFormId(drug: IcsrDrug, codes: ReferenceCodes): number | null {
  const term = drug.dosages.find((dosage) => dosage.formTermId)?.formTermId;
  return rowOfCode(codes, 'FormaFarmaceutica', edqmDoseForm(term?.code));
}

/** The code systems an EDQM route arrives in: EDQM's OID (the export's, FDA's) and the one the ICH table names. */
const EDQM_ROUTE_SYSTEMS: readonly string[] = [E2B_ROUTE_EDQM_OID, E2B_ROUTE_EDQM_ICH_OID];

/**
 * The Via row of a drug's first route term id (G.k.4.r.10.2b), or null (docs/e2b-import.md 'Codes
 * mapped back'). Read: an EDQM route in its class-code form ('ROA-20053000'), or as the bare code
 * ('20053000') in an EDQM code system; a code of ICH list 14 in list 14's code system (its OID, no
 * other version). Nothing else: FDA codes oral as EDQM '001', which in list 14 is the auricular route.
 * The parse keeps a code's system only when no version names it (`walk.termId`), so a bare EDQM
 * code with a version is not read.
 */
function routeId(drug: IcsrDrug, codes: ReferenceCodes): number | null {
  const term = drug.dosages.find((dosage) => dosage.routeTermId)?.routeTermId;
  if (!term) return null;
  const code = term.code.trim();
  if (isEdqmRouteCode(code)) return rowOfCode(codes, 'Via', code);
  if (/^[0-9]{8}$/.test(code) && EDQM_ROUTE_SYSTEMS.includes(term.version)) return rowOfCode(codes, 'Via', `ROA-${code}`);
  return term.version === E2B_ROUTE_R2_OID && isR2RouteCode(code) ? rowOfCode(codes, 'Via', code) : null;
}

/**
 * The AccionMedicamento row of G.k.8 for the reactions: the case records the action per reaction,
 * E2B per drug, so the action every suspect drug that states one agrees on (as the export writes
 * the action all reactions agree on); none or a disagreement: null.
 */
function actionId(icsr: Icsr, codes: ReferenceCodes): number | null {
  const actions = new Set(icsr.drugs.filter(isSuspect).flatMap((drug) => (drug.actionTaken ? [drug.actionTaken] : [])));
  const [only] = actions;
  return actions.size === 1 ? rowOfCode(codes, 'AccionMedicamento', only) : null;
}

/**
 * The incoming report's data for `icsr`: a health professional's report ('isMedic', the sender
 * is an organisation) of the type of occurrence `subGroup` in `countryCode`, its suspect drugs
 * as `products` (same order). The other drugs (concomitant, not administered) whose name is a
 * catalogue product (`others`, in the order of `concomitantDrugs`, null when none) are medicines
 * of the case too, with their role (`Caracterizacion`, G.k.1); the rest stay concomitants as
 * named (previous medications).
 */
export function storedReportOf(
  icsr: Icsr,
  context: {
    countryCode: string;
    subGroup: { id: number; name: string };
    products: readonly SuspectProduct[];
    others?: readonly (SuspectProduct | null)[];
    names: Names;
    origin: E2bOrigin;
    codes: ReferenceCodes;
  },
): StoredReport {
  const { patient } = icsr;
  const names = context.names;
  const sex = patient.sex === null || isNullValue(patient.sex) ? null : patient.sex === '1' ? 'M' : 'F';
  const gestation = patient.gestationPeriod?.unit === 'wk' ? patient.gestationPeriod.value : null;
  const heightCm = amount(patient.heightCm);
  const suspects = icsr.drugs.filter(isSuspect);
  const others = concomitantDrugs(icsr).map((drug, index) => ({ drug, product: context.others?.[index] ?? null }));
  const reporter = icsr.primarySources.find((source) => source.primaryForRegulatory) ?? icsr.primarySources[0] ?? null;
  const reporterName = reporter ? [said(reporter.title), said(reporter.givenName), said(reporter.familyName)].filter(Boolean).join(' ') || null : null;
  const phone = said(reporter?.telephone);
  const professional = reporter && !isNullValue(reporter.qualification) && reporter.qualification !== null && ['1', '2', '3'].includes(reporter.qualification);
  const action = actionId(icsr, context.codes);
  const data = {
    isMedic: true,
    Tipo: { Pais: context.countryCode, SubGroup: context.subGroup.id, SubGroupName: context.subGroup.name },
    Paciente: {
      Pais: null,
      Iniciales: initials(icsr),
      Sexo: sex,
      FechaNacimiento: hl7Day(patient.birthDate),
      Peso: amount(patient.weightKg),
      Altura: heightCm === null ? null : heightCm / 100,
      Embarazo: null,
      Gestacion: gestation !== null && gestation >= 0 && gestation <= MAX_GESTATION_WEEKS ? gestation : null,
      Lactancia: null,
    },
    RAM: icsr.reactions.map((reaction) => {
      const written = said(reaction.primarySourceText) ?? reaction.translation;
      const code = reaction.term?.code ?? null;
      const name = code ? (names.get(code) ?? written ?? `LLT ${code}`) : null;
      const serious = Object.values(reaction.seriousness).some((flag) => flag === true);
      return {
        MedDRA: code ? { llt_code: code, llt_name: fit(name, 'meddraTerm') ?? '' } : null,
        Grave: serious ? 'SI' : 'NO',
        Reaccion: fit(written ?? name, 'longText'),
        FechaIniReaccion: hl7Day(reaction.startDate),
        FechaFinReaccion: hl7Day(reaction.endDate),
        Evolucion: EVOLUTION_BY_OUTCOME[reaction.outcome] ?? null,
        AccionMeddicamento: action,
      };
    }),
    Medicamento: [
      ...(suspects.length > 0 ? suspects : [null]).map((drug, index) => {
        const product = context.products[index] ?? context.products[0];
        if (!product) throw new Error('A suspect drug without its product');
        return { drug, product };
      }),
      ...others.flatMap(({ drug, product }) => (product ? [{ drug, product }] : [])),
    ].map(({ drug, product }) => {
      const dosage = drug?.dosages[0];
      return {
        Producto: { Id: product.id, ComercialName: product.name },
        Via: drug ? routeId(drug, context.codes) : null,
        // G.k.4.r.9.2b mapped back to Parámetros' form; none: the product's form (case-from-report.ts).
        FormaFarmaceutica: drug ? doseFormId(drug, context.codes) : null,
        FrecuenciaTipo: null,
        Frecuencia: drug ? dosageHours(drug) : null,
        Dosis: amount(dosage?.dose?.value),
        UnidadUso: null,
        FechaIni: hl7Day(dosage?.startDate),
        FechaFin: hl7Day(dosage?.endDate),
        Indicacion: drug ? indication(drug, names) : null,
        // What the sender called it, when the catalogue product is another name.
        NombreReportado: drug?.name ?? null,
        // G.k.1 (the fallback of a report without a suspect drug is a suspect one).
        Caracterizacion: drug ? Number(drug.role) : 1,
      };
    }),
    Concomitante: others
      .filter(({ product }) => !product)
      .map(({ drug }) => ({ Medicamento: fit(drug.name, 'medicationName'), Tipo: null, FechaIni: hl7Day(drug.dosages[0]?.startDate), FechaFin: hl7Day(drug.dosages[0]?.endDate) })),
    ContactoMedico: {
      HistoriaClinica: medicalHistory(icsr, names),
      NotificadoPorOtro: 'SI',
      OtraViaNotificado: fit(`${context.origin.Importacion}: ${context.origin.Remitente}`, 'longText'),
      ContactoMedico: null,
      PermitirContactoMedico: null,
      Medico: professional
        ? {
            FechaContacto: null,
            Intervencion: null,
            Nombre: fit(reporterName, 'name'),
            Profesion: null,
            Email: null,
            Telefono: phone && PHONE_PATTERN.test(phone) ? fit(phone, 'phone') : null,
            CentroAtencion: fit(said(reporter.organisation), 'institution'),
          }
        : null,
    },
    InformacionContacto: {
      AceptaContacto: 'NO',
      Reporta: {
        Nombre: fit(said(icsr.sender.organisation) ?? (context.origin.Remitente || null), 'name'),
        Profesion: null,
        Parentesco: null,
        Email: icsr.sender.email ? fit(icsr.sender.email, 'email') : null,
        Telefono: icsr.sender.telephone && PHONE_PATTERN.test(icsr.sender.telephone) ? fit(icsr.sender.telephone, 'phone') : null,
      },
      AceptaTerminos: true,
    },
    E2B: context.origin,
  };
  // The form's own schema is not applied: an E2B report may leave out what the form requires (the sex).
  return data as unknown as StoredReport;
}
