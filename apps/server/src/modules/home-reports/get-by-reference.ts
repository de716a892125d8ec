import { type HomeReportByReference, homeReportsApi } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { countries, homeReports } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import type { AuthUser } from '../../http/access-token.js';
import { contractRoute } from '../../http/contract-route.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { reachesHomeReport } from './reach.js';

/** An incoming report as the reads answer it, with its country code and sub-group id. */
export interface HomeReportRecord {
  id: string;
  reference: string;
  status: number;
  isMedic: boolean;
  createdAt: Date;
  data: Record<string, unknown>;
  countryCode: string;
  subGroupId: number;
}

/**
 * The columns every read of incoming reports selects (the single read and the inbox rows);
 * `countryCode` needs the join `countries.id = home_reports.country_id`.
 */
export const homeReportBaseColumns = {
  id: homeReports.id,
  reference: homeReports.reference,
  status: homeReports.status,
  isMedic: homeReports.isMedic,
  createdAt: homeReports.createdAt,
  countryCode: countries.code,
  subGroupId: homeReports.subGroupId,
};

/** The incoming report matching the condition (one row: by id, reference or case), or null. */
export async function findHomeReport(db: DbOrTx, condition: SQL): Promise<HomeReportRecord | null> {
  const [row] = await db
    .select({ ...homeReportBaseColumns, data: homeReports.data })
    .from(homeReports)
    .innerJoin(countries, eq(countries.id, homeReports.countryId))
    .where(condition)
    .limit(1);
  return row ?? null;
}

/** The answer of `getEventoDeHomeByReference`: the report as stored. */
export function toHomeReportByReference(row: HomeReportRecord): HomeReportByReference {
  return {
    Id: row.id,
    Reference: row.reference,
    Status: row.status,
    IsMedic: row.isMedic,
    Date: row.createdAt.toISOString(),
    Data: row.data,
  };
}

/**
 * An incoming report by its number, as stored. RLF reads the reports of their own country;
 * QPPV any. Out of reach and unknown answer the same 404, so a number reveals nothing.
 */
async function getByReference(db: Db, reference: string, user: AuthUser): Promise<HomeReportByReference> {
  const row = await findHomeReport(db, eq(homeReports.reference, reference.trim().toUpperCase()));
  if (!row || !reachesHomeReport(user, row.countryCode)) throw notFound();
  return toHomeReportByReference(row);
}

/** `GET /api/getEventoDeHomeByReference/{reference}` (read-only). */
export const homeReportByReferenceRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.route({
    ...contractRoute(homeReportsApi.getEventoDeHomeByReference, {
      tags: ['Reporte público'],
      summary: 'Un reporte recibido del sitio público, por su número (RH-AAAA-NNNNNN)',
      params: z.object({ reference: z.string().max(40) }),
      errors: { ...errorResponses, 404: messageSchema },
    }),
    handler: (request) => getByReference(db, request.params.reference, requireUser(request)),
  });
};
