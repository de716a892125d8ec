import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * The PostgreSQL side of the test databases. The suite is given one DATABASE_URL (e.g.
 * …/test); beside it live `test_tpl`, migrated and seeded once by the global set-up, and one
 * `test_f_<random>` per test file, copied from the template (CREATE DATABASE … TEMPLATE takes
 * a fraction of a second), so that the files run in parallel and none reads another's rows.
 */
function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

function withDatabase(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${encodeURIComponent(name)}`;
  return next.toString();
}

export function templateDatabaseUrl(baseUrl: string): string {
  return withDatabase(baseUrl, `${databaseName(baseUrl)}_tpl`);
}

async function withAdmin<T>(baseUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A test database does not wait for the disk at each commit (`synchronous_commit = off`): a crash
 * may lose its last transactions, which a test database does not care about, and every commit
 * stops costing a WAL flush (3–6 ms on the CI machine's disk, pg_test_fsync). Set per database:
 * the server's other databases keep their settings.
 */
async function createTestDatabase(client: pg.Client, name: string, template?: string): Promise<void> {
  await client.query(`create database ${quoted(name)}${template === undefined ? '' : ` template ${quoted(template)}`}`);
  await client.query(`alter database ${quoted(name)} set synchronous_commit = off`);
}

export async function createTemplate(baseUrl: string): Promise<void> {
  await withAdmin(baseUrl, (client) => createTestDatabase(client, `${databaseName(baseUrl)}_tpl`));
}

/** A new database for one test file, copied from the template; answers its URL. */
export async function createFileDatabase(baseUrl: string): Promise<string> {
  const name = `${databaseName(baseUrl)}_f_${randomBytes(5).toString('hex')}`;
  await withAdmin(baseUrl, (client) => createTestDatabase(client, name, `${databaseName(baseUrl)}_tpl`));
  return withDatabase(baseUrl, name);
}

/** The names of every file's database (and the template's when asked). */
async function fileDatabases(client: pg.Client, baseUrl: string, options: { template: boolean }): Promise<string[]> {
  const base = databaseName(baseUrl);
  const { rows } = await client.query<{ datname: string }>(
    `select datname from pg_database where datname like $1 escape '\\' or (datname = $2 and $3)`,
    [`${base.replaceAll('_', '\\_')}\\_f\\_%`, `${base}_tpl`, options.template],
  );
  return rows.map((row) => row.datname);
}

/** Drops every file's database (and the template when asked): at the start of a run. */
export async function dropFileDatabases(baseUrl: string, options: { template: boolean }): Promise<void> {
  await withAdmin(baseUrl, async (client) => {
    for (const name of await fileDatabases(client, baseUrl, options)) await client.query(`drop database if exists ${quoted(name)} with (force)`);
  });
}

/**
 * At the end of a run: leaves the template and the files' databases to a detached process
 * (scripts/drop-test-databases.mjs) that drops them while whatever comes next runs. Each DROP
 * DATABASE waits for a checkpoint (PostgreSQL 15), and the first after a run waits for the one
 * that writes out the whole run: the template's drop alone held the suite's end for 47–80 s
 * (38 s of it syncing 24,000 files), and the files' drops one after another ~50 s. A run started
 * before it is done drops what is left at its start.
 */
export async function dropFileDatabasesAfterRun(baseUrl: string): Promise<void> {
  const names = await withAdmin(baseUrl, (client) => fileDatabases(client, baseUrl, { template: true }));
  if (names.length === 0) return;
  const script = fileURLToPath(new URL('../../scripts/drop-test-databases.mjs', import.meta.url));
  spawn(process.execPath, [script, baseUrl, ...names], { detached: true, stdio: 'ignore' }).unref();
}
