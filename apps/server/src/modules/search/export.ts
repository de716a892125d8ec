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
import {
  caseReactions,
  type CaseReaction,
  type ExportCaseRow,
  exportCases,
  type ExportMedicineRow,
  exportMedicines,
  groupByEvent,
  matchingCases,
  searchOrder,
} from './queries.js';
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

function distinct(values: (string | null)[]): string[] {
  return [...new Set(values.filter((value): value is string => Boolean(value)))];
}

/** A batch of cases with its pieces, read before it is written. */
interface LoadedBatch {
  cases: ExportCaseRow[];
  medicines: ExportMedicineRow[];
  reactions: CaseReaction[];
}

/** The cases of a batch with their first medicines and their reactions (two queries, in parallel). */
async function loadBatch(db: Db, cases: ExportCaseRow[]): Promise<LoadedBatch> {
  if (cases.length === 0) return { cases, medicines: [], reactions: [] };
  const ids = cases.map((row) => row.id);
  const [medicines, reactions] = await Promise.all([exportMedicines(db, ids), caseReactions(db, ids)]);
  return { cases, medicines: medicines.rows, reactions };
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
    const read = await db.execute<ExportCaseRow>(sql`${exportCases(where, plan.orderBy, { keyValue, keyId, position: plan.where })} limit ${plan.limit}`);
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
 * cases in the search's order `batchSize` at a time (`withCaseReader`), the next batch and its
 * pieces read while the current one is written, so memory stays flat whatever the count. It
 * waits for `out` to drain between batches and stops when `out` closes.
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
      const finished = await withCaseReader(db, scope.where, order, batchSize, async (next) => {
        const read = async () => loadBatch(db, await next());
        let pending = read();
        try {
          for (;;) {
            const { cases, medicines, reactions } = await pending;
            if (cases.length === 0) return true;
            // The next batch is read (cursor, medicines, reactions) while this one is written.
            pending = cases.length < batchSize ? Promise.resolve({ cases: [], medicines: [], reactions: [] }) : read();
            const medicineOf = new Map(medicines.map((medicine) => [medicine.event_id, medicine]));
            const reactionsOf = groupByEvent(reactions);
            for (const row of cases) {
              const medicine = medicineOf.get(row.id);
              const caseReactionRows = reactionsOf.get(row.id) ?? [];
              sheet
                .addRow([
                  row.reference_number,
                  row.home_reference_number ?? '',
                  formatDate(row.received_at, scope.timeZone),
                  row.country_name,
                  medicine?.company ?? '',
                  row.group_name,
                  row.sub_group_name,
                  distinct(caseReactionRows.map((reaction) => reaction.lltName)).join('; '),
                  distinct(caseReactionRows.map((reaction) => reaction.ramType)).join(', '),
                  medicine?.active_ingredients ?? '',
                  medicine?.commercial_name ?? '',
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
