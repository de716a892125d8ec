import {
  fitGpsHyperparameters,
  type GpsHyperparameters,
  type Role,
  scorePair,
  SIGNAL_MSG,
  type SignalQuery,
  type SignalRowDto,
  type SignalTable,
} from '@atalaya/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** One array parameter (Drizzle would otherwise spread a JS array into a list of parameters). */
const array = (values: readonly unknown[]) => sql.param(values);
import type { AuthUser } from '../../http/access-token.js';
import { badRequest, forbidden } from '../../http/errors.js';

/** Who reads Señales (docs/roles.md): QPPV and CL the whole database, an RLF its own country. */
export const SIGNALS_ROLES: readonly Role[] = ['QPPV', 'CL', 'RLF'];

const DEFAULT_LIMIT = 100;
/** Fewer pairs than this: no EBGM (the two-gamma prior cannot be fitted meaningfully). */
const MIN_PAIRS_TO_FIT = 20;
/** A cached fit is reused while N moves by less than this share (docs/signals.md 'EBGM fit'). */
const REFIT_SHARE = 0.01;

interface CachedFit {
  cases: number;
  hyperparameters: GpsHyperparameters | null;
}
const fits = new Map<string, CachedFit>();

interface PairRow {
  drugId: number;
  ptCode: number;
  a: number;
  drugTotal: number;
  eventTotal: number;
  expected: number;
}

type Num = (value: unknown) => number;
const num: Num = (value) => Number(value);

const firstOfMonth = (value: string) => `${value}-01`;

/** The background (N, margins) and every pair, under the period, country, seriousness and strata. */
async function loadPairs(db: Db, kind: number, where: SQL, stratum: SQL): Promise<{ cases: number; pairs: PairRow[] }> {
  const result = await db.execute(sql`
    with f as (
      select drug_kind, drug_id, pt_code, ${stratum} as s, cases from signal_counts
      where cases <> 0 and drug_kind in (0, ${kind}) and ${where}
    ),
    n as (select s, sum(cases)::float8 as n from f where drug_kind = 0 and drug_id = 0 and pt_code = 0 group by s),
    dm as (select drug_id, s, sum(cases)::float8 as nd from f where drug_kind = ${kind} and pt_code = 0 group by 1, 2),
    em as (select pt_code, s, sum(cases)::float8 as ne from f where drug_kind = 0 and drug_id = 0 and pt_code <> 0 group by 1, 2),
    pa as (select drug_id, pt_code, sum(cases)::int as a from f where drug_kind = ${kind} and pt_code <> 0 group by 1, 2 having sum(cases) > 0),
    ex as (
      select pa.drug_id, pa.pt_code, sum(dm.nd * em.ne / n.n) as e
      from pa join dm on dm.drug_id = pa.drug_id join em on em.pt_code = pa.pt_code and em.s = dm.s join n on n.s = dm.s
      group by 1, 2
    ),
    dt as (select drug_id, sum(nd) as t from dm group by 1),
    et as (select pt_code, sum(ne) as t from em group by 1)
    select pa.drug_id, pa.pt_code, pa.a, dt.t as drug_total, et.t as event_total, coalesce(ex.e, 0) as e, (select coalesce(sum(n), 0) from n) as total
    from pa join dt on dt.drug_id = pa.drug_id join et on et.pt_code = pa.pt_code left join ex on ex.drug_id = pa.drug_id and ex.pt_code = pa.pt_code`);
  const rows = result.rows as Record<string, unknown>[];
  let cases = 0;
  if (rows.length === 0) {
    const [row] = (await db.execute(sql`select coalesce(sum(cases), 0) as n from signal_counts where drug_kind = 0 and drug_id = 0 and pt_code = 0 and ${where}`)).rows as Record<string, unknown>[];
    cases = num(row?.n ?? 0);
  } else cases = num(rows[0]?.total);
  return {
    cases,
    pairs: rows.map((r) => ({ drugId: num(r.drug_id), ptCode: num(r.pt_code), a: num(r.a), drugTotal: num(r.drug_total), eventTotal: num(r.event_total), expected: num(r.e) })),
  };
}

async function idSet(db: Db, query: SQL): Promise<Set<number>> {
  return new Set(((await db.execute(query)).rows as Record<string, unknown>[]).map((r) => num(r.id)));
}

type SortKey = NonNullable<SignalQuery['orden']>;
const sortValue: Record<SortKey, (row: SignalRowDto) => number | string | null> = {
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

function compare(key: SortKey, dir: 'asc' | 'desc') {
  const sign = dir === 'asc' ? 1 : -1;
  return (x: SignalRowDto, y: SignalRowDto) => {
    const vx = sortValue[key](x);
    const vy = sortValue[key](y);
    if (vx === null && vy !== null) return 1; // nulls last either way
    if (vy === null && vx !== null) return -1;
    if (vx !== null && vy !== null && vx !== vy) return (vx < vy ? -1 : 1) * sign;
    return x.FarmacoId - y.FarmacoId || x.PtCodigo - y.PtCodigo;
  };
}

function decodeCursor(cursor: string): { drugId: number; ptCode: number } {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === 2 && value.every((v) => Number.isInteger(v))) return { drugId: value[0] as number, ptCode: value[1] as number };
  } catch {
    // falls through to the refusal
  }
  throw badRequest(SIGNAL_MSG.badCursor);
}

/** The table of `GET /api/signals` (docs/signals.md 'The call'). */
export async function signalTable(db: Db, user: AuthUser, query: SignalQuery): Promise<SignalTable> {
  if (query.desde && query.hasta && query.desde > query.hasta) throw badRequest(SIGNAL_MSG.badPeriod);
  const kind = query.farmaco === 'producto' ? 2 : 1;
  // Reach: an RLF sees its own country only.
  let countryId: number | null = null;
  if (query.pais !== undefined) {
    const [row] = (await db.execute(sql`select id from countries where code = ${query.pais}`)).rows as Record<string, unknown>[];
    if (!row) throw badRequest(SIGNAL_MSG.countryNotFound);
    countryId = num(row.id);
  }
  if (user.role === 'RLF') {
    const [own] = (await db.execute(sql`select id from countries where code = ${user.countryCode}`)).rows as Record<string, unknown>[];
    const ownId = own ? num(own.id) : -1;
    if (countryId !== null && countryId !== ownId) throw forbidden(SIGNAL_MSG.countryOutOfReach);
    countryId = ownId;
  }
  const conditions: SQL[] = [sql`true`];
  if (query.desde) conditions.push(sql`month >= ${firstOfMonth(query.desde)}::date`);
  if (query.hasta) conditions.push(sql`month <= ${firstOfMonth(query.hasta)}::date`);
  if (countryId !== null) conditions.push(sql`country_id = ${countryId}`);
  if (query.grave) conditions.push(sql`serious = ${query.grave === 'si'}`);
  const where = sql.join(conditions, sql` and `);
  const strata = new Set((query.estratos ?? '').split(',').filter(Boolean));
  const parts: SQL[] = [];
  if (strata.has('sexo')) parts.push(sql`sex::text`);
  if (strata.has('edad')) parts.push(sql`age_group::text`);
  if (strata.has('pais')) parts.push(sql`country_id::text`);
  const stratum = parts.length ? sql`concat_ws(':', ${sql.join(parts, sql`, `)})` : sql`''`;

  const { cases, pairs } = await loadPairs(db, kind, where, stratum);

  // EBGM: the prior fitted over every pair of this background, cached until N moves materially.
  const fitKey = JSON.stringify([kind, query.desde, query.hasta, countryId, query.grave, [...strata].sort()]);
  let fit = fits.get(fitKey);
  if (!fit || Math.abs(cases - fit.cases) > REFIT_SHARE * Math.max(1, fit.cases)) {
    const data = pairs.filter((p) => p.expected > 0).map((p) => ({ n: p.a, expected: p.expected }));
    fit = { cases, hyperparameters: data.length >= MIN_PAIRS_TO_FIT ? fitGpsHyperparameters(data).hyperparameters : null };
    fits.set(fitKey, fit);
  }

  // Row filters: the drugs and PTs shown (the background stays).
  let drugs: Set<number> | null = null;
  let pts: Set<number> | null = null;
  if (query.principio !== undefined) drugs = kind === 1 ? new Set([query.principio]) : await idSet(db, sql`select product_id as id from product_ingredients where active_ingredient_id = ${query.principio}`);
  if (query.producto !== undefined) {
    const only = kind === 2 ? new Set([query.producto]) : await idSet(db, sql`select active_ingredient_id as id from product_ingredients where product_id = ${query.producto}`);
    drugs = drugs ? new Set([...drugs].filter((id) => only.has(id))) : only;
  }
  if (query.laboratorio !== undefined) {
    const [lab] = (await db.execute(sql`select id from laboratories where id = ${query.laboratorio}`)).rows;
    if (!lab) throw badRequest(SIGNAL_MSG.laboratoryNotFound);
    const ofLab =
      kind === 2
        ? await idSet(db, sql`select id from products where laboratory_id = ${query.laboratorio}`)
        : await idSet(db, sql`select pi.active_ingredient_id as id from product_ingredients pi join products p on p.id = pi.product_id where p.laboratory_id = ${query.laboratorio}`);
    drugs = drugs ? new Set([...drugs].filter((id) => ofLab.has(id))) : ofLab;
  }
  if (query.soc !== undefined) pts = await idSet(db, sql`select code as id from meddra_pt where primary_soc_code = ${query.soc}`);
  if (query.pt !== undefined) pts = pts ? new Set([...pts].filter((code) => code === query.pt)) : new Set([query.pt]);
  const shown = pairs.filter((p) => (!drugs || drugs.has(p.drugId)) && (!pts || pts.has(p.ptCode)));

  const drugNames = new Map<number, string>();
  const ptNames = new Map<number, string>();
  const drugIds = [...new Set(shown.map((p) => p.drugId))];
  const ptCodes = [...new Set(shown.map((p) => p.ptCode))];
  if (drugIds.length) {
    const rows = (
      await db.execute(
        kind === 2
          ? sql`select id, commercial_name as name from products where id = any(${array(drugIds)}::int[])`
          : sql`select id, name from active_ingredients where id = any(${array(drugIds)}::int[])`,
      )
    ).rows as Record<string, unknown>[];
    for (const r of rows) drugNames.set(num(r.id), String(r.name));
  }
  if (ptCodes.length) {
    const rows = (await db.execute(sql`select code, name from meddra_pt where code = any(${array(ptCodes)}::int[])`)).rows as Record<string, unknown>[];
    for (const r of rows) ptNames.set(num(r.code), String(r.name));
  }

  const hyper = fit.hyperparameters;
  const scored: SignalRowDto[] = shown.map((p) => {
    const table = { a: p.a, b: p.drugTotal - p.a, c: p.eventTotal - p.a, d: cases - p.drugTotal - p.eventTotal + p.a, expected: p.expected };
    const s = scorePair(table, hyper);
    return {
      FarmacoId: p.drugId,
      Farmaco: drugNames.get(p.drugId) ?? String(p.drugId),
      PtCodigo: p.ptCode,
      Pt: ptNames.get(p.ptCode) ?? String(p.ptCode),
      A: table.a,
      B: table.b,
      C: table.c,
      D: table.d,
      E: p.expected,
      PRR: s.prr.value,
      PRRInf: s.prr.lower,
      PRRSup: s.prr.upper,
      ROR: s.ror.value,
      RORInf: s.ror.lower,
      RORSup: s.ror.upper,
      Chi2: s.chiSquare,
      IC: s.ic.value,
      IC025: s.ic.lower,
      IC975: s.ic.upper,
      EBGM: s.ebgm?.ebgm ?? null,
      EB05: s.ebgm?.eb05 ?? null,
      EB95: s.ebgm?.eb95 ?? null,
      Haldane: s.prr.haldane || s.ror.haldane,
      Evans: s.flags.evans,
      SenalIC: s.flags.ic025,
      SenalEB05: s.flags.eb05,
      SenalROR: s.flags.ror025,
    };
  });
  const key = query.orden ?? 'eb05';
  const order = compare(key, query.dir ?? 'desc');
  scored.sort(order);
  let start = 0;
  if (query.cursor !== undefined) {
    const after = decodeCursor(query.cursor);
    const index = scored.findIndex((r) => r.FarmacoId === after.drugId && r.PtCodigo === after.ptCode);
    if (index < 0) throw badRequest(SIGNAL_MSG.badCursor);
    start = index + 1;
  }
  const limit = query.limite ?? DEFAULT_LIMIT;
  const page = scored.slice(start, start + limit);
  const last = page[page.length - 1];
  const more = start + limit < scored.length;
  return {
    Casos: cases,
    Total: scored.length,
    Filas: page,
    Siguiente: more && last ? Buffer.from(JSON.stringify([last.FarmacoId, last.PtCodigo])).toString('base64url') : null,
    Hiperparametros: hyper,
  };
}
