import type { UserLaboratory } from '@atalaya/domain';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { companies, countries, laboratories, specialities, userLaboratories, users } from '../../db/schema/index.js';

/** A stored user as the administration reads it (never the password hash). */
export interface StoredUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  roleId: number;
  countryId: number;
  countryCode: string;
  specialityId: number | null;
  isActive: boolean;
}

const storedUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  roleId: users.roleId,
  countryId: users.countryId,
  countryCode: countries.code,
  specialityId: users.specialityId,
  isActive: users.isActive,
};

/** The user with this id, or null; `forUpdate` locks its row until the transaction ends. */
export async function findStoredUser(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}): Promise<StoredUser | null> {
  const query = db.select(storedUserColumns).from(users).innerJoin(countries, eq(countries.id, users.countryId)).where(eq(users.id, id));
  const [row] = options.forUpdate ? await query.for('update', { of: users }) : await query;
  return row ?? null;
}

export async function userIdByEmail(db: DbOrTx, email: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? null;
}

export async function countryByCode(db: DbOrTx, code: string) {
  const [row] = await db.select({ id: countries.id, code: countries.code, name: countries.name, eliminado: countries.eliminado }).from(countries).where(eq(countries.code, code));
  return row ?? null;
}

export async function specialityById(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: specialities.id, eliminado: specialities.eliminado }).from(specialities).where(eq(specialities.id, id));
  return row ?? null;
}

export async function companyById(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: companies.id, name: companies.name, countryId: companies.countryId }).from(companies).where(eq(companies.id, id));
  return row ?? null;
}

/** A user's grants with what each covers, in Spanish (docs/roles.md 'Laboratory assignment'), oldest first. */
export async function grantsOfUser(db: DbOrTx, userId: string): Promise<UserLaboratory[]> {
  const rows = await db
    .select({
      id: userLaboratories.id,
      laboratoryId: userLaboratories.laboratoryId,
      companyId: userLaboratories.companyId,
      countryId: userLaboratories.countryId,
      laboratory: laboratories.name,
      company: companies.name,
      country: countries.name,
    })
    .from(userLaboratories)
    .leftJoin(laboratories, eq(laboratories.id, userLaboratories.laboratoryId))
    .leftJoin(companies, eq(companies.id, userLaboratories.companyId))
    .leftJoin(countries, eq(countries.id, userLaboratories.countryId))
    .where(eq(userLaboratories.userId, userId))
    .orderBy(asc(userLaboratories.id));
  return rows.map((row) => ({
    Id: row.id,
    LaboratoryId: row.laboratoryId,
    CompanyId: row.companyId,
    CountryId: row.countryId,
    Description: grantDescription(row),
  }));
}

function grantDescription(row: { laboratoryId: number | null; companyId: number | null; countryId: number | null; laboratory: string | null; company: string | null; country: string | null }): string {
  if (row.laboratoryId !== null) return `${row.laboratory ?? ''} (${row.company ?? ''}, ${row.country ?? ''})`;
  if (row.companyId !== null) return `Todos los laboratorios de ${row.company ?? ''} (${row.country ?? ''})`;
  if (row.countryId !== null) return `Todos los laboratorios de ${row.country ?? ''}`;
  return 'Todos los laboratorios';
}

/** The companies of a country, by name. */
export function companiesOfCountry(db: DbOrTx, countryId: number) {
  return db
    .select({ Id: companies.id, Name: companies.name })
    .from(companies)
    .where(and(eq(companies.countryId, countryId), eq(companies.eliminado, false)))
    .orderBy(asc(companies.name), asc(companies.id));
}

/** The enabled laboratories of a company, by name, `Checked` where the user holds a grant of exactly that laboratory. */
export async function laboratoriesOfCompany(db: DbOrTx, companyId: number, userId: string) {
  const rows = await db
    .select({ Id: laboratories.id, Name: laboratories.name, grantId: userLaboratories.id })
    .from(laboratories)
    // One grant at most per user and laboratory (the unique target).
    .leftJoin(userLaboratories, and(eq(userLaboratories.userId, userId), eq(userLaboratories.laboratoryId, laboratories.id)))
    .where(and(eq(laboratories.companyId, companyId), eq(laboratories.eliminado, false)))
    .orderBy(asc(laboratories.name), asc(laboratories.id));
  return rows.map((row) => ({ Id: row.Id, Name: row.Name, Checked: row.grantId !== null }));
}

/** The ids (with company and country) of the laboratories among `ids` of a company, or of a country. */
export function laboratoriesIn(db: DbOrTx, scope: { companyId: number } | { countryId: number }, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  const within = 'companyId' in scope ? eq(laboratories.companyId, scope.companyId) : eq(laboratories.countryId, scope.countryId);
  return db
    .select({ id: laboratories.id, companyId: laboratories.companyId, countryId: laboratories.countryId })
    .from(laboratories)
    .where(and(within, inArray(laboratories.id, ids)));
}

/** Inserts a grant unless the user already holds it. */
export async function insertGrant(db: DbOrTx, row: typeof userLaboratories.$inferInsert): Promise<void> {
  await db.insert(userLaboratories).values(row).onConflictDoNothing();
}

export async function deleteAllGrants(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(userLaboratories).where(eq(userLaboratories.userId, userId));
}

/** Removes the company and laboratory grants within a country (a country grant covers them). */
export async function deleteGrantsWithinCountry(db: DbOrTx, userId: string, countryId: number): Promise<void> {
  await db
    .delete(userLaboratories)
    .where(and(eq(userLaboratories.userId, userId), eq(userLaboratories.countryId, countryId), or(sql`${userLaboratories.companyId} is not null`, sql`${userLaboratories.laboratoryId} is not null`)));
}

/** Removes the laboratory grants within a company (a company grant covers them). */
export async function deleteGrantsWithinCompany(db: DbOrTx, userId: string, companyId: number): Promise<void> {
  await db.delete(userLaboratories).where(and(eq(userLaboratories.userId, userId), eq(userLaboratories.companyId, companyId), sql`${userLaboratories.laboratoryId} is not null`));
}

export async function deleteLaboratoryGrant(db: DbOrTx, userId: string, laboratoryId: number): Promise<void> {
  await db.delete(userLaboratories).where(and(eq(userLaboratories.userId, userId), eq(userLaboratories.laboratoryId, laboratoryId)));
}

/** Deletes one grant of the user; false when the user holds no grant with that id. */
export async function deleteGrant(db: DbOrTx, userId: string, grantId: number): Promise<boolean> {
  const deleted = await db
    .delete(userLaboratories)
    .where(and(eq(userLaboratories.userId, userId), eq(userLaboratories.id, grantId)))
    .returning({ id: userLaboratories.id });
  return deleted.length > 0;
}

/** The choices of the filter panel and the user form. */
export function enabledCountries(db: DbOrTx) {
  return db.select({ Id: countries.id, Codigo: countries.code, Nombre: countries.name }).from(countries).where(eq(countries.eliminado, false)).orderBy(asc(countries.name));
}

export function enabledSpecialities(db: DbOrTx) {
  return db
    .select({ Id: specialities.id, Description: specialities.description })
    .from(specialities)
    .where(eq(specialities.eliminado, false))
    .orderBy(asc(specialities.description), asc(specialities.id));
}
