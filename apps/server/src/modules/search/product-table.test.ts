import { ER_STATUS, pageKeyText, pageRequestFor, type PagerMove, type SearchRequest, type SearchResult, searchRequestSchema } from '@atalaya/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { eventMedications, events, productIngredients } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { createCase, laboratoryOfProduct } from '../../test-support/cases.js';
import { countryId, createProduct, type TestProduct } from '../../test-support/catalog.js';
import { createTestDatabase } from '../../test-support/db.js';
import { createUser } from '../../test-support/factories.js';
import { searchCases } from './service.js';

/*
 * The search by product or active ingredient reads its page and its count from `event_products`
 * (migration `event_products`, docs/performance-plans.md §2): the table must be the projection of
 * `events` by `product_ids` after any write, and the search must answer exactly what it answered
 * from `events` alone (`productTable: false`): the same rows in the same order on every page,
 * the same totals and keys, walking forwards from the first page and backwards from the last.
 */

let database: Database;
let products: TestProduct[];
let sharedIngredient: number;
let qppv: AuthUser;
let rlf: AuthUser;
let other: AuthUser;
let uruguay: number;

/** Deterministic pseudo-random numbers (the fixture is the same on every run). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const asUser = (user: { id: string; role: AuthUser['role']; countryCode: string; email: string }): AuthUser => ({
  id: user.id,
  role: user.role,
  countryCode: user.countryCode,
  email: user.email,
});

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  products = [];
  for (let i = 0; i < 5; i += 1) products.push(await createProduct(db, { countries: ['UY', 'AR'] }));
  const [p0, p1, p2] = products;
  if (!p0 || !p1 || !p2) throw new Error('no products');
  // p0, p1 and p2 share p0's active ingredient: a case with two of them is one case.
  const [shared] = await db.select({ id: productIngredients.activeIngredientId }).from(productIngredients).where(eq(productIngredients.productId, p0.id));
  if (!shared) throw new Error('no ingredient');
  sharedIngredient = shared.id;
  await db.insert(productIngredients).values([
    { productId: p1.id, activeIngredientId: shared.id },
    { productId: p2.id, activeIngredientId: shared.id },
  ]);
  // The QPPV holds the laboratories of p0, p1 and p3 only.
  const held = await Promise.all([p0, p1, products[3]].map((product) => laboratoryOfProduct(db, product?.id ?? 0)));
  qppv = asUser(await createUser(db, { role: 'QPPV', laboratories: held.map((laboratoryId) => ({ laboratoryId })) }));
  rlf = asUser(await createUser(db, { role: 'RLF', country: 'UY' }));
  other = asUser(await createUser(db, { role: 'RLF', country: 'AR' }));
  uruguay = await countryId(db, 'UY');

  // 90 cases: 1–3 medicines of the five products (repeats included), two countries, every
  // status (drafts of the RLF and of another user), spread over distinct and equal update times.
  const next = random(33);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const statuses = [ER_STATUS.PENDIENTE, ER_STATUS.EN_REVISION_RLF, ER_STATUS.EN_EVALUACION_QPPV, ER_STATUS.EN_REVISION_RLF];
  const base = Date.UTC(2026, 0, 1);
  for (let i = 0; i < 90; i += 1) {
    const count = 1 + Math.floor(next() * 3);
    const list = Array.from({ length: count }, () => pick(products).id);
    const at = new Date(base + Math.floor(next() * 40) * 3_600_000);
    await createCase(db, {
      createdBy: pick([rlf.id, other.id, qppv.id]),
      status: pick(statuses),
      country: pick(['UY', 'UY', 'AR']),
      productIds: list,
      createdAt: at,
      updatedAt: at,
    });
  }
  // Writes after: medicines moved and deleted, cases edited (status, time), deleted.
  const all = await db.select({ id: events.id }).from(events).orderBy(events.referenceNumber);
  for (const [index, row] of all.entries()) {
    if (index % 7 === 0) await db.update(events).set({ updatedAt: new Date(base + index * 1_800_000), status: ER_STATUS.EN_EVALUACION_QPPV }).where(eq(events.id, row.id));
    if (index % 11 === 0) await db.update(events).set({ deletedAt: new Date() }).where(eq(events.id, row.id));
    if (index % 13 === 0) {
      const p4 = products[4];
      if (!p4) throw new Error('no product');
      await db.update(eventMedications).set({ productId: p4.id, laboratoryId: await laboratoryOfProduct(db, p4.id) }).where(eq(eventMedications.eventId, row.id));
    }
    if (index % 17 === 0) await db.delete(eventMedications).where(eq(eventMedications.eventId, row.id));
  }
  // One statement over many cases.
  await db.update(events).set({ updatedAt: sql`${events.updatedAt} + interval '1 hour'` }).where(eq(events.countryId, uruguay));
}, 120_000);
afterAll(() => database.close());

describe('event_products', () => {
  it('is the projection of events by product_ids after inserts, updates, moves and deletes', async () => {
    const projection = sql`select p.product_id, e.id, e.updated_at, e.status, e.country_id, e.created_by, e.laboratory_ids, e.deleted_at
      from events e cross join lateral unnest(e.product_ids) as p(product_id)`;
    const kept = sql`select product_id, id, updated_at, status, country_id, created_by, laboratory_ids, deleted_at from event_products`;
    const missing = await database.db.execute(sql`(${projection}) except all (${kept})`);
    const extra = await database.db.execute(sql`(${kept}) except all (${projection})`);
    expect(missing.rows).toEqual([]);
    expect(extra.rows).toEqual([]);
    const count = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from event_products where deleted_at is null`);
    expect(Number(count.rows[0]?.n)).toBeGreaterThan(100);
  });
});

describe('the search by product or active ingredient from event_products', () => {
  /** Every page from `start`, moving by `step`, as the pager asks for them. */
  async function walk(user: AuthUser, filters: SearchRequest, start: PagerMove, step: PagerMove, productTable: boolean): Promise<SearchResult[]> {
    const ask = (pageNumber: number, pageKey: string | null) =>
      searchCases(database.db, user, searchRequestSchema.parse({ ...filters, pageNumber, pageKey }), { productTable });
    const first = pageRequestFor(start, { PageNumber: 1, PageCount: 1, FirstKey: null, LastKey: null });
    let page = await ask(first.pageNumber, pageKeyText(first.at) ?? null);
    if (start === 'last') {
      const last = pageRequestFor('last', page);
      page = await ask(last.pageNumber, pageKeyText(last.at) ?? null);
    }
    const pages = [page];
    for (let i = 0; i < 10 && (step === 'next' ? page.PageNext : page.PageBack); i += 1) {
      const request = pageRequestFor(step, page);
      page = await ask(request.pageNumber, pageKeyText(request.at) ?? null);
      pages.push(page);
    }
    return pages;
  }
  const shape = (pages: SearchResult[]) =>
    pages.map((page) => ({ ...page, Result: page.Result.map((row) => ({ ...row, FechaActual: undefined, Dias: undefined })) }));

  it('answers the rows, totals and keys that events alone answered, for every product, the ingredient and their combinations', async () => {
    const [p0, p1, , p3] = products;
    if (!p0 || !p1 || !p3) throw new Error('no products');
    const filters: SearchRequest[] = [
      ...products.map((product) => ({ ProductoId: product.id })),
      { PrincipioActivoId: sharedIngredient },
      { PrincipioActivoId: sharedIngredient, ProductoId: p1.id },
      { PrincipioActivoId: sharedIngredient, ProductoId: p3.id },
      { ProductoId: p0.id, PaisId: uruguay },
      { PrincipioActivoId: sharedIngredient, EstadoId: ER_STATUS.EN_EVALUACION_QPPV },
      { PrincipioActivoId: sharedIngredient, LaboratorioId: await laboratoryOfProduct(database.db, p1.id) },
      // A filter event_products does not carry: the count from events, the page still per product.
      { ProductoId: p0.id, FechaCreacionDesde: '2026-01-01', FechaCreacionHasta: '2026-01-02' },
      // Another order: events alone.
      { ProductoId: p0.id, orderBy: 'FechaCreacion ASC' },
    ];
    let compared = 0;
    for (const user of [qppv, rlf, other]) {
      for (const filter of filters) {
        const body: SearchRequest = { pageSize: 20, ...filter };
        for (const [start, step] of [
          ['first', 'next'],
          ['last', 'previous'],
        ] as const) {
          const fast = await walk(user, body, start, step, true);
          const before = await walk(user, body, start, step, false);
          expect(shape(fast), `${user.role} ${user.countryCode} ${JSON.stringify(filter)} from ${start}`).toEqual(shape(before));
          compared += fast.reduce((sum, page) => sum + page.Result.length, 0);
        }
      }
    }
    // The fixture is not empty: pages of 20 were walked over more than one page.
    expect(compared).toBeGreaterThan(200);
  }, 120_000);
});
