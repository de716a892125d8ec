import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { formatDate, formatDateTime, MSG, type ParsedSearchExport, SEARCH_EXPORT } from '@atalaya/domain';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest } from '../../http/errors.js';
import { encodePageKey, keysetPlan } from '../../http/keyset.js';
import { caseReactions, firstMedicines, groupByEvent, matchingCases, searchOrder, searchPage, type SearchPageRow } from './queries.js';
import { searchScope } from './service.js';

/** The content type of an .xlsx file. */
export const XLSX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The columns of the sheet (event spec §9), in order. */
export const EXPORT_COLUMNS = [
  'Id del evento',
  'Id licenciante',
  'Fecha de recepción',
  'País',
  'Compañía',
  'Tipo de evento',
  'Tipo de reporte',
  'Reacción',
  'Tipo de reacción adversa',
  'Principio activo',
  'Producto',
] as const;

/** The lines under the rows: a blank line, the export's date, the signature lines. */
export function closingLines(exportedAt: Date, timeZone: string): string[] {
  return ['', `Fecha de exportación: ${formatDateTime(exportedAt, timeZone)}`, 'Firma: ______', 'Aclaración: ______'];
}
const CLOSING_LINE_COUNT = 4;

/** The most case rows a sheet can hold: Excel's rows less the header and the closing lines. */
export const MAX_EXPORT_ROWS = SEARCH_EXPORT.maxRows - 1 - CLOSING_LINE_COUNT;

/** Cases read per query while the file is written (each batch: the cases, their medicines, their reactions). */
export const EXPORT_BATCH_SIZE = 2_000;

/** Waits until `out` drains or closes, leaving no listener behind (a long export waits many times). */
async function drainOrClose(out: Writable): Promise<void> {
  const stop = new AbortController();
  try {
    await Promise.race([once(out, 'drain', { signal: stop.signal }), once(out, 'close', { signal: stop.signal })]);
  } finally {
    stop.abort();
  }
}

/** What the export writes, checked before the first byte is sent. */
export interface PreparedExport {
  write(out: Writable): Promise<void>;
}

function distinct(values: (string | null)[]): string[] {
  return [...new Set(values.filter((value): value is string => Boolean(value)))];
}

/**
 * Prepares `exportERByFilters`: checks the filters (400), builds the WHERE (reach and
 * filters, as the search) and counts the matching cases up to the sheet's limit (400
 * `MSG.search.tooManyRows` past it), all before anything is sent; `write` then streams the
 * workbook (exceljs `WorkbookWriter`, no shared strings, no styles) into `out`, reading the
 * cases in keyset batches of `EXPORT_BATCH_SIZE` in the search's order, so memory stays flat
 * whatever the count. It waits for `out` to drain between batches and stops when `out` closes.
 */
export async function prepareExport(
  db: Db,
  user: AuthUser,
  request: ParsedSearchExport,
  { batchSize = EXPORT_BATCH_SIZE, maxRows = MAX_EXPORT_ROWS }: { batchSize?: number; maxRows?: number } = {},
): Promise<PreparedExport> {
  const scope = await searchScope(db, user, request);
  const counted = await db.execute<{ n: number | string }>(sql`select count(*) as n from (${matchingCases(scope.where)} limit ${maxRows + 1}) as capped`);
  const count = Number(counted.rows[0]?.n ?? 0);
  if (count > maxRows) throw badRequest(MSG.search.tooManyRows(`más de ${maxRows.toLocaleString('es-UY')}`));
  const order = searchOrder(request.orderBy);

  return {
    async write(out) {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
      const sheet = workbook.addWorksheet(SEARCH_EXPORT.sheetName);
      sheet.addRow([...EXPORT_COLUMNS]).commit();
      let after: SearchPageRow | undefined;
      for (;;) {
        const plan = keysetPlan(order, after ? { kind: 'after', key: encodePageKey(after) } : { kind: 'first' }, 1, batchSize);
        const read = await searchPage(db, scope.where, order, plan);
        const batch = read.slice(0, batchSize);
        if (batch.length === 0) break;
        const ids = batch.map((row) => row.id);
        const [medicines, reactions] = await Promise.all([firstMedicines(db, ids), caseReactions(db, ids)]);
        const medicineOf = new Map(medicines.map((medicine) => [medicine.eventId, medicine]));
        const reactionsOf = groupByEvent(reactions);
        for (const row of batch) {
          const medicine = medicineOf.get(row.id);
          const caseReactionRows = reactionsOf.get(row.id) ?? [];
          sheet
            .addRow([
              row.referenceNumber,
              row.homeReferenceNumber ?? '',
              formatDate(row.receivedAt, scope.timeZone),
              row.countryName,
              medicine?.company ?? '',
              row.groupName,
              row.subGroupName,
              distinct(caseReactionRows.map((reaction) => reaction.lltName)).join('; '),
              distinct(caseReactionRows.map((reaction) => reaction.ramType)).join(', '),
              medicine?.activeIngredients ?? '',
              medicine?.commercialName ?? '',
            ])
            .commit();
        }
        if (out.destroyed) return;
        if (out.writableNeedDrain) await drainOrClose(out);
        if (out.destroyed) return;
        if (read.length <= batchSize) break;
        after = batch[batch.length - 1];
      }
      for (const line of closingLines(new Date(), scope.timeZone)) sheet.addRow(line ? [line] : []).commit();
      sheet.commit();
      await workbook.commit();
    },
  };
}
