import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { countries, laboratories, lines } from './catalog.js';
import { timestamptz } from './columns.js';
import { medicationUnits, pharmaceuticalForms } from './reference-lists.js';

/** Principio activo. */
export const activeIngredients = pgTable(
  'active_ingredients',
  {
    id: serial().primaryKey(),
    code: text().notNull().unique(),
    name: text().notNull(),
    eliminado: boolean().notNull().default(false),
  },
  (t) => [index('active_ingredients_name_idx').on(sql`lower(${t.name})`)],
);

/** Therapeutic family of a product (Medicine.Family). */
export const families = pgTable('families', {
  id: serial().primaryKey(),
  code: text().notNull().unique(),
  name: text().notNull(),
  eliminado: boolean().notNull().default(false),
});

/** A medicine (ComercialName) made by a laboratory on one of its lines. */
export const products = pgTable(
  'products',
  {
    id: serial().primaryKey(),
    code: text().notNull().unique(),
    commercialName: text().notNull(),
    familyId: integer()
      .notNull()
      .references(() => families.id),
    laboratoryId: integer()
      .notNull()
      .references(() => laboratories.id),
    lineId: integer().references(() => lines.id),
    pharmaceuticalFormId: integer().references(() => pharmaceuticalForms.id),
    eliminado: boolean().notNull().default(false),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    index().on(t.laboratoryId),
    index().on(t.familyId),
    index('products_commercial_name_idx').on(sql`lower(${t.commercialName})`),
  ],
);

/** The active ingredients of a product with their concentration. */
export const productIngredients = pgTable(
  'product_ingredients',
  {
    productId: integer()
      .notNull()
      .references(() => products.id),
    activeIngredientId: integer()
      .notNull()
      .references(() => activeIngredients.id),
    concentration: numeric({ mode: 'number' }),
    unitId: integer().references(() => medicationUnits.id),
  },
  (t) => [primaryKey({ columns: [t.productId, t.activeIngredientId] }), index().on(t.activeIngredientId)],
);

/** The countries where a product is sold (the public form offers these per country). */
export const productCountries = pgTable(
  'product_countries',
  {
    productId: integer()
      .notNull()
      .references(() => products.id),
    countryId: integer()
      .notNull()
      .references(() => countries.id),
  },
  (t) => [primaryKey({ columns: [t.productId, t.countryId] }), index().on(t.countryId)],
);
