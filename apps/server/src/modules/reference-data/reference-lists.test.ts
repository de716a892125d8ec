import { type Codigueras, codiguerasSchema, type ErNew, erNewSchema, MSG, RAM_EVOLUTIONS, ramInputSchema, type Role } from '@atalaya/domain';
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, countries, groups, laboratories, medicationUnits, residences, subGroups } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { signIn, type SignedIn } from '../../test-support/home-reports.js';
import type { CodiguerasAll, SearchFilters, SubGroupItem } from '@atalaya/domain';
import { codiguerasAllSchema, ramNewSchema, searchFiltersSchema } from '@atalaya/domain';

let t: TestApp;
let qppv: SignedIn;
/** Rows this file disables or adds, by what a list shows. */
let disabledResidence: string;
let disabledCountry: { id: number; code: string; name: string };
let highUnit: { id: number; name: string };
let disabledSubGroup: number;

const collator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });
const sortedByName = (names: string[]) => [...names].sort((a, b) => collator.compare(a, b));

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  qppv = await signIn(t, 'QPPV', 'UY');
  const suffix = randomUUID().slice(0, 6).toUpperCase();

  disabledResidence = `Residencia dada de baja ${suffix}`;
  await db.insert(residences).values({ value: `BAJA-${suffix}`, nombre: disabledResidence, eliminado: true });
  const [country] = await db
    .insert(countries)
    .values({ code: `T${suffix}`, name: `País dado de baja ${suffix}`, timeZone: 'UTC', eliminado: true })
    .returning({ id: countries.id, code: countries.code, name: countries.name });
  if (!country) throw new Error('Country not created');
  disabledCountry = country;
  // MedicamentoUnidad ids of 50 and above are not concentration units (event spec §9).
  const [high] = await db
    .insert(medicationUnits)
    .values({ id: randomInt(1_000, 2_000_000_000), value: `ALTA-${suffix}`, nombre: `comprimidos ${suffix}` })
    .returning();
  const [subGroup] = await db.insert(subGroups).values({ value: `BAJA-${suffix}`, nombre: `Subgrupo dado de baja ${suffix}`, grupoId: 2, eliminado: true }).returning();
  if (!high || !subGroup) throw new Error('Rows not created');
  highUnit = { id: high.id, name: high.nombre };
  disabledSubGroup = subGroup.id;
});
afterAll(() => t.close());

function get(url: string, who: SignedIn | null = qppv) {
  return t.app.inject({ method: 'GET', url, headers: who ? who.headers : {} });
}

describe('GET /api/getCodiguerasBasic', () => {
  it('answers every list of the wizard with its enabled rows, names in Spanish order and statuses by id', async () => {
    const response = await get('/api/getCodiguerasBasic');
    expect(response.statusCode).toBe(200);
    const lists = codiguerasSchema.parse(response.json());
    for (const [name, rows] of Object.entries(lists)) expect(rows.length, name).toBeGreaterThan(0);

    expect(lists.Residencias.map((row) => row.Nombre)).toEqual(['Capital', 'Interior', 'Rural', 'Urbana']);
    expect(lists.Paises).toContainEqual({ Id: expect.any(Number), Codigo: 'UY', Nombre: 'Uruguay' });
    expect(lists.Paises.map((row) => row.Nombre)).toEqual(sortedByName(lists.Paises.map((row) => row.Nombre)));
    expect(lists.Via.map((row) => row.Nombre)).toEqual(sortedByName(lists.Via.map((row) => row.Nombre)));
    expect(lists.Status.map((row) => row.Id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 11]);
    expect(lists.Status[0]).toEqual({ Id: 1, Estado: 'Pendiente' });
    expect(lists.RAMTipos.map((row) => row.Type)).toEqual(['Tipo I', 'Tipo II', 'Tipo III', 'Tipo IV']);
    expect(lists.RAMTipos[0]).toEqual({ Id: 1, Type: 'Tipo I', Descripcion: expect.any(String) });
    expect(lists.Evolucion).toEqual(RAM_EVOLUTIONS.map(({ Id, Nombre }) => ({ Id, Nombre })));
    expect(lists.PesoUnidad).toContainEqual({ Id: 1, NombreCompleto: expect.any(String), Abreviacion: expect.any(String) });
    expect(lists.SubGrupos).toContainEqual({ Id: 1, Nombre: 'Reacción adversa a medicamento', GrupoId: 1, Value: 'RAM' });
  });

  it('leaves out disabled rows and keeps MedicamentoUnidad to the concentration units (ids below 50)', async () => {
    const lists = (await get('/api/getCodiguerasBasic')).json<Codigueras>();
    expect(lists.Residencias.map((row) => row.Nombre)).not.toContain(disabledResidence);
    expect(lists.Paises.map((row) => row.Codigo)).not.toContain(disabledCountry.code);
    expect(lists.SubGrupos.map((row) => row.Id)).not.toContain(disabledSubGroup);
    const units = lists.MedicamentoUnidad.map((row) => row.Id);
    expect(units).toContain(1);
    expect(units).not.toContain(highUnit.id);
    expect(units.every((id) => id < 50)).toBe(true);
    for (const rows of Object.values(lists)) for (const row of rows) expect(row).not.toHaveProperty('Eliminado');
  });
});

describe('GET /api/getCodiguerasAll', () => {
  it('holds the disabled rows too, each row saying whether it is disabled', async () => {
    const response = await get('/api/getCodiguerasAll');
    expect(response.statusCode).toBe(200);
    const lists: CodiguerasAll = codiguerasAllSchema.parse(response.json());
    expect(lists.Residencias).toContainEqual({ Id: expect.any(Number), Nombre: disabledResidence, Eliminado: true });
    expect(lists.Residencias).toContainEqual({ Id: expect.any(Number), Nombre: 'Capital', Eliminado: false });
    expect(lists.Paises).toContainEqual({ Id: disabledCountry.id, Codigo: disabledCountry.code, Nombre: disabledCountry.name, TimeZone: 'UTC', Eliminado: true });
    expect(lists.MedicamentoUnidad.map((row) => row.Id)).not.toContain(highUnit.id);
    expect(lists.SubGrupo).toContainEqual(expect.objectContaining({ Id: disabledSubGroup, Eliminado: true }));
    expect(lists.Evolucion.every((row) => row.Eliminado === false)).toBe(true);

    const basic = (await get('/api/getCodiguerasBasic')).json<Codigueras>();
    expect(lists.Residencias.filter((row) => !row.Eliminado).map(({ Id, Nombre }) => ({ Id, Nombre }))).toEqual(basic.Residencias);
  });
});

describe('GET /api/getCountries and /api/getSubGroups', () => {
  it('lists the enabled countries by name', async () => {
    const response = await get('/api/getCountries');
    expect(response.statusCode).toBe(200);
    const list = response.json<{ Id: number; Codigo: string; Nombre: string }[]>();
    expect(list).toContainEqual({ Id: expect.any(Number), Codigo: 'AR', Nombre: 'Argentina' });
    expect(list.map((row) => row.Codigo)).not.toContain(disabledCountry.code);
    expect(list.map((row) => row.Nombre)).toEqual(sortedByName(list.map((row) => row.Nombre)));
  });

  it('lists the report types with their group, without the unclassified 0 nor disabled ones, group by group', async () => {
    const db = t.database.db;
    const suffix = randomUUID();
    const [group] = await db.insert(groups).values({ value: `BAJA-${suffix}`, title: 'Grupo dado de baja', eliminado: true }).returning();
    if (!group) throw new Error('Group not created');
    const [ofDisabledGroup] = await db
      .insert(subGroups)
      .values({ value: `DE-GRUPO-BAJA-${suffix}`, nombre: 'De un grupo dado de baja', grupoId: group.id })
      .returning();

    const response = await get('/api/getSubGroups');
    expect(response.statusCode).toBe(200);
    const list = response.json<SubGroupItem[]>();
    expect(list).toContainEqual({ Id: 1, Nombre: 'Reacción adversa a medicamento', GrupoId: 1, GrupoNombre: 'Reacción adversa a medicamento', Value: 'RAM' });
    expect(list).toContainEqual({ Id: 10, Nombre: 'Falta de eficacia terapéutica', GrupoId: 2, GrupoNombre: 'Falta de eficacia', Value: 'FALTA-EFICACIA' });
    expect(list.map((row) => row.Id)).not.toContain(0);
    expect(list.map((row) => row.Id)).not.toContain(disabledSubGroup);
    expect(list.map((row) => row.Id)).not.toContain(ofDisabledGroup?.id);
    const groupIds = list.map((row) => row.GrupoId);
    expect(groupIds).toEqual([...groupIds].sort((a, b) => a - b));
  });
});

describe('GET /api/getERNew', () => {
  it('gives an RLF only their own country, already chosen', async () => {
    const rlf = await signIn(t, 'RLF', 'AR');
    const response = await get('/api/getERNew', rlf);
    expect(response.statusCode).toBe(200);
    const blank = erNewSchema.parse(response.json());
    expect(blank).toEqual({
      Id: null,
      Status: 1,
      Country: 'AR',
      SubGrupoId: null,
      Countries: [{ Id: expect.any(Number), Codigo: 'AR', Nombre: 'Argentina' }],
      SubGrupos: expect.arrayContaining([{ Id: 1, Nombre: 'Reacción adversa a medicamento', GrupoId: 1, GrupoNombre: 'Reacción adversa a medicamento' }]),
    });
    expect(blank.SubGrupos.map((row) => row.Id)).not.toContain(0);
  });

  it('lets a QPPV choose any enabled country, none chosen', async () => {
    const blank = (await get('/api/getERNew')).json<ErNew>();
    const countriesList = (await get('/api/getCountries')).json<unknown[]>();
    expect(blank.Country).toBeNull();
    expect(blank.Countries).toEqual(countriesList);
    expect(blank.Countries.length).toBeGreaterThan(1);
    expect(blank.SubGrupos).toEqual((await get('/api/getSubGroups')).json<SubGroupItem[]>().map(({ Value: _value, ...row }) => row));
  });

  it.each<Role>(['CL', 'Fabricante', 'ADMIN'])('refuses %s, who does not create cases with the dialog', async (role) => {
    const response = await get('/api/getERNew', await signIn(t, role, 'UY'));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ Message: MSG.errors.forbidden });
  });
});

describe('GET /api/getRAMNew', () => {
  it('answers a blank adverse event that becomes valid once the term, description and expectedness are filled', async () => {
    const response = await get('/api/getRAMNew', await signIn(t, 'RLF', 'UY'));
    expect(response.statusCode).toBe(200);
    const blank = ramNewSchema.parse(response.json());
    expect(blank).toMatchObject({ MedraLLT: null, Description: '', IsExpected: null, Evolution: null, DateStart: null, Death: false, AnotherCondition: false });
    expect(ramInputSchema.safeParse(blank).success).toBe(false);
    const filled = { ...blank, MedraLLT: { llt_code: 10019211, llt_name: 'Cefalea' }, Description: 'Dolor de cabeza intenso', IsExpected: true };
    expect(ramInputSchema.safeParse(filled).success).toBe(true);
  });
});

describe('GET /api/getFilters', () => {
  it('answers the event-search filter lists with their enabled rows', async () => {
    const db = t.database.db;
    const suffix = randomUUID().slice(0, 8);
    const [uy] = (await get('/api/getCountries')).json<{ Id: number; Codigo: string }[]>().filter((row) => row.Codigo === 'UY');
    const [company] = await db.insert(companies).values({ code: `C-${suffix}`, name: `Compañía ${suffix}`, countryId: uy?.Id ?? 0 }).returning();
    const [withdrawn] = await db.insert(companies).values({ code: `CB-${suffix}`, name: `Compañía baja ${suffix}`, countryId: uy?.Id ?? 0, eliminado: true }).returning();
    const [laboratory] = await db
      .insert(laboratories)
      .values({ code: `L-${suffix}`, name: `Laboratorio ${suffix}`, companyId: company?.id ?? 0, countryId: uy?.Id ?? 0 })
      .returning();

    const response = await get('/api/getFilters');
    expect(response.statusCode).toBe(200);
    const filters: SearchFilters = searchFiltersSchema.parse(response.json());
    expect(filters.Paises).toEqual((await get('/api/getCountries')).json());
    expect(filters.Companias).toContainEqual({ Id: company?.id, Nombre: `Compañía ${suffix}`, PaisId: uy?.Id });
    expect(filters.Companias.map((row) => row.Id)).not.toContain(withdrawn?.id);
    expect(filters.Laboratorios).toContainEqual({ Id: laboratory?.id, Nombre: `Laboratorio ${suffix}`, CompaniaId: company?.id, PaisId: uy?.Id });
    expect(filters.Estados.map((row) => row.Id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 11]);
    expect(filters.TiposRAM).toEqual([
      { Id: 1, Type: 'Tipo I' },
      { Id: 2, Type: 'Tipo II' },
      { Id: 3, Type: 'Tipo III' },
      { Id: 4, Type: 'Tipo IV' },
    ]);
    expect(filters.SubGrupos).toEqual((await get('/api/getSubGroups')).json());
  });
});

describe('access', () => {
  it('asks for a session', async () => {
    for (const url of ['/api/getCodiguerasBasic', '/api/getCountries', '/api/getFilters', '/api/getRAMNew']) {
      const response = await get(url, null);
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toMatchObject({ Message: MSG.errors.unauthenticated });
    }
  });
});
