import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/**
 * What a test of one migration needs: a new embedded database migrated up to just before the
 * migration, given the rows written before it, then migrated to the end.
 */

/** The committed migrations. */
export const DRIZZLE_FOLDER = fileURLToPath(new URL('../../drizzle/', import.meta.url));

/** A new embedded database with the extensions the migrations create (client.ts loads the same). */
export function newMigrationClient(): Promise<PGlite> {
  return PGlite.create({ extensions: { pg_trgm, fuzzystrmatch, unaccent } });
}

/** Applies the migrations of `folder` (the committed ones by default) that the database lacks. */
export async function migrateClient(client: PGlite, folder = DRIZZLE_FOLDER): Promise<void> {
  await migrate(drizzle(client), { migrationsFolder: folder });
}

/**
 * Migrates the database up to, not including, the migration `tag`: from a copy of the migrations
 * folder whose journal stops there, removed afterwards.
 */
export async function migrateBefore(client: PGlite, tag: string): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'atalaya-migrations-'));
  try {
    await cp(DRIZZLE_FOLDER, folder, { recursive: true });
    const journal = JSON.parse(await readFile(join(DRIZZLE_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const stop = journal.entries.findIndex((entry) => entry.tag === tag);
    if (stop <= 0) throw new Error(`No migration ${tag} after the first`);
    await writeFile(join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, stop) }));
    await migrateClient(client, folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
