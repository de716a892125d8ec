CREATE TABLE "e2b_receivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "e2b_receivers_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "e2b_submissions" ADD COLUMN "meddra_version" text;--> statement-breakpoint
ALTER TABLE "e2b_submissions" ADD COLUMN "meddra_version_source" text;--> statement-breakpoint
ALTER TABLE "e2b_receivers" ADD CONSTRAINT "e2b_receivers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The receivers every installation starts with (E2B_DEFAULT_RECEIVERS, docs/e2b.md); an ADMIN edits them in Configuración.
INSERT INTO "e2b_receivers" ("code", "name") VALUES
  ('EVHUMAN', 'EMA EudraVigilance (EVHUMAN)'),
  ('ZZFDA', 'FDA FAERS (ZZFDA)'),
  ('AUTORIDAD_NACIONAL', 'Autoridad sanitaria nacional'),
  ('SOCIO', 'Socio comercial o licenciatario')
ON CONFLICT ("code") DO NOTHING;
