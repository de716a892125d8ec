import { type HomeCodigueras, type HomeProduct, RAM_EVOLUTIONS } from '@atalaya/domain';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { homeReferenceLists, productsOfCountry } from './queries.js';

const named = (rows: { id: number; nombre: string }[]) => rows.map((row) => ({ Id: row.id, Nombre: row.nombre }));
const units = (rows: { id: number; nombreCompleto: string; abreviacion: string }[]) =>
  rows.map((row) => ({ Id: row.id, NombreCompleto: row.nombreCompleto, Abreviacion: row.abreviacion }));

/** `GET /api/getCodiguerasHome`: the enabled rows of every list the public form needs. */
export async function getHomeCodigueras(db: DbOrTx): Promise<HomeCodigueras> {
  const [paises, grupos, subGrupos, vias, frecuencias, unidadesUso, parentescos, acciones, peso, altura, anteriores, especialidades] =
    await homeReferenceLists(db);
  return {
    Paises: paises.map((c) => ({ Id: c.id, Codigo: c.code, Nombre: c.name, TimeZone: c.timeZone })),
    Grupos: grupos.map((g) => ({ Id: g.id, Title: g.title })),
    SubGrupos: subGrupos.map((s) => ({ Id: s.id, Nombre: s.nombre, GrupoId: s.grupoId, Value: s.value })),
    Via: vias.map((v) => ({ Id: v.id, Descripcion: v.descripcion })),
    MedicamentoFrecuencia: named(frecuencias),
    MedicamentoUnidadUso: named(unidadesUso),
    Parentesco: named(parentescos),
    AccionMedicamento: named(acciones),
    PesoUnidad: units(peso),
    AlturaUnidad: units(altura),
    MedicamentosAnteriores_Tipo: named(anteriores),
    Especialidad: especialidades.map((e) => ({ Id: e.id, Description: e.description })),
    Evolucion: RAM_EVOLUTIONS.map((e) => ({ Id: e.Id, Nombre: e.Nombre })),
  };
}

/** `GET /api/getProductsHomeByCountry/{country}`: the products sold in a country; 404 for an unknown one. */
export async function getProductsHomeByCountry(db: DbOrTx, countryCode: string): Promise<HomeProduct[]> {
  const rows = await productsOfCountry(db, countryCode.toUpperCase());
  if (rows.length === 0) throw notFound();
  return rows.flatMap((row) =>
    row.productId === null || row.commercialName === null
      ? []
      : [{ Id: row.productId, ComercialName: row.commercialName, Laboratorio: row.laboratory ?? '', PrincipioActivo: row.ingredients ?? '' }],
  );
}
