-- The cost the Señales triggers (migration 0037) add to one case write, on the million-case database:
-- eight reactions of eight sent cases updated in one transaction, rolled back; EXPLAIN ANALYZE prints
-- each statement's trigger time (the first on a new connection includes planning the function).
--   psql -h 127.0.0.1 -U postgres atalaya_bench -f bench/signal-write-cost.sql | grep 'Trigger atalaya_signal'
\set QUIET on
SELECT array_agg(id) AS evs FROM (SELECT id FROM events WHERE status NOT IN (1, 11) AND deleted_at IS NULL AND duplicate_of_event_id IS NULL AND EXISTS (SELECT 1 FROM event_rams r WHERE r.event_id = events.id) ORDER BY md5(id::text) LIMIT 10 OFFSET 20) s \gset
BEGIN;
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE event_rams SET death = NOT death WHERE event_id = ((:'evs')::uuid[])[1];
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE event_rams SET death = NOT death WHERE event_id = ((:'evs')::uuid[])[2];
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE event_rams SET death = NOT death WHERE event_id = ((:'evs')::uuid[])[3];
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE event_rams SET death = NOT death WHERE event_id = ((:'evs')::uuid[])[4];
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE event_rams SET death = NOT death WHERE event_id = ((:'evs')::uuid[])[5];
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE event_rams SET death = NOT death WHERE event_id = ((:'evs')::uuid[])[6];
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE event_rams SET death = NOT death WHERE event_id = ((:'evs')::uuid[])[7];
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) UPDATE event_rams SET death = NOT death WHERE event_id = ((:'evs')::uuid[])[8];
ROLLBACK;
