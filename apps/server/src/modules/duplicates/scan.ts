import { randomUUID } from 'node:crypto';
import { type DuplicateScan, MSG } from '@atalaya/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { nextReferenceSequence } from '../../db/reference-sequences.js';
import { imports } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { AppError } from '../../http/errors.js';
import { writeAudit } from '../audit/index.js';
import { formatImportCode, IMPORT_CODE_PREFIX, type ImportEvents, type ImportHandler, importList } from '../imports/index.js';
import { scanFrequencies } from './batch.js';
import { scanRegistry } from './registry.js';
import { duplicateThreshold } from './service.js';

/**
 * The whole-database duplicate scan (docs/duplicates.md 'The whole-database scan'): a job of
 * the import runner (kind 'duplicates', no file; docs/adr/0014-import-jobs.md), so it is queued,
 * claimed, heartbeated, resumed after a crash and cancelled like an import, and its progress is
 * the import's (`percentage`, the entry 'Casos' with the cases done). It compares every sent case,
 * not deleted nor marked duplicate, with the others in memory (registry.ts): the value frequencies
 * read once (batch.ts), the registry's compared fields read once, the blocking keys answered from
 * in-memory indexes, each pair filtered by a numeric score and scored by the domain's
 * `duplicateScore`, the pairs at or above the threshold upserted in batches (`duplicate_pairs`).
 * What it stores is listed to each QPPV within their reach.
 */

/** The progress entry. */
const CASES = MSG.duplicates.scanCases;

export const duplicateScanHandler: ImportHandler = {
  kind: 'duplicates',
  withoutFile: true,
  async run(ctx) {
    const { db, signal } = ctx;
    const threshold = await duplicateThreshold(db);
    const frequencies = await scanFrequencies(db);
    await ctx.declareTables([CASES]);
    await ctx.tableStarted(CASES, 0);
    const profile = await scanRegistry(db, {
      threshold,
      frequencies,
      signal,
      onProgress: (cases, _total, percentage) => ctx.tableProgress(CASES, cases, Math.min(99, percentage)),
    });
    await ctx.tableDone(CASES, profile.cases, 100);
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
