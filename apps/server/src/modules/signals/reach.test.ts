import { readFileSync } from 'node:fs';
import { fitGpsHyperparameters, type SignalDetail, type SignalIcHistory, type SignalList, type SignalOptions, type SignalRowDto, type SignalTable } from '@atalaya/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { bearer, createUser, login } from '../../test-support/factories.js';
import { referencePath } from '../../test-support/reference.js';
import { deliverSignalNotices, type SignalCaseNotice } from '../signal-register/index.js';
import { loadSignalCsv, parseSignalCsv, type SignalCsvRow } from './load-csv.js';

/**
 * Señales within a QPPV's or CL's laboratory reach (docs/signals.md 'Reach'): pvda's tiny set
 * (110 reports) split in two halves of 55, the odd reports' medicines of the laboratory SIG, the
 * even ones' of OTR. A user granted one laboratory sees the 2×2 tables of that laboratory's
 * cases only — table, export, IC by quarter, options and EBGM prior; a user granted every
 * laboratory sees the whole count table as before. The signal register follows the same reach:
 * which pair may be opened, the statistics at opening, the new cases and their notices.
 */

let t: TestApp;
const tokens = new Map<string, string>();
const userIds = new Map<string, string>();
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
    const user = await createUser(db, { role, country: 'UY', laboratories: grants });
    userIds.set(name, user.id);
    tokens.set(name, (await login(t.app, user)).accessToken);
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

describe('the signal register within the reach', () => {
  const ptCodeOf = async (name: string) => Number((await t.database.db.execute<{ code: number }>(sql`select code from meddra_pt where name = ${name}`)).rows[0]?.code);
  const openBody = async (drug: string, event: string, extra: Record<string, unknown> = {}) => ({
    TipoFarmaco: 'principio',
    FarmacoId: ingredientIds.get(drug),
    PtCodigo: await ptCodeOf(event),
    Titulo: `${drug} × ${event}`,
    Estadisticas: { A: 1, E: 0.5, PRR: 2, ROR: 2, IC: 0.5 },
    ...extra,
  });
  const post = (who: string, url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: bearer(tokens.get(who) ?? ''), payload });
  const detail = async (who: string, id: number) => {
    const response = await get(who, `/api/signal-register/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SignalDetail>();
  };
  /** A new sent case with one drug and one event, of the laboratory SIG or OTR. */
  async function newCase(reportId: string, drug: string, event: string, laboratory: 'SIG' | 'OTR'): Promise<string> {
    const db = t.database.db;
    const before = new Set((await db.execute<{ id: string }>(sql`select id from events`)).rows.map((r) => r.id));
    await loadSignalCsv(db, [{ reportId, drug, event }]);
    const [added] = (await db.execute<{ id: string }>(sql`select id from events`)).rows.map((r) => r.id).filter((id) => !before.has(id));
    if (!added) throw new Error('no case added');
    await db.execute(sql`update event_medications set laboratory_id = (select id from laboratories where code = ${laboratory}) where event_id = ${added}`);
    return added;
  }
  const pairOf = (result: SignalTable, drug: string, event: string) => result.Filas.find((r) => r.Farmaco === drug && r.Pt === event);

  it('a pair may be opened only with a case in the opener’s reach (404 otherwise), and stores the reach it was counted in', async () => {
    // Drug_H is only in OTR's half: no case of it for a user of SIG.
    const onlyOtr = otrRows.find((r) => r.drug === 'Drug_H') as SignalCsvRow;
    expect(pairOf(await table('qppvSig'), onlyOtr.drug, onlyOtr.event)).toBeUndefined();
    expect(pairOf(await table('qppvOtr'), onlyOtr.drug, onlyOtr.event)).toBeDefined();
    for (const who of ['qppvSig', 'clSig']) {
      const refused = await post(who, '/api/signal-register', await openBody(onlyOtr.drug, onlyOtr.event));
      expect(refused.statusCode, who).toBe(404);
      expect(refused.json<{ Message: string }>().Message).toBe('El par fármaco × PT no tiene casos a su alcance.');
    }
    const opened = await post('qppvOtr', '/api/signal-register', await openBody(onlyOtr.drug, onlyOtr.event));
    expect(opened.statusCode, opened.body).toBe(200);
    const id = opened.json<SignalDetail>().Id;
    const otrLab = Number((await t.database.db.execute<{ id: number }>(sql`select id from laboratories where code = 'OTR'`)).rows[0]?.id);
    const [stored] = (await t.database.db.execute<{ reach_laboratory_ids: number[] | null }>(sql`select reach_laboratory_ids from signals where id = ${id}`)).rows;
    expect(stored?.reach_laboratory_ids?.map(Number)).toEqual([otrLab]);
    await post('qppvOtr', `/api/signal-register/${id}/status`, { Estado: 'Cerrada', Comentario: 'Prueba de alcance' });
  });

  it('the statistics at opening are shown only to who sees every case counted in them', async () => {
    // Opened by a user of SIG: counted over SIG's cases (and those the opener created).
    const bySig = await post('qppvSig', '/api/signal-register', await openBody('Drug_A', 'Event_2'));
    expect(bySig.statusCode, bySig.body).toBe(200);
    const sigId = bySig.json<SignalDetail>().Id;
    expect((await detail('qppvSig', sigId)).Estadisticas).toMatchObject({ A: 1 });
    expect((await detail('qppvAll', sigId)).Estadisticas).toMatchObject({ A: 1 });
    expect((await detail('clAll', sigId)).Estadisticas).toMatchObject({ A: 1 });
    // Another user of the same laboratory does not see the cases the opener created elsewhere; the other half's user, none.
    expect((await detail('clSig', sigId)).Estadisticas).toBeNull();
    expect((await detail('qppvOtr', sigId)).Estadisticas).toBeNull();
    // Opened over every case: a restricted user does not read them.
    const other = (await table('qppvAll')).Filas.find((r) => r.Farmaco !== 'Drug_A') as SignalRowDto;
    const byAll = await post('qppvAll', '/api/signal-register', await openBody(other.Farmaco, other.Pt));
    expect(byAll.statusCode, byAll.body).toBe(200);
    const allId = byAll.json<SignalDetail>().Id;
    expect((await detail('qppvAll', allId)).Estadisticas).toMatchObject({ A: 1 });
    for (const who of ['qppvSig', 'clSig', 'qppvOtr']) expect((await detail(who, allId)).Estadisticas, who).toBeNull();
    for (const id of [sigId, allId]) await post('qppvAll', `/api/signal-register/${id}/status`, { Estado: 'Cerrada', Comentario: 'Prueba de alcance' });
  });

  it('the new cases of a signal, their count and their notice are those of each user’s reach', async () => {
    const opened = await post('qppvAll', '/api/signal-register', await openBody('Drug_A', 'Event_1', { ResponsableId: userIds.get('clSig') }));
    expect(opened.statusCode, opened.body).toBe(200);
    const id = opened.json<SignalDetail>().Id;
    const heard: SignalCaseNotice[] = [];
    const stop = t.signalNoticeEvents.on((notices) => heard.push(...notices));
    const added: string[] = [];
    try {
      added.push(await newCase('reach-sig-1', 'Drug_A', 'Event_1', 'SIG'), await newCase('reach-otr-1', 'Drug_A', 'Event_1', 'OTR'), await newCase('reach-otr-2', 'Drug_A', 'Event_1', 'OTR'));
      const [sigCase] = (await t.database.db.execute<{ reference_number: string }>(sql`select reference_number from events where id = ${added[0]}`)).rows;
      await deliverSignalNotices(t.database.db, t.signalNoticeEvents, t.app.log);
      // The responsible person (CL of SIG) is told of SIG's case only.
      expect(heard.filter((n) => n.signalId === id).map((n) => [n.userId, n.reference])).toEqual([[userIds.get('clSig'), sigCase?.reference_number]]);
      const mine = await detail('clSig', id);
      expect(mine.CasosNuevos).toBe(1);
      expect(mine.Casos.map((c) => c.NumeroReferencia)).toEqual([sigCase?.reference_number]);
      const theirs = await detail('qppvOtr', id);
      expect(theirs.CasosNuevos).toBe(2);
      expect(theirs.Casos.map((c) => c.NumeroReferencia)).not.toContain(sigCase?.reference_number);
      expect((await detail('qppvAll', id)).CasosNuevos).toBe(3);
      const listed = async (who: string) => (await get(who, '/api/signal-register')).json<SignalList>().Filas.find((s) => s.Id === id)?.CasosNuevos;
      expect(await listed('clSig')).toBe(1);
      expect(await listed('qppvOtr')).toBe(2);
      expect(await listed('clAll')).toBe(3);
    } finally {
      stop();
      // Back out of the database's counts for the tests that follow.
      for (const event of added) await t.database.db.execute(sql`update events set status = 11 where id = ${event}`);
      await post('qppvAll', `/api/signal-register/${id}/status`, { Estado: 'Cerrada', Comentario: 'Prueba de alcance' });
    }
  });
});
