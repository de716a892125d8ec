import {
  canMoveSignal,
  ROLE_IDS,
  rolesWith,
  SIGNAL_NOT_CLOSED,
  SIGNAL_REGISTER_MSG as M,
  SIGNAL_TRANSITIONS,
  type SignalDetail,
  type SignalDrugKind,
  type SignalHistoryKind,
  type SignalList,
  type SignalResponsibles,
  type SignalStatistics,
  type SignalStatus,
  type SignalSummary,
  type openSignalSchema,
  signalDocumentFieldsSchema,
  type signalListQuerySchema,
  type signalNoteSchema,
  type signalReassignSchema,
  type signalStatusChangeSchema,
} from '@atalaya/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, type DbOrTx, readAll } from '../../db/client.js';
import { signalCases, signalHistory, signals } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { personName } from '../../shared/person-name.js';
import { writeAudit } from '../audit/index.js';
import { type DownloadableFile, loadFile, parseFields, type SingleUpload, storeFile } from '../storage/index.js';
import { caseReach, loadUserLaboratoryIds } from '../reach/index.js';
import { type SignalSource, signalSource } from '../signals/index.js';


const DEFAULT_PAGE = 25;
const conflict = (message: string) => new AppError(409, message);

const KIND_CODE: Record<SignalDrugKind, number> = { principio: 1, producto: 2 };
const KIND_NAME: Record<number, SignalDrugKind> = { 1: 'principio', 2: 'producto' };

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
  return cause?.code === '23505';
}

/** An active user who may be responsible (QPPV or CL), else 400. */
async function responsibleUser(db: DbOrTx, id: string): Promise<{ id: string; name: string }> {
  const ids = rolesWith('signalRegister.responsible').map((role) => ROLE_IDS[role]);
  const rows = await db.execute<{ id: string; first_name: string; last_name: string }>(
    sql`select id, first_name, last_name from users where id = ${id} and is_active and role_id in (${sql.join(ids.map((r) => sql`${r}`), sql`, `)})`,
  );
  const row = rows.rows[0];
  if (!row) throw badRequest(M.responsibleNotAllowed);
  return { id: row.id, name: personName({ firstName: row.first_name, lastName: row.last_name }) };
}

/** `GET /api/signal-register/responsibles`: the active QPPV and CL users, by name. */
export async function listResponsibles(db: Db): Promise<SignalResponsibles> {
  const ids = rolesWith('signalRegister.responsible').map((role) => ROLE_IDS[role]);
  const rows = await db.execute<{ id: string; first_name: string; last_name: string; role: string }>(sql`
    select u.id, u.first_name, u.last_name, r.name as role from users u join roles r on r.id = u.role_id
    where u.is_active and u.role_id in (${sql.join(ids.map((r) => sql`${r}`), sql`, `)})
    order by u.last_name, u.first_name, u.id`);
  return rows.rows.map((row) => ({ Id: row.id, Nombre: personName({ firstName: row.first_name, lastName: row.last_name }), Rol: row.role }));
}

/** The names of a pair's drug and PT (null when one does not exist). */
async function pairNames(db: DbOrTx, kind: number, drugId: number, ptCode: number): Promise<{ drug: string; pt: string } | null> {
  const drug =
    kind === 2
      ? await db.execute<{ name: string }>(sql`select commercial_name as name from products where id = ${drugId}`)
      : await db.execute<{ name: string }>(sql`select name from active_ingredients where id = ${drugId}`);
  const pt = await db.execute<{ name: string }>(sql`select name from meddra_pt where code = ${ptCode}`);
  const drugName = drug.rows[0]?.name;
  const ptName = pt.rows[0]?.name;
  return drugName !== undefined && ptName !== undefined ? { drug: drugName, pt: ptName } : null;
}

/**
 * What a QPPV or CL may see of the register (docs/signals.md 'Gestión de señales', 'Reach'):
 * the count rows of their reach (the 'Señales' table's `signalSource`) and the condition on
 * `events` of the cases they may see (`caseReach`: the new cases of a signal and their count).
 */
interface RegisterReach {
  source: SignalSource;
  cases: SQL;
  laboratoryIds: number[];
}

async function registerReach(db: DbOrTx, user: AuthUser): Promise<RegisterReach> {
  // The source is read only by drug, PT and cases (pairHasCases): a restricted reach's totals will do.
  const [source, laboratoryIds] = await readAll(db, [() => signalSource(db, user, { totals: true }), () => loadUserLaboratoryIds(db, user.id)]);
  return { source, cases: caseReach(user, laboratoryIds), laboratoryIds };
}

/** Whether the pair has a counted case in the caller's reach (the rows the 'Señales' table counts for them). */
async function pairHasCases(db: DbOrTx, source: SignalSource, kind: number, drugId: number, ptCode: number): Promise<boolean> {
  const rows = await db.execute<{ n: string | number }>(
    sql`select coalesce(sum(cases), 0) as n from ${source.relation} where drug_kind = ${kind} and drug_id = ${drugId} and pt_code = ${ptCode}`,
  );
  return Number(rows.rows[0]?.n ?? 0) > 0;
}

/**
 * Whether a viewer may read a signal's statistics at opening: they were counted in the opener's
 * reach (`reach_laboratory_ids`; null: every case), so a viewer who sees every case reads them,
 * and a viewer restricted to some laboratories only when they opened it themselves with no
 * laboratory they do not hold now (the opener's reach also holds the cases they created, which
 * another user with the same laboratories does not see).
 */
function statisticsInReach(reach: RegisterReach, viewerId: string, openerId: string, counted: readonly number[] | null): boolean {
  if (reach.source.laboratoryIds === null) return true;
  if (counted === null || viewerId !== openerId) return false;
  const held = new Set(reach.source.laboratoryIds);
  return counted.every((id) => held.has(id));
}

interface HistoryEntry {
  kind: SignalHistoryKind;
  text: string;
  fromStatus?: SignalStatus | null;
  toStatus?: SignalStatus | null;
  fileId?: string | null;
  responsibleId?: string | null;
}

async function appendHistory(tx: DbOrTx, signalId: number, user: AuthUser, entry: HistoryEntry, at: Date): Promise<void> {
  await tx.insert(signalHistory).values({
    signalId,
    kind: entry.kind,
    fromStatus: entry.fromStatus ?? null,
    toStatus: entry.toStatus ?? null,
    text: entry.text,
    fileId: entry.fileId ?? null,
    responsibleId: entry.responsibleId ?? null,
    userId: user.id,
    createdAt: at,
  });
}

const reference = (id: number) => `Señal ${id}`;

/** `POST /api/signal-register`: opens a signal for a pair with cases, unless the pair already has one not closed (409). */
export async function openSignal(db: Db, user: AuthUser, input: z.output<typeof openSignalSchema>): Promise<SignalDetail> {
  const kind = KIND_CODE[input.TipoFarmaco];
  const reach = await registerReach(db, user);
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const names = await pairNames(tx, kind, input.FarmacoId, input.PtCodigo);
      if (!names || !(await pairHasCases(tx, reach.source, kind, input.FarmacoId, input.PtCodigo))) throw notFound(M.pairNotFound);
      const responsible = await responsibleUser(tx, input.ResponsableId ?? user.id);
      const [open] = await tx
        .select({ status: signals.status })
        .from(signals)
        .where(and(eq(signals.drugKind, kind), eq(signals.drugId, input.FarmacoId), eq(signals.ptCode, input.PtCodigo), sql`${signals.status} <> 'Cerrada'`));
      if (open) throw conflict(M.alreadyOpen(open.status));
      const now = new Date();
      const [row] = await tx
        .insert(signals)
        .values({
          drugKind: kind,
          drugId: input.FarmacoId,
          ptCode: input.PtCodigo,
          title: input.Titulo,
          status: 'En evaluación',
          responsibleId: responsible.id,
          openedBy: user.id,
          openedAt: now,
          updatedAt: now,
          statistics: input.Estadisticas,
          reachLaboratoryIds: reach.source.laboratoryIds,
        })
        .returning({ id: signals.id });
      if (!row) throw new Error('Signal not stored');
      await appendHistory(tx, row.id, user, { kind: 'apertura', text: input.Comentario ?? '', toStatus: 'En evaluación', responsibleId: responsible.id }, now);
      // The cases that hold the pair now (as a suspect or interacting drug, as the notices of
      // migration 0031 count them): a later change to them tells nobody.
      await tx.execute(sql`
        insert into ${signalCases} (signal_id, event_id, source, created_at)
        select distinct ${row.id}::int, event_id, 'apertura', ${now.toISOString()}::timestamptz from signal_case_cells
        where drug_kind = ${kind} and drug_id = ${input.FarmacoId} and pt_code = ${input.PtCodigo} and not concomitant
        on conflict do nothing`);
      await writeAudit(tx, {
        kind: 'signal.opened',
        actor: { id: user.id, origin: user.origin },
        description: `Señal abierta: ${names.drug} × ${names.pt}`,
        pkId: String(row.id),
        referenceNumber: reference(row.id),
        oldValues: null,
        newValues: {
          Titulo: input.Titulo,
          TipoFarmaco: input.TipoFarmaco,
          Farmaco: names.drug,
          FarmacoId: input.FarmacoId,
          Pt: names.pt,
          PtCodigo: input.PtCodigo,
          Estado: 'En evaluación',
          Responsable: responsible.name,
          Comentario: input.Comentario ?? '',
          Estadisticas: input.Estadisticas,
        },
        at: now,
      });
      return row.id;
    });
  } catch (error) {
    // Two openings of the same pair at once: the partial unique index lets one through.
    if (isUniqueViolation(error)) throw conflict(M.alreadyOpenShort);
    throw error;
  }
  return signalDetail(db, user, id, reach);
}

type SignalRow = Record<string, unknown> & {
  id: number;
  drug_kind: number;
  drug_id: number;
  pt_code: number;
  drug: string | null;
  pt: string | null;
  title: string;
  status: SignalStatus;
  responsible_id: string;
  responsible_first: string;
  responsible_last: string;
  opener_id: string;
  opener_first: string;
  opener_last: string;
  opened_at: Date | string;
  updated_at: Date | string;
  statistics: unknown;
  reach_laboratory_ids: number[] | null;
  new_cases: number | string;
};

const iso = (value: Date | string) => new Date(value).toISOString();

function summaryOf(row: SignalRow): SignalSummary {
  return {
    Id: Number(row.id),
    TipoFarmaco: KIND_NAME[Number(row.drug_kind)] ?? 'principio',
    FarmacoId: Number(row.drug_id),
    Farmaco: row.drug ?? String(row.drug_id),
    PtCodigo: Number(row.pt_code),
    Pt: row.pt ?? String(row.pt_code),
    Titulo: row.title,
    Estado: row.status,
    Responsable: { Id: row.responsible_id, Nombre: personName({ firstName: row.responsible_first, lastName: row.responsible_last }) },
    AbiertaPor: { Id: row.opener_id, Nombre: personName({ firstName: row.opener_first, lastName: row.opener_last }) },
    FechaApertura: iso(row.opened_at),
    FechaActualizacion: iso(row.updated_at),
    CasosNuevos: Number(row.new_cases),
  };
}

/**
 * The signals matching `where`, with their names, newest first (opened_at, id); `new_cases`
 * counts only the new cases the viewer may see (`inReach`, a condition on `events`).
 */
function selectSignals(where: SQL, limit: number, inReach: SQL) {
  return sql`
    select s.id, s.drug_kind, s.drug_id, s.pt_code,
      case when s.drug_kind = 2 then (select commercial_name from products where id = s.drug_id) else (select name from active_ingredients where id = s.drug_id) end as drug,
      (select name from meddra_pt where code = s.pt_code) as pt,
      s.title, s.status, s.responsible_id, r.first_name as responsible_first, r.last_name as responsible_last,
      s.opened_by as opener_id, o.first_name as opener_first, o.last_name as opener_last,
      s.opened_at, s.updated_at, s.statistics, s.reach_laboratory_ids,
      (select count(*) from signal_cases c join events on events.id = c.event_id where c.signal_id = s.id and c.source = 'nuevo' and ${inReach}) as new_cases
    from signals s join users r on r.id = s.responsible_id join users o on o.id = s.opened_by
    where ${where}
    order by s.opened_at desc, s.id desc
    limit ${limit}`;
}

function decodeCursor(cursor: string): { at: string; id: number } {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && !Number.isNaN(Date.parse(value[0])) && Number.isInteger(value[1])) {
      return { at: value[0], id: value[1] as number };
    }
  } catch {
    // falls through to the refusal
  }
  throw badRequest(M.badCursor);
}

/**
 * `GET /api/signal-register`: the signals, newest opening first, by status and responsible, paged
 * by keyset. The register is shared; each signal's count of new cases is the viewer's reach's.
 */
export async function listSignals(db: Db, user: AuthUser, input: z.output<typeof signalListQuerySchema>): Promise<SignalList> {
  const reach = await registerReach(db, user);
  const conditions: SQL[] = [sql`true`];
  if (input.estado) conditions.push(sql`s.status = ${input.estado}`);
  if (input.responsable) conditions.push(sql`s.responsible_id = ${input.responsable}`);
  if (input.cursor !== undefined) {
    const after = decodeCursor(input.cursor);
    conditions.push(sql`(s.opened_at, s.id) < (${after.at}::timestamptz, ${after.id}::int)`);
  }
  const limit = input.limite ?? DEFAULT_PAGE;
  const rows = (await db.execute<SignalRow>(selectSignals(sql.join(conditions, sql` and `), limit + 1, reach.cases))).rows;
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    Filas: page.map(summaryOf),
    Siguiente: rows.length > limit && last ? Buffer.from(JSON.stringify([iso(last.opened_at), Number(last.id)])).toString('base64url') : null,
  };
}

/**
 * `GET /api/signal-register/{id}`: one signal with its statistics at opening (null outside the
 * viewer's reach, `statisticsInReach`), its history and the cases of its pair since, those the
 * viewer may see.
 */
export async function signalDetail(db: DbOrTx, user: AuthUser, id: number, known?: RegisterReach): Promise<SignalDetail> {
  const reach = known ?? (await registerReach(db, user));
  const [row] = (await db.execute<SignalRow>(selectSignals(sql`s.id = ${id}`, 1, reach.cases))).rows;
  if (!row) throw notFound(M.signalNotFound);
  const history = await db.execute<{
    id: number | string;
    kind: SignalHistoryKind;
    from_status: SignalStatus | null;
    to_status: SignalStatus | null;
    text: string;
    first_name: string;
    last_name: string;
    created_at: Date | string;
    file_name: string | null;
    file_size: number | null;
  }>(sql`
    select h.id, h.kind, h.from_status, h.to_status, h.text, u.first_name, u.last_name, h.created_at, f.name as file_name, f.size as file_size
    from signal_history h join users u on u.id = h.user_id left join files f on f.id = h.file_id
    where h.signal_id = ${id} order by h.id`);
  const cases = await db.execute<{ meta: string; reference_number: string; created_at: Date | string }>(sql`
    select events.meta, events.reference_number, c.created_at from signal_cases c join events on events.id = c.event_id
    where c.signal_id = ${id} and c.source = 'nuevo' and ${reach.cases} order by c.created_at desc limit 200`);
  const summary = summaryOf(row);
  return {
    ...summary,
    Estadisticas: statisticsInReach(reach, user.id, row.opener_id, row.reach_laboratory_ids) ? (row.statistics as SignalStatistics) : null,
    Historial: history.rows.map((h) => ({
      Id: Number(h.id),
      Tipo: h.kind,
      Usuario: personName({ firstName: h.first_name, lastName: h.last_name }),
      Fecha: iso(h.created_at),
      EstadoAnterior: h.from_status,
      EstadoNuevo: h.to_status,
      Texto: h.text,
      Archivo: h.file_name !== null ? { Nombre: h.file_name, Tamano: Number(h.file_size ?? 0) } : null,
    })),
    Casos: cases.rows.map((c) => ({ Meta: c.meta, NumeroReferencia: c.reference_number, Fecha: iso(c.created_at) })),
    Transiciones: [...SIGNAL_TRANSITIONS[summary.Estado]],
  };
}

/** The signal locked for the change (404 unknown; 409 closed unless `closedOk`). */
async function lockSignal(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(signals).where(eq(signals.id, id)).for('update');
  if (!row) throw notFound(M.signalNotFound);
  return { ...row, status: row.status as SignalStatus };
}

/** `POST /api/signal-register/{id}/status`: a status change allowed by `SIGNAL_TRANSITIONS`, with its comment (others 409). */
export async function changeSignalStatus(db: Db, user: AuthUser, id: number, input: z.output<typeof signalStatusChangeSchema>): Promise<SignalDetail> {
  await db.transaction(async (tx) => {
    const signal = await lockSignal(tx, id);
    if (!canMoveSignal(signal.status, input.Estado)) throw conflict(M.transitionNotAllowed(signal.status, input.Estado));
    const now = new Date();
    await tx.update(signals).set({ status: input.Estado, updatedAt: now }).where(eq(signals.id, id));
    await appendHistory(tx, id, user, { kind: 'estado', fromStatus: signal.status, toStatus: input.Estado, text: input.Comentario }, now);
    await writeAudit(tx, {
      kind: 'signal.status-changed',
      actor: { id: user.id, origin: user.origin },
      description: `Señal «${signal.title}»: ${signal.status} → ${input.Estado}`,
      pkId: String(id),
      referenceNumber: reference(id),
      oldValues: { Estado: signal.status },
      newValues: { Estado: input.Estado, Comentario: input.Comentario },
      at: now,
    });
  });
  return signalDetail(db, user, id);
}

/** `POST /api/signal-register/{id}/notes`: an assessment or a comment (a closed signal: 409). */
export async function addSignalNote(db: Db, user: AuthUser, id: number, input: z.output<typeof signalNoteSchema>): Promise<SignalDetail> {
  await db.transaction(async (tx) => {
    const signal = await lockSignal(tx, id);
    if (!SIGNAL_NOT_CLOSED.includes(signal.status)) throw conflict(M.closedSignal);
    const now = new Date();
    await tx.update(signals).set({ updatedAt: now }).where(eq(signals.id, id));
    await appendHistory(tx, id, user, { kind: input.Tipo, text: input.Texto }, now);
    await writeAudit(tx, {
      kind: 'signal.note-added',
      actor: { id: user.id, origin: user.origin },
      description: `Señal «${signal.title}»: ${M.entry[input.Tipo]}`,
      pkId: String(id),
      referenceNumber: reference(id),
      newValues: { Tipo: M.entry[input.Tipo], Texto: input.Texto },
      at: now,
    });
  });
  return signalDetail(db, user, id);
}

/** `POST /api/signal-register/{id}/responsible`: another QPPV or CL becomes responsible (a closed signal: 409). */
export async function reassignSignal(db: Db, user: AuthUser, id: number, input: z.output<typeof signalReassignSchema>): Promise<SignalDetail> {
  await db.transaction(async (tx) => {
    const signal = await lockSignal(tx, id);
    if (!SIGNAL_NOT_CLOSED.includes(signal.status)) throw conflict(M.closedSignal);
    const responsible = await responsibleUser(tx, input.ResponsableId);
    if (responsible.id === signal.responsibleId) throw badRequest(M.sameResponsible);
    const before = await responsibleUser(tx, signal.responsibleId).catch(() => ({ id: signal.responsibleId, name: signal.responsibleId }));
    const now = new Date();
    await tx.update(signals).set({ responsibleId: responsible.id, updatedAt: now }).where(eq(signals.id, id));
    const text = `${before.name} → ${responsible.name}${input.Comentario ? `. ${input.Comentario}` : ''}`;
    await appendHistory(tx, id, user, { kind: 'responsable', text, responsibleId: responsible.id }, now);
    await writeAudit(tx, {
      kind: 'signal.reassigned',
      actor: { id: user.id, origin: user.origin },
      description: `Señal «${signal.title}»: responsable ${before.name} → ${responsible.name}`,
      pkId: String(id),
      referenceNumber: reference(id),
      oldValues: { Responsable: before.name },
      newValues: { Responsable: responsible.name, Comentario: input.Comentario ?? '' },
      at: now,
    });
  });
  return signalDetail(db, user, id);
}

/**
 * `POST /api/signal-register/{id}/documents` (multipart: `file`, `Descripcion`): the file is
 * stored in the application's file store (modules/storage) in the transaction of its history
 * entry and audit row (a closed signal: 409).
 */
export async function attachSignalDocument(db: Db, user: AuthUser, id: number, upload: SingleUpload): Promise<SignalDetail> {
  const { Descripcion } = parseFields(signalDocumentFieldsSchema, Object.fromEntries(Object.entries(upload.fields).filter(([name]) => name !== 'fileName' && name !== 'extension')));
  const file = upload.file;
  if (!file) throw badRequest(M.fileRequired);
  await db.transaction(async (tx) => {
    const signal = await lockSignal(tx, id);
    if (!SIGNAL_NOT_CLOSED.includes(signal.status)) throw conflict(M.closedSignal);
    const now = new Date();
    const stored = await storeFile(tx, file, user.id);
    await tx.update(signals).set({ updatedAt: now }).where(eq(signals.id, id));
    await appendHistory(tx, id, user, { kind: 'documento', text: Descripcion ?? '', fileId: stored.id }, now);
    await writeAudit(tx, {
      kind: 'signal.document-added',
      actor: { id: user.id, origin: user.origin },
      description: `Señal «${signal.title}»: documento ${stored.name}`,
      pkId: String(id),
      referenceNumber: reference(id),
      newValues: { Archivo: stored.name, Tamano: file.size, SHA256: file.sha256, Descripcion: Descripcion ?? '' },
      at: now,
    });
  });
  return signalDetail(db, user, id);
}

/** `GET /api/signal-register/{id}/documents/{entryId}`: the file of a 'documento' entry of the signal (else 404). */
export async function signalDocumentFile(db: Db, id: number, entryId: number): Promise<DownloadableFile> {
  const [entry] = await db
    .select({ fileId: signalHistory.fileId })
    .from(signalHistory)
    .where(and(eq(signalHistory.id, entryId), eq(signalHistory.signalId, id), eq(signalHistory.kind, 'documento')));
  const file = entry?.fileId ? await loadFile(db, entry.fileId) : null;
  if (!file) throw notFound(M.documentNotFound);
  return file;
}
