import { eq, ne } from 'drizzle-orm';
import { administrationRoutes, countries, type DbOrTx, meddraLlt, productCountries, productIngredients, products, ramCategories, ramTypes, reportOrigins, reportReceivers, reportTypes, subGroups, users } from '../../apps/server/src/faces/bench.js';

export interface CatalogProduct {
  id: number;
  laboratoryId: number;
  lineId: number | null;
  pharmaceuticalFormId: number | null;
  countryIds: number[];
  ingredients: { activeIngredientId: number; concentration: number | null; unitId: number | null }[];
}

/** What the generator picks from: the reference and demo data already in the database. */
export interface Catalog {
  countryCodeById: Map<number, string>;
  products: CatalogProduct[];
  subGroups: { id: number; grupoId: number }[];
  userIds: string[];
  llts: { code: number; name: string }[];
  routeIds: number[];
  ramTypeIds: number[];
  ramCategoryIds: number[];
  originIds: number[];
  receiverIds: number[];
  reportTypeIds: number[];
}

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

export async function loadCatalog(db: DbOrTx): Promise<Catalog> {
  const productRows = await db
    .select({
      id: products.id,
      laboratoryId: products.laboratoryId,
      lineId: products.lineId,
      pharmaceuticalFormId: products.pharmaceuticalFormId,
    })
    .from(products)
    .where(eq(products.eliminado, false));
  const availability = await db.select().from(productCountries);
  const ingredients = await db.select().from(productIngredients);
  const catalogProducts = productRows
    .map((product) => ({
      ...product,
      countryIds: availability.filter((row) => row.productId === product.id).map((row) => row.countryId),
      ingredients: ingredients
        .filter((row) => row.productId === product.id)
        .map(({ activeIngredientId, concentration, unitId }) => ({ activeIngredientId, concentration, unitId })),
    }))
    .filter((product) => product.countryIds.length > 0);
  const catalog: Catalog = {
    countryCodeById: new Map(
      (await db.select({ id: countries.id, code: countries.code }).from(countries)).map((row) => [row.id, row.code]),
    ),
    products: catalogProducts,
    subGroups: await db.select({ id: subGroups.id, grupoId: subGroups.grupoId }).from(subGroups).where(ne(subGroups.id, 0)),
    userIds: (await db.select({ id: users.id }).from(users)).map((row) => row.id),
    llts: await db.select({ code: meddraLlt.code, name: meddraLlt.name }).from(meddraLlt),
    routeIds: ids(await db.select({ id: administrationRoutes.id }).from(administrationRoutes)),
    ramTypeIds: ids(await db.select({ id: ramTypes.id }).from(ramTypes)),
    ramCategoryIds: ids(await db.select({ id: ramCategories.id }).from(ramCategories)),
    originIds: ids(await db.select({ id: reportOrigins.id }).from(reportOrigins)),
    receiverIds: ids(await db.select({ id: reportReceivers.id }).from(reportReceivers)),
    reportTypeIds: ids(await db.select({ id: reportTypes.id }).from(reportTypes)),
  };
  for (const [name, list] of Object.entries({ products: catalog.products, users: catalog.userIds, llts: catalog.llts })) {
    if (list.length === 0) throw new Error(`No ${name} to generate events from: seed the demo data first`);
  }
  return catalog;
}
