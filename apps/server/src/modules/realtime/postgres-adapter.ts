import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** The table where the adapter keeps messages too large for NOTIFY (its default name). */
export const ATTACHMENTS_TABLE = 'socket_io_attachments';
/** Arbitrary constant of the advisory lock that serialises the table's creation between processes. */
const CREATE_LOCK_KEY = 724_513_002;
/** The adapter holds one connection for LISTEN and publishes with another. */
const POOL_SIZE = 3;

export interface HubAdapter {
  adapter: ReturnType<typeof createAdapter>;
  close(): Promise<void>;
}

/**
 * The Socket.IO Postgres adapter: what one process emits reaches the sockets of every process
 * through LISTEN/NOTIFY. Uses a pool of its own (its LISTEN connection never returns to the
 * pool) and creates its attachments table if missing.
 */
export async function createPostgresHubAdapter(connectionString: string, log: FastifyBaseLogger): Promise<HubAdapter> {
  const pool = new pg.Pool({ connectionString, max: POOL_SIZE });
  // An idle client that loses its connection must not crash the process; the adapter reconnects.
  pool.on('error', (error) => log.warn({ err: error }, 'realtime hub: PostgreSQL connection lost'));
  try {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('select pg_advisory_xact_lock($1)', [CREATE_LOCK_KEY]);
      await client.query(
        `create table if not exists ${ATTACHMENTS_TABLE} (
           id bigserial unique,
           created_at timestamptz default now(),
           payload bytea
         )`,
      );
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  const adapter = createAdapter(pool, {
    tableName: ATTACHMENTS_TABLE,
    errorHandler: (error) => log.error({ err: error }, 'realtime hub: the Postgres adapter failed'),
  });
  return {
    adapter,
    close: async () => {
      if (!pool.ended && !pool.ending) await pool.end();
    },
  };
}
