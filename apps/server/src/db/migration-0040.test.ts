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
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Migration 0040 moves the default duplicate threshold from 15 to 22 bits (docs/duplicates.md
 * 'Calibración del umbral'): a database still holding the old default that no administrator set
 * takes the new one; a value an administrator chose, even 15, stays. Each database is migrated to
 * 0039, given its setting, then migrated to the end.
 */
const drizzleFolder = fileURLToPath(new URL('../../drizzle/', import.meta.url));
const folders: string[] = [];

/** A copy of the migrations folder whose journal stops before `tag`. */
async function migrationsBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'atalaya-migrations-'));
  folders.push(folder);
  await cp(drizzleFolder, folder, { recursive: true });
  const journal = JSON.parse(await readFile(join(drizzleFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const stop = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(stop).toBeGreaterThan(0);
  await writeFile(join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, stop) }));
  return folder;
}

/** The threshold after migrating a database whose setting was written before 0040 as `before` (by an administrator when `updatedBy`). */
async function thresholdAfter(before: string, updatedBy: boolean): Promise<string> {
  const client = await PGlite.create({ extensions: { pg_trgm, fuzzystrmatch, unaccent } });
  try {
    await migrate(drizzle(client), { migrationsFolder: await migrationsBefore('0040_duplicate_threshold_22') });
    await client.query(
      `insert into settings (name, description, value, type_value, group_setting, updated_by)
       values ('cases.duplicateThreshold', 'Puntaje mínimo', $1, 'number', 'Evento Reportable', $2)`,
      [before, updatedBy ? '00000000-0000-4000-8000-000000000001' : null],
    );
    await migrate(drizzle(client), { migrationsFolder: drizzleFolder });
    const { rows } = await client.query<{ value: string }>(`select value from settings where name = 'cases.duplicateThreshold'`);
    return rows[0]!.value;
  } finally {
    await client.close();
  }
}

describe('migration 0040 (the default duplicate threshold, 22 bits)', () => {
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it('moves the old default that nobody chose to 22', async () => {
    expect(await thresholdAfter('15', false)).toBe('22');
  }, 120_000);

  it('keeps a value an administrator chose, 15 included, and any other value', async () => {
    expect(await thresholdAfter('15', true)).toBe('15');
    expect(await thresholdAfter('18', false)).toBe('18');
  }, 240_000);
});
