import {
  booleanFilterParam,
  DEFAULT_HOME_REPORT_ORDER,
  HOME_REPORT_ORDER_COLUMNS,
  HOME_REPORT_STATUS,
  homeReportsApi,
  type HomeReportOrderColumn,
  type HomeReportRow,
  homeReportStatusName,
  idFilterParam,
  isNoFilter,
  type ListOrder,
  MSG,
  PAGE_SIZE,
  type PageAt,
  pageParam,
  pageSizeParam,
  parseOrderBy,
  type PagedResult,
  textFilterParam,
} from '@atalaya/domain';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { countries, homeReports, subGroups } from '../../db/schema/index.js';
import { prefixRange } from '../../db/text-prefix.js';
import type { AuthUser } from '../../http/access-token.js';
import { boundedTotal, type KeysetOrder, keysetColumns, keysetPlan, keysetResult } from '../case-lists/index.js';
import { type DateBound, fromBoundParam, toBoundParam } from '../../http/list-params.js';
import { contractRoute } from '../../http/contract-route.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses } from '../../http/schemas.js';
import { referenceKey } from '../catalog/index.js';
import { homeReportBaseColumns } from './get-by-reference.js';
import { homeReportReach } from './reach.js';

// ---------------------------------------------------------------------------------------------
// Path parameters
// ---------------------------------------------------------------------------------------------

/** orderBy of the inbox lists: a known column and direction; a no-filter value gives the default. */
const orderParam = z.string().transform((value, ctx): ListOrder<HomeReportOrderColumn> => {
  const order = parseOrderBy(isNoFilter(value) ? DEFAULT_HOME_REPORT_ORDER : value, HOME_REPORT_ORDER_COLUMNS);
  if (order) return order;
  ctx.addIssue({ code: 'custom', message: MSG.lists.invalidOrder });
  return z.NEVER;
});

/** The status filter of `getReportHome`: 1 Nuevo, 2 En revisión or 3 Descartado. */
const statusFilterParam = idFilterParam.refine((status) => status === null || status <= HOME_REPORT_STATUS.DESCARTADO, MSG.lists.invalidFilter);

const pagingParams = { page: pageParam, size: pageSizeParam, orderBy: orderParam };


const reportHomeParams = z.object({
  ...pagingParams,
  id: textFilterParam,
  isMedic: booleanFilterParam,
  status: statusFilterParam,
  country: textFilterParam,
  from: fromBoundParam,
  to: toBoundParam,
});

// ---------------------------------------------------------------------------------------------
// Query
// ---------------------------------------------------------------------------------------------

export interface InboxFilters {
  /** Reference prefix (case-insensitive). */
  reference?: string | null;
  isMedic?: boolean | null;
  status?: number | null;
  /** Country code or id. */
  country?: string | null;
  from?: DateBound | null;
  to?: DateBound | null;
  /** Only the Tasks screen's inbox: statuses 1 Nuevo and 2 En revisión. */
  pendingOnly?: boolean;
}

/**
 * The keyset order of each column (the report id as tiebreak). FechaCreacion, the default, is
 * served in both directions by the plain btrees (created_at, id) and (country_id, created_at,
 * id) over the reports not yet entered (`home_reports_inbox_idx`, `home_reports_inbox_country_idx`,
 * migration 0009): the order and the index agree (an index `DESC NULLS LAST` does not serve a
 * plain `DESC`). Reference reads `home_reports_reference_unique` (reference, with the id as a
 * never-needed tiebreak); Status and IsMedic (a boolean, ordered as 0/1) sort the matches.
 */
const ORDER_VALUES = {
  FechaCreacion: { value: homeReports.createdAt, kind: 'timestamp' },
  Reference: { value: homeReports.reference, kind: 'text' },
  Status: { value: homeReports.status, kind: 'integer' },
  IsMedic: { value: sql`(${homeReports.isMedic})::int`, kind: 'integer' },
} as const satisfies Record<HomeReportOrderColumn, Pick<KeysetOrder, 'value' | 'kind'>>;

function inboxOrder(order: ListOrder<HomeReportOrderColumn>): KeysetOrder {
  return { ...ORDER_VALUES[order.column], id: homeReports.id, idKind: 'uuid', direction: order.direction };
}

/** A text of the stored report at a constant path (`data #>> '{Paciente,Sexo}'`). */
function dataText(...path: string[]): SQL<string | null> {
  return sql<string | null>`${homeReports.data} #>> ${sql.raw(`'{${path.join(',')}}'`)}`;
}

/** The start of a day in the user's country's time zone (UTC when the country is unknown). */
function dayStart(day: string, user: AuthUser, plusDays = 0): SQL {
  const zone = sql`coalesce((select ${countries.timeZone} from ${countries} where ${countries.code} = ${user.countryCode}), 'UTC')`;
  return sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${zone})`;
}

function conditions(user: AuthUser, filters: InboxFilters): SQL | undefined {
  const { reference, isMedic, status, country, from, to } = filters;
  const countryKey = country ? referenceKey(country) : null;
  return and(
    isNull(homeReports.enteredEventId),
    homeReportReach(user),
    filters.pendingOnly ? inArray(homeReports.status, [HOME_REPORT_STATUS.NUEVO, HOME_REPORT_STATUS.EN_REVISION]) : undefined,
    reference ? prefixRange(homeReports.reference, reference.toUpperCase()) : undefined,
    isMedic === null || isMedic === undefined ? undefined : eq(homeReports.isMedic, isMedic),
    status ? eq(homeReports.status, status) : undefined,
    countryKey === null
      ? undefined
      : 'id' in countryKey
        ? eq(homeReports.countryId, countryKey.id)
        : sql`${homeReports.countryId} = (select ${countries.id} from ${countries} where ${countries.code} = ${countryKey.code.toUpperCase()})`,
    from ? sql`${homeReports.createdAt} >= ${from.day ? dayStart(from.day, user) : sql`${from.at.toISOString()}::timestamptz`}` : undefined,
    to
      ? to.day
        ? sql`${homeReports.createdAt} < ${dayStart(to.day, user, 1)}`
        : sql`${homeReports.createdAt} <= ${to.at.toISOString()}::timestamptz`
      : undefined,
  );
}

/**
 * One page of incoming reports not yet entered as cases, within the user's reach, with only
 * the fields of the inbox row (jsonb paths, never the whole document): two concurrent queries,
 * the page (keyset paged from `at`, docs/api.md 'Paging') and the bounded total (exact up to
 * 10,000, the planner's estimate above), whatever the page size.
 */
export async function listHomeReports(
  db: Db,
  user: AuthUser,
  request: { page: number; at: PageAt; order: ListOrder<HomeReportOrderColumn> },
  filters: InboxFilters,
): Promise<PagedResult<HomeReportRow>> {
  const { page, at } = request;
  const order = inboxOrder(request.order);
  const plan = keysetPlan(order, at, page, PAGE_SIZE);
  const where = conditions(user, filters);
  const [rows, total] = await Promise.all([
    db
      .select({
        ...homeReportBaseColumns,
        subGroupName: sql<string | null>`coalesce(${subGroups.nombre}, ${dataText('Tipo', 'SubGroupName')})`,
        initials: dataText('Paciente', 'Iniciales'),
        sex: dataText('Paciente', 'Sexo'),
        lactation: dataText('Paciente', 'Lactancia'),
        pregnancy: dataText('Paciente', 'Embarazo'),
        acceptsContact: dataText('InformacionContacto', 'AceptaContacto'),
        serious: sql<unknown>`coalesce((select jsonb_agg(ram -> 'Grave') from jsonb_array_elements(${homeReports.data} -> 'RAM') as ram), '[]'::jsonb)`,
        ...keysetColumns(order),
      })
      .from(homeReports)
      .innerJoin(countries, eq(countries.id, homeReports.countryId))
      .leftJoin(subGroups, eq(subGroups.id, homeReports.subGroupId))
      .where(and(where, plan.where))
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset),
    boundedTotal(db, db.select({ one: sql`1` }).from(homeReports).where(where)),
  ]);
  const paged = keysetResult(at, plan, rows, total, page, PAGE_SIZE);
  const result = paged.Result.map(
    (row): HomeReportRow => ({
      Id: row.id,
      Reference: row.reference,
      Status: row.status,
      StatusName: homeReportStatusName(row.status),
      Date: row.createdAt.toISOString(),
      IsMedic: row.isMedic,
      Pais: row.countryCode,
      Data: {
        Paciente: { Iniciales: row.initials, Sexo: row.sex, Lactancia: row.lactation, Embarazo: row.pregnancy },
        InformacionContacto: { AceptaContacto: row.acceptsContact },
        RAM: (Array.isArray(row.serious) ? row.serious : []).map((grave) => ({ Grave: typeof grave === 'string' ? grave : null })),
        Tipo: { SubGroup: row.subGroupId, SubGroupName: row.subGroupName },
      },
    }),
  );
  return { ...paged, Result: result };
}

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------


/** The incoming-report lists: the search (`getReportHome`) and the Tasks screen's inbox (`getWFReportHome`). */
export const homeReportInboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.route({
    ...contractRoute(homeReportsApi.getReportHome, {
      tags: ['Reportes recibidos'],
      summary: 'Reportes recibidos sin ingresar, paginados (15), con filtros; orden por defecto FechaCreacion DESC',
      params: reportHomeParams,
      errors: errorResponses,
    }),
    handler: (request) => {
      const { page, orderBy, id, isMedic, status, country, from, to } = request.params;
      return listHomeReports(
        db,
        requireUser(request),
        { page, at: request.query.pageKey, order: orderBy },
        { reference: id, isMedic, status, country, from, to },
      );
    },
  });

  app.route({
    ...contractRoute(homeReportsApi.getWFReportHome, {
      tags: ['Reportes recibidos'],
      summary: 'Reportes pendientes de médico / paciente (Tareas): Nuevos y En revisión, sin ingresar',
      params: z.object(pagingParams),
      errors: errorResponses,
    }),
    handler: (request) => {
      const { page, orderBy } = request.params;
      return listHomeReports(db, requireUser(request), { page, at: request.query.pageKey, order: orderBy }, { pendingOnly: true });
    },
  });
};
