import { registerNulGuard } from './http/nul-guard.js';
import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { registerErrorCodeCheck, type UnlistedErrorCode } from './http/error-code-check.js';
import { frameworkErrorHandler, registerErrorHandler } from './http/error-handler.js';
import { tooManyRequests } from './http/errors.js';
import { registerNotFound } from './http/not-found.js';
import { registerResourceLimits } from './http/resource-limits.js';
import { DOCS_PREFIX, registerOpenApi } from './http/openapi.js';
import { currentAccountLookup, registerRouteAccess } from './http/route-access.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { auditTrailModule } from './modules/audit-trail/index.js';
import { authModule, loadAuthKeys } from './modules/auth/index.js';
import { caseEditModule } from './modules/case-edit/index.js';
import { casePdfModule } from './modules/case-pdf/index.js';
import { e2bModule } from './modules/e2b/index.js';
import { caseMedicationsModule } from './modules/case-medications/index.js';
import { caseAssessmentModule } from './modules/case-assessment/index.js';
import { caseWorkflowModule } from './modules/case-workflow/index.js';
import { caseViewModule } from './modules/case-view/index.js';
import { catalogModule } from './modules/catalog/index.js';
import { type CatalogImportDeps, catalogImportModule, createCatalogImportHandler } from './modules/catalog-import/index.js';
import { contextModule } from './modules/context/index.js';
import { caseReadRoutes, createCaseEvents } from './modules/cases/index.js';
import { createDeadlineEvents, type DeadlineEvents } from './modules/deadlines/index.js';
import { filesModule } from './modules/files/index.js';
import { createImportEvents, type ImportEvents, type ImportHandlers, importsModule } from './modules/imports/index.js';
import { followUpModule } from './modules/follow-up/index.js';
import { createHomeReportEvents, homeReportsModule } from './modules/home-reports/index.js';
import { meddraModule } from './modules/meddra/index.js';
import { createMeddraImportHandler, meddraImportHandler } from './modules/meddra-import/index.js';
import { createE2bImportHandler, e2bImportModule } from './modules/e2b-import/index.js';
import { type RequestTraffic } from './http/traffic.js';
import { indicatorsModule } from './modules/indicators/index.js';
import { signalsModule } from './modules/signals/index.js';
import { createSignalNoticeEvents, registerSignalNotices, signalRegisterModule, type SignalNoticeEvents } from './modules/signal-register/index.js';
import { noKpiModule } from './modules/nokpi/index.js';
import { createPairRecorder, duplicateScanHandler, duplicatesModule } from './modules/duplicates/index.js';
import { metricsModule } from './modules/metrics/index.js';
import { referenceDataModule } from './modules/reference-data/index.js';
import { registerRealtimeHub } from './modules/realtime/index.js';
import { type ConfigurationEvents, createConfigurationEvents } from './shared/configuration-events.js';
import { searchModule } from './modules/search/index.js';
import { registerErrorNotices, settingsModule } from './modules/settings/index.js';
import { registerWebApp } from './modules/static/index.js';
import { tasksModule } from './modules/tasks/index.js';
import { type AccountEvents, createAccountEvents, usersModule } from './modules/users/index.js';

/** Largest JSON or form body; file uploads declare their own limit. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildAppOptions {
  database: Database;
  config: Config;
  /** The configuration events of the instance; tests pass theirs to announce on the hub. */
  configurationEvents?: ConfigurationEvents;
  /** The account events of the instance (users whose access changed); tests pass theirs. */
  accountEvents?: AccountEvents;
  /** Missed deadlines found by the sweep (main.ts starts it); the hub tells those users. */
  deadlineEvents?: DeadlineEvents;
  /** The imports' progress (the hub tells the ADMINs) and work (the runner main.ts starts is kicked). */
  importEvents?: ImportEvents;
  /** New cases of a watched signal's pair, for its responsible person (the hub's 'casoSenal'); tests pass theirs. */
  signalNoticeEvents?: SignalNoticeEvents;
  /** Counts the requests being answered (main.ts hands it to the MedDRA import, which gives way to them). */
  traffic?: RequestTraffic;
  /**
   * Told of every error answer whose `Code` its contract route does not list
   * (http/error-code-check.ts). Only the test applications pass it: it is a check, not a feature.
   */
  onUnlistedErrorCode?: (unlisted: UnlistedErrorCode) => void;
}

/**
 * The import handlers this server runs, by kind (main.ts hands them to the import runner;
 * docs/adr/0014-import-jobs.md). The MedDRA release and the product catalogue register theirs
 * here; an import of a kind without a handler ends E ('todavía no puede procesar').
 */
export function importHandlers(
  deps: CatalogImportDeps = {},
  options: { embeddedDatabase?: boolean; traffic?: RequestTraffic; e2bXsdDir?: string | undefined } = {},
): ImportHandlers {
  // On the embedded database the import shares the requests' one connection: after each batch
  // it leaves it free as long as the batch held it, and while a request is being answered.
  const meddra = options.embeddedDatabase ? createMeddraImportHandler({ batchRows: 1_000, newCodeBatchRows: 200, pauseShare: 1, busy: options.traffic?.busy }) : meddraImportHandler;
  return { meddra, data: createCatalogImportHandler(deps), e2b: createE2bImportHandler({ xsdDir: options.e2bXsdDir }), duplicates: duplicateScanHandler };
}

/**
 * An empty JSON body reads as "no body" (a bodiless POST sent with a JSON content type). A body
 * that starts with a byte-order mark is not JSON (RFC 8259 §8.1) and is refused like any
 * malformed body, rather than silently read: a body whose fields are all optional (the event
 * search's filters) would otherwise take `\ufeff{}` for `{}`.
 */
function acceptEmptyJson(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') {
      done(null, undefined);
      return;
    }
    if (text.startsWith('\ufeff')) {
      done(Object.assign(new Error('JSON body starts with a byte-order mark'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

/**
 * The Fastify application: security headers, error catalogue, role checks, OpenAPI at
 * /api/docs, the API modules and the web build. Not yet listening nor `ready()`.
 */
export async function buildApp({
  database,
  config,
  configurationEvents = createConfigurationEvents(),
  accountEvents = createAccountEvents(),
  deadlineEvents = createDeadlineEvents(),
  importEvents = createImportEvents(),
  signalNoticeEvents = createSignalNoticeEvents(),
  traffic,
  onUnlistedErrorCode,
}: BuildAppOptions): Promise<FastifyInstance> {
  // Messages of schemas that do not set their own: Spanish, like everything the user reads.
  z.config(z.locales.es());

  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  traffic?.track(app);
  registerErrorHandler(app);
  if (onUnlistedErrorCode) registerErrorCodeCheck(app, onUnlistedErrorCode);
  acceptEmptyJson(app);
  registerNulGuard(app);

  const { db } = database;
  const keys = await loadAuthKeys(db, config);
  registerErrorNotices(app, db);

  registerSecurityHeaders(app);
  await app.register(cookie);
  await app.register(rateLimit, { global: false, errorResponseBuilder: () => tooManyRequests() });
  registerResourceLimits(app, config);
  const currentAccount = currentAccountLookup(db);
  registerRouteAccess(app, { accessTokenKey: keys.accessTokenKey, publicPrefixes: [DOCS_PREFIX], currentAccount });
  await registerOpenApi(app);

  await app.register(authModule, { db, keys, config });
  await app.register(contextModule, { db, config });
  await app.register(catalogModule, { db });
  await app.register(meddraModule, { db });
  const homeReportEvents = createHomeReportEvents();
  const caseEvents = createCaseEvents();
  await app.register(homeReportsModule, { db, captchaHmacKey: keys.captchaHmacKey, events: homeReportEvents, caseEvents });
  await app.register(tasksModule, { db });
  await app.register(searchModule, { db });
  await app.register(caseReadRoutes, { db });
  await app.register(caseMedicationsModule, { db });
  await app.register(caseAssessmentModule, { db });
  await app.register(caseEditModule, { db });
  await app.register(referenceDataModule, { db, configurationEvents });
  await app.register(filesModule, { db });
  await app.register(followUpModule, { db, caseEvents, appUrl: config.appUrl });
  await app.register(caseWorkflowModule, { db, caseEvents, appUrl: config.appUrl });
  await app.register(caseViewModule, { db });
  await app.register(casePdfModule, { db });
  await app.register(e2bModule, { db, xsdDir: config.e2bXsdDir });
  await app.register(usersModule, { db, config, accountEvents });
  await app.register(metricsModule, { db, configurationEvents });
  await app.register(indicatorsModule, { db });
  await app.register(signalsModule, { db });
  await app.register(signalRegisterModule, { db });
  registerSignalNotices(app, db, signalNoticeEvents);
  await app.register(auditTrailModule, { db });
  await app.register(noKpiModule, { db });
  // The pairs' queue is the app's, so tests can wait for it (`app.duplicatePairs.settled()`).
  const duplicatePairs = createPairRecorder(db, app.log);
  app.decorate('duplicatePairs', duplicatePairs);
  await app.register(duplicatesModule, { db, events: importEvents, caseEvents, recorder: duplicatePairs });
  await app.register(settingsModule, { db, configurationEvents, mailCaptureDir: config.mailCaptureDir });
  await app.register(importsModule, { db, events: importEvents, maxBytes: config.importMaxBytes });
  await app.register(catalogImportModule);
  await app.register(e2bImportModule, { db, events: importEvents, maxBytes: config.importMaxBytes });
  // Settings and parameter screens announce their changes on configurationEvents ('Cambio en la configuración').
  await registerRealtimeHub(app, {
    database,
    config,
    accessTokenKey: keys.accessTokenKey,
    currentAccount,
    homeReportEvents,
    caseEvents,
    configurationEvents,
    accountEvents,
    deadlineEvents,
    importEvents,
    signalNoticeEvents,
  });

  registerNotFound(app, await registerWebApp(app, config.webDistDir));
  return app;
}
