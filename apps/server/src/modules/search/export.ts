import { EventEmitter, once } from 'node:events';
import type { Writable } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import type ExcelJS from 'exceljs';
import { formatDateTime, MSG, type ParsedSearchExport, SEARCH_EXPORT } from '@atalaya/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest } from '../../http/errors.js';
import { caseOrder, type KeysetOrder, keysetPlanAfter } from '../case-lists/index.js';
import { type ExportCaseRow, exportCases, exportCatalogQueries, matchingCases } from './queries.js';
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

/** Cases read per batch while the file is written. */
export const EXPORT_BATCH_SIZE = 5_000;

/** Waits until `stream` drains or `out` closes, leaving no listener behind (a long export waits many times). */
async function drainOrClose(stream: EventEmitter, out: Writable): Promise<void> {
  const stop = new AbortController();
  try {
    await Promise.race([
      once(stream, 'drain', { signal: stop.signal }),
      once(stream, 'close', { signal: stop.signal }),
      once(out, 'close', { signal: stop.signal }),
    ]);
  } finally {
    stop.abort();
  }
}

/** Rows written between two looks at the zip's backlog (a row is ~0.5 KiB of XML). */
const ROWS_PER_CHECK = 256;

/**
 * The stream that takes the sheet's XML into the zip (archiver's entry: a readable-stream
 * PassThrough piped into the deflate), or undefined before archiver has reached the sheet.
 * exceljs writes into it without looking at what `write` answers (`StreamBuf._pipe`), so its
 * buffer grows by whatever the deflate, or the response behind it, has not taken yet: the whole
 * sheet, if nothing waits (exceljs alone: +75 MiB for 96,000 rows). The export waits for it to
 * drain instead. Internal to exceljs 4 (`WorksheetWriter.stream.pipes`): when absent the export
 * still works, waiting only for `out`.
 */
function zipEntryOf(sheet: ExcelJS.Worksheet): (EventEmitter & { _writableState?: { needDrain?: boolean } }) | undefined {
  const entry = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0];
  return entry instanceof EventEmitter ? entry : undefined;
}

/** Waits while the zip's entry or `out` holds more than its buffer's worth; false when `out` has closed (stop writing). */
async function backpressure(sheet: ExcelJS.Worksheet, out: Writable): Promise<boolean> {
  const entry = zipEntryOf(sheet);
  if (entry?._writableState?.needDrain && !out.destroyed) await drainOrClose(entry, out);
  if (out.writableNeedDrain && !out.destroyed) await drainOrClose(out, out);
  return !out.destroyed;
}

/** What the export writes, checked before the first byte is sent. */
export interface PreparedExport {
  write(out: Writable): Promise<void>;
}

/** Reads the cases batch after batch: an empty batch is the end. */
type NextCases = () => Promise<ExportCaseRow[]>;

/** A statement's rows as arrays (`rowMode: 'array'`): what both drivers read the export with. */
type ReadRows = (query: SQL) => Promise<unknown[][]>;

/** The names `sheetRow` looks up: each active ingredient's name and rank in name order (by id as text), each RAM type. */
export interface ExportCatalog {
  ingredients: Map<string, { name: string; rank: number }>;
  ramTypes: Map<number, string>;
}

/** Reads the catalog into `catalog` (replacing what it held). */
async function readCatalog(read: ReadRows, catalog: ExportCatalog = { ingredients: new Map(), ramTypes: new Map() }): Promise<ExportCatalog> {
  const queries = exportCatalogQueries();
  const [ingredients, ramTypes] = [await read(queries.ingredients), await read(queries.ramTypes)];
  catalog.ingredients.clear();
  for (const [id, name, rank] of ingredients) catalog.ingredients.set(String(id), { name: String(name), rank: Number(rank) });
  catalog.ramTypes.clear();
  for (const [id, type] of ramTypes) catalog.ramTypes.set(Number(id), String(type));
  return catalog;
}

function ingredientOf(id: string, catalog: ExportCatalog): { name: string; rank: number } {
  const ingredient = catalog.ingredients.get(id);
  // The catalog is read in the export's snapshot (PostgreSQL) or with its batch (PGlite): an id is always in it.
  if (!ingredient) throw new Error(`Active ingredient ${id} missing from the export's catalog`);
  return ingredient;
}

/** The active ingredients recorded on a medicine (`'3,17'`), joined by ', ' in name order, as SQL's `string_agg(… order by name)`. */
function recordedIngredients(ids: string, catalog: ExportCatalog): string {
  if (!ids.includes(',')) return ingredientOf(ids, catalog).name;
  const found = ids.split(',').map((id) => ingredientOf(id, catalog));
  found.sort((a, b) => a.rank - b.rank);
  return found.map((ingredient) => ingredient.name).join(', ');
}

/**
 * The reactions' cells: their distinct non-empty LLT names in the order entered (first id),
 * joined by '; ', and their distinct non-empty RAM types the same way, joined by ', '.
 */
function reactionCells(reactions: ExportCaseRow[7], catalog: ExportCatalog): [string, string] {
  if (!reactions || reactions.length === 0) return ['', ''];
  if (reactions.length === 1) {
    const [, ramTypeId, lltName] = reactions[0] ?? [];
    return [lltName ?? '', (ramTypeId === null || ramTypeId === undefined ? undefined : catalog.ramTypes.get(ramTypeId)) ?? ''];
  }
  const ordered = [...reactions].sort((a, b) => a[0] - b[0]);
  const names: string[] = [];
  const types: string[] = [];
  for (const [, ramTypeId, lltName] of ordered) {
    if (lltName && !names.includes(lltName)) names.push(lltName);
    const type = ramTypeId === null ? undefined : catalog.ramTypes.get(ramTypeId);
    if (type && !types.includes(type)) types.push(type);
  }
  return [names.join('; '), types.join(', ')];
}

/** A case's row of the sheet, in `EXPORT_COLUMNS` order. */
function sheetRow(row: ExportCaseRow, catalog: ExportCatalog): string[] {
  const [reference, homeReference, receivedDay, country, company, group, subGroup, reactions, recordedIds, productIngredients, product] = row;
  const [reactionNames, ramTypes] = reactionCells(reactions, catalog);
  return [
    reference,
    homeReference ?? '',
    receivedDay,
    country,
    company ?? '',
    group,
    subGroup,
    reactionNames,
    ramTypes,
    recordedIds === null ? (productIngredients ?? '') : recordedIngredients(recordedIds, catalog),
    product ?? '',
  ];
}

/** The name of the export's cursor (one per transaction, so a fixed name). */
const CURSOR = 'export_cases';

/** The `pg` pool behind Drizzle, where a long read may hold one connection in a cursor; undefined on PGlite. */
function nodePostgresPool(db: Db): pg.Pool | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/** `query` as text and parameters, rendered by the database's own dialect (its casing). */
function toQuery(db: Db, query: SQL): { text: string; values: unknown[] } {
  const rendered = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
  return { text: rendered.sql, values: rendered.params };
}

/**
 * Calls `use` with a reader of the matching cases in the search's order, `batchSize` at a time,
 * and the names the rows need. Rows are read as arrays straight from the driver (no Drizzle
 * mapping). On PostgreSQL one statement (`exportCases`) through a cursor in one read-only
 * repeatable-read transaction on a connection of its own (the catalog read in the same
 * snapshot). On PGlite (one connection: a transaction would hold every other request for the
 * whole download) a keyset batch of the same statement per call.
 */
async function withCaseReader<T>(
  db: Db,
  where: SQL,
  order: KeysetOrder,
  timeZone: string,
  batchSize: number,
  use: (next: NextCases, catalog: ExportCatalog) => Promise<T>,
): Promise<T> {
  const pool = nodePostgresPool(db);
  if (pool) {
    const client = await pool.connect();
    let broken = false;
    try {
      const read: ReadRows = async (query) => (await client.query<unknown[]>({ ...toQuery(db, query), rowMode: 'array' })).rows;
      await client.query('begin isolation level repeatable read, read only');
      await client.query('set local cursor_tuple_fraction = 1');
      // The sort of ~100,000 finished rows in memory rather than on disk (at most
      // `maxConcurrentExports` of them at once, for the transaction only).
      await client.query(`set local work_mem = '64MB'`);
      const catalog = await readCatalog(read);
      const statement = toQuery(db, exportCases(where, order, timeZone));
      await client.query({ text: `declare ${CURSOR} no scroll cursor for ${statement.text}`, values: statement.values });
      const fetch = `fetch forward ${batchSize} from ${CURSOR}`;
      const result = await use(async () => (await client.query<ExportCaseRow>({ text: fetch, rowMode: 'array' })).rows, catalog);
      await client.query('commit');
      return result;
    } catch (error) {
      broken = true;
      throw error;
    } finally {
      // A connection whose work failed half-way is closed (which rolls its transaction back), not given back to the pool.
      client.release(broken);
    }
  }
  const pglite = (db as { $client?: unknown }).$client as PGlite;
  const read: ReadRows = async (query) => {
    const { text, values } = toQuery(db, query);
    return (await pglite.query<unknown[]>(text, values, { rowMode: 'array' })).rows;
  };
  let after: ExportCaseRow | undefined;
  let done = false;
  const catalog = await readCatalog(read);
  return use(async () => {
    if (done) return [];
    const plan = keysetPlanAfter(order, after && { keyValue: after[11], keyId: after[12] }, batchSize);
    // The names again with each later batch: an ingredient added meanwhile is known when its cases are read.
    if (after) await readCatalog(read, catalog);
    const rows = (await read(exportCases(where, order, timeZone, { position: plan.where, orderBy: plan.orderBy, limit: plan.limit }))) as ExportCaseRow[];
    const batch = rows.slice(0, batchSize);
    done = rows.length <= batchSize;
    after = batch[batch.length - 1];
    return batch;
  }, catalog);
}

/**
 * Prepares `exportERByFilters`: checks the filters (400), builds the WHERE (reach and
 * filters, as the search) and counts the matching cases up to the sheet's limit (400
 * `MSG.search.tooManyRows` past it), all before anything is sent; `write` then streams the
 * workbook (exceljs `WorkbookWriter`, no shared strings, no styles) into `out`, reading the
 * cases with every cell (`exportCases`, `sheetRow`) in the search's order `batchSize` at a time
 * (`withCaseReader`), the next batch read while the current one is written. Each row is
 * committed as it is written, and every `ROWS_PER_CHECK` rows the writer waits while the zip's
 * entry or `out` is full (`backpressure`), so what is held is a batch or two of rows and a
 * buffer per stream, whatever the count. It stops when `out` closes.
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
  const order = caseOrder(request.orderBy);

  return {
    async write(out) {
      // exceljs's streaming writer is loaded by the first export rather than with the server
      // (~17 MiB that no other route uses; the whole package is ~28), while the database reads
      // the first batch.
      const loading = import('exceljs/lib/stream/xlsx/workbook-writer.js');
      let written: { workbook: ExcelJS.stream.xlsx.WorkbookWriter; sheet: ExcelJS.Worksheet } | undefined;
      const finished = await withCaseReader(db, scope.where, order, scope.timeZone, batchSize, async (next, catalog) => {
        let pending = next();
        try {
          const { default: WorkbookWriter } = await loading;
          const workbook = new WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
          const sheet = workbook.addWorksheet(SEARCH_EXPORT.sheetName);
          written = { workbook, sheet };
          sheet.addRow([...EXPORT_COLUMNS]).commit();
          for (;;) {
            const cases = await pending;
            if (cases.length === 0) return true;
            // The next batch is read while this one is written.
            pending = cases.length < batchSize ? Promise.resolve([]) : next();
            for (let index = 0; index < cases.length; index++) {
              sheet.addRow(sheetRow(cases[index] as ExportCaseRow, catalog)).commit();
              if (index % ROWS_PER_CHECK === ROWS_PER_CHECK - 1 && !(await backpressure(sheet, out))) return false;
            }
            if (!(await backpressure(sheet, out))) return false;
          }
        } finally {
          // Never leave a read in flight on a connection the transaction is about to release.
          await pending.catch(() => undefined);
        }
      });
      if (!finished || !written) return;
      for (const line of closingLines(new Date(), scope.timeZone)) written.sheet.addRow(line ? [line] : []).commit();
      written.sheet.commit();
      await written.workbook.commit();
    },
  };
}
