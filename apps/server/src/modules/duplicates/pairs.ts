import { DUPLICATE_PAIRS_PAGE, type DuplicateContribution, type DuplicatePairs, type DuplicateScore } from '@atalaya/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { duplicateDecisions, duplicatePairs, events } from '../../db/schema/index.js';
import type { ComparedRecord } from './records.js';

/**
 * The stored suspected pairs (`duplicate_pairs`, docs/duplicates.md 'The stored pairs'): written
 * by the whole-database scan and whenever a case's candidates are computed; read by the QPPV's
 * 'Duplicados' screen, keyset-paged, the newest case first.
 */

/** A pair found: the subject case, the other case and their score. */
export interface FoundPair {
  subject: ComparedRecord;
  other: ComparedRecord;
  result: DuplicateScore;
}

/**
 * Stores (or refreshes) the pairs of cases found at or above the threshold: one row per pair,
 * the lower id first; the score and contributions of the latest finding.
 */
export async function storePairs(db: DbOrTx, found: readonly FoundPair[]): Promise<void> {
  const rows = new Map<string, typeof duplicatePairs.$inferInsert>();
  for (const { subject, other, result } of found) {
    if (!subject.eventId || !other.eventId || subject.eventId === other.eventId) continue;
    const [low, high] = subject.eventId < other.eventId ? [subject.eventId, other.eventId] : [other.eventId, subject.eventId];
    const newestAt = subject.createdAt > other.createdAt ? subject.createdAt : other.createdAt;
    rows.set(`${low}|${high}`, { eventId: low, otherEventId: high, score: result.score, contributions: result.contributions, newestAt });
  }
  if (rows.size === 0) return;
  await db
    .insert(duplicatePairs)
    .values([...rows.values()])
    .onConflictDoUpdate({
      target: [duplicatePairs.eventId, duplicatePairs.otherEventId],
      set: { score: sql`excluded.score`, contributions: sql`excluded.contributions`, newestAt: sql`excluded.newest_at`, foundAt: sql`now()` },
    });
}

interface PairRow extends Record<string, unknown> {
  id: string | number;
  score: string | number;
  contributions: DuplicateContribution[] | string;
  cursor_at: string;
  a_meta: string;
  a_reference: string;
  a_status: number;
  a_created_at: Date | string;
  b_meta: string;
  b_reference: string;
  b_status: number;
  b_created_at: Date | string;
}

/** The ISO instant of a timestamp as pg or PGlite hand it over (microseconds kept). */
function isoOf(value: Date | string): string {
  return new Date(value).toISOString();
}

/**
 * A page of the stored pairs in reach (both cases within `reach`, a condition on `events`), at
 * or above the threshold, not decided, neither case deleted nor marked duplicate, ordered by the
 * newer case's creation then id, descending; `after` the previous page's cursor.
 */
export async function listPairs(
  db: DbOrTx,
  options: { reach: SQL; threshold: number; after?: string | undefined; reasons: (contributions: readonly DuplicateContribution[]) => string[] },
): Promise<Pick<DuplicatePairs, 'Pares' | 'Siguiente'>> {
  const { reach, threshold } = options;
  let keyset = sql`true`;
  if (options.after) {
    const split = options.after.lastIndexOf('_');
    const at = options.after.slice(0, split);
    const id = options.after.slice(split + 1);
    keyset = sql`(p.newest_at, p.id) < (${at}::timestamptz, ${id}::bigint)`;
  }
  // Each case within reach and not marked duplicate (`reach` reads the columns of `events`).
  const side = (column: SQL) => sql`exists (select 1 from ${events} where ${events.id} = ${column} and ${events.duplicateOfEventId} is null and ${reach})`;
  // The order is the index's (duplicate_pairs_newest_idx: desc nulls last; both columns are not null): a plain 'desc'
  // (nulls first) cannot be read from it, and at a million cases the page sorted every stored pair (15 s, 3.7 million pairs).
  const rows = await db.execute<PairRow>(sql`
    select p.id, p.score, p.contributions, to_char(p.newest_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at,
      a.meta as a_meta, a.reference_number as a_reference, a.status as a_status, a.created_at as a_created_at,
      b.meta as b_meta, b.reference_number as b_reference, b.status as b_status, b.created_at as b_created_at
    from ${duplicatePairs} p
    join ${events} a on a.id = p.event_id
    join ${events} b on b.id = p.other_event_id
    where p.score >= ${threshold} and ${keyset}
      and ${side(sql`p.event_id`)} and ${side(sql`p.other_event_id`)}
      and not exists (select 1 from ${duplicateDecisions} d where d.event_id = p.event_id and d.other_event_id = p.other_event_id)
    order by p.newest_at desc nulls last, p.id desc nulls last
    limit ${DUPLICATE_PAIRS_PAGE + 1}`);
  const page = rows.rows.slice(0, DUPLICATE_PAIRS_PAGE);
  const last = page.at(-1);
  const sideOf = (meta: string, reference: string, status: number, createdAt: Date | string) => ({
    Meta: meta,
    NumeroReferencia: reference,
    Estado: Number(status),
    FechaCreacion: isoOf(createdAt),
  });
  return {
    Pares: page.map((row) => {
      const a = sideOf(row.a_meta, row.a_reference, row.a_status, row.a_created_at);
      const b = sideOf(row.b_meta, row.b_reference, row.b_status, row.b_created_at);
      // The newer case first.
      const [first, second] = a.FechaCreacion >= b.FechaCreacion ? [a, b] : [b, a];
      const contributions = typeof row.contributions === 'string' ? (JSON.parse(row.contributions) as DuplicateContribution[]) : row.contributions;
      return { A: first, B: second, Puntaje: Number(row.score), Razones: options.reasons(contributions) };
    }),
    // The instant with PostgreSQL's microseconds, so that no pair is skipped or repeated.
    Siguiente: rows.rows.length > DUPLICATE_PAIRS_PAGE && last ? `${last.cursor_at}_${last.id}` : null,
  };
}
