import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, smallint, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';

/**
 * The search by product or active ingredient (docs/performance-plans.md §2): one row per case ×
 * product of its `events.product_ids`, carrying the columns of `events` that the search orders
 * by (`updated_at`) and that reach and the list filters test, under the same names as in
 * `events` (`id` is the case's id), so that `caseReach` and the filters' SQL read it unchanged.
 * Kept by the database itself, in the same statement as every write to `events` (statement
 * triggers of the migration `event_products`; `product_ids` itself follows the medicines by
 * writes to `events`), never written by the application. Deleted cases stay, with `deleted_at`.
 * The index is what stops the search at its first page: a product's cases in `updated_at`
 * order, with what reach tests, so the page and the bounded count are index ranges.
 */
export const eventProducts = pgTable(
  'event_products',
  {
    productId: integer().notNull(),
    id: uuid().notNull(),
    updatedAt: timestamptz().notNull(),
    status: smallint().notNull(),
    countryId: integer().notNull(),
    createdBy: uuid().notNull(),
    laboratoryIds: integer().array().notNull(),
    deletedAt: timestamptz(),
  },
  (t) => [
    primaryKey({ name: 'event_products_pk', columns: [t.productId, t.id] }),
    // INCLUDE (status, country_id, created_by, laboratory_ids), written by the migration by hand.
    index('event_products_updated_at_idx').on(t.productId, t.updatedAt, t.id).where(sql`${t.deletedAt} is null`),
    // The bounded count of an RLF's search (docs/performance-plans.md §2): the country's cases of the products, and
    // the cases the RLF created elsewhere (INCLUDE (country_id), written by the migration by hand), each an index range.
    index('event_products_country_idx').on(t.productId, t.countryId, t.id).where(sql`${t.deletedAt} is null`),
    index('event_products_creator_idx').on(t.createdBy, t.productId, t.id).where(sql`${t.deletedAt} is null`),
  ],
);
