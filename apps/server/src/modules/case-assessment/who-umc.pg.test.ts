import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { createTestDatabase } from '../../test-support/db.js';
import { inTransactionCounted } from '../../test-support/pg-connection.js';
import { loadWhoUmcPairs } from './who-umc.js';

describe('the WHO-UMC pairs read in a transaction (a save reads them back in its own)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('send one query at a time on its connection: pg 9 drops the queue', async () => {
    const { most } = await inTransactionCounted(database.db, (tx) => loadWhoUmcPairs(tx, randomUUID()));
    expect(most).toBe(1);
  });
});
