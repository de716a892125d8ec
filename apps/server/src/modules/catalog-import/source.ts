import { open } from 'node:fs/promises';
import { MSG } from '@atalaya/domain';
import { ImportRejected } from '../imports/index.js';
import { type CsvEncoding, csvRecords, detectCsvEncoding } from './csv.js';
import { XlsxFormatError, type XlsxLimits, xlsxSheets, XlsxTooLargeError } from './xlsx.js';

/**
 * The sheets of an uploaded file, row by row, whatever its format: an xlsx workbook (each
 * worksheet in turn, `xlsx.ts`) or a CSV (one sheet, `csv.ts`). Nothing but the current row
 * and the workbook's shared strings is held; a file is read once per pass.
 */

/** A formula whose value is an error (#N/A, #REF!…). */
export interface CellError {
  error: string;
}
export type Cell = string | number | boolean | null | CellError;

export interface SourceRow {
  /** 1-based, as the spreadsheet shows it. */
  number: number;
  /** By column position, 0-based. */
  cells: readonly Cell[];
}

export interface SourceSheet {
  /** The worksheet's name; for a CSV, the file's name without its extension. */
  name: string | null;
  /** Rows in order; read them to the end (or return them) before asking for the next sheet. */
  rows: AsyncIterable<SourceRow>;
}

export interface SourceFile {
  kind: 'xlsx' | 'csv';
  /** A new pass over the file, from its start. */
  read(): AsyncGenerator<SourceSheet>;
}

/** Limits of a workbook, checked on its zip directory before it is read (a zip bomb is refused). */
export const WORKBOOK_LIMITS: XlsxLimits = { entries: 2_000, uncompressedBytes: 2 * 1024 ** 3, sharedStringsBytes: 128 * 1024 ** 2 };

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

async function magic(filePath: string): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(4);
    const { bytesRead } = await handle.read(buffer, 0, 4, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function* workbookSheets(filePath: string): AsyncGenerator<SourceSheet> {
  try {
    yield* xlsxSheets(filePath, WORKBOOK_LIMITS);
  } catch (error) {
    if (error instanceof XlsxTooLargeError) throw new ImportRejected(MSG.catalogImport.workbookTooLarge);
    if (error instanceof XlsxFormatError) throw new ImportRejected(MSG.catalogImport.notReadable);
    throw error;
  }
}

async function* csvRows(filePath: string, encoding: CsvEncoding): AsyncGenerator<SourceRow> {
  for await (const record of csvRecords(filePath, encoding)) yield { number: record.number, cells: record.fields };
}

/** The file's name without its folder and extension ('Productos' for 'C:\\datos\\Productos.csv'). */
export function baseName(fileName: string): string {
  const last = fileName.split(/[\\/]/).pop() ?? fileName;
  const dot = last.lastIndexOf('.');
  return dot > 0 ? last.slice(0, dot) : last;
}

/** Opens an uploaded file: a zip is a workbook, an OLE file an old .xls (refused), anything else a CSV. */
export async function openSource(filePath: string, fileName: string): Promise<SourceFile> {
  const head = await magic(filePath);
  if (head.equals(ZIP_MAGIC)) return { kind: 'xlsx', read: () => workbookSheets(filePath) };
  if (head.equals(OLE_MAGIC)) throw new ImportRejected(MSG.catalogImport.oldExcel);
  const encoding = await detectCsvEncoding(filePath);
  return {
    kind: 'csv',
    async *read() {
      yield { name: baseName(fileName), rows: csvRows(filePath, encoding) };
    },
  };
}
