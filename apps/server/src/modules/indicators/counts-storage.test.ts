import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { createTestDatabase } from '../../test-support/db.js';

/*
 * The charts over every country read every row of indicator_counts a user reaches
 * (docs/performance-plans.md §3): the table must stay near its live size however often the
 * triggers update its rows (migration `indicator_counts_compact`: half of each page free, so an
 * update is a heap-only tuple on the same page and the page is pruned on its next access),
 * instead of growing by a page of dead versions every few updates. What it gains is measured on
 * the million cases (a sequential scan's pages), not here.
 */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('indicator_counts storage', () => {
  it('keeps half of each page free (fillfactor 50), so that the triggers’ updates stay on their page', async () => {
    const options = await database.db.execute<{ reloptions: string[] | string | null }>(sql`select reloptions from pg_class where relname = 'indicator_counts'`);
    expect(String(options.rows[0]?.reloptions)).toContain('fillfactor=50');
  });
});
