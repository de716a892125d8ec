import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test-support/db.js';
import type { Database } from './client.js';
import { nextReferenceSequence } from './reference-sequences.js';

describe('reference sequences', () => {
  let database: Database;
  // A prefix of its own, so the test can share a PostgreSQL database with others.
  const prefix = `T${crypto.randomUUID().slice(0, 8)}`;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('counts from 1 per prefix and year', async () => {
    expect(await nextReferenceSequence(database.db, prefix, 2026)).toBe(1);
    expect(await nextReferenceSequence(database.db, prefix, 2026)).toBe(2);
    expect(await nextReferenceSequence(database.db, prefix, 2027)).toBe(1);
  });

  it('never hands out the same number twice, even to concurrent callers', async () => {
    const values = await Promise.all(
      Array.from({ length: 20 }, () => database.db.transaction((tx) => nextReferenceSequence(tx, prefix, 2030))),
    );
    expect(new Set(values).size).toBe(20);
    expect(Math.max(...values)).toBe(20);
  });

  it('gives the number back when the transaction rolls back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await nextReferenceSequence(tx, prefix, 2031);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await nextReferenceSequence(database.db, prefix, 2031)).toBe(1);
  });
});
