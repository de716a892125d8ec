import { MSG } from './messages.js';
import type { Tone } from './tone.js';

/** Reportable event (ER) statuses, numeric ids as stored (workflow.md; Anulado = 11 per event spec). */
export const ER_STATUS = {
  PENDIENTE: 1,
  EN_REVISION_RLF: 2,
  EN_EVALUACION_QPPV: 3,
  MAS_INFORMACION: 4,
  EN_ESPERA_FABRICANTE: 5,
  CERRADO_IMPUTABLE: 6,
  CERRADO_NO_IMPUTABLE: 7,
  ARCHIVADO_RLF: 8,
  ARCHIVADO_QPPV: 9,
  ANULADO: 11,
} as const;
export type ErStatusId = (typeof ER_STATUS)[keyof typeof ER_STATUS];

/** The `Status` reference list: id and Spanish name as shown ('Estado'). */
export const ER_STATUSES: readonly { Id: ErStatusId; Estado: string }[] = [
  { Id: 1, Estado: 'Pendiente' },
  { Id: 2, Estado: 'En revisión RLF' },
  { Id: 3, Estado: 'En evaluación QPPV' },
  { Id: 4, Estado: 'Más información' },
  { Id: 5, Estado: 'En espera de fabricante' },
  { Id: 6, Estado: 'Cerrado imputable' },
  { Id: 7, Estado: 'Cerrado no imputable' },
  { Id: 8, Estado: 'Archivado RLF' },
  { Id: 9, Estado: 'Archivado QPPV' },
  { Id: 11, Estado: 'Anulado' },
];

/** The Spanish name of an ER status, or '---' for an unknown id. */
export function erStatusName(id: number): string {
  return ER_STATUSES.find((status) => status.Id === id)?.Estado ?? '---';
}

/** Non-pending events let the user see their comments (event spec §4). */
export function canViewComments(status: number): boolean {
  return status !== ER_STATUS.PENDIENTE;
}

/** Follow-ups can be seen on a non-pending event that has any (CountFollowUp > 0). */
export function canViewFollowUps(status: number, countFollowUp: number): boolean {
  return status !== ER_STATUS.PENDIENTE && countFollowUp > 0;
}

/** PDF export is offered unless the state is Pendiente or Anulado (event spec §4). */
export function canExportPdf(status: number): boolean {
  return status !== ER_STATUS.PENDIENTE && status !== ER_STATUS.ANULADO;
}

/** Incoming (home) report statuses (event spec §4). 4 Ingresado is ours: the report became a case and leaves the inbox. */
export const HOME_REPORT_STATUS = { NUEVO: 1, EN_REVISION: 2, DESCARTADO: 3, INGRESADO: 4 } as const;
export type HomeReportStatusId = (typeof HOME_REPORT_STATUS)[keyof typeof HOME_REPORT_STATUS];

/**
 * Name and inbox-row colour per incoming-report status: 1 info, 2 warning, 4 danger as the
 * spec's inbox row says; 3 Descartado is grey (secondary).
 */
export const HOME_REPORT_STATUSES: readonly { Id: HomeReportStatusId; StatusName: string; tone: Tone }[] = [
  { Id: 1, StatusName: 'Nuevo', tone: 'info' },
  { Id: 2, StatusName: 'En revisión', tone: 'warning' },
  { Id: 3, StatusName: 'Descartado', tone: 'secondary' },
  { Id: 4, StatusName: 'Ingresado', tone: 'danger' },
];

/** The colour of an incoming report's status badge ('secondary' for an unknown id). */
export function homeReportStatusTone(status: number): Tone {
  return HOME_REPORT_STATUSES.find((entry) => entry.Id === status)?.tone ?? 'secondary';
}

export function homeReportStatusName(status: number): string {
  return HOME_REPORT_STATUSES.find((entry) => entry.Id === status)?.StatusName ?? '---';
}

export const HOME_REPORT_ACTIONS = ['Descartar', 'Revisar', 'Ingresar'] as const;
export type HomeReportAction = (typeof HOME_REPORT_ACTIONS)[number];

const HOME_REPORT_TRANSITIONS: Record<HomeReportAction, { from: readonly number[]; to: HomeReportStatusId }> = {
  Descartar: { from: [1, 2], to: HOME_REPORT_STATUS.DESCARTADO },
  Revisar: { from: [1, 3], to: HOME_REPORT_STATUS.EN_REVISION },
  Ingresar: { from: [1, 2], to: HOME_REPORT_STATUS.INGRESADO },
};

/** The sub-group given to public reports that nobody has classified yet. */
export const UNCLASSIFIED_SUB_GROUP = '0';

/** Whether a type of occurrence (sub-group) has been chosen: not empty, 'none' or '0'. */
export function hasReportType(subGroup: string | number | null | undefined): boolean {
  if (subGroup === null || subGroup === undefined) return false;
  const value = String(subGroup).trim();
  return value !== '' && value !== 'none' && value !== UNCLASSIFIED_SUB_GROUP;
}

export interface HomeReportState {
  status: number;
  /** The type of occurrence currently selected in the summary modal. */
  subGroup: string | number | null | undefined;
}

/**
 * Why an action on an incoming report is refused, or null when allowed (event spec §4):
 * Descartar from 1|2, Revisar from 1|3, Ingresar from 1|2; Revisar and Ingresar need a type
 * of occurrence ('Debe seleccionar un tipo de reporte'), so sub-group '0' allows only Descartar.
 */
export function homeReportActionError(action: HomeReportAction, report: HomeReportState): string | null {
  if (!HOME_REPORT_TRANSITIONS[action].from.includes(report.status)) return MSG.workflow.actionNotAllowed;
  if (action !== 'Descartar' && !hasReportType(report.subGroup)) return MSG.homeReports.reportTypeRequired;
  return null;
}

/** Whether a button is shown at all: the status allows it (the type may still be missing). */
export function isHomeReportActionAvailable(action: HomeReportAction, status: number): boolean {
  return HOME_REPORT_TRANSITIONS[action].from.includes(status);
}

/** The status an incoming report takes after the action. */
export function nextHomeReportStatus(action: HomeReportAction): HomeReportStatusId {
  return HOME_REPORT_TRANSITIONS[action].to;
}
