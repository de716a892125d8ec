import { emptyMilestones, type ErListRow, evaluateCaseKpis, formatDateTime, type KpiMetric } from '@atalaya/domain';
import type { DbOrTx } from '../../db/client.js';
import {
  activeMetrics,
  type CasePageRow,
  commentSummaries,
  firstMedications,
  followUpCounts,
  notificationDates,
  ramSummaries,
  toDate,
} from './queries.js';

function byEvent<T extends { eventId: string }>(rows: T[]): Map<string, T> {
  return new Map(rows.map((row) => [row.eventId, row]));
}

export interface RowContext {
  userId: string;
  timeZone: string;
  now: Date;
}

/**
 * The list rows of one page of cases (event spec §3 'List row'), with a fixed number of
 * queries whatever the page holds: one per piece (first medication and count, reactions,
 * notifications, follow-ups, comments and their milestones, active metrics), each for the
 * whole page. The KPI columns come from `evaluateCaseKpis` over the case's milestones.
 */
export async function buildCaseRows(db: DbOrTx, page: CasePageRow[], context: RowContext): Promise<ErListRow[]> {
  if (page.length === 0) return [];
  const ids = page.map((row) => row.id);
  const [medications, rams, notifications, followUps, comments, metricRows] = await Promise.all([
    firstMedications(db, ids),
    ramSummaries(db, ids),
    notificationDates(db, ids),
    followUpCounts(db, ids),
    commentSummaries(db, ids),
    activeMetrics(db),
  ]);
  const medicationOf = byEvent(medications);
  const ramOf = byEvent(rams);
  const notificationOf = byEvent(notifications);
  const followUpOf = byEvent(followUps);
  const commentOf = byEvent(comments);
  const kpiMetrics: KpiMetric[] = metricRows;

  return page.map((row) => {
    const medication = medicationOf.get(row.id);
    const ram = ramOf.get(row.id);
    const notification = notificationOf.get(row.id);
    const comment = commentOf.get(row.id);
    const kpi = evaluateCaseKpis({
      milestones: {
        ...emptyMilestones(),
        receipt: row.receivedAt,
        caseCreated: row.createdAt,
        sentToReview: row.sentAt,
        approvedByRlf: toDate(comment?.approvedByRlf),
        inEvaluation: toDate(comment?.inEvaluation),
        concluded: toDate(comment?.concluded),
        localSanitaryNotification: toDate(notification?.local),
        providerNotification: toDate(notification?.provider),
      },
      serious: ram?.serious ?? false,
      metrics: kpiMetrics,
      now: context.now,
      timeZone: context.timeZone,
    });
    return {
      Id: row.id,
      Meta: row.meta,
      NumeroReferencia: row.referenceNumber,
      NumeroReferenciaHome: row.homeReferenceNumber,
      Estado: row.status,
      GrupoId: row.groupId,
      SubGrupoId: row.subGroupId,
      SubGrupoNombre: row.subGroupName,
      Pais: row.countryName,
      Compania: medication?.company ?? null,
      Laboratorio: medication?.laboratory ?? null,
      NombreComercial: medication?.commercialName ?? null,
      CantProductos: medication?.total ?? 0,
      TipoRAM: ram?.ramType ?? null,
      TieneRAM: ram?.hasRam ?? false,
      FechaCreacion: row.createdAt.toISOString(),
      FechaSolicitud: row.updatedAt.toISOString(),
      FechaSolicitudDesc: formatDateTime(row.updatedAt, context.timeZone),
      IsHistoric: row.isHistoric,
      CountFollowUp: followUpOf.get(row.id)?.total ?? 0,
      Comentarios: comment?.total ?? 0,
      SincAlertaEstado: kpi.SincAlertaEstado,
      MetricsAlerts: kpi.MetricsAlerts,
      EsCreador: row.createdBy === context.userId,
    };
  });
}
