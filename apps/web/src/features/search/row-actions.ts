import { canExportPdf, canViewComments, canViewFollowUps, type SearchRow } from '@atalaya/domain';

/** The buttons of a search row (event spec §4), in order. */
export type SearchRowAction = 'open' | 'comments' | 'followUps' | 'pdf' | 'audit';

/**
 * Open and Auditoría (the case's Operaciones tab, §4 'Auditing appears as an action in the
 * search view') always; comments on a non-pending case; follow-ups when it has any; the PDF
 * unless Pendiente or Anulado. A historic case offers only the PDF.
 */
export function searchRowActions(row: Pick<SearchRow, 'Estado' | 'CountFollowUp' | 'IsHistoric'>): SearchRowAction[] {
  const pdf = canExportPdf(row.Estado);
  if (row.IsHistoric) return pdf ? ['pdf'] : [];
  const actions: SearchRowAction[] = ['open'];
  if (canViewComments(row.Estado)) actions.push('comments');
  if (canViewFollowUps(row.Estado, row.CountFollowUp)) actions.push('followUps');
  if (pdf) actions.push('pdf');
  actions.push('audit');
  return actions;
}
