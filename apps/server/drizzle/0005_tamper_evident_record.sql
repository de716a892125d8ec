CREATE TABLE "audit_chain_head" (
	"id" smallint PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL,
	"last_hash" text NOT NULL,
	CONSTRAINT "audit_chain_head_single_row" CHECK ("audit_chain_head"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "electronic_signatures" ADD COLUMN "signed_content" jsonb;--> statement-breakpoint
ALTER TABLE "electronic_signatures" ADD COLUMN "content_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_chain_seq_idx" ON "audit_log" USING btree ("chain_seq");--> statement-breakpoint
-- Hand-written from here (docs/adr/0006-tamper-evident-record.md). Runs as the tables' owner.
-- 1. The audit hash chain. The canonical content of a row: its columns but the chain's own
--    hashes, as jsonb text (keys in jsonb's fixed order), the date in UTC to the microsecond.
--    `npm run verify-audit` recomputes it with its own copy of this expression.
CREATE OR REPLACE FUNCTION atalaya_audit_content(a audit_log) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', a.id,
    'chainSeq', a.chain_seq,
    'operationType', a.operation_type,
    'pkId', a.pk_id,
    'referenceNumber', a.reference_number,
    'metadata', a.metadata,
    'instance', a.instance,
    'tableName', a.table_name,
    'userId', a.user_id,
    'dateUtc', to_char(a.date_utc AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    'description', a.description,
    'oldValues', a.old_values,
    'newValues', a.new_values,
    'kind', a.kind,
    'ipAddress', a.ip_address,
    'userAgent', a.user_agent
  )::text
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION atalaya_audit_hash(prev_hash text, a audit_log) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(prev_hash || atalaya_audit_content(a), 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Existing rows (written before the chain) are chained in order of id. A server of the previous
-- version still running waits until this migration commits, then its rows are chained by the
-- trigger. The old append-only trigger (src/db/sql, now removed) is dropped first; the
-- triggers are recreated below.
LOCK TABLE audit_log IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_log_append_only ON audit_log;
--> statement-breakpoint
DO $$
DECLARE
  r audit_log;
  prev text := repeat('0', 64);
  seq bigint := 0;
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
    seq := seq + 1;
    r.chain_seq := seq;
    r.prev_hash := prev;
    r.hash := atalaya_audit_hash(prev, r);
    UPDATE audit_log SET chain_seq = r.chain_seq, prev_hash = r.prev_hash, hash = r.hash WHERE id = r.id;
    prev := r.hash;
  END LOOP;
  INSERT INTO audit_chain_head (id, last_seq, last_hash) VALUES (1, seq, prev);
END
$$;
--> statement-breakpoint
-- Every new row is chained under the head's row lock: concurrent writers wait for each other,
-- so positions and hashes follow commit order. SECURITY DEFINER: the application's role may
-- not write the head itself.
CREATE OR REPLACE FUNCTION atalaya_audit_chain() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  head audit_chain_head;
BEGIN
  SELECT * INTO head FROM audit_chain_head WHERE id = 1 FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'audit chain head missing';
  END IF;
  NEW.chain_seq := head.last_seq + 1;
  NEW.prev_hash := head.last_hash;
  NEW.hash := atalaya_audit_hash(NEW.prev_hash, NEW);
  UPDATE audit_chain_head SET last_seq = NEW.chain_seq, last_hash = NEW.hash WHERE id = 1;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_log_chain ON audit_log;
--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log
  FOR EACH ROW EXECUTE FUNCTION atalaya_audit_chain();
--> statement-breakpoint
-- 2. Append-only history: every history-bearing table (APPEND_ONLY_TABLES in
--    src/db/append-only.ts) refuses UPDATE and DELETE (row triggers) and TRUNCATE (statement
--    triggers, which row triggers do not see).
CREATE OR REPLACE FUNCTION atalaya_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'append-only table: % refuses %', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['audit_log', 'operation_history', 'operation_history_lines', 'home_report_status_history',
                           'electronic_signatures', 'event_comments', 'pdf_history', 'follow_up_reports'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_append_only', t);
    EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION atalaya_refuse_change()', t || '_append_only', t);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_no_truncate', t);
    EXECUTE format('CREATE TRIGGER %I BEFORE TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION atalaya_refuse_change()', t || '_no_truncate', t);
  END LOOP;
END
$$;
