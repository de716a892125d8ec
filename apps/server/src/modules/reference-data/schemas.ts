import { codiguerasSchema, MSG } from '@atalaya/domain';
import { z } from 'zod';

/** Largest value of an `integer` (serial) column. */
const MAX_ID = 2_147_483_647;

/** A numeric id in a path: a positive whole number within the id range, else 400 'El identificador no es válido'. */
export const idParam = z.string().transform((value, ctx) => {
  const id = /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) {
    ctx.addIssue({ code: 'custom', message: MSG.referenceData.invalidId });
    return z.NEVER;
  }
  return id;
});

export const idParams = z.object({ id: idParam });
/** Path of getlaboraotriesByProductsCountry/{a}/{b}: a product id and a country id. */
export const productCountryParams = z.object({ a: idParam, b: idParam });

/** A country as the wizard and the filters list it. */
export const countrySchema = z.object({ Id: z.number().int(), Codigo: z.string(), Nombre: z.string() });

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

const lists = codiguerasSchema.shape;

/** getCodiguerasAll: the lists of getCodiguerasBasic with their disabled rows, each row with `Eliminado`. */
export const codiguerasAllSchema = z.object({
  Paises: withEliminado(lists.Paises),
  Grupos: withEliminado(lists.Grupos),
  SubGrupos: withEliminado(lists.SubGrupos),
  Status: withEliminado(lists.Status),
  Via: withEliminado(lists.Via),
  MedicamentoFrecuencia: withEliminado(lists.MedicamentoFrecuencia),
  MedicamentoUnidad: withEliminado(lists.MedicamentoUnidad),
  MedicamentoUnidadUso: withEliminado(lists.MedicamentoUnidadUso),
  Parentesco: withEliminado(lists.Parentesco),
  AccionMedicamento: withEliminado(lists.AccionMedicamento),
  PesoUnidad: withEliminado(lists.PesoUnidad),
  AlturaUnidad: withEliminado(lists.AlturaUnidad),
  MedicamentosAnteriores_Tipo: withEliminado(lists.MedicamentosAnteriores_Tipo),
  Residencias: withEliminado(lists.Residencias),
  PaisOrigen: withEliminado(lists.PaisOrigen),
  ReporteOriginador_Origen: withEliminado(lists.ReporteOriginador_Origen),
  ReporteOriginador_Receptor: withEliminado(lists.ReporteOriginador_Receptor),
  ReporteOriginador_Tipo: withEliminado(lists.ReporteOriginador_Tipo),
  FormaFarmaceutica: withEliminado(lists.FormaFarmaceutica),
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
  Paises: z.array(countrySchema),
  Companias: z.array(z.object({ Id: z.number().int(), Nombre: z.string(), PaisId: z.number().int() })),
  Laboratorios: z.array(z.object({ Id: z.number().int(), Nombre: z.string(), CompaniaId: z.number().int(), PaisId: z.number().int() })),
  Estados: z.array(z.object({ Id: z.number().int(), Estado: z.string() })),
  TiposRAM: z.array(z.object({ Id: z.number().int(), Type: z.string() })),
  SubGrupos: z.array(subGroupSchema),
});
export type SearchFilters = z.infer<typeof searchFiltersSchema>;
