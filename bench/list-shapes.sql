-- The query shapes the indexes of migration 0009 serve (bench/HISTORY.md 'Indexes (migration 0009) and the query shapes they serve'), as
-- EXPLAIN (ANALYZE, BUFFERS) on the generated database:
--
--   psql -h 127.0.0.1 -U postgres -f bench/list-shapes.sql atalaya_bench > /tmp/shapes.txt
--
-- Each list is keyset paged by (order value, id): the first page reads the index forwards
-- (or backwards for DESC) with `limit size + 1`, the next page adds `(value, id) < (key)`
-- (`>` for ASC), the last page is the first page in the reverse order. Variables: the demo
-- QPPV (every laboratory), the demo RLF (Uruguay), a Fabricante-like single laboratory.
set jit = off;
select id as qppv from users where email = 'qppv@demo.atalaya' \gset
select id as rlf from users where email = 'rlf@demo.atalaya' \gset
select id as uy from countries where code = 'UY' \gset
select '{' || string_agg(id::text, ',') || '}' as all_labs from laboratories \gset
select min(id) as one_lab from laboratories \gset
select (extract(year from now())::int - 1)::text as last_year \gset
-- A key in the middle of the QPPV's pending list (the next-page shape).
select updated_at as key_at, id as key_id from events where status = 3 order by updated_at desc, id desc offset 5000 limit 1 \gset

\echo '=== 1. QPPV Mis acciones pendientes (status 1 own drafts, 3 in reach), FechaSolicitud DESC, first page: one ordered branch per status (Merge Append)'
explain (analyze, buffers, costs off)
select * from (
  (select id, updated_at from events
    where status = 1 and deleted_at is null and created_by = :'qppv'
    order by updated_at desc, id desc limit 16)
  union all
  (select id, updated_at from events
    where status = 3 and deleted_at is null and (created_by = :'qppv' or laboratory_ids && :'all_labs'::int[])
    order by updated_at desc, id desc limit 16)
) page order by updated_at desc, id desc limit 16;

\echo '=== 2. Same list, next page after a key 5,000 rows deep'
explain (analyze, buffers, costs off)
select * from (
  (select id, updated_at from events
    where status = 1 and deleted_at is null and created_by = :'qppv' and (updated_at, id) < (:'key_at', :'key_id')
    order by updated_at desc, id desc limit 16)
  union all
  (select id, updated_at from events
    where status = 3 and deleted_at is null and (created_by = :'qppv' or laboratory_ids && :'all_labs'::int[]) and (updated_at, id) < (:'key_at', :'key_id')
    order by updated_at desc, id desc limit 16)
) page order by updated_at desc, id desc limit 16;

\echo '=== 3. Same list, last page: the first page in the reverse order'
explain (analyze, buffers, costs off)
select * from (
  (select id, updated_at from events
    where status = 1 and deleted_at is null and created_by = :'qppv'
    order by updated_at, id limit 16)
  union all
  (select id, updated_at from events
    where status = 3 and deleted_at is null and (created_by = :'qppv' or laboratory_ids && :'all_labs'::int[])
    order by updated_at, id limit 16)
) page order by updated_at, id limit 16;

\echo '=== 4. The same pending list written with caseReach as it is (status in (1,3), one index on (updated_at, id)): fine while the statuses are dense'
explain (analyze, buffers, costs off)
select id, updated_at from events
where deleted_at is null and status in (1, 3)
  and (created_by = :'qppv' or (status <> 1 and laboratory_ids && :'all_labs'::int[]))
order by updated_at desc, id desc limit 16;

\echo '=== 5. RLF Mis acciones pendientes (1, 2, 4 of Uruguay), FechaSolicitud DESC: one branch per status on (country_id, status, updated_at, id)'
explain (analyze, buffers, costs off)
select * from (
  (select id, updated_at from events where country_id = :uy and status = 1 and deleted_at is null order by updated_at desc, id desc limit 16)
  union all
  (select id, updated_at from events where country_id = :uy and status = 2 and deleted_at is null order by updated_at desc, id desc limit 16)
  union all
  (select id, updated_at from events where country_id = :uy and status = 4 and deleted_at is null order by updated_at desc, id desc limit 16)
) page order by updated_at desc, id desc limit 16;

\echo '=== 6. RLF with caseReach as it is ((created_by = me or country_id = UY): the OR leaves only (status, updated_at, id))'
explain (analyze, buffers, costs off)
select * from (
  (select id, updated_at from events where status = 2 and deleted_at is null and (created_by = :'rlf' or country_id = :uy) order by updated_at desc, id desc limit 16)
  union all
  (select id, updated_at from events where status = 4 and deleted_at is null and (created_by = :'rlf' or country_id = :uy) order by updated_at desc, id desc limit 16)
) page order by updated_at desc, id desc limit 16;

\echo '=== 7. Filter by status + FechaCreacion ASC: (status, created_at, id)'
explain (analyze, buffers, costs off)
select id, created_at from events
where status = 3 and deleted_at is null and (created_by = :'qppv' or laboratory_ids && :'all_labs'::int[])
order by created_at, id limit 16;

\echo '=== 8. Reference prefix as a range + NumeroReferencia ASC: (reference_number, id)'
explain (analyze, buffers, costs off)
select id, reference_number from events
where reference_number >= ('UY-' || :'last_year' || '-00') and reference_number < ('UY-' || :'last_year' || '-01')
  and deleted_at is null and (created_by = :'qppv' or (status <> 1 and laboratory_ids && :'all_labs'::int[]))
order by reference_number, id limit 16;

\echo '=== 9. Estado DESC over statuses in (2,4,5) (the QPPV invert list): (status, id), the IN list read in order'
explain (analyze, buffers, costs off)
select id, status from events
where status in (2, 4, 5) and deleted_at is null and (created_by = :'qppv' or laboratory_ids && :'all_labs'::int[])
order by status desc, id desc limit 16;

\echo '=== 10. QPPV invert list (2, 4, 5), FechaSolicitud DESC, last page (ASC), one branch per status'
explain (analyze, buffers, costs off)
select * from (
  (select id, updated_at from events where status = 2 and deleted_at is null and (created_by = :'qppv' or laboratory_ids && :'all_labs'::int[]) order by updated_at, id limit 16)
  union all
  (select id, updated_at from events where status = 4 and deleted_at is null and (created_by = :'qppv' or laboratory_ids && :'all_labs'::int[]) order by updated_at, id limit 16)
  union all
  (select id, updated_at from events where status = 5 and deleted_at is null and (created_by = :'qppv' or laboratory_ids && :'all_labs'::int[]) order by updated_at, id limit 16)
) page order by updated_at, id limit 16;

\echo '=== 11. FechaSolicitud range (60 days) + order by it: (updated_at, id) range'
explain (analyze, buffers, costs off)
select id, updated_at from events
where updated_at >= now() - interval '90 days' and updated_at < now() - interval '30 days'
  and deleted_at is null and (created_by = :'qppv' or (status <> 1 and laboratory_ids && :'all_labs'::int[]))
order by updated_at desc, id desc limit 16;

\echo '=== 12. Search, no filter, QPPV: (updated_at, id)'
explain (analyze, buffers, costs off)
select id, updated_at from events
where deleted_at is null and (created_by = :'qppv' or (status <> 1 and laboratory_ids && :'all_labs'::int[]))
order by updated_at desc, id desc limit 21;

\echo '=== 13. Search, country + status, last page: (country_id, status, updated_at, id)'
explain (analyze, buffers, costs off)
select id, updated_at from events
where country_id = :uy and status = 7 and deleted_at is null and (created_by = :'qppv' or (status <> 1 and laboratory_ids && :'all_labs'::int[]))
order by updated_at, id limit 21;

\echo '=== 14. Search by one laboratory (a Fabricante, or the Laboratorio filter): (updated_at, id) + filter when the laboratory is common, GIN bitmap + top-N sort when rare'
explain (analyze, buffers, costs off)
select id, updated_at from events
where deleted_at is null and status <> 1 and laboratory_ids && array[:one_lab]::int[]
order by updated_at desc, id desc limit 21;

\echo '=== 15. Bounded total: count at most 10,001 matching rows'
explain (analyze, buffers, costs off)
select count(*) from (
  select 1 from events
  where status = 3 and deleted_at is null and (created_by = :'qppv' or laboratory_ids && :'all_labs'::int[])
  limit 10001
) bounded;

\echo '=== 16. Pais ASC: countries by name, each country''s cases by id (a lateral on (country_id, id))'
explain (analyze, buffers, costs off)
select c.name, e.id from countries c
cross join lateral (
  select id from events
  where country_id = c.id and status = 3 and deleted_at is null and (created_by = :'qppv' or laboratory_ids && :'all_labs'::int[])
  order by id limit 16
) e
order by c.name, e.id limit 16;

\echo '=== 17. Inbox (getReportHome, QPPV): not entered, FechaCreacion DESC: home_reports_inbox_idx (created_at, id) read backwards'
explain (analyze, buffers, costs off)
select id, created_at from home_reports where entered_event_id is null order by created_at desc, id desc limit 16;

\echo '=== 18. Inbox, last page'
explain (analyze, buffers, costs off)
select id, created_at from home_reports where entered_event_id is null order by created_at, id limit 16;

\echo '=== 19. Inbox of an RLF (Uruguay), pending statuses 1 and 2: home_reports_inbox_country_idx'
explain (analyze, buffers, costs off)
select id, created_at from home_reports
where entered_event_id is null and country_id = :uy and status in (1, 2)
order by created_at desc, id desc limit 16;

\echo '=== 20. Incoming report by RH prefix (range on home_reports_reference_unique)'
explain (analyze, buffers, costs off)
select id, reference from home_reports where reference >= ('RH-' || :'last_year' || '-0001') and reference < ('RH-' || :'last_year' || '-0002') order by reference limit 16;
