import { appendFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, Logger } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;

/** What `db.execute(sql…)` answers on both drivers: at least the rows. */
export interface QueryRows<Row> {
  rows: Row[];
}
export interface QueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<this['row']>;
}
/** The Drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<QueryResultHKT, Schema>;
/** A transaction: `db.transaction(async (tx) => …)`. */
export type Tx = PgTransaction<QueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either a database or a transaction: what query functions should accept. */
export type DbOrTx = Db | Tx;

/**
 * Runs independent reads side by side on the database (each on a connection of the pool), one
 * after another in a transaction. A transaction holds one connection, on which `pg` queues a
 * query sent while another runs, with a deprecation warning: pg 9 removes the queue.
 */
export async function readAll<T extends readonly unknown[]>(db: DbOrTx, reads: readonly [...{ [K in keyof T]: () => PromiseLike<T[K]> }]): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL connection string: use the `pg` driver. */
  databaseUrl?: string;
  /** The PGlite data directory, or `'memory://'` (the default) for an in-memory database. */
  dataDir?: string;
  /** A PGlite dump (`dumpDataDir`) to start from; only for an empty data directory. */
  loadDataDir?: Blob;
}

/** What `migrate` and the dump helpers need beyond the public interface. */
interface Internals {
  applyMigrations(migrationsFolder: string): Promise<void>;
  /** Runs a multi-statement script. */
  exec(script: string): Promise<void>;
  /** Serialises migrations between processes sharing one PostgreSQL server. */
  withMigrationLock<T>(work: () => Promise<T>): Promise<T>;
  /** Opens the pool's connections and loads each one's catalog of the tables (`warmConnections`). */
  warm(): Promise<number>;
  pglite: PGlite | null;
}

const internals = new WeakMap<Database, Internals>();

const MEMORY = 'memory://';
/** Arbitrary constant identifying Atalaya's migration advisory lock. */
const MIGRATION_LOCK_KEY = 724_513_001;

/** apps/server, from src/db (tsx, vitest) and dist/db (node) alike. */
const serverRoot = new URL('../../', import.meta.url);
const migrationsFolder = fileURLToPath(new URL('drizzle/', serverRoot));
const sqlFolder = fileURLToPath(new URL('src/db/sql/', serverRoot));

/**
 * `ATALAYA_SQL_LOG=/path/file.jsonl`: every statement Drizzle sends is appended to that file,
 * one JSON line `{ "sql": …, "params": […] }` — for bench/lists.ts, which replays the
 * statements of each list raw. Off (and free) unless set; never in production.
 */
function sqlLogger(): Logger | undefined {
  const path = process.env.ATALAYA_SQL_LOG;
  if (!path) return undefined;
  return {
    logQuery: (query, params) => {
      appendFileSync(path, `${JSON.stringify({ sql: query, params }, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))}\n`);
    },
  };
}

/** The same log for the statements sent past Drizzle (`db/prepared.ts`); a no-op unless `ATALAYA_SQL_LOG` is set. */
export const logStatement: (query: string, params: unknown[]) => void = sqlLogger()?.logQuery.bind(undefined) ?? (() => undefined);

/** PostgreSQL's deadlock_detected: the server rolled the whole transaction back, so it can run again. */
const DEADLOCK_DETECTED = '40P01';
/** Runs of one transaction before its deadlock reaches the caller (as a 500 with an incident code). */
export const TRANSACTION_ATTEMPTS = 4;

function isDeadlock(error: unknown): boolean {
  const own = (error as { code?: unknown } | null)?.code;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return own === DEADLOCK_DETECTED || cause === DEADLOCK_DETECTED;
}

/**
 * On the PostgreSQL server, `db.transaction` runs its work again when the server broke a
 * deadlock by rolling it back, as PostgreSQL's manual advises (13.4, "Serialization Failure
 * Handling"). Every audited write holds the audit chain's head from its first audit row to its
 * commit, while the maintained counts (indicators, signals, a case's laboratories and products) are
 * locked by triggers at whatever point a write reaches them: two writes of different cases can wait
 * on each other, rarely, and the one PostgreSQL rolls back must not become the user's error.
 * Nothing of the rolled-back run remains, so running the work again is the same as running it
 * once; the work must not act outside the database before it commits (no caller does: notices,
 * mail and files go out after the commit). Savepoints (`tx.transaction`) are left alone: a deadlock aborts
 * the whole transaction, which this outer loop runs again. PGlite has one connection and never deadlocks.
 */
function retryDeadlocks(db: Db): void {
  const transaction = db.transaction.bind(db);
  const withRetry: typeof transaction = async (work, config) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction(work, config);
      } catch (error) {
        if (attempt >= TRANSACTION_ATTEMPTS || !isDeadlock(error)) throw error;
        // A short random wait, longer at each attempt, so the two writers do not meet again.
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
      }
    }
  };
  db.transaction = withRetry;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  return opts.databaseUrl ? openPg(opts.databaseUrl) : openPglite(opts.dataDir ?? MEMORY, opts.loadDataDir);
}

async function openPg(connectionString: string): Promise<Database> {
  // JIT compilation costs 300–500 ms on the list queries (measured on 300,000 cases) and
  // saves nothing on queries that read a page of rows through an index. No parallel workers
  // either: every request is a short read or write, and a parallel plan's workers took 55–70 ms
  // to gather a 10 ms count on two cores (the Indicadores cards over every country,
  // docs/performance-plans.md §8); requests run side by side on the pool instead.
  // Idle connections are kept (pg's default closed them after 10 s): a connection's statements
  // are parsed and planned once, and a new backend also loads the catalog entries of the tables
  // it reads (`events` has 25 indexes), so the reads that a request runs side by side on several
  // connections (a case's view: 11) paid both again after every pause of 10 s (docs/performance-plans.md
  // §9). Idle connections do not keep a script's process alive; TCP keepalive finds a dead one.
  const pool = new pg.Pool({
    connectionString,
    max: POOL_SIZE,
    options: '-c jit=off -c max_parallel_workers_per_gather=0',
    idleTimeoutMillis: 0,
    allowExitOnIdle: true,
    keepAlive: true,
  });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case', logger: sqlLogger() });
  retryDeadlocks(db);
  const database: Database = { db, driver: 'pg', close: () => pool.end() };
  internals.set(database, {
    applyMigrations: (folder) => migrateNodePg(db, { migrationsFolder: folder }),
    exec: async (script) => {
      await pool.query(script);
    },
    withMigrationLock: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    // A connection that cannot be opened or warmed (the server's connection limit reached) is
    // left to open on demand, as without the warm-up: the server starts all the same.
    warm: async () => {
      const opened = await Promise.allSettled(Array.from({ length: POOL_SIZE }, () => pool.connect()));
      const clients = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      const loaded = await Promise.allSettled(clients.map((client) => client.query(LOAD_CATALOG)));
      for (const client of clients) client.release();
      return loaded.filter((result) => result.status === 'fulfilled').length;
    },
    pglite: null,
  });
  return database;
}

/** The pool's connections (pg's default, named: `warmConnections` opens them all). */
const POOL_SIZE = 10;

/**
 * Plans a read of every table the session may read: a new backend loads each table's catalog
 * entries and its indexes' (`events` has 25) on the first statement that names it, and plans with
 * them. A `where false` read is planned (the relation and its indexes opened) and returns nothing.
 */
const LOAD_CATALOG = `DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT c.oid::regclass AS name FROM pg_class c
    WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') AND has_table_privilege(c.oid, 'SELECT')
  LOOP
    EXECUTE format('EXPLAIN SELECT FROM %s WHERE false', t.name);
  END LOOP;
END
$$`;

async function openPglite(dataDir: string, loadDataDir: Blob | undefined): Promise<Database> {
  // The embedded database's modules are loaded only when it is used (a server on PostgreSQL never needs them).
  const [{ PGlite }, { pg_trgm }, { fuzzystrmatch }, { unaccent }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/fuzzystrmatch'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const unlock = dataDir === MEMORY ? () => undefined : lockDataDir(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir, { extensions: { pg_trgm, fuzzystrmatch, unaccent }, ...(loadDataDir ? { loadDataDir } : {}) });
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite({ client, schema, casing: 'snake_case', logger: sqlLogger() });
  const database: Database = {
    db,
    driver: 'pglite',
    close: async () => {
      try {
        if (!client.closed) {
          await client.exec('CHECKPOINT');
          await client.close();
        }
      } finally {
        unlock();
      }
    },
  };
  internals.set(database, {
    applyMigrations: (folder) => migratePglite(db, { migrationsFolder: folder }),
    exec: async (script) => {
      await client.exec(script);
    },
    // One process owns a PGlite data directory (the lock file).
    withMigrationLock: (work) => work(),
    // One connection, in the process: nothing to open ahead.
    warm: async () => 0,
    pglite: client,
  });
  return database;
}

function internalsOf(database: Database): Internals {
  const found = internals.get(database);
  if (!found) throw new Error('Not a database opened with openDatabase');
  return found;
}

/**
 * Brings the schema up to date: the committed Drizzle migrations, then every
 * hand-written idempotent script of `src/db/sql/` in name order.
 */
export async function migrate(database: Database): Promise<void> {
  const { applyMigrations, exec, withMigrationLock } = internalsOf(database);
  await withMigrationLock(async () => {
    await applyMigrations(migrationsFolder);
    const scripts = (await readdir(sqlFolder)).filter((name) => name.endsWith('.sql')).sort();
    for (const name of scripts) {
      await exec(await readFile(join(sqlFolder, name), 'utf8'));
    }
  });
}

/**
 * Opens every connection of a PostgreSQL pool and loads, on each, the catalog of the tables the
 * server reads, before the server takes requests (main.ts): otherwise the first requests after a
 * start open the connections — a new backend each — and load the catalog themselves; a case's
 * view runs 11 reads side by side on up to 10 connections (docs/performance-plans.md §10). The
 * pool keeps them (`idleTimeoutMillis: 0`). Returns the connections warmed (0 on PGlite); one
 * that fails to open or to load is not an error.
 */
export async function warmConnections(database: Database): Promise<number> {
  return internalsOf(database).warm();
}

/** A compressed copy of an embedded database's data directory (`tar.gz`); null for PostgreSQL. */
export async function dumpEmbedded(database: Database): Promise<Blob | null> {
  const { pglite } = internalsOf(database);
  return pglite ? pglite.dumpDataDir('gzip') : null;
}
