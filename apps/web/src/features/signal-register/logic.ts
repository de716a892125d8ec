import { SIGNAL_REGISTER_MSG, type SignalHistoryEntry, type SignalStatistics, type SignalStatus } from '@atalaya/domain';

/** The list's filters (empty: all). */
export interface SignalFilters {
  estado: SignalStatus | null;
  responsable: string | null;
}

export const NO_FILTERS: SignalFilters = { estado: null, responsable: null };

/** Rows per page of the register. */
export const SIGNAL_PAGE_SIZE = 25;

/** The query of `GET signal-register`: `estado`, `responsable` (when chosen), `limite`, `cursor` (after the first page). */
export function listQuery(filters: SignalFilters, cursor: string | null, limit = SIGNAL_PAGE_SIZE) {
  return {
    estado: filters.estado || undefined,
    responsable: filters.responsable || undefined,
    limite: String(limit),
    cursor: cursor || undefined,
  };
}

/** The badge colour of a status. */
export function statusColor(status: SignalStatus): string {
  switch (status) {
    case 'En evaluación':
      return 'orange';
    case 'Validada':
      return 'red';
    case 'Refutada':
      return 'gray';
    case 'Cerrada':
      return 'teal';
  }
}

const decimal = new Intl.NumberFormat('es-UY', { maximumFractionDigits: 2, minimumFractionDigits: 2 });

/** A measure as the screen shows it: two decimals, '—' when absent. */
export function measure(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : decimal.format(value);
}

/** A value with its interval: '3,50 (1,20–9,10)'; the interval only when both ends are known. */
export function withInterval(value: number | null | undefined, lower: number | null | undefined, upper: number | null | undefined): string {
  const main = measure(value);
  return lower !== null && lower !== undefined && upper !== null && upper !== undefined ? `${main} (${measure(lower)}–${measure(upper)})` : main;
}

/** The statistics kept at opening, as label–value lines (only those stored). */
export function statisticsLines(stats: SignalStatistics): [string, string][] {
  const lines: [string, string][] = [['a (casos)', String(stats.A)]];
  if (stats.E !== undefined) lines.push(['E (esperados)', measure(stats.E)]);
  lines.push(['PRR', withInterval(stats.PRR, stats.PRRInf, stats.PRRSup)]);
  lines.push(['ROR', withInterval(stats.ROR, stats.RORInf, stats.RORSup)]);
  if (stats.Chi2 !== undefined) lines.push(['χ² (Yates)', measure(stats.Chi2)]);
  lines.push(['IC', withInterval(stats.IC, stats.IC025, stats.IC975)]);
  if (stats.EBGM !== undefined) lines.push(['EBGM', withInterval(stats.EBGM, stats.EB05, stats.EB95)]);
  const flags = [stats.Evans ? 'Evans' : null, stats.SenalIC ? 'IC025 > 0' : null, stats.SenalEB05 ? 'EB05 ≥ 2' : null, stats.SenalROR ? 'ROR025 > 1' : null].filter((f): f is string => f !== null);
  if (flags.length > 0) lines.push(['Señales', flags.join(', ')]);
  if (stats.Fondo) lines.push(['Fondo', stats.Fondo]);
  return lines;
}

/** A history entry's heading on the timeline: its kind, and the change of status when there is one. */
export function entryTitle(entry: Pick<SignalHistoryEntry, 'Tipo' | 'EstadoAnterior' | 'EstadoNuevo'>): string {
  const name = SIGNAL_REGISTER_MSG.entry[entry.Tipo];
  if (entry.Tipo === 'estado' && entry.EstadoAnterior && entry.EstadoNuevo) return `${name}: ${entry.EstadoAnterior} → ${entry.EstadoNuevo}`;
  if (entry.Tipo === 'apertura' && entry.EstadoNuevo) return `${name} (${entry.EstadoNuevo})`;
  return name;
}

/** The default title of a new signal: 'Drug × PT'. */
export function defaultSignalTitle(drug: string, pt: string): string {
  return `${drug} × ${pt}`.slice(0, 200);
}
