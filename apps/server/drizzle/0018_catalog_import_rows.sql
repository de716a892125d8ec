CREATE TABLE "catalog_import_rows" (
	"import_id" uuid NOT NULL,
	"sheet" text NOT NULL,
	"row_no" integer NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "catalog_import_rows_import_id_sheet_row_no_pk" PRIMARY KEY("import_id","sheet","row_no")
);
--> statement-breakpoint
ALTER TABLE "catalog_import_rows" ADD CONSTRAINT "catalog_import_rows_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;