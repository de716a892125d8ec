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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Migration 0013 turns the laboratory grants written before it (a laboratory with whatever
 * country the form sent, sometimes the same laboratory twice) into grants of the four kinds.
 * The database is migrated to 0012, given such rows, then migrated to the end.
 */
const drizzleFolder = fileURLToPath(new URL('../../drizzle/', import.meta.url));

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** A copy of the migrations folder whose journal stops before `tag`. */
async function migrationsBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'atalaya-migrations-'));
  await cp(drizzleFolder, folder, { recursive: true });
  const journal = JSON.parse(await readFile(join(drizzleFolder, 'meta/_journal.json'), 'utf8')) as Journal;
  const stop = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(stop).toBeGreaterThan(0);
  await writeFile(join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, stop) }));
  return folder;
}

describe('migration 0013 (laboratory grants of four kinds)', () => {
  let client: PGlite;
  let folder: string;

  beforeAll(async () => {
    // The extensions the migrations create (client.ts loads the same).
    client = await PGlite.create({ extensions: { pg_trgm, fuzzystrmatch, unaccent } });
    folder = await migrationsBefore('0013_user_laboratory_grants');
    await migrate(drizzle(client), { migrationsFolder: folder });
    await client.exec(`
      insert into roles (id, name, home_url) values (2, 'RLF', '/workflow') on conflict do nothing;
      insert into countries (id, code, name, time_zone) values (901, 'X1', 'Uno', 'UTC'), (902, 'X2', 'Dos', 'UTC');
      insert into companies (id, code, name, country_id) values (911, 'C1', 'Compañía', 901);
      insert into laboratories (id, code, name, company_id, country_id) values (921, 'L1', 'Lab uno', 911, 901), (922, 'L2', 'Lab dos', 911, 901);
      insert into users (id, email, password_hash, role_id, country_id, first_name, last_name)
        values ('00000000-0000-4000-8000-000000000001', 'rlf@migracion.test', 'x', 2, 901, 'Ana', 'Pérez');
      -- Before 0013: the laboratory with another country, the same laboratory twice, a whole country, all.
      insert into user_laboratories (id, user_id, laboratory_id, country_id) values
        (1, '00000000-0000-4000-8000-000000000001', 921, 902),
        (2, '00000000-0000-4000-8000-000000000001', 921, 901),
        (3, '00000000-0000-4000-8000-000000000001', 922, null),
        (4, '00000000-0000-4000-8000-000000000001', null, 902);
    `);
    await migrate(drizzle(client), { migrationsFolder: drizzleFolder });
  }, 120_000);

  afterAll(async () => {
    await client.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("gives each laboratory grant its laboratory's company and country and keeps a laboratory once", async () => {
    const rows = await client.query<{ id: number; laboratory_id: number | null; company_id: number | null; country_id: number | null }>(
      'select id, laboratory_id, company_id, country_id from user_laboratories order by id',
    );
    expect(rows.rows).toEqual([
      { id: 1, laboratory_id: 921, company_id: 911, country_id: 901 },
      { id: 3, laboratory_id: 922, company_id: 911, country_id: 901 },
      { id: 4, laboratory_id: null, company_id: null, country_id: 902 },
    ]);
  });

  it('refuses afterwards a laboratory grant whose company or country is not the catalogue’s', async () => {
    await expect(
      client.query(`insert into user_laboratories (user_id, laboratory_id, company_id, country_id) values ('00000000-0000-4000-8000-000000000001', 922, 911, 902)`),
    ).rejects.toThrow();
    await expect(
      client.query(`insert into user_laboratories (user_id, laboratory_id, company_id, country_id) values ('00000000-0000-4000-8000-000000000001', 922, null, null)`),
    ).rejects.toThrow();
  });
});
