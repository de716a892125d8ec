import ExcelJS from 'exceljs';

/** Test helpers: a workbook or a CSV file of catalogue sheets, written as a person would. */

export type Rows = readonly (readonly (string | number | boolean | null)[])[];

/** An xlsx workbook with these sheets, in this order (first row the header). */
export async function workbookOf(sheets: Readonly<Record<string, Rows>>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name);
    for (const row of rows) sheet.addRow([...row]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A CSV text: fields quoted when they need it, `separator` between them, CRLF line ends. */
export function csvOf(rows: Rows, separator = ';'): string {
  const cell = (value: string | number | boolean | null) => {
    const text = value === null ? '' : String(value);
    return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return rows.map((row) => row.map(cell).join(separator)).join('\r\n') + '\r\n';
}

/** The rows of each sheet of a workbook (cells as exceljs reads them, rows padded to the header). */
export async function readWorkbook(bytes: Uint8Array): Promise<Map<string, unknown[][]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheets = new Map<string, unknown[][]>();
  workbook.eachSheet((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    sheets.set(sheet.name, rows);
  });
  return sheets;
}
