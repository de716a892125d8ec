-- Duplicate detection (docs/duplicates.md): the trigram, fuzzy-string and accent-folding
-- extensions its blocking keys use. PGlite loads them at start (src/db/client.ts); on a
-- PostgreSQL server the contrib package provides them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TABLE "duplicate_decisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"other_event_id" uuid,
	"home_report_id" uuid,
	"decision" text NOT NULL,
	"master_event_id" uuid,
	"score" numeric NOT NULL,
	"comment" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_decisions_decision" CHECK ("duplicate_decisions"."decision" in ('duplicate', 'not-duplicate')),
	CONSTRAINT "duplicate_decisions_pair" CHECK (num_nonnulls("duplicate_decisions"."other_event_id", "duplicate_decisions"."home_report_id") = 1 and ("duplicate_decisions"."other_event_id" is null or "duplicate_decisions"."event_id" < "duplicate_decisions"."other_event_id")),
	CONSTRAINT "duplicate_decisions_master" CHECK (("duplicate_decisions"."decision" = 'duplicate') = ("duplicate_decisions"."master_event_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "duplicate_of_event_id" uuid;--> statement-breakpoint
ALTER TABLE "duplicate_decisions" ADD CONSTRAINT "duplicate_decisions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_decisions" ADD CONSTRAINT "duplicate_decisions_other_event_id_events_id_fk" FOREIGN KEY ("other_event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_decisions" ADD CONSTRAINT "duplicate_decisions_home_report_id_home_reports_id_fk" FOREIGN KEY ("home_report_id") REFERENCES "public"."home_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_decisions" ADD CONSTRAINT "duplicate_decisions_master_event_id_events_id_fk" FOREIGN KEY ("master_event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_decisions" ADD CONSTRAINT "duplicate_decisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "duplicate_decisions_case_pair_idx" ON "duplicate_decisions" USING btree ("event_id","other_event_id") WHERE "duplicate_decisions"."other_event_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "duplicate_decisions_report_pair_idx" ON "duplicate_decisions" USING btree ("event_id","home_report_id") WHERE "duplicate_decisions"."home_report_id" is not null;--> statement-breakpoint
CREATE INDEX "duplicate_decisions_other_idx" ON "duplicate_decisions" USING btree ("other_event_id") WHERE "duplicate_decisions"."other_event_id" is not null;--> statement-breakpoint
CREATE INDEX "duplicate_decisions_home_report_idx" ON "duplicate_decisions" USING btree ("home_report_id") WHERE "duplicate_decisions"."home_report_id" is not null;--> statement-breakpoint
CREATE INDEX "duplicate_decisions_master_idx" ON "duplicate_decisions" USING btree ("master_event_id") WHERE "duplicate_decisions"."master_event_id" is not null;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_duplicate_of_event_id_events_id_fk" FOREIGN KEY ("duplicate_of_event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_rams_date_start_idx" ON "event_rams" USING btree ("date_start","event_id") WHERE "event_rams"."date_start" is not null;--> statement-breakpoint
CREATE INDEX "event_patients_gender_age_idx" ON "event_patients" USING btree ("gender","age") WHERE "event_patients"."age_unit" = 'Años';--> statement-breakpoint
CREATE INDEX "event_patients_initials_trgm_idx" ON "event_patients" USING gin (upper("initials") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "event_patients_email_trgm_idx" ON "event_patients" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "medical_contacts_doctor_email_trgm_idx" ON "medical_contacts" USING gin (lower("doctor_email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_duplicate_of_idx" ON "events" USING btree ("duplicate_of_event_id") WHERE "events"."duplicate_of_event_id" is not null;