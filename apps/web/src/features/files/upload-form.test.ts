import { MAX_UPLOAD_BYTES, MSG } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { documentUploadForm, pickFile, storedFileName, uploadAction } from './upload-form';

const pdf = new File(['%PDF-1.7 test'], 'informe médico.PDF', { type: 'application/pdf' });

describe('uploadDocAndNotes body', () => {
  it('sends a new note with its file: no id, the extension and name of the file, and the file last', () => {
    const form = documentUploadForm({ meta: 'abc123', action: 'insert', id: null, note: 'Historia clínica', tipoId: 2, file: pdf });
    expect([...form.keys()]).toEqual(['extension', 'fileName', 'action', 'note', 'idEr', 'tipoId', 'file']);
    expect(form.get('extension')).toBe('pdf');
    expect(form.get('fileName')).toBe('informe médico.PDF');
    expect(form.get('action')).toBe('insert');
    expect(form.get('note')).toBe('Historia clínica');
    expect(form.get('idEr')).toBe('abc123');
    expect(form.get('tipoId')).toBe('2');
    const sent = form.get('file');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('informe médico.PDF');
  });

  it('sends the id on an update, and no file fields when the stored file is kept', () => {
    const form = documentUploadForm({ meta: 'abc123', action: 'update', id: 41, note: 'Nota corregida', tipoId: null, file: null });
    expect([...form.keys()]).toEqual(['id', 'action', 'note', 'idEr']);
    expect(form.get('id')).toBe('41');
    expect(form.get('action')).toBe('update');
  });

  it('never sends an id with an insert, even from the event view', () => {
    const form = documentUploadForm({ meta: 'm', action: 'insertPostCreated', id: 41, note: 'n', tipoId: null, file: null });
    expect(form.has('id')).toBe(false);
    expect(form.get('action')).toBe('insertPostCreated');
  });

  it("uses 'update' when a stored document is edited, the panel's insert action otherwise", () => {
    expect(uploadAction(null, 'insert')).toBe('insert');
    expect(uploadAction(null, 'insertPostCreated')).toBe('insertPostCreated');
    expect(uploadAction(7, 'insertPostCreated')).toBe('update');
  });
});

describe('file pre-check', () => {
  it('keeps an accepted file within the limit', () => {
    expect(pickFile({ name: 'scan.tiff', size: MAX_UPLOAD_BYTES })).toEqual({ file: { name: 'scan.tiff', size: MAX_UPLOAD_BYTES }, error: null });
  });

  it('refuses a file one byte over 20,000,000 bytes', () => {
    expect(pickFile({ name: 'scan.pdf', size: MAX_UPLOAD_BYTES + 1 })).toEqual({ file: null, error: MSG.files.tooLarge });
  });

  it('refuses a type the spec does not accept, and a name without extension', () => {
    expect(pickFile({ name: 'setup.exe', size: 10 })).toEqual({ file: null, error: MSG.files.typeNotAllowed });
    expect(pickFile({ name: 'README', size: 10 })).toEqual({ file: null, error: MSG.files.typeNotAllowed });
  });

  it('treats a cleared picker as no file and no error', () => {
    expect(pickFile(null)).toEqual({ file: null, error: null });
  });
});

describe('stored file name', () => {
  it('adds the extension when the stored name lacks it, and leaves a full name alone', () => {
    expect(storedFileName('receta', 'pdf')).toBe('receta.pdf');
    expect(storedFileName('receta', '.pdf')).toBe('receta.pdf');
    expect(storedFileName('Receta.PDF', 'pdf')).toBe('Receta.PDF');
    expect(storedFileName('notas.txt', null)).toBe('notas.txt');
  });

  it('is null for a note without a file', () => {
    expect(storedFileName(null, null)).toBeNull();
  });
});
