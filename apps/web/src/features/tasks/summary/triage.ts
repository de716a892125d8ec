import {
  HOME_REPORT_ACTIONS,
  hasReportType,
  homeReportActionError,
  isHomeReportActionAvailable,
  messageCode,
  nextHomeReportStatus,
  UNCLASSIFIED_SUB_GROUP,
  type HomeReportAction,
  type HomeReportStatusUpdate,
} from '@atalaya/domain';
import type { HomeReportDetail } from './types';

/** What the summary modal edits: the type of occurrence and the country of the report. */
export interface TriageChoice {
  /** Sub-group id as text; '0' while unclassified, null when the user cleared the choice. */
  subGroup: string | null;
  /** Country code. */
  country: string | null;
}

/** The report's type and country as stored: the modal starts from them. */
export function initialChoice(
  report: Pick<HomeReportDetail, 'Data'> & { SubGroup: HomeReportDetail['SubGroup'] | string | null; Pais: HomeReportDetail['Pais'] | null },
): TriageChoice {
  const subGroup = report.SubGroup ?? report.Data.Tipo?.SubGroup ?? null;
  const country = report.Pais ?? report.Data.Tipo?.Pais ?? report.Data.Paciente?.Pais ?? null;
  return {
    subGroup: hasReportType(subGroup) ? String(subGroup) : UNCLASSIFIED_SUB_GROUP,
    country: country === null ? null : String(country),
  };
}

/** The value the type-of-occurrence select shows: nothing for '0' (not a choice of the list). */
export function subGroupSelectValue(subGroup: string | null): string | null {
  return hasReportType(subGroup) ? subGroup : null;
}

/**
 * The action buttons of the summary modal (besides Cancelar), in order (event spec §4):
 * each when the report's status allows it; only Descartar while the type is still '0'.
 */
export function summaryActions(status: number, subGroup: string | null): HomeReportAction[] {
  const available = HOME_REPORT_ACTIONS.filter((action) => isHomeReportActionAvailable(action, status));
  return subGroup === UNCLASSIFIED_SUB_GROUP ? available.filter((action) => action === 'Descartar') : available;
}

/**
 * Why the browser stops an action before calling: 'Debe seleccionar un tipo de reporte' for
 * Revisar or Ingresar with no type chosen; null when the call may go (the server checks again).
 */
export function triageWarning(action: HomeReportAction, status: number, subGroup: string | null): string | null {
  const error = homeReportActionError(action, { status, subGroup });
  return error !== null && messageCode(error) === 'homeReports.reportTypeRequired' ? error : null;
}

function subGroupValue(subGroup: string | null): string | number | null {
  if (!hasReportType(subGroup) || subGroup === null) return null;
  return /^\d+$/.test(subGroup) ? Number(subGroup) : subGroup;
}

/**
 * The body of `updatestatiserfromerhome` / `createerfromerhome`: the chosen type, the new
 * status (2 Revisar, 3 Descartar, null Ingresar), the country only when the user changed it
 * (`updData.Pais` null: unchanged) and the comment.
 */
export function triageBody(
  action: HomeReportAction,
  report: Pick<HomeReportDetail, 'Id'>,
  choice: TriageChoice,
  original: TriageChoice,
  comment: string | null = null,
): HomeReportStatusUpdate {
  const newStatus = action === 'Ingresar' ? null : (nextHomeReportStatus(action) as 2 | 3);
  const countryChanged = choice.country !== null && choice.country !== original.country;
  return {
    homeERId: report.Id,
    subGroup: subGroupValue(choice.subGroup),
    newStatus,
    updData: { Pais: countryChanged ? choice.country : null },
    comentario: comment,
  };
}

/** The success notice of each action. */
export function triageDoneMessage(action: HomeReportAction, reference: string, caseReference?: string | null): string {
  if (action === 'Descartar') return `El reporte ${reference} fue descartado`;
  if (action === 'Revisar') return `El reporte ${reference} quedó en revisión`;
  return caseReference
    ? `El reporte ${reference} fue ingresado como el evento reportable ${caseReference}`
    : `El reporte ${reference} fue ingresado como evento reportable`;
}
