-- IF NOT EXISTS: servers that ran an earlier version have the table, created at run time by the
-- realtime hub with this very shape.
CREATE TABLE IF NOT EXISTS "socket_io_attachments" (
	"id" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now(),
	"payload" "bytea",
	CONSTRAINT "socket_io_attachments_id_key" UNIQUE("id")
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "ip_address" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "user_agent" text;