import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, countries } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import type { CompaniesHome } from '@atalaya/domain';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function createCountry(eliminado = false, prefix = 'País') {
  const code = `T${randomUUID().slice(0, 6).toUpperCase()}`;
  const [row] = await t.database.db.insert(countries).values({ code, name: `${prefix} ${code}`, timeZone: 'UTC', eliminado }).returning();
  if (!row) throw new Error('Country not created');
  return row;
}

async function createCompany(countryId: number, name: string, eliminado = false) {
  await t.database.db.insert(companies).values({ code: `C-${randomUUID()}`, name, countryId, eliminado });
}

async function getCompanies() {
  const response = await t.app.inject({ method: 'GET', url: '/api/getCompaniesHome' });
  return { response, body: response.json<CompaniesHome>() };
}

describe('GET /api/getCompaniesHome', () => {
  it('lists each enabled country with its enabled companies by name, without a session, cacheable for 5 minutes', async () => {
    const country = await createCountry();
    await createCompany(country.id, 'Zeta Farma');
    await createCompany(country.id, 'Alfa Laboratorios');
    await createCompany(country.id, 'Compañía dada de baja', true);
    const { response, body } = await getCompanies();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(body.find((entry) => entry.Codigo === country.code)).toEqual({
      Codigo: country.code,
      Nombre: country.name,
      Companias: ['Alfa Laboratorios', 'Zeta Farma'],
    });
  });

  it('sorts countries by name, keeps those without companies and leaves out disabled countries', async () => {
    const later = await createCountry(false, 'Zz');
    const empty = await createCountry(false, 'Aa');
    const disabled = await createCountry(true);
    await createCompany(disabled.id, 'Oculta');
    const { body } = await getCompanies();
    expect(body.find((entry) => entry.Codigo === empty.code)?.Companias).toEqual([]);
    expect(body.some((entry) => entry.Codigo === disabled.code)).toBe(false);
    const codes = body.map((entry) => entry.Codigo);
    expect(codes.indexOf(empty.code)).toBeLessThan(codes.indexOf(later.code));
  });
});
