import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppendOnlyTable } from '../db/append-only.js';
import type { DbOrTx } from '../db/client.js';
import {
  e2bSubmissions,
  e2bSubmissionStatuses,
  auditLog,
  countries,
  electronicSignatures,
  files,
  homeReports,
  homeReportStatusHistory,
  operationHistory,
  operationHistoryLines,
  pdfHistory,
  signalHistory,
  signals,
} from '../db/schema/index.js';
import { addCaseComment, addFollowUp, createCase } from './cases.js';
import { createUser } from './factories.js';

/** The id of one row of every history table, written for this call (unique data, shared database). */
export async function oneRowOfEachHistoryTable(db: DbOrTx): Promise<Record<AppendOnlyTable, number>> {
  const user = await createUser(db, { role: 'RLF' });
  const testCase = await createCase(db, { status: 1, createdBy: user.id });
  const content = new TextEncoder().encode('%PDF-1.4 historial');
  const [file] = await db
    .insert(files)
    .values({ name: 'caso.pdf', extension: 'pdf', mimeType: 'application/pdf', size: content.length, sha256: randomUUID(), content, createdBy: user.id })
    .returning({ id: files.id });
  const [country] = await db.select({ id: countries.id }).from(countries).where(sql`${countries.code} = 'UY'`);
  const [report] = await db
    .insert(homeReports)
    .values({ reference: `RH-1999-${randomUUID()}`, isMedic: false, countryId: country?.id ?? 0, subGroupId: 0, data: {} })
    .returning({ id: homeReports.id });
  const [entry] = await db
    .insert(operationHistory)
    .values({ eventId: testCase.id, userId: user.id, description: 'Historial de prueba', operationType: 'U' })
    .returning({ id: operationHistory.id });
  const [line] = await db
    .insert(operationHistoryLines)
    .values({ entryId: entry?.id ?? 0, description: 'Estado', oldValue: 'a', newValue: 'b' })
    .returning({ id: operationHistoryLines.id });
  const [status] = await db
    .insert(homeReportStatusHistory)
    .values({ homeReportId: report?.id ?? '', toStatus: 2, userId: user.id })
    .returning({ id: homeReportStatusHistory.id });
  const [signature] = await db
    .insert(electronicSignatures)
    .values({ eventId: testCase.id, userId: user.id, printedName: 'Prueba RLF', meaning: 'Eliminar evento reportable', comment: 'prueba', recordType: 'ER', recordId: testCase.meta })
    .returning({ id: electronicSignatures.id });
  const [pdf] = await db
    .insert(pdfHistory)
    .values({ eventId: testCase.id, fileName: 'caso.pdf', fileId: file?.id ?? '', createdBy: user.id })
    .returning({ id: pdfHistory.id });
  const [submission] = await db
    .insert(e2bSubmissions)
    .values({ eventId: testCase.id, receiver: 'EVHUMAN', batchNumber: `B-${randomUUID()}`, messageId: 'M', worldwideCaseId: 'W', version: 1, kind: 'initial', xml: '<x/>', sha256: '0', schemaChecked: false, createdBy: user.id })
    .returning({ id: e2bSubmissions.id });
  const [submissionStatus] = await db
    .insert(e2bSubmissionStatuses)
    .values({ submissionId: submission?.id ?? 0, status: 'sent', userId: user.id })
    .returning({ id: e2bSubmissionStatuses.id });
  const [signal] = await db
    .insert(signals)
    .values({ drugKind: 1, drugId: 1, ptCode: 1, title: `Señal ${testCase.meta}`, status: 'Cerrada', responsibleId: user.id, openedBy: user.id, statistics: {} })
    .returning({ id: signals.id });
  const [signalEntry] = await db
    .insert(signalHistory)
    .values({ signalId: signal?.id ?? 0, kind: 'comentario', text: 'historial', userId: user.id })
    .returning({ id: signalHistory.id });
  const [audit] = await db
    .insert(auditLog)
    .values({ operationType: 'U', instance: 'Configuracion', description: `historial ${testCase.meta}` })
    .returning({ id: auditLog.id });
  return {
    audit_log: audit?.id ?? 0,
    operation_history: entry?.id ?? 0,
    operation_history_lines: line?.id ?? 0,
    home_report_status_history: status?.id ?? 0,
    electronic_signatures: signature?.id ?? 0,
    event_comments: await addCaseComment(db, testCase.id, { userId: user.id, action: 'AprobarRLF' }),
    pdf_history: pdf?.id ?? 0,
    follow_up_reports: (await addFollowUp(db, testCase, { createdBy: user.id, sequence: 1 })).id,
    e2b_submissions: submission?.id ?? 0,
    e2b_submission_statuses: submissionStatus?.id ?? 0,
    signal_history: signalEntry?.id ?? 0,
  };
}
