import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { intArrayText } from '../../db/int-array.js';
import { preparedByText } from '../../db/prepared.js';
import {
  activeIngredients,
  administrationRoutes,
  eventMedicationIngredients,
  eventMedications,
  eventRamCategories,
  eventRams,
  events,
  families,
  files,
  laboratories,
  lines,
  medicationActions,
  medicationFrequencies,
  medicationUnits,
  medicationUseUnits,
  meddraLlt,
  pharmaceuticalForms,
  productCountries,
  productIngredients,
  productRecoveries,
  products,
  communicationChannels,
  ramNotifications,
  ramTypes,
  users,
} from '../../db/schema/index.js';
import { caseReach, type ReachUser } from '../reach/index.js';

/*
 * The queries of a case's related medications and adverse events. Lists run a fixed number
 * of queries whatever their length: the records with their display names (joins), then the
 * children of all of them at once (ingredients, RAM categories).
 */

const secondLine = alias(lines, 'second_line');
const recoveryFile = alias(files, 'recovery_file');
const recoveryEditor = alias(users, 'recovery_editor');

/** Related medications (with every name a screen prints), ordered by id. */
export function medicationRows(db: DbOrTx, where: SQL | undefined) {
  return medicationSelect(db).where(where).orderBy(asc(eventMedications.id));
}

/** The related medications of one case, as `medicationRows`: a prepared statement (its planning, 4.8 ms at a million cases, was 90 % of its cost). */
const caseMedicationRows = preparedByText((db) =>
  medicationSelect(db).where(eq(eventMedications.eventId, sql.placeholder('eventId'))).orderBy(asc(eventMedications.id)),
);

export function medicationRowsOfCase(db: DbOrTx, eventId: string): Promise<MedicationRow[]> {
  return caseMedicationRows(db).execute({ eventId });
}

function medicationSelect(db: DbOrTx) {
  return db
    .select({
      id: eventMedications.id,
      eventId: eventMedications.eventId,
      productId: eventMedications.productId,
      commercialName: products.commercialName,
      familyName: families.name,
      laboratoryId: eventMedications.laboratoryId,
      laboratoryName: laboratories.name,
      lineId: eventMedications.lineId,
      lineName: lines.name,
      lineId2: eventMedications.lineId2,
      line2Name: secondLine.name,
      pharmaceuticalFormId: eventMedications.pharmaceuticalFormId,
      pharmaceuticalFormName: pharmaceuticalForms.nombre,
      lotNumber: eventMedications.lotNumber,
      indication: eventMedications.indication,
      dateStart: eventMedications.dateStart,
      dateEnd: eventMedications.dateEnd,
      routeId: eventMedications.routeId,
      routeName: administrationRoutes.descripcion,
      frequencyTypeId: eventMedications.frequencyTypeId,
      frequencyTypeName: medicationFrequencies.nombre,
      frequencyHours: eventMedications.frequencyHours,
      dose: eventMedications.dose,
      useUnitId: eventMedications.useUnitId,
      useUnitName: medicationUseUnits.nombre,
      drugRole: eventMedications.drugRole,
      // Its product recovery (one at most: `product_recoveries_event_medication_id_unique`), null when none.
      // Flat, not nested: Drizzle nulls a nested object whose table's columns are all null (no proof file).
      recovery: productRecoveries,
      recoveryFileName: recoveryFile.name,
      recoveryExtension: recoveryFile.extension,
      recoveryUpdatedByName: sql<string | null>`trim(${recoveryEditor.firstName} || ' ' || ${recoveryEditor.lastName})`,
    })
    .from(eventMedications)
    .innerJoin(products, eq(products.id, eventMedications.productId))
    .innerJoin(families, eq(families.id, products.familyId))
    .innerJoin(laboratories, eq(laboratories.id, eventMedications.laboratoryId))
    .leftJoin(lines, eq(lines.id, eventMedications.lineId))
    .leftJoin(secondLine, eq(secondLine.id, eventMedications.lineId2))
    .leftJoin(pharmaceuticalForms, eq(pharmaceuticalForms.id, eventMedications.pharmaceuticalFormId))
    .leftJoin(administrationRoutes, eq(administrationRoutes.id, eventMedications.routeId))
    .leftJoin(medicationFrequencies, eq(medicationFrequencies.id, eventMedications.frequencyTypeId))
    .leftJoin(medicationUseUnits, eq(medicationUseUnits.id, eventMedications.useUnitId))
    .leftJoin(productRecoveries, eq(productRecoveries.eventMedicationId, eventMedications.id))
    .leftJoin(recoveryFile, eq(recoveryFile.id, productRecoveries.fileId))
    .leftJoin(recoveryEditor, eq(recoveryEditor.id, productRecoveries.updatedBy))
    .$dynamic();
}
export type MedicationRow = Awaited<ReturnType<typeof medicationRows>>[number];

/** A related medication's product recovery, with the proof's name and who saved it last; null when none. */
export function recoveryOf(row: MedicationRow) {
  if (row.recovery === null) return null;
  return { recovery: row.recovery, fileName: row.recoveryFileName, extension: row.recoveryExtension, updatedByName: row.recoveryUpdatedByName };
}
export type RecoveryRow = NonNullable<ReturnType<typeof recoveryOf>>;

function ingredientSelect(db: DbOrTx) {
  return db
    .select({
      medicationId: eventMedicationIngredients.eventMedicationId,
      activeIngredientId: eventMedicationIngredients.activeIngredientId,
      name: activeIngredients.name,
      concentration: eventMedicationIngredients.concentration,
      unitId: eventMedicationIngredients.unitId,
      unitName: medicationUnits.nombre,
    })
    .from(eventMedicationIngredients)
    .innerJoin(activeIngredients, eq(activeIngredients.id, eventMedicationIngredients.activeIngredientId))
    .leftJoin(medicationUnits, eq(medicationUnits.id, eventMedicationIngredients.unitId))
    .$dynamic();
}

/** The active ingredients of these related medications, in the order they were stored. */
export async function medicationIngredientRows(db: DbOrTx, medicationIds: readonly number[]) {
  if (medicationIds.length === 0) return [];
  return ingredientSelect(db)
    .where(inArray(eventMedicationIngredients.eventMedicationId, [...medicationIds]))
    .orderBy(asc(eventMedicationIngredients.id));
}

/** The active ingredients of one case's related medications, as `medicationIngredientRows`: read beside the medications, not after them. */
const caseIngredientRows = preparedByText((db) =>
  ingredientSelect(db)
    .innerJoin(eventMedications, eq(eventMedications.id, eventMedicationIngredients.eventMedicationId))
    .where(eq(eventMedications.eventId, sql.placeholder('eventId')))
    .orderBy(asc(eventMedicationIngredients.id)),
);

export function medicationIngredientRowsOfCase(db: DbOrTx, eventId: string): Promise<MedicationIngredientRow[]> {
  return caseIngredientRows(db).execute({ eventId });
}
export type MedicationIngredientRow = Awaited<ReturnType<typeof medicationIngredientRows>>[number];

/** getProductsRelationsShortByMeta: one row per related medication, its ingredients' names joined. */
export function medicationShortRows(db: DbOrTx, eventId: string) {
  return db
    .select({
      id: eventMedications.id,
      commercialName: products.commercialName,
      laboratoryName: laboratories.name,
      ingredients: sql<string>`coalesce((
        select string_agg(${activeIngredients.name}, ', ' order by ${eventMedicationIngredients.id})
        from ${eventMedicationIngredients}
        join ${activeIngredients} on ${activeIngredients.id} = ${eventMedicationIngredients.activeIngredientId}
        where ${eventMedicationIngredients.eventMedicationId} = ${eventMedications.id}), '')`,
    })
    .from(eventMedications)
    .innerJoin(products, eq(products.id, eventMedications.productId))
    .innerJoin(laboratories, eq(laboratories.id, eventMedications.laboratoryId))
    .where(eq(eventMedications.eventId, eventId))
    .orderBy(asc(eventMedications.id));
}

/** The country of a case (the medicines a case may name are those sold there). */
export async function caseCountryId(db: DbOrTx, eventId: string): Promise<number> {
  const [row] = await db.select({ countryId: events.countryId }).from(events).where(eq(events.id, eventId));
  if (!row) throw new Error(`Case ${eventId} does not exist`);
  return row.countryId;
}

/** A product with its laboratory, whether it is enabled and whether it is sold in a country. */
export async function productFacts(db: DbOrTx, productId: number, countryId: number) {
  const [row] = await db
    .select({
      id: products.id,
      laboratoryId: products.laboratoryId,
      eliminado: products.eliminado,
      soldInCountry: sql<boolean>`exists (select 1 from ${productCountries}
        where ${productCountries.productId} = ${products.id} and ${productCountries.countryId} = ${countryId})`,
    })
    .from(products)
    .where(eq(products.id, productId));
  return row ?? null;
}

/** Lines by id with their laboratory and enabled flag. */
export async function lineFacts(db: DbOrTx, lineIds: readonly number[]) {
  if (lineIds.length === 0) return [];
  return db
    .select({ id: lines.id, laboratoryId: lines.laboratoryId, eliminado: lines.eliminado })
    .from(lines)
    .where(inArray(lines.id, [...lineIds]));
}

/** Which of these active ingredients belong to the product. */
export async function productIngredientIds(db: DbOrTx, productId: number, ingredientIds: readonly number[]): Promise<Set<number>> {
  if (ingredientIds.length === 0) return new Set();
  const rows = await db
    .select({ id: productIngredients.activeIngredientId })
    .from(productIngredients)
    .where(and(eq(productIngredients.productId, productId), inArray(productIngredients.activeIngredientId, [...ingredientIds])));
  return new Set(rows.map((row) => row.id));
}

/** A reference list (codiguera): every one has an id and the soft-disable flag. */
export type OptionTable = PgTable & { id: PgColumn; eliminado: PgColumn };

/** A list value to look up: `key` names it in the answer. */
export interface OptionLookup {
  key: string;
  table: OptionTable;
  id: number;
}

/**
 * Whether each list value exists and is enabled, in one query: key → eliminado (absent: the
 * value does not exist).
 */
export async function optionStates(db: DbOrTx, lookups: readonly OptionLookup[]): Promise<Map<string, boolean>> {
  if (lookups.length === 0) return new Map();
  const parts = lookups.map(
    (lookup) => sql`select ${lookup.key}::text as key, ${lookup.table.eliminado} as eliminado from ${lookup.table} where ${lookup.table.id} = ${lookup.id}`,
  );
  const result = await db.execute<{ key: string; eliminado: boolean }>(sql.join(parts, sql` union all `));
  return new Map(result.rows.map((row) => [row.key, Boolean(row.eliminado)]));
}

/** The reference lists the two records name. */
export const optionTables = {
  pharmaceuticalForms,
  administrationRoutes,
  medicationFrequencies,
  medicationUnits,
  medicationUseUnits,
  medicationActions,
} satisfies Record<string, OptionTable>;

const localNotification = alias(ramNotifications, 'local_notification');
const localChannel = alias(communicationChannels, 'local_channel');
const localFile = alias(files, 'local_file');
const providerNotification = alias(ramNotifications, 'provider_notification');
const providerChannel = alias(communicationChannels, 'provider_channel');
const providerFile = alias(files, 'provider_file');

/**
 * Adverse events with the names of their list values, their categories and their two notifications
 * (one of each kind at most: `ram_notifications_ram_id_kind_unique`), ordered by id: one statement,
 * where the case view once waited for a second round of two (issue 33).
 */
export function ramRows(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      ram: eventRams,
      medicationActionName: medicationActions.nombre,
      unitName: medicationUnits.nombre,
      useUnitName: medicationUseUnits.nombre,
      ramTypeName: ramTypes.type,
      categoryIds: sql<number[]>`array(select ${eventRamCategories.ramCategoryId} from ${eventRamCategories}
        where ${eventRamCategories.ramId} = ${eventRams.id} order by ${eventRamCategories.ramCategoryId})`,
      // Each a notification's columns, all null when the event has none of that kind (its `id` says which).
      local: {
        id: localNotification.id,
        date: localNotification.date,
        channelId: localNotification.channelId,
        channelName: localChannel.nombre,
        fileName: localFile.name,
        extension: localFile.extension,
      },
      provider: {
        id: providerNotification.id,
        date: providerNotification.date,
        channelId: providerNotification.channelId,
        channelName: providerChannel.nombre,
        fileName: providerFile.name,
        extension: providerFile.extension,
      },
    })
    .from(eventRams)
    .leftJoin(ramTypes, eq(ramTypes.id, eventRams.ramTypeId))
    .leftJoin(medicationActions, eq(medicationActions.id, eventRams.medicationActionId))
    .leftJoin(medicationUnits, eq(medicationUnits.id, eventRams.unitId))
    .leftJoin(medicationUseUnits, eq(medicationUseUnits.id, eventRams.useUnitId))
    .leftJoin(localNotification, and(eq(localNotification.ramId, eventRams.id), eq(localNotification.kind, 'local')))
    .leftJoin(localChannel, eq(localChannel.id, localNotification.channelId))
    .leftJoin(localFile, eq(localFile.id, localNotification.fileId))
    .leftJoin(providerNotification, and(eq(providerNotification.ramId, eventRams.id), eq(providerNotification.kind, 'provider')))
    .leftJoin(providerChannel, eq(providerChannel.id, providerNotification.channelId))
    .leftJoin(providerFile, eq(providerFile.id, providerNotification.fileId))
    .where(where)
    .orderBy(asc(eventRams.id));
}
export type RamRow = Awaited<ReturnType<typeof ramRows>>[number];

/** The categories (CategoryRAM) of these adverse events. */
export async function ramCategoryRows(db: DbOrTx, ramIds: readonly number[]) {
  if (ramIds.length === 0) return [];
  return ramCategoriesRead(db).execute({ ids: intArrayText(ramIds) });
}

const ramCategoriesRead = preparedByText((db) =>
  db
    .select({ RAMId: eventRamCategories.ramId, RAMCategoryId: eventRamCategories.ramCategoryId })
    .from(eventRamCategories)
    .where(sql`${eventRamCategories.ramId} = any(${sql.placeholder('ids')}::int[])`)
    .orderBy(asc(eventRamCategories.ramId), asc(eventRamCategories.ramCategoryId)),
);

/** The adverse event with this id when its case is within the user's reach. */
export async function ramInReach(db: DbOrTx, user: ReachUser, ramId: number): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: eventRams.id })
    .from(eventRams)
    .innerJoin(events, eq(events.id, eventRams.eventId))
    .where(and(eq(eventRams.id, ramId), caseReach(user)));
  return row ?? null;
}

/** A MedDRA lowest level term by code (current or not). */
export async function lltByCode(db: DbOrTx, code: number): Promise<{ code: number; name: string } | null> {
  const [row] = await db.select({ code: meddraLlt.code, name: meddraLlt.name }).from(meddraLlt).where(eq(meddraLlt.code, code));
  return row ?? null;
}

