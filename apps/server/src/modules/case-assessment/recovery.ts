import { canEditRecovery, canSaveRecovery, type ErMedication, isCausalityDrugRole, MSG, type recoveryBodySchema } from '@atalaya/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { eventMedications, events, productRecoveries } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { type DownloadableFile, loadFile, parseFields, type SingleUpload, storeFile } from '../storage/index.js';
import { loadMedications } from '../case-medications/index.js';
import { changedFields, type ChangeLine, recordCaseOperation } from '../cases/index.js';
import { type CaseInReach, findCaseInReach } from '../reach/index.js';
import { recoveryUploadFieldsSchema } from './schemas.js';

/**
 * The recovery of a suspect product (Recuperacion tab; event spec §3 Recuperado, §5, §6): whether
 * the product was recovered, when and from whom, how it was kept and found, with a proof file.
 * One recovery per suspect or interacting medication (roles 1 and 3): a concomitant or
 * not-administered drug has no recovery panel, and saving one for it is a 400 (docs/event-view.md).
 */

export type RecoveryBody = z.output<typeof recoveryBodySchema>;

const LABELS = {
  HaveProduct: 'Se dispone del producto',
  Date: 'Fecha de recuperación',
  DateExpiration: 'Fecha de vencimiento',
  ContactName: 'Nombre del contacto',
  ContactAddress: 'Dirección del contacto',
  PlaceManufacture: 'Lugar de fabricación',
  ConditionStorage: 'Condiciones de almacenamiento',
  StateConsFirst: 'Estado de conservación (primario)',
  AmountComp: 'Cantidad recuperada',
  NameFun: 'Nombre del funcionario',
  StateConsSecond: 'Estado de conservación (secundario)',
} as const;

type RecoveryFields = Omit<RecoveryBody, 'Id' | 'IdER'>;

function fieldsOf(recovery: ErMedication['Recuperado']): RecoveryFields | null {
  if (!recovery) return null;
  const { Id: _id, NombreArchivo: _name, Extension: _extension, Modificado: _modified, ...fields } = recovery;
  return fields;
}

/**
 * The case, locked, and the related medication, when this user may save its recovery:
 * 404 unknown or out of reach, 403 for a role or a QPPV who did not create the case, 400 when
 * the case is Pendiente or Anulado.
 */
async function lockForRecovery(tx: Tx, user: AuthUser, meta: string, medicationId: number): Promise<{ found: CaseInReach; medication: ErMedication }> {
  const found = await findCaseInReach(tx, user, meta, { forUpdate: true });
  if (!found) throw notFound(MSG.lists.eventNotFound);
  const [medication] = await loadMedications(tx, and(eq(eventMedications.id, medicationId), eq(eventMedications.eventId, found.id)));
  if (!medication) throw notFound(MSG.wizard.recordNotFound);
  const isCreator = found.createdBy === user.id;
  const roleMayWork = user.role === 'RLF' || user.role === 'Fabricante' || user.role === 'QPPV';
  if (!roleMayWork || !canEditRecovery(user.role, isCreator)) throw forbidden(MSG.recovery.notAllowed);
  if (!canSaveRecovery({ role: user.role, isCreator, status: found.status })) throw badRequest(MSG.recovery.notAllowed);
  if (!isCausalityDrugRole(medication.Caracterizacion)) throw badRequest(MSG.recovery.notSuspect);
  return { found, medication };
}

async function readBack(tx: DbOrTx, eventId: string, medicationId: number): Promise<ErMedication> {
  const [medication] = await loadMedications(tx, and(eq(eventMedications.id, medicationId), eq(eventMedications.eventId, eventId)));
  if (!medication) throw new Error('Related medication not read back');
  return medication;
}

/**
 * updateMedicamentoRecuperado: creates or replaces the recovery of related medication `Id` of
 * case `IdER`, with its history entry ('Recuperación de producto …', one line per changed field).
 * Answers the related medication with its recovery.
 */
export async function saveRecovery(db: Db, user: AuthUser, body: RecoveryBody): Promise<ErMedication> {
  const { Id: medicationId, IdER: meta, ...fields } = body;
  return db.transaction(async (tx) => {
    const { found, medication } = await lockForRecovery(tx, user, meta, medicationId);
    const now = new Date();
    const columns = {
      haveProduct: fields.HaveProduct,
      date: fields.Date,
      dateExpiration: fields.DateExpiration,
      contactName: fields.ContactName,
      contactAddress: fields.ContactAddress,
      placeManufacture: fields.PlaceManufacture,
      conditionStorage: fields.ConditionStorage,
      stateConsFirst: fields.StateConsFirst,
      amountComp: fields.AmountComp,
      nameFun: fields.NameFun,
      stateConsSecond: fields.StateConsSecond,
      updatedAt: now,
      updatedBy: user.id,
    };
    await tx
      .insert(productRecoveries)
      .values({ eventMedicationId: medication.Id, ...columns, createdAt: now, createdBy: user.id })
      .onConflictDoUpdate({ target: productRecoveries.eventMedicationId, set: columns });
    const before = fieldsOf(medication.Recuperado);
    const lines = changedFields(LABELS, before, fields);
    await recordCaseOperation(tx, user, found, {
      description: `${before ? 'Recuperación de producto actualizada' : 'Recuperación de producto registrada'} (${medication.Medicine.ComercialName})`,
      operationType: before ? 'U' : 'I',
      lines,
      now,
    });
    return readBack(tx, found.id, medication.Id);
  });
}

/** The case's Meta of a related medication (null when unknown). */
async function medicationCaseMeta(db: DbOrTx, medicationId: number): Promise<string | null> {
  const [row] = await db
    .select({ meta: events.meta })
    .from(eventMedications)
    .innerJoin(events, eq(events.id, eventMedications.eventId))
    .where(eq(eventMedications.id, medicationId));
  return row?.meta ?? null;
}

/** uploadFileRecProduct: the proof of a saved recovery (multipart Id = the related medication's id). */
export async function attachRecoveryFile(db: Db, user: AuthUser, upload: SingleUpload): Promise<ErMedication> {
  const { Id: medicationId } = parseFields(recoveryUploadFieldsSchema, upload.fields);
  const file = upload.file;
  if (!file) throw badRequest(MSG.files.required);
  return db.transaction(async (tx) => {
    const meta = await medicationCaseMeta(tx, medicationId);
    if (!meta) throw notFound(MSG.wizard.recordNotFound);
    const { found, medication } = await lockForRecovery(tx, user, meta, medicationId);
    if (!medication.Recuperado) throw badRequest(MSG.recovery.missing);
    const stored = await storeFile(tx, file, user.id);
    const now = new Date();
    await tx
      .update(productRecoveries)
      .set({ fileId: stored.id, updatedAt: now, updatedBy: user.id })
      .where(eq(productRecoveries.eventMedicationId, medication.Id));
    const lines: ChangeLine[] = [{ description: 'Archivo de la recuperación', oldValue: medication.Recuperado.NombreArchivo, newValue: stored.name, isFile: true }];
    await recordCaseOperation(tx, user, found, {
      description: `Recuperación de producto actualizada (${medication.Medicine.ComercialName})`,
      operationType: 'U',
      lines,
      now,
    });
    return readBack(tx, found.id, medication.Id);
  });
}

/** downloadFileRecProductById/{medicationId}. */
export async function recoveryFile(db: Db, user: AuthUser, medicationId: number): Promise<DownloadableFile> {
  const meta = await medicationCaseMeta(db, medicationId);
  const found = meta ? await findCaseInReach(db, user, meta) : null;
  const [row] = found
    ? await db.select({ fileId: productRecoveries.fileId }).from(productRecoveries).where(eq(productRecoveries.eventMedicationId, medicationId))
    : [];
  const file = row?.fileId ? await loadFile(db, row.fileId) : null;
  if (!file) throw notFound(MSG.files.notFound);
  return file;
}
