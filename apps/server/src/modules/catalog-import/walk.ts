import { type CatalogSheetName, MSG } from '@atalaya/domain';
import { ImportRejected, type ImportRowError } from '../imports/index.js';
import { isBlankRow, readHeader, type SheetLayout, sheetOfFileName, sheetOfHeader, sheetOfWorksheetName } from './sheets.js';
import { CsvFormatError } from './csv.js';
import type { SourceFile, SourceRow, SourceSheet } from './source.js';

/** Rows a sheet may have (the header included); past it the sheet is refused. */
export const MAX_SHEET_ROWS = 500_000;

export type WalkEvent = { type: 'sheet'; layout: SheetLayout } | { type: 'row'; layout: SheetLayout; row: SourceRow };

/**
 * Every data row of the catalogue's sheets in a pass over the file, in the file's order: each
 * worksheet is recognised by its name (the CSV by its file name), else by its header; the
 * 'Instrucciones' sheet and worksheets of no sheet are skipped, blank rows too. A sheet's
 * header problems (and a sheet given twice, or too long) go to `problems` and its rows are
 * not yielded. A CSV that names no sheet, or a file with none, is refused.
 */
export async function* walkCatalog(source: SourceFile, problems: (error: ImportRowError) => void): AsyncGenerator<WalkEvent> {
  const seen = new Set<CatalogSheetName>();
  let found = false;
  for await (const worksheet of source.read()) {
    const rows = worksheet.rows[Symbol.asyncIterator]();
    let sheetName: string = worksheet.name ?? '';
    /** The next row; a CSV record that cannot be read ends the sheet with its error. */
    const next = async (): Promise<SourceRow | null> => {
      try {
        const result = await rows.next();
        return result.done ? null : result.value;
      } catch (error) {
        if (!(error instanceof CsvFormatError)) throw error;
        problems({ sheet: sheetName, row: error.row, column: '', message: MSG.catalogImport[error.reason] });
        return null;
      }
    };
    let finished = false;
    try {
      const header = (await next())?.cells ?? [];
      const sheet = identify(source, worksheet, header);
      if (sheet !== null) {
        found = true;
        sheetName = sheet.name;
        const { layout, errors } = seen.has(sheet.name)
          ? { layout: null, errors: [{ sheet: sheet.name, row: 1, column: '', message: MSG.catalogImport.sheetTwice(sheet.name) }] }
          : readHeader(sheet, header);
        seen.add(sheet.name);
        errors.forEach(problems);
        if (layout && errors.length === 0) {
          yield { type: 'sheet', layout };
          for (let row = await next(); row !== null; row = await next()) {
            if (row.number > MAX_SHEET_ROWS) {
              problems({ sheet: sheet.name, row: row.number, column: '', message: MSG.catalogImport.tooManyRows(MAX_SHEET_ROWS) });
              break;
            }
            if (!isBlankRow(row.cells)) yield { type: 'row', layout, row };
          }
        }
      }
      // The streaming reader moves to the next worksheet only once this one is read to its end.
      while ((await next()) !== null);
      finished = true;
    } finally {
      if (!finished) await rows.return?.(undefined);
    }
  }
  if (!found) throw new ImportRejected(source.kind === 'csv' ? MSG.catalogImport.csvSheetUnknown : MSG.catalogImport.notCatalog);
}

function identify(source: SourceFile, worksheet: SourceSheet, header: SourceRow['cells']) {
  if (source.kind === 'csv') {
    const sheet = (worksheet.name === null ? null : sheetOfFileName(worksheet.name)) ?? sheetOfHeader(header);
    if (!sheet) throw new ImportRejected(MSG.catalogImport.csvSheetUnknown);
    return sheet;
  }
  const named = sheetOfWorksheetName(worksheet.name);
  if (named === 'instructions') return null;
  return named ?? sheetOfHeader(header);
}
