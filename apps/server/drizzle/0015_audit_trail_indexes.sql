DROP INDEX "audit_log_instance_date_idx";--> statement-breakpoint
DROP INDEX "audit_log_instance_table_date_idx";--> statement-breakpoint
CREATE INDEX "audit_log_instance_date_id_idx" ON "audit_log" USING btree ("instance","date_utc","id");--> statement-breakpoint
CREATE INDEX "audit_log_instance_table_date_id_idx" ON "audit_log" USING btree ("instance","table_name","date_utc","id");--> statement-breakpoint
CREATE INDEX "audit_log_instance_pk_date_id_idx" ON "audit_log" USING btree ("instance","pk_id","date_utc","id");--> statement-breakpoint
CREATE INDEX "operation_history_created_at_id_idx" ON "operation_history" USING btree ("created_at","id");