CREATE TABLE "event_products" (
	"product_id" integer NOT NULL,
	"id" uuid NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"status" smallint NOT NULL,
	"country_id" integer NOT NULL,
	"created_by" uuid NOT NULL,
	"laboratory_ids" integer[] NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "event_products_pk" PRIMARY KEY("product_id","id")
);
--> statement-breakpoint
-- Hand-written from here (issue 33, docs/performance-plans.md §2): the search by product or active
-- ingredient reads a product's cases in the search's default order (updated_at, id) from this
-- table's index, with what reach and the list filters test as INCLUDE columns, so that its page
-- stops at the page and its bounded count is an index-only range.
--
-- event_products follows events in the same statement: every write to a case (and every change
-- of its medicines, which rewrites events.product_ids) is a write to events. Statement triggers
-- with transition tables, so that a COPY or a multi-row write costs one statement each; an update
-- that changes none of the columns carried rewrites nothing.
CREATE OR REPLACE FUNCTION atalaya_event_products_sync() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO event_products (product_id, id, updated_at, status, country_id, created_by, laboratory_ids, deleted_at)
    SELECT DISTINCT p.product_id, n.id, n.updated_at, n.status, n.country_id, n.created_by, n.laboratory_ids, n.deleted_at
    FROM atalaya_event_products_new n CROSS JOIN LATERAL unnest(n.product_ids) AS p(product_id);
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM event_products ep
    USING (
      SELECT o.id, o.product_ids FROM atalaya_event_products_old o JOIN atalaya_event_products_new n ON n.id = o.id
      WHERE (o.product_ids, o.updated_at, o.status, o.country_id, o.created_by, o.laboratory_ids, o.deleted_at)
        IS DISTINCT FROM (n.product_ids, n.updated_at, n.status, n.country_id, n.created_by, n.laboratory_ids, n.deleted_at)
    ) c CROSS JOIN LATERAL unnest(c.product_ids) AS p(product_id)
    WHERE ep.product_id = p.product_id AND ep.id = c.id;
    INSERT INTO event_products (product_id, id, updated_at, status, country_id, created_by, laboratory_ids, deleted_at)
    SELECT DISTINCT p.product_id, n.id, n.updated_at, n.status, n.country_id, n.created_by, n.laboratory_ids, n.deleted_at
    FROM atalaya_event_products_old o JOIN atalaya_event_products_new n ON n.id = o.id
    CROSS JOIN LATERAL unnest(n.product_ids) AS p(product_id)
    WHERE (o.product_ids, o.updated_at, o.status, o.country_id, o.created_by, o.laboratory_ids, o.deleted_at)
      IS DISTINCT FROM (n.product_ids, n.updated_at, n.status, n.country_id, n.created_by, n.laboratory_ids, n.deleted_at);
  ELSE
    DELETE FROM event_products ep
    USING atalaya_event_products_old o CROSS JOIN LATERAL unnest(o.product_ids) AS p(product_id)
    WHERE ep.product_id = p.product_id AND ep.id = o.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The backfill, with events locked against writers until this migration commits (from then on
-- the triggers keep the table); the index after it.
LOCK TABLE events IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO event_products (product_id, id, updated_at, status, country_id, created_by, laboratory_ids, deleted_at)
SELECT DISTINCT p.product_id, e.id, e.updated_at, e.status, e.country_id, e.created_by, e.laboratory_ids, e.deleted_at
FROM events e CROSS JOIN LATERAL unnest(e.product_ids) AS p(product_id);
--> statement-breakpoint
CREATE INDEX "event_products_updated_at_idx" ON "event_products" USING btree ("product_id","updated_at","id")
INCLUDE ("status", "country_id", "created_by", "laboratory_ids") WHERE "event_products"."deleted_at" is null;
--> statement-breakpoint
CREATE TRIGGER atalaya_event_products_insert AFTER INSERT ON events
REFERENCING NEW TABLE AS atalaya_event_products_new FOR EACH STATEMENT EXECUTE FUNCTION atalaya_event_products_sync();
--> statement-breakpoint
CREATE TRIGGER atalaya_event_products_update AFTER UPDATE ON events
REFERENCING OLD TABLE AS atalaya_event_products_old NEW TABLE AS atalaya_event_products_new FOR EACH STATEMENT EXECUTE FUNCTION atalaya_event_products_sync();
--> statement-breakpoint
CREATE TRIGGER atalaya_event_products_delete AFTER DELETE ON events
REFERENCING OLD TABLE AS atalaya_event_products_old FOR EACH STATEMENT EXECUTE FUNCTION atalaya_event_products_sync();