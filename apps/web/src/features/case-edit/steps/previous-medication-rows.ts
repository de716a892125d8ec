import { previousMedicationInputSchema, type ErPreviousMedication } from '@atalaya/domain';
import { z } from 'zod';

/**
 * The rows of step 4 'Medicamentos anteriores' and what leaving the step must write: rows
 * without an Id are new, stored rows whose values differ from the server's are changed, the
 * rest are left alone (setMedicamentoAnterior inserts rows without Id and updates the others).
 */

export type PreviousMedication = z.output<typeof previousMedicationInputSchema>;

export interface PreviousMedicationRow {
  /** Stable key: `id-{Id}` for a stored row, `new-{n}` for one added here. */
  key: string;
  Id: number | null;
  Medicamento: string;
  /** MedicamentosAnteriores_Tipo id. */
  Tipo: number | null;
  /** 'YYYY-MM-DD' or null. */
  FechaIni: string | null;
  FechaFin: string | null;
}

export interface PreviousMedicationsForm {
  rows: PreviousMedicationRow[];
}

/** The step's form through the domain schema, row by row (errors at `rows.{i}.{field}`). */
export const previousMedicationsFormSchema = z.object({ rows: z.array(previousMedicationInputSchema) });

export function rowFromRecord(record: ErPreviousMedication): PreviousMedicationRow {
  return {
    key: `id-${record.Id}`,
    Id: record.Id,
    Medicamento: record.Medicamento,
    Tipo: record.Tipo,
    FechaIni: record.FechaIni,
    FechaFin: record.FechaFin,
  };
}

export function blankRow(key: string): PreviousMedicationRow {
  return { key, Id: null, Medicamento: '', Tipo: null, FechaIni: null, FechaFin: null };
}

/** The form's value as the schema reads it (the row key is ours, not the server's). */
export function formInput(form: PreviousMedicationsForm) {
  return { rows: form.rows.map(({ Id, Medicamento, Tipo, FechaIni, FechaFin }) => ({ Id, Medicamento, Tipo, FechaIni, FechaFin })) };
}

const text = (value: string | null | undefined) => (value ?? '').trim();

/** Whether a stored row was edited (blank and null are the same; names compare trimmed). */
export function rowChanged(row: PreviousMedicationRow, stored: ErPreviousMedication): boolean {
  return (
    text(row.Medicamento) !== text(stored.Medicamento) ||
    (row.Tipo ?? null) !== (stored.Tipo ?? null) ||
    text(row.FechaIni) !== text(stored.FechaIni) ||
    text(row.FechaFin) !== text(stored.FechaFin)
  );
}

export interface PreviousMedicationsDiff {
  added: PreviousMedicationRow[];
  changed: PreviousMedicationRow[];
}

/**
 * Which rows leaving the step must write: added (no Id) and changed (differs from the stored
 * row with its Id; a row whose stored copy is gone counts as changed, and the server answers).
 */
export function diffPreviousMedications(stored: readonly ErPreviousMedication[], rows: readonly PreviousMedicationRow[]): PreviousMedicationsDiff {
  const byId = new Map(stored.map((record) => [record.Id, record]));
  const changed = (row: PreviousMedicationRow) => {
    const original = row.Id === null ? undefined : byId.get(row.Id);
    return !original || rowChanged(row, original);
  };
  return { added: rows.filter((row) => row.Id === null), changed: rows.filter((row) => row.Id !== null && changed(row)) };
}

export function hasPendingWrites(stored: readonly ErPreviousMedication[], rows: readonly PreviousMedicationRow[]): boolean {
  const { added, changed } = diffPreviousMedications(stored, rows);
  return added.length + changed.length > 0;
}

/**
 * The `Medications` of setMedicamentoAnterior: the new and changed rows in screen order, as the
 * domain schema outputs them (trimmed, blanks as null). Only call it on rows that passed the schema.
 */
export function pendingMedications(stored: readonly ErPreviousMedication[], rows: readonly PreviousMedicationRow[]): PreviousMedication[] {
  const { added, changed } = diffPreviousMedications(stored, rows);
  const pending = new Set([...added, ...changed]);
  return formInput({ rows: rows.filter((row) => pending.has(row)) }).rows.map((row) => previousMedicationInputSchema.parse(row));
}
