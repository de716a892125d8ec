import { readFileSync } from 'node:fs';
import { fitGpsHyperparameters, type SignalIcHistory, type SignalOptions, type SignalRowDto, type SignalTable } from '@atalaya/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { bearer, createUser, login } from '../../test-support/factories.js';
import { referencePath } from '../../test-support/reference.js';
import { loadSignalCsv, parseSignalCsv, type SignalCsvRow } from './load-csv.js';

/**
 * Señales within a QPPV's or CL's laboratory reach (docs/signals.md 'Reach'): pvda's tiny set
 * (110 reports) split in two halves of 55, the odd reports' medicines of the laboratory SIG, the
 * even ones' of OTR. A user granted one laboratory sees the 2×2 tables of that laboratory's
 * cases only — table, export, IC by quarter, options and EBGM prior; a user granted every
 * laboratory sees the whole count table as before.
 */

let t: TestApp;
const tokens = new Map<string, string>();
const rows = parseSignalCsv(readFileSync(referencePath('signals', 'pvda_tiny_dataset.csv'), 'utf8'));
const reportIds = [...new Set(rows.map((r) => r.reportId))];
const sig = new Set(reportIds.filter((_, i) => i % 2 === 0));
const sigRows = rows.filter((r) => sig.has(r.reportId));
const otrRows = rows.filter((r) => !sig.has(r.reportId));
let ingredientIds = new Map<string, number>();

async function get(who: string, url: string) {
  return t.app.inject({ method: 'GET', url, headers: bearer(tokens.get(who) ?? '') });
}

async function table(who: string, query = ''): Promise<SignalTable> {
  const response = await get(who, `/api/signals?limite=500&orden=farmaco&dir=asc${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SignalTable>();
}

/** a, b, c, d and N of every pair, counted from the CSV rows (each report counts once per drug, PT, pair). */
function expectedCounts(csv: readonly SignalCsvRow[]): { cases: number; pairs: Map<string, [number, number, number, number]> } {
  const reports = new Map<string, { drugs: Set<string>; events: Set<string> }>();
  for (const r of csv) {
    let report = reports.get(r.reportId);
    if (!report) reports.set(r.reportId, (report = { drugs: new Set(), events: new Set() }));
    report.drugs.add(r.drug);
    report.events.add(r.event);
  }
  const drugs = new Map<string, number>();
  const events = new Map<string, number>();
  const both = new Map<string, number>();
  for (const report of reports.values()) {
    for (const drug of report.drugs) drugs.set(drug, (drugs.get(drug) ?? 0) + 1);
    for (const event of report.events) events.set(event, (events.get(event) ?? 0) + 1);
    for (const drug of report.drugs) for (const event of report.events) both.set(`${drug} × ${event}`, (both.get(`${drug} × ${event}`) ?? 0) + 1);
  }
  const n = reports.size;
  const pairs = new Map<string, [number, number, number, number]>();
  for (const [key, a] of both) {
    const [drug = '', event = ''] = key.split(' × ');
    const nd = drugs.get(drug) ?? 0;
    const ne = events.get(event) ?? 0;
    pairs.set(key, [a, nd - a, ne - a, n - nd - ne + a]);
  }
  return { cases: n, pairs };
}

const countsOf = (result: SignalTable) => new Map(result.Filas.map((r) => [`${r.Farmaco} × ${r.Pt}`, [r.A, r.B, r.C, r.D]]));

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await loadSignalCsv(db, sigRows);
  const before = new Set((await db.execute<{ id: string }>(sql`select id from events`)).rows.map((r) => r.id));
  await loadSignalCsv(db, otrRows);
  await db.execute(sql`insert into laboratories (code, name, company_id, country_id) select 'OTR', 'Otro laboratorio', company_id, country_id from laboratories where code = 'SIG'`);
  const otrCases = (await db.execute<{ id: string }>(sql`select id from events`)).rows.map((r) => r.id).filter((id) => !before.has(id));
  expect(otrCases.length).toBe(reportIds.length - sig.size);
  await db.execute(sql`update event_medications set laboratory_id = (select id from laboratories where code = 'OTR') where event_id = any(${sql.param(otrCases)}::uuid[])`);
  const lab = async (code: string) => Number((await db.execute<{ id: number }>(sql`select id from laboratories where code = ${code}`)).rows[0]?.id);
  const [sigLab, otrLab] = [await lab('SIG'), await lab('OTR')];
  for (const [name, role, grants] of [
    ['qppvAll', 'QPPV', [{}]],
    ['qppvSig', 'QPPV', [{ laboratoryId: sigLab }]],
    ['qppvOtr', 'QPPV', [{ laboratoryId: otrLab }]],
    ['clSig', 'CL', [{ laboratoryId: sigLab }]],
    ['clAll', 'CL', [{}]],
  ] as const) {
    tokens.set(name, (await login(t.app, await createUser(db, { role, country: 'UY', laboratories: grants }))).accessToken);
  }
  ingredientIds = new Map((await db.execute<{ id: number; name: string }>(sql`select id, name from active_ingredients`)).rows.map((r) => [r.name, Number(r.id)]));
});

afterAll(async () => {
  await t?.close();
});

describe('a QPPV or CL granted some laboratories', () => {
  it('sees a, b, c, d and N of only their laboratories’ cases; every laboratory: the whole database', async () => {
    const sigExpected = expectedCounts(sigRows);
    const otrExpected = expectedCounts(otrRows);
    const allExpected = expectedCounts(rows);
    for (const [who, expected] of [
      ['qppvSig', sigExpected],
      ['clSig', sigExpected],
      ['qppvOtr', otrExpected],
      ['qppvAll', allExpected],
      ['clAll', allExpected],
    ] as const) {
      const result = await table(who);
      expect(result.Casos, who).toBe(expected.cases);
      expect(countsOf(result), who).toEqual(expected.pairs);
    }
    expect(sigExpected.cases).toBe(55);
    // The halves differ: the restricted tables are not the whole one.
    expect(sigExpected.pairs).not.toEqual(allExpected.pairs);
  });

  it('a new case of another laboratory changes nothing for them, and the unrestricted table counts it', async () => {
    const [sigBefore, clBefore, allBefore] = [await table('qppvSig'), await table('clSig'), await table('qppvAll')];
    const db = t.database.db;
    const before = new Set((await db.execute<{ id: string }>(sql`select id from events`)).rows.map((r) => r.id));
    await loadSignalCsv(db, [{ reportId: 'otr-1', drug: 'Drug_A', event: 'Event_1' }]);
    const added = (await db.execute<{ id: string }>(sql`select id from events`)).rows.map((r) => r.id).filter((id) => !before.has(id));
    expect(added.length).toBe(1);
    await db.execute(sql`update event_medications set laboratory_id = (select id from laboratories where code = 'OTR') where event_id = ${added[0]}`);
    expect(await table('qppvSig')).toEqual(sigBefore);
    expect(await table('clSig')).toEqual(clBefore);
    const allAfter = await table('qppvAll');
    expect(allAfter.Casos).toBe(allBefore.Casos + 1);
    const pair = (result: SignalTable) => result.Filas.find((r) => r.Farmaco === 'Drug_A' && r.Pt === 'Event_1')?.A ?? 0;
    expect(pair(allAfter)).toBe(pair(allBefore) + 1);
    // Back out of the database's counts for the tests that follow.
    await db.execute(sql`update events set status = 11 where id = ${added[0]}`);
    expect((await table('qppvAll')).Casos).toBe(allBefore.Casos);
  });

  it('the export, the IC by quarter and the options are those of their reach', async () => {
    const sigTable = await table('qppvSig');
    const csv = await get('qppvSig', '/api/signals/export?formato=csv&orden=farmaco&dir=asc');
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n').slice(1);
    expect(lines.length).toBe(sigTable.Total);
    const first = sigTable.Filas[0] as SignalRowDto;
    expect(lines[0]?.split(',').slice(4, 8).map(Number)).toEqual([first.A, first.B, first.C, first.D]);

    const row = [...sigTable.Filas].sort((x, y) => y.A - x.A)[0] as SignalRowDto;
    const history = await get('qppvSig', `/api/signals/ic-history?principio=${row.FarmacoId}&pt=${row.PtCodigo}`);
    expect(history.statusCode, history.body).toBe(200);
    const last = history.json<SignalIcHistory>().Trimestres.at(-1);
    expect(last).toMatchObject({ Casos: sigTable.Casos, A: row.A });
    expect(last?.E).toBeCloseTo(row.E, 9);

    // Drug_H and Drug_I are only in OTR's half.
    const names = async (who: string) => (await get(who, '/api/signals/options')).json<SignalOptions>().Principios.map((p) => p.Nombre);
    const drugsOf = (csv: readonly SignalCsvRow[]) => [...new Set(csv.map((r) => r.drug))].sort();
    expect((await names('qppvSig')).sort()).toEqual(drugsOf(sigRows));
    expect((await names('clSig')).sort()).toEqual(drugsOf(sigRows));
    expect((await names('qppvOtr')).sort()).toEqual(drugsOf(otrRows));
    expect(drugsOf(otrRows)).toContain('Drug_H');
    expect(drugsOf(sigRows)).not.toContain('Drug_H');
    expect((await names('qppvAll')).sort()).toEqual(drugsOf(rows));
  });

  it('the EBGM prior of one reach is not served to another (same N, other pairs)', async () => {
    const fitOf = (result: SignalTable) => fitGpsHyperparameters(result.Filas.filter((r) => r.E > 0).map((r) => ({ n: r.A, expected: r.E }))).hyperparameters;
    const first = await table('qppvSig');
    const second = await table('qppvOtr');
    const whole = await table('qppvAll');
    // Within the 1% by which a cached fit is reused, were the cache shared.
    expect(second.Casos).toBe(first.Casos);
    for (const result of [first, second, whole]) expect(result.Hiperparametros).toEqual(fitOf(result));
    expect(second.Hiperparametros).not.toEqual(first.Hiperparametros);
    // Asked again in the other order, each keeps its own.
    expect((await table('qppvOtr')).Hiperparametros).toEqual(second.Hiperparametros);
    expect((await table('qppvSig')).Hiperparametros).toEqual(first.Hiperparametros);
  });

  it("the count 'a' equals the event search's total with SoloContados, within the same reach", async () => {
    for (const who of ['qppvSig', 'qppvOtr', 'qppvAll']) {
      const result = await table(who);
      for (const row of result.Filas.filter((r) => ['Event_1', 'Event_2'].includes(r.Pt)).slice(0, 6)) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/getERByFilters',
          headers: bearer(tokens.get(who) ?? ''),
          payload: { PrincipioActivoId: ingredientIds.get(row.Farmaco), PtCodigo: row.PtCodigo, SoloContados: true },
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json<{ Total: number }>().Total, `${who} ${row.Farmaco} × ${row.Pt}`).toBe(row.A);
      }
    }
  });
});
