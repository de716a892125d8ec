import { z } from 'zod';
import { MSG } from './messages.js';

/** Inline edit of a reference-list (codiguera) value (platform spec §5 'Reference lists'). */
export const referenceValueSchema = z
  .string({ error: MSG.parameters.valueRequired })
  .trim()
  .min(1, MSG.parameters.valueRequired);

/** A reference-list row: Id (null for a new row), Eliminado, ImportCodigo, Value and table-specific fields. */
export type ReferenceRow = Record<string, unknown> & { Id?: number | string | null; Eliminado?: boolean | null };

const NEVER_SENT = ['Id', 'Eliminado', 'ImportCodigo'];

/**
 * The Keys and Values a create or update call sends (platform spec §3): Id, Eliminado and
 * ImportCodigo are never sent; Value is not sent on update.
 */
export function referenceRowValues(row: ReferenceRow, mode: 'create' | 'update'): { Keys: string[]; Values: unknown[] } {
  const excluded = mode === 'update' ? [...NEVER_SENT, 'Value'] : NEVER_SENT;
  const entries = Object.entries(row).filter(([key]) => !excluded.includes(key));
  return { Keys: entries.map(([key]) => key), Values: entries.map(([, value]) => value) };
}

/** The success toast after toggling Eliminado: 'Deshabilitado correctamente' or 'Habilitado correctamente'. */
export function referenceToggleMessage(nowDisabled: boolean): string {
  return nowDisabled ? MSG.parameters.disabled : MSG.parameters.enabled;
}
