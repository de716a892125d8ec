import { caseEditRefusal, MSG, type OperationType } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { events, operationHistory, operationHistoryLines } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { writeAudit, type AuditKind } from '../audit/index.js';
import { refreshCaseDeadlines } from '../deadlines/index.js';
import { findCaseInReach, type CaseInReach } from '../reach/index.js';

/**
 * The two things every write to a case's records does (issue 5 §5): find the case within the
 * user's reach, locked, and check it is still editable by this user; then record what changed
 * in the operation history (field by field) and the audit trail, in the same transaction.
 */

/**
 * The case with this Meta, locked until the transaction ends, when the user may edit it:
 * 404 when unknown or out of reach, 400 when its status no longer allows edits (sent,
 * closed, Anulado), 403 when the user sees it but may not edit it.
 */
export async function lockEditableCase(tx: Tx, user: AuthUser, meta: string): Promise<CaseInReach> {
  const found = await findCaseInReach(tx, user, meta, { forUpdate: true });
  if (!found) throw notFound(MSG.lists.eventNotFound);
  const refusal = caseEditRefusal({ status: found.status, role: user.role, isCreator: found.createdBy === user.id });
  if (refusal === 'status') throw badRequest(MSG.wizard.notEditable);
  if (refusal === 'role') throw forbidden(MSG.wizard.notEditor);
  return found;
}

/** A changed field: its Spanish label and the old and new values as shown (a file: its name). */
export interface ChangeLine {
  description: string;
  oldValue: string | null;
  newValue: string | null;
  isFile?: boolean;
  /** A note kept with the line (the Operaciones tab shows it under the value). */
  comment?: string | null;
}

/** A value as the Operaciones tab shows it: null stays null, booleans SI/NO, the rest as text. */
export function displayValue(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'SI' : 'NO';
  if (Array.isArray(value)) return value.map((item) => displayValue(item)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The lines of the fields that differ between `before` (null: the record is new) and `after`,
 * in the order of `labels` (field → Spanish label); fields without a label are not logged.
 */
export function changedFields<T extends Record<string, unknown>>(
  labels: Partial<Record<keyof T & string, string>>,
  before: Partial<T> | null,
  after: Partial<T> | null,
): ChangeLine[] {
  const lines: ChangeLine[] = [];
  for (const [field, description] of Object.entries(labels) as [keyof T & string, string][]) {
    const oldValue = before ? displayValue(before[field]) : null;
    const newValue = after ? displayValue(after[field]) : null;
    if (oldValue !== newValue) lines.push({ description, oldValue, newValue });
  }
  return lines;
}

export interface CaseOperation {
  /** What was done, as the Operaciones tab lists it: 'Paciente actualizado', 'Medicamento agregado'… */
  description: string;
  operationType: OperationType;
  lines: readonly ChangeLine[];
  comment?: string | null;
  now?: Date;
  /** The audit row's kind; by default a record added, changed or removed, after `operationType`. */
  kind?: AuditKind;
}

const RECORD_KINDS = { I: 'case.record-added', U: 'case.record-changed', D: 'case.record-removed' } as const satisfies Record<OperationType, AuditKind>;

/**
 * Writes an operation-history entry with its lines and an audit row (its kind, the user and
 * where the call came from), and stamps
 * the case as updated by the user. Call inside the write's transaction, after the change.
 * An update that changed nothing (no lines) records nothing.
 */
export async function recordCaseOperation(tx: Tx, user: AuthUser, found: CaseInReach, operation: CaseOperation): Promise<void> {
  if (operation.operationType === 'U' && operation.lines.length === 0) return;
  const now = operation.now ?? new Date();
  const [entry] = await tx
    .insert(operationHistory)
    .values({
      eventId: found.id,
      userId: user.id,
      createdAt: now,
      description: operation.description,
      operationType: operation.operationType,
      comment: operation.comment ?? null,
    })
    .returning({ id: operationHistory.id });
  if (!entry) throw new Error('Operation history entry not stored');
  if (operation.lines.length > 0) {
    await tx.insert(operationHistoryLines).values(
      operation.lines.map((line) => ({
        entryId: entry.id,
        description: line.description,
        oldValue: line.oldValue,
        newValue: line.newValue,
        isFile: line.isFile ?? false,
        comment: line.comment ?? null,
      })),
    );
  }
  await writeAudit(tx, {
    kind: operation.kind ?? RECORD_KINDS[operation.operationType],
    actor: user,
    pkId: found.id,
    referenceNumber: found.referenceNumber,
    metadata: found.meta,
    at: now,
    description: operation.description,
    oldValues: Object.fromEntries(operation.lines.map((line) => [line.description, line.oldValue])),
    newValues: Object.fromEntries(operation.lines.map((line) => [line.description, line.newValue])),
  });
  await tx.update(events).set({ updatedAt: now, updatedBy: user.id }).where(eq(events.id, found.id));
  // Every change of a case may move a milestone (status, comments, notification dates,
  // seriousness, annulment, deletion): its deadlines are recomputed in the same transaction.
  await refreshCaseDeadlines(tx, { eventIds: [found.id] });
}
