import { ER_STATUS, ROLE_IDS } from '@atalaya/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * The deadline engine (docs/kpi.md): the state of every active metric of every case, stored in
 * `event_metric_alerts` and kept true in the transaction of each write that moves a milestone.
 *
 * Which cases or metrics to recompute:
 * - `eventIds`: the cases a write touched (creation, send, each workflow action, notification
 *   dates, seriousness, annulment, deletion: `recordCaseOperation` and `createCase` call it);
 * - `metricId`: every case for one metric (its time limit changed, it was switched on or off);
 * - `all`: every case (the migration's backfill is the same statement with no filter).
 */
export type DeadlineScope = { eventIds: readonly string[] } | { metricId: number } | { all: true };

/** A metric of a case that has just become 'late' or 'overdue' (it was not before). */
export interface MissedDeadline {
  eventId: string;
  metricId: number;
  state: 'late' | 'overdue';
}

/** Statuses whose cases have no deadlines: annulled (terminal). Deleted cases have none either. */
const WITHOUT_DEADLINES = [ER_STATUS.ANULADO] as const;

/** A `{…}` uuid array literal bound as one parameter. */
function uuidArray(ids: readonly string[]): SQL {
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

function scopeFilters(scope: DeadlineScope): { events: SQL; metrics: SQL; alerts: SQL } {
  if ('eventIds' in scope) {
    const ids = uuidArray(scope.eventIds);
    return { events: sql`e.id = any(${ids})`, metrics: sql`true`, alerts: sql`a.event_id = any(${ids})` };
  }
  if ('metricId' in scope) {
    return { events: sql`true`, metrics: sql`mt.metrica_id = ${scope.metricId}`, alerts: sql`a.metric_id = ${scope.metricId}` };
  }
  return { events: sql`true`, metrics: sql`true`, alerts: sql`true` };
}

/**
 * The milestones of the cases in `target` (ids), one row each: the case's own dates, the
 * workflow comments' (first AprobarRLF, latest entry into status 3, latest Imputable /
 * NoImputable), whether any reaction is serious, and the earliest local sanitary and provider
 * notification dates of its reactions (a date counts as 00:00 UTC of that day). Each piece is
 * one aggregate over its table's `event_id` index (or a hash aggregate for every case).
 */
function milestonesSql(): SQL {
  return sql`
    comment as (
      select c.event_id,
        min(c.created_at) filter (where c.action = 'AprobarRLF') as approved_by_rlf,
        max(c.created_at) filter (where c.to_status = ${ER_STATUS.EN_EVALUACION_QPPV}) as in_evaluation,
        max(c.created_at) filter (where c.action in ('Imputable', 'NoImputable')) as concluded
      from event_comments c where c.event_id in (select id from target) group by c.event_id
    ),
    ram as (
      select r.event_id, bool_or(r.is_serious) as serious
      from event_rams r where r.event_id in (select id from target) group by r.event_id
    ),
    notification as (
      select r.event_id,
        min(n.date) filter (where n.kind = 'local') as local,
        min(n.date) filter (where n.kind = 'provider') as provider
      from ram_notifications n join event_rams r on r.id = n.ram_id
      where r.event_id in (select id from target) group by r.event_id
    ),
    milestone as (
      select t.id as event_id, coalesce(ram.serious, false) as serious,
        t.received_at as receipt, t.created_at as case_created, t.sent_at as sent_to_review,
        comment.approved_by_rlf, comment.in_evaluation, comment.concluded,
        notification.local::timestamp at time zone 'UTC' as local_notification,
        notification.provider::timestamp at time zone 'UTC' as provider_notification
      from target t
      left join comment on comment.event_id = t.id
      left join ram on ram.event_id = t.id
      left join notification on notification.event_id = t.id
    )`;
}

/** The milestone column of `milestone` named by a metric's from / to (`MetricMilestone`). */
function milestoneOf(column: SQL): SQL {
  return sql`case ${column}
    when 'receipt' then m.receipt
    when 'caseCreated' then m.case_created
    when 'sentToReview' then m.sent_to_review
    when 'approvedByRlf' then m.approved_by_rlf
    when 'inEvaluation' then m.in_evaluation
    when 'concluded' then m.concluded
    when 'localSanitaryNotification' then m.local_notification
    when 'providerNotification' then m.provider_notification
  end`;
}

/**
 * The whole statement: computes the state of each (case, active metric that applies) in scope
 * at `now`, deletes the stored rows in scope that no longer apply (metric switched off, case
 * annulled or deleted, seriousness changed, start milestone gone), upserts the others (a row
 * is rewritten only when something changed), and answers the rows that have just become
 * 'late' or 'overdue'. Exported for the migration's backfill text (docs/kpi.md) and tests.
 */
export function refreshStatement(scope: DeadlineScope, now: Date): SQL {
  const filters = scopeFilters(scope);
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`
    with target as (
      select e.id, e.received_at, e.created_at, e.sent_at from events e
      where e.deleted_at is null and e.status not in (${sql.join(
        WITHOUT_DEADLINES.map((status) => sql`${status}`),
        sql`, `,
      )}) and ${filters.events}
    ),
    ${milestonesSql()},
    span as (
      select m.event_id, mt.metrica_id as metric_id, o.hours as limit_hours,
        ${milestoneOf(sql`mt.from_milestone`)} as started_at,
        ${milestoneOf(sql`mt.to_milestone`)} as ended_at
      from milestone m
      cross join metrics mt
      join time_options o on o.id = mt.tiempo_id
      where mt.activo and (mt.serious is null or mt.serious = m.serious) and ${filters.metrics}
    ),
    computed as (
      select s.event_id, s.metric_id, s.started_at, s.limit_hours,
        s.started_at + s.limit_hours * interval '1 hour' as due_at,
        case when s.ended_at >= s.started_at then s.ended_at end as met_at
      from span s where s.started_at is not null
    ),
    stated as (
      select c.*, case
          when c.met_at is not null then case when c.met_at <= c.due_at then 'met' else 'late' end
          when c.due_at < ${at} then 'overdue'
          else 'pending'
        end as state
      from computed c
    ),
    previous as (
      select a.event_id, a.metric_id, a.state from event_metric_alerts a where ${filters.alerts}
    ),
    removed as (
      delete from event_metric_alerts a
      where ${filters.alerts}
        and not exists (select 1 from stated s where s.event_id = a.event_id and s.metric_id = a.metric_id)
    ),
    stored as (
      insert into event_metric_alerts as a (event_id, metric_id, started_at, limit_hours, due_at, met_at, state, updated_at)
      select s.event_id, s.metric_id, s.started_at, s.limit_hours, s.due_at, s.met_at, s.state, ${at} from stated s
      on conflict (event_id, metric_id) do update set
        started_at = excluded.started_at, limit_hours = excluded.limit_hours, due_at = excluded.due_at,
        met_at = excluded.met_at, state = excluded.state, updated_at = excluded.updated_at
      where (a.started_at, a.limit_hours, a.due_at, a.met_at, a.state)
        is distinct from (excluded.started_at, excluded.limit_hours, excluded.due_at, excluded.met_at, excluded.state)
      returning a.event_id, a.metric_id, a.state
    )
    select stored.event_id::text as "eventId", stored.metric_id as "metricId", stored.state
    from stored left join previous p on p.event_id = stored.event_id and p.metric_id = stored.metric_id
    where stored.state in ('late', 'overdue') and (p.state is null or p.state not in ('late', 'overdue'))`;
}

/**
 * Recomputes the deadlines in scope at `now` inside the caller's transaction (one statement),
 * and tells the users who act next about the metrics that have just been missed (one mail per
 * user and case, queued in the same transaction: `notifyMissedDeadlines`). Answers those.
 */
export async function refreshCaseDeadlines(tx: DbOrTx, scope: DeadlineScope, now: Date = new Date()): Promise<MissedDeadline[]> {
  if ('eventIds' in scope && scope.eventIds.length === 0) return [];
  const result = await tx.execute<{ eventId: string; metricId: number; state: 'late' | 'overdue' }>(refreshStatement(scope, now));
  const missed = rowsOf<{ eventId: string; metricId: number; state: 'late' | 'overdue' }>(result).map((row) => ({ eventId: row.eventId, metricId: Number(row.metricId), state: row.state }));
  if (missed.length > 0 && !('all' in scope) && !('metricId' in scope)) await notifyMissedDeadlines(tx, missed);
  return missed;
}

/** The rows of an `execute` result, whatever the driver (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * The users who act next on a case, by its status (workflow.md): its creator for a draft (1);
 * the RLF of its country for 2 and 4 (and 8, archived by the local office); the QPPV of its
 * laboratories for 3 and the closed statuses 6, 7, 9 (the notifications to the authority are
 * theirs); the Fabricante of its laboratories for 5. Active users only. A condition on `u`
 * (users) and `e` (events).
 */
export function nextActorsCondition(): SQL {
  const labs = sql`e.laboratory_ids && array(
    select l.id from laboratories l where exists (
      select 1 from user_laboratories g where g.user_id = u.id and (g.laboratory_id = l.id
        or (g.laboratory_id is null and (g.company_id = l.company_id
          or (g.company_id is null and (g.country_id is null or g.country_id = l.country_id)))))))`;
  return sql`u.is_active and (
    (e.status = ${ER_STATUS.PENDIENTE} and u.id = e.created_by)
    or (e.status in (${ER_STATUS.EN_REVISION_RLF}, ${ER_STATUS.MAS_INFORMACION}, ${ER_STATUS.ARCHIVADO_RLF})
      and u.role_id = ${ROLE_IDS.RLF} and u.country_id = e.country_id)
    or (e.status in (${ER_STATUS.EN_EVALUACION_QPPV}, ${ER_STATUS.CERRADO_IMPUTABLE}, ${ER_STATUS.CERRADO_NO_IMPUTABLE}, ${ER_STATUS.ARCHIVADO_QPPV})
      and u.role_id = ${ROLE_IDS.QPPV} and ${labs})
    or (e.status = ${ER_STATUS.EN_ESPERA_FABRICANTE} and u.role_id = ${ROLE_IDS.Fabricante} and ${labs}))`;
}

/**
 * Queues one mail per (user who acts next, case) naming the metrics just missed, in the
 * caller's transaction (the outbox sends it after the commit), and answers who was told of
 * which case (for the hub). One statement whatever the number of cases.
 */
export async function notifyMissedDeadlines(tx: DbOrTx, missed: readonly MissedDeadline[]): Promise<{ userId: string; eventId: string; reference: string; meta: string }[]> {
  if (missed.length === 0) return [];
  const pairs = JSON.stringify(missed.map((row) => ({ e: row.eventId, m: row.metricId, s: row.state })));
  const result = await tx.execute<{ userId: string; eventId: string; reference: string; meta: string }>(sql`
    with missed as (
      select (x->>'e')::uuid as event_id, (x->>'m')::int as metric_id, x->>'s' as state
      from jsonb_array_elements(${pairs}::jsonb) as x
    ),
    told as (
      select u.id as user_id, u.email, e.id as event_id, e.reference_number, e.meta,
        string_agg(mt.nombre || case when missed.state = 'late' then ' (cumplido fuera de plazo)' else ' (plazo vencido)' end, E'\n- ' order by mt.metrica_id) as what
      from missed
      join events e on e.id = missed.event_id
      join metrics mt on mt.metrica_id = missed.metric_id
      join users u on ${nextActorsCondition()}
      group by u.id, u.email, e.id, e.reference_number, e.meta
    ),
    queued as (
      insert into mail_outbox ("to", subject, text)
      select t.email, 'Atalaya: el evento ' || t.reference_number || ' no cumple sus KPI',
        'El evento ' || t.reference_number || E' no cumple los tiempos de notificación:\n- ' || t.what
          || E'\n\nPuede verlo en «Eventos que no cumplen KPI''s».'
      from told t
      returning 1
    )
    select t.user_id::text as "userId", t.event_id::text as "eventId", t.reference_number as reference, t.meta from told t`);
  return rowsOf<{ userId: string; eventId: string; reference: string; meta: string }>(result);
}
