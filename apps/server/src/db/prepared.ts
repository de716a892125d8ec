import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type DbOrTx, logStatement } from './client.js';

/** Renders Drizzle SQL as the databases' (the same casing as `openDatabase`'s). */
const dialect = new PgDialect({ casing: 'snake_case' });

/** A value that marks where a parameter goes while the statement is compiled (never sent). */
const SLOT = '\u0000slot:';

/** What the PGlite client offers (`db.$client`). */
interface QueryClient {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * A hot statement whose text never changes, only its parameters (the list rows' pieces, the
 * session check): compiled from Drizzle SQL once per process, then sent with its parameters.
 * On PostgreSQL as a named prepared statement: each pool connection parses and plans it once
 * and may keep a generic plan (the pieces statement is planned in ~1–3 ms on a million cases:
 * as long as it runs), instead of Drizzle building the text and the server planning it on
 * every request. On PGlite the same text through its client. Not for a transaction (its
 * connection is not the pool's `$client`).
 *
 * `build` receives `param(key)`: the placeholder of the value `values[key]` at run time.
 */
export function staticStatement<Row, Keys extends string>(build: (param: (key: Keys) => SQL) => SQL) {
  let compiled: { text: string; params: unknown[]; name: string } | undefined;
  const compile = () => {
    if (!compiled) {
      const { sql: text, params } = dialect.sqlToQuery(build((key) => sql`${SLOT + key}`));
      // Named by its text: a connection holds one statement per name.
      compiled = { text, params, name: `atalaya_${createHash('sha1').update(text).digest('hex').slice(0, 20)}` };
    }
    return compiled;
  };
  return async (db: DbOrTx, values: Record<Keys, unknown>): Promise<Row[]> => {
    const { text, params, name } = compile();
    const bound = params.map((value) => (typeof value === 'string' && value.startsWith(SLOT) ? values[value.slice(SLOT.length) as Keys] : value));
    logStatement(text, bound);
    // Drizzle keeps its driver client as `$client` (not in the driver-neutral type).
    const client = (db as { $client?: unknown }).$client;
    if (client instanceof pg.Pool) return (await client.query({ name, text, values: bound })).rows as Row[];
    if (client && typeof (client as QueryClient).query === 'function') return (await (client as QueryClient).query(text, bound)).rows as Row[];
    throw new Error('staticStatement needs the database, not a transaction');
  };
}

