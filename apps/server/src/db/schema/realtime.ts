import { bigserial, pgTable } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import { bytea } from './files.js';

/**
 * Where the Socket.IO Postgres adapter (modules/realtime) keeps the messages too large for
 * NOTIFY, under the adapter's default name and shape: it inserts, reads by id and deletes old
 * rows itself. Only used with a PostgreSQL server; created by a migration, never at run time.
 */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial({ mode: 'number' }).unique('socket_io_attachments_id_key'),
  createdAt: timestamptz().defaultNow(),
  payload: bytea(),
});
