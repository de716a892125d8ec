import { randomBytes } from 'node:crypto';
import { ER_STATUS, formatCaseReference } from '@atalaya/domain';
import type { Tx } from '../../db/client.js';
import { nextReferenceSequence } from '../../db/reference-sequences.js';
import { events, operationHistory, operationHistoryLines } from '../../db/schema/index.js';
import type { RequestOrigin } from '../../http/request-origin.js';
import { writeAudit } from '../audit/index.js';
import type { CaseCreated } from './events.js';
import { refreshCaseDeadlines } from '../deadlines/index.js';

/** GrupoId 1 'Reacción adversa a medicamento': its cases are RAM cases (IsRAM). */
const RAM_GROUP_ID = 1;

/** Description of the creation entry of a case's operation history. */
export const CASE_CREATED_DESCRIPTION = 'Evento creado';

/** Bytes of randomness in a case's Meta: 16 bytes are 22 base64url characters. */
const META_BYTES = 16;

/** A new Meta: the unguessable public identifier of a case in URLs (`/reportableEvent/{meta}/…`). */
export function newCaseMeta(): string {
  return randomBytes(META_BYTES).toString('base64url');
}

/** A line of the creation entry of the operation history (a changed field, or a past transition). */
export interface CaseHistoryLine {
  description: string;
  oldValue: string | null;
  newValue: string | null;
  comment?: string | null;
}

export interface NewCase {
  countryId: number;
  /** ISO code of the case's country: the prefix of its reference number. */
  countryCode: string;
  groupId: number;
  subGroupId: number;
  /** The signed-in user who creates the case. */
  createdBy: string;
  /** Where the creating call came from, for the audit row. */
  origin?: RequestOrigin;
  /** Day zero of the deadlines: the first receipt of the report (default: now). */
  receivedAt?: Date;
  /** The incoming report the case is entered from (Ingresar). */
  homeReport?: { id: string; reference: string } | null;
  /** 'Se realizó consulta médica?' when known. */
  medicalContact?: boolean | null;
  /** The creation entry of the operation history: description (default 'Evento creado'), comment, lines. */
  history?: { description?: string; comment?: string | null; lines?: readonly CaseHistoryLine[] };
  now?: Date;
}

/**
 * Creates a reportable event (case) in status 1 Pendiente inside the caller's transaction:
 * a fresh Meta, the reference `{country}-{year}-{sequence}` (the sequence taken in the same
 * transaction, so a rolled-back case gives its number back), the operation-history entry 'I'
 * with its lines and an audit row (instance ER). The caller adds the case's records and, after
 * the commit, calls `announceCaseCreated` with the answer.
 */
export async function createCase(tx: Tx, input: NewCase): Promise<CaseCreated> {
  const now = input.now ?? new Date();
  const year = now.getUTCFullYear();
  const referenceNumber = formatCaseReference(input.countryCode, year, await nextReferenceSequence(tx, input.countryCode.toUpperCase(), year));
  const meta = newCaseMeta();
  const homeReport = input.homeReport ?? null;
  const [row] = await tx
    .insert(events)
    .values({
      meta,
      referenceNumber,
      status: ER_STATUS.PENDIENTE,
      groupId: input.groupId,
      subGroupId: input.subGroupId,
      countryId: input.countryId,
      isRam: input.groupId === RAM_GROUP_ID,
      homeReportId: homeReport?.id ?? null,
      homeReferenceNumber: homeReport?.reference ?? null,
      medicalContact: input.medicalContact ?? null,
      receivedAt: input.receivedAt ?? now,
      createdAt: now,
      createdBy: input.createdBy,
      updatedAt: now,
      updatedBy: input.createdBy,
    })
    .returning({ id: events.id });
  if (!row) throw new Error('Case not stored');

  const description = input.history?.description ?? CASE_CREATED_DESCRIPTION;
  const [entry] = await tx
    .insert(operationHistory)
    .values({ eventId: row.id, userId: input.createdBy, createdAt: now, description, operationType: 'I', comment: input.history?.comment ?? null })
    .returning({ id: operationHistory.id });
  if (!entry) throw new Error('Operation history entry not stored');
  const lines = input.history?.lines ?? [];
  if (lines.length > 0) {
    await tx.insert(operationHistoryLines).values(
      lines.map((line) => ({
        entryId: entry.id,
        description: line.description,
        oldValue: line.oldValue,
        newValue: line.newValue,
        comment: line.comment ?? null,
      })),
    );
  }
  await writeAudit(tx, {
    kind: 'case.created',
    actor: { id: input.createdBy, ...(input.origin ? { origin: input.origin } : {}) },
    pkId: row.id,
    referenceNumber,
    metadata: meta,
    at: now,
    description,
    newValues: {
      NumeroReferencia: referenceNumber,
      Estado: ER_STATUS.PENDIENTE,
      GrupoId: input.groupId,
      SubGrupoId: input.subGroupId,
      Pais: input.countryCode.toUpperCase(),
      NumeroReferenciaHome: homeReport?.reference ?? null,
    },
  });
  // Day zero (receipt) and the creation are milestones: the case's deadlines start now.
  await refreshCaseDeadlines(tx, { eventIds: [row.id] }, now);
  return { id: row.id, meta, referenceNumber, countryCode: input.countryCode.toUpperCase(), homeReportId: homeReport?.id ?? null, createdAt: now };
}
