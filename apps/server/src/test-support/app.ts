import type { FastifyInstance } from 'fastify';
import { recordErrorCodeMiss } from './error-code-misses.js';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Database } from '../db/client.js';
import { type AccountEvents, createAccountEvents } from '../modules/users/index.js';
import { type ConfigurationEvents, createConfigurationEvents } from '../shared/configuration-events.js';
import { createSignalNoticeEvents, type SignalNoticeEvents } from '../modules/signal-register/index.js';
import { createTestDatabase } from './db.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The application's configuration events: a test announces on them (the hub tells every client). */
  configurationEvents: ConfigurationEvents;
  /** The application's account events: the users module announces on them (the hub cuts the user's sockets). */
  accountEvents: AccountEvents;
  /** The application's signal notices (a new case of a watched signal's pair): tests listen to them. */
  signalNoticeEvents: SignalNoticeEvents;
  close(): Promise<void>;
}

/**
 * The real application over a test database (PGlite, or DATABASE_URL), not listening:
 * call it with `app.inject`. Close it in `afterAll`. A test that needs a database of its own
 * (the fuzz test's private PostgreSQL database) passes it; closing the app closes it too.
 */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  return createTestAppOn(await createTestDatabase(), overrides);
}

/** The real application over a database the test opened itself (another role, a scratch database). */
export async function createTestAppOn(database: Database, overrides: Partial<Config> = {}): Promise<TestApp> {
  const config: Config = {
    ...loadConfig({ LOG_LEVEL: 'silent', APP_URL: 'http://atalaya.test' }),
    // An easier proof of work keeps tests fast; the solutions are still real and verified.
    captchaMaxNumber: 1000,
    // Suites upload and print many files as one user; the tests of these limits set their own.
    uploadRateLimit: 10_000,
    pdfRateLimit: 10_000,
    ...overrides,
  };
  const configurationEvents = createConfigurationEvents();
  const accountEvents = createAccountEvents();
  const signalNoticeEvents = createSignalNoticeEvents();
  const app = await buildApp({ database, config, configurationEvents, accountEvents, signalNoticeEvents, onUnlistedErrorCode: recordErrorCodeMiss });
  return {
    app,
    database,
    config,
    configurationEvents,
    accountEvents,
    signalNoticeEvents,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
