import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client.js';
import { createTestDatabase } from './db.js';
import { createFileDatabase } from './pg-databases.js';

/** The database with a `close()` that may be called more than once (a test app closes it too). */
function closingOnce(database: Database): Database {
  // The same object, not a copy: openDatabase keeps its internals under it (migrate needs them).
  const close = database.close.bind(database);
  let closing: Promise<void> | undefined;
  database.close = () => (closing ??= close());
  return database;
}

/**
 * A database that nothing else in the test file opens, for tests that change what the rest of
 * the file reads (the settings: sign-in limits, SMTP). PGlite: the usual fresh copy.
 * PostgreSQL: another copy of the migrated and seeded template. `drop()` closes it (the
 * global tear-down drops the databases); `close()` may be called before (by a test app built on it).
 */
export async function privateTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const baseUrl = inject('atalayaPgBaseUrl');
  if (!baseUrl) {
    const database = closingOnce(await createTestDatabase());
    return { database, drop: () => database.close() };
  }
  const url = await createFileDatabase(baseUrl);
  const database = closingOnce(await openDatabase({ databaseUrl: url }));
  return {
    database,
    // Closed only: the global tear-down drops every file's database at once. A DROP DATABASE
    // while other files CREATE theirs from the template waited past the hook's minute.
    drop: () => database.close(),
  };
}
