import type { HomeReportHistoryEntry } from '@atalaya/domain';

/** One line of 'Historial del reporte': what changed, who did it and with which comment. */
export interface HistoryLine {
  key: string;
  /** ISO date of the change. */
  date: string;
  /** 'Recibido (Nuevo)' for the arrival, else 'Nuevo → Descartado'. */
  change: string;
  /** The user's name; the arrival from the public site has none. */
  user: string;
  /** The comment given ('Creado' of the arrival is left out); null when there is none. */
  comment: string | null;
}

/** The status history as the summary modal lists it, oldest first (as the server answers it). */
export function historyLines(entries: readonly HomeReportHistoryEntry[]): HistoryLine[] {
  return entries.map((entry, index) => {
    const arrival = entry.FromStatus === null;
    const comment = entry.Comment?.trim() || null;
    return {
      key: `${entry.Date}-${index}`,
      date: entry.Date,
      change: arrival ? `Recibido (${entry.StatusName})` : `${entry.FromStatusName ?? '---'} → ${entry.StatusName}`,
      user: entry.User ?? (arrival ? 'Sitio público' : 'Usuario desconocido'),
      comment: arrival && comment === 'Creado' ? null : comment,
    };
  });
}
