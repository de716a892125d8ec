import { IMPORT_POLL_MS, MSG } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { catalogueFileError, importUploadForm, isCancellable, pollInterval, zipFileError } from './import-logic';

describe('the pickers refuse a file before anything is sent', () => {
  it('MedDRA takes a .zip only (spec §5), whatever the case of its extension', () => {
    expect(zipFileError({ name: 'MedDRA_27_1_Spanish.ZIP' })).toBeNull();
    expect(zipFileError({ name: 'release.zip' })).toBeNull();
    expect(zipFileError({ name: 'llt.asc' })).toBe(MSG.dataImport.zipRequired);
    expect(zipFileError({ name: 'zip' })).toBe(MSG.dataImport.zipRequired);
    expect(zipFileError(null)).toBe('Debe seleccionar un archivo .ZIP');
  });

  it('the catalogue takes .xlsx or .csv', () => {
    expect(catalogueFileError({ name: 'catalogo.xlsx' })).toBeNull();
    expect(catalogueFileError({ name: 'Productos.CSV' })).toBeNull();
    expect(catalogueFileError({ name: 'catalogo.xls' })).toBe(MSG.dataImport.catalogueFileRequired);
    expect(catalogueFileError(null)).toBe(MSG.dataImport.catalogueFileRequired);
  });
});

describe('the multipart body of uploadmeddra / uploaddata (spec §7: FileName, file, password)', () => {
  it('sends the name and the password before the bytes', () => {
    const file = new File(['PK'], 'MedDRA 99.0.zip', { type: 'application/zip' });
    const form = importUploadForm(file, 'clave-ñ');
    expect([...form.keys()]).toEqual(['FileName', 'password', 'file']);
    expect(form.get('FileName')).toBe('MedDRA 99.0.zip');
    expect(form.get('password')).toBe('clave-ñ');
    expect((form.get('file') as File).name).toBe('MedDRA 99.0.zip');
  });

  it('leaves out an empty password (the zip is not protected)', () => {
    const file = new File(['a;b'], 'productos.csv', { type: 'text/csv' });
    expect([...importUploadForm(file, '').keys()]).toEqual(['FileName', 'file']);
    expect([...importUploadForm(file).keys()]).toEqual(['FileName', 'file']);
  });
});

describe('progress and actions', () => {
  it('polls every 10 s while an import has no end date, and not otherwise (spec §4)', () => {
    expect(pollInterval(undefined)).toBe(false);
    expect(pollInterval([])).toBe(false);
    expect(pollInterval([{ date_end: '2026-11-26T10:00:00.000Z' }])).toBe(false);
    expect(pollInterval([{ date_end: '2026-11-26T10:00:00.000Z' }, { date_end: null }])).toBe(IMPORT_POLL_MS);
    expect(IMPORT_POLL_MS).toBe(10_000);
  });

  it('offers Cancelar for pending and running imports only', () => {
    expect(isCancellable('P')).toBe(true);
    expect(isCancellable('D')).toBe(true);
    for (const status of ['E', 'C', 'S'] as const) expect(isCancellable(status)).toBe(false);
  });
});
