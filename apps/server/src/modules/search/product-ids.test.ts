import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { eventMedications, events, productIngredients } from '../../db/schema/index.js';
import { createCase, laboratoryOfProduct } from '../../test-support/cases.js';
import { createProduct, type TestProduct } from '../../test-support/catalog.js';
import { createTestDatabase } from '../../test-support/db.js';
import { createUser } from '../../test-support/factories.js';
import { ingredientProductIds, searchConditions } from './queries.js';

/*
 * The search's product, active-ingredient and laboratory filters read the case's own arrays
 * (events.product_ids, events.laboratory_ids, kept by the medicines' triggers of migrations 0009
 * and 0030) instead of a subquery per case: the cases they find are the ones the subqueries
 * found (docs/performance-plans.md).
 */

let database: Database;
let userId: string;
let products: TestProduct[];
const laboratoryOf = new Map<number, number>();
const lab = (product: TestProduct): number => laboratoryOf.get(product.id) ?? 0;

/** The arrays of a case. */
async function arraysOf(id: string): Promise<{ products: number[]; laboratories: number[] }> {
  const [row] = await database.db.select({ products: events.productIds, laboratories: events.laboratoryIds }).from(events).where(eq(events.id, id));
  if (!row) throw new Error('no case');
  return row;
}

beforeAll(async () => {
  database = await createTestDatabase();
  userId = (await createUser(database.db, { role: 'QPPV' })).id;
  products = [];
  for (let i = 0; i < 4; i += 1) {
    const product = await createProduct(database.db, { countries: ['UY'] });
    products.push(product);
    laboratoryOf.set(product.id, await laboratoryOfProduct(database.db, product.id));
  }
  // Two products share an active ingredient.
  const [first, second] = products;
  if (!first || !second) throw new Error('no products');
  const [shared] = await database.db.select({ id: productIngredients.activeIngredientId }).from(productIngredients).where(eq(productIngredients.productId, first.id));
  if (!shared) throw new Error('no ingredient');
  await database.db.insert(productIngredients).values({ productId: second.id, activeIngredientId: shared.id });
});
afterAll(() => database.close());

const ids = (list: TestProduct[]) => list.map((product) => product.id);
const sorted = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);

describe('events.product_ids', () => {
  it('holds the distinct products of the case’s medicines after inserts, updates and deletes, one statement for many cases', async () => {
    const [p1, p2, p3, p4] = products;
    if (!p1 || !p2 || !p3 || !p4) throw new Error('no products');
    const a = await createCase(database.db, { createdBy: userId, productIds: [p2.id, p1.id, p2.id] });
    const b = await createCase(database.db, { createdBy: userId, productIds: [] });
    expect((await arraysOf(a.id)).products).toEqual(sorted([p1.id, p2.id]));
    expect((await arraysOf(b.id)).products).toEqual([]);

    // One insert statement for two cases.
    await database.db.insert(eventMedications).values([
      { eventId: a.id, productId: p3.id, laboratoryId: lab(p3), createdBy: userId },
      { eventId: b.id, productId: p4.id, laboratoryId: lab(p4), createdBy: userId },
    ]);
    expect(await arraysOf(a.id)).toEqual({ products: sorted([p1.id, p2.id, p3.id]), laboratories: sorted([lab(p1), lab(p2), lab(p3)]) });
    expect(await arraysOf(b.id)).toEqual({ products: [p4.id], laboratories: [lab(p4)] });

    // A medicine moved to another product and another case; then deleted.
    await database.db
      .update(eventMedications)
      .set({ productId: p4.id, laboratoryId: lab(p4), eventId: b.id })
      .where(sql`${eventMedications.eventId} = ${a.id} and ${eventMedications.productId} = ${p3.id}`);
    expect((await arraysOf(a.id)).products).toEqual(sorted([p1.id, p2.id]));
    expect((await arraysOf(b.id)).products).toEqual([p4.id]);
    await database.db.delete(eventMedications).where(sql`${eventMedications.eventId} = ${a.id} and ${eventMedications.productId} = ${p2.id}`);
    expect(await arraysOf(a.id)).toEqual({ products: [p1.id], laboratories: [lab(p1)] });
  });

  it('makes the product, ingredient and laboratory filters find the cases the medicines’ subqueries found', async () => {
    const [p1, p2, p3, p4] = products;
    if (!p1 || !p2 || !p3 || !p4) throw new Error('no products');
    for (const list of [[p1], [p2], [p1, p3], [p3, p4], [p2, p2, p4], [p4], []]) await createCase(database.db, { createdBy: userId, productIds: ids(list) });

    const caseIds = async (condition: ReturnType<typeof sql>) =>
      (await database.db.execute<{ id: string }>(sql`select ${events.id} as id from ${events} where ${condition} order by 1`)).rows.map((row) => row.id);
    const where = (conditions: ReturnType<typeof sql>[]) => sql.join(conditions, sql` and `);
    const ingredients = (await database.db.execute<{ id: number }>(sql`select distinct active_ingredient_id as id from product_ingredients`)).rows.map((row) => Number(row.id));
    const laboratories = (await database.db.execute<{ id: number }>(sql`select distinct laboratory_id as id from event_medications`)).rows.map((row) => Number(row.id));
    expect(ingredients.length).toBeGreaterThan(3);

    for (const product of products) {
      const now = await caseIds(where(searchConditions({ ProductoId: product.id }, 'UTC')));
      const before = await caseIds(sql`exists (select 1 from event_medications m where m.event_id = events.id and m.product_id = ${product.id})`);
      expect(now).toEqual(before);
      expect(now.length).toBeGreaterThan(0);
    }
    for (const ingredient of ingredients) {
      const now = await caseIds(where(searchConditions({ PrincipioActivoId: ingredient }, 'UTC', await ingredientProductIds(database.db, ingredient))));
      const before = await caseIds(sql`exists (select 1 from event_medications m where m.event_id = events.id and m.product_id in (
        select product_id from product_ingredients where active_ingredient_id = ${ingredient}))`);
      expect(now).toEqual(before);
    }
    for (const laboratory of laboratories) {
      const now = await caseIds(where(searchConditions({ LaboratorioId: laboratory }, 'UTC')));
      const before = await caseIds(sql`exists (select 1 from event_medications m where m.event_id = events.id and m.laboratory_id = ${laboratory})`);
      expect(now).toEqual(before);
    }
  });
});
