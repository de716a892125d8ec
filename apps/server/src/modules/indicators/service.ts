import {
  type IndicatorCountry,
  type IndicatorFilterQuery,
  type IndicatorLaboratory,
  type IndicatorSeriesItem,
  type IndicatorValues,
  MSG,
} from '@atalaya/domain';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { holdsEveryLaboratory, loadUserLaboratoryIds, reachesByLaboratory } from '../reach/index.js';
import {
  ageTotals,
  countriesInScope,
  countryByCode,
  type IndicatorScope,
  laboratoriesInScope,
  laboratoryExists,
  periodBounds,
  periodCounts,
  statusTotals,
  typeTotals,
} from './queries.js';

export interface IndicatorsDeps {
  db: Db;
  /** The clock the periods are cut at (tests pass their own). */
  now: () => Date;
}

/** The user's own scope (docs/indicators.md 'Reach') and time zone, before the filters. */
async function userScope(db: Db, user: AuthUser): Promise<{ scope: IndicatorScope; timeZone: string; laboratoryIds?: number[] }> {
  const [own, laboratoryIds] = await Promise.all([countryByCode(db, user.countryCode), reachesByLaboratory(user.role) ? loadUserLaboratoryIds(db, user.id) : undefined]);
  const timeZone = own?.timeZone ?? 'UTC';
  if (user.role === 'RLF') return { scope: { countryId: own?.id ?? null }, timeZone };
  if (laboratoryIds) {
    return { scope: { laboratoryIds, everyLaboratory: laboratoryIds.length > 0 && (await holdsEveryLaboratory(db, laboratoryIds)) }, timeZone, laboratoryIds };
  }
  // ADMIN: the whole company's figures (counts only; it opens no case: docs/roles.md).
  return { scope: {}, timeZone };
}

/**
 * The user's scope narrowed by the filters. An unknown country or laboratory is 400; a
 * country an RLF does not belong to and a laboratory a QPPV or CL does not hold are 403
 * (ADMIN may filter by any).
 */
async function filteredScope(db: Db, user: AuthUser, query: IndicatorFilterQuery): Promise<{ scope: IndicatorScope; timeZone: string; laboratoryIds?: number[] }> {
  const { scope, timeZone, laboratoryIds } = await userScope(db, user);
  const filtered: IndicatorScope = { ...scope };
  if (query.pais !== undefined) {
    const country = await countryByCode(db, query.pais);
    if (!country) throw badRequest(MSG.indicators.countryNotFound);
    if (scope.countryId !== undefined && scope.countryId !== country.id) throw forbidden(MSG.indicators.countryOutOfReach);
    filtered.filterCountryId = country.id;
  }
  if (query.laboratorio !== undefined) {
    if (!(await laboratoryExists(db, query.laboratorio))) throw badRequest(MSG.indicators.laboratoryNotFound);
    if (laboratoryIds !== undefined && !laboratoryIds.includes(query.laboratorio)) throw forbidden(MSG.indicators.laboratoryOutOfReach);
    filtered.filterLaboratoryId = query.laboratorio;
  }
  return { scope: filtered, timeZone, laboratoryIds };
}

/** `filtercountryindicators`: the countries with cases in the user's reach (an RLF: its own). */
export async function indicatorCountries(deps: IndicatorsDeps, user: AuthUser): Promise<IndicatorCountry[]> {
  const { scope } = await userScope(deps.db, user);
  return countriesInScope(deps.db, scope);
}

/** `filterlabindicators`: the laboratories of the cases in reach of a country (a QPPV's or CL's: theirs only; an ADMIN's: all). */
export async function indicatorLaboratories(deps: IndicatorsDeps, user: AuthUser, pais: string): Promise<IndicatorLaboratory[]> {
  const { scope, laboratoryIds } = await filteredScope(deps.db, user, { pais });
  return laboratoriesInScope(deps.db, scope, laboratoryIds);
}

/** `getIndicatorsValuesPanel`: the four cards and the periods before them. */
export async function indicatorValues(deps: IndicatorsDeps, user: AuthUser, query: IndicatorFilterQuery): Promise<IndicatorValues> {
  const { scope, timeZone } = await filteredScope(deps.db, user, query);
  const bounds = await periodBounds(deps.db, timeZone, deps.now());
  const counts = await periodCounts(deps.db, scope, bounds);
  const period = (from: Date, to: Date) => ({ Desde: from.toISOString(), Hasta: to.toISOString() });
  return {
    UltimoMes: counts.lastMonth,
    EsteMes: counts.thisMonth,
    UltimaSemana: counts.lastWeek,
    EstaSemana: counts.thisWeek,
    PenultimoMes: counts.monthBeforeLast,
    PenultimaSemana: counts.weekBeforeLast,
    ZonaHoraria: timeZone,
    Periodos: {
      PenultimoMes: period(bounds.monthBeforeLast, bounds.lastMonth),
      UltimoMes: period(bounds.lastMonth, bounds.thisMonth),
      EsteMes: period(bounds.thisMonth, bounds.nextMonth),
      PenultimaSemana: period(bounds.weekBeforeLast, bounds.lastWeek),
      UltimaSemana: period(bounds.lastWeek, bounds.thisWeek),
      EstaSemana: period(bounds.thisWeek, bounds.nextWeek),
    },
  };
}

/** `getIndicatorsEventsStatus`: every status but Pendiente, by id. */
export async function indicatorStatuses(deps: IndicatorsDeps, user: AuthUser, query: IndicatorFilterQuery): Promise<IndicatorSeriesItem[]> {
  const { scope } = await filteredScope(deps.db, user, query);
  return (await statusTotals(deps.db, scope)).map((row) => ({ ID: row.id, Name: row.name, Total: row.total, MetaData: `s${row.id}`, SubGrupo: [] }));
}

/** `getIndicatorsEventsAges`: the age groups by band, 'Desconocido' last. */
export async function indicatorAges(deps: IndicatorsDeps, user: AuthUser, query: IndicatorFilterQuery): Promise<IndicatorSeriesItem[]> {
  const { scope } = await filteredScope(deps.db, user, query);
  return (await ageTotals(deps.db, scope)).map((row) => ({ ID: row.id, Name: row.name, Total: row.total, MetaData: `a${row.id}`, SubGrupo: [] }));
}

/** `getIndicatorsEventsTypeGroup`: the groups (types of report) by id, each with its sub-groups. */
export async function indicatorTypeGroups(deps: IndicatorsDeps, user: AuthUser, query: IndicatorFilterQuery): Promise<IndicatorSeriesItem[]> {
  const { scope } = await filteredScope(deps.db, user, query);
  return (await typeTotals(deps.db, scope)).map((row) => ({
    ID: row.id,
    Name: row.name,
    Total: row.total,
    MetaData: `g${row.id}`,
    SubGrupo: row.subGroups.map((sub) => ({ ID: sub.id, Name: sub.name, Total: sub.total })),
  }));
}
