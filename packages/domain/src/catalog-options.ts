import type { Tone } from './tone.js';

/** Operation-history types (event spec §4). */
export const OPERATION_TYPES = { I: 'Creado', U: 'Actualizado', D: 'Borrado' } as const;
export type OperationType = keyof typeof OPERATION_TYPES;

/** RAM outcome (Evolution) options (event spec §3; Spanish names are ours, after E2B(R3) outcome terms). */
export const RAM_EVOLUTIONS: readonly { Id: number; Nombre: string }[] = [
  { Id: -1, Nombre: 'Recuperado / resuelto' },
  { Id: 0, Nombre: 'En recuperación' },
  { Id: 2, Nombre: 'No recuperado / continúa' },
  { Id: 3, Nombre: 'Recuperado con secuelas' },
  { Id: 4, Nombre: 'Mortal' },
  { Id: 5, Nombre: 'Desconocido' },
];

/** MedDRA and data import statuses (platform spec §4; names are ours). D shows a spinner. */
export const IMPORT_STATUSES: Readonly<Record<'E' | 'D' | 'C' | 'S' | 'P', { name: string; tone: Tone; running: boolean }>> = {
  E: { name: 'Error', tone: 'danger', running: false },
  D: { name: 'En curso', tone: 'info', running: true },
  C: { name: 'Cancelado', tone: 'secondary', running: false },
  S: { name: 'Correcto', tone: 'success', running: false },
  P: { name: 'Pendiente', tone: 'warning', running: false },
};

/** Polling interval of an incomplete import when the realtime hub is not available (platform spec §4). */
export const IMPORT_POLL_MS = 10_000;

/** An import with no end date is incomplete; its percentage keeps being refreshed. */
export function isImportIncomplete(entry: { date_end?: string | null }): boolean {
  return !entry.date_end;
}
