import { ER_STATUS } from '@atalaya/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { eventMedications, events } from '../../db/schema/index.js';
import { createCase, laboratoryOfProduct } from '../../test-support/cases.js';
import { createProduct } from '../../test-support/catalog.js';
import { createTestDatabase } from '../../test-support/db.js';
import { createUser, type TestUser } from '../../test-support/factories.js';
import { caseReach } from './reach.js';

let database: Database;
let creator: TestUser;

beforeAll(async () => {
  database = await createTestDatabase();
  creator = await createUser(database.db, { role: 'RLF' });
});
afterAll(() => database.close());

/** A new product of its own laboratory, and that laboratory's id. */
async function newLaboratory(): Promise<{ productId: number; laboratoryId: number }> {
  const product = await createProduct(database.db, { countries: ['UY'] });
  return { productId: product.id, laboratoryId: await laboratoryOfProduct(database.db, product.id) };
}

async function laboratoryIdsOf(caseId: string): Promise<number[]> {
  const [row] = await database.db.select({ ids: events.laboratoryIds }).from(events).where(eq(events.id, caseId));
  if (!row) throw new Error('case not found');
  return row.ids;
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe('events.laboratory_ids follows the case medications', () => {
  it('holds the distinct laboratories of the medications inserted with the case, one per statement or many', async () => {
    const a = await newLaboratory();
    const b = await newLaboratory();
    // createCase inserts one medication per statement; a, b and a again.
    const found = await createCase(database.db, { createdBy: creator.id, productIds: [a.productId, b.productId, a.productId] });
    expect(await laboratoryIdsOf(found.id)).toEqual(sorted([a.laboratoryId, b.laboratoryId]));

    // One multi-row statement over two cases.
    const c = await newLaboratory();
    const first = await createCase(database.db, { createdBy: creator.id, productIds: [] });
    const second = await createCase(database.db, { createdBy: creator.id, productIds: [b.productId] });
    await database.db.insert(eventMedications).values([
      { eventId: first.id, productId: c.productId, laboratoryId: c.laboratoryId, createdBy: creator.id },
      { eventId: first.id, productId: a.productId, laboratoryId: a.laboratoryId, createdBy: creator.id },
      { eventId: second.id, productId: c.productId, laboratoryId: c.laboratoryId, createdBy: creator.id },
    ]);
    expect(await laboratoryIdsOf(first.id)).toEqual(sorted([a.laboratoryId, c.laboratoryId]));
    expect(await laboratoryIdsOf(second.id)).toEqual(sorted([b.laboratoryId, c.laboratoryId]));
  });

  it('follows a medication whose laboratory changes, and one moved to another case', async () => {
    const a = await newLaboratory();
    const b = await newLaboratory();
    const c = await newLaboratory();
    const one = await createCase(database.db, { createdBy: creator.id, productIds: [a.productId, b.productId] });
    const other = await createCase(database.db, { createdBy: creator.id, productIds: [] });
    const [medication] = await database.db
      .select({ id: eventMedications.id })
      .from(eventMedications)
      .where(and(eq(eventMedications.eventId, one.id), eq(eventMedications.laboratoryId, b.laboratoryId)));
    if (!medication) throw new Error('medication not found');

    await database.db.update(eventMedications).set({ productId: c.productId, laboratoryId: c.laboratoryId }).where(eq(eventMedications.id, medication.id));
    expect(await laboratoryIdsOf(one.id)).toEqual(sorted([a.laboratoryId, c.laboratoryId]));

    // A change that does not touch the laboratory leaves the array as it is.
    await database.db.update(eventMedications).set({ lotNumber: 'L-1' }).where(eq(eventMedications.eventId, one.id));
    expect(await laboratoryIdsOf(one.id)).toEqual(sorted([a.laboratoryId, c.laboratoryId]));

    await database.db.update(eventMedications).set({ eventId: other.id }).where(eq(eventMedications.id, medication.id));
    expect(await laboratoryIdsOf(one.id)).toEqual([a.laboratoryId]);
    expect(await laboratoryIdsOf(other.id)).toEqual([c.laboratoryId]);
  });

  it('drops a laboratory when its last medication of the case is deleted, and empties the array with the last one', async () => {
    const a = await newLaboratory();
    const b = await newLaboratory();
    const found = await createCase(database.db, { createdBy: creator.id, productIds: [a.productId, a.productId, b.productId] });
    const [firstOfA] = await database.db
      .select({ id: eventMedications.id })
      .from(eventMedications)
      .where(and(eq(eventMedications.eventId, found.id), eq(eventMedications.laboratoryId, a.laboratoryId)))
      .limit(1);
    if (!firstOfA) throw new Error('medication not found');

    await database.db.delete(eventMedications).where(eq(eventMedications.id, firstOfA.id));
    expect(await laboratoryIdsOf(found.id)).toEqual(sorted([a.laboratoryId, b.laboratoryId]));
    await database.db.delete(eventMedications).where(and(eq(eventMedications.eventId, found.id), eq(eventMedications.laboratoryId, a.laboratoryId)));
    expect(await laboratoryIdsOf(found.id)).toEqual([b.laboratoryId]);
    await database.db.delete(eventMedications).where(eq(eventMedications.eventId, found.id));
    expect(await laboratoryIdsOf(found.id)).toEqual([]);
  });

  it('leaves no trace of a medication whose transaction rolls back', async () => {
    const a = await newLaboratory();
    const b = await newLaboratory();
    const found = await createCase(database.db, { createdBy: creator.id, productIds: [a.productId] });
    const rollback = new Error('rollback');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(eventMedications).values({ eventId: found.id, productId: b.productId, laboratoryId: b.laboratoryId, createdBy: creator.id });
        const [inside] = await tx.select({ ids: events.laboratoryIds }).from(events).where(eq(events.id, found.id));
        // Written in the same transaction as the medication.
        expect(inside?.ids).toEqual(sorted([a.laboratoryId, b.laboratoryId]));
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await laboratoryIdsOf(found.id)).toEqual([a.laboratoryId]);
  });

  it('is what laboratory reach reads: a Fabricante sees a case once a medication of its laboratory is added, and not after it is removed', async () => {
    const mine = await newLaboratory();
    const fabricante = await createUser(database.db, { role: 'Fabricante', laboratories: [{ laboratoryId: mine.laboratoryId }] });
    const reach = { id: fabricante.id, role: 'Fabricante' as const, countryCode: 'UY' };
    const found = await createCase(database.db, { createdBy: creator.id, status: ER_STATUS.EN_ESPERA_FABRICANTE, productIds: [] });
    const visible = async (laboratoryIds?: number[]) =>
      (await database.db.select({ id: events.id }).from(events).where(and(eq(events.id, found.id), caseReach(reach, laboratoryIds)))).length === 1;

    expect(await visible()).toBe(false);
    await database.db.insert(eventMedications).values({ eventId: found.id, productId: mine.productId, laboratoryId: mine.laboratoryId, createdBy: creator.id });
    expect(await visible()).toBe(true);
    expect(await visible([mine.laboratoryId])).toBe(true);
    await database.db.delete(eventMedications).where(eq(eventMedications.eventId, found.id));
    expect(await visible()).toBe(false);
    expect(await visible([mine.laboratoryId])).toBe(false);
  });

  it('agrees with the medications on every case of the database', async () => {
    const rows = await database.db.execute<{ mismatches: number | string }>(sql`
      select count(*) as mismatches from ${events} e
      where e.laboratory_ids is distinct from coalesce(
        (select array_agg(distinct m.laboratory_id order by m.laboratory_id) from ${eventMedications} m where m.event_id = e.id), '{}')`);
    expect(Number(rows.rows[0]?.mismatches)).toBe(0);
  });
});
