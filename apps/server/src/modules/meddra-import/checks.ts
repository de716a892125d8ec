import { setImmediate as nextTurn } from 'node:timers/promises';
import { MSG } from '@atalaya/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { MEDDRA_LEVEL, MEDDRA_LINK, meddraImportLinks, meddraImportTerms, meddraSmq, meddraSmqTerms } from '../../db/schema/index.js';
import type { ImportRowError } from '../imports/index.js';

/*
 * The checks of a staged release as a whole, once every file is loaded and before anything
 * is switched in. Each check is one read-only query.
 */

/** Most problems reported (the error report of the import lists them). */
export const MAX_PROBLEMS = 200;

interface Problem {
  line: number;
  code: number;
}

const LEVEL_FILES: Record<number, { file: string; label: string }> = {
  [MEDDRA_LEVEL.soc]: { file: 'soc.asc', label: 'SOC' },
  [MEDDRA_LEVEL.hlgt]: { file: 'hlgt.asc', label: 'HLGT' },
  [MEDDRA_LEVEL.hlt]: { file: 'hlt.asc', label: 'HLT' },
  [MEDDRA_LEVEL.pt]: { file: 'pt.asc', label: 'PT' },
  [MEDDRA_LEVEL.llt]: { file: 'llt.asc', label: 'LLT' },
};

const LINK_FILES: Record<number, { file: string; parent: number; child: number; parentField: number; childField: number }> = {
  [MEDDRA_LINK.socHlgt]: { file: 'soc_hlgt.asc', parent: MEDDRA_LEVEL.soc, child: MEDDRA_LEVEL.hlgt, parentField: 1, childField: 2 },
  [MEDDRA_LINK.hlgtHlt]: { file: 'hlgt_hlt.asc', parent: MEDDRA_LEVEL.hlgt, child: MEDDRA_LEVEL.hlt, parentField: 1, childField: 2 },
  [MEDDRA_LINK.hltPt]: { file: 'hlt_pt.asc', parent: MEDDRA_LEVEL.hlt, child: MEDDRA_LEVEL.pt, parentField: 1, childField: 2 },
  [MEDDRA_LINK.primarySoc]: { file: 'mdhier.asc', parent: MEDDRA_LEVEL.soc, child: MEDDRA_LEVEL.pt, parentField: 4, childField: 1 },
};

function levelFile(level: number): { file: string; label: string } {
  const found = LEVEL_FILES[level];
  if (!found) throw new Error(`Unknown MedDRA level ${level}`);
  return found;
}

/**
 * Runs a check with hash joins: the staging tables may have no statistics yet (a role that
 * does not own them cannot analyze them), and a nested loop over tens of thousands of rows
 * would take minutes.
 */
async function withHashJoins<Row extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<Row[]> {
  // A turn of the event loop first: other requests go between two checks (see handler.ts).
  await nextTurn();
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_nestloop = off`);
    return (await tx.execute<Row>(query)).rows;
  });
}

async function rowsOf(db: DbOrTx, query: SQL): Promise<Problem[]> {
  const rows = await withHashJoins<{ line: number; code: number }>(db, query);
  return rows.map((row) => ({ line: Number(row.line), code: Number(row.code) }));
}

/**
 * What makes the staged release unusable: a code twice in a file, a PT of an LLT, a SOC of a
 * PT or a term of a link that the release does not have, a PT with two primary SOCs, an SMQ
 * term of an SMQ the list lacks. Read-only, one query a check; at most `MAX_PROBLEMS`.
 */
export async function releaseProblems(db: DbOrTx, importId: string): Promise<ImportRowError[]> {
  const problems: ImportRowError[] = [];
  const add = (file: string, field: number, found: Problem[], message: (problem: Problem) => string) => {
    for (const problem of found) problems.push({ sheet: file, row: problem.line, column: field === 0 ? '' : `campo ${field}`, message: message(problem) });
  };
  const limit = MAX_PROBLEMS;

  const repeated = await withHashJoins<{ level: number; line: number; code: number }>(db, sql`
    select level, code, (array_agg(line order by line))[2] as line from ${meddraImportTerms}
    where import_id = ${importId} group by level, code having count(*) > 1 order by level, line limit ${limit}`);
  for (const row of repeated) {
    const { file } = levelFile(Number(row.level));
    add(file, 1, [{ line: Number(row.line), code: Number(row.code) }], (p) => MSG.meddraImport.codeRepeated(file, p.line, p.code));
  }

  const parentMissing = async (level: number, parentLevel: number, field: number) => {
    const { file } = levelFile(level);
    const { label } = levelFile(parentLevel);
    const found = await rowsOf(
      db,
      sql`select t.line, t.parent_code as code from ${meddraImportTerms} t
        where t.import_id = ${importId} and t.level = ${level} and not exists (
          select 1 from ${meddraImportTerms} p where p.import_id = ${importId} and p.level = ${parentLevel} and p.code = t.parent_code)
        order by t.line limit ${limit}`,
    );
    add(file, field, found, (p) => MSG.meddraImport.codeUnknown(file, p.line, label, p.code));
  };
  await parentMissing(MEDDRA_LEVEL.pt, MEDDRA_LEVEL.soc, 4);
  await parentMissing(MEDDRA_LEVEL.llt, MEDDRA_LEVEL.pt, 3);

  for (const [kind, link] of Object.entries(LINK_FILES)) {
    for (const [end, level, field] of [
      ['parent_code', link.parent, link.parentField],
      ['child_code', link.child, link.childField],
    ] as const) {
      const { label } = levelFile(level);
      const found = await rowsOf(
        db,
        sql`select l.line, l.${sql.raw(end)} as code from ${meddraImportLinks} l
          where l.import_id = ${importId} and l.kind = ${Number(kind)} and not exists (
            select 1 from ${meddraImportTerms} t where t.import_id = ${importId} and t.level = ${level} and t.code = l.${sql.raw(end)})
          order by l.line limit ${limit}`,
      );
      add(link.file, field, found, (p) => MSG.meddraImport.codeUnknown(link.file, p.line, label, p.code));
    }
  }

  const twoPrimaries = await rowsOf(
    db,
    sql`select max(line) as line, child_code as code from ${meddraImportLinks}
      where import_id = ${importId} and kind = ${MEDDRA_LINK.primarySoc}
      group by child_code having count(distinct parent_code) > 1 order by 1 limit ${limit}`,
  );
  add('mdhier.asc', 12, twoPrimaries, (p) => MSG.meddraImport.twoPrimarySocs(p.line, p.code));

  const smqRepeated = await rowsOf(
    db,
    sql`select (array_agg(line order by line))[2] as line, code from ${meddraSmq}
      where import_id = ${importId} group by code having count(*) > 1 order by 1 limit ${limit}`,
  );
  add('smq_list.asc', 1, smqRepeated, (p) => MSG.meddraImport.codeRepeated('smq_list.asc', p.line, p.code));
  const smqMissing = await rowsOf(
    db,
    sql`select c.line, c.smq_code as code from ${meddraSmqTerms} c
      where c.import_id = ${importId} and not exists (select 1 from ${meddraSmq} s where s.import_id = ${importId} and s.code = c.smq_code)
      order by c.line limit ${limit}`,
  );
  add('smq_content.asc', 1, smqMissing, (p) => MSG.meddraImport.codeUnknown('smq_content.asc', p.line, 'SMQ', p.code));

  return problems.slice(0, MAX_PROBLEMS);
}

