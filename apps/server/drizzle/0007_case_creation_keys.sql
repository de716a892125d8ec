CREATE TABLE "case_creation_keys" (
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"country_code" text NOT NULL,
	"sub_group_id" integer NOT NULL,
	"event_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_creation_keys_user_id_idempotency_key_pk" PRIMARY KEY("user_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "case_creation_keys" ADD CONSTRAINT "case_creation_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_creation_keys" ADD CONSTRAINT "case_creation_keys_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;