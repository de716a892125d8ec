// Starts the built application server for the browser tests (playwright.config.ts's webServer).
//
// By default the server runs on the embedded database of a new installation (ATALAYA_DATA_DIR,
// set by the config). With E2E_DATABASE_URL (a PostgreSQL server URL, e.g. CI's
// postgres://postgres@127.0.0.1:5432/atalaya_e2e) it runs instead on a new, empty PostgreSQL
// database of its own, named after that URL's database, the server's name and the run
// (atalaya_e2e_app_<run>), created here and migrated and seeded by the server as on a first start;
// the files (documents, exports) stay in ATALAYA_DATA_DIR.
// Databases that earlier runs left under the same prefix are dropped first. The database does not
// wait for the disk at each commit (synchronous_commit = off, set on it alone).
import pg from 'pg';

const serverUrl = process.env.E2E_DATABASE_URL;
if (serverUrl) {
  const url = new URL(serverUrl);
  const prefix = `${url.pathname.replace(/^\//, '') || 'atalaya_e2e'}_${process.env.E2E_SERVER_NAME ?? 'app'}_`;
  const database = `${prefix}${process.env.E2E_RUN_ID ?? Date.now()}`.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${prefix}%`]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${database}"`);
    // A test database does not wait for the disk at each commit (a crash would lose its last
    // transactions, which the browser tests do not care about): each write of a spec saves a WAL
    // flush (3–6 ms on the CI machine's disk). The server's other databases keep their settings.
    await client.query(`ALTER DATABASE "${database}" SET synchronous_commit = off`);
  } finally {
    await client.end();
  }
  url.pathname = `/${database}`;
  process.env.DATABASE_URL = url.toString();
}

await import('../apps/server/dist/main.js');
