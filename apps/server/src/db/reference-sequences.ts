import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.js';
import { referenceSequences } from './schema/index.js';

/**
 * The next number of a reference sequence ('UY', 2026 → 1, 2, 3…), taken atomically: call it
 * inside the transaction that stores the record, so a rolled-back record gives its number
 * back and concurrent writers never share one.
 */
export async function nextReferenceSequence(db: DbOrTx, prefix: string, year: number): Promise<number> {
  const [row] = await db
    .insert(referenceSequences)
    .values({ prefix, year, lastValue: 1 })
    .onConflictDoUpdate({
      target: [referenceSequences.prefix, referenceSequences.year],
      set: { lastValue: sql`${referenceSequences.lastValue} + 1` },
    })
    .returning({ value: referenceSequences.lastValue });
  if (!row) throw new Error(`No value for reference sequence ${prefix}-${year}`);
  return row.value;
}
