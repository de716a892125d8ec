import {
  ER_STATUS,
  type ErDocument,
  type MedicalContactFileResult,
  MSG,
  type OriginFileResult,
  type signedDocumentDeleteBodySchema,
} from '@atalaya/domain';
import type { z } from 'zod';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { preparedByText } from '../../db/prepared.js';
import { eventDocuments, eventOrigins, medicalContacts } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest, notFound } from '../../http/errors.js';
import { verifySignature } from '../auth/index.js';
import { changedFields, type ChangeLine, lockEditableCase, recordCaseOperation, storeSignature } from '../cases/index.js';
import { type CaseInReach, findCaseInReach } from '../reach/index.js';
import { documentsOfCase, enabledNoteTypeName, findDocument, findMedicalContact, originOfCase } from './queries.js';
import {
  type DocumentAction,
  documentUploadFieldsSchema,
  medicalContactUploadFieldsSchema,
  originUploadFieldsSchema,
} from './schemas.js';
import { type DownloadableFile, loadFile, parseFields, type SingleUpload, storeFile } from '../storage/index.js';
import { personName } from '../../shared/person-name.js';

type SignedDocumentDelete = z.output<typeof signedDocumentDeleteBodySchema>;

/** Labels of the operation-history lines written here. */
const LABELS = {
  note: 'Nota',
  type: 'Tipo',
  file: 'Archivo',
  originHave: 'Documento de origen disponible',
  originReason: 'Motivo de no disponibilidad',
  originFile: 'Documento de origen',
  medicalContactFile: 'Archivo del contacto médico',
} as const;

/** `getDocsAndNotesByMeta`: the documents and notes of a case in reach (not deleted), newest first. */
export async function listDocuments(db: Db, user: AuthUser, meta: string): Promise<ErDocument[]> {
  const found = await findCaseInReach(db, user, meta);
  if (!found) throw notFound(MSG.lists.eventNotFound);
  return documentsOfCaseInReach(db, found.id);
}

const documentsRead = preparedByText((db) => documentsOfCase(db, sql.placeholder('eventId')));

/** The documents and notes of a case the caller found in the user's reach, as `getDocsAndNotesByMeta` answers them. */
export async function documentsOfCaseInReach(db: Db, eventId: string): Promise<ErDocument[]> {
  const rows = await documentsRead(db).execute({ eventId });
  return rows.map((row) => ({
    Id: row.id,
    FileName: row.fileName,
    Extension: row.extension,
    TipoId: row.typeId,
    TipoNombre: row.typeName,
    Note: row.note,
    UserFullName: personName(row),
    Date: row.createdAt.toISOString(),
  }));
}

/**
 * The case, locked, for a write from the event view: within reach (404) and not Anulado (400);
 * any other status will do (documents and notes can be added to a sent case).
 */
async function lockCaseNotAnnulled(tx: Tx, user: AuthUser, meta: string): Promise<CaseInReach> {
  const found = await findCaseInReach(tx, user, meta, { forUpdate: true });
  if (!found) throw notFound(MSG.lists.eventNotFound);
  if (found.status === ER_STATUS.ANULADO) throw badRequest(MSG.wizard.notEditable);
  return found;
}

/** 'insert' and 'update' come from the wizard (its editing rule); 'insertPostCreated' from the event view. */
function lockCaseForDocument(tx: Tx, user: AuthUser, meta: string, action: DocumentAction): Promise<CaseInReach> {
  return action === 'insertPostCreated' ? lockCaseNotAnnulled(tx, user, meta) : lockEditableCase(tx, user, meta);
}

async function noteTypeName(tx: Tx, typeId: number | null): Promise<string | null> {
  if (typeId === null) return null;
  const name = await enabledNoteTypeName(tx, typeId);
  if (name === null) throw badRequest(MSG.wizard.optionUnknown('Tipo'));
  return name;
}

/**
 * `uploadDocAndNotes`: adds a document or note ('insert', 'insertPostCreated') or changes one
 * ('update'; without a file the stored one is kept), with its optional file, in one transaction
 * with its history entry ('Documento agregado' / 'Documento actualizado').
 */
export async function saveDocument(db: Db, user: AuthUser, upload: SingleUpload): Promise<void> {
  const fields = parseFields(documentUploadFieldsSchema, upload.fields);
  await db.transaction(async (tx) => {
    const found = await lockCaseForDocument(tx, user, fields.idEr, fields.action);
    const typeName = await noteTypeName(tx, fields.tipoId);
    const now = new Date();

    if (fields.action === 'update') {
      const before = fields.id === undefined ? null : await findDocument(tx, fields.id);
      if (!before || before.eventId !== found.id) throw notFound(MSG.wizard.recordNotFound);
      const stored = upload.file ? await storeFile(tx, upload.file, user.id) : null;
      await tx
        .update(eventDocuments)
        .set({ note: fields.note, typeId: fields.tipoId, ...(stored ? { fileId: stored.id } : {}), updatedAt: now, updatedBy: user.id })
        .where(eq(eventDocuments.id, before.id));
      const lines: ChangeLine[] = changedFields(
        { note: LABELS.note, typeName: LABELS.type },
        { note: before.note, typeName: before.typeName },
        { note: fields.note, typeName },
      );
      if (stored) lines.push({ description: LABELS.file, oldValue: before.fileName, newValue: stored.name, isFile: true });
      await recordCaseOperation(tx, user, found, { description: 'Documento actualizado', operationType: 'U', lines, now });
      return;
    }

    const stored = upload.file ? await storeFile(tx, upload.file, user.id) : null;
    await tx.insert(eventDocuments).values({
      eventId: found.id,
      typeId: fields.tipoId,
      note: fields.note,
      fileId: stored?.id ?? null,
      createdAt: now,
      createdBy: user.id,
      updatedAt: now,
      updatedBy: user.id,
    });
    const lines: ChangeLine[] = changedFields({ note: LABELS.note, typeName: LABELS.type }, null, { note: fields.note, typeName });
    if (stored) lines.push({ description: LABELS.file, oldValue: null, newValue: stored.name, isFile: true });
    await recordCaseOperation(tx, user, found, { description: 'Documento agregado', operationType: 'I', lines, now });
  });
}

/** What a document deletion's signature means, as stored and shown in the history. */
export const DOCUMENT_DELETION_MEANING = 'Eliminar documento';

/**
 * `deleteDocAndNotes`: marks a document or note deleted (its row and file are kept) with the
 * reason and the electronic signature of the signed-in user, on a case in reach that is not
 * Anulado. The document and case are checked first (404, 400), then the credentials (another
 * user's or a wrong password: 400, nothing changed); then, with the case locked, the deletion,
 * the signature and the 'D' history entry ('Documento eliminado', the record's lines and the
 * signature's) commit together.
 */
export async function deleteDocument(db: Db, user: AuthUser, input: SignedDocumentDelete, ip: string): Promise<void> {
  const target = await findDocument(db, input.id);
  if (!target) throw notFound(MSG.wizard.recordNotFound);
  const reachable = await findCaseInReach(db, user, target.meta);
  if (!reachable) throw notFound(MSG.wizard.recordNotFound);
  if (reachable.status === ER_STATUS.ANULADO) throw badRequest(MSG.wizard.notEditable);
  const signedAt = await verifySignature(db, user, input.Signature, ip);

  await db.transaction(async (tx) => {
    const document = await findDocument(tx, input.id);
    if (!document) throw notFound(MSG.wizard.recordNotFound);
    const found = await lockCaseNotAnnulled(tx, user, document.meta);
    // The case lock orders concurrent deletions: only the first one finds the row not deleted.
    const deleted = await tx
      .update(eventDocuments)
      .set({ deletedAt: signedAt, deletedBy: user.id, updatedAt: signedAt, updatedBy: user.id })
      .where(and(eq(eventDocuments.id, document.id), isNull(eventDocuments.deletedAt)))
      .returning({ id: eventDocuments.id });
    if (deleted.length === 0) throw notFound(MSG.wizard.recordNotFound);
    const lines: ChangeLine[] = changedFields({ note: LABELS.note, typeName: LABELS.type }, { note: document.note, typeName: document.typeName }, null);
    if (document.fileName) lines.push({ description: LABELS.file, oldValue: document.fileName, newValue: null, isFile: true });
    const signatureLines = await storeSignature(tx, user, {
      comment: input.Signature.comment,
      meaning: DOCUMENT_DELETION_MEANING,
      record: {
        type: 'Documento',
        id: String(document.id),
        state: {
          id: document.id,
          meta: document.meta,
          note: document.note,
          typeId: document.typeId,
          typeName: document.typeName,
          fileId: document.fileId,
          fileName: document.fileName,
        },
      },
      eventId: found.id,
      signedAt,
    });
    await recordCaseOperation(tx, user, found, {
      description: 'Documento eliminado',
      operationType: 'D',
      lines: [...lines, ...signatureLines],
      comment: input.comentario,
      now: signedAt,
    });
  });
}

/**
 * `uploadFileOriginReport`: attaches the origin document to an editable case: sets its file and
 * Have (creating the origin row when step 1 was not saved yet: Origen and Tipo stay empty).
 */
export async function attachOriginFile(db: Db, user: AuthUser, upload: SingleUpload): Promise<OriginFileResult> {
  const { Id: meta } = parseFields(originUploadFieldsSchema, upload.fields);
  const file = upload.file;
  if (!file) throw badRequest(MSG.files.required);
  return db.transaction(async (tx) => {
    const found = await lockEditableCase(tx, user, meta);
    const before = await originOfCase(tx, found.id);
    const stored = await storeFile(tx, file, user.id);
    const now = new Date();
    if (before) {
      await tx
        .update(eventOrigins)
        .set({ have: true, notHave: null, fileId: stored.id, updatedAt: now, updatedBy: user.id })
        .where(eq(eventOrigins.eventId, found.id));
    } else {
      await tx
        .insert(eventOrigins)
        .values({ eventId: found.id, have: true, fileId: stored.id, createdAt: now, createdBy: user.id, updatedAt: now, updatedBy: user.id });
    }
    const lines: ChangeLine[] = changedFields(
      { have: LABELS.originHave, notHave: LABELS.originReason },
      before ? { have: before.have, notHave: before.notHave } : null,
      { have: true, notHave: null },
    );
    lines.push({ description: LABELS.originFile, oldValue: before?.fileName ?? null, newValue: stored.name, isFile: true });
    await recordCaseOperation(tx, user, found, {
      description: before ? 'Origen del reporte actualizado' : 'Origen del reporte creado',
      operationType: before ? 'U' : 'I',
      lines,
      now,
    });
    return { FileName: stored.name, Extension: stored.extension };
  });
}

/** `uploadFileContactoMedico`: attaches a file to the medical contact of an editable case. */
export async function attachMedicalContactFile(db: Db, user: AuthUser, upload: SingleUpload): Promise<MedicalContactFileResult> {
  const { Id: contactId } = parseFields(medicalContactUploadFieldsSchema, upload.fields);
  const file = upload.file;
  if (!file) throw badRequest(MSG.files.required);
  return db.transaction(async (tx) => {
    const contact = await findMedicalContact(tx, contactId);
    if (!contact) throw notFound(MSG.wizard.recordNotFound);
    const found = await lockEditableCase(tx, user, contact.meta);
    const stored = await storeFile(tx, file, user.id);
    const now = new Date();
    await tx.update(medicalContacts).set({ fileId: stored.id, updatedAt: now, updatedBy: user.id }).where(eq(medicalContacts.id, contact.id));
    await recordCaseOperation(tx, user, found, {
      description: 'Contacto médico actualizado',
      operationType: 'U',
      lines: [{ description: LABELS.medicalContactFile, oldValue: contact.fileName, newValue: stored.name, isFile: true }],
      now,
    });
    return { NombreArchivo: stored.name, ExtensionArchivo: stored.extension };
  });
}

const fileNotFound = () => notFound(MSG.files.notFound);

/** The bytes of a stored file, or 404 'El archivo no existe'. */
async function download(db: Db, fileId: string | null | undefined): Promise<DownloadableFile> {
  const file = fileId ? await loadFile(db, fileId) : null;
  if (!file) throw fileNotFound();
  return file;
}

/** Whether the case with this Meta is in the user's reach (an unknown record's case: no). */
async function inReach(db: Db, user: AuthUser, meta: string | undefined): Promise<boolean> {
  return meta !== undefined && (await findCaseInReach(db, user, meta)) !== null;
}

/** `downloadOriginReportById/{meta}`. */
export async function originFile(db: Db, user: AuthUser, meta: string): Promise<DownloadableFile> {
  const found = await findCaseInReach(db, user, meta);
  if (!found) throw fileNotFound();
  return download(db, (await originOfCase(db, found.id))?.fileId);
}

/** `downloadDocAndNotesById/{id}` (a deleted document has no download). */
export async function documentFile(db: Db, user: AuthUser, id: number): Promise<DownloadableFile> {
  const document = await findDocument(db, id);
  if (!(await inReach(db, user, document?.meta))) throw fileNotFound();
  return download(db, document?.fileId);
}

/** `downloadFileContactoMedicoById/{id}`. */
export async function medicalContactFile(db: Db, user: AuthUser, id: number): Promise<DownloadableFile> {
  const contact = await findMedicalContact(db, id);
  if (!(await inReach(db, user, contact?.meta))) throw fileNotFound();
  return download(db, contact?.fileId);
}
