import { createHash, randomBytes } from 'node:crypto';
import {
  checkIcsr,
  ER_STATUS,
  MSG,
  type E2bBatchExported,
  type E2bBatchRefusal,
  type E2bBatchRefused,
  type E2bBatchResult,
  type IcsrBatch,
  type IcsrMessageHeader,
} from '@atalaya/domain';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { e2bSubmissions, e2bSubmissionStatuses, events } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest, notFound } from '../../http/errors.js';
import { writeAudit } from '../audit/index.js';
import { caseReach } from '../reach/index.js';
import { buildMessageXml, wrapBatchXml } from './build.js';
import { exportMeddraVersion, exportSender } from './config.js';
import { hl7Moment, loadIcsrs } from './load.js';
import { receiverByCode } from './receivers.js';
import { validateXml } from './xsd.js';

/**
 * The batch export of a selection of the event search (docs/e2b.md 'Batch export'): one
 * MCCI_IN200100UV01 holding one PORR_IN049016UV per case. Each case is checked as a single export
 * is (ICH rules, and the schema when configured); a case that fails is left out and listed with its
 * problems, the valid ones make the batch. Cases are read, built and checked in chunks, and only
 * each valid case's message text is kept, so the memory stays bounded for a thousand cases.
 */

/** Cases read (one statement: loadIcsrs), built and schema-checked together. */
const CHUNK = 100;
/** Rows per INSERT / IN list. */
const ROWS = 200;

const PORR_OPEN = '\n  <PORR_IN049016UV>';
const PORR_CLOSE = '  </PORR_IN049016UV>';

interface CaseRow {
  id: string;
  meta: string;
  referenceNumber: string;
  status: number;
  isHistoric: boolean;
}

interface Built {
  row: CaseRow;
  messageId: string;
  worldwideCaseId: string;
  annulled: boolean;
  /** The case's PORR_IN049016UV as written in the batch. */
  message: string;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}

const lineCount = (text: string) => text.split('\n').length;
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The schema check of a chunk: the chunk's batch is validated once, and each problem is given to the
 * case whose message holds its line, with the line it has in the case's own file. A case with a
 * problem is dropped and the rest checked again (libxml2 may stop reporting after many errors).
 */
export function schemaProblems(header: IcsrBatch['batch'], messages: readonly string[], xsdDir: string): Map<number, string[]> {
  const found = new Map<number, string[]>();
  const prefixLines = lineCount(wrapBatchXml(header, []).split('\n  <receiver')[0] ?? '');
  let remaining = messages.map((_, index) => index);
  for (;;) {
    const xml = wrapBatchXml(
      header,
      remaining.map((index) => messages[index] ?? ''),
    );
    const problems = validateXml(xml, xsdDir);
    if (problems.length === 0) return found;
    const starts: number[] = [];
    let line = prefixLines + 1;
    for (const index of remaining) {
      starts.push(line);
      line += lineCount(messages[index] ?? '');
    }
    const failing = new Set<number>();
    for (const problem of problems) {
      let position = starts.length - 1;
      while (position > 0 && (starts[position] ?? 0) > problem.line) position -= 1;
      const index = remaining[position];
      const start = starts[position] ?? 0;
      // A problem outside every message is in the header we write: our bug, not the case's.
      if (index === undefined || problem.line < start || problem.line >= line) throw new Error(`E2B batch header invalid: ${problem.message}`);
      failing.add(index);
      found.set(index, [...(found.get(index) ?? []), MSG.e2bExport.schemaProblem(problem.line - start + prefixLines + 1, problem.message)]);
    }
    remaining = remaining.filter((index) => !failing.has(index));
    if (remaining.length === 0) return found;
  }
}

/** The cases of `metas` in the user's reach, by Meta. */
async function casesInReach(db: DbOrTx, user: AuthUser, metas: readonly string[]): Promise<Map<string, CaseRow>> {
  const found = new Map<string, CaseRow>();
  for (const part of chunks(metas, ROWS)) {
    const rows = await db
      .select({ id: events.id, meta: events.meta, referenceNumber: events.referenceNumber, status: events.status, isHistoric: events.isHistoric })
      .from(events)
      .where(and(inArray(events.meta, part), caseReach(user)));
    for (const row of rows) found.set(row.meta, row);
  }
  return found;
}

/** The annulled cases among `ids` already sent to the receiver (their export is the nullification). */
async function sentTo(db: DbOrTx, receiver: string, ids: readonly string[]): Promise<Set<string>> {
  const sent = new Set<string>();
  for (const part of chunks(ids, ROWS)) {
    const rows = await db
      .selectDistinct({ eventId: e2bSubmissions.eventId })
      .from(e2bSubmissions)
      .innerJoin(e2bSubmissionStatuses, eq(e2bSubmissionStatuses.submissionId, e2bSubmissions.id))
      .where(and(eq(e2bSubmissions.receiver, receiver), inArray(e2bSubmissions.eventId, part), ne(e2bSubmissionStatuses.status, 'generated')));
    for (const row of rows) sent.add(row.eventId);
  }
  return sent;
}

export type BatchOutcome = { result: E2bBatchResult } | { refused: E2bBatchRefusal };

/**
 * Exports the cases `metas` for a receiver as one batch. A case out of the user's reach (or unknown)
 * answers 404 for the whole selection, as a single export does. Cases Pendiente, annulled and never
 * sent to the receiver, or failing the ICH rules or the schema are left out with their problems; the others are stored as submissions (one per case, the same versioning as a single
 * export) of the same batch number, in one transaction, and audited. No valid case: refused (422),
 * nothing stored.
 */
export async function exportBatch(db: Db, user: AuthUser, receiver: string, metas: readonly string[], options: { xsdDir: string | undefined; now?: Date }): Promise<BatchOutcome> {
  const target = await receiverByCode(db, receiver);
  if (!target) throw badRequest(MSG.e2bExport.receiverUnknown);
  const unique = [...new Set(metas)];
  const reached = await casesInReach(db, user, unique);
  const annulledIds = [...reached.values()].filter((row) => row.status === ER_STATUS.ANULADO).map((row) => row.id);
  const annulledSent = annulledIds.length ? await sentTo(db, receiver, annulledIds) : new Set<string>();

  const refused = new Map<string, E2bBatchRefused>();
  const refuse = (meta: string, referenceNumber: string, problems: string[]) => refused.set(meta, { Caso: meta, Referencia: referenceNumber, Problemas: problems });
  const candidates: CaseRow[] = [];
  for (const meta of unique) {
    const row = reached.get(meta);
    if (!row) throw notFound(MSG.e2bBatch.caseNotFound);
    if (row.isHistoric) refuse(meta, row.referenceNumber, [MSG.e2bExport.historicCase]);
    else if (row.status === ER_STATUS.PENDIENTE) refuse(meta, row.referenceNumber, [MSG.e2bExport.pendingCase]);
    else if (row.status === ER_STATUS.ANULADO && !annulledSent.has(row.id)) refuse(meta, row.referenceNumber, [MSG.e2bExport.annulledNeverSent]);
    else candidates.push(row);
  }

  const now = options.now ?? new Date();
  const moment = hl7Moment(now);
  const { senderId, sender } = await exportSender(db);
  const meddra = await exportMeddraVersion(db);
  const batchHeader: IcsrBatch['batch'] = {
    batchNumber: `${senderId}-${moment.slice(0, 14)}-${randomBytes(4).toString('hex').toUpperCase()}`,
    senderId,
    receiverId: receiver,
    transmissionDate: moment,
  };

  const built: Built[] = [];
  for (const part of chunks(candidates, CHUNK)) {
    const ready: Built[] = [];
    const loaded = await loadIcsrs(
      db,
      part.map((row) => row.id),
      { now, senderCode: senderId, sender, meddraVersion: meddra?.version ?? null, receiverId: receiver },
    );
    for (const row of part) {
      const icsr = loaded.get(row.id);
      if (!icsr) {
        // Deleted since it was found: left out like an invalid case.
        refuse(row.meta, row.referenceNumber, [MSG.e2bBatch.caseNotFound]);
        continue;
      }
      const header: IcsrMessageHeader = { messageId: icsr.report.safetyReportId, senderId, receiverId: receiver, creationDate: moment };
      const checked = checkIcsr(icsr, { header, today: moment.slice(0, 8) });
      const problems = meddra ? checked.map((problem) => problem.message) : [MSG.e2bExport.meddraVersionUnknown, ...checked.filter((problem) => !problem.message.startsWith('E.i.2.1a ')).map((problem) => problem.message)];
      if (problems.length) {
        refuse(row.meta, row.referenceNumber, problems);
        continue;
      }
      ready.push({ row, messageId: header.messageId, worldwideCaseId: icsr.report.worldwideUniqueId, annulled: row.status === ER_STATUS.ANULADO, message: buildMessageXml(header, icsr) });
    }
    const schema = options.xsdDir && ready.length ? schemaProblems(batchHeader, ready.map((entry) => entry.message), options.xsdDir) : new Map<number, string[]>();
    ready.forEach((entry, index) => {
      const problems = schema.get(index);
      if (problems) refuse(entry.row.meta, entry.row.referenceNumber, problems);
      else built.push(entry);
    });
  }

  const schemaChecked = options.xsdDir !== undefined;
  const refusedList = unique.flatMap((meta) => refused.get(meta) ?? []);
  if (built.length === 0) return { refused: { Message: MSG.e2bBatch.refused, SchemaChecked: schemaChecked, Rechazados: refusedList } };

  const exported = await db.transaction(async (tx) => {
    const ids = built.map((entry) => entry.row.id);
    // The versions are counted under the cases' locks, taken in one order (as a single export does).
    const previous = new Map<string, number>();
    for (const part of chunks([...ids].sort(), ROWS)) {
      await tx.select({ id: events.id }).from(events).where(inArray(events.id, part)).orderBy(asc(events.id)).for('update');
      const counts = await tx
        .select({ eventId: e2bSubmissions.eventId, n: count() })
        .from(e2bSubmissions)
        .where(and(eq(e2bSubmissions.receiver, receiver), inArray(e2bSubmissions.eventId, part)))
        .groupBy(e2bSubmissions.eventId);
      for (const row of counts) previous.set(row.eventId, Number(row.n));
    }
    const out: E2bBatchExported[] = [];
    for (const part of chunks(built, ROWS)) {
      const values = part.map((entry) => {
        const version = (previous.get(entry.row.id) ?? 0) + 1;
        // Each report is kept as the one-report batch of the same number: valid on its own, and the
        // batch file is these messages between the same header and trailer (getE2BBatch).
        const xml = wrapBatchXml(batchHeader, [entry.message]);
        return {
          eventId: entry.row.id,
          receiver,
          batchNumber: batchHeader.batchNumber,
          messageId: entry.messageId,
          worldwideCaseId: entry.worldwideCaseId,
          version,
          kind: entry.annulled ? 'nullification' : version === 1 ? 'initial' : 'follow-up',
          xml,
          sha256: sha256(xml),
          schemaChecked,
          meddraVersion: meddra?.version ?? null,
          meddraVersionSource: meddra?.source ?? null,
          createdBy: user.id,
          createdAt: now,
        };
      });
      const rows = await tx.insert(e2bSubmissions).values(values).returning({ id: e2bSubmissions.id, eventId: e2bSubmissions.eventId });
      const idOf = new Map(rows.map((row) => [row.eventId, row.id]));
      for (const [index, entry] of part.entries()) {
        const value = values[index];
        const id = idOf.get(entry.row.id);
        if (!value || id === undefined) throw new Error('E2B batch submission not stored');
        await writeAudit(tx, {
          kind: 'case.e2b-exported',
          actor: user,
          pkId: entry.row.id,
          referenceNumber: entry.row.referenceNumber,
          metadata: entry.row.meta,
          at: now,
          description: `Exportación E2B(R3) para ${target.name} (versión ${value.version}, lote de ${built.length} casos)`,
          oldValues: null,
          newValues: { receiver, version: value.version, kind: value.kind, batchNumber: batchHeader.batchNumber, meddraVersion: meddra?.version ?? null, meddraVersionSource: meddra?.source ?? null },
        });
        out.push({ Caso: entry.row.meta, Referencia: entry.row.referenceNumber, Id: id, Version: value.version, Tipo: value.kind, Mensaje: entry.messageId });
      }
    }
    return out;
  });
  const batchXml = wrapBatchXml(
    batchHeader,
    built.map((entry) => entry.message),
  );
  return {
    result: { Lote: batchHeader.batchNumber, Receptor: receiver, Sha256: sha256(batchXml), EsquemaVerificado: schemaChecked, Exportados: exported, Rechazados: refusedList },
  };
}

/**
 * The file of a batch: the messages of its submissions (in the order they were stored) between the
 * batch's header and trailer, byte for byte the batch that was checked. Every case of the batch must
 * be in the user's reach.
 */
export async function batchFile(db: Db, user: AuthUser, batchNumber: string): Promise<{ xml: string; fileName: string }> {
  const rows = await db
    .select({ xml: e2bSubmissions.xml, receiver: e2bSubmissions.receiver, inReach: caseReach(user).mapWith(Boolean) })
    .from(e2bSubmissions)
    .innerJoin(events, eq(events.id, e2bSubmissions.eventId))
    .where(eq(e2bSubmissions.batchNumber, batchNumber))
    .orderBy(asc(e2bSubmissions.id));
  const first = rows[0];
  if (!first || rows.some((row) => !row.inReach)) throw notFound(MSG.e2bBatch.batchNotFound);
  const fileName = `E2B-lote-${batchNumber}-${first.receiver}.xml`;
  // A batch of one report (a single export) is its submission's file as stored.
  if (rows.length === 1) return { xml: first.xml, fileName };
  const parts = rows.map((row) => {
    const open = row.xml.indexOf(PORR_OPEN);
    const close = row.xml.lastIndexOf(PORR_CLOSE);
    if (open < 0 || close < 0) throw new Error(`E2B submission of batch ${batchNumber} is not a batch document`);
    return { before: row.xml.slice(0, open), message: row.xml.slice(open + 1, close + PORR_CLOSE.length), after: row.xml.slice(close + PORR_CLOSE.length) };
  });
  const head = parts[0];
  if (!head) throw notFound(MSG.e2bBatch.batchNotFound);
  const xml = `${head.before}\n${parts.map((part) => part.message).join('\n')}${head.after}`;
  return { xml, fileName };
}
