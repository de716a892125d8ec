import { describe, expect, it } from 'vitest';
import { migrateBefore, migrateClient, newMigrationClient } from '../test-support/migrations.js';

/**
 * Migration 0042 adds country 0 to `indicator_counts` (docs/indicators.md 'How it stays fast'): the rows of
 * every country summed element by element, one per set of laboratories, filled from the counts kept
 * before it; from then on the triggers move it with each country's row.
 */
describe('migration 0042 (the indicator counts of every country)', () => {
  it("fills country 0 from the countries' rows of an existing registry", async () => {
    const client = await newMigrationClient();
    try {
      await migrateBefore(client, '0042_indicator_counts_every_country');
      // Laboratories {1} in two countries (arrays of different lengths, a gap left null by the
      // triggers), {1,2} in one; a row whose counts fell to zero.
      await client.exec(`
        insert into indicator_counts (country_id, laboratory_ids, by_status, by_age, by_sub_group) values
          (1, '{1}', '{2,3}', '{NULL,4,1}', '{1,NULL,2}'),
          (2, '{1}', '{1,0,5}', '{1}', '{NULL,NULL,NULL,7}'),
          (1, '{1,2}', '{0,6}', '{}', '{3}'),
          (3, '{2}', '{0,0}', '{}', '{}');`);
      await migrateClient(client);
      const { rows } = await client.query<{ laboratory_ids: number[]; by_status: (number | null)[]; by_age: (number | null)[]; by_sub_group: (number | null)[] }>(
        'select laboratory_ids, by_status, by_age, by_sub_group from indicator_counts where country_id = 0 order by laboratory_ids',
      );
      expect(rows).toEqual([
        { laboratory_ids: [1], by_status: [3, 3, 5], by_age: [1, 4, 1], by_sub_group: [1, null, 2, 7] },
        { laboratory_ids: [1, 2], by_status: [0, 6], by_age: [], by_sub_group: [3] },
        { laboratory_ids: [2], by_status: [0, 0], by_age: [], by_sub_group: [] },
      ]);
      // The countries' rows are left as they were.
      const countries = await client.query<{ n: number }>('select count(*)::int as n from indicator_counts where country_id <> 0');
      expect(countries.rows[0]?.n).toBe(4);
    } finally {
      await client.close();
    }
  }, 120_000);
});
