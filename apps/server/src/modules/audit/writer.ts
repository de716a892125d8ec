import { AUDIT_KINDS, auditLog, type AuditKind } from '../../db/schema/index.js';
import type { DbOrTx } from '../../db/client.js';
import type { RequestOrigin } from '../../http/request-origin.js';

/** Who did it: the user and, for a call over HTTP, where it came from. */
export interface AuditActor {
  id: string;
  origin?: RequestOrigin;
}

export interface AuditEntry {
  /** What was done; it sets the row's Instance and OperationType (`AUDIT_KINDS`). */
  kind: AuditKind;
  /** The signed-in user (with the request's origin), or null for the command line. */
  actor: AuditActor | null;
  description: string;
  /** PKId: the id of the written record (a case's id, a user's id…). */
  pkId?: string | null;
  referenceNumber?: string | null;
  /** A case's Meta. */
  metadata?: string | null;
  /** For Parametros: the reference list. */
  tableName?: string | null;
  oldValues?: Record<string, unknown> | null;
  newValues?: Record<string, unknown> | null;
  /** DateUTC (default: now). */
  at?: Date;
}

/**
 * The one writer of the audit trail: a row with its kind, the kind's Instance and
 * OperationType, the user, and the caller's address and user agent. Call inside the
 * transaction of the audited write. Rows are append-only (src/db/sql).
 */
export async function writeAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  const { instance, operationType } = AUDIT_KINDS[entry.kind];
  await tx.insert(auditLog).values({
    kind: entry.kind,
    instance,
    operationType,
    pkId: entry.pkId ?? null,
    referenceNumber: entry.referenceNumber ?? null,
    metadata: entry.metadata ?? null,
    tableName: entry.tableName ?? null,
    userId: entry.actor?.id ?? null,
    ...(entry.at ? { dateUtc: entry.at } : {}),
    description: entry.description,
    oldValues: entry.oldValues ?? null,
    newValues: entry.newValues ?? null,
    ipAddress: entry.actor?.origin?.ipAddress ?? null,
    userAgent: entry.actor?.origin?.userAgent ?? null,
  });
}
