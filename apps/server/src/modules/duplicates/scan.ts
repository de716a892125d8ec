import { randomUUID } from 'node:crypto';
import { type DuplicateScan, MSG } from '@atalaya/domain';
import { and, asc, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { nextReferenceSequence } from '../../db/reference-sequences.js';
import { events, imports } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { AppError } from '../../http/errors.js';
import { writeAudit } from '../audit/index.js';
import { formatImportCode, IMPORT_CODE_PREFIX, type ImportEvents, type ImportHandler, importList } from '../imports/index.js';
import { recordBlockPairs, scanFrequencies } from './batch.js';
import { PAIRED_CASES } from './recorder.js';
import { duplicateThreshold } from './service.js';

/**
 * The whole-database duplicate scan (docs/duplicates.md 'The whole-database scan'): a job of
 * the import runner (kind 'duplicates', no file; docs/adr/0014-import-jobs.md), so it is queued,
 * claimed, heartbeated, resumed after a crash and cancelled like an import, and its progress is
 * the import's (`percentage`, the entry 'Casos' with the cases done). It walks every sent case,
 * not deleted nor marked duplicate, in blocks by id, set-based (batch.ts): the value frequencies
 * read once, then per block one statement for the block's records, one for the candidates of all
 * its cases by the blocking keys among those cases, one for the candidates' records, the scoring
 * in TypeScript, one upsert of the pairs at or above the threshold (`duplicate_pairs`). What it stores is listed to each QPPV within their reach.
 */

/** Cases read per block. */
export const SCAN_BLOCK = 500;
/** The progress entry. */
const CASES = MSG.duplicates.scanCases;

/** The cases the scan walks and compares with each other. */
const scanned = PAIRED_CASES;

export const duplicateScanHandler: ImportHandler = {
  kind: 'duplicates',
  withoutFile: true,
  async run(ctx) {
    const { db, signal } = ctx;
    const threshold = await duplicateThreshold(db);
    const frequencies = await scanFrequencies(db);
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(events).where(scanned);
    const total = Math.max(1, Number(count?.n ?? 0));
    await ctx.declareTables([CASES]);
    await ctx.tableStarted(CASES, 0);
    let after: string | null = null;
    let done = 0;
    for (;;) {
      signal.throwIfAborted();
      const block: { id: string }[] = await db
        .select({ id: events.id })
        .from(events)
        .where(after ? and(scanned, gt(events.id, after)) : scanned)
        .orderBy(asc(events.id))
        .limit(SCAN_BLOCK);
      if (block.length === 0) break;
      await recordBlockPairs(
        db,
        block.map((row) => row.id),
        threshold,
        frequencies,
      );
      after = block.at(-1)?.id ?? after;
      done += block.length;
      await ctx.tableProgress(CASES, done, Math.min(99, (done / total) * 100));
    }
    await ctx.tableDone(CASES, done, 100);
  },
};

const alreadyRunning = () => new AppError(409, MSG.imports.alreadyRunning(MSG.imports.kindLabel.duplicates));

/** `GET /api/getDuplicateScan`: the newest scan (its progress while it runs), null when none ran. */
export async function duplicateScan(db: Db): Promise<DuplicateScan> {
  const [newest] = await importList(db, 'duplicates');
  return { Busqueda: newest ?? null };
}

/**
 * `POST /api/startDuplicateScan`: queues a scan (status P; 409 while one is pending or running),
 * audited; the runner is told at once.
 */
export async function startDuplicateScan(db: Db, events: ImportEvents, log: FastifyBaseLogger, user: AuthUser): Promise<DuplicateScan> {
  const now = new Date();
  let code: string;
  try {
    code = await db.transaction(async (tx) => {
      const year = now.getUTCFullYear();
      const next = formatImportCode('duplicates', year, await nextReferenceSequence(tx, IMPORT_CODE_PREFIX.duplicates, year));
      const id = randomUUID();
      await tx.insert(imports).values({ id, codeImport: next, kind: 'duplicates', fileName: null, userId: user.id, dateStart: now, status: 'P' });
      await writeAudit(tx, {
        kind: 'import.started',
        actor: { id: user.id, origin: user.origin },
        description: MSG.imports.auditStarted(MSG.imports.kindLabel.duplicates, next),
        pkId: id,
        referenceNumber: next,
        newValues: { code_import: next, Tipo: 'duplicates' },
        at: now,
      });
      return next;
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    if (cause?.code === '23505') throw alreadyRunning();
    throw error;
  }
  events.progress.announce({ kind: 'duplicates', code_import: code, status: 'P', percentage: 0, table: null }, log);
  events.work.announce({ kind: 'duplicates', code, reason: 'queued' }, log);
  return duplicateScan(db);
}
