-- Indicadores over every country (issue 33, docs/indicators.md 'How it stays fast', docs/performance-plans.md
-- §8): the charts of a QPPV holding every laboratory summed every row of indicator_counts (one per
-- country × set of laboratories: 8,570 rows at a million cases, 18 ms for the 45 sub-groups of the
-- type chart). Under country 0 (no country has id 0: a serial) the table now also holds the sum of
-- every country, a row per set of laboratories (988 rows at a million); a chart without a country
-- (no RLF's, no 'País' filter) reads those rows. Country 0's rows are moved by the same writes as
-- the countries' rows, in the same transaction: two writes of cases of two countries with the same
-- laboratories now wait on each other's commit on that row, as two writes of one country already
-- did on theirs.
--
-- The apply function of migration 0014, each delta applied to its country's row and to country 0's
-- (keys in order, country 0 first, so two writers take turns instead of deadlocking).
CREATE OR REPLACE FUNCTION atalaya_indicator_apply(deltas jsonb) RETURNS void
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    WITH given AS (
      SELECT * FROM jsonb_to_recordset(deltas) AS x(country_id integer, laboratory_ids integer[], status smallint, age_group smallint, sub_group_id integer, delta integer)
    ), d AS (
      SELECT country_id, laboratory_ids, status, age_group, sub_group_id, delta FROM given
      UNION ALL SELECT 0, laboratory_ids, status, age_group, sub_group_id, delta FROM given
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
-- The backfill: the writers of the counted tables wait until this migration commits (their
-- triggers then run the function above), and country 0's rows are the countries' rows summed,
-- element by element (an element never set stays null, as the apply function leaves it).
LOCK TABLE events, event_patients IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO indicator_counts (country_id, laboratory_ids, by_status, by_age, by_sub_group)
WITH elements AS (
  SELECT c.laboratory_ids, 1 AS dim, u.idx, u.n FROM indicator_counts c, unnest(c.by_status) WITH ORDINALITY AS u(n, idx) WHERE c.country_id <> 0
  UNION ALL SELECT c.laboratory_ids, 2, u.idx, u.n FROM indicator_counts c, unnest(c.by_age) WITH ORDINALITY AS u(n, idx) WHERE c.country_id <> 0
  UNION ALL SELECT c.laboratory_ids, 3, u.idx, u.n FROM indicator_counts c, unnest(c.by_sub_group) WITH ORDINALITY AS u(n, idx) WHERE c.country_id <> 0
), sums AS (
  SELECT laboratory_ids, dim, idx, sum(n)::integer AS n FROM elements GROUP BY 1, 2, 3
), arrays AS (
  SELECT k.laboratory_ids, k.dim, array_agg(s.n ORDER BY g.idx) AS arr
  FROM (SELECT laboratory_ids, dim, max(idx) AS top FROM sums GROUP BY 1, 2) k
  CROSS JOIN LATERAL generate_series(1, k.top) AS g(idx)
  LEFT JOIN sums s ON s.laboratory_ids = k.laboratory_ids AND s.dim = k.dim AND s.idx = g.idx
  GROUP BY 1, 2
)
SELECT 0, l.laboratory_ids, coalesce(a1.arr, '{}'), coalesce(a2.arr, '{}'), coalesce(a3.arr, '{}')
FROM (SELECT DISTINCT laboratory_ids FROM indicator_counts WHERE country_id <> 0) l
LEFT JOIN arrays a1 ON a1.laboratory_ids = l.laboratory_ids AND a1.dim = 1
LEFT JOIN arrays a2 ON a2.laboratory_ids = l.laboratory_ids AND a2.dim = 2
LEFT JOIN arrays a3 ON a3.laboratory_ids = l.laboratory_ids AND a3.dim = 3
ON CONFLICT (country_id, laboratory_ids) DO NOTHING;
