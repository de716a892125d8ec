import { settingsApi } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { contractRoute } from '../../http/contract-route.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses } from '../../http/schemas.js';
import type { ConfigurationEvents } from '../../shared/configuration-events.js';
import { listSettings, sendTestMail, updateSettings } from './service.js';

export interface SettingsModuleOptions {
  db: Db;
  configurationEvents: ConfigurationEvents;
  /** ATALAYA_MAIL_CAPTURE_DIR (tests only): the test mail is captured by the sender, not sent. */
  mailCaptureDir?: string;
}

const TAG = ['Configuración'];

/**
 * The 'Configuración' screen (platform spec §2, §7 'Settings'; docs/settings.md,
 * docs/adr/0011-settings.md): read and change the settings, and 'Probar envío'. ADMIN only.
 */
export const settingsModule: FastifyPluginAsyncZod<SettingsModuleOptions> = async (app, { db, configurationEvents, mailCaptureDir }) => {
  app.route({
    ...contractRoute(settingsApi.settingGetAll, {
      tags: TAG,
      summary: 'Las configuraciones del sistema por grupo (la contraseña SMTP nunca se devuelve)',
      errors: errorResponses,
    }),
    handler: () => listSettings(db),
  });

  app.route({
    ...contractRoute(settingsApi.settingUpdate, {
      tags: TAG,
      summary: 'Guarda los valores enviados (todos o ninguno) y devuelve los nombres de las configuraciones que cambiaron',
      description:
        'Cada valor se valida según su configuración (400 con el mensaje). Notificaciones_Error es de solo lectura. ' +
        'Para la contraseña SMTP un valor vacío la conserva y `Clear: true` la borra.',
      errors: errorResponses,
    }),
    handler: (request) => updateSettings(db, requireUser(request), request.body, { configurationEvents, log: request.log }),
  });

  app.route({
    ...contractRoute(settingsApi.settingTestMail, {
      tags: TAG,
      summary: 'Probar envío: pone un correo de prueba en la bandeja de salida y lo intenta enviar ya con la configuración SMTP guardada',
      errors: errorResponses,
      // Fits no tier (RATE_LIMITS): each call sends a real e-mail through the SMTP server, so fewer than a write.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    }),
    handler: (request) => sendTestMail(db, requireUser(request), request.body, { captureDir: mailCaptureDir }),
  });
};
