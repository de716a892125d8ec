import {
  EXACT_TOTAL_LIMIT,
  MAX_OFFSET_ROWS,
  MSG,
  type PageAt,
  type PagedResult,
  pageOffset,
  type SortDirection,
} from '@atalaya/domain';
import { type AnyColumn, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { badRequest } from './errors.js';

/**
 * Keyset paging for every list (docs/api.md 'Paging'). A list is ordered by one NOT NULL value
 * and the row's unique id as tiebreak, both in the same direction, so that a btree on
 * (value, id) — or on (filter columns…, value, id) — serves every page in both directions:
 *
 * - first page: `order by value, id limit size + 1`;
 * - next (`after:{key}`): `where (value, id) > (key)` (`<` for DESC), same order;
 * - previous (`before:{key}`) and last (`last`): the reverse order, then the rows are turned
 *   back, so the last page costs what the first costs, and no page skips rows with OFFSET
 *   (only a page number without a key, under `MAX_OFFSET_ROWS`, is read by offset).
 *
 * The key of a row is `base64url(JSON [value, id])`, the value at full precision (a timestamp
 * with its microseconds, as text), read by the page query through `keysetColumns`.
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

export function encodePageKey(row: KeyedRow): string {
  const value = typeof row.keyValue === 'number' ? row.keyValue : String(row.keyValue);
  const id = typeof row.keyId === 'number' ? row.keyId : String(row.keyId);
  return Buffer.from(JSON.stringify([value, id]), 'utf8').toString('base64url');
}

/** The value and id of a key this list gave; 400 'La posición de la página no es válida' otherwise. */
export function decodePageKey(key: string, order: Pick<KeysetOrder, 'kind' | 'idKind'>): { value: string | number; id: string | number } {
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
function beyond(order: KeysetOrder, key: string, direction: SortDirection): SQL {
  const { value, id } = decodePageKey(key, order);
  const operator = direction === 'ASC' ? sql.raw('>') : sql.raw('<');
  return sql`(${order.value}, ${order.id}) ${operator} (${keyLiteral(order.kind, value)}, ${keyLiteral(order.idKind, id)})`;
}

function flip(direction: SortDirection): SortDirection {
  return direction === 'ASC' ? 'DESC' : 'ASC';
}

function orderBy(order: KeysetOrder, direction: SortDirection): SQL[] {
  const keyword = sql.raw(direction === 'ASC' ? 'asc' : 'desc');
  return [sql`${order.value} ${keyword}`, sql`${order.id} ${keyword}`];
}

/**
 * How to read the page at `at` (page `pageNumber` of `pageSize` rows). A page number above 1
 * without a key is read by offset while that skips fewer than `MAX_OFFSET_ROWS` rows; further
 * is 400 'use los botones del paginador'.
 */
export function keysetPlan(order: KeysetOrder, at: PageAt, pageNumber: number, pageSize: number): KeysetPlan {
  const limit = pageSize + 1;
  switch (at.kind) {
    case 'first': {
      const offset = pageOffset(pageNumber, pageSize);
      if (offset > MAX_OFFSET_ROWS) throw badRequest(MSG.lists.pageTooFar);
      return { where: undefined, orderBy: orderBy(order, order.direction), limit, offset, reversed: false };
    }
    case 'last':
      return { where: undefined, orderBy: orderBy(order, flip(order.direction)), limit, offset: 0, reversed: true };
    case 'after':
      return { where: beyond(order, at.key, order.direction), orderBy: orderBy(order, order.direction), limit, offset: 0, reversed: false };
    case 'before': {
      const reverse = flip(order.direction);
      return { where: beyond(order, at.key, reverse), orderBy: orderBy(order, reverse), limit, offset: 0, reversed: true };
    }
  }
}

/** A list's total: exact up to `EXACT_TOTAL_LIMIT`, the planner's estimate above. */
export interface ListTotal {
  total: number;
  isEstimate: boolean;
}

/**
 * Above this planner estimate a list's total is taken as the estimate without counting: three
 * times `EXACT_TOTAL_LIMIT`, so that only a list the planner overestimates threefold could
 * show '≈' for fewer than 10,000 rows (docs/api.md 'Paging').
 */
export const ESTIMATE_WITHOUT_COUNT = 3 * EXACT_TOTAL_LIMIT;

/**
 * The total of `matching` (a select of the list's FROM and WHERE, any columns): first the
 * planner's row estimate (EXPLAIN, no execution, well under a millisecond); when it is above
 * `ESTIMATE_WITHOUT_COUNT`, that estimate. Otherwise an exact `count(*)` over `matching limit
 * 10001`, which stops reading at the 10,001st row: exact up to `EXACT_TOTAL_LIMIT`, the
 * estimate (never below 10,001) above. The pager shows an estimate with '≈'. So no page counts
 * a million rows, and a long list (the QPPV's, a country's) does not count 10,000 either.
 */
export async function boundedTotal(db: DbOrTx, matching: SQLWrapper): Promise<ListTotal> {
  const plan = await db.execute<{ 'QUERY PLAN': unknown }>(sql`explain (format json) ${matching}`);
  const estimate = planRows(plan.rows[0]?.['QUERY PLAN']);
  if (estimate > ESTIMATE_WITHOUT_COUNT) return { total: estimate, isEstimate: true };
  const counted = await db.execute<{ n: number | string }>(sql`select count(*) as n from (${matching} limit ${EXACT_TOTAL_LIMIT + 1}) as bounded`);
  const exact = Number(counted.rows[0]?.n ?? 0);
  if (exact <= EXACT_TOTAL_LIMIT) return { total: exact, isEstimate: false };
  return { total: Math.max(EXACT_TOTAL_LIMIT + 1, estimate), isEstimate: true };
}

/** The top node's `Plan Rows` of an `EXPLAIN (FORMAT JSON)` answer (text or parsed, by driver). */
function planRows(plan: unknown): number {
  const parsed: unknown = typeof plan === 'string' ? JSON.parse(plan) : plan;
  const top = Array.isArray(parsed) ? (parsed[0] as { Plan?: { 'Plan Rows'?: number } } | undefined) : undefined;
  return Math.round(top?.Plan?.['Plan Rows'] ?? 0);
}

/**
 * The paged answer from the rows read with `plan` (in the plan's order, `limit` at most) and
 * the total. The last page holds what is left after the full pages when the total is exact
 * (31 rows by 15: 1), the last `pageSize` rows when it is an estimate.
 */
export function keysetResult<Row extends KeyedRow>(
  at: PageAt,
  plan: KeysetPlan,
  read: Row[],
  total: ListTotal,
  pageNumber: number,
  pageSize: number,
): Omit<PagedResult<Row>, 'Result'> & { Result: Row[] } {
  const more = read.length > pageSize;
  let rows = read.slice(0, pageSize);
  const pageCount = Math.ceil(total.total / pageSize);
  if (at.kind === 'last' && !total.isEstimate && pageCount > 0) rows = rows.slice(0, total.total - (pageCount - 1) * pageSize);
  if (plan.reversed) rows = rows.reverse();
  const first = rows[0];
  const last = rows[rows.length - 1];
  let page: number;
  let back: boolean;
  let next: boolean;
  switch (at.kind) {
    case 'first':
      page = Math.max(1, pageNumber);
      back = page > 1;
      next = more;
      break;
    case 'last':
      page = Math.max(1, pageCount);
      back = more || page > 1;
      next = false;
      break;
    case 'after':
      page = Math.max(2, pageNumber);
      back = true;
      next = more;
      break;
    case 'before':
      page = more ? Math.max(2, Math.min(pageNumber, Math.max(2, pageCount - 1))) : 1;
      back = more;
      next = true;
      break;
  }
  return {
    Total: total.total,
    PageCount: Math.max(pageCount, page),
    PageNumber: page,
    PageBack: back,
    PageNext: next,
    Result: rows,
    TotalIsEstimate: total.isEstimate,
    FirstKey: first ? encodePageKey(first) : null,
    LastKey: last ? encodePageKey(last) : null,
  };
}
