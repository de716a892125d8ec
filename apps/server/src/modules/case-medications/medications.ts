import { type DrugRole, drugRoleLabel, type ErMedication, type ErRecovery, type Medication, MSG } from '@atalaya/domain';
import { and, eq } from 'drizzle-orm';
import { type Db, type DbOrTx, readAll, type Tx } from '../../db/client.js';
import { eventMedicationIngredients, eventMedications, productRecoveries } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest, notFound } from '../../http/errors.js';
import { changedFields, type ChangeLine, lockEditableCase, recordCaseOperation } from '../cases/index.js';
import { findCaseInReach } from '../reach/index.js';
import {
  caseCountryId,
  lineFacts,
  type MedicationIngredientRow,
  medicationIngredientRows,
  medicationIngredientRowsOfCase,
  type MedicationRow,
  medicationRows,
  medicationRowsOfCase,
  medicationShortRows,
  type OptionLookup,
  optionStates,
  optionTables,
  productFacts,
  productIngredientIds,
  type RecoveryRow,
  recoveryOf,
} from './queries.js';

/** Where a related medication is written: the case and its country. */
export interface MedicationTarget {
  eventId: string;
  countryId: number;
}

// ---------------------------------------------------------------------------------------
// Reads

function toErRecovery(row: RecoveryRow): ErRecovery {
  const { recovery } = row;
  return {
    Id: recovery.id,
    HaveProduct: recovery.haveProduct,
    Date: recovery.date,
    DateExpiration: recovery.dateExpiration,
    ContactName: recovery.contactName,
    ContactAddress: recovery.contactAddress,
    PlaceManufacture: recovery.placeManufacture,
    ConditionStorage: recovery.conditionStorage,
    StateConsFirst: recovery.stateConsFirst,
    AmountComp: recovery.amountComp,
    NameFun: recovery.nameFun,
    StateConsSecond: recovery.stateConsSecond,
    NombreArchivo: row.fileName,
    Extension: row.extension,
    Modificado: row.updatedByName === null ? null : { Usuario: row.updatedByName, Fecha: recovery.updatedAt.toISOString() },
  };
}

function toErMedication(row: MedicationRow, ingredients: readonly MedicationIngredientRow[], recovery: RecoveryRow | null): ErMedication {
  return {
    Id: row.id,
    Medicine: { Id: row.productId, ComercialName: row.commercialName, Family: { Name: row.familyName } },
    Laboratorio: { Id: row.laboratoryId, Nombre: row.laboratoryName },
    LineaId: row.lineId,
    Linea: row.lineName === null ? null : { Nombre: row.lineName },
    LineaId2: row.lineId2,
    Linea2: row.line2Name === null ? null : { Nombre: row.line2Name },
    FormaFarmaceuticaId: row.pharmaceuticalFormId,
    FormaFarmaceutica: row.pharmaceuticalFormName,
    PrincipiosActivos: ingredients.map((ingredient) => ({
      PrincipioActivoId: ingredient.activeIngredientId,
      PrincipioActivo_Nombre: ingredient.name,
      Concentracion: ingredient.concentration,
      Unidad: ingredient.unitId,
      UnidadNombre: ingredient.unitName,
    })),
    LotNumber: row.lotNumber,
    Indication: row.indication,
    DateStart: row.dateStart,
    DateEnd: row.dateEnd,
    ViaId: row.routeId,
    Via: row.routeName,
    FrecuenciaTipo: row.frequencyTypeId,
    FrecuenciaTipoNombre: row.frequencyTypeName,
    FrecId: row.frequencyHours,
    Cant: row.dose,
    UnitUsoId: row.useUnitId,
    UnitUsoNombre: row.useUnitName,
    // The column's check keeps it within 1–4.
    Caracterizacion: row.drugRole as DrugRole,
    CaracterizacionNombre: drugRoleLabel(row.drugRole),
    Recuperado: recovery ? toErRecovery(recovery) : null,
  };
}

/** Related medications with their ingredients and recoveries: two queries for any number of them. */
export async function loadMedications(db: DbOrTx, where: Parameters<typeof medicationRows>[1]): Promise<ErMedication[]> {
  const rows = await medicationRows(db, where);
  return withIngredients(
    rows,
    await medicationIngredientRows(
      db,
      rows.map((row) => row.id),
    ),
  );
}

/** The medications of these rows (each with its recovery) with their ingredients. */
function withIngredients(rows: readonly MedicationRow[], ingredients: readonly MedicationIngredientRow[]): ErMedication[] {
  return rows.map((row) =>
    toErMedication(
      row,
      ingredients.filter((ingredient) => ingredient.medicationId === row.id),
      recoveryOf(row),
    ),
  );
}

async function loadMedication(tx: Tx, eventId: string, id: number): Promise<ErMedication | null> {
  const [medication] = await loadMedications(tx, and(eq(eventMedications.id, id), eq(eventMedications.eventId, eventId)));
  return medication ?? null;
}

/** getProductsRelationsByMeta: the related medications of a case within reach, by id. */
export async function medicationsOf(db: Db, user: AuthUser, meta: string): Promise<ErMedication[]> {
  const found = await findCaseInReach(db, user, meta);
  if (!found) throw notFound(MSG.lists.eventNotFound);
  return medicationsOfCase(db, found.id);
}

/** The related medications of a case the caller found in the user's reach, as `getProductsRelationsByMeta` answers them. */
export async function medicationsOfCase(db: DbOrTx, eventId: string): Promise<ErMedication[]> {
  // Side by side: the ingredients are found by the case, not by the medications' ids (issue 33: one round, not three).
  const [rows, ingredients] = await readAll(db, [() => medicationRowsOfCase(db, eventId), () => medicationIngredientRowsOfCase(db, eventId)]);
  return withIngredients(rows, ingredients);
}

/** getProductsRelationsShortByMeta: medicine, laboratory and active ingredients of each. */
export async function medicationsShortOf(db: Db, user: AuthUser, meta: string) {
  const found = await findCaseInReach(db, user, meta);
  if (!found) throw notFound(MSG.lists.eventNotFound);
  const rows = await medicationShortRows(db, found.id);
  return rows.map((row) => ({ Id: row.id, ComercialName: row.commercialName, Laboratorio: row.laboratoryName, PrincipiosActivos: row.ingredients }));
}

// ---------------------------------------------------------------------------------------
// History

/** Spanish labels of the Operaciones tab, in the form's order. */
const MEDICATION_LABELS = {
  Medicamento: 'Medicamento',
  Caracterizacion: 'Rol del medicamento',
  Fabricante: 'Fabricante',
  Lote: 'Lote',
  FormaFarmaceutica: 'Forma farmacéutica',
  PrincipiosActivos: 'Principio activo',
  Concentracion: 'Concentración',
  DateStart: 'Fecha de inicio',
  DateEnd: 'Fecha de fin',
  Cant: 'Dosis administrada',
  UnitUso: 'Unidad de dosis',
  Via: 'Vía de administración',
  FrecuenciaTipo: 'Tipo de frecuencia',
  FrecId: 'Frecuencia (horas)',
  Indication: 'Motivo de indicación',
} as const;

/** A related medication as the Operaciones tab shows it: names, not ids. */
function medicationDisplay(medication: ErMedication): Record<keyof typeof MEDICATION_LABELS, unknown> {
  const names = (values: readonly (string | null | undefined)[]) => values.filter(Boolean).join(', ') || null;
  return {
    Medicamento: medication.Medicine.ComercialName,
    Caracterizacion: medication.CaracterizacionNombre,
    Fabricante: names([medication.Linea?.Nombre, medication.Linea2?.Nombre]),
    Lote: medication.LotNumber,
    FormaFarmaceutica: medication.FormaFarmaceutica,
    PrincipiosActivos: names(medication.PrincipiosActivos.map((ingredient) => ingredient.PrincipioActivo_Nombre)),
    Concentracion: names(
      medication.PrincipiosActivos.map((ingredient) =>
        ingredient.Concentracion === null ? null : `${ingredient.Concentracion} ${ingredient.UnidadNombre ?? ''}`.trim(),
      ),
    ),
    DateStart: medication.DateStart,
    DateEnd: medication.DateEnd,
    Cant: medication.Cant,
    UnitUso: medication.UnitUsoNombre,
    Via: medication.Via,
    FrecuenciaTipo: medication.FrecuenciaTipoNombre,
    FrecId: medication.FrecId,
    Indication: medication.Indication,
  };
}

function medicationLines(before: ErMedication | null, after: ErMedication | null): ChangeLine[] {
  return changedFields(MEDICATION_LABELS, before && medicationDisplay(before), after && medicationDisplay(after));
}

// ---------------------------------------------------------------------------------------
// Validation

/** What a related medication stores, once its references are checked. */
interface CheckedMedication {
  laboratoryId: number;
  lineId2: number | null;
}

/**
 * Checks every reference of a related medication (400, nothing stored): the medicine exists,
 * is enabled and is sold in the case's country; the lines are enabled lines of its
 * laboratory; each active ingredient is one of the medicine's; the list values exist and are
 * enabled. On an update (`stored`), a value the record already holds is accepted as long as
 * it still exists (an edit does not fail on a value disabled since it was chosen).
 */
async function checkMedication(tx: Tx, countryId: number, input: Medication, stored: ErMedication | null): Promise<CheckedMedication> {
  const productId = input.Medicine.Id;
  const product = await productFacts(tx, productId, countryId);
  const keptProduct = stored?.Medicine.Id === productId;
  if (!product || (!keptProduct && (product.eliminado || !product.soldInCountry))) throw badRequest(MSG.wizard.productNotInCountry);

  const lineId2 = input.LineaId2 === input.LineaId ? null : input.LineaId2;
  const lineIds = [input.LineaId, ...(lineId2 === null ? [] : [lineId2])];
  const keptLines = new Set([stored?.LineaId, stored?.LineaId2].filter((id): id is number => typeof id === 'number'));
  const foundLines = await lineFacts(tx, lineIds);
  for (const lineId of lineIds) {
    const line = foundLines.find((row) => row.id === lineId);
    if (!line || line.laboratoryId !== product.laboratoryId || (line.eliminado && !keptLines.has(lineId))) {
      throw badRequest(MSG.wizard.lineNotOfProduct);
    }
  }

  const ingredientIds = input.PrincipiosActivos.map((ingredient) => ingredient.PrincipioActivoId);
  if (new Set(ingredientIds).size !== ingredientIds.length) throw badRequest(MSG.wizard.optionUnknown('Principio activo'));
  const ofProduct = await productIngredientIds(tx, productId, ingredientIds);
  if (ingredientIds.some((id) => !ofProduct.has(id))) throw badRequest(MSG.wizard.ingredientNotOfProduct);

  const keptUnits = new Set((stored?.PrincipiosActivos ?? []).map((ingredient) => ingredient.Unidad));
  const options: (OptionLookup & { label: string; kept: boolean })[] = [];
  const option = (key: string, label: string, table: OptionLookup['table'], id: number | null, kept: boolean) => {
    if (id !== null) options.push({ key, label, table, id, kept });
  };
  option('form', 'Forma farmacéutica', optionTables.pharmaceuticalForms, input.FormaFarmaceuticaId, stored?.FormaFarmaceuticaId === input.FormaFarmaceuticaId);
  option('route', 'Vía de administración', optionTables.administrationRoutes, input.ViaId, stored?.ViaId === input.ViaId);
  option('frequency', 'Tipo de frecuencia', optionTables.medicationFrequencies, input.FrecuenciaTipo, stored?.FrecuenciaTipo === input.FrecuenciaTipo);
  option('useUnit', 'Unidad de dosis', optionTables.medicationUseUnits, input.UnitUsoId, stored?.UnitUsoId === input.UnitUsoId);
  for (const [index, ingredient] of input.PrincipiosActivos.entries()) {
    option(`unit${index}`, 'Unidad', optionTables.medicationUnits, ingredient.Unidad, keptUnits.has(ingredient.Unidad));
  }
  const states = await optionStates(tx, options);
  for (const checked of options) {
    const eliminado = states.get(checked.key);
    if (eliminado === undefined || (eliminado && !checked.kept)) throw badRequest(MSG.wizard.optionUnknown(checked.label));
  }
  return { laboratoryId: product.laboratoryId, lineId2 };
}

/** The columns of a related medication (LineaId ↔ lineId, ViaId ↔ routeId, FrecId ↔ frequencyHours, Cant ↔ dose…). */
function medicationColumns(input: Medication, checked: CheckedMedication) {
  return {
    productId: input.Medicine.Id,
    lineId: input.LineaId,
    lineId2: checked.lineId2,
    laboratoryId: checked.laboratoryId,
    pharmaceuticalFormId: input.FormaFarmaceuticaId,
    lotNumber: input.LotNumber,
    indication: input.Indication,
    dateStart: input.DateStart,
    dateEnd: input.DateEnd,
    routeId: input.ViaId,
    frequencyTypeId: input.FrecuenciaTipo,
    frequencyHours: input.FrecId,
    dose: input.Cant,
    useUnitId: input.UnitUsoId,
    drugRole: input.Caracterizacion,
  };
}

async function insertIngredients(tx: Tx, medicationId: number, input: Medication): Promise<void> {
  if (input.PrincipiosActivos.length === 0) return;
  await tx.insert(eventMedicationIngredients).values(
    input.PrincipiosActivos.map((ingredient) => ({
      eventMedicationId: medicationId,
      activeIngredientId: ingredient.PrincipioActivoId,
      concentration: ingredient.Concentracion,
      unitId: ingredient.Unidad,
    })),
  );
}

// ---------------------------------------------------------------------------------------
// Writes

/**
 * Stores a related medication of a case (inside the caller's transaction, after the case was
 * locked): checks its references (400 AppError, nothing stored), stores it with the medicine's
 * laboratory and its active ingredients, and answers its id and the history lines of a new
 * record. Also used when a follow-up report adds medications.
 */
export async function insertMedicationRecord(
  tx: Tx,
  target: MedicationTarget,
  input: Medication,
  userId: string,
): Promise<{ id: number; lines: ChangeLine[] }> {
  const checked = await checkMedication(tx, target.countryId, input, null);
  const [row] = await tx
    .insert(eventMedications)
    .values({ eventId: target.eventId, ...medicationColumns(input, checked), createdBy: userId, updatedBy: userId })
    .returning({ id: eventMedications.id });
  if (!row) throw new Error('Related medication not stored');
  await insertIngredients(tx, row.id, input);
  const stored = await loadMedication(tx, target.eventId, row.id);
  return { id: row.id, lines: medicationLines(null, stored) };
}

/** insertMedicamentoRelacionado. */
export async function addMedication(db: Db, user: AuthUser, meta: string, input: Medication): Promise<ErMedication> {
  return db.transaction(async (tx) => {
    const found = await lockEditableCase(tx, user, meta);
    const countryId = await caseCountryId(tx, found.id);
    const { id, lines } = await insertMedicationRecord(tx, { eventId: found.id, countryId }, input, user.id);
    await recordCaseOperation(tx, user, found, { description: 'Medicamento agregado', operationType: 'I', lines });
    const stored = await loadMedication(tx, found.id, id);
    if (!stored) throw new Error('Related medication not read back');
    return stored;
  });
}

/** updateMedicamentoRelacionado: the medication `id` of this case (404 otherwise), ingredients replaced. */
export async function updateMedication(db: Db, user: AuthUser, meta: string, id: number | null | undefined, input: Medication): Promise<ErMedication> {
  return db.transaction(async (tx) => {
    const found = await lockEditableCase(tx, user, meta);
    const before = id ? await loadMedication(tx, found.id, id) : null;
    if (!id || !before) throw notFound(MSG.wizard.recordNotFound);
    const countryId = await caseCountryId(tx, found.id);
    const checked = await checkMedication(tx, countryId, input, before);
    const now = new Date();
    await tx
      .update(eventMedications)
      .set({ ...medicationColumns(input, checked), updatedAt: now, updatedBy: user.id })
      .where(eq(eventMedications.id, id));
    await tx.delete(eventMedicationIngredients).where(eq(eventMedicationIngredients.eventMedicationId, id));
    await insertIngredients(tx, id, input);
    const after = await loadMedication(tx, found.id, id);
    if (!after) throw new Error('Related medication not read back');
    await recordCaseOperation(tx, user, found, { description: 'Medicamento actualizado', operationType: 'U', lines: medicationLines(before, after), now });
    return after;
  });
}

/** deleteMedicamentoRelacionado: the medication, its ingredients and its product recovery. */
export async function deleteMedication(db: Db, user: AuthUser, meta: string, id: number): Promise<Record<string, never>> {
  return db.transaction(async (tx) => {
    const found = await lockEditableCase(tx, user, meta);
    const before = await loadMedication(tx, found.id, id);
    if (!before) throw notFound(MSG.wizard.recordNotFound);
    await tx.delete(productRecoveries).where(eq(productRecoveries.eventMedicationId, id));
    await tx.delete(eventMedicationIngredients).where(eq(eventMedicationIngredients.eventMedicationId, id));
    await tx.delete(eventMedications).where(eq(eventMedications.id, id));
    await recordCaseOperation(tx, user, found, { description: 'Medicamento eliminado', operationType: 'D', lines: medicationLines(before, null) });
    return {};
  });
}
