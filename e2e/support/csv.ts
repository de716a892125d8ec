/**
 * A CSV file as a spreadsheet saves it (RFC 4180: quoted fields, doubled quotes, CRLF), with its
 * separator (',' or ';', read from the header line) and its UTF-8 byte-order mark kept, so a
 * file edited here goes back as the person's spreadsheet would send it.
 */
export interface CsvFile {
  bom: boolean;
  separator: ',' | ';';
  rows: string[][];
}

const BOM = '\uFEFF';

export function parseCsv(text: string): CsvFile {
  const bom = text.startsWith(BOM);
  const body = bom ? text.slice(1) : text;
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index];
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[index + 1] === '\n') index += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return { bom, separator, rows: rows.filter((cells) => cells.some((cell) => cell !== '')) };
}

export function writeCsv(file: CsvFile): string {
  const cell = (value: string) => (/[";,\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const text = file.rows.map((row) => row.map(cell).join(file.separator)).join('\r\n');
  return `${file.bom ? BOM : ''}${text}\r\n`;
}

/** The index of the header column named `name`, ignoring case and accents ('Código' = 'Codigo'). */
export function columnIndex(header: readonly string[], name: string): number {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
  const index = header.findIndex((column) => fold(column) === fold(name));
  if (index < 0) throw new Error(`The CSV has no column '${name}': ${header.join(' | ')}`);
  return index;
}
