import { type ErPreviousMedication, MSG, type setPreviousMedicationsBodySchema } from '@atalaya/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { preparedByText } from '../../db/prepared.js';
import { previousMedications, previousMedicationTypes } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { notFound } from '../../http/errors.js';
import { changedFields, lockEditableCase, recordCaseOperation } from '../cases/index.js';
import { findCaseInReach } from '../reach/index.js';
import { checkListValue, isStorableId, listNames, nameOr } from './lists.js';

/**
 * Step 4 'Medicamentos anteriores' (MedicamentoAnteriorByMeta, setMedicamentoAnterior,
 * deleteMedicamentoAnterior): previous and other medicines of a case, any number of rows.
 */

type PreviousMedicationInput = z.output<typeof setPreviousMedicationsBodySchema>['Medications'][number];
type PreviousMedicationFields = Pick<ErPreviousMedication, 'Medicamento' | 'Tipo' | 'FechaIni' | 'FechaFin'>;

/** Spanish labels of a previous medication's fields in the history. */
const PREVIOUS_MEDICATION_LABELS: Record<keyof PreviousMedicationFields, string> = {
  Medicamento: 'Medicamento',
  Tipo: 'Tipo',
  FechaIni: 'Fecha de inicio',
  FechaFin: 'Fecha de fin',
};

/** The case's previous medications with their type's name, prepared once per connection (opening a case reads them). */
const previousRead = preparedByText((db) =>
  db
    .select({ row: previousMedications, typeName: previousMedicationTypes.nombre })
    .from(previousMedications)
    .leftJoin(previousMedicationTypes, eq(previousMedicationTypes.id, previousMedications.typeId))
    .where(eq(previousMedications.eventId, sql.placeholder('eventId')))
    .orderBy(asc(previousMedications.id)),
);

/** The previous medications of a case (its internal id), in the order they were added. */
export async function readPreviousMedications(db: DbOrTx, eventId: string, meta: string): Promise<ErPreviousMedication[]> {
  const rows = await previousRead(db).execute({ eventId });
  return rows.map(({ row, typeName }) => ({
    Id: row.id,
    EvRepId: meta,
    Medicamento: row.medication,
    Tipo: row.typeId,
    TipoNombre: typeName,
    FechaIni: row.dateStart,
    FechaFin: row.dateEnd,
  }));
}

/** `MedicamentoAnteriorByMeta`: the previous medications of a case within reach (404 otherwise). */
export async function getPreviousMedications(db: Db, user: AuthUser, meta: string): Promise<ErPreviousMedication[]> {
  const found = await findCaseInReach(db, user, meta);
  if (!found) throw notFound(MSG.lists.eventNotFound);
  return readPreviousMedications(db, found.id, found.meta);
}

type StoredRow = typeof previousMedications.$inferSelect;

function fieldsOf(row: StoredRow): PreviousMedicationFields {
  return { Medicamento: row.medication, Tipo: row.typeId, FechaIni: row.dateStart, FechaFin: row.dateEnd };
}

/** The row of this case with this id, or 404 'El registro no existe en este evento reportable'. */
async function rowOfCase(db: DbOrTx, eventId: string, id: number): Promise<StoredRow> {
  const [row] = isStorableId(id)
    ? await db
        .select()
        .from(previousMedications)
        .where(and(eq(previousMedications.id, id), eq(previousMedications.eventId, eventId)))
    : [];
  if (!row) throw notFound(MSG.wizard.recordNotFound);
  return row;
}

/** A previous medication as the Operaciones tab shows it: the type by name. */
function displayed(fields: PreviousMedicationFields, typeNames: ReadonlyMap<number, string>): Record<string, unknown> {
  return { ...fields, Tipo: nameOr(typeNames, fields.Tipo) };
}

/**
 * `setMedicamentoAnterior`: in one transaction, the case locked and editable by the user,
 * updates the rows that carry an Id (404 when the Id is not a row of this case) and inserts the
 * others; rows left out are kept (deleting is `deleteMedicamentoAnterior`). Each row added or
 * changed records its history entry ('Medicamento anterior agregado' I / '… actualizado' U).
 * Answers the case's whole list.
 */
export function setPreviousMedications(db: Db, user: AuthUser, meta: string, medications: readonly PreviousMedicationInput[]): Promise<ErPreviousMedication[]> {
  return db.transaction(async (tx) => {
    const found = await lockEditableCase(tx, user, meta);
    const now = new Date();
    for (const medication of medications) {
      const stored = medication.Id === null || medication.Id === undefined ? null : await rowOfCase(tx, found.id, medication.Id);
      await checkListValue(tx, 'previousMedicationTypes', medication.Tipo, stored?.typeId ?? null, PREVIOUS_MEDICATION_LABELS.Tipo);
      const values = {
        medication: medication.Medicamento,
        typeId: medication.Tipo,
        dateStart: medication.FechaIni,
        dateEnd: medication.FechaFin,
        updatedAt: now,
        updatedBy: user.id,
      };
      const after: PreviousMedicationFields = { Medicamento: medication.Medicamento, Tipo: medication.Tipo, FechaIni: medication.FechaIni, FechaFin: medication.FechaFin };
      const before = stored ? fieldsOf(stored) : null;
      const typeNames = await listNames(tx, 'previousMedicationTypes', [before?.Tipo, after.Tipo]);
      const lines = changedFields(PREVIOUS_MEDICATION_LABELS, before && displayed(before, typeNames), displayed(after, typeNames));
      if (stored) {
        if (lines.length === 0) continue;
        await tx.update(previousMedications).set(values).where(eq(previousMedications.id, stored.id));
      } else {
        await tx.insert(previousMedications).values({ eventId: found.id, ...values, createdAt: now, createdBy: user.id });
      }
      await recordCaseOperation(tx, user, found, {
        description: stored ? 'Medicamento anterior actualizado' : 'Medicamento anterior agregado',
        operationType: stored ? 'U' : 'I',
        lines,
        now,
      });
    }
    return readPreviousMedications(tx, found.id, found.meta);
  });
}

/**
 * `deleteMedicamentoAnterior`: in one transaction, the case locked and editable by the user,
 * deletes the row (404 when it is not a row of this case) and records 'Medicamento anterior
 * borrado' (D) with the values it had.
 */
export function deletePreviousMedication(db: Db, user: AuthUser, meta: string, id: number): Promise<void> {
  return db.transaction(async (tx) => {
    const found = await lockEditableCase(tx, user, meta);
    const stored = await rowOfCase(tx, found.id, id);
    await tx.delete(previousMedications).where(eq(previousMedications.id, stored.id));
    const before = fieldsOf(stored);
    const typeNames = await listNames(tx, 'previousMedicationTypes', [before.Tipo]);
    await recordCaseOperation(tx, user, found, {
      description: 'Medicamento anterior borrado',
      operationType: 'D',
      lines: changedFields(PREVIOUS_MEDICATION_LABELS, displayed(before, typeNames), null),
    });
  });
}
