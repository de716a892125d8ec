CREATE TABLE "who_umc_assessments" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"ram_id" integer NOT NULL,
	"medication_id" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"implied_category" text NOT NULL,
	"category" text NOT NULL,
	"override_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "who_umc_assessments_pair_unique" UNIQUE("ram_id","medication_id"),
	CONSTRAINT "who_umc_assessments_override_reason" CHECK ("who_umc_assessments"."category" = "who_umc_assessments"."implied_category" or length(trim("who_umc_assessments"."override_reason")) > 0)
);
--> statement-breakpoint
ALTER TABLE "who_umc_assessments" ADD CONSTRAINT "who_umc_assessments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "who_umc_assessments" ADD CONSTRAINT "who_umc_assessments_ram_id_event_rams_id_fk" FOREIGN KEY ("ram_id") REFERENCES "public"."event_rams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "who_umc_assessments" ADD CONSTRAINT "who_umc_assessments_medication_id_event_medications_id_fk" FOREIGN KEY ("medication_id") REFERENCES "public"."event_medications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "who_umc_assessments_event_id_index" ON "who_umc_assessments" USING btree ("event_id");