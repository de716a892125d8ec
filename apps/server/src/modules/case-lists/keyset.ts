import { type ListOrder, MAX_OFFSET_ROWS, MSG, type PageAt, pageOffset, type SortDirection, type WorkflowOrderColumn } from '@atalaya/domain';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { countries, events } from '../../db/schema/index.js';
import { badRequest } from '../../http/errors.js';

/**
 * The page key and the page plan (step 1 of a page request, `list.ts`): keyset paging for
 * every list (docs/api.md 'Paging'). A list is ordered by one NOT NULL value and the row's
 * unique id as tiebreak, both in the same direction, so that a btree on (value, id) — or on
 * (filter columns…, value, id) — serves every page in both directions:
 *
 * - first page: `order by value, id limit size + 1`;
 * - next (`after:{key}`): `where (value, id) > (key)` (`<` for DESC), same order;
 * - previous (`before:{key}`) and last (`last`): the reverse order, then the rows are turned
 *   back, so the last page costs what the first costs, and no page skips rows with OFFSET
 *   (only a page number without a key, under `MAX_OFFSET_ROWS`, is read by offset).
 *
 * The key of a row is `base64url(JSON [value, id])`, the value at full precision (a timestamp
 * with its microseconds, as text), read by the page query through `keysetColumns`. The key is
 * encoded here (`encodePageKey`, for the pager) and decoded here, once per request: the plan
 * carries the decoded key (`KeysetPlan.key`) to whatever else reads the page's position (the
 * per-country read, `countryOrderIds`; the search's per-product read, `keysetPlanOver`).
 */

export type KeyValueKind = 'timestamp' | 'text' | 'integer';
export type KeyIdKind = 'uuid' | 'integer';

export interface KeysetOrder {
  /** The ordered value (NOT NULL; a nullable value would lose rows at its nulls). */
  value: AnyColumn | SQL;
  kind: KeyValueKind;
  /** The unique tiebreak (the row's primary key). */
  id: AnyColumn | SQL;
  idKind: KeyIdKind;
  direction: SortDirection;
}

/** What a page query reads, found by `keysetPlan`. */
export interface KeysetPlan {
  /** The position condition, to AND with the list's condition (undefined for the first and last pages). */
  where: SQL | undefined;
  orderBy: SQL[];
  /** Page size + 1: the extra row tells whether there is more in the direction of travel. */
  limit: number;
  offset: number;
  /** The rows come in the reverse order (previous / last): `keysetResult` turns them back. */
  reversed: boolean;
  /** The page's key, decoded once (`after` / `before`); null for the first and last pages. */
  key: PageKey | null;
}

/** The columns a page query selects so that its rows' keys can be built (`keyValue`, `keyId`). */
export function keysetColumns(order: KeysetOrder): { keyValue: SQL<string | number>; keyId: SQL<string | number> } {
  const keyValue =
    order.kind === 'timestamp'
      ? sql<string>`to_char(${order.value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
      : sql<string | number>`${order.value}`;
  const keyId = order.idKind === 'uuid' ? sql<string>`${order.id}::text` : sql<number>`${order.id}`;
  return { keyValue, keyId };
}

export interface KeyedRow {
  keyValue: unknown;
  keyId: unknown;
}

const TIMESTAMP_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAX_TEXT_KEY = 200;

/** The value and id of a page key, decoded (`decodePageKey`). */
export interface PageKey {
  value: string | number;
  id: string | number;
}

/** A row's key columns as a key's value and id (numbers stay numbers, anything else is text). */
function keyOf(row: KeyedRow): PageKey {
  return {
    value: typeof row.keyValue === 'number' ? row.keyValue : String(row.keyValue),
    id: typeof row.keyId === 'number' ? row.keyId : String(row.keyId),
  };
}

/** The page key of a row (its `keysetColumns`), for the pager's FirstKey and LastKey. */
export function encodePageKey(row: KeyedRow): string {
  const { value, id } = keyOf(row);
  return Buffer.from(JSON.stringify([value, id]), 'utf8').toString('base64url');
}

/** The value and id of a key this list gave; 400 'La posición de la página no es válida' otherwise. */
export function decodePageKey(key: string, order: Pick<KeysetOrder, 'kind' | 'idKind'>): PageKey {
  const invalid = () => badRequest(MSG.lists.invalidPageKey);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(key, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalid();
  const [value, id] = parsed as [unknown, unknown];
  const valueOk =
    order.kind === 'integer'
      ? Number.isSafeInteger(value)
      : typeof value === 'string' && (order.kind === 'timestamp' ? TIMESTAMP_KEY.test(value) : value.length <= MAX_TEXT_KEY && !value.includes('\u0000'));
  const idOk = order.idKind === 'integer' ? Number.isSafeInteger(id) && (id as number) > 0 : typeof id === 'string' && UUID_KEY.test(id);
  if (!valueOk || !idOk) throw invalid();
  return { value: value as string | number, id: id as string | number };
}

function keyLiteral(kind: KeyValueKind | KeyIdKind, value: string | number): SQL {
  switch (kind) {
    case 'timestamp':
      return sql`${value}::timestamptz`;
    case 'uuid':
      return sql`${value}::uuid`;
    case 'integer':
      return sql`${value}::bigint`;
    case 'text':
      return sql`${value}::text`;
  }
}

/** `(value, id) > (key)` (or `<`): the rows strictly after the key in the direction `direction`. */
function beyond(order: KeysetOrder, key: PageKey, direction: SortDirection): SQL {
  const operator = direction === 'ASC' ? sql.raw('>') : sql.raw('<');
  return sql`(${order.value}, ${order.id}) ${operator} (${keyLiteral(order.kind, key.value)}, ${keyLiteral(order.idKind, key.id)})`;
}

function flip(direction: SortDirection): SortDirection {
  return direction === 'ASC' ? 'DESC' : 'ASC';
}

function orderBy(order: KeysetOrder, direction: SortDirection): SQL[] {
  const keyword = sql.raw(direction === 'ASC' ? 'asc' : 'desc');
  return [sql`${order.value} ${keyword}`, sql`${order.id} ${keyword}`];
}

/**
 * How to read the page at `at` (page `pageNumber` of `pageSize` rows), the key (`after`,
 * `before`) decoded once: 400 'La posición de la página no es válida' for a key this list did not
 * give. A page number above 1 without a key is read by offset while that skips fewer than
 * `MAX_OFFSET_ROWS` rows; further is 400 'use los botones del paginador'.
 */
export function keysetPlan(order: KeysetOrder, at: PageAt, pageNumber: number, pageSize: number): KeysetPlan {
  const limit = pageSize + 1;
  switch (at.kind) {
    case 'first': {
      const offset = pageOffset(pageNumber, pageSize);
      if (offset > MAX_OFFSET_ROWS) throw badRequest(MSG.lists.pageTooFar);
      return { where: undefined, orderBy: orderBy(order, order.direction), limit, offset, reversed: false, key: null };
    }
    case 'last':
      return { where: undefined, orderBy: orderBy(order, flip(order.direction)), limit, offset: 0, reversed: true, key: null };
    case 'after': {
      const key = decodePageKey(at.key, order);
      return { where: beyond(order, key, order.direction), orderBy: orderBy(order, order.direction), limit, offset: 0, reversed: false, key };
    }
    case 'before': {
      const key = decodePageKey(at.key, order);
      const reverse = flip(order.direction);
      return { where: beyond(order, key, reverse), orderBy: orderBy(order, reverse), limit, offset: 0, reversed: true, key };
    }
  }
}

/**
 * The plan of the next batch after `row` (an export read in keyset batches of `batchSize`): the
 * row's key columns as they were read, without a round trip through the key's text.
 */
export function keysetPlanAfter(order: KeysetOrder, row: KeyedRow | undefined, batchSize: number): KeysetPlan {
  if (!row) return keysetPlan(order, { kind: 'first' }, 1, batchSize);
  const key = keyOf(row);
  return { where: beyond(order, key, order.direction), orderBy: orderBy(order, order.direction), limit: batchSize + 1, offset: 0, reversed: false, key };
}

/**
 * The same page as `plan` over another order of the same kinds and direction (the search reads a
 * product's page from `event_products` columns): the key `plan` decoded, not decoded again.
 */
export function keysetPlanOver(plan: KeysetPlan, order: KeysetOrder): KeysetPlan {
  const direction = plan.reversed ? flip(order.direction) : order.direction;
  return { ...plan, where: plan.key ? beyond(order, plan.key, direction) : undefined, orderBy: orderBy(order, direction) };
}

/**
 * The direction the plan reads the list's values in (a reversed plan reads a DESC list
 * ascending): what a read that orders by hand follows (`countryOrderIds`, the per-status merge).
 */
export function readsAscending(order: KeysetOrder, plan: KeysetPlan): boolean {
  return (order.direction === 'ASC') !== plan.reversed;
}

/**
 * The keyset order of each column of the case lists (the tasks' and the search's), the case id
 * as tiebreak. Migration 0009 gives each a btree ending in (value, id), read forwards or
 * backwards: (updated_at, id), (created_at, id), (reference_number, id), (status, id), and the
 * dates after status and country (`events_status_updated_at_id_idx`,
 * `events_country_status_updated_at_id_idx`…). Pais orders by the country's name through the
 * join: a page reads one range of (country_id, id) per country (`countryOrderIds`, page.ts).
 */
const CASE_ORDER_VALUES = {
  FechaSolicitud: { value: events.updatedAt, kind: 'timestamp' },
  FechaCreacion: { value: events.createdAt, kind: 'timestamp' },
  NumeroReferencia: { value: events.referenceNumber, kind: 'text' },
  Estado: { value: events.status, kind: 'integer' },
  Pais: { value: countries.name, kind: 'text' },
} as const satisfies Record<WorkflowOrderColumn, Pick<KeysetOrder, 'value' | 'kind'>>;

/** The keyset order of a case list's order (`keysetPlan`). */
export function caseOrder(order: ListOrder<WorkflowOrderColumn>): KeysetOrder {
  return { ...CASE_ORDER_VALUES[order.column], id: events.id, idKind: 'uuid', direction: order.direction };
}
