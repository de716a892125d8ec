import type { CatalogSheetName } from '@atalaya/domain';
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { type Db, type DbOrTx, readAll } from '../../db/client.js';
import {
  activeIngredients,
  catalogImportRows,
  companies,
  countries,
  families,
  imports,
  laboratories,
  lines,
  medicationUnits,
  pharmaceuticalForms,
  products,
} from '../../db/schema/index.js';

/**
 * The catalogue import's queries (docs/imports.md): what the validation pass reads of the
 * catalogue, the staging of checked rows, and the switch: one set-based statement per sheet,
 * in load order, inside the one transaction that makes the file's rows live.
 */

/** What the validation needs of the catalogue already stored (every table but products: small). */
export interface CatalogSnapshot {
  countries: ReadonlySet<string>;
  /** Company code → its country's code. */
  companyCountry: ReadonlyMap<string, string>;
  /** Laboratory code → its company's code. */
  laboratoryCompany: ReadonlyMap<string, string>;
  /** Line code → its laboratory's code. */
  lineLaboratory: ReadonlyMap<string, string>;
  families: ReadonlySet<string>;
  ingredients: ReadonlySet<string>;
  /** FormaFarmaceutica Value (or ImportCodigo) → id. */
  forms: ReadonlyMap<string, number>;
  /** MedicamentoUnidad Value (or ImportCodigo) → id. */
  units: ReadonlyMap<string, number>;
}

/** A reference list by Value, and by ImportCodigo where that names no other row's Value. */
function listIds(rows: { id: number; value: string; importCodigo: string | null }[]): Map<string, number> {
  const ids = new Map(rows.map((row) => [row.value, row.id]));
  for (const row of rows) if (row.importCodigo && !ids.has(row.importCodigo)) ids.set(row.importCodigo, row.id);
  return ids;
}

export async function catalogSnapshot(db: DbOrTx): Promise<CatalogSnapshot> {
  const [countryRows, companyRows, laboratoryRows, lineRows, familyRows, ingredientRows, formRows, unitRows] = await readAll(db, [
    () => db.select({ code: countries.code }).from(countries),
    () => db.select({ code: companies.code, country: countries.code }).from(companies).innerJoin(countries, eq(countries.id, companies.countryId)),
    () => db.select({ code: laboratories.code, company: companies.code }).from(laboratories).innerJoin(companies, eq(companies.id, laboratories.companyId)),
    () => db.select({ code: lines.code, laboratory: laboratories.code }).from(lines).innerJoin(laboratories, eq(laboratories.id, lines.laboratoryId)),
    () => db.select({ code: families.code }).from(families),
    () => db.select({ code: activeIngredients.code }).from(activeIngredients),
    () => db.select({ id: pharmaceuticalForms.id, value: pharmaceuticalForms.value, importCodigo: pharmaceuticalForms.importCodigo }).from(pharmaceuticalForms),
    () => db.select({ id: medicationUnits.id, value: medicationUnits.value, importCodigo: medicationUnits.importCodigo }).from(medicationUnits),
  ]);
  return {
    countries: new Set(countryRows.map((row) => row.code)),
    companyCountry: new Map(companyRows.map((row) => [row.code, row.country])),
    laboratoryCompany: new Map(laboratoryRows.map((row) => [row.code, row.company])),
    lineLaboratory: new Map(lineRows.map((row) => [row.code, row.laboratory])),
    families: new Set(familyRows.map((row) => row.code)),
    ingredients: new Set(ingredientRows.map((row) => row.code)),
    forms: listIds(formRows),
    units: listIds(unitRows),
  };
}

const LOOKUP_BATCH = 5_000;

/** Which of these product codes are stored (asked in batches). */
export async function storedProductCodes(db: DbOrTx, codes: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < codes.length; start += LOOKUP_BATCH) {
    const rows = await db
      .select({ code: products.code })
      .from(products)
      .where(inArray(products.code, codes.slice(start, start + LOOKUP_BATCH)));
    for (const row of rows) found.add(row.code);
  }
  return found;
}

/** The user who started the import (the author of its audit row). */
export async function importUserId(db: DbOrTx, importId: string): Promise<string | null> {
  const [row] = await db.select({ userId: imports.userId }).from(imports).where(eq(imports.id, importId));
  return row?.userId ?? null;
}

/** One staged row: its number and its checked values (plus the ids of the reference-list values it names). */
export interface StagedRow {
  n: number;
  d: Record<string, unknown>;
}

/** Stages a batch of one sheet's rows in one statement (a JSON array, unnested by the database). */
export async function stageRows(db: DbOrTx, importId: string, sheet: CatalogSheetName, rows: readonly StagedRow[]): Promise<void> {
  await db.execute(sql`
    insert into ${catalogImportRows} (import_id, sheet, row_no, data)
    select ${importId}::uuid, ${sheet}, (r->>'n')::int, r->'d'
    from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) as r`);
}

/** Drops the staged rows of an import (after its switch, or when it fails or is cancelled). */
export async function dropStagedRows(db: DbOrTx, importId: string): Promise<void> {
  await db.delete(catalogImportRows).where(eq(catalogImportRows.importId, importId));
}

/**
 * Drops the staged rows that a data import left when the server stopped under it (this one's
 * from an earlier attempt, and any other data import's that is not running).
 */
export async function dropLeftoverRows(db: DbOrTx, importId: string): Promise<void> {
  await db.delete(catalogImportRows).where(
    inArray(
      catalogImportRows.importId,
      db
        .select({ id: imports.id })
        .from(imports)
        .where(and(eq(imports.kind, 'data'), ne(imports.status, 'D'))),
    ),
  );
  await dropStagedRows(db, importId);
}

/** What a switch statement changed. */
export interface SheetChange {
  inserted: number;
  updated: number;
  /** Links removed (a product's countries or ingredients no longer listed). */
  removed?: number;
}

/** The staged rows of the import's sheet (alias `s`). */
const stagedOf = (importId: string, sheet: CatalogSheetName) => sql`s.import_id = ${importId}::uuid and s.sheet = ${sheet}`;

/** The enabled flag of a staged row: `Activo` No → eliminado; without the column a new row is enabled. */
const eliminado = sql`coalesce(not (s.data->'Activo')::boolean, false)`;

interface UpsertColumn {
  name: string;
  value: SQL;
  /** Changed on an existing row: always, never (the parent of a company, laboratory or line), or when the sheet has that column. */
  update: 'always' | 'never' | { whenPresent: string };
}

/**
 * `insert … select … on conflict (code) do update` of one sheet: new codes inserted, existing
 * ones updated only where a value differs (so a file imported twice changes nothing the second
 * time), the counts of each returned.
 */
async function upsertByCode(
  tx: DbOrTx,
  options: { importId: string; sheet: CatalogSheetName; table: string; columns: UpsertColumn[]; joins?: SQL; present: ReadonlySet<string>; touch?: boolean },
): Promise<SheetChange> {
  const table = sql.identifier(options.table);
  const updated = options.columns.filter((column) => column.update === 'always' || (typeof column.update === 'object' && options.present.has(column.update.whenPresent)));
  const names = sql.join(
    options.columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  const values = sql.join(
    options.columns.map((column) => column.value),
    sql`, `,
  );
  const assignments = updated.map((column) => sql`${sql.identifier(column.name)} = excluded.${sql.identifier(column.name)}`);
  if (options.touch) assignments.push(sql`updated_at = now()`);
  const current = sql.join(
    updated.map((column) => sql`${table}.${sql.identifier(column.name)}`),
    sql`, `,
  );
  const incoming = sql.join(
    updated.map((column) => sql`excluded.${sql.identifier(column.name)}`),
    sql`, `,
  );
  const result = await tx.execute<{ inserted: number; updated: number }>(sql`
    with upserted as (
      insert into ${table} (${names})
      select ${values}
      from ${catalogImportRows} as s ${options.joins ?? sql``}
      where ${stagedOf(options.importId, options.sheet)}
      on conflict (code) do update set ${sql.join(assignments, sql`, `)}
      where (${current}, true) is distinct from (${incoming}, true)
      returning (xmax = 0) as inserted
    )
    select (count(*) filter (where inserted))::int as inserted, (count(*) filter (where not inserted))::int as updated from upserted`);
  return counts(result.rows[0]);
}

function counts(row: { inserted?: number | string; updated?: number | string; removed?: number | string } | undefined): SheetChange {
  return {
    inserted: Number(row?.inserted ?? 0),
    updated: Number(row?.updated ?? 0),
    ...(row?.removed === undefined ? {} : { removed: Number(row.removed) }),
  };
}

const code = { name: 'code', value: sql`s.data->>'Codigo'`, update: 'never' } as const;
const name = { name: 'name', value: sql`s.data->>'Nombre'`, update: 'always' } as const;
const flag = { name: 'eliminado', value: eliminado, update: { whenPresent: 'Activo' } } as const;

/** The switch of one sheet: its rows made live (in the caller's transaction). */
export type SheetSwitch = (tx: DbOrTx, importId: string, present: ReadonlySet<string>) => Promise<SheetChange[]>;

/** The switch of each sheet, in load order; Productos also sets the countries when it has the Paises column. */
export const SHEET_SWITCHES: Readonly<Record<CatalogSheetName, SheetSwitch>> = {
  Paises: async (tx, importId, present) => [
    await upsertByCode(tx, {
      importId,
      sheet: 'Paises',
      table: 'countries',
      present,
      columns: [code, name, { name: 'time_zone', value: sql`s.data->>'ZonaHoraria'`, update: 'always' }, flag],
    }),
  ],
  Empresas: async (tx, importId, present) => [
    await upsertByCode(tx, {
      importId,
      sheet: 'Empresas',
      table: 'companies',
      present,
      columns: [code, name, { name: 'country_id', value: sql`c.id`, update: 'never' }, flag],
      joins: sql`join ${countries} as c on c.code = s.data->>'Pais'`,
    }),
  ],
  Laboratorios: async (tx, importId, present) => [
    await upsertByCode(tx, {
      importId,
      sheet: 'Laboratorios',
      table: 'laboratories',
      present,
      columns: [
        code,
        name,
        { name: 'company_id', value: sql`co.id`, update: 'never' },
        { name: 'country_id', value: sql`co.country_id`, update: 'never' },
        flag,
      ],
      joins: sql`join ${companies} as co on co.code = s.data->>'Empresa'`,
    }),
  ],
  Lineas: async (tx, importId, present) => [
    await upsertByCode(tx, {
      importId,
      sheet: 'Lineas',
      table: 'lines',
      present,
      columns: [code, name, { name: 'laboratory_id', value: sql`l.id`, update: 'never' }, flag],
      joins: sql`join ${laboratories} as l on l.code = s.data->>'Laboratorio'`,
    }),
  ],
  Familias: async (tx, importId, present) => [await upsertByCode(tx, { importId, sheet: 'Familias', table: 'families', present, columns: [code, name, flag] })],
  PrincipiosActivos: async (tx, importId, present) => [
    await upsertByCode(tx, { importId, sheet: 'PrincipiosActivos', table: 'active_ingredients', present, columns: [code, name, flag] }),
  ],
  Productos: async (tx, importId, present) => {
    const changes = [
      await upsertByCode(tx, {
        importId,
        sheet: 'Productos',
        table: 'products',
        present,
        touch: true,
        columns: [
          code,
          { name: 'commercial_name', value: sql`s.data->>'Nombre'`, update: 'always' },
          { name: 'family_id', value: sql`f.id`, update: 'always' },
          { name: 'laboratory_id', value: sql`l.id`, update: 'always' },
          // Without the Linea column a product that changes laboratory loses its line (the old one is of the other laboratory).
          present.has('Linea')
            ? { name: 'line_id', value: sql`ln.id`, update: 'always' }
            : { name: 'line_id', value: sql`case when p.laboratory_id = l.id then p.line_id end`, update: 'always' },
          { name: 'pharmaceutical_form_id', value: sql`(s.data->>'FormaFarmaceuticaId')::int`, update: { whenPresent: 'FormaFarmaceutica' } },
          { name: 'eliminado', value: eliminado, update: { whenPresent: 'Activo' } },
        ],
        joins: sql`join ${families} as f on f.code = s.data->>'Familia'
          join ${laboratories} as l on l.code = s.data->>'Laboratorio'
          left join ${lines} as ln on ln.code = s.data->>'Linea'
          left join ${products} as p on p.code = s.data->>'Codigo'`,
      }),
    ];
    if (present.has('Paises')) changes.push(await replaceProductCountries(tx, importId));
    return changes;
  },
  ProductoPrincipios: async (tx, importId, present) => [await replaceProductIngredients(tx, importId, present)],
};

/** The countries of each product of the Productos sheet become those of its Paises cell. */
async function replaceProductCountries(tx: DbOrTx, importId: string): Promise<SheetChange> {
  const result = await tx.execute<{ inserted: number; removed: number }>(sql`
    with listed as (
      select p.id as product_id, s.data->'Paises' as paises
      from ${catalogImportRows} as s
      join ${products} as p on p.code = s.data->>'Codigo'
      where ${stagedOf(importId, 'Productos')}
    ), wanted as (
      select listed.product_id, c.id as country_id
      from listed
      cross join lateral jsonb_array_elements_text(listed.paises) as pais(code)
      join ${countries} as c on c.code = pais.code
    ), removed as (
      delete from product_countries as pc
      using listed
      where pc.product_id = listed.product_id
        and not exists (select 1 from wanted where wanted.product_id = pc.product_id and wanted.country_id = pc.country_id)
      returning 1
    ), added as (
      insert into product_countries (product_id, country_id)
      select product_id, country_id from wanted
      on conflict do nothing
      returning 1
    )
    select (select count(*) from added)::int as inserted, 0 as updated, (select count(*) from removed)::int as removed`);
  return counts(result.rows[0]);
}

/** The ingredients of each product named in ProductoPrincipios become those of its rows. */
async function replaceProductIngredients(tx: DbOrTx, importId: string, present: ReadonlySet<string>): Promise<SheetChange> {
  const updated = [
    ...(present.has('Concentracion') ? ['concentration'] : []),
    ...(present.has('Unidad') ? ['unit_id'] : []),
  ];
  const conflict =
    updated.length === 0
      ? sql`do nothing`
      : sql`do update set ${sql.join(
          updated.map((column) => sql`${sql.identifier(column)} = excluded.${sql.identifier(column)}`),
          sql`, `,
        )}
        where (${sql.join(
          updated.map((column) => sql`product_ingredients.${sql.identifier(column)}`),
          sql`, `,
        )}, true) is distinct from (${sql.join(
          updated.map((column) => sql`excluded.${sql.identifier(column)}`),
          sql`, `,
        )}, true)`;
  const result = await tx.execute<{ inserted: number; updated: number; removed: number }>(sql`
    with wanted as (
      select p.id as product_id, a.id as active_ingredient_id,
        (s.data->>'Concentracion')::numeric as concentration, (s.data->>'UnidadId')::int as unit_id
      from ${catalogImportRows} as s
      join ${products} as p on p.code = s.data->>'Producto'
      join ${activeIngredients} as a on a.code = s.data->>'PrincipioActivo'
      where ${stagedOf(importId, 'ProductoPrincipios')}
    ), removed as (
      delete from product_ingredients as pi
      where pi.product_id in (select product_id from wanted)
        and not exists (select 1 from wanted where wanted.product_id = pi.product_id and wanted.active_ingredient_id = pi.active_ingredient_id)
      returning 1
    ), upserted as (
      insert into product_ingredients (product_id, active_ingredient_id, concentration, unit_id)
      select product_id, active_ingredient_id, concentration, unit_id from wanted
      on conflict (product_id, active_ingredient_id) ${conflict}
      returning (xmax = 0) as inserted
    )
    select (select count(*) filter (where inserted) from upserted)::int as inserted,
      (select count(*) filter (where not inserted) from upserted)::int as updated,
      (select count(*) from removed)::int as removed`);
  return counts(result.rows[0]);
}

/**
 * Refreshes the planner's statistics of the staging table once it is loaded: without them the
 * switch's joins are planned for an empty table (nested loops over thousands of rows). PGlite
 * runs no autovacuum; on PostgreSQL it would come too late.
 */
export async function analyzeStagedRows(db: Db): Promise<void> {
  await db.execute(sql`analyze ${catalogImportRows}`);
}

/** Refreshes the planner's statistics of the tables a large import filled. */
export async function analyzeCatalog(db: Db): Promise<void> {
  await db.execute(sql`analyze ${products}, product_ingredients, product_countries`);
}
