import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalDocx, minimalJar, minimalXlsx, zipArchive } from '../../test-support/zip.js';
import { contentMatchesExtension, fileMatchesExtension, looksLikeText } from './sniff.js';

const bytes = (...values: (number | string)[]): Uint8Array =>
  new Uint8Array(values.flatMap((value) => (typeof value === 'string' ? [...value].map((char) => char.charCodeAt(0)) : [value])));

const EXECUTABLE = bytes('MZ', 0x90, 0x00, 0x03, 0x00);
const ELF = bytes(0x7f, 'ELF', 0x02, 0x01);

describe('contentMatchesExtension', () => {
  it.each([
    ['pdf', bytes('%PDF-1.7\n%âãÏÓ\n')],
    ['jpg', bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 'JFIF')],
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe1)],
    // A TIFF header and its first directory (no entries).
    ['tif', bytes('II*', 0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00)],
    ['tiff', bytes('MM', 0x00, '*', 0x00, 0x00)],
    ['rtf', bytes('{\\rtf1\\ansi Hola}')],
    ['zip', bytes('PK', 0x03, 0x04, 0x14, 0x00)],
    ['zip', bytes('PK', 0x05, 0x06, 0x00, 0x00)],
    ['zip', minimalJar()],
    ['docx', minimalDocx()],
    ['xlsx', minimalXlsx()],
    ['7z', bytes('7z', 0xbc, 0xaf, 0x27, 0x1c, 0x00, 0x04)],
    ['rar', bytes('Rar!', 0x1a, 0x07, 0x00)],
    ['rar', bytes('Rar!', 0x1a, 0x07, 0x01, 0x00)],
    ['doc', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00)],
    ['xls', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)],
    ['txt', new TextEncoder().encode('Paciente con náuseas.\r\n\tSin fiebre.\n')],
    ['html', new TextEncoder().encode('<!doctype html><p>Evolución favorable</p>')],
    ['htm', bytes('<html>', 0xe9, '</html>')],
  ])('accepts a real %s', async (extension, content) => {
    expect(await contentMatchesExtension(extension, content)).toBe(true);
  });

  it('takes as Office Open XML only a real document: a Java archive, a plain zip or a workbook named .docx are refused', async () => {
    expect(await contentMatchesExtension('docx', minimalJar())).toBe(false);
    expect(await contentMatchesExtension('docx', zipArchive([{ name: 'informe.txt', content: 'Hola' }]))).toBe(false);
    expect(await contentMatchesExtension('docx', minimalXlsx())).toBe(false);
    expect(await contentMatchesExtension('xlsx', minimalDocx())).toBe(false);
    expect(await contentMatchesExtension('xlsx', minimalJar())).toBe(false);
  });

  it('refuses an executable renamed .pdf, .jpg, .docx, .txt or .html', async () => {
    for (const extension of ['pdf', 'jpg', 'docx', 'txt', 'html']) {
      expect(await contentMatchesExtension(extension, EXECUTABLE)).toBe(false);
    }
    expect(await contentMatchesExtension('txt', ELF)).toBe(false);
  });

  it('refuses content of another type: a PDF named .docx, a zip named .pdf, a JPEG named .tiff', async () => {
    expect(await contentMatchesExtension('docx', bytes('%PDF-1.4'))).toBe(false);
    expect(await contentMatchesExtension('pdf', bytes('PK', 0x03, 0x04))).toBe(false);
    expect(await contentMatchesExtension('tiff', bytes(0xff, 0xd8, 0xff))).toBe(false);
    expect(await contentMatchesExtension('doc', bytes('PK', 0x03, 0x04))).toBe(false);
  });

  it('takes an empty zip as a zip, not as a Word or Excel document', async () => {
    const emptyZip = bytes('PK', 0x05, 0x06, ...new Array<number>(18).fill(0));
    expect(await contentMatchesExtension('zip', emptyZip)).toBe(true);
    expect(await contentMatchesExtension('docx', emptyZip)).toBe(false);
  });

  it('refuses a file shorter than its signature, and an empty file of any type', async () => {
    expect(await contentMatchesExtension('pdf', bytes('%PD'))).toBe(false);
    for (const extension of ['pdf', 'txt', 'zip']) expect(await contentMatchesExtension(extension, new Uint8Array())).toBe(false);
  });

  it('knows only the accepted types (an unknown or inherited name is no type)', async () => {
    expect(await contentMatchesExtension('exe', EXECUTABLE)).toBe(false);
    expect(await contentMatchesExtension('constructor', bytes('%PDF-'))).toBe(false);
    expect(await contentMatchesExtension('', bytes('%PDF-'))).toBe(false);
  });
});

describe('looksLikeText', () => {
  it('accepts UTF-8 and Latin-1 / Windows-1252 text', async () => {
    expect(looksLikeText(new TextEncoder().encode('Reacción adversa: cefalea — 3 días'))).toBe(true);
    expect(looksLikeText(bytes('Reacci', 0xf3, 'n ', 0x93, 'leve', 0x94))).toBe(true);
  });

  it('refuses binary content: a NUL byte, other control bytes, UTF-16', async () => {
    expect(looksLikeText(bytes('texto', 0x00, 'oculto'))).toBe(false);
    expect(looksLikeText(bytes('texto', 0x07))).toBe(false);
    expect(looksLikeText(bytes(0xff, 0xfe, 'H', 0x00, 'o', 0x00))).toBe(false);
  });

  it('refuses text that starts like an executable', async () => {
    expect(looksLikeText(bytes('MZ this program cannot be run in DOS mode'))).toBe(false);
    expect(looksLikeText(bytes(0x7f, 'ELF'))).toBe(false);
  });
});

describe('fileMatchesExtension (an upload on disk, read in pieces)', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'atalaya-sniff-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function onDisk(name: string, content: Uint8Array): Promise<[string, number]> {
    const path = join(dir, name);
    await writeFile(path, content);
    return [path, content.length];
  }

  it('accepts a long text whose later piece happens to start with MZ, and refuses one with a NUL far in', async () => {
    const text = new Uint8Array(64 * 1024 * 3).fill(0x61);
    text.set(bytes('MZ'), 64 * 1024);
    expect(await fileMatchesExtension('txt', ...(await onDisk('largo.txt', text)))).toBe(true);
    const withNul = text.slice();
    withNul[150_000] = 0;
    expect(await fileMatchesExtension('txt', ...(await onDisk('nul.txt', withNul)))).toBe(false);
    expect(await fileMatchesExtension('txt', ...(await onDisk('exe.txt', EXECUTABLE)))).toBe(false);
  });

  it('tells a Word document from a renamed Java archive, and takes any zip as .zip', async () => {
    expect(await fileMatchesExtension('docx', ...(await onDisk('a.docx', minimalDocx())))).toBe(true);
    expect(await fileMatchesExtension('docx', ...(await onDisk('b.docx', minimalJar())))).toBe(false);
    expect(await fileMatchesExtension('zip', ...(await onDisk('c.zip', minimalJar())))).toBe(true);
    expect(await fileMatchesExtension('pdf', ...(await onDisk('d.pdf', EXECUTABLE)))).toBe(false);
    expect(await fileMatchesExtension('pdf', ...(await onDisk('e.pdf', new Uint8Array(0))))).toBe(false);
  });
});
