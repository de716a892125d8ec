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

/** The statement the adapter publishes every message with (one per emit). */
const ADAPTER_NOTIFY = 'SELECT pg_notify($1, $2)';
/** Many notifications in one statement, in order (unnest yields the rows in array order). */
const BATCH_NOTIFY = 'SELECT pg_notify(channel, payload) FROM unnest($1::text[], $2::text[]) AS n(channel, payload)';

interface PendingNotification {
  channel: string;
  payload: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * The adapter's notifications, sent in batches: one statement (one round trip, one commit)
 * carries every notification asked for while the previous statement ran, or in the same
 * tick — the announcements of a numbering round of the public intake are emitted together.
 * One statement in flight at a time, so the order of the messages is kept. PostgreSQL
 * delivers a transaction's notifications in order but only once per identical channel and
 * payload: a batch ends before the first repeated one, which starts the next.
 */
function batchedNotifications(pool: pg.Pool) {
  let queued: PendingNotification[] = [];
  let sending = false;
  const flush = () => {
    // The longest run of queued notifications without a repeated channel and payload, in order.
    const seen = new Set<string>();
    let size = 0;
    for (const item of queued) {
      const key = `${item.channel}\u0000${item.payload}`;
      if (seen.has(key)) break;
      seen.add(key);
      size += 1;
    }
    const batch = queued.slice(0, size);
    queued = queued.slice(size);
    if (batch.length === 0) {
      sending = false;
      return;
    }
    sending = true;
    const sent =
      batch.length === 1
        ? pool.query(ADAPTER_NOTIFY, [batch[0]?.channel, batch[0]?.payload])
        : pool.query(BATCH_NOTIFY, [batch.map((item) => item.channel), batch.map((item) => item.payload)]);
    sent.then(
      () => {
        for (const item of batch) item.resolve();
        flush();
      },
      (error: unknown) => {
        for (const item of batch) item.reject(error);
        flush();
      },
    );
  };
  return {
    send(channel: string, payload: string): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        queued.push({ channel, payload, resolve, reject });
        if (!sending) {
          sending = true;
          queueMicrotask(flush);
        }
      });
    },
  };
}

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
  const notifications = batchedNotifications(pool);
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
    query: (text: string, values?: unknown[]) =>
      text === ADAPTER_NOTIFY && values?.length === 2 ? notifications.send(String(values[0]), String(values[1])) : pool.query(text, values),
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
