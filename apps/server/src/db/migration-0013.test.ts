import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateBefore, migrateClient, newMigrationClient } from '../test-support/migrations.js';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Migration 0013 turns the laboratory grants written before it (a laboratory with whatever
 * country the form sent, sometimes the same laboratory twice) into grants of the four kinds.
 * The database is migrated to 0012, given such rows, then migrated to the end.
 */
describe('migration 0013 (laboratory grants of four kinds)', () => {
  let client: PGlite;

  beforeAll(async () => {
    client = await newMigrationClient();
    await migrateBefore(client, '0013_user_laboratory_grants');
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
    await migrateClient(client);
  }, 120_000);

  afterAll(async () => {
    await client.close();
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
