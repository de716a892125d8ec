CREATE TABLE "file_chunks" (
	"file_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pdf_history" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;