import { fileExtension, IMPORT_POLL_MS, isImportIncomplete, MSG, type ImportEntry, type ImportStatus } from '@atalaya/domain';

/** The catalogue file types the Productos panel takes (docs/imports.md). */
export const CATALOGUE_ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';
/** Platform spec §5: 'A .ZIP file is needed'. */
export const ZIP_ACCEPT = '.zip,application/zip,application/x-zip-compressed';

/** Why the MedDRA picker refuses a file (none, or not a .zip), or null. */
export function zipFileError(file: { name: string } | null): string | null {
  return file && fileExtension(file.name) === 'zip' ? null : MSG.dataImport.zipRequired;
}

/** Why the catalogue picker refuses a file (none, or neither .xlsx nor .csv), or null. */
export function catalogueFileError(file: { name: string } | null): string | null {
  return file && ['xlsx', 'csv'].includes(fileExtension(file.name)) ? null : MSG.dataImport.catalogueFileRequired;
}

/**
 * The multipart body of `uploadmeddra` (spec §7: FileName, file, password) and `uploaddata`
 * (FileName, file). The text fields go first so the server has them when the bytes arrive; an
 * empty password is not sent (the zip is not protected).
 */
export function importUploadForm(file: File, password: string | null = null): FormData {
  const form = new FormData();
  form.append('FileName', file.name);
  if (password) form.append('password', password);
  form.append('file', file, file.name);
  return form;
}

/** Statuses an ADMIN may still cancel: pending and running. */
export function isCancellable(status: ImportStatus): boolean {
  return status === 'P' || status === 'D';
}

/** Spec §4: while one import of the list has no end date, poll every 10 s (the hub may be down). */
export function pollInterval(entries: readonly Pick<ImportEntry, 'date_end'>[] | undefined): number | false {
  return entries?.some(isImportIncomplete) ? IMPORT_POLL_MS : false;
}

/** The file name the browser saves a download under. */
export const DOWNLOAD_NAMES = {
  templateXlsx: 'plantilla-catalogo.xlsx',
  templateCsv: 'plantilla-productos.csv',
  errorReport: (code: string) => `errores-importacion-${code}.csv`,
};
