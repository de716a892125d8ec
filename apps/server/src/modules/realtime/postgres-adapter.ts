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
  // The adapter keeps a LISTEN connection checked out and, when it loses it, reconnects on a
  // timer; it may also still be acquiring it when the hub closes. Track what is checked out so
  // close can end the pool, and once closing hand the adapter no new connection (its
  // reconnection then waits for ever instead of retrying every two seconds).
  let closing = false;
  const listenClients = new Set<pg.PoolClient>();
  pool.on('release', (_error, client) => listenClients.delete(client));
  const never = () => new Promise<never>(() => undefined);
  const adapterPool = {
    // The adapter's connect is only for its LISTEN connection; queries go through query.
    connect: async () => {
      if (closing) return never();
      const client = await pool.connect();
      if (closing) {
        client.release(true);
        return never();
      }
      listenClients.add(client);
      return client;
    },
    query: (text: string, values?: unknown[]) => pool.query(text, values),
  } as unknown as pg.Pool; // only connect and query are used by the adapter
  const adapter = createAdapter(adapterPool, {
    tableName: ATTACHMENTS_TABLE,
    errorHandler: (error) => {
      if (!closing) log.error({ err: error }, 'realtime hub: the Postgres adapter failed');
    },
  });
  return {
    adapter,
    close: async () => {
      closing = true;
      for (const client of listenClients) client.release(true);
      listenClients.clear();
      if (!pool.ended && !pool.ending) await pool.end();
    },
  };
}
