ALTER TABLE "event_metric_alerts" ADD COLUMN "limit_hours" integer NOT NULL;--> statement-breakpoint
CREATE INDEX "event_metric_alerts_failed_due_idx" ON "event_metric_alerts" USING btree ("due_at","event_id") WHERE "event_metric_alerts"."state" in ('late', 'overdue');--> statement-breakpoint
-- Backfill (docs/kpi.md): the deadline state of every case, one set-based statement. The same
-- statement as refreshCaseDeadlines(tx, { all: true }) of modules/deadlines/engine.ts, at now().
with target as (
  select e.id, e.received_at, e.created_at, e.sent_at from events e
  where e.deleted_at is null and e.status not in (11) and true
),
comment as (
  select c.event_id,
    min(c.created_at) filter (where c.action = 'AprobarRLF') as approved_by_rlf,
    max(c.created_at) filter (where c.to_status = 3) as in_evaluation,
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
),
span as (
  select m.event_id, mt.metrica_id as metric_id, o.hours as limit_hours,
    case mt.from_milestone
when 'receipt' then m.receipt
when 'caseCreated' then m.case_created
when 'sentToReview' then m.sent_to_review
when 'approvedByRlf' then m.approved_by_rlf
when 'inEvaluation' then m.in_evaluation
when 'concluded' then m.concluded
when 'localSanitaryNotification' then m.local_notification
when 'providerNotification' then m.provider_notification
  end as started_at,
    case mt.to_milestone
when 'receipt' then m.receipt
when 'caseCreated' then m.case_created
when 'sentToReview' then m.sent_to_review
when 'approvedByRlf' then m.approved_by_rlf
when 'inEvaluation' then m.in_evaluation
when 'concluded' then m.concluded
when 'localSanitaryNotification' then m.local_notification
when 'providerNotification' then m.provider_notification
  end as ended_at
  from milestone m
  cross join metrics mt
  join time_options o on o.id = mt.tiempo_id
  where mt.activo and (mt.serious is null or mt.serious = m.serious) and true
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
      when c.due_at < now() then 'overdue'
      else 'pending'
    end as state
  from computed c
),
previous as (
  select a.event_id, a.metric_id, a.state from event_metric_alerts a where true
),
removed as (
  delete from event_metric_alerts a
  where true
    and not exists (select 1 from stated s where s.event_id = a.event_id and s.metric_id = a.metric_id)
),
stored as (
  insert into event_metric_alerts as a (event_id, metric_id, started_at, limit_hours, due_at, met_at, state, updated_at)
  select s.event_id, s.metric_id, s.started_at, s.limit_hours, s.due_at, s.met_at, s.state, now() from stated s
  on conflict (event_id, metric_id) do update set
    started_at = excluded.started_at, limit_hours = excluded.limit_hours, due_at = excluded.due_at,
    met_at = excluded.met_at, state = excluded.state, updated_at = excluded.updated_at
  where (a.started_at, a.limit_hours, a.due_at, a.met_at, a.state)
    is distinct from (excluded.started_at, excluded.limit_hours, excluded.due_at, excluded.met_at, excluded.state)
  returning a.event_id, a.metric_id, a.state
)
select count(*) from stored;
--> statement-breakpoint
-- The planner's statistics of the filled table (the lists and the no-KPI card read it at once).
ANALYZE "event_metric_alerts";
