import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Whether a PGlite data directory already holds a database (initdb writes PG_VERSION). */
export function holdsDatabase(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'));
}

/** The message for a data directory the running server holds. */
export function serverRunningMessage(dataDir: string): string {
  return [
    `The server is using the database in ${dataDir}: stop it first (or, on a PostgreSQL server, use pg_dump).`,
    `El servidor está usando la base de datos en ${dataDir}: deténgalo primero (o, con un servidor PostgreSQL, use pg_dump).`,
  ].join('\n');
}

/** A file-name-safe UTC timestamp: 2026-11-22T13-05-00Z. */
export function fileTimestamp(date = new Date()): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z').replaceAll(':', '-');
}
