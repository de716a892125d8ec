import {
  indicatorCountriesQuerySchema,
  indicatorCountrySchema,
  indicatorFilterQuerySchema,
  indicatorLaboratoriesQuerySchema,
  indicatorLaboratorySchema,
  indicatorSeriesItemSchema,
  indicatorValuesSchema,
} from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses } from '../../http/schemas.js';
import { indicatorAges, indicatorCountries, indicatorLaboratories, indicatorStatuses, indicatorTypeGroups, indicatorValues } from './service.js';

export interface IndicatorsModuleOptions {
  db: Db;
  /** The clock the periods are cut at (default: the system's). */
  now?: () => Date;
}

const TAGS = ['Indicadores'];
const FILTERS =
  'Consulta: pais (código del país, opcional) y laboratorio (id, opcional). Un país o laboratorio inexistente es 400; fuera del alcance del usuario, 403. Qué cuenta un reporte: docs/indicators.md.';

/** The Indicadores screen (platform spec §2, §7 'Indicators'). */
export const indicatorsModule: FastifyPluginAsyncZod<IndicatorsModuleOptions> = async (app, { db, now }) => {
  const deps = { db, now: now ?? (() => new Date()) };

  app.route({
    method: 'GET',
    url: '/api/filtercountryindicators',
    config: { permission: 'indicators.read' },
    schema: {
      tags: TAGS,
      summary: 'Los países con reportes al alcance del usuario (filtro País de Indicadores)',
      querystring: indicatorCountriesQuerySchema,
      response: { 200: z.array(indicatorCountrySchema), ...errorResponses },
    },
    handler: (request) => indicatorCountries(deps, requireUser(request)),
  });

  app.route({
    method: 'GET',
    url: '/api/filterlabindicators',
    config: { permission: 'indicators.read' },
    schema: {
      tags: TAGS,
      summary: 'Los laboratorios con reportes al alcance del usuario en un país (filtro Laboratorio de Indicadores)',
      description: 'Consulta: pais (código del país). Un país inexistente es 400; fuera del alcance, 403.',
      querystring: indicatorLaboratoriesQuerySchema,
      response: { 200: z.array(indicatorLaboratorySchema), ...errorResponses },
    },
    handler: (request) => indicatorLaboratories(deps, requireUser(request), request.query.pais),
  });

  app.route({
    method: 'GET',
    url: '/api/getIndicatorsValuesPanel',
    config: { permission: 'indicators.read' },
    schema: {
      tags: TAGS,
      summary: 'Reportes del mes anterior, el mes actual, la semana anterior y la semana actual (y los períodos previos)',
      description: `${FILTERS} Los períodos se cortan en la zona horaria del país del usuario; las semanas empiezan el lunes.`,
      querystring: indicatorFilterQuerySchema,
      response: { 200: indicatorValuesSchema, ...errorResponses },
    },
    handler: (request) => indicatorValues(deps, requireUser(request), request.query),
  });

  for (const [url, summary, handler] of [
    ['getIndicatorsEventsStatus', 'Reportes por estado (gráfico Por estado)', indicatorStatuses],
    ['getIndicatorsEventsAges', 'Reportes por grupo de edad (gráfico Por edad)', indicatorAges],
    ['getIndicatorsEventsTypeGroup', 'Reportes por grupo y subgrupo de tipo de reporte (gráfico Por tipo de reporte)', indicatorTypeGroups],
  ] as const) {
    app.route({
      method: 'GET',
      url: `/api/${url}`,
      config: { permission: 'indicators.read' },
      schema: { tags: TAGS, summary, description: FILTERS, querystring: indicatorFilterQuerySchema, response: { 200: z.array(indicatorSeriesItemSchema), ...errorResponses } },
      handler: (request) => handler(deps, requireUser(request), request.query),
    });
  }
};
