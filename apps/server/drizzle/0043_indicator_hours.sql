CREATE TABLE "indicator_hours" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"sent_with_laboratory" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Hand-written from here (issue 33, docs/indicators.md 'How it stays fast', docs/performance-plans.md
-- §10): the cards over every country (a QPPV or CL holding every laboratory, an ADMIN; no 'País',
-- no 'Laboratorio') counted the last three months of events, ~53,000 index rows at a million cases
-- (raw 20-28 ms). indicator_hours keeps, per hour of created_at, the cases a card counts — not
-- deleted, not a duplicate (docs/duplicates.md 'Counted once'), sent (status <> 1 Pendiente) — and
-- those with a laboratory; a card sums ~2,200 rows. The hour is date_bin from an epoch in UTC, so
-- it does not move with the session's TimeZone; a period whose bounds fall inside an hour (a zone
-- with a half-hour offset) is counted from events by the server instead.
ALTER TABLE indicator_hours SET (fillfactor = 50);
--> statement-breakpoint
-- events: statement-level triggers with transition tables (a COPY or a multi-row write counts once
-- per statement). An update moves a case between hours only when whether it counts, its hour or
-- whether it has a laboratory changes: a report sent the first time, deleted, marked duplicate;
-- hours are written in order, so two writers take turns instead of deadlocking.
CREATE OR REPLACE FUNCTION atalaya_indicator_hours_events() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO indicator_hours AS h (hour, sent, sent_with_laboratory)
    SELECT date_bin('1 hour', n.created_at, '2000-01-01 00:00:00+00'), count(*), count(*) FILTER (WHERE n.laboratory_ids <> '{}')
    FROM atalaya_hours_new n
    WHERE n.deleted_at IS NULL AND n.duplicate_of_event_id IS NULL AND n.status <> 1
    GROUP BY 1 ORDER BY 1
    ON CONFLICT (hour) DO UPDATE SET sent = h.sent + excluded.sent, sent_with_laboratory = h.sent_with_laboratory + excluded.sent_with_laboratory;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH pairs AS (
      SELECT o.deleted_at IS NULL AND o.duplicate_of_event_id IS NULL AND o.status <> 1 AS o_counted,
             date_bin('1 hour', o.created_at, '2000-01-01 00:00:00+00') AS o_hour, o.laboratory_ids <> '{}' AS o_lab,
             n.deleted_at IS NULL AND n.duplicate_of_event_id IS NULL AND n.status <> 1 AS n_counted,
             date_bin('1 hour', n.created_at, '2000-01-01 00:00:00+00') AS n_hour, n.laboratory_ids <> '{}' AS n_lab
      FROM atalaya_hours_old o JOIN atalaya_hours_new n ON n.id = o.id
    ), moved AS (
      SELECT * FROM pairs WHERE (o_counted OR n_counted) AND (o_counted, o_hour, o_lab) IS DISTINCT FROM (n_counted, n_hour, n_lab)
    ), d AS (
      SELECT o_hour AS hour, -1 AS delta, o_lab AS lab FROM moved WHERE o_counted
      UNION ALL SELECT n_hour, 1, n_lab FROM moved WHERE n_counted
    ), s AS (
      SELECT hour, sum(delta)::integer AS sent, coalesce(sum(delta) FILTER (WHERE lab), 0)::integer AS with_lab FROM d GROUP BY hour
    )
    INSERT INTO indicator_hours AS h (hour, sent, sent_with_laboratory)
    SELECT hour, sent, with_lab FROM s WHERE sent <> 0 OR with_lab <> 0 ORDER BY hour
    ON CONFLICT (hour) DO UPDATE SET sent = h.sent + excluded.sent, sent_with_laboratory = h.sent_with_laboratory + excluded.sent_with_laboratory;
  ELSE
    INSERT INTO indicator_hours AS h (hour, sent, sent_with_laboratory)
    SELECT date_bin('1 hour', o.created_at, '2000-01-01 00:00:00+00'), -count(*), -count(*) FILTER (WHERE o.laboratory_ids <> '{}')
    FROM atalaya_hours_old o
    WHERE o.deleted_at IS NULL AND o.duplicate_of_event_id IS NULL AND o.status <> 1
    GROUP BY 1 ORDER BY 1
    ON CONFLICT (hour) DO UPDATE SET sent = h.sent + excluded.sent, sent_with_laboratory = h.sent_with_laboratory + excluded.sent_with_laboratory;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The backfill, with events locked against writers until this migration commits (a server still
-- writing cases waits, and from then on the triggers keep the hours): 6.7 s at a million cases.
-- In hour order, as the triggers add new hours, so a card's three months are neighbouring pages.
LOCK TABLE events IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO indicator_hours (hour, sent, sent_with_laboratory)
SELECT date_bin('1 hour', created_at, '2000-01-01 00:00:00+00'), count(*), count(*) FILTER (WHERE laboratory_ids <> '{}')
FROM events WHERE deleted_at IS NULL AND duplicate_of_event_id IS NULL AND status <> 1
GROUP BY 1 ORDER BY 1;
--> statement-breakpoint
CREATE TRIGGER atalaya_indicator_hours_insert AFTER INSERT ON events
REFERENCING NEW TABLE AS atalaya_hours_new FOR EACH STATEMENT EXECUTE FUNCTION atalaya_indicator_hours_events();
--> statement-breakpoint
CREATE TRIGGER atalaya_indicator_hours_update AFTER UPDATE ON events
REFERENCING OLD TABLE AS atalaya_hours_old NEW TABLE AS atalaya_hours_new FOR EACH STATEMENT EXECUTE FUNCTION atalaya_indicator_hours_events();
--> statement-breakpoint
CREATE TRIGGER atalaya_indicator_hours_delete AFTER DELETE ON events
REFERENCING OLD TABLE AS atalaya_hours_old FOR EACH STATEMENT EXECUTE FUNCTION atalaya_indicator_hours_events();
