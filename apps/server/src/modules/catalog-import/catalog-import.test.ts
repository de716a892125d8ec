import { randomUUID } from 'node:crypto';
import { CATALOG_SHEETS, type CatalogSheetName, type CountryProduct, ER_STATUS, MSG } from '@atalaya/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeIngredients,
  auditLog,
  catalogImportRows,
  companies,
  countries,
  families,
  laboratories,
  lines,
  medicationUnits,
  pharmaceuticalForms,
  productCountries,
  productIngredients,
  products,
} from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { csvOf, type Rows, workbookOf } from '../../test-support/catalog-files.js';
import { createCase } from '../../test-support/cases.js';
import { signIn, type SignedIn } from '../../test-support/home-reports.js';
import { createImportJob, type RecordedCall, type TestImportJob } from '../../test-support/import-job-context.js';
import { ImportRejected, type ImportRowError } from '../imports/index.js';
import { createConfigurationEvents, onConfigurationChanged } from '../../shared/configuration-events.js';
import { catalogImportHandler, createCatalogImportHandler } from './index.js';

/**
 * The product catalogue import (docs/imports.md 'The product catalogue'), through its handler
 * with a recording job context: every row error with its sheet, row, column and message, all
 * or nothing, updates by code, rows absent from the file untouched, disabling by flag, the links
 * of a product replaced, CSV in its variants, and what the case wizard then offers. Every file
 * uses codes of its own (a suffix), so the files of the suite share a database safely.
 */

let t: TestApp;
let admin: SignedIn;
let rlf: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  [admin, rlf] = await Promise.all([signIn(t, 'ADMIN'), signIn(t, 'RLF', 'UY')]);
});
afterAll(() => t.close());

const HEADERS: Record<CatalogSheetName, string[]> = Object.fromEntries(CATALOG_SHEETS.map((sheet) => [sheet.name, sheet.columns.map((column) => column.name)])) as Record<
  CatalogSheetName,
  string[]
>;

/** A fresh world of codes: a company in UY with a laboratory, a line, a family, two ingredients. */
function world() {
  const s = randomUUID().slice(0, 8).toUpperCase();
  return {
    s,
    company: `CIA-${s}`,
    laboratory: `LAB-${s}`,
    otherLaboratory: `LAB2-${s}`,
    line: `LIN-${s}`,
    otherLine: `LIN2-${s}`,
    family: `FAM-${s}`,
    ingredient: `PA-${s}`,
    otherIngredient: `PA2-${s}`,
    product: (n: number) => `PRD-${s}-${n}`,
  };
}
type World = ReturnType<typeof world>;

/** The sheets every product needs, for world `w`. */
function basics(w: World): Record<string, Rows> {
  return {
    Empresas: [HEADERS.Empresas, [w.company, `Compañía ${w.s}`, 'UY', 'Sí']],
    Laboratorios: [HEADERS.Laboratorios, [w.laboratory, `Laboratorio ${w.s}`, w.company, 'Sí'], [w.otherLaboratory, `Otro laboratorio ${w.s}`, w.company, 'Sí']],
    Lineas: [HEADERS.Lineas, [w.line, `Línea ${w.s}`, w.laboratory, 'Sí'], [w.otherLine, `Otra línea ${w.s}`, w.otherLaboratory, 'Sí']],
    Familias: [HEADERS.Familias, [w.family, `Familia ${w.s}`, 'Sí']],
    PrincipiosActivos: [HEADERS.PrincipiosActivos, [w.ingredient, `ibuprofeno ${w.s}`, 'Sí'], [w.otherIngredient, `cafeína ${w.s}`, 'Sí']],
  };
}

/** A Productos row: code, name, family, laboratory, line, form, countries, flag. */
function productRow(w: World, n: number, overrides: Partial<Record<string, string>> = {}): string[] {
  const row: Record<string, string> = {
    Codigo: w.product(n),
    Nombre: `Producto ${n} ${w.s}`,
    Familia: w.family,
    Laboratorio: w.laboratory,
    Linea: w.line,
    FormaFarmaceutica: 'COMPRIMIDO',
    Paises: 'UY, AR',
    Activo: 'Sí',
    ...overrides,
  };
  return HEADERS.Productos.map((column) => row[column] ?? '');
}

interface Outcome {
  job: TestImportJob;
  error: unknown;
}

async function importFile(fileName: string, content: string | Uint8Array, onCall?: (call: RecordedCall, job: TestImportJob) => void): Promise<Outcome> {
  const job = await createImportJob(t.database.db, { userId: admin.user.id, fileName, content, onCall });
  try {
    await catalogImportHandler.run(job.ctx);
    return { job, error: null };
  } catch (error) {
    return { job, error };
  } finally {
    await job.cleanup();
  }
}

async function importOk(fileName: string, content: string | Uint8Array): Promise<TestImportJob> {
  const { job, error } = await importFile(fileName, content);
  if (error) throw error;
  return job;
}

/** The import's refusal: its message and row errors. */
async function rejected(fileName: string, content: string | Uint8Array): Promise<{ message: string; rowErrors: readonly ImportRowError[]; job: TestImportJob }> {
  const { job, error } = await importFile(fileName, content);
  if (!(error instanceof ImportRejected)) throw new Error(`Expected ImportRejected, got ${String(error)}`);
  return { message: error.message, rowErrors: error.rowErrors, job };
}

async function productByCode(code: string) {
  const [row] = await t.database.db.select().from(products).where(eq(products.code, code));
  return row;
}

async function countriesOf(code: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ code: countries.code })
    .from(productCountries)
    .innerJoin(products, eq(products.id, productCountries.productId))
    .innerJoin(countries, eq(countries.id, productCountries.countryId))
    .where(eq(products.code, code));
  return rows.map((row) => row.code).sort();
}

async function ingredientsOf(code: string) {
  const rows = await t.database.db
    .select({ code: activeIngredients.code, concentration: productIngredients.concentration, unit: medicationUnits.value })
    .from(productIngredients)
    .innerJoin(products, eq(products.id, productIngredients.productId))
    .innerJoin(activeIngredients, eq(activeIngredients.id, productIngredients.activeIngredientId))
    .leftJoin(medicationUnits, eq(medicationUnits.id, productIngredients.unitId))
    .where(eq(products.code, code));
  return rows.sort((a, b) => a.code.localeCompare(b.code));
}

async function existingCodes(table: typeof companies | typeof families | typeof products, codes: string[]): Promise<string[]> {
  const rows = await t.database.db.select({ code: table.code }).from(table).where(inArray(table.code, codes));
  return rows.map((row) => row.code);
}

describe('a workbook of every sheet', () => {
  it('inserts the rows of each sheet in load order, reports the progress, and audits the import once', async () => {
    const w = world();
    const file = await workbookOf({
      ...basics(w),
      Productos: [HEADERS.Productos, productRow(w, 1), productRow(w, 2, { Linea: '', FormaFarmaceutica: '', Paises: 'UY' })],
      ProductoPrincipios: [HEADERS.ProductoPrincipios, [w.product(1), w.ingredient, '400', 'MG'], [w.product(1), w.otherIngredient, 65.5, 'MG'], [w.product(2), w.ingredient, '', '']],
    });
    const job = await importOk('catalogo.xlsx', file);

    const sheets = ['Empresas', 'Laboratorios', 'Lineas', 'Familias', 'PrincipiosActivos', 'Productos', 'ProductoPrincipios'];
    expect(job.calls[0]).toEqual({ call: 'declareTables', names: sheets });
    expect(job.calls.filter((call) => call.call === 'tableStarted').map((call) => call.name)).toEqual(sheets);
    const done = job.calls.filter((call) => call.call === 'tableDone');
    expect(done.map((call) => [call.name, call.inserted])).toEqual([
      ['Empresas', 1],
      ['Laboratorios', 2],
      ['Lineas', 2],
      ['Familias', 1],
      ['PrincipiosActivos', 2],
      ['Productos', 2],
      ['ProductoPrincipios', 3],
    ]);
    const percentages = job.calls.flatMap((call) => ('percentage' in call ? [call.percentage] : []));
    expect(percentages).toEqual([...percentages].sort((a, b) => a - b));
    expect(percentages.at(-1)).toBe(100);

    const [lab] = await t.database.db
      .select({ company: companies.code, country: countries.code })
      .from(laboratories)
      .innerJoin(companies, eq(companies.id, laboratories.companyId))
      .innerJoin(countries, eq(countries.id, laboratories.countryId))
      .where(eq(laboratories.code, w.laboratory));
    expect(lab).toEqual({ company: w.company, country: 'UY' });
    const [form] = await t.database.db.select({ id: pharmaceuticalForms.id }).from(pharmaceuticalForms).where(eq(pharmaceuticalForms.value, 'COMPRIMIDO'));
    const [line] = await t.database.db.select({ id: lines.id }).from(lines).where(eq(lines.code, w.line));
    expect(await productByCode(w.product(1))).toMatchObject({ commercialName: `Producto 1 ${w.s}`, lineId: line?.id, pharmaceuticalFormId: form?.id, eliminado: false });
    expect(await productByCode(w.product(2))).toMatchObject({ lineId: null, pharmaceuticalFormId: null });
    expect(await countriesOf(w.product(1))).toEqual(['AR', 'UY']);
    expect(await countriesOf(w.product(2))).toEqual(['UY']);
    expect(await ingredientsOf(w.product(1))).toEqual([
      { code: w.ingredient, concentration: 400, unit: 'MG' },
      { code: w.otherIngredient, concentration: 65.5, unit: 'MG' },
    ]);
    expect(await ingredientsOf(w.product(2))).toEqual([{ code: w.ingredient, concentration: null, unit: null }]);

    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.kind, 'catalog.imported'), eq(auditLog.pkId, job.ctx.code)));
    expect(audit).toEqual([
      expect.objectContaining({
        instance: 'Configuracion',
        operationType: 'U',
        userId: admin.user.id,
        description: MSG.catalogImport.auditDescription(job.ctx.code, 'catalogo.xlsx'),
        newValues: expect.objectContaining({ Productos: '2 nuevos, 0 modificados', 'Productos (países)': '3 nuevos, 0 modificados, 0 quitados', ProductoPrincipios: '3 nuevos, 0 modificados, 0 quitados' }),
      }),
    ]);
    const staged = await t.database.db.select().from(catalogImportRows).where(eq(catalogImportRows.importId, job.ctx.importId));
    expect(staged).toEqual([]);
  });

  it('takes the sheets in any order: a row may name a row of a sheet further down', async () => {
    const w = world();
    const { Empresas, Laboratorios, Lineas, Familias, PrincipiosActivos } = basics(w);
    const file = await workbookOf({
      ProductoPrincipios: [HEADERS.ProductoPrincipios, [w.product(1), w.ingredient, 1, 'G']],
      Productos: [HEADERS.Productos, productRow(w, 1)],
      Lineas: Lineas ?? [],
      Laboratorios: Laboratorios ?? [],
      Empresas: Empresas ?? [],
      PrincipiosActivos: PrincipiosActivos ?? [],
      Familias: Familias ?? [],
    });
    await importOk('desordenado.xlsx', file);
    expect(await ingredientsOf(w.product(1))).toEqual([{ code: w.ingredient, concentration: 1, unit: 'G' }]);
  });

  it('announces the changed catalogue on the configuration events, and only when something changed', async () => {
    const w = world();
    const configurationEvents = createConfigurationEvents();
    const announced: string[] = [];
    onConfigurationChanged(configurationEvents, (change) => announced.push(change.what));
    const handler = createCatalogImportHandler({ announce: { configurationEvents, log: t.app.log } });
    const file = await workbookOf({ Familias: [HEADERS.Familias, [w.family, `Familia ${w.s}`, 'Sí']] });
    for (let run = 0; run < 2; run++) {
      const job = await createImportJob(t.database.db, { userId: admin.user.id, fileName: 'familias.xlsx', content: file });
      await handler.run(job.ctx);
      await job.cleanup();
    }
    expect(announced).toEqual(['catalogo']);
  });
});

describe('the validation pass', () => {
  it('reports every bad row with its sheet, row, column and message, and writes nothing', async () => {
    const w = world();
    await importOk('Empresas.csv', csvOf([HEADERS.Empresas, [`${w.company}-E`, 'Existente', 'UY', 'Sí']]));
    const long = 'x'.repeat(201);
    const file = await workbookOf({
      Paises: [HEADERS.Paises, ['URU', 'Uruguay', 'America/Montevideo', 'Sí'], ['ZZ', 'Zetalandia', 'Marte/Olimpo', 'Sí']],
      Empresas: [HEADERS.Empresas, [w.company, `Compañía ${w.s}`, 'UY', 'Sí'], [`${w.company}-B`, '', 'XX', 'Sí'], [`${w.company}-E`, 'Existente', 'AR', 'Sí']],
      Laboratorios: [HEADERS.Laboratorios, [w.laboratory, long, w.company, 'Sí'], [w.otherLaboratory, 'Otro', w.company, 'Sí']],
      Lineas: [HEADERS.Lineas, [w.line, 'Línea', `NOEXISTE-${w.s}`, 'Sí'], [w.otherLine, 'Otra', w.otherLaboratory, 'Sí']],
      Familias: [HEADERS.Familias, [w.family, 'Familia', 'Sí'], [w.family, 'Familia repetida', 'Sí']],
      PrincipiosActivos: [HEADERS.PrincipiosActivos, [w.ingredient, 'ibuprofeno', 'quizás']],
      Productos: [
        HEADERS.Productos,
        productRow(w, 1, { Linea: w.otherLine }),
        productRow(w, 2, { FormaFarmaceutica: 'PASTILLA', Familia: `FAM-NO-${w.s}`, Linea: '', Paises: 'UY, QQ' }),
      ],
      ProductoPrincipios: [
        HEADERS.ProductoPrincipios,
        [w.product(1), w.ingredient, 'diez', 'MG'],
        [w.product(1), w.ingredient, '10', 'KILO'],
        [`PRD-NO-${w.s}`, w.ingredient, '-1', ''],
      ],
    });
    const { message, rowErrors, job } = await rejected('errores.xlsx', file);
    const unknown = MSG.catalogImport.referenceNames;
    const expected: ImportRowError[] = [
      { sheet: 'Paises', row: 2, column: 'Codigo', message: MSG.catalogImport.countryCode },
      { sheet: 'Paises', row: 3, column: 'ZonaHoraria', message: MSG.catalogImport.timeZone },
      { sheet: 'Empresas', row: 3, column: 'Nombre', message: MSG.catalogImport.required },
      { sheet: 'Empresas', row: 3, column: 'Pais', message: MSG.catalogImport.unknownReference(unknown.Paises, 'XX') },
      { sheet: 'Empresas', row: 4, column: 'Pais', message: MSG.catalogImport.companyCountryChanged('UY') },
      { sheet: 'Laboratorios', row: 2, column: 'Nombre', message: MSG.catalogImport.tooLong(200) },
      { sheet: 'Lineas', row: 2, column: 'Laboratorio', message: MSG.catalogImport.unknownReference(unknown.Laboratorios, `NOEXISTE-${w.s}`) },
      { sheet: 'Familias', row: 3, column: 'Codigo', message: MSG.catalogImport.duplicateCode(2) },
      { sheet: 'PrincipiosActivos', row: 2, column: 'Activo', message: MSG.catalogImport.flag },
      { sheet: 'Productos', row: 2, column: 'Linea', message: MSG.catalogImport.lineOfOtherLaboratory(w.otherLine, w.laboratory) },
      { sheet: 'Productos', row: 3, column: 'Familia', message: MSG.catalogImport.unknownReference(unknown.Familias, `FAM-NO-${w.s}`) },
      { sheet: 'Productos', row: 3, column: 'FormaFarmaceutica', message: MSG.catalogImport.unknownListValue('FormaFarmaceutica', 'PASTILLA') },
      { sheet: 'Productos', row: 3, column: 'Paises', message: MSG.catalogImport.unknownReference(unknown.Paises, 'QQ') },
      { sheet: 'ProductoPrincipios', row: 2, column: 'Concentracion', message: MSG.catalogImport.number },
      { sheet: 'ProductoPrincipios', row: 3, column: 'PrincipioActivo', message: MSG.catalogImport.duplicateIngredient(2) },
      { sheet: 'ProductoPrincipios', row: 3, column: 'Unidad', message: MSG.catalogImport.unknownListValue('MedicamentoUnidad', 'KILO') },
      { sheet: 'ProductoPrincipios', row: 4, column: 'Producto', message: MSG.catalogImport.unknownReference(unknown.Productos, `PRD-NO-${w.s}`) },
      { sheet: 'ProductoPrincipios', row: 4, column: 'Concentracion', message: MSG.catalogImport.number },
    ];
    expect(rowErrors).toEqual(expected);
    expect(message).toBe(MSG.catalogImport.rejected(expected.length, expected.length));
    expect(job.calls).toEqual([]);
    expect(await existingCodes(companies, [w.company])).toEqual([]);
    expect(await existingCodes(families, [w.family])).toEqual([]);
  });

  it('writes nothing when a single row of many is bad', async () => {
    const w = world();
    const file = await workbookOf({
      ...basics(w),
      Productos: [HEADERS.Productos, productRow(w, 1), productRow(w, 2), productRow(w, 3, { Laboratorio: '' }), productRow(w, 4)],
    });
    const { rowErrors } = await rejected('uno-malo.xlsx', file);
    expect(rowErrors).toEqual([{ sheet: 'Productos', row: 4, column: 'Laboratorio', message: MSG.catalogImport.required }]);
    expect(await existingCodes(products, [1, 2, 4].map(w.product))).toEqual([]);
    expect(await existingCodes(companies, [w.company])).toEqual([]);
  });

  it('reports the header: a missing required column, an unknown or repeated one', async () => {
    const file = await workbookOf({
      Familias: [['Codigo', 'Nombre', 'Nombre', 'Color']],
      Productos: [['Codigo', 'Nombre', 'Familia', 'Activo']],
    });
    const { rowErrors } = await rejected('encabezados.xlsx', file);
    expect(rowErrors).toEqual([
      { sheet: 'Familias', row: 1, column: 'Nombre', message: MSG.catalogImport.duplicateColumn },
      { sheet: 'Familias', row: 1, column: 'Color', message: MSG.catalogImport.unknownColumn('Familias') },
      { sheet: 'Productos', row: 1, column: 'Laboratorio', message: MSG.catalogImport.missingColumn },
    ]);
  });

  it('refuses NUL and line breaks in a cell, a value under no column, and a quote left open', async () => {
    const w = world();
    const csv = csvOf([HEADERS.Familias, [w.family, 'Fami\u0000lia', 'Sí'], [`${w.family}-2`, 'Dos\nlíneas', 'Sí'], [`${w.family}-3`, 'Tres', 'Sí', 'de más']]);
    const { rowErrors } = await rejected('Familias.csv', `${csv}"${w.family}-4;sin cerrar\r\n`);
    expect(rowErrors).toEqual([
      { sheet: 'Familias', row: 2, column: 'Nombre', message: MSG.catalogImport.nul },
      { sheet: 'Familias', row: 3, column: 'Nombre', message: MSG.catalogImport.control },
      { sheet: 'Familias', row: 4, column: 'columna 4', message: MSG.catalogImport.extraValues },
      { sheet: 'Familias', row: 5, column: '', message: MSG.catalogImport.unclosedQuote },
    ]);
  });

  it('refuses the files that are not a catalogue', async () => {
    const oldExcel = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    expect((await rejected('viejo.xls', oldExcel)).message).toBe(MSG.catalogImport.oldExcel);
    expect((await rejected('roto.xlsx', Buffer.from('PK\u0003\u0004 no es un zip'))).message).toBe(MSG.catalogImport.notReadable);
    expect((await rejected('otra.xlsx', await workbookOf({ Hoja1: [['a', 'b'], [1, 2]] }))).message).toBe(MSG.catalogImport.notCatalog);
    // The header Codigo;Nombre;Activo is both Familias and PrincipiosActivos: the name must tell.
    expect((await rejected('datos.csv', csvOf([['Codigo', 'Nombre', 'Activo'], ['X', 'Y', 'Sí']]))).message).toBe(MSG.catalogImport.csvSheetUnknown);
  });
});

describe('the merge', () => {
  it('updates an existing code in place, and leaves the rows absent from the file as they were', async () => {
    const w = world();
    await importOk('inicial.xlsx', await workbookOf({ ...basics(w), Productos: [HEADERS.Productos, productRow(w, 1), productRow(w, 2)] }));
    const before = await productByCode(w.product(1));
    const untouched = await productByCode(w.product(2));

    const csv = csvOf([
      ['Codigo', 'Nombre', 'Familia', 'Laboratorio', 'Linea'],
      [w.product(1), `Renombrado ${w.s}`, w.family, w.otherLaboratory, w.otherLine],
    ]);
    await importOk('Productos.csv', csv);
    const after = await productByCode(w.product(1));
    expect(after?.id).toBe(before?.id);
    expect(after).toMatchObject({ commercialName: `Renombrado ${w.s}`, pharmaceuticalFormId: before?.pharmaceuticalFormId, eliminado: false });
    expect(after?.laboratoryId).not.toBe(before?.laboratoryId);
    expect(after?.updatedAt.getTime()).toBeGreaterThan(before?.updatedAt.getTime() ?? 0);
    // The file had no Paises column: the countries stay.
    expect(await countriesOf(w.product(1))).toEqual(['AR', 'UY']);
    expect(await productByCode(w.product(2))).toEqual(untouched);
  });

  it('disables a row whose Activo is No, keeps the flag when the column is absent, and enables it again', async () => {
    const w = world();
    await importOk('inicial.xlsx', await workbookOf({ ...basics(w), Productos: [HEADERS.Productos, productRow(w, 1), productRow(w, 2)] }));
    const [sold] = await t.database.db.select({ id: products.id }).from(products).where(eq(products.code, w.product(2)));
    const uyCase = await createCase(t.database.db, { status: ER_STATUS.PENDIENTE, createdBy: rlf.user.id, country: 'UY', productIds: [sold?.id ?? 0] });
    const offered = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/getProductsCountryByMeta/${uyCase.meta}`, headers: rlf.headers }))
        .json<CountryProduct[]>()
        .filter((product) => product.ComercialName.endsWith(w.s))
        .map((product) => product.ComercialName);
    expect(await offered()).toEqual([`Producto 1 ${w.s}`, `Producto 2 ${w.s}`]);

    await importOk('Productos.csv', csvOf([HEADERS.Productos, productRow(w, 1, { Activo: 'No' })]));
    expect((await productByCode(w.product(1)))?.eliminado).toBe(true);
    expect(await offered()).toEqual([`Producto 2 ${w.s}`]);

    await importOk('Productos.csv', csvOf([['Codigo', 'Nombre', 'Familia', 'Laboratorio'], [w.product(1), `Producto 1 ${w.s}`, w.family, w.laboratory]]));
    expect((await productByCode(w.product(1)))?.eliminado).toBe(true);

    await importOk('Productos.csv', csvOf([HEADERS.Productos, productRow(w, 1, { Activo: 'si' })]));
    expect((await productByCode(w.product(1)))?.eliminado).toBe(false);
    expect(await offered()).toEqual([`Producto 1 ${w.s}`, `Producto 2 ${w.s}`]);
  });

  it('replaces the ingredients and countries of the products the file lists, and only theirs', async () => {
    const w = world();
    await importOk(
      'inicial.xlsx',
      await workbookOf({
        ...basics(w),
        Productos: [HEADERS.Productos, productRow(w, 1, { Paises: 'UY AR PY' }), productRow(w, 2)],
        ProductoPrincipios: [HEADERS.ProductoPrincipios, [w.product(1), w.ingredient, 200, 'MG'], [w.product(1), w.otherIngredient, 30, 'MG'], [w.product(2), w.ingredient, 400, 'MG']],
      }),
    );
    await importOk(
      'cambios.xlsx',
      await workbookOf({
        Productos: [HEADERS.Productos, productRow(w, 1, { Paises: 'py; CL' })],
        ProductoPrincipios: [HEADERS.ProductoPrincipios, [w.product(1), w.ingredient, '250,5', 'MG']],
      }),
    );
    expect(await countriesOf(w.product(1))).toEqual(['CL', 'PY']);
    expect(await ingredientsOf(w.product(1))).toEqual([{ code: w.ingredient, concentration: 250.5, unit: 'MG' }]);
    expect(await countriesOf(w.product(2))).toEqual(['AR', 'UY']);
    expect(await ingredientsOf(w.product(2))).toEqual([{ code: w.ingredient, concentration: 400, unit: 'MG' }]);
  });

  it('refuses to move a laboratory to another company or a line to another laboratory', async () => {
    const w = world();
    await importOk('inicial.xlsx', await workbookOf(basics(w)));
    const { rowErrors } = await rejected(
      'mover.xlsx',
      await workbookOf({
        Empresas: [HEADERS.Empresas, [`${w.company}-N`, 'Nueva', 'UY', 'Sí']],
        Laboratorios: [HEADERS.Laboratorios, [w.laboratory, 'Laboratorio', `${w.company}-N`, 'Sí']],
        Lineas: [HEADERS.Lineas, [w.line, 'Línea', w.otherLaboratory, 'Sí']],
      }),
    );
    expect(rowErrors).toEqual([
      { sheet: 'Laboratorios', row: 2, column: 'Empresa', message: MSG.catalogImport.laboratoryCompanyChanged(w.company) },
      { sheet: 'Lineas', row: 2, column: 'Laboratorio', message: MSG.catalogImport.lineLaboratoryChanged(w.laboratory) },
    ]);
  });

  it('stops at a cancel between two batches and leaves the catalogue and the staging table as they were', async () => {
    const w = world();
    const many = Array.from({ length: 4_100 }, (_, index) => [`${w.family}-${index}`, `Familia ${index} ${w.s}`, 'Sí']);
    const { job, error } = await importFile('Familias.csv', csvOf([HEADERS.Familias, ...many]), (call, running) => {
      if (call.call === 'tableProgress') running.controller.abort(new Error('cancelada'));
    });
    expect(error).toEqual(new Error('cancelada'));
    expect(job.calls.filter((call) => call.call === 'tableDone')).toEqual([]);
    expect(await existingCodes(families, [`${w.family}-0`, `${w.family}-4099`])).toEqual([]);
    expect(await t.database.db.select().from(catalogImportRows).where(eq(catalogImportRows.importId, job.ctx.importId))).toEqual([]);
  });
});

describe('CSV files', () => {
  it('reads `;` and `,` separators, with or without BOM, quoted values, CRLF or LF, and Spanish accents', async () => {
    const w = world();
    await importOk('inicial.xlsx', await workbookOf(basics(w)));
    const rows = (n: number, name: string) => [HEADERS.Productos, productRow(w, n, { Nombre: name, Paises: 'UY, AR' })];
    const variants: [string, string][] = [
      ['Productos.csv', `\ufeff${csvOf(rows(1, `Ñandú niño ${w.s}`), ';')}`],
      ['Productos.csv', csvOf(rows(2, `Acción rápida, "forte" ${w.s}`), ',')],
      ['productos (1).csv', csvOf(rows(3, `Pingüino ${w.s}`), ';').replace(/\r\n/g, '\n')],
      ['export.csv', `\ufeff${csvOf(rows(4, `Café con leche ${w.s}`), ',')}`],
    ];
    for (const [fileName, content] of variants) await importOk(fileName, content);
    expect((await productByCode(w.product(1)))?.commercialName).toBe(`Ñandú niño ${w.s}`);
    expect((await productByCode(w.product(2)))?.commercialName).toBe(`Acción rápida, "forte" ${w.s}`);
    expect((await productByCode(w.product(3)))?.commercialName).toBe(`Pingüino ${w.s}`);
    expect((await productByCode(w.product(4)))?.commercialName).toBe(`Café con leche ${w.s}`);
    for (const n of [1, 2, 3, 4]) expect(await countriesOf(w.product(n))).toEqual(['AR', 'UY']);
  });

  it('reads a CSV saved as Windows-1252 (Excel’s "CSV delimitado por comas")', async () => {
    const w = world();
    const text = csvOf([HEADERS.PrincipiosActivos, [w.ingredient, `ácido acetilsalicílico ñ ${w.s}`, 'Sí']]);
    await importOk('PrincipiosActivos.csv', Buffer.from(text, 'latin1'));
    const [row] = await t.database.db.select({ name: activeIngredients.name }).from(activeIngredients).where(eq(activeIngredients.code, w.ingredient));
    expect(row?.name).toBe(`ácido acetilsalicílico ñ ${w.s}`);
  });
});
