import { actionRefusal, canViewComments, canViewFollowUps, type ErListRow, type Role } from '@atalaya/domain';

/** The buttons of a case row on the Tasks screen (event spec §2.1), in order. */
export type CaseRowAction = 'comments' | 'followUps' | 'annul' | 'open';

/**
 * Comments on a non-pending case; follow-ups when it has any; annul when the workflow allows
 * it to this user (RLF, QPPV, or the creator; statuses 1–5); open always.
 */
export function caseRowActions(row: Pick<ErListRow, 'Estado' | 'CountFollowUp' | 'EsCreador'>, role: Role): CaseRowAction[] {
  const actions: CaseRowAction[] = [];
  if (canViewComments(row.Estado)) actions.push('comments');
  if (canViewFollowUps(row.Estado, row.CountFollowUp)) actions.push('followUps');
  if (actionRefusal('Anular', { status: row.Estado, role, isCreator: row.EsCreador, evaluationComplete: false }) === null) {
    actions.push('annul');
  }
  actions.push('open');
  return actions;
}
