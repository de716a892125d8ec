/**
 * `npm run openapi:update`: regenerates docs/openapi.json from the route schemas (on an
 * in-memory database; no server needed). The server test `openapi-snapshot.test.ts` fails
 * until it is run after a change of a route's schema.
 */
import { writeFile } from 'node:fs/promises';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { migrate, openDatabase } from '../db/client.js';
import { OPENAPI_SNAPSHOT_PATH, openApiSnapshotText } from '../http/openapi-snapshot.js';

const database = await openDatabase({ dataDir: 'memory://' });
try {
  await migrate(database);
  const app = await buildApp({ database, config: loadConfig({ LOG_LEVEL: 'silent', APP_URL: 'http://atalaya.test' }) });
  try {
    await writeFile(OPENAPI_SNAPSHOT_PATH, await openApiSnapshotText(app));
  } finally {
    await app.close();
  }
} finally {
  await database.close();
}
console.log(`openapi: wrote ${OPENAPI_SNAPSHOT_PATH}`);
