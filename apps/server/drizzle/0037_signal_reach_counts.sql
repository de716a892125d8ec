CREATE TABLE "signal_creator_counts" (
	"created_by" uuid NOT NULL,
	"laboratory_set_id" integer NOT NULL,
	"month" date NOT NULL,
	"country_id" integer NOT NULL,
	"serious" boolean NOT NULL,
	"sex" char(1) NOT NULL,
	"age_group" smallint NOT NULL,
	"drug_kind" smallint NOT NULL,
	"drug_id" integer NOT NULL,
	"pt_code" integer NOT NULL,
	"concomitant" boolean DEFAULT false NOT NULL,
	"cases" integer NOT NULL,
	CONSTRAINT "signal_creator_counts_pk" PRIMARY KEY("created_by","laboratory_set_id","drug_kind","drug_id","pt_code","month","country_id","serious","sex","age_group","concomitant")
);
--> statement-breakpoint
CREATE TABLE "signal_creator_totals" (
	"created_by" uuid NOT NULL,
	"laboratory_set_id" integer NOT NULL,
	"drug_kind" smallint NOT NULL,
	"drug_id" integer NOT NULL,
	"pt_code" integer NOT NULL,
	"concomitant" boolean DEFAULT false NOT NULL,
	"cases" integer NOT NULL,
	CONSTRAINT "signal_creator_totals_pk" PRIMARY KEY("created_by","laboratory_set_id","drug_kind","drug_id","pt_code","concomitant")
);
--> statement-breakpoint
CREATE TABLE "signal_laboratory_counts" (
	"laboratory_set_id" integer NOT NULL,
	"month" date NOT NULL,
	"country_id" integer NOT NULL,
	"serious" boolean NOT NULL,
	"sex" char(1) NOT NULL,
	"age_group" smallint NOT NULL,
	"drug_kind" smallint NOT NULL,
	"drug_id" integer NOT NULL,
	"pt_code" integer NOT NULL,
	"concomitant" boolean DEFAULT false NOT NULL,
	"cases" integer NOT NULL,
	CONSTRAINT "signal_laboratory_counts_pk" PRIMARY KEY("laboratory_set_id","drug_kind","drug_id","pt_code","month","country_id","serious","sex","age_group","concomitant")
);
--> statement-breakpoint
CREATE TABLE "signal_laboratory_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"laboratory_ids" integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signal_laboratory_totals" (
	"laboratory_set_id" integer NOT NULL,
	"drug_kind" smallint NOT NULL,
	"drug_id" integer NOT NULL,
	"pt_code" integer NOT NULL,
	"concomitant" boolean DEFAULT false NOT NULL,
	"cases" integer NOT NULL,
	CONSTRAINT "signal_laboratory_totals_pk" PRIMARY KEY("laboratory_set_id","drug_kind","drug_id","pt_code","concomitant")
);
--> statement-breakpoint
-- Edited: the two columns are added nullable, filled by the backfill below, then NOT NULL.
ALTER TABLE "signal_case_cells" ADD COLUMN "laboratory_set_id" integer;--> statement-breakpoint
ALTER TABLE "signal_case_cells" ADD COLUMN "created_by" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "signal_laboratory_sets_ids_idx" ON "signal_laboratory_sets" USING btree ("laboratory_ids");
--> statement-breakpoint
-- Hand-written from here (docs/signals.md 'Reach'). The count table by the case's reach key:
-- signal_laboratory_counts by its laboratory set (events.laboratory_ids, the laboratories of
-- all its medicines, as caseReach reads them), signal_creator_counts by its creator and set, and
-- both summed over month, country, seriousness, sex and age group (…_totals). A
-- QPPV, CL or Fabricante holding laboratories L sees a counted case when its set overlaps L or
-- they created it: the rows of the sets overlapping L, plus their own rows of the other sets —
-- disjoint, so each case counts once, however many of its laboratories are in L.
-- The cells of a case carry its set (by id) and creator, so a refresh takes away exactly what
-- the case added to each table. (A new column in its result: dropped first.)
DROP FUNCTION atalaya_signal_cells(uuid[]);
--> statement-breakpoint
CREATE FUNCTION atalaya_signal_cells(ids uuid[])
RETURNS TABLE (event_id uuid, month date, country_id integer, serious boolean, sex char(1), age_group smallint, drug_kind smallint, drug_id integer, pt_code integer, concomitant boolean, laboratory_set_id integer, created_by uuid)
LANGUAGE sql STABLE SET search_path = public, pg_temp AS $$
  WITH c AS (
    SELECT e.id, date_trunc('month', coalesce(e.received_at, e.created_at) AT TIME ZONE 'UTC')::date AS month, e.country_id,
      EXISTS (SELECT 1 FROM event_rams r WHERE r.event_id = e.id AND r.is_serious) AS serious,
      CASE WHEN p.gender IN ('M', 'F') THEN p.gender ELSE 'U' END::char(1) AS sex,
      atalaya_age_group(p.age, p.age_unit) AS age_group,
      ls.id AS laboratory_set_id, e.created_by
    FROM events e LEFT JOIN event_patients p ON p.event_id = e.id
    JOIN signal_laboratory_sets ls ON ls.laboratory_ids = e.laboratory_ids
    WHERE e.id = ANY(ids) AND e.deleted_at IS NULL AND e.status NOT IN (1, 11) AND e.duplicate_of_event_id IS NULL
      AND NOT EXISTS (SELECT 1 FROM events f WHERE f.parent_event_id = e.id AND f.deleted_at IS NULL AND f.status <> 1)
  ),
  drugs AS (
    SELECT 0::smallint AS drug_kind, 0 AS drug_id, c.id, false AS concomitant FROM c
    UNION ALL
    SELECT x.drug_kind, x.drug_id, x.id, bool_and(x.concomitant) FROM (
      SELECT 1::smallint AS drug_kind, i.active_ingredient_id AS drug_id, m.event_id AS id, m.drug_role = 2 AS concomitant
      FROM event_medications m JOIN event_medication_ingredients i ON i.event_medication_id = m.id JOIN c ON c.id = m.event_id
      WHERE i.active_ingredient_id IS NOT NULL AND m.drug_role IN (1, 2, 3)
      UNION ALL
      SELECT 2::smallint, m.product_id, m.event_id, m.drug_role = 2
      FROM event_medications m JOIN c ON c.id = m.event_id WHERE m.product_id IS NOT NULL AND m.drug_role IN (1, 2, 3)
    ) x GROUP BY x.drug_kind, x.drug_id, x.id
  ),
  pts AS (
    SELECT 0 AS pt_code, c.id FROM c
    UNION SELECT l.pt_code, r.event_id FROM event_rams r JOIN meddra_llt l ON l.code = r.llt_code JOIN c ON c.id = r.event_id WHERE l.pt_code IS NOT NULL
  )
  SELECT c.id, c.month, c.country_id, c.serious, c.sex, c.age_group, d.drug_kind, d.drug_id, t.pt_code, d.concomitant, c.laboratory_set_id, c.created_by
  FROM c JOIN drugs d ON d.id = c.id JOIN pts t ON t.id = c.id
$$;
--> statement-breakpoint
-- As migration 0031, and the same deltas also by laboratory set and by creator and set, each
-- with every dimension (…_counts) and summed over month, country, seriousness, sex and age group
-- (…_totals: what a background without those conditions reads). A set
-- not seen before gets its id first, in a statement of its own (a concurrent writer of the same
-- new set makes this one wait on the unique index, then the next statement sees its row).
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
  -- As migration 0027: two transactions refreshing the same case take turns; a bulk refresh
  -- takes the whole table alone.
  IF cardinality(all_ids) > 256 THEN
    PERFORM pg_advisory_xact_lock(1936157035, 0);
  ELSE
    PERFORM pg_advisory_xact_lock_shared(1936157035, 0);
    FOR one IN SELECT DISTINCT hashtext(x::text) FROM unnest(all_ids) x ORDER BY 1 LOOP
      PERFORM pg_advisory_xact_lock(1936157036, one);
    END LOOP;
  END IF;
  INSERT INTO signal_laboratory_sets (laboratory_ids)
  SELECT DISTINCT e.laboratory_ids FROM events e
  WHERE e.id = ANY(all_ids) AND NOT EXISTS (SELECT 1 FROM signal_laboratory_sets s WHERE s.laboratory_ids = e.laboratory_ids)
  ORDER BY 1
  ON CONFLICT (laboratory_ids) DO NOTHING;
  WITH gone AS (
    DELETE FROM signal_case_cells s WHERE s.event_id = ANY(all_ids)
    RETURNING s.month, s.country_id, s.serious, s.sex, s.age_group, s.drug_kind, s.drug_id, s.pt_code, s.concomitant, s.laboratory_set_id, s.created_by, -1 AS delta
  ),
  fresh AS (
    SELECT f.month, f.country_id, f.serious, f.sex, f.age_group, f.drug_kind, f.drug_id, f.pt_code, f.concomitant, f.laboratory_set_id, f.created_by, 1 AS delta
    FROM atalaya_signal_cells(all_ids) f
  ),
  moved AS (SELECT * FROM gone UNION ALL SELECT * FROM fresh),
  by_cell AS (
    INSERT INTO signal_counts AS t (drug_kind, drug_id, pt_code, month, country_id, serious, sex, age_group, concomitant, cases)
    SELECT drug_kind, drug_id, pt_code, month, country_id, serious, sex, age_group, concomitant, sum(delta)::integer FROM moved
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
    ON CONFLICT (drug_kind, drug_id, pt_code, month, country_id, serious, sex, age_group, concomitant) DO UPDATE SET cases = t.cases + excluded.cases
  ),
  by_set_total AS (
    INSERT INTO signal_laboratory_totals AS t (laboratory_set_id, drug_kind, drug_id, pt_code, concomitant, cases)
    SELECT laboratory_set_id, drug_kind, drug_id, pt_code, concomitant, sum(delta)::integer FROM moved
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (laboratory_set_id, drug_kind, drug_id, pt_code, concomitant) DO UPDATE SET cases = t.cases + excluded.cases
  ),
  by_creator_total AS (
    INSERT INTO signal_creator_totals AS t (created_by, laboratory_set_id, drug_kind, drug_id, pt_code, concomitant, cases)
    SELECT created_by, laboratory_set_id, drug_kind, drug_id, pt_code, concomitant, sum(delta)::integer FROM moved
    GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (created_by, laboratory_set_id, drug_kind, drug_id, pt_code, concomitant) DO UPDATE SET cases = t.cases + excluded.cases
  ),
  by_set AS (
    INSERT INTO signal_laboratory_counts AS t (laboratory_set_id, drug_kind, drug_id, pt_code, month, country_id, serious, sex, age_group, concomitant, cases)
    SELECT laboratory_set_id, drug_kind, drug_id, pt_code, month, country_id, serious, sex, age_group, concomitant, sum(delta)::integer FROM moved
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    ON CONFLICT (laboratory_set_id, drug_kind, drug_id, pt_code, month, country_id, serious, sex, age_group, concomitant) DO UPDATE SET cases = t.cases + excluded.cases
  )
  INSERT INTO signal_creator_counts AS t (created_by, laboratory_set_id, drug_kind, drug_id, pt_code, month, country_id, serious, sex, age_group, concomitant, cases)
  SELECT created_by, laboratory_set_id, drug_kind, drug_id, pt_code, month, country_id, serious, sex, age_group, concomitant, sum(delta)::integer FROM moved
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
  ON CONFLICT (created_by, laboratory_set_id, drug_kind, drug_id, pt_code, month, country_id, serious, sex, age_group, concomitant) DO UPDATE SET cases = t.cases + excluded.cases;
  -- A cell whose count falls to zero stays (at most one per cell ever seen).
  INSERT INTO signal_case_cells (event_id, month, country_id, serious, sex, age_group, drug_kind, drug_id, pt_code, concomitant, laboratory_set_id, created_by)
  SELECT * FROM atalaya_signal_cells(all_ids);
END
$$;
--> statement-breakpoint
-- As migration 0029, and a case whose laboratories (events.laboratory_ids, kept by the triggers
-- of migration 0009 on event_medications, which fire after this table's own signal triggers
-- there) or creator change is refreshed: its cells move to another set or creator.
CREATE OR REPLACE FUNCTION atalaya_signal_events() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(id) INTO ids FROM atalaya_signal_new;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(n.id) INTO ids FROM atalaya_signal_new n JOIN atalaya_signal_old o ON o.id = n.id
    WHERE (o.status, o.deleted_at, o.received_at, o.created_at, o.country_id, o.parent_event_id, o.duplicate_of_event_id, o.laboratory_ids, o.created_by)
      IS DISTINCT FROM (n.status, n.deleted_at, n.received_at, n.created_at, n.country_id, n.parent_event_id, n.duplicate_of_event_id, n.laboratory_ids, n.created_by);
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
-- Backfill from the cells already counted, in set-based passes, with the case tables locked
-- until the migration commits (an older server still writing waits; then the triggers take over).
-- Rows are written in primary-key order, so a laboratory set's rows of one kind (its cases, a
-- drug's margins, its pairs) lie on neighbouring pages: a reach reads a few pages per set instead
-- of one page per row (docs/performance-plans.md 'Señales of a reach of some laboratories').
LOCK TABLE events, event_medications, event_medication_ingredients, event_rams, event_patients, signal_case_cells IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO signal_laboratory_sets (laboratory_ids)
SELECT DISTINCT e.laboratory_ids FROM events e WHERE EXISTS (SELECT 1 FROM signal_case_cells c WHERE c.event_id = e.id) ORDER BY 1;
--> statement-breakpoint
UPDATE signal_case_cells c SET laboratory_set_id = ls.id, created_by = e.created_by
FROM events e JOIN signal_laboratory_sets ls ON ls.laboratory_ids = e.laboratory_ids
WHERE e.id = c.event_id;
--> statement-breakpoint
ALTER TABLE "signal_case_cells" ALTER COLUMN "laboratory_set_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "signal_case_cells" ALTER COLUMN "created_by" SET NOT NULL;
--> statement-breakpoint
INSERT INTO signal_laboratory_counts (laboratory_set_id, drug_kind, drug_id, pt_code, month, country_id, serious, sex, age_group, concomitant, cases)
SELECT laboratory_set_id, drug_kind, drug_id, pt_code, month, country_id, serious, sex, age_group, concomitant, count(*)::integer
FROM signal_case_cells GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
--> statement-breakpoint
INSERT INTO signal_creator_counts (created_by, laboratory_set_id, drug_kind, drug_id, pt_code, month, country_id, serious, sex, age_group, concomitant, cases)
SELECT created_by, laboratory_set_id, drug_kind, drug_id, pt_code, month, country_id, serious, sex, age_group, concomitant, count(*)::integer
FROM signal_case_cells GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11;
--> statement-breakpoint
INSERT INTO signal_laboratory_totals (laboratory_set_id, drug_kind, drug_id, pt_code, concomitant, cases)
SELECT laboratory_set_id, drug_kind, drug_id, pt_code, concomitant, sum(cases)::integer
FROM signal_laboratory_counts GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO signal_creator_totals (created_by, laboratory_set_id, drug_kind, drug_id, pt_code, concomitant, cases)
SELECT created_by, laboratory_set_id, drug_kind, drug_id, pt_code, concomitant, sum(cases)::integer
FROM signal_creator_counts GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6;
