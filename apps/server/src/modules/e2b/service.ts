import { createHash, randomBytes } from 'node:crypto';
import {
  checkIcsr,
  icsrWarnings,
  isFdaReceiver,
  messageReceiverFor,
  withFdaRegional,
  E2B_STATUS_LABELS,
  ER_STATUS,
  MSG,
  type E2bAckResult,
  type E2bMeddraVersionSource,
  type E2bExportRefusal,
  type E2bSubmission,
  type E2bSubmissionStatus,
  type IcsrBatch,
} from '@atalaya/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { e2bSubmissions, e2bSubmissionStatuses, events, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest, notFound } from '../../http/errors.js';
import { writeAudit } from '../audit/index.js';
import { caseReach, findCaseInReach } from '../reach/index.js';
import { parseAck } from './ack.js';
import { exportMeddraVersion, exportSender } from './config.js';
import { receiverByCode, receiverNames } from './receivers.js';
import { buildBatchXml } from './build.js';
import { hl7Moment, loadIcsr } from './load.js';
import { validateXml } from './xsd.js';

const fullName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

async function currentStatuses(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { status: E2bSubmissionStatus; ackMessage: string | null }>();
  const rows = await db
    .select({ submissionId: e2bSubmissionStatuses.submissionId, status: e2bSubmissionStatuses.status, ackMessage: e2bSubmissionStatuses.ackMessage })
    .from(e2bSubmissionStatuses)
    .where(inArray(e2bSubmissionStatuses.submissionId, [...ids]))
    .orderBy(asc(e2bSubmissionStatuses.createdAt), asc(e2bSubmissionStatuses.id));
  const map = new Map<number, { status: E2bSubmissionStatus; ackMessage: string | null }>();
  for (const row of rows) map.set(row.submissionId, { status: row.status as E2bSubmissionStatus, ackMessage: row.ackMessage ?? map.get(row.submissionId)?.ackMessage ?? null });
  return map;
}

async function submissionsOf(db: DbOrTx, where: ReturnType<typeof eq>): Promise<E2bSubmission[]> {
  const rows = await db
    .select({
      id: e2bSubmissions.id,
      receiver: e2bSubmissions.receiver,
      version: e2bSubmissions.version,
      kind: e2bSubmissions.kind,
      batchNumber: e2bSubmissions.batchNumber,
      messageId: e2bSubmissions.messageId,
      worldwideCaseId: e2bSubmissions.worldwideCaseId,
      sha256: e2bSubmissions.sha256,
      schemaChecked: e2bSubmissions.schemaChecked,
      meddraVersion: e2bSubmissions.meddraVersion,
      meddraVersionSource: e2bSubmissions.meddraVersionSource,
      warnings: e2bSubmissions.warnings,
      user: fullName,
      createdAt: e2bSubmissions.createdAt,
    })
    .from(e2bSubmissions)
    .innerJoin(users, eq(users.id, e2bSubmissions.createdBy))
    .where(where)
    .orderBy(desc(e2bSubmissions.createdAt), desc(e2bSubmissions.id));
  const statuses = await currentStatuses(
    db,
    rows.map((row) => row.id),
  );
  const names = await receiverNames(db);
  return rows.map((row) => {
    const current = statuses.get(row.id);
    const status = current?.status ?? 'generated';
    return {
      Id: row.id,
      Receptor: row.receiver,
      ReceptorNombre: names.get(row.receiver) ?? row.receiver,
      Version: row.version,
      Tipo: row.kind,
      Lote: row.batchNumber,
      Mensaje: row.messageId,
      CasoMundial: row.worldwideCaseId,
      Sha256: row.sha256,
      Estado: status,
      EstadoNombre: E2B_STATUS_LABELS[status],
      MensajeReceptor: current?.ackMessage ?? null,
      EsquemaVerificado: row.schemaChecked,
      VersionMedDRA: row.meddraVersion,
      OrigenVersionMedDRA: row.meddraVersionSource === 'import' || row.meddraVersionSource === 'setting' ? (row.meddraVersionSource as E2bMeddraVersionSource) : null,
      Avisos: row.warnings,
      Usuario: row.user,
      Fecha: row.createdAt.toISOString(),
    };
  });
}

async function caseOf(db: Db, user: AuthUser, meta: string) {
  const found = await findCaseInReach(db, user, meta);
  if (!found) throw notFound(MSG.lists.eventNotFound);
  return found;
}

/** The E2B submissions of a case, newest first. */
export async function listSubmissions(db: Db, user: AuthUser, meta: string): Promise<E2bSubmission[]> {
  const found = await caseOf(db, user, meta);
  return submissionsOf(db, eq(e2bSubmissions.eventId, found.id));
}

export type ExportOutcome = { submission: E2bSubmission } | { refused: E2bExportRefusal };

/**
 * Exports the case for a receiver: loads it into the ICSR model, builds the batch, checks the ICH rules
 * and (when configured) the official schema. A valid export is stored (append-only) and audited; an
 * invalid one is refused with every problem, nothing stored. Each export to the same receiver is a new
 * version with the same C.1.8.1; an annulled case already sent produces a nullification.
 */
export async function exportCase(db: Db, user: AuthUser, meta: string, receiver: string, options: { xsdDir: string | undefined; now?: Date }): Promise<ExportOutcome> {
  const target = await receiverByCode(db, receiver);
  if (!target) throw badRequest(MSG.e2bExport.receiverUnknown);
  const found = await caseOf(db, user, meta);
  if (found.isHistoric) throw badRequest(MSG.e2bExport.historicCase);
  if (found.status === ER_STATUS.PENDIENTE) throw badRequest(MSG.e2bExport.pendingCase);
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    // One export of a case at a time: the versions are counted under the case's lock.
    await tx.select({ id: events.id }).from(events).where(eq(events.id, found.id)).for('update');
    const previous = await submissionsOf(tx, and(eq(e2bSubmissions.eventId, found.id), eq(e2bSubmissions.receiver, receiver)) as ReturnType<typeof eq>);
    const annulled = found.status === ER_STATUS.ANULADO;
    if (annulled && !previous.some((submission) => submission.Estado !== 'generated')) throw badRequest(MSG.e2bExport.annulledNeverSent);
    const { senderId, sender } = await exportSender(tx);
    const meddra = await exportMeddraVersion(tx);
    const loaded = await loadIcsr(tx, found.id, { now, senderCode: senderId, sender, meddraVersion: meddra?.version ?? null, receiverId: receiver });
    if (!loaded) throw notFound(MSG.lists.eventNotFound);
    // To the FDA (ZZFDA): the FDA regional elements, and N.2.r.3 'CDER' (docs/e2b.md 'FDA').
    const icsr = isFdaReceiver(receiver) ? withFdaRegional(loaded) : loaded;
    const moment = hl7Moment(now);
    const batchNumber = `${senderId}-${moment.slice(0, 14)}-${randomBytes(4).toString('hex').toUpperCase()}`;
    const header = { messageId: icsr.report.safetyReportId, senderId, receiverId: messageReceiverFor(receiver), creationDate: moment };
    const batch: IcsrBatch = { batch: { batchNumber, senderId, receiverId: receiver, transmissionDate: moment }, messages: [{ header, icsr }] };
    const xml = buildBatchXml(batch);
    const checkOptions = { header, today: moment.slice(0, 8), batchReceiverId: receiver, initial: previous.length === 0 };
    const checked = checkIcsr(icsr, checkOptions);
    // No MedDRA version known: one problem that says where to give it, instead of one 'falta' per reaction.
    const problems = meddra ? checked.map((problem) => problem.message) : [MSG.e2bExport.meddraVersionUnknown, ...checked.filter((problem) => !problem.message.startsWith('E.i.2.1a ')).map((problem) => problem.message)];
    if (options.xsdDir) problems.push(...validateXml(xml, options.xsdDir).map((problem) => MSG.e2bExport.schemaProblem(problem.line, problem.message)));
    if (problems.length) return { refused: { Message: MSG.e2bExport.refused, Problems: problems, SchemaChecked: options.xsdDir !== undefined } };
    const version = previous.length + 1;
    const kind = annulled ? 'nullification' : version === 1 ? 'initial' : 'follow-up';
    const [row] = await tx
      .insert(e2bSubmissions)
      .values({
        eventId: found.id,
        receiver,
        batchNumber,
        messageId: header.messageId,
        worldwideCaseId: icsr.report.worldwideUniqueId,
        version,
        kind,
        xml,
        sha256: createHash('sha256').update(xml, 'utf8').digest('hex'),
        schemaChecked: options.xsdDir !== undefined,
        meddraVersion: meddra?.version ?? null,
        meddraVersionSource: meddra?.source ?? null,
        warnings: icsrWarnings(icsr, checkOptions).map((warning) => warning.message),
        createdBy: user.id,
        createdAt: now,
      })
      .returning({ id: e2bSubmissions.id });
    if (!row) throw new Error('E2B submission not stored');
    await writeAudit(tx, {
      kind: 'case.e2b-exported',
      actor: user,
      pkId: found.id,
      referenceNumber: found.referenceNumber,
      metadata: found.meta,
      at: now,
      description: `Exportación E2B(R3) para ${target.name} (versión ${version})`,
      oldValues: null,
      newValues: { receiver, version, kind, batchNumber, meddraVersion: meddra?.version ?? null, meddraVersionSource: meddra?.source ?? null },
    });
    const [submission] = await submissionsOf(tx, eq(e2bSubmissions.id, row.id));
    if (!submission) throw new Error('E2B submission vanished');
    return { submission };
  });
}

async function submissionOfCase(db: DbOrTx, eventId: string, id: number) {
  const [row] = await db
    .select({ id: e2bSubmissions.id, xml: e2bSubmissions.xml, messageId: e2bSubmissions.messageId, version: e2bSubmissions.version, receiver: e2bSubmissions.receiver })
    .from(e2bSubmissions)
    .where(and(eq(e2bSubmissions.id, id), eq(e2bSubmissions.eventId, eventId)));
  if (!row) throw notFound(MSG.e2bExport.submissionNotFound);
  return row;
}

/** The XML of one submission, with its file name. */
export async function downloadSubmission(db: Db, user: AuthUser, meta: string, id: number): Promise<{ xml: string; fileName: string }> {
  const found = await caseOf(db, user, meta);
  const row = await submissionOfCase(db, found.id, id);
  return { xml: row.xml, fileName: `E2B-${found.referenceNumber}-v${row.version}-${row.receiver}.xml` };
}

async function addStatus(tx: DbOrTx, user: AuthUser, found: { id: string; meta: string; referenceNumber: string }, submissionId: number, status: E2bSubmissionStatus, ack: { code: string; message: string | null } | null) {
  await tx.insert(e2bSubmissionStatuses).values({ submissionId, status, ackCode: ack?.code ?? null, ackMessage: ack?.message ?? null, userId: user.id });
  await writeAudit(tx, {
    kind: 'case.e2b-status',
    actor: user,
    pkId: found.id,
    referenceNumber: found.referenceNumber,
    metadata: found.meta,
    description: `Envío E2B ${submissionId}: ${E2B_STATUS_LABELS[status]}`,
    oldValues: null,
    newValues: { submissionId, status, ackCode: ack?.code ?? null },
  });
}

/** The submissions of a batch whose cases are in the user's reach, with their case and current status. */
async function batchInReach(tx: DbOrTx, user: AuthUser, batchNumber: string) {
  const rows = await tx
    .select({ id: e2bSubmissions.id, messageId: e2bSubmissions.messageId, eventId: events.id, meta: events.meta, referenceNumber: events.referenceNumber })
    .from(e2bSubmissions)
    .innerJoin(events, eq(events.id, e2bSubmissions.eventId))
    .where(and(eq(e2bSubmissions.batchNumber, batchNumber), caseReach(user)))
    .orderBy(asc(e2bSubmissions.id));
  const statuses = await currentStatuses(
    tx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, status: statuses.get(row.id)?.status ?? ('generated' as E2bSubmissionStatus) }));
}

/** Locks the cases of these submissions, in one order (as the exports do). */
async function lockCases(tx: DbOrTx, eventIds: readonly string[]) {
  const ids = [...new Set(eventIds)].sort();
  for (let at = 0; at < ids.length; at += 500) {
    await tx
      .select({ id: events.id })
      .from(events)
      .where(inArray(events.id, ids.slice(at, at + 500)))
      .orderBy(asc(events.id))
      .for('update');
  }
}

/**
 * Marks a generated submission as sent to its receiver. A batch is sent as one file: every generated
 * submission of the same batch (the batch export of the search) in the user's reach is marked too.
 */
export async function markSent(db: Db, user: AuthUser, meta: string, id: number): Promise<E2bSubmission> {
  const found = await caseOf(db, user, meta);
  return db.transaction(async (tx) => {
    await tx.select({ id: events.id }).from(events).where(eq(events.id, found.id)).for('update');
    await submissionOfCase(tx, found.id, id);
    const [current] = await submissionsOf(tx, eq(e2bSubmissions.id, id));
    if (current?.Estado !== 'generated') throw badRequest(MSG.e2bExport.notGenerated);
    const batch = (await batchInReach(tx, user, current.Lote)).filter((entry) => entry.status === 'generated');
    await lockCases(
      tx,
      batch.map((entry) => entry.eventId),
    );
    for (const entry of batch) await addStatus(tx, user, { id: entry.eventId, meta: entry.meta, referenceNumber: entry.referenceNumber }, entry.id, 'sent', null);
    const [updated] = await submissionsOf(tx, eq(e2bSubmissions.id, id));
    if (!updated) throw new Error('E2B submission vanished');
    return updated;
  });
}

/**
 * Reads the receiver's acknowledgement of a batch holding a report of this case: each report it
 * names gets ACK accepted (CA) or ACK rejected (CR) with the receiver's message; a batch rejected as
 * a whole (AR) rejects them all. A batch of many cases (the batch export of the search) is updated
 * for every case of it in the user's reach, whichever case's tab the ACK is uploaded from.
 */
export async function uploadAck(db: Db, user: AuthUser, meta: string, bytes: Uint8Array): Promise<E2bAckResult> {
  const found = await caseOf(db, user, meta);
  const ack = parseAck(bytes);
  if (!ack) throw badRequest(MSG.e2bExport.ackInvalid);
  return db.transaction(async (tx) => {
    const inBatch = await batchInReach(tx, user, ack.batchNumber);
    if (!inBatch.some((entry) => entry.eventId === found.id)) throw badRequest(MSG.e2bExport.ackUnknownBatch(ack.batchNumber));
    await lockCases(
      tx,
      inBatch.map((entry) => entry.eventId),
    );
    if (inBatch.some((entry) => entry.status === 'generated')) throw badRequest(MSG.e2bExport.ackNotSent);
    const reports = new Map(ack.messages.map((report) => [report.messageId, report]));
    for (const entry of inBatch) {
      const report = reports.get(entry.messageId);
      const accepted = report ? report.code === 'CA' : ack.batchCode === 'AA';
      const message = report?.text ?? ack.batchText;
      await addStatus(tx, user, { id: entry.eventId, meta: entry.meta, referenceNumber: entry.referenceNumber }, entry.id, accepted ? 'ack-accepted' : 'ack-rejected', { code: report?.code ?? ack.batchCode, message });
    }
    const updated = await submissionsOf(tx, inArray(e2bSubmissions.id, inBatch.map((entry) => entry.id)) as ReturnType<typeof eq>);
    return { Lote: ack.batchNumber, Codigo: ack.batchCode, MensajeReceptor: ack.batchText, Actualizados: updated };
  });
}
