import { createHash } from 'node:crypto';
import { canExportPdf, canSeeReporterContact, erStatusName, MSG, type PdfHistoryItem } from '@atalaya/domain';
import { and, desc, eq, like, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { pdfHistory, users } from '../../db/schema/index.js';
import { writeAudit } from '../audit/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest, notFound } from '../../http/errors.js';
import { type DownloadableFile, loadFile, loadFileBytes, storeFile } from '../storage/index.js';
import { findCaseInReach } from '../reach/index.js';
import { casePdfDocument } from './document.js';
import { type CasePdfData, loadCasePdfData } from './load.js';
import { renderPdf } from './render.js';

export const PDF_MIME_TYPE = 'application/pdf';

const fullName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

/** 'YYYYMMDD-HHmmss' of an instant in UTC. */
function stamp(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}-${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`;
}

/** LIKE pattern matching `value` literally. */
function literalPrefix(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The stored name of a case's PDF: `ER-{ref}_{YYYYMMDD-HHmmss}.pdf` (UTC). Unique per case:
 * a second PDF generated within the same second gets `_2`, `_3`… before `.pdf` (the case row
 * is locked while the name is chosen, so two requests cannot pick the same one).
 */
export function storedPdfName(reference: string, now: Date, taken: ReadonlySet<string>): string {
  const base = `ER-${reference}_${stamp(now)}`;
  if (!taken.has(`${base}.pdf`)) return `${base}.pdf`;
  let n = 2;
  while (taken.has(`${base}_${n}.pdf`)) n += 1;
  return `${base}_${n}.pdf`;
}

export interface GeneratedPdf {
  referenceNumber: string;
  bytes: Uint8Array;
}

/**
 * Bump when the PDF's layout (document.ts, render.ts) changes what a case looks like on paper:
 * the PDFs stored before no longer match and the next request generates a new one.
 */
export const PDF_LAYOUT_VERSION = 1;

/** JSON of the case data with bigints as strings (JSON.stringify refuses them); Dates as ISO. */
function stableJson(data: unknown): string {
  return JSON.stringify(data, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
}

/**
 * The fingerprint of a case's PDF: SHA-256 of the layout version and of everything the PDF
 * shows of the case as this user may see it (the data it is rendered from; the generation
 * instant aside). Equal fingerprints render the same PDF but for its date.
 */
export function casePdfFingerprint(data: CasePdfData): string {
  return createHash('sha256').update(`atalaya-case-pdf-v${PDF_LAYOUT_VERSION}\n`).update(stableJson(data)).digest('hex');
}

/**
 * The newest stored PDF of the case generated from data with this fingerprint, if any. Not
 * only the latest one: users who see the case differently (a Fabricante, say) alternating
 * would otherwise store a new PDF at each turn. A case that changes always gets a new
 * fingerprint (its operation history, printed in the PDF, grows with each change).
 */
async function reusablePdf(db: DbOrTx, eventId: string, fingerprint: string): Promise<Uint8Array | null> {
  const [same] = await db
    .select({ fileId: pdfHistory.fileId })
    .from(pdfHistory)
    .where(and(eq(pdfHistory.eventId, eventId), eq(pdfHistory.fingerprint, fingerprint)))
    .orderBy(desc(pdfHistory.createdAt), desc(pdfHistory.id))
    .limit(1);
  if (!same) return null;
  return loadFileBytes(db, same.fileId);
}

/**
 * `getERPDF/{meta}`: the PDF of the whole case (404 outside reach; 400 while Pendiente or
 * Anulado). Built from a fixed number of reads. While the case has not changed since a
 * stored PDF of it (same fingerprint: `casePdfFingerprint`), that PDF is sent again and
 * nothing is written; otherwise the new PDF is stored in one transaction with the case row
 * locked: the bytes in `files`, a `pdf_history` row with its fingerprint and an audit row
 * (instance ER, 'PDF generado', the stored name). Only INSERTs: `pdf_history` is append-only.
 * Two concurrent first requests: the second finds the first's row under the lock and reuses
 * it. The operation history is not touched: a PDF changes nothing.
 */
export async function generateCasePdf(db: Db, user: AuthUser, meta: string, now: Date = new Date()): Promise<GeneratedPdf> {
  const found = await findCaseInReach(db, user, meta);
  if (!found) throw notFound(MSG.lists.eventNotFound);
  if (!canExportPdf(found.status)) throw badRequest(MSG.pdf.notAllowed);

  const data = await loadCasePdfData(db, user, found);
  const fingerprint = casePdfFingerprint(data);
  const stored = await reusablePdf(db, found.id, fingerprint);
  if (stored) return { referenceNumber: found.referenceNumber, bytes: stored };

  const rendered = await renderPdf(casePdfDocument(data, now));
  const content = Buffer.from(rendered.buffer, rendered.byteOffset, rendered.byteLength);

  const bytes = await db.transaction(async (tx) => {
    const locked = await findCaseInReach(tx, user, meta, { forUpdate: true });
    if (!locked) throw notFound(MSG.lists.eventNotFound);
    if (!canExportPdf(locked.status)) throw badRequest(MSG.pdf.notAllowed);
    const storedMeanwhile = await reusablePdf(tx, locked.id, fingerprint);
    if (storedMeanwhile) return storedMeanwhile;
    const prefix = `ER-${locked.referenceNumber}_${stamp(now)}`;
    const taken = await tx
      .select({ fileName: pdfHistory.fileName })
      .from(pdfHistory)
      .where(and(eq(pdfHistory.eventId, locked.id), like(pdfHistory.fileName, `${literalPrefix(prefix)}%`)));
    const fileName = storedPdfName(locked.referenceNumber, now, new Set(taken.map((row) => row.fileName)));
    const file = await storeFile(
      tx,
      { name: fileName, extension: 'pdf', mimeType: PDF_MIME_TYPE, size: content.length, sha256: createHash('sha256').update(content).digest('hex'), content },
      user.id,
    );
    await tx.insert(pdfHistory).values({
      eventId: locked.id,
      fileName,
      fileId: file.id,
      fingerprint,
      withReporterContact: canSeeReporterContact(user.role),
      createdAt: now,
      createdBy: user.id,
    });
    await writeAudit(tx, {
      kind: 'case.pdf-generated',
      actor: user,
      pkId: locked.id,
      referenceNumber: locked.referenceNumber,
      metadata: locked.meta,
      at: now,
      description: 'PDF generado',
      oldValues: null,
      newValues: { Archivo: fileName, Estado: erStatusName(locked.status), Bytes: content.length },
    });
    return rendered;
  });
  return { referenceNumber: found.referenceNumber, bytes };
}

/**
 * The stored PDFs a user may see: all of them, or for a role that does not see the reporter's
 * contact (docs/roles.md), only those generated without it.
 */
function pdfsVisibleTo(user: AuthUser): SQL | undefined {
  return canSeeReporterContact(user.role) ? undefined : eq(pdfHistory.withReporterContact, false);
}

/** `listERPDF/{meta}`: the PDFs generated for the case that the user may see, newest first. */
export async function listCasePdfs(db: Db, user: AuthUser, meta: string): Promise<PdfHistoryItem[]> {
  const found = await findCaseInReach(db, user, meta);
  if (!found) throw notFound(MSG.lists.eventNotFound);
  const rows = await db
    .select({ id: pdfHistory.id, fileName: pdfHistory.fileName, createdAt: pdfHistory.createdAt, user: fullName })
    .from(pdfHistory)
    .innerJoin(users, eq(users.id, pdfHistory.createdBy))
    .where(and(eq(pdfHistory.eventId, found.id), pdfsVisibleTo(user)))
    .orderBy(desc(pdfHistory.createdAt), desc(pdfHistory.id));
  return rows.map((row) => ({ Id: row.id, FileName: row.fileName, Date: row.createdAt.toISOString(), UserFullName: row.user }));
}

/** `getERPDF/{meta}/{fileName}/`: a stored PDF of the case by its stored name (404 otherwise). */
export async function storedCasePdf(db: Db, user: AuthUser, meta: string, fileName: string): Promise<DownloadableFile> {
  const found = await findCaseInReach(db, user, meta);
  if (!found) throw notFound(MSG.lists.eventNotFound);
  const [row] = await db
    .select({ fileId: pdfHistory.fileId })
    .from(pdfHistory)
    .where(and(eq(pdfHistory.eventId, found.id), eq(pdfHistory.fileName, fileName), pdfsVisibleTo(user)))
    .orderBy(desc(pdfHistory.id))
    .limit(1);
  const file = row ? await loadFile(db, row.fileId) : null;
  if (!file) throw notFound(MSG.pdf.notFound);
  return file;
}
