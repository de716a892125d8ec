import { type ReferenceTableName, RAM_EVOLUTIONS, REFERENCE_TABLE_NAMES, type ReferenceTableRows } from '@atalaya/domain';
import { and, asc, lt, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type DbOrTx, readAll } from '../../db/client.js';
import { codigueras, countries, roles } from '../../db/schema/index.js';
import { CONCENTRATION_UNIT_ID_LIMIT } from './queries.js';

/** Where a reference list of the Parameters screen is stored: its table and the column of each spec column name. */
export interface StoredReferenceTable {
  table: PgTable;
  id: PgColumn;
  /** Absent on Roles (a fixed list). */
  eliminado?: PgColumn;
  /** The stable code (`value`); absent on Paises and Roles. */
  value?: PgColumn;
  /** The editable columns by the spec's name (REFERENCE_TABLES' keys). */
  columns: Record<string, PgColumn>;
  /** Columns shown but never edited (SubGrupo's Value). */
  shown?: Record<string, PgColumn>;
  /** Rows the list holds (MedicamentoUnidad: the concentration units only). */
  where?: SQL;
  /** Rows by id (Status, Roles) instead of by name. */
  byId?: boolean;
}

const c = codigueras;
const nombre = <T extends { nombre: PgColumn }>(table: T) => ({ Nombre: table.nombre });
const unit = <T extends { nombreCompleto: PgColumn; abreviacion: PgColumn }>(table: T) => ({
  NombreCompleto: table.nombreCompleto,
  Abreviacion: table.abreviacion,
});
const codiguera = <T extends PgTable & { id: PgColumn; eliminado: PgColumn; value: PgColumn }>(
  table: T,
  columns: Record<string, PgColumn>,
  extra: Partial<StoredReferenceTable> = {},
): StoredReferenceTable => ({ table, id: table.id, eliminado: table.eliminado, value: table.value, columns, ...extra });

/** Every list of REFERENCE_TABLES (packages/domain) and where it is stored. */
export const STORED_REFERENCE_TABLES: Record<ReferenceTableName, StoredReferenceTable> = {
  Paises: {
    table: countries,
    id: countries.id,
    eliminado: countries.eliminado,
    columns: { Codigo: countries.code, Nombre: countries.name, TimeZone: countries.timeZone },
  },
  PaisOrigen: codiguera(c.PaisOrigen, nombre(c.PaisOrigen)),
  Grupo: codiguera(c.Grupo, { Title: c.Grupo.title }),
  SubGrupo: codiguera(c.SubGrupo, { Nombre: c.SubGrupo.nombre, GrupoId: c.SubGrupo.grupoId }, { shown: { Value: c.SubGrupo.value } }),
  Status: codiguera(c.Status, { Estado: c.Status.estado }, { byId: true }),
  Roles: { table: roles, id: roles.id, columns: { Name: roles.name }, byId: true },
  Especialidad: codiguera(c.Especialidad, { Description: c.Especialidad.description }),
  Residencias: codiguera(c.Residencias, nombre(c.Residencias)),
  Parentesco: codiguera(c.Parentesco, nombre(c.Parentesco)),
  AlturaUnidad: codiguera(c.AlturaUnidad, unit(c.AlturaUnidad)),
  PesoUnidad: codiguera(c.PesoUnidad, unit(c.PesoUnidad)),
  ReporteOriginador_Origen: codiguera(c.ReporteOriginador_Origen, nombre(c.ReporteOriginador_Origen)),
  ReporteOriginador_Receptor: codiguera(c.ReporteOriginador_Receptor, nombre(c.ReporteOriginador_Receptor)),
  ReporteOriginador_Tipo: codiguera(c.ReporteOriginador_Tipo, { ...nombre(c.ReporteOriginador_Tipo), CodigoE2B: c.ReporteOriginador_Tipo.e2bCode }),
  MedicamentoFrecuencia: codiguera(c.MedicamentoFrecuencia, nombre(c.MedicamentoFrecuencia)),
  MedicamentoUnidad: codiguera(c.MedicamentoUnidad, nombre(c.MedicamentoUnidad), {
    where: lt(c.MedicamentoUnidad.id, CONCENTRATION_UNIT_ID_LIMIT),
  }),
  MedicamentoUnidadUso: codiguera(c.MedicamentoUnidadUso, nombre(c.MedicamentoUnidadUso)),
  Via: codiguera(c.Via, { Descripcion: c.Via.descripcion, CodigoE2B: c.Via.e2bCode }),
  FormaFarmaceutica: codiguera(c.FormaFarmaceutica, { ...nombre(c.FormaFarmaceutica), CodigoE2B: c.FormaFarmaceutica.e2bCode }),
  AccionMedicamento: codiguera(c.AccionMedicamento, { ...nombre(c.AccionMedicamento), CodigoE2B: c.AccionMedicamento.e2bCode }),
  MedicamentosAnteriores_Tipo: codiguera(c.MedicamentosAnteriores_Tipo, nombre(c.MedicamentosAnteriores_Tipo)),
  RAMTipos: codiguera(c.RAMTipos, { Type: c.RAMTipos.type, Descripcion: c.RAMTipos.descripcion }),
  RAMCategorias: codiguera(c.RAMCategorias, { Type: c.RAMCategorias.type }),
  NotasArchivosTipo: codiguera(c.NotasArchivosTipo, nombre(c.NotasArchivosTipo)),
  ViaDeComunicacion: codiguera(c.ViaDeComunicacion, nombre(c.ViaDeComunicacion)),
};

const collator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

type Cell = string | number | boolean | null;

/** The rows of one list as getCodiguerasAll answers them: Id, its columns, Eliminado; by name (Status, Roles by id). */
export async function readReferenceTable(db: DbOrTx, name: ReferenceTableName): Promise<ReferenceTableRows> {
  const stored = STORED_REFERENCE_TABLES[name];
  const fields: Record<string, PgColumn> = { Id: stored.id, ...stored.columns, ...stored.shown };
  if (stored.eliminado) fields.Eliminado = stored.eliminado;
  const rows = (await db
    .select(fields)
    .from(stored.table)
    .where(and(stored.where))
    .orderBy(asc(stored.id))) as Record<string, Cell>[];
  const first = Object.keys(stored.columns)[0] ?? 'Id';
  const items: ReferenceTableRows = rows.map((row) => ({ ...row, Id: Number(row.Id), Eliminado: Boolean(row.Eliminado) }));
  if (stored.byId) return items;
  return items.sort((a, b) => collator.compare(String(a[first] ?? ''), String(b[first] ?? '')) || a.Id - b.Id);
}

/** Every list of the Parameters screen, plus the fixed Evolucion (getCodiguerasAll). */
export async function readAllReferenceTables(db: DbOrTx): Promise<Record<ReferenceTableName | 'Evolucion', ReferenceTableRows>> {
  const tables = await readAll(db, REFERENCE_TABLE_NAMES.map((name) => async () => [name, await readReferenceTable(db, name)] as const));
  return {
    ...(Object.fromEntries(tables) as Record<ReferenceTableName, ReferenceTableRows>),
    // A fixed list of the domain: never disabled.
    Evolucion: RAM_EVOLUTIONS.map((evolution) => ({ Id: evolution.Id, Nombre: evolution.Nombre, Eliminado: false })),
  };
}
