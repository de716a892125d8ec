import { type ErListRow, type Metric, MSG, type PagedResult, type Role, SEEDED_METRICS, TIME_OPTIONS, type TimeOption } from '@atalaya/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, metrics } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCase, laboratoryOfProduct } from '../../test-support/cases.js';
import { createProduct } from '../../test-support/catalog.js';
import { bearer, createUser, login, type TestUser } from '../../test-support/factories.js';
import { refreshCaseDeadlines } from '../deadlines/index.js';
import { onConfigurationChanged } from '../../shared/configuration-events.js';

/**
 * The Metricas screen's calls (platform spec §2 'Metrics screen', §7 'Metrics'): the list, the
 * time options, a time change and the active toggle, with their audit rows, the
 * 'Cambio en la configuración' announcement and the effect on the KPI columns of the lists.
 * Every test works on metric 1 ('Ingreso del reporte'), and puts it back as seeded at the end
 * (on PostgreSQL the database is shared with the other test files).
 */

const HOUR = 3_600_000;
const INTAKE = SEEDED_METRICS[0];
if (!INTAKE || INTAKE.Nombre !== 'Ingreso del reporte') throw new Error('metric 1 is Ingreso del reporte');
const optionId = (name: string): number => {
  const option = TIME_OPTIONS.find((candidate) => candidate.Nombre === name);
  if (!option) throw new Error(name);
  return option.Id;
};

let t: TestApp;
const tokens = new Map<Role, string>();
const users = new Map<Role, TestUser>();
const announced: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['ADMIN', 'QPPV', 'RLF', 'CL', 'Fabricante'] as const) {
    const user = await createUser(t.database.db, { role });
    users.set(role, user);
    tokens.set(role, (await login(t.app, user)).accessToken);
  }
  onConfigurationChanged(t.configurationEvents, (change) => announced.push(change.what));
  await restoreIntake();
}, 60_000);

afterAll(async () => {
  await restoreIntake();
  await t.close();
});

async function restoreIntake(): Promise<void> {
  await t.database.db.update(metrics).set({ tiempoId: INTAKE?.TiempoId, activo: true }).where(eq(metrics.metricaId, 1));
  await refreshCaseDeadlines(t.database.db, { metricId: 1 });
}

function token(role: Role): string {
  const value = tokens.get(role);
  if (!value) throw new Error(role);
  return value;
}

function call(role: Role, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({ method, url: `/api/${url}`, headers: bearer(token(role)), ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function intake(): Promise<Metric> {
  const response = await call('ADMIN', 'GET', 'getAllMetricsTime');
  expect(response.statusCode, response.body).toBe(200);
  const row = response.json<Metric[]>().find((metric) => metric.MetricaId === 1);
  if (!row) throw new Error('no metric 1');
  return row;
}

async function auditRowsOf(role: Role) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.kind, 'metric.changed'), eq(auditLog.userId, users.get(role)?.id ?? '')))
    .orderBy(desc(auditLog.id));
}

describe('reading the metrics and the time options (ADMIN, QPPV)', () => {
  it('lists every metric with its name, initials, time option and its name, and active flag; and the time options', async () => {
    for (const role of ['ADMIN', 'QPPV'] as const) {
      const list = await call(role, 'GET', 'getAllMetricsTime');
      expect(list.statusCode, list.body).toBe(200);
      const rows = list.json<Metric[]>();
      expect(rows.map((row) => row.MetricaId)).toEqual([...rows.map((row) => row.MetricaId)].sort((a, b) => a - b));
      for (const seeded of SEEDED_METRICS) {
        expect(rows).toContainEqual(
          expect.objectContaining({ MetricaId: seeded.MetricaId, Nombre: seeded.Nombre, Siglas: seeded.Siglas, TiempoId: expect.any(Number), Activo: expect.any(Boolean) }),
        );
      }
      expect(rows.find((row) => row.MetricaId === 1)).toEqual({ MetricaId: 1, Nombre: 'Ingreso del reporte', Siglas: 'IR', TiempoId: 2, TiempoNombre: '48 h', Activo: true });

      const options = await call(role, 'GET', 'getTimeOptions');
      expect(options.statusCode, options.body).toBe(200);
      expect(options.json<TimeOption[]>()).toEqual(TIME_OPTIONS.map((option) => ({ Id: option.Id, Nombre: option.Nombre })));
    }
  });

  it('refuses RLF, CL and Fabricante every metrics call with 403 and changes nothing', async () => {
    const before = await intake();
    for (const role of ['RLF', 'CL', 'Fabricante'] as const) {
      for (const [method, url, payload] of [
        ['GET', 'getAllMetricsTime', undefined],
        ['GET', 'getTimeOptions', undefined],
        ['POST', 'updateMetricTime', { id: 1, tiempo: optionId('72 h') }],
        ['POST', 'activeMetric', { ...before, Activo: false }],
      ] as const) {
        const response = await call(role, method, url, payload);
        expect(response.statusCode, `${role} ${url}`).toBe(403);
        expect(response.json()).toMatchObject({ Message: MSG.errors.forbidden });
      }
      expect(await auditRowsOf(role)).toEqual([]);
    }
    expect(await intake()).toEqual(before);
  });
});

describe('changing a metric', () => {
  it("changes the time (QPPV): answers the metric, keeps it, writes the audit row with old and new values and announces 'metricas'", async () => {
    announced.length = 0;
    const response = await call('QPPV', 'POST', 'updateMetricTime', { id: 1, tiempo: optionId('72 h') });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ MetricaId: 1, Nombre: 'Ingreso del reporte', Siglas: 'IR', TiempoId: 3, TiempoNombre: '72 h', Activo: true });
    expect(await intake()).toMatchObject({ TiempoId: 3, TiempoNombre: '72 h' });
    const [row, ...others] = await auditRowsOf('QPPV');
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      instance: 'Configuracion',
      operationType: 'U',
      pkId: '1',
      description: 'Métrica Ingreso del reporte (IR): tiempo 48 h → 72 h',
      oldValues: { TiempoId: 2, TiempoNombre: '48 h' },
      newValues: { TiempoId: 3, TiempoNombre: '72 h' },
    });
    expect(announced).toEqual(['metricas']);
    await restoreIntake();
  });

  it("deactivates and activates (ADMIN), the body being the metric as listed: audit rows and an announcement each", async () => {
    announced.length = 0;
    const listed = await intake();
    const off = await call('ADMIN', 'POST', 'activeMetric', { ...listed, Activo: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ ...listed, Activo: false });
    expect(await intake()).toMatchObject({ Activo: false });
    const on = await call('ADMIN', 'POST', 'activeMetric', { MetricaId: 1, Activo: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ ...listed, Activo: true });
    const rows = await auditRowsOf('ADMIN');
    expect(rows.map((row) => [row.description, row.oldValues, row.newValues, row.instance])).toEqual([
      ['Métrica Ingreso del reporte (IR): activada', { Activo: false }, { Activo: true }, 'Configuracion'],
      ['Métrica Ingreso del reporte (IR): desactivada', { Activo: true }, { Activo: false }, 'Configuracion'],
    ]);
    expect(announced).toEqual(['metricas', 'metricas']);
  });

  it('a change to the value the metric already has answers it and writes and announces nothing', async () => {
    announced.length = 0;
    const before = (await auditRowsOf('ADMIN')).length;
    expect((await call('ADMIN', 'POST', 'updateMetricTime', { id: 1, tiempo: 2 })).statusCode).toBe(200);
    expect((await call('ADMIN', 'POST', 'activeMetric', { MetricaId: 1, Activo: true })).json()).toMatchObject({ MetricaId: 1, Activo: true });
    expect((await auditRowsOf('ADMIN')).length).toBe(before);
    expect(announced).toEqual([]);
  });

  it('refuses an unknown metric (404) or time option (400), and wrong types (400), with a Spanish Message, writing and announcing nothing', async () => {
    announced.length = 0;
    const before = await intake();
    const auditBefore = (await auditRowsOf('ADMIN')).length;
    const cases: [string, unknown, number, string][] = [
      ['updateMetricTime', { id: 999_999, tiempo: 3 }, 404, MSG.metrics.notFound],
      ['activeMetric', { MetricaId: 999_999, Activo: false }, 404, MSG.metrics.notFound],
      ['updateMetricTime', { id: 1, tiempo: 99 }, 400, MSG.metrics.timeOptionNotFound],
      ['updateMetricTime', { id: 1, tiempo: '3' }, 400, MSG.metrics.timeOptionNotFound],
      ['updateMetricTime', { id: 1, tiempo: 2.5 }, 400, MSG.metrics.timeOptionNotFound],
      ['updateMetricTime', { id: 1 }, 400, MSG.metrics.timeOptionNotFound],
      ['updateMetricTime', { id: '1', tiempo: 3 }, 400, MSG.metrics.notFound],
      ['updateMetricTime', { id: 2_147_483_648, tiempo: 3 }, 400, MSG.metrics.notFound],
      ['updateMetricTime', { id: -1, tiempo: 3 }, 400, MSG.metrics.notFound],
      ['updateMetricTime', { id: 'x'.repeat(10_000), tiempo: 3 }, 400, MSG.metrics.notFound],
      ['activeMetric', { MetricaId: 1, Activo: 'false' }, 400, MSG.metrics.activeRequired],
      ['activeMetric', { MetricaId: 1 }, 400, MSG.metrics.activeRequired],
      ['activeMetric', { MetricaId: null, Activo: false }, 400, MSG.metrics.notFound],
      ['activeMetric', [], 400, ''],
    ];
    for (const [url, payload, status, message] of cases) {
      const response = await call('ADMIN', 'POST', url, payload);
      expect(response.statusCode, `${url} ${JSON.stringify(payload).slice(0, 80)}: ${response.body}`).toBe(status);
      const body = response.json<{ Message: string }>();
      if (message) expect(body.Message).toBe(message);
      else expect(body.Message).toEqual(expect.any(String));
    }
    const nul = await call('ADMIN', 'POST', 'activeMetric', { MetricaId: 1, Activo: false, Nombre: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    const empty = await t.app.inject({ method: 'POST', url: '/api/updateMetricTime', headers: bearer(token('ADMIN')) });
    expect(empty.statusCode).toBe(400);
    expect(await intake()).toEqual(before);
    expect((await auditRowsOf('ADMIN')).length).toBe(auditBefore);
    expect(announced).toEqual([]);
  });
});

describe('the KPI columns of the lists follow a change at once', () => {
  it("a case received 50 h before it was created: 'Ingreso del reporte' alerts at 48 h, not at 72 h, nor when inactive", async () => {
    const product = await createProduct(t.database.db, { countries: ['UY'] });
    const laboratoryId = await laboratoryOfProduct(t.database.db, product.id);
    const qppv = await createUser(t.database.db, { role: 'QPPV', laboratories: [{ laboratoryId }] });
    const qppvToken = (await login(t.app, qppv)).accessToken;
    const rlf = users.get('RLF');
    if (!rlf) throw new Error('RLF');
    const late = await createCase(t.database.db, { status: 3, createdBy: rlf.id, productIds: [product.id], receivedAt: new Date(Date.now() - 50 * HOUR), createdAt: new Date() });

    const alertsOfCase = async (): Promise<string[]> => {
      for (const url of ['getWorkFlow/1/15/FechaSolicitud%20DESC/null/null/null/null/null/null', 'getWorkFlowInvert/1/15/FechaSolicitud%20DESC']) {
        const response = await t.app.inject({ method: 'GET', url: `/api/${url}`, headers: bearer(qppvToken) });
        expect(response.statusCode, response.body).toBe(200);
        const row = response.json<PagedResult<ErListRow>>().Result.find((candidate) => candidate.Meta === late.meta);
        if (row) return row.MetricsAlerts.map((alert) => alert.Nombre);
      }
      throw new Error('the case is in no list of its QPPV');
    };

    try {
      expect(await alertsOfCase()).toEqual(['Ingreso del reporte']);
      expect((await call('ADMIN', 'POST', 'updateMetricTime', { id: 1, tiempo: optionId('72 h') })).statusCode).toBe(200);
      expect(await alertsOfCase()).toEqual([]);
      expect((await call('ADMIN', 'POST', 'updateMetricTime', { id: 1, tiempo: optionId('48 h') })).statusCode).toBe(200);
      expect(await alertsOfCase()).toEqual(['Ingreso del reporte']);
      expect((await call('QPPV', 'POST', 'activeMetric', { MetricaId: 1, Activo: false })).statusCode).toBe(200);
      expect(await alertsOfCase()).toEqual([]);
      expect((await call('QPPV', 'POST', 'activeMetric', { MetricaId: 1, Activo: true })).statusCode).toBe(200);
      expect(await alertsOfCase()).toEqual(['Ingreso del reporte']);
    } finally {
      await restoreIntake();
    }
  });
});
