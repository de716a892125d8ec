import { SIGNAL_MSG, type SignalExportQuery, type SignalRowDto } from '@atalaya/domain';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest } from '../../http/errors.js';
import { csvFile } from '../../shared/csv.js';
import { signalRows } from './service.js';

/** More rows than this: refused (400) rather than a sheet too large to open. */
export const MAX_SIGNAL_EXPORT_ROWS = 500_000;

type Cell = string | number | null;

/** The columns of the file, as the screen names them, and each row's cell. */
export const SIGNAL_EXPORT_COLUMNS: readonly { header: string; cell: (row: SignalRowDto) => Cell }[] = [
  { header: 'Fármaco', cell: (r) => r.Farmaco },
  { header: 'Id fármaco', cell: (r) => r.FarmacoId },
  { header: 'PT', cell: (r) => r.Pt },
  { header: 'Código PT', cell: (r) => r.PtCodigo },
  { header: 'a', cell: (r) => r.A },
  { header: 'b', cell: (r) => r.B },
  { header: 'c', cell: (r) => r.C },
  { header: 'd', cell: (r) => r.D },
  { header: 'E', cell: (r) => r.E },
  { header: 'PRR', cell: (r) => r.PRR },
  { header: 'PRR IC95 inf.', cell: (r) => r.PRRInf },
  { header: 'PRR IC95 sup.', cell: (r) => r.PRRSup },
  { header: 'ROR', cell: (r) => r.ROR },
  { header: 'ROR IC95 inf.', cell: (r) => r.RORInf },
  { header: 'ROR IC95 sup.', cell: (r) => r.RORSup },
  { header: 'χ² (Yates)', cell: (r) => r.Chi2 },
  { header: 'IC', cell: (r) => r.IC },
  { header: 'IC025', cell: (r) => r.IC025 },
  { header: 'IC975', cell: (r) => r.IC975 },
  { header: 'EBGM', cell: (r) => r.EBGM },
  { header: 'EB05', cell: (r) => r.EB05 },
  { header: 'EB95', cell: (r) => r.EB95 },
  { header: 'Haldane', cell: (r) => (r.Haldane ? 'Sí' : 'No') },
  { header: 'Evans', cell: (r) => (r.Evans ? 'Sí' : 'No') },
  { header: 'IC025 > 0', cell: (r) => (r.SenalIC ? 'Sí' : 'No') },
  { header: 'EB05 ≥ 2', cell: (r) => (r.SenalEB05 ? 'Sí' : 'No') },
  { header: 'ROR025 > 1', cell: (r) => (r.SenalROR ? 'Sí' : 'No') },
];

export interface SignalFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** `GET /api/signals/export`: the whole filtered table, in the screen's order, as xlsx or CSV. */
export async function signalFile(db: Db, user: AuthUser, query: SignalExportQuery): Promise<SignalFile> {
  const { formato, ...filters } = query;
  const { rows } = await signalRows(db, user, filters);
  if (rows.length > MAX_SIGNAL_EXPORT_ROWS) throw badRequest(SIGNAL_MSG.tooManyRows);
  const stamp = new Date().toISOString().slice(0, 10);
  if (formato === 'csv') {
    // The server's CSV writer (shared/csv.ts): text cells guarded against formulas; numbers as
    // they are (a negative IC is a number, not a formula), with a dot; an empty statistic empty.
    const content = csvFile(
      [SIGNAL_EXPORT_COLUMNS.map((column) => column.header), ...rows.map((row) => SIGNAL_EXPORT_COLUMNS.map((column) => column.cell(row) ?? ''))],
      { delimiter: ',' },
    );
    return { fileName: `senales-${stamp}.csv`, contentType: 'text/csv; charset=utf-8', bytes: Buffer.from(content, 'utf8') };
  }
  // exceljs is loaded by the first export rather than with the server.
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  const sheet = workbook.addWorksheet('Señales');
  sheet.addRow(SIGNAL_EXPORT_COLUMNS.map((column) => column.header));
  for (const row of rows) sheet.addRow(SIGNAL_EXPORT_COLUMNS.map((column) => column.cell(row)));
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  return { fileName: `senales-${stamp}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes };
}
