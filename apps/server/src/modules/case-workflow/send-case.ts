import { CAUSALITY_DRUG_ROLES, caseSendRefusal } from '@atalaya/domain';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { eventMedications, eventOrigins, eventPatients, eventRams, events } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { runTransition, type TransitionDeps, type TransitionRefusal } from './transition.js';
import type { CaseInReach } from '../reach/index.js';

/** The comment stored with the sending when the user gives none. */
export const CASE_SENT_COMMENT = 'Evento enviado';

export interface FinishResult {
  MetaData: string;
  NumeroReferencia: string;
}

/**
 * What the case still lacks to be sent — patient, the origin gate, at least one related
 * medication and one of them suspect or interacting, an adverse event (coded and with 'expected') for GrupoId 1 / SubGrupoId 1 —
 * as the first missing thing's message; null when complete.
 */
async function incompleteness(tx: Tx, found: CaseInReach): Promise<TransitionRefusal | null> {
  const [event] = await tx.select({ groupId: events.groupId, subGroupId: events.subGroupId, homeReportId: events.homeReportId }).from(events).where(eq(events.id, found.id));
  if (!event) return { reason: 'not-found' };
  const [patient] = await tx.select({ eventId: eventPatients.eventId }).from(eventPatients).where(eq(eventPatients.eventId, found.id));
  const [origin] = await tx
    .select({ have: eventOrigins.have, fileId: eventOrigins.fileId, notHave: eventOrigins.notHave })
    .from(eventOrigins)
    .where(eq(eventOrigins.eventId, found.id));
  const [medications] = await tx
    .select({ n: count(), suspects: sql<number>`count(*) filter (where ${inArray(eventMedications.drugRole, [...CAUSALITY_DRUG_ROLES])})` })
    .from(eventMedications)
    .where(eq(eventMedications.eventId, found.id));
  const [rams] = await tx
    // A reaction copied from an incoming report may still lack its MedDRA term or 'expected'.
    .select({ n: count(), incomplete: sql<number>`count(*) filter (where ${eventRams.lltCode} is null or ${eventRams.isExpected} is null)` })
    .from(eventRams)
    .where(eq(eventRams.eventId, found.id));
  const message = caseSendRefusal({
    GrupoId: event.groupId,
    SubGrupoId: event.subGroupId,
    hasHomeReport: event.homeReportId !== null,
    hasPatient: patient !== undefined,
    origin: origin ? { Have: origin.have, hasFile: origin.fileId !== null, NotHave: origin.notHave } : null,
    medicationCount: Number(medications?.n ?? 0),
    suspectMedicationCount: Number(medications?.suspects ?? 0),
    ramCount: Number(rams?.n ?? 0),
    incompleteRamCount: Number(rams?.incomplete ?? 0),
  });
  return message ? { reason: 'incomplete', message } : null;
}

/**
 * `insertER`: the creator finishes the wizard and sends the case into the workflow, through
 * the transition service: reach (404); the workflow table's 'Finalizar' (only from 1 Pendiente:
 * 400; only the creator: 403); completeness, refused with the first missing thing's message
 * (400). Then status 1 → 2 En revisión RLF with sentAt, the workflow comment, the history entry
 * with its 'Estado' line, and an e-mail to each enabled RLF of the case's country linking to
 * the case (APP_URL). After the commit the hub tells those RLF ('nuevosEventos'). A refusal
 * writes nothing.
 */
export async function finishCase(db: Db, user: AuthUser, input: { meta: string; comment: string | null }, deps: TransitionDeps): Promise<FinishResult> {
  const { found } = await runTransition(
    db,
    user,
    { meta: input.meta, action: 'Finalizar', comment: input.comment ?? CASE_SENT_COMMENT, check: incompleteness },
    deps,
  );
  return { MetaData: found.meta, NumeroReferencia: found.referenceNumber };
}
