import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, migrate, openDatabase } from '../db/client.js';
import { seedReferenceData } from '../db/seed/index.js';
import { createTestDatabase } from './db.js';

/** The database with a `close()` that may be called more than once (a test app closes it too). */
function closingOnce(database: Database): Database {
  // The same object, not a copy: openDatabase keeps its internals under it (migrate needs them).
  const close = database.close.bind(database);
  let closing: Promise<void> | undefined;
  database.close = () => (closing ??= close());
  return database;
}

/**
 * A database of the test file's own, for tests that change what every other file reads (the
 * settings: sign-in limits, SMTP). PGlite: the usual fresh copy. PostgreSQL: a scratch database
 * next to DATABASE_URL's, migrated and seeded, dropped by `drop()`, because there the suite's
 * database is shared with test files running at the same time. `close()` may be called before
 * `drop()` (by a test app built on it).
 */
export async function privateTestDatabase(label: string): Promise<{ database: Database; drop(): Promise<void> }> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const database = closingOnce(await createTestDatabase());
    return { database, drop: () => database.close() };
  }
  const url = new URL(databaseUrl);
  const name = `${url.pathname.slice(1)}_${label}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  url.pathname = `/${name}`;
  const database = closingOnce(await openDatabase({ databaseUrl: url.toString() }));
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
