import { z } from 'zod';
import { dbIdText } from '../fields.js';

/**
 * Señales (issue 32; docs/signals.md): the disproportionality table of `GET /api/signals`.
 * The Spanish messages live here, with the shapes (one feature, one file).
 */
export const SIGNAL_MSG = {
  title: 'Señales',
  unknownField: 'Campo de consulta desconocido.',
  badMonth: 'El período debe ser un mes AAAA-MM.',
  badPeriod: 'El mes «desde» no puede ser posterior al mes «hasta».',
  countryNotFound: 'El país no existe.',
  countryOutOfReach: 'No puede consultar las señales de otro país.',
  laboratoryNotFound: 'El laboratorio no existe.',
  badId: 'El identificador no es válido.',
  badCode: 'El código MedDRA no es válido.',
  badChoice: 'Valor no permitido.',
  badCursor: 'El cursor de paginación no es válido.',
  badLimit: 'El límite debe ser un entero entre 1 y 500.',
  haldane: 'Con una celda en cero, PRR y ROR usan la corrección de Haldane (+0,5 en cada celda).',
  badFormat: 'El formato debe ser xlsx o csv.',
  drugRequired: 'Indique el fármaco: principio (si farmaco=principio) o producto (si farmaco=producto).',
  ptRequired: 'Indique el PT (código MedDRA).',
  drugNotFound: 'El fármaco no existe.',
  ptNotFound: 'El PT no existe.',
  tooManyRows: 'La tabla tiene demasiados renglones para exportarla; acote los filtros.',
} as const;

const STRICT = { error: (issue: { code?: string }) => (issue.code === 'unrecognized_keys' ? SIGNAL_MSG.unknownField : undefined) };
const month = z.string({ error: SIGNAL_MSG.badMonth }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: SIGNAL_MSG.badMonth });
const meddraCode = z
  .string({ error: SIGNAL_MSG.badCode })
  .regex(/^\d{1,10}$/, { error: SIGNAL_MSG.badCode })
  .transform(Number)
  .refine((n) => n > 0 && n <= 2_147_483_647, { error: SIGNAL_MSG.badCode });

export const SIGNAL_SORTS = ['a', 'e', 'prr', 'ror', 'chi2', 'ic', 'ic025', 'ebgm', 'eb05', 'farmaco', 'pt'] as const;
export const SIGNAL_STRATA = ['sexo', 'edad', 'pais'] as const;

/**
 * Query: `desde`/`hasta` months of receipt (AAAA-MM, inclusive); `pais` country code; `grave`
 * 'si'/'no'; `estratos` a comma list of sexo, edad, pais (E summed over strata) — these narrow
 * the whole database the table is computed over. `farmaco` 'principio' (default) or 'producto';
 * `concomitantes` 'si' counts the drugs a case holds only as concomitants too ('no', the default:
 * suspect or interacting drugs);
 * `principio`/`producto` one drug, `laboratorio` the drugs of a laboratory, `soc`/`pt` MedDRA
 * codes — these select rows only (the background stays the database). `orden` one of
 * SIGNAL_SORTS, `dir` asc/desc (desc by default), `limite` 1–500 (100), `cursor` from `Siguiente`.
 */
const backgroundShape = {
  desde: month.optional(),
  hasta: month.optional(),
  pais: z.string({ error: SIGNAL_MSG.countryNotFound }).regex(/^[A-Z]{2}$/, { error: SIGNAL_MSG.countryNotFound }).optional(),
  grave: z.enum(['si', 'no'], { error: SIGNAL_MSG.badChoice }).optional(),
  estratos: z
    .string({ error: SIGNAL_MSG.badChoice })
    .regex(/^(sexo|edad|pais)(,(sexo|edad|pais)){0,2}$/, { error: SIGNAL_MSG.badChoice })
    .optional(),
  farmaco: z.enum(['principio', 'producto'], { error: SIGNAL_MSG.badChoice }).optional(),
  /** 'si': a case also counts for the drugs it holds only as concomitants (G.k.1 = 2); by default suspect or interacting ones only. */
  concomitantes: z.enum(['si', 'no'], { error: SIGNAL_MSG.badChoice }).optional(),
  principio: dbIdText(SIGNAL_MSG.badId).optional(),
  producto: dbIdText(SIGNAL_MSG.badId).optional(),
};

const rowFilterShape = {
  laboratorio: dbIdText(SIGNAL_MSG.laboratoryNotFound).optional(),
  soc: meddraCode.optional(),
  pt: meddraCode.optional(),
  orden: z.enum(SIGNAL_SORTS, { error: SIGNAL_MSG.badChoice }).optional(),
  dir: z.enum(['asc', 'desc'], { error: SIGNAL_MSG.badChoice }).optional(),
};

export const signalQuerySchema = z.strictObject(
  {
    ...backgroundShape,
    ...rowFilterShape,
    limite: z
      .string({ error: SIGNAL_MSG.badLimit })
      .regex(/^\d{1,3}$/, { error: SIGNAL_MSG.badLimit })
      .transform(Number)
      .refine((n) => n >= 1 && n <= 500, { error: SIGNAL_MSG.badLimit })
      .optional(),
    cursor: z.string({ error: SIGNAL_MSG.badCursor }).max(200, { error: SIGNAL_MSG.badCursor }).optional(),
  },
  STRICT,
);
export type SignalQuery = z.infer<typeof signalQuerySchema>;
/** What the table answers to: every filter and the order, without the page. */
export type SignalFilters = Omit<SignalQuery, 'limite' | 'cursor'>;

export const SIGNAL_EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type SignalExportFormat = (typeof SIGNAL_EXPORT_FORMATS)[number];

/** `GET /api/signals/export`: the table's filters and order, and `formato` xlsx (default) or csv; every row, no page. */
export const signalExportQuerySchema = z.strictObject(
  { ...backgroundShape, ...rowFilterShape, formato: z.enum(SIGNAL_EXPORT_FORMATS, { error: SIGNAL_MSG.badFormat }).optional() },
  STRICT,
);
export type SignalExportQuery = z.infer<typeof signalExportQuerySchema>;

/**
 * `GET /api/signals/ic-history`: one pair — `farmaco` principio (default) with `principio`, or
 * producto with `producto`, and `pt` — over the table's background (`desde`, `hasta`, `pais`,
 * `grave`, `estratos`): its IC cumulatively by quarter of receipt.
 */
export const signalIcHistoryQuerySchema = z
  .strictObject({ ...backgroundShape, pt: meddraCode.optional() }, STRICT)
  .superRefine((query, ctx) => {
    const drug = query.farmaco === 'producto' ? query.producto : query.principio;
    if (drug === undefined) ctx.addIssue({ code: 'custom', message: SIGNAL_MSG.drugRequired, path: [query.farmaco === 'producto' ? 'producto' : 'principio'] });
    if (query.pt === undefined) ctx.addIssue({ code: 'custom', message: SIGNAL_MSG.ptRequired, path: ['pt'] });
  });
export type SignalIcHistoryQuery = z.infer<typeof signalIcHistoryQuerySchema>;

/** One quarter of the IC history: the counts and IC from the start up to the quarter's end. */
export const signalIcQuarterSchema = z.object({
  /** 'AAAA-T1' … 'AAAA-T4'. */
  Trimestre: z.string(),
  /** Cases counted up to the quarter's end (N). */
  Casos: z.number().int(),
  A: z.number().int(),
  E: z.number(),
  IC: z.number(),
  IC025: z.number(),
  IC975: z.number(),
});
export type SignalIcQuarter = z.infer<typeof signalIcQuarterSchema>;

export const signalIcHistorySchema = z.object({
  FarmacoId: z.number().int(),
  Farmaco: z.string(),
  PtCodigo: z.number().int(),
  Pt: z.string(),
  /** From the first quarter with a case of the background to the last (or `desde`–`hasta`). */
  Trimestres: z.array(signalIcQuarterSchema),
});
export type SignalIcHistory = z.infer<typeof signalIcHistorySchema>;

/** One drug × PT row: the 2×2 table, E, every measure with its interval, and the flags. */
export const signalRowSchema = z.object({
  FarmacoId: z.number().int(),
  Farmaco: z.string(),
  PtCodigo: z.number().int(),
  Pt: z.string(),
  A: z.number().int(),
  B: z.number().int(),
  C: z.number().int(),
  D: z.number().int(),
  E: z.number(),
  PRR: z.number(),
  PRRInf: z.number(),
  PRRSup: z.number(),
  ROR: z.number(),
  RORInf: z.number(),
  RORSup: z.number(),
  /** χ² with Yates' correction; null when a margin is empty. */
  Chi2: z.number().nullable(),
  IC: z.number(),
  IC025: z.number(),
  IC975: z.number(),
  EBGM: z.number().nullable(),
  EB05: z.number().nullable(),
  EB95: z.number().nullable(),
  /** PRR and ROR took the Haldane correction (a zero cell). */
  Haldane: z.boolean(),
  Evans: z.boolean(),
  SenalIC: z.boolean(),
  SenalEB05: z.boolean(),
  SenalROR: z.boolean(),
});
export type SignalRowDto = z.infer<typeof signalRowSchema>;

export const signalHyperparametersSchema = z.object({ alpha1: z.number(), beta1: z.number(), alpha2: z.number(), beta2: z.number(), p: z.number() });

export const signalTableSchema = z.object({
  /** Cases counted (N) under the period, country, seriousness. */
  Casos: z.number().int(),
  /** Drug × PT pairs matching every filter. */
  Total: z.number().int(),
  Filas: z.array(signalRowSchema),
  /** The cursor of the next page; null on the last. */
  Siguiente: z.string().nullable(),
  /** The two-gamma prior of EBGM, fitted over the whole table (null: too few pairs to fit). */
  Hiperparametros: signalHyperparametersSchema.nullable(),
});
export type SignalTable = z.infer<typeof signalTableSchema>;

const signalOptionSchema = z.object({ Id: z.number().int(), Nombre: z.string() });

/**
 * `GET /api/signals/options`: what the filters of the screen offer — the countries in reach
 * (`Codigo` the filter's value, `Id` the event search's `PaisId`), the laboratories, and the
 * active ingredients, products, SOCs and PTs counted in reach (`Id` a MedDRA code for SOC and PT).
 */
export const signalOptionsSchema = z.object({
  Paises: z.array(z.object({ Id: z.number().int(), Codigo: z.string(), Nombre: z.string() })),
  Laboratorios: z.array(signalOptionSchema),
  Principios: z.array(signalOptionSchema),
  Productos: z.array(signalOptionSchema),
  Socs: z.array(signalOptionSchema),
  Pts: z.array(signalOptionSchema),
});
export type SignalOptions = z.infer<typeof signalOptionsSchema>;
