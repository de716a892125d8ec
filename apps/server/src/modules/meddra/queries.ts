import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { meddraLlt, meddraPt, meddraSoc, meddraVersions } from '../../db/schema/index.js';
import { accentInsensitivePattern, foldAccents } from './search-pattern.js';

/**
 * Whether coding may offer an LLT, by its `introduced_by`: a code of the seed (null), or of an
 * import that switched its release in. A MedDRA import inserts its new codes hidden and shows
 * them all at once by recording its version (docs/meddra-import.md).
 */
export function visibleLlt(introducedBy: SQL | typeof meddraLlt.introducedBy): SQL {
  return sql`(${introducedBy} is null or ${introducedBy} in (select ${meddraVersions.importId} from ${meddraVersions}))`;
}

/**
 * Up to `limit` current LLTs whose lower-cased name matches the regular expression, those
 * that start with it first, then by name — one query. The typeahead's definition: what it
 * answered before `atalaya_llt_typeahead`, which the tests and bench/meddra-search.ts compare
 * with it; it reads the whole dictionary (a sort of every match).
 */
export function currentLltsMatching(db: DbOrTx, pattern: string, limit: number) {
  const name = sql`lower(${meddraLlt.name})`;
  return db
    .select({ llt_code: meddraLlt.code, llt_name: meddraLlt.name, pt_name: meddraPt.name, soc_name: meddraSoc.name })
    .from(meddraLlt)
    .innerJoin(meddraPt, eq(meddraPt.code, meddraLlt.ptCode))
    .leftJoin(meddraSoc, eq(meddraSoc.code, meddraPt.primarySocCode))
    .where(and(eq(meddraLlt.current, true), visibleLlt(meddraLlt.introducedBy), sql`${name} ~ ${pattern}`))
    .orderBy(sql`${name} ~ ${`^${pattern}`} desc`, asc(meddraLlt.name), asc(meddraLlt.code))
    .limit(limit);
}

/** The typeahead's folded form of a term: trimmed, spaces collapsed, lower case, accents removed. */
export function foldTerm(term: string): string {
  return foldAccents(term.trim().replace(/\s+/g, ' '));
}

/**
 * The typeahead's search (getMedDRALLT/{term}): the database function `atalaya_llt_typeahead`
 * (src/db/sql/0002-meddra-search.sql), which answers what `currentLltsMatching` answers for the
 * term — the same LLTs in the same order — from indexes that stop at the first page
 * (docs/performance-plans.md). One statement. A term that folds to fewer than two characters
 * (only combining marks: the route refuses shorter ones) goes to `currentLltsMatching`.
 * `cap`: the most names the second part sorts (the function's default, 2,000; a term found in
 * more goes to the name order: tests pass fewer to reach that part on a small dictionary).
 */
export async function searchCurrentLlts(db: DbOrTx, term: string, limit: number, options: { cap?: number } = {}): Promise<LltMatchRow[]> {
  const folded = foldTerm(term);
  if (folded.length < 2) return currentLltsMatching(db, accentInsensitivePattern(term), limit);
  const cap = options.cap === undefined ? sql`` : sql`, ${options.cap}::int`;
  const result = await db.execute<LltMatchRow>(sql`select llt_code, llt_name, pt_name, soc_name from atalaya_llt_typeahead(${folded}, ${limit}::int${cap})`);
  return result.rows.map((row) => ({ llt_code: Number(row.llt_code), llt_name: row.llt_name, pt_name: row.pt_name, soc_name: row.soc_name }));
}

/** A row of the typeahead. */
export type LltMatchRow = {
  llt_code: number;
  llt_name: string;
  pt_name: string;
  soc_name: string | null;
};
