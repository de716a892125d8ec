-- The list indexes count the lists from the index alone (issue 16 §5, docs/adr/0009): each
-- holds the cases not deleted (every list's reach excludes them) and carries as INCLUDE
-- columns what reach and the list filters test, so that `boundedTotal`'s count of up to 10,001
-- rows is an index-only scan instead of a heap visit per row (40–230 ms → 2–5 ms on a million
-- cases). Drizzle does not model INCLUDE: the schema (src/db/schema/events.ts, home-reports.ts)
-- names the key columns and the partial condition, this file the included columns.
DROP INDEX "events_updated_at_id_idx";--> statement-breakpoint
DROP INDEX "events_created_at_id_idx";--> statement-breakpoint
DROP INDEX "events_reference_number_id_idx";--> statement-breakpoint
DROP INDEX "events_status_updated_at_id_idx";--> statement-breakpoint
DROP INDEX "events_status_created_at_id_idx";--> statement-breakpoint
DROP INDEX "events_country_status_updated_at_id_idx";--> statement-breakpoint
DROP INDEX "events_country_status_created_at_id_idx";--> statement-breakpoint
DROP INDEX "events_created_by_status_idx";--> statement-breakpoint
DROP INDEX "events_status_id_idx";--> statement-breakpoint
DROP INDEX "events_country_updated_at_id_idx";--> statement-breakpoint
DROP INDEX "events_country_created_at_id_idx";--> statement-breakpoint
DROP INDEX "events_country_id_idx";--> statement-breakpoint
DROP INDEX "events_sub_group_updated_at_id_idx";--> statement-breakpoint
DROP INDEX "home_reports_inbox_idx";--> statement-breakpoint
DROP INDEX "home_reports_inbox_country_idx";--> statement-breakpoint
CREATE INDEX "events_updated_at_id_idx" ON "events" USING btree ("updated_at","id") INCLUDE ("status","country_id","created_by","laboratory_ids") WHERE "events"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "events_created_at_id_idx" ON "events" USING btree ("created_at","id") INCLUDE ("status","country_id","created_by","laboratory_ids") WHERE "events"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "events_reference_number_id_idx" ON "events" USING btree ("reference_number","id") INCLUDE ("status","country_id","created_by","laboratory_ids") WHERE "events"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "events_status_updated_at_id_idx" ON "events" USING btree ("status","updated_at","id") INCLUDE ("country_id","sub_group_id","group_id","created_by","laboratory_ids") WHERE "events"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "events_status_created_at_id_idx" ON "events" USING btree ("status","created_at","id") INCLUDE ("country_id","sub_group_id","group_id","created_by","laboratory_ids") WHERE "events"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "events_country_status_updated_at_id_idx" ON "events" USING btree ("country_id","status","updated_at","id") INCLUDE ("sub_group_id","group_id","created_by") WHERE "events"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "events_country_status_created_at_id_idx" ON "events" USING btree ("country_id","status","created_at","id") INCLUDE ("sub_group_id","group_id","created_by") WHERE "events"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "events_created_by_status_idx" ON "events" USING btree ("created_by","status","country_id","id") INCLUDE ("updated_at","created_at","sub_group_id","group_id") WHERE "events"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "home_reports_inbox_idx" ON "home_reports" USING btree ("created_at","id") INCLUDE ("status","country_id","is_medic") WHERE "home_reports"."entered_event_id" is null;--> statement-breakpoint
CREATE INDEX "home_reports_inbox_country_idx" ON "home_reports" USING btree ("country_id","created_at","id") INCLUDE ("status","is_medic") WHERE "home_reports"."entered_event_id" is null;
--> statement-breakpoint
CREATE INDEX "events_country_status_id_idx" ON "events" USING btree ("country_id","status","id") INCLUDE ("sub_group_id","group_id","created_by","laboratory_ids") WHERE "events"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "events_status_id_idx" ON "events" USING btree ("status","id") INCLUDE ("country_id","created_by","laboratory_ids") WHERE "events"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "events_country_updated_at_id_idx" ON "events" USING btree ("country_id","updated_at","id") INCLUDE ("status","created_by") WHERE "events"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "events_country_created_at_id_idx" ON "events" USING btree ("country_id","created_at","id") INCLUDE ("status","created_by") WHERE "events"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "events_country_id_idx" ON "events" USING btree ("country_id","id") INCLUDE ("status","created_by","laboratory_ids") WHERE "events"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "events_sub_group_updated_at_id_idx" ON "events" USING btree ("sub_group_id","updated_at","id") INCLUDE ("status","country_id","created_by","laboratory_ids") WHERE "events"."deleted_at" is null;
