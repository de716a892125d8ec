import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workbookOf } from '../../test-support/catalog-files.js';
import { zipArchive } from '../../test-support/zip.js';
import { CsvFormatError, csvRecords, detectCsvEncoding, detectSeparator, MAX_CSV_RECORD_CHARS } from './csv.js';
import { type XlsxRow, xlsxSheets, XlsxTooLargeError } from './xlsx.js';

/**
 * The file readers of the catalogue import on their own: the workbook reader whatever the
 * order and spelling of the workbook's parts (Excel, LibreOffice, exceljs and hand-made
 * workbooks differ), and the CSV reader's quoting, line ends, separators and encodings.
 */

let folder: string;
let counter = 0;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'atalaya-readers-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

async function file(content: string | Uint8Array): Promise<string> {
  counter += 1;
  const path = join(folder, `file-${counter}`);
  await writeFile(path, content);
  return path;
}

const LIMITS = { entries: 100, uncompressedBytes: 10_000_000, sharedStringsBytes: 1_000_000 };

async function readAll(path: string, limits = LIMITS): Promise<{ name: string; rows: XlsxRow[] }[]> {
  const sheets: { name: string; rows: XlsxRow[] }[] = [];
  for await (const sheet of xlsxSheets(path, limits)) {
    const rows: XlsxRow[] = [];
    for await (const row of sheet.rows) rows.push(row);
    sheets.push({ name: sheet.name, rows });
  }
  return sheets;
}

describe('the workbook reader', () => {
  it('reads a workbook written by exceljs (its workbook part comes last in the zip)', async () => {
    const path = await file(await workbookOf({ Familias: [['Codigo', 'Nombre'], ['F-1', 'Analgésicos & antipiréticos'], ['F-2', 12.5]], Otra: [[true, null, 'x']] }));
    expect(await readAll(path)).toEqual([
      {
        name: 'Familias',
        rows: [
          { number: 1, cells: ['Codigo', 'Nombre'] },
          { number: 2, cells: ['F-1', 'Analgésicos & antipiréticos'] },
          { number: 3, cells: ['F-2', 12.5] },
        ],
      },
      { name: 'Otra', rows: [{ number: 1, cells: [true, null, 'x'] }] },
    ]);
  });

  it('reads parts in any order, prefixed names, absolute targets, inline and rich strings, phonetic runs, escapes and formulas', async () => {
    const sheet = `<?xml version="1.0" encoding="UTF-8"?>
      <x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>
        <x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="C1" t="s"><x:v>1</x:v></x:c></x:row>
        <x:row r="4" spans="1:3"><x:c r="A4" t="inlineStr"><x:is><x:t xml:space="preserve">  Ñandú &amp; &#241;o </x:t></x:is></x:c><x:c r="B4" t="str"><x:f>A4&amp;"x"</x:f><x:v>línea_x000D_dos</x:v></x:c><x:c r="C4" t="e"><x:v>#N/A</x:v></x:c></x:row>
        <x:row r="5"><x:c r="B5"><x:f>1+1</x:f><x:v>2</x:v></x:c><x:c r="C5" t="b"><x:v>0</x:v></x:c><x:c r="D5" s="3"/></x:row>
        <x:row r="6"/>
      </x:sheetData></x:worksheet>`;
    const shared = `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="2" uniqueCount="2">
      <si><t>Codigo</t></si>
      <si><r><rPr><b/></rPr><t>Nom</t></r><r><t>bre</t></r><rPh sb="0" eb="1"><t>ノ</t></rPh></si></sst>`;
    const workbook = `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Familias" sheetId="1" r:id="rId7"/></sheets></workbook>`;
    const rels = `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId7" Type="worksheet" Target="/xl/worksheets/hoja.xml"/></Relationships>`;
    const path = await file(
      zipArchive([
        { name: 'xl/worksheets/hoja.xml', content: sheet },
        { name: 'xl/sharedStrings.xml', content: shared },
        { name: 'xl/_rels/workbook.xml.rels', content: rels },
        { name: 'xl/workbook.xml', content: workbook },
      ]),
    );
    expect(await readAll(path)).toEqual([
      {
        name: 'Familias',
        rows: [
          { number: 1, cells: ['Codigo', null, 'Nombre'] },
          { number: 4, cells: ['  Ñandú & ño ', 'línea\rdos', { error: '#N/A' }] },
          { number: 5, cells: [null, 2, false, null] },
          { number: 6, cells: [] },
        ],
      },
    ]);
  });

  it('refuses a workbook over its limits before reading it', async () => {
    const path = await file(await workbookOf({ Familias: [['Codigo', 'Nombre'], ['F-1', 'x'.repeat(2_000)]] }));
    await expect(readAll(path, { ...LIMITS, uncompressedBytes: 1_000 })).rejects.toThrow(XlsxTooLargeError);
    await expect(readAll(path, { ...LIMITS, entries: 2 })).rejects.toThrow(XlsxTooLargeError);
  });
});

describe('the CSV reader', () => {
  async function records(content: string | Uint8Array) {
    const path = await file(content);
    const read: { number: number; fields: string[] }[] = [];
    for await (const record of csvRecords(path, await detectCsvEncoding(path))) read.push(record);
    return read;
  }

  it('takes the separator the header uses most, outside quotes', () => {
    expect(detectSeparator('Codigo;Nombre;Activo')).toBe(';');
    expect(detectSeparator('Codigo,Nombre,Activo')).toBe(',');
    expect(detectSeparator('"a;b;c",Nombre')).toBe(',');
    expect(detectSeparator('Codigo\tNombre')).toBe('\t');
    expect(detectSeparator('Codigo')).toBe(',');
  });

  it('reads quoted values with separators, doubled quotes and line breaks, and every kind of line end', async () => {
    expect(await records('\ufeffA;B\r\n"x;y";"di ""hola"""\r\n"dos\nlíneas";z\rfin;\n\nú;ñ')).toEqual([
      { number: 1, fields: ['A', 'B'] },
      { number: 2, fields: ['x;y', 'di "hola"'] },
      { number: 3, fields: ['dos\nlíneas', 'z'] },
      { number: 4, fields: ['fin', ''] },
      { number: 5, fields: [''] },
      { number: 6, fields: ['ú', 'ñ'] },
    ]);
  });

  it('reads every record before a quote left open, then names the record it opened in', async () => {
    const path = await file('Codigo;Nombre\r\nF1;Uno\r\n\r\nF2;"Dos\r\nF3;Tres\r\n');
    const read: { number: number; fields: string[] }[] = [];
    const error = await (async () => {
      for await (const record of csvRecords(path, 'utf-8')) read.push(record);
    })().catch((failure: unknown) => failure);
    expect(read).toEqual([
      { number: 1, fields: ['Codigo', 'Nombre'] },
      { number: 2, fields: ['F1', 'Uno'] },
      { number: 3, fields: [''] },
    ]);
    expect(error).toBeInstanceOf(CsvFormatError);
    expect(error).toMatchObject({ row: 4, reason: 'unclosedQuote' });
  });

  it('refuses a record longer than the limit as too long, with its number', async () => {
    await expect(records(`A;B\nx;${'y'.repeat(MAX_CSV_RECORD_CHARS + 1)}\n`)).rejects.toMatchObject({ row: 2, reason: 'rowTooLong' });
  });

  it('reads a file that is not UTF-8 as Windows-1252', async () => {
    const path = await file(Buffer.from('Nombre\r\nAcción €\r\n', 'latin1'));
    expect(await detectCsvEncoding(path)).toBe('windows-1252');
    expect(await records(Buffer.from([...Buffer.from('Nombre\r\nAcci'), 0xf3, 0x6e, 0x20, 0x80]))).toEqual([
      { number: 1, fields: ['Nombre'] },
      { number: 2, fields: ['Acción €'] },
    ]);
  });
});
