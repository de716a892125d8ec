import { SIGNAL_REGISTER_MSG as M, type SignalDetail, type SignalList, type SignalStatistics } from '@atalaya/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, eventRams, signalCases, signalHistory } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCase } from '../../test-support/cases.js';
import { createLlt, createProduct } from '../../test-support/catalog.js';
import { bearer, createUser, login, type TestUser } from '../../test-support/factories.js';
import { multipartBody, SAMPLE_PDF } from '../../test-support/files.js';
import { deliverSignalNotices, type SignalCaseNotice } from './notices.js';

/**
 * Registro de señales (docs/signals.md 'Gestión de señales'): opening a pair with cases, the one
 * not-closed signal per pair (409), the transitions, notes, documents and reassignment, the
 * audit rows and the append-only history, who may call it, the validation of every input, and
 * the notice to the responsible person when a new case holds a watched signal's pair.
 */

/** The PT of every test pair (an LLT of its own), and another reaction's LLT. */
let PT = 0;
let LLT = 0;
let OTHER_LLT = 0;
const STATS: SignalStatistics = { A: 3, B: 10, C: 20, D: 400, E: 0.8, PRR: 3.5, ROR: 4.1, IC: 1.2, IC025: 0.3, EBGM: 2.1, EB05: 1.4, Evans: true };

let t: TestApp;
const users = new Map<string, TestUser>();
const tokens = new Map<string, string>();

function auth(who: string) {
  return bearer(tokens.get(who) ?? '');
}

async function call(who: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: auth(who), ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });
}

/** A reaction of a case, coded with an LLT. */
async function addReaction(eventId: string, lltCode: number): Promise<void> {
  await t.database.db.insert(eventRams).values({ eventId, description: 'Reacción', lltCode, lltName: 'Reacción', isExpected: false, isRam: true, anotherCondition: false, createdBy: users.get('rlf')?.id ?? '' });
}

/** A case (sent unless told) of the product with the test PT. */
async function caseOf(productId: number, status?: number) {
  const made = await createCase(t.database.db, { createdBy: users.get('rlf')?.id ?? '', productIds: [productId], ...(status !== undefined ? { status } : {}) });
  await addReaction(made.id, LLT);
  return made;
}

/** A product with one sent case holding it and the test PT: a pair of its own. */
async function newPair(): Promise<{ productId: number; caseId: string }> {
  const product = await createProduct(t.database.db, { countries: ['UY'] });
  const made = await caseOf(product.id);
  return { productId: product.id, caseId: made.id };
}

function openBody(productId: number, extra: Record<string, unknown> = {}) {
  return { TipoFarmaco: 'producto', FarmacoId: productId, PtCodigo: PT, Titulo: `Cefalea con el producto ${productId}`, Estadisticas: STATS, ...extra };
}

async function open(who: string, productId: number, extra: Record<string, unknown> = {}): Promise<SignalDetail> {
  const response = await call(who, 'POST', '/api/signal-register', openBody(productId, extra));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SignalDetail>();
}

async function auditRows(signalId: number, kind: string) {
  return t.database.db.select().from(auditLog).where(and(eq(auditLog.pkId, String(signalId)), sql`${auditLog.kind} = ${kind}`));
}

beforeAll(async () => {
  t = await createTestApp();
  const llt = await createLlt(t.database.db, { name: `Cefalea de señal ${Math.random()}` });
  LLT = llt.llt_code;
  const [row] = (await t.database.db.execute<{ pt_code: number }>(sql`select pt_code from meddra_llt where code = ${LLT}`)).rows;
  PT = Number(row?.pt_code);
  OTHER_LLT = (await createLlt(t.database.db, { name: `Otra reacción ${Math.random()}` })).llt_code;
  for (const [name, role] of [
    ['qppv', 'QPPV'],
    ['qppv2', 'QPPV'],
    ['cl', 'CL'],
    ['rlf', 'RLF'],
    ['admin', 'ADMIN'],
    ['fabricante', 'Fabricante'],
  ] as const) {
    // QPPV and CL hold every laboratory: they see every case (reach.test.ts covers a restricted reach).
    const user = await createUser(t.database.db, { role, ...(role === 'QPPV' || role === 'CL' ? { laboratories: [{}] } : {}) });
    users.set(name, user);
    tokens.set(name, (await login(t.app, user)).accessToken);
  }
});

afterAll(async () => {
  await t?.close();
});

describe('opening a signal', () => {
  it('opens a pair with cases: En evaluación, the opener responsible, the statistics kept, an apertura entry and an audit row', async () => {
    const { productId } = await newPair();
    const signal = await open('qppv', productId, { Comentario: 'Tres casos en un trimestre' });
    expect(signal.Estado).toBe('En evaluación');
    expect(signal.Responsable.Id).toBe(users.get('qppv')?.id);
    expect(signal.PtCodigo).toBe(PT);
    expect(signal.Pt).toMatch(/^Cefalea de señal/);
    expect(signal.Estadisticas).toEqual(STATS);
    expect(signal.Transiciones).toEqual(['Validada', 'Refutada', 'Cerrada']);
    expect(signal.Historial).toHaveLength(1);
    expect(signal.Historial[0]).toMatchObject({ Tipo: 'apertura', EstadoNuevo: 'En evaluación', Texto: 'Tres casos en un trimestre' });
    const audit = await auditRows(signal.Id, 'signal.opened');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ instance: 'Senales', operationType: 'I', userId: users.get('qppv')?.id });
    expect((audit[0]?.newValues as Record<string, unknown>).Estadisticas).toEqual(STATS);
  });

  it('refuses a second signal for a pair whose signal is not closed (409, in Spanish), and allows one once it is closed', async () => {
    const { productId } = await newPair();
    const first = await open('qppv', productId);
    const again = await call('cl', 'POST', '/api/signal-register', openBody(productId));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ Message: M.alreadyOpen('En evaluación') });
    expect((await call('qppv', 'POST', `/api/signal-register/${first.Id}/status`, { Estado: 'Refutada', Comentario: 'Sin plausibilidad' })).statusCode).toBe(200);
    expect((await call('qppv', 'POST', '/api/signal-register', openBody(productId))).statusCode).toBe(409);
    expect((await call('qppv', 'POST', `/api/signal-register/${first.Id}/status`, { Estado: 'Cerrada', Comentario: 'Archivada' })).statusCode).toBe(200);
    const second = await open('cl', productId);
    expect(second.Id).not.toBe(first.Id);
  });

  it('two openings of the same pair at once: one is stored, the other 409', async () => {
    const { productId } = await newPair();
    const answers = await Promise.all([call('qppv', 'POST', '/api/signal-register', openBody(productId)), call('cl', 'POST', '/api/signal-register', openBody(productId))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it('a pair without cases, or of an unknown drug, is 404 and stores nothing', async () => {
    const product = await createProduct(t.database.db, { countries: ['UY'] });
    const none = await call('qppv', 'POST', '/api/signal-register', openBody(product.id));
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ Message: M.pairNotFound });
    expect((await call('qppv', 'POST', '/api/signal-register', openBody(2_000_000_001))).statusCode).toBe(404);
    const stored = await t.database.db.execute(sql`select count(*)::int as n from signals where drug_kind = 2 and drug_id = ${product.id}`);
    expect(Number((stored.rows[0] as { n: number }).n)).toBe(0);
  });

  it('a responsible person must be an active QPPV or CL', async () => {
    const { productId } = await newPair();
    const rlf = await call('qppv', 'POST', '/api/signal-register', openBody(productId, { ResponsableId: users.get('rlf')?.id }));
    expect(rlf.statusCode).toBe(400);
    expect(rlf.json()).toMatchObject({ Message: M.responsibleNotAllowed });
    const cl = await open('qppv', productId, { ResponsableId: users.get('cl')?.id });
    expect(cl.Responsable.Id).toBe(users.get('cl')?.id);
  });

  it('validates every input with a Spanish message (400), nothing written', async () => {
    const { productId } = await newPair();
    const cases: [unknown, string][] = [
      [{ ...openBody(productId), Estadisticas: undefined }, M.badStatistics],
      [{ ...openBody(productId), Estadisticas: { ...STATS, PRR: 'alto' } }, M.badStatistics],
      [{ ...openBody(productId), Estadisticas: { ...STATS, Extra: 1 } }, M.badStatistics],
      [{ ...openBody(productId), Titulo: '   ' }, M.titleRequired],
      [{ ...openBody(productId), Titulo: 'x'.repeat(201) }, M.titleTooLong],
      [{ ...openBody(productId), FarmacoId: 2_147_483_648 }, M.badId],
      [{ ...openBody(productId), FarmacoId: 0 }, M.badId],
      [{ ...openBody(productId), PtCodigo: -1 }, M.badCode],
      [{ ...openBody(productId), TipoFarmaco: 'lote' }, M.badChoice],
      [{ ...openBody(productId), ResponsableId: 'nadie' }, M.badResponsible],
      [{ ...openBody(productId), Otro: 1 }, M.unknownField],
    ];
    for (const [body, message] of cases) {
      const response = await call('qppv', 'POST', '/api/signal-register', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ Message: string }>().Message, JSON.stringify(body)).toBe(message);
    }
    const nul = await call('qppv', 'POST', '/api/signal-register', openBody(productId, { Titulo: 'Cefalea\u0000' }));
    expect(nul.statusCode).toBe(400);
    expect(nul.json<{ Message: string }>().Message).toMatch(/caracteres no válidos/);
    const stored = await t.database.db.execute(sql`select count(*)::int as n from signals where drug_kind = 2 and drug_id = ${productId}`);
    expect(Number((stored.rows[0] as { n: number }).n)).toBe(0);

    for (const url of ['/api/signal-register/0', '/api/signal-register/99999999999', '/api/signal-register/abc', '/api/signal-register/1/documents/99999999999']) {
      const response = await call('qppv', 'GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ Message: string }>().Message).toBeTruthy();
    }
    for (const query of ['limite=0', 'limite=101', 'estado=Abierta', 'responsable=1', 'cursor=nada', 'otro=1']) {
      const response = await call('qppv', 'GET', `/api/signal-register?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ Message: string }>().Message).toBeTruthy();
    }
    expect((await call('qppv', 'GET', '/api/signal-register/2000000000')).json()).toMatchObject({ Message: M.signalNotFound });
  });
});

describe('the life of a signal', () => {
  it('allows only the transitions of GVP IX (others 409) and records each with its comment, from → to, and an audit row', async () => {
    const { productId } = await newPair();
    const signal = await open('qppv', productId);
    const move = (to: string, comment = `Pasa a ${to}`) => call('cl', 'POST', `/api/signal-register/${signal.Id}/status`, { Estado: to, Comentario: comment });

    expect((await move('En evaluación')).statusCode).toBe(409);
    const noComment = await call('qppv', 'POST', `/api/signal-register/${signal.Id}/status`, { Estado: 'Validada', Comentario: ' ' });
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json()).toMatchObject({ Message: M.commentRequired });

    const validated = await move('Validada', 'Confirmada por revisión de casos');
    expect(validated.statusCode).toBe(200);
    expect(validated.json<SignalDetail>().Transiciones).toEqual(['Cerrada']);
    const refused = await move('Refutada');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ Message: M.transitionNotAllowed('Validada', 'Refutada') });
    expect((await move('En evaluación')).statusCode).toBe(409);
    const closed = await move('Cerrada', 'Se actualizó el prospecto');
    expect(closed.statusCode).toBe(200);
    for (const to of ['En evaluación', 'Validada', 'Refutada', 'Cerrada']) expect((await move(to)).statusCode).toBe(409);

    const detail = closed.json<SignalDetail>();
    expect(detail.Estado).toBe('Cerrada');
    expect(detail.Transiciones).toEqual([]);
    expect(detail.Historial.filter((h) => h.Tipo === 'estado').map((h) => [h.EstadoAnterior, h.EstadoNuevo, h.Texto])).toEqual([
      ['En evaluación', 'Validada', 'Confirmada por revisión de casos'],
      ['Validada', 'Cerrada', 'Se actualizó el prospecto'],
    ]);
    const audit = await auditRows(signal.Id, 'signal.status-changed');
    expect(audit.map((row) => [(row.oldValues as { Estado: string }).Estado, (row.newValues as { Estado: string }).Estado])).toEqual([
      ['En evaluación', 'Validada'],
      ['Validada', 'Cerrada'],
    ]);
    // A closed signal takes no more notes, documents nor reassignment.
    expect((await call('qppv', 'POST', `/api/signal-register/${signal.Id}/notes`, { Tipo: 'comentario', Texto: 'tarde' })).statusCode).toBe(409);
    expect((await call('qppv', 'POST', `/api/signal-register/${signal.Id}/responsible`, { ResponsableId: users.get('cl')?.id })).statusCode).toBe(409);
  });

  it('En evaluación → Refutada → Cerrada, and En evaluación → Cerrada', async () => {
    const a = await open('qppv', (await newPair()).productId);
    expect((await call('qppv', 'POST', `/api/signal-register/${a.Id}/status`, { Estado: 'Refutada', Comentario: 'No' })).json<SignalDetail>().Transiciones).toEqual(['Cerrada']);
    expect((await call('qppv', 'POST', `/api/signal-register/${a.Id}/status`, { Estado: 'Validada', Comentario: 'Sí' })).statusCode).toBe(409);
    expect((await call('qppv', 'POST', `/api/signal-register/${a.Id}/status`, { Estado: 'Cerrada', Comentario: 'Fin' })).statusCode).toBe(200);
    const b = await open('qppv', (await newPair()).productId);
    expect((await call('qppv', 'POST', `/api/signal-register/${b.Id}/status`, { Estado: 'Cerrada', Comentario: 'No es una señal' })).statusCode).toBe(200);
  });

  it('adds assessments and comments, reassigns, attaches and downloads a document — each audited', async () => {
    const signal = await open('qppv', (await newPair()).productId);
    const note = await call('cl', 'POST', `/api/signal-register/${signal.Id}/notes`, { Tipo: 'evaluacion', Texto: 'Relación causal posible' });
    expect(note.statusCode).toBe(200);
    expect((await call('cl', 'POST', `/api/signal-register/${signal.Id}/notes`, { Tipo: 'comentario', Texto: '' })).json()).toMatchObject({ Message: M.textRequired });
    expect((await call('cl', 'POST', `/api/signal-register/${signal.Id}/notes`, { Tipo: 'nota', Texto: 'x' })).statusCode).toBe(400);
    expect((await call('cl', 'POST', `/api/signal-register/${signal.Id}/notes`, { Tipo: 'comentario', Texto: 'x'.repeat(4001) })).json()).toMatchObject({ Message: M.textTooLong });

    const same = await call('qppv', 'POST', `/api/signal-register/${signal.Id}/responsible`, { ResponsableId: users.get('qppv')?.id });
    expect(same.json()).toMatchObject({ Message: M.sameResponsible });
    expect((await call('qppv', 'POST', `/api/signal-register/${signal.Id}/responsible`, { ResponsableId: users.get('fabricante')?.id })).json()).toMatchObject({ Message: M.responsibleNotAllowed });
    const moved = await call('qppv', 'POST', `/api/signal-register/${signal.Id}/responsible`, { ResponsableId: users.get('qppv2')?.id, Comentario: 'Vacaciones' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<SignalDetail>().Responsable.Id).toBe(users.get('qppv2')?.id);

    const upload = await multipartBody({ Descripcion: 'Informe de evaluación' }, [{ name: 'informe.pdf', content: SAMPLE_PDF }]);
    const attached = await t.app.inject({ method: 'POST', url: `/api/signal-register/${signal.Id}/documents`, headers: { ...auth('qppv'), ...upload.headers }, payload: upload.payload });
    expect(attached.statusCode, attached.body).toBe(200);
    const detail = attached.json<SignalDetail>();
    const doc = detail.Historial.find((h) => h.Tipo === 'documento');
    expect(doc).toMatchObject({ Texto: 'Informe de evaluación', Archivo: { Nombre: 'informe.pdf', Tamano: SAMPLE_PDF.length } });
    const download = await call('cl', 'GET', `/api/signal-register/${signal.Id}/documents/${doc?.Id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(new Uint8Array(download.rawPayload)).toEqual(SAMPLE_PDF);
    // The entry must be a document of this signal.
    expect((await call('cl', 'GET', `/api/signal-register/${signal.Id}/documents/${detail.Historial[0]?.Id}`)).statusCode).toBe(404);
    const noFile = await multipartBody({ Descripcion: 'sin archivo' });
    const refused = await t.app.inject({ method: 'POST', url: `/api/signal-register/${signal.Id}/documents`, headers: { ...auth('qppv'), ...noFile.headers }, payload: noFile.payload });
    expect(refused.json()).toMatchObject({ Message: M.fileRequired });
    // The description's rules hold on the multipart field too, with their codes.
    for (const [fields, code] of [
      [{ Descripcion: 'x'.repeat(4001) }, 'signalRegister.textTooLong'],
      [{ Descripcion: 'Informe', Autor: 'x' }, 'signalRegister.unknownField'],
    ] as const) {
      const bad = await multipartBody(fields, [{ name: 'informe.pdf', content: SAMPLE_PDF }]);
      const answer = await t.app.inject({ method: 'POST', url: `/api/signal-register/${signal.Id}/documents`, headers: { ...auth('qppv'), ...bad.headers }, payload: bad.payload });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({ Code: code });
    }
    const exe = await multipartBody({}, [{ name: 'informe.pdf', content: 'MZ no es un PDF' }]);
    expect((await t.app.inject({ method: 'POST', url: `/api/signal-register/${signal.Id}/documents`, headers: { ...auth('qppv'), ...exe.headers }, payload: exe.payload })).statusCode).toBe(400);

    expect(detail.Historial.map((h) => h.Tipo)).toEqual(['apertura', 'evaluacion', 'responsable', 'documento']);
    expect(await auditRows(signal.Id, 'signal.note-added')).toHaveLength(1);
    expect(await auditRows(signal.Id, 'signal.reassigned')).toHaveLength(1);
    expect(await auditRows(signal.Id, 'signal.document-added')).toHaveLength(1);
  });

  it('keeps the history append-only: the database refuses UPDATE and DELETE', async () => {
    const signal = await open('qppv', (await newPair()).productId);
    await expect(t.database.db.update(signalHistory).set({ text: 'cambiado' }).where(eq(signalHistory.signalId, signal.Id))).rejects.toThrow();
    await expect(t.database.db.delete(signalHistory).where(eq(signalHistory.signalId, signal.Id))).rejects.toThrow();
    expect((await call('qppv', 'GET', `/api/signal-register/${signal.Id}`)).json<SignalDetail>().Historial).toHaveLength(1);
  });
});

describe('the list', () => {
  it('filters by status and responsible, newest first, paged by keyset without repeats', async () => {
    const mine = users.get('qppv2')?.id ?? '';
    const opened: number[] = [];
    for (let i = 0; i < 3; i += 1) opened.push((await open('qppv', (await newPair()).productId, { ResponsableId: mine })).Id);
    await call('qppv', 'POST', `/api/signal-register/${opened[1]}/status`, { Estado: 'Validada', Comentario: 'ok' });

    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const response = await call('cl', 'GET', `/api/signal-register?responsable=${mine}&limite=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<SignalList>();
      seen.push(...page.Filas.map((row) => row.Id));
      cursor = page.Siguiente;
    } while (cursor);
    // Newest first; the reassignment test's signal also names qppv2.
    expect(seen.filter((id) => opened.includes(id))).toEqual([...opened].reverse());
    expect(new Set(seen).size).toBe(seen.length);

    const validated = (await call('qppv', 'GET', `/api/signal-register?responsable=${mine}&estado=Validada`)).json<SignalList>();
    expect(validated.Filas.map((row) => row.Id)).toEqual([opened[1]]);
    const first = (await call('qppv', 'GET', '/api/signal-register')).json<SignalList>().Filas[0];
    expect(first?.Id).toBeGreaterThanOrEqual(opened[2] ?? 0);
  });
});

describe('who may call it', () => {
  it('QPPV and CL read and write; RLF, ADMIN and Fabricante are refused with 403', async () => {
    const { productId } = await newPair();
    const signal = await open('cl', productId);
    expect((await call('qppv', 'GET', `/api/signal-register/${signal.Id}`)).statusCode).toBe(200);
    for (const who of ['rlf', 'admin', 'fabricante']) {
      expect((await call(who, 'GET', '/api/signal-register')).statusCode, who).toBe(403);
      expect((await call(who, 'GET', `/api/signal-register/${signal.Id}`)).statusCode, who).toBe(403);
      expect((await call(who, 'POST', '/api/signal-register', openBody(productId))).statusCode, who).toBe(403);
      expect((await call(who, 'POST', `/api/signal-register/${signal.Id}/notes`, { Tipo: 'comentario', Texto: 'x' })).statusCode, who).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/signal-register' })).statusCode).toBe(401);
  });
});

describe('the notice to the responsible person', () => {
  it('a new case holding a watched pair is told once to the responsible person; cases there at the opening and closed signals are not', async () => {
    const { productId, caseId } = await newPair();
    const signal = await open('qppv', productId, { ResponsableId: users.get('cl')?.id });
    const heard: SignalCaseNotice[] = [];
    const stop = t.signalNoticeEvents.on((notices) => heard.push(...notices));
    try {
      // The case there at the opening changes (another reaction): nobody is told.
      await addReaction(caseId, OTHER_LLT);
      // A new case with the pair.
      const fresh = await caseOf(productId);
      // A draft is not counted: not told until it is sent.
      await caseOf(productId, 1);
      await deliverSignalNotices(t.database.db, t.signalNoticeEvents, t.app.log);
      const mine = heard.filter((n) => n.signalId === signal.Id);
      expect(mine).toEqual([{ userId: users.get('cl')?.id, signalId: signal.Id, title: signal.Titulo, reference: fresh.referenceNumber, meta: fresh.meta, date: expect.any(String) as string }]);
      // Told once: a later edit of the new case tells nobody again.
      await addReaction(fresh.id, OTHER_LLT);
      await deliverSignalNotices(t.database.db, t.signalNoticeEvents, t.app.log);
      expect(heard.filter((n) => n.signalId === signal.Id)).toHaveLength(1);
      const detail = (await call('qppv', 'GET', `/api/signal-register/${signal.Id}`)).json<SignalDetail>();
      expect(detail.CasosNuevos).toBe(1);
      expect(detail.Casos.map((c) => c.NumeroReferencia)).toEqual([fresh.referenceNumber]);

      // Closed: a new case of the pair is not recorded nor told.
      await call('qppv', 'POST', `/api/signal-register/${signal.Id}/status`, { Estado: 'Cerrada', Comentario: 'Fin' });
      await caseOf(productId);
      await deliverSignalNotices(t.database.db, t.signalNoticeEvents, t.app.log);
      expect(heard.filter((n) => n.signalId === signal.Id)).toHaveLength(1);
      const rows = await t.database.db.select().from(signalCases).where(and(eq(signalCases.signalId, signal.Id), eq(signalCases.source, 'nuevo')));
      expect(rows).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it('is told right after a write answered over HTTP, without waiting for the sweep', async () => {
    const { productId } = await newPair();
    const signal = await open('qppv', productId);
    const heard: SignalCaseNotice[] = [];
    const stop = t.signalNoticeEvents.on((notices) => heard.push(...notices));
    try {
      const fresh = await caseOf(productId);
      // Any write answered over HTTP delivers what is pending.
      expect((await call('qppv', 'POST', `/api/signal-register/${signal.Id}/notes`, { Tipo: 'comentario', Texto: 'Revisar' })).statusCode).toBe(200);
      await expect.poll(() => heard.filter((n) => n.signalId === signal.Id).map((n) => n.reference), { timeout: 5_000 }).toEqual([fresh.referenceNumber]);
    } finally {
      stop();
    }
  });
});
