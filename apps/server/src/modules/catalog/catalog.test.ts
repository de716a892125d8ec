import { MSG, RAM_EVOLUTIONS } from '@atalaya/domain';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countries } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createProduct } from '../../test-support/catalog.js';
import type { HomeCodigueras, HomeProduct } from '@atalaya/domain';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function get(url: string) {
  return t.app.inject({ method: 'GET', url });
}

/** A country of its own (codes are free text; these never clash with ISO codes). */
async function createCountry(eliminado = false): Promise<string> {
  const code = `T${randomUUID().slice(0, 6).toUpperCase()}`;
  await t.database.db.insert(countries).values({ code, name: `País ${code}`, timeZone: 'UTC', eliminado });
  return code;
}

describe('GET /api/getCodiguerasHome', () => {
  it('answers every list the public form needs, without a session, cacheable for 5 minutes', async () => {
    const response = await get('/api/getCodiguerasHome');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const lists = response.json<HomeCodigueras>();
    for (const list of [
      'Via',
      'MedicamentoFrecuencia',
      'MedicamentoUnidadUso',
      'Parentesco',
      'AccionMedicamento',
      'PesoUnidad',
      'AlturaUnidad',
      'MedicamentosAnteriores_Tipo',
      'Especialidad',
    ] as const) {
      expect(lists[list].length, list).toBeGreaterThan(0);
    }
    expect(lists.PesoUnidad[0]).toEqual({ Id: 1, NombreCompleto: expect.any(String), Abreviacion: expect.any(String) });
    expect(lists.Evolucion).toEqual(RAM_EVOLUTIONS.map(({ Id, Nombre }) => ({ Id, Nombre })));
    expect(lists.Evolucion.map((option) => option.Id)).toEqual([-1, 0, 2, 3, 4, 5]);
  });

  it('lists the enabled countries by name with code and time zone', async () => {
    const disabled = await createCountry(true);
    const { Paises } = (await get('/api/getCodiguerasHome')).json<HomeCodigueras>();
    expect(Paises).toContainEqual({ Id: expect.any(Number), Codigo: 'UY', Nombre: 'Uruguay', TimeZone: 'America/Montevideo' });
    const names = Paises.map((country) => country.Nombre);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(Paises.map((country) => country.Codigo)).not.toContain(disabled);
  });

  it('offers the types of occurrence with their group, but not the public’s sub-group 0', async () => {
    const { SubGrupos, Grupos } = (await get('/api/getCodiguerasHome')).json<HomeCodigueras>();
    expect(SubGrupos).toContainEqual({ Id: 1, Nombre: 'Reacción adversa a medicamento', GrupoId: 1, Value: 'RAM' });
    expect(SubGrupos.map((subGroup) => subGroup.Id)).not.toContain(0);
    expect(Grupos.map((group) => group.Id)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('GET /api/getProductsHomeByCountry/{country}', () => {
  it('lists only the products sold in that country, by name, with laboratory and active ingredients', async () => {
    const suffix = randomUUID().slice(0, 8);
    const second = await createProduct(t.database.db, { countries: ['UY', 'AR'], name: `Zz ${suffix}`, ingredients: ['ácido clavulánico', 'amoxicilina'] });
    const first = await createProduct(t.database.db, { countries: ['UY'], name: `Aa ${suffix}` });
    const elsewhere = await createProduct(t.database.db, { countries: ['AR'], name: `Mm ${suffix}` });
    const withdrawn = await createProduct(t.database.db, { countries: ['UY'], name: `Nn ${suffix}`, eliminado: true });

    const response = await get('/api/getProductsHomeByCountry/UY');
    expect(response.statusCode).toBe(200);
    const mine = response.json<HomeProduct[]>().filter((product) => product.ComercialName.endsWith(suffix));
    expect(mine).toEqual([
      { Id: first.id, ComercialName: first.commercialName, Laboratorio: first.laboratory, PrincipioActivo: first.ingredients[0] },
      { Id: second.id, ComercialName: second.commercialName, Laboratorio: second.laboratory, PrincipioActivo: 'amoxicilina + ácido clavulánico' },
    ]);
    expect(mine.map((product) => product.Id)).not.toContain(elsewhere.id);
    expect(mine.map((product) => product.Id)).not.toContain(withdrawn.id);

    const argentina = (await get('/api/getProductsHomeByCountry/ar')).json<HomeProduct[]>();
    expect(argentina.map((product) => product.Id)).toEqual(expect.arrayContaining([second.id, elsewhere.id]));
    expect(argentina.map((product) => product.Id)).not.toContain(first.id);
  });

  it('answers an empty list for a country that sells nothing', async () => {
    const code = await createCountry();
    const response = await get(`/api/getProductsHomeByCountry/${code}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('answers 404 for an unknown or disabled country', async () => {
    for (const code of ['XX', await createCountry(true)]) {
      const response = await get(`/api/getProductsHomeByCountry/${code}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ Message: MSG.errors.notFoundTitle });
    }
  });
});
