import { UNCLASSIFIED_SUB_GROUP } from '@atalaya/domain';
import { and, eq, inArray, isNotNull, lt, ne, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type DbOrTx, readAll } from '../../db/client.js';
import {
  activeIngredients,
  administrationRoutes,
  communicationChannels,
  companies,
  countries,
  eventMedicationIngredients,
  eventMedications,
  events,
  families,
  groups,
  heightUnits,
  laboratories,
  lines,
  medicationActions,
  medicationFrequencies,
  medicationUnits,
  medicationUseUnits,
  noteFileTypes,
  originCountries,
  pharmaceuticalForms,
  previousMedicationTypes,
  productCountries,
  productIngredients,
  products,
  ramCategories,
  ramTypes,
  relationships,
  reportOrigins,
  reportReceivers,
  reportTypes,
  residences,
  statuses,
  subGroups,
  weightUnits,
} from '../../db/schema/index.js';
import { caseReach, type ReachUser } from '../reach/index.js';

/** Which rows of a reference list to read: the enabled ones (what a form offers) or all of them (what a view prints). */
export type RowScope = 'enabled' | 'all';

/** MedicamentoUnidad holds the concentration units: the ids below 50 (event spec §9). */
export const CONCENTRATION_UNIT_ID_LIMIT = 50;

function inScope(eliminado: PgColumn, scope: RowScope): SQL | undefined {
  return scope === 'all' ? undefined : eq(eliminado, false);
}

/** The reference lists whose display column is `nombre`. */
const NOMBRE_LISTS = {
  MedicamentoFrecuencia: medicationFrequencies,
  MedicamentoUnidad: medicationUnits,
  MedicamentoUnidadUso: medicationUseUnits,
  Parentesco: relationships,
  AccionMedicamento: medicationActions,
  MedicamentosAnteriores_Tipo: previousMedicationTypes,
  Residencias: residences,
  PaisOrigen: originCountries,
  ReporteOriginador_Origen: reportOrigins,
  ReporteOriginador_Receptor: reportReceivers,
  ReporteOriginador_Tipo: reportTypes,
  FormaFarmaceutica: pharmaceuticalForms,
  NotasArchivosTipo: noteFileTypes,
  ViaDeComunicacion: communicationChannels,
} as const;
export type NombreList = keyof typeof NOMBRE_LISTS;
export const NOMBRE_LIST_NAMES = Object.keys(NOMBRE_LISTS) as NombreList[];

export interface NamedRow {
  id: number;
  name: string;
  eliminado: boolean;
}

/** One `nombre` list (MedicamentoUnidad: only the concentration units, ids below 50). */
export function nombreListRows(db: DbOrTx, list: NombreList, scope: RowScope): Promise<NamedRow[]> {
  const table = NOMBRE_LISTS[list];
  const onlyConcentrationUnits = list === 'MedicamentoUnidad' ? lt(table.id, CONCENTRATION_UNIT_ID_LIMIT) : undefined;
  return db
    .select({ id: table.id, name: table.nombre, eliminado: table.eliminado })
    .from(table)
    .where(and(inScope(table.eliminado, scope), onlyConcentrationUnits));
}

/** Every list of getCodiguerasBasic / getCodiguerasAll that is not a `nombre` list: one query each. */
export function otherCodigueraRows(db: DbOrTx, scope: RowScope) {
  return readAll(db, [
    () =>
      db
        .select({ id: countries.id, code: countries.code, name: countries.name, eliminado: countries.eliminado })
        .from(countries)
        .where(inScope(countries.eliminado, scope)),
    () => db.select({ id: groups.id, title: groups.title, eliminado: groups.eliminado }).from(groups).where(inScope(groups.eliminado, scope)),
    () =>
      db
        .select({ id: subGroups.id, name: subGroups.nombre, groupId: subGroups.grupoId, value: subGroups.value, eliminado: subGroups.eliminado })
        .from(subGroups)
        .where(inScope(subGroups.eliminado, scope)),
    () => db.select({ id: statuses.id, estado: statuses.estado, eliminado: statuses.eliminado }).from(statuses).where(inScope(statuses.eliminado, scope)),
    () =>
      db
        .select({ id: administrationRoutes.id, name: administrationRoutes.descripcion, eliminado: administrationRoutes.eliminado })
        .from(administrationRoutes)
        .where(inScope(administrationRoutes.eliminado, scope)),
    () =>
      db
        .select({ id: weightUnits.id, fullName: weightUnits.nombreCompleto, abbreviation: weightUnits.abreviacion, eliminado: weightUnits.eliminado })
        .from(weightUnits)
        .where(inScope(weightUnits.eliminado, scope)),
    () =>
      db
        .select({ id: heightUnits.id, fullName: heightUnits.nombreCompleto, abbreviation: heightUnits.abreviacion, eliminado: heightUnits.eliminado })
        .from(heightUnits)
        .where(inScope(heightUnits.eliminado, scope)),
    () =>
      db
        .select({ id: ramTypes.id, type: ramTypes.type, description: ramTypes.descripcion, eliminado: ramTypes.eliminado })
        .from(ramTypes)
        .where(inScope(ramTypes.eliminado, scope)),
    () =>
      db
        .select({ id: ramCategories.id, type: ramCategories.type, eliminado: ramCategories.eliminado })
        .from(ramCategories)
        .where(inScope(ramCategories.eliminado, scope)),
  ]);
}

/** The enabled countries; with `code`, only that one (an RLF's own). */
export function enabledCountryRows(db: DbOrTx, code?: string) {
  return db
    .select({ id: countries.id, code: countries.code, name: countries.name })
    .from(countries)
    .where(and(eq(countries.eliminado, false), code === undefined ? undefined : eq(countries.code, code.toUpperCase())));
}

/** The report types one may choose: enabled sub-groups of enabled groups, without the unclassified '0'. */
export function choosableSubGroupRows(db: DbOrTx) {
  return db
    .select({ id: subGroups.id, name: subGroups.nombre, groupId: subGroups.grupoId, groupName: groups.title, value: subGroups.value })
    .from(subGroups)
    .innerJoin(groups, eq(groups.id, subGroups.grupoId))
    .where(and(eq(subGroups.eliminado, false), eq(groups.eliminado, false), ne(subGroups.value, UNCLASSIFIED_SUB_GROUP)));
}

/** The enabled products sold in the country of a case, with family, laboratory and pharmaceutical form. */
export function productsOfCaseCountry(db: DbOrTx, caseId: string) {
  return db
    .select({
      id: products.id,
      commercialName: products.commercialName,
      familyName: families.name,
      laboratoryId: laboratories.id,
      laboratoryName: laboratories.name,
      pharmaceuticalFormId: products.pharmaceuticalFormId,
    })
    .from(events)
    .innerJoin(productCountries, eq(productCountries.countryId, events.countryId))
    .innerJoin(products, eq(products.id, productCountries.productId))
    .innerJoin(families, eq(families.id, products.familyId))
    .innerJoin(laboratories, eq(laboratories.id, products.laboratoryId))
    .where(and(eq(events.id, caseId), eq(products.eliminado, false)));
}

/** The active ingredients of several products at once, with concentration and unit. */
export function ingredientsOfProducts(db: DbOrTx, productIds: readonly number[]) {
  return db
    .select({
      productId: productIngredients.productId,
      id: activeIngredients.id,
      name: activeIngredients.name,
      concentration: productIngredients.concentration,
      unitId: productIngredients.unitId,
      unitName: medicationUnits.nombre,
    })
    .from(productIngredients)
    .innerJoin(activeIngredients, eq(activeIngredients.id, productIngredients.activeIngredientId))
    .leftJoin(medicationUnits, eq(medicationUnits.id, productIngredients.unitId))
    .where(inArray(productIngredients.productId, [...productIds]));
}

/** Whether a related medication exists and its case is within the user's reach. */
export async function medicationInReach(db: DbOrTx, user: ReachUser, medicationId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: eventMedications.id })
    .from(eventMedications)
    .innerJoin(events, eq(events.id, eventMedications.eventId))
    .where(and(eq(eventMedications.id, medicationId), caseReach(user)));
  return row !== undefined;
}

/** The active ingredients stored for a related medication, in the order they were saved. */
export function ingredientsOfMedication(db: DbOrTx, medicationId: number) {
  return db
    .select({
      id: activeIngredients.id,
      name: activeIngredients.name,
      concentration: eventMedicationIngredients.concentration,
      unitId: eventMedicationIngredients.unitId,
      unitName: medicationUnits.nombre,
    })
    .from(eventMedicationIngredients)
    .innerJoin(activeIngredients, eq(activeIngredients.id, eventMedicationIngredients.activeIngredientId))
    .leftJoin(medicationUnits, eq(medicationUnits.id, eventMedicationIngredients.unitId))
    .where(eq(eventMedicationIngredients.eventMedicationId, medicationId))
    .orderBy(eventMedicationIngredients.id);
}

/**
 * The enabled lines of a laboratory, in one query: no row at all when the laboratory does
 * not exist; one row with a null line when it has no enabled line.
 */
export function linesOfLaboratory(db: DbOrTx, laboratoryId: number) {
  return db
    .select({ laboratoryId: laboratories.id, id: lines.id, name: lines.name })
    .from(laboratories)
    .leftJoin(lines, and(eq(lines.laboratoryId, laboratories.id), eq(lines.eliminado, false)))
    .where(eq(laboratories.id, laboratoryId));
}

/** The enabled laboratories of a country. */
export function laboratoriesOfCountry(db: DbOrTx, countryId: number) {
  return db
    .select({ id: laboratories.id, name: laboratories.name })
    .from(laboratories)
    .where(and(eq(laboratories.countryId, countryId), eq(laboratories.eliminado, false)));
}

/** The (enabled) laboratory of an enabled product, if the product is sold in the country. */
export function laboratoriesOfProductInCountry(db: DbOrTx, productId: number, countryId: number) {
  return db
    .select({ id: laboratories.id, name: laboratories.name })
    .from(products)
    .innerJoin(laboratories, eq(laboratories.id, products.laboratoryId))
    .innerJoin(productCountries, and(eq(productCountries.productId, products.id), eq(productCountries.countryId, countryId)))
    .where(and(eq(products.id, productId), eq(products.eliminado, false), eq(laboratories.eliminado, false)));
}

/** The enabled products of a laboratory. */
export function productsOfLaboratory(db: DbOrTx, laboratoryId: number) {
  return db
    .select({ id: products.id, name: products.commercialName, familyId: products.familyId })
    .from(products)
    .where(and(eq(products.laboratoryId, laboratoryId), eq(products.eliminado, false)));
}

/** The distinct enabled active ingredients of a family's enabled products. */
export function ingredientsOfFamily(db: DbOrTx, familyId: number) {
  return db
    .selectDistinct({ id: activeIngredients.id, name: activeIngredients.name })
    .from(products)
    .innerJoin(productIngredients, eq(productIngredients.productId, products.id))
    .innerJoin(activeIngredients, eq(activeIngredients.id, productIngredients.activeIngredientId))
    .where(and(eq(products.familyId, familyId), eq(products.eliminado, false), eq(activeIngredients.eliminado, false)));
}

/**
 * The distinct enabled active ingredients of a country's enabled products: those sold in the
 * country and those of its (enabled) laboratories, whatever the product or the laboratory.
 */
export function ingredientsOfCountry(db: DbOrTx, countryId: number) {
  return db
    .selectDistinct({ id: activeIngredients.id, name: activeIngredients.name })
    .from(products)
    .innerJoin(laboratories, eq(laboratories.id, products.laboratoryId))
    .leftJoin(productCountries, and(eq(productCountries.productId, products.id), eq(productCountries.countryId, countryId)))
    .innerJoin(productIngredients, eq(productIngredients.productId, products.id))
    .innerJoin(activeIngredients, eq(activeIngredients.id, productIngredients.activeIngredientId))
    .where(
      and(
        eq(products.eliminado, false),
        eq(laboratories.eliminado, false),
        eq(activeIngredients.eliminado, false),
        or(isNotNull(productCountries.productId), eq(laboratories.countryId, countryId)),
      ),
    );
}

/** The lists of the event-search filters (besides countries and sub-groups): one query each. */
export function searchFilterRows(db: DbOrTx) {
  return readAll(db, [
    () =>
      db
        .select({ id: companies.id, name: companies.name, countryId: companies.countryId })
        .from(companies)
        .where(eq(companies.eliminado, false)),
    () =>
      db
        .select({ id: laboratories.id, name: laboratories.name, companyId: laboratories.companyId, countryId: laboratories.countryId })
        .from(laboratories)
        .where(eq(laboratories.eliminado, false)),
    () => db.select({ id: statuses.id, estado: statuses.estado }).from(statuses).where(eq(statuses.eliminado, false)),
    () => db.select({ id: ramTypes.id, type: ramTypes.type }).from(ramTypes).where(eq(ramTypes.eliminado, false)),
  ]);
}
