CREATE TABLE "indicator_counts" (
	"country_id" integer NOT NULL,
	"laboratory_ids" integer[] NOT NULL,
	"status" smallint NOT NULL,
	"age_group" smallint NOT NULL,
	"group_id" integer NOT NULL,
	"sub_group_id" integer NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "indicator_counts_pk" PRIMARY KEY("country_id","laboratory_ids","status","age_group","group_id","sub_group_id")
);
--> statement-breakpoint
CREATE INDEX "indicator_counts_laboratory_ids_idx" ON "indicator_counts" USING gin ("laboratory_ids");--> statement-breakpoint
-- Hand-written from here (owner of 0015): the age group of a patient, the triggers that keep
-- indicator_counts in the same transaction as the cases and their patients, and the backfill.
-- atalaya_age_group mirrors ageGroupOf of packages/domain/src/age-groups.ts (a test compares
-- them): 0 Desconocido, 1 Neonato < 28 días, 2 Lactante < 2 años, 3 Niño < 12, 4 Adolescente
-- < 18, 5 Adulto < 65, 6 Anciano; a year is 365.25 days, a month a twelfth of it.
CREATE OR REPLACE FUNCTION atalaya_age_group(age numeric, unit text) RETURNS smallint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN d IS NULL OR d < 0 THEN 0
    WHEN d < 28 THEN 1
    WHEN d < 2 * 365.25 THEN 2
    WHEN d < 12 * 365.25 THEN 3
    WHEN d < 18 * 365.25 THEN 4
    WHEN d < 65 * 365.25 THEN 5
    ELSE 6
  END::smallint
  FROM (SELECT age * CASE unit WHEN 'Días' THEN 1 WHEN 'Semanas' THEN 7 WHEN 'Meses' THEN 365.25 / 12 WHEN 'Años' THEN 365.25 END AS d) t
$$;
--> statement-breakpoint
-- Adds the signed deltas of a statement to indicator_counts, one upsert per key, in key order
-- (two writers of the same keys take turns instead of deadlocking). Rows that fall to zero stay.
CREATE OR REPLACE FUNCTION atalaya_indicator_apply(deltas jsonb) RETURNS void
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO indicator_counts AS c (country_id, laboratory_ids, status, age_group, group_id, sub_group_id, total)
  SELECT country_id, laboratory_ids, status, age_group, group_id, sub_group_id, sum(delta)::integer
  FROM jsonb_to_recordset(deltas) AS d(country_id integer, laboratory_ids integer[], status smallint, age_group smallint, group_id integer, sub_group_id integer, delta integer)
  GROUP BY country_id, laboratory_ids, status, age_group, group_id, sub_group_id
  HAVING sum(delta) <> 0
  ORDER BY country_id, laboratory_ids, status, age_group, group_id, sub_group_id
  ON CONFLICT (country_id, laboratory_ids, status, age_group, group_id, sub_group_id)
  DO UPDATE SET total = c.total + excluded.total;
END
$$;
--> statement-breakpoint
-- events: statement-level triggers with transition tables, so a COPY or a multi-row write
-- counts once per statement. An update that changes none of the counted columns adds nothing.
CREATE OR REPLACE FUNCTION atalaya_indicator_events() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(x) INTO deltas FROM (
      SELECT n.country_id, n.laboratory_ids, n.status, atalaya_age_group(p.age, p.age_unit) AS age_group, n.group_id, n.sub_group_id, 1 AS delta
      FROM atalaya_indicator_new n LEFT JOIN event_patients p ON p.event_id = n.id
      WHERE n.deleted_at IS NULL) x;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT jsonb_agg(x) INTO deltas FROM (
      SELECT o.country_id, o.laboratory_ids, o.status, atalaya_age_group(p.age, p.age_unit) AS age_group, o.group_id, o.sub_group_id, -1 AS delta
      FROM atalaya_indicator_old o JOIN atalaya_indicator_new n ON n.id = o.id LEFT JOIN event_patients p ON p.event_id = o.id
      WHERE o.deleted_at IS NULL
        AND (n.deleted_at IS NOT NULL OR (o.country_id, o.laboratory_ids, o.status, o.group_id, o.sub_group_id) IS DISTINCT FROM (n.country_id, n.laboratory_ids, n.status, n.group_id, n.sub_group_id))
      UNION ALL
      SELECT n.country_id, n.laboratory_ids, n.status, atalaya_age_group(p.age, p.age_unit), n.group_id, n.sub_group_id, 1
      FROM atalaya_indicator_old o JOIN atalaya_indicator_new n ON n.id = o.id LEFT JOIN event_patients p ON p.event_id = n.id
      WHERE n.deleted_at IS NULL
        AND (o.deleted_at IS NOT NULL OR (o.country_id, o.laboratory_ids, o.status, o.group_id, o.sub_group_id) IS DISTINCT FROM (n.country_id, n.laboratory_ids, n.status, n.group_id, n.sub_group_id))) x;
  ELSE
    SELECT jsonb_agg(x) INTO deltas FROM (
      SELECT o.country_id, o.laboratory_ids, o.status, atalaya_age_group(p.age, p.age_unit) AS age_group, o.group_id, o.sub_group_id, -1 AS delta
      FROM atalaya_indicator_old o LEFT JOIN event_patients p ON p.event_id = o.id
      WHERE o.deleted_at IS NULL) x;
  END IF;
  IF deltas IS NOT NULL THEN
    PERFORM atalaya_indicator_apply(deltas);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- event_patients: a patient's age moves its live case from one age group to another (a case
-- without a patient row is counted as 0 Desconocido).
CREATE OR REPLACE FUNCTION atalaya_indicator_patients() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(x) INTO deltas FROM (
      SELECT e.country_id, e.laboratory_ids, e.status, 0::smallint AS age_group, e.group_id, e.sub_group_id, -1 AS delta
      FROM atalaya_patients_new n JOIN events e ON e.id = n.event_id WHERE e.deleted_at IS NULL
      UNION ALL
      SELECT e.country_id, e.laboratory_ids, e.status, atalaya_age_group(n.age, n.age_unit), e.group_id, e.sub_group_id, 1
      FROM atalaya_patients_new n JOIN events e ON e.id = n.event_id WHERE e.deleted_at IS NULL) x;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT jsonb_agg(x) INTO deltas FROM (
      SELECT e.country_id, e.laboratory_ids, e.status, atalaya_age_group(o.age, o.age_unit) AS age_group, e.group_id, e.sub_group_id, -1 AS delta
      FROM atalaya_patients_old o JOIN events e ON e.id = o.event_id WHERE e.deleted_at IS NULL
      UNION ALL
      SELECT e.country_id, e.laboratory_ids, e.status, atalaya_age_group(n.age, n.age_unit), e.group_id, e.sub_group_id, 1
      FROM atalaya_patients_new n JOIN events e ON e.id = n.event_id WHERE e.deleted_at IS NULL) x;
  ELSE
    SELECT jsonb_agg(x) INTO deltas FROM (
      SELECT e.country_id, e.laboratory_ids, e.status, atalaya_age_group(o.age, o.age_unit) AS age_group, e.group_id, e.sub_group_id, -1 AS delta
      FROM atalaya_patients_old o JOIN events e ON e.id = o.event_id WHERE e.deleted_at IS NULL
      UNION ALL
      SELECT e.country_id, e.laboratory_ids, e.status, 0::smallint, e.group_id, e.sub_group_id, 1
      FROM atalaya_patients_old o JOIN events e ON e.id = o.event_id WHERE e.deleted_at IS NULL) x;
  END IF;
  IF deltas IS NOT NULL THEN
    PERFORM atalaya_indicator_apply(deltas);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The backfill, set-based, with the tables locked against writers until this migration commits
-- (a server still writing cases waits, and from then on the triggers keep the counts).
LOCK TABLE events, event_patients IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO indicator_counts (country_id, laboratory_ids, status, age_group, group_id, sub_group_id, total)
SELECT e.country_id, e.laboratory_ids, e.status, atalaya_age_group(p.age, p.age_unit), e.group_id, e.sub_group_id, count(*)
FROM events e LEFT JOIN event_patients p ON p.event_id = e.id
WHERE e.deleted_at IS NULL
GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
CREATE TRIGGER atalaya_indicator_events_insert AFTER INSERT ON events
REFERENCING NEW TABLE AS atalaya_indicator_new FOR EACH STATEMENT EXECUTE FUNCTION atalaya_indicator_events();
--> statement-breakpoint
CREATE TRIGGER atalaya_indicator_events_update AFTER UPDATE ON events
REFERENCING OLD TABLE AS atalaya_indicator_old NEW TABLE AS atalaya_indicator_new FOR EACH STATEMENT EXECUTE FUNCTION atalaya_indicator_events();
--> statement-breakpoint
CREATE TRIGGER atalaya_indicator_events_delete AFTER DELETE ON events
REFERENCING OLD TABLE AS atalaya_indicator_old FOR EACH STATEMENT EXECUTE FUNCTION atalaya_indicator_events();
--> statement-breakpoint
CREATE TRIGGER atalaya_indicator_patients_insert AFTER INSERT ON event_patients
REFERENCING NEW TABLE AS atalaya_patients_new FOR EACH STATEMENT EXECUTE FUNCTION atalaya_indicator_patients();
--> statement-breakpoint
CREATE TRIGGER atalaya_indicator_patients_update AFTER UPDATE ON event_patients
REFERENCING OLD TABLE AS atalaya_patients_old NEW TABLE AS atalaya_patients_new FOR EACH STATEMENT EXECUTE FUNCTION atalaya_indicator_patients();
--> statement-breakpoint
CREATE TRIGGER atalaya_indicator_patients_delete AFTER DELETE ON event_patients
REFERENCING OLD TABLE AS atalaya_patients_old FOR EACH STATEMENT EXECUTE FUNCTION atalaya_indicator_patients();
