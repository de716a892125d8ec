-- Señales by country without the month, seriousness, sex or age group (issue 33, docs/signals.md
-- 'Count table'): the default table of the whole registry summed every row of signal_counts (one per
-- month × country × seriousness × sex × age group × drug × PT: 256 ms of SQL for a QPPV at a million
-- cases, 171 ms for an RLF, whose country is no prefix of its key). signal_country_totals holds the
-- same counts summed over the month, seriousness, sex and age group, a row per country and pair,
-- and under country 0 (no country has id 0: a serial) the sum of every country, a row per pair;
-- a background without a period, seriousness or strata other than the country reads it instead.
-- Country 0's (0, 0, 0) row is one row that every write changing a case's counts updates: such
-- writes of two transactions wait on each other's commit, as those of one country already did on
-- the country's rows (docs/signals.md 'The totals by country').
CREATE TABLE "signal_country_totals" (
	"country_id" integer NOT NULL,
	"drug_kind" smallint NOT NULL,
	"drug_id" integer NOT NULL,
	"pt_code" integer NOT NULL,
	"concomitant" boolean DEFAULT false NOT NULL,
	"cases" integer NOT NULL,
	CONSTRAINT "signal_country_totals_pk" PRIMARY KEY("country_id","drug_kind","drug_id","pt_code","concomitant")
);
--> statement-breakpoint
-- The refresh of migration 0038 with one more table moved by the same deltas.
CREATE OR REPLACE FUNCTION atalaya_signal_refresh(ids uuid[]) RETURNS void
LANGUAGE plpgsql SET search_path = public, pg_temp SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  all_ids uuid[];
  one integer;
  fresh signal_case_cells[];
  gone signal_case_cells[];
  added signal_case_cells[];
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  SELECT array_agg(DISTINCT x) INTO all_ids FROM (
    SELECT unnest(ids) AS x
    UNION SELECT e.parent_event_id FROM events e WHERE e.id = ANY(ids) AND e.parent_event_id IS NOT NULL
  ) s WHERE x IS NOT NULL;
  IF all_ids IS NULL THEN RETURN; END IF;
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
  -- The fresh cells, once, as rows of signal_case_cells (its columns, in its order).
  fresh := ARRAY(
    SELECT ROW(f.event_id, f.month, f.country_id, f.serious, f.sex, f.age_group, f.drug_kind, f.drug_id, f.pt_code, f.concomitant, f.laboratory_set_id, f.created_by)::signal_case_cells
    FROM atalaya_signal_cells(all_ids) f
  );
  SELECT array_agg(x.c) INTO gone FROM (
    SELECT s AS c FROM signal_case_cells s WHERE s.event_id = ANY(all_ids)
    EXCEPT SELECT f FROM unnest(fresh) f
  ) x;
  SELECT array_agg(x.c) INTO added FROM (
    SELECT f AS c FROM unnest(fresh) f
    EXCEPT SELECT s FROM signal_case_cells s WHERE s.event_id = ANY(all_ids)
  ) x;
  IF gone IS NULL AND added IS NULL THEN RETURN; END IF;
  -- The vanished cells first: a changed cell is inserted again below under the same key.
  IF gone IS NOT NULL THEN
    DELETE FROM signal_case_cells s USING unnest(gone) g
    WHERE s.event_id = g.event_id AND s.drug_kind = g.drug_kind AND s.drug_id = g.drug_id AND s.pt_code = g.pt_code;
  END IF;
  WITH moved AS MATERIALIZED (
    SELECT g.month, g.country_id, g.serious, g.sex, g.age_group, g.drug_kind, g.drug_id, g.pt_code, g.concomitant, g.laboratory_set_id, g.created_by, -1 AS delta
    FROM unnest(gone) g
    UNION ALL
    SELECT a.month, a.country_id, a.serious, a.sex, a.age_group, a.drug_kind, a.drug_id, a.pt_code, a.concomitant, a.laboratory_set_id, a.created_by, 1
    FROM unnest(added) a
  ),
  by_cell AS (
    INSERT INTO signal_counts AS t (drug_kind, drug_id, pt_code, month, country_id, serious, sex, age_group, concomitant, cases)
    SELECT drug_kind, drug_id, pt_code, month, country_id, serious, sex, age_group, concomitant, sum(delta)::integer FROM moved
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
    ON CONFLICT (drug_kind, drug_id, pt_code, month, country_id, serious, sex, age_group, concomitant) DO UPDATE SET cases = t.cases + excluded.cases
  ),
  by_country_total AS (
    INSERT INTO signal_country_totals AS t (country_id, drug_kind, drug_id, pt_code, concomitant, cases)
    SELECT x.country_id, m.drug_kind, m.drug_id, m.pt_code, m.concomitant, sum(m.delta)::integer
    FROM moved m CROSS JOIN LATERAL (VALUES (m.country_id), (0)) x(country_id)
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(m.delta) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (country_id, drug_kind, drug_id, pt_code, concomitant) DO UPDATE SET cases = t.cases + excluded.cases
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
  IF added IS NOT NULL THEN
    INSERT INTO signal_case_cells SELECT * FROM unnest(added);
  END IF;
END
$$;
--> statement-breakpoint
-- The existing counts, summed; no refresh runs meanwhile (each takes this lock shared).
SELECT pg_advisory_xact_lock(1936157035, 0);
--> statement-breakpoint
INSERT INTO signal_country_totals (country_id, drug_kind, drug_id, pt_code, concomitant, cases)
SELECT x.country_id, c.drug_kind, c.drug_id, c.pt_code, c.concomitant, sum(c.cases)::integer
FROM signal_counts c CROSS JOIN LATERAL (VALUES (c.country_id), (0)) x(country_id)
GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5;
