import { z } from 'zod';
import { isIsoDate } from '../dates.js';
import { MSG } from '../messages.js';
import { pageKeyBodyField, pagedResultSchema } from '../work-lists.js';

/**
 * The audit trail (`/audittrail`, platform spec §2 'Audit trail screen', §3 'Audit row',
 * §7 'Audit'); docs/audit-trail.md. Four panels: Evento Reportable (the cases' operation
 * history, `getERHistoryByMeta` without `meta`), Usuarios, Configuración and Parametros
 * (`audit_log`), each a paged list newest first with a detail, and `downloadAuditFile`.
 */

/** Rows per page of the audit lists (the platform's shared page size). */
export const AUDIT_PAGE_SIZE = 15;

/** The panels of the screen, as `downloadAuditFile` names them. */
export const AUDIT_PANELS = ['ER', 'Usuarios', 'Configuracion', 'Parametros', 'Senales'] as const;
export type AuditPanel = (typeof AUDIT_PANELS)[number];

/** The panels' titles (the screen's tabs, the file's name). */
export const AUDIT_PANEL_TITLES: Record<AuditPanel, string> = {
  ER: 'Evento Reportable',
  Usuarios: 'Usuarios',
  Configuracion: 'Configuración',
  Parametros: 'Parametros',
  Senales: 'Señales',
};

/** OperationType as the screen shows it (event spec §4). */
export const AUDIT_OPERATION_LABELS = { I: 'Creado', U: 'Actualizado', D: 'Borrado' } as const;
export type AuditOperationType = keyof typeof AUDIT_OPERATION_LABELS;

/** Longest text filter (a user's name, a reference, a table name). */
export const MAX_AUDIT_TEXT_FILTER = 100;

/** Most audit rows one file holds (each row may take several lines, one per changed field). */
export const AUDIT_FILE_MAX_ROWS = 5_000;

/** A strict body: an unknown field answers `MSG.audit.unknownField`. */
const STRICT = { error: (issue: { code?: string }) => (issue.code === 'unrecognized_keys' ? MSG.audit.unknownField : undefined) };

/** An optional ISO day (`YYYY-MM-DD`, a UTC day), or null / absent. */
function dayFilter(label: string) {
  const message = MSG.generic.dateFormat(label);
  return z
    .string({ error: message })
    .refine(isIsoDate, { error: message })
    .nullish()
    .transform((value) => value ?? null);
}

/** An optional text filter: trimmed, no NUL, at most `MAX_AUDIT_TEXT_FILTER`; blank = none. */
function textFilter() {
  return z
    .string({ error: MSG.lists.invalidFilter })
    .trim()
    .max(MAX_AUDIT_TEXT_FILTER, MSG.lists.invalidFilter)
    .refine((value) => !value.includes('\u0000'), MSG.lists.invalidFilter)
    .nullish()
    .transform((value) => (value ? value : null));
}


const pagingShape = {
  pageNumber: z.number({ error: MSG.lists.invalidPage }).int(MSG.lists.invalidPage).min(1, MSG.lists.invalidPage).max(1_000_000, MSG.lists.invalidPage).default(1),
  pageSize: z.literal(AUDIT_PAGE_SIZE, { error: MSG.audit.invalidPageSize }).optional(),
  pageKey: pageKeyBodyField,
  /** Only the spec's order (date descending). */
  orderBy: z.literal('Date DESC', { error: MSG.lists.invalidOrder }).nullish(),
};

const dateShape = { from: dayFilter('fecha desde'), to: dayFilter('fecha hasta') };

/** `to` before `from` is refused (400). */
function checkDates(body: { from: string | null; to: string | null }, ctx: z.RefinementCtx): void {
  if (body.from && body.to && body.to < body.from) ctx.addIssue({ code: 'custom', message: MSG.audit.datesOutOfOrder, path: ['to'] });
}

/** The filters of each panel (spec §7: users (from, to, name), config (from, to), params (from, to, tabla)). */
export const auditUsersFiltersShape = { ...dateShape, name: textFilter() };
export const auditConfigFiltersShape = { ...dateShape };
/** Señales (the register of signals, docs/signals.md 'Gestión de señales'): dates only, as Configuración. */
export const auditSignalsFiltersShape = { ...dateShape };
export const auditParametersFiltersShape = { ...dateShape, tabla: textFilter() };
export const auditEventFiltersShape = { ...dateShape, referencia: textFilter() };

/** Body of `POST getAuditUsers`. */
export const auditUsersRequestSchema = z.strictObject({ ...auditUsersFiltersShape, ...pagingShape }, STRICT).superRefine(checkDates);
/** Body of `POST getAuditConfig`. */
export const auditConfigRequestSchema = z.strictObject({ ...auditConfigFiltersShape, ...pagingShape }, STRICT).superRefine(checkDates);
/** Body of `POST getAuditSignals`. */
export const auditSignalsRequestSchema = z.strictObject({ ...auditSignalsFiltersShape, ...pagingShape }, STRICT).superRefine(checkDates);
/** Body of `POST getAuditParameters`. */
export const auditParametersRequestSchema = z.strictObject({ ...auditParametersFiltersShape, ...pagingShape }, STRICT).superRefine(checkDates);
export type AuditUsersRequest = z.input<typeof auditUsersRequestSchema>;
export type AuditConfigRequest = z.input<typeof auditConfigRequestSchema>;
export type AuditSignalsRequest = z.input<typeof auditSignalsRequestSchema>;
export type AuditParametersRequest = z.input<typeof auditParametersRequestSchema>;

/** Body of the three detail calls: the row's Id. */
export const auditDetailRequestSchema = z.strictObject(
  { Id: z.number({ error: MSG.audit.rowNotFound }).int(MSG.audit.rowNotFound).min(1, MSG.audit.rowNotFound).max(Number.MAX_SAFE_INTEGER, MSG.audit.rowNotFound) },
  STRICT,
);

/** Body of `POST downloadAuditFile`: the panel and its filters (those of another panel are ignored). */
export const auditFileRequestSchema = z
  .strictObject(
    {
      panel: z.enum(AUDIT_PANELS, { error: MSG.audit.unknownPanel }),
      ...dateShape,
      name: textFilter(),
      tabla: textFilter(),
      referencia: textFilter(),
    },
    STRICT,
  )
  .superRefine(checkDates);
export type AuditFileRequest = z.input<typeof auditFileRequestSchema>;

/** An audit row of the Usuarios, Configuración and Parametros lists (spec §3 'Audit row'). */
export const auditRowSchema = z.object({
  Id: z.number().int(),
  OperationType: z.enum(['I', 'U', 'D']),
  PKId: z.string().nullable(),
  ReferenceNumber: z.string().nullable(),
  Metadata: z.string().nullable(),
  Instance: z.string(),
  /** The reference list (Parametros), else null. */
  Tabla: z.string().nullable(),
  /** Who did it (name), null for the command line. */
  User: z.string().nullable(),
  /** ISO instant. */
  DateUTC: z.string(),
  Description: z.string(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export const auditPageSchema = pagedResultSchema(auditRowSchema);

/** One changed field of a row: its old and new value as text (null: none). */
export const auditChangeSchema = z.object({ Campo: z.string(), ValorAnterior: z.string().nullable(), ValorNuevo: z.string().nullable() });
export type AuditChange = z.infer<typeof auditChangeSchema>;

/** The detail modal: the row, its changes, where the call came from and its place in the hash chain. */
export const auditDetailSchema = auditRowSchema.extend({
  Cambios: z.array(auditChangeSchema),
  Email: z.string().nullable(),
  DireccionIP: z.string().nullable(),
  Navegador: z.string().nullable(),
  PosicionCadena: z.number().int().nullable(),
  Hash: z.string().nullable(),
});
export type AuditDetail = z.infer<typeof auditDetailSchema>;

/** The values of an audit row's jsonb as the changes (old and new, by field, in first-seen order). */
export function auditChanges(oldValues: unknown, newValues: unknown): AuditChange[] {
  const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
  const before = record(oldValues);
  const after = record(newValues);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => ({ Campo: field, ValorAnterior: auditValueText(before[field]), ValorNuevo: auditValueText(after[field]) }));
}

/** A stored value as text: null and undefined are none, text as is, anything else as JSON. */
export function auditValueText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The name of an audit file: the panel and the first 16 hex digits of its SHA-256 (the full hash is its last line). */
export function auditFileName(panel: AuditPanel, sha256: string): string {
  return `Auditoria-${panel}-${sha256.slice(0, 16)}.csv`;
}

/** The last line of an audit file: the SHA-256 (hex) of every byte before it. */
export const AUDIT_FILE_HASH_PREFIX = '# SHA-256:';

/** The hash a file's last line gives (null when it has none). */
export function auditFileHash(text: string): string | null {
  const match = /\n# SHA-256: ([0-9a-f]{64})\r?\n?$/.exec(text);
  return match ? (match[1] as string) : null;
}
