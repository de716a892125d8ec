import {
  ER_STATUS,
  formatDateTime,
  limitName,
  MSG,
  NO_KPI_MAX_OFFSET_ROWS,
  NO_KPI_PAGE_SIZE,
  type NoKpiAlert,
  type NoKpiCountry,
  type NoKpiEvent,
  type NoKpiPage,
  type NoKpiResponse,
  parsePageKey,
} from '@atalaya/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { events } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest } from '../../http/errors.js';
import { caseReach } from '../reach/index.js';
import { listContext } from '../case-lists/index.js';
import { countryIdOf, type NoKpiKey, noKpiCardCounts, noKpiCountries, noKpiPage, type NoKpiRow } from './queries.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const KEY_DUE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** A row's position as a page key (base64url of 'due|id'). */
function encodeKey(row: NoKpiRow): string {
  return Buffer.from(`${row.keyDue}|${row.eventId}`).toString('base64url');
}

function decodeKey(key: string): NoKpiKey {
  const [dueAt, eventId, ...rest] = Buffer.from(key, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !dueAt || !eventId || !KEY_DUE.test(dueAt) || !UUID.test(eventId) || Number.isNaN(Date.parse(dueAt))) {
    throw badRequest(MSG.lists.invalidPageKey);
  }
  return { dueAt, eventId };
}

export interface NoKpiRequest {
  country: string | null;
  page: number;
  pageKey: string | undefined;
}

/** The user's reach, time zone, and the country filter (400 for a country that does not exist). */
export async function noKpiScope(
  db: Db,
  user: AuthUser,
  countryCode: string | null,
): Promise<{ reach: SQL; country: SQL | null; countryId: number | null; laboratoryIds: readonly number[] | undefined; timeZone: string }> {
  const context = await listContext(db, user);
  let country: SQL | null = null;
  let countryId: number | null = null;
  if (countryCode !== null) {
    const id = await countryIdOf(db, countryCode);
    if (id === undefined) throw badRequest(MSG.noKpi.unknownCountry);
    country = eq(events.countryId, id);
    countryId = id;
  }
  return {
    reach: user.role === 'ADMIN' ? WHOLE_COMPANY : caseReach(user, context.laboratoryIds),
    country,
    countryId,
    laboratoryIds: context.laboratoryIds,
    timeZone: context.timeZone,
  };
}

/**
 * ADMIN's list: the whole company's sent cases (not deleted, not a Pendiente draft), read-only
 * figures of an administrator who opens no case (docs/roles.md; the web shows the references
 * as plain text to ADMIN).
 */
const WHOLE_COMPANY = sql`(${events.deletedAt} is null and ${events.status} <> ${ER_STATUS.PENDIENTE})`;

function toEvent(row: NoKpiRow, timeZone: string): NoKpiEvent {
  const alerts = JSON.parse(row.alerts) as { Nombre: string; limitHours: number; state: 'late' | 'overdue'; dueAt: string }[];
  return {
    Meta: row.meta,
    NumeroReferencia: row.referenceNumber,
    Estado: row.status,
    FechaSolicitud: row.updatedAt.toISOString(),
    FechaSolicitudDesc: formatDateTime(row.updatedAt, timeZone),
    MetricsAlerts: alerts.map((alert): NoKpiAlert => ({ Nombre: alert.Nombre, TiempoNombre: limitName(alert.limitHours), Estado: alert.state, FechaLimite: alert.dueAt })),
  };
}

/**
 * A page of 'Eventos que no cumplen' (keyset: `after:` / `before:` a row's key; `page` without
 * a key reads by offset only within the first NO_KPI_MAX_OFFSET_ROWS (300) rows, else 400:
 * skipping rows costs a reach test each, bench/README.md).
 */
async function pageOf(db: Db, reach: SQL, country: SQL | null, timeZone: string, request: NoKpiRequest): Promise<NoKpiPage> {
  const at = parsePageKey(request.pageKey);
  if (!at || at.kind === 'last') throw badRequest(MSG.lists.invalidPageKey);
  const size = NO_KPI_PAGE_SIZE;
  const offset = at.kind === 'first' ? (request.page - 1) * size : 0;
  if (offset > NO_KPI_MAX_OFFSET_ROWS) throw badRequest(MSG.lists.pageTooFar);
  const key = at.kind === 'first' ? undefined : decodeKey(at.key);
  const read = await noKpiPage(db, {
    reach,
    country,
    ...(at.kind === 'after' && key ? { after: key } : {}),
    ...(at.kind === 'before' && key ? { before: key } : {}),
    offset,
    limit: size + 1,
  });
  const more = read.length > size;
  const rows = read.slice(0, size);
  if (at.kind === 'before') rows.reverse();
  const first = rows[0];
  const last = rows[rows.length - 1];
  return {
    list: rows.map((row) => toEvent(row, timeZone)),
    PageNumber: request.page,
    PageBack: at.kind === 'before' ? more : at.kind === 'after' || offset > 0,
    PageNext: at.kind === 'before' ? true : more,
    FirstKey: first ? encodeKey(first) : null,
    LastKey: last ? encodeKey(last) : null,
  };
}

/** `getNoKpiMetrics`: the card (this month against the last, from the maintained count, docs/kpi.md) and a page of the list. */
export async function noKpiMetrics(db: Db, user: AuthUser, request: NoKpiRequest, now: Date = new Date()): Promise<NoKpiResponse> {
  const { reach, country, countryId, laboratoryIds, timeZone } = await noKpiScope(db, user, request.country);
  const reader = { id: user.id, role: user.role, countryCode: user.countryCode, laboratoryIds };
  const [counts, page] = await Promise.all([noKpiCardCounts(db, reader, countryId, now), pageOf(db, reach, country, timeZone, request)]);
  const porcentaje = counts.previous === 0 ? 0 : Math.round(((counts.current - counts.previous) / counts.previous) * 100);
  return { ...page, cantReport: counts.current, porcentaje };
}

/** `getEventsNoKpi`: a page of the list alone. */
export async function noKpiEvents(db: Db, user: AuthUser, request: NoKpiRequest): Promise<NoKpiPage> {
  const { reach, country, timeZone } = await noKpiScope(db, user, request.country);
  return pageOf(db, reach, country, timeZone, request);
}

/** The 'Paises' dropdown: an RLF's own country; every country in use for the other roles. */
export function countriesFor(db: Db, user: AuthUser): Promise<NoKpiCountry[]> {
  return noKpiCountries(db, user.role === 'RLF' ? user.countryCode.toUpperCase() : null);
}
