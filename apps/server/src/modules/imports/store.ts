import type { ImportKind } from '@atalaya/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { importErrors, imports, importTables } from '../../db/schema/index.js';
import { deleteStoredFile } from '../storage/index.js';
import type { ImportRowError } from './job.js';

/**
 * The writes of an import's life as a job (docs/adr/0014-import-jobs.md): the runner's claim,
 * its heartbeat, its progress and the end. Every write of a runner names its claim
 * (`run_token`): once another process has taken the import (this one was presumed dead), the
 * writes of this one change nothing.
 */

/** At most this many row errors are kept per import (the count of all of them is kept besides). */
export const IMPORT_ERRORS_STORED = 10_000;
const ERROR_BATCH = 500;
const MAX_TEXT = { sheet: 200, column: 200, message: 1000, reason: 2000 } as const;

/** An import a runner has just claimed (status D, its attempt counted). */
export type ClaimedImport = {
  id: string;
  kind: ImportKind;
  code: string;
  fileName: string | null;
  fileId: string | null;
  passwordEnc: string | null;
  attempts: number;
  cancelRequested: boolean;
};

/**
 * Claims the oldest import waiting for a runner: a pending one, or a running one whose runner
 * gave no sign of life for `staleMs` (its process died, or gave it back at shutdown). One
 * statement: the row is taken `for update skip locked`, so two runners never take the same
 * import, and set D with this runner's token, a fresh heartbeat and one more attempt; the
 * progress starts again from 0 (a resumed import runs its handler from the beginning).
 */
export async function claimNextImport(db: Db, token: string, staleMs: number): Promise<ClaimedImport | null> {
  const { rows } = await db.execute<ClaimedImport>(sql`
      update imports i set status = 'D', attempts = i.attempts + 1, run_token = ${token}::uuid, heartbeat_at = now(),
        percentage = 0, current_table = null
      from (
        select id from imports
        where status = 'P' or (status = 'D' and (heartbeat_at is null or heartbeat_at < now() - ${staleMs} * interval '1 millisecond'))
        order by date_start, code_import
        limit 1
        for update skip locked
      ) next
      where i.id = next.id
      returning i.id::text as id, i.kind, i.code_import as code, i.file_name as "fileName", i.file_id::text as "fileId",
        i.password_enc as "passwordEnc", i.attempts, (i.cancel_requested_at is not null) as "cancelRequested"`);
  const row = rows[0];
  return row ? { ...row, attempts: Number(row.attempts) } : null;
}

/** The runner's sign of life; null when the import is no longer its own (taken by another, or ended). */
export async function heartbeat(db: Db, id: string, token: string): Promise<{ cancelRequested: boolean } | null> {
  const [row] = await db
    .update(imports)
    .set({ heartbeatAt: sql`now()` })
    .where(ownedBy(id, token))
    .returning({ cancelRequestedAt: imports.cancelRequestedAt });
  return row ? { cancelRequested: row.cancelRequestedAt !== null } : null;
}

/** The runner's claim on a running import. */
export function ownedBy(id: string, token: string) {
  return and(eq(imports.id, id), eq(imports.runToken, token), eq(imports.status, 'D'));
}

/** Removes an import's uploaded file (it is not needed once the import ended). */
export async function discardImportFile(tx: Tx, id: string): Promise<void> {
  const [row] = await tx.select({ fileId: imports.fileId }).from(imports).where(eq(imports.id, id));
  if (!row?.fileId) return;
  await tx.update(imports).set({ fileId: null }).where(eq(imports.id, id));
  await deleteStoredFile(tx, row.fileId);
}

/** How an import ends. */
export type ImportEnd = { status: 'S' } | { status: 'C' } | { status: 'E'; reason: string; rowErrors?: readonly ImportRowError[] };

/** A text fit to store: no NUL (PostgreSQL refuses it), at most `max` characters. */
function storable(text: unknown, max: number): string {
  return String(text ?? '')
    .replaceAll('\u0000', '')
    .slice(0, max);
}

async function storeRowErrors(tx: Tx, id: string, rowErrors: readonly ImportRowError[]): Promise<void> {
  const kept = rowErrors.slice(0, IMPORT_ERRORS_STORED);
  for (let start = 0; start < kept.length; start += ERROR_BATCH) {
    await tx.insert(importErrors).values(
      kept.slice(start, start + ERROR_BATCH).map((error, index) => ({
        importId: id,
        seq: start + index + 1,
        sheet: storable(error.sheet, MAX_TEXT.sheet),
        row: Number.isSafeInteger(error.row) && error.row >= 0 && error.row <= 2_147_483_647 ? error.row : 0,
        column: storable(error.column, MAX_TEXT.column),
        message: storable(error.message, MAX_TEXT.message),
      })),
    );
  }
}

/**
 * Ends an import in one transaction: its status, end date, reason and row errors; the tables
 * still running take the same status; the password and the uploaded file are dropped. With a
 * `token`, only while the import is still that runner's (false otherwise, nothing written);
 * without one (a cancel of an import nobody runs), only while it is P or D.
 */
export async function endImport(db: Db, id: string, token: string | null, end: ImportEnd): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rowErrors = end.status === 'E' ? (end.rowErrors ?? []) : [];
    const [row] = await tx
      .update(imports)
      .set({
        status: end.status,
        dateEnd: sql`now()`,
        ...(end.status === 'S' ? { percentage: 100 } : {}),
        error: end.status === 'E' ? storable(end.reason, MAX_TEXT.reason) : null,
        errorCount: rowErrors.length,
        currentTable: null,
        passwordEnc: null,
        runToken: null,
        heartbeatAt: null,
      })
      .where(token ? ownedBy(id, token) : and(eq(imports.id, id), inArray(imports.status, ['P', 'D'])))
      .returning({ id: imports.id });
    if (!row) return false;
    await tx
      .update(importTables)
      .set({ status: end.status, dateEnd: sql`now()` })
      .where(and(eq(importTables.importId, id), eq(importTables.status, 'D')));
    await tx.delete(importErrors).where(eq(importErrors.importId, id));
    await storeRowErrors(tx, id, rowErrors);
    await discardImportFile(tx, id);
    return true;
  });
}

/**
 * Gives a running import back at shutdown: still D, with no heartbeat and no claim, so the
 * next runner (this server restarted, or another process) takes it at once. The attempt is
 * not counted: a clean stop is not an interruption.
 */
export async function releaseImport(db: Db, id: string, token: string): Promise<void> {
  await db
    .update(imports)
    .set({ heartbeatAt: null, runToken: null, attempts: sql`greatest(${imports.attempts} - 1, 0)` })
    .where(ownedBy(id, token));
}
