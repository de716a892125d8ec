import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';

let dump: Promise<Blob> | undefined;

/**
 * A migrated database for one test file: a fresh in-memory PGlite loaded from the dump the
 * global set-up made, or a connection to DATABASE_URL, which on the PostgreSQL server names
 * the file's own copy of the template (file-database.ts). Close it in `afterAll`.
 */
export async function createTestDatabase(): Promise<Database> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) return openDatabase({ databaseUrl });
  const dumpPath = inject('atalayaDatabaseDump');
  dump ??= readFile(dumpPath).then((bytes) => new Blob([bytes]));
  return openDatabase({ dataDir: 'memory://', loadDataDir: await dump });
}
