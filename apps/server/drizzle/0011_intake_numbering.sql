CREATE TABLE "home_report_intake" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "home_report_intake_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"year" integer NOT NULL,
	"is_medic" boolean NOT NULL,
	"country_id" integer NOT NULL,
	"sub_group_id" integer NOT NULL,
	"data" jsonb NOT NULL,
	"patient_sex" char(1),
	"is_serious" boolean DEFAULT false NOT NULL,
	"accepts_contact" boolean DEFAULT false NOT NULL,
	"reporter_user_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "home_report_intake" ADD CONSTRAINT "home_report_intake_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_report_intake" ADD CONSTRAINT "home_report_intake_sub_group_id_sub_groups_id_fk" FOREIGN KEY ("sub_group_id") REFERENCES "public"."sub_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_report_intake" ADD CONSTRAINT "home_report_intake_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "home_report_intake_year_seq_idx" ON "home_report_intake" USING btree ("year","seq");