import type { ImportKind } from '@atalaya/domain';
import type { Db } from '../../db/client.js';

/**
 * What an import's kind plugs into the runner (docs/imports.md): the runner claims a pending
 * import, writes the uploaded file to a temporary path, calls `run` and records the outcome.
 * A handler writes its data in batches into its own staging rows (keyed by `importId`) and
 * switches them in, all at once, in one short transaction at the end: until then nothing a
 * user reads has changed, so a failure, a cancel or a restart leaves the live data untouched.
 */
export interface ImportHandler {
  kind: ImportKind;
  /** A job without an uploaded file (the duplicate scan): `filePath` is '' and `password` null. */
  withoutFile?: boolean;
  run(ctx: ImportJobContext): Promise<void>;
}

/** A row error of a validation pass (the downloadable error report holds one line each). */
export interface ImportRowError {
  /** The file's entry or sheet ('llt.asc', 'Productos'). */
  sheet: string;
  /** 1-based line or row number as a spreadsheet shows it (the header is row 1). */
  row: number;
  /** The column's header ('Codigo') or field position ('campo 3'); '' when the whole row. */
  column: string;
  /** Spanish, for the person who fixes the file. */
  message: string;
}

/**
 * Thrown by a handler to end its import as E with a Spanish reason (a wrong password, a file
 * that is not a MedDRA release, rows that do not validate). Nothing is switched in.
 */
export class ImportRejected extends Error {
  constructor(
    message: string,
    readonly rowErrors: readonly ImportRowError[] = [],
  ) {
    super(message);
    this.name = 'ImportRejected';
  }
}

export interface ImportJobContext {
  db: Db;
  importId: string;
  code: string;
  /** The uploaded file, written to a temporary path by the runner (deleted by it afterwards). */
  filePath: string;
  fileName: string;
  /** The zip's password as typed (MedDRA), null when none was given. */
  password: string | null;
  /**
   * Aborted when an ADMIN cancels the import or the server stops: stop at the next batch by
   * throwing (`signal.throwIfAborted()`), before the switch. A handler that returns has switched
   * its data in: its import ends S whatever the signal says.
   */
  signal: AbortSignal;
  /** Declares the `Tables` entries, in the order they will be loaded (each starts as P). */
  declareTables(names: readonly string[]): Promise<void>;
  /** An entry starts (D, date_start now); `percentage` is the import's overall 0–100. */
  tableStarted(name: string, percentage: number): Promise<void>;
  /** Rows so far in an entry and the import's overall percentage (written at most ~once a second). */
  tableProgress(name: string, inserted: number, percentage: number): Promise<void>;
  /** An entry is finished (S, date_end now) with its final count. */
  tableDone(name: string, inserted: number, percentage: number): Promise<void>;
  /** The MedDRA version read from the release (meddra_version). */
  setVersion(version: string): Promise<void>;
}
