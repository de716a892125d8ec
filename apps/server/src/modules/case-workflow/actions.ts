import {
  ACTION_LABELS,
  actionRefusal,
  allowedSendActions,
  ER_STATUS,
  erStatusName,
  isEvaluationComplete,
  MSG,
  NARANJO_QUESTION_KEYS,
  nextStatus,
  ROLE_IDS,
  type ErAction,
  type ErEvent,
  type NaranjoAnswers,
  type Role,
  type SendActionBody,
} from '@atalaya/domain';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  countries,
  eventComments,
  eventMedications,
  events,
  imputabilityAnswers,
  imputabilityEvaluations,
  laboratories,
  userLaboratories,
  users,
} from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { caseViewPath, readEvent } from '../case-edit/index.js';
import { announceCaseSent, recordCaseOperation, type CaseEvents, type CaseSent } from '../cases/index.js';
import { enqueueMail } from '../mail/index.js';
import { findCaseInReach } from '../reach/index.js';

/** Whether the ten imputability answers of a case are given (Imputable / NoImputable need it). */
export async function evaluationCompleteOf(db: DbOrTx, eventId: string): Promise<boolean> {
  const rows = await db
    .select({ question: imputabilityAnswers.question, answer: imputabilityAnswers.answer })
    .from(imputabilityAnswers)
    .innerJoin(imputabilityEvaluations, eq(imputabilityEvaluations.id, imputabilityAnswers.evaluationId))
    .where(eq(imputabilityEvaluations.eventId, eventId));
  const answers: NaranjoAnswers = {};
  for (const row of rows) {
    const key = NARANJO_QUESTION_KEYS[row.question - 1];
    if (key) answers[key] = row.answer;
  }
  return isEvaluationComplete(answers);
}

function actionOf(action: keyof typeof ACTION_LABELS): ErAction {
  const labels = ACTION_LABELS[action];
  return { Accion: action, Boton: labels.button, Titulo: labels.title, Texto: labels.text, CambiaEstado: action !== 'DescargarPdf' && action !== 'Audit' };
}

/** `getActionsERByMeta`: the workflow actions this user may take on the case now (workflow.md). */
export async function getActions(db: Db, user: AuthUser, meta: string): Promise<ErAction[]> {
  const found = await findCaseInReach(db, user, meta);
  if (!found) throw notFound(MSG.lists.eventNotFound);
  const evaluationComplete = await evaluationCompleteOf(db, found.id);
  return allowedSendActions({ status: found.status, role: user.role, isCreator: found.createdBy === user.id, evaluationComplete }).map(actionOf);
}

/** The role that acts on a case in each status (workflow.md), for the notice after an action. */
function roleActingOn(status: number): Role | null {
  switch (status) {
    case ER_STATUS.EN_REVISION_RLF:
    case ER_STATUS.MAS_INFORMACION:
    case ER_STATUS.ARCHIVADO_RLF:
      return 'RLF';
    case ER_STATUS.EN_EVALUACION_QPPV:
    case ER_STATUS.CERRADO_IMPUTABLE:
    case ER_STATUS.CERRADO_NO_IMPUTABLE:
    case ER_STATUS.ARCHIVADO_QPPV:
      return 'QPPV';
    case ER_STATUS.EN_ESPERA_FABRICANTE:
      return 'Fabricante';
    default:
      return null;
  }
}

/**
 * The enabled users of `role` who reach the case: RLF of its country; QPPV and Fabricante
 * whose laboratories (the laboratory assignment, docs/roles.md) include one of its suspect
 * medicines' laboratories. One query.
 */
async function usersActingNext(db: DbOrTx, eventId: string, countryId: number, role: Role): Promise<{ id: string; email: string }[]> {
  const byRole = and(eq(users.roleId, ROLE_IDS[role]), eq(users.isActive, true));
  if (role === 'RLF') return db.select({ id: users.id, email: users.email }).from(users).where(and(byRole, eq(users.countryId, countryId)));
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        byRole,
        sql`exists (
          select 1 from ${eventMedications}
          join ${laboratories} on ${laboratories.id} = ${eventMedications.laboratoryId}
          join ${userLaboratories} on ${userLaboratories.userId} = ${users.id}
            and (${userLaboratories.laboratoryId} = ${laboratories.id}
              or (${userLaboratories.laboratoryId} is null
                and (${userLaboratories.countryId} is null or ${userLaboratories.countryId} = ${laboratories.countryId})))
          where ${eventMedications.eventId} = ${eventId})`,
      ),
    );
}

/** The e-mail to the users who act next after an action. */
export function actionMail(input: { to: string; referenceNumber: string; meta: string; title: string; status: string; comment: string }) {
  return {
    to: input.to,
    subject: `Evento reportable ${input.referenceNumber}: ${input.status}`,
    text: [
      `${input.title}: el evento reportable ${input.referenceNumber} pasó al estado «${input.status}».`,
      `Comentario: ${input.comment}`,
      `Puede verlo en ${caseViewPath(input.meta)}`,
    ].join('\n\n'),
  };
}

/**
 * `sendAccion`: in one transaction with the case row locked, checks reach (404), the workflow
 * table (400 wrong status, 403 wrong role, 400 incomplete evaluation), moves the case to the
 * action's status, stores the comment, the history entry with its 'Estado' line and the
 * confirmation's labels, and e-mails the users who act next; after the commit the hub tells
 * them. Answers the case as `getERByMeta` does.
 */
export async function sendAction(
  db: Db,
  user: AuthUser,
  body: { Event: SendActionBody['Event']; Questions?: readonly string[] | null },
  announce: { caseEvents: CaseEvents; log: FastifyBaseLogger },
): Promise<ErEvent> {
  const { Accion: action, Event: meta, Comments: comment } = body.Event;
  const { sent, eventId } = await db.transaction(async (tx) => {
    const found = await findCaseInReach(tx, user, meta, { forUpdate: true });
    if (!found) throw notFound(MSG.lists.eventNotFound);
    const evaluationComplete = await evaluationCompleteOf(tx, found.id);
    const refusal = actionRefusal(action, { status: found.status, role: user.role, isCreator: found.createdBy === user.id, evaluationComplete });
    if (refusal === 'role') throw forbidden();
    if (refusal === 'evaluation') throw badRequest(MSG.workflow.evaluationIncomplete);
    const to = nextStatus(action, found.status);
    if (refusal === 'status' || to === null || to === found.status) throw badRequest(MSG.workflow.actionNotAllowed);

    const now = new Date();
    const labels = ACTION_LABELS[action];
    await tx.update(events).set({ status: to }).where(eq(events.id, found.id));
    await tx.insert(eventComments).values({ eventId: found.id, action, fromStatus: found.status, toStatus: to, comment, userId: user.id, createdAt: now });
    await recordCaseOperation(tx, user, found, {
      description: labels.title,
      operationType: 'U',
      lines: [
        { description: 'Estado', oldValue: erStatusName(found.status), newValue: erStatusName(to) },
        ...(body.Questions ?? []).map((question) => ({ description: 'Confirmación', oldValue: null, newValue: question })),
      ],
      comment,
      now,
    });

    const [event] = await tx
      .select({ countryId: events.countryId, countryCode: countries.code })
      .from(events)
      .innerJoin(countries, eq(countries.id, events.countryId))
      .where(eq(events.id, found.id));
    const role = roleActingOn(to);
    const next = role && event ? await usersActingNext(tx, found.id, event.countryId, role) : [];
    for (const recipient of next) {
      await enqueueMail(
        tx,
        actionMail({ to: recipient.email, referenceNumber: found.referenceNumber, meta: found.meta, title: labels.title, status: erStatusName(to), comment }),
      );
    }
    const notice: CaseSent = {
      id: found.id,
      meta: found.meta,
      referenceNumber: found.referenceNumber,
      countryCode: event?.countryCode ?? '',
      sentAt: now,
      userIds: next.map((recipient) => recipient.id),
    };
    return { sent: notice, eventId: found.id };
  });
  if (sent.userIds && sent.userIds.length > 0) announceCaseSent(announce.caseEvents, sent, announce.log);
  return readEvent(db, user, eventId);
}
