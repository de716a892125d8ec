CREATE TABLE "duplicate_pairs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"other_event_id" uuid NOT NULL,
	"score" numeric NOT NULL,
	"contributions" jsonb NOT NULL,
	"newest_at" timestamp with time zone NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_pairs_order" CHECK ("duplicate_pairs"."event_id" < "duplicate_pairs"."other_event_id")
);
--> statement-breakpoint
ALTER TABLE "imports" DROP CONSTRAINT "imports_kind";--> statement-breakpoint
ALTER TABLE "duplicate_pairs" ADD CONSTRAINT "duplicate_pairs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_pairs" ADD CONSTRAINT "duplicate_pairs_other_event_id_events_id_fk" FOREIGN KEY ("other_event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "duplicate_pairs_pair_idx" ON "duplicate_pairs" USING btree ("event_id","other_event_id");--> statement-breakpoint
CREATE INDEX "duplicate_pairs_other_idx" ON "duplicate_pairs" USING btree ("other_event_id");--> statement-breakpoint
CREATE INDEX "duplicate_pairs_newest_idx" ON "duplicate_pairs" USING btree ("newest_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_kind" CHECK ("imports"."kind" in ('meddra', 'data', 'e2b', 'duplicates'));--> statement-breakpoint
-- Hand-written from here (docs/duplicates.md 'Counted once'): a case marked duplicate of another
-- (events.duplicate_of_event_id set) leaves the counts, whatever its status. The indicators'
-- triggers (0014) count a case while it is not deleted and not a duplicate; the signal counts'
-- cells (0027) leave it out too, and their events trigger refreshes a case whose link changes.
CREATE OR REPLACE FUNCTION atalaya_indicator_events() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(x) INTO deltas FROM (
      SELECT n.country_id, n.laboratory_ids, n.status, atalaya_age_group(p.age, p.age_unit) AS age_group, n.sub_group_id, 1 AS delta
      FROM atalaya_indicator_new n LEFT JOIN event_patients p ON p.event_id = n.id
      WHERE n.deleted_at IS NULL AND n.duplicate_of_event_id IS NULL) x;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT jsonb_agg(x) INTO deltas FROM (
      SELECT o.country_id, o.laboratory_ids, o.status, atalaya_age_group(p.age, p.age_unit) AS age_group, o.sub_group_id, -1 AS delta
      FROM atalaya_indicator_old o JOIN atalaya_indicator_new n ON n.id = o.id LEFT JOIN event_patients p ON p.event_id = o.id
      WHERE o.deleted_at IS NULL AND o.duplicate_of_event_id IS NULL
        AND (n.deleted_at IS NOT NULL OR n.duplicate_of_event_id IS NOT NULL
          OR (o.country_id, o.laboratory_ids, o.status, o.sub_group_id) IS DISTINCT FROM (n.country_id, n.laboratory_ids, n.status, n.sub_group_id))
      UNION ALL
      SELECT n.country_id, n.laboratory_ids, n.status, atalaya_age_group(p.age, p.age_unit), n.sub_group_id, 1
      FROM atalaya_indicator_old o JOIN atalaya_indicator_new n ON n.id = o.id LEFT JOIN event_patients p ON p.event_id = n.id
      WHERE n.deleted_at IS NULL AND n.duplicate_of_event_id IS NULL
        AND (o.deleted_at IS NOT NULL OR o.duplicate_of_event_id IS NOT NULL
          OR (o.country_id, o.laboratory_ids, o.status, o.sub_group_id) IS DISTINCT FROM (n.country_id, n.laboratory_ids, n.status, n.sub_group_id))) x;
  ELSE
    SELECT jsonb_agg(x) INTO deltas FROM (
      SELECT o.country_id, o.laboratory_ids, o.status, atalaya_age_group(p.age, p.age_unit) AS age_group, o.sub_group_id, -1 AS delta
      FROM atalaya_indicator_old o LEFT JOIN event_patients p ON p.event_id = o.id
      WHERE o.deleted_at IS NULL AND o.duplicate_of_event_id IS NULL) x;
  END IF;
  IF deltas IS NOT NULL THEN
    PERFORM atalaya_indicator_apply(deltas);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION atalaya_indicator_patients() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(x) INTO deltas FROM (
      SELECT e.country_id, e.laboratory_ids, e.status, 0::smallint AS age_group, e.sub_group_id, -1 AS delta
      FROM atalaya_patients_new n JOIN events e ON e.id = n.event_id WHERE e.deleted_at IS NULL AND e.duplicate_of_event_id IS NULL
      UNION ALL
      SELECT e.country_id, e.laboratory_ids, e.status, atalaya_age_group(n.age, n.age_unit), e.sub_group_id, 1
      FROM atalaya_patients_new n JOIN events e ON e.id = n.event_id WHERE e.deleted_at IS NULL AND e.duplicate_of_event_id IS NULL) x;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT jsonb_agg(x) INTO deltas FROM (
      SELECT e.country_id, e.laboratory_ids, e.status, atalaya_age_group(o.age, o.age_unit) AS age_group, e.sub_group_id, -1 AS delta
      FROM atalaya_patients_old o JOIN events e ON e.id = o.event_id WHERE e.deleted_at IS NULL AND e.duplicate_of_event_id IS NULL
      UNION ALL
      SELECT e.country_id, e.laboratory_ids, e.status, atalaya_age_group(n.age, n.age_unit), e.sub_group_id, 1
      FROM atalaya_patients_new n JOIN events e ON e.id = n.event_id WHERE e.deleted_at IS NULL AND e.duplicate_of_event_id IS NULL) x;
  ELSE
    SELECT jsonb_agg(x) INTO deltas FROM (
      SELECT e.country_id, e.laboratory_ids, e.status, atalaya_age_group(o.age, o.age_unit) AS age_group, e.sub_group_id, -1 AS delta
      FROM atalaya_patients_old o JOIN events e ON e.id = o.event_id WHERE e.deleted_at IS NULL AND e.duplicate_of_event_id IS NULL
      UNION ALL
      SELECT e.country_id, e.laboratory_ids, e.status, 0::smallint, e.sub_group_id, 1
      FROM atalaya_patients_old o JOIN events e ON e.id = o.event_id WHERE e.deleted_at IS NULL AND e.duplicate_of_event_id IS NULL) x;
  END IF;
  IF deltas IS NOT NULL THEN
    PERFORM atalaya_indicator_apply(deltas);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The duplicates marked before this migration leave the indicators now.
SELECT atalaya_indicator_apply(d) FROM (
  SELECT jsonb_agg(x) AS d FROM (
    SELECT e.country_id, e.laboratory_ids, e.status, atalaya_age_group(p.age, p.age_unit) AS age_group, e.sub_group_id, -1 AS delta
    FROM events e LEFT JOIN event_patients p ON p.event_id = e.id
    WHERE e.deleted_at IS NULL AND e.duplicate_of_event_id IS NOT NULL) x
) s WHERE d IS NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION atalaya_signal_cells(ids uuid[])
RETURNS TABLE (event_id uuid, month date, country_id integer, serious boolean, sex char(1), age_group smallint, drug_kind smallint, drug_id integer, pt_code integer)
LANGUAGE sql STABLE SET search_path = public, pg_temp AS $$
  WITH c AS (
    SELECT e.id, date_trunc('month', coalesce(e.received_at, e.created_at) AT TIME ZONE 'UTC')::date AS month, e.country_id,
      EXISTS (SELECT 1 FROM event_rams r WHERE r.event_id = e.id AND r.is_serious) AS serious,
      CASE WHEN p.gender IN ('M', 'F') THEN p.gender ELSE 'U' END::char(1) AS sex,
      atalaya_age_group(p.age, p.age_unit) AS age_group
    FROM events e LEFT JOIN event_patients p ON p.event_id = e.id
    WHERE e.id = ANY(ids) AND e.deleted_at IS NULL AND e.status NOT IN (1, 11) AND e.duplicate_of_event_id IS NULL
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
CREATE OR REPLACE FUNCTION atalaya_signal_events() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(id) INTO ids FROM atalaya_signal_new;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(n.id) INTO ids FROM atalaya_signal_new n JOIN atalaya_signal_old o ON o.id = n.id
    WHERE (o.status, o.deleted_at, o.received_at, o.created_at, o.country_id, o.parent_event_id, o.duplicate_of_event_id)
      IS DISTINCT FROM (n.status, n.deleted_at, n.received_at, n.created_at, n.country_id, n.parent_event_id, n.duplicate_of_event_id);
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
-- The duplicates marked before this migration leave the signal counts now.
SELECT atalaya_signal_refresh(ids) FROM (SELECT array_agg(id) AS ids FROM events WHERE duplicate_of_event_id IS NOT NULL) s WHERE ids IS NOT NULL;
