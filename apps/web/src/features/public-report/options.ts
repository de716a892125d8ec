import type { Option } from './fields';
import type { HomeCodigueras } from './api';

type Lists = HomeCodigueras;

/** Select options of a reference list: the id as value, the given field as label. */
export function idOptions<T extends { Id: number }>(rows: readonly T[] | undefined, label: (row: T) => string): Option[] {
  return (rows ?? []).map((row) => ({ value: String(row.Id), label: label(row) }));
}

export const countryOptions = (lists: Lists): Option[] => lists.Paises.map((country) => ({ value: country.Codigo, label: country.Nombre }));

/** Sub-groups grouped under their group's title. */
export function subGroupOptions(lists: Lists): { group: string; items: Option[] }[] {
  return lists.Grupos.map((group) => ({
    group: group.Title,
    items: idOptions(
      lists.SubGrupos.filter((sub) => sub.GrupoId === group.Id),
      (sub) => sub.Nombre,
    ),
  })).filter((group) => group.items.length > 0);
}

export const SEX_OPTIONS: Option[] = [
  { value: 'F', label: 'Femenino' },
  { value: 'M', label: 'Masculino' },
];
