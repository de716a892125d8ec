import { erStatusName, type FollowUpEvent, type FollowUpReport, MSG } from '@atalaya/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { events, files, followUpReports, operationHistory, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { notFound } from '../../http/errors.js';
import { type DownloadableFile, loadFile } from '../storage/index.js';
import { caseReach } from '../reach/index.js';

/** The follow-up reads of the event view (event spec §9): a report, its file, the follow-up events of a case. */

const fullName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

const followUpEvent = alias(events, 'follow_up_event');

/** A follow-up report whose case is within reach, or null. */
async function followUpInReach(db: Db, user: AuthUser, id: number) {
  const [row] = await db
    .select({
      id: followUpReports.id,
      caseId: followUpReports.eventId,
      referenceNumber: followUpReports.referenceNumber,
      createdAt: followUpReports.createdAt,
      fileId: followUpReports.fileId,
      fileName: files.name,
      user: fullName,
      followUpMeta: followUpEvent.meta,
      followUpDeletedAt: followUpEvent.deletedAt,
    })
    .from(followUpReports)
    .innerJoin(events, eq(events.id, followUpReports.eventId))
    .innerJoin(users, eq(users.id, followUpReports.createdBy))
    .leftJoin(files, eq(files.id, followUpReports.fileId))
    .leftJoin(followUpEvent, eq(followUpEvent.id, followUpReports.followUpEventId))
    .where(and(eq(followUpReports.id, id), caseReach(user)));
  return row ?? null;
}

/**
 * `Seguimiento/{id}`: one follow-up report of a case within reach (404 otherwise). Comentario
 * is the comment given to insertES, kept on the case's history entry
 * 'Reporte de seguimiento {ref} creado' (null when none was given).
 */
export async function getFollowUpReport(db: Db, user: AuthUser, id: number): Promise<FollowUpReport> {
  const report = await followUpInReach(db, user, id);
  if (!report) throw notFound(MSG.pdf.followUpNotFound);
  const [entry] = await db
    .select({ comment: operationHistory.comment })
    .from(operationHistory)
    .where(and(eq(operationHistory.eventId, report.caseId), eq(operationHistory.description, `Reporte de seguimiento ${report.referenceNumber} creado`)))
    .orderBy(asc(operationHistory.id))
    .limit(1);
  return {
    Id: report.id,
    NumeroReferencia: report.referenceNumber,
    Date: report.createdAt.toISOString(),
    UserFullName: report.user,
    FileName: report.fileName,
    FollowUpMeta: report.followUpDeletedAt === null ? report.followUpMeta : null,
    Comentario: entry?.comment ?? null,
  };
}

/** `downloadFollowUpById/{id}`: the file of a follow-up report whose case is within reach (404 otherwise or without file). */
export async function followUpFile(db: Db, user: AuthUser, id: number): Promise<DownloadableFile> {
  const report = await followUpInReach(db, user, id);
  if (!report) throw notFound(MSG.pdf.followUpNotFound);
  const file = report.fileId ? await loadFile(db, report.fileId) : null;
  if (!file) throw notFound(MSG.pdf.followUpFileNotFound);
  return file;
}

const creator = alias(users, 'creator');

/**
 * `getFollowUpEventsByReference/{reference}`: the follow-up events (EventType 3) of the case
 * with this NumeroReferencia, oldest first. 404 when no case in reach has it; [] when it has none.
 */
export async function followUpEventsByReference(db: Db, user: AuthUser, reference: string): Promise<FollowUpEvent[]> {
  const [found] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.referenceNumber, reference), caseReach(user)));
  if (!found) throw notFound(MSG.lists.eventNotFound);
  const rows = await db
    .select({
      meta: events.meta,
      referenceNumber: events.referenceNumber,
      status: events.status,
      createdAt: events.createdAt,
      user: sql<string>`trim(${creator.firstName} || ' ' || ${creator.lastName})`,
    })
    .from(events)
    .innerJoin(creator, eq(creator.id, events.createdBy))
    .where(and(eq(events.parentEventId, found.id), isNull(events.deletedAt)))
    .orderBy(asc(events.createdAt), asc(events.referenceNumber));
  return rows.map((row) => ({
    Meta: row.meta,
    NumeroReferencia: row.referenceNumber,
    Status: row.status,
    StatusName: erStatusName(row.status),
    DateCreation: row.createdAt.toISOString(),
    UserFullName: row.user,
  }));
}
