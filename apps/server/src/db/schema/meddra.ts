import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/*
 * The MedDRA hierarchy, keyed by the MedDRA codes: SOC > HLGT > HLT > PT > LLT.
 * The lowest level terms (llt_name) are what users search; the trigram index that makes
 * the typeahead fast is created in src/db/sql (it needs the pg_trgm extension).
 */

export const meddraSoc = pgTable('meddra_soc', {
  code: integer().primaryKey(),
  name: text().notNull(),
  abbrev: text().notNull(),
});

export const meddraHlgt = pgTable('meddra_hlgt', {
  code: integer().primaryKey(),
  name: text().notNull(),
});

export const meddraHlt = pgTable('meddra_hlt', {
  code: integer().primaryKey(),
  name: text().notNull(),
});

export const meddraPt = pgTable(
  'meddra_pt',
  {
    code: integer().primaryKey(),
    name: text().notNull(),
    primarySocCode: integer().references(() => meddraSoc.code),
  },
  (t) => [index().on(t.primarySocCode)],
);

export const meddraLlt = pgTable(
  'meddra_llt',
  {
    code: integer().primaryKey(),
    name: text().notNull(),
    ptCode: integer()
      .notNull()
      .references(() => meddraPt.code),
    current: boolean().notNull().default(true),
  },
  (t) => [index().on(t.ptCode)],
);

export const meddraSocHlgt = pgTable(
  'meddra_soc_hlgt',
  {
    socCode: integer()
      .notNull()
      .references(() => meddraSoc.code),
    hlgtCode: integer()
      .notNull()
      .references(() => meddraHlgt.code),
  },
  (t) => [primaryKey({ columns: [t.socCode, t.hlgtCode] }), index().on(t.hlgtCode)],
);

export const meddraHlgtHlt = pgTable(
  'meddra_hlgt_hlt',
  {
    hlgtCode: integer()
      .notNull()
      .references(() => meddraHlgt.code),
    hltCode: integer()
      .notNull()
      .references(() => meddraHlt.code),
  },
  (t) => [primaryKey({ columns: [t.hlgtCode, t.hltCode] }), index().on(t.hltCode)],
);

export const meddraHltPt = pgTable(
  'meddra_hlt_pt',
  {
    hltCode: integer()
      .notNull()
      .references(() => meddraHlt.code),
    ptCode: integer()
      .notNull()
      .references(() => meddraPt.code),
  },
  (t) => [primaryKey({ columns: [t.hltCode, t.ptCode] }), index().on(t.ptCode)],
);
