import {
  canSeeReporterContact,
  homeReportsApi,
  type HomeReportDetail,
  type HomeReportHistoryEntry,
  homeReportStatusName,
  type HomeReportWithHistory,
  MSG,
  withoutReporterContact,
} from '@atalaya/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { events, homeReports, homeReportStatusHistory, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { notFound } from '../../http/errors.js';
import { metaParams } from '../../http/case-routes.js';
import { contractRoute } from '../../http/contract-route.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { caseReach } from '../reach/index.js';
import {
  findHomeReport,
  type HomeReportRecord,
  toHomeReportByReference,
} from './get-by-reference.js';
import { reachesHomeReport } from './reach.js';
import { personName } from '../../shared/person-name.js';

function toDetail(row: HomeReportRecord): HomeReportDetail {
  return { ...toHomeReportByReference(row), StatusName: homeReportStatusName(row.status), Pais: row.countryCode, SubGroup: row.subGroupId };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every status change of a report, oldest first, with its comment, its user's name and its time. */
async function historyOf(db: Db, id: string): Promise<HomeReportHistoryEntry[]> {
  const rows = await db
    .select({
      createdAt: homeReportStatusHistory.createdAt,
      fromStatus: homeReportStatusHistory.fromStatus,
      toStatus: homeReportStatusHistory.toStatus,
      comment: homeReportStatusHistory.comment,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(homeReportStatusHistory)
    .leftJoin(users, eq(users.id, homeReportStatusHistory.userId))
    .where(eq(homeReportStatusHistory.homeReportId, id))
    .orderBy(asc(homeReportStatusHistory.createdAt), asc(homeReportStatusHistory.id));
  return rows.map((row) => ({
    Date: row.createdAt.toISOString(),
    FromStatus: row.fromStatus,
    FromStatusName: row.fromStatus === null ? null : homeReportStatusName(row.fromStatus),
    Status: row.toStatus,
    StatusName: homeReportStatusName(row.toStatus),
    Comment: row.comment,
    User: row.firstName === null ? null : personName(row),
  }));
}

/**
 * `getEventoDeHomeById`: the report with its status history (`Historial`, so the comment of a
 * discard stays visible when the report is reopened). Unknown, malformed and out-of-reach ids
 * answer the same 404.
 */
async function getById(db: Db, id: string, user: AuthUser): Promise<HomeReportWithHistory> {
  const row = UUID.test(id) ? await findHomeReport(db, eq(homeReports.id, id)) : null;
  if (!row || !reachesHomeReport(user, row.countryCode)) throw notFound(MSG.homeReports.reportNotFound);
  return { ...toDetail(row), Historial: await historyOf(db, row.id) };
}

/**
 * `getEventoDeHomeByMeta`: the incoming report a case was entered from, when the case is
 * within the caller's reach (`caseReach`: RLF its country's cases; QPPV, CL and Fabricante
 * the cases of their laboratories, a draft only to its creator). An unknown case and one out
 * of reach answer the same 404; a case entered without a report answers 404 too. A Fabricante
 * gets the report without the reporter's contact data (`withoutReporterContact`).
 */
async function getByMeta(db: Db, meta: string, user: AuthUser): Promise<HomeReportDetail> {
  const [event] = await db
    .select({ homeReportId: events.homeReportId })
    .from(events)
    .where(and(eq(events.meta, meta), caseReach(user)))
    .limit(1);
  if (!event) throw notFound(MSG.lists.eventNotFound);
  const row = event.homeReportId ? await findHomeReport(db, eq(homeReports.id, event.homeReportId)) : null;
  if (!row) throw notFound(MSG.homeReports.reportNotFound);
  // A Fabricante reads the case, not the incoming report: the reporter's contact data is left out (docs/roles.md).
  return toDetail(canSeeReporterContact(user.role) ? row : { ...row, data: withoutReporterContact(row.data) });
}

const withNotFound = { ...errorResponses, 404: messageSchema };

/** Reads of one incoming report: by id (the summary modal) and by the case entered from it. */
export const homeReportDetailRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.route({
    ...contractRoute(homeReportsApi.getEventoDeHomeById, {
      tags: ['Reportes recibidos'],
      summary: 'Un reporte recibido, por su id, con su estado, país, tipo de acontecimiento e historial de estados (modal de resumen)',
      params: z.object({ id: z.string().max(64, MSG.homeReports.reportNotFound) }),
      errors: withNotFound,
    }),
    handler: (request) => getById(db, request.params.id, requireUser(request)),
  });

  app.route({
    ...contractRoute(homeReportsApi.getEventoDeHomeByMeta, {
      tags: ['Reportes recibidos'],
      summary: 'El reporte recibido del que se ingresó un evento reportable (por el Meta del evento)',
      params: metaParams,
      errors: withNotFound,
    }),
    handler: (request) => getByMeta(db, request.params.meta, requireUser(request)),
  });
};
