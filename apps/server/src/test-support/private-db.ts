import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, migrate, openDatabase } from '../db/client.js';
import { seedReferenceData } from '../db/seed/index.js';
import { createTestDatabase } from './db.js';

/**
 * A database of the test file's own, for tests that change what every other file reads (the
 * settings: sign-in limits, SMTP). PGlite: the usual fresh copy. PostgreSQL: a scratch database
 * next to DATABASE_URL's, migrated and seeded, dropped by `drop()`, because there the suite's
 * database is shared with test files running at the same time.
 */
export async function privateTestDatabase(label: string): Promise<{ database: Database; drop(): Promise<void> }> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const database = await createTestDatabase();
    return { database, drop: () => database.close() };
  }
  const url = new URL(databaseUrl);
  const name = `${url.pathname.slice(1)}_${label}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await migrate(database);
  await seedReferenceData(database.db);
  return {
    database,
    async drop() {
      await database.close();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
