import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { createTestDatabase } from '../../test-support/db.js';
import { inTransactionCounted } from '../../test-support/pg-connection.js';
import { valueFrequencies } from './queries.js';

describe('the background frequencies of a record, read in a transaction (a case sent scores its candidates in it)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('send one query at a time on its connection: pg 9 drops the queue', async () => {
    const record = {
      caseNumbers: ['UY-2026-0001'],
      initials: 'AEI',
      sex: 'F',
      ageYears: 40,
      countryId: 1,
      onset: '2026-01-02',
      drugIds: [1],
      ingredientIds: [1],
      lltCodes: [10019211],
      ptCodes: [10019211],
      emails: ['paciente@example.com'],
      phones: [],
    };
    const { most, result: frequencies } = await inTransactionCounted(database.db, (tx) => valueFrequencies(tx, record));
    expect(most).toBe(1);
    expect(frequencies.email?.otherwise).toBeGreaterThan(0);
  });
});
