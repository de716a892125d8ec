import { indicatorsApi } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { contractRoute } from '../../http/contract-route.js';
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
    ...contractRoute(indicatorsApi.filtercountryindicators, {
      tags: TAGS,
      summary: 'Los países con reportes al alcance del usuario (filtro País de Indicadores)',
      errors: errorResponses,
    }),
    handler: (request) => indicatorCountries(deps, requireUser(request)),
  });

  app.route({
    ...contractRoute(indicatorsApi.filterlabindicators, {
      tags: TAGS,
      summary: 'Los laboratorios con reportes al alcance del usuario en un país (filtro Laboratorio de Indicadores)',
      description: 'Consulta: pais (código del país). Un país inexistente es 400; fuera del alcance, 403.',
      errors: errorResponses,
    }),
    handler: (request) => indicatorLaboratories(deps, requireUser(request), request.query.pais),
  });

  app.route({
    ...contractRoute(indicatorsApi.getIndicatorsValuesPanel, {
      tags: TAGS,
      summary: 'Reportes del mes anterior, el mes actual, la semana anterior y la semana actual (y los períodos previos)',
      description: `${FILTERS} Los períodos se cortan en la zona horaria del país del usuario; las semanas empiezan el lunes.`,
      errors: errorResponses,
    }),
    handler: (request) => indicatorValues(deps, requireUser(request), request.query),
  });

  for (const [name, summary, handler] of [
    ['getIndicatorsEventsStatus', 'Reportes por estado (gráfico Por estado)', indicatorStatuses],
    ['getIndicatorsEventsAges', 'Reportes por grupo de edad (gráfico Por edad)', indicatorAges],
    ['getIndicatorsEventsTypeGroup', 'Reportes por grupo y subgrupo de tipo de reporte (gráfico Por tipo de reporte)', indicatorTypeGroups],
  ] as const) {
    app.route({
      ...contractRoute(indicatorsApi[name], { tags: TAGS, summary, description: FILTERS, errors: errorResponses }),
      handler: (request) => handler(deps, requireUser(request), request.query),
    });
  }
};
