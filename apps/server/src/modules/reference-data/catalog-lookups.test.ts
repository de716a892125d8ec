import { type CountryProduct, countryProductSchema, ER_STATUS, MSG, type NamedItem } from '@atalaya/domain';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventMedicationIngredients, eventMedications, laboratories, medicationUnits, productIngredients, products } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCase, randomMeta, type TestCase } from '../../test-support/cases.js';
import { countryId } from '../../test-support/catalog.js';
import { signIn, type SignedIn } from '../../test-support/home-reports.js';
import { createDetailedProduct, createLine, type DetailedProduct } from '../../test-support/reference-data.js';

let t: TestApp;
let rlf: SignedIn;
let rlfArgentina: SignedIn;
let uruguay: number;
let argentina: number;
const suffix = randomUUID().slice(0, 8);
/** Sold in Uruguay and Argentina, two ingredients. */
let combined: DetailedProduct;
/** Sold in Uruguay only. */
let single: DetailedProduct;
/** Sold in Argentina only. */
let elsewhere: DetailedProduct;
/** Sold in Uruguay, withdrawn. */
let withdrawn: DetailedProduct;
/** A Uruguayan case of `single`, created by the RLF. */
let uyCase: TestCase;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  [rlf, rlfArgentina] = await Promise.all([signIn(t, 'RLF', 'UY'), signIn(t, 'RLF', 'AR')]);
  [uruguay, argentina] = await Promise.all([countryId(db, 'UY'), countryId(db, 'AR')]);
  combined = await createDetailedProduct(db, {
    countries: ['UY', 'AR'],
    name: `Zetamox ${suffix}`,
    form: 'Comprimido recubierto',
    ingredients: { [`ácido clavulánico ${suffix}`]: [125, 'mg'], [`amoxicilina ${suffix}`]: [875, 'mg'] },
  });
  single = await createDetailedProduct(db, {
    countries: ['UY'],
    name: `Ácimol ${suffix}`,
    form: 'Jarabe',
    ingredients: { [`paracetamol ${suffix}`]: [120, 'mg/5 ml'] },
  });
  elsewhere = await createDetailedProduct(db, { countries: ['AR'], name: `Pampeol ${suffix}`, ingredients: { [`ibuprofeno ${suffix}`]: [400, 'mg'] } });
  withdrawn = await createDetailedProduct(db, { countries: ['UY'], name: `Retirol ${suffix}`, ingredients: { [`retirado ${suffix}`]: [1, 'g'] }, eliminado: true });
  uyCase = await createCase(db, { status: ER_STATUS.PENDIENTE, createdBy: rlf.user.id, country: 'UY', productIds: [single.id] });
});
afterAll(() => t.close());

function get(url: string, who: SignedIn = rlf) {
  return t.app.inject({ method: 'GET', url, headers: who.headers });
}

async function unitId(name: string): Promise<number> {
  const [row] = await t.database.db.select({ id: medicationUnits.id }).from(medicationUnits).where(eq(medicationUnits.nombre, name));
  return row?.id ?? 0;
}

const mine = (list: { Id: number }[], ids: number[]) => list.filter((row) => ids.includes(row.Id));

describe('GET /api/getProductsCountryByMeta/{meta}', () => {
  it('lists only the enabled products sold in the case’s country, by name, with what the medication form pre-fills', async () => {
    const response = await get(`/api/getProductsCountryByMeta/${uyCase.meta}`);
    expect(response.statusCode).toBe(200);
    const list = countryProductSchema.array().parse(response.json());
    const ours = list.filter((product) => product.ComercialName.endsWith(suffix));
    const mg = await unitId('mg');
    const syrupUnit = await unitId('mg/5 ml');

    expect(ours).toEqual([
      {
        Id: single.id,
        ComercialName: single.commercialName,
        Familia: expect.stringMatching(/^Familia /),
        Laboratorio: { Id: single.laboratoryId, Nombre: single.laboratory },
        FormaFarmaceuticaId: single.pharmaceuticalFormId,
        PrincipiosActivos: [
          { PrincipioActivoId: expect.any(Number), PrincipioActivo_Nombre: `paracetamol ${suffix}`, Concentracion: 120, Unidad: syrupUnit, UnidadNombre: 'mg/5 ml' },
        ],
      },
      {
        Id: combined.id,
        ComercialName: combined.commercialName,
        Familia: expect.stringMatching(/^Familia /),
        Laboratorio: { Id: combined.laboratoryId, Nombre: combined.laboratory },
        FormaFarmaceuticaId: combined.pharmaceuticalFormId,
        PrincipiosActivos: [
          { PrincipioActivoId: expect.any(Number), PrincipioActivo_Nombre: `ácido clavulánico ${suffix}`, Concentracion: 125, Unidad: mg, UnidadNombre: 'mg' },
          { PrincipioActivoId: expect.any(Number), PrincipioActivo_Nombre: `amoxicilina ${suffix}`, Concentracion: 875, Unidad: mg, UnidadNombre: 'mg' },
        ],
      },
    ]);
    const ids = list.map((product) => product.Id);
    expect(ids).not.toContain(elsewhere.id);
    expect(ids).not.toContain(withdrawn.id);
  });

  it('lists the products of Argentina for an Argentinian case', async () => {
    const arCase = await createCase(t.database.db, { createdBy: rlfArgentina.user.id, country: 'AR', productIds: [elsewhere.id] });
    const list = (await get(`/api/getProductsCountryByMeta/${arCase.meta}`, rlfArgentina)).json<CountryProduct[]>();
    const ids = list.map((product) => product.Id);
    expect(ids).toEqual(expect.arrayContaining([combined.id, elsewhere.id]));
    expect(ids).not.toContain(single.id);
  });

  it('refuses a case out of the user’s reach, or unknown, as not found', async () => {
    for (const [meta, who] of [
      [uyCase.meta, rlfArgentina],
      [randomMeta(), rlf],
    ] as const) {
      const response = await get(`/api/getProductsCountryByMeta/${meta}`, who);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ Message: MSG.lists.eventNotFound });
    }
    const qppvWithoutLaboratories = await signIn(t, 'QPPV', 'UY');
    expect((await get(`/api/getProductsCountryByMeta/${uyCase.meta}`, qppvWithoutLaboratories)).statusCode).toBe(404);
  });
});

describe('GET /api/getLinesByLaboratory/{id}', () => {
  it('lists the enabled lines of the laboratory by name', async () => {
    await createLine(t.database.db, single.laboratoryId, `Línea pediátrica ${suffix}`);
    await createLine(t.database.db, single.laboratoryId, `Línea antiinfecciosa ${suffix}`);
    await createLine(t.database.db, single.laboratoryId, `Línea discontinuada ${suffix}`, true);
    const response = await get(`/api/getLinesByLaboratory/${single.laboratoryId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<NamedItem[]>().map((line) => line.Nombre)).toEqual([`Línea antiinfecciosa ${suffix}`, `Línea pediátrica ${suffix}`]);
  });

  it('answers an empty list for a laboratory without lines and 404 for an unknown one', async () => {
    expect((await get(`/api/getLinesByLaboratory/${elsewhere.laboratoryId}`)).json()).toEqual([]);
    const response = await get('/api/getLinesByLaboratory/2000000000');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ Message: MSG.errors.notFoundTitle });
  });
});

describe('laboratories, products and active ingredients', () => {
  it('getlaboraotriesByCountry lists the enabled laboratories of a country', async () => {
    const db = t.database.db;
    const [lab] = await db.select().from(laboratories).where(eq(laboratories.id, single.laboratoryId));
    const [closed] = await db
      .insert(laboratories)
      .values({ code: `L-BAJA-${suffix}`, name: `Laboratorio cerrado ${suffix}`, companyId: lab?.companyId ?? 0, countryId: uruguay, eliminado: true })
      .returning();
    const uy = (await get(`/api/getlaboraotriesByCountry/${uruguay}`)).json<NamedItem[]>();
    expect(mine(uy, [single.laboratoryId, combined.laboratoryId, elsewhere.laboratoryId, closed?.id ?? 0])).toEqual(
      expect.arrayContaining([
        { Id: single.laboratoryId, Nombre: single.laboratory },
        { Id: combined.laboratoryId, Nombre: combined.laboratory },
      ]),
    );
    expect(uy.map((lab) => lab.Id)).not.toContain(closed?.id);
    // createProduct makes the laboratory in the product's first country.
    expect(uy.map((lab) => lab.Id)).not.toContain(elsewhere.laboratoryId);
    expect((await get(`/api/getlaboraotriesByCountry/${argentina}`)).json<NamedItem[]>()).toContainEqual({ Id: elsewhere.laboratoryId, Nombre: elsewhere.laboratory });
    expect((await get('/api/getlaboraotriesByCountry/2000000000')).json()).toEqual([]);
  });

  it('getlaboraotriesByProductsCountry answers the product’s laboratory only where the product is sold', async () => {
    expect((await get(`/api/getlaboraotriesByProductsCountry/${combined.id}/${argentina}`)).json()).toEqual([
      { Id: combined.laboratoryId, Nombre: combined.laboratory },
    ]);
    expect((await get(`/api/getlaboraotriesByProductsCountry/${single.id}/${argentina}`)).json()).toEqual([]);
    expect((await get(`/api/getlaboraotriesByProductsCountry/${withdrawn.id}/${uruguay}`)).json()).toEqual([]);
  });

  it('getProductFiltersByLabId lists the enabled products of a laboratory by commercial name, each with its family', async () => {
    const db = t.database.db;
    const [second] = await db
      .insert(products)
      .values({ code: `P2-${suffix}`, commercialName: `Ácimol forte ${suffix}`, familyId: single.familyId, laboratoryId: single.laboratoryId })
      .returning();
    await db
      .insert(products)
      .values({ code: `P3-${suffix}`, commercialName: `Ácimol viejo ${suffix}`, familyId: single.familyId, laboratoryId: single.laboratoryId, eliminado: true });
    const response = await get(`/api/getProductFiltersByLabId/${single.laboratoryId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { Id: single.id, Nombre: single.commercialName, FamiliaId: single.familyId },
      { Id: second?.id, Nombre: `Ácimol forte ${suffix}`, FamiliaId: single.familyId },
    ]);
  });

  it('getPrincipioActivoByFamilia lists each active ingredient of the family’s products once', async () => {
    const db = t.database.db;
    const [ingredient] = await db.select().from(productIngredients).where(eq(productIngredients.productId, single.id));
    const [sibling] = await db
      .insert(products)
      .values({ code: `P4-${suffix}`, commercialName: `Ácimol gotas ${suffix}`, familyId: single.familyId, laboratoryId: single.laboratoryId })
      .returning();
    await db.insert(productIngredients).values({ productId: sibling?.id ?? 0, activeIngredientId: ingredient?.activeIngredientId ?? 0 });
    const response = await get(`/api/getPrincipioActivoByFamilia/${single.familyId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ Id: ingredient?.activeIngredientId, Nombre: `paracetamol ${suffix}` }]);
    expect((await get(`/api/getPrincipioActivoByFamilia/${combined.familyId}`)).json<NamedItem[]>().map((row) => row.Nombre)).toEqual([
      `ácido clavulánico ${suffix}`,
      `amoxicilina ${suffix}`,
    ]);
  });
});

describe('GET /api/getPrincipioActivoByCountry/{id}', () => {
  it('lists each enabled active ingredient of the products sold in the country or made by its laboratories, once, by name', async () => {
    const names = async (country: number) => (await get(`/api/getPrincipioActivoByCountry/${country}`)).json<NamedItem[]>().map((row) => row.Nombre);
    const response = await get(`/api/getPrincipioActivoByCountry/${uruguay}`);
    expect(response.statusCode).toBe(200);
    const inUruguay = await names(uruguay);
    for (const name of [`ácido clavulánico ${suffix}`, `amoxicilina ${suffix}`, `paracetamol ${suffix}`]) expect(inUruguay.filter((item) => item === name)).toHaveLength(1);
    // Sold in Argentina only, or withdrawn: not offered.
    expect(inUruguay).not.toContain(`ibuprofeno ${suffix}`);
    expect(inUruguay).not.toContain(`retirado ${suffix}`);
    const inArgentina = await names(argentina);
    expect(inArgentina).toContain(`ibuprofeno ${suffix}`);
    expect(inArgentina).toContain(`amoxicilina ${suffix}`);
    expect(inArgentina).not.toContain(`paracetamol ${suffix}`);
    const ours = inUruguay.filter((name) => name.endsWith(suffix));
    expect(ours).toEqual([...ours].sort((x, y) => x.localeCompare(y, 'es')));
    // A country that does not exist has none.
    expect((await get('/api/getPrincipioActivoByCountry/2000000000')).json()).toEqual([]);
  });
});

describe('GET /api/getPrincipioActivoByMR/{id}', () => {
  it('answers the ingredients stored for a related medication of a case within reach', async () => {
    const db = t.database.db;
    const [medication] = await db.select().from(eventMedications).where(eq(eventMedications.eventId, uyCase.id));
    const [ingredient] = await db.select().from(productIngredients).where(eq(productIngredients.productId, single.id));
    if (!medication || !ingredient) throw new Error('Case medication not found');
    const ml = await unitId('mg/ml');
    await db.insert(eventMedicationIngredients).values({ eventMedicationId: medication.id, activeIngredientId: ingredient.activeIngredientId, concentration: 24, unitId: ml });

    const response = await get(`/api/getPrincipioActivoByMR/${medication.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { PrincipioActivoId: ingredient.activeIngredientId, PrincipioActivo_Nombre: `paracetamol ${suffix}`, Concentracion: 24, Unidad: ml, UnidadNombre: 'mg/ml' },
    ]);

    for (const [id, who] of [
      [medication.id, rlfArgentina],
      [2_000_000_000, rlf],
    ] as const) {
      const refused = await get(`/api/getPrincipioActivoByMR/${id}`, who);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ Message: MSG.errors.notFoundTitle });
    }
  });
});

describe('numeric ids in the path', () => {
  it.each(['abc', '0', '-3', '1.5', '1e3', '99999999999', '%20'])('refuses %s with a Spanish message', async (id) => {
    for (const url of [
      `/api/getLinesByLaboratory/${id}`,
      `/api/getlaboraotriesByCountry/${id}`,
      `/api/getlaboraotriesByProductsCountry/${id}/1`,
      `/api/getlaboraotriesByProductsCountry/1/${id}`,
      `/api/getProductFiltersByLabId/${id}`,
      `/api/getPrincipioActivoByFamilia/${id}`,
      `/api/getPrincipioActivoByCountry/${id}`,
      `/api/getPrincipioActivoByMR/${id}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ Message: MSG.referenceData.invalidId });
    }
  });
});
