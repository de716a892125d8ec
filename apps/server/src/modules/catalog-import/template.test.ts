import { randomUUID } from 'node:crypto';
import { CATALOG_SHEETS, type CountryProduct, ER_STATUS, MSG } from '@atalaya/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, productCountries, products } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { readWorkbook } from '../../test-support/catalog-files.js';
import { createCase } from '../../test-support/cases.js';
import { signIn, type SignedIn } from '../../test-support/home-reports.js';
import { createImportJob } from '../../test-support/import-job-context.js';
import { catalogImportHandler } from './index.js';

/**
 * The template (`getdataimporttemplate`, docs/imports.md 'The template'): who may download it,
 * what it holds, and the round trip: the template imported as it is succeeds and changes
 * nothing the second time; its Productos CSV with a new code and name gives a product the
 * case wizard offers in the case's country.
 */

let t: TestApp;
let admin: SignedIn;
let rlf: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  [admin, rlf] = await Promise.all([signIn(t, 'ADMIN'), signIn(t, 'RLF', 'UY')]);
});
afterAll(() => t.close());

function template(query: string, who: SignedIn | null = admin) {
  return t.app.inject({ method: 'GET', url: `/api/getdataimporttemplate${query}`, headers: who?.headers ?? {} });
}

async function runImport(fileName: string, content: string | Uint8Array) {
  const job = await createImportJob(t.database.db, { userId: admin.user.id, fileName, content });
  try {
    await catalogImportHandler.run(job.ctx);
    return job;
  } finally {
    await job.cleanup();
  }
}

describe('GET /api/getdataimporttemplate', () => {
  it('answers the workbook: Instrucciones, then one sheet per entity in load order with its header and an example line', async () => {
    const response = await template('?format=xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe('attachment; filename=plantilla-catalogo.xlsx');
    expect(response.headers['cache-control']).toBe('no-store');
    const sheets = await readWorkbook(response.rawPayload);
    expect([...sheets.keys()]).toEqual(['Instrucciones', ...CATALOG_SHEETS.map((sheet) => sheet.name)]);
    for (const sheet of CATALOG_SHEETS) {
      const rows = sheets.get(sheet.name) ?? [];
      expect(rows[0], sheet.name).toEqual(sheet.columns.map((column) => column.name));
      expect(rows, sheet.name).toHaveLength(2);
    }
    expect(sheets.get('Productos')?.[1]).toEqual(['PRD-ENALTAR-10', 'Enaltar 10', 'FAM-ANTIHIPERTENSIVOS', 'LAB-TERRAMAR', 'LIN-TERRAMAR-CARDIO', 'COMPRIMIDO', 'UY, AR, PY', 'Sí']);
    expect(sheets.get('ProductoPrincipios')?.[1]).toEqual(['PRD-ENALTAR-10', 'ENALAPRIL', 10, 'MG']);
    expect(sheets.get('Instrucciones')?.flat()).toContain('Productos');
  });

  it('is the workbook without a format', async () => {
    const response = await template('');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename=plantilla-catalogo.xlsx');
  });

  it('answers one sheet as CSV: UTF-8 with BOM, semicolons, the header and the example line', async () => {
    const response = await template('?format=csv&sheet=Paises');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename=Paises.csv');
    expect(response.body).toBe('\ufeffCodigo;Nombre;ZonaHoraria;Activo\r\nUY;Uruguay;America/Montevideo;Sí\r\n');
  });

  it('refuses an unknown format or sheet, and CSV without a sheet, with 400', async () => {
    for (const [query, message] of [
      ['?format=pdf', MSG.catalogImport.templateFormat],
      ['?format=csv&sheet=Medicamentos', MSG.catalogImport.templateSheet],
      ['?format=csv', MSG.catalogImport.templateCsvNeedsSheet],
    ] as const) {
      const response = await template(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ Message: message });
    }
  });

  it('is for ADMIN only: 403 for the other roles, 401 without a session', async () => {
    for (const role of ['QPPV', 'RLF', 'CL', 'Fabricante'] as const) {
      const response = await template('?format=xlsx', await signIn(t, role));
      expect(response.statusCode, role).toBe(403);
      expect(response.json()).toMatchObject({ Message: MSG.errors.forbidden });
    }
    expect((await template('?format=xlsx', null)).statusCode).toBe(401);
  });
});

describe('the template round trip', () => {
  it('imports the template as it is, and a second time changes nothing', async () => {
    const workbook = (await template('?format=xlsx')).rawPayload;
    const first = await runImport('plantilla-catalogo.xlsx', workbook);
    const names = CATALOG_SHEETS.map((sheet) => sheet.name);
    expect(first.calls[0]).toEqual({ call: 'declareTables', names });
    expect(first.calls.filter((call) => call.call === 'tableDone')).toEqual(names.map((name, index) => expect.objectContaining({ name, inserted: 1, percentage: index === names.length - 1 ? 100 : expect.any(Number) })));

    const [product] = await t.database.db.select().from(products).where(eq(products.code, 'PRD-ENALTAR-10'));
    expect(product).toMatchObject({ commercialName: 'Enaltar 10', eliminado: false });
    const second = await runImport('plantilla-catalogo.xlsx', workbook);
    expect(second.calls.filter((call) => call.call === 'tableDone')).toHaveLength(names.length);
    const [again] = await t.database.db.select().from(products).where(eq(products.code, 'PRD-ENALTAR-10'));
    expect(again?.updatedAt).toEqual(product?.updatedAt);
    const audited = await t.database.db.select().from(auditLog).where(and(eq(auditLog.kind, 'catalog.imported'), eq(auditLog.pkId, second.ctx.code)));
    expect(audited).toEqual([]);
  });

  it('a new product filled in the Productos CSV is offered by the case wizard in its countries', async () => {
    await runImport('plantilla-catalogo.xlsx', (await template('?format=xlsx')).rawPayload);
    const csv = (await template('?format=csv&sheet=Productos')).body;
    expect(csv).toBe(
      '\ufeffCodigo;Nombre;Familia;Laboratorio;Linea;FormaFarmaceutica;Paises;Activo\r\nPRD-ENALTAR-10;Enaltar 10;FAM-ANTIHIPERTENSIVOS;LAB-TERRAMAR;LIN-TERRAMAR-CARDIO;COMPRIMIDO;UY, AR, PY;Sí\r\n',
    );
    const suffix = randomUUID().slice(0, 8).toUpperCase();
    const filled = csv.replace('PRD-ENALTAR-10;Enaltar 10;', `PRD-NUEVO-${suffix};Nuevo Ñandú ${suffix};`);
    expect(filled).not.toBe(csv);
    await runImport('Productos.csv', filled);

    const [created] = await t.database.db.select().from(products).where(eq(products.code, `PRD-NUEVO-${suffix}`));
    expect(created).toMatchObject({ commercialName: `Nuevo Ñandú ${suffix}`, eliminado: false });
    const sold = await t.database.db.select().from(productCountries).where(eq(productCountries.productId, created?.id ?? 0));
    expect(sold).toHaveLength(3);

    const [existing] = await t.database.db.select({ id: products.id }).from(products).where(eq(products.code, 'PRD-ENALTAR-10'));
    const uyCase = await createCase(t.database.db, { status: ER_STATUS.PENDIENTE, createdBy: rlf.user.id, country: 'UY', productIds: [existing?.id ?? 0] });
    const offered = await t.app.inject({ method: 'GET', url: `/api/getProductsCountryByMeta/${uyCase.meta}`, headers: rlf.headers });
    expect(offered.statusCode).toBe(200);
    expect(offered.json<CountryProduct[]>().find((item) => item.Id === created?.id)).toEqual({
      Id: created?.id,
      ComercialName: `Nuevo Ñandú ${suffix}`,
      Familia: 'Antihipertensivos',
      Laboratorio: { Id: expect.any(Number), Nombre: 'Laboratorio Terramar' },
      FormaFarmaceuticaId: expect.any(Number),
      PrincipiosActivos: [],
    });
  });
});
