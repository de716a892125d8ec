import { randomUUID } from 'node:crypto';
import { ER_STATUS, MSG, REFERENCE_TABLE_NAMES, type ReferenceTableRows, codiguerasAllSchema } from '@atalaya/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, countries, originCountries, residences } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { validPatient } from '../../test-support/case-edit.js';
import { createCase } from '../../test-support/cases.js';
import { createProduct, type TestProduct } from '../../test-support/catalog.js';
import { postPublicReport, signIn, type SignedIn } from '../../test-support/home-reports.js';
import { patientReport } from '../../test-support/public-reports.js';
import { onConfigurationChanged } from '../../shared/configuration-events.js';

let t: TestApp;
let admin: SignedIn;
let qppv: SignedIn;
let rlf: SignedIn;
let product: TestProduct;
const heard: string[] = [];
const suffix = () => randomUUID().slice(0, 8);

beforeAll(async () => {
  t = await createTestApp();
  [admin, qppv, rlf] = await Promise.all([signIn(t, 'ADMIN', 'UY'), signIn(t, 'QPPV', 'UY'), signIn(t, 'RLF', 'UY')]);
  product = await createProduct(t.database.db, { countries: ['UY'] });
  onConfigurationChanged(t.configurationEvents, (change) => heard.push(change.what));
});
afterAll(() => t.close());

function post(call: 'create' | 'update' | 'delete', payload: Record<string, unknown>, who: SignedIn = admin) {
  return t.app.inject({ method: 'POST', url: `/api/${call}ElementCodiguera`, headers: who.headers, payload });
}

async function create(table: string, keys: string[], values: unknown[], who: SignedIn = admin): Promise<{ id: number; rows: ReferenceTableRows }> {
  const response = await post('create', { Table: table, Keys: keys, Values: values }, who);
  expect(response.statusCode, response.body).toBe(200);
  const rows = response.json<ReferenceTableRows>();
  const row = rows.find((candidate) => candidate[keys[0] ?? ''] === values[0]);
  if (!row) throw new Error('Created row not answered');
  return { id: row.Id, rows };
}

async function auditRows(table: string, pkId: number) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tableName, table), eq(auditLog.pkId, String(pkId))))
    .orderBy(desc(auditLog.id));
}

async function refused(call: 'create' | 'update' | 'delete', payload: Record<string, unknown>, message: string, status = 400) {
  const response = await post(call, payload);
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ Message: message });
}

describe('GET /api/getCodiguerasAll', () => {
  it('answers every list of the Parameters screen by the spec’s table names, with Especialidad, Roles and the countries’ time zones', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/getCodiguerasAll', headers: rlf.headers });
    expect(response.statusCode).toBe(200);
    const lists = codiguerasAllSchema.parse(response.json());
    for (const name of REFERENCE_TABLE_NAMES) expect(Object.keys(lists), name).toContain(name);
    expect(lists.Roles.map((row) => row.Name)).toEqual(['ADMIN', 'QPPV', 'RLF', 'CL', 'Fabricante']);
    expect(lists.Paises).toContainEqual({ Id: expect.any(Number), Codigo: 'UY', Nombre: 'Uruguay', TimeZone: 'America/Montevideo', Eliminado: false });
    expect(lists.Grupo.map((row) => row.Id).sort()).toEqual(expect.arrayContaining([1, 2, 3, 4, 5]));
    expect(lists.SubGrupo).toContainEqual({ Id: 1, Nombre: 'Reacción adversa a medicamento', GrupoId: 1, Value: 'RAM', Eliminado: false });
    expect(lists.Especialidad.length).toBeGreaterThan(0);
    expect(lists.Via[0]).toEqual({ Id: expect.any(Number), Descripcion: expect.any(String), CodigoE2B: expect.any(String), Eliminado: expect.any(Boolean) });
  });
});

describe('POST /api/createElementCodiguera', () => {
  it('adds a row, answers the refreshed table, writes a Parametros audit row and announces the change', async () => {
    const name = `Vecindario ${suffix()}`;
    heard.length = 0;
    const { id, rows } = await create('PaisOrigen', ['Nombre'], [`  ${name}  `].map((value) => value.trim()));
    expect(rows).toContainEqual({ Id: id, Nombre: name, Eliminado: false });
    const [audit] = await auditRows('PaisOrigen', id);
    expect(audit).toMatchObject({ instance: 'Parametros', operationType: 'I', kind: 'parameters.row-created', userId: admin.user.id, newValues: { Nombre: name, Value: name, Eliminado: false } });
    await expect.poll(() => heard).toContain('parametros');
  });

  it('trims the texts and accepts a QPPV', async () => {
    const name = `Tía abuela ${suffix()}`;
    const response = await post('create', { Table: 'Parentesco', Keys: ['Nombre'], Values: [`   ${name} `] }, qppv);
    expect(response.statusCode).toBe(200);
    expect(response.json<ReferenceTableRows>().map((row) => row.Nombre)).toContain(name);
  });

  it('refuses an unknown table or column, and the columns never sent (Id, Eliminado, ImportCodigo)', async () => {
    await refused('create', { Table: 'Usuarios', Keys: ['Nombre'], Values: ['x'] }, MSG.parameters.unknownTable('Usuarios'));
    await refused('create', { Table: 'Residencias', Keys: ['Color'], Values: ['x'] }, MSG.parameters.unknownColumn('Residencias', 'Color'));
    for (const key of ['Id', 'Eliminado', 'ImportCodigo']) {
      await refused('create', { Table: 'Residencias', Keys: ['Nombre', key], Values: [`R ${suffix()}`, 1] }, MSG.parameters.unknownColumn('Residencias', key));
    }
    await refused('create', { Table: 'Residencias', Keys: ['Nombre'], Values: [] }, MSG.parameters.keysValues);
    await refused('create', { Table: 'Residencias', Keys: ['Nombre', 'Nombre'], Values: ['a', 'b'] }, MSG.parameters.keysValues);
  });

  it('refuses empty, blank, too long, non-text and duplicate values with Spanish messages', async () => {
    await refused('create', { Table: 'Residencias', Keys: ['Nombre'], Values: ['   '] }, 'El valor no puede estar vacío');
    await refused('create', { Table: 'Residencias', Keys: ['Nombre'], Values: [null] }, 'El valor no puede estar vacío');
    await refused('create', { Table: 'Residencias', Keys: ['Nombre'], Values: ['x'.repeat(10_000)] }, MSG.parameters.textTooLong('Nombre', 200));
    await refused('create', { Table: 'Residencias', Keys: ['Nombre'], Values: [12] }, MSG.parameters.notText('Nombre'));
    await refused('create', { Table: 'Residencias', Keys: ['Nombre'], Values: ['capital'] }, MSG.parameters.duplicate('Nombre', 'capital'));
    await refused('create', { Table: 'Residencias', Keys: ['Nombre', 'Value'], Values: [`Otra ${suffix()}`, 'CAPITAL'] }, MSG.parameters.duplicate('Código', 'CAPITAL'));
    await refused('create', { Table: 'AlturaUnidad', Keys: ['NombreCompleto'], Values: [`Pulgadas ${suffix()}`] }, MSG.parameters.missingColumn('Abreviación'));
    const response = await post('create', { Table: 'Residencias', Keys: ['Nombre'], Values: ['a\u0000b'] });
    expect(response.statusCode).toBe(400);
  });

  it('checks a country’s ISO code, uniqueness and time zone', async () => {
    const name = `Atlántida ${suffix()}`;
    await refused('create', { Table: 'Paises', Keys: ['Codigo', 'Nombre', 'TimeZone'], Values: ['uy', name, 'UTC'] }, MSG.parameters.countryCode);
    await refused('create', { Table: 'Paises', Keys: ['Codigo', 'Nombre', 'TimeZone'], Values: ['UY', name, 'UTC'] }, MSG.parameters.duplicate('Código', 'UY'));
    await refused('create', { Table: 'Paises', Keys: ['Codigo', 'Nombre', 'TimeZone'], Values: ['QZ', name, 'Marte/Olympus'] }, MSG.parameters.timeZone);
  });

  it('checks that a sub-group’s group exists and is enabled', async () => {
    await refused('create', { Table: 'SubGrupo', Keys: ['Nombre', 'GrupoId'], Values: [`Sub ${suffix()}`, 999_999] }, MSG.parameters.groupInvalid);
    await refused('create', { Table: 'SubGrupo', Keys: ['Nombre', 'GrupoId'], Values: [`Sub ${suffix()}`, 'uno'] }, MSG.parameters.groupInvalid);
    const { id, rows } = await create('SubGrupo', ['Nombre', 'GrupoId'], [`Sub ${suffix()}`, 2]);
    expect(rows.find((row) => row.Id === id)).toMatchObject({ GrupoId: 2, Eliminado: false });
  });

  it('refuses rows in Status and anything in Roles', async () => {
    await refused('create', { Table: 'Status', Keys: ['Estado'], Values: ['Nuevo estado'] }, MSG.parameters.noCreate('Status'));
    await refused('create', { Table: 'Roles', Keys: ['Name'], Values: ['Auditor'] }, MSG.parameters.readOnly('Roles'));
    await refused('update', { Table: 'Roles', Id: 1, Keys: ['Name'], Values: ['Administrador'] }, MSG.parameters.readOnly('Roles'));
    await refused('delete', { Table: 'Roles', elem: { Id: 5 } }, MSG.parameters.readOnly('Roles'));
  });

  it('refuses the roles without the right (RLF) with 403 and writes nothing', async () => {
    const name = `Prohibida ${suffix()}`;
    const response = await post('create', { Table: 'Residencias', Keys: ['Nombre'], Values: [name] }, rlf);
    expect(response.statusCode).toBe(403);
    expect(typeof response.json<{ Message: string }>().Message).toBe('string');
    expect(await t.database.db.select().from(residences).where(eq(residences.nombre, name))).toEqual([]);
  });
});

describe('POST /api/updateElementCodiguera', () => {
  it('renames a row, audits old and new values, and refuses Value and protected columns', async () => {
    const { id } = await create('PaisOrigen', ['Nombre'], [`Barrio ${suffix()}`]);
    const renamed = `Barrio renombrado ${suffix()}`;
    heard.length = 0;
    const response = await post('update', { Table: 'PaisOrigen', Id: id, Keys: ['Nombre'], Values: [renamed] });
    expect(response.statusCode).toBe(200);
    expect(response.json<ReferenceTableRows>()).toContainEqual({ Id: id, Nombre: renamed, Eliminado: false });
    const [audit] = await auditRows('PaisOrigen', id);
    expect(audit).toMatchObject({ kind: 'parameters.row-changed', operationType: 'U', newValues: { Nombre: renamed } });
    await expect.poll(() => heard).toContain('parametros');

    await refused('update', { Table: 'PaisOrigen', Id: id, Keys: ['Value'], Values: ['NUEVO'] }, MSG.parameters.unknownColumn('PaisOrigen', 'Value'));
    await refused('update', { Table: 'PaisOrigen', Id: id, Keys: ['Nombre'], Values: [''] }, 'El valor no puede estar vacío');
    await refused('update', { Table: 'PaisOrigen', Id: id, Keys: ['Nombre'], Values: ['Chile'] }, MSG.parameters.duplicate('Nombre', 'Chile'));
    await refused('update', { Table: 'PaisOrigen', Id: 2_000_000_000, Keys: ['Nombre'], Values: ['x'] }, MSG.parameters.rowNotFound, 404);
    await refused('update', { Table: 'PaisOrigen', Id: -1, Keys: ['Nombre'], Values: ['x'] }, MSG.parameters.invalidId);
  });

  it('takes the row by the spec’s `id` (update "sends id, Keys and Values"), as by `Id`; two ids that disagree are refused', async () => {
    const parentesco = async () => (await t.app.inject({ method: 'GET', url: '/api/getCodiguerasAll', headers: admin.headers })).json<Record<string, ReferenceTableRows>>().Parentesco ?? [];
    const otro = (await parentesco()).find((row) => row.Id === 9);
    expect(otro).toBeDefined();
    const spec = await post('update', { Table: 'Parentesco', elem: { ...otro }, id: 9, Keys: ['Nombre'], Values: ['Otro vínculo'] });
    expect(spec.statusCode, spec.body).toBe(200);
    expect(spec.json<ReferenceTableRows>()).toContainEqual({ ...otro, Nombre: 'Otro vínculo' });
    const [audit] = await auditRows('Parentesco', 9);
    expect(audit).toMatchObject({ kind: 'parameters.row-changed', oldValues: { Nombre: otro?.Nombre }, newValues: { Nombre: 'Otro vínculo' } });

    const back = await post('update', { Table: 'Parentesco', Id: 9, Keys: ['Nombre'], Values: [otro?.Nombre] });
    expect(back.json<ReferenceTableRows>()).toContainEqual(otro);
    await refused('update', { Table: 'Parentesco', id: 9, Id: 8, Keys: ['Nombre'], Values: ['x'] }, MSG.parameters.idMismatch);
    await refused('update', { Table: 'Parentesco', elem: { Id: 8 }, id: 9, Keys: ['Nombre'], Values: ['x'] }, MSG.parameters.idMismatch);
    await refused('update', { Table: 'Parentesco', id: -1, Keys: ['Nombre'], Values: ['x'] }, MSG.parameters.invalidId);
    await refused('update', { Table: 'Parentesco', id: '9', Keys: ['Nombre'], Values: ['x'] }, MSG.parameters.invalidId);
    await refused('update', { Table: 'Parentesco', Keys: ['Nombre'], Values: ['x'] }, MSG.parameters.invalidId);
    expect(await parentesco()).toContainEqual(otro);
  });

  it('lets a status be renamed but not the group of sub-group 0 or 1', async () => {
    const response = await post('update', { Table: 'Status', Id: 11, Keys: ['Estado'], Values: ['Anulado'] });
    expect(response.statusCode).toBe(200);
    const reason = 'el subgrupo 0 es el de los reportes del sitio público y el 1 exige un evento adverso';
    await refused('update', { Table: 'SubGrupo', Id: 1, Keys: ['GrupoId'], Values: [2] }, MSG.parameters.lockedColumn('Grupo', reason));
    await refused('update', { Table: 'SubGrupo', Id: 0, Keys: ['GrupoId'], Values: [2] }, MSG.parameters.lockedColumn('Grupo', reason));
  });

  it('writes nothing when a later pair is invalid (one transaction)', async () => {
    const { id } = await create('AlturaUnidad', ['NombreCompleto', 'Abreviacion'], [`Pies ${suffix()}`, `ft${suffix()}`]);
    const before = await auditRows('AlturaUnidad', id);
    await refused('update', { Table: 'AlturaUnidad', Id: id, Keys: ['NombreCompleto', 'Abreviacion'], Values: [`Yardas ${suffix()}`, 'cm'] }, MSG.parameters.duplicate('Abreviación', 'cm'));
    const rows = (await t.app.inject({ method: 'GET', url: '/api/getCodiguerasAll', headers: admin.headers })).json<Record<string, ReferenceTableRows>>();
    expect(String(rows.AlturaUnidad?.find((row) => row.Id === id)?.NombreCompleto)).toMatch(/^Pies /);
    expect(await auditRows('AlturaUnidad', id)).toHaveLength(before.length);
  });
});

describe('POST /api/deleteElementCodiguera', () => {
  it('toggles Eliminado (never deletes), audits each toggle and announces it', async () => {
    const { id } = await create('PaisOrigen', ['Nombre'], [`Paraje ${suffix()}`]);
    heard.length = 0;
    let response = await post('delete', { Table: 'PaisOrigen', elem: { Id: id, Eliminado: false, Nombre: 'lo que sea' } });
    expect(response.statusCode).toBe(200);
    expect(response.json<ReferenceTableRows>().find((row) => row.Id === id)?.Eliminado).toBe(true);
    response = await post('delete', { Table: 'PaisOrigen', elem: { Id: id } });
    expect(response.json<ReferenceTableRows>().find((row) => row.Id === id)?.Eliminado).toBe(false);
    expect(await t.database.db.select().from(originCountries).where(eq(originCountries.id, id))).toHaveLength(1);
    const [enabled, disabled] = await auditRows('PaisOrigen', id);
    expect(disabled).toMatchObject({ kind: 'parameters.row-toggled', oldValues: { Eliminado: false }, newValues: { Eliminado: true } });
    expect(enabled).toMatchObject({ kind: 'parameters.row-toggled', oldValues: { Eliminado: true }, newValues: { Eliminado: false } });
    await expect.poll(() => heard.length).toBeGreaterThanOrEqual(2);
  });

  it.each([
    ['Status', 1, 'el flujo de trabajo usa cada estado'],
    ['Grupo', 3, 'los grupos 1 a 5 son los tipos de ocurrencia que usa el sistema'],
    ['SubGrupo', 0, 'el subgrupo 0 es el de los reportes del sitio público y el 1 exige un evento adverso'],
    ['AccionMedicamento', 2, 'las acciones 2 y 3 (cambio de dosis) muestran los datos de la nueva dosis'],
    ['AccionMedicamento', 3, 'las acciones 2 y 3 (cambio de dosis) muestran los datos de la nueva dosis'],
    ['ReporteOriginador_Receptor', 2, 'el receptor 2 identifica los estudios clínicos'],
    ['ReporteOriginador_Tipo', 4, 'el tipo 4 identifica los estudios clínicos'],
    ['AlturaUnidad', 1, 'es la unidad predeterminada de la altura'],
    ['PesoUnidad', 1, 'es la unidad predeterminada del peso'],
  ])('refuses to disable the protected row %s %i', async (table, id, reason) => {
    const before = await auditRows(table, id);
    await refused('delete', { Table: table, elem: { Id: id } }, MSG.parameters.protectedRow(reason));
    expect(await auditRows(table, id)).toHaveLength(before.length);
  });

  it('refuses to disable a country with active users, and lets one without them be disabled', async () => {
    const [uy] = await t.database.db.select().from(countries).where(eq(countries.code, 'UY'));
    await refused('delete', { Table: 'Paises', elem: { Id: uy?.id ?? 0 } }, MSG.parameters.countryInUse);
    const taken = new Set((await t.database.db.select({ code: countries.code }).from(countries)).map((row) => row.code));
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const code = [...letters].reverse().flatMap((a) => [...letters].map((b) => a + b)).find((candidate) => !taken.has(candidate)) ?? 'ZZ';
    const { id } = await create('Paises', ['Codigo', 'Nombre', 'TimeZone'], [code, `Tierra ${suffix()}`, 'America/Argentina/Buenos_Aires']);
    const response = await post('delete', { Table: 'Paises', elem: { Id: id } });
    expect(response.statusCode).toBe(200);
    expect(response.json<ReferenceTableRows>().find((row) => row.Id === id)?.Eliminado).toBe(true);
  });
});

describe('a disabled row chosen on a case form', () => {
  it('is refused by the public form, and no longer offered by the form’s lists', async () => {
    const { id } = await create('Parentesco', ['Nombre'], [`Vecino ${suffix()}`]);
    await post('delete', { Table: 'Parentesco', elem: { Id: id } });
    const report = patientReport(product);
    report.InformacionContacto.Reporta = { ...report.InformacionContacto.Reporta, Parentesco: id } as typeof report.InformacionContacto.Reporta;
    await expect(postPublicReport(t, report)).rejects.toThrow(/400/);
    const home = (await t.app.inject({ method: 'GET', url: '/api/getCodiguerasHome' })).json<{ Parentesco: { Id: number }[] }>();
    expect(home.Parentesco.map((row) => row.Id)).not.toContain(id);
    const basic = (await t.app.inject({ method: 'GET', url: '/api/getCodiguerasBasic', headers: rlf.headers })).json<{ Parentesco: { Id: number }[] }>();
    expect(basic.Parentesco.map((row) => row.Id)).not.toContain(id);
  });

  it('is refused by the wizard’s patient step, while a case already holding it saves unchanged', async () => {
    const { id } = await create('Parentesco', ['Nombre'], [`Padrino ${suffix()}`]);
    const holding = await createCase(t.database.db, { status: ER_STATUS.PENDIENTE, createdBy: rlf.user.id, country: 'UY', productIds: [product.id] });
    const setPatient = (meta: string, relationship: number) =>
      t.app.inject({ method: 'POST', url: '/api/setPaciente', headers: rlf.headers, payload: { ...validPatient({ IdParentesco: relationship }), IdER: meta } });
    expect((await setPatient(holding.meta, id)).statusCode).toBe(200);
    await post('delete', { Table: 'Parentesco', elem: { Id: id } });

    const other = await createCase(t.database.db, { status: ER_STATUS.PENDIENTE, createdBy: rlf.user.id, country: 'UY', productIds: [product.id] });
    const refusedAnswer = await setPatient(other.meta, id);
    expect(refusedAnswer.statusCode).toBe(400);
    expect(refusedAnswer.json()).toMatchObject({ Message: MSG.wizard.optionUnknown('Parentesco') });
    expect((await setPatient(holding.meta, id)).statusCode).toBe(200);
  });
});
