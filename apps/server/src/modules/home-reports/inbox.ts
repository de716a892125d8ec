import {
  booleanFilterParam,
  DEFAULT_HOME_REPORT_ORDER,
  HOME_REPORT_ORDER_COLUMNS,
  HOME_REPORT_STATUS,
  type HomeReportOrderColumn,
  type HomeReportRow,
  homeReportRowSchema,
  homeReportStatusName,
  idFilterParam,
  isNoFilter,
  type ListOrder,
  MSG,
  PAGE_SIZE,
  pagedResult,
  pagedResultSchema,
  pageOffset,
  pageParam,
  pageSizeParam,
  parseOrderBy,
  type PagedResult,
  textFilterParam,
} from '@atalaya/domain';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { countries, homeReports, subGroups } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { type DateBound, fromBoundParam, toBoundParam } from '../../http/list-params.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses } from '../../http/schemas.js';
import { referenceKey } from '../catalog/index.js';
import { HOME_REPORT_READERS, homeReportBaseColumns } from './get-by-reference.js';
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

const ORDER_COLUMNS = {
  FechaCreacion: homeReports.createdAt,
  Reference: homeReports.reference,
  Status: homeReports.status,
  IsMedic: homeReports.isMedic,
} as const satisfies Record<HomeReportOrderColumn, unknown>;

/** A text of the stored report at a constant path (`data #>> '{Paciente,Sexo}'`). */
function dataText(...path: string[]): SQL<string | null> {
  return sql<string | null>`${homeReports.data} #>> ${sql.raw(`'{${path.join(',')}}'`)}`;
}

/** Escapes LIKE's wildcards so a filter matches its characters literally. */
function likePrefix(value: string): string {
  return `${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
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
    reference ? sql`${homeReports.reference} like ${likePrefix(reference.toUpperCase())}` : undefined,
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
 * the fields of the inbox row (jsonb paths, never the whole document): two queries, the page
 * and the count, whatever the page size.
 */
export async function listHomeReports(
  db: Db,
  user: AuthUser,
  page: number,
  order: ListOrder<HomeReportOrderColumn>,
  filters: InboxFilters,
): Promise<PagedResult<HomeReportRow>> {
  const where = conditions(user, filters);
  const direction = order.direction === 'ASC' ? asc : desc;
  const [rows, [total]] = await Promise.all([
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
      })
      .from(homeReports)
      .innerJoin(countries, eq(countries.id, homeReports.countryId))
      .leftJoin(subGroups, eq(subGroups.id, homeReports.subGroupId))
      .where(where)
      .orderBy(direction(ORDER_COLUMNS[order.column]), direction(homeReports.id))
      .limit(PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ total: count() }).from(homeReports).where(where),
  ]);
  const result = rows.map(
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
  return pagedResult(result, total?.total ?? 0, page);
}

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

const listResponses = { 200: pagedResultSchema(homeReportRowSchema), ...errorResponses };

/** The incoming-report lists: the search (`getReportHome`) and the Tasks screen's inbox (`getWFReportHome`). */
export const homeReportInboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.route({
    method: 'GET',
    url: '/api/getReportHome/:page/:size/:orderBy/:id/:isMedic/:status/:country/:from/:to',
    config: { roles: HOME_REPORT_READERS },
    schema: {
      tags: ['Reportes recibidos'],
      summary: 'Reportes recibidos sin ingresar, paginados (15), con filtros; orden por defecto FechaCreacion DESC',
      params: reportHomeParams,
      response: listResponses,
    },
    handler: (request) => {
      const { page, orderBy, id, isMedic, status, country, from, to } = request.params;
      return listHomeReports(db, requireUser(request), page, orderBy, { reference: id, isMedic, status, country, from, to });
    },
  });

  app.route({
    method: 'GET',
    url: '/api/getWFReportHome/:page/:size/:orderBy',
    config: { roles: HOME_REPORT_READERS },
    schema: {
      tags: ['Reportes recibidos'],
      summary: 'Reportes pendientes de médico / paciente (Tareas): Nuevos y En revisión, sin ingresar',
      params: z.object(pagingParams),
      response: listResponses,
    },
    handler: (request) => {
      const { page, orderBy } = request.params;
      return listHomeReports(db, requireUser(request), page, orderBy, { pendingOnly: true });
    },
  });
};
