import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { intArray } from '../../db/int-array.js';
import { countries, eventMetricAlerts, events, metrics, noKpiCounts, noKpiCreatorCounts } from '../../db/schema/index.js';
import { rowsOf } from '../deadlines/index.js';

/** A missed deadline row of the `failed` partial indexes (migration 0016). */
const FAILED = sql`${eventMetricAlerts.state} in ('late', 'overdue')`;

/**
 * The first missed deadline of each case: a failed row with no failed row of the same case
 * whose limit expired earlier (or at the same time, of a lower metric). Probed through
 * `event_metric_alerts_failed_idx` (event_id). Each case counts once, at its first failure.
 */
const FIRST_FAILURE = sql`not exists (
  select 1 from ${eventMetricAlerts} as earlier
  where earlier.event_id = ${eventMetricAlerts.eventId} and earlier.state in ('late', 'overdue')
    and (earlier.due_at, earlier.metric_id) < (${eventMetricAlerts.dueAt}, ${eventMetricAlerts.metricId}))`;

/** The position of a row in the list: its first failure's due date (text to the microsecond) and the case id. */
export interface NoKpiKey {
  dueAt: string;
  eventId: string;
}

export interface NoKpiRow {
  eventId: string;
  meta: string;
  referenceNumber: string;
  status: number;
  updatedAt: Date;
  keyDue: string;
  /** JSON text: the case's failed rows, earliest limit first. */
  alerts: string;
}

export interface NoKpiPageQuery {
  /** `caseReach` of the user, and the country filter (a condition on `events`) or none. */
  reach: SQL;
  country: SQL | null;
  /** Where to start: after or before a key, or an offset from the newest. */
  after?: NoKpiKey;
  before?: NoKpiKey;
  offset: number;
  limit: number;
}

/**
 * A page of the cases that miss a KPI, in reach: the first failure of each case read from
 * `event_metric_alerts_failed_due_idx` (due_at, event_id) backwards (newest first), the case
 * joined by its primary key and tested for reach, `limit` rows from the position; each with
 * its failed rows (metric name, limit, state, due date). One statement.
 */
export async function noKpiPage(db: DbOrTx, query: NoKpiPageQuery): Promise<NoKpiRow[]> {
  const key = query.after ?? query.before;
  const position = key
    ? query.after
      ? sql`(${eventMetricAlerts.dueAt}, ${eventMetricAlerts.eventId}) < (${key.dueAt}::timestamptz, ${key.eventId}::uuid)`
      : sql`(${eventMetricAlerts.dueAt}, ${eventMetricAlerts.eventId}) > (${key.dueAt}::timestamptz, ${key.eventId}::uuid)`
    : sql`true`;
  const direction = query.before ? sql`asc` : sql`desc`;
  const result = await db.execute(sql`
    select ${events.id}::text as "eventId", ${events.meta} as meta, ${events.referenceNumber} as "referenceNumber",
      ${events.status} as status, ${events.updatedAt} as "updatedAt",
      to_char(${eventMetricAlerts.dueAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "keyDue",
      (select json_agg(json_build_object('Nombre', m.nombre, 'limitHours', f.limit_hours, 'state', f.state,
          'dueAt', to_char(f.due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by f.due_at, f.metric_id)::text
        from ${eventMetricAlerts} as f join ${metrics} as m on m.metrica_id = f.metric_id
        where f.event_id = ${events.id} and f.state in ('late', 'overdue')) as alerts
    from ${eventMetricAlerts}
    join ${events} on ${events.id} = ${eventMetricAlerts.eventId}
    where ${FAILED} and ${FIRST_FAILURE} and ${query.reach} and ${query.country ?? sql`true`} and ${position}
    order by ${eventMetricAlerts.dueAt} ${direction}, ${eventMetricAlerts.eventId} ${direction}
    limit ${query.limit} offset ${query.offset}`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    eventId: String(row.eventId),
    meta: String(row.meta),
    referenceNumber: String(row.referenceNumber),
    status: Number(row.status),
    updatedAt: row.updatedAt instanceof Date ? row.updatedAt : new Date(String(row.updatedAt)),
    keyDue: String(row.keyDue),
    alerts: String(row.alerts ?? '[]'),
  }));
}

/**
 * The card counted from the alerts: how many cases in reach had a limit missed that expired in
 * the current calendar month of `timeZone`, and in the previous one (a case counts once per
 * month). A range of `event_metric_alerts_failed_due_idx` over two months, each row's case
 * joined for reach. The card before migration 0032; now the reference the tests and the bench
 * hold `noKpiCardCounts` to (docs/kpi.md 'Count table').
 */
export async function noKpiCountsFromAlerts(db: DbOrTx, reach: SQL, country: SQL | null, now: Date, timeZone: string): Promise<{ current: number; previous: number }> {
  const month = sql`date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${timeZone})`;
  const result = await db.execute(sql`
    select count(distinct ${eventMetricAlerts.eventId}) filter (where ${eventMetricAlerts.dueAt} >= ${month} at time zone ${timeZone})::int as current,
      count(distinct ${eventMetricAlerts.eventId}) filter (where ${eventMetricAlerts.dueAt} < ${month} at time zone ${timeZone})::int as previous
    from ${eventMetricAlerts}
    join ${events} on ${events.id} = ${eventMetricAlerts.eventId}
    where ${FAILED}
      and ${eventMetricAlerts.dueAt} >= (${month} - interval '1 month') at time zone ${timeZone}
      and ${eventMetricAlerts.dueAt} < (${month} + interval '1 month') at time zone ${timeZone}
      and ${reach} and ${country ?? sql`true`}`);
  const [row] = rowsOf<{ current: number; previous: number }>(result);
  return { current: Number(row?.current ?? 0), previous: Number(row?.previous ?? 0) };
}

/** Who reads the card: what `noKpiCardCounts` needs of reach (`caseReach`, modules/reach). */
export interface NoKpiCardReader {
  id: string;
  role: 'ADMIN' | 'RLF' | 'QPPV' | 'CL' | 'Fabricante';
  /** The user's own country (ISO code): an RLF's reach. */
  countryCode: string;
  /** The user's laboratories (QPPV, CL, Fabricante). */
  laboratoryIds: readonly number[] | undefined;
}

/**
 * The card from the maintained count (migration 0032, docs/kpi.md 'Count table'): the cases in
 * reach with a limit missed in the current and the previous calendar month, each month cut in
 * the time zone of the case's country, in one statement reading the rows of those two months
 * of each country by primary key.
 *
 * - `nokpi_counts`: the part of reach a row answers (the case's country, draft or not, its
 *   laboratories): ADMIN every sent case; RLF the cases of their country; QPPV, CL and
 *   Fabricante the sent cases sharing a laboratory.
 * - `nokpi_creator_counts` of the user: the creator branch of reach (the user's own cases
 *   outside that part: an RLF's cases of other countries, a QPPV's drafts or cases of other
 *   laboratories). Disjoint from the first part: no case counts twice.
 */
export async function noKpiCardCounts(db: DbOrTx, reader: NoKpiCardReader, countryId: number | null, now: Date): Promise<{ current: number; previous: number }> {
  const own = sql`(select ${countries.id} from ${countries} where ${countries.code} = ${reader.countryCode})`;
  const labs = reader.laboratoryIds ?? [];
  let counted: SQL;
  switch (reader.role) {
    case 'ADMIN':
      counted = sql`not n.draft`;
      break;
    case 'RLF':
      counted = sql`n.country_id = ${own}`;
      break;
    default:
      counted = labs.length === 0 ? sql`false` : sql`(not n.draft and n.laboratory_ids && ${intArray(labs)})`;
  }
  // ADMIN opens no case and creates none: no creator branch.
  const creator = reader.role === 'ADMIN' ? sql`false` : sql`not ${counted}`;
  // The creator's rows are read per month and country, a look-up of the key's first three columns
  // (`offset 0` keeps the lateral from being flattened): joined whole, the planner read every month
  // of the user's rows (119,691 for the demo QPPV at a million: 30 ms) to keep 677 (0.1 ms now).
  const result = await db.execute(sql`
    with m as (
      select c.id as country_id, date_trunc('month', ${now.toISOString()}::timestamptz at time zone c.time_zone)::date as current
      from ${countries} c where ${countryId === null ? sql`true` : sql`c.id = ${countryId}`}
    ),
    months as (
      select country_id, current as month, true as is_current from m
      union all select country_id, (current - interval '1 month')::date, false from m
    ),
    parts as (
      select x.is_current, n.cases from months x
      join ${noKpiCounts} n on n.month = x.month and n.country_id = x.country_id
      where ${counted}
      union all
      select x.is_current, n.cases from months x
      cross join lateral (
        select n.cases from ${noKpiCreatorCounts} n
        where n.created_by = ${reader.id} and n.month = x.month and n.country_id = x.country_id and ${creator}
        offset 0
      ) n
    )
    select coalesce(sum(cases) filter (where is_current), 0)::int as current, coalesce(sum(cases) filter (where not is_current), 0)::int as previous from parts`);
  const [row] = rowsOf<{ current: number; previous: number }>(result);
  return { current: Number(row?.current ?? 0), previous: Number(row?.previous ?? 0) };
}

/** The countries of the dropdown: every country in use, by name; for an RLF their own only. */
export async function noKpiCountries(db: DbOrTx, onlyCode: string | null): Promise<{ Code: string; Name: string }[]> {
  const result = await db.execute(sql`
    select ${countries.code} as "Code", ${countries.name} as "Name" from ${countries}
    where not ${countries.eliminado} and ${onlyCode ? sql`${countries.code} = ${onlyCode}` : sql`true`}
    order by ${countries.name}`);
  return rowsOf<{ Code: string; Name: string }>(result);
}

/** The id of a country in use by its code, or undefined. */
export async function countryIdOf(db: DbOrTx, code: string): Promise<number | undefined> {
  const result = await db.execute(sql`select ${countries.id} as id from ${countries} where ${countries.code} = ${code} and not ${countries.eliminado}`);
  const [row] = rowsOf<{ id: number }>(result);
  return row ? Number(row.id) : undefined;
}
