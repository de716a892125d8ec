import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, noteSchema, UPLOAD_ACCEPT, uploadError } from './documents.js';

describe('documents and notes', () => {
  it('requires a note of at most 2000 characters', () => {
    expect(noteSchema.safeParse({ note: '  ' }).error?.issues[0]?.message).toBe('La nota es requerida');
    expect(noteSchema.safeParse({}).error?.issues[0]?.message).toBe('La nota es requerida');
    expect(noteSchema.safeParse({ note: 'x'.repeat(2001) }).error?.issues[0]?.message).toBe('No puede superar los 2000 caracteres');
    expect(noteSchema.safeParse({ note: 'x'.repeat(2000), tipoId: 3 }).success).toBe(true);
  });

  it('accepts the spec file types up to 20,000,000 bytes', () => {
    for (const name of ['a.JPG', 'b.tiff', 'c.pdf', 'd.rtf', 'e.html', 'f.txt', 'g.docx', 'h.xls', 'i.zip', 'j.7z', 'k.rar']) {
      expect(uploadError({ name, size: MAX_UPLOAD_BYTES })).toBeNull();
    }
    expect(uploadError({ name: 'a.pdf', size: 20_000_001 })).toBe('El archivo supera el tamaño máximo permitido (20 MB)');
    expect(uploadError({ name: 'virus.exe', size: 10 })).toBe('El tipo de archivo no está permitido');
    expect(uploadError({ name: 'pdf', size: 10 })).toBe('El tipo de archivo no está permitido');
    expect(UPLOAD_ACCEPT).toContain('application/pdf');
  });
});
