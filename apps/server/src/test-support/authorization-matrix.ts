import { randomBytes, randomUUID } from 'node:crypto';
import { ER_STATUS, HOME_REPORT_STATUS, MSG, ROLES, type Role } from '@atalaya/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import type { DbOrTx } from '../db/client.js';
import {
  eventComments,
  eventDocuments,
  eventMedications,
  eventOrigins,
  eventPatients,
  events,
  files,
  followUpReports,
  homeReports,
  medicalContacts,
  pdfHistory,
  previousMedications,
  productRecoveries,
  ramNotifications,
} from '../db/schema/index.js';
import type { RouteRoles } from '../http/route-access.js';
import { createCase } from './cases.js';
import type { MedicationProduct } from './case-medications.js';
import { insertReport } from './home-reports.js';
import { patientReport } from './public-reports.js';

/**
 * The fixtures and callers of the authorization matrix (`authorization-matrix.test.ts`):
 * worlds (a case with every kind of record, or an incoming report) that a caller reaches or
 * not, the callers (each role, and the tokens that must get nowhere), and the leak check.
 */

/** Who calls: a role, or one of the tokens that must be refused. */
export type CallerKind =
  | Role
  | 'no token'
  | 'expired token'
  | 'forged token (other key)'
  | 'forged token (alg none)'
  | 'deactivated user'
  | 'user whose role changed';

export interface Caller {
  kind: CallerKind;
  /** The role of a signed-in caller that the server should honour; null when the token must count for nothing. */
  role: Role | null;
  userId: string | null;
  email: string | null;
  password: string | null;
  headers: Record<string, string>;
}

/** Whether a route declaration lets the caller through the access check. */
export function allowedBy(roles: RouteRoles, caller: Caller): boolean {
  if (roles === 'public') return true;
  if (!caller.role) return false;
  return roles === 'authenticated' || roles.includes(caller.role);
}

/** The refusal a caller not allowed on a route must get. */
export function refusalFor(caller: Caller): { status: 401 | 403; message: string } {
  return caller.role ? { status: 403, message: MSG.errors.forbidden } : { status: 401, message: MSG.errors.unauthenticated };
}

const ISSUER = 'atalaya';

/** An access token that expired a minute ago, signed with the server's own key. */
export function expiredToken(claims: { id: string; role: Role; country: string; email: string }, key: Uint8Array): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ rol: claims.role, country: claims.country, email: claims.email })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.id)
    .setIssuer(ISSUER)
    .setIssuedAt(now - 16 * 60)
    .setExpirationTime(now - 60)
    .sign(key);
}

/** A well-formed, unexpired token signed with a key that is not the server's. */
export function tokenOfOtherKey(claims: { id: string; role: Role; country: string; email: string }): Promise<string> {
  return new SignJWT({ rol: claims.role, country: claims.country, email: claims.email })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.id)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime('15m')
    .sign(randomBytes(32));
}

/** An unsigned token (`alg: none`) with valid claims. */
export function unsignedToken(claims: { id: string; role: Role; country: string; email: string }): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: claims.id, rol: claims.role, country: claims.country, email: claims.email, iss: ISSUER, iat: now, exp: now + 900 })}.`;
}

/** Every caller kind, in the order the matrix reports them. */
export const CALLER_KINDS: readonly CallerKind[] = [...ROLES, 'no token', 'expired token', 'forged token (other key)', 'forged token (alg none)', 'deactivated user', 'user whose role changed'];

/** A case with one record of every kind, each holding the world's marker (what must never leak). */
export interface CaseWorld {
  kind: 'case';
  name: string;
  /** Unique text planted in the world's records and files; no answer to a caller out of reach may contain it. */
  marker: string;
  caseId: string;
  meta: string;
  reference: string;
  countryCode: string;
  ramId: number;
  medicationId: number;
  documentId: number;
  medicalContactId: number;
  followUpId: number;
  pdfFileName: string;
  homeReportId: string;
  homeReportReference: string;
  /** The roles of the matrix's signed-in callers that reach this case. */
  reachedBy: readonly Role[];
  /** Strings of the world an answer must not carry to a caller out of reach (the marker, the reference). */
  secrets: readonly string[];
}

/** An incoming report (not entered). */
export interface ReportWorld {
  kind: 'report';
  name: string;
  marker: string;
  homeReportId: string;
  homeReportReference: string;
  countryCode: string;
  reachedBy: readonly Role[];
  secrets: readonly string[];
}

/** A country to create a case in (createER). */
export interface CountryWorld {
  kind: 'country';
  name: string;
  countryCode: string;
  reachedBy: readonly Role[];
  secrets: readonly string[];
}

export type World = CaseWorld | ReportWorld | CountryWorld;

export function newMarker(): string {
  return `LEAK${randomUUID().replaceAll('-', '').slice(0, 12)}`;
}

async function storeFile(db: DbOrTx, marker: string, what: string, createdBy: string): Promise<string> {
  const content = new TextEncoder().encode(`%PDF-1.4\n% ${what} ${marker}\n%%EOF\n`);
  const [file] = await db
    .insert(files)
    .values({ name: `${what}-${marker}`, extension: 'pdf', mimeType: 'application/pdf', size: content.length, sha256: randomUUID(), content, createdBy })
    .returning({ id: files.id });
  if (!file) throw new Error('File not stored');
  return file.id;
}

let referenceCounter = 0;

/** A report reference of the matrix's own ('RH-1997-…'), unique in the database. */
function reportReference(): string {
  referenceCounter += 1;
  return `RH-1997-${randomBytes(4).readUInt32BE() % 1_000_000}${String(referenceCounter).padStart(3, '0')}`;
}

/**
 * A case of `country` (the product's laboratory decides laboratory reach) with a reaction and
 * both its notification files, the related medication's recovery file, patient, origin with
 * file, previous medication, medical contact with file, a document with file, a follow-up with
 * file, a workflow comment, a stored PDF and the incoming report it was entered from: every
 * record a route can name, each carrying the marker.
 */
export async function createCaseWorld(
  db: DbOrTx,
  options: { name: string; country: string; product: MedicationProduct; createdBy: string; status?: number; deleted?: boolean; reachedBy: readonly Role[] },
): Promise<CaseWorld> {
  const marker = newMarker();
  const { createdBy } = options;
  const testCase = await createCase(db, {
    status: options.status ?? ER_STATUS.EN_REVISION_RLF,
    createdBy,
    country: options.country,
    productIds: [options.product.id],
    rams: [{ description: `Reacción ${marker}`, localNotification: '2024-03-11', providerNotification: '2024-03-12' }],
  });
  const ramId = testCase.ramIds[0];
  if (ramId === undefined) throw new Error('RAM not created');
  for (const kind of ['local', 'provider'] as const) {
    await db
      .update(ramNotifications)
      .set({ fileId: await storeFile(db, marker, `notificacion-${kind}`, createdBy) })
      .where(and(eq(ramNotifications.ramId, ramId), eq(ramNotifications.kind, kind)));
  }
  const [medication] = await db.select({ id: eventMedications.id }).from(eventMedications).where(eq(eventMedications.eventId, testCase.id));
  if (!medication) throw new Error('Medication not created');
  await db.update(eventMedications).set({ lotNumber: `L-${marker}` }).where(eq(eventMedications.id, medication.id));
  await db.insert(productRecoveries).values({ eventMedicationId: medication.id, haveProduct: true, contactName: `Farmacia ${marker}`, fileId: await storeFile(db, marker, 'recuperacion', createdBy), createdBy });
  await db.insert(eventPatients).values({ eventId: testCase.id, initials: 'ZQX', medicalInstitution: `Hospital ${marker}`, email: `${marker.toLowerCase()}@paciente.test`, phone: '099000000', createdBy });
  await db.insert(eventOrigins).values({ eventId: testCase.id, have: true, studyName: `Estudio ${marker}`, fileId: await storeFile(db, marker, 'origen', createdBy), createdBy });
  await db.insert(previousMedications).values({ eventId: testCase.id, medication: `Previo ${marker}`, createdBy });
  const [contact] = await db
    .insert(medicalContacts)
    .values({ eventId: testCase.id, contacted: true, doctorName: `Dra. ${marker}`, fileId: await storeFile(db, marker, 'contacto', createdBy), createdBy })
    .returning({ id: medicalContacts.id });
  const [document] = await db
    .insert(eventDocuments)
    .values({ eventId: testCase.id, note: `Nota ${marker}`, fileId: await storeFile(db, marker, 'documento', createdBy), createdBy })
    .returning({ id: eventDocuments.id });
  const [followUp] = await db
    .insert(followUpReports)
    .values({ eventId: testCase.id, sequence: 1, referenceNumber: `${testCase.referenceNumber}-S1`, fileId: await storeFile(db, marker, 'seguimiento', createdBy), createdBy })
    .returning({ id: followUpReports.id });
  await db.insert(eventComments).values({ eventId: testCase.id, action: 'AprobarRLF', fromStatus: 2, toStatus: 3, comment: `Comentario ${marker}`, userId: createdBy });
  const pdfFileName = `caso-${marker}.pdf`;
  // Stored without the reporter's contact, so every role in reach may see it (a Fabricante is
  // never sent a PDF that prints it: home-reports/reporter-contact.test.ts).
  await db.insert(pdfHistory).values({
    eventId: testCase.id,
    fileName: pdfFileName,
    fileId: await storeFile(db, marker, 'pdf', createdBy),
    withReporterContact: false,
    createdBy,
  });
  const report = await createReport(db, { country: options.country, product: options.product, marker });
  await db
    .update(events)
    .set({ homeReportId: report.id, homeReferenceNumber: report.reference, ...(options.deleted ? { deletedAt: new Date(), deletedBy: createdBy } : {}) })
    .where(eq(events.id, testCase.id));
  // Entered: the report belongs to the case now (and leaves the inbox of pending reports).
  await db.update(homeReports).set({ status: HOME_REPORT_STATUS.INGRESADO, enteredEventId: testCase.id }).where(eq(homeReports.id, report.id));
  if (!contact || !document || !followUp) throw new Error('Records not created');
  return {
    kind: 'case',
    name: options.name,
    marker,
    caseId: testCase.id,
    meta: testCase.meta,
    reference: testCase.referenceNumber,
    countryCode: options.country,
    ramId,
    medicationId: medication.id,
    documentId: document.id,
    medicalContactId: contact.id,
    followUpId: followUp.id,
    pdfFileName,
    homeReportId: report.id,
    homeReportReference: report.reference,
    reachedBy: options.reachedBy,
    secrets: [marker, testCase.referenceNumber, report.reference],
  };
}

async function createReport(db: DbOrTx, options: { country: string; product: MedicationProduct; marker: string }): Promise<{ id: string; reference: string }> {
  const payload = patientReport({ id: options.product.id, commercialName: options.product.commercialName }, options.country);
  payload.Paciente.CentroMedico = `Centro ${options.marker}`;
  const reporter = payload.InformacionContacto.Reporta;
  if (reporter) reporter.Email = `${options.marker.toLowerCase()}@reporta.test`;
  const reference = reportReference();
  const id = await insertReport(db, { reference, payload, country: options.country });
  return { id, reference };
}

/** An incoming report of `country`, not entered, in status 1 (Nuevo). */
export async function createReportWorld(
  db: DbOrTx,
  options: { name: string; country: string; product: MedicationProduct; reachedBy: readonly Role[] },
): Promise<ReportWorld> {
  const marker = newMarker();
  const report = await createReport(db, { country: options.country, product: options.product, marker });
  return {
    kind: 'report',
    name: options.name,
    marker,
    homeReportId: report.id,
    homeReportReference: report.reference,
    countryCode: options.country,
    reachedBy: options.reachedBy,
    secrets: [marker, report.reference],
  };
}

/** The secrets of `worlds` that an answer carries (headers and body), leaving out what the request itself named. */
export function leakedSecrets(response: LightMyRequestResponse, worlds: readonly World[], request: { url: string; payload?: unknown }): string[] {
  const sent = `${request.url} ${typeof request.payload === 'string' ? request.payload : Buffer.isBuffer(request.payload) ? request.payload.toString('latin1') : JSON.stringify(request.payload ?? '')}`;
  const seen = `${JSON.stringify(response.headers)} ${response.rawPayload.toString('latin1')}`.toLowerCase();
  return worlds.flatMap((world) => world.secrets).filter((secret) => !sent.includes(secret) && seen.includes(secret.toLowerCase()));
}

/**
 * A fingerprint of every row that hangs from the given cases, reports and users: for each
 * table with one of the linking columns, the number and digest of its matching rows. Equal
 * fingerprints before and after a batch of calls: nothing was inserted, changed or deleted.
 */
let linkedColumns: Promise<{ rows: { table_name: string; column_name: string }[] }> | undefined;

export async function rowFingerprint(db: DbOrTx, keys: { caseIds: readonly string[]; reportIds: readonly string[]; userIds: readonly string[]; recordIds: readonly number[] }): Promise<Record<string, string>> {
  const linkColumns: Record<string, readonly string[]> = {
    event_id: keys.caseIds,
    parent_event_id: keys.caseIds,
    entered_event_id: keys.caseIds,
    follow_up_event_id: keys.caseIds,
    pk_id: [...keys.caseIds, ...keys.reportIds, ...keys.userIds],
    home_report_id: keys.reportIds,
    ram_id: keys.recordIds.map(String),
    event_medication_id: keys.recordIds.map(String),
    created_by: keys.userIds,
    updated_by: keys.userIds,
    deleted_by: keys.userIds,
    user_id: keys.userIds,
  };
  linkedColumns ??= db.execute<{ table_name: string; column_name: string }>(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and column_name in (${sql.join(
      Object.keys(linkColumns).map((name) => sql`${name}`),
      sql`, `,
    )}) order by table_name, column_name`);
  const columns = await linkedColumns;
  const targets: [string, string, readonly string[]][] = [
    ...columns.rows.map((row): [string, string, readonly string[]] => [row.table_name, row.column_name, linkColumns[row.column_name] ?? []]),
    ['events', 'id', keys.caseIds],
    ['home_reports', 'id', keys.reportIds],
    ['users', 'id', keys.userIds],
  ];
  // One round trip: a count and a digest of the matching rows of each table and column.
  const parts = targets
    .filter(([, , values]) => values.length > 0)
    .map(
      ([table, column, values]) => sql`select ${`${table}.${column}`}::text as k, count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as h
        from ${sql.identifier(table)} t where t.${sql.identifier(column)}::text in (${sql.join(
          values.map((value) => sql`${value}`),
          sql`, `,
        )})`,
    );
  const result = await db.execute<{ k: string; n: number; h: string | null }>(sql.join(parts, sql` union all `));
  const fingerprint: Record<string, string> = {};
  for (const row of result.rows) fingerprint[row.k] = `${row.n}:${row.h ?? ''}`;
  return fingerprint;
}
