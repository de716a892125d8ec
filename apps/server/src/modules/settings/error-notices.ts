import { MSG } from '@atalaya/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { readSettings } from '../../shared/settings.js';
import { enqueueMail } from '../mail/index.js';

/** At most one notice per this interval and process, however many errors happen. */
export const ERROR_NOTICE_INTERVAL_MS = 15 * 60_000;

function noticeMail(to: string, incident: { id: string; method: string; path: string; at: Date; skipped: number }) {
  return {
    to,
    subject: 'Atalaya: error inesperado del sistema',
    text: [
      'El servidor de Atalaya respondió un error inesperado.',
      '',
      `Pedido: ${incident.method} ${incident.path}`,
      `Fecha (UTC): ${incident.at.toISOString()}`,
      MSG.errors.incidentCode(incident.id),
      ...(incident.skipped > 0 ? ['', `Además hubo ${incident.skipped} errores más desde el aviso anterior (sin aviso propio).`] : []),
      '',
      'El detalle está en el registro del servidor, bajo ese código.',
    ].join('\n'),
  };
}

/** The notices a process is deciding or queuing (the decision runs in `onResponse`, after the answer). */
export interface ErrorNotices {
  /** Resolves once every notice decision begun so far has ended (queued, skipped or logged). */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    errorNotices: ErrorNotices;
  }
}

/**
 * Error notices by mail (the group Notificaciones_Error, docs/settings.md): when the server
 * answers a 5xx and `errors.enabled` is 'true', a notice with the incident code (never the
 * error's details) is queued for each address of `errors.recipients`; at most one notice per
 * `ERROR_NOTICE_INTERVAL_MS` per process, the next one counting the errors in between. Both
 * settings are read when an error happens. Register on the root instance; `app.errorNotices`
 * says when the decisions under way have ended.
 */
export function registerErrorNotices(app: FastifyInstance, db: Db, intervalMs = ERROR_NOTICE_INTERVAL_MS): ErrorNotices {
  let lastNoticeAt = Number.NEGATIVE_INFINITY;
  let skipped = 0;
  const pending = new Set<Promise<void>>();

  async function decide(request: FastifyRequest): Promise<void> {
    try {
      const values = await readSettings(db, ['errors.enabled', 'errors.recipients']);
      if (values.get('errors.enabled') !== 'true') return;
      const recipients = (values.get('errors.recipients') ?? '')
        .split(',')
        .map((address) => address.trim())
        .filter((address) => address !== '');
      if (recipients.length === 0) return;
      const now = Date.now();
      if (now - lastNoticeAt < intervalMs) {
        skipped += 1;
        return;
      }
      lastNoticeAt = now;
      const incident = { id: String(request.id), method: request.method, path: request.url.split('?')[0] ?? '', at: new Date(now), skipped };
      skipped = 0;
      await db.transaction(async (tx) => {
        for (const to of recipients) await enqueueMail(tx, noticeMail(to, incident));
      });
    } catch (error) {
      request.log.error({ err: error }, 'error notice not queued');
    }
  }

  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode < 500) return;
    const work = decide(request).finally(() => pending.delete(work));
    pending.add(work);
    await work;
  });
  const notices: ErrorNotices = {
    settled: async () => {
      await Promise.all([...pending]);
    },
  };
  app.decorate('errorNotices', notices);
  return notices;
}
