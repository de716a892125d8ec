import {
  CATALOG_INSTRUCTIONS_SHEET,
  CATALOG_SHEETS,
  type CatalogColumn,
  type CatalogSheet,
  type CatalogSheetName,
  MSG,
} from '@atalaya/domain';
import type { ImportRowError } from '../imports/index.js';
import type { Cell } from './source.js';

/**
 * The sheets of the catalogue as the import reads them (docs/imports.md): which sheet a
 * worksheet or CSV is, what its header says, and each row's cells checked and normalised by
 * their column's kind. Pure functions: both passes over the file (validation, then loading)
 * read every row through them, so the second pass loads exactly what the first one checked.
 */

/** A name compared without case, accents, spaces or punctuation ('Zona horaria' = 'ZonaHoraria'). */
export function nameKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

const SHEET_BY_KEY = new Map(CATALOG_SHEETS.map((sheet) => [nameKey(sheet.name), sheet]));

/** The sheet a worksheet's name names, 'instructions' for the template's first sheet, or null. */
export function sheetOfWorksheetName(name: string | null): CatalogSheet | 'instructions' | null {
  if (name === null) return null;
  const key = nameKey(name);
  if (key === nameKey(CATALOG_INSTRUCTIONS_SHEET)) return 'instructions';
  return SHEET_BY_KEY.get(key) ?? null;
}

/**
 * The sheet a CSV's file name names: its letters hold a sheet's name ('Productos',
 * 'Productos (1)', 'catalogo_ProductoPrincipios'), the longest when several do.
 */
export function sheetOfFileName(name: string): CatalogSheet | null {
  const key = nameKey(name).replace(/[0-9]/g, '');
  let found: CatalogSheet | null = null;
  for (const sheet of CATALOG_SHEETS) {
    const sheetKey = nameKey(sheet.name);
    if (key.includes(sheetKey) && (!found || sheetKey.length > nameKey(found.name).length)) found = sheet;
  }
  return found;
}

/** The text of a header cell. */
function headerText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined || typeof cell === 'object') return '';
  return String(cell).trim();
}

/** The one sheet whose columns a header names (all its required ones, no other), or null. */
export function sheetOfHeader(cells: readonly Cell[]): CatalogSheet | null {
  const keys = cells.map(headerText).filter((text) => text !== '').map(nameKey);
  if (keys.length === 0) return null;
  const matches = CATALOG_SHEETS.filter((sheet) => {
    const columns = new Set(sheet.columns.map((column) => nameKey(column.name)));
    return keys.every((key) => columns.has(key)) && sheet.columns.every((column) => !column.required || keys.includes(nameKey(column.name)));
  });
  return matches.length === 1 ? (matches[0] ?? null) : null;
}

/** A sheet's header read: the column of each position (null: no header there), and the columns present. */
export interface SheetLayout {
  sheet: CatalogSheet;
  byPosition: readonly (CatalogColumn | null)[];
  present: ReadonlySet<string>;
}

/** The layout of a header row and its errors (a missing, unknown or repeated column). */
export function readHeader(sheet: CatalogSheet, cells: readonly Cell[]): { layout: SheetLayout; errors: ImportRowError[] } {
  const errors: ImportRowError[] = [];
  const byKey = new Map(sheet.columns.map((column) => [nameKey(column.name), column]));
  const present = new Set<string>();
  const byPosition = cells.map((cell): CatalogColumn | null => {
    const text = headerText(cell);
    if (text === '') return null;
    const column = byKey.get(nameKey(text));
    if (!column) {
      errors.push({ sheet: sheet.name, row: 1, column: text, message: MSG.catalogImport.unknownColumn(sheet.name) });
      return null;
    }
    if (present.has(column.name)) {
      errors.push({ sheet: sheet.name, row: 1, column: column.name, message: MSG.catalogImport.duplicateColumn });
      return null;
    }
    present.add(column.name);
    return column;
  });
  if (present.size === 0 && errors.length === 0) errors.push({ sheet: sheet.name, row: 1, column: '', message: MSG.catalogImport.headerMissing });
  else {
    for (const column of sheet.columns) {
      if (column.required && !present.has(column.name)) errors.push({ sheet: sheet.name, row: 1, column: column.name, message: MSG.catalogImport.missingColumn });
    }
  }
  return { layout: { sheet, byPosition, present }, errors };
}

/** A checked cell: text, a number, a flag, a list of codes, or null for an empty optional cell. */
export type CellValue = string | number | boolean | readonly string[] | null;

/** A row's values by column name (only the columns of its header). */
export type RowValues = Readonly<Record<string, CellValue>>;

export interface ParsedRow {
  number: number;
  values: RowValues;
  errors: ImportRowError[];
}

/** A row with no value in any cell (Excel keeps formatted empty rows; a CSV may end in blank lines). */
export function isBlankRow(cells: readonly Cell[]): boolean {
  return cells.every((cell) => cell === null || (typeof cell === 'string' && cell.trim() === ''));
}

const FLAG_YES = new Set(['si', 's', 'yes', 'y', 'true', 'verdadero', 'v', '1', 'x']);
const FLAG_NO = new Set(['no', 'n', 'false', 'falso', 'f', '0']);
const NUMBER = /^\d+(?:[.,]\d+)?$/;
/** Larger concentrations are a typing error (and would lose digits as a JS number). */
const MAX_NUMBER = 1e12;
/** A control character (tab and line breaks included; NUL has its own message). */
function hasControl(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if ((code > 0 && code < 0x20) || code === 0x7f) return true;
  }
  return false;
}

const validTimeZones = new Map<string, boolean>();

/** An IANA zone name the platform's date functions accept ('UTC' included). */
export function isTimeZone(value: string): boolean {
  let valid = validTimeZones.get(value);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: value });
      valid = value === 'UTC' || value.includes('/');
    } catch {
      valid = false;
    }
    validTimeZones.set(value, valid);
  }
  return valid;
}

/** Codes of a country-list cell: split on commas, semicolons, bars or spaces, upper-cased, each once. */
export function countryCodes(text: string): string[] {
  return [...new Set(text.split(/[\s,;|]+/).filter((code) => code !== '').map((code) => code.toUpperCase()))];
}

/** One cell checked by its column; the error message, or the value. */
function cellValue(column: CatalogColumn, cell: Cell | undefined): { value: CellValue } | { error: string } {
  if (cell !== null && typeof cell === 'object') return { error: MSG.catalogImport.cellError(cell.error) };
  if (column.kind === 'flag' && typeof cell === 'boolean') return { value: cell };
  if (column.kind === 'number' && typeof cell === 'number') {
    return Number.isFinite(cell) && cell >= 0 && cell < MAX_NUMBER ? { value: cell } : { error: MSG.catalogImport.number };
  }
  const text = cell === null || cell === undefined ? '' : String(cell).normalize('NFC').trim();
  if (text.includes('\u0000')) return { error: MSG.catalogImport.nul };
  if (column.kind !== 'countryList' && hasControl(text)) return { error: MSG.catalogImport.control };
  if (text === '') {
    if (column.required) return { error: MSG.catalogImport.required };
    return { value: column.kind === 'flag' ? true : column.kind === 'countryList' ? [] : null };
  }
  // A country's code has its own message (two letters), whatever its length.
  if (column.max !== undefined && column.kind !== 'countryCode' && text.length > column.max) return { error: MSG.catalogImport.tooLong(column.max) };
  switch (column.kind) {
    case 'code':
    case 'text':
    case 'referenceList':
      return { value: text };
    case 'reference':
      return { value: column.target === 'Paises' ? text.toUpperCase() : text };
    case 'countryCode': {
      const code = text.toUpperCase();
      return /^[A-Z]{2}$/.test(code) ? { value: code } : { error: MSG.catalogImport.countryCode };
    }
    case 'countryList':
      return { value: countryCodes(text) };
    case 'timeZone':
      return isTimeZone(text) ? { value: text } : { error: MSG.catalogImport.timeZone };
    case 'number': {
      if (!NUMBER.test(text)) return { error: MSG.catalogImport.number };
      const number = Number(text.replace(',', '.'));
      return number < MAX_NUMBER ? { value: number } : { error: MSG.catalogImport.number };
    }
    case 'flag': {
      const key = nameKey(text);
      if (FLAG_YES.has(key)) return { value: true };
      if (FLAG_NO.has(key)) return { value: false };
      return { error: MSG.catalogImport.flag };
    }
  }
}

/** A data row: each cell of a header column checked; a value under no header is an error. */
export function parseRow(layout: SheetLayout, number: number, cells: readonly Cell[]): ParsedRow {
  const values: Record<string, CellValue> = {};
  const errors: ImportRowError[] = [];
  const sheet = layout.sheet.name;
  const width = Math.max(cells.length, layout.byPosition.length);
  for (let position = 0; position < width; position++) {
    const column = layout.byPosition[position] ?? null;
    const cell = cells[position];
    if (!column) {
      if (cell !== undefined && !isBlankRow([cell])) errors.push({ sheet, row: number, column: `columna ${position + 1}`, message: MSG.catalogImport.extraValues });
      continue;
    }
    const checked = cellValue(column, cell);
    if ('error' in checked) errors.push({ sheet, row: number, column: column.name, message: checked.error });
    else values[column.name] = checked.value;
  }
  return { number, values, errors };
}

/** The text of a value the row's checks guarantee is text. */
export function textOf(values: RowValues, column: string): string {
  const value = values[column];
  return typeof value === 'string' ? value : '';
}

/** The text of an optional column (null when empty or absent). */
export function optionalText(values: RowValues, column: string): string | null {
  const value = values[column];
  return typeof value === 'string' ? value : null;
}

/** The sheets in load order, by name. */
export const SHEET_ORDER: ReadonlyMap<CatalogSheetName, number> = new Map(CATALOG_SHEETS.map((sheet, index) => [sheet.name, index]));
