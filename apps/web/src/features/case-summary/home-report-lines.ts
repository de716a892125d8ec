import type { HomeReportOfCase } from '../cases';

/** The reactions of the report, by MedDRA term or description, marked when serious. */
export function reactionLines(data: HomeReportOfCase['Data'] | null): string[] {
  return (data?.RAM ?? [])
    .map((ram) => {
      const name = ram.MedDRA?.llt_name?.trim() || ram.Reaccion?.trim() || '';
      return name && ram.Grave === 'SI' ? `${name} (grave)` : name;
    })
    .filter((line) => line !== '');
}

/** The suspect medicines of the report, by commercial name. */
export function medicineLines(data: HomeReportOfCase['Data'] | null): string[] {
  return (data?.Medicamento ?? []).map((drug) => drug.Producto?.ComercialName?.trim() ?? '').filter((name) => name !== '');
}
