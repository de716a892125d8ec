-- RH numbers of incoming reports (docs/adr/0010-intake-numbering.md). A report is stored in
-- home_report_intake by its own transaction, without a number; this function then numbers every
-- committed report of the year still waiting, in arrival order (seq), moving each into
-- home_reports with its first status-history row, and advances the year's sequence by as many.
-- Called as one statement (its own transaction): the year's lock is held for the move and the
-- commit only, never across a round trip to the application. Concurrent callers queue on the
-- advisory lock; one that finds nothing waiting once it holds it returns at once, having written
-- nothing (no commit to flush). A failure rolls the whole move back: no number is ever lost.
-- Runs with the caller's rights (the application's role writes these tables).

CREATE OR REPLACE FUNCTION atalaya_number_home_reports(p_prefix text, p_year integer, p_status smallint, p_comment text)
RETURNS TABLE (id uuid, reference text, is_medic boolean, country_code text, sub_group_id integer, created_at timestamptz)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  last_number bigint;
BEGIN
  -- 724513002: Atalaya's key for numbering incoming reports (the migration lock is 724513001).
  PERFORM pg_advisory_xact_lock(724513002, p_year);
  -- Each statement below sees every report committed before the lock was granted.
  IF NOT EXISTS (SELECT 1 FROM home_report_intake WHERE year = p_year) THEN
    RETURN;
  END IF;
  INSERT INTO reference_sequences (prefix, year, last_value) VALUES (p_prefix, p_year, 0) ON CONFLICT DO NOTHING;
  SELECT last_value INTO last_number FROM reference_sequences WHERE prefix = p_prefix AND year = p_year FOR UPDATE;
  RETURN QUERY
  WITH moved AS (
    DELETE FROM home_report_intake WHERE year = p_year RETURNING *
  ), numbered AS (
    SELECT moved.*, last_number + row_number() OVER (ORDER BY moved.seq) AS n FROM moved
  ), reports AS (
    INSERT INTO home_reports (id, reference, status, is_medic, country_id, sub_group_id, data, patient_sex, is_serious,
                              accepts_contact, reporter_user_id, created_at, updated_at)
    -- formatHomeReference: {prefix}-{year}-{sequence of six digits at least}.
    SELECT numbered.id, p_prefix || '-' || p_year || '-' || lpad(numbered.n::text, greatest(6, length(numbered.n::text)), '0'),
           p_status, numbered.is_medic, numbered.country_id, numbered.sub_group_id, numbered.data, numbered.patient_sex,
           numbered.is_serious, numbered.accepts_contact, numbered.reporter_user_id, numbered.created_at, numbered.created_at
    FROM numbered
    RETURNING home_reports.id, home_reports.reference, home_reports.is_medic, home_reports.country_id,
              home_reports.sub_group_id, home_reports.created_at
  ), history AS (
    INSERT INTO home_report_status_history (home_report_id, from_status, to_status, comment, user_id, created_at)
    SELECT numbered.id, NULL, p_status, p_comment, numbered.reporter_user_id, numbered.created_at FROM numbered ORDER BY numbered.n
  ), advanced AS (
    UPDATE reference_sequences SET last_value = last_value + (SELECT count(*) FROM numbered)
    WHERE prefix = p_prefix AND year = p_year
  )
  SELECT reports.id, reports.reference, reports.is_medic, countries.code::text, reports.sub_group_id, reports.created_at
  FROM reports JOIN countries ON countries.id = reports.country_id
  ORDER BY reports.reference;
END;
$$;
