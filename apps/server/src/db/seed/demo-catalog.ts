import type { DbOrTx } from '../client.js';
import {
  activeIngredients,
  companies,
  countries,
  families,
  laboratories,
  lines,
  medicationUnits,
  pharmaceuticalForms,
  productCountries,
  productIngredients,
  products,
} from '../schema/index.js';
import * as data from './data/index.js';
import { idOf, idsByCode, insertMissing } from './insert-missing.js';

async function codeIds(db: DbOrTx, table: typeof companies | typeof laboratories | typeof lines) {
  return idsByCode(await db.select({ id: table.id, code: table.code }).from(table));
}

/** Companies, their laboratories and lines. */
async function seedCompanies(db: DbOrTx, countryIds: Map<string, number>): Promise<void> {
  await insertMissing(
    db,
    companies,
    data.companies.map((company) => ({
      code: company.code,
      name: company.name,
      countryId: idOf(countryIds, company.countryCode, 'country'),
    })),
  );
  const companyIds = await codeIds(db, companies);
  const labs = data.companies.flatMap((company) =>
    company.laboratories.map((laboratory) => ({ companyCode: company.code, laboratory })),
  );
  await insertMissing(
    db,
    laboratories,
    labs.map(({ companyCode, laboratory }) => ({
      code: laboratory.code,
      name: laboratory.name,
      companyId: idOf(companyIds, companyCode, 'company'),
      countryId: idOf(countryIds, laboratory.countryCode, 'country'),
    })),
  );
  const laboratoryIds = await codeIds(db, laboratories);
  await insertMissing(
    db,
    lines,
    labs.flatMap(({ laboratory }) =>
      laboratory.lines.map((line) => ({
        code: line.code,
        name: line.name,
        laboratoryId: idOf(laboratoryIds, laboratory.code, 'laboratory'),
      })),
    ),
  );
}

/** Active ingredients, families and products with their ingredients and countries. */
async function seedProducts(db: DbOrTx, countryIds: Map<string, number>): Promise<void> {
  await insertMissing(db, activeIngredients, data.activeIngredients);
  await insertMissing(db, families, data.families);
  const ingredientIds = idsByCode(
    await db.select({ id: activeIngredients.id, code: activeIngredients.code }).from(activeIngredients),
  );
  const familyIds = idsByCode(await db.select({ id: families.id, code: families.code }).from(families));
  const laboratoryIds = await codeIds(db, laboratories);
  const lineIds = await codeIds(db, lines);
  const formIds = idsByCode(
    await db.select({ id: pharmaceuticalForms.id, code: pharmaceuticalForms.nombre }).from(pharmaceuticalForms),
  );
  const unitIds = idsByCode(await db.select({ id: medicationUnits.id, code: medicationUnits.nombre }).from(medicationUnits));

  await insertMissing(
    db,
    products,
    data.products.map((product) => ({
      code: product.code,
      commercialName: product.commercialName,
      familyId: idOf(familyIds, product.familyCode, 'family'),
      laboratoryId: idOf(laboratoryIds, product.laboratoryCode, 'laboratory'),
      lineId: idOf(lineIds, product.lineCode, 'line'),
      pharmaceuticalFormId: idOf(formIds, product.pharmaceuticalForm, 'FormaFarmaceutica'),
    })),
  );
  const productIds = idsByCode(await db.select({ id: products.id, code: products.code }).from(products));
  await insertMissing(
    db,
    productIngredients,
    data.products.flatMap((product) =>
      product.ingredients.map((ingredient) => ({
        productId: idOf(productIds, product.code, 'product'),
        activeIngredientId: idOf(ingredientIds, ingredient.activeIngredientCode, 'active ingredient'),
        concentration: ingredient.concentration,
        unitId: idOf(unitIds, ingredient.unit, 'MedicamentoUnidad'),
      })),
    ),
  );
  await insertMissing(
    db,
    productCountries,
    data.products.flatMap((product) =>
      product.countryCodes.map((countryCode) => ({
        productId: idOf(productIds, product.code, 'product'),
        countryId: idOf(countryIds, countryCode, 'country'),
      })),
    ),
  );
}

/** The demo group's companies, laboratories, lines and products. */
export async function seedDemoCatalog(db: DbOrTx): Promise<void> {
  const countryIds = idsByCode(await db.select({ id: countries.id, code: countries.code }).from(countries));
  await seedCompanies(db, countryIds);
  await seedProducts(db, countryIds);
}
