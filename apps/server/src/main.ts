import { buildApp, importHandlers } from './app.js';
import { loadConfig } from './config.js';
import { warmConnections } from './db/client.js';
import { openMigratedDatabase } from './db/roles.js';
import { demoUsers } from './db/seed/data/index.js';
import { isEmptyDatabase } from './db/seed/index.js';
import { DEMO_PASSWORD, seedOnStart } from './demo/index.js';
import { createDeadlineEvents, startDeadlineSweeper } from './modules/deadlines/index.js';
import { createImportEvents, startImportRunner } from './modules/imports/index.js';
import { createRequestTraffic } from './http/traffic.js';
import { startMailSender } from './modules/mail/index.js';
import { createConfigurationEvents } from './shared/configuration-events.js';

async function main(): Promise<void> {
  const config = loadConfig();
  // With DATABASE_MIGRATION_URL the owner migrates and the application runs as its own role.
  const { database, warning } = await openMigratedDatabase({ databaseUrl: config.databaseUrl, migrationUrl: config.databaseMigrationUrl, dataDir: config.dataDir });
  // A fresh embedded installation starts with the demo data so there is something to sign in with.
  const demo = config.demo || (database.driver === 'pglite' && (await isEmptyDatabase(database.db)));
  await seedOnStart(database, { demo });

  const deadlineEvents = createDeadlineEvents();
  const importEvents = createImportEvents();
  // One configuration channel: a catalogue import announces 'Cambio en la configuración' on the hub.
  const configurationEvents = createConfigurationEvents();
  // The requests being answered: on the embedded database the MedDRA import gives way to them.
  const traffic = createRequestTraffic();
  const app = await buildApp({ database, config, deadlineEvents, importEvents, configurationEvents, traffic });
  if (warning) app.log.warn(warning);
  const mail = startMailSender(database.db, app.log, undefined, { captureDir: config.mailCaptureDir });
  // Pending deadlines become overdue as time passes (docs/adr/0013-deadline-sweep.md).
  const deadlines = startDeadlineSweeper(database.db, app.log, deadlineEvents);
  // Imports run as jobs kept in the database: resumed after a restart (docs/adr/0014-import-jobs.md).
  const importRunner = startImportRunner(database.db, app.log.child({ module: 'imports' }), importEvents, importHandlers({ announce: { configurationEvents, log: app.log } }, { embeddedDatabase: database.driver === 'pglite', traffic, e2bXsdDir: config.e2bXsdDir }));
  if (config.mailCaptureDir) app.log.warn(`ATALAYA_MAIL_CAPTURE_DIR: los correos se escriben en ${config.mailCaptureDir} y no se envían`);

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await mail.stop();
      await deadlines.stop();
      await importRunner.stop();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  // The pool's connections open and load the tables' catalog before the first request does.
  await warmConnections(database);
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.dataDir;
  app.log.info(`Atalaya en ${config.appUrl} (base de datos: ${where})`);
  if (demo) app.log.info(`Datos de demostración cargados. Cuentas: ${demoUsers.map((user) => user.email).join(', ')}; contraseña: ${DEMO_PASSWORD}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
