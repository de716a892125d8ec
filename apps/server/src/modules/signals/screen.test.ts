import { readFileSync } from 'node:fs';
import { MSG, SIGNAL_MSG, SIGNAL_SORTS, type SignalIcHistory, type SignalOptions, type SignalRowDto, type SignalTable } from '@atalaya/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { bearer, createUser, login } from '../../test-support/factories.js';
import { referencePath } from '../../test-support/reference.js';
import { SIGNAL_EXPORT_COLUMNS } from './export.js';
import { loadSignalCsv, parseSignalCsv } from './load-csv.js';

/**
 * The Señales screen's calls (docs/signals.md 'The call', 'The screen'): filters, reach by role,
 * order by every column, keyset pages, the xlsx and CSV export, one pair's IC by quarter, the
 * filters' choices, and the event search's PT filter that the count 'a' opens. pvda's tiny set
 * (110 reports) plus one report whose drug and event read as spreadsheet formulas; 40 reports
 * moved a year back, so the period and the quarters have something to tell apart.
 */

let t: TestApp;
const tokens = new Map<string, string>();
const rows = [
  ...parseSignalCsv(readFileSync(referencePath('signals', 'pvda_tiny_dataset.csv'), 'utf8')),
  { reportId: 'formula-1', drug: '=HYPERLINK("http://x")', event: '+EVIL PT' },
];
const REPORTS = 111;
const MOVED = 40;

async function get(who: string, url: string) {
  return t.app.inject({ method: 'GET', url, headers: bearer(tokens.get(who) ?? '') });
}

async function table(who: string, query = ''): Promise<SignalTable> {
  const response = await get(who, `/api/signals?limite=500${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SignalTable>();
}

async function idOf(query: ReturnType<typeof sql>): Promise<number> {
  const result = await t.database.db.execute<{ id: number }>(query);
  return Number(result.rows[0]?.id);
}

const month = (offsetMonths: number) => {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + offsetMonths);
  return d.toISOString().slice(0, 7);
};

beforeAll(async () => {
  t = await createTestApp();
  for (const [name, role, country] of [
    ['qppv', 'QPPV', 'UY'],
    ['cl', 'CL', 'UY'],
    ['rlfUY', 'RLF', 'UY'],
    ['rlfAR', 'RLF', 'AR'],
    ['admin', 'ADMIN', 'UY'],
    ['fabricante', 'Fabricante', 'UY'],
  ] as const) {
    // Every laboratory: the event search (the count 'a') reaches the loaded cases.
    tokens.set(name, (await login(t.app, await createUser(t.database.db, { role, country, laboratories: [{}] }))).accessToken);
  }
  await loadSignalCsv(t.database.db, rows);
  // The first 40 loaded cases were received a year ago (the triggers move their counts).
  await t.database.db.execute(sql`
    update events set received_at = received_at - interval '12 months'
    where id in (select id from events where status = 7 and reference_number like 'UY-%' order by reference_number limit ${MOVED})`);
});

afterAll(async () => {
  await t?.close();
});

describe('filters', () => {
  it('the period narrows the background to the cases received in it', async () => {
    expect((await table('qppv')).Casos).toBe(REPORTS);
    expect((await table('qppv', `&desde=${month(0)}`)).Casos).toBe(REPORTS - MOVED);
    expect((await table('qppv', `&hasta=${month(-6)}`)).Casos).toBe(MOVED);
    expect((await table('qppv', `&desde=${month(1)}`)).Total).toBe(0);
  });

  it('country and seriousness narrow the background (the loaded cases are Uruguayan, none serious)', async () => {
    expect((await table('qppv', '&pais=UY')).Casos).toBe(REPORTS);
    expect((await table('qppv', '&pais=AR'))).toMatchObject({ Casos: 0, Total: 0 });
    expect((await table('qppv', '&grave=no')).Casos).toBe(REPORTS);
    expect((await table('qppv', '&grave=si'))).toMatchObject({ Casos: 0, Total: 0 });
  });

  it('by product the table has the same pairs as by ingredient (one product per loaded ingredient)', async () => {
    const byIngredient = await table('qppv', '&orden=farmaco&dir=asc');
    const byProduct = await table('qppv', '&farmaco=producto&orden=farmaco&dir=asc');
    expect(byProduct.Total).toBe(byIngredient.Total);
    expect(byProduct.Filas.map((r) => [r.Farmaco, r.Pt, r.A, r.B, r.C, r.D])).toEqual(byIngredient.Filas.map((r) => [r.Farmaco, r.Pt, r.A, r.B, r.C, r.D]));
  });

  it('an ingredient, a product, a laboratory, a SOC and a PT each select rows; the background stays', async () => {
    const whole = await table('qppv');
    const ingredient = await idOf(sql`select id from active_ingredients where name = 'Drug_Z'`);
    const product = await idOf(sql`select id from products where commercial_name = 'Drug_Z'`);
    const laboratory = await idOf(sql`select id from laboratories where code = 'SIG'`);
    const pt = await idOf(sql`select code as id from meddra_pt where name = 'Event_1'`);
    const ofDrug = whole.Filas.filter((r) => r.Farmaco === 'Drug_Z');
    for (const query of [`&principio=${ingredient}`, `&producto=${product}`, `&farmaco=producto&producto=${product}`, `&farmaco=producto&principio=${ingredient}`]) {
      const only = await table('qppv', query);
      expect(only.Casos, query).toBe(REPORTS);
      expect(only.Filas.map((r) => [r.Farmaco, r.Pt, r.A, r.E]), query).toEqual(ofDrug.map((r) => [r.Farmaco, r.Pt, r.A, r.E]));
    }
    expect((await table('qppv', `&laboratorio=${laboratory}`)).Total).toBe(whole.Total);
    expect((await table('qppv', '&soc=99000000')).Total).toBe(whole.Total);
    const onePt = await table('qppv', `&pt=${pt}`);
    expect(onePt.Filas.length).toBeGreaterThan(0);
    expect(onePt.Filas.every((r) => r.Pt === 'Event_1')).toBe(true);
    const pair = onePt.Filas.find((r) => r.Farmaco === 'Drug_Z');
    expect(pair).toEqual(whole.Filas.find((r) => r.Farmaco === 'Drug_Z' && r.Pt === 'Event_1'));
    expect((await table('qppv', `&principio=${ingredient}&pt=${pt}`)).Filas.map((r) => `${r.Farmaco} × ${r.Pt}`)).toEqual(['Drug_Z × Event_1']);
  });
});

describe('reach', () => {
  it('QPPV and CL see the whole database; an RLF its country only, another country is 403; ADMIN and Fabricante are refused', async () => {
    expect((await table('qppv')).Casos).toBe(REPORTS);
    expect((await table('cl')).Casos).toBe(REPORTS);
    expect((await table('rlfUY')).Casos).toBe(REPORTS);
    expect(await table('rlfAR')).toMatchObject({ Casos: 0, Total: 0 });
    for (const url of ['/api/signals?pais=UY', '/api/signals/export?pais=UY', '/api/signals/ic-history?pais=UY&principio=1&pt=1']) {
      const response = await get('rlfAR', url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toMatchObject({ Message: SIGNAL_MSG.countryOutOfReach });
    }
    for (const who of ['admin', 'fabricante']) {
      for (const url of ['/api/signals', '/api/signals/export', '/api/signals/options', '/api/signals/ic-history?principio=1&pt=1']) {
        expect((await get(who, url)).statusCode, `${who} ${url}`).toBe(403);
      }
    }
  });

  it('the filters offer an RLF its own country only, and only what is counted in its reach', async () => {
    const qppv = (await get('qppv', '/api/signals/options')).json<SignalOptions>();
    expect(qppv.Paises.map((c) => c.Codigo)).toEqual(expect.arrayContaining(['UY', 'AR']));
    expect(qppv.Principios.map((d) => d.Nombre)).toEqual(expect.arrayContaining(['Drug_Z', '=HYPERLINK("http://x")']));
    expect(qppv.Pts.map((p) => p.Nombre)).toContain('Event_1');
    expect(qppv.Socs.map((s) => s.Id)).toContain(99_000_000);
    const rlf = (await get('rlfAR', '/api/signals/options')).json<SignalOptions>();
    expect(rlf.Paises.map((c) => c.Codigo)).toEqual(['AR']);
    expect(rlf).toMatchObject({ Principios: [], Productos: [], Pts: [], Socs: [] });
  });

  it('the drug and PT choices (read by a loose index scan) are those a full read of the count table finds with a case', async () => {
    const db = t.database.db;
    // A drug and a PT whose count rows fell to zero (their cases left): rows that stay, never offered.
    await db.execute(sql`insert into active_ingredients (code, name) values ('SIN-CASOS', 'Sin casos ya')`);
    const gone = Number((await db.execute<{ id: number }>(sql`select id from active_ingredients where name = 'Sin casos ya'`)).rows[0]?.id);
    const uy = Number((await db.execute<{ id: number }>(sql`select id from countries where code = 'UY'`)).rows[0]?.id);
    const goneCell = (kind: number, drug: number, pt: number) =>
      db.execute(sql`insert into signal_counts (month, country_id, serious, sex, age_group, drug_kind, drug_id, pt_code, concomitant, cases)
        values ('2020-01-01', ${uy}, false, 'U', 0, ${kind}, ${drug}, ${pt}, false, 0)`);
    await goneCell(1, gone, 0);
    await goneCell(0, 0, 2_000_000_001);
    const recount = async (kind: number, country: number | null) =>
      (
        await db.execute<{ id: number }>(
          kind === 0
            ? sql`select distinct pt_code as id from signal_counts where drug_kind = 0 and pt_code <> 0 and cases > 0 ${country === null ? sql`` : sql`and country_id = ${country}`}`
            : sql`select distinct drug_id as id from signal_counts where drug_kind = ${kind} and pt_code = 0 and cases > 0 ${country === null ? sql`` : sql`and country_id = ${country}`}`,
        )
      ).rows
        .map((r) => Number(r.id))
        .sort((x, y) => x - y);
    const ids = (list: { Id: number }[]) => list.map((x) => x.Id).sort((x, y) => x - y);
    for (const [who, country] of [
      ['qppv', null],
      ['rlfUY', uy],
    ] as const) {
      const options = (await get(who, '/api/signals/options')).json<SignalOptions>();
      expect(ids(options.Principios), who).toEqual(await recount(1, country));
      expect(ids(options.Productos), who).toEqual(await recount(2, country));
      expect(ids(options.Pts), who).toEqual(await recount(0, country));
      expect(ids(options.Principios)).not.toContain(gone);
      expect(options.Principios.length, who).toBeGreaterThan(1);
      expect(options.Pts.length, who).toBeGreaterThan(1);
    }
  });
});

describe('order and keyset pages', () => {
  const valueOf: Record<(typeof SIGNAL_SORTS)[number], (r: SignalRowDto) => number | string | null> = {
    a: (r) => r.A,
    e: (r) => r.E,
    prr: (r) => r.PRR,
    ror: (r) => r.ROR,
    chi2: (r) => r.Chi2,
    ic: (r) => r.IC,
    ic025: (r) => r.IC025,
    ebgm: (r) => r.EBGM,
    eb05: (r) => r.EB05,
    farmaco: (r) => r.Farmaco,
    pt: (r) => r.Pt,
  };

  it('every statistic column sorts both ways, nulls last, ties by drug and PT', async () => {
    for (const orden of SIGNAL_SORTS) {
      for (const dir of ['asc', 'desc'] as const) {
        const { Filas } = await table('qppv', `&orden=${orden}&dir=${dir}`);
        for (let i = 1; i < Filas.length; i += 1) {
          const x = valueOf[orden](Filas[i - 1] as SignalRowDto);
          const y = valueOf[orden](Filas[i] as SignalRowDto);
          if (y === null) continue;
          expect(x, `${orden} ${dir} row ${i}`).not.toBeNull();
          if (x === null) continue;
          if (x === y) {
            const prev = Filas[i - 1] as SignalRowDto;
            const row = Filas[i] as SignalRowDto;
            expect(prev.FarmacoId < row.FarmacoId || (prev.FarmacoId === row.FarmacoId && prev.PtCodigo < row.PtCodigo), `${orden} ${dir} tie at ${i}`).toBe(true);
          } else expect(dir === 'asc' ? x < y : x > y, `${orden} ${dir} row ${i}`).toBe(true);
        }
      }
    }
  });

  it('pages of 6 by the cursor add up to the whole table in its order, without repeats', async () => {
    for (const orden of ['prr', 'farmaco', 'eb05'] as const) {
      const whole = (await table('qppv', `&orden=${orden}&dir=asc`)).Filas;
      const paged: SignalRowDto[] = [];
      let cursor: string | null = null;
      do {
        const response = await get('qppv', `/api/signals?orden=${orden}&dir=asc&limite=6${cursor ? `&cursor=${cursor}` : ''}`);
        const page = response.json<SignalTable>();
        expect(page.Filas.length).toBeLessThanOrEqual(6);
        paged.push(...page.Filas);
        cursor = page.Siguiente;
      } while (cursor);
      expect(paged.map((r) => `${r.FarmacoId}/${r.PtCodigo}`)).toEqual(whole.map((r) => `${r.FarmacoId}/${r.PtCodigo}`));
    }
  });

  it('a cursor of a text order used on a numeric order is refused', async () => {
    const first = await get('qppv', '/api/signals?orden=farmaco&dir=asc&limite=3');
    const cursor = first.json<SignalTable>().Siguiente ?? '';
    const response = await get('qppv', `/api/signals?orden=prr&limite=3&cursor=${cursor}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: SIGNAL_MSG.badCursor });
  });
});

describe('export', () => {
  it('xlsx: the whole filtered table in the screen’s order, opened with exceljs', async () => {
    const ingredient = await idOf(sql`select id from active_ingredients where name = 'Drug_Z'`);
    const shown = await table('qppv', `&principio=${ingredient}&orden=ic&dir=desc`);
    const response = await get('qppv', `/api/signals/export?principio=${ingredient}&orden=ic&dir=desc`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="?senales-\d{4}-\d{2}-\d{2}\.xlsx"?$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Señales');
    expect(sheet?.rowCount).toBe(shown.Total + 1);
    expect(sheet?.getRow(1).values).toEqual([undefined, ...SIGNAL_EXPORT_COLUMNS.map((column) => column.header)]);
    shown.Filas.forEach((row, i) => {
      const cells = sheet?.getRow(i + 2);
      expect(cells?.getCell(1).value).toBe(row.Farmaco);
      expect(cells?.getCell(3).value).toBe(row.Pt);
      expect(cells?.getCell(5).value).toBe(row.A);
      expect(cells?.getCell(17).value).toBeCloseTo(row.IC, 12);
      expect(cells?.getCell(24).value).toBe(row.Evans ? 'Sí' : 'No');
    });
  });

  it('CSV: a text a spreadsheet would read as a formula gets an apostrophe; numbers (a negative IC025 too) stay numbers', async () => {
    const response = await get('qppv', '/api/signals/export?formato=csv&orden=farmaco&dir=asc');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe(SIGNAL_EXPORT_COLUMNS.map((column) => column.header).join(','));
    expect(lines).toHaveLength((await table('qppv')).Total + 1);
    const evil = lines.find((line) => line.includes('HYPERLINK'));
    expect(evil?.startsWith(`"'=HYPERLINK(""http://x"")",`)).toBe(true);
    expect(evil).toContain(",'+EVIL PT,");
    // IC025 (column 18) is negative for the pairs with few cases.
    const negative = lines.slice(1).map((line) => line.split(',')).find((cells) => (cells[17] ?? '').startsWith('-'));
    expect(negative, 'a pair with a negative IC025').toBeDefined();
    expect(Number(negative?.[17])).toBeLessThan(0);
  });

  it('bad input is a 400 with a Spanish message', async () => {
    for (const [query, message] of [
      ['formato=pdf', SIGNAL_MSG.badFormat],
      ['limite=5', SIGNAL_MSG.unknownField],
      ['desde=2026-05&hasta=2026-01', SIGNAL_MSG.badPeriod],
      ['orden=talla', SIGNAL_MSG.badChoice],
    ] as const) {
      const response = await get('qppv', `/api/signals/export?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ Message: message });
    }
  });
});

describe('IC by quarter', () => {
  it('accumulates quarter by quarter; the last quarter is the whole table’s IC', async () => {
    const ingredient = await idOf(sql`select id from active_ingredients where name = 'Drug_Z'`);
    const pt = await idOf(sql`select code as id from meddra_pt where name = 'Event_1'`);
    const row = (await table('qppv', `&principio=${ingredient}&pt=${pt}`)).Filas[0] as SignalRowDto;
    const response = await get('qppv', `/api/signals/ic-history?principio=${ingredient}&pt=${pt}`);
    expect(response.statusCode, response.body).toBe(200);
    const history = response.json<SignalIcHistory>();
    expect(history).toMatchObject({ Farmaco: 'Drug_Z', Pt: 'Event_1' });
    expect(history.Trimestres.length).toBeGreaterThanOrEqual(4);
    const first = history.Trimestres[0];
    const last = history.Trimestres[history.Trimestres.length - 1];
    expect(first?.Casos).toBe(MOVED);
    expect(last).toMatchObject({ Casos: REPORTS, A: row.A });
    expect(last?.E).toBeCloseTo(row.E, 9);
    expect(last?.IC).toBeCloseTo(row.IC, 9);
    expect(last?.IC025).toBeCloseTo(row.IC025, 9);
    for (let i = 1; i < history.Trimestres.length; i += 1) {
      expect(history.Trimestres[i]?.Casos).toBeGreaterThanOrEqual(history.Trimestres[i - 1]?.Casos ?? 0);
      expect(history.Trimestres[i]?.A).toBeGreaterThanOrEqual(history.Trimestres[i - 1]?.A ?? 0);
    }
    expect(last?.Trimestre).toMatch(/^\d{4}-T[1-4]$/);
    // By product, the same pair.
    const product = await idOf(sql`select id from products where commercial_name = 'Drug_Z'`);
    const byProduct = (await get('qppv', `/api/signals/ic-history?farmaco=producto&producto=${product}&pt=${pt}`)).json<SignalIcHistory>();
    expect(byProduct.Trimestres.map((q) => q.A)).toEqual(history.Trimestres.map((q) => q.A));
  });

  it('asks for a drug and a PT that exist', async () => {
    for (const [query, message] of [
      ['pt=1', SIGNAL_MSG.drugRequired],
      ['farmaco=producto&principio=1&pt=1', SIGNAL_MSG.drugRequired],
      ['principio=1', SIGNAL_MSG.ptRequired],
      ['principio=99999999&pt=1', SIGNAL_MSG.drugNotFound],
    ] as const) {
      const response = await get('qppv', `/api/signals/ic-history?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ Message: message });
    }
  });
});

describe("the count 'a' opens its cases in the event search", () => {
  it('the search by ingredient and PT finds exactly the a cases of the pair', async () => {
    const ingredient = await idOf(sql`select id from active_ingredients where name = 'Drug_Z'`);
    const pt = await idOf(sql`select code as id from meddra_pt where name = 'Event_1'`);
    const row = (await table('qppv', `&principio=${ingredient}&pt=${pt}`)).Filas[0] as SignalRowDto;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/getERByFilters',
      headers: bearer(tokens.get('qppv') ?? ''),
      payload: { PrincipioActivoId: ingredient, PtCodigo: pt },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ Total: number }>().Total).toBe(row.A);
  });

  it('with the table’s period, country and seriousness, and SoloContados, the search lists exactly the a cases', async () => {
    const db = t.database.db;
    // A pair of its own: 10 reports of Search_Drug × Search_Event, 3 of them received a year ago.
    await loadSignalCsv(db, Array.from({ length: 10 }, (_, i) => ({ reportId: `q-${i}`, drug: 'Search_Drug', event: 'Search_Event' })));
    const ingredient = await idOf(sql`select id from active_ingredients where name = 'Search_Drug'`);
    const pt = await idOf(sql`select code as id from meddra_pt where name = 'Search_Event'`);
    const uy = await idOf(sql`select id from countries where code = 'UY'`);
    const pairCases = await db.execute<{ id: string }>(sql`
      select distinct e.id from events e
      join event_medications m on m.event_id = e.id join event_medication_ingredients i on i.event_medication_id = m.id
      where i.active_ingredient_id = ${ingredient} and e.status = 7 order by e.id`);
    const [serious, alsoSerious, annulled, draft, bare, ...rest] = pairCases.rows.map((r) => r.id);
    expect(rest.length).toBe(5);
    await db.execute(sql`update events set received_at = received_at - interval '12 months' where id in (${rest[0]}, ${rest[1]}, ${serious})`);
    // Two serious cases; an annulled one and a draft (the table leaves them out, the search finds
    // them); one whose medicine no longer records the ingredient (its product still has it).
    await db.execute(sql`update event_rams set death = true where event_id in (${serious}, ${alsoSerious})`);
    await db.execute(sql`update events set status = 11 where id = ${annulled}`);
    await db.execute(sql`update events set status = 1 where id = ${draft}`);
    await db.execute(sql`delete from event_medication_ingredients where event_medication_id in (select id from event_medications where event_id = ${bare})`);

    const search = async (payload: object) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/getERByFilters', headers: bearer(tokens.get('qppv') ?? ''), payload });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ Total: number }>().Total;
    };
    const pair = { PrincipioActivoId: ingredient, PtCodigo: pt, SoloContados: true };
    const cases: [string, object][] = [
      ['', {}],
      [`&desde=${month(0)}`, { MesRecepcionDesde: month(0) }],
      [`&hasta=${month(-6)}`, { MesRecepcionHasta: month(-6) }],
      ['&grave=si', { Grave: true }],
      ['&grave=no', { Grave: false }],
      [`&pais=UY&desde=${month(-13)}&hasta=${month(0)}&grave=no`, { PaisId: uy, MesRecepcionDesde: month(-13), MesRecepcionHasta: month(0), Grave: false }],
    ];
    // The table's laboratory and SOC filters (they choose rows: the link carries them as the
    // search's FarmacoLaboratorioId and SocCodigo, and the total stays a); another laboratory's
    // filter has no row, and the search finds nothing.
    const laboratory = await idOf(sql`select id from laboratories where code = 'SIG'`);
    await db.execute(sql`insert into laboratories (code, name, company_id, country_id) select 'SIN', 'Sin el fármaco', company_id, country_id from laboratories where code = 'SIG'`);
    const otherLaboratory = await idOf(sql`select id from laboratories where code = 'SIN'`);
    const soc = await idOf(sql`select primary_soc_code as id from meddra_pt where code = ${pt}`);
    await db.execute(sql`insert into meddra_soc (code, name, abbrev) values (98000000, 'Otro SOC', 'Otro') on conflict do nothing`);
    const otherSoc = 98_000_000;
    cases.push(
      [`&laboratorio=${laboratory}`, { FarmacoLaboratorioId: laboratory }],
      [`&soc=${soc}`, { SocCodigo: soc }],
      [`&laboratorio=${laboratory}&soc=${soc}&grave=no&desde=${month(-13)}`, { FarmacoLaboratorioId: laboratory, SocCodigo: soc, Grave: false, MesRecepcionDesde: month(-13) }],
      [`&laboratorio=${otherLaboratory}`, { FarmacoLaboratorioId: otherLaboratory }],
      [`&soc=${otherSoc}`, { SocCodigo: otherSoc }],
    );
    for (const [query, filters] of cases) {
      const row = (await table('qppv', `&principio=${ingredient}&pt=${pt}${query}`)).Filas[0];
      expect(await search({ ...pair, ...filters }), query).toBe(row?.A ?? 0);
    }
    expect((await table('qppv', `&principio=${ingredient}&pt=${pt}&laboratorio=${laboratory}&soc=${soc}`)).Filas[0]?.A).toBe(7);
    expect((await table('qppv', `&principio=${ingredient}&pt=${pt}&laboratorio=${otherLaboratory}`)).Total).toBe(0);
    // By product: the same with ProductoId.
    const product = await idOf(sql`select id from products where commercial_name = 'Search_Drug'`);
    for (const [query, filters] of [
      [`&laboratorio=${laboratory}&soc=${soc}`, { FarmacoLaboratorioId: laboratory, SocCodigo: soc }],
      [`&laboratorio=${otherLaboratory}`, { FarmacoLaboratorioId: otherLaboratory }],
    ] as const) {
      const row = (await table('qppv', `&farmaco=producto&producto=${product}&pt=${pt}${query}`)).Filas[0];
      expect(await search({ ProductoId: product, PtCodigo: pt, SoloContados: true, ...filters }), query).toBe(row?.A ?? 0);
    }
    // The laboratory chooses the row; its a is the product's (the case whose medicine records no ingredient counts by product too).
    const byProduct = (await table('qppv', `&farmaco=producto&producto=${product}&pt=${pt}`)).Filas[0]?.A;
    expect(byProduct).toBe(8);
    expect((await table('qppv', `&farmaco=producto&producto=${product}&pt=${pt}&laboratorio=${laboratory}`)).Filas[0]?.A).toBe(byProduct);
    expect((await table('qppv', `&principio=${ingredient}&pt=${pt}`)).Filas[0]?.A).toBe(7);
    expect((await table('qppv', `&principio=${ingredient}&pt=${pt}&grave=si`)).Filas[0]?.A).toBe(2);
    expect((await table('qppv', `&principio=${ingredient}&pt=${pt}&desde=${month(0)}`)).Filas[0]?.A).toBe(4);
    // Without SoloContados the search also lists the annulled case, the draft and the case whose
    // medicine does not record the ingredient.
    const counted = (await table('qppv', `&principio=${ingredient}&pt=${pt}`)).Filas[0]?.A ?? 0;
    expect(await search({ PrincipioActivoId: ingredient, PtCodigo: pt })).toBe(counted + 3);
  });

  it('refuses a malformed month, a reversed period and a seriousness that is not a boolean', async () => {
    for (const [payload, message] of [
      [{ MesRecepcionDesde: '2025-13' }, MSG.search.receiptMonthFormat],
      [{ MesRecepcionHasta: '2025-1' }, MSG.search.receiptMonthFormat],
      [{ MesRecepcionDesde: '2025-06', MesRecepcionHasta: '2025-05' }, MSG.search.receiptRange],
      [{ Grave: 'si' }, MSG.lists.invalidFilter],
      [{ SoloContados: 1 }, MSG.lists.invalidFilter],
      [{ FarmacoLaboratorioId: 1 }, MSG.search.drugLaboratoryWithoutDrug],
      [{ SocCodigo: 'x' }, MSG.lists.invalidFilter],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url: '/api/getERByFilters', headers: bearer(tokens.get('qppv') ?? ''), payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toMatchObject({ Message: message });
    }
  });
});

describe('concomitant drugs (G.k.1 = 2): counted only with concomitantes=si', () => {
  it('a medicine made concomitant leaves the default table and its export, and stays with concomitantes=si; N does not move', async () => {
    const before = await table('qppv', '&farmaco=producto&orden=a');
    const top = before.Filas[0];
    expect(top).toBeDefined();
    const pair = `&farmaco=producto&producto=${top?.FarmacoId}&pt=${top?.PtCodigo}`;
    // Every medicine of that product becomes a concomitant in one of the pair's cases.
    const [one] = (
      await t.database.db.execute<{ event_id: string }>(sql`
        select m.event_id from event_medications m join signal_case_cells s on s.event_id = m.event_id
        where m.product_id = ${top?.FarmacoId} and s.drug_kind = 2 and s.drug_id = ${top?.FarmacoId} and s.pt_code = ${top?.PtCodigo} limit 1`)
    ).rows;
    await t.database.db.execute(sql`update event_medications set drug_role = 2 where event_id = ${one?.event_id} and product_id = ${top?.FarmacoId}`);
    try {
      const without = await table('qppv', pair);
      const withConcomitants = await table('qppv', `${pair}&concomitantes=si`);
      expect(without.Casos).toBe(before.Casos);
      expect(withConcomitants.Casos).toBe(before.Casos);
      expect(without.Filas[0]?.A).toBe((top?.A ?? 0) - 1);
      expect(without.Filas[0]?.C).toBe((top?.C ?? 0) + 1);
      expect(withConcomitants.Filas[0]).toMatchObject({ A: top?.A, B: top?.B, C: top?.C, D: top?.D });
      expect(withConcomitants.Filas[0]?.E).toBeCloseTo(top?.E ?? 0, 12);
      expect((await table('qppv', '&farmaco=producto&concomitantes=no')).Total).toBe(before.Total);

      const csv = async (query: string) => {
        const response = await get('qppv', `/api/signals/export?formato=csv${query}`);
        expect(response.statusCode, response.body).toBe(200);
        return response.body.replace(/^\uFEFF/, '').trim().split('\r\n')[1]?.split(',') ?? [];
      };
      // Column 5 is a.
      expect(Number((await csv(pair))[4])).toBe((top?.A ?? 0) - 1);
      expect(Number((await csv(`${pair}&concomitantes=si`))[4])).toBe(top?.A);

      const history = async (query: string) => {
        const response = await get('qppv', `/api/signals/ic-history?farmaco=producto&producto=${top?.FarmacoId}&pt=${top?.PtCodigo}${query}`);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<SignalIcHistory>().Trimestres.at(-1)?.A;
      };
      expect(await history('')).toBe((top?.A ?? 0) - 1);
      expect(await history('&concomitantes=si')).toBe(top?.A);

      // The count 'a' opens the search: SoloContados lists the a cases, with IncluirConcomitantes the concomitant one too.
      const search = async (payload: object) => {
        const response = await t.app.inject({ method: 'POST', url: '/api/getERByFilters', headers: bearer(tokens.get('qppv') ?? ''), payload });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<{ Total: number }>().Total;
      };
      const counted = { ProductoId: top?.FarmacoId, PtCodigo: top?.PtCodigo, SoloContados: true };
      expect(await search(counted)).toBe((top?.A ?? 0) - 1);
      expect(await search({ ...counted, IncluirConcomitantes: true })).toBe(top?.A);
    } finally {
      await t.database.db.execute(sql`update event_medications set drug_role = 1 where event_id = ${one?.event_id}`);
    }
    expect((await table('qppv', `${pair}`)).Filas[0]?.A).toBe(top?.A);
  });

  it('concomitantes other than si/no is a 400 with a Spanish message', async () => {
    for (const url of ['/api/signals?concomitantes=1', '/api/signals/export?concomitantes=true', '/api/signals/ic-history?concomitantes=x&principio=1&pt=1']) {
      const response = await get('qppv', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ Message: SIGNAL_MSG.badChoice });
    }
  });
});
