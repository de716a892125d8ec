import {
  canChooseAnyCountry,
  type Codigueras,
  type CodiguerasAll,
  type CountryProduct,
  ER_STATUS,
  type ErMedicationIngredient,
  type ErNew,
  MSG,
  type NamedItem,
  type ProductFilterItem,
  RAM_EVOLUTIONS,
  type RamInput,
  type RamNew,
  type SearchFilters,
  type SubGroupItem,
} from '@atalaya/domain';
import { type DbOrTx, readAll } from '../../db/client.js';
import type { AuthUser } from '../../http/access-token.js';
import { notFound } from '../../http/errors.js';
import { findCaseInReach } from '../reach/index.js';
import { readAllReferenceTables } from './parameter-tables.js';
import {
  choosableSubGroupRows,
  enabledCountryRows,
  ingredientsOfCountry,
  ingredientsOfFamily,
  ingredientsOfMedication,
  ingredientsOfProducts,
  laboratoriesOfCountry,
  laboratoriesOfProductInCountry,
  linesOfLaboratory,
  medicationInReach,
  NOMBRE_LIST_NAMES,
  type NombreList,
  nombreListRows,
  otherCodigueraRows,
  productsOfCaseCountry,
  productsOfLaboratory,
  type RowScope,
  searchFilterRows,
} from './queries.js';

// ---------------------------------------------------------------------------------------
// Order

const collator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

/** Rows sorted by a Spanish name (accents and case ignored: 'Ótica' after 'Oral'), then by id. */
function sortByName<T extends { Id: number }>(rows: T[], name: (row: T) => string): T[] {
  return [...rows].sort((a, b) => collator.compare(name(a), name(b)) || a.Id - b.Id);
}
const byNombre = <T extends { Id: number; Nombre: string }>(rows: T[]) => sortByName(rows, (row) => row.Nombre);
const byId = <T extends { Id: number }>(rows: T[]) => [...rows].sort((a, b) => a.Id - b.Id);

// ---------------------------------------------------------------------------------------
// Codigueras

/** getCodiguerasBasic's lists, each row with its Eliminado flag (left out before answering). */
type BasicWithEliminado = { [K in keyof Codigueras]: (Codigueras[K][number] & { Eliminado: boolean })[] };

/** Every list of the wizard and the view, each row with its Eliminado flag; names in Spanish order, Status by id. */
async function loadCodigueras(db: DbOrTx, scope: RowScope): Promise<BasicWithEliminado> {
  const [nombreLists, [paises, grupos, subGrupos, status, vias, peso, altura, ramTipos, ramCategorias]] = await readAll(db, [
    () => readAll(db, NOMBRE_LIST_NAMES.map((list) => async () => [list, await nombreListRows(db, list, scope)] as const)),
    () => otherCodigueraRows(db, scope),
  ]);
  const named = Object.fromEntries(
    nombreLists.map(([list, rows]) => [list, byNombre(rows.map((row) => ({ Id: row.id, Nombre: row.name, Eliminado: row.eliminado })))]),
  ) as Record<NombreList, { Id: number; Nombre: string; Eliminado: boolean }[]>;
  const unit = (row: (typeof peso)[number]) => ({ Id: row.id, NombreCompleto: row.fullName, Abreviacion: row.abbreviation, Eliminado: row.eliminado });
  return {
    ...named,
    Paises: byNombre(paises.map((row) => ({ Id: row.id, Codigo: row.code, Nombre: row.name, Eliminado: row.eliminado }))),
    Grupos: sortByName(
      grupos.map((row) => ({ Id: row.id, Title: row.title, Eliminado: row.eliminado })),
      (row) => row.Title,
    ),
    SubGrupos: byNombre(subGrupos.map((row) => ({ Id: row.id, Nombre: row.name, GrupoId: row.groupId, Value: row.value, Eliminado: row.eliminado }))),
    Status: byId(status.map((row) => ({ Id: row.id, Estado: row.estado, Eliminado: row.eliminado }))),
    Via: byNombre(vias.map((row) => ({ Id: row.id, Nombre: row.name, Eliminado: row.eliminado }))),
    PesoUnidad: sortByName(peso.map(unit), (row) => row.NombreCompleto),
    AlturaUnidad: sortByName(altura.map(unit), (row) => row.NombreCompleto),
    RAMTipos: sortByName(
      ramTipos.map((row) => ({ Id: row.id, Type: row.type, Descripcion: row.description, Eliminado: row.eliminado })),
      (row) => row.Type,
    ),
    RAMCategorias: sortByName(
      ramCategorias.map((row) => ({ Id: row.id, Type: row.type, Eliminado: row.eliminado })),
      (row) => row.Type,
    ),
    // A fixed list of the domain: never disabled.
    Evolucion: RAM_EVOLUTIONS.map((evolution) => ({ Id: evolution.Id, Nombre: evolution.Nombre, Eliminado: false })),
  };
}

type WithoutEliminado<T> = { [K in keyof T]: T[K] extends readonly (infer Row)[] ? Omit<Row, 'Eliminado'>[] : T[K] };

function withoutEliminado<T extends Record<string, readonly { Eliminado: boolean }[]>>(lists: T): WithoutEliminado<T> {
  const entries = Object.entries(lists).map(([list, rows]) => [list, rows.map(({ Eliminado: _eliminado, ...row }) => row)]);
  // Object.fromEntries loses the keys' types; the mapped type above states what it builds.
  return Object.fromEntries(entries) as WithoutEliminado<T>;
}

/** `GET /api/getCodiguerasBasic`: the enabled rows of every list. */
export async function getCodiguerasBasic(db: DbOrTx): Promise<Codigueras> {
  return withoutEliminado(await loadCodigueras(db, 'enabled'));
}

/**
 * `GET /api/getCodiguerasAll`: every reference list by the spec's table name, disabled rows
 * included, each row with `Eliminado` (the Parameters screen; a view prints old values).
 */
export async function getCodiguerasAll(db: DbOrTx): Promise<CodiguerasAll> {
  // The rows are read generically (parameter-tables.ts); the route's schema states their shape.
  return (await readAllReferenceTables(db)) as unknown as CodiguerasAll;
}

// ---------------------------------------------------------------------------------------
// Countries, report types, the blank event and RAM

type CountryItem = { Id: number; Codigo: string; Nombre: string };

async function countries(db: DbOrTx, code?: string): Promise<CountryItem[]> {
  const rows = await enabledCountryRows(db, code);
  return byNombre(rows.map((row) => ({ Id: row.id, Codigo: row.code, Nombre: row.name })));
}

/** `GET /api/getCountries`: the enabled countries by name. */
export function getCountries(db: DbOrTx): Promise<CountryItem[]> {
  return countries(db);
}

/** `GET /api/getSubGroups`: the report types one may choose (not '0'), by group then name. */
export async function getSubGroups(db: DbOrTx): Promise<SubGroupItem[]> {
  const rows = await choosableSubGroupRows(db);
  const items = rows.map((row) => ({ Id: row.id, Nombre: row.name, GrupoId: row.groupId, GrupoNombre: row.groupName, Value: row.value }));
  return byNombre(items).sort((a, b) => a.GrupoId - b.GrupoId);
}

/** `GET /api/getERNew`: the blank case of the create dialog; an RLF gets their own country only, already chosen. */
export async function getErNew(db: DbOrTx, user: AuthUser): Promise<ErNew> {
  const anyCountry = canChooseAnyCountry(user.role);
  const [Countries, SubGrupos] = await readAll(db, [() => countries(db, anyCountry ? undefined : user.countryCode), () => getSubGroups(db)]);
  return {
    Id: null,
    Status: ER_STATUS.PENDIENTE,
    Country: anyCountry ? null : user.countryCode.toUpperCase(),
    SubGrupoId: null,
    Countries,
    SubGrupos,
  };
}

/** `GET /api/getRAMNew`: a blank adverse event: no term, empty description, every flag off, the rest empty. */
export function getRamNew(): RamNew {
  // `satisfies`: every field of the modal's form (RamInput), and nothing else.
  return {
    MedraLLT: null,
    Description: '',
    IsExpected: null,
    Evolution: null,
    AccMed: null,
    DateStart: null,
    DateEnd: null,
    Death: false,
    LifeThreading: false,
    HospitalizationRequired: false,
    HospitalizationDateStart: null,
    HospitalizationDateEnd: null,
    PersistedHospitalization: false,
    TransitoryDisability: false,
    PersistentDisability: false,
    CongenitalAnomaly: false,
    AnotherCondition: false,
    Considerations: null,
    DoseReduction: null,
    Concentration: null,
    UnitId: null,
    FrecId: null,
    Cant: null,
    UnitUsoId: null,
    QualityClaim: false,
  } satisfies RamNew & Record<keyof RamInput, unknown>;
}

// ---------------------------------------------------------------------------------------
// Products, laboratories, lines, active ingredients

type IngredientRow = { id: number; name: string; concentration: number | null; unitId: number | null; unitName: string | null };

function ingredientItem(row: IngredientRow): ErMedicationIngredient {
  return {
    PrincipioActivoId: row.id,
    PrincipioActivo_Nombre: row.name,
    Concentracion: row.concentration,
    Unidad: row.unitId,
    UnidadNombre: row.unitName,
  };
}

/**
 * `GET /api/getProductsCountryByMeta/{meta}`: the enabled products sold in the case's country,
 * with what the medication form pre-fills — three queries whatever the number of products.
 */
export async function getProductsCountryByMeta(db: DbOrTx, user: AuthUser, meta: string): Promise<CountryProduct[]> {
  const found = await findCaseInReach(db, user, meta);
  if (!found) throw notFound(MSG.lists.eventNotFound);
  const productRows = await productsOfCaseCountry(db, found.id);
  if (productRows.length === 0) return [];
  const ingredientRows = await ingredientsOfProducts(
    db,
    productRows.map((row) => row.id),
  );
  const ingredients = new Map<number, ErMedicationIngredient[]>();
  for (const row of ingredientRows.sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id)) {
    const list = ingredients.get(row.productId) ?? [];
    list.push(ingredientItem(row));
    ingredients.set(row.productId, list);
  }
  const items = productRows.map((row) => ({
    Id: row.id,
    ComercialName: row.commercialName,
    Familia: row.familyName,
    Laboratorio: { Id: row.laboratoryId, Nombre: row.laboratoryName },
    FormaFarmaceuticaId: row.pharmaceuticalFormId,
    PrincipiosActivos: ingredients.get(row.id) ?? [],
  }));
  return sortByName(items, (item) => item.ComercialName);
}

const namedItems = (rows: { id: number; name: string }[]): NamedItem[] => byNombre(rows.map((row) => ({ Id: row.id, Nombre: row.name })));

/** `GET /api/getLinesByLaboratory/{id}`: the enabled lines of a laboratory; 404 for an unknown laboratory. */
export async function getLinesByLaboratory(db: DbOrTx, laboratoryId: number): Promise<NamedItem[]> {
  const rows = await linesOfLaboratory(db, laboratoryId);
  if (rows.length === 0) throw notFound();
  return namedItems(rows.flatMap((row) => (row.id === null || row.name === null ? [] : [{ id: row.id, name: row.name }])));
}

/** `GET /api/getlaboraotriesByCountry/{id}`: the enabled laboratories of a country. */
export async function getLaboratoriesByCountry(db: DbOrTx, countryId: number): Promise<NamedItem[]> {
  return namedItems(await laboratoriesOfCountry(db, countryId));
}

/** `GET /api/getlaboraotriesByProductsCountry/{a}/{b}`: the laboratory of product a if it is sold in country b. */
export async function getLaboratoriesByProductCountry(db: DbOrTx, productId: number, countryId: number): Promise<NamedItem[]> {
  return namedItems(await laboratoriesOfProductInCountry(db, productId, countryId));
}

/** `GET /api/getProductFiltersByLabId/{id}`: the enabled products of a laboratory, by commercial name, each with its family. */
export async function getProductsByLaboratory(db: DbOrTx, laboratoryId: number): Promise<ProductFilterItem[]> {
  const rows = await productsOfLaboratory(db, laboratoryId);
  return byNombre(rows.map((row) => ({ Id: row.id, Nombre: row.name, FamiliaId: row.familyId })));
}

/** `GET /api/getPrincipioActivoByFamilia/{id}`: the distinct active ingredients of a family's products. */
export async function getIngredientsByFamily(db: DbOrTx, familyId: number): Promise<NamedItem[]> {
  return namedItems(await ingredientsOfFamily(db, familyId));
}

/**
 * `GET /api/getPrincipioActivoByCountry/{id}`: the distinct active ingredients of a country's
 * products (sold there or made by its laboratories), so the product search can ask for one
 * molecule across brands and laboratories. An unknown country has none.
 */
export async function getIngredientsByCountry(db: DbOrTx, countryId: number): Promise<NamedItem[]> {
  return namedItems(await ingredientsOfCountry(db, countryId));
}

/** `GET /api/getPrincipioActivoByMR/{id}`: the ingredients stored for a related medication within reach; 404 otherwise. */
export async function getIngredientsByMedication(db: DbOrTx, user: AuthUser, medicationId: number): Promise<ErMedicationIngredient[]> {
  if (!(await medicationInReach(db, user, medicationId))) throw notFound();
  return (await ingredientsOfMedication(db, medicationId)).map(ingredientItem);
}

// ---------------------------------------------------------------------------------------
// Event search filters

/** `GET /api/getFilters`: the event-search filter lists (enabled rows). */
export async function getFilters(db: DbOrTx): Promise<SearchFilters> {
  const [Paises, SubGrupos, [companies, laboratories, statuses, ramTypes]] = await readAll(db, [
    () => countries(db),
    () => getSubGroups(db),
    () => searchFilterRows(db),
  ]);
  return {
    Paises,
    Companias: byNombre(companies.map((row) => ({ Id: row.id, Nombre: row.name, PaisId: row.countryId }))),
    Laboratorios: byNombre(laboratories.map((row) => ({ Id: row.id, Nombre: row.name, CompaniaId: row.companyId, PaisId: row.countryId }))),
    Estados: byId(statuses.map((row) => ({ Id: row.id, Estado: row.estado }))),
    TiposRAM: sortByName(
      ramTypes.map((row) => ({ Id: row.id, Type: row.type })),
      (row) => row.Type,
    ),
    SubGrupos,
  };
}
