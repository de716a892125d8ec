CREATE TABLE "signal_case_cells" (
	"event_id" uuid NOT NULL,
	"month" date NOT NULL,
	"country_id" integer NOT NULL,
	"serious" boolean NOT NULL,
	"sex" char(1) NOT NULL,
	"age_group" smallint NOT NULL,
	"drug_kind" smallint NOT NULL,
	"drug_id" integer NOT NULL,
	"pt_code" integer NOT NULL,
	CONSTRAINT "signal_case_cells_pk" PRIMARY KEY("event_id","drug_kind","drug_id","pt_code")
);
--> statement-breakpoint
CREATE TABLE "signal_counts" (
	"month" date NOT NULL,
	"country_id" integer NOT NULL,
	"serious" boolean NOT NULL,
	"sex" char(1) NOT NULL,
	"age_group" smallint NOT NULL,
	"drug_kind" smallint NOT NULL,
	"drug_id" integer NOT NULL,
	"pt_code" integer NOT NULL,
	"cases" integer NOT NULL,
	CONSTRAINT "signal_counts_pk" PRIMARY KEY("drug_kind","drug_id","pt_code","month","country_id","serious","sex","age_group")
);
--> statement-breakpoint
CREATE INDEX "signal_counts_pt_idx" ON "signal_counts" USING btree ("pt_code","drug_kind","drug_id");--> statement-breakpoint
-- Hand-written from here: the cells of a case, the refresh that keeps signal_counts true in the
-- same transaction as every write, the triggers, and the backfill (docs/signals.md 'Count table').
-- The cells a counted case adds one to: (kind 0, drug 0, PT 0) the case itself; (0, 0, PT) each
-- of its PTs; (kind, drug, 0) each of its drugs; (kind, drug, PT) each pair — kind 1 an active
-- ingredient of a medicine, 2 the medicine's product. A case counts when it is not deleted, is
-- neither a draft (1) nor annulled (11), and no follow-up (a live, non-draft child) supersedes it.
CREATE OR REPLACE FUNCTION atalaya_signal_cells(ids uuid[])
RETURNS TABLE (event_id uuid, month date, country_id integer, serious boolean, sex char(1), age_group smallint, drug_kind smallint, drug_id integer, pt_code integer)
LANGUAGE sql STABLE SET search_path = public, pg_temp AS $$
  WITH c AS (
    SELECT e.id, date_trunc('month', coalesce(e.received_at, e.created_at) AT TIME ZONE 'UTC')::date AS month, e.country_id,
      EXISTS (SELECT 1 FROM event_rams r WHERE r.event_id = e.id AND r.is_serious) AS serious,
      CASE WHEN p.gender IN ('M', 'F') THEN p.gender ELSE 'U' END::char(1) AS sex,
      atalaya_age_group(p.age, p.age_unit) AS age_group
    FROM events e LEFT JOIN event_patients p ON p.event_id = e.id
    WHERE e.id = ANY(ids) AND e.deleted_at IS NULL AND e.status NOT IN (1, 11)
      AND NOT EXISTS (SELECT 1 FROM events f WHERE f.parent_event_id = e.id AND f.deleted_at IS NULL AND f.status <> 1)
  ),
  drugs AS (
    SELECT 0::smallint AS drug_kind, 0 AS drug_id, c.id FROM c
    UNION SELECT 1::smallint, i.active_ingredient_id, m.event_id FROM event_medications m JOIN event_medication_ingredients i ON i.event_medication_id = m.id JOIN c ON c.id = m.event_id WHERE i.active_ingredient_id IS NOT NULL
    UNION SELECT 2::smallint, m.product_id, m.event_id FROM event_medications m JOIN c ON c.id = m.event_id WHERE m.product_id IS NOT NULL
  ),
  pts AS (
    SELECT 0 AS pt_code, c.id FROM c
    UNION SELECT l.pt_code, r.event_id FROM event_rams r JOIN meddra_llt l ON l.code = r.llt_code JOIN c ON c.id = r.event_id WHERE l.pt_code IS NOT NULL
  )
  SELECT c.id, c.month, c.country_id, c.serious, c.sex, c.age_group, d.drug_kind, d.drug_id, t.pt_code
  FROM c JOIN drugs d ON d.id = c.id JOIN pts t ON t.id = c.id
$$;
--> statement-breakpoint
-- Takes away the cells the cases (and the cases they follow up) counted in, and adds the cells
-- they count in now. Deltas applied in key order, so two writers of the same rows take turns.
CREATE OR REPLACE FUNCTION atalaya_signal_refresh(ids uuid[]) RETURNS void
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  all_ids uuid[];
  one integer;
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  SELECT array_agg(DISTINCT x) INTO all_ids FROM (
    SELECT unnest(ids) AS x
    UNION SELECT e.parent_event_id FROM events e WHERE e.id = ANY(ids) AND e.parent_event_id IS NOT NULL
  ) s WHERE x IS NOT NULL;
  IF all_ids IS NULL THEN RETURN; END IF;
  -- Two transactions refreshing the same case take turns: the second waits here until the first
  -- commits, and its statements below then see the cells the first wrote (READ COMMITTED takes a
  -- new snapshot per statement). Without it, the second's DELETE misses the first's new cells and
  -- its INSERT collides with them. A bulk refresh (the backfill, a COPY of many cases) takes the
  -- whole table alone instead of one lock per case.
  IF cardinality(all_ids) > 256 THEN
    PERFORM pg_advisory_xact_lock(1936157035, 0);
  ELSE
    PERFORM pg_advisory_xact_lock_shared(1936157035, 0);
    FOR one IN SELECT DISTINCT hashtext(x::text) FROM unnest(all_ids) x ORDER BY 1 LOOP
      PERFORM pg_advisory_xact_lock(1936157036, one);
    END LOOP;
  END IF;
  WITH gone AS (
    DELETE FROM signal_case_cells s WHERE s.event_id = ANY(all_ids)
    RETURNING s.month, s.country_id, s.serious, s.sex, s.age_group, s.drug_kind, s.drug_id, s.pt_code, -1 AS delta
  ),
  fresh AS (
    SELECT f.month, f.country_id, f.serious, f.sex, f.age_group, f.drug_kind, f.drug_id, f.pt_code, 1 AS delta FROM atalaya_signal_cells(all_ids) f
  ),
  deltas AS (
    SELECT drug_kind, drug_id, pt_code, month, country_id, serious, sex, age_group, sum(delta)::integer AS n
    FROM (SELECT * FROM gone UNION ALL SELECT * FROM fresh) x
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(delta) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
  )
  INSERT INTO signal_counts AS t (drug_kind, drug_id, pt_code, month, country_id, serious, sex, age_group, cases)
  SELECT drug_kind, drug_id, pt_code, month, country_id, serious, sex, age_group, n FROM deltas
  ON CONFLICT (drug_kind, drug_id, pt_code, month, country_id, serious, sex, age_group) DO UPDATE SET cases = t.cases + excluded.cases;
  -- A cell whose count falls to zero stays (at most one per cell ever seen).
  INSERT INTO signal_case_cells (event_id, month, country_id, serious, sex, age_group, drug_kind, drug_id, pt_code)
  SELECT * FROM atalaya_signal_cells(all_ids);
END
$$;
--> statement-breakpoint
-- The triggers: statement level with transition tables (a COPY or a multi-row write refreshes
-- its cases once). Each collects the case ids its rows touch, before and after.
CREATE OR REPLACE FUNCTION atalaya_signal_events() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(id) INTO ids FROM atalaya_signal_new;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(n.id) INTO ids FROM atalaya_signal_new n JOIN atalaya_signal_old o ON o.id = n.id
    WHERE (o.status, o.deleted_at, o.received_at, o.created_at, o.country_id, o.parent_event_id)
      IS DISTINCT FROM (n.status, n.deleted_at, n.received_at, n.created_at, n.country_id, n.parent_event_id);
    -- A follow-up moved away from a parent: the old parent counts again.
    SELECT ids || array_agg(o.parent_event_id) INTO ids FROM atalaya_signal_old o WHERE o.parent_event_id IS NOT NULL;
  ELSE
    SELECT array_agg(id) || array_agg(parent_event_id) FILTER (WHERE parent_event_id IS NOT NULL) INTO ids FROM atalaya_signal_old;
  END IF;
  PERFORM atalaya_signal_refresh(ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER atalaya_signal_events_insert AFTER INSERT ON events
  REFERENCING NEW TABLE AS atalaya_signal_new FOR EACH STATEMENT EXECUTE FUNCTION atalaya_signal_events();
--> statement-breakpoint
CREATE TRIGGER atalaya_signal_events_update AFTER UPDATE ON events
  REFERENCING OLD TABLE AS atalaya_signal_old NEW TABLE AS atalaya_signal_new FOR EACH STATEMENT EXECUTE FUNCTION atalaya_signal_events();
--> statement-breakpoint
CREATE TRIGGER atalaya_signal_events_delete AFTER DELETE ON events
  REFERENCING OLD TABLE AS atalaya_signal_old FOR EACH STATEMENT EXECUTE FUNCTION atalaya_signal_events();
--> statement-breakpoint
-- Rows that carry event_id (medicines, reactions, patient).
CREATE OR REPLACE FUNCTION atalaya_signal_case_rows() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT event_id) INTO ids FROM atalaya_signal_new;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT event_id) INTO ids FROM (SELECT event_id FROM atalaya_signal_new UNION SELECT event_id FROM atalaya_signal_old) x;
  ELSE
    SELECT array_agg(DISTINCT event_id) INTO ids FROM atalaya_signal_old;
  END IF;
  PERFORM atalaya_signal_refresh(ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The active ingredients of a medicine: the case through the medicine.
CREATE OR REPLACE FUNCTION atalaya_signal_ingredient_rows() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT m.event_id) INTO ids FROM atalaya_signal_new x JOIN event_medications m ON m.id = x.event_medication_id;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT m.event_id) INTO ids FROM (SELECT event_medication_id FROM atalaya_signal_new UNION SELECT event_medication_id FROM atalaya_signal_old) x JOIN event_medications m ON m.id = x.event_medication_id;
  ELSE
    SELECT array_agg(DISTINCT m.event_id) INTO ids FROM atalaya_signal_old x JOIN event_medications m ON m.id = x.event_medication_id;
  END IF;
  PERFORM atalaya_signal_refresh(ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER atalaya_signal_medications_insert AFTER INSERT ON event_medications
  REFERENCING NEW TABLE AS atalaya_signal_new FOR EACH STATEMENT EXECUTE FUNCTION atalaya_signal_case_rows();
--> statement-breakpoint
CREATE TRIGGER atalaya_signal_medications_update AFTER UPDATE ON event_medications
  REFERENCING OLD TABLE AS atalaya_signal_old NEW TABLE AS atalaya_signal_new FOR EACH STATEMENT EXECUTE FUNCTION atalaya_signal_case_rows();
--> statement-breakpoint
CREATE TRIGGER atalaya_signal_medications_delete AFTER DELETE ON event_medications
  REFERENCING OLD TABLE AS atalaya_signal_old FOR EACH STATEMENT EXECUTE FUNCTION atalaya_signal_case_rows();
--> statement-breakpoint
CREATE TRIGGER atalaya_signal_rams_insert AFTER INSERT ON event_rams
  REFERENCING NEW TABLE AS atalaya_signal_new FOR EACH STATEMENT EXECUTE FUNCTION atalaya_signal_case_rows();
--> statement-breakpoint
CREATE TRIGGER atalaya_signal_rams_update AFTER UPDATE ON event_rams
  REFERENCING OLD TABLE AS atalaya_signal_old NEW TABLE AS atalaya_signal_new FOR EACH STATEMENT EXECUTE FUNCTION atalaya_signal_case_rows();
--> statement-breakpoint
CREATE TRIGGER atalaya_signal_rams_delete AFTER DELETE ON event_rams
  REFERENCING OLD TABLE AS atalaya_signal_old FOR EACH STATEMENT EXECUTE FUNCTION atalaya_signal_case_rows();
--> statement-breakpoint
CREATE TRIGGER atalaya_signal_patients_insert AFTER INSERT ON event_patients
  REFERENCING NEW TABLE AS atalaya_signal_new FOR EACH STATEMENT EXECUTE FUNCTION atalaya_signal_case_rows();
--> statement-breakpoint
CREATE TRIGGER atalaya_signal_patients_update AFTER UPDATE ON event_patients
  REFERENCING OLD TABLE AS atalaya_signal_old NEW TABLE AS atalaya_signal_new FOR EACH STATEMENT EXECUTE FUNCTION atalaya_signal_case_rows();
--> statement-breakpoint
CREATE TRIGGER atalaya_signal_patients_delete AFTER DELETE ON event_patients
  REFERENCING OLD TABLE AS atalaya_signal_old FOR EACH STATEMENT EXECUTE FUNCTION atalaya_signal_case_rows();
--> statement-breakpoint
CREATE TRIGGER atalaya_signal_medication_ingredients_insert AFTER INSERT ON event_medication_ingredients
  REFERENCING NEW TABLE AS atalaya_signal_new FOR EACH STATEMENT EXECUTE FUNCTION atalaya_signal_ingredient_rows();
--> statement-breakpoint
CREATE TRIGGER atalaya_signal_medication_ingredients_update AFTER UPDATE ON event_medication_ingredients
  REFERENCING OLD TABLE AS atalaya_signal_old NEW TABLE AS atalaya_signal_new FOR EACH STATEMENT EXECUTE FUNCTION atalaya_signal_ingredient_rows();
--> statement-breakpoint
CREATE TRIGGER atalaya_signal_medication_ingredients_delete AFTER DELETE ON event_medication_ingredients
  REFERENCING OLD TABLE AS atalaya_signal_old FOR EACH STATEMENT EXECUTE FUNCTION atalaya_signal_ingredient_rows();
--> statement-breakpoint
-- Backfill: every case, in one pass, with the case tables locked until the migration commits
-- (an older server still writing waits; then the triggers take over).
LOCK TABLE events, event_medications, event_medication_ingredients, event_rams, event_patients IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
SELECT atalaya_signal_refresh(array_agg(id)) FROM events;
