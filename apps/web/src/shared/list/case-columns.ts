import { cardAlertTone, type ErListRow, type Tone } from '@atalaya/domain';

/**
 * The two column sets of a case list (event spec §2.6): the search variant (flag, identifier,
 * country, company, product, updated, is-historic) and the work variant of the Tasks screen
 * (identifier, status, RAM type, updated, and the KPI alert).
 */
export type CaseListVariant = 'search' | 'work';

export type CaseColumnKey =
  | 'flag'
  | 'identifier'
  | 'country'
  | 'company'
  | 'product'
  | 'status'
  | 'ramType'
  | 'updated'
  | 'historic'
  | 'alert';

export const CASE_COLUMNS: Record<CaseListVariant, readonly CaseColumnKey[]> = {
  search: ['flag', 'identifier', 'country', 'company', 'product', 'updated', 'historic'],
  work: ['identifier', 'status', 'ramType', 'updated', 'alert'],
};

export const CASE_COLUMN_HEADERS: Record<CaseColumnKey, string> = {
  flag: 'Alerta',
  identifier: 'Identificador',
  country: 'País',
  company: 'Compañía',
  product: 'Producto',
  status: 'Estado',
  ramType: 'Tipo de RAM',
  updated: 'Actualizado',
  historic: 'Histórico',
  alert: 'Alerta',
};

type AlertInput = Pick<ErListRow, 'MetricsAlerts' | 'SincAlertaEstado' | 'Estado'>;

export interface CaseAlert {
  label: string;
  tone: Tone;
  /** One line per reason, for a tooltip. */
  details: string[];
}

/**
 * The KPI alert of a case row (workflow.md 'Notification-time metrics'): a missed limit, or
 * a limit 80 % / 50 % used; null when the case runs in time.
 */
export function caseAlert(row: AlertInput): CaseAlert | null {
  if (row.MetricsAlerts.length > 0) {
    return {
      label: row.MetricsAlerts.length === 1 ? 'Fuera de plazo' : `Fuera de plazo (${row.MetricsAlerts.length})`,
      tone: 'danger',
      details: row.MetricsAlerts.map((alert) => `${alert.Nombre}: ${alert.Descripcion}`),
    };
  }
  if (row.SincAlertaEstado === 'High') {
    return { label: 'Alerta alta', tone: 'danger', details: ['Usó al menos el 80 % del plazo de una métrica'] };
  }
  if (row.SincAlertaEstado === 'Medium') {
    return { label: 'Alerta media', tone: 'warning', details: ['Usó al menos el 50 % del plazo de una métrica'] };
  }
  return null;
}

/** The flag of the search variant and the card colour: `cardAlertTone` with its reason in words. */
export function caseFlag(row: AlertInput): { tone: Tone; label: string } {
  const tone = cardAlertTone(row);
  const alert = caseAlert(row);
  if (tone === 'info') return { tone, label: 'Pendiente' };
  if (alert) return { tone, label: alert.label };
  return { tone, label: 'En plazo' };
}

/** The product cell: the first suspect medicine, and how many more there are. */
export function productText(row: Pick<ErListRow, 'NombreComercial' | 'CantProductos'>): string {
  const name = row.NombreComercial?.trim() || '---';
  return row.CantProductos > 1 ? `${name} (+${row.CantProductos - 1})` : name;
}
