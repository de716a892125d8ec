import { z } from 'zod';
import { E2B_REFERENCE_CODE_RULES, isE2bReferenceList, isValidE2bReferenceCode } from './e2b/code-lists.js';
import { MSG } from './messages.js';

/** Inline edit of a reference-list (codiguera) value (platform spec §5 'Reference lists'). */
export const referenceValueSchema = z
  .string({ error: MSG.parameters.valueRequired })
  .trim()
  .min(1, MSG.parameters.valueRequired);

/** A reference-list row: Id (null for a new row), Eliminado, ImportCodigo, Value and table-specific fields. */
export type ReferenceRow = Record<string, unknown> & { Id?: number | string | null; Eliminado?: boolean | null };

const NEVER_SENT = ['Id', 'Eliminado', 'ImportCodigo'];

/**
 * The Keys and Values a create or update call sends (platform spec §3): Id, Eliminado and
 * ImportCodigo are never sent; Value is not sent on update.
 */
export function referenceRowValues(row: ReferenceRow, mode: 'create' | 'update'): { Keys: string[]; Values: unknown[] } {
  const excluded = mode === 'update' ? [...NEVER_SENT, 'Value'] : NEVER_SENT;
  const entries = Object.entries(row).filter(([key]) => !excluded.includes(key));
  return { Keys: entries.map(([key]) => key), Values: entries.map(([, value]) => value) };
}

/** The success toast after toggling Eliminado: 'Deshabilitado correctamente' or 'Habilitado correctamente'. */
export function referenceToggleMessage(nowDisabled: boolean): string {
  return nowDisabled ? MSG.parameters.disabled : MSG.parameters.enabled;
}

// ---------------------------------------------------------------------------------------
// Parameters screen: the per-table rules (one place; the server enforces them, the web shows them)

/** The longest text a reference-list column accepts (a name, a description…). */
export const REFERENCE_TEXT_MAX = 200;
/** The longest Value (stable code) of a row. */
export const REFERENCE_VALUE_MAX = 50;

/**
 * What a column of a reference list holds: free text, the id of an active Grupo, a 2-letter ISO code,
 * an IANA time zone, or the value's E2B code (optional; the list's rule in E2B_REFERENCE_CODE_RULES).
 */
export type ReferenceColumnKind = 'text' | 'optionalText' | 'groupId' | 'countryCode' | 'timeZone' | 'e2bCode';

export interface ReferenceColumn {
  /** The column name as getCodiguerasAll answers it and the Keys of create/update name it. */
  key: string;
  label: string;
  kind: ReferenceColumnKind;
  /** Another row of the table may not hold the same text (case and accents ignored). */
  unique?: boolean;
}

export interface ReferenceTableRule {
  /** The description the Parameters screen shows above the table. */
  description: string;
  columns: readonly ReferenceColumn[];
  /** Nothing may change (shown without any action). */
  readOnly?: boolean;
  /** New rows may be added. */
  canCreate: boolean;
  /**
   * Rows the code relies on by id: they can neither be disabled nor have their `lockedColumns`
   * changed; `true` = every row. The reason completes MSG.parameters.protectedRow.
   */
  protectedIds?: readonly number[] | true;
  lockedColumns?: readonly string[];
  protectedReason?: string;
}

const nombre: readonly ReferenceColumn[] = [{ key: 'Nombre', label: 'Nombre', kind: 'text', unique: true }];
/** The E2B code of a value (docs/e2b.md 'Códigos E2B en Parámetros'). */
const e2bCode: ReferenceColumn = { key: 'CodigoE2B', label: 'Código E2B', kind: 'e2bCode' };
const units: readonly ReferenceColumn[] = [
  { key: 'NombreCompleto', label: 'Nombre completo', kind: 'text', unique: true },
  { key: 'Abreviacion', label: 'Abreviación', kind: 'text', unique: true },
];

/**
 * Every reference list of the Parameters screen, by the spec's table name (platform spec §3
 * 'Reference lists'; Residencias from the event spec; FormaFarmaceutica is ours), in the
 * screen's order. Protected rows are the ones the code tests by id (case-wizard.ts,
 * event-status.ts, public-form-steps.ts, catalog's UNCLASSIFIED_SUB_GROUP_ID).
 */
export const REFERENCE_TABLES = {
  Paises: {
    description: 'Países en los que opera el grupo: código ISO de dos letras, nombre y zona horaria (fechas de los plazos).',
    columns: [
      { key: 'Codigo', label: 'Código', kind: 'countryCode', unique: true },
      { key: 'Nombre', label: 'Nombre', kind: 'text', unique: true },
      { key: 'TimeZone', label: 'Zona horaria', kind: 'timeZone' },
    ],
    canCreate: true,
  },
  PaisOrigen: { description: 'País de origen de un reporte.', columns: nombre, canCreate: true },
  Grupo: {
    description: 'Tipos de ocurrencia (grupos de los tipos de reporte).',
    columns: [{ key: 'Title', label: 'Título', kind: 'text', unique: true }],
    canCreate: true,
    protectedIds: [1, 2, 3, 4, 5],
    protectedReason: 'los grupos 1 a 5 son los tipos de ocurrencia que usa el sistema',
  },
  SubGrupo: {
    description: 'Tipos de reporte, cada uno dentro de un grupo.',
    columns: [
      { key: 'Nombre', label: 'Nombre', kind: 'text', unique: true },
      { key: 'GrupoId', label: 'Grupo', kind: 'groupId' },
    ],
    canCreate: true,
    protectedIds: [0, 1],
    lockedColumns: ['GrupoId'],
    protectedReason: 'el subgrupo 0 es el de los reportes del sitio público y el 1 exige un evento adverso',
  },
  Status: {
    description: 'Estados de un evento reportable (flujo de trabajo); solo se puede cambiar su nombre.',
    columns: [{ key: 'Estado', label: 'Estado', kind: 'text', unique: true }],
    canCreate: false,
    protectedIds: true,
    protectedReason: 'el flujo de trabajo usa cada estado',
  },
  Roles: {
    description: 'Roles de los usuarios; el sistema los identifica por su nombre, por eso no se modifican.',
    columns: [{ key: 'Name', label: 'Nombre', kind: 'text' }],
    readOnly: true,
    canCreate: false,
  },
  Especialidad: {
    description: 'Especialidad profesional de un usuario.',
    columns: [{ key: 'Description', label: 'Descripción', kind: 'text', unique: true }],
    canCreate: true,
  },
  Residencias: { description: 'Residencia del paciente.', columns: nombre, canCreate: true },
  Parentesco: { description: 'Relación de quien reporta con el paciente.', columns: nombre, canCreate: true },
  AlturaUnidad: {
    description: 'Unidades de la altura del paciente.',
    columns: units,
    canCreate: true,
    protectedIds: [1],
    protectedReason: 'es la unidad predeterminada de la altura',
  },
  PesoUnidad: {
    description: 'Unidades del peso del paciente.',
    columns: units,
    canCreate: true,
    protectedIds: [1],
    protectedReason: 'es la unidad predeterminada del peso',
  },
  ReporteOriginador_Origen: { description: 'Origen del reporte (quién lo originó).', columns: nombre, canCreate: true },
  ReporteOriginador_Receptor: {
    description: 'Quién recibió el reporte.',
    columns: nombre,
    canCreate: true,
    protectedIds: [2],
    protectedReason: 'el receptor 2 identifica los estudios clínicos',
  },
  ReporteOriginador_Tipo: {
    description: 'Tipo de reporte del originador, con su tipo de informe E2B (C.1.3).',
    columns: [...nombre, e2bCode],
    canCreate: true,
    protectedIds: [4],
    protectedReason: 'el tipo 4 identifica los estudios clínicos',
  },
  MedicamentoFrecuencia: { description: 'Frecuencia de una dosis.', columns: nombre, canCreate: true },
  MedicamentoUnidad: { description: 'Unidades de concentración de un principio activo.', columns: nombre, canCreate: true },
  MedicamentoUnidadUso: { description: 'Unidades de una dosis.', columns: nombre, canCreate: true },
  Via: {
    description: 'Vías de administración de un medicamento, con su código de vía E2B (G.k.4.r.10.2b): el término EDQM (ROA-…) o la lista 14 de ICH.',
    columns: [{ key: 'Descripcion', label: 'Descripción', kind: 'text', unique: true }, e2bCode],
    canCreate: true,
  },
  FormaFarmaceutica: { description: 'Formas farmacéuticas de los medicamentos, con su código EDQM (G.k.4.r.9.2b).', columns: [...nombre, e2bCode], canCreate: true },
  AccionMedicamento: {
    description: 'Acción tomada con el medicamento ante el evento adverso, con su código E2B (G.k.8).',
    columns: [...nombre, e2bCode],
    canCreate: true,
    protectedIds: [2, 3],
    protectedReason: 'las acciones 2 y 3 (cambio de dosis) muestran los datos de la nueva dosis',
  },
  MedicamentosAnteriores_Tipo: { description: 'Tipo de un medicamento anterior o concomitante.', columns: nombre, canCreate: true },
  RAMTipos: {
    description: 'Tipos de reacción adversa (Tipo I a IV).',
    columns: [
      { key: 'Type', label: 'Tipo', kind: 'text', unique: true },
      { key: 'Descripcion', label: 'Descripción', kind: 'optionalText' },
    ],
    canCreate: true,
  },
  RAMCategorias: {
    description: 'Categorías de una reacción adversa.',
    columns: [{ key: 'Type', label: 'Categoría', kind: 'text', unique: true }],
    canCreate: true,
  },
  NotasArchivosTipo: { description: 'Tipos de documento o nota de un evento.', columns: nombre, canCreate: true },
  ViaDeComunicacion: { description: 'Vías por las que se envía una notificación.', columns: nombre, canCreate: true },
} as const satisfies Record<string, ReferenceTableRule>;

export type ReferenceTableName = keyof typeof REFERENCE_TABLES;
export const REFERENCE_TABLE_NAMES = Object.keys(REFERENCE_TABLES) as ReferenceTableName[];

export function isReferenceTableName(name: string): name is ReferenceTableName {
  return Object.hasOwn(REFERENCE_TABLES, name);
}

/** The rules of a table, typed as the general shape. */
export function referenceTableRule(name: ReferenceTableName): ReferenceTableRule {
  return REFERENCE_TABLES[name];
}

/** Whether a row is one the code relies on (never disabled, `lockedColumns` fixed). */
export function isProtectedReferenceRow(name: ReferenceTableName, id: number): boolean {
  const rule = referenceTableRule(name);
  return rule.protectedIds === true || (rule.protectedIds?.includes(id) ?? false);
}

/** Whether the Habilitar/Deshabilitar action applies to a row. */
export function canToggleReferenceRow(name: ReferenceTableName, id: number): boolean {
  return !referenceTableRule(name).readOnly && !isProtectedReferenceRow(name, id);
}

/** Whether a column of a row may be edited. */
export function canEditReferenceColumn(name: ReferenceTableName, id: number | null, column: string): boolean {
  const rule = referenceTableRule(name);
  if (rule.readOnly) return false;
  if (id === null) return true;
  return !(isProtectedReferenceRow(name, id) && (rule.lockedColumns?.includes(column) ?? false));
}

/** Whether a column may be left blank (sent as null). */
export function isOptionalReferenceColumn(column: ReferenceColumn): boolean {
  return column.kind === 'optionalText' || column.kind === 'e2bCode';
}

/** The Spanish message why `code` is not an E2B code of the table's values, or null when it is (or the table has none). */
export function referenceE2bCodeError(table: string, code: string): string | null {
  if (!isE2bReferenceList(table)) return null;
  return isValidE2bReferenceCode(table, code) ? null : MSG.parameters.e2bCodeInvalid(code, E2B_REFERENCE_CODE_RULES[table].format);
}
