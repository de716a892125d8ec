import { describe, expect, it } from 'vitest';
import { contentMatchesExtension, looksLikeText } from './sniff.js';

const bytes = (...values: (number | string)[]): Uint8Array =>
  new Uint8Array(values.flatMap((value) => (typeof value === 'string' ? [...value].map((char) => char.charCodeAt(0)) : [value])));

const EXECUTABLE = bytes('MZ', 0x90, 0x00, 0x03, 0x00);
const ELF = bytes(0x7f, 'ELF', 0x02, 0x01);

describe('contentMatchesExtension', () => {
  it.each([
    ['pdf', bytes('%PDF-1.7\n%âãÏÓ\n')],
    ['jpg', bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 'JFIF')],
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe1)],
    ['tif', bytes('II*', 0x00, 0x08, 0x00)],
    ['tiff', bytes('MM', 0x00, '*', 0x00, 0x00)],
    ['rtf', bytes('{\\rtf1\\ansi Hola}')],
    ['zip', bytes('PK', 0x03, 0x04, 0x14, 0x00)],
    ['zip', bytes('PK', 0x05, 0x06, 0x00, 0x00)],
    ['docx', bytes('PK', 0x03, 0x04, 0x14, 0x00, 0x06, 0x00)],
    ['xlsx', bytes('PK', 0x03, 0x04, 0x14, 0x00)],
    ['7z', bytes('7z', 0xbc, 0xaf, 0x27, 0x1c, 0x00, 0x04)],
    ['rar', bytes('Rar!', 0x1a, 0x07, 0x00)],
    ['rar', bytes('Rar!', 0x1a, 0x07, 0x01, 0x00)],
    ['doc', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00)],
    ['xls', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)],
    ['txt', new TextEncoder().encode('Paciente con náuseas.\r\n\tSin fiebre.\n')],
    ['html', new TextEncoder().encode('<!doctype html><p>Evolución favorable</p>')],
    ['htm', bytes('<html>', 0xe9, '</html>')],
  ])('accepts a real %s', (extension, content) => {
    expect(contentMatchesExtension(extension, content)).toBe(true);
  });

  it('refuses an executable renamed .pdf, .jpg, .docx, .txt or .html', () => {
    for (const extension of ['pdf', 'jpg', 'docx', 'txt', 'html']) {
      expect(contentMatchesExtension(extension, EXECUTABLE)).toBe(false);
    }
    expect(contentMatchesExtension('txt', ELF)).toBe(false);
  });

  it('refuses content of another type: a PDF named .docx, a zip named .pdf, a JPEG named .tiff', () => {
    expect(contentMatchesExtension('docx', bytes('%PDF-1.4'))).toBe(false);
    expect(contentMatchesExtension('pdf', bytes('PK', 0x03, 0x04))).toBe(false);
    expect(contentMatchesExtension('tiff', bytes(0xff, 0xd8, 0xff))).toBe(false);
    expect(contentMatchesExtension('doc', bytes('PK', 0x03, 0x04))).toBe(false);
  });

  it('takes an empty zip as a zip, not as a Word or Excel document', () => {
    const emptyZip = bytes('PK', 0x05, 0x06, ...new Array<number>(18).fill(0));
    expect(contentMatchesExtension('zip', emptyZip)).toBe(true);
    expect(contentMatchesExtension('docx', emptyZip)).toBe(false);
  });

  it('refuses a file shorter than its signature, and an empty file of any type', () => {
    expect(contentMatchesExtension('pdf', bytes('%PD'))).toBe(false);
    for (const extension of ['pdf', 'txt', 'zip']) expect(contentMatchesExtension(extension, new Uint8Array())).toBe(false);
  });

  it('knows only the accepted types (an unknown or inherited name is no type)', () => {
    expect(contentMatchesExtension('exe', EXECUTABLE)).toBe(false);
    expect(contentMatchesExtension('constructor', bytes('%PDF-'))).toBe(false);
    expect(contentMatchesExtension('', bytes('%PDF-'))).toBe(false);
  });
});

describe('looksLikeText', () => {
  it('accepts UTF-8 and Latin-1 / Windows-1252 text', () => {
    expect(looksLikeText(new TextEncoder().encode('Reacción adversa: cefalea — 3 días'))).toBe(true);
    expect(looksLikeText(bytes('Reacci', 0xf3, 'n ', 0x93, 'leve', 0x94))).toBe(true);
  });

  it('refuses binary content: a NUL byte, other control bytes, UTF-16', () => {
    expect(looksLikeText(bytes('texto', 0x00, 'oculto'))).toBe(false);
    expect(looksLikeText(bytes('texto', 0x07))).toBe(false);
    expect(looksLikeText(bytes(0xff, 0xfe, 'H', 0x00, 'o', 0x00))).toBe(false);
  });

  it('refuses text that starts like an executable', () => {
    expect(looksLikeText(bytes('MZ this program cannot be run in DOS mode'))).toBe(false);
    expect(looksLikeText(bytes(0x7f, 'ELF'))).toBe(false);
  });
});
