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
 * `principio`/`producto` one drug, `laboratorio` the drugs of a laboratory, `soc`/`pt` MedDRA
 * codes — these select rows only (the background stays the database). `orden` one of
 * SIGNAL_SORTS, `dir` asc/desc (desc by default), `limite` 1–500 (100), `cursor` from `Siguiente`.
 */
export const signalQuerySchema = z.strictObject(
  {
    desde: month.optional(),
    hasta: month.optional(),
    pais: z.string({ error: SIGNAL_MSG.countryNotFound }).regex(/^[A-Z]{2}$/, { error: SIGNAL_MSG.countryNotFound }).optional(),
    grave: z.enum(['si', 'no'], { error: SIGNAL_MSG.badChoice }).optional(),
    estratos: z
      .string({ error: SIGNAL_MSG.badChoice })
      .regex(/^(sexo|edad|pais)(,(sexo|edad|pais)){0,2}$/, { error: SIGNAL_MSG.badChoice })
      .optional(),
    farmaco: z.enum(['principio', 'producto'], { error: SIGNAL_MSG.badChoice }).optional(),
    principio: dbIdText(SIGNAL_MSG.badId).optional(),
    producto: dbIdText(SIGNAL_MSG.badId).optional(),
    laboratorio: dbIdText(SIGNAL_MSG.laboratoryNotFound).optional(),
    soc: meddraCode.optional(),
    pt: meddraCode.optional(),
    orden: z.enum(SIGNAL_SORTS, { error: SIGNAL_MSG.badChoice }).optional(),
    dir: z.enum(['asc', 'desc'], { error: SIGNAL_MSG.badChoice }).optional(),
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
