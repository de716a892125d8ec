import { randomInt } from 'node:crypto';
import type { HomeReportStatusResult, HomeReportStatusUpdate, PublicReportInput, Role } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { countries, homeReports, homeReportStatusHistory } from '../db/schema/index.js';
import type { TestApp } from './app.js';
import { bearer, createUser, login, randomIp, solveCaptcha, type TestUser } from './factories.js';

/** Helpers of the incoming-report tests (lists, triage, Ingresar). */

export interface SignedIn {
  user: TestUser;
  token: string;
  headers: { authorization: string };
}

export async function signIn(t: TestApp, role: Role, country = 'UY'): Promise<SignedIn> {
  const user = await createUser(t.database.db, { role, country });
  const token = (await login(t.app, user)).accessToken;
  return { user, token, headers: bearer(token) };
}

/** Sends a report through the public form (with a solved captcha); its id and number. */
export async function postPublicReport(t: TestApp, payload: PublicReportInput): Promise<{ Id: string; Reference: string }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/postreporthome',
    remoteAddress: randomIp(),
    headers: { 'recaptcha-token': await solveCaptcha(t.app) },
    payload,
  });
  if (response.statusCode !== 200) throw new Error(`Report not stored: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Sends a report as a signed-in user (no captcha). */
export async function postUserReport(t: TestApp, who: SignedIn, payload: PublicReportInput): Promise<{ Id: string; Reference: string }> {
  const response = await t.app.inject({ method: 'POST', url: '/api/postreporthomeusuario', remoteAddress: randomIp(), headers: who.headers, payload });
  if (response.statusCode !== 200) throw new Error(`Report not stored: ${response.statusCode} ${response.body}`);
  return response.json();
}

export type TriageCall = 'updatestatiserfromerhome' | 'createerfromerhome';

export function triageCall(t: TestApp, call: TriageCall, who: SignedIn, body: Partial<HomeReportStatusUpdate>) {
  return t.app.inject({ method: 'POST', url: `/api/${call}`, headers: who.headers, payload: body });
}

export async function triageOk(t: TestApp, call: TriageCall, who: SignedIn, body: Partial<HomeReportStatusUpdate>): Promise<HomeReportStatusResult> {
  const response = await triageCall(t, call, who, body);
  if (response.statusCode !== 200) throw new Error(`${call} refused: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** The report's status, entered case and number of status-history rows: what a refusal must leave alone. */
export async function reportState(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ status: homeReports.status, subGroupId: homeReports.subGroupId, countryId: homeReports.countryId, enteredEventId: homeReports.enteredEventId })
    .from(homeReports)
    .where(eq(homeReports.id, id));
  const history = await db.select({ id: homeReportStatusHistory.id }).from(homeReportStatusHistory).where(eq(homeReportStatusHistory.homeReportId, id));
  return { ...row, history: history.length };
}

/** A batch of references of its own (`RH-1998-{batch}{nn}`), so a reference-prefix filter isolates a test's reports. */
export function referenceBatch(): { prefix: string; reference: (n: number) => string } {
  const prefix = `RH-1998-${randomInt(100_000, 999_999)}`;
  return { prefix, reference: (n) => `${prefix}${String(n).padStart(2, '0')}` };
}

export interface StoredReportOptions {
  reference: string;
  payload: PublicReportInput;
  country?: string;
  subGroupId?: number;
  status?: number;
  createdAt?: Date;
}

/** Stores a report directly (controlled date and status), as the public form would have stored it. */
export async function insertReport(db: DbOrTx, options: StoredReportOptions): Promise<string> {
  const code = options.country ?? 'UY';
  const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, code));
  if (!country) throw new Error(`Country ${code} is not seeded`);
  const { payload } = options;
  const subGroupId = options.subGroupId ?? (payload.isMedic ? 1 : 0);
  const [row] = await db
    .insert(homeReports)
    .values({
      reference: options.reference,
      status: options.status ?? 1,
      isMedic: payload.isMedic,
      countryId: country.id,
      subGroupId,
      data: { ...payload, Tipo: { Pais: code, SubGroup: subGroupId, SubGroupName: null } },
      patientSex: payload.Paciente.Sexo ?? null,
      createdAt: options.createdAt ?? new Date(),
      updatedAt: options.createdAt ?? new Date(),
    })
    .returning({ id: homeReports.id });
  if (!row) throw new Error('Report not stored');
  return row.id;
}
