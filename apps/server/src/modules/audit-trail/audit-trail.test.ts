import { createHash, randomUUID } from 'node:crypto';
import {
  AUDIT_FILE_HASH_PREFIX,
  AUDIT_FILE_MAX_ROWS,
  type AuditDetail,
  auditFileHash,
  auditFileName,
  type AuditRow,
  type HistoryEntry,
  MSG,
  type PagedResult,
  type Role,
} from '@atalaya/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, operationHistory, operationHistoryLines, users as usersTable } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCase, laboratoryOfProduct, type TestCase } from '../../test-support/cases.js';
import { createProduct } from '../../test-support/catalog.js';
import { bearer, createUser, login, type TestUser } from '../../test-support/factories.js';
import { writeAudit } from '../audit/index.js';

/**
 * The audit trail (platform spec §2 'Audit trail screen', §7 'Audit'; docs/audit-trail.md):
 * the four panels' lists, their details, the reach of the Evento Reportable panel, the bad
 * input, and the audit file read back with its SHA-256. The database may be shared with other
 * test files (PostgreSQL): every check filters to the rows this file wrote (unique names,
 * days of their own in the past).
 */

let t: TestApp;
const sessions = new Map<string, { user: TestUser; token: string }>();
let caseA: TestCase;
let caseB: TestCase;
/** The changed user of the Usuarios rows: a unique last name to filter by. */
let target: TestUser;
const targetName = `Auditado${randomUUID().slice(0, 8)}`;
/** Ids of the rows written here. */
const ids: Record<string, number> = {};

async function session(key: string, role: Role, options: { laboratories?: { laboratoryId: number }[] } = {}) {
  const user = await createUser(t.database.db, { role, ...options });
  sessions.set(key, { user, token: (await login(t.app, user)).accessToken });
}

function token(key: string): string {
  const found = sessions.get(key);
  if (!found) throw new Error(key);
  return found.token;
}

function post(key: string, url: string, payload: unknown) {
  return t.app.inject({ method: 'POST', url: `/api/${url}`, headers: bearer(token(key)), payload: payload as object });
}

async function historyEntry(testCase: TestCase, userId: string, at: Date, description: string, comment: string) {
  const [entry] = await t.database.db
    .insert(operationHistory)
    .values({ eventId: testCase.id, userId, createdAt: at, description, operationType: 'U', comment })
    .returning({ id: operationHistory.id });
  if (!entry) throw new Error('no entry');
  await t.database.db.insert(operationHistoryLines).values({ entryId: entry.id, description: 'Estado', oldValue: 'En revisión RLF', newValue: 'En revisión QPPV' });
  return entry.id;
}

async function lastAuditId(): Promise<number> {
  const [row] = await t.database.db.select({ id: sql<number>`max(${auditLog.id})` }).from(auditLog);
  return Number(row?.id);
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const productA = await createProduct(db, { countries: ['UY'] });
  const productB = await createProduct(db, { countries: ['UY'] });
  const labA = await laboratoryOfProduct(db, productA.id);
  const labB = await laboratoryOfProduct(db, productB.id);
  await session('ADMIN', 'ADMIN');
  await session('QPPV-A', 'QPPV', { laboratories: [{ laboratoryId: labA }] });
  await session('QPPV-B', 'QPPV', { laboratories: [{ laboratoryId: labB }] });
  await session('RLF', 'RLF');
  await session('CL', 'CL', { laboratories: [{ laboratoryId: labA }] });
  await session('Fabricante', 'Fabricante', { laboratories: [{ laboratoryId: labA }] });
  const creator = sessions.get('RLF')?.user.id ?? '';
  caseA = await createCase(db, { createdBy: creator, productIds: [productA.id] });
  caseB = await createCase(db, { createdBy: creator, productIds: [productB.id] });
  ids.a1 = await historyEntry(caseA, creator, new Date('2003-04-05T10:00:00Z'), 'Aprobado por RLF', 'Revisado y completo');
  ids.a2 = await historyEntry(caseA, creator, new Date('2003-04-06T10:00:00Z'), 'Más información', 'Falta la dosis');
  ids.b1 = await historyEntry(caseB, creator, new Date('2003-04-05T11:00:00Z'), 'Aprobado por RLF', 'Caso B');

  target = await createUser(db, { role: 'RLF' });
  await db.update(usersTable).set({ lastName: targetName }).where(eq(usersTable.id, target.id));
  const admin = { id: sessions.get('ADMIN')?.user.id ?? '' };
  await writeAudit(db, {
    kind: 'user.updated',
    actor: admin,
    pkId: target.id,
    description: `Usuario actualizado: ${target.email}`,
    oldValues: { firstName: 'Ana' },
    newValues: { firstName: 'Ana María' },
    at: new Date('2002-01-10T12:00:00Z'),
  });
  ids.u1 = await lastAuditId();
  await writeAudit(db, {
    kind: 'user.disabled',
    actor: admin,
    pkId: target.id,
    description: `Usuario deshabilitado: ${target.email}`,
    oldValues: { isActive: true },
    newValues: { isActive: false },
    at: new Date('2002-01-20T12:00:00Z'),
  });
  ids.u2 = await lastAuditId();
  await writeAudit(db, {
    kind: 'parameters.row-changed',
    actor: admin,
    pkId: '7',
    tableName: 'Parentesco',
    description: 'Parentesco actualizado',
    oldValues: { Nombre: 'Tio' },
    newValues: { Nombre: '=Tío' },
    at: new Date('2002-02-10T12:00:00Z'),
  });
  ids.p1 = await lastAuditId();
  await writeAudit(db, {
    kind: 'settings.changed',
    actor: admin,
    pkId: 'SessionTimeout',
    description: 'Configuración actualizada: SessionTimeout',
    oldValues: { Value_setting: '30' },
    newValues: { Value_setting: '45' },
    at: new Date('2002-03-10T12:00:00Z'),
  });
  ids.c1 = await lastAuditId();
}, 120_000);

afterAll(async () => {
  await t.close();
});

const ALL_KEYS = ['ADMIN', 'QPPV-A', 'RLF', 'CL', 'Fabricante'] as const;

describe('who may read the audit trail (docs/roles.md: ADMIN and QPPV)', () => {
  it.each(['getAuditUsers', 'getAuditConfig', 'getAuditParameters', 'getAuditUsersDetails', 'getAuditConfigDetails', 'getAuditParametersDetails', 'downloadAuditFile'])(
    '%s answers ADMIN and QPPV, and 403 to RLF, CL and Fabricante',
    async (url) => {
      const body = url.endsWith('Details') ? { Id: ids.u1 } : url === 'downloadAuditFile' ? { panel: 'Configuracion', from: '2002-03-10', to: '2002-03-10' } : {};
      for (const key of ALL_KEYS) {
        const response = await post(key, url, body);
        const allowed = key === 'ADMIN' || key === 'QPPV-A';
        // A details call of the wrong panel is 404, but never 403 for an allowed role.
        if (allowed) expect(response.statusCode, `${key} ${response.body}`).not.toBe(403);
        else expect(response.statusCode, key).toBe(403);
      }
    },
  );
});

describe('Usuarios panel (getAuditUsers, getAuditUsersDetails)', () => {
  it('lists the changed user’s rows by name, newest first, with the spec’s audit row', async () => {
    const response = await post('ADMIN', 'getAuditUsers', { name: targetName.toLowerCase() });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<PagedResult<AuditRow>>();
    expect(page.Result.map((row) => row.Id)).toEqual([ids.u2, ids.u1]);
    expect(page.Total).toBe(2);
    expect(page.Result[0]).toMatchObject({
      OperationType: 'U',
      PKId: target.id,
      Instance: 'Usuarios',
      User: 'Prueba ADMIN',
      DateUTC: '2002-01-20T12:00:00.000Z',
      Description: `Usuario deshabilitado: ${target.email}`,
    });
  });

  it('filters by inclusive UTC days', async () => {
    const only = await post('QPPV-A', 'getAuditUsers', { name: targetName, from: '2002-01-10', to: '2002-01-10' });
    expect(only.json<PagedResult<AuditRow>>().Result.map((row) => row.Id)).toEqual([ids.u1]);
    const none = await post('QPPV-A', 'getAuditUsers', { name: targetName, from: '2002-01-21' });
    expect(none.json<PagedResult<AuditRow>>().Result).toEqual([]);
  });

  it('the detail shows each changed field’s old and new value, and the row’s place in the hash chain', async () => {
    const response = await post('QPPV-A', 'getAuditUsersDetails', { Id: ids.u1 });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<AuditDetail>();
    expect(detail.Cambios).toEqual([{ Campo: 'firstName', ValorAnterior: 'Ana', ValorNuevo: 'Ana María' }]);
    expect(detail.Hash).toMatch(/^[0-9a-f]{64}$/);
    expect(detail.PosicionCadena).toBeGreaterThan(0);
  });

  it('a row of another panel, or no row, is 404', async () => {
    for (const id of [ids.p1, 9_007_199_254_740_991]) {
      const response = await post('ADMIN', 'getAuditUsersDetails', { Id: id });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ Message: MSG.audit.rowNotFound });
    }
  });
});

describe('Parametros and Configuración panels', () => {
  it('Parametros lists by table and the detail has the change', async () => {
    const response = await post('ADMIN', 'getAuditParameters', { tabla: 'Parentesco', from: '2002-02-10', to: '2002-02-10' });
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json<PagedResult<AuditRow>>().Result;
    expect(rows.map((row) => row.Id)).toEqual([ids.p1]);
    expect(rows[0]?.Tabla).toBe('Parentesco');
    const other = await post('ADMIN', 'getAuditParameters', { tabla: 'Via', from: '2002-02-10', to: '2002-02-10' });
    expect(other.json<PagedResult<AuditRow>>().Result).toEqual([]);
    const detail = await post('ADMIN', 'getAuditParametersDetails', { Id: ids.p1 });
    expect(detail.json<AuditDetail>().Cambios).toEqual([{ Campo: 'Nombre', ValorAnterior: 'Tio', ValorNuevo: '=Tío' }]);
  });

  it('Configuración lists the settings change and its detail', async () => {
    const response = await post('QPPV-A', 'getAuditConfig', { from: '2002-03-10', to: '2002-03-10' });
    expect(response.json<PagedResult<AuditRow>>().Result.map((row) => row.Id)).toEqual([ids.c1]);
    const detail = await post('QPPV-A', 'getAuditConfigDetails', { Id: ids.c1 });
    expect(detail.json<AuditDetail>().Cambios).toEqual([{ Campo: 'Value_setting', ValorAnterior: '30', ValorNuevo: '45' }]);
  });
});

describe('bad input: 400 with a Spanish Message', () => {
  const cases: [string, string, unknown, string][] = [
    ['dates out of order', 'getAuditUsers', { from: '2002-01-20', to: '2002-01-10' }, MSG.audit.datesOutOfOrder],
    ['a date not ISO', 'getAuditConfig', { from: '10/01/2002' }, MSG.generic.dateFormat('fecha desde')],
    ['an unknown field', 'getAuditConfig', { pais: 'UY' }, MSG.audit.unknownField],
    ['a NUL in a filter', 'getAuditUsers', { name: 'a\u0000b' }, MSG.generic.invalidCharacters],
    ['an unknown table', 'getAuditParameters', { tabla: 'pg_authid' }, MSG.lists.invalidFilter],
    ['a huge page number', 'getAuditParameters', { pageNumber: 900_000 }, MSG.lists.pageTooFar],
    ['a page number past the limit', 'getAuditParameters', { pageNumber: 1e12 }, MSG.lists.invalidPage],
    ['another page size', 'getAuditUsers', { pageSize: 1000 }, MSG.audit.invalidPageSize],
    ['a forged page key', 'getAuditUsers', { pageKey: 'after:bm90LWEta2V5' }, MSG.lists.invalidPageKey],
    ['a detail id out of range', 'getAuditConfigDetails', { Id: 0 }, MSG.audit.rowNotFound],
    ['an unknown panel', 'downloadAuditFile', { panel: 'Pacientes' }, MSG.audit.unknownPanel],
    ['history: dates out of order', 'getERHistoryByMeta', { from: '2003-04-06', to: '2003-04-05' }, MSG.audit.datesOutOfOrder],
    ['history: an unknown field', 'getERHistoryByMeta', { referencia: 'UY', borrar: true }, MSG.audit.unknownField],
    ['history: a NUL in the reference', 'getERHistoryByMeta', { referencia: 'UY\u0000' }, MSG.generic.invalidCharacters],
    ['history: a huge page number', 'getERHistoryByMeta', { pageNumber: 900_000 }, MSG.lists.pageTooFar],
  ];
  it.each(cases)('%s', async (_name, url, body, message) => {
    const response = await post(url.startsWith('getER') ? 'QPPV-A' : 'ADMIN', url, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ Message: string }>().Message).toBe(message);
  });
});

describe('the date filters of the four audit lists: a future \'Hasta\' is no error, only \'Hasta\' before \'Desde\'', () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const LISTS = [
    ['Evento Reportable', 'getERHistoryByMeta', 'QPPV-A'],
    ['Usuarios', 'getAuditUsers', 'ADMIN'],
    ['Configuración', 'getAuditConfig', 'ADMIN'],
    ['Parametros', 'getAuditParameters', 'ADMIN'],
  ] as const;
  it.each(LISTS)('%s (%s) answers a \'Hasta\' of tomorrow or next year, and refuses \'Hasta\' before \'Desde\' in Spanish', async (_panel, url, key) => {
    for (const to of [day(1), day(366)]) {
      const response = await post(key, url, { from: '2002-01-01', to });
      expect(response.statusCode, `${to}: ${response.body}`).toBe(200);
      expect(response.json<PagedResult<unknown>>().Total).toBeGreaterThan(0);
    }
    const future = await post(key, url, { from: day(1), to: day(2) });
    expect(future.statusCode, future.body).toBe(200);
    expect(future.json<PagedResult<unknown>>().Result).toEqual([]);
    const outOfOrder = await post(key, url, { from: day(2), to: day(1) });
    expect(outOfOrder.statusCode).toBe(400);
    expect(outOfOrder.json()).toMatchObject({ Message: MSG.audit.datesOutOfOrder });
  });

  it('the Evento Reportable file and a case\'s Operaciones tab take a future \'Hasta\' as well', async () => {
    const file = await post('QPPV-A', 'downloadAuditFile', { panel: 'ER', from: '2003-04-05', to: day(1) });
    expect(file.statusCode, file.body).toBe(200);
    const tab = await post('QPPV-A', 'getERHistoryByMeta', { meta: caseA.meta, to: day(1) });
    expect(tab.statusCode, tab.body).toBe(200);
    expect(tab.json<PagedResult<HistoryEntry>>().Result.map((entry) => entry.Id)).toEqual(expect.arrayContaining([ids.a1, ids.a2]));
  });
});

describe('Evento Reportable panel (getERHistoryByMeta without meta): the history of the cases in reach', () => {
  const window = { from: '2003-04-05', to: '2003-04-06' };
  const entriesOf = async (key: string, body: object) => {
    const response = await post(key, 'getERHistoryByMeta', { ...window, ...body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PagedResult<HistoryEntry>>();
  };

  it('a QPPV sees its laboratory’s case, newest first, with the case’s Meta and reference and the lines; never another laboratory’s', async () => {
    const pageA = await entriesOf('QPPV-A', {});
    expect(pageA.Result.map((entry) => entry.Id)).toEqual([ids.a2, ids.a1]);
    expect(pageA.Result[0]).toMatchObject({ Meta: caseA.meta, NumeroReferencia: caseA.referenceNumber, Comentario: 'Falta la dosis' });
    expect(pageA.Result[0]?.Lines).toEqual([{ Description: 'Estado', OldValue: 'En revisión RLF', NewValue: 'En revisión QPPV', IsFile: false, Comentario: null }]);
    const pageB = await entriesOf('QPPV-B', {});
    expect(pageB.Result.map((entry) => entry.Id)).toEqual([ids.b1]);
  });

  it('honours referencia (a prefix of the reference, any case)', async () => {
    const byReference = await entriesOf('RLF', { referencia: caseB.referenceNumber.toLowerCase() });
    expect(byReference.Result.map((entry) => entry.Id)).toEqual([ids.b1]);
    const outOfReach = await entriesOf('QPPV-A', { referencia: caseB.referenceNumber });
    expect(outOfReach.Result).toEqual([]);
    // With meta too: the case's own reference filters nothing, another one everything.
    const withMeta = await entriesOf('QPPV-A', { meta: caseA.meta, referencia: caseB.referenceNumber });
    expect(withMeta.Result).toEqual([]);
  });

  it('keyset pages: the next page continues after the last row', async () => {
    const first = await entriesOf('RLF', { pageSize: 2 });
    expect(first.Result).toHaveLength(2);
    expect(first.LastKey).not.toBeNull();
    const next = await entriesOf('RLF', { pageSize: 2, pageNumber: 2, pageKey: `after:${first.LastKey}` });
    const seen = [...first.Result, ...next.Result].map((entry) => entry.Id);
    expect(seen).toEqual([ids.a2, ids.b1, ids.a1]);
  });

  it('a reference prefix matching more than 200 cases in reach is 400, asking for more of it', async () => {
    // An RLF of a country of its own reaches exactly its country's cases: 201 of them.
    const rlf = await createUser(t.database.db, { role: 'RLF', country: 'PY' });
    sessions.set('RLF-PY', { user: rlf, token: (await login(t.app, rlf)).accessToken });
    const product = await createProduct(t.database.db, { countries: ['PY'] });
    for (let i = 0; i < 201; i += 1) await createCase(t.database.db, { createdBy: rlf.id, country: 'PY', productIds: [product.id] });
    const response = await post('RLF-PY', 'getERHistoryByMeta', { referencia: 'PY-' });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ Message: string }>().Message).toBe(MSG.audit.tooManyReferences('200'));
  }, 120_000);

  it('ADMIN reads every case’s entries (the audit of the whole company), but never a case itself', async () => {
    const page = await entriesOf('ADMIN', {});
    expect(page.Result.map((entry) => entry.Id)).toEqual([ids.a2, ids.b1, ids.a1]);
    expect(page.Result[0]).toMatchObject({ NumeroReferencia: caseA.referenceNumber, Description: 'Más información', Comentario: 'Falta la dosis' });
    expect((await entriesOf('ADMIN', { referencia: caseB.referenceNumber })).Result.map((entry) => entry.Id)).toEqual([ids.b1]);
    // One case's history (the Operaciones tab) and the case itself stay out of ADMIN's reach.
    for (const url of ['getERHistoryByMeta', 'getERHistoryByEvent']) {
      const tab = await post('ADMIN', url, { meta: caseA.meta });
      expect(tab.statusCode).toBe(404);
      expect(tab.json()).toMatchObject({ Message: MSG.lists.eventNotFound });
    }
    const view = await t.app.inject({ method: 'GET', url: `/api/getERByMeta/${caseA.meta}`, headers: bearer(token('ADMIN')) });
    expect(view.statusCode).toBe(403);
  });
});

describe('downloadAuditFile', () => {
  function readBack(payload: Buffer) {
    const text = payload.toString('utf8');
    const hashLineStart = payload.lastIndexOf(Buffer.from(`\r\n${AUDIT_FILE_HASH_PREFIX}`)) + 2;
    const content = payload.subarray(0, hashLineStart);
    return { text, stated: auditFileHash(text), computed: createHash('sha256').update(content).digest('hex'), lines: content.toString('utf8').replace(/^\uFEFF/, '').split('\r\n').filter(Boolean) };
  }

  it('answers the panel’s rows as CSV with who, when (UTC and local), what, old and new value; its last line is the SHA-256 of the rest, the name carries it, and the download is audited', async () => {
    const response = await post('QPPV-A', 'downloadAuditFile', { panel: 'Usuarios', name: targetName });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const file = readBack(response.rawPayload);
    expect(file.stated).toBe(file.computed);
    expect(response.headers['x-content-sha256']).toBe(file.computed);
    expect(String(response.headers['content-disposition'])).toContain(auditFileName('Usuarios', file.computed));
    expect(file.lines[0]).toBe(
      'Fecha UTC (ISO 8601),Fecha local,Zona horaria,Usuario,Correo del usuario,Operación,Panel,Registro,Tabla,Descripción,Campo,Valor anterior,Valor nuevo,Motivo',
    );
    expect(file.lines.slice(1)).toEqual([
      `2002-01-20T12:00:00.000Z,20/01/2002 09:00,America/Montevideo,Prueba ADMIN,${sessions.get('ADMIN')?.user.email},Actualizado,Usuarios,${target.id},,Usuario deshabilitado: ${target.email},isActive,true,false,`,
      `2002-01-10T12:00:00.000Z,10/01/2002 09:00,America/Montevideo,Prueba ADMIN,${sessions.get('ADMIN')?.user.email},Actualizado,Usuarios,${target.id},,Usuario actualizado: ${target.email},firstName,Ana,Ana María,`,
    ]);
    const [audited] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'audit.file-downloaded'), eq(auditLog.userId, sessions.get('QPPV-A')?.user.id ?? '')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audited).toMatchObject({ instance: 'Configuracion', operationType: 'I' });
    expect(audited?.newValues).toMatchObject({ Panel: 'Usuarios', Registros: 2, SHA256: file.computed });
    // Nobody changes it, ADMIN included: the database refuses (db/append-only.test.ts for every table).
    await expect(t.database.db.execute(sql`update audit_log set description = 'x' where id = ${audited?.id}`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from audit_log where id = ${audited?.id}`)).rejects.toThrow();
  });

  it('a spreadsheet formula in a value is neutralised, and the Evento Reportable file keeps the comment as the reason, only within reach', async () => {
    const parameters = readBack((await post('ADMIN', 'downloadAuditFile', { panel: 'Parametros', tabla: 'Parentesco', from: '2002-02-10', to: '2002-02-10' })).rawPayload);
    expect(parameters.lines[1]).toContain(",Nombre,Tio,'=Tío,");
    const events = readBack((await post('QPPV-A', 'downloadAuditFile', { panel: 'ER', from: '2003-04-05', to: '2003-04-06' })).rawPayload);
    expect(events.stated).toBe(events.computed);
    expect(events.lines.slice(1)).toHaveLength(2);
    expect(events.lines[1]).toContain(`,${caseA.referenceNumber},,Más información,Estado,En revisión RLF,En revisión QPPV,Falta la dosis`);
    expect(events.text).not.toContain(caseB.referenceNumber);
    // ADMIN's file holds every case's entries.
    const admin = readBack((await post('ADMIN', 'downloadAuditFile', { panel: 'ER', from: '2003-04-05', to: '2003-04-06' })).rawPayload);
    expect(admin.stated).toBe(admin.computed);
    expect(admin.lines.slice(1)).toHaveLength(3);
    expect(admin.text).toContain(`,${caseB.referenceNumber},,Aprobado por RLF,Estado,En revisión RLF,En revisión QPPV,Caso B`);
  });

  it('past its row cap it refuses before writing anything', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(eq(auditLog.kind, 'audit.file-downloaded'));
    await t.database.db.execute(sql`
      insert into audit_log (operation_type, instance, date_utc, description, kind)
      select 'U', 'Configuracion', timestamptz '1999-05-05 10:00:00+00' + (n || ' seconds')::interval, 'fila ' || n, 'settings.changed'
      from generate_series(1, ${AUDIT_FILE_MAX_ROWS + 1}) as n`);
    const response = await post('ADMIN', 'downloadAuditFile', { panel: 'Configuracion', from: '1999-05-05', to: '1999-05-05' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ Message: string }>().Message).toBe(MSG.audit.tooManyRows('5.000'));
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(eq(auditLog.kind, 'audit.file-downloaded'));
    expect(after[0]?.n).toBe(before[0]?.n);
    // The list still answers, with a bounded total.
    const page = await post('ADMIN', 'getAuditConfig', { from: '1999-05-05', to: '1999-05-05' });
    expect(page.json<PagedResult<AuditRow>>().Total).toBe(AUDIT_FILE_MAX_ROWS + 1);
  }, 120_000);
});

describe('Señales panel (getAuditSignals, getAuditSignalsDetails): the register of signals', () => {
  it('lists the signal register’s rows (instance Senales) by date with their detail, in the file too; RLF, CL and Fabricante 403', async () => {
    const db = t.database.db;
    const qppv = { id: sessions.get('QPPV-A')?.user.id ?? '' };
    await writeAudit(db, {
      kind: 'signal.status-changed',
      actor: qppv,
      pkId: '41',
      description: 'Señal validada: IBUPROFENO × Cefalea',
      oldValues: { Estado: 'En evaluación' },
      newValues: { Estado: 'Validada' },
      at: new Date('2002-05-10T12:00:00Z'),
    });
    const id = await lastAuditId();
    for (const key of ['ADMIN', 'QPPV-A'] as const) {
      const response = await post(key, 'getAuditSignals', { from: '2002-05-10', to: '2002-05-10' });
      expect(response.statusCode, response.body).toBe(200);
      const rows = response.json<PagedResult<AuditRow>>().Result;
      expect(rows.map((row) => row.Id)).toEqual([id]);
      expect(rows[0]).toMatchObject({ Instance: 'Senales', OperationType: 'U', PKId: '41', Description: 'Señal validada: IBUPROFENO × Cefalea' });
    }
    const detail = await post('QPPV-A', 'getAuditSignalsDetails', { Id: id });
    expect(detail.json<AuditDetail>().Cambios).toEqual([{ Campo: 'Estado', ValorAnterior: 'En evaluación', ValorNuevo: 'Validada' }]);
    // Another panel's row is not this panel's (404), nor is this row another panel's.
    expect((await post('QPPV-A', 'getAuditSignalsDetails', { Id: ids.c1 })).statusCode).toBe(404);
    expect((await post('QPPV-A', 'getAuditConfigDetails', { Id: id })).statusCode).toBe(404);
    expect((await post('QPPV-A', 'getAuditConfig', { from: '2002-05-10', to: '2002-05-10' })).json<PagedResult<AuditRow>>().Result).toEqual([]);

    const file = await post('ADMIN', 'downloadAuditFile', { panel: 'Senales', from: '2002-05-10', to: '2002-05-10' });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body).toContain('Señal validada: IBUPROFENO × Cefalea');
    expect(String(file.headers['content-disposition'])).toContain('Auditoria-Senales-');

    for (const key of ['RLF', 'CL', 'Fabricante'] as const) {
      expect((await post(key, 'getAuditSignals', {})).statusCode, key).toBe(403);
      expect((await post(key, 'getAuditSignalsDetails', { Id: id })).statusCode, key).toBe(403);
    }
    const bad = await post('QPPV-A', 'getAuditSignals', { from: '2002-05-11', to: '2002-05-10' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ Message: MSG.audit.datesOutOfOrder });
  });
});
