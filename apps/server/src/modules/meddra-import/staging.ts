import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { imports, meddraImportLinks, meddraImportTerms, meddraSmq, meddraSmqTerms, meddraVersions } from '../../db/schema/index.js';
import type { LinkRow, SmqRow, SmqTermRow, TermRow } from './release-files.js';

/*
 * The staging rows of an import: one multi-row insert a batch (each column one array
 * parameter, `unnest` makes the rows), deleted when the import ends.
 */

/** One array parameter (Drizzle would otherwise spread a JS array into a list of parameters). */
const array = (values: readonly unknown[]) => sql.param(values);

export async function stageTerms(db: DbOrTx, importId: string, level: number, rows: readonly TermRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into ${meddraImportTerms} (import_id, level, line, code, name, abbrev, parent_code, current)
    select ${importId}::uuid, ${level}::smallint, r.*
    from unnest(${array(rows.map((r) => r.line))}::int[], ${array(rows.map((r) => r.code))}::int[], ${array(rows.map((r) => r.name))}::text[],
      ${array(rows.map((r) => r.abbrev))}::text[], ${array(rows.map((r) => r.parentCode))}::int[], ${array(rows.map((r) => r.current))}::bool[]) as r`);
}

export async function stageLinks(db: DbOrTx, importId: string, kind: number, rows: readonly LinkRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into ${meddraImportLinks} (import_id, kind, line, parent_code, child_code)
    select ${importId}::uuid, ${kind}::smallint, r.*
    from unnest(${array(rows.map((r) => r.line))}::int[], ${array(rows.map((r) => r.parentCode))}::int[], ${array(rows.map((r) => r.childCode))}::int[]) as r`);
}

export async function stageSmqs(db: DbOrTx, importId: string, rows: readonly SmqRow[]): Promise<void> {
  if (rows.length === 0) return;
  const column = <K extends keyof SmqRow>(key: K) => array(rows.map((r) => r[key]));
  await db.execute(sql`
    insert into ${meddraSmq} (import_id, line, code, name, level, description, source, note, meddra_version, status, algorithm)
    select ${importId}::uuid, r.*
    from unnest(${column('line')}::int[], ${column('code')}::int[], ${column('name')}::text[], ${column('level')}::smallint[],
      ${column('description')}::text[], ${column('source')}::text[], ${column('note')}::text[], ${column('meddraVersion')}::text[],
      ${column('status')}::text[], ${column('algorithm')}::text[]) as r`);
}

export async function stageSmqTerms(db: DbOrTx, importId: string, rows: readonly SmqTermRow[]): Promise<void> {
  if (rows.length === 0) return;
  const column = <K extends keyof SmqTermRow>(key: K) => array(rows.map((r) => r[key]));
  await db.execute(sql`
    insert into ${meddraSmqTerms} (import_id, line, smq_code, term_code, term_level, term_scope, term_category, term_weight, term_status,
      addition_version, last_modified_version)
    select ${importId}::uuid, r.*
    from unnest(${column('line')}::int[], ${column('smqCode')}::int[], ${column('termCode')}::int[], ${column('termLevel')}::smallint[],
      ${column('termScope')}::smallint[], ${column('termCategory')}::text[], ${column('termWeight')}::smallint[], ${column('termStatus')}::text[],
      ${column('additionVersion')}::text[], ${column('lastModifiedVersion')}::text[]) as r`);
}

/**
/**
 * Deletes an import's staging rows; with `smq`, its SMQ rows too (those of an import that
 * did not switch: the SMQs of a switched import are the ones in use). `beforeEach` runs
 * before each statement.
 */
export async function clearStaging(db: DbOrTx, importId: string, options: { smq: boolean }, beforeEach: () => Promise<void>): Promise<void> {
  const tables = options.smq ? [meddraImportTerms, meddraImportLinks, meddraSmq, meddraSmqTerms] : [meddraImportTerms, meddraImportLinks];
  for (const table of tables) {
    await beforeEach();
    await db.delete(table).where(eq(table.importId, importId));
  }
}

/** After a switch: the SMQ rows of the imports of older versions. */
export async function deleteOlderSmqs(db: DbOrTx, importId: string, beforeEach: () => Promise<void>): Promise<void> {
  for (const table of [meddraSmq, meddraSmqTerms]) {
    await beforeEach();
    await db.delete(table).where(sql`${table.importId} <> ${importId}`);
  }
}

/** Whether the import has already switched its release in (a resumed import that had finished). */
export async function hasSwitched(db: DbOrTx, importId: string): Promise<boolean> {
  const [row] = await db.select({ id: meddraVersions.id }).from(meddraVersions).where(eq(meddraVersions.importId, importId));
  return row !== undefined;
}

/**
 * Imports whose rows a crash left behind: with staging or SMQ rows, not running (neither
 * pending nor under way), and not this one; with whether each switched its release in.
 */
export async function leftoverImports(db: DbOrTx, importId: string): Promise<{ id: string; switched: boolean }[]> {
  const result = await db.execute<{ id: string; switched: boolean }>(sql`
    select i.id, exists (select 1 from ${meddraVersions} v where v.import_id = i.id) as switched
    from ${imports} i
    where i.id <> ${importId} and i.status not in ('D', 'P') and i.id in (
      select import_id from ${meddraImportTerms} union select import_id from ${meddraImportLinks}
      union select import_id from ${meddraSmq} union select import_id from ${meddraSmqTerms})`);
  return result.rows;
}
