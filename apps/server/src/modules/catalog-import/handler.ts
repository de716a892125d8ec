import { CATALOG_SHEET_NAMES, type CatalogSheetName, MSG } from '@atalaya/domain';
import type { FastifyBaseLogger } from 'fastify';
import { writeAudit } from '../audit/index.js';
import { ImportRejected, type ImportHandler, type ImportJobContext } from '../imports/index.js';
import { announceConfigurationChanged, type ConfigurationEvents } from '../../shared/configuration-events.js';
import {
  analyzeCatalog,
  analyzeStagedRows,
  type CatalogSnapshot,
  dropLeftoverRows,
  dropStagedRows,
  importUserId,
  SHEET_SWITCHES,
  type SheetChange,
  stageRows,
  type StagedRow,
} from './queries.js';
import { optionalText, parseRow, type RowValues } from './sheets.js';
import { openSource, type SourceFile } from './source.js';
import { type ValidatedFile, validateCatalogFile } from './validate.js';
import { walkCatalog } from './walk.js';

/**
 * The product catalogue import (docs/imports.md 'The product catalogue'), the `data` kind of
 * the imports' runner:
 *
 * 1. validation: the whole file read once, every row checked; any error → `ImportRejected`
 *    with every row error, nothing written;
 * 2. loading: the file read again, its rows staged in `catalog_import_rows` in batches (each
 *    its own short statement, the cancel signal checked and the progress told between them),
 *    the live catalogue untouched;
 * 3. switch: one transaction of one set-based upsert per sheet in load order (countries first,
 *    products' ingredients last), the audit row, the staged rows dropped. Then the `Tables`
 *    entries are done and 'Cambio en la configuración' is announced.
 */

/** Rows staged per statement. */
export const STAGE_BATCH = 2_000;

/** Overall percentage when the loading ends and the switch starts (the switch takes the rest). */
const LOADED_PERCENTAGE = 85;

/** Above this many rows the planner's statistics are refreshed after the switch (PGlite runs no autovacuum). */
const ANALYZE_ABOVE_ROWS = 5_000;

/** What the catalogue import needs besides the job: where to announce a change of the catalogue. */
export interface CatalogImportDeps {
  announce?: { configurationEvents: ConfigurationEvents; log: FastifyBaseLogger };
}

/** The staged form of a checked row: its values, plus the ids of the reference-list values it names. */
function stagedValues(sheet: CatalogSheetName, values: RowValues, snapshot: CatalogSnapshot): Record<string, unknown> {
  if (sheet === 'Productos' && 'FormaFarmaceutica' in values) {
    const form = optionalText(values, 'FormaFarmaceutica');
    return { ...values, FormaFarmaceuticaId: form === null ? null : (snapshot.forms.get(form) ?? null) };
  }
  if (sheet === 'ProductoPrincipios' && 'Unidad' in values) {
    const unit = optionalText(values, 'Unidad');
    return { ...values, UnidadId: unit === null ? null : (snapshot.units.get(unit) ?? null) };
  }
  return { ...values };
}

/** Loading: the file read again and staged, sheet by sheet, in batches. */
async function stageFile(ctx: ImportJobContext, source: SourceFile, validated: ValidatedFile): Promise<void> {
  const total = [...validated.rowCounts.values()].reduce((sum, count) => sum + count, 0);
  let done = 0;
  let batch: StagedRow[] = [];
  let sheet: CatalogSheetName | null = null;
  let sheetRows = 0;
  const percentage = () => (total === 0 ? LOADED_PERCENTAGE : Math.floor((done / total) * LOADED_PERCENTAGE));
  const flush = async () => {
    if (!sheet || batch.length === 0) return;
    ctx.signal.throwIfAborted();
    await stageRows(ctx.db, ctx.importId, sheet, batch);
    done += batch.length;
    sheetRows += batch.length;
    batch = [];
    await ctx.tableProgress(sheet, sheetRows, percentage());
  };
  const unexpected = () => {
    // The file validated a moment ago; a difference now means it changed under the import.
    throw new Error('The catalogue file changed between the validation and the loading');
  };
  for await (const event of walkCatalog(source, unexpected)) {
    const name = event.layout.sheet.name;
    if (event.type === 'sheet') {
      await flush();
      sheet = name;
      sheetRows = 0;
      await ctx.tableStarted(name, percentage());
      continue;
    }
    const parsed = parseRow(event.layout, event.row.number, event.row.cells);
    if (parsed.errors.length > 0) unexpected();
    batch.push({ n: parsed.number, d: stagedValues(name, parsed.values, validated.snapshot) });
    if (batch.length >= STAGE_BATCH) await flush();
  }
  await flush();
}

/** 'Productos: 3 nuevos, 1 modificados' and so on, for the audit row; null when nothing changed. */
function changeSummary(changes: Map<CatalogSheetName, SheetChange[]>): Record<string, string> | null {
  const summary: Record<string, string> = {};
  let changed = false;
  for (const [sheet, [rows, links]] of changes) {
    if (!rows) continue;
    summary[sheet] = MSG.catalogImport.auditSummary(rows.inserted, rows.updated, rows.removed);
    if (links) summary[`${sheet} (países)`] = MSG.catalogImport.auditSummary(links.inserted, links.updated, links.removed);
    changed ||= [rows, links].some((change) => change && change.inserted + change.updated + (change.removed ?? 0) > 0);
  }
  return changed ? summary : null;
}

/** A unique or foreign key broken in the switch: the catalogue changed while the file was loading. */
function isKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code ?? (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return code === '23505' || code === '23503';
}

/** The switch: every sheet made live in one transaction, with its audit row. Answers whether anything changed. */
async function switchIn(ctx: ImportJobContext, validated: ValidatedFile): Promise<boolean> {
  const sheets = CATALOG_SHEET_NAMES.filter((sheet) => validated.layouts.has(sheet));
  const userId = await importUserId(ctx.db, ctx.importId);
  try {
    return await ctx.db.transaction(async (tx) => {
      const changes = new Map<CatalogSheetName, SheetChange[]>();
      for (const sheet of sheets) {
        const layout = validated.layouts.get(sheet);
        if (layout) changes.set(sheet, await SHEET_SWITCHES[sheet](tx, ctx.importId, layout.present));
      }
      const summary = changeSummary(changes);
      if (summary) {
        await writeAudit(tx, {
          kind: 'catalog.imported',
          actor: userId ? { id: userId } : null,
          description: MSG.catalogImport.auditDescription(ctx.code, ctx.fileName),
          pkId: ctx.code,
          newValues: summary,
        });
      }
      await dropStagedRows(tx, ctx.importId);
      return summary !== null;
    });
  } catch (error) {
    if (isKeyViolation(error)) throw new ImportRejected(MSG.catalogImport.changedMeanwhile);
    throw error;
  }
}

/** Runs one catalogue import (see the module's comment). */
export async function runCatalogImport(ctx: ImportJobContext, deps: CatalogImportDeps = {}): Promise<void> {
  const source = await openSource(ctx.filePath, ctx.fileName);
  const validated = await validateCatalogFile(ctx.db, source, { signal: ctx.signal });
  if (validated.errors.count > 0) {
    throw new ImportRejected(MSG.catalogImport.rejected(validated.errors.count, validated.errors.listed.length), validated.errors.sorted(validated.layouts));
  }
  const sheets = CATALOG_SHEET_NAMES.filter((sheet) => validated.layouts.has(sheet));
  await ctx.declareTables(sheets);
  let switched = false;
  try {
    await dropLeftoverRows(ctx.db, ctx.importId);
    await stageFile(ctx, source, validated);
    await analyzeStagedRows(ctx.db);
    ctx.signal.throwIfAborted();
    const changed = await switchIn(ctx, validated);
    switched = true;
    // Committed: the catalogue is live; what follows only tells of it.
    if (changed && deps.announce) announceConfigurationChanged(deps.announce.configurationEvents, { what: 'catalogo' }, deps.announce.log);
    for (const [index, sheet] of sheets.entries()) {
      const percentage = LOADED_PERCENTAGE + Math.floor(((index + 1) / sheets.length) * (100 - LOADED_PERCENTAGE));
      await ctx.tableDone(sheet, validated.rowCounts.get(sheet) ?? 0, percentage);
    }
    const rows = [...validated.rowCounts.values()].reduce((sum, count) => sum + count, 0);
    // Fresher statistics only help the next queries: a failure here is not the import's.
    if (rows > ANALYZE_ABOVE_ROWS) await analyzeCatalog(ctx.db).catch(() => undefined);
  } finally {
    if (!switched) await dropStagedRows(ctx.db, ctx.importId).catch(() => undefined);
  }
}

/** The `data` import handler; `deps` lets it announce a changed catalogue on the hub. */
export function createCatalogImportHandler(deps: CatalogImportDeps = {}): ImportHandler {
  return { kind: 'data', run: (ctx) => runCatalogImport(ctx, deps) };
}

/** The handler without announcements (a runner that has the configuration events uses `createCatalogImportHandler`). */
export const catalogImportHandler: ImportHandler = createCatalogImportHandler();
