import { type ErListRow, formatDateTime, kpiFromDeadlines } from '@atalaya/domain';
import type { DbOrTx } from '../../db/client.js';
import { type CasePageRow, type CasePieces, casePieces, type ExtraPieces } from './queries.js';

export interface RowContext {
  userId: string;
  timeZone: string;
  now: Date;
}

/**
 * The list rows of one page of cases (event spec §3 'List row'), with one query whatever the
 * page holds (`casePieces`: first medication and count, reactions, follow-ups,
 * comments, and the case's stored deadlines, one lateral piece each). The KPI columns are read
 * from the deadline engine's stored state (`kpiFromDeadlines`), not recomputed.
 */
export async function buildCaseRows(db: DbOrTx, page: CasePageRow[], context: RowContext): Promise<ErListRow[]> {
  return (await buildCaseRowsWith(db, page, context)).map(({ row }) => row);
}

/**
 * `buildCaseRows` with pieces of the caller read in the same statement (`ExtraPieces`, the
 * search's ingredients and reactions): each list row with its pieces (`piece.extra`).
 */
export async function buildCaseRowsWith(
  db: DbOrTx,
  page: CasePageRow[],
  context: RowContext,
  extra?: ExtraPieces,
): Promise<{ row: ErListRow; piece: CasePieces | undefined }[]> {
  if (page.length === 0) return [];
  const ids = page.map((row) => row.id);
  const pieces = await casePieces(db, ids, extra);
  const piecesOf = new Map(pieces.map((piece) => [piece.eventId, piece]));

  return page.map((row) => {
    const piece = piecesOf.get(row.id);
    const kpi = kpiFromDeadlines(piece?.deadlines ?? [], context.now, context.timeZone);
    const listRow: ErListRow = {
      Id: row.id,
      Meta: row.meta,
      NumeroReferencia: row.referenceNumber,
      NumeroReferenciaHome: row.homeReferenceNumber,
      Estado: row.status,
      GrupoId: row.groupId,
      SubGrupoId: row.subGroupId,
      SubGrupoNombre: row.subGroupName,
      Pais: row.countryName,
      Compania: piece?.company ?? null,
      Laboratorio: piece?.laboratory ?? null,
      NombreComercial: piece?.commercialName ?? null,
      CantProductos: piece?.medicationTotal ?? 0,
      TipoRAM: piece?.ramType ?? null,
      TieneRAM: piece?.hasRam ?? false,
      FechaCreacion: row.createdAt.toISOString(),
      FechaSolicitud: row.updatedAt.toISOString(),
      FechaSolicitudDesc: formatDateTime(row.updatedAt, context.timeZone),
      IsHistoric: row.isHistoric,
      CountFollowUp: piece?.followUps ?? 0,
      Comentarios: piece?.comments ?? 0,
      SincAlertaEstado: kpi.SincAlertaEstado,
      MetricsAlerts: kpi.MetricsAlerts,
      EsCreador: row.createdBy === context.userId,
    };
    return { row: listRow, piece };
  });
}
