import {
  canCreateFollowUp,
  ER_STATUS,
  type finishFollowUpBodySchema,
  followUpReference,
  isCausalityDrugRole,
  MSG,
  needsAdverseEvent,
  parseReference,
  ROLE_IDS,
} from '@atalaya/domain';
import { and, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { countries, eventComments, events, followUpReports, subGroups, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest, notFound } from '../../http/errors.js';
import { publicUrl } from '../../shared/settings.js';
import { upsertOrigin, upsertPatient } from '../case-edit/index.js';
import { caseViewUrl, followUpMail, followUpViewUrl } from '../case-workflow/index.js';
import { enqueueMail } from '../mail/index.js';
import { insertMedicationRecord, insertRamRecord } from '../case-medications/index.js';
import { CASE_CREATED_DESCRIPTION, type CaseCreated, type ChangeLine, newCaseMeta, recordCaseOperation } from '../cases/index.js';
import { type CaseInReach, findCaseInReach } from '../reach/index.js';

export type FinishFollowUp = z.output<typeof finishFollowUpBodySchema>;

/** What `insertES` answers, and what is announced after the commit. */
export interface FollowUpCreated {
  MetaData: string;
  NumeroReferencia: string;
  created: CaseCreated;
}

/** The case a follow-up report is added to, locked, with what the follow-up event copies from it. */
async function lockParentCase(tx: Tx, user: AuthUser, meta: string) {
  const found = await findCaseInReach(tx, user, meta, { forUpdate: true });
  if (!found) throw notFound(MSG.lists.eventNotFound);
  const [parent] = await tx
    .select({
      groupId: events.groupId,
      subGroupId: events.subGroupId,
      countryId: events.countryId,
      countryCode: countries.code,
      countryName: countries.name,
      subGroupName: subGroups.nombre,
      isRam: events.isRam,
      homeReportId: events.homeReportId,
      homeReferenceNumber: events.homeReferenceNumber,
      parentEventId: events.parentEventId,
    })
    .from(events)
    .innerJoin(countries, eq(countries.id, events.countryId))
    .innerJoin(subGroups, eq(subGroups.id, events.subGroupId))
    .where(eq(events.id, found.id));
  if (!parent) throw notFound(MSG.lists.eventNotFound);
  return { found, parent };
}

/** `{case reference}-S{n}`; a reference that is not a case number (an imported one) just gets the suffix. */
function referenceOf(caseReference: string, sequence: number): string {
  const parsed = parseReference(caseReference);
  return parsed?.kind === 'case' && parsed.followUp === null ? followUpReference(caseReference, sequence) : `${caseReference}-S${sequence}`;
}

/**
 * `insertES`: a follow-up report of a case, in one transaction with the case row locked:
 * reach (404); the rule (`canCreateFollowUp`: not Pendiente nor Anulado, not a QPPV in
 * status 3; not a follow-up event itself — 400); GrupoId 1 / SubGrupoId 1 needs an adverse
 * event (400). Creates the follow-up event (status 2 En revisión RLF, reference
 * `{case}-S{n}`, linked to the case) with the posted patient, origin, medications and adverse
 * events (each checked like the wizard's writes: a bad one refuses everything), the case's
 * follow-up report row, the 'Seguimiento' comment and history entry on the case, and the
 * creation entry of the new event; the audit rows come with the history entries; and the
 * e-mail to each RLF of the case's country (`followUpMail`, through the outbox).
 */
/** The enabled RLF of a country: the follow-up event waits for their review (En revisión RLF). */
function countryRlfs(tx: Tx, countryId: number) {
  return tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.roleId, ROLE_IDS.RLF), eq(users.isActive, true), eq(users.countryId, countryId)));
}

export interface FollowUpDeps {
  /** The public address of the application (APP_URL): mailed links are absolute. */
  appUrl: string;
}

export async function createFollowUp(db: Db, user: AuthUser, body: FinishFollowUp, deps: FollowUpDeps): Promise<FollowUpCreated> {
  return db.transaction(async (tx) => {
    const { found, parent } = await lockParentCase(tx, user, body.ev.Meta);
    if (!canCreateFollowUp(user.role, found.status) || parent.parentEventId !== null) throw badRequest(MSG.wizard.followUpNotAllowed);
    if (needsAdverseEvent({ GrupoId: parent.groupId, SubGrupoId: parent.subGroupId }) && body.rams.length === 0) throw badRequest(MSG.wizard.adverseEventNeeded);
    if (!body.medicamentos.some((medication) => isCausalityDrugRole(medication.Caracterizacion))) throw badRequest(MSG.wizard.suspectDrugRequired);

    const [counted] = await tx.select({ value: count() }).from(followUpReports).where(eq(followUpReports.eventId, found.id));
    const sequence = (counted?.value ?? 0) + 1;
    const referenceNumber = referenceOf(found.referenceNumber, sequence);
    const now = new Date();
    const meta = newCaseMeta();
    const [row] = await tx
      .insert(events)
      .values({
        meta,
        referenceNumber,
        status: ER_STATUS.EN_REVISION_RLF,
        groupId: parent.groupId,
        subGroupId: parent.subGroupId,
        countryId: parent.countryId,
        isRam: parent.isRam,
        homeReportId: parent.homeReportId,
        homeReferenceNumber: parent.homeReferenceNumber,
        parentEventId: found.id,
        receivedAt: now,
        sentAt: now,
        createdAt: now,
        createdBy: user.id,
        updatedAt: now,
        updatedBy: user.id,
      })
      .returning({ id: events.id });
    if (!row) throw new Error('Follow-up event not stored');

    const lines: ChangeLine[] = [
      ...(await upsertPatient(tx, row.id, body.patient, user.id)),
      ...(await upsertOrigin(tx, row.id, body.origin, user.id)),
    ];
    for (const medication of body.medicamentos) {
      lines.push(...(await insertMedicationRecord(tx, { eventId: row.id, countryId: parent.countryId }, medication, user.id)).lines);
    }
    for (const ram of body.rams) lines.push(...(await insertRamRecord(tx, row.id, ram, user.id)).lines);

    await tx.insert(followUpReports).values({ eventId: found.id, sequence, referenceNumber, followUpEventId: row.id, createdAt: now, createdBy: user.id });
    const description = `Reporte de seguimiento ${referenceNumber} creado`;
    await tx.insert(eventComments).values({
      eventId: found.id,
      action: 'Seguimiento',
      comment: body.comentario ?? description,
      userId: user.id,
      createdAt: now,
    });
    await recordCaseOperation(tx, user, found, {
      description,
      operationType: 'I',
      lines: [{ description: 'Reporte de seguimiento', oldValue: null, newValue: referenceNumber }],
      comment: body.comentario,
      now,
    });
    const followUpEvent: CaseInReach = { id: row.id, meta, referenceNumber, status: ER_STATUS.EN_REVISION_RLF, createdBy: user.id, isHistoric: false };
    await recordCaseOperation(tx, user, followUpEvent, {
      description: CASE_CREATED_DESCRIPTION,
      operationType: 'I',
      lines: [{ description: 'Evento de seguimiento de', oldValue: null, newValue: found.referenceNumber }, ...lines],
      comment: body.comentario,
      now,
    });

    // The same notice as a case sent to review (caseSentMail): each RLF of the country gets an
    // e-mail, queued in this transaction (the outbox), with absolute links (web.publicUrl, else APP_URL).
    const base = await publicUrl(tx, deps.appUrl);
    for (const recipient of await countryRlfs(tx, parent.countryId)) {
      await enqueueMail(
        tx,
        followUpMail({
          to: recipient.email,
          caseReference: found.referenceNumber,
          followUpReference: referenceNumber,
          caseLink: caseViewUrl(base, found.meta),
          followUpLink: followUpViewUrl(base, meta),
          subGroupName: parent.subGroupName,
          countryName: parent.countryName,
        }),
      );
    }

    return {
      MetaData: meta,
      NumeroReferencia: referenceNumber,
      created: { id: row.id, meta, referenceNumber, countryCode: parent.countryCode, homeReportId: null, createdAt: now },
    };
  });
}
