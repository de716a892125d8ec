import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { formatDate, formatDateTime, MSG, type ParsedSearchExport, SEARCH_EXPORT } from '@atalaya/domain';
import ExcelJS from 'exceljs';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db, DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest } from '../../http/errors.js';
import { encodePageKey, keysetColumns, type KeysetOrder, keysetPlan } from '../../http/keyset.js';
import { type ExportCaseRow, exportCases, matchingCases, searchOrder } from './queries.js';
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

/** Cases read per batch while the file is written (each batch: the cases, their medicines, their reactions). */
export const EXPORT_BATCH_SIZE = 5_000;

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

/** Reads the cases batch after batch: an empty batch is the end. */
type NextCases = () => Promise<ExportCaseRow[]>;

/** The name of the export's cursor (one per transaction, so a fixed name). */
const CURSOR = sql.raw('export_cases');

/** The `pg` driver (a pool behind Drizzle), where a long read may hold one connection in a cursor. */
function isNodePostgres(db: Db): boolean {
  return (db as { $client?: unknown }).$client instanceof pg.Pool;
}

/**
 * Calls `use` with a reader of the matching cases in the search's order, `batchSize` at a time.
 * On PostgreSQL one statement, planned once for the whole list (`cursor_tuple_fraction = 1`:
 * the planner reads the filter's index and sorts, rather than walking the order's index and
 * filtering), read through a cursor in one read-only transaction on its own connection. On
 * PGlite (one connection: a transaction would hold every other request for the whole
 * download) a keyset query per batch.
 */
async function withCaseReader<T>(db: Db, where: SQL, order: KeysetOrder, batchSize: number, use: (next: NextCases) => Promise<T>): Promise<T> {
  const orderBy = keysetPlan(order, { kind: 'first' }, 1, batchSize).orderBy;
  if (isNodePostgres(db)) {
    return db.transaction(
      async (tx: DbOrTx) => {
        await tx.execute(sql`set local cursor_tuple_fraction = 1`);
        // The sorts and hashes of ~100,000 cases in memory rather than on disk (at most
        // `maxConcurrentExports` of them at once, for the transaction only).
        await tx.execute(sql`set local work_mem = '64MB'`);
        await tx.execute(sql`declare ${CURSOR} no scroll cursor for ${exportCases(where, orderBy)}`);
        return use(async () => (await tx.execute<ExportCaseRow>(sql`fetch forward ${sql.raw(String(batchSize))} from ${CURSOR}`)).rows);
      },
      { accessMode: 'read only' },
    );
  }
  const { keyValue, keyId } = keysetColumns(order);
  let after: ExportCaseRow | undefined;
  let done = false;
  return use(async () => {
    if (done) return [];
    const plan = keysetPlan(order, after ? { kind: 'after', key: encodePageKey({ keyValue: after.key_value, keyId: after.key_id }) } : { kind: 'first' }, 1, batchSize);
    const read = await db.execute<ExportCaseRow>(exportCases(where, plan.orderBy, { keyValue, keyId, position: plan.where, limit: plan.limit }));
    const batch = read.rows.slice(0, batchSize);
    done = read.rows.length <= batchSize;
    after = batch[batch.length - 1];
    return batch;
  });
}

/**
 * Prepares `exportERByFilters`: checks the filters (400), builds the WHERE (reach and
 * filters, as the search) and counts the matching cases up to the sheet's limit (400
 * `MSG.search.tooManyRows` past it), all before anything is sent; `write` then streams the
 * workbook (exceljs `WorkbookWriter`, no shared strings, no styles) into `out`, reading the
 * cases with every cell (`exportCases`) in the search's order `batchSize` at a time
 * (`withCaseReader`), the next batch read while the current one is written, so memory stays
 * flat whatever the count. It
 * waits for `out` to drain between batches and stops when `out` closes.
 */
export async function prepareExport(
  db: Db,
  user: AuthUser,
  request: ParsedSearchExport,
  { batchSize = EXPORT_BATCH_SIZE, maxRows = MAX_EXPORT_ROWS }: { batchSize?: number; maxRows?: number } = {},
): Promise<PreparedExport> {
  const scope = await searchScope(db, user, request);
  const counted = await db.execute<{ n: number | string }>(sql`select count(*) as n from (${matchingCases(scope.countBranches)} limit ${maxRows + 1}) as capped`);
  const count = Number(counted.rows[0]?.n ?? 0);
  if (count > maxRows) throw badRequest(MSG.search.tooManyRows(`más de ${maxRows.toLocaleString('es-UY')}`));
  const order = searchOrder(request.orderBy);

  return {
    async write(out) {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
      const sheet = workbook.addWorksheet(SEARCH_EXPORT.sheetName);
      sheet.addRow([...EXPORT_COLUMNS]).commit();
      const finished = await withCaseReader(db, scope.where, order, batchSize, async (next) => {
        let pending = next();
        try {
          for (;;) {
            const cases = await pending;
            if (cases.length === 0) return true;
            // The next batch is read while this one is written.
            pending = cases.length < batchSize ? Promise.resolve([]) : next();
            for (const row of cases) {
              sheet
                .addRow([
                  row.reference_number,
                  row.home_reference_number ?? '',
                  formatDate(row.received_at, scope.timeZone),
                  row.country_name,
                  row.company ?? '',
                  row.group_name,
                  row.sub_group_name,
                  row.reactions ?? '',
                  row.ram_types ?? '',
                  row.active_ingredients ?? '',
                  row.commercial_name ?? '',
                ])
                .commit();
            }
            if (out.destroyed) return false;
            if (out.writableNeedDrain) await drainOrClose(out);
            if (out.destroyed) return false;
          }
        } finally {
          // Never leave a read in flight on a connection the transaction is about to release.
          await pending.catch(() => undefined);
        }
      });
      if (!finished) return;
      for (const line of closingLines(new Date(), scope.timeZone)) sheet.addRow(line ? [line] : []).commit();
      sheet.commit();
      await workbook.commit();
    },
  };
}
