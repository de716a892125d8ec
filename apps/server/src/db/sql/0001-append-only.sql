-- Audit and history tables are append-only: the database itself refuses UPDATE and DELETE.
-- Idempotent: applied at every start after the Drizzle migrations.

CREATE OR REPLACE FUNCTION atalaya_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'append-only table: % refuses %', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;

DROP TRIGGER IF EXISTS audit_log_append_only ON audit_log;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION atalaya_refuse_change();

DROP TRIGGER IF EXISTS operation_history_append_only ON operation_history;
CREATE TRIGGER operation_history_append_only BEFORE UPDATE OR DELETE ON operation_history
  FOR EACH ROW EXECUTE FUNCTION atalaya_refuse_change();

DROP TRIGGER IF EXISTS operation_history_lines_append_only ON operation_history_lines;
CREATE TRIGGER operation_history_lines_append_only BEFORE UPDATE OR DELETE ON operation_history_lines
  FOR EACH ROW EXECUTE FUNCTION atalaya_refuse_change();

DROP TRIGGER IF EXISTS home_report_status_history_append_only ON home_report_status_history;
CREATE TRIGGER home_report_status_history_append_only BEFORE UPDATE OR DELETE ON home_report_status_history
  FOR EACH ROW EXECUTE FUNCTION atalaya_refuse_change();

DROP TRIGGER IF EXISTS electronic_signatures_append_only ON electronic_signatures;
CREATE TRIGGER electronic_signatures_append_only BEFORE UPDATE OR DELETE ON electronic_signatures
  FOR EACH ROW EXECUTE FUNCTION atalaya_refuse_change();

-- TRUNCATE bypasses row triggers.
DROP TRIGGER IF EXISTS audit_log_no_truncate ON audit_log;
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION atalaya_refuse_change();

DROP TRIGGER IF EXISTS operation_history_no_truncate ON operation_history;
CREATE TRIGGER operation_history_no_truncate BEFORE TRUNCATE ON operation_history
  FOR EACH STATEMENT EXECUTE FUNCTION atalaya_refuse_change();

DROP TRIGGER IF EXISTS operation_history_lines_no_truncate ON operation_history_lines;
CREATE TRIGGER operation_history_lines_no_truncate BEFORE TRUNCATE ON operation_history_lines
  FOR EACH STATEMENT EXECUTE FUNCTION atalaya_refuse_change();

DROP TRIGGER IF EXISTS home_report_status_history_no_truncate ON home_report_status_history;
CREATE TRIGGER home_report_status_history_no_truncate BEFORE TRUNCATE ON home_report_status_history
  FOR EACH STATEMENT EXECUTE FUNCTION atalaya_refuse_change();
