import {
  canClassifyRam,
  canEditProviderNotification,
  type ErRam,
  MSG,
  type ramClassificationBodySchema,
  type RamNotificationInput,
  SERIOUSNESS_LABELS,
} from '@atalaya/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { communicationChannels, eventRamCategories, eventRams, events, ramCategories, ramNotifications, ramTypes } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { loadRams, seriousnessColumns } from '../case-medications/index.js';
import { type DownloadableFile, loadFile, parseFields, type SingleUpload, storeFile } from '../storage/index.js';
import { changedFields, type ChangeLine, recordCaseOperation } from '../cases/index.js';
import { type CaseInReach, findCaseInReach } from '../reach/index.js';
import { ramNotificationUploadFieldsSchema } from './schemas.js';

/**
 * The RAM tab's classification of an adverse event (event spec §3 RAM, §5, §6): whether it is
 * an adverse drug reaction and of which type (Tipo I–IV), its categories, seriousness and
 * expectedness, and the two notifications with their proof: to the local health authority
 * ('local') and to the provider ('provider', QPPV only).
 */

export type RamClassificationBody = z.output<typeof ramClassificationBodySchema>;
export type NotificationKind = 'local' | 'provider';

const NOTIFICATION_LABEL: Readonly<Record<NotificationKind, string>> = {
  local: 'Notificación sanitaria local',
  provider: 'Notificación al proveedor',
};

/** The classification as the Operaciones tab shows it: names, not ids. */
interface ClassificationView {
  IsRAM: boolean;
  TypeRAM: string | null;
  Categories: string | null;
  IsExpected: boolean | null;
  Death: boolean;
  LifeThreading: boolean;
  HospitalizationRequired: boolean;
  HospitalizationDateStart: string | null;
  HospitalizationDateEnd: string | null;
  PersistedHospitalization: boolean;
  TransitoryDisability: boolean;
  PersistentDisability: boolean;
  CongenitalAnomaly: boolean;
  AnotherCondition: boolean;
  LocalFecha: string | null;
  LocalVia: string | null;
  ProviderFecha: string | null;
  ProviderVia: string | null;
}

const CLASSIFICATION_LABELS: Readonly<Record<keyof ClassificationView, string>> = {
  IsRAM: 'Es RAM',
  TypeRAM: 'Tipo de RAM',
  Categories: 'Categorías',
  IsExpected: 'Esperado',
  ...SERIOUSNESS_LABELS,
  HospitalizationDateStart: 'Fecha de ingreso hospitalario',
  HospitalizationDateEnd: 'Fecha de alta hospitalaria',
  LocalFecha: `${NOTIFICATION_LABEL.local}: fecha`,
  LocalVia: `${NOTIFICATION_LABEL.local}: vía`,
  ProviderFecha: `${NOTIFICATION_LABEL.provider}: fecha`,
  ProviderVia: `${NOTIFICATION_LABEL.provider}: vía`,
};

/** The names of the list values a classification uses (one query per list, none when empty). */
async function names(db: DbOrTx, input: { typeId: number | null; categoryIds: readonly number[]; channelIds: readonly number[] }) {
  const type = input.typeId === null ? [] : await db.select({ id: ramTypes.id, name: ramTypes.type, eliminado: ramTypes.eliminado }).from(ramTypes).where(eq(ramTypes.id, input.typeId));
  const categories =
    input.categoryIds.length === 0
      ? []
      : await db
          .select({ id: ramCategories.id, name: ramCategories.type, eliminado: ramCategories.eliminado })
          .from(ramCategories)
          .where(inArray(ramCategories.id, [...input.categoryIds]));
  const channels =
    input.channelIds.length === 0
      ? []
      : await db
          .select({ id: communicationChannels.id, name: communicationChannels.nombre, eliminado: communicationChannels.eliminado })
          .from(communicationChannels)
          .where(inArray(communicationChannels.id, [...input.channelIds]));
  return { type: type[0] ?? null, categories, channels };
}

function view(ram: ErRam): ClassificationView {
  const categories = ram.CategoryRAM.map((link) => link.RAMCategoryId);
  return {
    IsRAM: ram.IsRAM,
    TypeRAM: ram.TypeRAMNombre,
    Categories: categories.length === 0 ? null : categories.join(','),
    IsExpected: ram.IsExpected,
    Death: ram.Death,
    LifeThreading: ram.LifeThreading,
    HospitalizationRequired: ram.HospitalizationRequired,
    HospitalizationDateStart: ram.HospitalizationDateStart,
    HospitalizationDateEnd: ram.HospitalizationDateEnd,
    PersistedHospitalization: ram.PersistedHospitalization,
    TransitoryDisability: ram.TransitoryDisability,
    PersistentDisability: ram.PersistentDisability,
    CongenitalAnomaly: ram.CongenitalAnomaly,
    AnotherCondition: ram.AnotherCondition,
    LocalFecha: ram.LocalSanitaryNotificaction?.Fecha ?? null,
    LocalVia: ram.LocalSanitaryNotificaction?.ViaNombre ?? null,
    ProviderFecha: ram.ProviderNotification?.Fecha ?? null,
    ProviderVia: ram.ProviderNotification?.ViaNombre ?? null,
  };
}

/** Category ids as names, for the history (the view keeps ids to compare). */
async function withCategoryNames(db: DbOrTx, shown: ClassificationView): Promise<ClassificationView> {
  if (shown.Categories === null) return shown;
  const ids = shown.Categories.split(',').map(Number);
  const { categories } = await names(db, { typeId: null, categoryIds: ids, channelIds: [] });
  const byId = new Map(categories.map((category) => [category.id, category.name]));
  return { ...shown, Categories: ids.map((id) => byId.get(id) ?? String(id)).join(', ') };
}

/** The case of an adverse event, locked, when the user may classify it: 404 unknown or out of reach, 403 role, 400 status. */
async function lockCaseForClassification(tx: Tx, user: AuthUser, meta: string): Promise<CaseInReach> {
  const found = await findCaseInReach(tx, user, meta, { forUpdate: true });
  if (!found) throw notFound(MSG.lists.eventNotFound);
  if (user.role !== 'RLF' && user.role !== 'QPPV') throw forbidden(MSG.ram.classificationNotAllowed);
  if (!canClassifyRam(user.role, found.status)) throw badRequest(MSG.ram.classificationNotAllowed);
  return found;
}

async function loadRam(db: DbOrTx, found: CaseInReach, ramId: number): Promise<ErRam | null> {
  const [ram] = await loadRams(db, found.meta, and(eq(eventRams.id, ramId), eq(eventRams.eventId, found.id)));
  return ram ?? null;
}

function sameNotification(stored: ErRam['ProviderNotification'], input: RamNotificationInput | null): boolean {
  if (stored === null || input === null) return stored === input;
  return stored.Fecha === input.Fecha && stored.Via === input.Via;
}

/**
 * Checks the list values of a classification (400 with the list's name): the type, each
 * category and each channel must exist and be enabled, unless the adverse event already holds it.
 */
async function checkLists(tx: Tx, body: RamClassificationBody['ram'], stored: ErRam): Promise<void> {
  const categoryIds = [...new Set(body.CategoryRAM)];
  const channelIds = [body.LocalSanitaryNotificaction?.Via, body.ProviderNotification?.Via].filter((id): id is number => typeof id === 'number');
  const found = await names(tx, { typeId: body.TypeRAM, categoryIds, channelIds });
  if (body.TypeRAM !== null && (!found.type || (found.type.eliminado && stored.TypeRAM !== body.TypeRAM))) {
    throw badRequest(MSG.wizard.optionUnknown('Tipo de RAM'));
  }
  const storedCategories = new Set(stored.CategoryRAM.map((link) => link.RAMCategoryId));
  for (const id of categoryIds) {
    const category = found.categories.find((row) => row.id === id);
    if (!category || (category.eliminado && !storedCategories.has(id))) throw badRequest(MSG.wizard.optionUnknown('Categorías'));
  }
  const storedChannels = new Set([stored.LocalSanitaryNotificaction?.Via, stored.ProviderNotification?.Via]);
  for (const id of channelIds) {
    const channel = found.channels.find((row) => row.id === id);
    if (!channel || (channel.eliminado && !storedChannels.has(id))) throw badRequest(MSG.wizard.optionUnknown('Vía de comunicación'));
  }
}

/** Writes one notification: kept as is, replaced (its proof kept), added or removed. */
async function saveNotification(tx: Tx, ramId: number, kind: NotificationKind, input: RamNotificationInput | null, userId: string, now: Date): Promise<void> {
  const where = and(eq(ramNotifications.ramId, ramId), eq(ramNotifications.kind, kind));
  if (input === null) {
    await tx.delete(ramNotifications).where(where);
    return;
  }
  await tx
    .insert(ramNotifications)
    .values({ ramId, kind, date: input.Fecha, channelId: input.Via, createdAt: now, createdBy: userId, updatedAt: now, updatedBy: userId })
    .onConflictDoUpdate({
      target: [ramNotifications.ramId, ramNotifications.kind],
      set: { date: input.Fecha, channelId: input.Via, updatedAt: now, updatedBy: userId },
    });
}

/**
 * updateRAM from the RAM tab: stores the classification of adverse event `ram.Id` of the case
 * `ram.IdER`, in one transaction with its history entry ('Calificación RAM actualizada', one
 * line per changed field, the comment). A non-QPPV who sends a provider notification other than
 * the stored one gets 403; sending none keeps the stored one.
 */
export async function classifyRam(db: Db, user: AuthUser, body: RamClassificationBody): Promise<ErRam> {
  const { ram: input, comentario } = body;
  return db.transaction(async (tx) => {
    const found = await lockCaseForClassification(tx, user, input.IdER);
    const before = await loadRam(tx, found, input.Id);
    if (!before) throw notFound(MSG.wizard.recordNotFound);
    await checkLists(tx, input, before);

    const mayNotifyProvider = canEditProviderNotification(user.role);
    if (!mayNotifyProvider && input.ProviderNotification !== null && !sameNotification(before.ProviderNotification, input.ProviderNotification)) {
      throw forbidden(MSG.ram.providerQppvOnly);
    }

    const now = new Date();
    await tx
      .update(eventRams)
      .set({
        isRam: input.IsRAM,
        ramTypeId: input.TypeRAM,
        isExpected: input.IsExpected,
        ...seriousnessColumns(input),
        updatedAt: now,
        updatedBy: user.id,
      })
      .where(eq(eventRams.id, before.Id));
    await tx.delete(eventRamCategories).where(eq(eventRamCategories.ramId, before.Id));
    const categoryIds = [...new Set(input.CategoryRAM)].sort((a, b) => a - b);
    if (categoryIds.length > 0) {
      await tx.insert(eventRamCategories).values(categoryIds.map((ramCategoryId) => ({ ramId: before.Id, ramCategoryId })));
    }
    await saveNotification(tx, before.Id, 'local', input.LocalSanitaryNotificaction, user.id, now);
    if (mayNotifyProvider) await saveNotification(tx, before.Id, 'provider', input.ProviderNotification, user.id, now);

    const after = await loadRam(tx, found, before.Id);
    if (!after) throw new Error('Adverse event not read back');
    const lines = changedFields(CLASSIFICATION_LABELS, await withCategoryNames(tx, view(before)), await withCategoryNames(tx, view(after)));
    const term = before.MedraLLT.llt_name ?? before.Description;
    await recordCaseOperation(tx, user, found, { description: `Calificación RAM actualizada (${term})`, operationType: 'U', lines, comment: comentario, now });
    return after;
  });
}

// ---------------------------------------------------------------------------------------
// The notifications' proof

/** The adverse event with this id and its case, when the case is within reach. */
async function ramCase(db: DbOrTx, user: AuthUser, ramId: number, forUpdate: boolean): Promise<{ found: CaseInReach; ram: ErRam } | null> {
  const [row] = await db.select({ meta: events.meta }).from(eventRams).innerJoin(events, eq(events.id, eventRams.eventId)).where(eq(eventRams.id, ramId));
  if (!row) return null;
  const found = await findCaseInReach(db, user, row.meta, { forUpdate });
  if (!found) return null;
  const ram = await loadRam(db, found, ramId);
  return ram ? { found, ram } : null;
}

/**
 * uploadFileLocalSanitaryNotificaction / uploadFileProviderNotification: the proof of a
 * recorded notification (multipart Id = the adverse event's id). The provider's only by a QPPV.
 */
export async function attachNotificationFile(db: Db, user: AuthUser, upload: SingleUpload, kind: NotificationKind): Promise<ErRam> {
  const { Id: ramId } = parseFields(ramNotificationUploadFieldsSchema, upload.fields);
  const file = upload.file;
  if (!file) throw badRequest(MSG.files.required);
  if (kind === 'provider' && !canEditProviderNotification(user.role)) throw forbidden(MSG.ram.providerQppvOnly);
  return db.transaction(async (tx) => {
    const target = await ramCase(tx, user, ramId, true);
    if (!target) throw notFound(MSG.wizard.recordNotFound);
    const { found, ram } = target;
    if (user.role !== 'RLF' && user.role !== 'QPPV') throw forbidden(MSG.ram.classificationNotAllowed);
    if (!canClassifyRam(user.role, found.status)) throw badRequest(MSG.ram.classificationNotAllowed);
    const notification = kind === 'local' ? ram.LocalSanitaryNotificaction : ram.ProviderNotification;
    if (!notification) throw badRequest(MSG.ram.notificationMissing);
    const stored = await storeFile(tx, file, user.id);
    const now = new Date();
    await tx
      .update(ramNotifications)
      .set({ fileId: stored.id, updatedAt: now, updatedBy: user.id })
      .where(and(eq(ramNotifications.ramId, ram.Id), eq(ramNotifications.kind, kind)));
    const lines: ChangeLine[] = [{ description: `${NOTIFICATION_LABEL[kind]}: archivo`, oldValue: notification.FileName, newValue: stored.name, isFile: true }];
    const term = ram.MedraLLT.llt_name ?? ram.Description;
    await recordCaseOperation(tx, user, found, { description: `Calificación RAM actualizada (${term})`, operationType: 'U', lines, now });
    const after = await loadRam(tx, found, ram.Id);
    if (!after) throw new Error('Adverse event not read back');
    return after;
  });
}

/** downloadFileLocalSanitaryNotificactionById/{ramId}, downloadFileProviderNotificationById/{ramId}. */
export async function notificationFile(db: Db, user: AuthUser, ramId: number, kind: NotificationKind): Promise<DownloadableFile> {
  const target = await ramCase(db, user, ramId, false);
  const [row] = target
    ? await db
        .select({ fileId: ramNotifications.fileId })
        .from(ramNotifications)
        .where(and(eq(ramNotifications.ramId, ramId), eq(ramNotifications.kind, kind)))
    : [];
  const file = row?.fileId ? await loadFile(db, row.fileId) : null;
  if (!file) throw notFound(MSG.files.notFound);
  return file;
}
