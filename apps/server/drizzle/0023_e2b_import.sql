CREATE TABLE "e2b_import_reports" (
	"import_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"line" integer NOT NULL,
	"message_id" text NOT NULL,
	"message_creation_date" text NOT NULL,
	"safety_report_id" text NOT NULL,
	"worldwide_case_id" text NOT NULL,
	"icsr" jsonb NOT NULL,
	"problems" jsonb NOT NULL,
	"unknown_meddra" jsonb NOT NULL,
	"meddra_names" jsonb NOT NULL,
	"unmapped" jsonb NOT NULL,
	"home_report_id" uuid,
	"event_id" uuid,
	"reference" text,
	"products" jsonb,
	"refusal" text,
	CONSTRAINT "e2b_import_reports_import_id_position_pk" PRIMARY KEY("import_id","position")
);
--> statement-breakpoint
CREATE TABLE "e2b_imports" (
	"import_id" uuid PRIMARY KEY NOT NULL,
	"batch" jsonb NOT NULL,
	"header_unmapped" jsonb NOT NULL,
	"schema_checked" boolean NOT NULL,
	"mode" text,
	"country_id" integer,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" uuid,
	"ack_xml" text,
	"ack_code" char(2)
);
--> statement-breakpoint
ALTER TABLE "imports" DROP CONSTRAINT "imports_kind";--> statement-breakpoint
ALTER TABLE "e2b_import_reports" ADD CONSTRAINT "e2b_import_reports_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e2b_import_reports" ADD CONSTRAINT "e2b_import_reports_home_report_id_home_reports_id_fk" FOREIGN KEY ("home_report_id") REFERENCES "public"."home_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e2b_import_reports" ADD CONSTRAINT "e2b_import_reports_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e2b_imports" ADD CONSTRAINT "e2b_imports_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e2b_imports" ADD CONSTRAINT "e2b_imports_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e2b_imports" ADD CONSTRAINT "e2b_imports_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "e2b_import_reports_stored_idx" ON "e2b_import_reports" USING btree ("safety_report_id","message_id") WHERE "e2b_import_reports"."reference" is not null;--> statement-breakpoint
CREATE INDEX "e2b_import_reports_event_idx" ON "e2b_import_reports" USING btree ("event_id") WHERE "e2b_import_reports"."event_id" is not null;--> statement-breakpoint
CREATE INDEX "e2b_import_reports_home_report_idx" ON "e2b_import_reports" USING btree ("home_report_id") WHERE "e2b_import_reports"."home_report_id" is not null;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_kind" CHECK ("imports"."kind" in ('meddra', 'data', 'e2b'));