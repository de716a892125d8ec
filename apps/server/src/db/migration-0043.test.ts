import { describe, expect, it } from 'vitest';
import { migrateBefore, migrateClient, newMigrationClient } from '../test-support/migrations.js';

/**
 * Migration 0043 adds `indicator_hours` (docs/indicators.md 'How it stays fast'): per hour of
 * `created_at` in UTC, the cases the Indicadores cards count — not deleted, not a duplicate, sent —
 * and those with a laboratory, filled from the cases already registered; from then on its
 * triggers move it with every write of `events`.
 */
describe('migration 0043 (the cases of each hour for the cards over every country)', () => {
  it('fills the hours from the cases of an existing registry, then follows their writes', async () => {
    const client = await newMigrationClient();
    try {
      await migrateBefore(client, '0043_indicator_hours');
      // The cases alone, without their reference rows (users, countries, statuses): the foreign
      // keys and the other tables' triggers are not what this migration reads.
      const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
      const row = (n: number, createdAt: string, status: number, labs: string, extra = { deleted: 'null', duplicateOf: 'null' }) =>
        `('${id(n)}', 'm${n}', 'R-${n}', ${status}, 1, 1, 1, '${id(99)}', '${createdAt}', '${labs}', ${extra.deleted}, ${extra.duplicateOf})`;
      await client.exec(`
        set session_replication_role = replica;
        insert into events (id, meta, reference_number, status, group_id, sub_group_id, country_id, created_by, created_at, laboratory_ids, deleted_at, duplicate_of_event_id) values
          ${row(1, '2026-11-02T10:00:00Z', 2, '{1}')},
          ${row(2, '2026-11-02T10:59:59.999Z', 6, '{}')},
          ${row(3, '2026-11-02T07:30:00-03:00', 3, '{1,2}')},
          ${row(4, '2026-11-02T11:00:00Z', 1, '{1}')},
          ${row(5, '2026-11-02T11:20:00Z', 2, '{1}', { deleted: "'2026-11-03T00:00:00Z'", duplicateOf: 'null' })},
          ${row(6, '2026-11-02T11:40:00Z', 2, '{1}', { deleted: 'null', duplicateOf: `'${id(1)}'` })},
          ${row(7, '2026-11-02T12:00:00Z', 11, '{}')};
        set session_replication_role = origin;`);
      await migrateClient(client);
      const hours = async () =>
        (await client.query<{ hour: string; sent: number; sent_with_laboratory: number }>(
          "select to_char(hour at time zone 'UTC', 'HH24:MI') as hour, sent, sent_with_laboratory from indicator_hours where sent <> 0 or sent_with_laboratory <> 0 order by 1",
        )).rows;
      // 10:00 holds cases 1, 2 and 3 (07:30 at -03:00); 11:00 none (a Pendiente, a deleted case, a
      // duplicate); 12:00 an annulled report, without a laboratory.
      expect(await hours()).toEqual([
        { hour: '10:00', sent: 3, sent_with_laboratory: 2 },
        { hour: '12:00', sent: 1, sent_with_laboratory: 0 },
      ]);
      // With only these triggers on: case 2 is deleted outright; the Pendiente is sent; the
      // duplicate is no longer one; case 3 moves to 12:00 and loses its laboratories; the annulled
      // report is deleted.
      await client.exec(`
        alter table events disable trigger all;
        alter table events enable trigger atalaya_indicator_hours_insert;
        alter table events enable trigger atalaya_indicator_hours_update;
        alter table events enable trigger atalaya_indicator_hours_delete;
        delete from events where id = '${id(2)}';
        update events set status = 2 where id = '${id(4)}';
        update events set duplicate_of_event_id = null where id = '${id(6)}';
        update events set created_at = '2026-11-02T12:05:00Z', laboratory_ids = '{}' where id = '${id(3)}';
        delete from events where id = '${id(7)}';`);
      expect(await hours()).toEqual([
        { hour: '10:00', sent: 1, sent_with_laboratory: 1 },
        { hour: '11:00', sent: 2, sent_with_laboratory: 2 },
        { hour: '12:00', sent: 1, sent_with_laboratory: 0 },
      ]);
    } finally {
      await client.close();
    }
  }, 120_000);
});
