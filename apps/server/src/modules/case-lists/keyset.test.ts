import { EXACT_TOTAL_LIMIT, MSG, type PageAt, type PagedResult, pageRequestFor, type PagerMove } from '@atalaya/domain';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { createTestDatabase } from '../../test-support/db.js';
import { boundedTotal, ESTIMATE_WITHOUT_COUNT } from './count.js';
import { decodePageKey, encodePageKey, type KeyedRow, type KeysetOrder, type KeysetPlan, keysetColumns, keysetPlan, keysetPlanAfter, keysetPlanOver } from './keyset.js';
import { keysetResult } from './pager.js';

let database: Database;
const table = sql.identifier(`keyset_probe_${process.pid}_${Date.now()}`);
const bigTable = sql.identifier(`keyset_probe_big_${process.pid}_${Date.now()}`);
const PAGE = 15;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table ${table} (id uuid primary key default gen_random_uuid(), at timestamptz not null, n int not null)`);
  // 47 rows over 7 instants that differ only in their microseconds: ties and sub-millisecond order.
  await database.db.execute(
    sql`insert into ${table} (at, n) select timestamptz '2026-03-01 10:00:00.000001Z' + (g % 7) * interval '1 microsecond', g from generate_series(1, 47) g`,
  );
  await database.db.execute(sql`create table ${bigTable} (id int primary key)`);
  await database.db.execute(sql`insert into ${bigTable} select g from generate_series(1, ${EXACT_TOTAL_LIMIT + 500}) g`);
  await database.db.execute(sql`analyze ${bigTable}`);
});

afterAll(async () => {
  await database.db.execute(sql`drop table if exists ${table}`);
  await database.db.execute(sql`drop table if exists ${bigTable}`);
  await database.close();
});

function orderOf(direction: 'ASC' | 'DESC'): KeysetOrder {
  return { value: sql`at`, kind: 'timestamp', id: sql`id`, idKind: 'uuid', direction };
}

type Row = KeyedRow & { id: string } & Record<string, unknown>;

async function readPage(order: KeysetOrder, at: PageAt, pageNumber: number): Promise<PagedResult<Row>> {
  const plan = keysetPlan(order, at, pageNumber, PAGE);
  const { keyValue, keyId } = keysetColumns(order);
  const where: SQL = plan.where ?? sql`true`;
  const read = await database.db.execute<Row>(
    sql`select id::text as id, ${keyValue} as "keyValue", ${keyId} as "keyId" from ${table} where ${where} order by ${sql.join(plan.orderBy, sql`, `)} limit ${plan.limit} offset ${plan.offset}`,
  );
  const total = await boundedTotal(database.db, sql`select 1 from ${table}`);
  return keysetResult(at, plan, read.rows, total, pageNumber, PAGE);
}

async function allIds(direction: 'ASC' | 'DESC'): Promise<string[]> {
  const keyword = sql.raw(direction);
  const rows = await database.db.execute<{ id: string }>(sql`select id::text as id from ${table} order by at ${keyword}, id ${keyword}`);
  return rows.rows.map((row) => row.id);
}

async function walk(direction: 'ASC' | 'DESC', start: PagerMove, step: PagerMove) {
  const order = orderOf(direction);
  const first = pageRequestFor(start, { PageNumber: 1, PageCount: 4, FirstKey: null, LastKey: null });
  let page = await readPage(order, first.at, first.pageNumber);
  const pages = [page];
  for (let guard = 0; guard < 10 && (step === 'next' ? page.PageNext : page.PageBack); guard++) {
    const request = pageRequestFor(step, page);
    page = await readPage(order, request.at, request.pageNumber);
    pages.push(page);
  }
  return pages;
}

describe('keyset paging', () => {
  it.each(['ASC', 'DESC'] as const)('walks forward from the first page to the last without losing or repeating a row (%s)', async (direction) => {
    const pages = await walk(direction, 'first', 'next');
    expect(pages.map((page) => page.PageNumber)).toEqual([1, 2, 3, 4]);
    expect(pages.map((page) => page.Result.length)).toEqual([15, 15, 15, 2]);
    expect(pages.flatMap((page) => page.Result.map((row) => row.id))).toEqual(await allIds(direction));
    expect(pages.at(-1)).toMatchObject({ PageNext: false, PageBack: true, Total: 47, PageCount: 4, TotalIsEstimate: false });
  });

  it.each(['ASC', 'DESC'] as const)('walks back from the last page to the first, the last page holding what is left (%s)', async (direction) => {
    const pages = await walk(direction, 'last', 'previous');
    expect(pages.map((page) => page.PageNumber)).toEqual([4, 3, 2, 1]);
    expect(pages.map((page) => page.Result.length)).toEqual([2, 15, 15, 15]);
    expect(pages.reverse().flatMap((page) => page.Result.map((row) => row.id))).toEqual(await allIds(direction));
    expect(pages[0]).toMatchObject({ PageBack: false, PageNext: true });
  });

  it('reads a page number without a key by offset, near the start only', async () => {
    const page = await readPage(orderOf('DESC'), { kind: 'first' }, 2);
    expect(page.Result.map((row) => row.id)).toEqual((await allIds('DESC')).slice(15, 30));
    expect(() => keysetPlan(orderOf('DESC'), { kind: 'first' }, 1_000, PAGE)).toThrow(MSG.lists.pageTooFar);
  });

  it('refuses a key it did not give with 400', () => {
    const order = orderOf('DESC');
    for (const key of ['bm90LWpzb24', Buffer.from('[1,2]').toString('base64url'), Buffer.from('["2026-01-01","x"]').toString('base64url')]) {
      expect(() => decodePageKey(key, order)).toThrow(expect.objectContaining({ statusCode: 400, message: MSG.lists.invalidPageKey }));
    }
  });

  it('counts exactly up to the limit and estimates above it', async () => {
    expect(await boundedTotal(database.db, sql`select 1 from ${table}`)).toEqual({ total: 47, isEstimate: false });
    const big = await boundedTotal(database.db, sql`select 1 from ${bigTable}`);
    expect(big.isEstimate).toBe(true);
    expect(big.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);
  });

  it("takes a long list's total from the planner without counting it", async () => {
    await database.db.execute(sql`insert into ${bigTable} select g from generate_series(${EXACT_TOTAL_LIMIT + 501}::int, ${ESTIMATE_WITHOUT_COUNT + 5_000}::int) g`);
    await database.db.execute(sql`analyze ${bigTable}`);
    const long = await boundedTotal(database.db, sql`select 1 from ${bigTable}`);
    expect(long).toEqual({ total: expect.any(Number), isEstimate: true });
    expect(long.total).toBeGreaterThan(ESTIMATE_WITHOUT_COUNT);
  });
});

describe('the page key, decoded once', () => {
  const dialect = new PgDialect();
  const rendered = (plan: KeysetPlan) => ({
    ...plan,
    where: plan.where && dialect.sqlToQuery(plan.where),
    orderBy: plan.orderBy.map((part) => dialect.sqlToQuery(part)),
  });
  const row: KeyedRow = { keyValue: '2026-03-01T10:00:00.000004Z', keyId: '0b7c2f4e-9d1a-4c3b-8e2f-5a6b7c8d9e0f' };

  it('keeps the decoded key in the plan', () => {
    const at = { kind: 'before', key: encodePageKey(row) } as const;
    expect(keysetPlan(orderOf('DESC'), at, 3, PAGE).key).toEqual({ value: row.keyValue, id: row.keyId });
    expect(keysetPlan(orderOf('DESC'), { kind: 'last' }, 1, PAGE).key).toBeNull();
  });

  it("plans the batch after a row as the page after the row's key", () => {
    const order = orderOf('ASC');
    expect(rendered(keysetPlanAfter(order, row, 100))).toEqual(rendered(keysetPlan(order, { kind: 'after', key: encodePageKey(row) }, 1, 100)));
    expect(rendered(keysetPlanAfter(order, undefined, 100))).toEqual(rendered(keysetPlan(order, { kind: 'first' }, 1, 100)));
  });

  it('plans the same page over other columns as if the key were decoded for them', () => {
    for (const direction of ['ASC', 'DESC'] as const) {
      const order = orderOf(direction);
      const other: KeysetOrder = { ...order, value: sql`ep.at`, id: sql`ep.id` };
      for (const at of [{ kind: 'first' }, { kind: 'last' }, { kind: 'after', key: encodePageKey(row) }, { kind: 'before', key: encodePageKey(row) }] as const) {
        expect(rendered(keysetPlanOver(keysetPlan(order, at, 1, PAGE), other))).toEqual(rendered(keysetPlan(other, at, 1, PAGE)));
      }
    }
  });
});
