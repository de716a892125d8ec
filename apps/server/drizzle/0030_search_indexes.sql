-- The slow calls of issue 33 (docs/performance-plans.md): the search's product and active-ingredient
-- filters and the MedDRA typeahead.
ALTER TABLE "events" ADD COLUMN "product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "meddra_llt" ADD COLUMN "search_name" text GENERATED ALWAYS AS (translate(lower(name), 'áàâäãéèêëíìîïóòôöõúùûüñç', 'aaaaaeeeeiiiiooooouuuunc')) STORED NOT NULL;--> statement-breakpoint
-- Hand-written from here: events.product_ids follows event_medications in the same transaction as
-- laboratory_ids does (migration 0009): the same two statement-level trigger functions, now keeping
-- both arrays; the backfill first, with the medications locked against writers until this
-- migration commits, then the index.
CREATE OR REPLACE FUNCTION atalaya_event_laboratories_added() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM 1 FROM events WHERE id IN (SELECT event_id FROM atalaya_new_medications) ORDER BY id FOR NO KEY UPDATE;
  -- Inserted medications only add laboratories and products: merge them into the case's arrays.
  UPDATE events e SET
    laboratory_ids = (SELECT array_agg(DISTINCT x ORDER BY x) FROM unnest(e.laboratory_ids || added.laboratories) AS x),
    product_ids = (SELECT array_agg(DISTINCT x ORDER BY x) FROM unnest(e.product_ids || added.products) AS x)
  FROM (
    SELECT event_id, array_agg(DISTINCT laboratory_id) AS laboratories, array_agg(DISTINCT product_id) AS products
    FROM atalaya_new_medications GROUP BY event_id
  ) added
  WHERE e.id = added.event_id AND NOT (e.laboratory_ids @> added.laboratories AND e.product_ids @> added.products);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION atalaya_event_laboratories_recompute() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  touched uuid[];
BEGIN
  -- Updated or deleted medications: recompute the arrays of every case they belonged to
  -- (before and after an update: a medication may move between cases).
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(event_id) INTO touched
    FROM (SELECT event_id FROM atalaya_old_medications UNION SELECT event_id FROM atalaya_new_medications) t;
  ELSE
    SELECT array_agg(DISTINCT event_id) INTO touched FROM atalaya_old_medications;
  END IF;
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM events WHERE id = ANY (touched) ORDER BY id FOR NO KEY UPDATE;
  UPDATE events e SET laboratory_ids = fresh.laboratories, product_ids = fresh.products
  FROM (
    SELECT t.id,
      coalesce((SELECT array_agg(DISTINCT m.laboratory_id ORDER BY m.laboratory_id) FROM event_medications m WHERE m.event_id = t.id), '{}'::integer[]) AS laboratories,
      coalesce((SELECT array_agg(DISTINCT m.product_id ORDER BY m.product_id) FROM event_medications m WHERE m.event_id = t.id), '{}'::integer[]) AS products
    FROM unnest(touched) AS t(id)
  ) fresh
  WHERE e.id = fresh.id AND (e.laboratory_ids, e.product_ids) IS DISTINCT FROM (fresh.laboratories, fresh.products);
  RETURN NULL;
END
$$;
--> statement-breakpoint
LOCK TABLE event_medications IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
UPDATE events e SET product_ids = m.ids
FROM (
  SELECT event_id, array_agg(DISTINCT product_id ORDER BY product_id) AS ids
  FROM event_medications GROUP BY event_id
) m
WHERE m.event_id = e.id;
--> statement-breakpoint
CREATE INDEX "events_product_ids_idx" ON "events" USING gin ("product_ids");--> statement-breakpoint
-- The typeahead: the two btrees its search function (src/db/sql/0002-meddra-search.sql) reads in
-- name order, with search_name as an INCLUDE column (Drizzle does not model INCLUDE).
CREATE INDEX "meddra_llt_search_prefix_idx" ON "meddra_llt" USING btree (left("search_name", 2),"name","code") INCLUDE ("search_name");--> statement-breakpoint
CREATE INDEX "meddra_llt_name_code_idx" ON "meddra_llt" USING btree ("name","code") INCLUDE ("search_name");
