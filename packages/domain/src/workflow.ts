import { ER_STATUS, type ErStatusId } from './event-status.js';
import { ROLES, type Role } from './roles.js';

/** Actions the server lists per event (`getActionsERByMeta`) and accepts in `sendAccion` (event spec §4). */
export const SEND_ACTIONS = [
  'ActivarRLF',
  'ActivarQPPV',
  'AprobarRLF',
  'ArchivarRLF',
  'ArchivarQPPV',
  'DesarchivarRLF',
  'MasInfo',
  'DescargarPdf',
  'Audit',
  'Imputable',
  'NoImputable',
  'EnEsperaFabricante',
  'AprobarFabricante',
] as const;
export type SendAction = (typeof SEND_ACTIONS)[number];

/** Every case action: the sendAccion ones plus finishing the wizard and annulling, which have their own calls. */
export type CaseAction = SendAction | 'Finalizar' | 'Anular';

export interface WorkflowRule {
  action: CaseAction;
  /** Statuses the action starts from. */
  from: readonly ErStatusId[];
  /** Status after the action; null when the action does not change the status. */
  to: ErStatusId | null;
  /** Roles that may take it. */
  roles: readonly Role[];
  /** Only the user who created the case may take it. */
  creatorOnly: boolean;
  /** Needs the ten imputability answers. */
  needsCompleteEvaluation: boolean;
}

const S = ER_STATUS;
const ALL_STATUSES: readonly ErStatusId[] = Object.values(ER_STATUS);
const CASE_ROLES: readonly Role[] = ['QPPV', 'RLF', 'CL', 'Fabricante'];

function rule(
  action: CaseAction,
  from: readonly ErStatusId[],
  to: ErStatusId | null,
  roles: readonly Role[],
  options: { creatorOnly?: boolean; needsCompleteEvaluation?: boolean } = {},
): WorkflowRule {
  return {
    action,
    from,
    to,
    roles,
    creatorOnly: options.creatorOnly ?? false,
    needsCompleteEvaluation: options.needsCompleteEvaluation ?? false,
  };
}

/**
 * The case workflow of workflow.md, one row per (action, who) pair. An action is allowed when
 * any of its rows allows it. 'Anular' has two rows: RLF and QPPV always, anyone who created
 * the case. 'MasInfo' has two: RLF in 2, QPPV in 3.
 */
export const WORKFLOW: readonly WorkflowRule[] = [
  rule('Finalizar', [S.PENDIENTE], S.EN_REVISION_RLF, CASE_ROLES, { creatorOnly: true }),
  rule('AprobarRLF', [S.EN_REVISION_RLF], S.EN_EVALUACION_QPPV, ['RLF']),
  rule('MasInfo', [S.EN_REVISION_RLF], S.MAS_INFORMACION, ['RLF']),
  rule('MasInfo', [S.EN_EVALUACION_QPPV], S.MAS_INFORMACION, ['QPPV']),
  rule('ActivarRLF', [S.MAS_INFORMACION], S.EN_REVISION_RLF, ['RLF']),
  rule('ArchivarRLF', [S.EN_REVISION_RLF, S.MAS_INFORMACION], S.ARCHIVADO_RLF, ['RLF']),
  rule('DesarchivarRLF', [S.ARCHIVADO_RLF], S.EN_REVISION_RLF, ['RLF']),
  rule('EnEsperaFabricante', [S.EN_EVALUACION_QPPV], S.EN_ESPERA_FABRICANTE, ['QPPV']),
  rule('AprobarFabricante', [S.EN_ESPERA_FABRICANTE], S.EN_EVALUACION_QPPV, ['Fabricante']),
  rule('Imputable', [S.EN_EVALUACION_QPPV], S.CERRADO_IMPUTABLE, ['QPPV'], { needsCompleteEvaluation: true }),
  rule('NoImputable', [S.EN_EVALUACION_QPPV], S.CERRADO_NO_IMPUTABLE, ['QPPV'], { needsCompleteEvaluation: true }),
  rule('ArchivarQPPV', [S.EN_EVALUACION_QPPV], S.ARCHIVADO_QPPV, ['QPPV']),
  rule('ActivarQPPV', [S.CERRADO_IMPUTABLE, S.CERRADO_NO_IMPUTABLE, S.ARCHIVADO_QPPV], S.EN_EVALUACION_QPPV, ['QPPV']),
  rule('Anular', [1, 2, 3, 4, 5], S.ANULADO, ['RLF', 'QPPV']),
  rule('Anular', [1, 2, 3, 4, 5], S.ANULADO, ROLES, { creatorOnly: true }),
  rule(
    'DescargarPdf',
    ALL_STATUSES.filter((status) => status !== S.PENDIENTE && status !== S.ANULADO),
    null,
    ROLES,
  ),
  rule('Audit', ALL_STATUSES, null, ['QPPV', 'ADMIN']),
];

export interface ActionContext {
  status: number;
  role: Role;
  /** The user created the case. */
  isCreator: boolean;
  /** All ten imputability questions are answered (see `isEvaluationComplete`). */
  evaluationComplete: boolean;
}

/** Why an action is refused: wrong status, wrong role (or not the creator), or incomplete evaluation. */
export type ActionRefusal = 'status' | 'role' | 'evaluation';

function rowsFor(action: CaseAction, status: number): WorkflowRule[] {
  return WORKFLOW.filter((row) => row.action === action && (row.from as readonly number[]).includes(status));
}

function rowAllowsUser(row: WorkflowRule, context: ActionContext): boolean {
  return row.roles.includes(context.role) && (!row.creatorOnly || context.isCreator);
}

/**
 * Checks an action against the table: null when allowed, otherwise the first reason that
 * refuses it (status first, then role, then the evaluation). The server answers 400
 * `MSG.workflow.actionNotAllowed`, 403 `MSG.errors.forbidden` or 400
 * `MSG.workflow.evaluationIncomplete` respectively.
 */
export function actionRefusal(action: CaseAction, context: ActionContext): ActionRefusal | null {
  const rows = rowsFor(action, context.status);
  if (rows.length === 0) return 'status';
  const mine = rows.filter((row) => rowAllowsUser(row, context));
  if (mine.length === 0) return 'role';
  return mine.some((row) => !row.needsCompleteEvaluation || context.evaluationComplete) ? null : 'evaluation';
}

/** The actions a user may take on a case now, in table order, each once. */
export function allowedActions(context: ActionContext): CaseAction[] {
  const actions = new Set<CaseAction>();
  for (const row of WORKFLOW) {
    if (!actions.has(row.action) && actionRefusal(row.action, context) === null) actions.add(row.action);
  }
  return [...actions];
}

/** The `sendAccion` actions among the allowed ones: what `getActionsERByMeta` answers. */
export function allowedSendActions(context: ActionContext): SendAction[] {
  return allowedActions(context).filter((action): action is SendAction =>
    (SEND_ACTIONS as readonly string[]).includes(action),
  );
}

/**
 * The status after taking `action` from `status`: the same status for actions that change
 * nothing (DescargarPdf, Audit), or null when the action does not start from that status.
 */
export function nextStatus(action: CaseAction, status: number): ErStatusId | null {
  const row = rowsFor(action, status)[0];
  if (!row) return null;
  return row.to ?? (status as ErStatusId);
}

/** Statuses that wait on a role ("Mis acciones pendientes", workflow.md). */
const PENDING_BY_ROLE: Record<Role, readonly ErStatusId[]> = {
  ADMIN: [],
  QPPV: [S.PENDIENTE, S.EN_EVALUACION_QPPV],
  RLF: [S.PENDIENTE, S.EN_REVISION_RLF, S.MAS_INFORMACION],
  CL: [],
  Fabricante: [S.EN_ESPERA_FABRICANTE],
};

/**
 * The statuses listed in "Mis acciones pendientes" for a role: RLF 1, 2, 4; QPPV 1, 3;
 * Fabricante 5 (for its laboratories); none for CL and ADMIN. Status 1 (a draft) counts only
 * for the case's creator (the server's task list checks it). A QPPV's own drafts wait on the QPPV too,
 * since only the creator can finish the wizard.
 */
export function pendingStatusesForRole(role: Role): readonly ErStatusId[] {
  return PENDING_BY_ROLE[role];
}
