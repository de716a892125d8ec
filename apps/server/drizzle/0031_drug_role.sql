ALTER TABLE "event_medications" ADD COLUMN "drug_role" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "signal_case_cells" ADD COLUMN "concomitant" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "signal_counts" ADD COLUMN "concomitant" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "signal_counts" DROP CONSTRAINT "signal_counts_pk";
--> statement-breakpoint
ALTER TABLE "signal_counts" ADD CONSTRAINT "signal_counts_pk" PRIMARY KEY("drug_kind","drug_id","pt_code","month","country_id","serious","sex","age_group","concomitant");--> statement-breakpoint
ALTER TABLE "event_medications" ADD CONSTRAINT "event_medications_drug_role_check" CHECK ("event_medications"."drug_role" between 1 and 4);--> statement-breakpoint
-- Hand-written from here (docs/signals.md 'Count table', 'Drug role'). Every medicine written
-- before this migration was a suspect one (the case model had no role): the default 1 holds.
-- A case's cells now carry whether it holds the drug only as a concomitant (G.k.1 = 2): one cell
-- per case and drug as before — false when any of its medicines names the drug as suspect (1) or
-- interacting (3), true when only concomitant ones do. A drug not administered (4) is not counted.
-- The (0, …) cells (the case, its PTs) are false. So the default table (suspect or interacting)
-- sums the false rows and 'Incluir concomitantes' sums both, from the same rows: no second table.
-- (A new column in its result: dropped first; atalaya_signal_refresh, below, calls it again.)
DROP FUNCTION atalaya_signal_cells(uuid[]);
--> statement-breakpoint
CREATE FUNCTION atalaya_signal_cells(ids uuid[])
RETURNS TABLE (event_id uuid, month date, country_id integer, serious boolean, sex char(1), age_group smallint, drug_kind smallint, drug_id integer, pt_code integer, concomitant boolean)
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
  SELECT c.id, c.month, c.country_id, c.serious, c.sex, c.age_group, d.drug_kind, d.drug_id, t.pt_code, d.concomitant
  FROM c JOIN drugs d ON d.id = c.id JOIN pts t ON t.id = c.id
$$;
--> statement-breakpoint
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
  WITH gone AS (
    DELETE FROM signal_case_cells s WHERE s.event_id = ANY(all_ids)
    RETURNING s.month, s.country_id, s.serious, s.sex, s.age_group, s.drug_kind, s.drug_id, s.pt_code, s.concomitant, -1 AS delta
  ),
  fresh AS (
    SELECT f.month, f.country_id, f.serious, f.sex, f.age_group, f.drug_kind, f.drug_id, f.pt_code, f.concomitant, 1 AS delta FROM atalaya_signal_cells(all_ids) f
  ),
  deltas AS (
    SELECT drug_kind, drug_id, pt_code, month, country_id, serious, sex, age_group, concomitant, sum(delta)::integer AS n
    FROM (SELECT * FROM gone UNION ALL SELECT * FROM fresh) x
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9 HAVING sum(delta) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  )
  INSERT INTO signal_counts AS t (drug_kind, drug_id, pt_code, month, country_id, serious, sex, age_group, concomitant, cases)
  SELECT drug_kind, drug_id, pt_code, month, country_id, serious, sex, age_group, concomitant, n FROM deltas
  ON CONFLICT (drug_kind, drug_id, pt_code, month, country_id, serious, sex, age_group, concomitant) DO UPDATE SET cases = t.cases + excluded.cases;
  -- A cell whose count falls to zero stays (at most one per cell ever seen).
  INSERT INTO signal_case_cells (event_id, month, country_id, serious, sex, age_group, drug_kind, drug_id, pt_code, concomitant)
  SELECT * FROM atalaya_signal_cells(all_ids);
END
$$;
--> statement-breakpoint
-- A signal's cases (its opening, the notice of a new case) are the cases that hold its pair as a
-- suspect or interacting drug, as the default table counts them (docs/signals.md).
CREATE OR REPLACE FUNCTION atalaya_signal_case_notices() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO signal_cases (signal_id, event_id, source)
  SELECT DISTINCT s.id, n.event_id, 'nuevo'
  FROM atalaya_signal_cells_new n
  JOIN signals s ON s.drug_kind = n.drug_kind AND s.drug_id = n.drug_id AND s.pt_code = n.pt_code
  WHERE n.drug_id <> 0 AND n.pt_code <> 0 AND NOT n.concomitant AND s.status IN ('En evaluación', 'Validada')
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
