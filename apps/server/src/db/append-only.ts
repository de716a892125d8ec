/**
 * The history-bearing tables: the database refuses UPDATE, DELETE and TRUNCATE on them
 * (triggers of drizzle/0005), and on PostgreSQL the application's role is granted only
 * SELECT and INSERT on them (`grantAppRole`). A new history table goes here and in a
 * migration with its two triggers; the tests check every table listed has them.
 */
export const APPEND_ONLY_TABLES = [
  'audit_log',
  'operation_history',
  'operation_history_lines',
  'home_report_status_history',
  'electronic_signatures',
  'event_comments',
  'pdf_history',
  'follow_up_reports',
  'e2b_submissions',
  'e2b_submission_statuses',
  'signal_history',
] as const;
export type AppendOnlyTable = (typeof APPEND_ONLY_TABLES)[number];
