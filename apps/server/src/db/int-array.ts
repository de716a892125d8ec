import { type SQL, sql } from 'drizzle-orm';

/** Integers as a PostgreSQL array literal, '{1,2,3}': one parameter for any number of them (`= any($1::int[])`). */
export function intArrayText(ids: readonly number[]): string {
  return `{${ids.map((id) => String(Math.trunc(id))).join(',')}}`;
}

/** Integers bound as one `int[]` parameter: `'{1,2,3}'::int[]`. */
export function intArray(ids: readonly number[]): SQL {
  return sql`${intArrayText(ids)}::int[]`;
}
