import { createHash } from 'node:crypto';
import {
  AUDIT_FILE_HASH_PREFIX,
  AUDIT_FILE_MAX_ROWS,
  AUDIT_OPERATION_LABELS,
  AUDIT_PANEL_TITLES,
  auditChanges,
  auditFileName,
  type AuditOperationType,
  type AuditPanel,
  formatDateTime,
  type HistoryEntry,
  MSG,
} from '@atalaya/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { countries, events, operationHistory, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest } from '../../http/errors.js';
import { csvFile } from '../../shared/csv.js';
import { writeAudit } from '../audit/index.js';
import { historyAcrossCasesWhere, historyEntryColumns, withLines } from '../case-workflow/index.js';
import { auditLogRowsForFile, type LogFilters } from './queries.js';

/** The body of downloadAuditFile after validation. */
export interface AuditFileQuery extends LogFilters {
  panel: AuditPanel;
  referencia: string | null;
}

/** The columns of the file, in order (docs/audit-trail.md). */
export const AUDIT_FILE_COLUMNS = [
  'Fecha UTC (ISO 8601)',
  'Fecha local',
  'Zona horaria',
  'Usuario',
  'Correo del usuario',
  'Operación',
  'Panel',
  'Registro',
  'Tabla',
  'Descripción',
  'Campo',
  'Valor anterior',
  'Valor nuevo',
  'Motivo',
] as const;

/** One line of the file (every cell as text). */
type FileLine = Record<(typeof AUDIT_FILE_COLUMNS)[number], string>;

/** The user's country time zone (UTC when unknown). */
async function userTimeZone(db: Db, user: AuthUser): Promise<string> {
  const [row] = await db.select({ timeZone: countries.timeZone }).from(countries).where(eq(countries.code, user.countryCode));
  return row?.timeZone ?? 'UTC';
}

interface FileRow {
  at: Date;
  user: string | null;
  email: string | null;
  operationType: string;
  record: string;
  table: string | null;
  description: string;
  changes: { field: string; oldValue: string | null; newValue: string | null; reason: string | null }[];
  reason: string | null;
}

/** The Evento Reportable rows: the history of the cases in reach, each history line a change, the comment as the reason. */
async function eventRows(db: Db, user: AuthUser, query: AuditFileQuery): Promise<FileRow[]> {
  const where = await historyAcrossCasesWhere(db, user, query);
  const entries = await db
    .select({ ...historyEntryColumns, email: users.email })
    .from(operationHistory)
    .innerJoin(events, eq(events.id, operationHistory.eventId))
    .innerJoin(users, eq(users.id, operationHistory.userId))
    .where(and(where))
    .orderBy(sql`${operationHistory.createdAt} desc`, sql`${operationHistory.id} desc`)
    .limit(AUDIT_FILE_MAX_ROWS + 1);
  tooMany(entries.length);
  const emails = new Map(entries.map((entry) => [entry.id, entry.email]));
  const withTheirLines: HistoryEntry[] = await withLines(db, entries);
  return withTheirLines.map((entry) => ({
    at: new Date(entry.DateUTC),
    user: entry.User,
    email: emails.get(entry.Id) ?? null,
    operationType: entry.OperationType,
    record: entry.NumeroReferencia ?? entry.Meta,
    table: null,
    description: entry.Description,
    reason: entry.Comentario,
    changes: entry.Lines.map((line) => ({ field: line.Description, oldValue: line.OldValue, newValue: line.NewValue, reason: line.Comentario })),
  }));
}

/** The rows of an audit_log panel, each changed field of the jsonb a change. */
async function logRows(db: Db, query: AuditFileQuery & { panel: Exclude<AuditPanel, 'ER'> }): Promise<FileRow[]> {
  const rows = await auditLogRowsForFile(db, query.panel, query, AUDIT_FILE_MAX_ROWS + 1);
  tooMany(rows.length);
  return rows.map((row) => ({
    at: row.dateUtc,
    user: row.user,
    email: row.email,
    operationType: row.operationType,
    record: row.referenceNumber ?? row.pkId ?? '',
    table: row.tableName,
    description: row.description,
    reason: null,
    changes: auditChanges(row.oldValues, row.newValues).map((change) => ({ field: change.Campo, oldValue: change.ValorAnterior, newValue: change.ValorNuevo, reason: null })),
  }));
}

function tooMany(read: number): void {
  if (read > AUDIT_FILE_MAX_ROWS) throw badRequest(MSG.audit.tooManyRows(AUDIT_FILE_MAX_ROWS.toLocaleString('es-UY')));
}

/** The lines of a row: one per change, or one with no field when it changed none. */
function fileLines(panel: AuditPanel, row: FileRow, timeZone: string): FileLine[] {
  const base = {
    'Fecha UTC (ISO 8601)': row.at.toISOString(),
    'Fecha local': formatDateTime(row.at, timeZone),
    'Zona horaria': timeZone,
    Usuario: row.user ?? 'Sistema',
    'Correo del usuario': row.email ?? '',
    Operación: AUDIT_OPERATION_LABELS[row.operationType as AuditOperationType] ?? row.operationType,
    Panel: AUDIT_PANEL_TITLES[panel],
    Registro: row.record,
    Tabla: row.table ?? '',
    Descripción: row.description,
  };
  const changes = row.changes.length > 0 ? row.changes : [{ field: '', oldValue: null, newValue: null, reason: null }];
  return changes.map((change) => ({
    ...base,
    Campo: change.field,
    'Valor anterior': change.oldValue ?? '',
    'Valor nuevo': change.newValue ?? '',
    Motivo: change.reason ?? row.reason ?? '',
  }));
}

/** The file: its bytes (the content, then the SHA-256 line), its name and its hash. */
export interface AuditFile {
  bytes: Buffer;
  fileName: string;
  sha256: string;
  rows: number;
}

/**
 * `downloadAuditFile` (docs/audit-trail.md): the rows of the panel under its filters (the
 * Evento Reportable panel within the user's reach), newest first, at most
 * `AUDIT_FILE_MAX_ROWS` (more is 400), as CSV (`shared/csv.ts`: UTF-8 with BOM, CRLF, formulas guarded): the columns, one line per
 * changed field, then a last line `# SHA-256: {hex}` of every byte before it. The file's name
 * carries the hash's first 16 digits. The download is audited ('audit.file-downloaded') before
 * the first byte is sent: the file is built in memory (bounded by the cap), hashed, recorded.
 */
export async function buildAuditFile(db: Db, user: AuthUser, query: AuditFileQuery): Promise<AuditFile> {
  const [timeZone, rows] = await Promise.all([
    userTimeZone(db, user),
    query.panel === 'ER' ? eventRows(db, user, query) : logRows(db, { ...query, panel: query.panel }),
  ]);
  // RFC 4180's commas; a cell holding a semicolon is quoted too, for a Spanish-locale spreadsheet.
  const lines = rows.flatMap((row) => fileLines(query.panel, row, timeZone)).map((line) => AUDIT_FILE_COLUMNS.map((column) => line[column]));
  const content = csvFile([AUDIT_FILE_COLUMNS, ...lines], { delimiter: ',', alsoQuote: ';' });
  const body = Buffer.from(content, 'utf8');
  const sha256 = createHash('sha256').update(body).digest('hex');
  const fileName = auditFileName(query.panel, sha256);
  await writeAudit(db, {
    kind: 'audit.file-downloaded',
    actor: user,
    description: `Archivo de auditoría descargado: ${AUDIT_PANEL_TITLES[query.panel]} (${rows.length} registros)`,
    newValues: {
      Panel: query.panel,
      Filtros: { from: query.from, to: query.to, name: query.name ?? null, tabla: query.tabla ?? null, referencia: query.referencia },
      Registros: rows.length,
      Archivo: fileName,
      SHA256: sha256,
    },
  });
  return { bytes: Buffer.concat([body, Buffer.from(`${AUDIT_FILE_HASH_PREFIX} ${sha256}\r\n`, 'utf8')]), fileName, sha256, rows: rows.length };
}
