import type { ErNew } from '@atalaya/domain';

/** The choices of the 'Crear Evento Reportable' dialog (platform spec §5). */
export interface CreateEventChoice {
  /** Country code. */
  Country: string | null;
  /** Sub-group id, as the select holds it. */
  SubGrupoId: string | null;
}

export interface SelectOption {
  value: string;
  label: string;
}

/** País: the countries the user may choose (an RLF has only their own). */
export function createCountryOptions(erNew: Pick<ErNew, 'Countries'>): SelectOption[] {
  return erNew.Countries.map((country) => ({ value: country.Codigo, label: country.Nombre }));
}

/** 'Tipo de reporte': the sub-groups under their group's name, groups in the order they come. */
export function reportTypeOptions(erNew: Pick<ErNew, 'SubGrupos'>): { group: string; items: SelectOption[] }[] {
  const groups = new Map<string, SelectOption[]>();
  for (const subGroup of erNew.SubGrupos) {
    const items = groups.get(subGroup.GrupoNombre) ?? [];
    items.push({ value: String(subGroup.Id), label: subGroup.Nombre });
    groups.set(subGroup.GrupoNombre, items);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

/**
 * Where the dialog starts: the blank event's country when it is one the user may choose, or the
 * only country there is (an RLF's); no report type.
 */
export function initialCreateChoice(erNew: Pick<ErNew, 'Countries' | 'Country' | 'SubGrupoId'>): CreateEventChoice {
  const codes = erNew.Countries.map((country) => country.Codigo);
  const country = erNew.Country && codes.includes(erNew.Country) ? erNew.Country : codes.length === 1 ? (codes[0] ?? null) : null;
  const subGroup = erNew.SubGrupoId === null ? null : String(erNew.SubGrupoId);
  return { Country: country, SubGrupoId: subGroup };
}
