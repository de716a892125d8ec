import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogApi, type CompaniesHome } from '@atalaya/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { companies, countries } from '../../db/schema/index.js';
import { contractRoute } from '../../http/contract-route.js';

/** Seconds a browser or proxy may reuse the landing page's list of companies. */
const COMPANIES_HOME_MAX_AGE_SECONDS = 300;

/** One query: countries by name, with their companies' names (by name) aggregated. */
export async function companiesByCountry(db: DbOrTx): Promise<CompaniesHome> {
  const rows = await db
    .select({
      Codigo: countries.code,
      Nombre: countries.name,
      Companias: sql<string[]>`coalesce(array_agg(${companies.name} order by ${companies.name}) filter (where ${companies.id} is not null), '{}')`,
    })
    .from(countries)
    .leftJoin(companies, and(eq(companies.countryId, countries.id), eq(companies.eliminado, false)))
    .where(eq(countries.eliminado, false))
    .groupBy(countries.id, countries.code, countries.name)
    .orderBy(asc(countries.name));
  return rows;
}

/** The companies shown on the public landing page (section Compañías); no sign-in. */
export const companiesHomeRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.route({
    ...contractRoute(catalogApi.getCompaniesHome, {
      tags: ['Reporte público'],
      summary: 'Compañías por país para la página pública',
      errors: {},
    }),
    handler: async (_request, reply) => {
      const list = await companiesByCountry(db);
      return reply.header('cache-control', `public, max-age=${COMPANIES_HOME_MAX_AGE_SECONDS}`).send(list);
    },
  });
};
