import {
  fitGpsHyperparameters,
  type GpsHyperparameters,
  informationComponent,
  type PairScores,
  scorePair,
  SIGNAL_MSG,
  type SignalFilters,
  type SignalIcHistory,
  type SignalIcHistoryQuery,
  type SignalOptions,
  type SignalQuery,
  type SignalRowDto,
  type SignalTable,
} from '@atalaya/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { holdsEveryLaboratory, loadUserLaboratoryIds, reachesByLaboratory } from '../reach/index.js';

/** One array parameter (Drizzle would otherwise spread a JS array into a list of parameters). */
const array = (values: readonly unknown[]) => sql.param(values);

const DEFAULT_LIMIT = 100;
/** Fewer pairs than this: no EBGM (the two-gamma prior cannot be fitted meaningfully). */
const MIN_PAIRS_TO_FIT = 20;
/** A cached fit is reused while N moves by less than this share (docs/signals.md 'EBGM fit'). */
const REFIT_SHARE = 0.01;

interface CachedFit {
  cases: number;
  hyperparameters: GpsHyperparameters | null;
  /**
   * The scores computed under these hyperparameters, by 2×2 table and E: scoring (the EBGM
   * quantiles by bisection, the IC's gamma quantiles) is most of the cost of a whole table, and
   * the same table is asked for again page after page, order after order, and by the export.
   * An unfiltered table keeps only its own entries; any call past `MAX_SCORES` clears it.
   */
  scores: Map<string, PairScores>;
}
/**
 * What is kept per database (a server opens one; a test worker several, one after another, and
 * a fit of one database must never score another's pairs): the fits, least recently used first
 * (a Map keeps insertion order), one per background; the tables built last (`TableInput`).
 */
const kept = new WeakMap<Db, { fits: Map<string, CachedFit>; tables: Map<string, { input: TableInput; rows: SignalRowDto[] }> }>();
function keptOf(db: Db) {
  let entry = kept.get(db);
  if (!entry) kept.set(db, (entry = { fits: new Map(), tables: new Map() }));
  return entry;
}
const MAX_SCORES = 1_000_000;
/**
 * How many backgrounds keep their fit: the key holds the period, country, seriousness, strata,
 * concomitants and, for a restricted user, their reach, so free dates would grow it without end.
 */
const MAX_FITS = 32;

/** The cached fit of a background, marked as just used. */
function cachedFit(db: Db, key: string): CachedFit | undefined {
  const { fits } = keptOf(db);
  const fit = fits.get(key);
  if (fit) {
    fits.delete(key);
    fits.set(key, fit);
  }
  return fit;
}

/** Keeps a background's fit, dropping the least recently used past `MAX_FITS`. */
function keepFit(db: Db, key: string, fit: CachedFit): void {
  const { fits } = keptOf(db);
  fits.delete(key);
  fits.set(key, fit);
  while (fits.size > MAX_FITS) {
    const oldest = fits.keys().next().value;
    if (oldest === undefined) break;
    fits.delete(oldest);
  }
}

interface PairRow {
  drugId: number;
  ptCode: number;
  a: number;
  drugTotal: number;
  eventTotal: number;
  expected: number;
}

type Row = Record<string, unknown>;
const num = (value: unknown): number => Number(value);
const rowsOf = async (db: DbOrTx, query: SQL): Promise<Row[]> => (await db.execute(query)).rows as Row[];

const firstOfMonth = (value: string) => `${value}-01`;

/**
 * The count rows of the user's reach (docs/signals.md 'Reach'): `signal_counts` itself for an RLF
 * (its country is a condition of the background) and for a QPPV or CL whose grants cover every
 * laboratory; for a QPPV or CL holding only some laboratories, the maintained rows of their case
 * reach (`caseReach`: a medicine of one of their laboratories, or a case they created): the rows
 * of `signal_laboratory_counts` of the laboratory sets overlapping theirs, and their own rows of
 * `signal_creator_counts` of the other sets — disjoint, so a case counts once. The same columns
 * as `signal_counts`, so every statement sums it as it sums `signal_counts`. `key` tells reaches
 * apart in the EBGM fit cache.
 */
export interface SignalSource {
  relation: SQL;
  key: string;
  /**
   * The laboratories of a restricted reach (the user's grants, sorted); null when the source is
   * the whole count table (an RLF, whose country is a condition of the background, or a QPPV or
   * CL holding every laboratory).
   */
  laboratoryIds: number[] | null;
}

const WHOLE_TABLE: SignalSource = { relation: sql`signal_counts`, key: 'all', laboratoryIds: null };
/**
 * The whole registry's counts summed over the month, seriousness, sex and age group (migration
 * `signal_country_totals`), the source of a background that names none of them: by country (a
 * country named, or the country stratum), or the sum of every country (its rows under country 0),
 * a row per pair instead of one per cell. Its columns are those such a background reads.
 */
const COUNTRY_TOTALS = {
  byCountry: sql`(select country_id, drug_kind, drug_id, pt_code, concomitant, cases from signal_country_totals where country_id <> 0) as signal_counts`,
  everyCountry: sql`(select country_id, drug_kind, drug_id, pt_code, concomitant, cases from signal_country_totals where country_id = 0) as signal_counts`,
};

/** The dimensions and count of a count row, the columns every source relation has. */
const COUNT_COLUMNS = sql.raw('month, country_id, serious, sex, age_group, drug_kind, drug_id, pt_code, concomitant, cases');
/** The columns of a total row (no month, country, seriousness, sex or age group). */
const TOTAL_COLUMNS = sql.raw('drug_kind, drug_id, pt_code, concomitant, cases');

/**
 * The count rows of a reach of some laboratories (docs/signals.md 'Reach'): the sets of
 * laboratories that overlap `laboratoryIds` (ids of `signal_laboratory_sets`, a small table, read
 * first so the planner sees the list), their rows, and the user's own rows of every other set.
 * `totals`: from the tables summed over month, country, seriousness, sex and age group (only the
 * drug, PT, concomitant and cases columns), for a background that names none of them.
 */
export async function laboratoryReachRelation(db: DbOrTx, userId: string, laboratoryIds: readonly number[], totals = false): Promise<SQL> {
  const sets = (await rowsOf(db, sql`select id from signal_laboratory_sets where laboratory_ids && ${array(laboratoryIds)}::int[] order by id`)).map((r) => num(r.id));
  const [columns, bySet, byCreator] = totals
    ? [TOTAL_COLUMNS, sql`signal_laboratory_totals`, sql`signal_creator_totals`]
    : [COUNT_COLUMNS, sql`signal_laboratory_counts`, sql`signal_creator_counts`];
  return sql`(select ${columns} from ${bySet} where laboratory_set_id = any(${array(sets)}::int[])
    union all
    select ${columns} from ${byCreator} where created_by = ${userId} and laboratory_set_id <> all(${array(sets)}::int[])) as signal_counts`;
}

/**
 * The count rows of the user's reach ('Reach' above): the one place the table, the options and
 * the signal register (modules/signal-register) choose what a QPPV or CL may count. `totals`:
 * the caller reads only drug_kind, drug_id, pt_code, concomitant and cases (a background without
 * period, country, seriousness or strata), so a restricted reach may read the summed tables.
 */
export async function signalSource(db: DbOrTx, user: AuthUser, options: { totals?: boolean } = {}): Promise<SignalSource> {
  if (!reachesByLaboratory(user.role)) return WHOLE_TABLE;
  const laboratoryIds = await loadUserLaboratoryIds(db, user.id);
  if (await holdsEveryLaboratory(db, laboratoryIds)) return WHOLE_TABLE;
  const sorted = [...laboratoryIds].sort((x, y) => x - y);
  return {
    relation: await laboratoryReachRelation(db, user.id, sorted, options.totals ?? false),
    // The creator of a case sees it too (caseReach): the reach is the user's, not only their laboratories'.
    key: JSON.stringify([user.id, sorted]),
    laboratoryIds: sorted,
  };
}

/** The background the table is computed over: which count rows, and the stratum of each. */
interface Background {
  kind: 1 | 2;
  /** The count rows of the user's reach (`signal_counts` or its cells in reach). */
  source: SQL;
  /** Conditions on the count rows (period, country, seriousness). */
  where: SQL;
  /** The stratum key of a count row ('' without strata). */
  stratum: SQL;
  /** The cache key of the EBGM fit. */
  fitKey: string;
  /** The country the background is limited to (`pais`, or an RLF's own). */
  countryId: number | null;
  /** Whether the source is the cells of a reach of some laboratories (not `signal_counts`). */
  restricted: boolean;
  /**
   * Whether the source holds one row per pair under the background's conditions: the totals of
   * one country (or of every country, country 0) without the concomitant rows — its key is
   * (country, drug kind, drug, PT, concomitant) — so the pairs need no grouping.
   */
  onePerPair: boolean;
}

/**
 * The margins of a background, each a plain aggregate of `signal_counts` read on its own (no
 * join in SQL: the joins are map look-ups here): N by stratum, each drug's cases by stratum,
 * each PT's cases by stratum.
 */
interface Margins {
  /** N by stratum. */
  strata: Map<string, number>;
  cases: number;
  /** drug → stratum → cases with the drug. */
  drugs: Map<number, Map<string, number>>;
  /** PT → stratum → cases with the PT. */
  events: Map<number, Map<string, number>>;
}

function addTo(map: Map<number, Map<string, number>>, id: number, stratum: string, value: number): void {
  let inner = map.get(id);
  if (!inner) map.set(id, (inner = new Map()));
  inner.set(stratum, (inner.get(stratum) ?? 0) + value);
}

const sumOf = (values: Iterable<number>): number => {
  let total = 0;
  for (const value of values) total += value;
  return total;
};

async function loadMargins(db: Db, bg: Background): Promise<Margins> {
  const [nRows, drugRows, eventRows] = await Promise.all([
    rowsOf(db, sql`select ${bg.stratum} as s, sum(cases)::float8 as n from ${bg.source} where drug_kind = 0 and drug_id = 0 and pt_code = 0 and ${bg.where} group by 1`),
    rowsOf(
      db,
      sql`select drug_id, ${bg.stratum} as s, sum(cases)::float8 as n from ${bg.source}
        where drug_kind = ${bg.kind} and pt_code = 0 and cases <> 0 and ${bg.where} group by 1, 2`,
    ),
    rowsOf(
      db,
      sql`select pt_code, ${bg.stratum} as s, sum(cases)::float8 as n from ${bg.source}
        where drug_kind = 0 and drug_id = 0 and pt_code <> 0 and cases <> 0 and ${bg.where} group by 1, 2`,
    ),
  ]);
  const strata = new Map<string, number>();
  for (const r of nRows) strata.set(String(r.s), num(r.n));
  const drugs = new Map<number, Map<string, number>>();
  for (const r of drugRows) addTo(drugs, num(r.drug_id), String(r.s), num(r.n));
  const events = new Map<number, Map<string, number>>();
  for (const r of eventRows) addTo(events, num(r.pt_code), String(r.s), num(r.n));
  return { strata, cases: sumOf(strata.values()), drugs, events };
}

/** E = Σₛ n(drug)ₛ · n(PT)ₛ / Nₛ over the strata where both margins are counted. */
function expectedOf(m: Margins, drugStrata: Map<string, number>, eventStrata: Map<string, number>): number {
  let expected = 0;
  for (const [stratum, nd] of drugStrata) {
    const ne = eventStrata.get(stratum);
    const n = m.strata.get(stratum);
    if (ne !== undefined && n) expected += (nd * ne) / n;
  }
  return expected;
}

/**
 * The pairs of a background (a > 0), optionally only those of some drugs or PTs, with their
 * margins and E. One aggregate over the pair rows; the rest is done in the process.
 */
async function loadPairs(db: Db, bg: Background, m: Margins, only: { drugs: Set<number> | null; pts: Set<number> | null }): Promise<PairRow[]> {
  const conditions: SQL[] = [sql`drug_kind = ${bg.kind}`, sql`pt_code <> 0`, sql`cases <> 0`, bg.where];
  if (only.drugs) conditions.push(sql`drug_id = any(${array([...only.drugs])}::int[])`);
  if (only.pts) conditions.push(sql`pt_code = any(${array([...only.pts])}::int[])`);
  if ((only.drugs && only.drugs.size === 0) || (only.pts && only.pts.size === 0)) return [];
  // One text of 'drug,pt,a' items in the order of (drug, PT), not a row a pair: the whole table's
  // 4,851 rows at a million cases cost the server ~6 ms of CPU a request to receive as rows (the
  // driver's parsing of each row and field), and the order is the one the EBGM fit sums in (a sum
  // of floating-point numbers in another order moved EB05 in its third digit).
  // A source of one row per pair is read as it is: grouping the whole table's 4,851 rows cost
  // 3.5 of the statement's 7 ms (docs/performance-plans.md §10).
  const where = sql.join(conditions, sql` and `);
  const pairRows = bg.onePerPair
    ? sql`select drug_id, pt_code, cases as a from ${bg.source} where ${where} and cases > 0`
    : sql`select drug_id, pt_code, sum(cases)::int as a from ${bg.source} where ${where} group by 1, 2 having sum(cases) > 0`;
  const [row] = await rowsOf(db, sql`select coalesce(string_agg(concat_ws(',', drug_id, pt_code, a), ';' order by drug_id, pt_code), '') as pairs from (${pairRows}) p`);
  const numbers = naturalsOf(String(row?.pairs ?? ''));
  const drugTotals = new Map<number, number>();
  const eventTotals = new Map<number, number>();
  const pairs: PairRow[] = [];
  for (let i = 0; i + 2 < numbers.length; i += 3) {
    const drugId = numbers[i] as number;
    const ptCode = numbers[i + 1] as number;
    const a = numbers[i + 2] as number;
    const drugStrata = m.drugs.get(drugId);
    const eventStrata = m.events.get(ptCode);
    if (!drugStrata || !eventStrata) continue;
    let drugTotal = drugTotals.get(drugId);
    if (drugTotal === undefined) drugTotals.set(drugId, (drugTotal = sumOf(drugStrata.values())));
    let eventTotal = eventTotals.get(ptCode);
    if (eventTotal === undefined) eventTotals.set(ptCode, (eventTotal = sumOf(eventStrata.values())));
    pairs.push({ drugId, ptCode, a, drugTotal, eventTotal, expected: expectedOf(m, drugStrata, eventStrata) });
  }
  return pairs;
}

/** The natural numbers of a text, in order, whatever separates them (a split per item cost more than the driver's rows). */
export function naturalsOf(text: string): number[] {
  const numbers: number[] = [];
  let value = 0;
  let inNumber = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) {
      value = value * 10 + (code - 48);
      inNumber = true;
    } else if (inNumber) {
      numbers.push(value);
      value = 0;
      inNumber = false;
    }
  }
  if (inNumber) numbers.push(value);
  return numbers;
}

async function idSet(db: Db, query: SQL): Promise<Set<number>> {
  return new Set((await rowsOf(db, query)).map((r) => num(r.id)));
}

type SortKey = NonNullable<SignalQuery['orden']>;
type SortValue = number | string | null;
const sortValue: Record<SortKey, (row: SignalRowDto) => SortValue> = {
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

/** A row's place in the order: the sort value, then drug id and PT code (the tiebreak). */
interface Position {
  value: SortValue;
  drugId: number;
  ptCode: number;
}

/** The order of the table: the value (nulls last either way), ties by drug id then PT code. */
function comparePositions(dir: 'asc' | 'desc') {
  const sign = dir === 'asc' ? 1 : -1;
  return (x: Position, y: Position): number => {
    if (x.value === null && y.value !== null) return 1;
    if (y.value === null && x.value !== null) return -1;
    if (x.value !== null && y.value !== null && x.value !== y.value) return (x.value < y.value ? -1 : 1) * sign;
    return x.drugId - y.drugId || x.ptCode - y.ptCode;
  };
}

const positionOf = (key: SortKey, row: SignalRowDto): Position => ({ value: sortValue[key](row), drugId: row.FarmacoId, ptCode: row.PtCodigo });

function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify([position.value, position.drugId, position.ptCode])).toString('base64url');
}

/** The cursor of `Siguiente`: the last row's sort value, drug id and PT code (a keyset, not an offset). */
function decodeCursor(cursor: string, key: SortKey): Position {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === 3 && Number.isInteger(value[1]) && Number.isInteger(value[2])) {
      const text = key === 'farmaco' || key === 'pt';
      const v = value[0] as unknown;
      if (v === null || (text ? typeof v === 'string' : typeof v === 'number' && Number.isFinite(v))) return { value: v as SortValue, drugId: value[1] as number, ptCode: value[2] as number };
    }
  } catch {
    // falls through to the refusal
  }
  throw badRequest(SIGNAL_MSG.badCursor);
}

/**
 * The background of a query after reach: an RLF sees its own country only. `byMonth`: the caller
 * groups by month (the IC by quarter), so the source keeps every dimension.
 */
async function backgroundOf(
  db: Db,
  user: AuthUser,
  query: Pick<SignalQuery, 'desde' | 'hasta' | 'pais' | 'grave' | 'estratos' | 'farmaco' | 'concomitantes'>,
  byMonth = false,
): Promise<Background> {
  if (query.desde && query.hasta && query.desde > query.hasta) throw badRequest(SIGNAL_MSG.badPeriod);
  const kind = query.farmaco === 'producto' ? 2 : 1;
  let countryId: number | null = null;
  if (query.pais !== undefined) {
    const [row] = await rowsOf(db, sql`select id from countries where code = ${query.pais}`);
    if (!row) throw badRequest(SIGNAL_MSG.countryNotFound);
    countryId = num(row.id);
  }
  if (user.role === 'RLF') {
    const [own] = await rowsOf(db, sql`select id from countries where code = ${user.countryCode}`);
    const ownId = own ? num(own.id) : -1;
    if (countryId !== null && countryId !== ownId) throw forbidden(SIGNAL_MSG.countryOutOfReach);
    countryId = ownId;
  }
  const conditions: SQL[] = [sql`true`];
  if (query.desde) conditions.push(sql`month >= ${firstOfMonth(query.desde)}::date`);
  if (query.hasta) conditions.push(sql`month <= ${firstOfMonth(query.hasta)}::date`);
  if (countryId !== null) conditions.push(sql`country_id = ${countryId}`);
  if (query.grave) conditions.push(sql`serious = ${query.grave === 'si'}`);
  // Suspect or interacting drugs by default; 'si' adds the cases that hold a drug only as a
  // concomitant (the true rows; the case and PT cells are all false, so N and c stay).
  const concomitants = query.concomitantes === 'si';
  if (!concomitants) conditions.push(sql`not concomitant`);
  const strata = [...new Set((query.estratos ?? '').split(',').filter(Boolean))].sort();
  const parts: SQL[] = [];
  if (strata.includes('sexo')) parts.push(sql`sex::text`);
  if (strata.includes('edad')) parts.push(sql`age_group::text`);
  if (strata.includes('pais')) parts.push(sql`country_id::text`);
  // Nothing but the drug, the PT and the concomitant flag named: a restricted reach reads its totals.
  const totals = !byMonth && !query.desde && !query.hasta && countryId === null && !query.grave && parts.length === 0;
  const source = await signalSource(db, user, { totals });
  // Nor a month, seriousness, sex or age group: the whole registry reads its totals by country.
  const byCountry = source.laboratoryIds === null && !byMonth && !query.desde && !query.hasta && !query.grave && !strata.includes('sexo') && !strata.includes('edad');
  return {
    kind,
    source: !byCountry ? source.relation : countryId === null && !strata.includes('pais') ? COUNTRY_TOTALS.everyCountry : COUNTRY_TOTALS.byCountry,
    where: sql.join(conditions, sql` and `),
    stratum: parts.length ? sql`concat_ws(':', ${sql.join(parts, sql`, `)})` : sql`''`,
    fitKey: JSON.stringify([source.key, kind, query.desde, query.hasta, countryId, query.grave, strata, concomitants]),
    countryId,
    restricted: source.laboratoryIds !== null,
    onePerPair: byCountry && (countryId !== null || !strata.includes('pais')) && !concomitants,
  };
}

/** The row filters: the drugs and PTs shown (null: all); the background stays. */
async function rowFilters(db: Db, kind: 1 | 2, query: SignalFilters): Promise<{ drugs: Set<number> | null; pts: Set<number> | null }> {
  let drugs: Set<number> | null = null;
  let pts: Set<number> | null = null;
  if (query.principio !== undefined) drugs = kind === 1 ? new Set([query.principio]) : await idSet(db, sql`select product_id as id from product_ingredients where active_ingredient_id = ${query.principio}`);
  if (query.producto !== undefined) {
    const only = kind === 2 ? new Set([query.producto]) : await idSet(db, sql`select active_ingredient_id as id from product_ingredients where product_id = ${query.producto}`);
    drugs = drugs ? new Set([...drugs].filter((id) => only.has(id))) : only;
  }
  if (query.laboratorio !== undefined) {
    const [lab] = await rowsOf(db, sql`select id from laboratories where id = ${query.laboratorio}`);
    if (!lab) throw badRequest(SIGNAL_MSG.laboratoryNotFound);
    const ofLab =
      kind === 2
        ? await idSet(db, sql`select id from products where laboratory_id = ${query.laboratorio}`)
        : await idSet(db, sql`select pi.active_ingredient_id as id from product_ingredients pi join products p on p.id = pi.product_id where p.laboratory_id = ${query.laboratorio}`);
    drugs = drugs ? new Set([...drugs].filter((id) => ofLab.has(id))) : ofLab;
  }
  if (query.soc !== undefined) pts = await idSet(db, sql`select code as id from meddra_pt where primary_soc_code = ${query.soc}`);
  if (query.pt !== undefined) pts = pts ? new Set([...pts].filter((code) => code === query.pt)) : new Set([query.pt]);
  return { drugs, pts };
}

async function drugNamesOf(db: Db, kind: 1 | 2, ids: readonly number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  if (!ids.length) return names;
  const rows = await rowsOf(
    db,
    kind === 2
      ? sql`select id, commercial_name as name from products where id = any(${array(ids)}::int[])`
      : sql`select id, name from active_ingredients where id = any(${array(ids)}::int[])`,
  );
  for (const r of rows) names.set(num(r.id), String(r.name));
  return names;
}

async function ptNamesOf(db: Db, codes: readonly number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  if (!codes.length) return names;
  for (const r of await rowsOf(db, sql`select code, name from meddra_pt where code = any(${array(codes)}::int[])`)) names.set(num(r.code), String(r.name));
  return names;
}

/** Every row matching the filters, scored and sorted (the table before its page). */
export async function signalRows(db: Db, user: AuthUser, query: SignalFilters): Promise<{ cases: number; rows: SignalRowDto[]; hyperparameters: GpsHyperparameters | null }> {
  const bg = await backgroundOf(db, user, query);
  const [margins, only] = await Promise.all([loadMargins(db, bg), rowFilters(db, bg.kind, query)]);
  const { cases } = margins;

  // EBGM: the prior fitted over every pair of this background, cached until N moves materially.
  // With a valid fit, a filtered table reads only its own pairs.
  let fit = cachedFit(db, bg.fitKey);
  let shown: PairRow[];
  if (!fit || Math.abs(cases - fit.cases) > REFIT_SHARE * Math.max(1, fit.cases)) {
    const pairs = await loadPairs(db, bg, margins, { drugs: null, pts: null });
    const data = pairs.filter((p) => p.expected > 0).map((p) => ({ n: p.a, expected: p.expected }));
    fit = { cases, hyperparameters: data.length >= MIN_PAIRS_TO_FIT ? fitGpsHyperparameters(data).hyperparameters : null, scores: new Map() };
    keepFit(db, bg.fitKey, fit);
    shown = pairs.filter((p) => (!only.drugs || only.drugs.has(p.drugId)) && (!only.pts || only.pts.has(p.ptCode)));
  } else {
    shown = await loadPairs(db, bg, margins, only);
  }

  const [drugNames, ptNames] = await Promise.all([
    drugNamesOf(db, bg.kind, [...new Set(shown.map((p) => p.drugId))]),
    ptNamesOf(db, [...new Set(shown.map((p) => p.ptCode))]),
  ]);

  const key = query.orden ?? 'eb05';
  const dir = query.dir ?? 'desc';
  // The same table asked again (the next page, the export, another user of the same background)
  // with the same counts, fit and names: its sorted rows as built last time.
  const memoKey = JSON.stringify([bg.fitKey, query.principio, query.producto, query.laboratorio, query.soc, query.pt, key, dir]);
  const input: TableInput = { fit, cases, pairs: packPairs(shown), drugNames, ptNames };
  const { tables } = keptOf(db);
  const memo = tables.get(memoKey);
  if (memo && sameInput(memo.input, input)) {
    tables.delete(memoKey);
    tables.set(memoKey, memo);
    return { cases, rows: memo.rows, hyperparameters: fit.hyperparameters };
  }

  const hyper = fit.hyperparameters;
  const cache = fit.scores;
  const unfiltered = !only.drugs && !only.pts;
  const used = unfiltered ? new Map<string, PairScores>() : cache;
  if (cache.size > MAX_SCORES) cache.clear();
  const rows: SignalRowDto[] = shown.map((p) => {
    const table = { a: p.a, b: p.drugTotal - p.a, c: p.eventTotal - p.a, d: cases - p.drugTotal - p.eventTotal + p.a, expected: p.expected };
    const key = `${table.a},${table.b},${table.c},${table.d},${table.expected}`;
    let s = cache.get(key);
    if (!s) s = scorePair(table, hyper);
    used.set(key, s);
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
  if (unfiltered) fit.scores = used;
  const order = comparePositions(dir);
  const positions = new Map(rows.map((row) => [row, positionOf(key, row)]));
  rows.sort((x, y) => order(positions.get(x) as Position, positions.get(y) as Position));
  tables.set(memoKey, { input, rows });
  while (tables.size > MAX_TABLES) {
    const oldest = tables.keys().next().value;
    if (oldest === undefined) break;
    tables.delete(oldest);
  }
  return { cases, rows, hyperparameters: hyper };
}

/**
 * What a table's rows are built from: the fit (its hyperparameters and scores), N, each shown
 * pair's numbers and the names. Two calls with equal inputs build equal rows.
 */
interface TableInput {
  fit: CachedFit;
  cases: number;
  /** drug, PT, a, drug total, PT total and E of each shown pair, in the order read. */
  pairs: Float64Array;
  drugNames: Map<number, string>;
  ptNames: Map<number, string>;
}

/**
 * How many tables each database keeps (`kept`), least recently used first: building and sorting a
 * whole table's 4,851 rows at a million cases cost the server 30–40 ms of CPU a request, its SQL
 * 10 (bench/README.md); a page, an order or a user's second look at the same counts reuses them.
 * Every call still reads the counts, so a write that changes them builds the table anew.
 */
const MAX_TABLES = 8;

function packPairs(pairs: readonly PairRow[]): Float64Array {
  const packed = new Float64Array(pairs.length * 6);
  pairs.forEach((p, i) => packed.set([p.drugId, p.ptCode, p.a, p.drugTotal, p.eventTotal, p.expected], i * 6));
  return packed;
}

function sameNames(x: Map<number, string>, y: Map<number, string>): boolean {
  if (x.size !== y.size) return false;
  for (const [id, name] of x) if (y.get(id) !== name) return false;
  return true;
}

function sameInput(x: TableInput, y: TableInput): boolean {
  if (x.fit !== y.fit || x.cases !== y.cases || x.pairs.length !== y.pairs.length) return false;
  for (let i = 0; i < x.pairs.length; i += 1) if (x.pairs[i] !== y.pairs[i]) return false;
  return sameNames(x.drugNames, y.drugNames) && sameNames(x.ptNames, y.ptNames);
}

/** The table of `GET /api/signals` (docs/signals.md 'The call'). */
export async function signalTable(db: Db, user: AuthUser, query: SignalQuery): Promise<SignalTable> {
  const key = query.orden ?? 'eb05';
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor, key);
  const { cases, rows, hyperparameters } = await signalRows(db, user, query);
  let start = 0;
  if (after) {
    // The first row after the cursor's position (the cursor's row may be gone: a keyset, not an index).
    const order = comparePositions(query.dir ?? 'desc');
    let low = 0;
    let high = rows.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (order(positionOf(key, rows[mid] as SignalRowDto), after) <= 0) low = mid + 1;
      else high = mid;
    }
    start = low;
  }
  const limit = query.limite ?? DEFAULT_LIMIT;
  const page = rows.slice(start, start + limit);
  const last = page[page.length - 1];
  const more = start + limit < rows.length;
  return {
    Casos: cases,
    Total: rows.length,
    Filas: page,
    Siguiente: more && last ? encodeCursor(positionOf(key, last)) : null,
    Hiperparametros: hyperparameters,
  };
}

const quarterOf = (month: string): string => `${month.slice(0, 4)}-T${Math.floor((Number(month.slice(5, 7)) - 1) / 3) + 1}`;

/** The quarters from one month's to another's, in order ('2012-T1', …). */
function quartersBetween(from: string, to: string): string[] {
  const quarters: string[] = [];
  let year = Number(from.slice(0, 4));
  let q = Math.floor((Number(from.slice(5, 7)) - 1) / 3) + 1;
  const last = quarterOf(to);
  for (let guard = 0; guard < 2000; guard += 1) {
    const label = `${year}-T${q}`;
    quarters.push(label);
    if (label === last) break;
    q += 1;
    if (q > 4) {
      q = 1;
      year += 1;
    }
  }
  return quarters;
}

/**
 * `GET /api/signals/ic-history` (docs/signals.md): one pair's IC with IC025–IC975 over the
 * cases received up to the end of each quarter (cumulative), under the table's background.
 * Four small aggregates by month and stratum (N, the drug's cases, the PT's cases, the pair's),
 * accumulated here.
 */
export async function signalIcHistory(db: Db, user: AuthUser, query: SignalIcHistoryQuery): Promise<SignalIcHistory> {
  const bg = await backgroundOf(db, user, query, true);
  const drugId = (bg.kind === 2 ? query.producto : query.principio) as number;
  const ptCode = query.pt as number;
  const [drugNames, ptNames] = await Promise.all([drugNamesOf(db, bg.kind, [drugId]), ptNamesOf(db, [ptCode])]);
  if (!drugNames.has(drugId)) throw badRequest(SIGNAL_MSG.drugNotFound);
  if (!ptNames.has(ptCode)) throw badRequest(SIGNAL_MSG.ptNotFound);
  const cell = (kind: number, drug: number, pt: number) =>
    rowsOf(
      db,
      sql`select to_char(month, 'YYYY-MM') as m, ${bg.stratum} as s, sum(cases)::float8 as n from ${bg.source}
        where drug_kind = ${kind} and drug_id = ${drug} and pt_code = ${pt} and cases <> 0 and ${bg.where} group by 1, 2`,
    );
  const [nRows, drugRows, eventRows, pairRows] = await Promise.all([cell(0, 0, 0), cell(bg.kind, drugId, 0), cell(0, 0, ptCode), cell(bg.kind, drugId, ptCode)]);
  const months = nRows.map((r) => String(r.m)).sort();
  const first = query.desde ?? months[0];
  const lastMonth = query.hasta ?? months[months.length - 1];
  if (!first || !lastMonth || first > lastMonth) return { FarmacoId: drugId, Farmaco: drugNames.get(drugId) ?? '', PtCodigo: ptCode, Pt: ptNames.get(ptCode) ?? '', Trimestres: [] };
  // quarter → stratum → cases, for each of the four cells.
  const byQuarter = (rows: Row[]) => {
    const map = new Map<string, Map<string, number>>();
    for (const r of rows) {
      const quarter = quarterOf(String(r.m));
      let inner = map.get(quarter);
      if (!inner) map.set(quarter, (inner = new Map()));
      inner.set(String(r.s), (inner.get(String(r.s)) ?? 0) + num(r.n));
    }
    return map;
  };
  const cells = [byQuarter(nRows), byQuarter(drugRows), byQuarter(eventRows), byQuarter(pairRows)] as const;
  const running: readonly Map<string, number>[] = cells.map(() => new Map<string, number>());
  const [n, nd, ne, pair] = running as [Map<string, number>, Map<string, number>, Map<string, number>, Map<string, number>];
  const quarters = quartersBetween(first, lastMonth).map((quarter) => {
    cells.forEach((cellMap, i) => {
      const total = running[i] as Map<string, number>;
      for (const [s, cases] of cellMap.get(quarter) ?? []) total.set(s, (total.get(s) ?? 0) + cases);
    });
    let expected = 0;
    for (const [s, drugCases] of nd) {
      const eventCases = ne.get(s);
      const all = n.get(s);
      if (eventCases !== undefined && all) expected += (drugCases * eventCases) / all;
    }
    const a = sumOf(pair.values());
    const ic = informationComponent(a, expected);
    return { Trimestre: quarter, Casos: sumOf(n.values()), A: a, E: expected, IC: ic.value, IC025: ic.lower, IC975: ic.upper };
  });
  return { FarmacoId: drugId, Farmaco: drugNames.get(drugId) ?? '', PtCodigo: ptCode, Pt: ptNames.get(ptCode) ?? '', Trimestres: quarters };
}

/**
 * The distinct ids of one dimension of `signal_counts` with a case, by a loose index scan (a
 * recursive CTE: each step is one probe of an index for the next id above the last): a few
 * hundred probes instead of reading every count row (docs/performance-plans.md 'Señales
 * options'). `column` is `drug_id` of the drug margins (kind 1 or 2, PT 0) or `pt_code` of the
 * PT margins (kind 0, drug 0); the whole table is read in primary-key order (drug_kind,
 * drug_id, pt_code, …); one country through `signal_counts_margin_country_idx` (country_id,
 * drug_kind, drug_id, pt_code), which holds the margin rows only.
 */
function distinctCounted(column: 'drug_id' | 'pt_code', kind: 0 | 1 | 2, countryId: number | null): SQL {
  const col = sql.raw(column);
  const margin = column === 'drug_id' ? sql`drug_kind = ${kind} and pt_code = 0` : sql`drug_kind = 0 and drug_id = 0`;
  const country = countryId === null ? sql`` : sql` and country_id = ${countryId}`;
  const next = (above: SQL) => sql`(select ${col} from signal_counts where ${margin}${country} and ${col} > ${above} and cases <> 0 order by ${col} limit 1)`;
  return sql`with recursive found(id) as (
      select ${next(sql`0`)}
      union all
      select ${next(sql`found.id`)} from found where found.id is not null
    ) select id from found where id is not null`;
}

/**
 * `GET /api/signals/options`: the filters' choices. Drugs, SOCs and PTs are those the count
 * table holds in the user's reach (an RLF: its country), so every choice can show rows.
 */
export async function signalOptions(db: Db, user: AuthUser): Promise<SignalOptions> {
  // The choices name every drug counted, concomitants too (the filter 'Incluir concomitantes' may show them).
  const bg = await backgroundOf(db, user, { concomitantes: 'si' });
  const named = (rows: Row[]) => rows.map((r) => ({ Id: num(r.id), Nombre: String(r.name) }));
  // The whole count table (every laboratory; an RLF its country): an index answers. A reach of
  // some laboratories: the cells of its cases (no index can: the reach is the user's).
  const drugsOf = (kind: 1 | 2) =>
    bg.restricted
      ? sql`select distinct drug_id from ${bg.source} where drug_kind = ${kind} and pt_code = 0 and cases <> 0 and ${bg.where}`
      : distinctCounted('drug_id', kind, bg.countryId);
  const ptsCounted = bg.restricted
    ? sql`select distinct pt_code from ${bg.source} where drug_kind = 0 and drug_id = 0 and pt_code <> 0 and cases <> 0 and ${bg.where}`
    : distinctCounted('pt_code', 0, bg.countryId);
  const [countries, laboratories, ingredients, products, socs, pts] = await Promise.all([
    rowsOf(
      db,
      user.role === 'RLF'
        ? sql`select id, code, name from countries where code = ${user.countryCode} order by name`
        : sql`select id, code, name from countries where not eliminado order by name`,
    ),
    rowsOf(db, sql`select id, name from laboratories where not eliminado order by name`),
    rowsOf(db, sql`select id, name from active_ingredients where id in (${drugsOf(1)}) order by name`),
    rowsOf(db, sql`select id, commercial_name as name from products where id in (${drugsOf(2)}) order by commercial_name`),
    rowsOf(db, sql`select code as id, name from meddra_soc where code in (select primary_soc_code from meddra_pt where code in (${ptsCounted})) order by name`),
    rowsOf(db, sql`select code as id, name from meddra_pt where code in (${ptsCounted}) order by name`),
  ]);
  return {
    Paises: countries.map((r) => ({ Id: num(r.id), Codigo: String(r.code), Nombre: String(r.name) })),
    Laboratorios: named(laboratories),
    Principios: named(ingredients),
    Productos: named(products),
    Socs: named(socs),
    Pts: named(pts),
  };
}
