import { describe, expect, it } from 'vitest';
import { uploadFileName } from './upload.js';

describe('uploadFileName', () => {
  it('keeps the original name, without any path or control characters', () => {
    expect(uploadFileName('Informe médico.pdf', 'pdf')).toBe('Informe médico.pdf');
    expect(uploadFileName('C:\\Users\\ana\\Escritorio\\informe.pdf', '')).toBe('informe.pdf');
    expect(uploadFileName('../../etc/informe.pdf', '')).toBe('informe.pdf');
    expect(uploadFileName(' infor\u0000me\n.pdf ', '')).toBe('informe.pdf');
  });

  it('adds the extension field when the name has none', () => {
    expect(uploadFileName('informe', 'PDF')).toBe('informe.pdf');
    expect(uploadFileName('informe', '.docx')).toBe('informe.docx');
    expect(uploadFileName('', 'txt')).toBe('archivo.txt');
    expect(uploadFileName('informe', '../x')).toBe('informe');
  });

  it('lets the name decide when it has an extension', () => {
    expect(uploadFileName('programa.exe', 'pdf')).toBe('programa.exe');
  });

  it('shortens a very long name keeping its extension', () => {
    const name = uploadFileName(`${'a'.repeat(300)}.pdf`, '');
    expect(name).toHaveLength(200);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});
