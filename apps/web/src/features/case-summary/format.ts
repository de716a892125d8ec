import { EMPTY_VALUE, formatDate, formatYesNo, MSG, orDash } from '@atalaya/domain';
import type { SummaryRow } from './summary-types';

/** How the summary writes a value: '---' when missing, SI / NO, DD/MM/YYYY, '1,5 kg'. */

type Id = number | string | null | undefined;

export const row = (label: string, value: string): SummaryRow => ({ label, value });
export const text = (value: string | number | null | undefined) => orDash(value);
export const date = (value: string | null | undefined) => formatDate(value ?? null);
export const yesNo = (value: boolean | null | undefined) => formatYesNo(value ?? null);

export function number(value: number | null | undefined, unit?: string | null): string {
  if (value === null || value === undefined || Number.isNaN(value)) return EMPTY_VALUE;
  const shown = String(value).replace('.', ',');
  return unit ? `${shown} ${unit}` : shown;
}

/** The name of a list value by id: '---' when missing, the id itself when the list lacks it. */
export function nameOf<T extends { Id: number }>(rows: readonly T[] | undefined, id: Id, label: (item: T) => string): string {
  if (id === null || id === undefined || String(id).trim() === '') return EMPTY_VALUE;
  const found = (rows ?? []).find((item) => String(item.Id) === String(id));
  return found ? label(found) : String(id);
}

export const named = (item: { Nombre: string }) => item.Nombre;
export const nameOrNull = <T extends { Id: number; Nombre: string }>(rows: readonly T[] | undefined, id: Id): string | null => {
  const name = nameOf(rows, id, named);
  return name === EMPTY_VALUE ? null : name;
};

export function sexName(value: string | null | undefined): string {
  if (value === 'F') return 'Femenino';
  if (value === 'M') return 'Masculino';
  return EMPTY_VALUE;
}

/** A contact value, or the placeholder that says it is not for this role (the server sends it null). */
export const contactValue = (value: string | null | undefined, hidden: boolean) => (hidden ? MSG.wizard.reporterContactHidden : text(value));
