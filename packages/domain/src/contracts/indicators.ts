import { z } from 'zod';
import { dbIdText } from '../fields.js';
import { MSG } from '../messages.js';

/**
 * The Indicadores screen (platform spec §2 'Indicators screen', §3 'Indicator values', §7
 * 'Indicators'). What a 'Reporte' counts and the period rules: docs/indicators.md.
 */

/** A country of the indicators' filter (platform spec §3: "in the indicators and no-KPI filters: Code, Name"). */
export const indicatorCountrySchema = z.object({ Code: z.string(), Name: z.string() });
export type IndicatorCountry = z.infer<typeof indicatorCountrySchema>;

/** A laboratory of the indicators' filter (`filterlabindicators`). */
export const indicatorLaboratorySchema = z.object({ Id: z.number().int(), Name: z.string() });
export type IndicatorLaboratory = z.infer<typeof indicatorLaboratorySchema>;

/**
 * `getIndicatorsValuesPanel`: the four cards (spec: UltimoMes, EsteMes, UltimaSemana,
 * EstaSemana) and, ours, the periods before the previous ones (`PenultimoMes`,
 * `PenultimaSemana`) so that every card shows its percentage against the period before it;
 * `Desde`/`Hasta` of each period (ISO 8601) and the time zone they were cut in.
 */
export const indicatorPeriodSchema = z.object({ Desde: z.string(), Hasta: z.string() });
export type IndicatorPeriod = z.infer<typeof indicatorPeriodSchema>;

export const indicatorValuesSchema = z.object({
  UltimoMes: z.number().int(),
  EsteMes: z.number().int(),
  UltimaSemana: z.number().int(),
  EstaSemana: z.number().int(),
  PenultimoMes: z.number().int(),
  PenultimaSemana: z.number().int(),
  ZonaHoraria: z.string(),
  Periodos: z.object({
    PenultimoMes: indicatorPeriodSchema,
    UltimoMes: indicatorPeriodSchema,
    EsteMes: indicatorPeriodSchema,
    PenultimaSemana: indicatorPeriodSchema,
    UltimaSemana: indicatorPeriodSchema,
    EstaSemana: indicatorPeriodSchema,
  }),
});
export type IndicatorValues = z.infer<typeof indicatorValuesSchema>;

/**
 * One item of a series (spec: "Status, age and group series: Name, Total, MetaData, ID,
 * SubGrupo"). `ID`: the status id, the age group's id (0 'Desconocido') or the group id;
 * `MetaData`: a stable key of the item (status 's11', age 'a0', group 'g1') that the palette
 * and the CSV use; `SubGrupo`: in the report-type series, the group's sub-groups with their
 * totals (empty in the other series).
 */
export const indicatorSubGroupSchema = z.object({ ID: z.number().int(), Name: z.string(), Total: z.number().int() });
export type IndicatorSubGroup = z.infer<typeof indicatorSubGroupSchema>;

export const indicatorSeriesItemSchema = z.object({
  ID: z.number().int(),
  Name: z.string(),
  Total: z.number().int(),
  MetaData: z.string(),
  SubGrupo: z.array(indicatorSubGroupSchema),
});
export type IndicatorSeriesItem = z.infer<typeof indicatorSeriesItemSchema>;

const STRICT = { error: (issue: { code?: string }) => (issue.code === 'unrecognized_keys' ? MSG.indicators.unknownField : undefined) };

/** A country code in the query: two capital letters (the countries' `Codigo`). */
const countryCodeParam = z.string({ error: MSG.indicators.countryNotFound }).regex(/^[A-Z]{2}$/, { error: MSG.indicators.countryNotFound });

/** Query of `filtercountryindicators`: none (any field is unknown). */
export const indicatorCountriesQuerySchema = z.strictObject({}, STRICT);

/** Query of `filterlabindicators`: the country (required). */
export const indicatorLaboratoriesQuerySchema = z.strictObject({ pais: countryCodeParam }, STRICT);
export type IndicatorLaboratoriesQuery = z.infer<typeof indicatorLaboratoriesQuerySchema>;

/**
 * Query of the four indicator calls ("each by country and laboratory ids"): `pais` (country
 * code) and `laboratorio` (laboratory id), both optional;
 * a laboratory given with a country must be of that country.
 */
export const indicatorFilterQuerySchema = z.strictObject(
  { pais: countryCodeParam.optional(), laboratorio: dbIdText(MSG.indicators.laboratoryNotFound).optional() },
  STRICT,
);
export type IndicatorFilterQuery = z.infer<typeof indicatorFilterQuerySchema>;
