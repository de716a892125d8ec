-- Issue 29: the E2B code of the reference values (Parámetros' 'Código E2B'; the seeded values get theirs at start, docs/e2b.md) and the FDA warnings of a submission.
ALTER TABLE "administration_routes" ADD COLUMN "e2b_code" text;--> statement-breakpoint
ALTER TABLE "medication_actions" ADD COLUMN "e2b_code" text;--> statement-breakpoint
ALTER TABLE "pharmaceutical_forms" ADD COLUMN "e2b_code" text;--> statement-breakpoint
ALTER TABLE "report_types" ADD COLUMN "e2b_code" text;--> statement-breakpoint
ALTER TABLE "e2b_submissions" ADD COLUMN "warnings" text[] DEFAULT '{}'::text[] NOT NULL;
