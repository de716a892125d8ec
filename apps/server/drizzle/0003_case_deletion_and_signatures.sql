CREATE TABLE "electronic_signatures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"printed_name" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"meaning" text NOT NULL,
	"comment" text NOT NULL,
	"record_type" text NOT NULL,
	"record_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
ALTER TABLE "electronic_signatures" ADD CONSTRAINT "electronic_signatures_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "electronic_signatures" ADD CONSTRAINT "electronic_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "electronic_signatures_event_signed_at_idx" ON "electronic_signatures" USING btree ("event_id","signed_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;