import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  eventRams,
  MEDDRA_LEVEL,
  MEDDRA_LINK,
  meddraHlgt,
  meddraHlgtHlt,
  meddraHlt,
  meddraHltPt,
  meddraImportLinks,
  meddraImportTerms,
  meddraLlt,
  meddraPt,
  meddraSmq,
  meddraSmqTerms,
  meddraSoc,
  meddraSocHlgt,
  meddraVersions,
} from '../../db/schema/index.js';
import { visibleLlt } from '../meddra/index.js';
import type { ReleaseInfo } from './release-files.js';

/*
 * Switching a staged release in (docs/meddra-import.md). The work is split so that the one
 * transaction that changes what coding sees stays short:
 *
 * 1. `insertNewCodes`, in short batches, before the switch: the codes the dictionary does not
 *    have yet are inserted hidden — LLTs with their currency as the release gives it but
 *    `introduced_by` this import, which the typeahead does not offer until the import is in
 *    meddra_versions (`visibleLlt`), and SOCs, HLGTs, HLTs and PTs that only those LLTs reach.
 *    This is where the bulk of the writing (index entries, foreign-key checks) of a first
 *    import happens; each statement stays short, so that on the embedded database (one
 *    connection) other requests go in between.
 * 2. `switchRelease`, one transaction: names and PTs updated where they change, `current` set
 *    as the release says for the codes the dictionary had (mostly HOT updates: meddra_llt
 *    keeps room on its pages), LLTs the release leaves out made non-current, the hierarchy's
 *    links replaced, the version recorded — which is also what shows the new codes, so a
 *    first import switches without touching its 80,000 new LLTs again.
 * 3. `deleteNewCodes` when an import ends without switching: the hidden codes it inserted go.
 *
 * No code of the dictionary is ever deleted: cases keep the LLT codes they were coded with.
 */

/** The live table of each level, and the SQL of a staged term's values for it. */
function levelTable(level: number) {
  switch (level) {
    case MEDDRA_LEVEL.soc:
      return { table: meddraSoc, columns: sql`(code, name, abbrev)`, values: () => sql`b.code, b.name, coalesce(b.abbrev, '')` };
    case MEDDRA_LEVEL.hlgt:
      return { table: meddraHlgt, columns: sql`(code, name)`, values: () => sql`b.code, b.name` };
    case MEDDRA_LEVEL.hlt:
      return { table: meddraHlt, columns: sql`(code, name)`, values: () => sql`b.code, b.name` };
    case MEDDRA_LEVEL.pt:
      return { table: meddraPt, columns: sql`(code, name, primary_soc_code)`, values: () => sql`b.code, b.name, coalesce(b.primary_soc, b.parent_code)` };
    default:
      return {
        table: meddraLlt,
        columns: sql`(code, name, pt_code, current, introduced_by)`,
        values: (importId: string) => sql`b.code, b.name, b.parent_code, b.current, ${importId}::uuid`,
      };
  }
}


/** Runs `step` over a keyset of codes: each call answers the last code it handled, null when none was left. */
async function inCodeOrder(step: (after: number) => Promise<number | null>): Promise<void> {
  let after: number | null = -1;
  while (after !== null) after = await step(after);
}

const lastCode = (value: number | string | null | undefined) => (value === null || value === undefined ? null : Number(value));

const LEVELS_DOWN = [MEDDRA_LEVEL.soc, MEDDRA_LEVEL.hlgt, MEDDRA_LEVEL.hlt, MEDDRA_LEVEL.pt, MEDDRA_LEVEL.llt] as const;

/** A PT's primary SOC as mdhier.asc flags it (null when it flags none). */
const primarySocOf = (importId: string, ptCode: SQL) =>
  sql`(select min(m.parent_code) from ${meddraImportLinks} m where m.import_id = ${importId} and m.kind = ${MEDDRA_LINK.primarySoc} and m.child_code = ${ptCode})`;

/**
 * Inserts, hidden, the staged terms whose codes the dictionary lacks, `batchRows` staged
 * terms a statement (in code order), and marks them `is_new`. `beforeBatch` runs before each
 * statement (the import's cancel check, and a turn of the event loop for other requests).
 */
export async function insertNewCodes(db: DbOrTx, importId: string, batchRows: number, beforeBatch: () => Promise<void>): Promise<number> {
  let inserted = 0;
  for (const level of LEVELS_DOWN) {
    const { table, columns, values } = levelTable(level);
    await inCodeOrder(async (after) => {
      await beforeBatch();
      const result = await db.execute<{ last: number | null; added: number }>(sql`
        with batch as (
          select t.code, t.name, t.abbrev, t.parent_code, t.current, ${level === MEDDRA_LEVEL.pt ? primarySocOf(importId, sql`t.code`) : sql`null::int`} as primary_soc
          from ${meddraImportTerms} t
          where t.import_id = ${importId} and t.level = ${level} and t.code > ${after}
          order by t.code limit ${batchRows}
        ), inserted as (
          insert into ${table} ${columns}
          select ${values(importId)} from batch b
          on conflict (code) do nothing
          returning code
        ), marked as (
          update ${meddraImportTerms} s set is_new = true from inserted i
          where s.import_id = ${importId} and s.level = ${level} and s.code = i.code
            and s.code > ${after} and s.code <= (select max(code) from batch)
          returning 1
        )
        select (select max(code) from batch) as last, (select count(*) from marked)::int as added`);
      const row = result.rows[0];
      inserted += Number(row?.added ?? 0);
      return lastCode(row?.last);
    });
  }
  return inserted;
}

/** The hierarchy's link tables: their parent and child columns, the staged links' kind and the child's level. */
const LINK_TABLES = [
  { table: meddraSocHlgt, parent: 'soc_code', child: 'hlgt_code', kind: MEDDRA_LINK.socHlgt, childLevel: MEDDRA_LEVEL.hlgt },
  { table: meddraHlgtHlt, parent: 'hlgt_code', child: 'hlt_code', kind: MEDDRA_LINK.hlgtHlt, childLevel: MEDDRA_LEVEL.hlt },
  { table: meddraHltPt, parent: 'hlt_code', child: 'pt_code', kind: MEDDRA_LINK.hltPt, childLevel: MEDDRA_LEVEL.pt },
] as const;

/**
 * Runs `change` (a data-modifying CTE over `children`: the next `batchRows` codes of `level` this
 * import inserted, in code order) for each link table, batch after batch.
 */
async function forNewChildren(
  db: DbOrTx,
  importId: string,
  batchRows: number,
  beforeBatch: () => Promise<void>,
  change: (link: (typeof LINK_TABLES)[number]) => SQL,
): Promise<void> {
  for (const link of LINK_TABLES) {
    await inCodeOrder(async (after) => {
      await beforeBatch();
      const result = await db.execute<{ last: number | null }>(sql`
        with children as (
          select code from ${meddraImportTerms}
          where import_id = ${importId} and level = ${link.childLevel} and is_new and code > ${after}
          order by code limit ${batchRows}
        ), changed as (${change(link)})
        select (select max(code) from children) as last, (select count(*) from changed) as changed`);
      return lastCode(result.rows[0]?.last);
    });
  }
}

/**
 * Inserts, before the switch, the release's links whose child is a code this import inserted
 * (`insertNewCodes`), `batchRows` children a statement: only hidden codes hang from them, so
 * nothing that coding sees changes, and a first import's switch does not insert 80,000 links.
 */
export async function insertNewLinks(db: DbOrTx, importId: string, batchRows: number, beforeBatch: () => Promise<void>): Promise<void> {
  await forNewChildren(db, importId, batchRows, beforeBatch, ({ table, parent, child, kind }) => sql`
    insert into ${table} (${sql.identifier(parent)}, ${sql.identifier(child)})
    select distinct s.parent_code, s.child_code from ${meddraImportLinks} s join children c on c.code = s.child_code
    where s.import_id = ${importId} and s.kind = ${kind}
    on conflict do nothing
    returning 1`);
}

/** What must still hold a code of each level before it can go (a case, a term, a link). */
function stillUsed(level: number): SQL {
  switch (level) {
    case MEDDRA_LEVEL.llt:
      return sql`${visibleLlt(sql`x.introduced_by`)} or exists (select 1 from ${eventRams} r where r.llt_code = x.code)`;
    case MEDDRA_LEVEL.pt:
      return sql`exists (select 1 from ${meddraLlt} l where l.pt_code = x.code) or exists (select 1 from ${meddraHltPt} h where h.pt_code = x.code)`;
    case MEDDRA_LEVEL.hlt:
      return sql`exists (select 1 from ${meddraHltPt} h where h.hlt_code = x.code) or exists (select 1 from ${meddraHlgtHlt} h where h.hlt_code = x.code)`;
    case MEDDRA_LEVEL.hlgt:
      return sql`exists (select 1 from ${meddraHlgtHlt} h where h.hlgt_code = x.code) or exists (select 1 from ${meddraSocHlgt} h where h.hlgt_code = x.code)`;
    default:
      return sql`exists (select 1 from ${meddraPt} p where p.primary_soc_code = x.code) or exists (select 1 from ${meddraSocHlgt} h where h.soc_code = x.code)`;
  }
}

/**
 * Deletes the hidden codes an import inserted (`is_new`) and did not switch in, children
 * first, `batchRows` a statement; a code something uses (a case's reaction, above all) stays.
 */
export async function deleteNewCodes(db: DbOrTx, importId: string, batchRows: number, beforeBatch: () => Promise<void>): Promise<void> {
  // First the links `insertNewLinks` hung from those codes (no code is kept for a link).
  await forNewChildren(db, importId, batchRows, beforeBatch, ({ table, child }) => sql`
    delete from ${table} x using children c where x.${sql.identifier(child)} = c.code
    returning 1`);
  for (const level of [...LEVELS_DOWN].reverse()) {
    const { table } = levelTable(level);
    await inCodeOrder(async (after) => {
      await beforeBatch();
      const result = await db.execute<{ last: number | null }>(sql`
        with batch as (
          select code from ${meddraImportTerms}
          where import_id = ${importId} and level = ${level} and is_new and code > ${after}
          order by code limit ${batchRows}
        ), deleted as (
          delete from ${table} x using batch b where x.code = b.code and not (${stillUsed(level)})
          returning 1
        )
        select (select max(code) from batch) as last, (select count(*) from deleted) as deleted`);
      return lastCode(result.rows[0]?.last);
    });
  }
}

/**
 * Makes the staged release the dictionary, in one transaction (after `insertNewCodes`): the
 * terms upserted where they change, `current` as llt_currency says, the LLTs the release
 * leaves out made non-current, the hierarchy's links replaced by the release's, the version
 * recorded (which also makes the release's SMQs the ones in use).
 */
export async function switchRelease(db: DbOrTx, importId: string, release: ReleaseInfo): Promise<void> {
  // Each upsert reads only the staged terms that differ from the dictionary's (or that it
  // lacks): a row ON CONFLICT visits is locked, and so written, even when nothing changes.
  const changed = (level: number, same: SQL) =>
    sql`(select t.code, t.name, t.abbrev, t.parent_code, t.current from ${meddraImportTerms} t
      where t.import_id = ${importId} and t.level = ${level} and not exists (${same}))`;

  await db.transaction(async (tx) => {
    // The staging tables may have no statistics: no nested loops over them.
    await tx.execute(sql`set local enable_nestloop = off`);
    await tx.execute(sql`
      insert into ${meddraSoc} (code, name, abbrev)
      select code, name, coalesce(abbrev, '') from ${changed(MEDDRA_LEVEL.soc, sql`select 1 from ${meddraSoc} x where x.code = t.code and x.name = t.name and x.abbrev = coalesce(t.abbrev, '')`)} c
      on conflict (code) do update set name = excluded.name, abbrev = excluded.abbrev`);
    for (const [table, level] of [
      [meddraHlgt, MEDDRA_LEVEL.hlgt],
      [meddraHlt, MEDDRA_LEVEL.hlt],
    ] as const) {
      await tx.execute(sql`
        insert into ${table} (code, name)
        select code, name from ${changed(level, sql`select 1 from ${table} x where x.code = t.code and x.name = t.name`)} c
        on conflict (code) do update set name = excluded.name`);
    }
    // The primary SOC: mdhier.asc's flag, else pt.asc's pt_soc_code (the same in a sound release).
    await tx.execute(sql`
      insert into ${meddraPt} (code, name, primary_soc_code)
      select code, name, soc_code from (
        select t.code, t.name, coalesce(p.soc_code, t.parent_code) as soc_code from ${meddraImportTerms} t
        left join (select child_code, min(parent_code) as soc_code from ${meddraImportLinks}
          where import_id = ${importId} and kind = ${MEDDRA_LINK.primarySoc} group by child_code) p on p.child_code = t.code
        where t.import_id = ${importId} and t.level = ${MEDDRA_LEVEL.pt}
      ) s
      where not exists (select 1 from ${meddraPt} x where x.code = s.code and x.name = s.name and x.primary_soc_code is not distinct from s.soc_code)
      on conflict (code) do update set name = excluded.name, primary_soc_code = excluded.primary_soc_code`);
    // The new codes `insertNewCodes` inserted already hold the release's values; a code an
    // import that never switched left behind (kept for a case that uses it) is shown from now on.
    await tx.execute(sql`
      insert into ${meddraLlt} (code, name, pt_code, current)
      select code, name, parent_code, current
      from ${changed(
        MEDDRA_LEVEL.llt,
        sql`select 1 from ${meddraLlt} x where x.code = t.code and x.name = t.name and x.pt_code = t.parent_code and x.current = t.current
          and (x.introduced_by = ${importId} or ${visibleLlt(sql`x.introduced_by`)})`,
      )} c
      on conflict (code) do update set name = excluded.name, pt_code = excluded.pt_code, current = excluded.current, introduced_by = null`);
    await tx.execute(sql`
      update ${meddraLlt} set current = false
      where ${meddraLlt.current} and not exists (
        select 1 from ${meddraImportTerms} t where t.import_id = ${importId} and t.level = ${MEDDRA_LEVEL.llt} and t.code = ${meddraLlt.code})`);

    for (const { table, parent, child, kind } of LINK_TABLES) {
      const [parentColumn, childColumn] = [sql.identifier(parent), sql.identifier(child)];
      await tx.execute(sql`
        delete from ${table} where not exists (
          select 1 from ${meddraImportLinks} s
          where s.import_id = ${importId} and s.kind = ${kind} and s.parent_code = ${table}.${parentColumn} and s.child_code = ${table}.${childColumn})`);
      await tx.execute(sql`
        insert into ${table} (${parentColumn}, ${childColumn})
        select distinct parent_code, child_code from ${meddraImportLinks} s
        where s.import_id = ${importId} and s.kind = ${kind}
          and not exists (select 1 from ${table} x where x.${parentColumn} = s.parent_code and x.${childColumn} = s.child_code)
        on conflict do nothing`);
    }
    await tx.insert(meddraVersions).values({ version: release.version, language: release.language, importId });
  });
}

const DICTIONARY_TABLES = [meddraSoc, meddraHlgt, meddraHlt, meddraPt, meddraLlt, meddraSocHlgt, meddraHlgtHlt, meddraHltPt];
const IMPORT_TABLES = [meddraImportTerms, meddraImportLinks, meddraSmq, meddraSmqTerms];

/** Whether this connection's role owns the dictionary's tables (PGlite always does; the application's role on a server does not). */
async function ownsTables(db: DbOrTx): Promise<boolean> {
  const result = await db.execute<{ owns: boolean }>(
    sql`select coalesce(bool_and(pg_has_role(current_user, tableowner, 'USAGE')), false) as owns from pg_tables where schemaname = current_schema() and tablename = 'meddra_llt'`,
  );
  return result.rows[0]?.owns === true;
}

/**
 * Statistics for the staging tables once loaded, so the checks and the switch plan well.
 * Only a role that owns the tables may gather them; on a server whose application role does
 * not, autovacuum does it.
 */
export async function analyzeStaging(db: DbOrTx): Promise<void> {
  if (await ownsTables(db)) await db.execute(sql`analyze ${sql.join(IMPORT_TABLES, sql`, `)}`);
}

/**
 * After an import: the space of the deleted staging rows and of the dictionary's old row
 * versions reclaimed, the trigram index's pending entries merged and the dictionary's
 * statistics refreshed (PGlite has no autovacuum), one table at a time. Skipped without
 * ownership (autovacuum's).
 */
export async function tidyTables(db: DbOrTx, beforeEach: () => Promise<void>): Promise<void> {
  if (!(await ownsTables(db))) return;
  // One table a statement, other requests in between (see handler.ts's betweenBatches).
  for (const table of [...DICTIONARY_TABLES, ...IMPORT_TABLES]) {
    await beforeEach();
    await db.execute(sql`vacuum (analyze) ${table}`);
  }
}
