DROP INDEX "events_status_created_at_idx";--> statement-breakpoint
DROP INDEX "events_country_status_created_at_idx";--> statement-breakpoint
DROP INDEX "events_country_created_at_idx";--> statement-breakpoint
DROP INDEX "events_sub_group_idx";--> statement-breakpoint
DROP INDEX "events_created_at_idx";--> statement-breakpoint
DROP INDEX "events_updated_at_idx";--> statement-breakpoint
DROP INDEX "home_reports_inbox_idx";--> statement-breakpoint
DROP INDEX "home_reports_inbox_country_idx";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "laboratory_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
-- Hand-written (owner of 0009): the backfill, before the new indexes are built. An older server
-- still writing medications waits until this migration commits (the lock), and from then on
-- the triggers at the end keep the column.
LOCK TABLE event_medications IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
UPDATE events e SET laboratory_ids = m.ids
FROM (
  SELECT event_id, array_agg(DISTINCT laboratory_id ORDER BY laboratory_id) AS ids
  FROM event_medications GROUP BY event_id
) m
WHERE m.event_id = e.id;
--> statement-breakpoint
CREATE INDEX "events_updated_at_id_idx" ON "events" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "events_created_at_id_idx" ON "events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "events_reference_number_id_idx" ON "events" USING btree ("reference_number","id");--> statement-breakpoint
CREATE INDEX "events_status_updated_at_id_idx" ON "events" USING btree ("status","updated_at","id");--> statement-breakpoint
CREATE INDEX "events_status_created_at_id_idx" ON "events" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "events_status_id_idx" ON "events" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "events_country_status_updated_at_id_idx" ON "events" USING btree ("country_id","status","updated_at","id");--> statement-breakpoint
CREATE INDEX "events_country_status_created_at_id_idx" ON "events" USING btree ("country_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "events_country_updated_at_id_idx" ON "events" USING btree ("country_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "events_country_created_at_id_idx" ON "events" USING btree ("country_id","created_at","id");--> statement-breakpoint
CREATE INDEX "events_country_id_idx" ON "events" USING btree ("country_id","id");--> statement-breakpoint
CREATE INDEX "events_sub_group_updated_at_id_idx" ON "events" USING btree ("sub_group_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "events_laboratory_ids_idx" ON "events" USING gin ("laboratory_ids");--> statement-breakpoint
CREATE INDEX "home_reports_inbox_idx" ON "home_reports" USING btree ("created_at","id") WHERE "home_reports"."entered_event_id" is null;--> statement-breakpoint
CREATE INDEX "home_reports_inbox_country_idx" ON "home_reports" USING btree ("country_id","created_at","id") WHERE "home_reports"."entered_event_id" is null;--> statement-breakpoint
-- Hand-written from here: events.laboratory_ids follows event_medications in the same
-- transaction. Statement-level triggers with transition tables, so a multi-row insert or a
-- COPY updates the touched cases once per statement, not once per medication row. The cases
-- are locked first (in id order), so that concurrent writers of one case's medications take
-- turns, and each following statement reads with a fresh snapshot (READ COMMITTED) what the
-- previous writer committed. An array is rewritten only when it changes (the bench generator
-- writes it with the case, so its medications' inserts change nothing). SECURITY INVOKER:
-- the application's role writes event_medications and events anyway.
CREATE OR REPLACE FUNCTION atalaya_event_laboratories_added() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM 1 FROM events WHERE id IN (SELECT event_id FROM atalaya_new_medications) ORDER BY id FOR NO KEY UPDATE;
  -- Inserted medications only add laboratories: merge them into the case's array.
  UPDATE events e SET laboratory_ids = (SELECT array_agg(DISTINCT x ORDER BY x) FROM unnest(e.laboratory_ids || added.ids) AS x)
  FROM (SELECT event_id, array_agg(DISTINCT laboratory_id) AS ids FROM atalaya_new_medications GROUP BY event_id) added
  WHERE e.id = added.event_id AND NOT e.laboratory_ids @> added.ids;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION atalaya_event_laboratories_recompute() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  touched uuid[];
BEGIN
  -- Updated or deleted medications: recompute the arrays of every case they belonged to
  -- (before and after an update: a medication may move between cases).
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(event_id) INTO touched
    FROM (SELECT event_id FROM atalaya_old_medications UNION SELECT event_id FROM atalaya_new_medications) t;
  ELSE
    SELECT array_agg(DISTINCT event_id) INTO touched FROM atalaya_old_medications;
  END IF;
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM events WHERE id = ANY (touched) ORDER BY id FOR NO KEY UPDATE;
  UPDATE events e SET laboratory_ids = fresh.ids
  FROM (
    SELECT t.id, coalesce(
      (SELECT array_agg(DISTINCT m.laboratory_id ORDER BY m.laboratory_id) FROM event_medications m WHERE m.event_id = t.id),
      '{}'::integer[]) AS ids
    FROM unnest(touched) AS t(id)
  ) fresh
  WHERE e.id = fresh.id AND e.laboratory_ids IS DISTINCT FROM fresh.ids;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS event_medications_laboratories_insert ON event_medications;
--> statement-breakpoint
CREATE TRIGGER event_medications_laboratories_insert AFTER INSERT ON event_medications
  REFERENCING NEW TABLE AS atalaya_new_medications
  FOR EACH STATEMENT EXECUTE FUNCTION atalaya_event_laboratories_added();
--> statement-breakpoint
DROP TRIGGER IF EXISTS event_medications_laboratories_update ON event_medications;
--> statement-breakpoint
CREATE TRIGGER event_medications_laboratories_update AFTER UPDATE ON event_medications
  REFERENCING OLD TABLE AS atalaya_old_medications NEW TABLE AS atalaya_new_medications
  FOR EACH STATEMENT EXECUTE FUNCTION atalaya_event_laboratories_recompute();
--> statement-breakpoint
DROP TRIGGER IF EXISTS event_medications_laboratories_delete ON event_medications;
--> statement-breakpoint
CREATE TRIGGER event_medications_laboratories_delete AFTER DELETE ON event_medications
  REFERENCING OLD TABLE AS atalaya_old_medications
  FOR EACH STATEMENT EXECUTE FUNCTION atalaya_event_laboratories_recompute();
