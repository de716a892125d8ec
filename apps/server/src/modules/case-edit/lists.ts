import { MSG } from '@atalaya/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  countries,
  heightUnits,
  originCountries,
  previousMedicationTypes,
  relationships,
  reportOrigins,
  reportReceivers,
  reportTypes,
  residences,
  weightUnits,
} from '../../db/schema/index.js';
import { badRequest } from '../../http/errors.js';

/**
 * The reference lists the case records point to by id, with the column holding the name the
 * Operaciones tab shows for a value.
 */
const CASE_LISTS = {
  heightUnits: { table: heightUnits, name: heightUnits.nombreCompleto },
  weightUnits: { table: weightUnits, name: weightUnits.nombreCompleto },
  residences: { table: residences, name: residences.nombre },
  relationships: { table: relationships, name: relationships.nombre },
  reportOrigins: { table: reportOrigins, name: reportOrigins.nombre },
  reportReceivers: { table: reportReceivers, name: reportReceivers.nombre },
  reportTypes: { table: reportTypes, name: reportTypes.nombre },
  originCountries: { table: originCountries, name: originCountries.nombre },
  previousMedicationTypes: { table: previousMedicationTypes, name: previousMedicationTypes.nombre },
} as const;
export type CaseList = keyof typeof CASE_LISTS;

/** Largest value of an `integer` column: a larger id names no row (and must not reach the database). */
const MAX_ID = 2_147_483_647;

function storableIds(ids: readonly (number | null | undefined)[]): number[] {
  return [...new Set(ids.filter((id): id is number => typeof id === 'number' && Number.isSafeInteger(id) && Math.abs(id) <= MAX_ID))];
}

/** Whether an id fits an `integer` column (a larger one names no row). */
export function isStorableId(id: number): boolean {
  return storableIds([id]).length === 1;
}

/** The names of the rows of a list with these ids (disabled rows too: a stored value keeps its name). */
export async function listNames(db: DbOrTx, list: CaseList, ids: readonly (number | null | undefined)[]): Promise<Map<number, string>> {
  const wanted = storableIds(ids);
  if (wanted.length === 0) return new Map();
  const { table, name } = CASE_LISTS[list];
  const rows = await db.select({ id: table.id, name }).from(table).where(inArray(table.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * A list value a write may store: empty, the value already stored (a row disabled since
 * stays valid on a record that holds it), or an enabled row of the list. Anything else
 * answers 400 'El valor elegido para {label} no es válido'.
 */
export async function checkListValue(db: DbOrTx, list: CaseList, id: number | null, stored: number | null, label: string): Promise<void> {
  if (id === null || id === stored) return;
  if (isStorableId(id)) {
    const { table } = CASE_LISTS[list];
    const [row] = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, id), eq(table.eliminado, false)));
    if (row) return;
  }
  throw badRequest(MSG.wizard.optionUnknown(label));
}

/**
 * The country (of the Paises list) with this ISO code, case-insensitive: an enabled one, or
 * the one already stored (`storedId`). 400 'El valor elegido para {label} no es válido' otherwise.
 */
export async function checkCountryCode(db: DbOrTx, code: string | null, storedId: number | null, label: string): Promise<{ id: number; name: string } | null> {
  if (code === null) return null;
  const [row] = await db
    .select({ id: countries.id, name: countries.name, eliminado: countries.eliminado })
    .from(countries)
    .where(eq(sql`upper(${countries.code})`, code.trim().toUpperCase()));
  if (!row || (row.eliminado && row.id !== storedId)) throw badRequest(MSG.wizard.optionUnknown(label));
  return { id: row.id, name: row.name };
}

/** The name of a list value for the history: its name, else the id as text; null stays null. */
export function nameOr(names: ReadonlyMap<number, string>, id: number | null | undefined): string | null {
  if (id === null || id === undefined) return null;
  return names.get(id) ?? String(id);
}
