CREATE TABLE "nokpi_case_months" (
	"event_id" uuid NOT NULL,
	"month" date NOT NULL,
	"country_id" integer NOT NULL,
	"draft" boolean NOT NULL,
	"laboratory_ids" integer[] NOT NULL,
	"created_by" uuid NOT NULL,
	CONSTRAINT "nokpi_case_months_pk" PRIMARY KEY("event_id","month")
);
--> statement-breakpoint
CREATE TABLE "nokpi_counts" (
	"month" date NOT NULL,
	"country_id" integer NOT NULL,
	"draft" boolean NOT NULL,
	"laboratory_ids" integer[] NOT NULL,
	"cases" integer NOT NULL,
	CONSTRAINT "nokpi_counts_pk" PRIMARY KEY("month","country_id","draft","laboratory_ids")
);
--> statement-breakpoint
CREATE TABLE "nokpi_creator_counts" (
	"created_by" uuid NOT NULL,
	"month" date NOT NULL,
	"country_id" integer NOT NULL,
	"draft" boolean NOT NULL,
	"laboratory_ids" integer[] NOT NULL,
	"cases" integer NOT NULL,
	CONSTRAINT "nokpi_creator_counts_pk" PRIMARY KEY("created_by","month","country_id","draft","laboratory_ids")
);
--> statement-breakpoint
-- Hand-written from here: the cells of a case, the refresh that keeps nokpi_counts true in the
-- same transaction as every write, the triggers, and the backfill (docs/kpi.md 'Count table').
-- A case adds one to the row of each month (cut in its own country's time zone) in which at
-- least one of its limits was missed ('late' or 'overdue' with due_at in that month), keyed by
-- what reach tests: country, draft (status 1) and laboratories. Deleted cases count nowhere.
CREATE OR REPLACE FUNCTION atalaya_nokpi_cells(ids uuid[])
RETURNS TABLE (event_id uuid, month date, country_id integer, draft boolean, laboratory_ids integer[], created_by uuid)
LANGUAGE sql STABLE SET search_path = public, pg_temp AS $$
  SELECT DISTINCT e.id, date_trunc('month', a.due_at AT TIME ZONE c.time_zone)::date, e.country_id, e.status = 1, e.laboratory_ids, e.created_by
  FROM events e
  JOIN countries c ON c.id = e.country_id
  JOIN event_metric_alerts a ON a.event_id = e.id AND a.state IN ('late', 'overdue')
  WHERE e.id = ANY(ids) AND e.deleted_at IS NULL
$$;
--> statement-breakpoint
-- Takes away the cells the cases counted in and adds the cells they count in now. Deltas are
-- applied in key order, so two writers of the same rows take turns (as atalaya_signal_refresh).
CREATE OR REPLACE FUNCTION atalaya_nokpi_refresh(ids uuid[]) RETURNS void
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  all_ids uuid[];
  one integer;
BEGIN
  SELECT array_agg(DISTINCT x) INTO all_ids FROM unnest(ids) x WHERE x IS NOT NULL;
  IF all_ids IS NULL THEN RETURN; END IF;
  -- Two transactions refreshing the same case take turns (the second's statements then see the
  -- first's cells); a bulk refresh (a sweep, a COPY) takes the whole table alone.
  IF cardinality(all_ids) > 256 THEN
    PERFORM pg_advisory_xact_lock(1852795760, 0);
  ELSE
    PERFORM pg_advisory_xact_lock_shared(1852795760, 0);
    FOR one IN SELECT DISTINCT hashtext(x::text) FROM unnest(all_ids) x ORDER BY 1 LOOP
      PERFORM pg_advisory_xact_lock(1852795761, one);
    END LOOP;
  END IF;
  WITH gone AS (
    DELETE FROM nokpi_case_months s WHERE s.event_id = ANY(all_ids)
    RETURNING s.month, s.country_id, s.draft, s.laboratory_ids, s.created_by, -1 AS delta
  ),
  fresh AS (
    SELECT f.month, f.country_id, f.draft, f.laboratory_ids, f.created_by, 1 AS delta FROM atalaya_nokpi_cells(all_ids) f
  ),
  moved AS (SELECT * FROM gone UNION ALL SELECT * FROM fresh),
  by_key AS (
    INSERT INTO nokpi_counts AS t (month, country_id, draft, laboratory_ids, cases)
    SELECT month, country_id, draft, laboratory_ids, sum(delta)::integer FROM moved
    GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (month, country_id, draft, laboratory_ids) DO UPDATE SET cases = t.cases + excluded.cases
  )
  INSERT INTO nokpi_creator_counts AS t (created_by, month, country_id, draft, laboratory_ids, cases)
  SELECT created_by, month, country_id, draft, laboratory_ids, sum(delta)::integer FROM moved
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (created_by, month, country_id, draft, laboratory_ids) DO UPDATE SET cases = t.cases + excluded.cases;
  -- A row whose count falls to zero stays (at most one per key ever seen; the card sums them).
  INSERT INTO nokpi_case_months (event_id, month, country_id, draft, laboratory_ids, created_by)
  SELECT * FROM atalaya_nokpi_cells(all_ids);
END
$$;
--> statement-breakpoint
-- The triggers: statement level with transition tables (a sweep or a multi-row write refreshes
-- its cases once). A missed limit's row inserted, deleted, or whose case, state or limit moves.
CREATE OR REPLACE FUNCTION atalaya_nokpi_alerts() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(event_id) INTO ids FROM atalaya_nokpi_new WHERE state IN ('late', 'overdue');
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only the cases whose failed rows changed: a refresh of every touched case would cost the
    -- sweep of pending rows (pending → met) a refresh each.
    SELECT array_agg(DISTINCT x) INTO ids FROM (
      SELECT o.event_id AS x FROM atalaya_nokpi_old o
      WHERE o.state IN ('late', 'overdue') AND NOT EXISTS (
        SELECT 1 FROM atalaya_nokpi_new n WHERE n.event_id = o.event_id AND n.metric_id = o.metric_id AND n.state IN ('late', 'overdue') AND n.due_at = o.due_at)
      UNION ALL
      SELECT n.event_id FROM atalaya_nokpi_new n
      WHERE n.state IN ('late', 'overdue') AND NOT EXISTS (
        SELECT 1 FROM atalaya_nokpi_old o WHERE o.event_id = n.event_id AND o.metric_id = n.metric_id AND o.state IN ('late', 'overdue') AND o.due_at = n.due_at)
    ) s;
  ELSE
    SELECT array_agg(event_id) INTO ids FROM atalaya_nokpi_old WHERE state IN ('late', 'overdue');
  END IF;
  PERFORM atalaya_nokpi_refresh(ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER atalaya_nokpi_alerts_insert AFTER INSERT ON event_metric_alerts
  REFERENCING NEW TABLE AS atalaya_nokpi_new FOR EACH STATEMENT EXECUTE FUNCTION atalaya_nokpi_alerts();
--> statement-breakpoint
CREATE TRIGGER atalaya_nokpi_alerts_update AFTER UPDATE ON event_metric_alerts
  REFERENCING OLD TABLE AS atalaya_nokpi_old NEW TABLE AS atalaya_nokpi_new FOR EACH STATEMENT EXECUTE FUNCTION atalaya_nokpi_alerts();
--> statement-breakpoint
CREATE TRIGGER atalaya_nokpi_alerts_delete AFTER DELETE ON event_metric_alerts
  REFERENCING OLD TABLE AS atalaya_nokpi_old FOR EACH STATEMENT EXECUTE FUNCTION atalaya_nokpi_alerts();
--> statement-breakpoint
-- A case whose reach key changes: deleted or restored, country, draft or not, laboratories
-- (events.laboratory_ids, itself kept by the triggers of migration 0009), creator, or removed.
CREATE OR REPLACE FUNCTION atalaya_nokpi_events() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(n.id) INTO ids FROM atalaya_nokpi_new n JOIN atalaya_nokpi_old o ON o.id = n.id
    WHERE (o.deleted_at IS NULL, o.status = 1, o.country_id, o.laboratory_ids, o.created_by)
      IS DISTINCT FROM (n.deleted_at IS NULL, n.status = 1, n.country_id, n.laboratory_ids, n.created_by);
  ELSE
    SELECT array_agg(id) INTO ids FROM atalaya_nokpi_old;
  END IF;
  PERFORM atalaya_nokpi_refresh(ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER atalaya_nokpi_events_update AFTER UPDATE ON events
  REFERENCING OLD TABLE AS atalaya_nokpi_old NEW TABLE AS atalaya_nokpi_new FOR EACH STATEMENT EXECUTE FUNCTION atalaya_nokpi_events();
--> statement-breakpoint
CREATE TRIGGER atalaya_nokpi_events_delete AFTER DELETE ON events
  REFERENCING OLD TABLE AS atalaya_nokpi_old FOR EACH STATEMENT EXECUTE FUNCTION atalaya_nokpi_events();
--> statement-breakpoint
-- A country whose time zone changes: its cases' months are cut anew.
CREATE OR REPLACE FUNCTION atalaya_nokpi_countries() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  ids uuid[];
BEGIN
  SELECT array_agg(s.event_id) INTO ids FROM nokpi_case_months s
  WHERE s.country_id IN (SELECT n.id FROM atalaya_nokpi_new n JOIN atalaya_nokpi_old o ON o.id = n.id WHERE n.time_zone IS DISTINCT FROM o.time_zone);
  PERFORM atalaya_nokpi_refresh(ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER atalaya_nokpi_countries_update AFTER UPDATE ON countries
  REFERENCING OLD TABLE AS atalaya_nokpi_old NEW TABLE AS atalaya_nokpi_new FOR EACH STATEMENT EXECUTE FUNCTION atalaya_nokpi_countries();
--> statement-breakpoint
-- Backfill: every case in one set-based pass, with the tables locked until the migration commits
-- (an older server still writing waits; then the triggers take over).
LOCK TABLE events, event_metric_alerts, countries IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO nokpi_case_months (event_id, month, country_id, draft, laboratory_ids, created_by)
SELECT DISTINCT e.id, date_trunc('month', a.due_at AT TIME ZONE c.time_zone)::date, e.country_id, e.status = 1, e.laboratory_ids, e.created_by
FROM event_metric_alerts a
JOIN events e ON e.id = a.event_id
JOIN countries c ON c.id = e.country_id
WHERE a.state IN ('late', 'overdue') AND e.deleted_at IS NULL;
--> statement-breakpoint
INSERT INTO nokpi_counts (month, country_id, draft, laboratory_ids, cases)
SELECT month, country_id, draft, laboratory_ids, count(*)::integer FROM nokpi_case_months GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO nokpi_creator_counts (created_by, month, country_id, draft, laboratory_ids, cases)
SELECT created_by, month, country_id, draft, laboratory_ids, count(*)::integer FROM nokpi_case_months GROUP BY 1, 2, 3, 4, 5;
