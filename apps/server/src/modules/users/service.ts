import type {
  setLaboratoryUserSchema} from '@atalaya/domain';
import {
  DEFAULT_USER_ORDER,
  EMPTY_CHOICES,
  MSG,
  pagedResult,
  ROLE_IDS,
  ROLES,
  type CompanyOption,
  type DeleteLaboratoryUserInput,
  type LaboratoryOption,
  type Role,
  type UserCreateInput,
  type UserFilter,
  type UserFilters,
  type UserLaboratory,
  type UserListResult,
  type UserSaved,
  type UserUpdateInput,
  type UserWithDetails,
  USER_ORDERS
} from '@atalaya/domain';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { countries, roles, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import { type AuditKind, writeAudit } from '../audit/index.js';
import { queueSetPasswordLink, revokeUserRefreshTokens, roleOfId, unusablePasswordHash } from '../auth/index.js';
import { type AccountEvents, announceAccountAccessChanged } from './account-events.js';
import {
  companiesOfCountry,
  companyById,
  countryByCode,
  deleteAllGrants,
  deleteGrant,
  deleteGrantsWithinCompany,
  deleteGrantsWithinCountry,
  deleteLaboratoryGrant,
  enabledCountries,
  enabledSpecialities,
  findStoredUser,
  grantsOfUser,
  insertGrant,
  laboratoriesIn,
  laboratoriesOfCompany,
  specialityById,
  type StoredUser,
  userIdByEmail,
} from './queries.js';
import { personName } from '../../shared/person-name.js';

export interface UsersDeps {
  db: Db;
  appUrl: string;
  accountEvents: AccountEvents;
  log: FastifyBaseLogger;
}

/** The largest id of a serial column: larger ids name nothing (and must not reach the database). */
const MAX_ID = 2_147_483_647;
const isId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= MAX_ID;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user of an id from a path or a body; unknown (or not an id at all) is 404. */
async function userOr404(db: DbOrTx, id: string | number, options: { forUpdate?: boolean } = {}): Promise<StoredUser> {
  const text = String(id);
  const found = UUID.test(text) ? await findStoredUser(db, text.toLowerCase(), options) : null;
  if (!found) throw notFound(MSG.users.notFound);
  return found;
}

/** Whether the caller administers users (the users screen): ADMIN and QPPV. */
function administers(role: Role): boolean {
  return role === 'ADMIN' || role === 'QPPV';
}

/** A QPPV administers no ADMIN user (docs/roles.md 'Users administration'). */
function assertMayAdminister(caller: AuthUser, target: StoredUser): void {
  if (caller.role === 'QPPV' && target.roleId === ROLE_IDS.ADMIN) throw forbidden(MSG.users.adminUserNotAllowed);
}

/** An empty filter value: missing, blank or a placeholder ('none', 'Seleccionar...'). */
function filterValue(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' || EMPTY_CHOICES.includes(trimmed) ? null : trimmed;
}

/** `%text%` for LIKE, with the pattern characters of `text` taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function roleFilter(value: string): number {
  if (ROLES.includes(value as Role)) return ROLE_IDS[value as Role];
  const id = Number(value);
  if (Number.isInteger(id) && Object.values(ROLE_IDS).includes(id)) return id;
  throw badRequest(MSG.users.roleUnknown);
}

/** `POST /api/getUsersByFilters`: a page of users (name and e-mail contain, country code, role, enabled). */
export async function usersByFilters(db: Db, filter: UserFilter): Promise<UserListResult> {
  const order = filter.orderBy.trim() === '' ? DEFAULT_USER_ORDER : filter.orderBy.trim();
  if (!(USER_ORDERS as readonly string[]).includes(order)) throw badRequest(MSG.users.orderInvalid);
  const conditions: SQL[] = [];
  const name = filterValue(filter.name);
  if (name) {
    const pattern = containing(name);
    conditions.push(sql`(${users.firstName} || ' ' || ${users.lastName} ilike ${pattern} or ${users.lastName} || ', ' || ${users.firstName} ilike ${pattern})`);
  }
  const email = filterValue(filter.email);
  if (email) conditions.push(sql`${users.email} like ${containing(email.toLowerCase())}`);
  const country = filterValue(filter.country);
  if (country) conditions.push(eq(countries.code, country.toUpperCase()));
  const role = filterValue(filter.userType);
  if (role) conditions.push(eq(users.roleId, roleFilter(role)));
  if (filter.isActive !== null && filter.isActive !== undefined) conditions.push(eq(users.isActive, filter.isActive));
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  const [column, direction] = order.split(' ') as [string, 'ASC' | 'DESC'];
  const by = direction === 'ASC' ? asc : desc;
  const keys: SQL[] =
    column === 'Email'
      ? [by(users.email)]
      : column === 'Pais'
        ? [by(countries.name), by(sql`lower(${users.lastName})`), by(sql`lower(${users.firstName})`)]
        : column === 'Rol'
          ? [by(roles.name), by(sql`lower(${users.lastName})`), by(sql`lower(${users.firstName})`)]
          : [by(sql`lower(${users.lastName})`), by(sql`lower(${users.firstName})`)];

  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        roleId: users.roleId,
        countryCode: countries.code,
        countryName: countries.name,
        isActive: users.isActive,
      })
      .from(users)
      .innerJoin(countries, eq(countries.id, users.countryId))
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(where)
      .orderBy(...keys, asc(users.id))
      .limit(filter.pageSize)
      .offset((filter.pageNumber - 1) * filter.pageSize),
    db.select({ n: count() }).from(users).innerJoin(countries, eq(countries.id, users.countryId)).where(where),
  ]);
  return pagedResult(
    rows.map((row) => ({
      UserID: row.id,
      Name: `${row.lastName}, ${row.firstName}`,
      Email: row.email,
      Rol: roleOfId(row.roleId),
      Country: row.countryCode,
      CountryName: row.countryName,
      IsActive: row.isActive,
    })),
    total?.n ?? 0,
    filter.pageNumber,
    filter.pageSize,
  );
}

/** `GET /api/getUserFilters`: countries, the roles the caller may give, specialities. */
export async function userFilters(db: Db, caller: AuthUser): Promise<UserFilters> {
  const [paises, especialidades] = await Promise.all([enabledCountries(db), enabledSpecialities(db)]);
  const given: readonly Role[] = caller.role === 'ADMIN' ? ROLES : caller.role === 'QPPV' ? ROLES.filter((role) => role !== 'ADMIN') : [caller.role];
  return { Paises: paises, Roles: given.map((role) => ({ Id: ROLE_IDS[role], Name: role })), Especialidades: especialidades };
}

/** A user with details and grants (`getUserDetails`, `getMyUser`). */
export async function userWithDetails(db: DbOrTx, user: StoredUser): Promise<UserWithDetails> {
  const role = roleOfId(user.roleId);
  return {
    UserID: user.id,
    Id: user.id,
    Name: personName(user),
    Email: user.email,
    Rol: role,
    Country: user.countryCode,
    Details: {
      UserID: user.id,
      FirstName: user.firstName,
      LastName: user.lastName,
      Email: user.email,
      Country: user.countryCode,
      UserType: role,
      Speciality: { Id: user.specialityId },
      IsActive: user.isActive,
    },
    Laboratories: await grantsOfUser(db, user.id),
  };
}

/** `GET /api/getUserDetails/:id`. */
export async function userDetails(db: Db, id: string): Promise<UserWithDetails> {
  return userWithDetails(db, await userOr404(db, id));
}

/** A country code of the form: unknown 400, disabled 400 unless it is the user's current one. */
async function countryOf(db: DbOrTx, code: string | number, current: number | null): Promise<number> {
  const found = typeof code === 'string' ? await countryByCode(db, code.trim().toUpperCase()) : null;
  if (!found) throw badRequest(MSG.users.countryUnknown);
  if (found.eliminado && found.id !== current) throw badRequest(MSG.users.countryDisabled);
  return found.id;
}

/** A speciality id of the form: unknown 400, disabled 400 unless it is the user's current one. */
async function specialityOf(db: DbOrTx, value: string | number, current: number | null): Promise<number> {
  const id = typeof value === 'number' ? value : /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  const found = isId(id) ? await specialityById(db, id) : null;
  if (!found) throw badRequest(MSG.users.specialityUnknown);
  if (found.eliminado && found.id !== current) throw badRequest(MSG.users.specialityDisabled);
  return found.id;
}

/** The audited values of a user: never the password hash. */
function auditValues(values: { email: string; firstName: string; lastName: string; roleId: number; countryId: number; specialityId: number | null; isActive: boolean }) {
  return {
    Email: values.email,
    FirstName: values.firstName,
    LastName: values.lastName,
    UserType: roleOfId(values.roleId),
    CountryId: values.countryId,
    SpecialityId: values.specialityId,
    IsActive: values.isActive,
  };
}

/** Whether a write failed on the unique e-mail (a concurrent create of the same address). */
function isEmailTaken(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; constraint?: string } } | null)?.cause;
  return cause?.code === '23505' && (cause.constraint ?? '').includes('email');
}

/**
 * `POST /api/createUserDetails`: a new user with no usable password; a single-use
 * set-password link is mailed through the outbox; audited, all in one transaction.
 */
export async function createUser(deps: UsersDeps, caller: AuthUser, input: UserCreateInput): Promise<UserSaved> {
  const { db } = deps;
  if (input.UserType === 'ADMIN' && caller.role !== 'ADMIN') throw forbidden(MSG.users.adminRoleNotAllowed);
  const email = input.Email.trim().toLowerCase();
  try {
    return await db.transaction(async (tx) => {
      // In the spec's field order (docs/api.md 'Users and laboratories').
      if (await userIdByEmail(tx, email)) throw new AppError(409, MSG.users.emailTaken);
      const countryId = await countryOf(tx, input.Country, null);
      const specialityId = await specialityOf(tx, input.Speciality.Id, null);
      const values = {
        email,
        firstName: input.FirstName,
        lastName: input.LastName,
        roleId: ROLE_IDS[input.UserType],
        countryId,
        specialityId,
        isActive: input.IsActive ?? true,
      };
      const [row] = await tx
        .insert(users)
        .values({ ...values, passwordHash: unusablePasswordHash(), acceptTerms: false, createdBy: caller.id, updatedBy: caller.id })
        .returning({ id: users.id });
      if (!row) throw new Error('user not created');
      await writeAudit(tx, {
        kind: 'user.created',
        actor: caller,
        pkId: row.id,
        description: `Usuario creado: ${email}`,
        newValues: auditValues(values),
      });
      await queueSetPasswordLink(tx, { userId: row.id, email, name: personName(values), appUrl: deps.appUrl });
      return { UserID: row.id };
    });
  } catch (error) {
    if (isEmailTaken(error)) throw new AppError(409, MSG.users.emailTaken);
    throw error;
  }
}

/**
 * `POST /api/updateUserDetails`: another user's details (ADMIN, QPPV), or one's own ('Mí
 * usuario', any role: names, country, speciality). The e-mail never changes; nobody changes
 * their own role or active flag; a QPPV neither edits an ADMIN nor gives the ADMIN role.
 * Disabling a user or changing their role revokes their refresh tokens in the same
 * transaction and, after the commit, cuts their sockets.
 */
export async function updateUser(deps: UsersDeps, caller: AuthUser, input: UserUpdateInput): Promise<UserSaved> {
  const { db } = deps;
  const result = await db.transaction(async (tx) => {
    const target = await userOr404(tx, input.UserID, { forUpdate: true });
    const self = target.id === caller.id;
    if (!self && !administers(caller.role)) throw forbidden(MSG.users.othersNotAllowed);
    if (!self) assertMayAdminister(caller, target);
    const roleId = ROLE_IDS[input.UserType];
    if (roleId !== target.roleId) {
      if (self) throw forbidden(MSG.users.ownRole);
      if (input.UserType === 'ADMIN' && caller.role !== 'ADMIN') throw forbidden(MSG.users.adminRoleNotAllowed);
    }
    const isActive = input.IsActive ?? target.isActive;
    if (isActive !== target.isActive && self) throw forbidden(MSG.users.ownActive);
    if (input.Email.trim().toLowerCase() !== target.email) throw badRequest(MSG.users.emailUnchangeable);
    const countryId = await countryOf(tx, input.Country, target.countryId);
    const specialityId = await specialityOf(tx, input.Speciality.Id, target.specialityId);

    const before = auditValues(target);
    const after = auditValues({ email: target.email, firstName: input.FirstName, lastName: input.LastName, roleId, countryId, specialityId, isActive });
    const changed = (Object.keys(after) as (keyof typeof after)[]).filter((key) => after[key] !== before[key]);
    if (changed.length === 0) return { saved: { UserID: target.id }, cut: null };

    await tx
      .update(users)
      .set({ firstName: input.FirstName, lastName: input.LastName, roleId, countryId, specialityId, isActive, updatedAt: new Date(), updatedBy: caller.id })
      .where(eq(users.id, target.id));
    const kind: AuditKind = isActive !== target.isActive ? (isActive ? 'user.enabled' : 'user.disabled') : 'user.updated';
    await writeAudit(tx, {
      kind,
      actor: caller,
      pkId: target.id,
      description: `${kind === 'user.disabled' ? 'Usuario deshabilitado' : kind === 'user.enabled' ? 'Usuario habilitado' : 'Usuario actualizado'}: ${target.email}`,
      oldValues: Object.fromEntries(changed.map((key) => [key, before[key]])),
      newValues: Object.fromEntries(changed.map((key) => [key, after[key]])),
    });
    const cut = !isActive && target.isActive ? 'disabled' : roleId !== target.roleId ? 'role' : null;
    if (cut) await revokeUserRefreshTokens(tx, target.id, new Date());
    return { saved: { UserID: target.id }, cut };
  });
  if (result.cut) announceAccountAccessChanged(deps.accountEvents, { userId: result.saved.UserID, reason: result.cut }, deps.log);
  return result.saved;
}

/** `GET /api/getCompaniesByCountry/:country`: the companies of a country (code); unknown 404. */
export async function companiesByCountry(db: Db, code: string): Promise<CompanyOption[]> {
  const country = await countryByCode(db, code.trim().toUpperCase());
  if (!country) throw notFound(MSG.users.countryUnknown);
  return companiesOfCountry(db, country.id);
}

/** `GET /api/getLaboratoriesByCompany/:companyId/:userId`: the company's laboratories, checked for the user. */
export async function laboratoriesByCompany(db: Db, companyId: number, userId: string): Promise<LaboratoryOption[]> {
  const company = isId(companyId) ? await companyById(db, companyId) : null;
  if (!company) throw notFound(MSG.users.companyUnknown);
  const user = await userOr404(db, userId);
  return laboratoriesOfCompany(db, company.id, user.id);
}

type SetLaboratoryUser = z.output<typeof setLaboratoryUserSchema>;

/** Runs a change of a user's grants: locked, audited with the grants before and after, announced after the commit. */
async function changeGrants(deps: UsersDeps, caller: AuthUser, userId: string | number, change: (tx: DbOrTx, target: StoredUser) => Promise<void>): Promise<UserLaboratory[]> {
  const result = await deps.db.transaction(async (tx) => {
    const target = await userOr404(tx, userId, { forUpdate: true });
    assertMayAdminister(caller, target);
    const before = await grantsOfUser(tx, target.id);
    await change(tx, target);
    const after = await grantsOfUser(tx, target.id);
    const describe = (grants: UserLaboratory[]) => grants.map((grant) => grant.Description).sort();
    const changed = JSON.stringify(describe(before)) !== JSON.stringify(describe(after));
    if (changed) {
      await writeAudit(tx, {
        kind: 'user.laboratories-changed',
        actor: caller,
        pkId: target.id,
        description: `Laboratorios del usuario cambiados: ${target.email}`,
        oldValues: { Laboratories: describe(before) },
        newValues: { Laboratories: describe(after) },
      });
    }
    return { target, after, changed };
  });
  if (result.changed) announceAccountAccessChanged(deps.accountEvents, { userId: result.target.id, reason: 'laboratories' }, deps.log);
  return result.after;
}

/**
 * `POST /api/setLaboratoryUser`: 'all' replaces every grant; a country grant replaces the
 * company and laboratory grants within it; a company grant those within it; checked
 * laboratories are granted and unchecked ones' grants removed. The spec's body names no
 * company: its `laboratories` are then the country's (docs/roles.md 'Laboratory grants'), so
 * a list of laboratories, checked or not, never becomes a grant of the whole country.
 */
export async function setLaboratoryUser(deps: UsersDeps, caller: AuthUser, input: SetLaboratoryUser): Promise<UserLaboratory[]> {
  return changeGrants(deps, caller, input.userId, async (tx, target) => {
    if (input.allLabs) {
      await deleteAllGrants(tx, target.id);
      await insertGrant(tx, { userId: target.id, laboratoryId: null, companyId: null, countryId: null });
      return;
    }
    const code = input.country?.trim() ?? '';
    if (code === '' || EMPTY_CHOICES.includes(code)) throw badRequest(MSG.users.assignmentTarget);
    const country = await countryByCode(tx, code.toUpperCase());
    if (!country) throw badRequest(MSG.users.countryUnknown);
    if (input.company === null || input.company === undefined) {
      if (input.laboratories.length > 0) {
        await setCheckedLaboratories(tx, target.id, { countryId: country.id }, input.laboratories, MSG.users.laboratoryNotInCountry);
        return;
      }
      if (country.eliminado) throw badRequest(MSG.users.countryDisabled);
      await deleteGrantsWithinCountry(tx, target.id, country.id);
      await insertGrant(tx, { userId: target.id, laboratoryId: null, companyId: null, countryId: country.id });
      return;
    }
    const company = isId(input.company) ? await companyById(tx, input.company) : null;
    if (!company) throw badRequest(MSG.users.companyUnknown);
    if (company.countryId !== country.id) throw badRequest(MSG.users.companyNotInCountry);
    if (input.laboratories.length === 0) {
      await deleteGrantsWithinCompany(tx, target.id, company.id);
      await insertGrant(tx, { userId: target.id, laboratoryId: null, companyId: company.id, countryId: company.countryId });
      return;
    }
    await setCheckedLaboratories(tx, target.id, { companyId: company.id }, input.laboratories, MSG.users.laboratoryNotInCompany);
  });
}

/** Grants each checked laboratory and removes each unchecked one's grant; every Id must be within `scope` (else 400 `outside`, nothing written). */
async function setCheckedLaboratories(tx: DbOrTx, userId: string, scope: { companyId: number } | { countryId: number }, choices: SetLaboratoryUser['laboratories'], outside: string): Promise<void> {
  const ids = [...new Set(choices.map((lab) => lab.Id))];
  if (!ids.every(isId)) throw badRequest(outside);
  const found = await laboratoriesIn(tx, scope, ids);
  if (found.length !== ids.length) throw badRequest(outside);
  const byId = new Map(found.map((lab) => [lab.id, lab]));
  for (const choice of choices) {
    const lab = byId.get(choice.Id);
    if (!lab) continue;
    if (choice.Checked) await insertGrant(tx, { userId, laboratoryId: lab.id, companyId: lab.companyId, countryId: lab.countryId });
    else await deleteLaboratoryGrant(tx, userId, lab.id);
  }
}

/** `POST /api/deleteLaboratoryUser`: removes one grant of the user (404 when the user holds no such grant). */
export async function deleteLaboratoryUser(deps: UsersDeps, caller: AuthUser, input: DeleteLaboratoryUserInput): Promise<UserLaboratory[]> {
  return changeGrants(deps, caller, input.userId, async (tx, target) => {
    if (!isId(input.grantId) || !(await deleteGrant(tx, target.id, input.grantId))) throw notFound(MSG.users.grantNotFound);
  });
}

/** The signed-in user as `getMyUser` answers it (the context module's call). */
export async function myUser(db: DbOrTx, userId: string): Promise<UserWithDetails | null> {
  const found = await findStoredUser(db, userId);
  return found ? userWithDetails(db, found) : null;
}
