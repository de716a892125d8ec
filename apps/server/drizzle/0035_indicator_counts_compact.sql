-- The Indicadores' charts over every country (issue 33, docs/performance-plans.md §3) sum every
-- row of indicator_counts a user reaches: ~8,300 rows at a million cases, which the triggers
-- update in place at every write to a case. Each update wrote a new version of its row on
-- another page (the pages were full), so the table grew to tens of thousands of pages of dead
-- versions that a vacuum frees but does not give back, and the charts' sequential scan read them
-- all (16,444 pages for 8,303 rows a third of the way through the generation of the million).
-- With half of each page left free, an update writes its row's new version on the same page
-- (a heap-only tuple: no indexed column changes) and the next access to the page prunes the old
-- ones: the table stays near its live size. The table is rewritten compact once here.
ALTER TABLE indicator_counts SET (fillfactor = 50);
--> statement-breakpoint
CLUSTER indicator_counts USING indicator_counts_pk;
