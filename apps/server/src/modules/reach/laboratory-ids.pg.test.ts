import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { eventMedications, events } from '../../db/schema/index.js';
import { createCase, laboratoryOfProduct } from '../../test-support/cases.js';
import { createProduct } from '../../test-support/catalog.js';
import { createTestDatabase } from '../../test-support/db.js';
import { createUser, type TestUser } from '../../test-support/factories.js';

// Two connections to one PostgreSQL server: concurrent writers of one case's medications.
let first: Database;
let second: Database;
let creator: TestUser;

beforeAll(async () => {
  first = await createTestDatabase();
  second = await createTestDatabase();
  creator = await createUser(first.db, { role: 'RLF' });
});
afterAll(async () => {
  await first.close();
  await second.close();
});

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('events.laboratory_ids under concurrent writers', () => {
  it('keeps a laboratory that a concurrent transaction adds while another removes its last medication', async () => {
    const product = await createProduct(first.db, { countries: ['UY'] });
    const laboratoryId = await laboratoryOfProduct(first.db, product.id);
    const found = await createCase(first.db, { createdBy: creator.id, productIds: [product.id] });

    let release: () => void = () => undefined;
    const held = new Promise<void>((done) => {
      release = done;
    });
    let inserted: () => void = () => undefined;
    const insertDone = new Promise<void>((done) => {
      inserted = done;
    });
    // Writer 1 adds a second medication of the same laboratory (the array does not change) and
    // keeps its transaction open; writer 2 deletes the first medication meanwhile.
    const writer1 = first.db.transaction(async (tx) => {
      await tx.insert(eventMedications).values({ eventId: found.id, productId: product.id, laboratoryId, createdBy: creator.id, lotNumber: 'second' });
      inserted();
      await held;
    });
    await insertDone;
    const deleting = second.db.transaction(async (tx) => {
      const [medication] = await tx
        .select({ id: eventMedications.id })
        .from(eventMedications)
        .where(eq(eventMedications.eventId, found.id));
      if (!medication) throw new Error('no medication');
      await tx.delete(eventMedications).where(eq(eventMedications.id, medication.id));
    });
    // The delete waits for writer 1's lock on the case; give it time to get there.
    await sleep(300);
    release();
    await writer1;
    await deleting;

    const [row] = await first.db.select({ ids: events.laboratoryIds }).from(events).where(eq(events.id, found.id));
    const remaining = await first.db.select({ id: eventMedications.id }).from(eventMedications).where(eq(eventMedications.eventId, found.id));
    expect(remaining).toHaveLength(1);
    expect(row?.ids).toEqual([laboratoryId]);
  });
});
