import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect, type PgSession } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type DbOrTx, logStatement } from './client.js';

// Statements PostgreSQL plans once per connection instead of at every request. Which to use:
// - `staticStatement` (or `preparedStatement` with hand-written text): fixed SQL answered as raw
//   rows, without Drizzle at run time (the intake, the lists' pieces, the session check).
// - `preparedByText`: a Drizzle select of one text per shape that keeps its result mapping,
//   its values placeholders: built once per database and shape.
// - `executeNamed` / `runNamed`: SQL built per call whose text varies only with its shape
//   (which keys, which role's reach): Drizzle builds it each time, the server plans each shape
//   once. Values always as parameters, never `sql.raw`, or every call is a new statement.
// docs/performance-plans.md §8.

/**
 * Fixed SQL for the hot paths (the public intake, the list rows' pieces, the session check),
 * run without Drizzle's query building. On PostgreSQL, outside a transaction, a named prepared
 * statement: each pool connection parses it once and, after PostgreSQL's first executions,
 * keeps a generic plan, so a call only binds and runs it. On PGlite, or inside a transaction,
 * the same text through Drizzle. Parameters are positional (`$1`…) and cast in the text
 * (`$1::int[]`), so both drivers send them alike: arrays as arrays, JSON as its text,
 * timestamps as ISO strings.
 */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
  /** The text split at its placeholders: text, parameter index, text… (the Drizzle path). */
  readonly parts: readonly (string | number)[];
}

const texts = new Map<string, string>();

/** Declares a statement once, at module load; its name must be unique within the process. */
export function preparedStatement(name: string, text: string): PreparedStatement {
  const known = texts.get(name);
  if (known !== undefined && known !== text) throw new Error(`Prepared statement ${name} declared twice with different text`);
  texts.set(name, text);
  const parts = text.split(/\$(\d+)/).map((part, i) => (i % 2 === 1 ? Number(part) - 1 : part));
  return { name, text, parts };
}

/** The statement as Drizzle SQL: each placeholder one parameter (an array stays one array). */
function asDrizzleSql(statement: PreparedStatement, values: readonly unknown[]): SQL {
  return sql.join(statement.parts.map((part) => (typeof part === 'number' ? sql.param(values[part]) : sql.raw(part))));
}

/** Runs the statement (alone, or in the transaction given) and answers its rows. */
export async function runPrepared<Row extends Record<string, unknown>>(db: DbOrTx, statement: PreparedStatement, values: readonly unknown[]): Promise<Row[]> {
  // The database itself (not a transaction) keeps its driver's client: a `pg` pool on PostgreSQL.
  const client: unknown = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    logStatement(statement.text, [...values]);
    const result = await client.query<Row>({ name: statement.name, text: statement.text, values: [...values] });
    return result.rows;
  }
  return (await db.execute<Row>(asDrizzleSql(statement, values))).rows;
}

/** Renders Drizzle SQL as the databases do (the same casing as `openDatabase`'s). */
const dialect = new PgDialect({ casing: 'snake_case' });

/** A statement's name: a hash of its text (the same text, the same statement on every connection). */
function statementName(text: string): string {
  return `atalaya_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
}

/** A value that marks where a named parameter goes while the statement is compiled (never sent). */
const SLOT = '\u0000slot:';

/**
 * A prepared statement written as Drizzle SQL (table and column objects, fragments shared
 * with other queries): compiled to text once per process, at its first call, and run with
 * `runPrepared`. `build` receives `param(key)`, the placeholder of `values[key]` at run time;
 * the other parameters of the SQL are fixed at compile time. Named by its text.
 */
export function staticStatement<Row extends Record<string, unknown>, Keys extends string>(build: (param: (key: Keys) => SQL) => SQL) {
  let compiled: { statement: PreparedStatement; params: unknown[] } | undefined;
  const compile = () => {
    if (!compiled) {
      const { sql: text, params } = dialect.sqlToQuery(build((key) => sql`${SLOT + key}`));
      compiled = { statement: preparedStatement(statementName(text), text), params };
    }
    return compiled;
  };
  return (db: DbOrTx, values: Record<Keys, unknown>): Promise<Row[]> => {
    const { statement, params } = compile();
    const bound = params.map((value) => (typeof value === 'string' && value.startsWith(SLOT) ? values[value.slice(SLOT.length) as Keys] : value));
    return runPrepared<Row>(db, statement, bound);
  };
}

/** What a Drizzle query's `.prepare(name)` answers: run with the values of its placeholders. */
interface DrizzlePrepared<Result> {
  execute(values?: Record<string, unknown>): Promise<Result>;
}

/**
 * A Drizzle query (its own result mapping kept) prepared once per database or transaction
 * object and shape, named by its own text: `build(db, shape)` returns the query, its values as
 * `sql.placeholder`; it is built, compiled and named once, then only run. On PostgreSQL a named
 * statement, which each pool connection parses and plans once and then only binds and runs — for
 * reads whose planning and building cost more than their run. `shape` tells apart the
 * texts one read may have (the caller's role in a reach condition); a read of one text passes
 * none. For the reads of every request (opening a case: building and compiling its reads with
 * Drizzle cost the server 4 ms of CPU a request, docs/performance-plans.md §9).
 */
export function preparedByText<Result, Shape extends string = ''>(
  build: (db: DbOrTx, shape: Shape) => { toSQL(): { sql: string }; prepare(name: string): DrizzlePrepared<Result> },
): (db: DbOrTx, ...shape: Shape extends '' ? [] : [Shape]) => DrizzlePrepared<Result> {
  const prepared = new WeakMap<DbOrTx, Map<string, DrizzlePrepared<Result>>>();
  return (db, ...rest) => {
    const shape = (rest[0] ?? '') as Shape;
    let shapes = prepared.get(db);
    if (!shapes) prepared.set(db, (shapes = new Map()));
    let query = shapes.get(shape);
    if (!query) {
      const built = build(db, shape);
      query = built.prepare(statementName(built.toSQL().sql));
      shapes.set(shape, query);
    }
    return query;
  };
}

/** The Drizzle session under a database or transaction object (what `db.execute` runs on). */
function sessionOf(db: DbOrTx): PgSession {
  return (db as unknown as { _: { session: PgSession } })._.session;
}

/**
 * Runs Drizzle SQL built per call (its shape varies: the keys a record has, the caller's
 * reach) as a statement named by its compiled text: the values are parameters, so each shape
 * is one text, which each pool connection parses and plans once and then only binds and runs
 * (once PostgreSQL settles on its generic plan). Rows as `db.execute` answers them (Drizzle's
 * own driver settings: timestamps as text). For reads whose planning costs as much as their run;
 * a shape whose text holds a literal per call would prepare one statement per call: build
 * those with `sql.param`, never `sql.raw`.
 */
export async function executeNamed<Row extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const compiled = dialect.sqlToQuery(query);
  const result = (await sessionOf(db).prepareQuery(compiled, undefined, statementName(compiled.sql), false).execute()) as { rows: Row[] };
  return result.rows;
}

/** A Drizzle query builder (its result mapping kept), run as a statement named by its text (`executeNamed`). */
export function runNamed<Result>(query: { toSQL(): { sql: string }; prepare(name: string): DrizzlePrepared<Result> }): Promise<Result> {
  return query.prepare(statementName(query.toSQL().sql)).execute();
}
