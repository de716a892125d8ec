CREATE TABLE "e2b_submission_statuses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"submission_id" bigint NOT NULL,
	"status" text NOT NULL,
	"ack_code" text,
	"ack_message" text,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "e2b_submissions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"receiver" text NOT NULL,
	"batch_number" text NOT NULL,
	"message_id" text NOT NULL,
	"worldwide_case_id" text NOT NULL,
	"version" integer NOT NULL,
	"kind" text NOT NULL,
	"xml" text NOT NULL,
	"sha256" text NOT NULL,
	"schema_checked" boolean NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "e2b_submissions_event_receiver_version_unique" UNIQUE("event_id","receiver","version")
);
--> statement-breakpoint
ALTER TABLE "e2b_submission_statuses" ADD CONSTRAINT "e2b_submission_statuses_submission_id_e2b_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."e2b_submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e2b_submission_statuses" ADD CONSTRAINT "e2b_submission_statuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e2b_submissions" ADD CONSTRAINT "e2b_submissions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e2b_submissions" ADD CONSTRAINT "e2b_submissions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "e2b_submission_statuses_submission_id_created_at_index" ON "e2b_submission_statuses" USING btree ("submission_id","created_at");--> statement-breakpoint
CREATE INDEX "e2b_submissions_event_id_created_at_index" ON "e2b_submissions" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "e2b_submissions_batch_number_index" ON "e2b_submissions" USING btree ("batch_number");--> statement-breakpoint
-- Append-only (docs/adr/0006): the database refuses UPDATE, DELETE and TRUNCATE on the submissions and their statuses.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['e2b_submissions', 'e2b_submission_statuses'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_append_only', t);
    EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION atalaya_refuse_change()', t || '_append_only', t);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_no_truncate', t);
    EXECUTE format('CREATE TRIGGER %I BEFORE TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION atalaya_refuse_change()', t || '_no_truncate', t);
  END LOOP;
END
$$;
