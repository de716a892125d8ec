import { noKpiBodySchema, noKpiCountrySchema, noKpiPageSchema, noKpiQuerySchema, noKpiResponseSchema } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
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
    method: 'POST',
    url: '/api/getNoKpiMetrics',
    config: { permission: 'noKpi.read' },
    schema: {
      tags: TAGS,
      summary: "La tarjeta 'Eventos No KPI' (este mes y el cambio contra el anterior) y una página de 'Eventos que no cumplen'",
      description:
        'Cuerpo: {pais: null} al cargar o {firstselect: código de país} al cambiar el país; page y pageKey para paginar. Solo los eventos al alcance del usuario. Un país desconocido es 400.',
      body: noKpiBodySchema,
      response: { 200: noKpiResponseSchema, ...errorResponses },
    },
    handler: (request) => {
      const body = request.body;
      return noKpiMetrics(db, requireUser(request), { country: body.firstselect ?? body.pais ?? null, page: body.page ?? 1, pageKey: body.pageKey });
    },
  });

  app.route({
    method: 'GET',
    url: '/api/getEventsNoKpi',
    config: { permission: 'noKpi.read' },
    schema: {
      tags: TAGS,
      summary: "Una página de 'Eventos que no cumplen' (el primer incumplimiento más reciente primero)",
      querystring: noKpiQuerySchema,
      response: { 200: noKpiPageSchema, ...errorResponses },
    },
    handler: (request) => {
      const query = request.query;
      return noKpiEvents(db, requireUser(request), { country: query.pais ?? null, page: query.page ?? 1, pageKey: query.pageKey });
    },
  });

  app.route({
    method: 'GET',
    url: '/api/getNoKpiCountries',
    config: { permission: 'noKpi.read' },
    schema: {
      tags: TAGS,
      summary: "Los países del desplegable 'Paises' (Code, Name)",
      response: { 200: z.array(noKpiCountrySchema), ...errorResponses },
    },
    handler: (request) => countriesFor(db, requireUser(request)),
  });
};
