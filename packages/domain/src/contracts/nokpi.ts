import { z } from 'zod';
import { MSG } from '../messages.js';
import { PAGE_SIZE } from '../paging.js';

/**
 * The no-KPI screen's contract (platform spec §2 'No-KPI screen', §3 'No-KPI event and
 * response', §7 'Metrics and no-KPI'); docs/kpi.md. The cases come from the deadline engine's
 * stored state (`event_metric_alerts`), never recomputed.
 */

/** A country of the 'Paises' dropdown (value Code, text Name). */
export const noKpiCountrySchema = z.object({ Code: z.string(), Name: z.string() });
export type NoKpiCountry = z.infer<typeof noKpiCountrySchema>;

/** A missed metric of a case: its name and time option's name (spec), plus its state and due date (ours). */
export const noKpiAlertSchema = z.object({
  Nombre: z.string(),
  TiempoNombre: z.string(),
  /** 'late': the milestone came after the limit; 'overdue': the limit passed without it. */
  Estado: z.enum(['late', 'overdue']),
  /** When the limit expired, ISO 8601. */
  FechaLimite: z.string(),
});
export type NoKpiAlert = z.infer<typeof noKpiAlertSchema>;

/** A case that misses a KPI (spec: Meta, NumeroReferencia, Estado, FechaSolicitudDesc, MetricsAlerts). */
export const noKpiEventSchema = z.object({
  Meta: z.string(),
  NumeroReferencia: z.string(),
  /** Status id (the `Status` list names it). */
  Estado: z.number().int(),
  /** FechaSolicitud (last change) as ISO 8601 and as the user's country writes it. */
  FechaSolicitud: z.string(),
  FechaSolicitudDesc: z.string(),
  /** Its missed metrics, the first one (earliest limit) first: the row shows that one. */
  MetricsAlerts: z.array(noKpiAlertSchema),
});
export type NoKpiEvent = z.infer<typeof noKpiEventSchema>;

/** A page of the list 'Eventos que no cumplen', newest first missed first (keyset, docs/api.md 'Paging'). */
export const noKpiPageSchema = z.object({
  list: z.array(noKpiEventSchema),
  PageNumber: z.number().int(),
  PageBack: z.boolean(),
  PageNext: z.boolean(),
  FirstKey: z.string().nullable(),
  LastKey: z.string().nullable(),
});
export type NoKpiPage = z.infer<typeof noKpiPageSchema>;

/**
 * `POST /api/getNoKpiMetrics`: the card and a page of the list. `cantReport`: the cases with a
 * limit missed that expired this calendar month (user's country time zone); `porcentaje`: the
 * change against the previous month, whole percent (0 when the previous month had none: the
 * card hides it). docs/kpi.md 'The no-KPI card'.
 */
export const noKpiResponseSchema = noKpiPageSchema.extend({
  porcentaje: z.number().int(),
  cantReport: z.number().int(),
});
export type NoKpiResponse = z.infer<typeof noKpiResponseSchema>;

const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2,3}$/, { message: MSG.noKpi.unknownCountry })
  .transform((value) => value.toUpperCase());

/** Strict: an unknown field answers `MSG.noKpi.unknownField`. */
const STRICT = { error: (issue: { code?: string }) => (issue.code === 'unrecognized_keys' ? MSG.noKpi.unknownField : undefined) };

/** The most pages the pager may ask by number without a key (keyset paging beyond). */
export const NO_KPI_MAX_PAGE = 1000;

/** Rows a page by number may skip (offset) without a key: 20 pages; further on, the pager's keys. */
export const NO_KPI_MAX_OFFSET_ROWS = 300;

const pageNumber = z.coerce
  .number({ error: MSG.lists.invalidPage })
  .int({ message: MSG.lists.invalidPage })
  .min(1, { message: MSG.lists.invalidPage })
  .max(NO_KPI_MAX_PAGE, { message: MSG.lists.pageTooFar });

/**
 * The body of `getNoKpiMetrics` (spec: {pais: null} on load, {firstselect: code} on change),
 * with the pager's position when paging (`page`, `pageKey`). Unknown fields are refused.
 */
export const noKpiBodySchema = z.strictObject(
  {
    pais: countryCode.nullable().optional(),
    firstselect: countryCode.nullable().optional(),
    page: pageNumber.optional(),
    pageKey: z.string().max(200, { message: MSG.lists.invalidPageKey }).optional(),
  },
  STRICT,
);
export type NoKpiBody = z.infer<typeof noKpiBodySchema>;

/** The query of `GET /api/getEventsNoKpi`: country, page and the pager's key. */
export const noKpiQuerySchema = z.strictObject(
  {
    pais: countryCode.optional(),
    page: pageNumber.optional(),
    pageKey: z.string().max(200, { message: MSG.lists.invalidPageKey }).optional(),
  },
  STRICT,
);
export type NoKpiQuery = z.infer<typeof noKpiQuerySchema>;

export const NO_KPI_PAGE_SIZE = PAGE_SIZE;
