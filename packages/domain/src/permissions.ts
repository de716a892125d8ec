import { ER_STATUS } from './event-status.js';
import { can } from './access.js';
import type { Role } from './roles.js';

/**
 * Role rules of both specs' §6 that are not workflow transitions. The browser hides what
 * they refuse; the server refuses it.
 */

/**
 * How a role starts a new case from the header: the create dialog, the patient form (CL), or
 * not at all (Fabricante, and ADMIN, who does no case work: workflow.md).
 */
export function createEventMode(role: Role): 'dialog' | 'patientForm' | null {
  if (can(role, 'case.create')) return 'dialog';
  return can(role, 'homeReports.submit') ? 'patientForm' : null;
}

/** In the create dialog an RLF chooses only their own country; others any non-deleted country. */
export function canChooseAnyCountry(role: Role): boolean {
  return role !== 'RLF';
}

/**
 * Creating a follow-up report (edit/2): not on a Pendiente or Anulado case, and not for a QPPV
 * when the status is 3 (event spec §2.4). Only the roles that use the wizard (QPPV, RLF) create them.
 */
export function canCreateFollowUp(role: Role, status: number): boolean {
  if (!can(role, 'followUp.create')) return false;
  if (status === ER_STATUS.PENDIENTE || status === ER_STATUS.ANULADO) return false;
  return !(role === 'QPPV' && status === ER_STATUS.EN_EVALUACION_QPPV);
}

/** The provider-notification checkbox of a RAM is editable only by QPPV (event spec §5). */
export function canEditProviderNotification(role: Role): boolean {
  return can(role, 'providerNotification.write');
}

/** Recovery fields are disabled for a QPPV who is not the case's creator (event spec §5). */
export function canEditRecovery(role: Role, isCreator: boolean): boolean {
  return role !== 'QPPV' || isCreator;
}

/** In audit lists ADMIN sees the event reference as plain text, others as a link (platform spec §6). */
export function auditLinksToEvent(role: Role): boolean {
  return role !== 'ADMIN';
}

/** A Fabricante's event view loads the approved-manufacturer data; others load the medical contact. */
export function loadsApprovedManufacturer(role: Role): boolean {
  return role === 'Fabricante';
}

/**
 * The reporter's contact data of an incoming report (name, e-mail, phone: `docs/roles.md`,
 * "Reporter contact") is not for the Fabricante, who has no reach over incoming reports: the
 * server leaves it out of every answer to a Fabricante, the browser shows a placeholder.
 */
export function canSeeReporterContact(role: Role): boolean {
  return role !== 'Fabricante';
}
