import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Column, getTableColumns, getTableName } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../../apps/server/src/faces/bench.js';

/**
 * Bulk loading with COPY (text format), on both databases: a PostgreSQL connection of its own
 * (pg-copy-streams) or the PGlite instance behind the Drizzle database (`COPY … FROM
 * '/dev/blob'`). Each table of a batch is one COPY statement, so statement-level triggers (the
 * case laboratories of migration 0009) run once per table and batch.
 */
export interface BulkLoader {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  /** COPY of rows already encoded (`encodeRows`). */
  copy(table: string, columns: readonly string[], data: string): Promise<void>;
  close(): Promise<void>;
}

/** What the PGlite client behind Drizzle offers (`db.$client`). */
interface PgliteClient {
  query<Row>(text: string, params?: unknown[], options?: { blob?: Blob }): Promise<{ rows: Row[] }>;
}

export async function openBulkLoader(database: Database, databaseUrl: string | undefined): Promise<BulkLoader> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl, options: '-c jit=off' });
    await client.connect();
    // A bench load: losing the last commits on a crash is acceptable, waiting for each flush is not.
    await client.query('set synchronous_commit = off');
    return {
      query: async <Row>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as Row[],
      copy: async (table, columns, data) => {
        const stream = client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`));
        await pipeline(Readable.from(chunks(data)), stream);
      },
      close: () => client.end(),
    };
  }
  // The Drizzle PGlite database keeps its client as `$client` (not in the driver-neutral type).
  const client = (database.db as unknown as { $client: PgliteClient }).$client;
  return {
    query: async <Row>(text: string, params: unknown[] = []) => (await client.query<Row>(text, params)).rows,
    copy: async (table, columns, data) => {
      await client.query(`copy ${table} (${columns.join(', ')}) from '/dev/blob'`, [], { blob: new Blob([data]) });
    },
    close: async () => undefined,
  };
}

/** A long string in 1 MiB pieces (one write each). */
function* chunks(data: string): Generator<string> {
  const size = 1 << 20;
  for (let start = 0; start < data.length; start += size) yield data.slice(start, start + size);
}

/** One value in COPY's text format. */
function encodeValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return `{${value.map((item) => String(item)).join(',')}}`;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.replace(/[\\\t\n\r]/g, (char) => (char === '\\' ? '\\\\' : char === '\t' ? '\\t' : char === '\n' ? '\\n' : '\\r'));
}

/**
 * Rows (Drizzle insert objects, camelCase keys) as COPY text and the snake_case columns they
 * fill: every key any row has; a row without a key gives NULL there (columns no row has keep
 * their database default).
 */
export function encodeRows(table: PgTable, rows: readonly Record<string, unknown>[]): { columns: string[]; data: string } {
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const definitions: Record<string, Column> = getTableColumns(table);
  const columns = keys.map((key) => {
    const column = definitions[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return column.keyAsName ? toSnakeCase(key) : column.name;
  });
  const lines = rows.map((row) => keys.map((key) => encodeValue(row[key])).join('\t'));
  return { columns, data: lines.length ? `${lines.join('\n')}\n` : '' };
}
