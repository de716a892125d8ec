import { z } from 'zod';
import { codiguerasSchema } from '../case-records.js';
import { MAX_DB_ID } from '../fields.js';
import { MSG } from '../messages.js';

/** `getCountries`: a country as the wizard and the filters list it. */
export const countryOptionSchema = z.object({ Id: z.number().int(), Codigo: z.string(), Nombre: z.string() });

/** getSubGroups: a report type one may choose, with its group. */
export const subGroupSchema = z.object({
  Id: z.number().int(),
  Nombre: z.string(),
  GrupoId: z.number().int(),
  GrupoNombre: z.string(),
  Value: z.string(),
});
export type SubGroupItem = z.infer<typeof subGroupSchema>;

/** A row of a list with its disabled flag (getCodiguerasAll). */
function withEliminado<Shape extends z.ZodRawShape>(list: z.ZodArray<z.ZodObject<Shape>>) {
  return z.array(list.element.extend({ Eliminado: z.boolean() }));
}

/** A row of a list whose values carry an E2B code ('Código E2B' of Parámetros; null: none). */
function withE2bCode<Shape extends z.ZodRawShape>(list: z.ZodArray<z.ZodObject<Shape>>) {
  return z.array(list.element.extend({ Eliminado: z.boolean(), CodigoE2B: z.string().nullable() }));
}

const lists = codiguerasSchema.shape;
const rowOf = <Shape extends z.ZodRawShape>(shape: Shape) => z.array(z.object({ Id: z.number().int(), ...shape, Eliminado: z.boolean() }));

/**
 * getCodiguerasAll: every reference list by the spec's table name (the Parameters screen and
 * views that print old values), disabled rows included, each row with `Eliminado`. Its columns
 * are the Keys that createElementCodiguera / updateElementCodiguera name (REFERENCE_TABLES).
 */
export const codiguerasAllSchema = z.object({
  Paises: rowOf({ Codigo: z.string(), Nombre: z.string(), TimeZone: z.string() }),
  Grupo: rowOf({ Title: z.string() }),
  SubGrupo: rowOf({ Nombre: z.string(), GrupoId: z.number().int(), Value: z.string() }),
  Status: withEliminado(lists.Status),
  /** Fixed: role names are identities in the code (Eliminado always false). */
  Roles: rowOf({ Name: z.string() }),
  Especialidad: rowOf({ Description: z.string() }),
  Via: rowOf({ Descripcion: z.string(), CodigoE2B: z.string().nullable() }),
  MedicamentoFrecuencia: withEliminado(lists.MedicamentoFrecuencia),
  MedicamentoUnidad: withEliminado(lists.MedicamentoUnidad),
  MedicamentoUnidadUso: withEliminado(lists.MedicamentoUnidadUso),
  Parentesco: withEliminado(lists.Parentesco),
  AccionMedicamento: withE2bCode(lists.AccionMedicamento),
  PesoUnidad: withEliminado(lists.PesoUnidad),
  AlturaUnidad: withEliminado(lists.AlturaUnidad),
  MedicamentosAnteriores_Tipo: withEliminado(lists.MedicamentosAnteriores_Tipo),
  Residencias: withEliminado(lists.Residencias),
  PaisOrigen: withEliminado(lists.PaisOrigen),
  ReporteOriginador_Origen: withEliminado(lists.ReporteOriginador_Origen),
  ReporteOriginador_Receptor: withEliminado(lists.ReporteOriginador_Receptor),
  ReporteOriginador_Tipo: withE2bCode(lists.ReporteOriginador_Tipo),
  FormaFarmaceutica: withE2bCode(lists.FormaFarmaceutica),
  NotasArchivosTipo: withEliminado(lists.NotasArchivosTipo),
  ViaDeComunicacion: withEliminado(lists.ViaDeComunicacion),
  RAMTipos: withEliminado(lists.RAMTipos),
  RAMCategorias: withEliminado(lists.RAMCategorias),
  Evolucion: withEliminado(lists.Evolucion),
});
export type CodiguerasAll = z.infer<typeof codiguerasAllSchema>;

/** getRAMNew: the blank adverse event the 'Agregar evento' modal starts from (the `RamInput` fields). */
export const ramNewSchema = z.object({
  MedraLLT: z.null(),
  Description: z.literal(''),
  IsExpected: z.null(),
  Evolution: z.null(),
  AccMed: z.null(),
  DateStart: z.null(),
  DateEnd: z.null(),
  Death: z.boolean(),
  LifeThreading: z.boolean(),
  HospitalizationRequired: z.boolean(),
  HospitalizationDateStart: z.null(),
  HospitalizationDateEnd: z.null(),
  PersistedHospitalization: z.boolean(),
  TransitoryDisability: z.boolean(),
  PersistentDisability: z.boolean(),
  CongenitalAnomaly: z.boolean(),
  AnotherCondition: z.boolean(),
  Considerations: z.null(),
  DoseReduction: z.null(),
  Concentration: z.null(),
  UnitId: z.null(),
  FrecId: z.null(),
  Cant: z.null(),
  UnitUsoId: z.null(),
  QualityClaim: z.boolean(),
});
export type RamNew = z.infer<typeof ramNewSchema>;

/** getFilters: the lists of the event-search filters. */
export const searchFiltersSchema = z.object({
  Paises: z.array(countryOptionSchema),
  Companias: z.array(z.object({ Id: z.number().int(), Nombre: z.string(), PaisId: z.number().int() })),
  Laboratorios: z.array(z.object({ Id: z.number().int(), Nombre: z.string(), CompaniaId: z.number().int(), PaisId: z.number().int() })),
  Estados: z.array(z.object({ Id: z.number().int(), Estado: z.string() })),
  TiposRAM: z.array(z.object({ Id: z.number().int(), Type: z.string() })),
  SubGrupos: z.array(subGroupSchema),
});
export type SearchFilters = z.infer<typeof searchFiltersSchema>;
export type CountryOption = z.infer<typeof countryOptionSchema>;

// ---------------------------------------------------------------------------------------
// Parameters: createElementCodiguera, updateElementCodiguera, deleteElementCodiguera

/** A value of a Keys/Values pair: a text, or a number (GrupoId); the server checks each against its column. */
const referenceCellSchema = z.union([z.string().max(10_000), z.number(), z.null()]);
const tableNameSchema = z.string().max(100);
const keysSchema = z.array(z.string().max(100)).max(20);
const valuesSchema = z.array(referenceCellSchema).max(20);
/** A row id (sub-group 0 exists, so 0 is one). */
const rowIdSchema = z
  .number({ error: MSG.parameters.invalidId })
  .int({ error: MSG.parameters.invalidId })
  .min(0, { error: MSG.parameters.invalidId })
  .max(MAX_DB_ID, { error: MSG.parameters.invalidId });

/** POST createElementCodiguera: the table and the new row's Keys (column names) and Values. */
export const createElementCodigueraSchema = z.object({ Table: tableNameSchema, Keys: keysSchema, Values: valuesSchema });
export type CreateElementCodiguera = z.infer<typeof createElementCodigueraSchema>;

/**
 * POST updateElementCodiguera: the table, the row and the changed Keys and Values (never Value).
 * The row is named by `id` as the spec says ("update sends id, Keys and Values"), or by `Id` (the
 * app's own body), or by the `elem` the spec's screen sends with it; ids that disagree are refused
 * (docs/api.md 'Parameters'). Parsed, the body has the one `Id`.
 */
export const updateElementCodigueraSchema = createElementCodigueraSchema
  .extend({
    id: rowIdSchema.optional(),
    Id: rowIdSchema.optional(),
    elem: z.looseObject({ Id: rowIdSchema.optional() }).optional(),
  })
  .transform(({ id, Id, elem, ...body }, ctx) => {
    const named = [id, Id, elem?.Id].filter((value) => value !== undefined);
    const [rowId] = named;
    if (rowId === undefined) {
      ctx.addIssue({ code: 'custom', message: MSG.parameters.invalidId, path: ['id'] });
      return z.NEVER;
    }
    if (named.some((value) => value !== rowId)) {
      ctx.addIssue({ code: 'custom', message: MSG.parameters.idMismatch, path: ['id'] });
      return z.NEVER;
    }
    return { ...body, Id: rowId };
  });
export type UpdateElementCodiguera = z.output<typeof updateElementCodigueraSchema>;
export type UpdateElementCodigueraInput = z.input<typeof updateElementCodigueraSchema>;

/** POST deleteElementCodiguera: the table and the row (`elem`); its Eliminado flag is toggled, never deleted. */
export const deleteElementCodigueraSchema = z.object({
  Table: tableNameSchema,
  elem: z.looseObject({ Id: rowIdSchema, Eliminado: z.boolean().optional() }),
});
export type DeleteElementCodiguera = z.infer<typeof deleteElementCodigueraSchema>;

/** The refreshed table each of the three calls answers: its rows as getCodiguerasAll lists them. */
export const referenceTableRowsSchema = z.array(
  z.object({ Id: z.number().int(), Eliminado: z.boolean() }).catchall(z.union([z.string(), z.number(), z.boolean(), z.null()])),
);
export type ReferenceTableRows = z.infer<typeof referenceTableRowsSchema>;
