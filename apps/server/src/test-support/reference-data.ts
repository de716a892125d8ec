import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { activeIngredients, lines, medicationUnits, pharmaceuticalForms, productIngredients, products } from '../db/schema/index.js';
import { createProduct, type TestProduct } from './catalog.js';

/** The id of a seeded pharmaceutical form by its name. */
async function formId(db: DbOrTx, name: string): Promise<number> {
  const [row] = await db.select({ id: pharmaceuticalForms.id }).from(pharmaceuticalForms).where(eq(pharmaceuticalForms.nombre, name));
  if (!row) throw new Error(`FormaFarmaceutica ${name} is not seeded`);
  return row.id;
}

async function unitId(db: DbOrTx, name: string): Promise<number> {
  const [row] = await db.select({ id: medicationUnits.id }).from(medicationUnits).where(eq(medicationUnits.nombre, name));
  if (!row) throw new Error(`MedicamentoUnidad ${name} is not seeded`);
  return row.id;
}

export interface DetailedProduct extends TestProduct {
  laboratoryId: number;
  familyId: number;
  pharmaceuticalFormId: number;
}

/**
 * A product as the wizard's picker needs it: a pharmaceutical form and, for each active
 * ingredient, a concentration in a unit (`{ name: [concentration, unit] }`).
 */
export async function createDetailedProduct(
  db: DbOrTx,
  options: { countries: string[]; name?: string; form?: string; ingredients: Record<string, [number, string]>; eliminado?: boolean },
): Promise<DetailedProduct> {
  const product = await createProduct(db, {
    countries: options.countries,
    name: options.name,
    ingredients: Object.keys(options.ingredients),
    eliminado: options.eliminado,
  });
  const pharmaceuticalFormId = await formId(db, options.form ?? 'Comprimido');
  const [row] = await db.update(products).set({ pharmaceuticalFormId }).where(eq(products.id, product.id)).returning();
  if (!row) throw new Error('Product not updated');
  const stored = await db
    .select({ id: activeIngredients.id, name: activeIngredients.name })
    .from(productIngredients)
    .innerJoin(activeIngredients, eq(activeIngredients.id, productIngredients.activeIngredientId))
    .where(eq(productIngredients.productId, product.id));
  for (const [name, [concentration, unit]] of Object.entries(options.ingredients)) {
    const ingredient = stored.find((row) => row.name === name);
    if (!ingredient) throw new Error(`Ingredient ${name} not stored`);
    await db
      .update(productIngredients)
      .set({ concentration, unitId: await unitId(db, unit) })
      .where(and(eq(productIngredients.productId, product.id), eq(productIngredients.activeIngredientId, ingredient.id)));
  }
  return { ...product, laboratoryId: row.laboratoryId, familyId: row.familyId, pharmaceuticalFormId };
}

/** A line of a laboratory. */
export async function createLine(db: DbOrTx, laboratoryId: number, name: string, eliminado = false): Promise<number> {
  const [row] = await db.insert(lines).values({ code: `LIN-${randomUUID()}`, name, laboratoryId, eliminado }).returning({ id: lines.id });
  if (!row) throw new Error('Line not created');
  return row.id;
}
