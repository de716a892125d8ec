import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import { imports } from './imports.js';

/*
 * The MedDRA hierarchy, keyed by the MedDRA codes: SOC > HLGT > HLT > PT > LLT.
 * The lowest level terms (llt_name) are what users search: `meddra_llt.search_name` and its
 * indexes below serve the typeahead, with the trigram index and the search function
 * `atalaya_llt_typeahead` of src/db/sql (pg_trgm) (docs/performance-plans.md).
 */

/**
 * The accented letters the typeahead folds, each to the letter at the same position of
 * `MEDDRA_FOLD_TO` (the forms of `ACCENT_VARIANTS` in modules/meddra/search-pattern.ts, which
 * a test keeps equal): `search_name` is `translate(lower(name), FROM, TO)`.
 */
export const MEDDRA_FOLD_FROM = 'áàâäãéèêëíìîïóòôöõúùûüñç';
export const MEDDRA_FOLD_TO = 'aaaaaeeeeiiiiooooouuuunc';

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

/**
 * Stored with fillfactor 50 (migration meddra_import): switching a release in flips `current`
 * on tens of thousands of LLTs, and with room left on each page those updates are HOT (no
 * index entry written), which keeps the switch short.
 */
export const meddraLlt = pgTable(
  'meddra_llt',
  {
    code: integer().primaryKey(),
    name: text().notNull(),
    ptCode: integer()
      .notNull()
      .references(() => meddraPt.code),
    current: boolean().notNull().default(true),
    /**
     * The import that inserted the code, while that import has not switched its release in
     * (docs/meddra-import.md): coding offers the code only once the import is in
     * meddra_versions. Null for the codes of the seed and of the demo. No foreign key: the
     * column is only compared with meddra_versions.import_id, and a key would cost a check
     * on each of a first import's 80,000 inserts.
     */
    introducedBy: uuid(),
    /**
     * The name as the typeahead compares it: lower case, accents folded (`MEDDRA_FOLD_FROM`).
     * Stored (computed by the database on every insert and rename), so that no search
     * computes `translate` per row: it costs ~30 µs a row, a whole dictionary 2.6 s.
     */
    searchName: text()
      .notNull()
      .generatedAlwaysAs(sql.raw(`translate(lower(name), '${MEDDRA_FOLD_FROM}', '${MEDDRA_FOLD_TO}')`)),
  },
  (t) => [
    index().on(t.ptCode),
    // The typeahead (atalaya_llt_typeahead, src/db/sql): names that start with the term, by the
    // first two folded letters, in name order; and every name in name order. Both carry
    // search_name as an INCLUDE column (migration 0030; Drizzle does not model INCLUDE), so a
    // walk tests the term on the index alone and visits the table only for the names it keeps.
    index('meddra_llt_search_prefix_idx').on(sql`left(${t.searchName}, 2)`, t.name, t.code),
    index('meddra_llt_name_code_idx').on(t.name, t.code),
  ],
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

/*
 * Importing a release (modules/meddra-import, docs/meddra-import.md). The files are loaded
 * into the staging tables below, keyed by the import, and switched into the tables above in
 * one transaction at the end; the staging rows are deleted afterwards. A code is never
 * deleted from the tables above (cases keep the codes they were coded with): a term the new
 * release leaves out, or marks non-current, stays with `current` false.
 */

/** MedDRA levels as the staging rows number them. */
export const MEDDRA_LEVEL = { soc: 1, hlgt: 2, hlt: 3, pt: 4, llt: 5 } as const;

/**
 * A term of a release being imported: one row per line of soc.asc, hlgt.asc, hlt.asc, pt.asc
 * and llt.asc. `parentCode` is the PT's SOC (pt_soc_code) or the LLT's PT; `abbrev` only SOCs
 * have; `current` only LLTs have (llt_currency = 'Y').
 */
export const meddraImportTerms = pgTable(
  'meddra_import_terms',
  {
    importId: uuid()
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    level: smallint().notNull(),
    /** The line of the file (1-based), for the errors of the validation after loading. */
    line: integer().notNull(),
    code: integer().notNull(),
    name: text().notNull(),
    abbrev: text(),
    parentCode: integer(),
    current: boolean(),
    /**
     * The code is not in the dictionary yet: the import inserts it before its switch, hidden
     * (an LLT not current, under terms nothing else reaches), and deletes it again when the
     * import fails before switching.
     */
    isNew: boolean().notNull().default(false),
  },
  (t) => [index().on(t.importId, t.level, t.code)],
);

/** Links of the hierarchy a release holds, as `MEDDRA_LINK` numbers them. */
export const MEDDRA_LINK = { socHlgt: 1, hlgtHlt: 2, hltPt: 3, primarySoc: 4 } as const;

/**
 * A link of a release being imported: one row per line of soc_hlgt.asc, hlgt_hlt.asc and
 * hlt_pt.asc (parent, child), and one per line of mdhier.asc flagged primary (the SOC, the PT).
 */
export const meddraImportLinks = pgTable(
  'meddra_import_links',
  {
    importId: uuid()
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    kind: smallint().notNull(),
    line: integer().notNull(),
    parentCode: integer().notNull(),
    childCode: integer().notNull(),
  },
  (t) => [index().on(t.importId, t.kind, t.childCode)],
);

/**
 * The Standardised MedDRA Queries of a release (smq_list.asc), kept per import: the SMQs in
 * use are those of the import of the current version (`meddra_versions`), so switching to a
 * new release switches them with it; the rows of older imports are deleted after the switch.
 */
export const meddraSmq = pgTable(
  'meddra_smq',
  {
    importId: uuid()
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    line: integer().notNull(),
    code: integer().notNull(),
    name: text().notNull(),
    level: smallint().notNull(),
    description: text().notNull(),
    source: text().notNull(),
    note: text().notNull(),
    meddraVersion: text().notNull(),
    /** A active, I inactive. */
    status: text().notNull(),
    algorithm: text().notNull(),
  },
  (t) => [index().on(t.importId, t.code)],
);

/** The terms of each SMQ (smq_content.asc), kept per import like `meddra_smq`. */
export const meddraSmqTerms = pgTable(
  'meddra_smq_terms',
  {
    importId: uuid()
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    line: integer().notNull(),
    smqCode: integer().notNull(),
    termCode: integer().notNull(),
    /** 0 a sub-SMQ (term_code is an SMQ), 4 a PT, 5 an LLT. */
    termLevel: smallint().notNull(),
    /** 0 both, 1 broad, 2 narrow. */
    termScope: smallint().notNull(),
    termCategory: text().notNull(),
    termWeight: smallint().notNull(),
    /** A active, I inactive. */
    termStatus: text().notNull(),
    additionVersion: text().notNull(),
    lastModifiedVersion: text().notNull(),
  },
  (t) => [index().on(t.importId, t.smqCode)],
);

/**
 * The MedDRA versions switched in, one row per successful import; the loaded version is the
 * latest. (A database holding only the demo sample has none.)
 */
export const meddraVersions = pgTable(
  'meddra_versions',
  {
    id: serial().primaryKey(),
    version: text().notNull(),
    language: text().notNull(),
    importId: uuid()
      .notNull()
      .unique()
      .references(() => imports.id),
    loadedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index().on(t.loadedAt)],
);
