CREATE TABLE "indicator_counts" (
	"country_id" integer NOT NULL,
	"laboratory_ids" integer[] NOT NULL,
	"by_status" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"by_age" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"by_sub_group" integer[] DEFAULT '{}'::integer[] NOT NULL,
	CONSTRAINT "indicator_counts_pk" PRIMARY KEY("country_id","laboratory_ids")
);
--> statement-breakpoint
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
-- Adds the signed deltas of a statement (one record per case: its country, laboratories,
-- status, age group, sub-group and +1 or -1) to indicator_counts: the case's row is created
-- if missing, then one array element per dimension moves. A draft (status 1 Pendiente) is
-- counted in by_status only: by_age and by_sub_group hold the reports (status ≠ 1). Keys in order, so two writers of
-- the same rows take turns instead of deadlocking. A row whose counts fall to zero stays.
CREATE OR REPLACE FUNCTION atalaya_indicator_apply(deltas jsonb) RETURNS void
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    WITH d AS (
      SELECT * FROM jsonb_to_recordset(deltas) AS x(country_id integer, laboratory_ids integer[], status smallint, age_group smallint, sub_group_id integer, delta integer)
    )
    SELECT country_id, laboratory_ids, 1 AS dim, status::integer AS idx, sum(delta)::integer AS n FROM d GROUP BY 1, 2, 4
    UNION ALL SELECT country_id, laboratory_ids, 2, age_group + 1, sum(delta)::integer FROM d WHERE status <> 1 GROUP BY 1, 2, 4
    UNION ALL SELECT country_id, laboratory_ids, 3, sub_group_id + 1, sum(delta)::integer FROM d WHERE status <> 1 GROUP BY 1, 2, 4
    ORDER BY 1, 2, 3, 4
  LOOP
    CONTINUE WHEN r.n = 0;
    INSERT INTO indicator_counts (country_id, laboratory_ids) VALUES (r.country_id, r.laboratory_ids) ON CONFLICT DO NOTHING;
    IF r.dim = 1 THEN
      UPDATE indicator_counts SET by_status[r.idx] = coalesce(by_status[r.idx], 0) + r.n WHERE country_id = r.country_id AND laboratory_ids = r.laboratory_ids;
    ELSIF r.dim = 2 THEN
      UPDATE indicator_counts SET by_age[r.idx] = coalesce(by_age[r.idx], 0) + r.n WHERE country_id = r.country_id AND laboratory_ids = r.laboratory_ids;
    ELSE
      UPDATE indicator_counts SET by_sub_group[r.idx] = coalesce(by_sub_group[r.idx], 0) + r.n WHERE country_id = r.country_id AND laboratory_ids = r.laboratory_ids;
    END IF;
  END LOOP;
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
      SELECT n.country_id, n.laboratory_ids, n.status, atalaya_age_group(p.age, p.age_unit) AS age_group, n.sub_group_id, 1 AS delta
      FROM atalaya_indicator_new n LEFT JOIN event_patients p ON p.event_id = n.id
      WHERE n.deleted_at IS NULL) x;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT jsonb_agg(x) INTO deltas FROM (
      SELECT o.country_id, o.laboratory_ids, o.status, atalaya_age_group(p.age, p.age_unit) AS age_group, o.sub_group_id, -1 AS delta
      FROM atalaya_indicator_old o JOIN atalaya_indicator_new n ON n.id = o.id LEFT JOIN event_patients p ON p.event_id = o.id
      WHERE o.deleted_at IS NULL
        AND (n.deleted_at IS NOT NULL OR (o.country_id, o.laboratory_ids, o.status, o.sub_group_id) IS DISTINCT FROM (n.country_id, n.laboratory_ids, n.status, n.sub_group_id))
      UNION ALL
      SELECT n.country_id, n.laboratory_ids, n.status, atalaya_age_group(p.age, p.age_unit), n.sub_group_id, 1
      FROM atalaya_indicator_old o JOIN atalaya_indicator_new n ON n.id = o.id LEFT JOIN event_patients p ON p.event_id = n.id
      WHERE n.deleted_at IS NULL
        AND (o.deleted_at IS NOT NULL OR (o.country_id, o.laboratory_ids, o.status, o.sub_group_id) IS DISTINCT FROM (n.country_id, n.laboratory_ids, n.status, n.sub_group_id))) x;
  ELSE
    SELECT jsonb_agg(x) INTO deltas FROM (
      SELECT o.country_id, o.laboratory_ids, o.status, atalaya_age_group(p.age, p.age_unit) AS age_group, o.sub_group_id, -1 AS delta
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
      SELECT e.country_id, e.laboratory_ids, e.status, 0::smallint AS age_group, e.sub_group_id, -1 AS delta
      FROM atalaya_patients_new n JOIN events e ON e.id = n.event_id WHERE e.deleted_at IS NULL
      UNION ALL
      SELECT e.country_id, e.laboratory_ids, e.status, atalaya_age_group(n.age, n.age_unit), e.sub_group_id, 1
      FROM atalaya_patients_new n JOIN events e ON e.id = n.event_id WHERE e.deleted_at IS NULL) x;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT jsonb_agg(x) INTO deltas FROM (
      SELECT e.country_id, e.laboratory_ids, e.status, atalaya_age_group(o.age, o.age_unit) AS age_group, e.sub_group_id, -1 AS delta
      FROM atalaya_patients_old o JOIN events e ON e.id = o.event_id WHERE e.deleted_at IS NULL
      UNION ALL
      SELECT e.country_id, e.laboratory_ids, e.status, atalaya_age_group(n.age, n.age_unit), e.sub_group_id, 1
      FROM atalaya_patients_new n JOIN events e ON e.id = n.event_id WHERE e.deleted_at IS NULL) x;
  ELSE
    SELECT jsonb_agg(x) INTO deltas FROM (
      SELECT e.country_id, e.laboratory_ids, e.status, atalaya_age_group(o.age, o.age_unit) AS age_group, e.sub_group_id, -1 AS delta
      FROM atalaya_patients_old o JOIN events e ON e.id = o.event_id WHERE e.deleted_at IS NULL
      UNION ALL
      SELECT e.country_id, e.laboratory_ids, e.status, 0::smallint, e.sub_group_id, 1
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
-- One read of the cases into their counts per row and element, then each row's three arrays
-- built densely (element i of every array present, 0 where no case).
CREATE TEMPORARY TABLE atalaya_indicator_backfill AS
WITH c AS MATERIALIZED (
  SELECT e.country_id, e.laboratory_ids, e.status::integer AS status, atalaya_age_group(p.age, p.age_unit)::integer AS age_group, e.sub_group_id
  FROM events e LEFT JOIN event_patients p ON p.event_id = e.id
  WHERE e.deleted_at IS NULL
)
SELECT country_id, laboratory_ids, 1 AS dim, status AS idx, count(*)::integer AS n FROM c GROUP BY 1, 2, 4
UNION ALL SELECT country_id, laboratory_ids, 2, age_group + 1, count(*)::integer FROM c WHERE status <> 1 GROUP BY 1, 2, 4
UNION ALL SELECT country_id, laboratory_ids, 3, sub_group_id + 1, count(*)::integer FROM c WHERE status <> 1 GROUP BY 1, 2, 4;
--> statement-breakpoint
INSERT INTO indicator_counts (country_id, laboratory_ids, by_status, by_age, by_sub_group)
WITH keys AS (SELECT DISTINCT country_id, laboratory_ids FROM atalaya_indicator_backfill),
sizes AS (
  SELECT dim, max(idx) AS size FROM atalaya_indicator_backfill GROUP BY dim
),
dense AS (
  SELECT k.country_id, k.laboratory_ids, s.dim, i.idx
  FROM keys k CROSS JOIN sizes s CROSS JOIN LATERAL generate_series(1, s.size) AS i(idx)
)
SELECT d.country_id, d.laboratory_ids,
  coalesce(array_agg(coalesce(b.n, 0) ORDER BY d.idx) FILTER (WHERE d.dim = 1), '{}'),
  coalesce(array_agg(coalesce(b.n, 0) ORDER BY d.idx) FILTER (WHERE d.dim = 2), '{}'),
  coalesce(array_agg(coalesce(b.n, 0) ORDER BY d.idx) FILTER (WHERE d.dim = 3), '{}')
FROM dense d
LEFT JOIN atalaya_indicator_backfill b ON b.country_id = d.country_id AND b.laboratory_ids = d.laboratory_ids AND b.dim = d.dim AND b.idx = d.idx
GROUP BY d.country_id, d.laboratory_ids;
--> statement-breakpoint
DROP TABLE atalaya_indicator_backfill;
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
--> statement-breakpoint
-- The cards (getIndicatorsValuesPanel) of one country — an RLF's, or a country filter, with or
-- without a laboratory: the reports of the last three months of the country as an index-only
-- range, the laboratories tested from the index (docs/adr/0012-indicator-counts.md).
CREATE INDEX IF NOT EXISTS events_indicator_cards_country_idx ON events (country_id, created_at) INCLUDE (laboratory_ids)
WHERE deleted_at IS NULL AND status <> 1;
