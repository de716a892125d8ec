import { randomBytes, randomUUID } from 'node:crypto';
import { ER_STATUS, formatCaseReference } from '@atalaya/domain';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { refreshCaseDeadlines } from '../modules/deadlines/index.js';
import { nextReferenceSequence } from '../db/reference-sequences.js';
import {
  countries,
  eventComments,
  eventMedications,
  eventRams,
  events,
  files,
  followUpReports,
  products,
  ramNotifications,
  ramTypes,
  subGroups,
} from '../db/schema/index.js';
import { createProduct } from './catalog.js';

/** A reaction of a test case. */
export interface TestRamOptions {
  /** Code of the RAM type (`ram_types.value`: 'TIPO_I' … 'TIPO_IV'); none by default. */
  ramType?: string;
  /** Any seriousness criterion (sets 'another condition'). */
  serious?: boolean;
  /** IsRAM of the reaction; true by default. */
  isRam?: boolean;
  /** Local sanitary notification date (YYYY-MM-DD). */
  localNotification?: string;
  /** Provider notification date (YYYY-MM-DD). */
  providerNotification?: string;
  description?: string;
}

export interface CreateCaseOptions {
  /** Status id; 2 (En revisión RLF) by default. */
  status?: number;
  /** The user who created the case. */
  createdBy: string;
  /** Country code of the case; 'UY' by default. */
  country?: string;
  /**
   * Products of the related medications, in order (the first is the list row's product).
   * Omitted: one new product (with its own laboratory and company) sold in the country;
   * an empty list: no related medication.
   */
  productIds?: readonly number[];
  /** Sub-group id; 1 (RAM, group 1) by default. The group is the sub-group's. */
  subGroupId?: number;
  /** Reactions of the case; none by default. */
  rams?: readonly TestRamOptions[];
  receivedAt?: Date;
  createdAt?: Date;
  /** FechaSolicitud of the lists; createdAt by default. */
  updatedAt?: Date;
  /** When the wizard was finished; for statuses above 1, createdAt by default. */
  sentAt?: Date | null;
  isHistoric?: boolean;
  homeReferenceNumber?: string | null;
}

export interface TestCase {
  id: string;
  meta: string;
  referenceNumber: string;
  status: number;
  countryId: number;
  /** The laboratories of the related medications, in order. */
  laboratoryIds: number[];
  productIds: number[];
  ramIds: number[];
}

/** An unguessable public identifier, like the server's (22 base64url characters). */
export function randomMeta(): string {
  return randomBytes(16).toString('base64url');
}

/** The laboratory of a product (what `user_laboratories` assignments point to). */
export async function laboratoryOfProduct(db: DbOrTx, productId: number): Promise<number> {
  const [row] = await db.select({ laboratoryId: products.laboratoryId }).from(products).where(eq(products.id, productId));
  if (!row) throw new Error(`Product ${productId} does not exist`);
  return row.laboratoryId;
}

/**
 * A real case (reportable event) with a unique reference number `{country}-{year}-{seq}`
 * and meta, its related medications (each with the product's laboratory, so laboratory
 * reach works) and optional reactions with their notifications. No history is written:
 * tests that need comments or follow-ups add them with `addCaseComment` / `addFollowUp`.
 */
export async function createCase(db: DbOrTx, options: CreateCaseOptions): Promise<TestCase> {
  const countryCode = options.country ?? 'UY';
  const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, countryCode));
  if (!country) throw new Error(`Country ${countryCode} is not seeded`);
  const subGroupId = options.subGroupId ?? 1;
  const [subGroup] = await db.select({ grupoId: subGroups.grupoId }).from(subGroups).where(eq(subGroups.id, subGroupId));
  if (!subGroup) throw new Error(`Sub-group ${subGroupId} is not seeded`);

  const productIds = options.productIds ? [...options.productIds] : [(await createProduct(db, { countries: [countryCode] })).id];
  const productRows = productIds.length
    ? await db.select({ id: products.id, laboratoryId: products.laboratoryId }).from(products).where(inArray(products.id, productIds))
    : [];
  const laboratoryIds = productIds.map((id) => {
    const product = productRows.find((row) => row.id === id);
    if (!product) throw new Error(`Product ${id} does not exist`);
    return product.laboratoryId;
  });

  const status = options.status ?? ER_STATUS.EN_REVISION_RLF;
  const createdAt = options.createdAt ?? new Date();
  const year = createdAt.getUTCFullYear();
  const referenceNumber = formatCaseReference(countryCode, year, await nextReferenceSequence(db, countryCode, year));
  const [event] = await db
    .insert(events)
    .values({
      meta: randomMeta(),
      referenceNumber,
      status,
      groupId: subGroup.grupoId,
      subGroupId,
      countryId: country.id,
      isRam: subGroup.grupoId === 1,
      homeReferenceNumber: options.homeReferenceNumber ?? null,
      isHistoric: options.isHistoric ?? false,
      receivedAt: options.receivedAt ?? createdAt,
      sentAt: options.sentAt !== undefined ? options.sentAt : status === ER_STATUS.PENDIENTE ? null : createdAt,
      createdAt,
      createdBy: options.createdBy,
      updatedAt: options.updatedAt ?? createdAt,
      updatedBy: options.createdBy,
    })
    .returning({ id: events.id, meta: events.meta });
  if (!event) throw new Error('Case not created');

  for (const [index, productId] of productIds.entries()) {
    await db.insert(eventMedications).values({ eventId: event.id, productId, laboratoryId: laboratoryIds[index] ?? 0, createdBy: options.createdBy });
  }

  const ramIds: number[] = [];
  for (const ram of options.rams ?? []) {
    const ramTypeId = ram.ramType
      ? (await db.select({ id: ramTypes.id }).from(ramTypes).where(eq(ramTypes.value, ram.ramType)))[0]?.id
      : null;
    if (ram.ramType && !ramTypeId) throw new Error(`RAM type ${ram.ramType} is not seeded`);
    const [row] = await db
      .insert(eventRams)
      .values({
        eventId: event.id,
        description: ram.description ?? `Reacción ${randomUUID().slice(0, 8)}`,
        // Coded and answered, as the wizard leaves a reaction before sending.
        lltCode: 10019211,
        lltName: 'Cefalea',
        isExpected: false,
        isRam: ram.isRam ?? true,
        ramTypeId: ramTypeId ?? null,
        anotherCondition: ram.serious ?? false,
        createdBy: options.createdBy,
      })
      .returning({ id: eventRams.id });
    if (!row) throw new Error('RAM not created');
    ramIds.push(row.id);
    if (ram.localNotification) await db.insert(ramNotifications).values({ ramId: row.id, kind: 'local', date: ram.localNotification });
    if (ram.providerNotification) await db.insert(ramNotifications).values({ ramId: row.id, kind: 'provider', date: ram.providerNotification });
  }

  // As the application's writes do: the case's deadlines are stored with it (modules/deadlines).
  await refreshCaseDeadlines(db, { eventIds: [event.id] });
  return { id: event.id, meta: event.meta, referenceNumber, status, countryId: country.id, laboratoryIds, productIds, ramIds };
}

/** A workflow comment of a case (what a sendAccion writes). */
export async function addCaseComment(
  db: DbOrTx,
  caseId: string,
  options: { userId: string; action: string; fromStatus?: number | null; toStatus?: number | null; comment?: string; createdAt?: Date },
): Promise<number> {
  const [row] = await db
    .insert(eventComments)
    .values({
      eventId: caseId,
      action: options.action,
      fromStatus: options.fromStatus ?? null,
      toStatus: options.toStatus ?? null,
      comment: options.comment ?? `Comentario ${options.action}`,
      userId: options.userId,
      createdAt: options.createdAt ?? new Date(),
    })
    .returning({ id: eventComments.id });
  if (!row) throw new Error('Comment not created');
  await refreshCaseDeadlines(db, { eventIds: [caseId] });
  return row.id;
}

/** A follow-up report of a case (`{reference}-S{n}`), with a small file when `fileName` is given. */
export async function addFollowUp(
  db: DbOrTx,
  testCase: Pick<TestCase, 'id' | 'referenceNumber'>,
  options: { createdBy: string; sequence: number; fileName?: string; createdAt?: Date },
): Promise<{ id: number; referenceNumber: string }> {
  let fileId: string | null = null;
  if (options.fileName) {
    const content = new TextEncoder().encode('seguimiento');
    const [file] = await db
      .insert(files)
      .values({ name: options.fileName, extension: 'txt', mimeType: 'text/plain', size: content.length, sha256: randomUUID(), content, createdBy: options.createdBy })
      .returning({ id: files.id });
    fileId = file?.id ?? null;
  }
  const referenceNumber = `${testCase.referenceNumber}-S${options.sequence}`;
  const [row] = await db
    .insert(followUpReports)
    .values({ eventId: testCase.id, sequence: options.sequence, referenceNumber, fileId, createdBy: options.createdBy, createdAt: options.createdAt ?? new Date() })
    .returning({ id: followUpReports.id });
  if (!row) throw new Error('Follow-up not created');
  return { id: row.id, referenceNumber };
}
