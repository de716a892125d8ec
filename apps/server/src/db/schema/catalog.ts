import { boolean, index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';

/** Paises: the countries the group operates in; `code` is the ISO code shown as Codigo ('UY'). */
export const countries = pgTable('countries', {
  id: serial().primaryKey(),
  code: text().notNull().unique(),
  name: text().notNull(),
  timeZone: text().notNull(),
  eliminado: boolean().notNull().default(false),
  importCodigo: text(),
});

/** Companies of the group, one row per company and country. */
export const companies = pgTable(
  'companies',
  {
    id: serial().primaryKey(),
    code: text().notNull().unique(),
    name: text().notNull(),
    countryId: integer()
      .notNull()
      .references(() => countries.id),
    eliminado: boolean().notNull().default(false),
  },
  // (id, countryId): the target of user_laboratories' company-of-country foreign key.
  (t) => [index().on(t.countryId), unique('companies_id_country_unique').on(t.id, t.countryId)],
);

/** Laboratories (manufacturers, Fabricante) of a company in a country. */
export const laboratories = pgTable(
  'laboratories',
  {
    id: serial().primaryKey(),
    code: text().notNull().unique(),
    name: text().notNull(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    countryId: integer()
      .notNull()
      .references(() => countries.id),
    eliminado: boolean().notNull().default(false),
  },
  // (id, companyId, countryId): the target of user_laboratories' laboratory-of-company foreign key.
  (t) => [index().on(t.companyId), index().on(t.countryId), unique('laboratories_id_company_country_unique').on(t.id, t.companyId, t.countryId)],
);

/** Manufacturing lines of a laboratory (the LineaId of a related medication). */
export const lines = pgTable(
  'lines',
  {
    id: serial().primaryKey(),
    code: text().notNull().unique(),
    name: text().notNull(),
    laboratoryId: integer()
      .notNull()
      .references(() => laboratories.id),
    eliminado: boolean().notNull().default(false),
  },
  (t) => [index().on(t.laboratoryId)],
);
