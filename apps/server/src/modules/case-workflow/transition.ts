import {
  ACTION_LABELS,
  actionRefusal,
  canDeleteCase,
  ER_STATUS,
  erStatusName,
  MSG,
  nextStatus,
  ROLE_IDS,
  WORKFLOW,
  type CaseAction,
  type Role,
  type SendAction,
} from '@atalaya/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { countries, eventComments, eventMedications, events, laboratories, subGroups, userLaboratories, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest, forbidden, notFound, type AppError } from '../../http/errors.js';
import { publicUrl } from '../../shared/settings.js';
import { AUDIT_KINDS, type AuditKind } from '../audit/index.js';
import { announceCaseSent, recordCaseOperation, type CaseEvents, type CaseSent, type ChangeLine } from '../cases/index.js';
import { enqueueMail, type OutgoingMail } from '../mail/index.js';
import { findCaseInReach, grantCoversLaboratory, type CaseInReach } from '../reach/index.js';
import { evaluationCompleteOf } from './evaluation-complete.js';
import { actionMail, caseSentMail, caseViewUrl } from './mails.js';

/**
 * The one service that moves a case through the workflow (workflow.md): finishing the wizard
 * (insertER), the actions of the view (sendAccion), annulling (anularER) and deleting (delER).
 * Each goes the same way, in one transaction with the case row locked: reach, the workflow
 * table, the call's own checks; then the status and stamps, the workflow comment, the history
 * entry (status names, the server's own confirmation labels) and its audit row (kind, address,
 * user agent); the e-mails to whoever acts next are queued in the same transaction (the
 * outbox), and after the commit the hub tells them.
 */

/** Deleting a case is not in the workflow table: only a Pendiente case, by its creator or an RLF (`canDeleteCase`). */
export const DELETE_ACTION = 'Eliminar';
/** Every transition of a case: the table's actions that change the status, and deletion. */
export type TransitionAction = CaseAction | typeof DELETE_ACTION;

/** Why a transition is refused. Every refusal becomes an HTTP answer in one place: `refusalError`. */
export type TransitionRefusal =
  /** Unknown, deleted or out of the user's reach. */
  | { reason: 'not-found' }
  /** The case's status does not allow the action (or the action changes nothing). */
  | { reason: 'status' }
  /** The user's role, or not being the creator, does not allow it. */
  | { reason: 'role' }
  /** Imputable / NoImputable without the ten imputability answers. */
  | { reason: 'evaluation' }
  /** The case lacks what the action needs (insertER's completeness), with the message that says what. */
  | { reason: 'incomplete'; message: string };

/** The one mapping of a transition's refusal to the HTTP status and Spanish `Message`. */
export function refusalError(refusal: TransitionRefusal): AppError {
  switch (refusal.reason) {
    case 'not-found':
      return notFound(MSG.lists.eventNotFound);
    case 'status':
      return badRequest(MSG.workflow.actionNotAllowed);
    case 'role':
      return forbidden();
    case 'evaluation':
      return badRequest(MSG.workflow.evaluationIncomplete);
    case 'incomplete':
      return badRequest(refusal.message);
  }
}

/** Who is told after the commit: the RLF room of the case's country, the users who act next, or nobody. */
type Notice = 'country' | 'recipients' | 'none';

interface TransitionDefinition {
  kind: AuditKind;
  /** The history entry, as the Operaciones tab lists it. */
  description: string;
  /** What the user confirmed, in the server's own words: the history's 'Confirmación' lines. */
  confirmation: readonly string[];
  /** Stamps of the case row besides the status. */
  stamps: (now: Date, user: AuthUser) => Partial<typeof events.$inferInsert>;
  /** The e-mail to each user who acts on the new status. */
  mail: (input: TransitionMailInput) => OutgoingMail;
  notice: Notice;
}

interface TransitionMailInput {
  to: string;
  referenceNumber: string;
  /** The absolute address of the case's view. */
  link: string;
  subGroupName: string;
  countryName: string;
  status: string;
  title: string;
  comment: string;
}

const noStamps = () => ({});

function definitionOf(action: TransitionAction): TransitionDefinition {
  switch (action) {
    case 'Finalizar':
      return { kind: 'case.sent', description: 'Evento enviado', confirmation: [], stamps: (now) => ({ sentAt: now }), mail: caseSentMail, notice: 'country' };
    case 'Anular':
      return { kind: 'case.annulled', description: 'Evento anulado', confirmation: [], stamps: noStamps, mail: actionMail, notice: 'none' };
    case DELETE_ACTION:
      return {
        kind: 'case.deleted',
        description: 'Evento eliminado con firma electrónica',
        confirmation: [],
        stamps: (now, user) => ({ deletedAt: now, deletedBy: user.id }),
        mail: actionMail,
        notice: 'none',
      };
    default: {
      const labels = ACTION_LABELS[action];
      return { kind: 'case.action-taken', description: labels.title, confirmation: [labels.title, labels.text], stamps: noStamps, mail: actionMail, notice: 'recipients' };
    }
  }
}

/** The history's 'Confirmación' lines of a `sendAccion` action: its confirmation's title and text, as the server words them. */
export function confirmationLines(action: SendAction): string[] {
  return [...definitionOf(action).confirmation];
}

function needsCompleteEvaluation(action: CaseAction): boolean {
  return WORKFLOW.some((row) => row.action === action && row.needsCompleteEvaluation);
}

/** What the rules say of the action on this case for this user: null when allowed. */
/** Whether the case is historic (IsHistoric: imported from another system; docs/e2b-import.md). */
export async function isHistoricCase(db: DbOrTx, eventId: string): Promise<boolean> {
  const [row] = await db.select({ isHistoric: events.isHistoric }).from(events).where(eq(events.id, eventId));
  return row?.isHistoric ?? false;
}

async function ruleRefusal(db: DbOrTx, user: AuthUser, found: CaseInReach, action: TransitionAction): Promise<TransitionRefusal | null> {
  // A historic case allows only the PDF export (spec: "historic reports allow only PDF export"): no transition.
  if (await isHistoricCase(db, found.id)) return { reason: 'status' };
  const isCreator = found.createdBy === user.id;
  if (action === DELETE_ACTION) {
    if (canDeleteCase({ status: found.status, role: user.role, isCreator })) return null;
    // Status first (only a Pendiente case is deleted), then who.
    return canDeleteCase({ status: found.status, role: 'RLF', isCreator: true }) ? { reason: 'role' } : { reason: 'status' };
  }
  const evaluationComplete = needsCompleteEvaluation(action) ? await evaluationCompleteOf(db, found.id) : true;
  const refusal = actionRefusal(action, { status: found.status, role: user.role, isCreator, evaluationComplete });
  if (refusal) return { reason: refusal };
  const to = nextStatus(action, found.status);
  // DescargarPdf and Audit are listed with the actions but move nothing: not a transition.
  if (to === null || to === found.status) return { reason: 'status' };
  return null;
}

/** The role that acts on a case in each status (workflow.md): who is e-mailed after a transition. */
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
          join ${userLaboratories} on ${userLaboratories.userId} = ${users.id} and ${grantCoversLaboratory()}
          where ${eventMedications.eventId} = ${eventId})`,
      ),
    );
}

export interface TransitionRequest {
  meta: string;
  action: TransitionAction;
  /** The workflow comment (or the signature's comment): stored with the comment row and the history entry. */
  comment: string;
  /** Checks the rules cannot see (the wizard's completeness), with the case locked; a refusal writes nothing. */
  check?: (tx: Tx, found: CaseInReach) => Promise<TransitionRefusal | null>;
  /** Writes of the call itself (the electronic signature); answers the history lines they add. */
  apply?: (tx: Tx, found: CaseInReach, now: Date) => Promise<readonly ChangeLine[]>;
  /** The transition's time (default: now); a deletion takes its signature's. */
  now?: Date;
}

export interface TransitionDeps {
  /** The public address of the application (APP_URL): mailed links are absolute. */
  appUrl: string;
  caseEvents: CaseEvents;
  log: FastifyBaseLogger;
}

export interface TransitionDone {
  /** The case as it was found, before the transition. */
  found: CaseInReach;
  /** Its status after the transition (a deletion keeps it). */
  status: number;
}

/** Checks a transition without locking or writing anything: a call with more work before the transaction (delER's signature) refuses early. */
export async function checkTransition(db: Db, user: AuthUser, request: Pick<TransitionRequest, 'meta' | 'action'>): Promise<void> {
  const found = await findCaseInReach(db, user, request.meta);
  const refusal = found ? await ruleRefusal(db, user, found, request.action) : { reason: 'not-found' as const };
  if (refusal) throw refusalError(refusal);
}

/** Runs a transition (see the module's comment). Throws the mapped refusal, having written nothing. */
export async function runTransition(db: Db, user: AuthUser, request: TransitionRequest, deps: TransitionDeps): Promise<TransitionDone> {
  const { action, comment } = request;
  const definition = definitionOf(action);
  const { done, notice } = await db.transaction(async (tx) => {
    const found = await findCaseInReach(tx, user, request.meta, { forUpdate: true });
    if (!found) throw refusalError({ reason: 'not-found' });
    const refusal = (await ruleRefusal(tx, user, found, action)) ?? (await request.check?.(tx, found)) ?? null;
    if (refusal) throw refusalError(refusal);

    const now = request.now ?? new Date();
    const from = found.status;
    const to = action === DELETE_ACTION ? from : (nextStatus(action, from) ?? from);
    const moves = to !== from;
    await tx
      .update(events)
      .set({ ...(moves ? { status: to } : {}), ...definition.stamps(now, user) })
      .where(eq(events.id, found.id));
    if (moves) {
      await tx.insert(eventComments).values({ eventId: found.id, action, fromStatus: from, toStatus: to, comment, userId: user.id, createdAt: now });
    }
    const extraLines = (await request.apply?.(tx, found, now)) ?? [];
    await recordCaseOperation(tx, user, found, {
      kind: definition.kind,
      description: definition.description,
      operationType: AUDIT_KINDS[definition.kind].operationType,
      lines: [
        ...(moves ? [{ description: 'Estado', oldValue: erStatusName(from), newValue: erStatusName(to) }] : []),
        ...definition.confirmation.map((text) => ({ description: 'Confirmación', oldValue: null, newValue: text })),
        ...extraLines,
      ],
      comment,
      now,
    });

    const role = moves ? roleActingOn(to) : null;
    if (!role && definition.notice === 'none') return { done: { found, status: to }, notice: null };
    const [event] = await tx
      .select({ countryId: events.countryId, countryCode: countries.code, countryName: countries.name, subGroupName: subGroups.nombre })
      .from(events)
      .innerJoin(countries, eq(countries.id, events.countryId))
      .innerJoin(subGroups, eq(subGroups.id, events.subGroupId))
      .where(eq(events.id, found.id));
    if (!event) throw new Error('Case not found after its transition');
    const recipients = role ? await usersActingNext(tx, found.id, event.countryId, role) : [];
    // The setting web.publicUrl, else APP_URL (docs/settings.md).
    const link = caseViewUrl(await publicUrl(tx, deps.appUrl), found.meta);
    for (const recipient of recipients) {
      await enqueueMail(
        tx,
        definition.mail({
          to: recipient.email,
          referenceNumber: found.referenceNumber,
          link,
          subGroupName: event.subGroupName,
          countryName: event.countryName,
          status: erStatusName(to),
          title: definition.description,
          comment,
        }),
      );
    }
    const sent: CaseSent = { id: found.id, meta: found.meta, referenceNumber: found.referenceNumber, countryCode: event.countryCode, sentAt: now };
    const told =
      definition.notice === 'country'
        ? sent
        : definition.notice === 'recipients' && recipients.length > 0
          ? { ...sent, userIds: recipients.map((recipient) => recipient.id) }
          : null;
    return { done: { found, status: to }, notice: told };
  });
  if (notice) announceCaseSent(deps.caseEvents, notice, deps.log);
  return done;
}
