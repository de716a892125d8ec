import { type ErMedicalContact, type ErPreviousMedication, type ErWhoReport, type Evaluation, MSG, type WhoUmcPair } from '@atalaya/domain';
import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, readAll } from '../../db/client.js';
import {
  countries,
  eventMedications,
  eventOrigins,
  eventPatients,
  eventRams,
  events,
  files,
  heightUnits,
  operationHistory,
  originCountries,
  ramCategories,
  relationships,
  reportOrigins,
  reportReceivers,
  reportTypes,
  residences,
  subGroups,
  users,
  weightUnits,
} from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { notFound } from '../../http/errors.js';
import { evaluationOf, loadWhoUmcPairs } from '../case-assessment/index.js';
import { readMedicalContact, readPreviousMedications, whoReportOfCase } from '../case-edit/index.js';
import {
  medicationIngredientRows,
  medicationRows,
  type RamRow,
  ramRows,
  recoveryOf,
  type MedicationIngredientRow,
  type MedicationRow,
  type RecoveryRow,
} from '../case-medications/index.js';
import type { CaseInReach } from '../reach/index.js';

/** How many operation-history entries the PDF prints (the newest). */
export const PDF_HISTORY_ENTRIES = 30;

const creator = alias(users, 'creator');
const parentCase = alias(events, 'parent_case');
const patientCountry = alias(countries, 'patient_country');

/** Everything the case PDF prints, loaded with a fixed number of queries whatever the case holds. */
export interface CasePdfData {
  event: Awaited<ReturnType<typeof loadEvent>>;
  patient: Awaited<ReturnType<typeof loadPatient>>;
  origin: Awaited<ReturnType<typeof loadOrigin>>;
  medications: { row: MedicationRow; ingredients: MedicationIngredientRow[]; recovery: RecoveryRow | null }[];
  rams: Awaited<ReturnType<typeof loadRams>>;
  previousMedications: ErPreviousMedication[];
  medicalContact: ErMedicalContact | null;
  evaluation: Evaluation;
  /** The WHO-UMC causality of each reaction × suspect drug. */
  whoUmc: WhoUmcPair[];
  whoReport: ErWhoReport;
  history: Awaited<ReturnType<typeof loadHistory>>;
}

async function loadEvent(db: Db, eventId: string) {
  const [row] = await db
    .select({
      referenceNumber: events.referenceNumber,
      homeReferenceNumber: events.homeReferenceNumber,
      status: events.status,
      isRam: events.isRam,
      isHistoric: events.isHistoric,
      subGroupName: subGroups.nombre,
      countryName: countries.name,
      timeZone: countries.timeZone,
      additionalInformation: events.additionalInformation,
      administeredMedicationsTextA: events.administeredMedicationsTextA,
      administeredMedicationsTextB: events.administeredMedicationsTextB,
      medicalContact: events.medicalContact,
      receivedAt: events.receivedAt,
      sentAt: events.sentAt,
      createdAt: events.createdAt,
      creatorName: sql<string>`trim(${creator.firstName} || ' ' || ${creator.lastName})`,
      parentReference: parentCase.referenceNumber,
    })
    .from(events)
    .innerJoin(subGroups, eq(subGroups.id, events.subGroupId))
    .innerJoin(countries, eq(countries.id, events.countryId))
    .innerJoin(creator, eq(creator.id, events.createdBy))
    .leftJoin(parentCase, eq(parentCase.id, events.parentEventId))
    .where(eq(events.id, eventId));
  if (!row) throw new Error(`Case ${eventId} vanished while its PDF was built`);
  return row;
}

async function loadPatient(db: Db, eventId: string) {
  const [row] = await db
    .select({
      patient: eventPatients,
      countryName: patientCountry.name,
      heightUnit: heightUnits.abreviacion,
      weightUnit: weightUnits.abreviacion,
      residence: residences.nombre,
      relationship: relationships.nombre,
    })
    .from(eventPatients)
    .leftJoin(patientCountry, eq(patientCountry.id, eventPatients.countryId))
    .leftJoin(heightUnits, eq(heightUnits.id, eventPatients.heightUnitId))
    .leftJoin(weightUnits, eq(weightUnits.id, eventPatients.weightUnitId))
    .leftJoin(residences, eq(residences.id, eventPatients.residenceId))
    .leftJoin(relationships, eq(relationships.id, eventPatients.relationshipId))
    .where(eq(eventPatients.eventId, eventId));
  return row ?? null;
}

async function loadOrigin(db: Db, eventId: string) {
  const [row] = await db
    .select({
      origin: eventOrigins,
      originName: reportOrigins.nombre,
      receiverName: reportReceivers.nombre,
      typeName: reportTypes.nombre,
      originCountryName: originCountries.nombre,
      fileName: files.name,
    })
    .from(eventOrigins)
    .leftJoin(reportOrigins, eq(reportOrigins.id, eventOrigins.originId))
    .leftJoin(reportReceivers, eq(reportReceivers.id, eventOrigins.receiverId))
    .leftJoin(reportTypes, eq(reportTypes.id, eventOrigins.typeId))
    .leftJoin(originCountries, eq(originCountries.id, eventOrigins.originCountryId))
    .leftJoin(files, eq(files.id, eventOrigins.fileId))
    .where(eq(eventOrigins.eventId, eventId));
  return row ?? null;
}

/**
 * The reactions as the case view reads them (`ramRows`: their type, action, categories and two
 * notifications in one statement), with the names of their categories (a short parameter list,
 * read beside them).
 */
async function loadRams(db: Db, eventId: string) {
  const [rows, categoryNames] = await readAll(db, [
    () => ramRows(db, eq(eventRams.eventId, eventId)),
    () => db.select({ id: ramCategories.id, name: ramCategories.type }).from(ramCategories),
  ]);
  const names = new Map(categoryNames.map((category) => [category.id, category.name]));
  const notification = (entry: RamRow['local']) => (!entry || entry.id === null ? null : { date: entry.date, channel: entry.channelName });
  return rows.map((row) => ({
    ram: row.ram,
    typeName: row.ramTypeName,
    actionName: row.medicationActionName,
    categories: row.categoryIds.map((id) => names.get(id) ?? String(id)),
    local: notification(row.local),
    provider: notification(row.provider),
  }));
}

/** The newest `PDF_HISTORY_ENTRIES` operation-history entries, oldest of them first. */
async function loadHistory(db: Db, eventId: string) {
  const rows = await db
    .select({
      id: operationHistory.id,
      createdAt: operationHistory.createdAt,
      description: operationHistory.description,
      comment: operationHistory.comment,
      user: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
    })
    .from(operationHistory)
    .innerJoin(users, eq(users.id, operationHistory.userId))
    .where(eq(operationHistory.eventId, eventId))
    .orderBy(desc(operationHistory.createdAt), desc(operationHistory.id))
    .limit(PDF_HISTORY_ENTRIES);
  return rows.reverse();
}

/**
 * Loads the case (already found within the user's reach) for its PDF. About twenty queries,
 * none per row: each list (medications with their recoveries, ingredients, reactions with their
 * categories and notifications, previous medications, history) is one query, the reactions' the
 * case view's own (`ramRows`).
 */
export async function loadCasePdfData(db: Db, user: AuthUser, found: CaseInReach): Promise<CasePdfData> {
  const event = await loadEvent(db, found.id);
  const patient = await loadPatient(db, found.id);
  const origin = await loadOrigin(db, found.id);
  const medicationList = await medicationRows(db, eq(eventMedications.eventId, found.id));
  const ingredients = await medicationIngredientRows(
    db,
    medicationList.map((row) => row.id),
  );
  const rams = await loadRams(db, found.id);
  const previousMedications = await readPreviousMedications(db, found.id, found.meta);
  const medicalContact = await readMedicalContact(db, found.id, found.meta);
  const evaluation = await evaluationOf(db, user, found);
  const whoUmc = await loadWhoUmcPairs(db, found.id);
  const whoReport = await whoReportOfCase(db, user, found.id);
  if (!whoReport) throw notFound(MSG.lists.eventNotFound);
  const history = await loadHistory(db, found.id);
  return {
    event,
    patient,
    origin,
    medications: medicationList.map((row) => ({
      row,
      ingredients: ingredients.filter((ingredient) => ingredient.medicationId === row.id),
      recovery: recoveryOf(row),
    })),
    rams,
    previousMedications,
    medicalContact,
    evaluation,
    whoUmc,
    whoReport,
    history,
  };
}
