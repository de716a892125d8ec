import { readFile } from 'node:fs/promises';
import { type ErListRow, isIsoDate, type PagedResult, type UserLaboratory } from '@atalaya/domain';
import { count, eq, getTableName, like } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { bearer, login } from '../test-support/factories.js';
import { type Database, type Db, migrate, openDatabase } from '../db/client.js';
import { countries, eventComments, eventMedications, eventPatients, eventRams, events, homeReports, homeReportStatusHistory, laboratories, userLaboratories, users } from '../db/schema/index.js';
import { DEMO_PASSWORD, seedDemoData, seedOnStart } from './index.js';

interface ReportRow {
  Reference: string;
  Status: number;
}

/**
 * The demo content is checked on a database of its own (in-memory PGlite, even when the
 * other tests run on DATABASE_URL), so that the counts are exactly what a fresh demo shows.
 */
async function freshDatabase(): Promise<Database> {
  const dumpPath = inject('atalayaDatabaseDump');
  if (dumpPath) return openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([await readFile(dumpPath)]) });
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database);
  return database;
}

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await freshDatabase();
  await seedOnStart(database, { demo: true });
  app = await buildApp({
    database,
    config: { ...loadConfig({ LOG_LEVEL: 'silent', APP_URL: 'http://atalaya.test' }), captchaMaxNumber: 1000 },
  });
}, 120_000);
afterAll(async () => {
  await app.close();
  await database.close();
});

async function tokenOf(user: string): Promise<string> {
  return (await login(app, { email: `${user}@demo.atalaya`, password: DEMO_PASSWORD })).accessToken;
}

async function get<T>(token: string, url: string): Promise<T> {
  const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

const pending = (token: string) =>
  get<PagedResult<ErListRow>>(token, `/api/getWorkFlow/1/15/${encodeURIComponent('FechaSolicitud DESC')}/null/null/null/null/null/null`);
const inbox = (token: string) => get<PagedResult<ReportRow>>(token, `/api/getWFReportHome/1/15/${encodeURIComponent('FechaCreacion DESC')}`);

describe('demo reports and cases', () => {
  it('gives the demo RLF its draft, a case to review and one waiting for more information, with a KPI alert', async () => {
    const result = await pending(await tokenOf('rlf'));
    expect(result.Total).toBe(3);
    expect(result.Result.map((row) => row.Estado).sort()).toEqual([1, 2, 4]);
    expect(result.Result.every((row) => row.NumeroReferenciaHome?.startsWith('RH-'))).toBe(true);
    const draft = result.Result.find((row) => row.Estado === 1);
    expect(draft?.EsCreador).toBe(true);
    const review = result.Result.find((row) => row.Estado === 2);
    expect(review?.MetricsAlerts.map((alert) => alert.Nombre)).toEqual(expect.arrayContaining(['Ingreso del reporte', 'Revisión RLF']));
    expect(review?.NombreComercial).toBe('Enaltar 10');
  });

  it('gives the demo QPPV two cases to evaluate and the Fabricante one of its laboratories', async () => {
    const qppv = await pending(await tokenOf('qppv'));
    expect(qppv.Total).toBe(2);
    expect(qppv.Result.map((row) => row.Estado)).toEqual([3, 3]);

    const maker = await pending(await tokenOf('fabricante'));
    expect(maker.Total).toBe(1);
    expect(maker.Result[0]).toMatchObject({ Estado: 5, Laboratorio: 'Laboratorio Pampa Vital', NombreComercial: 'Pampril 5' });
  });

  it('leaves new and in-review reports in the inbox: Uruguay for the RLF, every country for the QPPV', async () => {
    const rlf = await inbox(await tokenOf('rlf'));
    expect(rlf.Total).toBe(5);
    expect(rlf.Result.map((row) => row.Status).sort()).toEqual([1, 1, 1, 2, 2]);
    expect(rlf.Result.every((row) => /^RH-\d{4}-9000\d\d$/.test(row.Reference))).toBe(true);

    const qppv = await inbox(await tokenOf('qppv'));
    expect(qppv.Total).toBe(7);
  });

  it('copies the entered reports into the cases as Ingresar does', async () => {
    const [cases] = await database.db.select({ n: count() }).from(events);
    const [patients] = await database.db.select({ n: count() }).from(eventPatients);
    const [medications] = await database.db.select({ n: count() }).from(eventMedications);
    const [rams] = await database.db.select({ n: count() }).from(eventRams);
    expect(cases?.n).toBe(6);
    expect(patients?.n).toBe(6);
    expect(medications?.n).toBe(6);
    expect(rams?.n).toBe(7);
  });

  it('adds nothing when the seed runs again', async () => {
    const tables: PgTable[] = [homeReports, homeReportStatusHistory, events, eventComments, eventRams];
    const counts = async (db: Db) =>
      Object.fromEntries(
        await Promise.all(tables.map(async (table) => [getTableName(table), (await db.select({ n: count() }).from(table))[0]?.n ?? 0] as const)),
      );
    const before = await counts(database.db);
    await seedDemoData(database.db);
    expect(await counts(database.db)).toEqual(before);
    const [demo] = await database.db.select({ n: count() }).from(homeReports).where(like(homeReports.reference, 'RH-%-9000%'));
    expect(demo?.n).toBe(14);
  });

  it('stores only ISO 8601 dates: every Fecha… of the stored report payloads is a real YYYY-MM-DD day', async () => {
    const dates: [string, unknown][] = [];
    const collect = (value: unknown, path: string): void => {
      if (Array.isArray(value)) value.forEach((item, index) => collect(item, `${path}[${index}]`));
      else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) collect(item, `${path}.${key}`);
      else if (/\.Fecha[A-Za-z]*$/.test(path) && value !== null && value !== '') dates.push([path, value]);
    };
    for (const report of await database.db.select({ reference: homeReports.reference, data: homeReports.data }).from(homeReports)) collect(report.data, report.reference);
    expect(dates.length).toBeGreaterThan(50);
    expect(dates.filter(([, value]) => typeof value !== 'string' || !isIsoDate(value))).toEqual([]);

  });
});

describe('the spec\'s laboratory assignment on the demo', () => {
  it('unchecking laboratory 1 of Uruguay for the Fabricante (the spec\'s body, no company) widens nothing: UY-2026-000002 stays out of its reach', async () => {
    const [laboratoryOne] = await database.db.select({ country: countries.code }).from(laboratories).innerJoin(countries, eq(countries.id, laboratories.countryId)).where(eq(laboratories.id, 1));
    expect(laboratoryOne?.country).toBe('UY');
    const [maker] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'fabricante@demo.atalaya'));
    const [uy2] = await database.db.select({ meta: events.meta }).from(events).where(eq(events.referenceNumber, 'UY-2026-000002'));
    const fabricante = await tokenOf('fabricante');
    const read = () => app.inject({ method: 'GET', url: `/api/getERByMeta/${uy2?.meta ?? ''}`, headers: bearer(fabricante) });
    expect((await read()).statusCode).toBe(404);
    const before = await database.db.select().from(userLaboratories).where(eq(userLaboratories.userId, maker?.id ?? '')).orderBy(userLaboratories.id);

    const response = await app.inject({
      method: 'POST',
      url: '/api/setLaboratoryUser',
      headers: bearer(await tokenOf('admin')),
      payload: { userId: maker?.id, laboratories: [{ Id: 1, Checked: false }], country: 'UY', allLabs: false },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<UserLaboratory[]>().map((grant) => grant.Description)).not.toContain('Todos los laboratorios de Uruguay');
    expect(await database.db.select().from(userLaboratories).where(eq(userLaboratories.userId, maker?.id ?? '')).orderBy(userLaboratories.id)).toEqual(before);
    expect((await read()).statusCode).toBe(404);
  });
});
