CREATE TABLE "signal_cases" (
	"signal_id" integer NOT NULL,
	"event_id" uuid NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "signal_cases_pk" PRIMARY KEY("signal_id","event_id"),
	CONSTRAINT "signal_cases_source" CHECK ("signal_cases"."source" in ('apertura', 'nuevo'))
);
--> statement-breakpoint
CREATE TABLE "signal_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"signal_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"text" text NOT NULL,
	"file_id" uuid,
	"responsible_id" uuid,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signal_history_kind" CHECK ("signal_history"."kind" in ('apertura', 'estado', 'evaluacion', 'comentario', 'documento', 'responsable')),
	CONSTRAINT "signal_history_file" CHECK (("signal_history"."kind" = 'documento') = ("signal_history"."file_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "signals" (
	"id" serial PRIMARY KEY NOT NULL,
	"drug_kind" smallint NOT NULL,
	"drug_id" integer NOT NULL,
	"pt_code" integer NOT NULL,
	"title" text NOT NULL,
	"status" text NOT NULL,
	"responsible_id" uuid NOT NULL,
	"opened_by" uuid NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"statistics" jsonb NOT NULL,
	CONSTRAINT "signals_drug_kind" CHECK ("signals"."drug_kind" in (1, 2)),
	CONSTRAINT "signals_status" CHECK ("signals"."status" in ('En evaluación', 'Validada', 'Refutada', 'Cerrada'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_instance";--> statement-breakpoint
ALTER TABLE "signal_cases" ADD CONSTRAINT "signal_cases_signal_id_signals_id_fk" FOREIGN KEY ("signal_id") REFERENCES "public"."signals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signal_cases" ADD CONSTRAINT "signal_cases_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signal_history" ADD CONSTRAINT "signal_history_signal_id_signals_id_fk" FOREIGN KEY ("signal_id") REFERENCES "public"."signals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signal_history" ADD CONSTRAINT "signal_history_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signal_history" ADD CONSTRAINT "signal_history_responsible_id_users_id_fk" FOREIGN KEY ("responsible_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signal_history" ADD CONSTRAINT "signal_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signals" ADD CONSTRAINT "signals_responsible_id_users_id_fk" FOREIGN KEY ("responsible_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signals" ADD CONSTRAINT "signals_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signal_cases_pending_idx" ON "signal_cases" USING btree ("created_at") WHERE "signal_cases"."source" = 'nuevo' and "signal_cases"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "signal_history_signal_idx" ON "signal_history" USING btree ("signal_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "signals_open_pair_idx" ON "signals" USING btree ("drug_kind","drug_id","pt_code") WHERE "signals"."status" <> 'Cerrada';--> statement-breakpoint
CREATE INDEX "signals_opened_idx" ON "signals" USING btree ("opened_at","id");--> statement-breakpoint
CREATE INDEX "signals_status_opened_idx" ON "signals" USING btree ("status","opened_at","id");--> statement-breakpoint
CREATE INDEX "signals_responsible_opened_idx" ON "signals" USING btree ("responsible_id","opened_at","id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_instance" CHECK ("audit_log"."instance" in ('ER', 'Usuarios', 'Configuracion', 'Parametros', 'Senales'));--> statement-breakpoint
-- Append-only (docs/adr/0006): the database refuses UPDATE, DELETE and TRUNCATE on a signal's history.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['signal_history'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_append_only', t);
    EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION atalaya_refuse_change()', t || '_append_only', t);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_no_truncate', t);
    EXECUTE format('CREATE TRIGGER %I BEFORE TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION atalaya_refuse_change()', t || '_no_truncate', t);
  END LOOP;
END
$$;
--> statement-breakpoint
-- A case that comes to hold the pair of a signal 'En evaluación' or 'Validada' (its cells are
-- written by atalaya_signal_refresh, migration 0027, in the transaction of the case's write) is
-- recorded once per signal as 'nuevo'; the server tells the responsible person after the commit
-- (docs/signals.md 'Gestión de señales'). The cases that held the pair at the opening are
-- 'apertura' rows, so a later refresh of them (any edit) tells nobody.
CREATE OR REPLACE FUNCTION atalaya_signal_case_notices() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO signal_cases (signal_id, event_id, source)
  SELECT DISTINCT s.id, n.event_id, 'nuevo'
  FROM atalaya_signal_cells_new n
  JOIN signals s ON s.drug_kind = n.drug_kind AND s.drug_id = n.drug_id AND s.pt_code = n.pt_code
  WHERE n.drug_id <> 0 AND n.pt_code <> 0 AND s.status IN ('En evaluación', 'Validada')
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER atalaya_signal_case_notices AFTER INSERT ON signal_case_cells
  REFERENCING NEW TABLE AS atalaya_signal_cells_new FOR EACH STATEMENT EXECUTE FUNCTION atalaya_signal_case_notices();
