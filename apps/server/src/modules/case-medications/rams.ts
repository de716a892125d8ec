import { type ErRam, type ErRamNotification, MSG, RAM_EVOLUTIONS, type Ram, SERIOUSNESS_LABELS, type SeriousnessFlag } from '@atalaya/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, type Tx } from '../../db/client.js';
import { preparedByText, runNamed } from '../../db/prepared.js';
import { eventRams } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest, notFound } from '../../http/errors.js';
import { changedFields, type ChangeLine, lockEditableCase, recordCaseOperation } from '../cases/index.js';
import { findCaseInReach } from '../reach/index.js';
import {
  lltByCode,
  type OptionLookup,
  optionStates,
  optionTables,
  ramCategoryRows,
  ramInReach,
  type RamRow,
  ramRows,
} from './queries.js';

// ---------------------------------------------------------------------------------------
// Reads

type RamCategoryLink = ErRam['CategoryRAM'][number];

/** A notification's columns of `ramRows` (all null: no notification of that kind). */
function toErNotification(notification: RamRow['local'] | RamRow['provider']): ErRamNotification | null {
  if (!notification || notification.id === null) return null;
  const { date, channelId, channelName, fileName, extension } = notification;
  return { Fecha: date, Via: channelId, ViaNombre: channelName, FileName: fileName, Extension: extension };
}

function toErRam(row: RamRow, meta: string): ErRam {
  const { ram } = row;
  const categories: RamCategoryLink[] = row.categoryIds.map((RAMCategoryId) => ({ RAMId: ram.id, RAMCategoryId }));
  return {
    Id: ram.id,
    IdER: meta,
    MedraLLT: { llt_code: ram.lltCode, llt_name: ram.lltName },
    Description: ram.description,
    Evolution: ram.evolution,
    AccMed: ram.medicationActionId,
    AccMedNombre: row.medicationActionName,
    IsExpected: ram.isExpected,
    IsRAM: ram.isRam,
    TypeRAM: ram.ramTypeId,
    CategoryRAM: categories,
    DateStart: ram.dateStart,
    DateEnd: ram.dateEnd,
    Death: ram.death,
    LifeThreading: ram.lifeThreatening,
    HospitalizationRequired: ram.hospitalizationRequired,
    HospitalizationDateStart: ram.hospitalizationDateStart,
    HospitalizationDateEnd: ram.hospitalizationDateEnd,
    PersistedHospitalization: ram.persistedHospitalization,
    TransitoryDisability: ram.transitoryDisability,
    PersistentDisability: ram.persistentDisability,
    CongenitalAnomaly: ram.congenitalAnomaly,
    AnotherCondition: ram.anotherCondition,
    IsSerious: ram.isSerious,
    Considerations: ram.considerations,
    DoseReduction: ram.doseReduction,
    Concentration: ram.concentration,
    UnitId: ram.unitId,
    FrecId: ram.frequencyHours,
    Cant: ram.quantity,
    UnitUsoId: ram.useUnitId,
    QualityClaim: ram.qualityClaim,
    TypeRAMNombre: row.ramTypeName,
    LocalSanitaryNotificaction: toErNotification(row.local),
    ProviderNotification: toErNotification(row.provider),
  };
}

/** Adverse events with their categories and notifications: one query for any number of them. */
export async function loadRams(db: DbOrTx, meta: string, where: SQL | undefined): Promise<ErRam[]> {
  return (await runNamed(ramRows(db, where))).map((row) => toErRam(row, meta));
}

/** The adverse events of one case (`ramRows`), built and compiled once per database. */
const caseRamRows = preparedByText((db) => ramRows(db, eq(eventRams.eventId, sql.placeholder('eventId'))));

async function loadRamRow(tx: Tx, eventId: string, id: number): Promise<RamRow | null> {
  const [row] = await ramRows(tx, and(eq(eventRams.id, id), eq(eventRams.eventId, eventId)));
  return row ?? null;
}

/** getRAMByMeta: the adverse events of a case within reach, by id. */
export async function ramsOf(db: Db, user: AuthUser, meta: string): Promise<ErRam[]> {
  const found = await findCaseInReach(db, user, meta);
  if (!found) throw notFound(MSG.lists.eventNotFound);
  return ramsOfCase(db, found);
}

/** The adverse events of a case the caller found in the user's reach, as `getRAMByMeta` answers them. */
export function ramsOfCase(db: DbOrTx, found: { id: string; meta: string }): Promise<ErRam[]> {
  return caseRamRows(db)
    .execute({ eventId: found.id })
    .then((rows) => rows.map((row) => toErRam(row, found.meta)));
}

/** getRAMRAMCategoryByRAMId: the categories of an adverse event whose case is within reach. */
export async function ramCategoriesOf(db: Db, user: AuthUser, ramId: number): Promise<RamCategoryLink[]> {
  const ram = await ramInReach(db, user, ramId);
  if (!ram) throw notFound(MSG.wizard.recordNotFound);
  return ramCategoryRows(db, [ram.id]);
}

// ---------------------------------------------------------------------------------------
// History

const RAM_LABELS = {
  Term: 'Término MedDRA',
  Description: 'Descripción',
  IsExpected: 'Esperado',
  Evolution: 'Evolución',
  AccMed: 'Acción tomada con el medicamento',
  DateStart: 'Fecha de inicio',
  DateEnd: 'Fecha de fin',
  ...SERIOUSNESS_LABELS,
  HospitalizationDateStart: 'Fecha de ingreso hospitalario',
  HospitalizationDateEnd: 'Fecha de alta hospitalaria',
  Considerations: 'Consideraciones',
  DoseReduction: 'Reducción de dosis',
  Concentration: 'Concentración',
  Unit: 'Unidad',
  FrecId: 'Frecuencia (horas)',
  Cant: 'Cantidad',
  UnitUso: 'Unidad de uso',
  QualityClaim: 'Reclamo de calidad',
} as const;

/** The wizard fields of an adverse event as the Operaciones tab shows them: names, not ids. */
function ramDisplay(row: RamRow): Record<keyof typeof RAM_LABELS, unknown> {
  const { ram } = row;
  return {
    Term: ram.lltName === null ? null : `${ram.lltName} (${ram.lltCode ?? '---'})`,
    Description: ram.description,
    IsExpected: ram.isExpected,
    Evolution: RAM_EVOLUTIONS.find((option) => option.Id === ram.evolution)?.Nombre ?? null,
    AccMed: row.medicationActionName,
    DateStart: ram.dateStart,
    DateEnd: ram.dateEnd,
    Death: ram.death,
    LifeThreading: ram.lifeThreatening,
    HospitalizationRequired: ram.hospitalizationRequired,
    PersistedHospitalization: ram.persistedHospitalization,
    TransitoryDisability: ram.transitoryDisability,
    PersistentDisability: ram.persistentDisability,
    CongenitalAnomaly: ram.congenitalAnomaly,
    AnotherCondition: ram.anotherCondition,
    HospitalizationDateStart: ram.hospitalizationDateStart,
    HospitalizationDateEnd: ram.hospitalizationDateEnd,
    Considerations: ram.considerations,
    DoseReduction: ram.doseReduction,
    Concentration: ram.concentration,
    Unit: row.unitName,
    FrecId: ram.frequencyHours,
    Cant: ram.quantity,
    UnitUso: row.useUnitName,
    QualityClaim: ram.qualityClaim,
  };
}

function ramLines(before: RamRow | null, after: RamRow | null): ChangeLine[] {
  return changedFields(RAM_LABELS, before && ramDisplay(before), after && ramDisplay(after));
}

// ---------------------------------------------------------------------------------------
// Validation and columns

/**
 * Checks an adverse event's references (400, nothing stored) and answers the MedDRA term's
 * name from the dictionary (whatever name the client sent). The code must be in `meddra_llt`
 * (current or not); on an update, a code the record already holds is kept even if a newer
 * dictionary dropped it. AccMed, UnitId and UnitUsoId must exist and be enabled (or be the
 * record's own value).
 */
async function checkRam(tx: Tx, input: Ram, stored: RamRow['ram'] | null): Promise<{ lltName: string }> {
  const code = input.MedraLLT.llt_code;
  const llt = await lltByCode(tx, code);
  const keptName = stored && stored.lltCode === code ? stored.lltName : null;
  const lltName = llt?.name ?? keptName;
  if (!lltName) throw badRequest(MSG.wizard.meddraRequired);

  const options: (OptionLookup & { label: string; kept: boolean })[] = [];
  const option = (key: string, label: string, table: OptionLookup['table'], id: number | null, storedId: number | null | undefined) => {
    if (id !== null) options.push({ key, label, table, id, kept: storedId === id });
  };
  option('action', 'Acción tomada con el medicamento', optionTables.medicationActions, input.AccMed, stored?.medicationActionId);
  option('unit', 'Unidad', optionTables.medicationUnits, input.UnitId, stored?.unitId);
  option('useUnit', 'Unidad de uso', optionTables.medicationUseUnits, input.UnitUsoId, stored?.useUnitId);
  const states = await optionStates(tx, options);
  for (const checked of options) {
    const eliminado = states.get(checked.key);
    if (eliminado === undefined || (eliminado && !checked.kept)) throw badRequest(MSG.wizard.optionUnknown(checked.label));
  }
  return { lltName };
}

/** The seriousness criteria and hospital dates of an adverse event, as columns (the wizard and the RAM tab set them). */
export function seriousnessColumns(input: Pick<Ram, SeriousnessFlag | 'HospitalizationDateStart' | 'HospitalizationDateEnd'>) {
  return {
    death: input.Death,
    lifeThreatening: input.LifeThreading,
    hospitalizationRequired: input.HospitalizationRequired,
    hospitalizationDateStart: input.HospitalizationDateStart,
    hospitalizationDateEnd: input.HospitalizationDateEnd,
    persistedHospitalization: input.PersistedHospitalization,
    transitoryDisability: input.TransitoryDisability,
    persistentDisability: input.PersistentDisability,
    congenitalAnomaly: input.CongenitalAnomaly,
    anotherCondition: input.AnotherCondition,
  };
}

/** The wizard columns of an adverse event (LifeThreading ↔ lifeThreatening, AccMed ↔ medicationActionId, FrecId ↔ frequencyHours, Cant ↔ quantity…). */
function ramColumns(input: Ram, lltName: string) {
  return {
    lltCode: input.MedraLLT.llt_code,
    lltName,
    description: input.Description,
    isExpected: input.IsExpected,
    evolution: input.Evolution,
    medicationActionId: input.AccMed,
    dateStart: input.DateStart,
    dateEnd: input.DateEnd,
    ...seriousnessColumns(input),
    considerations: input.Considerations,
    doseReduction: input.DoseReduction,
    concentration: input.Concentration,
    unitId: input.UnitId,
    frequencyHours: input.FrecId,
    quantity: input.Cant,
    useUnitId: input.UnitUsoId,
    qualityClaim: input.QualityClaim,
  };
}

// ---------------------------------------------------------------------------------------
// Writes

/**
 * Stores an adverse event of a case (inside the caller's transaction, after the case was
 * locked): checks its references (400 AppError, nothing stored) and answers its id and the
 * history lines of a new record. Also used when a follow-up report adds reactions.
 */
export async function insertRamRecord(tx: Tx, eventId: string, input: Ram, userId: string): Promise<{ id: number; lines: ChangeLine[] }> {
  const { lltName } = await checkRam(tx, input, null);
  const [row] = await tx
    .insert(eventRams)
    .values({ eventId, ...ramColumns(input, lltName), createdBy: userId, updatedBy: userId })
    .returning({ id: eventRams.id });
  if (!row) throw new Error('Adverse event not stored');
  const stored = await loadRamRow(tx, eventId, row.id);
  return { id: row.id, lines: ramLines(null, stored) };
}

async function readBack(tx: Tx, meta: string, eventId: string, id: number): Promise<ErRam> {
  const [ram] = await loadRams(tx, meta, and(eq(eventRams.id, id), eq(eventRams.eventId, eventId)));
  if (!ram) throw new Error('Adverse event not read back');
  return ram;
}

/** insertRAM. */
export async function addRam(db: Db, user: AuthUser, meta: string, input: Ram): Promise<ErRam> {
  return db.transaction(async (tx) => {
    const found = await lockEditableCase(tx, user, meta);
    const { id, lines } = await insertRamRecord(tx, found.id, input, user.id);
    await recordCaseOperation(tx, user, found, { description: 'Evento adverso agregado', operationType: 'I', lines });
    return readBack(tx, found.meta, found.id, id);
  });
}

/**
 * updateRAM: the wizard fields of the adverse event `id` of this case (404 otherwise); its
 * classification (IsRAM, TypeRAM, categories, notifications) is kept. The comment goes to the
 * history entry.
 */
export async function updateRam(db: Db, user: AuthUser, meta: string, id: number, input: Ram, comment: string | null): Promise<ErRam> {
  return db.transaction(async (tx) => {
    const found = await lockEditableCase(tx, user, meta);
    const before = await loadRamRow(tx, found.id, id);
    if (!before) throw notFound(MSG.wizard.recordNotFound);
    const { lltName } = await checkRam(tx, input, before.ram);
    const now = new Date();
    await tx
      .update(eventRams)
      .set({ ...ramColumns(input, lltName), updatedAt: now, updatedBy: user.id })
      .where(eq(eventRams.id, id));
    const after = await loadRamRow(tx, found.id, id);
    if (!after) throw new Error('Adverse event not read back');
    await recordCaseOperation(tx, user, found, { description: 'Evento adverso actualizado', operationType: 'U', lines: ramLines(before, after), comment, now });
    return readBack(tx, found.meta, found.id, id);
  });
}
