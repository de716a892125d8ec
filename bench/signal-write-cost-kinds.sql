-- The Señales triggers' cost by kind of write (migration 0038, docs/signals.md 'Count table'), beside
-- bench/signal-write-cost.sql: eight cases each, one session, each block rolled back; EXPLAIN ANALYZE
-- prints each statement's trigger time (the session's first statement includes planning the functions).
--   psql -h 127.0.0.1 -U postgres atalaya_bench -f bench/signal-write-cost-kinds.sql | grep -E '^--|Trigger atalaya_signal'
\set QUIET on
SELECT array_agg(id) AS evs FROM (SELECT id FROM events WHERE status NOT IN (1, 11) AND deleted_at IS NULL AND duplicate_of_event_id IS NULL AND EXISTS (SELECT 1 FROM event_rams r WHERE r.event_id = events.id) AND EXISTS (SELECT 1 FROM event_patients p WHERE p.event_id = events.id) ORDER BY md5(id::text) LIMIT 10 OFFSET 40) s \gset
\echo '-- a field the counts do not read (a reaction''s description)'
BEGIN;
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE event_rams SET description = description || ' ' WHERE event_id = ((:'evs')::uuid[])[1];
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE event_rams SET description = description || ' ' WHERE event_id = ((:'evs')::uuid[])[2];
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE event_rams SET description = description || ' ' WHERE event_id = ((:'evs')::uuid[])[3];
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE event_rams SET description = description || ' ' WHERE event_id = ((:'evs')::uuid[])[4];
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE event_rams SET description = description || ' ' WHERE event_id = ((:'evs')::uuid[])[5];
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE event_rams SET description = description || ' ' WHERE event_id = ((:'evs')::uuid[])[6];
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE event_rams SET description = description || ' ' WHERE event_id = ((:'evs')::uuid[])[7];
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE event_rams SET description = description || ' ' WHERE event_id = ((:'evs')::uuid[])[8];
ROLLBACK;
\echo '-- a counted field whose change leaves the cells as they were (the received date, one second later)'
BEGIN;
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE events SET received_at = coalesce(received_at, created_at) + interval '1 second' WHERE id = ((:'evs')::uuid[])[1];
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE events SET received_at = coalesce(received_at, created_at) + interval '1 second' WHERE id = ((:'evs')::uuid[])[2];
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE events SET received_at = coalesce(received_at, created_at) + interval '1 second' WHERE id = ((:'evs')::uuid[])[3];
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE events SET received_at = coalesce(received_at, created_at) + interval '1 second' WHERE id = ((:'evs')::uuid[])[4];
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE events SET received_at = coalesce(received_at, created_at) + interval '1 second' WHERE id = ((:'evs')::uuid[])[5];
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE events SET received_at = coalesce(received_at, created_at) + interval '1 second' WHERE id = ((:'evs')::uuid[])[6];
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE events SET received_at = coalesce(received_at, created_at) + interval '1 second' WHERE id = ((:'evs')::uuid[])[7];
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE events SET received_at = coalesce(received_at, created_at) + interval '1 second' WHERE id = ((:'evs')::uuid[])[8];
ROLLBACK;
\echo '-- a counted field that moves every cell of the case (the patient''s sex)'
BEGIN;
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE event_patients SET gender = CASE WHEN gender = 'F' THEN 'M' ELSE 'F' END WHERE event_id = ((:'evs')::uuid[])[1];
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE event_patients SET gender = CASE WHEN gender = 'F' THEN 'M' ELSE 'F' END WHERE event_id = ((:'evs')::uuid[])[2];
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE event_patients SET gender = CASE WHEN gender = 'F' THEN 'M' ELSE 'F' END WHERE event_id = ((:'evs')::uuid[])[3];
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE event_patients SET gender = CASE WHEN gender = 'F' THEN 'M' ELSE 'F' END WHERE event_id = ((:'evs')::uuid[])[4];
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE event_patients SET gender = CASE WHEN gender = 'F' THEN 'M' ELSE 'F' END WHERE event_id = ((:'evs')::uuid[])[5];
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE event_patients SET gender = CASE WHEN gender = 'F' THEN 'M' ELSE 'F' END WHERE event_id = ((:'evs')::uuid[])[6];
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE event_patients SET gender = CASE WHEN gender = 'F' THEN 'M' ELSE 'F' END WHERE event_id = ((:'evs')::uuid[])[7];
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE event_patients SET gender = CASE WHEN gender = 'F' THEN 'M' ELSE 'F' END WHERE event_id = ((:'evs')::uuid[])[8];
ROLLBACK;
