import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type DbOrTx, readAll } from '../../db/client.js';
import {
  activeIngredients,
  administrationRoutes,
  countries,
  groups,
  heightUnits,
  laboratories,
  medicationActions,
  medicationFrequencies,
  medicationUseUnits,
  previousMedicationTypes,
  productCountries,
  productIngredients,
  products,
  relationships,
  specialities,
  subGroups,
  weightUnits,
} from '../../db/schema/index.js';

/** The id of sub-group '0', given to reports from the public; never offered for choosing. */
export const UNCLASSIFIED_SUB_GROUP_ID = 0;

/** How a form refers to a reference row: its numeric id, or its code ('UY', 'RAM'). */
export type ReferenceKey = { id: number } | { code: string };

/** Largest value of an `integer` (serial) column. */
const MAX_ID = 2_147_483_647;

/**
 * A select value as a reference key: a whole number within the id range (or its digits) is
 * an id, anything else a code — so no value can make the database fail on a type conversion.
 */
export function referenceKey(value: string | number): ReferenceKey {
  const text = String(value).trim();
  const id = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  return Number.isSafeInteger(id) && id <= MAX_ID ? { id } : { code: text };
}

/** The reference lists of the public report form: enabled rows, Paises by name, the rest in id (seed) order. */
export function homeReferenceLists(db: DbOrTx) {
  return readAll(db, [
    () =>
      db
        .select({ id: countries.id, code: countries.code, name: countries.name, timeZone: countries.timeZone })
        .from(countries)
        .where(eq(countries.eliminado, false))
        .orderBy(asc(countries.name)),
    () => db.select({ id: groups.id, title: groups.title }).from(groups).where(eq(groups.eliminado, false)).orderBy(asc(groups.id)),
    () =>
      db
        .select({ id: subGroups.id, nombre: subGroups.nombre, grupoId: subGroups.grupoId, value: subGroups.value })
        .from(subGroups)
        .innerJoin(groups, eq(groups.id, subGroups.grupoId))
        .where(and(eq(subGroups.eliminado, false), eq(groups.eliminado, false), ne(subGroups.id, UNCLASSIFIED_SUB_GROUP_ID)))
        .orderBy(asc(subGroups.grupoId), asc(subGroups.id)),
    () =>
      db
        .select({ id: administrationRoutes.id, descripcion: administrationRoutes.descripcion })
        .from(administrationRoutes)
        .where(eq(administrationRoutes.eliminado, false))
        .orderBy(asc(administrationRoutes.id)),
    () =>
      db
        .select({ id: medicationFrequencies.id, nombre: medicationFrequencies.nombre })
        .from(medicationFrequencies)
        .where(eq(medicationFrequencies.eliminado, false))
        .orderBy(asc(medicationFrequencies.id)),
    () =>
      db
        .select({ id: medicationUseUnits.id, nombre: medicationUseUnits.nombre })
        .from(medicationUseUnits)
        .where(eq(medicationUseUnits.eliminado, false))
        .orderBy(asc(medicationUseUnits.id)),
    () =>
      db
        .select({ id: relationships.id, nombre: relationships.nombre })
        .from(relationships)
        .where(eq(relationships.eliminado, false))
        .orderBy(asc(relationships.id)),
    () =>
      db
        .select({ id: medicationActions.id, nombre: medicationActions.nombre })
        .from(medicationActions)
        .where(eq(medicationActions.eliminado, false))
        .orderBy(asc(medicationActions.id)),
    () =>
      db
        .select({ id: weightUnits.id, nombreCompleto: weightUnits.nombreCompleto, abreviacion: weightUnits.abreviacion })
        .from(weightUnits)
        .where(eq(weightUnits.eliminado, false))
        .orderBy(asc(weightUnits.id)),
    () =>
      db
        .select({ id: heightUnits.id, nombreCompleto: heightUnits.nombreCompleto, abreviacion: heightUnits.abreviacion })
        .from(heightUnits)
        .where(eq(heightUnits.eliminado, false))
        .orderBy(asc(heightUnits.id)),
    () =>
      db
        .select({ id: previousMedicationTypes.id, nombre: previousMedicationTypes.nombre })
        .from(previousMedicationTypes)
        .where(eq(previousMedicationTypes.eliminado, false))
        .orderBy(asc(previousMedicationTypes.id)),
    () =>
      db
        .select({ id: specialities.id, description: specialities.description })
        .from(specialities)
        .where(eq(specialities.eliminado, false))
        .orderBy(asc(specialities.id)),
  ]);
}

/**
 * The products sold in an enabled country, with laboratory and active ingredients, by name —
 * one query. No row at all: the country is unknown or disabled; a single row with a null
 * product: it exists but sells nothing.
 */
export function productsOfCountry(db: DbOrTx, countryCode: string) {
  return db
    .select({
      countryId: countries.id,
      productId: products.id,
      commercialName: products.commercialName,
      laboratory: laboratories.name,
      ingredients: sql<string | null>`string_agg(${activeIngredients.name}, ' + ' order by ${activeIngredients.name})`,
    })
    .from(countries)
    .leftJoin(productCountries, eq(productCountries.countryId, countries.id))
    .leftJoin(products, and(eq(products.id, productCountries.productId), eq(products.eliminado, false)))
    .leftJoin(laboratories, eq(laboratories.id, products.laboratoryId))
    .leftJoin(productIngredients, eq(productIngredients.productId, products.id))
    .leftJoin(activeIngredients, eq(activeIngredients.id, productIngredients.activeIngredientId))
    .where(and(eq(countries.code, countryCode), eq(countries.eliminado, false)))
    .groupBy(countries.id, products.id, laboratories.name)
    .orderBy(sql`lower(${products.commercialName})`, asc(products.id));
}

function keyCondition(idColumn: PgColumn, codeColumn: PgColumn, keys: readonly ReferenceKey[]) {
  const ids = keys.flatMap((key) => ('id' in key ? [key.id] : []));
  const codes = keys.flatMap((key) => ('code' in key ? [key.code] : []));
  return or(
    ids.length > 0 ? inArray(idColumn, ids) : undefined,
    codes.length > 0 ? inArray(codeColumn, codes) : undefined,
  );
}

/** The enabled countries matching any of the keys (codes compared upper-case). */
export function enabledCountries(db: DbOrTx, keys: readonly ReferenceKey[]) {
  const normalized = keys.map((key) => ('code' in key ? { code: key.code.toUpperCase() } : key));
  return db
    .select({ id: countries.id, code: countries.code })
    .from(countries)
    .where(and(eq(countries.eliminado, false), keyCondition(countries.id, countries.code, normalized)));
}

/** An enabled sub-group (type of occurrence) of an enabled group, by id or code; null if none. */
export async function enabledSubGroup(db: DbOrTx, key: ReferenceKey) {
  const [row] = await db
    .select({ id: subGroups.id, value: subGroups.value, nombre: subGroups.nombre, grupoId: subGroups.grupoId })
    .from(subGroups)
    .innerJoin(groups, eq(groups.id, subGroups.grupoId))
    .where(and(eq(subGroups.eliminado, false), eq(groups.eliminado, false), keyCondition(subGroups.id, subGroups.value, [key])));
  return row ?? null;
}

/** The reference lists a public report may point to by id, with the label its message names. */
export const REPORT_CHOICE_LISTS = {
  Via: { table: administrationRoutes, label: 'Vía de administración' },
  FrecuenciaTipo: { table: medicationFrequencies, label: 'Frecuencia' },
  UnidadUso: { table: medicationUseUnits, label: 'Unidad' },
  AccionMeddicamento: { table: medicationActions, label: 'Acción tomada con el medicamento' },
  Parentesco: { table: relationships, label: 'Parentesco' },
  Tipo: { table: previousMedicationTypes, label: 'Tipo de medicamento' },
} as const;
export type ReportChoiceList = keyof typeof REPORT_CHOICE_LISTS;
