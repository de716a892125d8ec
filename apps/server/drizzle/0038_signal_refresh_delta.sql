-- The Señales counts per case as a delta (issue 32, docs/signals.md 'Count table'). Until now a
-- refresh deleted every cell of its cases from signal_case_cells, computed them anew, upserted the
-- differences into the five count tables and inserted every cell again: one write to a case wrote
-- all its cells twice, even when the write changed nothing the counts read (10–27 ms of trigger
-- time per write on the million-case registry, bench/README.md). Now the fresh cells are computed
-- once and compared with the stored ones, whole rows:
--   * nothing differs (the common case): nothing is written, not one row of any table;
--   * otherwise the stored cells that are no longer fresh are deleted, the fresh cells not yet
--     stored are inserted (a cell whose key stays but whose month, country, seriousness, sex,
--     age group, concomitance, laboratory set or creator changed is both: deleted, then
--     inserted, so the notice trigger of migration 0031 still sees it arrive), and only those
--     rows' -1/+1 move the count tables.
-- The locking (advisory locks; more than 256 cases take the whole table alone) and the laboratory
-- set's insertion are those of migration 0037.
-- The cells of migration 0037, unchanged but for two things that let a caller plan them once: no
-- SET clause (PostgreSQL inlines a SQL function into the calling query only without one; with it,
-- every call planned the whole query anew, 3–10 ms of each refresh) and, instead, every table
-- named with its schema, so the caller's search_path cannot change what it reads.
CREATE OR REPLACE FUNCTION atalaya_signal_cells(ids uuid[])
RETURNS TABLE (event_id uuid, month date, country_id integer, serious boolean, sex char(1), age_group smallint, drug_kind smallint, drug_id integer, pt_code integer, concomitant boolean, laboratory_set_id integer, created_by uuid)
LANGUAGE sql STABLE AS $$
  WITH c AS (
    SELECT e.id, date_trunc('month', coalesce(e.received_at, e.created_at) AT TIME ZONE 'UTC')::date AS month, e.country_id,
      EXISTS (SELECT 1 FROM public.event_rams r WHERE r.event_id = e.id AND r.is_serious) AS serious,
      CASE WHEN p.gender IN ('M', 'F') THEN p.gender ELSE 'U' END::char(1) AS sex,
      public.atalaya_age_group(p.age, p.age_unit) AS age_group,
      ls.id AS laboratory_set_id, e.created_by
    FROM public.events e LEFT JOIN public.event_patients p ON p.event_id = e.id
    JOIN public.signal_laboratory_sets ls ON ls.laboratory_ids = e.laboratory_ids
    WHERE e.id = ANY(ids) AND e.deleted_at IS NULL AND e.status NOT IN (1, 11) AND e.duplicate_of_event_id IS NULL
      AND NOT EXISTS (SELECT 1 FROM public.events f WHERE f.parent_event_id = e.id AND f.deleted_at IS NULL AND f.status <> 1)
  ),
  drugs AS (
    SELECT 0::smallint AS drug_kind, 0 AS drug_id, c.id, false AS concomitant FROM c
    UNION ALL
    SELECT x.drug_kind, x.drug_id, x.id, bool_and(x.concomitant) FROM (
      SELECT 1::smallint AS drug_kind, i.active_ingredient_id AS drug_id, m.event_id AS id, m.drug_role = 2 AS concomitant
      FROM public.event_medications m JOIN public.event_medication_ingredients i ON i.event_medication_id = m.id JOIN c ON c.id = m.event_id
      WHERE i.active_ingredient_id IS NOT NULL AND m.drug_role IN (1, 2, 3)
      UNION ALL
      SELECT 2::smallint, m.product_id, m.event_id, m.drug_role = 2
      FROM public.event_medications m JOIN c ON c.id = m.event_id WHERE m.product_id IS NOT NULL AND m.drug_role IN (1, 2, 3)
    ) x GROUP BY x.drug_kind, x.drug_id, x.id
  ),
  pts AS (
    SELECT 0 AS pt_code, c.id FROM c
    UNION SELECT l.pt_code, r.event_id FROM public.event_rams r JOIN public.meddra_llt l ON l.code = r.llt_code JOIN c ON c.id = r.event_id WHERE l.pt_code IS NOT NULL
  )
  SELECT c.id, c.month, c.country_id, c.serious, c.sex, c.age_group, d.drug_kind, d.drug_id, t.pt_code, d.concomitant, c.laboratory_set_id, c.created_by
  FROM c JOIN drugs d ON d.id = c.id JOIN pts t ON t.id = c.id
$$;
--> statement-breakpoint
-- The refresh keeps one generic plan per statement for the session (plan_cache_mode): its
-- statements read a few cases by key whatever the array, and a custom plan for each call cost more
-- to make than to run.
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
-- The row triggers of migration 0027 refreshed every case an UPDATE touched, whatever columns it
-- set. An UPDATE OF column list cannot narrow them (PostgreSQL refuses a column list on a trigger
-- with transition tables), so the functions compare each row's old and new version (by its
-- primary key) on the columns atalaya_signal_cells reads and refresh only the cases of the rows
-- where one differs, before and after (a row moved to another case refreshes both):
--   event_medications: event_id, product_id, drug_role (its laboratory reaches the counts
--     through events.laboratory_ids, whose triggers of migration 0009 update the case);
--   event_rams: event_id, llt_code, is_serious (the generated OR of the seriousness criteria);
--   event_patients: event_id, gender, age, age_unit;
--   event_medication_ingredients: event_medication_id, active_ingredient_id.
-- An update of anything else (a narrative, a dose, a date of a reaction) calls no refresh.
CREATE OR REPLACE FUNCTION atalaya_signal_case_rows() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT event_id) INTO ids FROM atalaya_signal_new;
  ELSIF TG_OP = 'UPDATE' THEN
    -- plpgsql plans a trigger function's statements per table, so each branch names its own columns.
    IF TG_TABLE_NAME = 'event_medications' THEN
      SELECT array_agg(DISTINCT v.id) INTO ids
      FROM atalaya_signal_old o FULL JOIN atalaya_signal_new n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.event_id), (n.event_id)) v(id)
      WHERE v.id IS NOT NULL
        AND (o.event_id, o.product_id, o.drug_role) IS DISTINCT FROM (n.event_id, n.product_id, n.drug_role);
    ELSIF TG_TABLE_NAME = 'event_rams' THEN
      SELECT array_agg(DISTINCT v.id) INTO ids
      FROM atalaya_signal_old o FULL JOIN atalaya_signal_new n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.event_id), (n.event_id)) v(id)
      WHERE v.id IS NOT NULL
        AND (o.event_id, o.llt_code, o.is_serious) IS DISTINCT FROM (n.event_id, n.llt_code, n.is_serious);
    ELSIF TG_TABLE_NAME = 'event_patients' THEN
      -- Its primary key is event_id: a moved row is a row of each side without its match.
      SELECT array_agg(DISTINCT v.id) INTO ids
      FROM atalaya_signal_old o FULL JOIN atalaya_signal_new n ON n.event_id = o.event_id
      CROSS JOIN LATERAL (VALUES (o.event_id), (n.event_id)) v(id)
      WHERE v.id IS NOT NULL
        AND (o.event_id, o.gender, o.age, o.age_unit) IS DISTINCT FROM (n.event_id, n.gender, n.age, n.age_unit);
    ELSE
      SELECT array_agg(DISTINCT event_id) INTO ids FROM (SELECT event_id FROM atalaya_signal_new UNION SELECT event_id FROM atalaya_signal_old) x;
    END IF;
  ELSE
    SELECT array_agg(DISTINCT event_id) INTO ids FROM atalaya_signal_old;
  END IF;
  PERFORM atalaya_signal_refresh(ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION atalaya_signal_ingredient_rows() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT m.event_id) INTO ids FROM atalaya_signal_new x JOIN event_medications m ON m.id = x.event_medication_id;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT m.event_id) INTO ids
    FROM atalaya_signal_old o FULL JOIN atalaya_signal_new n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.event_medication_id), (n.event_medication_id)) v(id)
    JOIN event_medications m ON m.id = v.id
    WHERE (o.event_medication_id, o.active_ingredient_id) IS DISTINCT FROM (n.event_medication_id, n.active_ingredient_id);
  ELSE
    SELECT array_agg(DISTINCT m.event_id) INTO ids FROM atalaya_signal_old x JOIN event_medications m ON m.id = x.event_medication_id;
  END IF;
  PERFORM atalaya_signal_refresh(ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- As migration 0037, and the old parent of a follow-up is refreshed only when the follow-up's
-- counted columns changed (before, any update of a follow-up refreshed its parent): whether a
-- parent counts depends on its follow-ups' parent, status and deletion, all of them in the list.
CREATE OR REPLACE FUNCTION atalaya_signal_events() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(id) INTO ids FROM atalaya_signal_new;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(v.id) INTO ids FROM atalaya_signal_new n JOIN atalaya_signal_old o ON o.id = n.id
    CROSS JOIN LATERAL (VALUES (n.id), (o.parent_event_id)) v(id)
    WHERE v.id IS NOT NULL
      AND (o.status, o.deleted_at, o.received_at, o.created_at, o.country_id, o.parent_event_id, o.duplicate_of_event_id, o.laboratory_ids, o.created_by)
      IS DISTINCT FROM (n.status, n.deleted_at, n.received_at, n.created_at, n.country_id, n.parent_event_id, n.duplicate_of_event_id, n.laboratory_ids, n.created_by);
  ELSE
    SELECT array_agg(id) || array_agg(parent_event_id) FILTER (WHERE parent_event_id IS NOT NULL) INTO ids FROM atalaya_signal_old;
  END IF;
  PERFORM atalaya_signal_refresh(ids);
  RETURN NULL;
END
$$;
