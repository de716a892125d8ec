import { emptyDuplicateRecord } from '@atalaya/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { createCase } from '../../test-support/cases.js';
import { createTestDatabase } from '../../test-support/db.js';
import { createUser } from '../../test-support/factories.js';
import { inTransactionCounted } from '../../test-support/pg-connection.js';
import { COUNT_FLOOR, valueFrequencies } from './queries.js';

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

  it('on an analysed registry: the country from pg_stats, the e-mail counted over its estimate of the cases, in two statements', async () => {
    const { db } = database;
    const user = await createUser(db, { role: 'QPPV' });
    const cases = [];
    for (let index = 0; index < 30; index++) cases.push(await createCase(db, { createdBy: user.id }));
    await db.execute(sql`analyze events`);
    const estimate = Number((await db.execute<{ n: number }>(sql`select reltuples as n from pg_class where oid = to_regclass('events')`)).rows[0]?.n);
    expect(estimate).toBeGreaterThanOrEqual(30);
    const countryId = cases[0]!.countryId;
    const record = { ...emptyDuplicateRecord(), countryId, emails: ['nadie@example.com'] };
    const { sent, result: frequencies } = await inTransactionCounted(db, (tx) => valueFrequencies(tx, record));
    // The statistics (with the number of cases) and the e-mail's count: no statement for the estimate.
    expect(sent).toBe(2);
    expect(frequencies.country?.known.get(String(countryId))).toBeGreaterThan(0);
    expect(frequencies.email?.otherwise).toBeCloseTo(1 / (Math.max(COUNT_FLOOR, estimate) + 1), 12);
  });
});
