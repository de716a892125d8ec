import { idOptions, type Option } from '../../shared/form';
import type { HomeCodigueras } from './api';

type Lists = HomeCodigueras;

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

/** Whether the reaction was already notified: SI / NO, or not known. */
export const NOTIFIED_OPTIONS: Option[] = [
  { value: 'SI', label: 'Sí' },
  { value: 'NO', label: 'No' },
  { value: 'Desconoce', label: 'No sabe' },
];

export const SEX_OPTIONS: Option[] = [
  { value: 'F', label: 'Femenino' },
  { value: 'M', label: 'Masculino' },
];
