import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { getTableName } from 'drizzle-orm';
import pg from 'pg';
import { socketIoAttachments } from '../../db/schema/index.js';

/**
 * The table where the adapter keeps messages too large for NOTIFY (its default name), created
 * by a migration (db/schema/realtime.ts).
 */
export const ATTACHMENTS_TABLE = getTableName(socketIoAttachments);
/** The adapter holds one connection for LISTEN and publishes with another. */
const POOL_SIZE = 3;

export interface HubAdapter {
  adapter: ReturnType<typeof createAdapter>;
  close(): Promise<void>;
}

/**
 * The Socket.IO Postgres adapter: what one process emits reaches the sockets of every process
 * through LISTEN/NOTIFY. Uses a pool of its own (its LISTEN connection never returns to the
 * pool); its attachments table comes from the migrations, applied before the hub starts.
 */
export async function createPostgresHubAdapter(connectionString: string, log: FastifyBaseLogger): Promise<HubAdapter> {
  const pool = new pg.Pool({ connectionString, max: POOL_SIZE });
  // An idle client that loses its connection must not crash the process; the adapter reconnects.
  pool.on('error', (error) => log.warn({ err: error }, 'realtime hub: PostgreSQL connection lost'));
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
