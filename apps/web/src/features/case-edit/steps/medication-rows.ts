import { drugRoleLabel, medicationInputSchema, type ErMedication, type NamedItem } from '@atalaya/domain';
import { numberOf, stringOrNull } from '../../../shared/form';
import { medicationDisplayFromRecord } from '../follow-up-draft';
import type { FollowUpDraft } from '../step-contract';

/** A row of the related-medications list, from a stored medication or from the follow-up draft. */
export interface MedicationRow {
  /** The stored Id as text, or the draft's local key. */
  key: string;
  /** The stored Id (case mode); null in the draft. */
  id: number | null;
  medicine: string;
  /** 'Rol del medicamento' (E2B G.k.1). */
  role: string;
  laboratory: string;
  /** The manufacturer line(s), joined. */
  lines: string;
  DateStart: string | null;
  DateEnd: string | null;
  /** 'Dose unit every N hours', or null when no dose was given. */
  dose: string | null;
  /** A draft medication the finish would refuse (copied from a case without a required answer). */
  incomplete: boolean;
}

const numberFormat = new Intl.NumberFormat('es', { maximumFractionDigits: 3 });

/** '50 mg cada 12 horas', '50 mg', 'cada 12 horas', or null. */
export function doseText(cant: number | null, unit: string | null, hours: number | null): string | null {
  const parts: string[] = [];
  if (cant !== null) parts.push(unit ? `${numberFormat.format(cant)} ${unit}` : numberFormat.format(cant));
  if (hours !== null) parts.push(`cada ${numberFormat.format(hours)} ${hours === 1 ? 'hora' : 'horas'}`);
  return parts.length > 0 ? parts.join(' ') : null;
}

export function medicationRowFromRecord(record: ErMedication): MedicationRow {
  const names = medicationDisplayFromRecord(record);
  return {
    key: String(record.Id),
    id: record.Id,
    medicine: names.ComercialName,
    role: record.CaracterizacionNombre,
    laboratory: names.Laboratorio,
    lines: names.Linea,
    DateStart: record.DateStart,
    DateEnd: record.DateEnd,
    dose: doseText(record.Cant, record.UnitUsoNombre, record.FrecId),
    // Copied from an incoming report: the line and the form may still be missing.
    incomplete: record.LineaId === null || record.FormaFarmaceuticaId === null,
  };
}

/** A draft medication as a row; `useUnits` names its dose unit (MedicamentoUnidadUso). */
export function medicationRowFromDraft(item: FollowUpDraft['medicamentos'][number], useUnits: readonly NamedItem[]): MedicationRow {
  const { input, display } = item;
  const unitId = numberOf(input.UnitUsoId);
  const unit = unitId === null ? null : (useUnits.find((row) => row.Id === unitId)?.Nombre ?? null);
  return {
    key: item.key,
    id: null,
    medicine: display.ComercialName,
    role: drugRoleLabel(numberOf(input.Caracterizacion) ?? 1),
    laboratory: display.Laboratorio,
    lines: display.Linea,
    DateStart: stringOrNull(input.DateStart),
    DateEnd: stringOrNull(input.DateEnd),
    dose: doseText(numberOf(input.Cant), unit, numberOf(input.FrecId)),
    incomplete: !medicationInputSchema.safeParse(input).success,
  };
}
