import { describe, expect, it } from 'vitest';
import { migrateBefore, migrateClient, newMigrationClient } from '../test-support/migrations.js';

/**
 * Migration 0041 adds `signal_country_totals` (docs/signals.md 'The totals by country') and fills
 * it from the counts kept before it: `signal_counts` summed over the month, seriousness, sex and
 * age group, by country, drug, PT and concomitant flag, and under country 0 over every country.
 */
describe('migration 0041 (the Señales totals by country)', () => {
  it('fills the totals from the counts of an existing registry', async () => {
    const client = await newMigrationClient();
    try {
      await migrateBefore(client, '0041_signal_country_totals');
      // Country 1: the pair (ingredient 5, PT 100) in two months, two sexes and both seriousness
      // values; its margins; a concomitant-only row. Country 2: the same pair once.
      await client.exec(`
        insert into signal_counts (month, country_id, serious, sex, age_group, drug_kind, drug_id, pt_code, concomitant, cases) values
          ('2026-01-01', 1, false, 'F', 3, 1, 5, 100, false, 2),
          ('2026-02-01', 1, true, 'M', 4, 1, 5, 100, false, 3),
          ('2026-02-01', 1, true, 'M', 4, 1, 5, 100, true, 1),
          ('2026-01-01', 1, false, 'F', 3, 0, 0, 0, false, 7),
          ('2026-02-01', 1, true, 'M', 4, 0, 0, 0, false, 4),
          ('2026-01-01', 2, false, 'U', 0, 1, 5, 100, false, 1),
          ('2026-01-01', 2, false, 'U', 0, 1, 6, 100, false, 0);`);
      await migrateClient(client);
      const { rows } = await client.query<{ country_id: number; drug_kind: number; drug_id: number; pt_code: number; concomitant: boolean; cases: number }>(
        'select country_id, drug_kind, drug_id, pt_code, concomitant, cases from signal_country_totals order by 1, 2, 3, 4, 5',
      );
      expect(rows).toEqual([
        // Country 0: every country.
        { country_id: 0, drug_kind: 0, drug_id: 0, pt_code: 0, concomitant: false, cases: 11 },
        { country_id: 0, drug_kind: 1, drug_id: 5, pt_code: 100, concomitant: false, cases: 6 },
        { country_id: 0, drug_kind: 1, drug_id: 5, pt_code: 100, concomitant: true, cases: 1 },
        { country_id: 0, drug_kind: 1, drug_id: 6, pt_code: 100, concomitant: false, cases: 0 },
        { country_id: 1, drug_kind: 0, drug_id: 0, pt_code: 0, concomitant: false, cases: 11 },
        { country_id: 1, drug_kind: 1, drug_id: 5, pt_code: 100, concomitant: false, cases: 5 },
        { country_id: 1, drug_kind: 1, drug_id: 5, pt_code: 100, concomitant: true, cases: 1 },
        { country_id: 2, drug_kind: 1, drug_id: 5, pt_code: 100, concomitant: false, cases: 1 },
        { country_id: 2, drug_kind: 1, drug_id: 6, pt_code: 100, concomitant: false, cases: 0 },
      ]);
    } finally {
      await client.close();
    }
  }, 120_000);
});
