import {
  type CreateElementCodiguera,
  type DeleteElementCodiguera,
  isOptionalReferenceColumn,
  isProtectedReferenceRow,
  isReferenceTableName,
  MSG,
  REFERENCE_TEXT_MAX,
  REFERENCE_VALUE_MAX,
  type ReferenceColumn,
  type ReferenceTableName,
  type ReferenceTableRows,
  referenceE2bCodeError,
  referenceTableRule,
  referenceValueSchema,
  type UpdateElementCodiguera,
} from '@atalaya/domain';
import { and, eq, getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.js';
import { groups, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest, notFound } from '../../http/errors.js';
import { writeAudit } from '../audit/index.js';
import { CONCENTRATION_UNIT_ID_LIMIT } from './queries.js';
import { readReferenceTable, STORED_REFERENCE_TABLES, type StoredReferenceTable } from './parameter-tables.js';

type Cell = string | number | null;

/** The table a call names, or 400 'La tabla … no existe'. */
function tableOf(name: string): ReferenceTableName {
  if (!isReferenceTableName(name)) throw badRequest(MSG.parameters.unknownTable(name));
  return name;
}

function refuseReadOnly(name: ReferenceTableName): void {
  if (referenceTableRule(name).readOnly) throw badRequest(MSG.parameters.readOnly(name));
}

const VALUE_COLUMN: ReferenceColumn = { key: 'Value', label: 'Código', kind: 'text', unique: true };

/** Whether an IANA time-zone name ('America/Montevideo', aliases too, or 'UTC') is one the runtime knows. */
function isTimeZone(zone: string): boolean {
  if (!/^(UTC|[A-Z][A-Za-z_]+(\/[A-Za-z0-9_+-]+)+)$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A cell checked and normalized for its column (trimmed text, non-empty, within limits; numbers for GrupoId; a valid E2B code or null). */
function normalizeCell(table: ReferenceTableName, column: ReferenceColumn, raw: Cell): Cell {
  if (column.kind === 'groupId') {
    const id = typeof raw === 'string' && /^\d{1,10}$/.test(raw.trim()) ? Number(raw.trim()) : raw;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw badRequest(MSG.parameters.groupInvalid);
    return id;
  }
  if (isOptionalReferenceColumn(column) && (raw === null || (typeof raw === 'string' && raw.trim() === ''))) return null;
  if (raw === null || raw === undefined) throw badRequest(MSG.parameters.valueRequired);
  if (typeof raw !== 'string') throw badRequest(MSG.parameters.notText(column.label));
  const parsed = referenceValueSchema.safeParse(raw);
  if (!parsed.success) throw badRequest(MSG.parameters.valueRequired);
  const text = parsed.data;
  const max = column.key === 'Value' ? REFERENCE_VALUE_MAX : REFERENCE_TEXT_MAX;
  if (text.length > max) throw badRequest(MSG.parameters.textTooLong(column.label, max));
  if (column.kind === 'countryCode' && !/^[A-Z]{2}$/.test(text)) throw badRequest(MSG.parameters.countryCode);
  if (column.kind === 'timeZone' && !isTimeZone(text)) throw badRequest(MSG.parameters.timeZone);
  if (column.kind === 'e2bCode') {
    const error = referenceE2bCodeError(table, text);
    if (error) throw badRequest(error);
  }
  return text;
}

/**
 * The Keys/Values of a call as column → value: same length, at least one, no repeated key, each
 * an editable column of the table (Value only on create, where the table has one), each value valid.
 */
function cellsOf(name: ReferenceTableName, stored: StoredReferenceTable, keys: string[], values: Cell[], mode: 'create' | 'update') {
  if (keys.length === 0 || keys.length !== values.length || new Set(keys).size !== keys.length) throw badRequest(MSG.parameters.keysValues);
  const columns = new Map(referenceTableRule(name).columns.map((column) => [column.key, column]));
  if (mode === 'create' && stored.value) columns.set('Value', VALUE_COLUMN);
  const cells = new Map<string, Cell>();
  keys.forEach((key, index) => {
    const column = columns.get(key);
    if (!column) throw badRequest(MSG.parameters.unknownColumn(name, key));
    cells.set(key, normalizeCell(name, column, values[index] ?? null));
  });
  return { cells, columns };
}

function columnOf(stored: StoredReferenceTable, key: string): PgColumn {
  const column = key === 'Value' ? stored.value : key === 'Eliminado' ? stored.eliminado : stored.columns[key];
  if (!column) throw new Error(`No column ${key}`);
  return column;
}

/** The table's property name of a spec column (what insert/update values are keyed by). */
function propertyOf(stored: StoredReferenceTable, key: string): string {
  const column = columnOf(stored, key);
  const found = Object.entries(getTableColumns(stored.table)).find(([, candidate]) => candidate === column);
  if (!found) throw new Error(`No property for ${key}`);
  return found[0];
}

/** 400 when another row already holds one of the unique texts (case ignored; Value exactly). */
async function refuseDuplicates(tx: DbOrTx, stored: StoredReferenceTable, cells: Map<string, Cell>, columns: Map<string, ReferenceColumn>, exceptId: number | null) {
  for (const [key, value] of cells) {
    const column = columns.get(key);
    if (!column?.unique || typeof value !== 'string') continue;
    const target = columnOf(stored, key);
    const same: SQL = key === 'Value' ? eq(target, value) : sql`lower(${target}) = lower(${value})`;
    const [found] = await tx
      .select({ id: stored.id })
      .from(stored.table)
      .where(and(same, exceptId === null ? undefined : ne(stored.id, exceptId)))
      .limit(1);
    if (found) throw badRequest(MSG.parameters.duplicate(column.label, value));
  }
}

async function refuseInactiveGroup(tx: DbOrTx, cells: Map<string, Cell>): Promise<void> {
  const groupId = cells.get('GrupoId');
  if (typeof groupId !== 'number') return;
  const [group] = await tx
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.id, groupId), eq(groups.eliminado, false)));
  if (!group) throw badRequest(MSG.parameters.groupInvalid);
}

/** The stored row (every editable column, Eliminado), locked for the change; 404 when absent. */
async function lockedRow(tx: DbOrTx, stored: StoredReferenceTable, id: number): Promise<Record<string, Cell | boolean>> {
  const fields: Record<string, PgColumn> = { Id: stored.id, ...stored.columns };
  if (stored.eliminado) fields.Eliminado = stored.eliminado;
  const [row] = (await tx.select(fields).from(stored.table).where(and(eq(stored.id, id), stored.where)).for('update')) as Record<string, Cell | boolean>[];
  if (!row) throw notFound(MSG.parameters.rowNotFound);
  return row;
}

export interface ParameterChange {
  rows: ReferenceTableRows;
  /** Whether something was stored (then the change is announced). */
  changed: boolean;
}

/** `POST /api/createElementCodiguera`: adds a row (its Value defaults to the first column's text) and answers the table. */
export async function createElement(db: Db, user: AuthUser, body: CreateElementCodiguera): Promise<ParameterChange> {
  const name = tableOf(body.Table);
  refuseReadOnly(name);
  const rule = referenceTableRule(name);
  if (!rule.canCreate) throw badRequest(MSG.parameters.noCreate(name));
  const stored = STORED_REFERENCE_TABLES[name];
  const { cells, columns } = cellsOf(name, stored, body.Keys, body.Values, 'create');
  for (const column of rule.columns) {
    if (!cells.has(column.key) && !isOptionalReferenceColumn(column)) throw badRequest(MSG.parameters.missingColumn(column.label));
  }
  if (stored.value && !cells.has('Value')) {
    const first = cells.get(rule.columns[0]?.key ?? '');
    cells.set('Value', String(first ?? '').slice(0, REFERENCE_VALUE_MAX));
  }
  await db.transaction(async (tx) => {
    await refuseDuplicates(tx, stored, cells, columns, null);
    await refuseInactiveGroup(tx, cells);
    // The table is chosen at run time: the values are keyed by its own property names (propertyOf).
    const values = Object.fromEntries([...cells].map(([key, value]) => [propertyOf(stored, key), value])) as never;
    const [inserted] = await tx.insert(stored.table).values(values).returning({ id: stored.id });
    const id = Number(inserted?.id);
    if (name === 'MedicamentoUnidad' && id >= CONCENTRATION_UNIT_ID_LIMIT) throw badRequest(MSG.parameters.unitLimit);
    await writeAudit(tx, {
      kind: 'parameters.row-created',
      actor: user,
      description: `Elemento agregado a ${name}`,
      pkId: String(id),
      tableName: name,
      newValues: { ...Object.fromEntries(cells), Eliminado: false },
    });
  });
  return { rows: await readReferenceTable(db, name), changed: true };
}

/** `POST /api/updateElementCodiguera`: changes the given columns of a row (never Value) and answers the table. */
export async function updateElement(db: Db, user: AuthUser, body: UpdateElementCodiguera): Promise<ParameterChange> {
  const name = tableOf(body.Table);
  refuseReadOnly(name);
  const rule = referenceTableRule(name);
  const stored = STORED_REFERENCE_TABLES[name];
  const { cells, columns } = cellsOf(name, stored, body.Keys, body.Values, 'update');
  const changed = await db.transaction(async (tx) => {
    const row = await lockedRow(tx, stored, body.Id);
    const changes = new Map([...cells].filter(([key, value]) => row[key] !== value));
    if (changes.size === 0) return false;
    if (isProtectedReferenceRow(name, body.Id)) {
      for (const key of changes.keys()) {
        if (rule.lockedColumns?.includes(key)) throw badRequest(MSG.parameters.lockedColumn(columns.get(key)?.label ?? key, rule.protectedReason ?? ''));
      }
    }
    await refuseDuplicates(tx, stored, changes, columns, body.Id);
    await refuseInactiveGroup(tx, changes);
    const set = Object.fromEntries([...changes].map(([key, value]) => [propertyOf(stored, key), value])) as never;
    await tx.update(stored.table).set(set).where(eq(stored.id, body.Id));
    await writeAudit(tx, {
      kind: 'parameters.row-changed',
      actor: user,
      description: `Elemento modificado en ${name}`,
      pkId: String(body.Id),
      tableName: name,
      oldValues: Object.fromEntries([...changes.keys()].map((key) => [key, row[key] ?? null])),
      newValues: Object.fromEntries(changes),
    });
    return true;
  });
  return { rows: await readReferenceTable(db, name), changed };
}

/** `POST /api/deleteElementCodiguera`: toggles the row's Eliminado (never deletes it) and answers the table. */
export async function toggleElement(db: Db, user: AuthUser, body: DeleteElementCodiguera): Promise<ParameterChange> {
  const name = tableOf(body.Table);
  refuseReadOnly(name);
  const rule = referenceTableRule(name);
  const stored = STORED_REFERENCE_TABLES[name];
  const { eliminado } = stored;
  if (!eliminado) throw badRequest(MSG.parameters.readOnly(name));
  await db.transaction(async (tx) => {
    const row = await lockedRow(tx, stored, body.elem.Id);
    const disabling = row.Eliminado !== true;
    if (disabling && isProtectedReferenceRow(name, body.elem.Id)) throw badRequest(MSG.parameters.protectedRow(rule.protectedReason ?? ''));
    if (disabling && name === 'Paises') {
      const [user] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.countryId, body.elem.Id), eq(users.isActive, true)))
        .limit(1);
      if (user) throw badRequest(MSG.parameters.countryInUse);
    }
    const set = { [propertyOf(stored, 'Eliminado')]: disabling } as never;
    await tx.update(stored.table).set(set).where(eq(stored.id, body.elem.Id));
    await writeAudit(tx, {
      kind: 'parameters.row-toggled',
      actor: user,
      description: `${disabling ? 'Elemento deshabilitado' : 'Elemento habilitado'} en ${name}`,
      pkId: String(body.elem.Id),
      tableName: name,
      oldValues: { Eliminado: !disabling },
      newValues: { Eliminado: disabling },
    });
  });
  return { rows: await readReferenceTable(db, name), changed: true };
}

