import {
  DEFAULT_DUPLICATE_THRESHOLD,
  DUPLICATE_FIELD_LABELS,
  type DuplicateCandidate,
  type DuplicateCandidates,
  type DuplicateContribution,
  type DuplicateDecisionInput,
  type DuplicateField,
  type DuplicateFrequencies,
  type DuplicateFieldComparison,
  type DuplicateLink,
  type DuplicatePairs,
  duplicateReason,
  duplicateScore,
  ER_STATUS,
  erStatusName,
  HOME_REPORT_STATUS,
  homeReportStatusName,
  MSG,
} from '@atalaya/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, readAll } from '../../db/client.js';
import { executeNamed } from '../../db/prepared.js';
import { countries, duplicateDecisions, eventComments, events, homeReports, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { personName } from '../../shared/person-name.js';
import { integerSetting } from '../../shared/settings.js';
import { writeAudit } from '../audit/index.js';
import { recordCaseOperation } from '../cases/index.js';
import { insertStatusHistory, type StoredReport } from '../home-reports/index.js';
import { caseReach, findCaseInReach, loadUserLaboratoryIds, reachesByLaboratory, type ReachUser } from '../reach/index.js';
import { type FoundPair, listPairs } from './pairs.js';
import { type CandidateScope, candidateIds, valueFrequencies } from './queries.js';
import { type ComparedRecord, loadCaseRecords, reportRecord, type ReportRow } from './records.js';

/** How many candidates the lists show (the highest scores). */
export const MAX_CANDIDATES = 10;

/** The threshold (bits) of the setting `cases.duplicateThreshold`. */
export function duplicateThreshold(db: DbOrTx): Promise<number> {
  return integerSetting(db, 'cases.duplicateThreshold', DEFAULT_DUPLICATE_THRESHOLD);
}

export async function reachOf(db: DbOrTx, user: ReachUser) {
  return caseReach(user, reachesByLaboratory(user.role) ? await loadUserLaboratoryIds(db, user.id) : undefined);
}

function sexName(value: string | null): string {
  return value === 'M' ? 'Masculino' : value === 'F' ? 'Femenino' : '';
}

function ageText(years: number | null): string {
  if (years === null) return '';
  if (years >= 2) return `${Math.floor(years)} años`;
  const months = Math.floor(years * 12);
  return months >= 1 ? `${months} meses` : `${Math.round(years * 365.25)} días`;
}

function joined(values: readonly (string | number)[], names?: ReadonlyMap<string, string>): string {
  return values.map((value) => names?.get(String(value)) ?? String(value)).join(', ');
}

/** A field's value as the comparison shows it. */
function shown(side: ComparedRecord, field: DuplicateField): string {
  const { record, names } = side;
  switch (field) {
    case 'caseNumber':
      return joined(record.caseNumbers);
    case 'initials':
      return record.initials ?? '';
    case 'sex':
      return sexName(record.sex);
    case 'age':
      return ageText(record.ageYears);
    case 'country':
      return names.country ?? '';
    case 'onset':
      return record.onset ?? '';
    case 'drug':
      return joined(record.drugIds, names.drugs);
    case 'ingredient':
      return joined(record.ingredientIds, names.ingredients);
    case 'llt':
      return joined(record.lltCodes, names.llts);
    case 'pt':
      return joined(record.ptCodes, names.pts);
    case 'email':
      return joined(record.emails);
    case 'phone':
      return joined(record.phones);
  }
}

export function reasons(contributions: readonly DuplicateContribution[]): string[] {
  return [...contributions]
    .filter((part) => part.weight > 0)
    .sort((a, b) => b.weight - a.weight)
    .map(duplicateReason)
    .filter((reason): reason is string => reason !== null);
}

/** The candidates scored against the subject, those at or above the threshold, highest first. */
function scorePairs(subject: ComparedRecord, others: readonly ComparedRecord[], threshold: number, weights: DuplicateFrequencies): FoundPair[] {
  return others
    .map((other) => ({ subject, other, result: duplicateScore(subject.record, other.record, weights) }))
    .filter(({ result }) => result.score >= threshold)
    .sort((a, b) => b.result.score - a.result.score || b.other.createdAt.getTime() - a.other.createdAt.getTime());
}

/**
 * Scores every candidate against the subject and keeps those at or above the threshold, highest
 * first. The subject's weights (`valueFrequencies`) and the candidates' records are read side by
 * side (on a pool; one after the other in a transaction).
 */
export async function scoredPairs(db: DbOrTx, subject: ComparedRecord, ids: readonly string[], threshold: number): Promise<FoundPair[]> {
  if (ids.length === 0) return [];
  const [weights, others] = await readAll(db, [() => valueFrequencies(db, subject.record), () => loadCaseRecords(db, ids)]);
  return scorePairs(subject, others, threshold, weights);
}

/**
 * The screens' candidates of a subject within reach: its candidates' ids then their records, and
 * beside them (on the pool, never waiting on each other) the subject's weights.
 */
async function candidatesOf(db: Db, subject: ComparedRecord, scope: CandidateScope, threshold: number): Promise<DuplicateCandidate[]> {
  const [weights, others] = await Promise.all([
    valueFrequencies(db, subject.record),
    candidateIds(db, subject.record, scope).then((ids) => loadCaseRecords(db, ids)),
  ]);
  return asCandidates(scorePairs(subject, others, threshold, weights));
}

/** The candidates as the screens show them (at most `MAX_CANDIDATES`, highest first). */
function asCandidates(found: readonly FoundPair[]): DuplicateCandidate[] {
  return found.slice(0, MAX_CANDIDATES).map(({ subject, other, result }) => ({
    Meta: other.meta ?? '',
    NumeroReferencia: other.reference,
    Estado: other.status,
    FechaCreacion: other.createdAt.toISOString(),
    Puntaje: result.score,
    Razones: reasons(result.contributions),
    Campos: result.contributions.map(
      (part): DuplicateFieldComparison => ({
        Campo: part.field,
        Etiqueta: DUPLICATE_FIELD_LABELS[part.field],
        Resultado: part.outcome,
        Peso: part.weight,
        Este: shown(subject, part.field),
        Otro: shown(other, part.field),
      }),
    ),
  }));
}

/** The links of a case: the case it is a duplicate of, and the cases and reports marked duplicates of it. */
async function linksOf(db: DbOrTx, reach: SQL, eventId: string): Promise<Pick<DuplicateCandidates, 'DuplicadoDe' | 'Vinculados'>> {
  const rows = await executeNamed<{
    decided_at: Date | string;
    comment: string;
    first_name: string | null;
    last_name: string | null;
    master: boolean;
    meta: string | null;
    reference: string;
  }>(
    db,
    sql`
    select d.created_at as decided_at, d.comment, u.first_name, u.last_name, d.master_event_id = ${eventId} as master,
      case when d.home_report_id is not null then null else ${events.meta} end as meta,
      coalesce(h.reference, ${events.referenceNumber}) as reference
    from ${duplicateDecisions} d
    join ${users} u on u.id = d.user_id
    left join ${homeReports} h on h.id = d.home_report_id
    join ${events} on ${events.id} = case when d.home_report_id is not null then d.event_id
      when d.event_id = ${eventId} then d.other_event_id else d.event_id end
    where d.decision = 'duplicate' and (d.event_id = ${eventId} or d.other_event_id = ${eventId})
      and (d.home_report_id is not null or ${reach})
    order by d.created_at desc`,
  );
  const toLink = (row: (typeof rows)[number]): DuplicateLink => ({
    Meta: row.meta,
    Referencia: row.reference,
    Fecha: new Date(row.decided_at).toISOString(),
    Usuario: personName({ firstName: row.first_name, lastName: row.last_name }),
    Comentario: row.comment,
  });
  const linked = rows.filter((row) => row.master).map(toLink);
  const master = rows.find((row) => !row.master);
  return { DuplicadoDe: master ? toLink(master) : null, Vinculados: linked };
}

/**
 * `GET /api/getDuplicateCandidatesByMeta/{meta}`: the possible duplicates of a case within the
 * caller's reach, and its links. A case out of reach answers 404, as an unknown one.
 */
export async function candidatesForCase(db: Db, user: AuthUser, meta: string): Promise<DuplicateCandidates> {
  // Rounds of reads, each side by side on the pool: who and what may be read; the case and its
  // links; its candidates' ids, then their records, beside the weights of its values.
  const [found, reach, threshold] = await Promise.all([findCaseInReach(db, user, meta), reachOf(db, user), duplicateThreshold(db)]);
  if (!found) throw notFound(MSG.lists.eventNotFound);
  const [[subject], links] = await Promise.all([loadCaseRecords(db, [found.id]), linksOf(db, reach, found.id)]);
  if (!subject) throw notFound(MSG.lists.eventNotFound);
  // A case already marked duplicate is out of the workflow: nothing more to propose.
  if (subject.duplicateOf) return { Umbral: threshold, Candidatos: [], ...links };
  // A read: the pairs are stored by the scan and when the case is sent (recorder.ts), never here.
  return { Umbral: threshold, Candidatos: await candidatesOf(db, subject, { reach, eventId: found.id, homeReportId: null }, threshold), ...links };
}

/** An incoming report within the caller's reach (RLF its country's, QPPV every one), else 404. */
async function reportInReach(db: DbOrTx, user: AuthUser, id: string, forUpdate = false): Promise<ReportRow> {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!UUID.test(id)) throw notFound(MSG.homeReports.reportNotFound);
  if (forUpdate) await db.select({ id: homeReports.id }).from(homeReports).where(eq(homeReports.id, id)).for('update');
  const [row] = await db
    .select({
      id: homeReports.id,
      reference: homeReports.reference,
      status: homeReports.status,
      countryId: homeReports.countryId,
      countryCode: countries.code,
      countryName: countries.name,
      createdAt: homeReports.createdAt,
      data: homeReports.data,
    })
    .from(homeReports)
    .innerJoin(countries, eq(countries.id, homeReports.countryId))
    .where(eq(homeReports.id, id));
  const reaches = row && (user.role === 'QPPV' || (user.role === 'RLF' && row.countryCode === user.countryCode));
  if (!row || !reaches) throw notFound(MSG.homeReports.reportNotFound);
  return { ...row, status: Number(row.status), data: row.data as unknown as StoredReport };
}

/** `GET /api/getDuplicateCandidatesByHomeReport/{id}`: the cases an incoming report may repeat, within reach. */
export async function candidatesForReport(db: Db, user: AuthUser, id: string): Promise<DuplicateCandidates> {
  const [report, reach, threshold] = await Promise.all([reportInReach(db, user, id), reachOf(db, user), duplicateThreshold(db)]);
  const subject = await reportRecord(db, report);
  return { Umbral: threshold, Candidatos: await candidatesOf(db, subject, { reach, eventId: null, homeReportId: report.id }, threshold), DuplicadoDe: null, Vinculados: [] };
}

const conflict = (message: string) => new AppError(409, message);

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
  return cause?.code === '23505';
}

/** What the request's origin adds to the audit (address and user agent). */
type Actor = AuthUser;

/**
 * `POST /api/setDuplicateDecision`: 'Es duplicado' or 'No es duplicado' on a pair, with its
 * comment, in one transaction with its audit row. 'Es duplicado' of two cases links the other
 * to the master (`duplicate_of_event_id`) and moves it to Anulado (out of the workflow and of
 * the counts); of a report and a case, the report is discarded with the link in its history. A
 * pair is decided once (409 after); a rejected pair is never proposed again.
 */
export async function decidePair(db: Db, user: Actor, input: DuplicateDecisionInput): Promise<{ Message: string }> {
  try {
    return await db.transaction(async (tx) => {
      const other = await findCaseInReach(tx, user, input.OtroMeta, { forUpdate: true });
      if (!other) throw notFound(MSG.duplicates.otherNotFound);
      const [otherRow] = await tx.select({ duplicateOf: events.duplicateOfEventId }).from(events).where(eq(events.id, other.id));
      if (otherRow?.duplicateOf) throw conflict(MSG.duplicates.alreadyDuplicate(other.referenceNumber));
      const now = new Date();
      if (input.HomeReportId !== undefined) return decideReport(tx, user, input, input.HomeReportId, other, now);

      const subject = await findCaseInReach(tx, user, input.Meta ?? '', { forUpdate: true });
      if (!subject) throw notFound(MSG.lists.eventNotFound);
      if (subject.id === other.id) throw badRequest(MSG.duplicates.samePair);
      const [subjectRow] = await tx.select({ duplicateOf: events.duplicateOfEventId }).from(events).where(eq(events.id, subject.id));
      if (subjectRow?.duplicateOf) throw conflict(MSG.duplicates.alreadyDuplicate(subject.referenceNumber));
      const records = await loadCaseRecords(tx, [subject.id, other.id]);
      const [a, b] = [records.find((r) => r.eventId === subject.id), records.find((r) => r.eventId === other.id)];
      const score = a && b ? duplicateScore(a.record, b.record, await valueFrequencies(tx, a.record)).score : 0;
      const [low, high] = subject.id < other.id ? [subject.id, other.id] : [other.id, subject.id];

      if (input.Decision === 'not-duplicate') {
        await tx.insert(duplicateDecisions).values({ eventId: low, otherEventId: high, decision: 'not-duplicate', score, comment: input.Comentario, userId: user.id, createdAt: now });
        for (const side of [subject, other]) {
          const pairOf = side === subject ? other : subject;
          await recordCaseOperation(tx, user, side, {
            kind: 'case.duplicate-decided',
            description: MSG.duplicates.notDuplicate,
            operationType: 'U',
            lines: [{ description: 'No es duplicado de', oldValue: null, newValue: pairOf.referenceNumber }],
            comment: input.Comentario,
            now,
          });
        }
        return { Message: MSG.duplicates.auditNotDuplicate(subject.referenceNumber, other.referenceNumber) };
      }

      const master = [subject, other].find((side) => side.meta === input.MaestroMeta);
      if (!master) throw badRequest(MSG.duplicates.masterNotInPair);
      const duplicate = master === subject ? other : subject;
      await tx.insert(duplicateDecisions).values({ eventId: low, otherEventId: high, decision: 'duplicate', masterEventId: master.id, score, comment: input.Comentario, userId: user.id, createdAt: now });
      const from = duplicate.status;
      await tx.update(events).set({ duplicateOfEventId: master.id, status: ER_STATUS.ANULADO, updatedAt: now, updatedBy: user.id }).where(eq(events.id, duplicate.id));
      const comment = MSG.duplicates.markedComment(master.referenceNumber, input.Comentario);
      if (from !== ER_STATUS.ANULADO) {
        await tx.insert(eventComments).values({ eventId: duplicate.id, action: MSG.duplicates.isDuplicate, fromStatus: from, toStatus: ER_STATUS.ANULADO, comment, userId: user.id, createdAt: now });
      }
      await recordCaseOperation(tx, user, duplicate, {
        kind: 'case.duplicate-decided',
        description: MSG.duplicates.auditDuplicate(duplicate.referenceNumber, master.referenceNumber),
        operationType: 'U',
        lines: [
          { description: MSG.duplicates.duplicateOf, oldValue: null, newValue: master.referenceNumber },
          ...(from !== ER_STATUS.ANULADO ? [{ description: 'Estado', oldValue: erStatusName(from), newValue: erStatusName(ER_STATUS.ANULADO) }] : []),
        ],
        comment: input.Comentario,
        now,
      });
      await recordCaseOperation(tx, user, master, {
        kind: 'case.duplicate-decided',
        description: MSG.duplicates.auditDuplicate(duplicate.referenceNumber, master.referenceNumber),
        operationType: 'U',
        lines: [{ description: MSG.duplicates.linked, oldValue: null, newValue: duplicate.referenceNumber }],
        comment: input.Comentario,
        now,
      });
      return { Message: MSG.duplicates.auditDuplicate(duplicate.referenceNumber, master.referenceNumber) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MSG.duplicates.alreadyDecided);
    throw error;
  }
}

async function decideReport(
  tx: DbOrTx,
  user: Actor,
  input: DuplicateDecisionInput,
  homeReportId: string,
  other: NonNullable<Awaited<ReturnType<typeof findCaseInReach>>>,
  now: Date,
): Promise<{ Message: string }> {
  const report = await reportInReach(tx, user, homeReportId, true);
  if (report.status !== HOME_REPORT_STATUS.NUEVO && report.status !== HOME_REPORT_STATUS.EN_REVISION) throw conflict(MSG.duplicates.reportClosed);
  if (input.Decision === 'duplicate' && input.MaestroMeta !== undefined && input.MaestroMeta !== other.meta) throw badRequest(MSG.duplicates.masterNotInPair);
  const subject = await reportRecord(tx, report);
  const [candidate] = await loadCaseRecords(tx, [other.id]);
  const score = candidate ? duplicateScore(subject.record, candidate.record, await valueFrequencies(tx, subject.record)).score : 0;
  const duplicate = input.Decision === 'duplicate';
  await tx.insert(duplicateDecisions).values({
    eventId: other.id,
    homeReportId: report.id,
    decision: input.Decision,
    masterEventId: duplicate ? other.id : null,
    score,
    comment: input.Comentario,
    userId: user.id,
    createdAt: now,
  });
  const description = duplicate ? MSG.duplicates.auditDuplicate(report.reference, other.referenceNumber) : MSG.duplicates.auditNotDuplicate(report.reference, other.referenceNumber);
  if (duplicate) {
    await tx.update(homeReports).set({ status: HOME_REPORT_STATUS.DESCARTADO, updatedAt: now, updatedBy: user.id }).where(eq(homeReports.id, report.id));
    await insertStatusHistory(tx, {
      homeReportId: report.id,
      fromStatus: report.status,
      toStatus: HOME_REPORT_STATUS.DESCARTADO,
      comment: MSG.duplicates.markedComment(other.referenceNumber, input.Comentario),
      userId: user.id,
      createdAt: now,
    });
  }
  await writeAudit(tx, {
    kind: 'case.duplicate-decided',
    actor: { id: user.id, origin: user.origin },
    description,
    pkId: other.id,
    referenceNumber: other.referenceNumber,
    metadata: other.meta,
    oldValues: duplicate ? { Reporte: report.reference, Estado: homeReportStatusName(report.status) } : null,
    newValues: { Reporte: report.reference, Caso: other.referenceNumber, Decision: input.Decision, Comentario: input.Comentario, ...(duplicate ? { Estado: homeReportStatusName(HOME_REPORT_STATUS.DESCARTADO) } : {}) },
  });
  return { Message: description };
}

/**
 * `GET /api/getDuplicatePairs`: the stored suspected pairs in the QPPV's reach (docs/duplicates.md
 * 'The stored pairs'), the newest case first, keyset-paged. A read: the pairs are written by the
 * whole-database scan and as each case is sent (recorder.ts).
 */
export async function suspectedPairs(db: Db, user: AuthUser, after?: string): Promise<DuplicatePairs> {
  const threshold = await duplicateThreshold(db);
  const reach = await reachOf(db, user);
  return { Umbral: threshold, ...(await listPairs(db, { reach: sql`(${reach} and ${events.status} <> ${ER_STATUS.PENDIENTE})`, threshold, after, reasons })) };
}
