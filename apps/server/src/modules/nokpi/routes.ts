import { nokpiApi } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { contractRoute } from '../../http/contract-route.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses } from '../../http/schemas.js';
import { countriesFor, noKpiEvents, noKpiMetrics } from './service.js';

export interface NoKpiModuleOptions {
  db: Db;
}

const TAGS = ['Eventos que no cumplen KPI'];

/** The no-KPI screen (platform spec §2, §3, §7 'Metrics and no-KPI'; docs/kpi.md). */
export const noKpiModule: FastifyPluginAsyncZod<NoKpiModuleOptions> = async (app, { db }) => {
  app.route({
    ...contractRoute(nokpiApi.getNoKpiMetrics, {
      tags: TAGS,
      summary: "La tarjeta 'Eventos No KPI' (este mes y el cambio contra el anterior) y una página de 'Eventos que no cumplen'",
      description:
        'Cuerpo: {pais: null} al cargar o {firstselect: código de país} al cambiar el país; page y pageKey para paginar. Solo los eventos al alcance del usuario. Un país desconocido es 400.',
      errors: errorResponses,
    }),
    handler: (request) => {
      const body = request.body;
      return noKpiMetrics(db, requireUser(request), { country: body.firstselect ?? body.pais ?? null, page: body.page ?? 1, pageKey: body.pageKey });
    },
  });

  app.route({
    ...contractRoute(nokpiApi.getEventsNoKpi, {
      tags: TAGS,
      summary: "Una página de 'Eventos que no cumplen' (el primer incumplimiento más reciente primero)",
      errors: errorResponses,
    }),
    handler: (request) => {
      const query = request.query;
      return noKpiEvents(db, requireUser(request), { country: query.pais ?? null, page: query.page ?? 1, pageKey: query.pageKey });
    },
  });

  app.route({
    ...contractRoute(nokpiApi.getNoKpiCountries, {
      tags: TAGS,
      summary: "Los países del desplegable 'Paises' (Code, Name)",
      errors: errorResponses,
    }),
    handler: (request) => countriesFor(db, requireUser(request)),
  });
};
