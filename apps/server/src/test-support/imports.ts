import { createSignalNoticeEvents } from '../modules/signal-register/index.js';
import type { ImportEntry, UploadImportKind, ImportStatus } from '@atalaya/domain';
import { IMPORT_PATHS } from '@atalaya/domain';
import { expect } from 'vitest';
import { recordErrorCodeMiss } from './error-code-misses.js';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { createImportEvents, type ImportEvents, type ImportHandlers, type ImportRunner, type ImportRunnerOptions, startImportRunner } from '../modules/imports/index.js';
import { createAccountEvents } from '../modules/users/index.js';
import { createConfigurationEvents } from '../shared/configuration-events.js';
import type { TestApp } from './app.js';
import { multipartBody } from './files.js';
import type { SignedIn } from './home-reports.js';
import { privateTestDatabase } from './private-db.js';

/**
 * The application with its import events, over a database of the test file's own (at most one
 * import of a kind may run at a time in a database: the suite's shared PostgreSQL database
 * would mix test files). Runners are started by the test with the handlers it wants and are
 * stopped by `close()`.
 */
export interface ImportTestApp extends TestApp {
  importEvents: ImportEvents;
  /** Starts a runner (as main.ts does) with these handlers; quick timings unless told. */
  startRunner(handlers: ImportHandlers, options?: ImportRunnerOptions): ImportRunner;
  /** Stops every runner started so far (call it in `afterEach`: a runner left running takes the next test's imports). */
  stopRunners(): Promise<void>;
}

/** Timings of a test runner: a stale heartbeat after a second, progress at most every 50 ms. */
export const TEST_RUNNER_OPTIONS: ImportRunnerOptions = { pollMs: 200, heartbeatMs: 100, staleMs: 1_000, progressIntervalMs: 50, stopTimeoutMs: 5_000 };

export async function createImportTestApp(overrides: Partial<Config> = {}): Promise<ImportTestApp> {
  const { database, drop } = await privateTestDatabase();
  const config: Config = {
    ...loadConfig({ LOG_LEVEL: 'silent', APP_URL: 'http://atalaya.test' }),
    captchaMaxNumber: 1000,
    uploadRateLimit: 10_000,
    pdfRateLimit: 10_000,
    ...overrides,
  };
  const configurationEvents = createConfigurationEvents();
  const accountEvents = createAccountEvents();
  const importEvents = createImportEvents();
  const signalNoticeEvents = createSignalNoticeEvents();
  const app = await buildApp({ database, config, configurationEvents, accountEvents, importEvents, signalNoticeEvents, onUnlistedErrorCode: recordErrorCodeMiss });
  const runners: ImportRunner[] = [];
  return {
    app,
    database,
    config,
    configurationEvents,
    accountEvents,
    importEvents,
    signalNoticeEvents,
    startRunner(handlers, options = {}) {
      const runner = startImportRunner(database.db, app.log, importEvents, handlers, { ...TEST_RUNNER_OPTIONS, ...options });
      runners.push(runner);
      return runner;
    },
    async stopRunners() {
      await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    },
    async close() {
      await Promise.all(runners.splice(0).map((runner) => runner.stop()));
      await app.close();
      await drop();
    },
  };
}

/** A file to upload as an import. */
export interface ImportFilePart {
  name: string;
  content: Uint8Array | string;
}

/** Uploads an import of `kind` (multipart FileName, file, password) as `who`. */
export async function uploadImport(t: Pick<TestApp, 'app'>, who: SignedIn, kind: UploadImportKind, file: ImportFilePart | null, fields: Record<string, string | undefined> = {}) {
  const body = await multipartBody({ FileName: file?.name, ...fields }, file ? [{ name: file.name, content: file.content }] : []);
  const url = `/api/${{ meddra: IMPORT_PATHS.meddraUpload, data: IMPORT_PATHS.dataUpload, e2b: IMPORT_PATHS.e2bUpload }[kind]}`;
  return t.app.inject({ method: 'POST', url, headers: { ...who.headers, ...body.headers }, payload: body.payload });
}

/** The import as `getmeddraimportcode` / `getdataimportcode` / `gete2bimportcode` answer it. */
export async function importDetail(t: Pick<TestApp, 'app'>, who: SignedIn, kind: UploadImportKind, code: string): Promise<ImportEntry> {
  const url = `/api/${{ meddra: IMPORT_PATHS.meddraDetail, data: IMPORT_PATHS.dataDetail, e2b: IMPORT_PATHS.e2bDetail }[kind]}/${code}`;
  const response = await t.app.inject({ method: 'GET', url, headers: who.headers });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json<ImportEntry>();
}

/** Waits until the import reaches one of `statuses` (the runner works in the background); its entry then. */
export async function importReaches(t: Pick<TestApp, 'app'>, who: SignedIn, kind: UploadImportKind, code: string, statuses: readonly ImportStatus[]): Promise<ImportEntry> {
  await expect.poll(async () => (await importDetail(t, who, kind, code)).status, { timeout: 15_000, interval: 50 }).toSatisfy((status: ImportStatus) => statuses.includes(status));
  return importDetail(t, who, kind, code);
}
