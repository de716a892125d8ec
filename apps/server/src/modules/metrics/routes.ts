import { metricsApi } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { contractRoute } from '../../http/contract-route.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import type { ConfigurationEvents } from '../../shared/configuration-events.js';
import { allMetrics, allTimeOptions } from './queries.js';
import { activeMetric, updateMetricTime } from './service.js';

export interface MetricsModuleOptions {
  db: Db;
  /** Told after each committed change ('Cambio en la configuración', what 'metricas'). */
  configurationEvents: ConfigurationEvents;
}

const TAGS = ['Métricas'];
const withNotFound = { ...errorResponses, 404: messageSchema };

/** The Metricas screen (platform spec §2, §7 'Metrics'): the notification-time metrics, their time option and active flag. */
export const metricsModule: FastifyPluginAsyncZod<MetricsModuleOptions> = async (app, { db, configurationEvents }) => {
  app.route({
    ...contractRoute(metricsApi.getAllMetricsTime, {
      tags: TAGS,
      summary: 'Las métricas de tiempos de notificación, con su opción de tiempo y si están activas',
      errors: errorResponses,
    }),
    handler: () => allMetrics(db),
  });

  app.route({
    ...contractRoute(metricsApi.getTimeOptions, {
      tags: TAGS,
      summary: 'Las opciones de tiempo de una métrica (24 h … 90 días)',
      errors: errorResponses,
    }),
    handler: () => allTimeOptions(db),
  });

  app.route({
    ...contractRoute(metricsApi.updateMetricTime, {
      tags: TAGS,
      summary: 'Cambiar el tiempo de una métrica',
      description:
        'Responde la métrica cambiada. Registra el cambio en la auditoría (Configuracion) y avisa «Cambio en la configuración». Las columnas KPI de las listas lo usan desde la siguiente consulta.',
      errors: withNotFound,
    }),
    handler: (request) => updateMetricTime({ db, configurationEvents, log: request.log }, requireUser(request), request.body),
  });

  app.route({
    ...contractRoute(metricsApi.activeMetric, {
      tags: TAGS,
      summary: 'Activar o desactivar una métrica',
      description:
        'Cuerpo: la métrica con Activo en el estado deseado (solo se leen MetricaId y Activo). Responde la métrica cambiada. Registra el cambio en la auditoría y avisa «Cambio en la configuración».',
      errors: withNotFound,
    }),
    handler: (request) => activeMetric({ db, configurationEvents, log: request.log }, requireUser(request), request.body),
  });
};
