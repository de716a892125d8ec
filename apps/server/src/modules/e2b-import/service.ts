import {
  type E2bConfirm,
  type E2bImportMode,
  type E2bImportReports,
  ER_STATUS,
  formatHomeReference,
  HOME_REPORT_PREFIX,
  HOME_REPORT_STATUS,
  type Icsr,
  type ImportEntry,
  MSG,
} from '@atalaya/domain';
import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { nextReferenceSequence } from '../../db/reference-sequences.js';
import { countries, e2bImportReports, e2bImports, e2bSubmissions, events, imports, products, subGroups } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { writeAudit } from '../audit/index.js';
import { createCase } from '../cases/index.js';
import { refreshCaseDeadlines } from '../deadlines/index.js';
import { caseRecordsFromReport, type CatalogFacts, insertHomeReport, insertStatusHistory, reportColumns, storeCaseRecords } from '../home-reports/index.js';
import { importDetail, importList } from '../imports/index.js';
import { loadUserLaboratoryIds } from '../reach/index.js';
import { buildAck } from './ack.js';
import { referenceCodes } from './codes.js';
import { summarize } from './batch.js';
import { ageAtOnset, concomitantDrugs, type E2bOrigin, hl7Instant, isSerious, storedReportOf, type SuspectProduct } from './map.js';

/**
 * The E2B(R3) import's calls (docs/e2b-import.md): its imports as a user sees them, the
 * preview and outcome of one, the confirmation that stores the reports, and our ACK.
 *
 * Reach: an RLF sees and confirms the imports it uploaded, into its own country; a QPPV and an
 * ADMIN every import, into any country; a QPPV's fallback product must be of its laboratories
 * (its historic cases must be its to see).
 */

/** GrupoId 1 / SubGrupoId 1 'Reacción adversa a medicamento': what an ICSR reports. */
const RAM_SUB_GROUP_ID = 1;

/** The e2b import of `code` as `user` may see it; 404 otherwise (an RLF's view of another's import too). */
async function visibleImport(db: DbOrTx, user: AuthUser, code: string): Promise<{ id: string; status: string; userId: string }> {
  const [row] = await db
    .select({ id: imports.id, status: imports.status, userId: imports.userId })
    .from(imports)
    .where(and(eq(imports.codeImport, code), eq(imports.kind, 'e2b')));
  if (!row || (user.role === 'RLF' && row.userId !== user.id)) throw notFound(MSG.imports.notFound);
  return row;
}

/** `gete2bimport`: the newest E2B imports the user sees. */
export async function listE2bImports(db: Db, user: AuthUser): Promise<ImportEntry[]> {
  const all = await importList(db, 'e2b');
  if (user.role !== 'RLF') return all;
  const own = await db.select({ code: imports.codeImport }).from(imports).where(and(eq(imports.kind, 'e2b'), eq(imports.userId, user.id)));
  const codes = new Set(own.map((row) => row.code));
  return all.filter((entry) => codes.has(entry.code_import));
}

/** `gete2bimportcode/{code}`. */
export async function e2bImportEntry(db: Db, user: AuthUser, code: string): Promise<ImportEntry> {
  await visibleImport(db, user, code);
  return importDetail(db, 'e2b', code);
}

type ReportRow = typeof e2bImportReports.$inferSelect;

function summaryOf(row: ReportRow, meta: string | null) {
  const icsr = row.icsr as unknown as Icsr;
  return summarize(
    { index: row.position, icsr, problems: row.problems, unmapped: row.unmapped, header: { messageId: row.messageId } },
    { meddraNames: new Map(Object.entries(row.meddraNames)) },
    row.unknownMeddra,
    { reference: row.reference, meta, refusal: row.refusal, products: row.products ?? [] },
  );
}

/** `gete2bimportreports/{code}`: the preview, then what each report became. */
export async function e2bImportReportsOf(db: Db, user: AuthUser, code: string): Promise<E2bImportReports> {
  const found = await visibleImport(db, user, code);
  const [head] = await db.select().from(e2bImports).where(eq(e2bImports.importId, found.id));
  const rows = await db
    .select({ report: e2bImportReports, meta: events.meta })
    .from(e2bImportReports)
    .leftJoin(events, eq(events.id, e2bImportReports.eventId))
    .where(eq(e2bImportReports.importId, found.id))
    .orderBy(asc(e2bImportReports.position));
  return {
    code_import: code,
    mode: (head?.mode as E2bImportMode | null | undefined) ?? null,
    confirmedAt: head?.confirmedAt?.toISOString() ?? null,
    batch: head?.batch ?? null,
    schemaChecked: head?.schemaChecked ?? false,
    headerUnmapped: (head?.headerUnmapped ?? []).map(({ path, line }) => ({ path, line })),
    ackCode: head?.ackCode ?? null,
    reports: rows.map((row) => summaryOf(row.report, row.meta)),
  };
}

/** `gete2back/{code}`: our acknowledgement for the sender (409-free: 404 until the import is confirmed). */
export async function e2bAck(db: Db, user: AuthUser, code: string): Promise<{ fileName: string; xml: string }> {
  const found = await visibleImport(db, user, code);
  const [head] = await db.select({ ackXml: e2bImports.ackXml }).from(e2bImports).where(eq(e2bImports.importId, found.id));
  if (!head?.ackXml) throw notFound(MSG.e2bImport.noAck);
  return { fileName: `ACK-${code}.xml`, xml: head.ackXml };
}

const isSuspect = (role: string) => role === '1' || role === '3';
const normalName = (name: string) => name.trim().toLocaleLowerCase('es');

/** Catalogue products (enabled, in reach) whose commercial name is one of `names`, by normalised name. */
async function productsByName(tx: Tx, names: readonly string[], laboratoryIds: readonly number[] | null): Promise<Map<string, SuspectProduct & { laboratoryId: number }>> {
  const wanted = [...new Set(names.map(normalName))].filter((name) => name !== '');
  const found = new Map<string, SuspectProduct & { laboratoryId: number }>();
  if (wanted.length === 0) return found;
  const rows = await tx
    .select({ id: products.id, name: products.commercialName, laboratoryId: products.laboratoryId })
    .from(products)
    .where(
      and(
        eq(products.eliminado, false),
        sql`lower(${products.commercialName}) in (${sql.join(
          wanted.map((name) => sql`${name}`),
          sql`, `,
        )})`,
        laboratoryIds ? inArray(products.laboratoryId, laboratoryIds.length > 0 ? [...laboratoryIds] : [-1]) : undefined,
      ),
    )
    .orderBy(asc(products.id));
  for (const row of rows) if (!found.has(normalName(row.name))) found.set(normalName(row.name), row);
  return found;
}

/**
 * The cases Atalaya already holds under each C.1.8.1 of `ids`: a report stored by an earlier
 * import (the reference of its historic case or incoming report), else a case of ours that was exported
 * with that C.1.8.1 (its reference). Two statements for the whole batch.
 */
async function knownWorldwideCases(tx: Tx, ids: readonly string[]): Promise<Map<string, string>> {
  const known = new Map<string, string>();
  const wanted = [...new Set(ids)].filter((id) => id.trim() !== '');
  if (wanted.length === 0) return known;
  const imported = await tx
    .select({ id: e2bImportReports.worldwideCaseId, reference: e2bImportReports.reference })
    .from(e2bImportReports)
    .where(and(inArray(e2bImportReports.worldwideCaseId, wanted), isNotNull(e2bImportReports.reference)))
    .orderBy(asc(e2bImportReports.importId), asc(e2bImportReports.position));
  for (const row of imported) {
    const reference = row.reference;
    if (reference && !known.has(row.id)) known.set(row.id, reference);
  }
  const exported = await tx
    .selectDistinct({ id: e2bSubmissions.worldwideCaseId, reference: events.referenceNumber })
    .from(e2bSubmissions)
    .innerJoin(events, eq(events.id, e2bSubmissions.eventId))
    .where(inArray(e2bSubmissions.worldwideCaseId, wanted));
  for (const row of exported) if (!known.has(row.id)) known.set(row.id, row.reference);
  return known;
}

export interface ConfirmDeps {
  db: Db;
}

/**
 * `confirme2bimport/{code}`: stores every report of a read import, in one transaction: as
 * incoming reports in the triage inbox ('inbox'), or as historic cases ('historic', IsHistoric,
 * status Archivado QPPV). A report already imported (the same C.1.1, N.2.r.1 and content) is refused and
 * said so in the ACK. Each stored report keeps its unmapped elements, verbatim, beside it (the
 * import's rows point at the record). Our ACK is built and kept with the import.
 */
export async function confirmE2bImport(db: Db, user: AuthUser, code: string, body: E2bConfirm): Promise<E2bImportReports> {
  const found = await visibleImport(db, user, code);
  const [country] = await db.select({ id: countries.id, code: countries.code }).from(countries).where(eq(countries.code, body.country));
  if (!country) throw badRequest(MSG.e2bImport.countryUnknown);
  if (user.role === 'RLF' && country.code !== user.countryCode) throw new AppError(403, MSG.e2bImport.countryOutOfReach);
  const [fallback] = await db
    .select({ id: products.id, name: products.commercialName, laboratoryId: products.laboratoryId, lineId: products.lineId, pharmaceuticalFormId: products.pharmaceuticalFormId })
    .from(products)
    .where(and(eq(products.id, body.product), eq(products.eliminado, false)));
  if (!fallback) throw badRequest(MSG.e2bImport.productUnknown);
  const laboratoryIds = user.role === 'QPPV' ? await loadUserLaboratoryIds(db, user.id) : null;
  if (laboratoryIds && !laboratoryIds.includes(fallback.laboratoryId)) throw new AppError(403, MSG.e2bImport.productOutOfReach);
  const [subGroup] = await db.select({ id: subGroups.id, name: subGroups.nombre }).from(subGroups).where(eq(subGroups.id, RAM_SUB_GROUP_ID));
  if (!subGroup) throw new Error('Sub-group 1 (RAM) is missing');

  await db.transaction(async (tx) => {
    const [head] = await tx.select().from(e2bImports).where(eq(e2bImports.importId, found.id)).for('update');
    const [state] = await tx.select({ status: imports.status }).from(imports).where(eq(imports.id, found.id));
    if (!head || state?.status !== 'S') throw new AppError(409, MSG.e2bImport.notReady);
    if (head.confirmedAt) throw new AppError(409, MSG.e2bImport.alreadyConfirmed);
    const rows = await tx.select().from(e2bImportReports).where(eq(e2bImportReports.importId, found.id)).orderBy(asc(e2bImportReports.position));
    const now = new Date();
    const year = now.getUTCFullYear();
    const today = now.toISOString().slice(0, 10);
    // Every drug's name (suspect, interacting, concomitant, not administered): a concomitant drug
    // that is a catalogue product becomes a medicine of the case with its role (G.k.1).
    const suspectNames = rows.flatMap((row) => (row.icsr as unknown as Icsr).drugs.map((drug) => drug.name));
    const byName = await productsByName(tx, suspectNames, laboratoryIds);
    const productFacts = new Map<number, CatalogFacts['products'] extends ReadonlyMap<number, infer V> ? V : never>();
    productFacts.set(fallback.id, fallback);
    const more = [...byName.values()].filter((product) => !productFacts.has(product.id));
    if (more.length > 0) {
      const facts = await tx
        .select({ id: products.id, laboratoryId: products.laboratoryId, lineId: products.lineId, pharmaceuticalFormId: products.pharmaceuticalFormId })
        .from(products)
        .where(
          inArray(
            products.id,
            more.map((product) => product.id),
          ),
        );
      for (const fact of facts) productFacts.set(fact.id, fact);
    }

    const codes = await referenceCodes(tx);
    const known = await knownWorldwideCases(
      tx,
      rows.map((row) => row.worldwideCaseId),
    );
    const ackReports = [];
    let stored = 0;
    for (const row of rows) {
      const icsr = row.icsr as unknown as Icsr;
      const [earlier] = await tx
        .select({ reference: e2bImportReports.reference })
        .from(e2bImportReports)
        .where(
          and(
            eq(e2bImportReports.safetyReportId, row.safetyReportId),
            eq(e2bImportReports.messageId, row.messageId),
            isNotNull(e2bImportReports.reference),
            ne(e2bImportReports.importId, found.id),
            // The same report again, not a follow-up (FDA's scenarios reuse C.1.1 and N.2.r.1 for different contents).
            sql`${e2bImportReports.icsr} = ${JSON.stringify(row.icsr)}::jsonb`,
          ),
        )
        .limit(1);
      if (earlier?.reference) {
        const refusal = MSG.e2bImport.duplicate(earlier.reference);
        await tx.update(e2bImportReports).set({ refusal }).where(and(eq(e2bImportReports.importId, found.id), eq(e2bImportReports.position, row.position)));
        ackReports.push({ messageId: row.messageId, messageCreationDate: row.messageCreationDate, localNumber: null, accepted: false, detail: refusal });
        continue;
      }
      // A newer version of a case Atalaya holds (the same C.1.8.1): refused, naming the case (docs/e2b.md 'Import follow-ups').
      const holder = known.get(row.worldwideCaseId);
      if (holder) {
        const refusal = MSG.e2bImport.followUp(row.worldwideCaseId, holder);
        await tx.update(e2bImportReports).set({ refusal }).where(and(eq(e2bImportReports.importId, found.id), eq(e2bImportReports.position, row.position)));
        ackReports.push({ messageId: row.messageId, messageCreationDate: row.messageCreationDate, localNumber: null, accepted: false, detail: refusal });
        continue;
      }
      const suspects = icsr.drugs.filter((drug) => isSuspect(drug.role));
      const chosen: SuspectProduct[] = (suspects.length > 0 ? suspects : [null]).map((drug) => {
        const match = drug ? byName.get(normalName(drug.name)) : undefined;
        return match ? { id: match.id, name: match.name } : { id: fallback.id, name: fallback.name };
      });
      const origin: E2bOrigin = {
        Importacion: code,
        Remitente: MSG.e2bImport.origin(code, head.batch.senderId, row.safetyReportId),
        C11: row.safetyReportId,
        C181: row.worldwideCaseId,
        Narrativa: icsr.narrative.narrative,
        ComentariosReportante: icsr.narrative.reporterComments,
        ComentariosRemitente: icsr.narrative.senderComments,
      };
      const others = concomitantDrugs(icsr).map((drug) => {
        const match = byName.get(normalName(drug.name));
        return match ? { id: match.id, name: match.name } : null;
      });
      const data = storedReportOf(icsr, { countryCode: country.code, subGroup, products: chosen, others, names: new Map(Object.entries(row.meddraNames)), origin, codes });
      let reference: string;
      let link: { homeReportId: string } | { eventId: string };
      if (body.mode === 'inbox') {
        reference = formatHomeReference(year, await nextReferenceSequence(tx, HOME_REPORT_PREFIX, year));
        const columns = reportColumns(data as unknown as Parameters<typeof reportColumns>[0]);
        const report = await insertHomeReport(tx, {
          reference,
          status: HOME_REPORT_STATUS.NUEVO,
          isMedic: true,
          countryId: country.id,
          subGroupId: subGroup.id,
          data: data as unknown as Record<string, unknown>,
          patientSex: columns.patientSex ?? null,
          isSerious: isSerious(icsr),
          acceptsContact: false,
          reporterUserId: user.id,
          createdAt: now,
          updatedAt: now,
        });
        await insertStatusHistory(tx, { homeReportId: report.id, fromStatus: null, toStatus: HOME_REPORT_STATUS.NUEVO, comment: origin.Remitente, userId: user.id, createdAt: now });
        link = { homeReportId: report.id };
      } else {
        const records = caseRecordsFromReport(data, { patientCountryId: country.id, products: productFacts }, user.id, today);
        const onset = ageAtOnset(icsr);
        if (records.patient.age === null && onset) Object.assign(records.patient, { age: onset.age, ageUnit: onset.unit });
        const created = await createCase(tx, {
          countryId: country.id,
          countryCode: country.code,
          groupId: 1,
          subGroupId: subGroup.id,
          createdBy: user.id,
          ...(user.origin ? { origin: user.origin } : {}),
          receivedAt: hl7Instant(icsr.report.firstReceivedDate) ?? now,
          medicalContact: records.medicalContact?.contacted ?? null,
          history: { description: MSG.e2bImport.caseHistory(code, row.safetyReportId) },
          now,
        });
        await storeCaseRecords(tx, created.id, records, now);
        const narrative = [icsr.narrative.narrative, icsr.narrative.reporterComments, icsr.narrative.senderComments].filter((text) => text?.trim()).join('\n\n');
        await tx
          .update(events)
          .set({ isHistoric: true, status: ER_STATUS.ARCHIVADO_QPPV, additionalInformation: narrative || null, sentAt: now })
          .where(eq(events.id, created.id));
        await refreshCaseDeadlines(tx, { eventIds: [created.id] }, now);
        reference = created.referenceNumber;
        link = { eventId: created.id };
      }
      await tx
        .update(e2bImportReports)
        .set({ ...link, reference, products: chosen.map((product) => product.name), refusal: null })
        .where(and(eq(e2bImportReports.importId, found.id), eq(e2bImportReports.position, row.position)));
      ackReports.push({ messageId: row.messageId, messageCreationDate: row.messageCreationDate, localNumber: reference, accepted: true, detail: '' });
      known.set(row.worldwideCaseId, reference);
      stored += 1;
    }
    const ack = buildAck({ batch: head.batch, ackNumber: code, localMessageNumber: code, now, reports: ackReports });
    await tx
      .update(e2bImports)
      .set({ mode: body.mode, countryId: country.id, confirmedAt: now, confirmedBy: user.id, ackXml: ack.xml, ackCode: ack.code })
      .where(eq(e2bImports.importId, found.id));
    await writeAudit(tx, {
      kind: 'e2b.imported',
      actor: { id: user.id, ...(user.origin ? { origin: user.origin } : {}) },
      description: MSG.e2bImport.auditImported(code, stored, MSG.e2bImport.modeLabel[body.mode]),
      pkId: found.id,
      referenceNumber: code,
      newValues: { Modo: body.mode, Pais: country.code, Producto: fallback.id, Informes: rows.length, Guardados: stored, ACK: ack.code },
      at: now,
    });
  });
  return e2bImportReportsOf(db, user, code);
}
