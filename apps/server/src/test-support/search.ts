import { randomInt } from 'node:crypto';
import { type Role, type SearchRequest, type SearchResult } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { activeIngredients, laboratories, productIngredients, ramTypes } from '../db/schema/index.js';
import type { TestApp } from './app.js';
import { laboratoryOfProduct } from './cases.js';
import { createProduct, type TestProduct } from './catalog.js';
import { bearer, createUser, login, type TestLaboratoryAssignment, type TestUser } from './factories.js';

/** Helpers of the search tests (search.test.ts, export.test.ts). */

export interface Session {
  user: TestUser;
  token: string;
}

export async function sessionOf(t: TestApp, role: Role, options: { country?: string; laboratories?: readonly TestLaboratoryAssignment[] } = {}): Promise<Session> {
  const user = await createUser(t.database.db, { role, ...options });
  return { user, token: (await login(t.app, user)).accessToken };
}

/** A product of a new laboratory and company, with the ids the filters take. */
export interface Medicine {
  product: TestProduct;
  laboratoryId: number;
  companyId: number;
  ingredientId: number;
}

export async function newMedicine(t: TestApp, country = 'UY'): Promise<Medicine> {
  const db = t.database.db;
  const product = await createProduct(db, { countries: [country] });
  const laboratoryId = await laboratoryOfProduct(db, product.id);
  const [laboratory] = await db.select({ companyId: laboratories.companyId }).from(laboratories).where(eq(laboratories.id, laboratoryId));
  const [ingredient] = await db
    .select({ id: activeIngredients.id })
    .from(productIngredients)
    .innerJoin(activeIngredients, eq(activeIngredients.id, productIngredients.activeIngredientId))
    .where(eq(productIngredients.productId, product.id));
  if (!laboratory || !ingredient) throw new Error('Medicine not created');
  return { product, laboratoryId, companyId: laboratory.companyId, ingredientId: ingredient.id };
}

export async function ramTypeId(t: TestApp, value: string): Promise<number> {
  const [row] = await t.database.db.select({ id: ramTypes.id }).from(ramTypes).where(eq(ramTypes.value, value));
  if (!row) throw new Error(`RAM type ${value} is not seeded`);
  return row.id;
}

/**
 * A day of its own far in the future (2100–2199): the cases created in it are found by a
 * creation-date filter and by no other test, on a database shared by every test file. `at`
 * gives an instant of that day in UTC (noon by default: the same day in Montevideo, UTC−3).
 */
export function privateDay(): { day: string; next: string; at: (hour?: number, minute?: number, second?: number) => Date } {
  const start = Date.UTC(2100, 0, 1) + randomInt(0, 36_500) * 86_400_000;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return {
    day: iso(start),
    next: iso(start + 86_400_000),
    at: (hour = 12, minute = 0, second = 0) => new Date(start + ((hour * 60 + minute) * 60 + second) * 1000),
  };
}

export function search(t: TestApp, session: Session, body: SearchRequest | Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/getERByFilters', headers: bearer(session.token), payload: body });
}

export async function searchOk(t: TestApp, session: Session, body: SearchRequest): Promise<SearchResult> {
  const response = await search(t, session, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SearchResult>();
}

export const referencesOf = (result: SearchResult) => result.Result.map((row) => row.NumeroReferencia);
