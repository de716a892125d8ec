import { z } from 'zod';
import { isIsoDate } from '../dates.js';
import { dbId } from '../fields.js';
import { MSG } from '../messages.js';
import { erListRowSchema, type ListOrder, pageKeyBodyField, pagedResultSchema, parseOrderBy } from '../work-lists.js';

/**
 * The event search (`/eventsearch`, `/productSearch`; event spec §2.5, §7 `getERByFilters`)
 * and its Excel export (§9 `ListadoEventos.xlsx`); docs/api.md 'Event search'.
 */

/** Rows per page of the search (the spec's "shared constant whose value is not shown"; docs/api.md). */
export const SEARCH_PAGE_SIZE = 20;

/** Columns the search sorts by; the first is the default (DESC). */
export const SEARCH_ORDER_COLUMNS = ['FechaSolicitud', 'FechaCreacion', 'NumeroReferencia', 'Estado', 'Pais'] as const;
export type SearchOrderColumn = (typeof SEARCH_ORDER_COLUMNS)[number];
export const DEFAULT_SEARCH_ORDER = 'FechaSolicitud DESC';

/** Longest event identifier filter (a reference such as `UY-2026-000123-S1`, or a prefix). */
export const MAX_EVENT_IDENTIFIER_LENGTH = 40;

/** The names of the search's dates in messages. */
export const SEARCH_DATE_LABELS = {
  FechaCreacionDesde: 'fecha de creación desde',
  FechaCreacionHasta: 'fecha de creación hasta',
  FechaModificacionDesde: 'fecha de modificación desde',
  FechaModificacionHasta: 'fecha de modificación hasta',
} as const;

/** An optional id filter of the body: an id, or null / absent for "any". */
function idFilter() {
  return dbId(MSG.lists.invalidFilter).nullable().optional();
}

/** An optional ISO day (`YYYY-MM-DD`) of the body, or null / absent. */
function dayFilter(label: string) {
  const message = MSG.generic.dateFormat(label);
  return z.string({ error: message }).refine(isIsoDate, { error: message }).nullable().optional();
}

/** An optional month of receipt (`AAAA-MM`), or null / absent. */
function monthFilter() {
  return z
    .string({ error: MSG.search.receiptMonthFormat })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, MSG.search.receiptMonthFormat)
    .nullable()
    .optional();
}

/**
 * The filters of the search (§2.5), each optional (null or absent = any): country, company,
 * manufacturer (laboratory), product, active ingredient, status, RAM type, report type (group)
 * and sub-group, the event identifier (the case's reference `UY-2026-000123`, its follow-ups
 * `-S1`, the incoming report's `RH-2026-000045`, or a prefix of either; case-insensitive), and
 * the four dates of 'Búsqueda avanzada' (days in the user's country; a `Hasta` day is
 * included whole). An end before its start is refused (`MSG.search`).
 */
export const searchCriteriaShape = {
  PaisId: idFilter(),
  CompaniaId: idFilter(),
  LaboratorioId: idFilter(),
  ProductoId: idFilter(),
  PrincipioActivoId: idFilter(),
  /** (ours, docs/signals.md) a MedDRA PT code: a reaction whose LLT is under that PT (the 'a' of Señales opens its cases). */
  PtCodigo: idFilter(),
  /**
   * (ours, docs/signals.md) what the Señales table computes with, so that its 'a' lists exactly
   * its cases: a case with a serious reaction (true) or none (false); the months of receipt
   * (UTC, the creation when there is no receipt date), inclusive; and `SoloContados`, only the
   * cases the table counts (latest version, neither draft, annulled nor deleted) and, with a
   * drug or a PT filter, only when the table counts the case under them (an active ingredient
   * as recorded on the case's medicine).
   */
  Grave: z.boolean({ error: MSG.lists.invalidFilter }).nullable().optional(),
  MesRecepcionDesde: monthFilter(),
  MesRecepcionHasta: monthFilter(),
  SoloContados: z.boolean({ error: MSG.lists.invalidFilter }).nullable().optional(),
  /** (ours) with `SoloContados`: a case that holds the drug only as a concomitant counts too (the table's `concomitantes=si`). */
  IncluirConcomitantes: z.boolean({ error: MSG.lists.invalidFilter }).nullable().optional(),
  /**
   * (ours, docs/signals.md 'The count a') the Señales table's laboratory filter: the drug of the
   * search (`PrincipioActivoId`: an ingredient of one of the laboratory's products;
   * `ProductoId`: one of its products) is the laboratory's — it chooses the drug, as the table's
   * filter chooses rows, not the cases (a drug filter is required).
   */
  FarmacoLaboratorioId: idFilter(),
  /** (ours, docs/signals.md) a MedDRA SOC code: a reaction under a PT whose primary SOC it is (the table's SOC filter). */
  SocCodigo: idFilter(),
  EstadoId: idFilter(),
  TipoRAMId: idFilter(),
  GrupoId: idFilter(),
  SubGrupoId: idFilter(),
  IdEvento: z.string({ error: MSG.lists.invalidFilter }).trim().max(MAX_EVENT_IDENTIFIER_LENGTH, MSG.lists.invalidFilter).nullable().optional(),
  FechaCreacionDesde: dayFilter(SEARCH_DATE_LABELS.FechaCreacionDesde),
  FechaCreacionHasta: dayFilter(SEARCH_DATE_LABELS.FechaCreacionHasta),
  FechaModificacionDesde: dayFilter(SEARCH_DATE_LABELS.FechaModificacionDesde),
  FechaModificacionHasta: dayFilter(SEARCH_DATE_LABELS.FechaModificacionHasta),
};

/** An end day before its start day (ISO days compare as text). */
function endsBeforeStart(from: string | null | undefined, to: string | null | undefined): boolean {
  return Boolean(from && to && to < from);
}

/** The date rules of the search (§5): each end not before its start. */
function checkDateRanges(filters: SearchCriteria, ctx: z.RefinementCtx): void {
  if (endsBeforeStart(filters.FechaCreacionDesde, filters.FechaCreacionHasta)) {
    ctx.addIssue({ code: 'custom', message: MSG.search.creationRange, path: ['FechaCreacionHasta'] });
  }
  if (endsBeforeStart(filters.FechaModificacionDesde, filters.FechaModificacionHasta)) {
    ctx.addIssue({ code: 'custom', message: MSG.search.modificationRange, path: ['FechaModificacionHasta'] });
  }
  if (endsBeforeStart(filters.MesRecepcionDesde, filters.MesRecepcionHasta)) {
    ctx.addIssue({ code: 'custom', message: MSG.search.receiptRange, path: ['MesRecepcionHasta'] });
  }
  if (filters.FarmacoLaboratorioId && !filters.PrincipioActivoId && !filters.ProductoId) {
    ctx.addIssue({ code: 'custom', message: MSG.search.drugLaboratoryWithoutDrug, path: ['FarmacoLaboratorioId'] });
  }
}

/** A strict body: an unknown field answers `MSG.search.unknownField`. */
const STRICT = { error: (issue: { code?: string }) => (issue.code === 'unrecognized_keys' ? MSG.search.unknownField : undefined) };

const searchCriteriaObject = z.strictObject(searchCriteriaShape, STRICT);
export type SearchCriteria = z.infer<typeof searchCriteriaObject>;

/** The filters alone, as `exportERByFilters` takes them. */
export const searchCriteriaSchema = searchCriteriaObject.superRefine(checkDateRanges);

/** The orderBy of the body: a known column and direction (`FechaSolicitud DESC`); absent = the default. */
const searchOrderField = z
  .string({ error: MSG.lists.invalidOrder })
  .max(60, MSG.lists.invalidOrder)
  .optional()
  .transform((value, ctx): ListOrder<SearchOrderColumn> => {
    const order = parseOrderBy(value ?? DEFAULT_SEARCH_ORDER, SEARCH_ORDER_COLUMNS);
    if (!order) {
      ctx.addIssue({ code: 'custom', message: MSG.lists.invalidOrder });
      return z.NEVER;
    }
    return order;
  });

/**
 * Body of `POST exportERByFilters`: the filters and, optionally, the screen's `orderBy` (the
 * rows come in the order the screen lists them; absent = the default).
 */
export const searchExportSchema = z
  .strictObject({ ...searchCriteriaShape, orderBy: searchOrderField }, STRICT)
  .superRefine(checkDateRanges);
export type SearchExportRequest = z.input<typeof searchExportSchema>;
export type ParsedSearchExport = z.output<typeof searchExportSchema>;


/** Body of `POST getERByFilters`: the filters, `pageSize` (only `SEARCH_PAGE_SIZE`), `pageNumber`, `pageKey`, `orderBy`. */
export const searchRequestSchema = z
  .strictObject({
    ...searchCriteriaShape,
    pageSize: z.literal(SEARCH_PAGE_SIZE, { error: MSG.search.invalidPageSize }).optional(),
    pageNumber: z.number({ error: MSG.lists.invalidPage }).int(MSG.lists.invalidPage).min(1, MSG.lists.invalidPage).max(1_000_000, MSG.lists.invalidPage).optional(),
    pageKey: pageKeyBodyField,
    orderBy: searchOrderField,
  }, STRICT)
  .superRefine(checkDateRanges);
export type SearchRequest = z.input<typeof searchRequestSchema>;
export type ParsedSearchRequest = z.output<typeof searchRequestSchema>;

/** A reaction of a search row (what the seed fetched per row with `getRAMByMeta`). */
export const searchReactionSchema = z.object({
  Id: z.string(),
  /** MedDRA LLT name. */
  Reaccion: z.string().nullable(),
  LltCode: z.string().nullable(),
  TipoRAM: z.string().nullable(),
  IsRAM: z.boolean().nullable(),
  Grave: z.boolean(),
});
export type SearchReaction = z.infer<typeof searchReactionSchema>;

/**
 * A row of the search: the list row (§3) plus the result columns of §2.5 (`Grupo` the report
 * type's group name, `TipoReporte` the sub-group name, `pActive` the active ingredients of the
 * first suspect medicine joined by ', ') and the case's reactions, so one call fills a page.
 */
export const searchRowSchema = erListRowSchema.extend({
  Grupo: z.string(),
  TipoReporte: z.string(),
  pActive: z.string().nullable(),
  EventosAdversos: z.array(searchReactionSchema),
});
export type SearchRow = z.infer<typeof searchRowSchema>;

export const searchResultSchema = pagedResultSchema(searchRowSchema);
export type SearchResult = z.infer<typeof searchResultSchema>;

/** The Excel export (§9). */
export const SEARCH_EXPORT = {
  fileName: 'ListadoEventos.xlsx',
  sheetName: 'Eventos filtrados',
  /** Excel's row limit: the header and the closing lines must fit too. */
  maxRows: 1_048_576,
} as const;
