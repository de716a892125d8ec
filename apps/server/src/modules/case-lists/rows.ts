import { type ErListRow, formatDateTime, kpiFromDeadlines, type StoredDeadline } from '@atalaya/domain';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { staticStatement } from '../../db/prepared.js';
import { companies, eventComments, eventMedications, eventMetricAlerts, eventRams, followUpReports, laboratories, metrics, products, ramTypes } from '../../db/schema/index.js';
import type { CasePageRow } from './page.js';

/*
 * The rows (step 6, the last, of a page request, `list.ts`): the page's cases become the list
 * rows of the event spec §3, their pieces read in one statement.
 */

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

/** A timestamp as ISO 8601 text in UTC, to the millisecond (truncated, as the drivers read it). */
function isoMillis(value: SQLWrapper): SQL {
  return sql`to_char((${value}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The pieces of one case's list row that are not on `events` (`casePieces`). */
export interface CasePieces {
  eventId: string;
  /** The first related medication (lowest id) with product, laboratory and company, and how many there are. */
  commercialName: string | null;
  laboratory: string | null;
  company: string | null;
  medicationTotal: number;
  /** Any reaction classified as RAM, any serious one, and the type of the first reaction that has one. */
  hasRam: boolean;
  serious: boolean;
  ramType: string | null;
  followUps: number;
  /** How many workflow comments it has. */
  comments: number;
  /** The stored deadline rows of the case that are not met (`event_metric_alerts`, by metric id). */
  deadlines: StoredDeadline[];
  /** With `extra` only (`casePieces`): what the search adds to the row. */
  extra?: {
    /** The first medication's active ingredients, joined (`extra.firstIngredients`). */
    ingredients: string | null;
    /** The case's reactions as `extra.reactions` reads them (JSON of its columns), in its order. */
    reactions: Record<string, unknown>[];
  };
}

/** Pieces a caller adds to `casePieces`'s statement (the search): SQL over the current medication / case. */
export interface ExtraPieces {
  /** A text of the first medication, given its id and product id (columns of the `medication` lateral). */
  firstIngredients: (medicationId: SQL, productId: SQL) => SQL;
  /** A select of the case's reactions (`page.id` is the case), one JSON object each, as `item` in a column `position` order. */
  reactions: (eventId: SQL) => SQL;
}

/**
 * The list-row pieces of a page of cases, in one statement: the page's ids as one array
 * parameter, each piece a `left join lateral` read through its `event_id` index (a case
 * without medications, reactions, follow-ups or comments gets the empty values), and the
 * case's stored deadlines that are not met (`event_metric_alerts`, kept by the deadline
 * engine, docs/kpi.md) as one JSON text per case.
 */
export async function casePieces(db: DbOrTx, eventIds: readonly string[], extra?: ExtraPieces): Promise<CasePieces[]> {
  if (eventIds.length === 0) return [];
  const rows = await piecesStatement(extra)(db, { ids: `{${eventIds.join(',')}}` });
  const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
  const pieces = rows.map(
    (row): CasePieces => ({
      eventId: String(row.eventId),
      commercialName: text(row.commercialName),
      laboratory: text(row.laboratory),
      company: text(row.company),
      medicationTotal: Number(row.medicationTotal ?? 0),
      hasRam: row.hasRam === true,
      serious: row.serious === true,
      ramType: text(row.ramType),
      followUps: Number(row.followUps ?? 0),
      comments: Number(row.comments ?? 0),
      deadlines: JSON.parse(String(row.deadlines ?? '[]')) as StoredDeadline[],
      ...(extra
        ? { extra: { ingredients: text(row.ingredients), reactions: JSON.parse(String(row.reactions ?? '[]')) as Record<string, unknown>[] } }
        : {}),
    }),
  );
  return pieces;
}

/** The pieces statement of each `ExtraPieces` (none: the task lists), compiled once (`staticStatement`). */
const piecesStatements = new Map<ExtraPieces | undefined, (db: DbOrTx, values: { ids: string }) => Promise<Record<string, unknown>[]>>();
function piecesStatement(extra: ExtraPieces | undefined) {
  let statement = piecesStatements.get(extra);
  if (!statement) {
    statement = staticStatement<Record<string, unknown>, 'ids'>((param) => piecesSql(sql`${param('ids')}::uuid[]`, extra));
    piecesStatements.set(extra, statement);
  }
  return statement;
}

/** The SQL of `casePieces`: `ids`, the page's case ids as one `uuid[]`. */
function piecesSql(ids: SQL, extra?: ExtraPieces): SQL {
  return sql`
    select page.id::text as "eventId",
      medication.commercial_name as "commercialName", medication.laboratory, medication.company,
      coalesce(medication.total, 0)::int as "medicationTotal",
      ram.has_ram as "hasRam", ram.serious, ram.ram_type as "ramType",
      follow_up.total::int as "followUps",
      comment.total::int as comments, deadline.rows as deadlines,
      ${extra ? sql`${extra.firstIngredients(sql`medication.medication_id`, sql`medication.product_id`)} as "ingredients",
        (select coalesce(json_agg(reaction.item order by reaction.position), '[]')::text from (${extra.reactions(sql`page.id`)}) as reaction) as "reactions",` : sql``}
      true as done
    from unnest(${ids}) as page(id)
    left join lateral (
      select ${products.commercialName} as commercial_name, ${laboratories.name} as laboratory, ${companies.name} as company,
        count(*) over () as total, ${eventMedications.id} as medication_id, ${eventMedications.productId} as product_id
      from ${eventMedications}
      join ${products} on ${products.id} = ${eventMedications.productId}
      join ${laboratories} on ${laboratories.id} = ${eventMedications.laboratoryId}
      join ${companies} on ${companies.id} = ${laboratories.companyId}
      where ${eventMedications.eventId} = page.id
      order by ${eventMedications.id}
      limit 1
    ) as medication on true
    left join lateral (
      select bool_or(${eventRams.isRam}) as has_ram, bool_or(${eventRams.isSerious}) as serious,
        (array_agg(${ramTypes.type} order by ${eventRams.id}) filter (where ${eventRams.ramTypeId} is not null))[1] as ram_type
      from ${eventRams}
      left join ${ramTypes} on ${ramTypes.id} = ${eventRams.ramTypeId}
      where ${eventRams.eventId} = page.id
    ) as ram on true
    left join lateral (
      select count(*) as total from ${followUpReports} where ${followUpReports.eventId} = page.id
    ) as follow_up on true
    left join lateral (
      select count(*) as total from ${eventComments} where ${eventComments.eventId} = page.id
    ) as comment on true
    left join lateral (
      select coalesce(json_agg(json_build_object('Nombre', ${metrics.nombre}, 'state', ${eventMetricAlerts.state},
          'limitHours', ${eventMetricAlerts.limitHours}, 'startedAt', ${isoMillis(eventMetricAlerts.startedAt)},
          'dueAt', ${isoMillis(eventMetricAlerts.dueAt)}, 'metAt', ${isoMillis(eventMetricAlerts.metAt)}) order by ${metrics.metricaId}), '[]')::text as rows
      from ${eventMetricAlerts}
      join ${metrics} on ${metrics.metricaId} = ${eventMetricAlerts.metricId}
      where ${eventMetricAlerts.eventId} = page.id and ${eventMetricAlerts.state} <> 'met'
    ) as deadline on true`;
}
