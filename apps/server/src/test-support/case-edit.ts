import type { PatientInput, Role } from '@atalaya/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { auditLog, events, operationHistory, operationHistoryLines } from '../db/schema/index.js';
import type { TestApp } from './app.js';
import { bearer, createUser, login, type TestLaboratoryAssignment, type TestUser } from './factories.js';

/** Helpers of the case-edit tests (the wizard's writes and the case reads). */

export interface Session {
  user: TestUser;
  token: string;
  headers: { authorization: string };
}

/** A signed-in user of a role (RLF of 'UY' unless told), with their laboratories. */
export async function sessionOf(
  t: TestApp,
  role: Role,
  options: { country?: string; laboratories?: readonly TestLaboratoryAssignment[] } = {},
): Promise<Session> {
  const user = await createUser(t.database.db, { role, ...options });
  const token = (await login(t.app, user)).accessToken;
  return { user, token, headers: bearer(token) };
}

export function post(t: TestApp, who: Session, call: string, payload: object) {
  return t.app.inject({ method: 'POST', url: `/api/${call}`, headers: who.headers, payload });
}

export function get(t: TestApp, who: Session, path: string) {
  return t.app.inject({ method: 'GET', url: `/api/${path}`, headers: who.headers });
}

/** A complete, valid patient of the wizard's step 0. */
export function validPatient(overrides: Partial<PatientInput> = {}): PatientInput {
  return {
    Initials: 'ABC',
    Age: 34,
    Escala: 'Años',
    Height: 1.7,
    HeightUnitId: 1,
    Weight: 65.5,
    WeightUnitId: 1,
    Genere: 'F',
    Pregnancy: true,
    Gestation: 20,
    Lactation: false,
    Country: 'UY',
    State: 'Montevideo',
    Residence: 1,
    InstMedica: 'Hospital Maciel',
    CondicionesMedicas: 'Hipertensión',
    Alergias: null,
    ContactAllow: true,
    IdParentesco: 1,
    Phone: '099123456',
    Email: 'paciente@correo.uy',
    ...overrides,
  };
}

export interface HistoryEntry {
  description: string;
  operationType: string;
  comment: string | null;
  userId: string;
  lines: { description: string; oldValue: string | null; newValue: string | null }[];
}

/** The operation history of a case, oldest first, with its lines. */
export async function historyOf(db: DbOrTx, caseId: string): Promise<HistoryEntry[]> {
  const entries = await db
    .select()
    .from(operationHistory)
    .where(eq(operationHistory.eventId, caseId))
    .orderBy(asc(operationHistory.createdAt), asc(operationHistory.id));
  const lines = entries.length
    ? await db
        .select()
        .from(operationHistoryLines)
        .where(
          inArray(
            operationHistoryLines.entryId,
            entries.map((entry) => entry.id),
          ),
        )
        .orderBy(asc(operationHistoryLines.id))
    : [];
  return entries.map((entry) => ({
    description: entry.description,
    operationType: entry.operationType,
    comment: entry.comment,
    userId: entry.userId,
    lines: lines
      .filter((line) => line.entryId === entry.id)
      .map((line) => ({ description: line.description, oldValue: line.oldValue, newValue: line.newValue })),
  }));
}

/** The audit rows of a case (instance ER). */
export function auditOf(db: DbOrTx, caseId: string) {
  return db.select().from(auditLog).where(eq(auditLog.pkId, caseId));
}

/** The stored row of a case. */
export async function caseRow(db: DbOrTx, caseId: string) {
  const [row] = await db.select().from(events).where(eq(events.id, caseId));
  if (!row) throw new Error(`Case ${caseId} does not exist`);
  return row;
}
