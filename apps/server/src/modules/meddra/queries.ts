import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { meddraLlt, meddraPt, meddraSoc } from '../../db/schema/index.js';

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
    .where(and(eq(meddraLlt.current, true), sql`${name} ~ ${pattern}`))
    .orderBy(sql`${name} ~ ${`^${pattern}`} desc`, asc(meddraLlt.name), asc(meddraLlt.code))
    .limit(limit);
}
