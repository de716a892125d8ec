import { z } from 'zod';

const idName = z.object({ Id: z.number().int(), Nombre: z.string() });
const unit = z.object({ Id: z.number().int(), NombreCompleto: z.string(), Abreviacion: z.string() });

/** A country the public form offers (platform spec §3 'Country'). */
export const homeCountrySchema = z.object({
  Id: z.number().int(),
  Codigo: z.string(),
  Nombre: z.string(),
  TimeZone: z.string(),
});

/** `GET /api/getCodiguerasHome`: every reference list the public report form needs, in one answer. */
export const homeCodiguerasSchema = z.object({
  Paises: z.array(homeCountrySchema),
  Grupos: z.array(z.object({ Id: z.number().int(), Title: z.string() })),
  /** Types of occurrence a health professional may choose (sub-group '0' is not offered). */
  SubGrupos: z.array(z.object({ Id: z.number().int(), Nombre: z.string(), GrupoId: z.number().int(), Value: z.string() })),
  Via: z.array(z.object({ Id: z.number().int(), Descripcion: z.string() })),
  MedicamentoFrecuencia: z.array(idName),
  MedicamentoUnidadUso: z.array(idName),
  Parentesco: z.array(idName),
  AccionMedicamento: z.array(idName),
  PesoUnidad: z.array(unit),
  AlturaUnidad: z.array(unit),
  MedicamentosAnteriores_Tipo: z.array(idName),
  Especialidad: z.array(z.object({ Id: z.number().int(), Description: z.string() })),
  /** RAM outcome options (event spec §3). */
  Evolucion: z.array(idName),
});
export type HomeCodigueras = z.infer<typeof homeCodiguerasSchema>;

/** `GET /api/getProductsHomeByCountry/{country}`: a product sold in a country, as the public form lists it. */
export const homeProductSchema = z.object({
  Id: z.number().int(),
  ComercialName: z.string(),
  /** Name of the laboratory that makes it. */
  Laboratorio: z.string(),
  /** Its active ingredients, joined with ' + ' ('amoxicilina + ácido clavulánico'). */
  PrincipioActivo: z.string(),
});
export type HomeProduct = z.infer<typeof homeProductSchema>;

/** `GET /api/getCompaniesHome`: the enabled countries, each with the names of its enabled companies. */
export const companiesHomeSchema = z.array(
  z.object({ Codigo: z.string(), Nombre: z.string(), Companias: z.array(z.string()) }),
);
export type CompaniesHome = z.infer<typeof companiesHomeSchema>;
export type CompaniesOfCountry = CompaniesHome[number];
