import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
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
 * that start with it first, then by name — one query; `lower(name) ~ …` uses the trigram index.
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

/** A trigram needs three characters: shorter terms cannot use the index. */
const MIN_TRIGRAM_TERM = 3;

/**
 * The typeahead's search (getMedDRALLT/{term}): `currentLltsMatching` for the term, accents
 * ignored. For a term of three or more characters the planner is told not to scan the whole
 * dictionary: it under-estimates the cost of the regular expression and would read all 80,000
 * LLTs where the trigram index reads a few hundred (bench/meddra-search.ts: p50 about 120 ms
 * scanning, 12 ms with the index, PGlite).
 */
export function searchCurrentLlts(db: Db, term: string, limit: number) {
  const pattern = accentInsensitivePattern(term);
  if (foldAccents(term.trim()).length < MIN_TRIGRAM_TERM) return currentLltsMatching(db, pattern, limit);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return currentLltsMatching(tx, pattern, limit);
  });
}
