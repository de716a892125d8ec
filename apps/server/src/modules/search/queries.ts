import { MSG, type SearchCriteria } from '@atalaya/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { intArray } from '../../db/int-array.js';
import {
  activeIngredients,
  companies,
  countries,
  eventMedicationIngredients,
  eventMedications,
  eventProducts,
  eventRams,
  events,
  groups,
  laboratories,
  meddraLlt,
  productIngredients,
  products,
  ramTypes,
  signalCaseCells,
  statuses,
  subGroups,
} from '../../db/schema/index.js';
import { prefixRange } from '../../db/text-prefix.js';
import { badRequest } from '../../http/errors.js';
import { caseReach, caseReachBranches, type ReachUser } from '../reach/index.js';
import {
  CASE_PAGE_COLUMNS,
  countryOrderIds,
  type ExtraPieces,
  type KeysetOrder,
  type KeysetPlan,
  keysetColumns,
  keysetPlan,
  readsAscending,
} from '../case-lists/index.js';

/*
 * The queries of the event search (docs/api.md 'Event search'). Every condition is on
 * `events` (unaliased), so reach (`caseReach`) and the filters AND together in one WHERE, and
 * the page is one keyset read ordered by (column, events.id) over the `events_*` indexes.
 */

// ---------------------------------------------------------------------------------------------
// The filter ids: each must name an existing, enabled row of its list
// ---------------------------------------------------------------------------------------------

type IdFilterKey = 'PaisId' | 'CompaniaId' | 'LaboratorioId' | 'ProductoId' | 'PrincipioActivoId' | 'EstadoId' | 'TipoRAMId' | 'GrupoId' | 'SubGrupoId';

/** Each id filter: its list and the name the message gives it. */
const ID_FILTERS: readonly { key: IdFilterKey; name: string; table: string }[] = [
  { key: 'PaisId', name: 'País', table: 'countries' },
  { key: 'CompaniaId', name: 'Compañía', table: 'companies' },
  { key: 'LaboratorioId', name: 'Laboratorio', table: 'laboratories' },
  { key: 'ProductoId', name: 'Producto', table: 'products' },
  { key: 'PrincipioActivoId', name: 'Principio activo', table: 'active_ingredients' },
  { key: 'EstadoId', name: 'Estado', table: 'statuses' },
  { key: 'TipoRAMId', name: 'Tipo de RAM', table: 'ram_types' },
  { key: 'GrupoId', name: 'Grupo', table: 'groups' },
  { key: 'SubGrupoId', name: 'Sub-grupo', table: 'sub_groups' },
];

// Keep the table names above honest: they are the schema's.
const TABLES = { countries, companies, laboratories, products, active_ingredients: activeIngredients, statuses, ram_types: ramTypes, groups, sub_groups: subGroups } as const;

/**
 * Refuses (400 `MSG.search.unknownFilter`) the first given id filter that names no row of its
 * list or a disabled one (`eliminado`): one query for all of them (a `union all` of primary-key
 * lookups), none when no id filter is given.
 */
export async function checkFilterIds(db: DbOrTx, criteria: SearchCriteria): Promise<void> {
  const given = ID_FILTERS.flatMap((filter) => {
    const id = criteria[filter.key];
    return id === null || id === undefined ? [] : [{ ...filter, id }];
  });
  if (given.length === 0) return;
  const lookups = given.map((filter) => {
    const table = TABLES[filter.table as keyof typeof TABLES];
    return sql`select ${filter.key}::text as key from ${table} where ${table.id} = ${filter.id} and not ${table.eliminado}`;
  });
  const found = await db.execute<{ key: string }>(sql.join(lookups, sql` union all `));
  const present = new Set(found.rows.map((row) => row.key));
  const missing = given.find((filter) => !present.has(filter.key));
  if (missing) throw badRequest(MSG.search.unknownFilter(missing.name));
}

// ---------------------------------------------------------------------------------------------
// The conditions
// ---------------------------------------------------------------------------------------------

/**
 * The cases with a suspect medicine of one of these laboratories (a subquery of laboratory
 * ids): the case's own `events.laboratory_ids`, kept by the medicines' triggers (migration
 * 0009), overlapping them — a test on the row, or the GIN index `events_laboratory_ids_idx`.
 */
export function hasLaboratoryIn(laboratoryIds: SQL): SQL {
  return sql`${events.laboratoryIds} && array(${laboratoryIds})`;
}

/** The products that contain an active ingredient (what the ingredient filter tests the cases' `product_ids` against). */
export async function ingredientProductIds(db: DbOrTx, activeIngredientId: number): Promise<number[]> {
  const rows = await db.execute<{ id: number }>(
    sql`select ${productIngredients.productId} as id from ${productIngredients} where ${productIngredients.activeIngredientId} = ${activeIngredientId} order by 1`,
  );
  return rows.rows.map((row) => Number(row.id));
}

/** A Date bound's SQL: the start of an ISO day in the user's time zone. */
function dayStart(day: string, timeZone: string): SQL {
  return sql`((${day}::date)::timestamp at time zone ${timeZone})`;
}

/** `from ≤ column < to + 1 day`, each day in the user's time zone (a `Hasta` day is included whole). */
function dayRange(column: SQL | typeof events.createdAt, from: string | null | undefined, to: string | null | undefined, timeZone: string): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(sql`${column} >= ${dayStart(from, timeZone)}`);
  if (to) conditions.push(sql`${column} < ((${to}::date + 1)::timestamp at time zone ${timeZone})`);
  return conditions;
}

/**
 * The filters of the search (§2.5), each a condition on `events`:
 * - country, status, group, sub-group: columns of `events`;
 * - laboratory: a suspect medicine of that laboratory, `laboratory_ids @> '{l}'` with the id as a
 *   constant, so that the planner estimates it from the column's element statistics (a list
 *   index read in order and the row tested, or the GIN index `events_laboratory_ids_idx`);
 *   company: a laboratory of that company (`hasLaboratoryIn`);
 * - product: a suspect medicine of that product, the case's own `events.product_ids` (kept by
 *   the medicines' triggers, migration 0030) containing it, likewise (`events_product_ids_idx`);
 * - active ingredient: a suspect medicine whose product contains it: `product_ids` overlapping
 *   the ingredient's products (`ingredientProductIds`, loaded first, as constants): the
 *   ingredients a case records on a medicine are always among its product's (`case-medications`);
 * - RAM type: a reaction of that type (`event_rams_type_event_idx`);
 * - PT (ours, Señales' 'a'): a reaction whose LLT is under that MedDRA PT;
 * - IdEvento: an upper-cased prefix of the reference (`UY-2026-000123` finds its follow-ups
 *   `UY-2026-000123-S1`) or of the incoming report's number (`RH-…`), as index ranges;
 * - the four days, in the user's country time zone, `Hasta` included whole;
 * - (ours, what the Señales table computes with, docs/signals.md 'The screen') seriousness: a
 *   reaction with a seriousness criterion, or none; the months of receipt, UTC, the creation
 *   when there is no receipt (the month `signal_counts` files the case under); `SoloContados`:
 *   a cell of `signal_case_cells` for the case — which only a counted case has — under the drug
 *   filters (ingredient: kind 1, product: kind 2) and the PT filter given, else the (0, 0, 0)
 *   cell (one look-up of its primary key each); `SocCodigo`: a reaction under a PT of that
 *   primary SOC; `FarmacoLaboratorioId`: the drug filter names a drug of that laboratory (the
 *   table's laboratory filter, which chooses rows, not cases: a constant condition).
 */
export function searchConditions(criteria: SearchCriteria, timeZone: string, ingredientProductIds: readonly number[] = []): SQL[] {
  const conditions: SQL[] = [];
  if (criteria.PaisId) conditions.push(eq(events.countryId, criteria.PaisId));
  if (criteria.EstadoId) conditions.push(eq(events.status, criteria.EstadoId));
  if (criteria.GrupoId) conditions.push(eq(events.groupId, criteria.GrupoId));
  if (criteria.SubGrupoId) conditions.push(eq(events.subGroupId, criteria.SubGrupoId));
  if (criteria.LaboratorioId) conditions.push(sql`${events.laboratoryIds} @> ${intArray([criteria.LaboratorioId])}`);
  if (criteria.CompaniaId) {
    conditions.push(hasLaboratoryIn(sql`select ${laboratories.id} from ${laboratories} where ${laboratories.companyId} = ${criteria.CompaniaId}`));
  }
  if (criteria.ProductoId) conditions.push(sql`${events.productIds} @> ${intArray([criteria.ProductoId])}`);
  if (criteria.PrincipioActivoId) conditions.push(sql`${events.productIds} && ${intArray(ingredientProductIds)}`);
  if (criteria.PtCodigo) {
    conditions.push(sql`exists (select 1 from ${eventRams} join ${meddraLlt} on ${meddraLlt.code} = ${eventRams.lltCode}
      where ${eventRams.eventId} = ${events.id} and ${meddraLlt.ptCode} = ${criteria.PtCodigo})`);
  }
  if (criteria.SocCodigo) {
    conditions.push(sql`exists (select 1 from ${eventRams} join ${meddraLlt} on ${meddraLlt.code} = ${eventRams.lltCode} join meddra_pt on meddra_pt.code = ${meddraLlt.ptCode}
      where ${eventRams.eventId} = ${events.id} and meddra_pt.primary_soc_code = ${criteria.SocCodigo})`);
  }
  if (criteria.FarmacoLaboratorioId) {
    // The table's laboratory filter chooses the drug (a constant condition, evaluated once), not the cases.
    const lab = criteria.FarmacoLaboratorioId;
    if (criteria.PrincipioActivoId) {
      conditions.push(sql`exists (select 1 from ${productIngredients} join ${products} on ${products.id} = ${productIngredients.productId}
        where ${productIngredients.activeIngredientId} = ${criteria.PrincipioActivoId} and ${products.laboratoryId} = ${lab})`);
    }
    if (criteria.ProductoId) conditions.push(sql`exists (select 1 from ${products} where ${products.id} = ${criteria.ProductoId} and ${products.laboratoryId} = ${lab})`);
  }
  if (criteria.TipoRAMId) {
    conditions.push(sql`exists (select 1 from ${eventRams} where ${eventRams.eventId} = ${events.id} and ${eventRams.ramTypeId} = ${criteria.TipoRAMId})`);
  }
  const identifier = criteria.IdEvento?.trim().toUpperCase();
  if (identifier) {
    conditions.push(sql`(${prefixRange(events.referenceNumber, identifier)} or ${prefixRange(events.homeReferenceNumber, identifier)})`);
  }
  conditions.push(...dayRange(events.createdAt, criteria.FechaCreacionDesde, criteria.FechaCreacionHasta, timeZone));
  conditions.push(...dayRange(events.updatedAt, criteria.FechaModificacionDesde, criteria.FechaModificacionHasta, timeZone));
  if (typeof criteria.Grave === 'boolean') {
    const serious = sql`exists (select 1 from ${eventRams} where ${eventRams.eventId} = ${events.id} and ${eventRams.isSerious})`;
    conditions.push(criteria.Grave ? serious : sql`not ${serious}`);
  }
  const receipt = sql`coalesce(${events.receivedAt}, ${events.createdAt})`;
  if (criteria.MesRecepcionDesde) conditions.push(sql`${receipt} >= ((${`${criteria.MesRecepcionDesde}-01`}::date)::timestamp at time zone 'UTC')`);
  if (criteria.MesRecepcionHasta) {
    conditions.push(sql`${receipt} < ((${`${criteria.MesRecepcionHasta}-01`}::date + interval '1 month')::timestamp at time zone 'UTC')`);
  }
  if (criteria.SoloContados) {
    const drugs: [number, number][] = [];
    if (criteria.PrincipioActivoId) drugs.push([1, criteria.PrincipioActivoId]);
    if (criteria.ProductoId) drugs.push([2, criteria.ProductoId]);
    if (drugs.length === 0) drugs.push([0, 0]);
    for (const [kind, id] of drugs) {
      conditions.push(sql`exists (select 1 from ${signalCaseCells} where ${signalCaseCells.eventId} = ${events.id}
        and ${signalCaseCells.drugKind} = ${kind} and ${signalCaseCells.drugId} = ${id} and ${signalCaseCells.ptCode} = ${criteria.PtCodigo ?? 0}${criteria.IncluirConcomitantes ? sql`` : sql` and not ${signalCaseCells.concomitant}`})`);
    }
  }
  return conditions;
}

function allOf(conditions: SQL[]): SQL {
  return sql.join(
    conditions.map((condition) => sql`(${condition})`),
    sql` and `,
  );
}

/**
 * Reach and the filters: the WHERE of every query of the search and its export (`where`), and
 * the same as disjoint branches, one per reach branch (`caseReachBranches`), for counting.
 */
export function searchWhere(
  user: ReachUser,
  laboratoryIds: readonly number[] | undefined,
  criteria: SearchCriteria,
  timeZone: string,
  ingredientProducts: readonly number[] = [],
): { where: SQL; countBranches: SQL[] } {
  const filters = searchConditions(criteria, timeZone, ingredientProducts);
  return {
    where: allOf([caseReach(user, laboratoryIds), ...filters]),
    countBranches: caseReachBranches(user, laboratoryIds).map((reach) => allOf([reach, ...filters])),
  };
}

/**
 * The matching cases, any column: what `boundedTotal` and the export's cap count; a UNION ALL
 * of the disjoint branches (`searchWhere`'s `countBranches`), each an index range of its own.
 */
export function matchingCases(branches: readonly SQL[]): SQL {
  return sql.join(
    branches.map((where) => sql`(select 1 from ${events} where ${where})`),
    sql` union all `,
  );
}

// ---------------------------------------------------------------------------------------------
// The search by product or active ingredient: `event_products`
// ---------------------------------------------------------------------------------------------

/** The filters `event_products` carries (its columns are `events`' of the same names): what its count may answer alone. */
const PRODUCT_TABLE_FILTERS = ['ProductoId', 'PrincipioActivoId', 'PaisId', 'EstadoId', 'LaboratorioId'] as const;

/**
 * The products whose `event_products` rows a search reads (the product filter's, else those of
 * the active ingredient), or null when neither filter is given. Both given, the product's: the
 * ingredient's condition (another medicine of the case may hold it) stays in the WHERE.
 */
export function searchProducts(criteria: SearchCriteria, ingredientProducts: readonly number[]): number[] | null {
  if (criteria.ProductoId) return [criteria.ProductoId];
  if (criteria.PrincipioActivoId) return [...ingredientProducts];
  return null;
}

/**
 * The bounded count's branches read from `event_products` alone (an index-only range of
 * `event_products_updated_at_idx` per product), when every filter given is one the table carries
 * (reach tests only its columns): the table is aliased `events`, so `caseReachBranches` and the
 * filters' conditions read it unchanged. A case with two of the products is one row per product:
 * counted once (`distinct`). Undefined when another filter is given (then `matchingCases` on
 * `events`).
 */
export function productCountCases(
  user: ReachUser,
  laboratoryIds: readonly number[] | undefined,
  criteria: SearchCriteria,
  timeZone: string,
  products: readonly number[],
): SQL | undefined {
  // Product and ingredient both: a case's row of one product does not tell its other products.
  if (criteria.ProductoId && criteria.PrincipioActivoId) return undefined;
  const carried: SearchCriteria = {};
  for (const key of PRODUCT_TABLE_FILTERS) if (criteria[key] !== undefined) carried[key] = criteria[key] as never;
  // Every condition the criteria make is one of the carried filters' (each filter given makes at least one).
  if (searchConditions(criteria, timeZone, products).length !== searchConditions(carried, timeZone, products).length) return undefined;
  const filters = searchConditions({ ...carried, ProductoId: null, PrincipioActivoId: null }, timeZone);
  const inProducts = sql`events.product_id = any(${intArray(products)})`;
  return sql.join(
    caseReachBranches(user, laboratoryIds).map(
      (reach) => sql`(select ${products.length > 1 ? sql`distinct ` : sql``}events.id from ${eventProducts} as events where ${allOf([inProducts, reach, ...filters])})`,
    ),
    sql` union all `,
  );
}

/**
 * The page's ids (the FechaSolicitud order, `updated_at`, the search's default) read per product
 * from `event_products_updated_at_idx` in that order: for each product, its first `limit` cases
 * past the page's key that pass the whole WHERE (`where`, on `events`, tested by primary key),
 * so each stops at the page; the page is then the first of these (a case with two of the
 * products found twice, once). `inner` is the page's plan over `ep.updated_at, ep.id`.
 */
export function productPageIds(products: readonly number[], where: SQL, inner: KeysetPlan): SQL {
  const position = inner.where ? sql` and ${inner.where}` : sql``;
  // The case is tested by a subplan (`offset 0` keeps the planner from making it a join), one
  // primary-key probe per row read in order: a join would let a misestimate read every case in reach first.
  return sql`${events.id} in (select x.id from unnest(${intArray(products)}) as p(product_id) cross join lateral (
      select ep.id from ${eventProducts} as ep
      where ep.product_id = p.product_id and ep.deleted_at is null${position}
        and exists (select 1 from ${events} where ${events.id} = ep.id and (${where}) offset 0)
      order by ${sql.join(inner.orderBy, sql`, `)} limit ${inner.limit}) as x)`;
}

/** The order `productPageIds` reads `event_products` in: the search's FechaSolicitud order on the table's columns. */
export function productOrder(order: KeysetOrder): KeysetOrder {
  return { ...order, value: sql`ep.updated_at`, id: sql`ep.id` };
}

// ---------------------------------------------------------------------------------------------
// The order and the page
// ---------------------------------------------------------------------------------------------

/** What the Pais order reads a page by (`countryOrderIds`): the disjoint branches of the WHERE and the status filter (the position is the plan's). */
export interface ByCountry {
  branches: readonly SQL[];
  statuses: readonly number[] | null;
}

/** The Pais order: the page's ids read per country (and status), as the task lists read them. */
function countryPageIds(byCountry: ByCountry, order: KeysetOrder, plan: KeysetPlan): SQL {
  return sql`${events.id} in (${countryOrderIds(byCountry.branches, byCountry.statuses, plan.limit, plan.key, readsAscending(order, plan))})`;
}

/**
 * One page (or export batch) of cases as `plan` reads it: what `buildCaseRows` needs (the
 * kernel's `CasePageRow`), the group's name and the keyset columns. Joined to the case's
 * country, group and sub-group (primary keys).
 */
export function searchPage(db: DbOrTx, where: SQL, order: KeysetOrder, plan: KeysetPlan, byCountry?: ByCountry, byProduct?: SQL) {
  const { keyValue, keyId } = keysetColumns(order);
  const matching = byProduct ?? (byCountry && order.value === countries.name && plan.offset === 0 ? countryPageIds(byCountry, order, plan) : where);
  return db
    .select({ ...CASE_PAGE_COLUMNS, groupName: groups.title, keyValue, keyId })
    .from(events)
    .innerJoin(countries, eq(countries.id, events.countryId))
    .innerJoin(groups, eq(groups.id, events.groupId))
    .innerJoin(subGroups, eq(subGroups.id, events.subGroupId))
    .where(plan.where ? sql`(${matching}) and ${plan.where}` : matching)
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
}
export type SearchPageRow = Awaited<ReturnType<typeof searchPage>>[number];

// ---------------------------------------------------------------------------------------------
// Per page (or batch): one query each
// ---------------------------------------------------------------------------------------------

/** The names of a set joined in a stable order, as a scalar subquery's text. */
const INGREDIENTS_OF_MEDICATION = (medicationId: SQL) =>
  sql`(select string_agg(${activeIngredients.name}, ', ' order by ${activeIngredients.name}) from ${eventMedicationIngredients}
    join ${activeIngredients} on ${activeIngredients.id} = ${eventMedicationIngredients.activeIngredientId}
    where ${eventMedicationIngredients.eventMedicationId} = ${medicationId})`;
const INGREDIENTS_OF_PRODUCT = (productId: SQL) =>
  sql`(select string_agg(${activeIngredients.name}, ', ' order by ${activeIngredients.name}) from ${productIngredients}
    join ${activeIngredients} on ${activeIngredients.id} = ${productIngredients.activeIngredientId}
    where ${productIngredients.productId} = ${productId})`;

/**
 * The search's pieces of a page, read in the list rows' statement (`buildCaseRowsWith`): the
 * first medicine's `pActive` (the medicine is the list row's first medication, lowest id): the
 * active ingredients the case records on it, else its product's, joined by ', ' in name order;
 * and each case's reactions with their RAM type, as JSON objects in the order of their ids.
 */
export const SEARCH_PIECES: ExtraPieces = {
  firstIngredients: (medicationId, productId) => sql`coalesce(${INGREDIENTS_OF_MEDICATION(medicationId)}, ${INGREDIENTS_OF_PRODUCT(productId)})`,
  reactions: (eventId) => sql`select json_build_object('id', ${eventRams.id}, 'lltName', ${eventRams.lltName}, 'lltCode', ${eventRams.lltCode},
      'ramType', ${ramTypes.type}, 'isRam', ${eventRams.isRam}, 'serious', ${eventRams.isSerious}) as item, ${eventRams.id} as position
    from ${eventRams} left join ${ramTypes} on ${ramTypes.id} = ${eventRams.ramTypeId}
    where ${eventRams.eventId} = ${eventId}`,
};

// ---------------------------------------------------------------------------------------------
// The export: every case's pieces in one pass in the order the rows are read, then one sort
// ---------------------------------------------------------------------------------------------

/**
 * One case as `exportCases` reads it (`rowMode: 'array'`), the sheet's cells before the last
 * touches (`sheetRow` in export.ts): the reference, the incoming report's number, the received
 * day (`DD/MM/YYYY` in the user's time zone), the country, the company, the group and the
 * sub-group (names); the reactions as `[id, ramTypeId, lltName]` (any order); the ids of the
 * active ingredients recorded on the first suspect medicine (lowest id) as `'3,17'`, null when
 * none is recorded; its product's ingredients, joined by ', ' in name order; its product's
 * name. With `batch` (PGlite), the keyset columns (`keysetColumns`) last.
 */
export type ExportCaseRow = [
  referenceNumber: string,
  homeReferenceNumber: string | null,
  receivedDay: string,
  countryName: string,
  company: string | null,
  groupName: string,
  subGroupName: string,
  reactions: [number, number | null, string | null][] | null,
  recordedIngredientIds: string | null,
  productIngredients: string | null,
  commercialName: string | null,
  keyValue?: string | number,
  keyId?: string | number,
];

/** The names `sheetRow` needs besides a row: the active ingredients (with their rank in name order) and the RAM types. */
export function exportCatalogQueries(): { ingredients: SQL; ramTypes: SQL } {
  return {
    ingredients: sql`select ${activeIngredients.id}, ${activeIngredients.name}, row_number() over (order by ${activeIngredients.name}, ${activeIngredients.id})::int
      from ${activeIngredients}`,
    ramTypes: sql`select ${ramTypes.id}, ${ramTypes.type} from ${ramTypes}`,
  };
}

/**
 * The matching cases in the search's `order` with every cell of the sheet (`ExportCaseRow`),
 * as one statement. The pieces of each case are read in the order the matching cases are
 * found (for a range of days, a bitmap scan: the table's physical order, so consecutive cases
 * share the pages of their medicines and reactions), each with one index probe: the first
 * suspect medicine (`event_medications` by case, lowest id), the ids of the ingredients recorded
 * on it (`event_medication_ingredients` by medicine), the case's reactions (`event_rams` by
 * case) as JSON; the names come from small tables by hash. The subquery is a fence (`offset 0`),
 * so the sort by the search's order comes once, over the finished rows, and not before the
 * probes (which would then go in a random order: 1.6× the database's time on 1,000,000 cases,
 * bench/README.md). Aggregating the ingredients' names and the distinct reactions per case in
 * SQL (a sort per case) costs more than doing it in Node (`sheetRow`). With `batch` (PGlite's
 * keyset batches): the cases of the batch only (`position`, `orderBy`, `limit` on `events`)
 * and the keyset columns.
 */
export function exportCases(
  where: SQL,
  order: KeysetOrder,
  timeZone: string,
  batch?: { position: SQL | undefined; orderBy: SQL[]; limit: number },
): SQL {
  const matching = sql`select ${events.id} as id, ${order.value} as order_value, ${events.referenceNumber} as reference_number,
      ${events.homeReferenceNumber} as home_reference_number, ${events.receivedAt} as received_at, ${countries.name} as country_name,
      ${events.groupId} as group_id, ${events.subGroupId} as sub_group_id
    from ${events} join ${countries} on ${countries.id} = ${events.countryId}
    where ${batch?.position ? sql`(${where}) and ${batch.position}` : where}${batch ? sql` order by ${sql.join(batch.orderBy, sql`, `)} limit ${batch.limit}` : sql``}`;
  const pieces = sql`select m.id, m.order_value, m.reference_number, m.home_reference_number,
      to_char(m.received_at at time zone ${timeZone}, 'DD/MM/YYYY') as received_day, m.country_name, m.group_id, m.sub_group_id,
      fm.product_id, fm.laboratory_id,
      (select string_agg(${eventMedicationIngredients.activeIngredientId}::text, ',') from ${eventMedicationIngredients}
        where ${eventMedicationIngredients.eventMedicationId} = fm.id) as ingredient_ids,
      (select json_agg(json_build_array(${eventRams.id}, ${eventRams.ramTypeId}, ${eventRams.lltName})) from ${eventRams}
        where ${eventRams.eventId} = m.id) as reactions
    from (${matching}) as m
    left join lateral (
      select ${eventMedications.id} as id, ${eventMedications.productId} as product_id, ${eventMedications.laboratoryId} as laboratory_id
      from ${eventMedications} where ${eventMedications.eventId} = m.id order by ${eventMedications.id} limit 1
    ) as fm on true
    offset 0`;
  const finished: KeysetOrder = { ...order, value: sql`x.order_value`, id: sql`x.id` };
  const { keyValue, keyId } = keysetColumns(finished);
  const orderBy = keysetPlan(finished, { kind: 'first' }, 1, 1).orderBy;
  return sql`select x.reference_number, x.home_reference_number, x.received_day, x.country_name, ${companies.name}, ${groups.title},
      ${subGroups.nombre}, x.reactions, x.ingredient_ids, of_product.names, ${products.commercialName}${batch ? sql`, ${keyValue}, ${keyId}` : sql``}
    from (${pieces}) as x
    join ${groups} on ${groups.id} = x.group_id
    join ${subGroups} on ${subGroups.id} = x.sub_group_id
    left join ${products} on ${products.id} = x.product_id
    left join ${laboratories} on ${laboratories.id} = x.laboratory_id
    left join ${companies} on ${companies.id} = ${laboratories.companyId}
    left join (
      select ${productIngredients.productId} as product_id, string_agg(${activeIngredients.name}, ', ' order by ${activeIngredients.name}) as names
      from ${productIngredients} join ${activeIngredients} on ${activeIngredients.id} = ${productIngredients.activeIngredientId}
      group by 1
    ) as of_product on of_product.product_id = x.product_id
    order by ${sql.join(orderBy, sql`, `)}`;
}
