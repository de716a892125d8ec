import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { createTestDatabase } from '../../test-support/db.js';
import { inTransactionCounted } from '../../test-support/pg-connection.js';
import { countFailedLogins, insertFailedLoginAttempt } from './queries.js';

describe('the failed sign-ins counted in the transaction that reserves an attempt (login-limits.ts)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('send one query at a time on its connection (pg 9 drops the queue), and count by e-mail and by address', async () => {
    await insertFailedLoginAttempt(database.db, { email: 'a@demo.atalaya', ip: '10.0.0.1' });
    await insertFailedLoginAttempt(database.db, { email: 'b@demo.atalaya', ip: '10.0.0.1' });
    const { most, result: counts } = await inTransactionCounted(database.db, (tx) => countFailedLogins(tx, 'a@demo.atalaya', '10.0.0.1', new Date(Date.now() - 60_000)));
    expect(most).toBe(1);
    expect(counts).toEqual({ byEmail: 1, byIp: 2 });
  });
});
