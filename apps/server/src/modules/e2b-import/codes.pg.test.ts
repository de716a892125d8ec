import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { createTestDatabase } from '../../test-support/db.js';
import { inTransactionCounted } from '../../test-support/pg-connection.js';
import { referenceCodes } from './codes.js';

describe('the reference codes an import maps back, read in its transaction', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('send one query at a time on its connection (pg 9 drops the queue), and still map the seeded codes', async () => {
    const { most, result: codes } = await inTransactionCounted(database.db, (tx) => referenceCodes(tx));
    expect(most).toBe(1);
    expect(codes.Via.size).toBeGreaterThan(0);
  });
});
