import { AGE_GROUPS, ER_STATUS, ER_STATUSES, type IndicatorCountry, type IndicatorLaboratory, UNKNOWN_AGE_GROUP } from '@atalaya/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, readAll } from '../../db/client.js';
import { intArray } from '../../db/int-array.js';
import { countries, events, groups, indicatorCounts, indicatorHours, laboratories, subGroups } from '../../db/schema/index.js';

/**
 * Which cases the indicators count for a user (docs/indicators.md): the cases not deleted and
 * sent (status ≠ 1 Pendiente) of the user's country (RLF) or with a laboratory of theirs
 * (QPPV, CL), or every one (ADMIN: the whole company), narrowed by the filters. Expressed on two tables with the same
 * column names: `indicator_counts` (the charts) and `events` (the cards).
 */
export interface IndicatorScope {
  /** RLF: its country's id (null when the country is unknown: nothing). */
  countryId?: number | null;
  /** QPPV, CL: its laboratories' ids. */
  laboratoryIds?: readonly number[];
  /**
   * Those laboratories are every laboratory there is (`holdsEveryLaboratory`): a case's
   * laboratories then overlap them exactly when it has one, a condition with no comparison per
   * row (the cards read ~53,000 index rows at a million cases: 29 ms with the overlap of 18 ids,
   * 9 without; docs/performance-plans.md §8).
   */
  everyLaboratory?: boolean;
  /** Filters: the case's country, a laboratory among the case's. */
  filterCountryId?: number;
  filterLaboratoryId?: number;
}

type Columns = { countryId: SQL; laboratoryIds: SQL; status?: SQL };

/** The scope as a condition; `status` given: the cases sent (not Pendiente) only. */
function scopeCondition(scope: IndicatorScope, c: Columns): SQL {
  const parts: SQL[] = c.status ? [sql`${c.status} <> ${ER_STATUS.PENDIENTE}`] : [sql`true`];
  if (scope.countryId !== undefined) parts.push(scope.countryId === null ? sql`false` : sql`${c.countryId} = ${scope.countryId}`);
  if (scope.laboratoryIds !== undefined) {
    if (scope.laboratoryIds.length === 0) parts.push(sql`false`);
    else parts.push(scope.everyLaboratory ? sql`${c.laboratoryIds} <> '{}'::int[]` : sql`${c.laboratoryIds} && ${intArray(scope.laboratoryIds)}`);
  }
  if (scope.filterCountryId !== undefined) parts.push(sql`${c.countryId} = ${scope.filterCountryId}`);
  if (scope.filterLaboratoryId !== undefined) parts.push(sql`${c.laboratoryIds} @> ${intArray([scope.filterLaboratoryId])}`);
  return sql.join(parts, sql` and `);
}

const countColumns: Columns = { countryId: sql`${indicatorCounts.countryId}`, laboratoryIds: sql`${indicatorCounts.laboratoryIds}` };

/**
 * The rows of `indicator_counts` in scope: a country's own rows when the scope names one (an RLF's,
 * the 'País' filter), else country 0's, every country summed (migration 0042: a row per set of
 * laboratories, 988 at a million cases against 8,570), or with `byCountry` the countries' own rows
 * (the 'País' filter lists the countries).
 */
function countRows(scope: IndicatorScope, byCountry = false): SQL {
  const named = scope.countryId !== undefined || scope.filterCountryId !== undefined;
  const rows = named ? sql`true` : byCountry ? sql`${indicatorCounts.countryId} <> 0` : sql`${indicatorCounts.countryId} = 0`;
  return sql`${rows} and ${scopeCondition(scope, countColumns)}`;
}
const eventColumns: Columns = { countryId: sql`${events.countryId}`, laboratoryIds: sql`${events.laboratoryIds}`, status: sql`${events.status}` };

/** The statuses a report can be in (all but Pendiente): the elements of `by_status` the charts read. */
const SENT_STATUS_IDS = ER_STATUSES.map((status) => status.Id).filter((id) => id !== ER_STATUS.PENDIENTE);

/** The reports of a row of `indicator_counts`: its sent statuses' counts added up. */
const sentOfRow = sql.raw(SENT_STATUS_IDS.map((id) => `coalesce(by_status[${id}], 0)`).join(' + '));

/** `sum(column[i])` for each index, as one row of columns "0", "1", …. */
async function sumElements(db: DbOrTx, scope: IndicatorScope, column: 'by_status' | 'by_age' | 'by_sub_group', indexes: readonly number[]): Promise<Map<number, number>> {
  if (indexes.length === 0) return new Map();
  const sums = sql.raw(indexes.map((index, position) => `coalesce(sum(${column}[${Math.trunc(index)}]), 0)::int as "${position}"`).join(', '));
  const rows = await db.execute<Record<string, number>>(sql`select ${sums} from ${indicatorCounts} where ${countRows(scope)}`);
  const row = rows.rows[0] ?? {};
  return new Map(indexes.map((index, position) => [index, Number(row[String(position)] ?? 0)]));
}

export async function countryByCode(db: DbOrTx, code: string): Promise<{ id: number; timeZone: string } | undefined> {
  const rows = await db.execute<{ id: number; time_zone: string }>(sql`select ${countries.id} as id, ${countries.timeZone} as time_zone from ${countries} where ${countries.code} = ${code}`);
  const row = rows.rows[0];
  return row ? { id: Number(row.id), timeZone: row.time_zone } : undefined;
}

export async function laboratoryExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.execute(sql`select 1 from ${laboratories} where ${laboratories.id} = ${id}`);
  return rows.rows.length > 0;
}

/** The countries with at least one case in scope, by name (the 'País' filter). */
export async function countriesInScope(db: DbOrTx, scope: IndicatorScope): Promise<IndicatorCountry[]> {
  const rows = await db.execute<IndicatorCountry>(sql`select ${countries.code} as "Code", ${countries.name} as "Name" from ${countries}
    where ${countries.id} in (select ${indicatorCounts.countryId} from ${indicatorCounts} where ${countRows(scope, true)} group by 1 having sum(${sentOfRow}) > 0)
    order by ${countries.name}, ${countries.code}`);
  return rows.rows.map((row) => ({ Code: row.Code, Name: row.Name }));
}

/** The laboratories of the cases in scope (of a country), by name (the 'Laboratorio' filter), within `allowed` when given. */
export async function laboratoriesInScope(db: DbOrTx, scope: IndicatorScope, allowed?: readonly number[]): Promise<IndicatorLaboratory[]> {
  const within = allowed ? sql`and ${laboratories.id} = any(${intArray(allowed)})` : sql``;
  const rows = await db.execute<IndicatorLaboratory>(sql`select ${laboratories.id} as "Id", ${laboratories.name} as "Name" from ${laboratories}
    where ${laboratories.id} in (select distinct unnest(${indicatorCounts.laboratoryIds}) from ${indicatorCounts} where ${countRows(scope)} and ${sentOfRow} > 0) ${within}
    order by ${laboratories.name}, ${laboratories.id}`);
  return rows.rows.map((row) => ({ Id: Number(row.Id), Name: row.Name }));
}

/** The bounds of the six periods in a time zone, at `now` (docs/indicators.md 'Periods'). */
export interface PeriodBounds {
  monthBeforeLast: Date;
  lastMonth: Date;
  thisMonth: Date;
  nextMonth: Date;
  weekBeforeLast: Date;
  lastWeek: Date;
  thisWeek: Date;
  nextWeek: Date;
}

export async function periodBounds(db: DbOrTx, timeZone: string, now: Date): Promise<PeriodBounds> {
  const rows = await db.execute<Record<string, string | Date>>(sql`
    with l as (select date_trunc('month', (${now.toISOString()}::timestamptz) at time zone ${timeZone}) as m,
                      date_trunc('week', (${now.toISOString()}::timestamptz) at time zone ${timeZone}) as w)
    select (m - interval '2 month') at time zone ${timeZone} as month_before_last, (m - interval '1 month') at time zone ${timeZone} as last_month,
           m at time zone ${timeZone} as this_month, (m + interval '1 month') at time zone ${timeZone} as next_month,
           (w - interval '14 day') at time zone ${timeZone} as week_before_last, (w - interval '7 day') at time zone ${timeZone} as last_week,
           w at time zone ${timeZone} as this_week, (w + interval '7 day') at time zone ${timeZone} as next_week
    from l`);
  const row = rows.rows[0];
  if (!row) throw new Error('no period bounds');
  const at = (key: string) => new Date(row[key] as string | Date);
  return {
    monthBeforeLast: at('month_before_last'),
    lastMonth: at('last_month'),
    thisMonth: at('this_month'),
    nextMonth: at('next_month'),
    weekBeforeLast: at('week_before_last'),
    lastWeek: at('last_week'),
    thisWeek: at('this_week'),
    nextWeek: at('next_week'),
  };
}

export interface PeriodCounts {
  monthBeforeLast: number;
  lastMonth: number;
  thisMonth: number;
  weekBeforeLast: number;
  lastWeek: number;
  thisWeek: number;
}

const PERIODS: readonly (keyof PeriodCounts)[] = ['monthBeforeLast', 'lastMonth', 'thisMonth', 'weekBeforeLast', 'lastWeek', 'thisWeek'];

/** The six periods' counts as the columns of one row, each counted by `within(from, to)`. */
const periodColumns = (b: PeriodBounds, within: (from: Date, to: Date) => SQL): SQL =>
  sql`${within(b.monthBeforeLast, b.lastMonth)} as "monthBeforeLast", ${within(b.lastMonth, b.thisMonth)} as "lastMonth", ${within(b.thisMonth, b.nextMonth)} as "thisMonth",
      ${within(b.weekBeforeLast, b.lastWeek)} as "weekBeforeLast", ${within(b.lastWeek, b.thisWeek)} as "lastWeek", ${within(b.thisWeek, b.nextWeek)} as "thisWeek"`;

const countsBy = (n: (key: keyof PeriodCounts) => number): PeriodCounts => Object.fromEntries(PERIODS.map((key) => [key, n(key)])) as Record<keyof PeriodCounts, number>;

const HOUR = 3_600_000;

/**
 * The column of `indicator_hours` that counts a scope's cases, when one does: a scope of every
 * country (no RLF's, no 'País') and no 'Laboratorio' filter, of an ADMIN (every case: `sent`) or
 * of a user holding every laboratory (`sent_with_laboratory`). Any other scope (some
 * laboratories, one country) is counted from `events`.
 */
function hoursColumn(scope: IndicatorScope): SQL | undefined {
  if (scope.countryId !== undefined || scope.filterCountryId !== undefined || scope.filterLaboratoryId !== undefined) return undefined;
  if (scope.laboratoryIds === undefined) return sql`${indicatorHours.sent}`;
  return scope.laboratoryIds.length > 0 && scope.everyLaboratory ? sql`${indicatorHours.sentWithLaboratory}` : undefined;
}

/**
 * The cases created in each period: from the hours kept in `indicator_hours` (migration 0043:
 * at most ~2,200 rows for three months) when the scope is one they count and every bound is a whole hour
 * (a time zone with a half-hour offset is not); else in one index-only range read of
 * `events_created_at_id_idx` (created_at, id) INCLUDE (status, country_id, created_by,
 * laboratory_ids), or of a country's `events_indicator_cards_country_idx`, from the earliest bound
 * to the end of this month.
 */
export async function periodCounts(db: DbOrTx, scope: IndicatorScope, b: PeriodBounds): Promise<PeriodCounts> {
  const start = b.monthBeforeLast < b.weekBeforeLast ? b.monthBeforeLast : b.weekBeforeLast;
  const end = b.nextMonth > b.nextWeek ? b.nextMonth : b.nextWeek;
  const column = hoursColumn(scope);
  if (column && Object.values(b).every((bound) => bound.getTime() % HOUR === 0)) return hourCounts(db, column, b, start, end);
  const within = (from: Date, to: Date) => sql`count(*) filter (where ${events.createdAt} >= ${from.toISOString()}::timestamptz and ${events.createdAt} < ${to.toISOString()}::timestamptz)::int`;
  // Planned for its values at each request (1.3 ms), never a named statement: the generic plan
  // of the same range ran 33 ms against 20 for the plan of the values (every country), and for a
  // QPPV's 'País' filter read the whole range where the country's plan reads its own cases (20
  // against 5 ms). No parallel plan: the server's sessions run without workers (db/client.ts;
  // docs/performance-plans.md §8–9).
  const run = async (query: SQL) => (await db.execute<Record<keyof PeriodCounts, number>>(query)).rows;
  const counts = (only: SQL) =>
    run(
      sql`select ${periodColumns(b, within)}
    from ${events}
    where ${events.deletedAt} is null and ${events.createdAt} >= ${start.toISOString()}::timestamptz and ${events.createdAt} < ${end.toISOString()}::timestamptz
      and ${scopeCondition(scope, eventColumns)} ${only}`,
    );
  // A case marked duplicate is counted once, as its master (docs/duplicates.md 'Counted once'):
  // the duplicates (few, read by `events_duplicate_of_idx`) are taken from the index-only count.
  const [all, duplicates] = await readAll(db, [() => counts(sql``), () => counts(sql`and ${events.duplicateOfEventId} is not null`)]);
  const row = all[0];
  const less = duplicates[0];
  const n = (key: keyof PeriodCounts) => Number(row?.[key] ?? 0) - Number(less?.[key] ?? 0);
  return countsBy(n);
}

/** `periodCounts` from the hours of `indicator_hours` between `start` and `end`, summing `column`. */
async function hourCounts(db: DbOrTx, column: SQL, b: PeriodBounds, start: Date, end: Date): Promise<PeriodCounts> {
  const within = (from: Date, to: Date) =>
    sql`coalesce(sum(${column}) filter (where ${indicatorHours.hour} >= ${from.toISOString()}::timestamptz and ${indicatorHours.hour} < ${to.toISOString()}::timestamptz), 0)::int`;
  const rows = await db.execute<Record<keyof PeriodCounts, number>>(sql`select ${periodColumns(b, within)}
    from ${indicatorHours}
    where ${indicatorHours.hour} >= ${start.toISOString()}::timestamptz and ${indicatorHours.hour} < ${end.toISOString()}::timestamptz`);
  const row = rows.rows[0];
  const n = (key: keyof PeriodCounts) => Number(row?.[key] ?? 0);
  return countsBy(n);
}

/** Every status but Pendiente, by id, with its total in scope. */
export async function statusTotals(db: DbOrTx, scope: IndicatorScope): Promise<{ id: number; name: string; total: number }[]> {
  const totals = await sumElements(db, scope, 'by_status', SENT_STATUS_IDS);
  return ER_STATUSES.filter((status) => status.Id !== ER_STATUS.PENDIENTE).map((status) => ({ id: status.Id, name: status.Estado, total: totals.get(status.Id) ?? 0 }));
}

/** Every age group, by band ('Desconocido' last), with its total in scope (`by_age[group + 1]`). */
export async function ageTotals(db: DbOrTx, scope: IndicatorScope): Promise<{ id: number; name: string; total: number }[]> {
  const groups = [...AGE_GROUPS, UNKNOWN_AGE_GROUP];
  const totals = await sumElements(db, scope, 'by_age', groups.map((group) => group.ID + 1));
  return groups.map((group) => ({ id: group.ID, name: group.Name, total: totals.get(group.ID + 1) ?? 0 }));
}

/**
 * Every group with its sub-groups (by id), each with its total in scope
 * (`by_sub_group[sub-group + 1]`, which, like `by_age`, the triggers keep for the cases sent
 * only); a group's total is its sub-groups'.
 */
export async function typeTotals(
  db: DbOrTx,
  scope: IndicatorScope,
): Promise<{ id: number; name: string; total: number; subGroups: { id: number; name: string; total: number }[] }[]> {
  const [groupRows, subGroupRows] = await readAll(db, [
    () => db.select({ id: groups.id, title: groups.title }).from(groups).orderBy(groups.id),
    () => db.select({ id: subGroups.id, nombre: subGroups.nombre, grupoId: subGroups.grupoId }).from(subGroups).orderBy(subGroups.id),
  ]);
  const totals = await sumElements(db, scope, 'by_sub_group', subGroupRows.map((sub) => sub.id + 1));
  return groupRows.map((group) => {
    const subs = subGroupRows.filter((sub) => sub.grupoId === group.id).map((sub) => ({ id: sub.id, name: sub.nombre, total: totals.get(sub.id + 1) ?? 0 }));
    return { id: group.id, name: group.title, total: subs.reduce((sum, sub) => sum + sub.total, 0), subGroups: subs };
  });
}
