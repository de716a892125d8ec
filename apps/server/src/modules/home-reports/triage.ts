import {
  hasReportType,
  homeReportsApi,
  type HomeReportAction,
  homeReportActionError,
  homeReportStatusName,
  type HomeReportStatusResult,
  type homeReportStatusUpdateSchema,
  isEmptyChoice,
  MSG,
  nextHomeReportStatus,
} from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { countries, events, homeReports, subGroups } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest, notFound } from '../../http/errors.js';
import { contractRoute } from '../../http/contract-route.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { writeAudit } from '../audit/index.js';
import { enabledCountries, enabledSubGroup, referenceKey } from '../catalog/index.js';
import { announceCaseCreated, type CaseCreated, type CaseEvents } from '../cases/index.js';
import { enterCase } from './enter-case.js';
import { insertStatusHistory } from './queries.js';
import { reachesHomeReport } from './reach.js';
import type { StoredReport } from './stored-report.js';

type StatusUpdate = z.output<typeof homeReportStatusUpdateSchema>;

export interface TriageDeps {
  db: Db;
  caseEvents: CaseEvents;
  log: FastifyBaseLogger;
}

/**
 * The report, locked `for update` until the transaction ends, with its country and type of occurrence.
 * The lock is taken on the report alone, then the joined read runs: on PostgreSQL a `for update` on the
 * join would re-check the join after waiting for a concurrent triage, and a report whose country or type
 * that triage changed would drop out of it (the waiting Ingresar answered 404 instead of the case).
 */
async function lockReport(tx: Tx, id: string) {
  const [locked] = await tx.select({ id: homeReports.id }).from(homeReports).where(eq(homeReports.id, id)).for('update');
  if (!locked) return null;
  const [row] = await tx
    .select({
      id: homeReports.id,
      reference: homeReports.reference,
      status: homeReports.status,
      enteredEventId: homeReports.enteredEventId,
      createdAt: homeReports.createdAt,
      data: homeReports.data,
      countryId: homeReports.countryId,
      countryCode: countries.code,
      subGroupId: homeReports.subGroupId,
      subGroupName: subGroups.nombre,
      groupId: subGroups.grupoId,
    })
    .from(homeReports)
    .innerJoin(countries, eq(countries.id, homeReports.countryId))
    .innerJoin(subGroups, eq(subGroups.id, homeReports.subGroupId))
    .where(eq(homeReports.id, id));
  return row ?? null;
}
type LockedReport = NonNullable<Awaited<ReturnType<typeof lockReport>>>;

/** The type of occurrence chosen in the modal (null: the report's); an unknown or disabled one is refused. */
async function chosenSubGroup(tx: Tx, report: LockedReport, chosen: string | number) {
  const current = { id: report.subGroupId, nombre: report.subGroupName, grupoId: report.groupId };
  if (!hasReportType(chosen)) return current;
  const row = await enabledSubGroup(tx, referenceKey(chosen));
  if (!row) throw badRequest(MSG.homeReports.reportTypeRequired);
  return row;
}

/** The country chosen in the modal (null or empty: the report's); it must be an enabled one. */
async function chosenCountry(tx: Tx, report: LockedReport, chosen: string | number | null | undefined) {
  if (chosen === null || chosen === undefined || isEmptyChoice(chosen)) return { id: report.countryId, code: report.countryCode };
  const key = referenceKey(chosen);
  const [row] = await enabledCountries(tx, [key]);
  if (!row) throw badRequest(MSG.publicForm.countryRequired);
  return row;
}

interface TriageOutcome {
  result: HomeReportStatusResult;
  created: CaseCreated | null;
}

/**
 * One triage action on an incoming report, in one transaction: the report locked, the rules
 * of event spec §4 checked (`homeReportActionError`: source status and type of occurrence),
 * the chosen type and country stored (columns and `data.Tipo`), the status changed with its
 * history row and an audit row, and for Ingresar the case created from the report. An
 * unknown or out-of-reach report is a 404; an entered one refuses Revisar and Descartar, and
 * answers Ingresar with its case (so entering twice makes one case).
 */
async function triage(deps: TriageDeps, action: HomeReportAction, body: StatusUpdate, user: AuthUser): Promise<HomeReportStatusResult> {
  const now = new Date();
  const outcome = await deps.db.transaction(async (tx): Promise<TriageOutcome> => {
    const report = await lockReport(tx, body.homeERId);
    if (!report || !reachesHomeReport(user, report.countryCode)) throw notFound(MSG.homeReports.reportNotFound);
    if (report.enteredEventId) {
      if (action !== 'Ingresar') throw badRequest(MSG.homeReports.alreadyEntered);
      const [entered] = await tx
        .select({ meta: events.meta, referenceNumber: events.referenceNumber })
        .from(events)
        .where(eq(events.id, report.enteredEventId));
      return {
        result: { Id: report.id, Status: report.status, MetaData: entered?.meta ?? null, NumeroReferencia: entered?.referenceNumber ?? null },
        created: null,
      };
    }

    const chosen = body.subGroup ?? report.subGroupId;
    const refusal = homeReportActionError(action, { status: report.status, subGroup: chosen });
    if (refusal) throw badRequest(refusal);
    const subGroup = await chosenSubGroup(tx, report, chosen);
    const country = await chosenCountry(tx, report, body.updData?.Pais);
    const toStatus = nextHomeReportStatus(action);
    const comment = body.comentario?.trim() || null;

    const retyped = subGroup.id !== report.subGroupId || country.id !== report.countryId;
    const stored = report.data as StoredReport;
    const data: StoredReport = retyped
      ? { ...stored, Tipo: { ...stored.Tipo, Pais: country.code, SubGroup: subGroup.id, SubGroupName: subGroup.nombre } }
      : stored;

    const created =
      action === 'Ingresar'
        ? await enterCase(
            tx,
            {
              id: report.id,
              reference: report.reference,
              countryId: country.id,
              countryCode: country.code,
              subGroupId: subGroup.id,
              groupId: subGroup.grupoId,
              createdAt: report.createdAt,
              data,
            },
            user.id,
            comment,
            now,
            user.origin,
          )
        : null;

    await tx
      .update(homeReports)
      .set({
        status: toStatus,
        subGroupId: subGroup.id,
        countryId: country.id,
        ...(retyped ? { data } : {}),
        ...(created ? { enteredEventId: created.id } : {}),
        updatedAt: now,
        updatedBy: user.id,
      })
      .where(eq(homeReports.id, report.id));
    await insertStatusHistory(tx, { homeReportId: report.id, fromStatus: report.status, toStatus, comment, userId: user.id, createdAt: now });
    await writeAudit(tx, {
      kind: 'home-report.triaged',
      actor: user,
      pkId: report.id,
      referenceNumber: report.reference,
      metadata: created?.meta ?? null,
      at: now,
      description: `Reporte ${report.reference}: ${action} (${homeReportStatusName(report.status)} → ${homeReportStatusName(toStatus)})`,
      oldValues: { Status: report.status, StatusName: homeReportStatusName(report.status), SubGroup: report.subGroupId, Pais: report.countryCode },
      newValues: {
        Status: toStatus,
        StatusName: homeReportStatusName(toStatus),
        SubGroup: subGroup.id,
        Pais: country.code,
        Comentario: comment,
        ...(created ? { NumeroReferencia: created.referenceNumber } : {}),
      },
    });
    return {
      result: { Id: report.id, Status: toStatus, MetaData: created?.meta ?? null, NumeroReferencia: created?.referenceNumber ?? null },
      created,
    };
  });
  if (outcome.created) announceCaseCreated(deps.caseEvents, outcome.created, deps.log);
  return outcome.result;
}

/** `updatestatiserfromerhome`: newStatus 2 is Revisar, 3 Descartar; anything else is refused. */
export function updateHomeReportStatus(deps: TriageDeps, body: StatusUpdate, user: AuthUser): Promise<HomeReportStatusResult> {
  if (body.newStatus === 2) return triage(deps, 'Revisar', body, user);
  if (body.newStatus === 3) return triage(deps, 'Descartar', body, user);
  throw badRequest(MSG.workflow.actionNotAllowed);
}

/** `createerfromerhome`: Ingresar (newStatus null) creates the case from the report. */
export function enterHomeReport(deps: TriageDeps, body: StatusUpdate, user: AuthUser): Promise<HomeReportStatusResult> {
  if (body.newStatus !== null && body.newStatus !== undefined) throw badRequest(MSG.workflow.actionNotAllowed);
  return triage(deps, 'Ingresar', body, user);
}

const withNotFound = { ...errorResponses, 404: messageSchema };

/** The triage calls of the summary modal (RLF and QPPV). */
export const homeReportTriageRoutes: FastifyPluginAsyncZod<{ db: Db; caseEvents: CaseEvents }> = async (app, { db, caseEvents }) => {
  app.route({
    ...contractRoute(homeReportsApi.updatestatiserfromerhome, {
      tags: ['Reportes recibidos'],
      summary: 'Revisar (newStatus 2) o Descartar (newStatus 3, con comentario) un reporte recibido',
      errors: withNotFound,
    }),
    handler: (request) => updateHomeReportStatus({ db, caseEvents, log: request.log }, request.body, requireUser(request)),
  });

  app.route({
    ...contractRoute(homeReportsApi.createerfromerhome, {
      tags: ['Reportes recibidos'],
      summary: 'Ingresar un reporte recibido: crea el evento reportable con sus datos (responde MetaData)',
      errors: withNotFound,
    }),
    handler: (request) => enterHomeReport({ db, caseEvents, log: request.log }, request.body, requireUser(request)),
  });
};
