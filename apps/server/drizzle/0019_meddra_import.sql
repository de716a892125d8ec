CREATE TABLE "meddra_import_links" (
	"import_id" uuid NOT NULL,
	"kind" smallint NOT NULL,
	"line" integer NOT NULL,
	"parent_code" integer NOT NULL,
	"child_code" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meddra_import_terms" (
	"import_id" uuid NOT NULL,
	"level" smallint NOT NULL,
	"line" integer NOT NULL,
	"code" integer NOT NULL,
	"name" text NOT NULL,
	"abbrev" text,
	"parent_code" integer,
	"current" boolean,
	"is_new" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meddra_smq" (
	"import_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"code" integer NOT NULL,
	"name" text NOT NULL,
	"level" smallint NOT NULL,
	"description" text NOT NULL,
	"source" text NOT NULL,
	"note" text NOT NULL,
	"meddra_version" text NOT NULL,
	"status" text NOT NULL,
	"algorithm" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meddra_smq_terms" (
	"import_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"smq_code" integer NOT NULL,
	"term_code" integer NOT NULL,
	"term_level" smallint NOT NULL,
	"term_scope" smallint NOT NULL,
	"term_category" text NOT NULL,
	"term_weight" smallint NOT NULL,
	"term_status" text NOT NULL,
	"addition_version" text NOT NULL,
	"last_modified_version" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meddra_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"language" text NOT NULL,
	"import_id" uuid NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meddra_versions_importId_unique" UNIQUE("import_id")
);
--> statement-breakpoint
ALTER TABLE "meddra_import_links" ADD CONSTRAINT "meddra_import_links_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meddra_import_terms" ADD CONSTRAINT "meddra_import_terms_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meddra_smq" ADD CONSTRAINT "meddra_smq_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meddra_smq_terms" ADD CONSTRAINT "meddra_smq_terms_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meddra_versions" ADD CONSTRAINT "meddra_versions_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meddra_import_links_import_id_kind_child_code_index" ON "meddra_import_links" USING btree ("import_id","kind","child_code");--> statement-breakpoint
CREATE INDEX "meddra_import_terms_import_id_level_code_index" ON "meddra_import_terms" USING btree ("import_id","level","code");--> statement-breakpoint
CREATE INDEX "meddra_smq_import_id_code_index" ON "meddra_smq" USING btree ("import_id","code");--> statement-breakpoint
CREATE INDEX "meddra_smq_terms_import_id_smq_code_index" ON "meddra_smq_terms" USING btree ("import_id","smq_code");--> statement-breakpoint
CREATE INDEX "meddra_versions_loaded_at_index" ON "meddra_versions" USING btree ("loaded_at");--> statement-breakpoint
-- Hand-written: room on each page of meddra_llt for the HOT updates of `current` a release's switch makes.
ALTER TABLE "meddra_llt" SET (fillfactor = 50);
