import { randomUUID } from 'node:crypto';
import type { MedicationInput, RamInput } from '@atalaya/domain';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { activeIngredients, lines, productIngredients } from '../db/schema/index.js';
import { createProduct } from './catalog.js';
import { laboratoryOfProduct } from './cases.js';

/** Helpers of the related-medication and adverse-event tests. */

/** A manufacturing line of a laboratory, with a unique name. */
export async function createLine(db: DbOrTx, laboratoryId: number, options: { eliminado?: boolean } = {}): Promise<{ id: number; name: string }> {
  const suffix = randomUUID().slice(0, 8);
  const [line] = await db
    .insert(lines)
    .values({ code: `LN-${suffix}`, name: `Línea ${suffix}`, laboratoryId, eliminado: options.eliminado ?? false })
    .returning({ id: lines.id, name: lines.name });
  if (!line) throw new Error('Line not created');
  return line;
}

/** A medicine the wizard can name: sold in the countries, with two lines of its laboratory and its active ingredients. */
export interface MedicationProduct {
  id: number;
  commercialName: string;
  laboratoryId: number;
  laboratory: string;
  lines: { id: number; name: string }[];
  ingredients: { id: number; name: string }[];
}

export async function createMedicationProduct(
  db: DbOrTx,
  options: { countries?: string[]; ingredients?: string[]; eliminado?: boolean } = {},
): Promise<MedicationProduct> {
  const product = await createProduct(db, {
    countries: options.countries ?? ['UY'],
    ...(options.ingredients ? { ingredients: options.ingredients } : {}),
    ...(options.eliminado === undefined ? {} : { eliminado: options.eliminado }),
  });
  const laboratoryId = await laboratoryOfProduct(db, product.id);
  const productLines = [await createLine(db, laboratoryId), await createLine(db, laboratoryId)];
  const ingredients = await db
    .select({ id: activeIngredients.id, name: activeIngredients.name })
    .from(productIngredients)
    .innerJoin(activeIngredients, eq(activeIngredients.id, productIngredients.activeIngredientId))
    .where(eq(productIngredients.productId, product.id))
    .orderBy(asc(activeIngredients.id));
  return { id: product.id, commercialName: product.commercialName, laboratoryId, laboratory: product.laboratory, lines: productLines, ingredients };
}

/**
 * Reference-list ids the tests use (seeded by position): FormaFarmaceutica 1 'Comprimido',
 * Via 1 'Oral', MedicamentoFrecuencia 1 'Cada X horas', MedicamentoUnidad 1 'mg',
 * MedicamentoUnidadUso 1 'Comprimido', AccionMedicamento 1 'Medicamento retirado' and
 * 2 'Dosis reducida'.
 */
export const TEST_OPTIONS = { form: 1, route: 1, frequency: 1, unit: 1, useUnit: 1, withdrawn: 1, doseReduced: 2 } as const;

/** A complete related-medication form for the product (first line, every ingredient at 500 mg). */
export function medicationForm(product: MedicationProduct, overrides: Partial<MedicationInput> = {}): MedicationInput {
  const [line] = product.lines;
  return {
    Medicine: { Id: product.id },
    LineaId: line?.id ?? null,
    LineaId2: null,
    FormaFarmaceuticaId: TEST_OPTIONS.form,
    PrincipiosActivos: product.ingredients.map((ingredient) => ({
      PrincipioActivoId: ingredient.id,
      PrincipioActivo_Nombre: ingredient.name,
      Concentracion: 500,
      Unidad: TEST_OPTIONS.unit,
    })),
    LotNumber: 'L-2024-01',
    Indication: 'Dolor de cabeza',
    DateStart: '2024-03-01',
    DateEnd: '2024-03-10',
    ViaId: TEST_OPTIONS.route,
    FrecuenciaTipo: TEST_OPTIONS.frequency,
    FrecId: 8,
    Cant: 1,
    UnitUsoId: TEST_OPTIONS.useUnit,
    ...overrides,
  };
}

/** A complete adverse-event form for an LLT. */
export function ramForm(llt: { llt_code: number; llt_name: string }, overrides: Partial<RamInput> = {}): RamInput {
  return {
    MedraLLT: { llt_code: llt.llt_code, llt_name: llt.llt_name },
    Description: 'Erupción en los brazos tras la segunda dosis',
    IsExpected: false,
    Evolution: 0,
    AccMed: TEST_OPTIONS.withdrawn,
    DateStart: '2024-03-05',
    DateEnd: '2024-03-08',
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
    ...overrides,
  };
}
