-- The MedDRA LLT typeahead (getMedDRALLT/{term}; docs/performance-plans.md). PGlite loads
-- pg_trgm at start (src/db/client.ts); on a PostgreSQL server the contrib package provides it.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- The names that contain a term of three letters or more, on the folded name (migration 0030).
-- It replaces the index on lower(name) that the regular-expression search read.
DROP INDEX IF EXISTS meddra_llt_name_trgm_idx;
CREATE INDEX IF NOT EXISTS meddra_llt_search_trgm_idx ON meddra_llt USING gin (search_name gin_trgm_ops);

-- Two letters have no trigram: the bigrams of each folded name (distinct, in an array) and a GIN
-- index on them find the names that contain a pair of letters anywhere.
CREATE OR REPLACE FUNCTION atalaya_bigrams(value text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT coalesce(array_agg(DISTINCT substr(value, i, 2)), '{}'::text[]) FROM generate_series(1, length(value) - 1) AS i $$;
CREATE INDEX IF NOT EXISTS meddra_llt_search_bigram_idx ON meddra_llt USING gin (atalaya_bigrams(search_name));

-- The third parameter was `walked` (how many names in name order the second part read) before the
-- second part became the index read below; its name changes, so the old function goes first.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_proc WHERE proname = 'atalaya_llt_typeahead' AND 'walked' = ANY (proargnames)) THEN
    DROP FUNCTION atalaya_llt_typeahead(text, integer, integer);
  END IF;
END
$$;

-- Up to max_rows current, visible LLTs whose folded name (search_name) contains the folded term
-- (lower case, accents removed, spaces collapsed: foldAccents of modules/meddra): those whose
-- name starts with it first, then the others, each part by name and code — the order and set
-- of the regular-expression query it replaced (currentLltsMatching), which a test compares.
-- Each part stops as soon as it has its rows:
-- 1. the names that start with the term: meddra_llt_search_prefix_idx, the first two letters as
--    an equality, read in name order (the term tested on the index's search_name);
-- 2. the others, found by an index on what the name contains — the trigram index for a term of
--    three letters or more, the bigram index for two — at most `cap` (2,000) of them, sorted:
--    a term found in few names (the slow case of a walk in name order: 'itis', 'xq') costs what
--    its matches cost;
-- 3. a term found in more than `cap` names: they are dense in the name order
--    (meddra_llt_name_code_idx), which finds the page after a few hundred names.
-- Each read visits the table only for the names that match (current, visible: visibleLlt of
-- modules/meddra). The planner settings keep each statement on the read described above:
-- its row estimates for a LIKE on a name are too rough to choose between them.
CREATE OR REPLACE FUNCTION atalaya_llt_typeahead(term text, max_rows integer, cap integer DEFAULT 2000)
RETURNS TABLE (llt_code integer, llt_name text, pt_name text, soc_name text)
LANGUAGE plpgsql STABLE
SET enable_seqscan = off SET enable_bitmapscan = off SET enable_sort = off SET enable_indexscan = on SET enable_indexonlyscan = on
SET max_parallel_workers_per_gather = 0
AS $$
DECLARE
  escaped text := replace(replace(replace(term, '\', '\\'), '%', '\%'), '_', '\_');
  inside text := '%' || escaped || '%';
  starting text := escaped || '%';
  found integer;
  wanted integer;
  matched integer;
  codes integer[];
BEGIN
  IF length(term) < 1 OR max_rows < 1 OR cap < 0 THEN
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

  IF length(term) >= 2 THEN
    -- Only the index on what names contain may find these (a bitmap), then they are sorted.
    PERFORM set_config('enable_bitmapscan', 'on', true);
    PERFORM set_config('enable_indexscan', 'off', true);
    PERFORM set_config('enable_indexonlyscan', 'off', true);
    PERFORM set_config('enable_sort', 'on', true);
    IF length(term) >= 3 THEN
      SELECT array_agg(x.code ORDER BY x.name, x.code), count(*) INTO codes, matched FROM (
        SELECT l.code, l.name FROM meddra_llt l
        WHERE l.search_name LIKE inside AND l.search_name NOT LIKE starting
          AND l.current AND (l.introduced_by IS NULL OR l.introduced_by IN (SELECT v.import_id FROM meddra_versions v))
        LIMIT cap + 1) x;
    ELSE
      SELECT array_agg(x.code ORDER BY x.name, x.code), count(*) INTO codes, matched FROM (
        SELECT l.code, l.name FROM meddra_llt l
        -- strpos, not LIKE: a LIKE would let the planner add the trigram index, which reads every
        -- name for a pattern of two letters. Contained but not at the start: its first place > 1.
        WHERE atalaya_bigrams(l.search_name) @> ARRAY[term] AND strpos(l.search_name, term) > 1
          AND l.current AND (l.introduced_by IS NULL OR l.introduced_by IN (SELECT v.import_id FROM meddra_versions v))
        LIMIT cap + 1) x;
    END IF;
    PERFORM set_config('enable_bitmapscan', 'off', true);
    PERFORM set_config('enable_indexscan', 'on', true);
    PERFORM set_config('enable_indexonlyscan', 'on', true);
    PERFORM set_config('enable_sort', 'off', true);
    IF matched <= cap THEN
      RETURN QUERY SELECT l.code, l.name, pt.name, soc.name
        FROM unnest(codes[1:wanted]) WITH ORDINALITY AS u(code, n)
        JOIN meddra_llt l ON l.code = u.code
        JOIN meddra_pt pt ON pt.code = l.pt_code
        LEFT JOIN meddra_soc soc ON soc.code = pt.primary_soc_code
        ORDER BY u.n;
      RETURN;
    END IF;
  END IF;

  -- A term in more than `cap` names (or of one letter): the name order finds its page soon.
  RETURN QUERY SELECT l.code, l.name, pt.name, soc.name
    FROM meddra_llt c
    JOIN meddra_llt l ON l.code = c.code
    JOIN meddra_pt pt ON pt.code = l.pt_code
    LEFT JOIN meddra_soc soc ON soc.code = pt.primary_soc_code
    WHERE c.search_name LIKE inside AND c.search_name NOT LIKE starting
      AND l.current AND (l.introduced_by IS NULL OR l.introduced_by IN (SELECT v.import_id FROM meddra_versions v))
    ORDER BY c.name, c.code LIMIT wanted;
END
$$;
