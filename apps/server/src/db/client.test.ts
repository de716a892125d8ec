import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test-support/db.js';
import { migrate, openDatabase, type Database } from './client.js';
import { roles } from './schema/index.js';

describe('test database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('has every migration applied and answers typed queries', async () => {
    const result = await database.db.execute<{ count: number }>(
      sql`select count(*)::int as count from information_schema.tables where table_schema = 'public'`,
    );
    expect(result.rows[0]?.count).toBeGreaterThan(10);
    await expect(database.db.select().from(roles)).resolves.toBeInstanceOf(Array);
  });

  it('applies the migrations again without change (idempotent start)', async () => {
    await expect(migrate(database)).resolves.toBeUndefined();
  });
});

describe('embedded data directory', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'atalaya-db-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('migrates a fresh directory, refuses a second open while in use and reopens after close', async () => {
    const first = await openDatabase({ dataDir });
    await migrate(first);
    await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by process .* está en uso/s);
    await first.close();

    const again = await openDatabase({ dataDir });
    await expect(again.db.select().from(roles)).resolves.toEqual([]);
    await again.close();
    // A fresh PGlite directory (initdb, every migration, two opens): ~7 s alone, but it passed
    // the 30 s default on the 2-core CI machine under load with a second Vitest worker.
  }, 120_000);
});
