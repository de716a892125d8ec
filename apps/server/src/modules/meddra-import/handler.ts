import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { MSG } from '@atalaya/domain';
import type { FileEntry } from '@zip.js/zip.js';
import type { DbOrTx } from '../../db/client.js';
import { type ImportHandler, type ImportJobContext, ImportRejected } from '../imports/index.js';
import { LineReadError } from './lines.js';
import { MAX_PROBLEMS, releaseProblems } from './checks.js';
import {
  FieldReader,
  RELEASE_FILE,
  type ReleaseFile,
  type ReleaseInfo,
  ReleaseLineError,
  SMQ_FILES,
  splitFields,
  type Target,
  TERM_AND_LINK_FILES,
  type LinkRow,
  type SmqRow,
  type SmqTermRow,
  type TermRow,
} from './release-files.js';
import { DEFAULT_ZIP_LIMITS, ReleaseZip, type ZipLimits } from './release-zip.js';
import { clearStaging, deleteOlderSmqs, hasSwitched, leftoverImports, stageLinks, stageSmqs, stageSmqTerms, stageTerms } from './staging.js';
import { analyzeStaging, deleteNewCodes, insertNewCodes, insertNewLinks, switchRelease, tidyTables } from './switch.js';

/** The steps of an import whose durations `onPhase` reports. */
export type MeddraImportPhase = 'load' | 'check' | 'prepare' | 'switch' | 'cleanup';

export interface MeddraImportOptions extends Partial<ZipLimits> {
  /** Rows a staging insert takes (one short statement each; the embedded database answers others in between). */
  batchRows?: number;
  /**
   * Staged terms an insert of new codes reads: fewer than `batchRows`, since each new LLT also
   * writes the trigram index; at 500 a statement takes about 30 ms on the embedded database.
   */
  newCodeBatchRows?: number;
  /**
   * After each batch, a pause of this share of the time the batch took (at most
   * `MAX_PAUSE_MS`): 1 on the embedded database, whose one connection the requests share, so
   * that a request's several queries are not each queued behind a statement of the import;
   * 0 (a turn of the event loop only) on a server with a pool of connections.
   */
  pauseShare?: number;
  /** Whether a request is being answered: when given, the import waits between batches until none is (at most `MAX_GIVE_WAY_MS`). */
  busy?: () => boolean;
  /** Told how long each step took (ms), e.g. for the server's log. */
  onPhase?: (phase: MeddraImportPhase, ms: number) => void;
}

const DEFAULT_BATCH_ROWS = 2_000;
const DEFAULT_NEW_CODE_BATCH_ROWS = 500;
const MAX_PAUSE_MS = 250;
/** Longest wait for the requests between two batches: a steady stream of them does not stop the import. */
const MAX_GIVE_WAY_MS = 1_000;
const GIVE_WAY_STEP_MS = 2;
/** The share of the percentage the loading of the files takes; the checks and the switch the rest. */
const LOADING_SHARE = 95;

/** The MedDRA import (docs/meddra-import.md) with its limits; `meddraImportHandler` is the one the server uses. */
export function createMeddraImportHandler(options: MeddraImportOptions = {}): ImportHandler {
  const { batchRows = DEFAULT_BATCH_ROWS, newCodeBatchRows = DEFAULT_NEW_CODE_BATCH_ROWS, pauseShare = 0, busy, onPhase, ...limits } = options;
  const settings: Settings = {
    batchRows,
    newCodeBatchRows,
    pauseShare,
    busy: busy ?? (() => false),
    limits: { ...DEFAULT_ZIP_LIMITS, ...limits },
    onPhase: onPhase ?? (() => undefined),
  };
  return { kind: 'meddra', run: (ctx) => runImport(ctx, settings) };
}

export const meddraImportHandler: ImportHandler = createMeddraImportHandler();

interface Settings {
  batchRows: number;
  newCodeBatchRows: number;
  pauseShare: number;
  busy: () => boolean;
  limits: ZipLimits;
  onPhase: (phase: MeddraImportPhase, ms: number) => void;
}

interface PlannedFile {
  file: ReleaseFile;
  entry: FileEntry;
}

/** The release's files in the order they are loaded; refused when one is missing. */
function planFiles(zip: ReleaseZip): PlannedFile[] {
  const planned: PlannedFile[] = [];
  for (const file of [RELEASE_FILE, ...TERM_AND_LINK_FILES]) {
    const entry = zip.find(file.name);
    if (!entry) throw new ImportRejected(MSG.meddraImport.fileMissing(file.name));
    planned.push({ file, entry });
  }
  const smq = SMQ_FILES.map((file) => ({ file, entry: zip.find(file.name) }));
  const [list, content] = smq;
  if (list && content && Boolean(list.entry) !== Boolean(content.entry)) {
    const [present, missing] = list.entry ? [list, content] : [content, list];
    throw new ImportRejected(MSG.meddraImport.smqIncomplete(present.file.name, missing.file.name));
  }
  for (const { file, entry } of smq) if (entry) planned.push({ file, entry });
  return planned;
}

async function stage(db: DbOrTx, importId: string, target: Target, rows: readonly unknown[]): Promise<void> {
  // The rows come from the parser of the same file definition as the target.
  switch (target.table) {
    case 'terms':
      return stageTerms(db, importId, target.level, rows as TermRow[]);
    case 'links':
      return stageLinks(db, importId, target.kind, rows as LinkRow[]);
    case 'smq':
      return stageSmqs(db, importId, rows as SmqRow[]);
    case 'smqTerms':
      return stageSmqTerms(db, importId, rows as SmqTermRow[]);
    case 'release':
      return;
  }
}

function lineRejection(error: unknown, file: string): unknown {
  if (error instanceof ReleaseLineError) {
    return new ImportRejected(error.message, [{ sheet: error.file, row: error.line, column: error.field === 0 ? '' : `campo ${error.field}`, message: error.message }]);
  }
  if (error instanceof LineReadError) {
    const { kind, line } = error.problem;
    const message = kind === 'mixedEncoding' ? MSG.meddraImport.mixedEncoding(file, line) : MSG.meddraImport.lineTooLong(file, line);
    return new ImportRejected(message, [{ sheet: file, row: line, column: '', message }]);
  }
  return error;
}

/**
 * Lets the event loop run between two statements of the import. PGlite answers a query
 * without going through the event loop, so a loop of statements would otherwise keep every
 * other request (and timer) waiting until it ends; with `pauseShare` the import also leaves
 * the connection free for a while after each batch (see MeddraImportOptions).
 */
function betweenBatches(settings: Settings, signal?: AbortSignal): () => Promise<void> {
  let since = performance.now();
  return async () => {
    signal?.throwIfAborted();
    const pause = Math.min(MAX_PAUSE_MS, (performance.now() - since) * settings.pauseShare);
    await (pause >= 1 ? sleep(pause) : nextTurn());
    for (let waited = 0; settings.busy() && waited < MAX_GIVE_WAY_MS; waited += GIVE_WAY_STEP_MS) await sleep(GIVE_WAY_STEP_MS);
    since = performance.now();
  };
}

async function timed<T>(settings: Settings, phase: MeddraImportPhase, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    settings.onPhase(phase, performance.now() - started);
  }
}

/**
 * Clears what an earlier run left: this import's own rows (a resumed import starts over) and
 * those of imports a crash ended; hidden codes inserted by an import that never switched go too.
 */
async function clearLeftovers(db: DbOrTx, importId: string, settings: Settings): Promise<void> {
  for (const { id, switched } of [{ id: importId, switched: false }, ...(await leftoverImports(db, importId))]) {
    if (!switched) await deleteNewCodes(db, id, settings.batchRows, betweenBatches(settings));
    await clearStaging(db, id, { smq: !switched }, betweenBatches(settings));
  }
}

async function runImport(ctx: ImportJobContext, settings: Settings): Promise<void> {
  const { db, importId, signal } = ctx;
  if (await hasSwitched(db, importId)) {
    // Resumed after its switch: only the clean-up was left.
    await clearStaging(db, importId, { smq: false }, betweenBatches(settings));
    return;
  }
  await clearLeftovers(db, importId, settings);
  let switched = false;
  let zip: ReleaseZip | undefined;
  try {
    const release = await timed(settings, 'load', async () => {
      zip = await ReleaseZip.open(ctx.filePath, ctx.password, settings.limits);
      return loadFiles(ctx, zip, settings);
    });
    signal.throwIfAborted();
    await timed(settings, 'check', async () => {
      await analyzeStaging(db);
      const problems = await releaseProblems(db, importId);
      const [first] = problems;
      if (first) {
        const message = problems.length === 1 ? first.message : MSG.meddraImport.inconsistent(first.message, problems.length - 1, problems.length >= MAX_PROBLEMS);
        throw new ImportRejected(message, problems);
      }
    });
    await timed(settings, 'prepare', async () => {
      await insertNewCodes(db, importId, settings.newCodeBatchRows, betweenBatches(settings, signal));
      await insertNewLinks(db, importId, settings.newCodeBatchRows, betweenBatches(settings, signal));
    });
    signal.throwIfAborted();
    await timed(settings, 'switch', () => switchRelease(db, importId, release));
    switched = true;
  } finally {
    await zip?.close();
    await timed(settings, 'cleanup', async () => {
      const pause = betweenBatches(settings);
      try {
        if (switched) {
          await clearStaging(db, importId, { smq: false }, pause);
          await deleteOlderSmqs(db, importId, pause);
        } else {
          await deleteNewCodes(db, importId, settings.batchRows, pause);
          await clearStaging(db, importId, { smq: true }, pause);
        }
        await tidyTables(db, pause);
      } catch {
        // Left for the next import of the dictionary, which clears what this one left; the
        // error that ended this one matters more.
      }
    });
  }
}

/** Reads and stages every file of the release; answers the release's version and language. */
async function loadFiles(ctx: ImportJobContext, zip: ReleaseZip, settings: Settings): Promise<ReleaseInfo> {
  const planned = planFiles(zip);
  await zip.check(planned.map(({ entry }) => entry));
  await ctx.declareTables(planned.map(({ file }) => file.name));

  const totalBytes = Math.max(1, planned.reduce((sum, { entry }) => sum + entry.uncompressedSize, 0));
  let readBytes = 0;
  const percentage = () => Math.min(LOADING_SHARE, Math.floor((readBytes / totalBytes) * LOADING_SHARE));
  const budget = { remaining: settings.limits.maxTotalBytes };
  const pause = betweenBatches(settings, ctx.signal);
  // Set by the callback that reads meddra_release.asc (an object: TypeScript follows no assignment made in a callback).
  const found: { release: ReleaseInfo | null } = { release: null };

  for (const { file, entry } of planned) {
    ctx.signal.throwIfAborted();
    await ctx.tableStarted(file.name, percentage());
    const at = new FieldReader(file.name, 0);
    let count = 0;
    let batch: unknown[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      await pause();
      await stage(ctx.db, ctx.importId, file.target, batch);
      batch = [];
      await ctx.tableProgress(file.name, count, percentage());
    };
    try {
      await zip.readLines(
        entry,
        budget,
        ctx.signal,
        async (lines) => {
          for (const line of lines) {
            if (line.text.trim() === '') continue;
            at.moveTo(line.number);
            const row = file.parse(splitFields(file, line.text, line.number), at);
            if (file.target.table === 'release') {
              // The version is the file's first record.
              if (count === 0) found.release = row as ReleaseInfo;
              count += 1;
              continue;
            }
            count += 1;
            if (row) batch.push(row);
            if (batch.length >= settings.batchRows) await flush();
          }
        },
        (bytes) => {
          readBytes += bytes;
        },
      );
      await flush();
    } catch (error) {
      throw lineRejection(error, file.name);
    }
    const optional = SMQ_FILES.includes(file);
    if (count === 0 && !optional) throw new ImportRejected(MSG.meddraImport.fileEmpty(file.name));
    if (file === RELEASE_FILE && found.release) await ctx.setVersion(found.release.version);
    await ctx.tableDone(file.name, count, percentage());
  }
  if (!found.release) throw new ImportRejected(MSG.meddraImport.fileEmpty(RELEASE_FILE.name));
  return found.release;
}
