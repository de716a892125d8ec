import { randomInt, randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import {
  activeIngredients,
  companies,
  countries,
  families,
  laboratories,
  meddraLlt,
  meddraPt,
  meddraSoc,
  productCountries,
  productIngredients,
  products,
} from '../db/schema/index.js';

export interface TestProduct {
  id: number;
  commercialName: string;
  laboratory: string;
  ingredients: string[];
}

/**
 * A product of its own laboratory and company, sold in the given countries, with unique
 * names so tests can run in parallel on a shared database.
 */
export async function createProduct(
  db: DbOrTx,
  options: { countries: string[]; name?: string; ingredients?: string[]; eliminado?: boolean },
): Promise<TestProduct> {
  const suffix = randomUUID().slice(0, 8);
  const countryRows = await db.select({ id: countries.id, code: countries.code }).from(countries).where(inArray(countries.code, options.countries));
  const [home] = countryRows;
  if (!home || countryRows.length !== options.countries.length) throw new Error(`Countries ${options.countries.join(', ')} are not all seeded`);
  const [company] = await db.insert(companies).values({ code: `C-${suffix}`, name: `Compañía ${suffix}`, countryId: home.id }).returning();
  if (!company) throw new Error('Company not created');
  const laboratoryName = `Laboratorio ${suffix}`;
  const [laboratory] = await db
    .insert(laboratories)
    .values({ code: `L-${suffix}`, name: laboratoryName, companyId: company.id, countryId: home.id })
    .returning();
  const [family] = await db.insert(families).values({ code: `F-${suffix}`, name: `Familia ${suffix}` }).returning();
  if (!laboratory || !family) throw new Error('Laboratory or family not created');
  const commercialName = options.name ?? `Producto ${suffix}`;
  const [product] = await db
    .insert(products)
    .values({ code: `P-${suffix}`, commercialName, familyId: family.id, laboratoryId: laboratory.id, eliminado: options.eliminado ?? false })
    .returning();
  if (!product) throw new Error('Product not created');
  const ingredientNames = options.ingredients ?? [`principio ${suffix}`];
  for (const [index, name] of ingredientNames.entries()) {
    const [ingredient] = await db.insert(activeIngredients).values({ code: `A-${suffix}-${index}`, name }).returning();
    if (!ingredient) throw new Error('Active ingredient not created');
    await db.insert(productIngredients).values({ productId: product.id, activeIngredientId: ingredient.id });
  }
  await db.insert(productCountries).values(countryRows.map((country) => ({ productId: product.id, countryId: country.id })));
  return { id: product.id, commercialName, laboratory: laboratoryName, ingredients: ingredientNames };
}

/** The id of a seeded country. */
export async function countryId(db: DbOrTx, code: string): Promise<number> {
  const [row] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, code));
  if (!row) throw new Error(`Country ${code} is not seeded`);
  return row.id;
}

/** A MedDRA code outside the real dictionary's range (10000000–10999999). */
function testCode(): number {
  return randomInt(20_000_000, 2_000_000_000);
}

export interface TestLlt {
  llt_code: number;
  llt_name: string;
  pt_name: string;
  soc_name: string;
}

/** An LLT with its own PT and SOC. */
/** An LLT with its PT and SOC; `code` fixes the LLT's code (MedDRA codes have 8 digits; the default may have more). */
export async function createLlt(db: DbOrTx, options: { name: string; ptName?: string; current?: boolean; code?: number }): Promise<TestLlt> {
  const socName = `SOC ${options.name}`;
  const ptName = options.ptName ?? options.name;
  const [soc] = await db.insert(meddraSoc).values({ code: testCode(), name: socName, abbrev: 'Test' }).returning();
  if (!soc) throw new Error('SOC not created');
  const [pt] = await db.insert(meddraPt).values({ code: testCode(), name: ptName, primarySocCode: soc.code }).returning();
  if (!pt) throw new Error('PT not created');
  const [llt] = await db
    .insert(meddraLlt)
    .values({ code: options.code ?? testCode(), name: options.name, ptCode: pt.code, current: options.current ?? true })
    .returning();
  if (!llt) throw new Error('LLT not created');
  return { llt_code: llt.code, llt_name: llt.name, pt_name: pt.name, soc_name: soc.name };
}
