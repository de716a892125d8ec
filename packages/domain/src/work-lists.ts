import { z } from 'zod';
import { isIsoDate, isIsoDateTime } from './dates.js';
import { isDbId } from './fields.js';
import { MSG } from './messages.js';
import { PAGE_SIZE, type PageAt, parsePageKey } from './paging.js';

/**
 * The contract of the Tasks screen's lists and of incoming-report triage (event spec §2.1,
 * §2.2, §3 'List row', §7 'Lists', 'Incoming reports'); docs/api.md 'Tasks and triage'.
 * Server and browser both read these schemas.
 */

// ---------------------------------------------------------------------------------------------
// Path parameters: page, page size, order and filters
// ---------------------------------------------------------------------------------------------

export type SortDirection = 'ASC' | 'DESC';
export interface ListOrder<C extends string> {
  column: C;
  direction: SortDirection;
}

/** Columns `getWorkFlow` and `getWorkFlowInvert` sort by; the first is the default (DESC). */
export const WORKFLOW_ORDER_COLUMNS = ['FechaSolicitud', 'NumeroReferencia', 'Estado', 'Pais', 'FechaCreacion'] as const;
export type WorkflowOrderColumn = (typeof WORKFLOW_ORDER_COLUMNS)[number];
export const DEFAULT_WORKFLOW_ORDER = 'FechaSolicitud DESC';

/** Columns `getReportHome` and `getWFReportHome` sort by; the first is the default (DESC). */
export const HOME_REPORT_ORDER_COLUMNS = ['FechaCreacion', 'Reference', 'Status', 'IsMedic'] as const;
export type HomeReportOrderColumn = (typeof HOME_REPORT_ORDER_COLUMNS)[number];
export const DEFAULT_HOME_REPORT_ORDER = 'FechaCreacion DESC';

/**
 * Reads an orderBy path segment: `Column`, `Column ASC` or `Column DESC` (case-insensitive
 * direction, one space, the column exactly as listed). Anything else (`1;DROP TABLE`) is null,
 * so no text from the client ever reaches SQL.
 */
export function parseOrderBy<C extends string>(value: string, columns: readonly C[]): ListOrder<C> | null {
  const match = /^([A-Za-z]+)(?: (ASC|DESC))?$/i.exec(value.trim());
  if (!match) return null;
  const column = columns.find((candidate) => candidate === match[1]);
  if (!column) return null;
  return { column, direction: (match[2]?.toUpperCase() as SortDirection | undefined) ?? 'ASC' };
}

/** A page number in a path: a whole number from 1 (so 0, -1, 1.5, 'x' are refused). */
export const pageParam = z.coerce
  .number({ error: MSG.lists.invalidPage })
  .int(MSG.lists.invalidPage)
  .min(1, MSG.lists.invalidPage)
  .max(1_000_000, MSG.lists.invalidPage);

/** The page size in a path: only 15 (event spec §9). */
export const pageSizeParam = z.coerce
  .number({ error: MSG.lists.invalidPageSize })
  .refine((size) => size === PAGE_SIZE, MSG.lists.invalidPageSize);

/** Path values that mean "no filter": `null`, `undefined`, empty, `-`, `0` (ids start at 1). */
const NO_FILTER = new Set(['', 'null', 'undefined', '-', '0']);
export function isNoFilter(value: string | undefined): boolean {
  return value === undefined || NO_FILTER.has(value.trim().toLowerCase());
}

/** An optional id filter in a path: a whole number from 1, or a no-filter value (→ null). */
export const idFilterParam = z
  .string()
  .transform((value, ctx) => {
    if (isNoFilter(value)) return null;
    const id = /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
    if (!isDbId(id)) {
      ctx.addIssue({ code: 'custom', message: MSG.lists.invalidFilter });
      return z.NEVER;
    }
    return id;
  });

/** An optional date filter in a path (ISO `YYYY-MM-DD` or a full ISO date-time, nothing else), or a no-filter value (→ null). */
export const dateFilterParam = z
  .string()
  .transform((value, ctx) => {
    if (isNoFilter(value)) return null;
    const text = value.trim();
    if (isIsoDate(text)) return new Date(`${text}T00:00:00Z`);
    if (isIsoDateTime(text)) return new Date(text);
    ctx.addIssue({ code: 'custom', message: MSG.generic.dateFormat() });
    return z.NEVER;
  });

/** An optional text filter in a path (a reference number, a country code), or a no-filter value (→ null). */
export const textFilterParam = z
  .string()
  .max(60, MSG.lists.invalidFilter)
  .transform((value) => (isNoFilter(value) ? null : value.trim()));

/** A `pageKey` as `PageAt`, or the 400 'La posición de la página no es válida'. */
function toPageAt(value: string | null | undefined, ctx: z.RefinementCtx): PageAt {
  const at = parsePageKey(value);
  if (!at) {
    ctx.addIssue({ code: 'custom', message: MSG.lists.invalidPageKey });
    return z.NEVER;
  }
  return at;
}

/**
 * The `pageKey` of a list (query string or body): absent or `first`, `last`, `after:{key}`,
 * `before:{key}` (`PageAt`); anything else 400 'La posición de la página no es válida'.
 */
export const pageKeyParam = z
  .string()
  .optional()
  .transform(toPageAt);

/** Query string of the keyset lists: `pageKey` (docs/api.md 'Paging'). */
export const listQuerySchema = z.object({ pageKey: pageKeyParam });

/** The `pageKey` of a JSON body: as `pageKeyParam`, and also null; a non-text value is the same 400. */
export const pageKeyBodyField = z
  .string({ error: MSG.lists.invalidPageKey })
  .nullish()
  .transform(toPageAt);

/** `isMedic` filter of `getReportHome`: `true`, `false`, or a no-filter value (→ null). */
export const booleanFilterParam = z.string().transform((value, ctx) => {
  if (isNoFilter(value)) return null;
  const text = value.trim().toLowerCase();
  if (text === 'true' || text === '1') return true;
  if (text === 'false') return false;
  ctx.addIssue({ code: 'custom', message: MSG.lists.invalidFilter });
  return z.NEVER;
});

// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

/** A KPI alert of a case: the metric whose limit has passed (workflow.md). */
export const metricsAlertSchema = z.object({ Nombre: z.string(), Descripcion: z.string() });
export type MetricsAlert = z.infer<typeof metricsAlertSchema>;

/**
 * A case row of the lists (event spec §3 'List row'). `Estado` is the status id (its name
 * via `erStatusName`); `FechaSolicitud` is when the case last changed (ISO), which is when it
 * came to wait on whoever must act; `FechaSolicitudDesc` the same date as the list shows it
 * (DD/MM/YYYY HH:mm in the user's country). Company, laboratory and product are those of the
 * first suspect medicine; `CantProductos` counts them all.
 */
export const erListRowSchema = z.object({
  Id: z.string(),
  Meta: z.string(),
  NumeroReferencia: z.string(),
  NumeroReferenciaHome: z.string().nullable(),
  Estado: z.number().int(),
  GrupoId: z.number().int(),
  SubGrupoId: z.number().int(),
  SubGrupoNombre: z.string(),
  Pais: z.string(),
  Compania: z.string().nullable(),
  Laboratorio: z.string().nullable(),
  NombreComercial: z.string().nullable(),
  CantProductos: z.number().int(),
  TipoRAM: z.string().nullable(),
  TieneRAM: z.boolean(),
  FechaCreacion: z.string(),
  FechaSolicitud: z.string(),
  FechaSolicitudDesc: z.string(),
  IsHistoric: z.boolean(),
  CountFollowUp: z.number().int(),
  /** How many workflow comments the case has (the comments modal lists them). */
  Comentarios: z.number().int(),
  /** 'High' (≥ 80 % of an active limit used), 'Medium' (≥ 50 %) or '' (workflow.md). */
  SincAlertaEstado: z.string(),
  MetricsAlerts: z.array(metricsAlertSchema),
  /** The user created the case (annul is offered to the creator, RLF and QPPV). */
  EsCreador: z.boolean(),
});
export type ErListRow = z.infer<typeof erListRowSchema>;

/** An incoming-report row of the inbox (event spec §3 'Inbox row'). */
export const homeReportRowSchema = z.object({
  Id: z.string(),
  Reference: z.string(),
  /** 1 Nuevo (info), 2 En revisión (warning), 3 Descartado; colours by `homeReportStatusTone`. */
  Status: z.number().int(),
  StatusName: z.string(),
  /** Receipt (ISO). */
  Date: z.string(),
  IsMedic: z.boolean(),
  /** Country code of the report. */
  Pais: z.string(),
  Data: z.object({
    Paciente: z.object({
      Iniciales: z.string().nullable(),
      Sexo: z.string().nullable(),
      Lactancia: z.string().nullable(),
      Embarazo: z.string().nullable(),
    }),
    InformacionContacto: z.object({ AceptaContacto: z.string().nullable() }),
    RAM: z.array(z.object({ Grave: z.string().nullable() })),
    Tipo: z.object({ SubGroup: z.union([z.string(), z.number()]).nullable(), SubGroupName: z.string().nullable() }),
  }),
});
export type HomeReportRow = z.infer<typeof homeReportRowSchema>;

/** The paged answer of a list (`PagedResult` in paging.ts) as a schema. */
export function pagedResultSchema<T extends z.ZodType>(row: T) {
  return z.object({
    Total: z.number().int(),
    PageCount: z.number().int(),
    PageNumber: z.number().int(),
    PageBack: z.boolean(),
    PageNext: z.boolean(),
    Result: z.array(row),
    TotalIsEstimate: z.boolean(),
    FirstKey: z.string().nullable(),
    LastKey: z.string().nullable(),
  });
}

/** A workflow comment of a case (the comments modal, titled with the reference). */
export const erCommentSchema = z.object({
  Id: z.number().int(),
  Date: z.string(),
  UserFullName: z.string(),
  Accion: z.string(),
  EstadoAnterior: z.number().int().nullable(),
  EstadoNuevo: z.number().int().nullable(),
  Comentario: z.string(),
});
export type ErComment = z.infer<typeof erCommentSchema>;

/** A follow-up report of a case (event spec §3 'Follow-up item'). */
export const followUpItemSchema = z.object({
  Id: z.number().int(),
  Date: z.string(),
  UserFullName: z.string(),
  FileName: z.string().nullable(),
  NumeroReferencia: z.string(),
});
export type FollowUpItem = z.infer<typeof followUpItemSchema>;

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

export const MAX_COMMENT_LENGTH = 2000;

const comment = (required: boolean) => {
  const text = z.string({ error: MSG.workflow.commentRequired }).trim().max(MAX_COMMENT_LENGTH, MSG.generic.maxLength(MAX_COMMENT_LENGTH));
  return required ? text.min(1, MSG.workflow.commentRequired) : text.nullish();
};

/**
 * Body of `updatestatiserfromerhome` and `createerfromerhome` (event spec §7 'Incoming
 * reports'): the report, the type of occurrence chosen in the summary modal, the new status
 * (2 Revisar, 3 Descartar; null with `createerfromerhome`: Ingresar), `updData` with the
 * country chosen in the modal (null: unchanged) and the comment (required to discard).
 */
export const homeReportStatusUpdateSchema = z
  .object({
    homeERId: z.uuid({ error: MSG.homeReports.reportNotFound }),
    subGroup: z.union([z.string(), z.number()]).nullish(),
    newStatus: z.union([z.literal(2), z.literal(3)], { error: MSG.workflow.actionNotAllowed }).nullish(),
    updData: z.object({ Pais: z.union([z.string(), z.number()]).nullish() }).nullish(),
    comentario: comment(false),
  })
  .refine((body) => body.newStatus !== 3 || Boolean(body.comentario?.trim()), {
    error: MSG.workflow.commentRequired,
    path: ['comentario'],
  });
export type HomeReportStatusUpdate = z.input<typeof homeReportStatusUpdateSchema>;

/** Answer of the triage calls: the report's new status, and the case created by Ingresar. */
export const homeReportStatusResultSchema = z.object({
  Id: z.string(),
  Status: z.number().int(),
  /** Ingresar: the case's Meta (open `/reportableEvent/{MetaData}/edit/`). */
  MetaData: z.string().nullable(),
  NumeroReferencia: z.string().nullable(),
});
export type HomeReportStatusResult = z.infer<typeof homeReportStatusResultSchema>;

/** Body of `anularER`: the case (by Meta) and the comment of the confirmation. */
export const annulEventSchema = z.object({
  Meta: z.string().min(1, MSG.lists.eventNotFound).max(64, MSG.lists.eventNotFound),
  Comentario: comment(true),
});
export type AnnulEvent = z.input<typeof annulEventSchema>;

// ---------------------------------------------------------------------------------------------
// Realtime hub
// ---------------------------------------------------------------------------------------------

/** Socket.IO path of the hub (platform spec §7 'SignalR connection at {host}signalr'). */
export const HUB_PATH = '/signalr';

/** Messages the hub sends (platform spec §4 'Realtime hub'). */
export const HUB_EVENTS = {
  /** A new incoming report or case: 'Nuevos Eventos'. */
  newEvents: 'nuevosEventos',
  /** Parameters or settings changed: 'Cambio en la configuración'. */
  configurationChanged: 'cambioConfiguracion',
  /** A case the user acts on next has just missed a KPI limit (docs/kpi.md): 'Plazo vencido'. */
  deadlineMissed: 'plazoVencido',
  /** An import changed status, table or percentage (ADMIN room; contracts/imports.ts). */
  importProgress: 'progresoImportacion',
  /** A new case holds the pair of a signal the user is responsible for (docs/signals.md 'Gestión de señales'). */
  signalCase: 'casoSenal',
} as const;

export interface NewEventsMessage {
  kind: 'homeReport' | 'event';
  reference: string;
  countryCode: string;
  date: string;
}
export interface DeadlineMissedMessage {
  /** NumeroReferencia and Meta of the case. */
  reference: string;
  meta: string;
  date: string;
}
export interface ConfigurationChangedMessage {
  what: string;
  date: string;
}
