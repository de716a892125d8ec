import { randomUUID } from 'node:crypto';
import { type ImportEntry, type ImportKind, MSG } from '@atalaya/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { nextReferenceSequence } from '../../db/reference-sequences.js';
import { imports } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { csvFile } from '../../shared/csv.js';
import { writeAudit } from '../audit/index.js';
import { storeFile } from '../storage/index.js';
import { formatImportCode, IMPORT_CODE_PREFIX } from './codes.js';
import type { ImportEvents } from './events.js';
import { encryptImportPassword } from './password.js';
import { findImport, hasActiveImport, importEntryByCode, importErrorRows, listImports } from './queries.js';
import { discardImportFile } from './store.js';
import type { ImportUpload } from './upload.js';

export interface ImportServiceDeps {
  db: Db;
  events: ImportEvents;
  log: FastifyBaseLogger;
  /** A running import whose heartbeat is older than this has no live runner (ms; the runner's `staleMs`). */
  staleMs: number;
}

/** Longest zip password accepted (real ones are far shorter). */
const MAX_PASSWORD_LENGTH = 256;

const alreadyRunning = (kind: ImportKind) => new AppError(409, MSG.imports.alreadyRunning(MSG.imports.kindLabel[kind]));

/** Whether a write failed on `imports_one_active_per_kind` (a concurrent upload of the same kind). */
function isActiveConflict(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; constraint?: string; message?: string } } | null)?.cause;
  return cause?.code === '23505' && `${cause.constraint ?? ''} ${cause.message ?? ''}`.includes('imports_one_active_per_kind');
}

/** 409 at once (before the body is read) when an import of the kind is pending or running. */
export async function refuseWhileActive(db: Db, kind: ImportKind): Promise<void> {
  if (await hasActiveImport(db, kind)) throw alreadyRunning(kind);
}

/**
 * `uploadmeddra`, `uploaddata`: queues an import of `kind` (status P) with its file stored in the
 * database (so any process can run it, after a restart too) and its password encrypted, audited,
 * in one transaction; a concurrent upload of the same kind fails on the partial unique index
 * (409 'Ya hay una importación de … en curso'). The runner is told at once.
 */
export async function startImport(
  deps: ImportServiceDeps,
  user: AuthUser,
  kind: ImportKind,
  upload: ImportUpload,
  /** What the kind stores beside the import, in the same transaction (the E2B import's mode and choices). */
  alongside?: (tx: Tx, importId: string) => Promise<void>,
): Promise<ImportEntry> {
  const { db, events, log } = deps;
  const password = kind === 'meddra' ? (upload.fields.password ?? '') : '';
  if (password.length > MAX_PASSWORD_LENGTH) throw badRequest(MSG.imports.passwordTooLong);
  const id = randomUUID();
  const now = new Date();
  let entry: ImportEntry;
  try {
    entry = await db.transaction(async (tx) => {
      const year = now.getUTCFullYear();
      const code = formatImportCode(kind, year, await nextReferenceSequence(tx, IMPORT_CODE_PREFIX[kind], year));
      await tx.insert(imports).values({
        id,
        codeImport: code,
        kind,
        fileName: upload.file.name,
        userId: user.id,
        dateStart: now,
        status: 'P',
        passwordEnc: password ? await encryptImportPassword(tx, id, password) : null,
      });
      const stored = await storeFile(tx, upload.file, user.id);
      await tx.update(imports).set({ fileId: stored.id }).where(eq(imports.id, id));
      if (alongside) await alongside(tx, id);
      await writeAudit(tx, {
        kind: 'import.started',
        actor: { id: user.id, origin: user.origin },
        description: MSG.imports.auditStarted(MSG.imports.kindLabel[kind], code),
        pkId: id,
        referenceNumber: code,
        newValues: { code_import: code, Tipo: kind, FileName: upload.file.name, Bytes: upload.file.size, SHA256: upload.file.sha256, Contrasena: password ? 'sí' : 'no' },
        at: now,
      });
      // Read before the commit: the runner, polling, may claim the import as soon as it is committed.
      return entryOrThrow(tx, code, kind);
    });
  } catch (error) {
    if (isActiveConflict(error)) throw alreadyRunning(kind);
    throw error;
  }
  // The answer is the import as queued (P); only then is the runner told.
  const code = entry.code_import;
  events.progress.announce({ kind, code_import: code, status: 'P', percentage: 0, table: null }, log);
  events.work.announce({ kind, code, reason: 'queued' }, log);
  return entry;
}

async function entryOrThrow(db: DbOrTx, code: string, kind?: ImportKind): Promise<ImportEntry> {
  const entry = await importEntryByCode(db, code, kind);
  if (!entry) throw notFound(MSG.imports.notFound);
  return entry;
}

/** `getmeddraimport`, `getdataimport`: the newest imports of the kind. */
export function importList(db: Db, kind: ImportKind): Promise<ImportEntry[]> {
  return listImports(db, kind);
}

/** `getmeddraimportcode/{code}`, `getdataimportcode/{code}`: one import of the kind (another kind's code: 404). */
export function importDetail(db: Db, kind: ImportKind, code: string): Promise<ImportEntry> {
  return entryOrThrow(db, code, kind);
}

/**
 * `cancelimport/{code}`: a pending import ends C at once (so does a running one whose runner is
 * gone); a running one is asked to stop: its runner aborts the handler's signal at its next
 * heartbeat (at once in this process) and ends it C. An import that already ended: 409.
 * Audited once (a repeated request for a running import changes nothing).
 */
export async function cancelImport(deps: ImportServiceDeps, user: AuthUser, code: string): Promise<ImportEntry> {
  const { db, events, log } = deps;
  const found = await findImport(db, code);
  if (!found) throw notFound(MSG.imports.notFound);
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        status: imports.status,
        cancelRequested: sql<boolean>`${imports.cancelRequestedAt} is not null`,
        orphaned: sql<boolean>`${imports.heartbeatAt} is null or ${imports.heartbeatAt} < now() - ${deps.staleMs} * interval '1 millisecond'`,
      })
      .from(imports)
      .where(eq(imports.id, found.id))
      .for('update');
    if (!row || !['P', 'D'].includes(row.status)) return 'finished' as const;
    if (row.status === 'D' && row.cancelRequested && !row.orphaned) return 'requested' as const;
    const endNow = row.status === 'P' || row.orphaned;
    await tx
      .update(imports)
      .set(
        endNow
          ? { status: 'C', dateEnd: sql`now()`, currentTable: null, passwordEnc: null, runToken: null, heartbeatAt: null, cancelRequestedAt: sql`now()`, cancelledBy: user.id }
          : { cancelRequestedAt: sql`now()`, cancelledBy: user.id },
      )
      .where(eq(imports.id, found.id));
    if (endNow) await discardImportFile(tx, found.id);
    if (!row.cancelRequested) {
      await writeAudit(tx, {
        kind: 'import.cancelled',
        actor: { id: user.id, origin: user.origin },
        description: MSG.imports.auditCancelled(MSG.imports.kindLabel[found.kind], code),
        pkId: found.id,
        referenceNumber: code,
        oldValues: { status: row.status },
        newValues: { status: endNow ? 'C' : 'D (cancelación solicitada)' },
      });
    }
    return endNow ? ('cancelled' as const) : ('requested' as const);
  });
  if (outcome === 'finished') throw new AppError(409, MSG.imports.alreadyFinished);
  const entry = await entryOrThrow(db, code);
  if (outcome === 'cancelled') events.progress.announce({ kind: found.kind, code_import: code, status: 'C', percentage: entry.percentage, table: null }, log);
  else events.work.announce({ kind: found.kind, code, reason: 'cancel' }, log);
  return entry;
}

/**
 * `getimporterrors/{code}`: the error report, CSV (`shared/csv.ts`: UTF-8 with a BOM, `;`-separated, CRLF, formulas guarded): a
 * first line with the import's reason, the header Hoja;Fila;Columna;Mensaje, one line per stored
 * row error, and a last line when more errors were found than kept.
 */
export async function importErrorReport(db: Db, code: string): Promise<{ fileName: string; bytes: Buffer }> {
  const found = await findImport(db, code);
  if (!found) throw notFound(MSG.imports.notFound);
  const lines: string[][] = [[found.error ?? MSG.imports.reportStatus[found.status]], [...MSG.imports.reportColumns]];
  for (const error of await importErrorRows(db, found.id)) lines.push([error.sheet, String(error.row), error.column, error.message]);
  const shown = lines.length - 2;
  if (found.errorCount > shown) lines.push([MSG.imports.reportTruncated(shown.toLocaleString('es'), found.errorCount.toLocaleString('es'))]);
  const content = csvFile(lines, { delimiter: ';' });
  return { fileName: `Errores-${code}.csv`, bytes: Buffer.from(content, 'utf8') };
}
