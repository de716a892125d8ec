import {
  AGE_GROUPS,
  ageInDays,
  CM_PER_HEIGHT_UNIT,
  e2bReferenceCode,
  e2bRouteCodeFor,
  E2B_AGE_GROUP_BY_GROUP_ID,
  E2B_AGE_UNIT_BY_SCALE,
  E2B_OUTCOME_BY_EVOLUTION,
  E2B_QUALIFICATION_BY_ORIGIN,
  E2B_SEX_BY_GENDER,
  E2B_STUDY_TYPE_BY_VALUE,
  E2B_UCUM_BY_UNIT_VALUE,
  ER_STATUS,
  isAgeUnit,
  KG_PER_WEIGHT_UNIT,
  type ActionTakenCode,
  type DrugRoleCode,
  type E2bSeriousnessFlag,
  type ErWhoReport,
  type Hl7Date,
  type Icsr,
  type IcsrDrug,
  type IcsrPrimarySource,
  type IcsrReaction,
  type IcsrSender,
  type IcsrStudy,
  type ReportTypeCode,
  type Quantity,
  isCausalityDrugRole,
} from '@atalaya/domain';
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type DbOrTx, readAll } from '../../db/client.js';
import {
  activeIngredients,
  administrationRoutes,
  countries,
  eventComments,
  eventDocuments,
  eventMedicationIngredients,
  eventMedications,
  eventOrigins,
  eventPatients,
  eventRams,
  events,
  followUpReports,
  heightUnits,
  homeReports,
  imputabilityEvaluations,
  laboratories,
  medicalContacts,
  medicationActions,
  medicationUnits,
  medicationUseUnits,
  meddraVersions,
  pharmaceuticalForms,
  previousMedications,
  products,
  reportTypes,
  weightUnits,
} from '../../db/schema/index.js';
import { whoUmcCategories, withWhoUmcAssessments } from './who-umc-assessments.js';

/** What the report needs besides the case: the sender (Configuración), the MedDRA version and the time of the export. */
export interface IcsrContext {
  /** C.3 the sender. */
  sender: IcsrSender;
  /** The sender's organisation code in C.1.1 and C.1.8.1 ('country-code-reference'); no dash. */
  senderCode: string;
  /** E.i.2.1a: the MedDRA version the codes belong to; null when none is known. */
  meddraVersion: string | null;
  /** The moment of the export (C.1.2). */
  now: Date;
  /** N.1.4, the receiver: it decides the route list of G.k.4.r.10.2b (EDQM, or ICH list 14 for the FDA; `e2bRouteListFor`). */
  receiverId: string | null;
}

/** The sender until Configuración names one (docs/e2b.md). */
export const DEFAULT_E2B_SENDER: IcsrSender = {
  type: '1',
  organisation: 'Atalaya',
  department: null,
  title: null,
  givenName: null,
  middleName: null,
  familyName: null,
  street: null,
  city: null,
  state: null,
  postcode: null,
  country: null,
  telephone: null,
  fax: null,
  email: null,
};

const parentCase = alias(events, 'parent_case');
/** The case a duplicate was marked duplicate of (docs/duplicates.md): its master. */
const masterCase = alias(events, 'master_case');

/** 'YYYY-MM-DD' → 'YYYYMMDD'. */
export function hl7Day(date: string | null | undefined): Hl7Date | null {
  return date ? date.slice(0, 10).replaceAll('-', '') : null;
}

/** A moment → 'YYYYMMDDhhmmss+0000' (UTC, with its zone as the IG asks). */
export function hl7Moment(date: Date): Hl7Date {
  return `${date.toISOString().slice(0, 19).replace(/[-:T]/g, '')}+0000`;
}

const flag = (value: boolean): E2bSeriousnessFlag => (value ? true : { nullFlavor: 'NI' });

/** The newest MedDRA version switched in, if any. */
export async function currentMeddraVersion(db: DbOrTx): Promise<string | null> {
  const [row] = await db.select({ version: meddraVersions.version }).from(meddraVersions).orderBy(desc(meddraVersions.loadedAt), desc(meddraVersions.id)).limit(1);
  return row?.version ?? null;
}

/** C.1.8.1 of a case (also its C.1.1): the same for every version sent. */
export function worldwideCaseId(senderCountry: string, senderCode: string, referenceNumber: string): string {
  return `${senderCountry}-${senderCode}-${referenceNumber}`;
}

/**
 * The parts of a case read as JSON in the case's statement (`caseRows`), each with the values
 * Drizzle would give for its columns: dates as 'YYYY-MM-DD', numerics as numbers.
 */
interface PatientPart {
  initials: string;
  age: number | null;
  ageUnit: string | null;
  height: number | null;
  weight: number | null;
  gender: string | null;
  pregnancy: boolean | null;
  gestation: number | null;
  lactation: boolean | null;
  medicalInstitution: string | null;
  medicalConditions: string | null;
  allergies: string | null;
  heightUnit: string | null;
  weightUnit: string | null;
}

interface OriginPart {
  fromLiterature: boolean;
  bibliographicReference: string | null;
  studyName: string | null;
  studyRegistrationNumber: string | null;
  sponsorNumber: string | null;
  typeValue: string | null;
  typeName: string | null;
  typeCode: string | null;
}

interface MedicationPart {
  id: number;
  /** G.k.1: the medicine's role in the case (1–4, event_medications.drug_role). */
  role: number;
  name: string;
  holder: string;
  lotNumber: string | null;
  indication: string | null;
  dateStart: string | null;
  dateEnd: string | null;
  route: string | null;
  routeValue: string | null;
  routeCode: string | null;
  form: string | null;
  formValue: string | null;
  formCode: string | null;
  frequencyHours: number | null;
  dose: number | null;
  useUnitName: string | null;
  useUnitValue: string | null;
  /** Its active ingredients, in the order they were recorded. */
  ingredients: { name: string; concentration: number | null; unitValue: string | null }[];
}

interface RamPart {
  id: number;
  lltCode: number | null;
  lltName: string | null;
  description: string;
  evolution: number | null;
  dateStart: string | null;
  dateEnd: string | null;
  considerations: string | null;
  death: boolean;
  lifeThreatening: boolean;
  hospitalizationRequired: boolean;
  persistedHospitalization: boolean;
  transitoryDisability: boolean;
  persistentDisability: boolean;
  congenitalAnomaly: boolean;
  anotherCondition: boolean;
  isSerious: boolean;
  actionValue: string | null;
  actionName: string | null;
  actionCode: string | null;
}

interface PastDrugPart {
  name: string;
  dateStart: string | null;
  dateEnd: string | null;
}

/** A JSON text read back; null stays null. */
function parsed<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

/** A scalar subquery's JSON as text (the same on both drivers), '[]' for an aggregate of no rows. */
const jsonText = (query: SQL) => sql<string | null>`(${query})::text`;
const jsonList = (query: SQL) => sql<string>`coalesce((${query}), '[]'::json)::text`;

/**
 * One statement for the cases `ids` (not deleted), a row each: the case's own columns, and each
 * child table as a JSON subquery on its `event_id` index (the patient, the origin, the medications
 * with their ingredients, the reactions, the past drugs, the medical contact, the evaluation, the
 * documents, the last follow-up and the annulment comment), and the incoming report's reporter.
 */
function caseRows(db: DbOrTx, ids: readonly string[]) {
  return db
    .select({
      id: events.id,
      referenceNumber: events.referenceNumber,
      homeReferenceNumber: events.homeReferenceNumber,
      status: events.status,
      countryCode: countries.code,
      additionalInformation: events.additionalInformation,
      textA: events.administeredMedicationsTextA,
      textB: events.administeredMedicationsTextB,
      receivedAt: events.receivedAt,
      parentReference: parentCase.referenceNumber,
      masterReference: masterCase.referenceNumber,
      masterCountryCode: sql<string | null>`(select ${countries.code} from ${countries} where ${countries.id} = ${masterCase.countryId})`,
      lastFollowUp: sql<Date | null>`(select max(${followUpReports.createdAt}) from ${followUpReports} where ${followUpReports.eventId} = ${events.id})`.mapWith(followUpReports.createdAt),
      annulment: sql<string | null>`case when ${events.status} = ${ER_STATUS.ANULADO} then (select ${eventComments.comment} from ${eventComments}
        where ${eventComments.eventId} = ${events.id} and ${eventComments.action} = 'Anular' order by ${eventComments.createdAt} desc, ${eventComments.id} desc limit 1) end`,
      // Who reported (readWhoReport): an incoming report's reporter, else the staff ('Usuario').
      fromReport: sql<boolean>`${homeReports.id} is not null`,
      reportIsMedic: homeReports.isMedic,
      reportReporter: sql<string | null>`(${homeReports.data} -> 'InformacionContacto' -> 'Reporta')::text`,
      reportMedic: sql<string | null>`(${homeReports.data} -> 'ContactoMedico' -> 'Medico')::text`,
      patient: jsonText(sql`select json_build_object('initials', ${eventPatients.initials}, 'age', ${eventPatients.age}, 'ageUnit', ${eventPatients.ageUnit},
          'height', ${eventPatients.height}, 'weight', ${eventPatients.weight}, 'gender', ${eventPatients.gender}, 'pregnancy', ${eventPatients.pregnancy},
          'gestation', ${eventPatients.gestation}, 'lactation', ${eventPatients.lactation}, 'medicalInstitution', ${eventPatients.medicalInstitution},
          'medicalConditions', ${eventPatients.medicalConditions}, 'allergies', ${eventPatients.allergies}, 'heightUnit', ${heightUnits.value}, 'weightUnit', ${weightUnits.value})
        from ${eventPatients}
        left join ${heightUnits} on ${heightUnits.id} = ${eventPatients.heightUnitId}
        left join ${weightUnits} on ${weightUnits.id} = ${eventPatients.weightUnitId}
        where ${eventPatients.eventId} = ${events.id}`),
      origin: jsonText(sql`select json_build_object('fromLiterature', ${eventOrigins.fromLiterature}, 'bibliographicReference', ${eventOrigins.bibliographicReference},
          'studyName', ${eventOrigins.studyName}, 'studyRegistrationNumber', ${eventOrigins.studyRegistrationNumber}, 'sponsorNumber', ${eventOrigins.sponsorNumber},
          'typeValue', ${reportTypes.value}, 'typeName', ${reportTypes.nombre}, 'typeCode', ${reportTypes.e2bCode})
        from ${eventOrigins}
        left join ${reportTypes} on ${reportTypes.id} = ${eventOrigins.typeId}
        where ${eventOrigins.eventId} = ${events.id}`),
      medications: jsonList(sql`select json_agg(json_build_object('id', ${eventMedications.id}, 'role', ${eventMedications.drugRole}, 'name', ${products.commercialName}, 'holder', ${laboratories.name},
          'lotNumber', ${eventMedications.lotNumber}, 'indication', ${eventMedications.indication},
          'dateStart', ${eventMedications.dateStart}, 'dateEnd', ${eventMedications.dateEnd},
          'route', ${administrationRoutes.descripcion}, 'routeValue', ${administrationRoutes.value}, 'routeCode', ${administrationRoutes.e2bCode},
          'form', ${pharmaceuticalForms.nombre}, 'formValue', ${pharmaceuticalForms.value}, 'formCode', ${pharmaceuticalForms.e2bCode},
          'frequencyHours', ${eventMedications.frequencyHours}, 'dose', ${eventMedications.dose},
          'useUnitName', ${medicationUseUnits.nombre}, 'useUnitValue', ${medicationUseUnits.value},
          'ingredients', coalesce((select json_agg(json_build_object('name', ${activeIngredients.name}, 'concentration', ${eventMedicationIngredients.concentration},
              'unitValue', ${medicationUnits.value}) order by ${eventMedicationIngredients.id})
            from ${eventMedicationIngredients}
            join ${activeIngredients} on ${activeIngredients.id} = ${eventMedicationIngredients.activeIngredientId}
            left join ${medicationUnits} on ${medicationUnits.id} = ${eventMedicationIngredients.unitId}
            where ${eventMedicationIngredients.eventMedicationId} = ${eventMedications.id}), '[]'::json)) order by ${eventMedications.id})
        from ${eventMedications}
        join ${products} on ${products.id} = ${eventMedications.productId}
        join ${laboratories} on ${laboratories.id} = ${eventMedications.laboratoryId}
        left join ${administrationRoutes} on ${administrationRoutes.id} = ${eventMedications.routeId}
        left join ${pharmaceuticalForms} on ${pharmaceuticalForms.id} = ${eventMedications.pharmaceuticalFormId}
        left join ${medicationUseUnits} on ${medicationUseUnits.id} = ${eventMedications.useUnitId}
        where ${eventMedications.eventId} = ${events.id}`),
      rams: jsonList(sql`select json_agg(json_build_object('id', ${eventRams.id}, 'lltCode', ${eventRams.lltCode}, 'lltName', ${eventRams.lltName},
          'description', ${eventRams.description}, 'evolution', ${eventRams.evolution}, 'dateStart', ${eventRams.dateStart}, 'dateEnd', ${eventRams.dateEnd},
          'considerations', ${eventRams.considerations}, 'death', ${eventRams.death}, 'lifeThreatening', ${eventRams.lifeThreatening},
          'hospitalizationRequired', ${eventRams.hospitalizationRequired}, 'persistedHospitalization', ${eventRams.persistedHospitalization},
          'transitoryDisability', ${eventRams.transitoryDisability}, 'persistentDisability', ${eventRams.persistentDisability},
          'congenitalAnomaly', ${eventRams.congenitalAnomaly}, 'anotherCondition', ${eventRams.anotherCondition}, 'isSerious', ${eventRams.isSerious},
          'actionValue', ${medicationActions.value}, 'actionName', ${medicationActions.nombre}, 'actionCode', ${medicationActions.e2bCode}) order by ${eventRams.id})
        from ${eventRams}
        left join ${medicationActions} on ${medicationActions.id} = ${eventRams.medicationActionId}
        where ${eventRams.eventId} = ${events.id}`),
      pastDrugs: jsonList(sql`select json_agg(json_build_object('name', ${previousMedications.medication}, 'dateStart', ${previousMedications.dateStart},
          'dateEnd', ${previousMedications.dateEnd}) order by ${previousMedications.id})
        from ${previousMedications} where ${previousMedications.eventId} = ${events.id}`),
      contact: jsonText(sql`select json_build_object('contacted', ${medicalContacts.contacted}, 'intervention', ${medicalContacts.intervention})
        from ${medicalContacts} where ${medicalContacts.eventId} = ${events.id}`),
      evaluation: jsonText(sql`select json_build_object('result', ${imputabilityEvaluations.result}, 'comment', ${imputabilityEvaluations.qppvComment})
        from ${imputabilityEvaluations} where ${imputabilityEvaluations.eventId} = ${events.id}`),
      documents: jsonList(sql`select json_agg(${eventDocuments.note} order by ${eventDocuments.id})
        from ${eventDocuments} where ${eventDocuments.eventId} = ${events.id} and ${eventDocuments.deletedAt} is null`),
    })
    .from(events)
    .innerJoin(countries, eq(countries.id, events.countryId))
    .leftJoin(parentCase, eq(parentCase.id, events.parentEventId))
    .leftJoin(masterCase, eq(masterCase.id, events.duplicateOfEventId))
    .leftJoin(homeReports, eq(homeReports.id, events.homeReportId))
    .where(and(inArray(events.id, [...ids]), isNull(events.deletedAt)));
}

type CaseRow = Awaited<ReturnType<typeof caseRows>>[number];

/** A text of a stored incoming report, trimmed; anything else (or blank) is absent (as readWhoReport reads it). */
function reportText(person: Record<string, unknown> | null, key: string): string | null {
  const value = person && typeof person === 'object' && !Array.isArray(person) ? person[key] : null;
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/**
 * Who reported the case, the parts of `readWhoReport` (case-edit) the export reads: 'Médico' (their
 * own contact data, else the medic's of the medical-contact section), 'Paciente', or 'Usuario' for a
 * case the staff created. load.test.ts holds the two to the same answer.
 */
function reporterOf(row: CaseRow): Pick<ErWhoReport, 'Origen' | 'Nombre' | 'Email' | 'Telefono'> {
  if (!row.fromReport) return { Origen: 'Usuario', Nombre: null, Email: null, Telefono: null };
  const reporter = parsed<Record<string, unknown>>(row.reportReporter);
  if (!row.reportIsMedic) return { Origen: 'Paciente', Nombre: reportText(reporter, 'Nombre'), Email: reportText(reporter, 'Email'), Telefono: reportText(reporter, 'Telefono') };
  const medic = parsed<Record<string, unknown>>(row.reportMedic);
  const either = (key: string) => reportText(reporter, key) ?? reportText(medic, key);
  return { Origen: 'Médico', Nombre: either('Nombre'), Email: either('Email'), Telefono: either('Telefono') };
}

/**
 * Reads cases into the ICSR model, following the mapping table (E2B_MAPPING): one statement for all
 * of `caseIds` (`caseRows`), whatever the cases hold, and beside it one for their WHO-UMC
 * assessments (`whoUmcCategories`). A case that does not exist (or was deleted) is
 * missing from the answer. No reach check: the caller found the cases in the user's reach.
 */
export async function loadIcsrs(db: DbOrTx, caseIds: readonly string[], context: Partial<IcsrContext> = {}): Promise<Map<string, Icsr>> {
  const found = new Map<string, Icsr>();
  if (caseIds.length === 0) return found;
  const rows = await caseRows(db, caseIds);
  if (rows.length === 0) return found;
  const [meddraVersion, whoUmc] = await readAll(db, [
    async () => (context.meddraVersion === undefined ? currentMeddraVersion(db) : context.meddraVersion),
    () => whoUmcCategories(db, rows.map((row) => row.id)),
  ]);
  const full: IcsrContext = { now: context.now ?? new Date(), sender: context.sender ?? DEFAULT_E2B_SENDER, senderCode: context.senderCode ?? 'ATALAYA', meddraVersion, receiverId: context.receiverId ?? null };
  for (const row of rows) found.set(row.id, withWhoUmcAssessments(icsrOf(row, full), whoUmc.get(row.id)));
  return found;
}

/** One case into the ICSR model (`loadIcsrs`); null when it does not exist (or was deleted). */
export async function loadIcsr(db: DbOrTx, caseId: string, context: Partial<IcsrContext> = {}): Promise<Icsr | null> {
  return (await loadIcsrs(db, [caseId], context)).get(caseId) ?? null;
}

/** The ICSR of a case read by `caseRows`. */
function icsrOf(event: CaseRow, { now, sender, senderCode, meddraVersion, receiverId }: IcsrContext): Icsr {
  const patientRow = parsed<PatientPart>(event.patient);
  const originRow = parsed<OriginPart>(event.origin);
  const medications = parsed<MedicationPart[]>(event.medications) ?? [];
  const rams = parsed<RamPart[]>(event.rams) ?? [];
  const pastDrugs = parsed<PastDrugPart[]>(event.pastDrugs) ?? [];
  const contact = parsed<{ contacted: boolean; intervention: string | null }>(event.contact);
  const evaluation = parsed<{ result: string | null; comment: string | null }>(event.evaluation);
  const documents = parsed<string[]>(event.documents) ?? [];
  const reporter = reporterOf(event);

  const patient = patientRow;
  const origin = originRow;
  const typeValue = originRow?.typeValue ?? null;
  const country = event.countryCode;
  const caseNumber = worldwideCaseId(country, senderCode, event.referenceNumber);
  const mostRecent = event.lastFollowUp && event.lastFollowUp > event.receivedAt ? event.lastFollowUp : event.receivedAt;

  // C.2: who reported. A health professional's report is medically confirmed (E.i.8).
  const qualification = reporter ? E2B_QUALIFICATION_BY_ORIGIN[reporter.Origen] : undefined;
  const fromReport = reporter !== null && reporter.Origen !== 'Usuario';
  const primarySource: IcsrPrimarySource = {
    title: null,
    givenName: fromReport && reporter.Nombre ? reporter.Nombre : null,
    middleName: null,
    familyName: null,
    organisation: reporter?.Origen === 'Médico' && patient?.medicalInstitution ? patient.medicalInstitution : null,
    department: null,
    street: null,
    city: null,
    state: null,
    postcode: null,
    telephone: fromReport && reporter.Telefono ? reporter.Telefono : null,
    country,
    qualification: qualification ?? { nullFlavor: 'UNK' },
    primaryForRegulatory: true,
    // FDA.C.2.r.2.8, written only for the FDA: a report's reporter was asked for it (ASKU when blank); a case loaded by the staff names no reporter (withFdaRegional: NASK).
    email: fromReport ? (reporter.Email?.trim() ? reporter.Email.trim() : { nullFlavor: 'ASKU' }) : null,
  };
  const medicallyConfirmed = reporter?.Origen === 'Médico' || contact?.contacted === true ? true : null;

  // C.5: a report from a study.
  const studyType = typeValue ? E2B_STUDY_TYPE_BY_VALUE[typeValue] : undefined;
  const study: IcsrStudy | null =
    studyType || origin?.studyName || origin?.studyRegistrationNumber
      ? {
          registrations: origin?.studyRegistrationNumber ? [{ number: origin.studyRegistrationNumber, country }] : [],
          name: origin?.studyName ? origin.studyName : { nullFlavor: 'ASKU' },
          sponsorNumber: origin?.sponsorNumber ? origin.sponsorNumber : { nullFlavor: 'ASKU' },
          type: studyType ?? null,
        }
      : null;

  // D.2: age, or the age group when there is no age.
  const ageUnit = patient?.ageUnit && isAgeUnit(patient.ageUnit) ? patient.ageUnit : null;
  const ageAtOnset: Quantity | null = patient?.age !== null && patient?.age !== undefined && ageUnit ? { value: patient.age, unit: E2B_AGE_UNIT_BY_SCALE[ageUnit] } : null;
  const days = ageInDays(patient?.age, patient?.ageUnit);
  const group = days === null ? undefined : AGE_GROUPS.find((entry) => days < entry.maxDays);
  const weightFactor = patientRow?.weightUnit ? KG_PER_WEIGHT_UNIT[patientRow.weightUnit] : undefined;
  const heightFactor = patientRow?.heightUnit ? CM_PER_HEIGHT_UNIT[patientRow.heightUnit] : undefined;
  const historyText = [
    patient?.medicalConditions ? `Condiciones médicas: ${patient.medicalConditions}` : null,
    patient?.allergies ? `Alergias: ${patient.allergies}` : null,
    patient?.pregnancy ? `Embarazo${patient.gestation ? ` (${patient.gestation} semanas)` : ''}` : null,
    patient?.lactation ? 'Lactancia' : null,
  ].filter((line): line is string => line !== null);

  // E.i: each reaction, with its seriousness criteria (true or NI) and outcome (0 unknown).
  const reactions: IcsrReaction[] = rams.map((ram) => ({
    id: `ram-${ram.id}`,
    primarySourceText: ram.description,
    primarySourceLanguage: 'spa',
    translation: null,
    term: ram.lltCode !== null ? { version: meddraVersion ?? '', code: String(ram.lltCode) } : null,
    highlighted: null,
    seriousness: {
      death: flag(ram.death || ram.evolution === 4),
      lifeThreatening: flag(ram.lifeThreatening),
      hospitalisation: flag(ram.hospitalizationRequired || ram.persistedHospitalization),
      disabling: flag(ram.persistentDisability || ram.transitoryDisability),
      congenitalAnomaly: flag(ram.congenitalAnomaly),
      otherMedicallyImportant: flag(ram.anotherCondition),
    },
    startDate: hl7Day(ram.dateStart),
    endDate: hl7Day(ram.dateEnd),
    duration: null,
    outcome: ram.evolution !== null ? (E2B_OUTCOME_BY_EVOLUTION[ram.evolution] ?? '0') : '0',
    medicallyConfirmed,
    country,
  }));
  const fatal = rams.filter((ram) => ram.death || ram.evolution === 4);

  // Values of Parámetros without the E2B code their element needs: the rules refuse the export naming each.
  const uncoded: { element: string; value: string; where?: string }[] = [];
  const typeCode = typeValue ? e2bReferenceCode('ReporteOriginador_Tipo', typeValue, originRow?.typeCode) : null;
  if (typeValue && !typeCode) uncoded.push({ element: 'C.1.3', value: originRow?.typeName ?? typeValue });

  // G.k.8: the action all reactions agree on; otherwise unknown. An action without its code is refused, never taken as unknown.
  const actions = new Set(
    rams.map(({ actionValue, actionName, actionCode }) => {
      if (!actionValue) return '0';
      const found = e2bReferenceCode('AccionMedicamento', actionValue, actionCode);
      if (!found) uncoded.push({ element: 'G.k.8', value: actionName ?? actionValue });
      return (found ?? '0') as ActionTakenCode;
    }),
  );
  const actionTaken: ActionTakenCode | null = rams.length === 0 ? null : actions.size === 1 ? ([...actions][0] ?? '0') : '0';
  const considerations = rams.map((ram) => ram.considerations?.trim()).filter((text): text is string => Boolean(text));

  const drugs: IcsrDrug[] = medications.map((medication, index) => {
    const where = medications.length > 1 ? `medicamento ${index + 1}` : undefined;
    // G.k.4.r.10.2b: the EDQM route, or ICH list 14 for the FDA (docs/e2b.md 'Route codes').
    const routeCode = medication.routeValue ? e2bRouteCodeFor(receiverId, medication.routeValue, medication.routeCode) : null;
    if (medication.route !== null && !routeCode) uncoded.push({ element: 'G.k.4.r.10.2b', value: medication.route, ...(where ? { where } : {}) });
    // A dose form without its code goes as text only (G.k.4.r.9.1): docs/e2b.md.
    const formCode = medication.formValue ? e2bReferenceCode('FormaFarmaceutica', medication.formValue, medication.formCode) : null;
    const doseUnit = medication.useUnitValue ? E2B_UCUM_BY_UNIT_VALUE[medication.useUnitValue] : undefined;
    const doseText = [
      medication.dose !== null ? `${medication.dose}${medication.useUnitName ? ` ${medication.useUnitName}` : ''}` : null,
      medication.frequencyHours !== null ? `cada ${medication.frequencyHours} h` : null,
    ]
      .filter((part): part is string => part !== null)
      .join(' ');
    return {
      id: `drug-${medication.id}`,
      role: String(medication.role) as DrugRoleCode, // G.k.1
      mpid: null,
      phpid: null,
      name: medication.name,
      substances: medication.ingredients.map((ingredient) => {
        const unit = ingredient.unitValue ? E2B_UCUM_BY_UNIT_VALUE[ingredient.unitValue] : undefined;
        return { name: ingredient.name, termId: null, strength: ingredient.concentration !== null && unit ? { value: ingredient.concentration, unit } : null };
      }),
      countryObtained: country,
      investigationalBlinded: null,
      authorisation: { number: null, country, holder: medication.holder },
      dosages: [
        {
          dose: medication.dose !== null && doseUnit ? { value: medication.dose, unit: doseUnit } : null,
          interval: medication.frequencyHours !== null && medication.frequencyHours > 0 ? { value: medication.frequencyHours, unit: 'h' } : null,
          startDate: hl7Day(medication.dateStart),
          endDate: hl7Day(medication.dateEnd),
          duration: null,
          batchLot: medication.lotNumber,
          text: doseText || null,
          form: medication.form,
          formTermId: formCode ? { version: '', code: formCode } : null,
          route: medication.route,
          routeTermId: routeCode ? { version: '', code: routeCode } : null,
          parentRoute: null,
          parentRouteTermId: null,
        },
      ],
      cumulativeDose: null,
      gestationAtExposure: patient?.pregnancy && patient.gestation ? { value: patient.gestation, unit: 'wk' } : null,
      indications: medication.indication ? [{ text: medication.indication, term: null }] : [],
      // G.k.8 is optional for every drug in the ICH table (no role condition): sent for each, as before.
      actionTaken,
      // G.k.9.i (the drug–reaction matrix, with the causality assessments) only for a suspect or interacting drug.
      reactions: (isCausalityDrugRole(medication.role) ? reactions : []).map((reaction) => ({
        reactionId: reaction.id,
        assessments: evaluation?.result ? [{ source: 'Compañía', method: 'Naranjo', result: evaluation.result }] : [],
        startToOnset: null,
        lastDoseToOnset: null,
        recurrence: null,
      })),
      additionalInfoCodes: [],
      additionalInfo: considerations.length ? considerations.join('\n') : null,
    };
  });

  const narrative = [
    event.additionalInformation?.trim() || null,
    event.textA?.trim() ? `Medicamentos administrados: ${event.textA.trim()}` : null,
    event.textB?.trim() ? event.textB.trim() : null,
    `Caso ${event.referenceNumber}: ${rams.map((ram) => ram.lltName ?? ram.description).join('; ') || 'sin reacciones'} con ${medications.map((row) => row.name).join(', ') || 'sin medicamentos'}.`,
  ].filter((part): part is string => part !== null);

  return {
    report: {
      safetyReportId: caseNumber,
      creationDate: hl7Moment(now),
      // No type: 4 (not available to the sender); a type without its code is refused (uncoded), the 4 is never sent.
      reportType: (typeCode ?? '4') as ReportTypeCode,
      firstReceivedDate: hl7Day(event.receivedAt.toISOString()) ?? hl7Moment(event.receivedAt),
      mostRecentDate: hl7Day(mostRecent.toISOString()) ?? hl7Moment(mostRecent),
      additionalDocuments: documents.length > 0,
      documents,
      expedited: rams.some((ram) => ram.isSerious),
      worldwideUniqueId: caseNumber,
      firstSender: '2',
      otherCaseIdentifiers: event.homeReferenceNumber ? true : null,
      otherCaseIds: event.homeReferenceNumber ? [{ source: 'Atalaya informe entrante', caseId: event.homeReferenceNumber }] : [],
      // C.1.10.r: the case it follows up, and the master of a case marked duplicate (its own sender country).
      linkedReportIds: [
        ...(event.parentReference ? [worldwideCaseId(country, senderCode, event.parentReference)] : []),
        ...(event.masterReference ? [worldwideCaseId(event.masterCountryCode ?? country, senderCode, event.masterReference)] : []),
      ],
      nullificationOrAmendment:
        event.status === ER_STATUS.ANULADO
          ? { code: '1', reason: event.annulment?.trim() || (event.masterReference ? `Duplicado de ${event.masterReference}` : 'Caso anulado') }
          : null,
    },
    primarySources: [primarySource],
    sender,
    literature: origin?.fromLiterature ? [{ reference: origin.bibliographicReference?.trim() || { nullFlavor: 'ASKU' } }] : [],
    study,
    patient: {
      name: patient?.initials?.trim() ? patient.initials.trim() : { nullFlavor: 'UNK' },
      gpRecordNumber: null,
      specialistRecordNumber: null,
      hospitalRecordNumber: null,
      investigationNumber: null,
      birthDate: null,
      ageAtOnset,
      gestationPeriod: null,
      ageGroup: !ageAtOnset && group ? (E2B_AGE_GROUP_BY_GROUP_ID[group.ID] ?? null) : null,
      weightKg: patient?.weight !== null && patient?.weight !== undefined && weightFactor ? Math.round(patient.weight * weightFactor * 100) / 100 : null,
      heightCm: patient?.height !== null && patient?.height !== undefined && heightFactor ? Math.round(patient.height * heightFactor) : null,
      sex: (patient?.gender ? E2B_SEX_BY_GENDER[patient.gender] : undefined) ?? { nullFlavor: 'UNK' },
      lastMenstrualPeriod: null,
      medicalHistory: [],
      medicalHistoryText: historyText.length ? historyText.join('. ') : null,
      concomitantTherapies: null,
      pastDrugs: pastDrugs.map((row) => ({
        name: row.name,
        mpid: null,
        phpid: null,
        startDate: hl7Day(row.dateStart),
        endDate: hl7Day(row.dateEnd),
        indication: null,
        reaction: null,
      })),
      death: fatal.length
        ? {
            date: fatal.map((ram) => hl7Day(ram.dateEnd)).find((date) => date !== null) ?? { nullFlavor: 'UNK' },
            reportedCauses: fatal.map((ram) => ({ term: ram.lltCode !== null ? { version: meddraVersion ?? '', code: String(ram.lltCode) } : null, text: ram.description })),
            autopsy: { nullFlavor: 'UNK' },
            autopsyCauses: [],
          }
        : null,
      parent: null,
    },
    reactions,
    tests: [],
    drugs,
    narrative: {
      narrative: narrative.join('\n\n'),
      reporterComments: contact?.intervention?.trim() || null,
      senderDiagnoses: [],
      senderComments: evaluation?.comment?.trim() || null,
      summaries: [],
    },
    uncoded,
  };
}
