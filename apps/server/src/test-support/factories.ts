import { randomInt, randomUUID } from 'node:crypto';
import { ROLE_IDS, type Role } from '@atalaya/domain';
import type { Challenge } from 'altcha-lib/v1/types';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/client.js';
import { companies, countries, laboratories, userLaboratories, users } from '../db/schema/index.js';
import { CAPTCHA_HEADER, hashPassword } from '../modules/auth/index.js';
import { solvedCaptchaPayload } from './captcha-solver.js';

export const DEFAULT_TEST_PASSWORD = 'Clave-de-prueba-1';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  role: Role;
  countryCode: string;
}

/**
 * A laboratory grant of a user (`user_laboratories`, docs/roles.md 'Laboratory assignment'):
 * a laboratory (its company and country are filled in); or every laboratory of a company
 * (its country is filled in); or every laboratory of `country`; or, with none, every laboratory.
 */
export interface TestLaboratoryAssignment {
  laboratoryId?: number | null;
  companyId?: number | null;
  /** Country code ('UY'). */
  country?: string | null;
}

/** The row of a grant: a laboratory's company and country, a company's country, filled in from the catalogue. */
export async function laboratoryGrantRow(db: DbOrTx, userId: string, assignment: TestLaboratoryAssignment): Promise<typeof userLaboratories.$inferInsert> {
  if (assignment.laboratoryId) {
    const [lab] = await db
      .select({ companyId: laboratories.companyId, countryId: laboratories.countryId })
      .from(laboratories)
      .where(eq(laboratories.id, assignment.laboratoryId));
    if (!lab) throw new Error(`Laboratory ${assignment.laboratoryId} does not exist`);
    return { userId, laboratoryId: assignment.laboratoryId, companyId: lab.companyId, countryId: lab.countryId };
  }
  if (assignment.companyId) {
    const [company] = await db.select({ countryId: companies.countryId }).from(companies).where(eq(companies.id, assignment.companyId));
    if (!company) throw new Error(`Company ${assignment.companyId} does not exist`);
    return { userId, laboratoryId: null, companyId: assignment.companyId, countryId: company.countryId };
  }
  const assignedCountry = assignment.country
    ? (await db.select({ id: countries.id }).from(countries).where(eq(countries.code, assignment.country)))[0]
    : null;
  if (assignment.country && !assignedCountry) throw new Error(`Country ${assignment.country} is not seeded`);
  return { userId, laboratoryId: null, companyId: null, countryId: assignedCountry?.id ?? null };
}

/** A user with a unique e-mail, so tests can run in parallel on a shared database. */
export async function createUser(
  db: DbOrTx,
  options: {
    role: Role;
    country?: string;
    acceptTerms?: boolean;
    password?: string;
    isActive?: boolean;
    /** Laboratory assignments (the reach of QPPV, CL and Fabricante). */
    laboratories?: readonly TestLaboratoryAssignment[];
  },
): Promise<TestUser> {
  const countryCode = options.country ?? 'UY';
  const password = options.password ?? DEFAULT_TEST_PASSWORD;
  const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, countryCode));
  if (!country) throw new Error(`Country ${countryCode} is not seeded`);
  const email = `${options.role.toLowerCase()}-${randomUUID()}@test.atalaya`;
  const [row] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(password),
      roleId: ROLE_IDS[options.role],
      countryId: country.id,
      firstName: 'Prueba',
      lastName: options.role,
      isActive: options.isActive ?? true,
      acceptTerms: options.acceptTerms ?? true,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('User not created');
  for (const assignment of options.laboratories ?? []) {
    await db.insert(userLaboratories).values(await laboratoryGrantRow(db, row.id, assignment));
  }
  return { id: row.id, email, password, role: options.role, countryCode };
}

/** A client address of its own, so that per-address limits of one test do not touch another. */
export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** Fetches a challenge from `GET /api/captcha` and really solves it: the `recaptcha-token` header value. */
export async function solveCaptcha(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/captcha', remoteAddress: randomIp() });
  return solvedCaptchaPayload(response.json<Challenge>());
}

export interface LoginResult {
  accessToken: string;
  /** The refresh token, from the `atalaya_rt` cookie (the body never carries it). */
  refreshToken: string;
  /** The `atalaya_rt` cookie as the browser would send it back. */
  cookie: string;
}

/** Signs in through `POST /api/login` with a solved captcha; throws unless it succeeds. */
export async function login(app: FastifyInstance, user: Pick<TestUser, 'email' | 'password'>): Promise<LoginResult> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: randomIp(),
    headers: { [CAPTCHA_HEADER]: await solveCaptcha(app), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'password', username: user.email, password: user.password }).toString(),
  });
  if (response.statusCode !== 200) throw new Error(`Login failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ access_token: string }>();
  const refreshToken = response.cookies.find((c) => c.name === 'atalaya_rt')?.value ?? '';
  return { accessToken: body.access_token, refreshToken, cookie: `atalaya_rt=${refreshToken}` };
}

/** The Authorization header of a signed-in user. */
export function bearer(accessToken: string): { authorization: string } {
  return { authorization: `Bearer ${accessToken}` };
}
