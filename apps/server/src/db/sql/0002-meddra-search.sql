-- The MedDRA LLT typeahead (getMedDRALLT/{term}; docs/performance-plans.md). PGlite loads
-- pg_trgm at start (src/db/client.ts); on a PostgreSQL server the contrib package provides it.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- The names that contain a term of three letters or more, on the folded name (migration 0030).
-- It replaces the index on lower(name) that the regular-expression search read.
DROP INDEX IF EXISTS meddra_llt_name_trgm_idx;
CREATE INDEX IF NOT EXISTS meddra_llt_search_trgm_idx ON meddra_llt USING gin (search_name gin_trgm_ops);

-- Up to max_rows current, visible LLTs whose folded name (search_name) contains the folded term
-- (lower case, accents removed, spaces collapsed: foldAccents of modules/meddra): those whose
-- name starts with it first, then the others, each part by name and code — the order and set
-- of the regular-expression query it replaced (currentLltsMatching), which a test compares.
-- Each part stops as soon as it has its rows:
-- 1. the names that start with the term: meddra_llt_search_prefix_idx, the first two letters as
--    an equality, read in name order (the term tested on the index's search_name);
-- 2. the others among the first `walked` (5,000) names in name order (meddra_llt_name_code_idx): a term
--    found in many names finds its page there;
-- 3. past those: a term of three letters or more, every name the trigram index finds,
--    sorted (a term found there is in few names); a term of two letters (no trigram), the rest
--    of the names in order.
-- Each read visits the table only for the names that match (current, visible: visibleLlt of
-- modules/meddra). The planner settings keep each statement on the read described above:
-- its row estimates for a LIKE on a name are too rough to choose between them.
CREATE OR REPLACE FUNCTION atalaya_llt_typeahead(term text, max_rows integer, walked integer DEFAULT 5000)
RETURNS TABLE (llt_code integer, llt_name text, pt_name text, soc_name text)
LANGUAGE plpgsql STABLE
SET enable_seqscan = off SET enable_bitmapscan = off SET enable_sort = off SET enable_indexscan = on SET enable_indexonlyscan = on
AS $$
DECLARE
  escaped text := replace(replace(replace(term, '\', '\\'), '%', '\%'), '_', '\_');
  inside text := '%' || escaped || '%';
  starting text := escaped || '%';
  found integer;
  wanted integer;
  edge_name text;
  edge_code integer;
  codes integer[];
BEGIN
  IF length(term) < 1 OR max_rows < 1 OR walked < 1 THEN
    RETURN;
  END IF;
  RETURN QUERY SELECT l.code, l.name, pt.name, soc.name
    FROM meddra_llt c
    JOIN meddra_llt l ON l.code = c.code
    JOIN meddra_pt pt ON pt.code = l.pt_code
    LEFT JOIN meddra_soc soc ON soc.code = pt.primary_soc_code
    WHERE left(c.search_name, 2) = left(term, 2) AND c.search_name LIKE starting
      AND l.current AND (l.introduced_by IS NULL OR l.introduced_by IN (SELECT v.import_id FROM meddra_versions v))
    ORDER BY c.name, c.code LIMIT max_rows;
  GET DIAGNOSTICS found = ROW_COUNT;
  wanted := max_rows - found;
  IF wanted <= 0 THEN
    RETURN;
  END IF;

  RETURN QUERY SELECT l.code, l.name, pt.name, soc.name
    FROM (SELECT c.code, c.name, c.search_name FROM meddra_llt c ORDER BY c.name, c.code LIMIT walked) c
    JOIN meddra_llt l ON l.code = c.code
    JOIN meddra_pt pt ON pt.code = l.pt_code
    LEFT JOIN meddra_soc soc ON soc.code = pt.primary_soc_code
    WHERE c.search_name LIKE inside AND c.search_name NOT LIKE starting
      AND l.current AND (l.introduced_by IS NULL OR l.introduced_by IN (SELECT v.import_id FROM meddra_versions v))
    ORDER BY c.name, c.code LIMIT wanted;
  GET DIAGNOSTICS found = ROW_COUNT;
  wanted := wanted - found;
  IF wanted <= 0 THEN
    RETURN;
  END IF;
  SELECT c.name, c.code INTO edge_name, edge_code FROM meddra_llt c ORDER BY c.name, c.code OFFSET walked - 1 LIMIT 1;
  IF edge_code IS NULL THEN
    RETURN;
  END IF;

  IF length(term) >= 3 THEN
    -- Only the trigram index may find these names (a bitmap), then they are sorted.
    PERFORM set_config('enable_bitmapscan', 'on', true);
    PERFORM set_config('enable_indexscan', 'off', true);
    PERFORM set_config('enable_indexonlyscan', 'off', true);
    PERFORM set_config('enable_sort', 'on', true);
    SELECT array_agg(x.code ORDER BY x.name, x.code) INTO codes FROM (
      SELECT l.code, l.name FROM meddra_llt l
      WHERE l.search_name LIKE inside AND l.search_name NOT LIKE starting
        AND l.current AND (l.introduced_by IS NULL OR l.introduced_by IN (SELECT v.import_id FROM meddra_versions v))) x
    WHERE (x.name, x.code) > (edge_name, edge_code);
    PERFORM set_config('enable_indexscan', 'on', true);
    RETURN QUERY SELECT l.code, l.name, pt.name, soc.name
      FROM unnest(codes[1:wanted]) WITH ORDINALITY AS u(code, n)
      JOIN meddra_llt l ON l.code = u.code
      JOIN meddra_pt pt ON pt.code = l.pt_code
      LEFT JOIN meddra_soc soc ON soc.code = pt.primary_soc_code
      ORDER BY u.n;
    RETURN;
  END IF;

  RETURN QUERY SELECT l.code, l.name, pt.name, soc.name
    FROM meddra_llt c
    JOIN meddra_llt l ON l.code = c.code
    JOIN meddra_pt pt ON pt.code = l.pt_code
    LEFT JOIN meddra_soc soc ON soc.code = pt.primary_soc_code
    WHERE (c.name, c.code) > (edge_name, edge_code) AND c.search_name LIKE inside AND c.search_name NOT LIKE starting
      AND l.current AND (l.introduced_by IS NULL OR l.introduced_by IN (SELECT v.import_id FROM meddra_versions v))
    ORDER BY c.name, c.code LIMIT wanted;
END
$$;
