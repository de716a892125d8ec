import { describe, expect, it } from 'vitest';
import { migrateBefore, migrateClient, newMigrationClient } from '../test-support/migrations.js';

/**
 * Migration 0040 moves the default duplicate threshold from 15 to 22 bits (docs/duplicates.md
 * 'Calibración del umbral'): a database still holding the old default that no administrator set
 * takes the new one; a value an administrator chose, even 15, stays. Each database is migrated to
 * 0039, given its setting, then migrated to the end.
 */
/** The threshold after migrating a database whose setting was written before 0040 as `before` (by an administrator when `updatedBy`). */
async function thresholdAfter(before: string, updatedBy: boolean): Promise<string> {
  const client = await newMigrationClient();
  try {
    await migrateBefore(client, '0040_duplicate_threshold_22');
    await client.query(
      `insert into settings (name, description, value, type_value, group_setting, updated_by)
       values ('cases.duplicateThreshold', 'Puntaje mínimo', $1, 'number', 'Evento Reportable', $2)`,
      [before, updatedBy ? '00000000-0000-4000-8000-000000000001' : null],
    );
    await migrateClient(client);
    const { rows } = await client.query<{ value: string }>(`select value from settings where name = 'cases.duplicateThreshold'`);
    return rows[0]!.value;
  } finally {
    await client.close();
  }
}

describe('migration 0040 (the default duplicate threshold, 22 bits)', () => {
  it('moves the old default that nobody chose to 22', async () => {
    expect(await thresholdAfter('15', false)).toBe('22');
  }, 120_000);

  it('keeps a value an administrator chose, 15 included, and any other value', async () => {
    expect(await thresholdAfter('15', true)).toBe('15');
    expect(await thresholdAfter('18', false)).toBe('18');
  }, 240_000);
});
