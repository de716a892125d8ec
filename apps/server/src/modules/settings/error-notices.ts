import { MSG } from '@atalaya/domain';
import type { FastifyInstance } from 'fastify';
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

/**
 * Error notices by mail (the group Notificaciones_Error, docs/settings.md): when the server
 * answers a 5xx and `errors.enabled` is 'true', a notice with the incident code (never the
 * error's details) is queued for each address of `errors.recipients`; at most one notice per
 * `ERROR_NOTICE_INTERVAL_MS` per process, the next one counting the errors in between. Both
 * settings are read when an error happens. Register on the root instance.
 */
export function registerErrorNotices(app: FastifyInstance, db: Db, intervalMs = ERROR_NOTICE_INTERVAL_MS): void {
  let lastNoticeAt = Number.NEGATIVE_INFINITY;
  let skipped = 0;
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode < 500) return;
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
  });
}
