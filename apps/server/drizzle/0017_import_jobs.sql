CREATE TABLE "import_errors" (
	"import_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"sheet" text NOT NULL,
	"row" integer NOT NULL,
	"column" text NOT NULL,
	"message" text NOT NULL,
	CONSTRAINT "import_errors_import_id_seq_pk" PRIMARY KEY("import_id","seq")
);
--> statement-breakpoint
ALTER TABLE "import_tables" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "file_id" uuid;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "password_enc" text;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "current_table" text;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "run_token" uuid;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "cancel_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "cancelled_by" uuid;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "error_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_errors" ADD CONSTRAINT "import_errors_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Hand-written: imports left pending or running by a version without the runner have no file to
-- run; they end as errors so that the index below (one active import per kind) can be built.
UPDATE "imports" SET "status" = 'E', "date_end" = coalesce("date_end", now()), "error" = coalesce("error", 'La importación quedó sin terminar; vuelva a intentarlo') WHERE "status" in ('P', 'D');--> statement-breakpoint
CREATE UNIQUE INDEX "imports_one_active_per_kind" ON "imports" USING btree ("kind") WHERE "imports"."status" in ('P', 'D');--> statement-breakpoint
CREATE INDEX "imports_active_idx" ON "imports" USING btree ("date_start") WHERE "imports"."status" in ('P', 'D');--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_percentage" CHECK ("imports"."percentage" between 0 and 100);