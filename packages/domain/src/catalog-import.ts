import { z } from 'zod';
import { FIELD_LIMITS } from './field-limits.js';
import { MSG } from './messages.js';

/**
 * The product catalogue's import file (docs/imports.md 'The product catalogue'): one sheet per
 * entity, in the order their references need (a company names its country, a product its
 * family, laboratory and line…), each with a header row of these column names. The template
 * (`getdataimporttemplate`) and the import read the same table, so the web can name the
 * sheets and columns without asking the server.
 */

/** The most characters of a code (Codigo and every column that names another row by its code). */
export const CATALOG_CODE_MAX = 50;

/** What a column holds; the import checks each cell by it. */
export type CatalogColumnKind =
  /** A row's own code: required, at most `CATALOG_CODE_MAX` characters. */
  | 'code'
  /** A country's own code: two capital letters (ISO 3166-1 alpha-2); lower case is upper-cased. */
  | 'countryCode'
  /** The code of a row of another sheet (or already in the database); a country's is upper-cased. */
  | 'reference'
  /** A `Value` (or `ImportCodigo`) of a reference list of 'Parámetros'. */
  | 'referenceList'
  /** Several country codes in one cell, separated by commas, spaces, ';' or '|'. */
  | 'countryList'
  /** A name, at most `max` characters. */
  | 'text'
  /** An IANA time zone (America/Montevideo). */
  | 'timeZone'
  /** A number, 0 or more, with a decimal comma or point. */
  | 'number'
  /** Sí or No (also Si, S, N, Verdadero, Falso, 1, 0); an empty cell is Sí. */
  | 'flag';

export interface CatalogColumn {
  /** The header, exactly as the template writes it ('Codigo'). */
  name: string;
  kind: CatalogColumnKind;
  /** The column must be in the header and every row must fill it. */
  required: boolean;
  /** The most characters (text, code and reference columns). */
  max?: number;
  /** The sheet whose codes a reference or country-list column names. */
  target?: CatalogSheetName;
  /** The reference list of 'Parámetros' a reference-list column names a row of. */
  list?: 'FormaFarmaceutica' | 'MedicamentoUnidad';
  /** Spanish, for the 'Instrucciones' sheet and the docs. */
  description: string;
}

export interface CatalogSheet {
  /** The sheet's name in the workbook, the CSV's file name (Productos.csv) and the import's `Tables` entry. */
  name: CatalogSheetName;
  /** Spanish, for the 'Instrucciones' sheet. */
  description: string;
  columns: readonly CatalogColumn[];
}

export const CATALOG_SHEET_NAMES = [
  'Paises',
  'Empresas',
  'Laboratorios',
  'Lineas',
  'Familias',
  'PrincipiosActivos',
  'Productos',
  'ProductoPrincipios',
] as const;
export type CatalogSheetName = (typeof CATALOG_SHEET_NAMES)[number];

/** The template's first sheet; the import skips it. */
export const CATALOG_INSTRUCTIONS_SHEET = 'Instrucciones';

const code = (description: string): CatalogColumn => ({ name: 'Codigo', kind: 'code', required: true, max: CATALOG_CODE_MAX, description });
const name = (description: string, max: number = FIELD_LIMITS.name): CatalogColumn => ({ name: 'Nombre', kind: 'text', required: true, max, description });
const reference = (column: string, target: CatalogSheetName, description: string, required = true): CatalogColumn => ({
  name: column,
  kind: 'reference',
  required,
  max: CATALOG_CODE_MAX,
  target,
  description,
});
const active: CatalogColumn = {
  name: 'Activo',
  kind: 'flag',
  required: false,
  description: 'Sí o No. No deshabilita la fila (deja de ofrecerse, nunca se borra); vacío es Sí. Sin la columna, una fila existente conserva su estado y una nueva queda habilitada.',
};

/** The sheets in the order they are loaded (a sheet only names rows of the sheets before it). */
export const CATALOG_SHEETS: readonly CatalogSheet[] = [
  {
    name: 'Paises',
    description: 'Países donde opera el grupo.',
    columns: [
      { name: 'Codigo', kind: 'countryCode', required: true, max: 2, description: 'Código ISO 3166-1 de dos letras (UY, AR…).' },
      name('Nombre del país.'),
      { name: 'ZonaHoraria', kind: 'timeZone', required: true, max: 64, description: 'Zona horaria IANA del país (America/Montevideo): fija los plazos y las fechas que se muestran.' },
      active,
    ],
  },
  {
    name: 'Empresas',
    description: 'Compañías del grupo, una por país.',
    columns: [
      code('Código de la empresa.'),
      name('Razón social.'),
      reference('Pais', 'Paises', 'Código del país de la empresa (hoja Paises o ya cargado). No cambia en una empresa existente.'),
      active,
    ],
  },
  {
    name: 'Laboratorios',
    description: 'Laboratorios (fabricantes) de cada empresa; su país es el de su empresa.',
    columns: [
      code('Código del laboratorio.'),
      name('Nombre del laboratorio.'),
      reference('Empresa', 'Empresas', 'Código de su empresa (hoja Empresas o ya cargada). No cambia en un laboratorio existente.'),
      active,
    ],
  },
  {
    name: 'Lineas',
    description: 'Líneas de fabricación de cada laboratorio.',
    columns: [
      code('Código de la línea.'),
      name('Nombre de la línea.'),
      reference('Laboratorio', 'Laboratorios', 'Código de su laboratorio (hoja Laboratorios o ya cargado). No cambia en una línea existente.'),
      active,
    ],
  },
  {
    name: 'Familias',
    description: 'Familias terapéuticas.',
    columns: [code('Código de la familia.'), name('Nombre de la familia.'), active],
  },
  {
    name: 'PrincipiosActivos',
    description: 'Principios activos (DCI).',
    columns: [code('Código del principio activo.'), name('Nombre del principio activo.'), active],
  },
  {
    name: 'Productos',
    description: 'Medicamentos: los que el asistente del evento ofrece en el país del evento.',
    columns: [
      code('Código del producto.'),
      name('Nombre comercial.', FIELD_LIMITS.label),
      reference('Familia', 'Familias', 'Código de su familia (hoja Familias o ya cargada).'),
      reference('Laboratorio', 'Laboratorios', 'Código del laboratorio que lo fabrica (hoja Laboratorios o ya cargado).'),
      reference('Linea', 'Lineas', 'Código de su línea, que debe ser del mismo laboratorio; vacío: sin línea.', false),
      {
        name: 'FormaFarmaceutica',
        kind: 'referenceList',
        list: 'FormaFarmaceutica',
        required: false,
        max: CATALOG_CODE_MAX,
        description: "Valor (Value) de la lista FormaFarmaceutica de 'Parámetros' (COMPRIMIDO…) o su ImportCodigo; vacío: sin forma.",
      },
      {
        name: 'Paises',
        kind: 'countryList',
        required: false,
        max: 2000,
        target: 'Paises',
        description: 'Códigos de los países donde se vende, separados por comas (UY, AR, PY): reemplazan los del producto; vacío: no se vende en ninguno.',
      },
      active,
    ],
  },
  {
    name: 'ProductoPrincipios',
    description: 'Principios activos de cada producto. Los de un producto que aparece en esta hoja se reemplazan por los de sus filas.',
    columns: [
      reference('Producto', 'Productos', 'Código del producto (hoja Productos o ya cargado).'),
      reference('PrincipioActivo', 'PrincipiosActivos', 'Código del principio activo (hoja PrincipiosActivos o ya cargado).'),
      { name: 'Concentracion', kind: 'number', required: false, description: 'Concentración, 0 o más, con coma o punto decimal (12,5); vacío: sin concentración.' },
      {
        name: 'Unidad',
        kind: 'referenceList',
        list: 'MedicamentoUnidad',
        required: false,
        max: CATALOG_CODE_MAX,
        description: "Valor (Value) de la lista MedicamentoUnidad de 'Parámetros' (MG, ML…) o su ImportCodigo; vacío: sin unidad.",
      },
    ],
  },
];

/** The sheet of that name (names as `CATALOG_SHEET_NAMES`). */
export function catalogSheet(sheetName: CatalogSheetName): CatalogSheet {
  const sheet = CATALOG_SHEETS.find((candidate) => candidate.name === sheetName);
  if (!sheet) throw new Error(`No catalogue sheet ${sheetName}`);
  return sheet;
}

export function isCatalogSheetName(value: string): value is CatalogSheetName {
  return (CATALOG_SHEET_NAMES as readonly string[]).includes(value);
}

/** The rules of the file, one line each, for the 'Instrucciones' sheet and the screen. */
export const CATALOG_IMPORT_RULES: readonly string[] = [
  'Un libro .xlsx con cualquiera de las hojas de esta plantilla, o un archivo CSV con una sola hoja, llamado como ella (Productos.csv).',
  'La fila 1 de cada hoja lleva los nombres de las columnas tal como están; la fila 2 de la plantilla es un ejemplo de los datos de demostración: reemplácela o bórrela.',
  'CSV: UTF-8 (con o sin BOM), separado por punto y coma o por comas, con comillas dobles cuando un valor las necesita.',
  'Cada fila se identifica por su Codigo: una fila nueva se agrega, una existente se actualiza. Lo que no está en el archivo no se cambia ni se borra.',
  'Una columna opcional que no está en la hoja deja ese dato como está en las filas existentes.',
  'Activo = No deshabilita la fila: deja de ofrecerse, pero nada se borra.',
  'Antes de guardar se revisan todas las filas: si alguna tiene un error no se guarda nada y se puede descargar el informe con la hoja, la fila, la columna y el motivo de cada error.',
];

/** The answer formats of the template. */
export const CATALOG_TEMPLATE_FORMATS = ['xlsx', 'csv'] as const;
export type CatalogTemplateFormat = (typeof CATALOG_TEMPLATE_FORMATS)[number];

/** The template's file name: the workbook, or one sheet as CSV named as the sheet (so the import recognises it). */
export function catalogTemplateFileName(format: CatalogTemplateFormat, sheet?: CatalogSheetName): string {
  return format === 'csv' && sheet ? `${sheet}.csv` : 'plantilla-catalogo.xlsx';
}

/**
 * `GET /api/getdataimporttemplate?format=xlsx|csv&sheet=<Hoja>`: the workbook (the default), or
 * one sheet as CSV, which needs `sheet`. The workbook holds every sheet (`sheet` is not used).
 */
export const dataImportTemplateQuerySchema = z
  .object({
    format: z.enum(CATALOG_TEMPLATE_FORMATS, { error: MSG.catalogImport.templateFormat }).default('xlsx'),
    sheet: z.enum(CATALOG_SHEET_NAMES, { error: MSG.catalogImport.templateSheet }).optional(),
  })
  .refine((query) => query.format !== 'csv' || query.sheet !== undefined, { error: MSG.catalogImport.templateCsvNeedsSheet, path: ['sheet'] });
export type DataImportTemplateQuery = z.infer<typeof dataImportTemplateQuerySchema>;
