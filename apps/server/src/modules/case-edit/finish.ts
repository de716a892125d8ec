import { actionRefusal, caseSendRefusal, ER_STATUS, erStatusName, MSG, ROLE_IDS } from '@atalaya/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { countries, eventComments, eventMedications, eventOrigins, eventPatients, eventRams, events, subGroups, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { type CaseEvents, recordCaseOperation } from '../cases/index.js';
import { announceCaseSent, type CaseSent } from '../cases/index.js';
import { enqueueMail } from '../mail/index.js';
import { findCaseInReach } from '../reach/index.js';

/** The comment stored with the sending when the user gives none. */
export const CASE_SENT_COMMENT = 'Evento enviado';

/** The path of a case's view (its details tab), as the e-mail points to it. */
export function caseViewPath(meta: string): string {
  return `/reportableEvent/${meta}/view/details`;
}

/** The e-mail each RLF of the case's country receives when a case is sent to their review. */
export function caseSentMail(input: { to: string; referenceNumber: string; meta: string; subGroupName: string; countryName: string }) {
  return {
    to: input.to,
    subject: `Nuevo evento reportable ${input.referenceNumber}`,
    text: [
      `Se envió a revisión el evento reportable ${input.referenceNumber} (${input.subGroupName}, ${input.countryName}).`,
      '',
      `Puede verlo en Atalaya: ${caseViewPath(input.meta)}`,
    ].join('\n'),
  };
}

export interface FinishResult {
  MetaData: string;
  NumeroReferencia: string;
}

/**
 * `insertER`: the creator finishes the wizard and sends the case into the workflow. In one
 * transaction, with the case row locked: reach (404); the workflow table's 'Finalizar' (only
 * from 1 Pendiente: 400; only the creator: 403); completeness — patient, the origin gate, at
 * least one related medication, an adverse event for GrupoId 1 / SubGrupoId 1 — refused with
 * the first missing thing's message (400). Then status 1 → 2 En revisión RLF with sentAt, the
 * workflow comment, the history entry with its 'Estado' line, and an e-mail to each enabled
 * RLF of the case's country. After the commit the hub tells those RLF ('nuevosEventos').
 * A refusal writes nothing.
 */
export async function finishCase(
  db: Db,
  user: AuthUser,
  input: { meta: string; comment: string | null },
  announce: { caseEvents: CaseEvents; log: FastifyBaseLogger },
): Promise<FinishResult> {
  const { result, sent } = await db.transaction(async (tx) => {
    const found = await findCaseInReach(tx, user, input.meta, { forUpdate: true });
    if (!found) throw notFound(MSG.lists.eventNotFound);
    const refusal = actionRefusal('Finalizar', {
      status: found.status,
      role: user.role,
      isCreator: found.createdBy === user.id,
      evaluationComplete: true,
    });
    if (refusal === 'role') throw forbidden();
    if (refusal) throw badRequest(MSG.workflow.actionNotAllowed);

    const [event] = await tx
      .select({
        groupId: events.groupId,
        subGroupId: events.subGroupId,
        homeReportId: events.homeReportId,
        countryId: events.countryId,
        countryCode: countries.code,
        countryName: countries.name,
        subGroupName: subGroups.nombre,
      })
      .from(events)
      .innerJoin(countries, eq(countries.id, events.countryId))
      .innerJoin(subGroups, eq(subGroups.id, events.subGroupId))
      .where(eq(events.id, found.id));
    if (!event) throw notFound(MSG.lists.eventNotFound);
    const [patient] = await tx.select({ eventId: eventPatients.eventId }).from(eventPatients).where(eq(eventPatients.eventId, found.id));
    const [origin] = await tx
      .select({ have: eventOrigins.have, fileId: eventOrigins.fileId, notHave: eventOrigins.notHave })
      .from(eventOrigins)
      .where(eq(eventOrigins.eventId, found.id));
    const [medications] = await tx.select({ n: count() }).from(eventMedications).where(eq(eventMedications.eventId, found.id));
    const [rams] = await tx
      // A reaction copied from an incoming report may still lack its MedDRA term or 'expected'.
      .select({ n: count(), incomplete: sql<number>`count(*) filter (where ${eventRams.lltCode} is null or ${eventRams.isExpected} is null)` })
      .from(eventRams)
      .where(eq(eventRams.eventId, found.id));
    const incomplete = caseSendRefusal({
      GrupoId: event.groupId,
      SubGrupoId: event.subGroupId,
      hasHomeReport: event.homeReportId !== null,
      hasPatient: patient !== undefined,
      origin: origin ? { Have: origin.have, hasFile: origin.fileId !== null, NotHave: origin.notHave } : null,
      medicationCount: Number(medications?.n ?? 0),
      ramCount: Number(rams?.n ?? 0),
      incompleteRamCount: Number(rams?.incomplete ?? 0),
    });
    if (incomplete) throw badRequest(incomplete);

    const now = new Date();
    const from = found.status;
    const to = ER_STATUS.EN_REVISION_RLF;
    const comment = input.comment ?? CASE_SENT_COMMENT;
    await tx.update(events).set({ status: to, sentAt: now }).where(eq(events.id, found.id));
    await tx.insert(eventComments).values({
      eventId: found.id,
      action: 'Finalizar',
      fromStatus: from,
      toStatus: to,
      comment,
      userId: user.id,
      createdAt: now,
    });
    await recordCaseOperation(tx, user, found, {
      description: 'Evento enviado',
      operationType: 'U',
      lines: [{ description: 'Estado', oldValue: erStatusName(from), newValue: erStatusName(to) }],
      comment,
      now,
    });
    const recipients = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.roleId, ROLE_IDS.RLF), eq(users.countryId, event.countryId), eq(users.isActive, true)));
    for (const recipient of recipients) {
      await enqueueMail(
        tx,
        caseSentMail({
          to: recipient.email,
          referenceNumber: found.referenceNumber,
          meta: found.meta,
          subGroupName: event.subGroupName,
          countryName: event.countryName,
        }),
      );
    }
    const sent: CaseSent = { id: found.id, meta: found.meta, referenceNumber: found.referenceNumber, countryCode: event.countryCode, sentAt: now };
    return { result: { MetaData: found.meta, NumeroReferencia: found.referenceNumber }, sent };
  });
  announceCaseSent(announce.caseEvents, sent, announce.log);
  return result;
}
